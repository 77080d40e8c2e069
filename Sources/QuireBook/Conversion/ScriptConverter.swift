/// Converts text between Chinese scripts as OpenCC does, with OpenCC's own dictionaries,
/// keeping every character where it was.
///
/// OpenCC cuts the text into phrases by maximum matching over the segmentation dictionary
/// (characters no phrase starts at are kept together) and passes each phrase through the
/// chain of dictionaries, each step again by longest match. The same is done here over
/// tables read from libopencc-data (`OpenCCDictionary`, `PhraseTable`): libopencc 1.1.6
/// takes about 0.3 µs a character, too slow for a 2 MB book, and these tables take a
/// tenth of that.
///
/// Offsets must hold (positions, bookmarks and highlights are those of the original
/// text), so a phrase is taken only when it converts character for character, each of the
/// same UTF-16 length; a phrase whose conversion is longer or shorter (`s2twp`'s U盘 →
/// 隨身碟) is converted one character at a time instead.
public final class ScriptConverter: Sendable {
  public let conversion: ScriptConversion
  private let segmentation: [PhraseTable]
  private let chain: [[PhraseTable]]

  /// Loads `conversion`'s dictionaries from OpenCC's data folder.
  /// - Throws: `BookError` naming a configuration or dictionary that cannot be read.
  public convenience init(_ conversion: ScriptConversion) throws {
    try self.init(conversion, folder: OpenCCConfiguration.dataFolder)
  }

  /// Loads `conversion`'s dictionaries from `folder`.
  init(_ conversion: ScriptConversion, folder: String) throws {
    self.conversion = conversion
    let configuration = try OpenCCConfiguration(conversion, folder: folder)
    segmentation = try configuration.segmentation.map(Self.table)
    chain = try configuration.chain.map { try $0.map(Self.table) }
  }

  /// The converter for `conversion`, loaded once a process.
  public static func shared(_ conversion: ScriptConversion) throws -> ScriptConverter {
    if let known = converters.withLock({ $0[conversion] }) { return known }
    let converter = try ScriptConverter(conversion)
    converters.withLock { $0[conversion] = converter }
    return converter
  }

  private static let converters = Locked<[ScriptConversion: ScriptConverter]>([:])
  private static let tables = Locked<[String: PhraseTable]>([:])

  /// A dictionary file's table, read once a process.
  private static func table(_ path: String) throws -> PhraseTable {
    if let known = tables.withLock({ $0[path] }) { return known }
    let table = PhraseTable(try OpenCCDictionary(path: path).entries)
    tables.withLock { $0[path] = table }
    return table
  }

  // MARK: - Converting

  /// `text` in the target script, every character where it was: the result has the same
  /// UTF-16 length, and each character the same length as the one it replaces.
  /// - Complexity: O(n·k) for n characters and phrases of up to k.
  public func convert(_ text: String) -> String {
    run(text, keepingOffsets: true)
  }

  /// `text` converted exactly as libopencc converts it, phrases that change length
  /// included: for comparing with the library.
  package func convertAsOpenCC(_ text: String) -> String {
    run(text, keepingOffsets: false)
  }

  private func run(_ text: String, keepingOffsets: Bool) -> String {
    let scalars = text.unicodeScalars.map(\.value)
    var output: [UInt32] = []
    output.reserveCapacity(scalars.count)
    var scratch: [UInt32] = []
    var other: [UInt32] = []
    scalars.withUnsafeBufferPointer { source in
      var index = 0
      var pending: Int?
      func flush(_ end: Int) {
        guard let start = pending else { return }
        emit(source, start..<end, &output, &scratch, &other, keepingOffsets)
        pending = nil
      }
      while index < source.count {
        if let match = Self.longest(segmentation, source, from: index, to: source.count) {
          flush(index)
          emit(source, index..<(index + match.length), &output, &scratch, &other, keepingOffsets)
          index += match.length
        } else {
          if pending == nil { pending = index }
          index += 1
        }
      }
      flush(source.count)
    }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: output.compactMap(Unicode.Scalar.init))
    return String(view)
  }

  /// Converts one segment through the chain into `output`.
  private func emit(
    _ source: UnsafeBufferPointer<UInt32>, _ segment: Range<Int>, _ output: inout [UInt32],
    _ scratch: inout [UInt32], _ other: inout [UInt32], _ keepingOffsets: Bool
  ) {
    convert(UnsafeBufferPointer(rebasing: source[segment]), into: &scratch, using: &other)
    guard keepingOffsets, !Self.sameShape(scratch, source[segment]) else {
      output += scratch
      return
    }
    // Not character for character: each character on its own.
    for index in segment {
      convert(
        UnsafeBufferPointer(rebasing: source[index..<(index + 1)]), into: &scratch, using: &other)
      if scratch.count == 1, (scratch[0] > 0xFFFF) == (source[index] > 0xFFFF) {
        output.append(scratch[0])
      } else {
        output.append(source[index])
      }
    }
  }

  /// Whether `converted` replaces `original` character for character, each with one of
  /// the same UTF-16 length.
  private static func sameShape(
    _ converted: [UInt32], _ original: Slice<UnsafeBufferPointer<UInt32>>
  ) -> Bool {
    guard converted.count == original.count else { return false }
    return zip(converted, original).allSatisfy { ($0 > 0xFFFF) == ($1 > 0xFFFF) }
  }

  /// Passes `text` through every step of the chain into `result`.
  private func convert(
    _ text: UnsafeBufferPointer<UInt32>, into result: inout [UInt32], using other: inout [UInt32]
  ) {
    result.removeAll(keepingCapacity: true)
    result.append(contentsOf: text)
    for step in chain {
      other.removeAll(keepingCapacity: true)
      result.withUnsafeBufferPointer { current in
        var index = 0
        while index < current.count {
          if let match = Self.longestWithTable(step, current, from: index, to: current.count) {
            match.table.appendValue(match.value, to: &other)
            index += match.length
          } else {
            other.append(current[index])
            index += 1
          }
        }
      }
      swap(&result, &other)
    }
  }

  /// The match of the first table of a group that has one (OpenCC's `DictGroup`).
  @inline(__always)
  private static func longest(
    _ group: [PhraseTable], _ text: UnsafeBufferPointer<UInt32>, from: Int, to: Int
  ) -> (length: Int, value: Int)? {
    for table in group {
      if let match = table.longestMatch(text, from: from, to: to) { return match }
    }
    return nil
  }

  @inline(__always)
  private static func longestWithTable(
    _ group: [PhraseTable], _ text: UnsafeBufferPointer<UInt32>, from: Int, to: Int
  ) -> (table: PhraseTable, length: Int, value: Int)? {
    for table in group {
      if let match = table.longestMatch(text, from: from, to: to) {
        return (table, match.length, match.value)
      }
    }
    return nil
  }
}
