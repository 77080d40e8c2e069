import Foundation
import QuireBook
import QuireRendering

/// One field of `Preferences` as the file and `quire config` name it: its allowed values,
/// how it reads from JSON and from a command line, and how it is written.
public struct PreferenceKey: Sendable {
  /// The JSON key (`fontSize`).
  public let name: String
  /// What is allowed, for messages and `quire config list`.
  public let allowed: String
  let read: @Sendable (Preferences) -> PreferenceValue
  let write: @Sendable (inout Preferences, PreferenceValue) -> String?

  /// Every key, in the order `quire config list` prints them.
  public static let all: [PreferenceKey] = [
    text("fontFamily", "a font family name installed on this machine, or null for the default") {
      $0.fontFamily
    } set: { preferences, value in
      preferences.fontFamily = value
      return nil
    },
    number("fontSize", 8...72, \.fontSize),
    number("lineHeight", 1...2.5, \.lineHeight),
    number("margins", 0...200, \.margins),
    flag("justification", \.justification),
    flag("hyphenation", \.hyphenation),
    flag("embeddedFonts", \.embeddedFonts),
    choice("writingMode", ["auto", "horizontal", "vertical"], \.writingMode),
    flag("removeSiteJunk", \.removeSiteJunk),
    conversion(),
    choice("theme", Theme.presets.map(\.name), allowsPath: true, \.theme),
    choice("turnMode", ["curl", "leaf", "slide", "cover", "scroll", "none"], \.turnMode),
    list("hudItems", ["chapter", "page", "percent", "time-left", "book-time-left", "clock"]),
    integer("terminalColumnWidth", 20...400, \.terminalColumnWidth),
    integer("spreadMinimumColumns", 0...2000, \.spreadMinimumColumns),
    flag("ambiguousWide", \.ambiguousWide),
    flag("terminalBidi", \.terminalBidi),
    choice("terminalImages", ["auto", "kitty", "sixel", "none"], \.terminalImages),
    choice("terminalRuby", ["parentheses", "hidden"], \.terminalRuby),
    flag("statusLine", \.statusLine),
    choice("windowPages", ["auto", "one", "two"], \.windowPages),
    text("tapZones", "nine letters b (back), f (forward) or m (menu), row by row: bmf bmf bmf") {
      $0.tapZones
    } set: { preferences, value in
      guard let value, let zones = TapZones(value) else {
        return "must be nine letters b, f or m, row by row, like bmf bmf bmf"
      }
      preferences.tapZones = zones.description
      return nil
    },
    flag("reduceMotion", \.reduceMotion),
    names(
      "dictionaries",
      "a list of dictionary names, comma-separated (quire lookup --list shows them), or null "
        + "for every dictionary that suits the book", \.dictionaries),
    integer("windowWidth", 200...16_384, \.windowWidth),
    integer("windowHeight", 150...16_384, \.windowHeight),
    integer("windowX", -1...65_535, \.windowX),
    integer("windowY", -1...65_535, \.windowY),
    choice("speechEngine", ["auto", "espeak-ng", "speech-dispatcher"], \.speechEngine),
    text("speechVoice", "a voice name (espeak-ng --voices), or null to choose by language") {
      $0.speechVoice
    } set: { preferences, value in
      preferences.speechVoice = value
      return nil
    },
    integer("speechRate", 80...450, \.speechRate),
    integer("speechPitch", 0...100, \.speechPitch),
    flag("speechReadsAltText", \.speechReadsAltText),
    flag("speechReadsRuby", \.speechReadsRuby),
    integer("autoTurnSeconds", 0...3600, \.autoTurnSeconds),
  ]

  /// The key called `name`.
  public static func named(_ name: String) -> PreferenceKey? { all.first { $0.name == name } }

  /// The value's text as `quire config get` prints it.
  public func text(of preferences: Preferences) -> String { read(preferences).text }

  /// Sets the key from command-line text (`18`, `true`, `night`); a message saying what is
  /// allowed when the text is not allowed.
  public func set(_ text: String, in preferences: inout Preferences) -> String? {
    write(&preferences, PreferenceValue(parsing: text))
  }

  /// Sets the key from a JSON value; a message when it is not allowed.
  func set(json value: PreferenceValue.JSON, in preferences: inout Preferences) -> String? {
    guard let parsed = value.value else { return "must be \(allowed)" }
    return write(&preferences, parsed)
  }

  /// The value as JSON.
  func json(of preferences: Preferences) -> Any { read(preferences).json }

  // MARK: - Kinds of key

