import QuireBook
import Testing

@testable import QuireTypesetting

/// URLs stay whole where they can; where that would leave a line too loose they break
/// after / . ? & = or -, with no hyphen.
@Suite struct AddressBreakingTests {
  static let address = "https://www.gutenberg.org/ebooks/2600?format=epub&images=yes"
  static let sentence =
    "This eBook is for the use of anyone anywhere at no cost and with almost no "
    + "restrictions whatsoever: copy it, give it away or re-use it under the terms of the "
    + "licence included with it or online at \(address) and read it as you like."

  static func lines(width: Double) throws -> [Line] {
    var builder = StyledTextBuilder()
    builder.beginParagraph(ParagraphStyle())
    builder.append(sentence)
    builder.endParagraph()
    let container = TextContainer(width: width, height: 2000, margins: EdgeInsets(all: 20))
    let paginator = Paginator(text: builder.build(), container: container, fonts: try FontContext())
    return try #require(paginator.page(at: 0)).lines
  }

  /// The UTF-16 range of the address in the text.
  static var addressRange: Range<Int> {
    let start = sentence.utf16.count - address.utf16.count - " and read it as you like.".utf16.count
    return start..<(start + address.utf16.count)
  }

  /// Offsets where a line ends strictly inside the address.
  static func breaksInside(_ lines: [Line]) -> [Int] {
    lines.map(\.range.upperBound).filter {
      $0 > addressRange.lowerBound && $0 < addressRange.upperBound
    }
  }

  @Test func anAddressThatFitsStaysWhole() throws {
    let lines = try Self.lines(width: 600)
    #expect(Self.breaksInside(lines).isEmpty)
  }

  @Test func anAddressWiderThanTheColumnBreaksAfterItsMarksWithoutHyphens() throws {
    let lines = try Self.lines(width: 200)
    let inside = Self.breaksInside(lines)
    try #require(!inside.isEmpty)
    let units = Array(Self.sentence.utf16)
    for end in inside {
      let mark = Character(Unicode.Scalar(units[end - 1])!)
      #expect("/.?&=-".contains(mark), "a line ends inside the address after “\(mark)”")
    }
    #expect(
      lines.allSatisfy { !$0.isHyphenated || $0.range.upperBound < Self.addressRange.lowerBound })
    // Nothing sticks out of the column.
    for line in lines {
      let right = line.runs.flatMap(\.positions).map { Double($0.x) }.max() ?? 0
      #expect(right < 180)
    }
  }

  @Test func anAddressWiderThanTheColumnNeverSticksOut() throws {
    // The address is some 420 px wide at 16 px: kept whole, it overflowed every column
    // narrower than that.
    for width in stride(from: 240.0, through: 440, by: 40) {
      let lines = try Self.lines(width: width)
      for line in lines {
        let right = line.runs.flatMap(\.positions).map { Double($0.x) }.max() ?? 0
        #expect(right < width - 20, "width \(width): a line reaches \(right)")
      }
    }
  }
}
