import QuireRendering
import QuireTypesetting

extension ReaderController {
  /// The settings panel's rows: a name, the value, and how one step changes it.
  static let settingRows: [(name: String, key: String)] = [
    ("Font", "fontFamily"), ("Text size", "fontSize"), ("Line height", "lineHeight"),
    ("Margins", "margins"), ("Justified", "justification"), ("Hyphenation", "hyphenation"),
    ("Publisher fonts", "embeddedFonts"), ("Writing (CJK books)", "writingMode"),
    ("Theme", "theme"), ("Page turn", "turnMode"),
    ("Terminal column", "terminalColumnWidth"), ("Ruby in the terminal", "terminalRuby"),
    ("Ambiguous characters wide", "ambiguousWide"),
    ("Status line", "statusLine"), ("Pages side by side (window)", "windowPages"),
    ("Reduce motion", "reduceMotion"),
  ]

  /// Font families a reader can choose, Quire's default first. The CJK faces are named
  /// without their region: each paragraph gets the cut of its language (SC, TC, JP, KR).
  static let fontFamilies: [String?] = [
    nil, "EB Garamond", "DejaVu Serif", "DejaVu Sans", "Noto Serif CJK", "Noto Sans CJK",
  ]

  /// Applies a settings command, saves the preferences, and re-lays the page around the
  /// position when the change moves page breaks.
  func changeSetting(_ command: ReaderCommand) async {
    var preferences = configuration.preferences
    switch command {
    case .fontLarger, .fontSmaller:
      if isCells {
        say("The terminal sets its own font size; + and - change the column width.")
        return
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
      preferences.theme = Self.next(in: Theme.presets.map(\.name), after: preferences.theme)
    case .nextTurnMode:
      preferences.turnMode = Self.next(
        in: TurnMode.allCases.map(\.rawValue), after: preferences.turnMode)
    case .columnWider:
      preferences.terminalColumnWidth = min(400, preferences.terminalColumnWidth + 4)
    case .columnNarrower:
      preferences.terminalColumnWidth = max(20, preferences.terminalColumnWidth - 4)
    default: return
    }
    await apply(preferences)
    if let row = Self.describe(command, preferences) { say(row) }
  }

  /// Makes `preferences` the ones in force, saved and applied to the page.
  func apply(_ preferences: Preferences) async {
    var rounded = preferences
    rounded.lineHeight = (rounded.lineHeight * 10).rounded() / 10
    let before = configuration.preferences
    configuration.preferences = rounded
    savePreferences()
    if before != rounded { await relayout() }
  }

  /// Writes the preferences file; a failure is said, and reading goes on.
  func savePreferences() {
    guard let file = configuration.preferencesFile else { return }
    do {
      if let notice = try file.save(configuration.preferences) { say(notice) }
    } catch {
      say("Preferences not saved to \(file.url.path): \(error.localizedDescription)", isError: true)
    }
  }

  /// One step of the settings panel's row `index` (`delta` is -1 or +1).
  func adjustSetting(row index: Int, by delta: Int) async {
    guard Self.settingRows.indices.contains(index) else { return }
    var preferences = configuration.preferences
    let up = delta > 0
    switch Self.settingRows[index].key {
    case "fontFamily":
      let position = Self.fontFamilies.firstIndex(of: preferences.fontFamily) ?? 0
      let count = Self.fontFamilies.count
      preferences.fontFamily = Self.fontFamilies[(position + (up ? 1 : count - 1)) % count]
    case "fontSize":
      if isCells {
        say("The terminal sets its own font size; + and - change the column width.")
        return
      }
      preferences.fontSize = min(72, max(8, preferences.fontSize + (up ? 1 : -1)))
    case "lineHeight":
      preferences.lineHeight = min(2.5, max(1, preferences.lineHeight + (up ? 0.1 : -0.1)))
    case "margins": preferences.margins = min(200, max(0, preferences.margins + (up ? 8 : -8)))
    case "justification": preferences.justification.toggle()
    case "hyphenation": preferences.hyphenation.toggle()
    case "embeddedFonts": preferences.embeddedFonts.toggle()
    case "writingMode":
      preferences.writingMode = Self.step(
        LayoutSettings.WritingModeChoice.allCases.map(\.rawValue), from: preferences.writingMode,
        up: up)
    case "theme":
      preferences.theme = Self.step(Theme.presets.map(\.name), from: preferences.theme, up: up)
    case "turnMode":
      preferences.turnMode = Self.step(
        TurnMode.allCases.map(\.rawValue), from: preferences.turnMode, up: up)
    case "terminalColumnWidth":
      preferences.terminalColumnWidth = min(
        400, max(20, preferences.terminalColumnWidth + (up ? 4 : -4)))
    case "terminalRuby":
      preferences.terminalRuby = Self.step(
        TerminalRuby.allCases.map(\.rawValue), from: preferences.terminalRuby, up: up)
    case "statusLine": preferences.statusLine.toggle()
    case "ambiguousWide": preferences.ambiguousWide.toggle()
    case "windowPages":
      preferences.windowPages = Self.step(
        ["auto", "one", "two"], from: preferences.windowPages, up: up)
    case "reduceMotion": preferences.reduceMotion.toggle()
    default: return
    }
    await apply(preferences)
  }

  /// The value a settings row shows.
  func settingValue(_ key: String) -> String {
    let preferences = configuration.preferences
    switch key {
    case "fontFamily": return preferences.fontFamily ?? "EB Garamond (default)"
    case "fontSize": return isCells ? "the terminal's" : "\(Int(preferences.fontSize)) px"
    case "lineHeight": return String(format: "%.1f", preferences.lineHeight)
    case "margins": return "\(Int(preferences.margins)) px"
    case "terminalColumnWidth": return "\(preferences.terminalColumnWidth) cells"
    default: return PreferenceKey.named(key)?.text(of: preferences) ?? ""
    }
  }

  static func next(in list: [String], after value: String) -> String {
    step(list, from: value, up: true)
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
