/// A key with its modifiers, as a front end decodes it from the terminal or the window.
///
/// A printable key is its character as typed (`G`, not Shift+g; `?`, not Shift+/), so a
/// terminal, which sends characters, and a window, which sends keys, agree.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
  /// The key itself.
  public enum Key: Hashable, Sendable {
    case character(Character)
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case home
    case end
    case enter
    case escape
    case tab
    case backspace
    case delete
    case insert
    /// F1…F12.
    case function(Int)
  }

  public var key: Key
  public var control: Bool
  public var alt: Bool
  /// Shift, for keys that are not characters (Shift+Tab).
  public var shift: Bool

  /// Creates a chord.
  public init(_ key: Key, control: Bool = false, alt: Bool = false, shift: Bool = false) {
    self.key = key
    self.control = control
    self.alt = alt
    self.shift = shift
  }

  /// A printable character without modifiers.
  public static func character(_ character: Character) -> KeyChord {
    KeyChord(.character(character))
  }

  /// Whether this is text being typed: a printable character with no Ctrl or Alt.
  public var typedText: String? {
    guard !control, !alt, case .character(let character) = key,
      !character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else { return nil }
    return String(character)
  }

  /// The chord as `keys.json` and the help screen write it: `j`, `Space`, `PgDn`,
  /// `Ctrl+=`, `Alt+Left`, `Shift+Tab`.
  public var description: String {
    var parts: [String] = []
    if control { parts.append("Ctrl") }
    if alt { parts.append("Alt") }
    if shift { parts.append("Shift") }
    parts.append(Self.name(of: key))
    return parts.joined(separator: "+")
  }

  static let namedKeys: [(name: String, key: Key)] = [
    ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right), ("PgUp", .pageUp),
    ("PgDn", .pageDown), ("Home", .home), ("End", .end), ("Enter", .enter), ("Esc", .escape),
    ("Tab", .tab), ("Backspace", .backspace), ("Delete", .delete), ("Insert", .insert),
    ("Space", .character(" ")),
  ]

  private static func name(of key: Key) -> String {
    if let named = namedKeys.first(where: { $0.key == key }) { return named.name }
    switch key {
    case .character(let character): return String(character)
    case .function(let number): return "F\(number)"
    default: return "?"
    }
  }

  /// Reads a chord as `description` writes it; nil when it is not one. Names are
  /// case-insensitive (`pgdn`, `ctrl+o`); a single character is itself (`G` is not `g`).
  public init?(parsing text: String) {
    var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    // "+" alone and "Ctrl++" name the plus key.
    if text.hasSuffix("++") || text == "+" {
      parts = text.dropLast(text == "+" ? 1 : 2).split(separator: "+").map(String.init) + ["+"]
    }
    guard let last = parts.popLast(), !last.isEmpty else { return nil }
    var chord = KeyChord(.character(" "))
    for modifier in parts {
      switch modifier.lowercased() {
      case "ctrl", "control", "c": chord.control = true
      case "alt", "meta", "m": chord.alt = true
      case "shift", "s": chord.shift = true
      default: return nil
      }
    }
    if last.count == 1, let character = last.first {
      chord.key = .character(chord.control ? Character(last.lowercased()) : character)
    } else if let named = Self.namedKeys.first(where: { $0.name.lowercased() == last.lowercased() })
    {
      chord.key = named.key
    } else if ["pagedown", "pgdown"].contains(last.lowercased()) {
      chord.key = .pageDown
    } else if ["pageup"].contains(last.lowercased()) {
      chord.key = .pageUp
    } else if ["escape"].contains(last.lowercased()) {
      chord.key = .escape
    } else if ["return"].contains(last.lowercased()) {
      chord.key = .enter
    } else if last.lowercased().hasPrefix("f"), let number = Int(last.dropFirst()),
      (1...12).contains(number)
    {
      chord.key = .function(number)
    } else {
      return nil
    }
    self = chord
  }
}
