public import QuireBook
public import QuireReading

/// The colours a reader's marks are drawn in, in both front ends: the five highlight
/// colours, the selection, and the sentence and word read aloud, for light and dark themes.
public enum HighlightPalette {
  /// A highlight's colour behind text, opaque: pale on a light page, deep on a dark one,
  /// so the text stays readable (the terminal's cell backgrounds).
  public static func background(_ colour: Highlight.Colour, dark: Bool) -> Color {
    switch (colour, dark) {
    case (.yellow, false): Color(red: 0xFF, green: 0xE8, blue: 0x80)
    case (.green, false): Color(red: 0xC6, green: 0xEC, blue: 0xB0)
    case (.blue, false): Color(red: 0xBE, green: 0xDC, blue: 0xFA)
    case (.pink, false): Color(red: 0xF8, green: 0xC6, blue: 0xDA)
    case (.purple, false): Color(red: 0xDC, green: 0xCB, blue: 0xF5)
    case (.yellow, true): Color(red: 0x5A, green: 0x4A, blue: 0x12)
    case (.green, true): Color(red: 0x2C, green: 0x4E, blue: 0x28)
    case (.blue, true): Color(red: 0x22, green: 0x3F, blue: 0x5E)
    case (.pink, true): Color(red: 0x5C, green: 0x28, blue: 0x40)
    case (.purple, true): Color(red: 0x44, green: 0x33, blue: 0x5E)
    }
  }

  /// A highlight's ink: the saturated colour of its underline or strike, and of its band
  /// when laid over the page with transparency (the window).
  public static func ink(_ colour: Highlight.Colour) -> Color {
    switch colour {
    case .yellow: Color(red: 0xF2, green: 0xC2, blue: 0x00)
    case .green: Color(red: 0x3C, green: 0xA0, blue: 0x3C)
    case .blue: Color(red: 0x2F, green: 0x78, blue: 0xD8)
    case .pink: Color(red: 0xE0, green: 0x4C, blue: 0x90)
    case .purple: Color(red: 0x8A, green: 0x58, blue: 0xD0)
    }
  }

  /// The sentence read aloud behind text, opaque: a pale sea green (deep on a dark page),
  /// apart from the five highlight colours and the selection.
  public static func spokenSentence(dark: Bool) -> Color {
    dark ? Color(red: 0x1F, green: 0x4A, blue: 0x44) : Color(red: 0xCC, green: 0xEE, blue: 0xE0)
  }

  /// The word read aloud behind text: the sentence's colour, stronger.
  public static func spokenWord(dark: Bool) -> Color {
    dark ? Color(red: 0x2E, green: 0x73, blue: 0x66) : Color(red: 0x8F, green: 0xD8, blue: 0xC0)
  }

  /// The selection behind text, opaque, as text editors show it.
  public static func selection(dark: Bool) -> Color {
    dark ? Color(red: 0x26, green: 0x4F, blue: 0x78) : Color(red: 0xB4, green: 0xD5, blue: 0xFE)
  }
}
