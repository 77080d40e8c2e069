/// dictd's numbers in `.index` files: offsets and lengths written in base 64, most
/// significant digit first, with the alphabet `A–Z a–z 0–9 + /` (RFC 1421's, without
/// padding). "B" is 1, "BA" is 64.
package enum DictdNumber {
  /// The value of the digits in `text`; nil for an empty field, a character outside the
  /// alphabet, or more than 10 digits (60 bits, far past any real file).
  static func decode(_ text: UnsafeRawBufferPointer) -> Int? {
    guard !text.isEmpty, text.count <= 10 else { return nil }
    var value = 0
    for byte in text {
      guard let digit = digit(byte) else { return nil }
      value = value << 6 | digit
    }
    return value
  }

  /// The digits of `value` (≥ 0), as dictfmt writes them (and the tests' own
  /// dictionaries).
  package static func encode(_ value: Int) -> String {
    var digits: [UInt8] = []
    var rest = value
    repeat {
      digits.append(alphabet[rest & 63])
      rest >>= 6
    } while rest > 0
    return String(decoding: digits.reversed(), as: UTF8.self)
  }

  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  private static func digit(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
