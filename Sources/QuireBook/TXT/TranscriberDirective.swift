/// Formatting directives a transcriber's tool (Project Gutenberg's ppgen/guiguts) left in
/// some plain-text books: a line `/* RIGHT “Hunsford, near Westerham, Kent. */` means
/// "set this line right-aligned", `/* NIND … */` "without indent". The reader sees the
/// line's text set that way, never the markup.
enum TranscriberDirective: Equatable {
  /// `/* … */` around the line, no directive word.
  case plain
  case rightAligned
  case noIndent
  case centred

  /// The directive of the line content `bytes[start..<end]` (leading and trailing
  /// whitespace already trimmed) and the text it wraps, or nil when the line is text.
  @inline(__always)
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> (directive: TranscriberDirective, text: Range<Int>)?
  {
    guard end - start >= 7, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == 0x2A,
      bytes[start + 2] == 0x20, bytes[end - 1] == UInt8(ascii: "/"), bytes[end - 2] == 0x2A,
      bytes[end - 3] == 0x20
    else { return nil }
    let inner = (start + 3)..<(end - 3)
    var word = inner.lowerBound
    while word < inner.upperBound && bytes[word] >= 0x41 && bytes[word] <= 0x5A { word += 1 }
    guard word < inner.upperBound, bytes[word] == 0x20 else { return (.plain, inner) }
    let name = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[inner.lowerBound..<word]), as: UTF8.self)
    let directive: TranscriberDirective
    switch name {
    case "RIGHT", "R": directive = .rightAligned
    case "NIND", "NOINDENT", "IND", "LEFT", "L": directive = .noIndent
    case "CENTER", "CENTRE", "CTR", "C": directive = .centred
    default: return (.plain, inner)
    }
    return (directive, (word + 1)..<inner.upperBound)
  }
}
