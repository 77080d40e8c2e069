import Testing

@testable import QuireBook

/// Two spaces in a row are found wherever they fall against the eight-byte words the scan
/// reads, and nowhere else.
@Suite struct TextBytesTests {
  @Test func aDoubleSpaceIsFoundAtEveryOffset() {
    for length in 2...20 {
      for first in 0..<(length - 1) {
        var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
        bytes[first] = 0x20
        bytes[first + 1] = 0x20
        bytes.withUnsafeBufferPointer { buffer in
          #expect(TextBytes.containsDoubleSpace(buffer, 0, length), "\(length), \(first)")
          // Cut between the two spaces: neither side has a pair.
          #expect(!TextBytes.containsDoubleSpace(buffer, 0, first + 1))
          #expect(!TextBytes.containsDoubleSpace(buffer, first + 1, length))
        }
      }
    }
  }

  @Test func singleSpacesAndOtherBytesAreNot() {
    let text = Array("One space. Then\u{A0}another,\tand\u{3000}\u{3000} a tab  \u{2003}".utf8)
    text.withUnsafeBufferPointer { buffer in
      #expect(!TextBytes.containsDoubleSpace(buffer, 0, 40))
      #expect(TextBytes.containsDoubleSpace(buffer, 0, buffer.count))
    }
    let spaced = Array("a b c d e f g h i j k l m n o p q r s t u v w x y z".utf8)
    spaced.withUnsafeBufferPointer { buffer in
      #expect(!TextBytes.containsDoubleSpace(buffer, 0, buffer.count))
    }
  }
}
