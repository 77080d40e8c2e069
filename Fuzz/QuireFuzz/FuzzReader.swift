/// Reads fuzz input bytes as a stream of small decisions; past the end every read is 0.
struct FuzzReader {
  let bytes: [UInt8]
  var position = 0

  var isAtEnd: Bool { position >= bytes.count }

  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func bool() -> Bool { byte() & 1 == 1 }

  /// One of `choices`, picked by the next byte.
  mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

  /// A value in `0..<256 × scale`, by the next byte.
  mutating func scaled(_ scale: Double) -> Double { Double(byte()) * scale }
}
