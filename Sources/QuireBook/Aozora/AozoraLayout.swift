import Foundation

/// Where the parts of an Aozora Bunko file lie (青空文庫 作品ファイルの書式): the title
/// block (title, subtitle, author, translator), the notation legend between two rules of
/// hyphens, the body, and the colophon from `底本：` to the end.
struct AozoraLayout {
  /// The title block's lines, trimmed.
  var titleBlock: [String]
  /// The lines of the body.
  var body: Range<Int>
  /// The colophon (`底本：…`, `入力：…`, `青空文庫作成ファイル`), when there is one.
  var colophon: Range<Int>?

  /// How far into the file the legend is looked for, in lines.
  static let headerSearch = 80
  /// How far from the end the colophon is looked for, in lines.
  static let footerSearch = 400

  /// The parts of the text, or nil when it is not an Aozora Bunko text: it must have the
  /// legend, or the colophon and notation, or notation throughout (`AozoraDetector`).
  static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable) -> AozoraLayout? {
    let count = lines.count
    func text(_ line: Int) -> String {
      TextBytes.string(bytes, lines.starts[line], lines.ends[line])
    }
    func isRule(_ line: Int) -> Bool {
      let length = lines.ends[line] - lines.starts[line]
      guard length >= 10 else { return false }
      return (lines.starts[line]..<lines.ends[line]).allSatisfy { bytes[$0] == UInt8(ascii: "-") }
    }
    // The legend: between the first two rules near the top, naming the notation.
    var legend: Range<Int>?
    let top = min(count, headerSearch)
    if let open = (0..<top).first(where: isRule),
      let close = ((open + 1)..<min(count, open + headerSearch)).first(where: isRule),
      ((open + 1)..<close).contains(where: { text($0).contains("テキスト中に現れる記号について") })
    {
      legend = open..<(close + 1)
    }
    // The colophon: the last line that starts with 底本： near the end.
    var colophon: Range<Int>?
    var line = count - 1
    while line >= max(0, count - footerSearch) {
      let start = TextBytes.skipLeadingWhitespace(bytes, lines.starts[line], lines.ends[line])
      if TextBytes.string(bytes, start, min(lines.ends[line], start + 9)).hasPrefix("底本：") {
        colophon = line..<count
        break
      }
      line -= 1
    }
    guard
      legend != nil
        || AozoraDetector.hasNotation(bytes, lines, colophon: colophon != nil)
    else { return nil }
    // The title block: the first lines up to a blank line or the legend.
    let firstText = (0..<count).first { !lines.isBlank($0, bytes) } ?? 0
    var titleEnd = firstText
    while titleEnd < min(count, firstText + 8), !lines.isBlank(titleEnd, bytes), !isRule(titleEnd),
      !AozoraDetector.hasNote(bytes, lines, titleEnd)
    {
      titleEnd += 1
    }
    let titleBlock = (firstText..<titleEnd).map {
      text($0).trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\u{3000}")))
    }
    let bodyStart = legend?.upperBound ?? titleEnd
    let bodyEnd = max(bodyStart, colophon?.lowerBound ?? count)
    return AozoraLayout(titleBlock: titleBlock, body: bodyStart..<bodyEnd, colophon: colophon)
  }
}
