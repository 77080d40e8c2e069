import Glibc

/// Gaiji notes: characters the file's encoding lacks, written `※［＃「description」、…］`.
///
/// The note's fields after the description say where the character is: a JIS X 0213
/// plane-row-cell (`第3水準1-85-54`, `第4水準2-88-74`, or plain `1-6-84`), a Unicode code
/// point (`U+5F45`), or only the page and line of the printed book (`123-4`), which names
/// no character. JIS X 0213 cells are decoded through glibc's iconv (EUC-JISX0213: a
/// plane-1 cell is the two bytes 0xA0+row, 0xA0+cell, a plane-2 cell the same after
/// 0x8F), so no table is carried here; some cells are two code points (か゚).
enum AozoraGaiji {
  /// Whether `body` carries a character code, so it is a gaiji note even without the `※`.
  static func hasCode(_ body: Substring) -> Bool {
    guard body.contains("、") else { return false }
    return fields(body).dropFirst().contains { code(in: $0) != nil }
  }

  /// The gaiji note `body` describes, or nil when it is not one: a description, then
  /// fields separated by `、`, at least one of them a code or a page and line.
  static func note(_ body: Substring) -> AozoraNote? {
    let parts = fields(body)
    guard parts.count >= 2, let first = parts.first, !first.isEmpty else { return nil }
    var character: String?
    var understood = false
    for field in parts.dropFirst() {
      if let code = code(in: field) {
        character = character ?? resolve(code)
        understood = true
      } else if isPageAndLine(field) {
        understood = true
      }
    }
    guard understood else { return nil }
    var description = first
    if description.hasPrefix("「"), description.hasSuffix("」"), description.count >= 2 {
      description = description.dropFirst().dropLast()
    }
    return .gaiji(description: description, character: character)
  }

  /// Where a code points.
  enum Code: Equatable {
    case jis(plane: Int, row: Int, cell: Int)
    case unicode(UInt32)
  }

  /// The code in one field: `第3水準1-85-54`, `1-6-84`, `U+5F45`.
  static func code(in field: Substring) -> Code? {
    let text = String(field.unicodeScalars.map(asciiDigit))
    if text.hasPrefix("U+") || text.hasPrefix("u+") {
      let hex = text.dropFirst(2)
      guard (4...6).contains(hex.count), let value = UInt32(hex, radix: 16),
        Unicode.Scalar(value) != nil
      else { return nil }
      return .unicode(value)
    }
    var cell = Substring(text)
    if cell.hasPrefix("第"), let level = cell.range(of: "水準") { cell = cell[level.upperBound...] }
    let numbers = cell.split(separator: "-", omittingEmptySubsequences: false)
    guard numbers.count == 3, let plane = Int(numbers[0]), let row = Int(numbers[1]),
      let column = Int(numbers[2]), (1...2).contains(plane), (1...94).contains(row),
      (1...94).contains(column)
    else { return nil }
    return .jis(plane: plane, row: row, cell: column)
  }

  /// `123-4`: a page and a line of the printed book.
  private static func isPageAndLine(_ field: Substring) -> Bool {
    let numbers = String(field.unicodeScalars.map(asciiDigit)).split(separator: "-")
    return numbers.count == 2 && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
  }

  /// The character a code names, or nil when iconv has no character there.
  static func resolve(_ code: Code) -> String? {
    switch code {
    case .unicode(let value):
      return Unicode.Scalar(value).map { String(Character($0)) }
    case .jis(let plane, let row, let cell):
      let key = plane << 16 | row << 8 | cell
      if let known = cache.withLock({ $0[key] }) { return known }
      var bytes: [UInt8] = [UInt8(0xA0 + row), UInt8(0xA0 + cell)]
      if plane == 2 { bytes.insert(0x8F, at: 0) }
      let decoded = bytes.withUnsafeBytes {
        IconvDecoder.decode($0, from: "EUC-JISX0213", unitSize: bytes.count)
      }
      var result: String?
      if let decoded, decoded.replacements == 0, !decoded.utf8.isEmpty {
        result = String(decoding: decoded.utf8, as: UTF8.self)
      }
      cache.withLock { $0[key] = result }
      return result
    }
  }

  private static let cache = Locked<[Int: String?]>([:])

  /// The fields of a note, split at `、` outside quotes.
  private static func fields(_ body: Substring) -> [Substring] {
    var result: [Substring] = []
    var depth = 0
    var start = body.startIndex
    var index = body.startIndex
    while index < body.endIndex {
      switch body[index] {
      case "「": depth += 1
      case "」": depth = max(0, depth - 1)
      case "、" where depth == 0:
        result.append(body[start..<index])
        start = body.index(after: index)
      default: break
      }
      index = body.index(after: index)
    }
    result.append(body[start...])
    return result
  }

  /// Full-width digits, letters and the hyphen-minus as ASCII.
  private static func asciiDigit(_ scalar: Unicode.Scalar) -> Character {
    switch scalar.value {
    case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A, 0xFF0B:
      return Character(Unicode.Scalar(scalar.value - 0xFEE0)!)
    case 0xFF0D, 0x2212: return "-"
    default: return Character(scalar)
    }
  }
}
