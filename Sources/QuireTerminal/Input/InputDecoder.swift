import QuireUI

/// Turns the bytes a terminal sends into keys and mouse events: UTF-8 characters, control
/// characters, CSI and SS3 sequences (arrows, PgUp/PgDn, Home/End, F-keys, with xterm's
/// modifier parameter), Alt as an ESC prefix, and SGR mouse reports (mode 1006).
///
/// Bytes that end in the middle of a sequence are kept for the next call, except a lone
/// ESC, which is the Esc key.
struct InputDecoder {
  private var pending: [UInt8] = []

  /// The events in `bytes`, plus any sequence completed from an earlier call.
  mutating func decode(_ bytes: [UInt8]) -> [TerminalEvent] {
    pending += bytes
    var events: [TerminalEvent] = []
    var index = 0
    while index < pending.count {
      guard let (event, length) = Self.event(in: pending, at: index) else { break }
      if let event { events.append(event) }
      index += length
    }
    pending.removeFirst(index)
    return events
  }

  /// One event at `index` and the bytes it took; nil when the bytes stop mid-sequence.
  private static func event(in bytes: [UInt8], at index: Int) -> (TerminalEvent?, Int)? {
    let byte = bytes[index]
    switch byte {
    case 0x1B:
      guard index + 1 < bytes.count else { return (.key(KeyChord(.escape)), 1) }
      let next = bytes[index + 1]
      if next == UInt8(ascii: "[") { return csi(bytes, at: index) }
      if next == UInt8(ascii: "O"), index + 2 < bytes.count {
        return (ss3(bytes[index + 2]).map { .key($0) }, 3)
      }
      if next == 0x1B { return (.key(KeyChord(.escape)), 1) }
      // Alt+key: ESC then the key.
      guard let (inner, length) = event(in: bytes, at: index + 1) else { return nil }
      if case .key(var chord)? = inner {
        chord.alt = true
        return (.key(chord), 1 + length)
      }
      return (inner, 1 + length)
    case 0x0D, 0x0A: return (.key(KeyChord(.enter)), 1)
    case 0x09: return (.key(KeyChord(.tab)), 1)
    case 0x7F, 0x08: return (.key(KeyChord(.backspace)), 1)
    case 0x00: return (.key(KeyChord(.character(" "), control: true)), 1)
    case 0x01...0x1A:
      let letter = Character(Unicode.Scalar(byte + 0x60))
      return (.key(KeyChord(.character(letter), control: true)), 1)
    case 0x1C...0x1F:
      return (nil, 1)
    default:
      let length =
        byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
      guard index + length <= bytes.count else { return nil }
      let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
      guard let character = text.first else { return (nil, length) }
      return (.key(.character(character)), length)
    }
  }

  /// ESC [ parameters final.
  private static func csi(_ bytes: [UInt8], at index: Int) -> (TerminalEvent?, Int)? {
    var end = index + 2
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else {
      // A sequence cut off: wait for the rest, unless it is absurdly long.
      return end - index > 32 ? (nil, end - index) : nil
    }
    let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
    let final = Character(Unicode.Scalar(bytes[end]))
    let length = end - index + 1
    if parameters.hasPrefix("<") { return (mouse(parameters.dropFirst(), final), length) }
    let numbers = parameters.split(separator: ";").map { Int($0) ?? 0 }
    let modifiers = numbers.count > 1 ? numbers[1] - 1 : 0
    func chord(_ key: KeyChord.Key) -> TerminalEvent {
      .key(
        KeyChord(
          key, control: modifiers & 4 != 0, alt: modifiers & 2 != 0, shift: modifiers & 1 != 0))
    }
    switch final {
    case "A": return (chord(.up), length)
    case "B": return (chord(.down), length)
    case "C": return (chord(.right), length)
    case "D": return (chord(.left), length)
    case "H": return (chord(.home), length)
    case "F": return (chord(.end), length)
    case "Z": return (.key(KeyChord(.tab, shift: true)), length)
    case "~":
      let keys: [Int: KeyChord.Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4),
        15: .function(5), 17: .function(6), 18: .function(7), 19: .function(8),
        20: .function(9), 21: .function(10), 23: .function(11), 24: .function(12),
      ]
      return (keys[numbers.first ?? 0].map(chord), length)
    default:
      return (nil, length)
    }
  }

  /// ESC O key (application cursor keys, F1–F4).
  private static func ss3(_ byte: UInt8) -> KeyChord? {
    switch Character(Unicode.Scalar(byte)) {
    case "A": KeyChord(.up)
    case "B": KeyChord(.down)
    case "C": KeyChord(.right)
    case "D": KeyChord(.left)
    case "H": KeyChord(.home)
    case "F": KeyChord(.end)
    case "P": KeyChord(.function(1))
    case "Q": KeyChord(.function(2))
    case "R": KeyChord(.function(3))
    case "S": KeyChord(.function(4))
    default: nil
    }
  }

  /// An SGR mouse report: `<button;column;row` and M (press, or a move with a button
  /// held: bit 32) or m (release). Shift, Alt and Ctrl (bits 4, 8, 16) are ignored; other
  /// buttons than the left one and the wheel are dropped.
  private static func mouse(_ parameters: Substring, _ final: Character) -> TerminalEvent? {
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3 else { return nil }
    let (button, column, row) = (numbers[0], numbers[1] - 1, numbers[2] - 1)
    let moved = button & 32 != 0
    switch button & ~0b111100 {
    case 0 where final == "m": return .release(column: column, row: row)
    case 0 where moved: return .drag(column: column, row: row)
    case 0: return .press(column: column, row: row)
    case 64 where final == "M": return .wheel(-1)
    case 65 where final == "M": return .wheel(1)
    default: return nil
    }
  }
}
