import Foundation
import QuireBook
import QuireRendering
import QuireTypesetting

extension ReaderState {
  /// The settings panel's rows: a name and the preference it shows.
  static let settingRows: [(name: String, key: String)] = [
    ("Font", "fontFamily"), ("Text size", "fontSize"), ("Line height", "lineHeight"),
    ("Margins", "margins"), ("Justified", "justification"), ("Hyphenation", "hyphenation"),
    ("Publisher fonts", "embeddedFonts"), ("Writing (CJK books)", "writingMode"),
    ("Chinese script", "chineseConversion"), ("Leave out site lines (TXT)", "removeSiteJunk"),
    ("Replace rules (TXT)", "replaceRules"),
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

  /// One step of the settings panel's row `index` (`delta` is -1 or +1).
  mutating func adjustSetting(row index: Int, by delta: Int) -> [ReaderEffect] {
    guard Self.settingRows.indices.contains(index) else { return [] }
    var preferences = preferences
    let up = delta > 0
    switch Self.settingRows[index].key {
    case "fontFamily":
      let position = Self.fontFamilies.firstIndex(of: preferences.fontFamily) ?? 0
      let count = Self.fontFamilies.count
      preferences.fontFamily = Self.fontFamilies[(position + (up ? 1 : count - 1)) % count]
    case "fontSize":
      if isCells {
        say("The terminal sets its own font size; + and - change the column width.")
        return []
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
    case "removeSiteJunk": preferences.removeSiteJunk.toggle()
    case "chineseConversion":
      preferences.chineseConversion = Self.step(
        ["off"] + ScriptConversion.allCases.map(\.rawValue), from: preferences.chineseConversion,
        up: up)
    case "replaceRules":
      say(replaceRulesSummary)
      return []
    default: return []
    }
    return apply(preferences)
  }

  /// The value a settings row shows.
  func settingValue(_ key: String) -> String {
    switch key {
    case "fontFamily": return preferences.fontFamily ?? "EB Garamond (default)"
    case "fontSize": return isCells ? "the terminal's" : "\(Int(preferences.fontSize)) px"
    case "lineHeight": return String(format: "%.1f", preferences.lineHeight)
    case "margins": return "\(Int(preferences.margins)) px"
    case "terminalColumnWidth": return "\(preferences.terminalColumnWidth) cells"
    case "replaceRules": return replaceRulesSummary
    default: return PreferenceKey.named(key)?.text(of: preferences) ?? ""
    }
  }
}
