package import QuireReading
import QuireTypesetting

extension PageLayout {
  /// The longest line in a window, in ems of the body text.
  static let maximumMeasure = 34.0

  /// The session's settings for `preferences` on this layout's pages in `viewport`.
  ///
  /// Cells lay out at one cell an em with no margins (the frame is the text column); on
  /// pixels the size and margins scale with the display, and a line of a wide window is
  /// kept to a comfortable measure.
  package func settings(for preferences: Preferences, viewport: Viewport) -> ReadingSettings {
    var settings = ReadingSettings(
      fontFamily: preferences.fontFamily, fontSize: preferences.fontSize,
      lineHeight: preferences.lineHeight, margins: EdgeInsets(all: preferences.margins),
      justification: preferences.justification, hyphenation: preferences.hyphenation,
      theme: preferences.theme)
    settings.embeddedFonts = preferences.embeddedFonts
    settings.writingMode = .init(rawValue: preferences.writingMode) ?? .auto
    let frame = frames.first ?? Rect(x: 0, y: 0, width: 20, height: 3)
    switch viewport {
    case .cells:
      settings.backend = .cells
      settings.ambiguousWide = preferences.ambiguousWide
      settings.terminalRuby = TerminalRuby(rawValue: preferences.terminalRuby) ?? .parentheses
      settings.fontSize = 1
      settings.lineHeight = 1
      settings.margins = EdgeInsets(all: 0)
      settings.fontFamily = nil
    case .pixels(_, _, let scale):
      settings.fontSize = preferences.fontSize * scale
      // A line of a wide window is kept to a comfortable measure, about 70 characters:
      // the side margins grow, the page keeps the window's width (a turn spans all of it).
      let margin = preferences.margins * scale
      let measure = settings.fontSize * Self.maximumMeasure
      let side = max(margin, ((frame.width - measure) / 2).rounded(.down))
      settings.margins = EdgeInsets(top: margin, left: side, bottom: margin, right: side)
    }
    settings.pageWidth = frame.width
    settings.pageHeight = frame.height
    return settings
  }
}