  private static func number(
    _ name: String, _ range: ClosedRange<Double>,
    _ path: any WritableKeyPath<Preferences, Double> & Sendable
  ) -> PreferenceKey {
    let allowed =
      "a number from \(PreferenceValue.format(range.lowerBound)) to "
      + PreferenceValue.format(range.upperBound)
    return PreferenceKey(name: name, allowed: allowed, read: { .number($0[keyPath: path]) }) {
      preferences, value in
      guard case .number(let number) = value, range.contains(number) else {
        return "must be \(allowed)"
      }
      preferences[keyPath: path] = number
      return nil
    }
  }

  private static func integer(
    _ name: String, _ range: ClosedRange<Int>,
    _ path: any WritableKeyPath<Preferences, Int> & Sendable
  ) -> PreferenceKey {
    let allowed = "a whole number from \(range.lowerBound) to \(range.upperBound)"
    return PreferenceKey(
      name: name, allowed: allowed, read: { .number(Double($0[keyPath: path])) }
    ) { preferences, value in
      guard case .number(let number) = value, number == number.rounded(),
        range.contains(Int(exactly: number) ?? Int.min)
      else { return "must be \(allowed)" }
      preferences[keyPath: path] = Int(number)
      return nil
    }
  }

  private static func flag(
    _ name: String, _ path: any WritableKeyPath<Preferences, Bool> & Sendable
  )
    -> PreferenceKey
  {
    PreferenceKey(name: name, allowed: "true or false", read: { .flag($0[keyPath: path]) }) {
      preferences, value in
      guard case .flag(let flag) = value else { return "must be true or false" }
      preferences[keyPath: path] = flag
      return nil
    }
  }

  private static func choice(
    _ name: String, _ choices: [String], allowsPath: Bool = false,
    _ path: any WritableKeyPath<Preferences, String> & Sendable
  ) -> PreferenceKey {
    let allowed =
      "one of " + choices.joined(separator: ", ") + (allowsPath ? ", or a theme file's path" : "")
    return PreferenceKey(name: name, allowed: allowed, read: { .text($0[keyPath: path]) }) {
      preferences, value in
      guard case .text(let text) = value,
        choices.contains(text) || (allowsPath && text.hasSuffix(".json"))
      else { return "must be \(allowed)" }
      preferences[keyPath: path] = text
      return nil
    }
  }

  /// `chineseConversion`: off (also written false or null), or an OpenCC conversion.
  private static func conversion() -> PreferenceKey {
    let names = ScriptConversion.allCases.map(\.rawValue)
    let allowed = "off, or one of " + names.joined(separator: ", ")
    return PreferenceKey(
      name: "chineseConversion", allowed: allowed, read: { .text($0.chineseConversion) }
    ) { preferences, value in
      switch value {
      case .flag(false), .null:
        preferences.chineseConversion = "off"
      case .text(let text) where text == "off" || names.contains(text):
        preferences.chineseConversion = text
      default:
        return "must be \(allowed)"
      }
      return nil
    }
  }

  private static func list(_ name: String, _ choices: [String]) -> PreferenceKey {
    let allowed = "a list of " + choices.joined(separator: ", ")
    return PreferenceKey(name: name, allowed: allowed, read: { .list($0.hudItems) }) {
      preferences, value in
      let items: [String]
      switch value {
      case .list(let list): items = list
      case .text(let text): items = text.split(separator: ",").map { String($0) }
      default: return "must be \(allowed)"
      }
      guard items.allSatisfy(choices.contains) else { return "must be \(allowed)" }
      preferences.hudItems = items
      return nil
    }
  }

  /// Free names (dictionaries): each trimmed, none empty, at most 32.
  private static func names(
    _ name: String, _ allowed: String,
    _ path: any WritableKeyPath<Preferences, [String]> & Sendable
  ) -> PreferenceKey {
    PreferenceKey(name: name, allowed: allowed, read: { .list($0[keyPath: path]) }) {
      preferences, value in
      let items: [String]
      switch value {
      case .list(let list): items = list
      case .text(let text): items = text.split(separator: ",").map { String($0) }
      case .null: items = []
      default: return "must be \(allowed)"
      }
      let names = items.map { $0.trimmingCharacters(in: .whitespaces) }
      guard names.count <= 32, !names.contains(where: \.isEmpty) else {
        return "must be \(allowed)"
      }
      preferences[keyPath: path] = names
      return nil
    }
  }

  private static func text(
    _ name: String, _ allowed: String, get: @escaping @Sendable (Preferences) -> String?,
    set: @escaping @Sendable (inout Preferences, String?) -> String?
  ) -> PreferenceKey {
    PreferenceKey(name: name, allowed: allowed, read: { get($0).map { .text($0) } ?? .null }) {
      preferences, value in
      switch value {
      case .null: return set(&preferences, nil)
      case .text(let text) where !text.isEmpty: return set(&preferences, text)
      default: return "must be \(allowed)"
      }
    }
  }
}
