import Foundation
import QuireRendering

extension ReaderState {
  /// Settings keys (text size, spacing, theme…); nil for a command of another feature.
  mutating func reduceSettings(_ command: ReaderCommand) -> [ReaderEffect]? {
    var preferences = preferences
    switch command {
    case .fontLarger, .fontSmaller:
      if isCells {
        say("The terminal sets its own font size; + and - change the column width.")
        return []
      }
      let step = command == .fontLarger ? 1.0 : -1.0
      preferences.fontSize = min(72, max(8, preferences.fontSize + step))
    case .fontReset: preferences.fontSize = Preferences.defaultFontSize
    case .lineHeightLarger: preferences.lineHeight = min(2.5, preferences.lineHeight + 0.1)
    case .lineHeightSmaller: preferences.lineHeight = max(1, preferences.lineHeight - 0.1)
    case .marginsWider: preferences.margins = min(200, preferences.margins + 8)
    case .marginsNarrower: preferences.margins = max(0, preferences.margins - 8)
    case .toggleJustification: preferences.justification.toggle()
    case .toggleHyphenation: preferences.hyphenation.toggle()
    case .toggleEmbeddedFonts: preferences.embeddedFonts.toggle()
    case .nextTheme:
      preferences.theme = Self.step(Theme.presets.map(\.name), from: preferences.theme, up: true)
    case .nextTurnMode:
      preferences.turnMode = Self.step(
        TurnMode.allCases.map(\.rawValue), from: preferences.turnMode, up: true)
    case .columnWider:
      preferences.terminalColumnWidth = min(400, preferences.terminalColumnWidth + 4)
    case .columnNarrower:
      preferences.terminalColumnWidth = max(20, preferences.terminalColumnWidth - 4)
    case .toggleStatus:
      // Shown or hidden, the status line moves no page break.
      self.preferences.statusLine.toggle()
      return [.savePreferences(self.preferences)]
    default: return nil
    }
    let effects = apply(preferences)
    if let row = Self.describe(command, self.preferences) { say(row) }
    return effects
  }

  /// Makes `preferences` the ones in force: saved, the page laid out again when they move
  /// page breaks, and the theme read again when it names another.
  mutating func apply(_ preferences: Preferences) -> [ReaderEffect] {
    var rounded = preferences
    rounded.lineHeight = (rounded.lineHeight * 10).rounded() / 10
    let before = self.preferences
    self.preferences = rounded
    var effects: [ReaderEffect] = [.savePreferences(rounded)]
    if before != rounded { effects += relayout() }
    effects += resolveTheme()
    // Another script, site lines kept or left out, vertical books turning the other way:
    // the book is read in again, at the place read.
    if rounded.changesImport(from: before) {
      effects.append(.openBook(path: book.path, settings: readingSettings))
    }
    return effects
  }

  /// Sets the theme the preferences name when it changed: a built-in one at once, a
  /// theme file through `.readTheme` (read once, not at every screen).
  mutating func resolveTheme() -> [ReaderEffect] {
    let name = preferences.theme
    guard name != themeSource else { return [] }
    themeSource = name
    if let preset = Theme.named(name) {
      theme = preset
      return []
    }
    return [.readTheme(path: name)]
  }

  /// Takes in a theme file read for `source`: the day theme when it could not be read.
  mutating func themeRead(source: String, _ read: Theme?) -> [ReaderEffect] {
    guard source == themeSource else { return [] }
    theme = read ?? .day
    return []
  }

  /// Remembers the window's size (points) and position for the next start.
  mutating func rememberWindow(width: Int, height: Int, x: Int, y: Int) -> [ReaderEffect] {
    var preferences = preferences
    preferences.windowWidth = min(16_384, max(200, width))
    preferences.windowHeight = min(16_384, max(150, height))
    preferences.windowX = min(65_535, max(-1, x))
    preferences.windowY = min(65_535, max(-1, y))
    guard preferences != self.preferences else { return [] }
    self.preferences = preferences
    return [.savePreferences(preferences)]
  }

  static func step(_ list: [String], from value: String, up: Bool) -> String {
    let position = list.firstIndex(of: value) ?? 0
    return list[(position + (up ? 1 : list.count - 1)) % list.count]
  }

  /// What the message line says after a settings key.
  static func describe(_ command: ReaderCommand, _ preferences: Preferences) -> String? {
    switch command {
    case .fontLarger, .fontSmaller, .fontReset: "Text size \(Int(preferences.fontSize)) px"
    case .lineHeightLarger, .lineHeightSmaller:
      String(format: "Line height %.1f", preferences.lineHeight)
    case .marginsWider, .marginsNarrower: "Margins \(Int(preferences.margins)) px"
    case .toggleJustification: preferences.justification ? "Justified" : "Ragged right"
    case .toggleHyphenation: preferences.hyphenation ? "Hyphenation on" : "Hyphenation off"
    case .toggleEmbeddedFonts:
      preferences.embeddedFonts ? "Publisher fonts on" : "Publisher fonts off"
    case .nextTheme: "Theme: \(preferences.theme)"
    case .nextTurnMode: "Page turn: \(preferences.turnMode)"
    case .columnWider, .columnNarrower: "Column \(preferences.terminalColumnWidth) cells"
    default: nil
    }
  }
}
