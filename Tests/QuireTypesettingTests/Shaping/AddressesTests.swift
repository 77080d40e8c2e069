import Testing

@testable import QuireTypesetting

/// The tokens the line breaker keeps whole: found wherever they start, and only they.
@Suite struct AddressesTests {
  private func ranges(_ text: String) -> [Range<Int>] {
    let units = Array(text.utf16)
    return units.withUnsafeBufferPointer { Addresses.ranges(in: 0..<units.count, units: $0) }
  }

  /// The UTF-16 range of `token` in `text` (its first occurrence).
  private func range(of token: String, in text: String) throws -> Range<Int> {
    let found = try #require(text.range(of: token))
    let start = text.utf16.distance(from: text.startIndex, to: found.lowerBound)
    return start..<(start + token.utf16.count)
  }

  @Test(arguments: [
    "me@example.org", "https://example.org/a", "www.example.org", "WWW.Example.org",
  ])
  func anAddressIsFoundWhereverItStarts(_ address: String) throws {
    // Every start within a group of four units, and the address at the very end too.
    for padding in 0..<9 {
      for tail in ["", " and so on", "!"] {
        let text = String(repeating: "a", count: padding) + " " + address + tail
        let expected = try range(of: address + (tail == "!" ? "!" : ""), in: text)
        #expect(ranges(text) == [expected], "\(text)")
      }
    }
  }

  @Test func lettersWAndDotsAloneAreNoAddress() {
    for padding in 0..<9 {
      let text = String(repeating: "a", count: padding) + " We saw a wow, ww.w and www"
      #expect(ranges(text).isEmpty, "\(text)")
    }
    #expect(ranges("").isEmpty)
  }

  @Test func everyAddressOfAParagraphIsFound() throws {
    let text = "Write to me@example.org or see https://example.org/x, or www.example.org."
    #expect(
      ranges(text) == [
        try range(of: "me@example.org", in: text),
        try range(of: "https://example.org/x,", in: text),
        try range(of: "www.example.org.", in: text),
      ])
  }
}
