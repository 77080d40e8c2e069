import QuireBook

extension Theme {
  /// Near-black text on a warm white page.
  public static let day = Theme(
    name: "day", background: Color(hex: 0xFBFAF7), text: Color(hex: 0x1C1B1A),
    link: Color(hex: 0x1F5FA8), rule: Color(hex: 0xB8B4AC),
    searchMatch: Color(hex: 0xFFD84D, alpha: 140),
    secondaryText: Color(hex: 0x85817A), accent: Color(hex: 0x4A6FA5), track: Color(hex: 0xE4E1DA),
    panel: Color(hex: 0xF1EFEA, alpha: 255), panelText: Color(hex: 0x1C1B1A))

  /// Brown text on a paper-coloured page.
  public static let sepia = Theme(
    name: "sepia", background: Color(hex: 0xF4ECD8), text: Color(hex: 0x4B3A28),
    link: Color(hex: 0x8A4B1C), rule: Color(hex: 0xC2B08E),
    searchMatch: Color(hex: 0xF2B84B, alpha: 140),
    secondaryText: Color(hex: 0x9A8568), accent: Color(hex: 0x9C6B3A), track: Color(hex: 0xE2D5B8),
    panel: Color(hex: 0xEADFC6, alpha: 255), panelText: Color(hex: 0x4B3A28),
    imageBrightness: 0.96)

  /// Light grey text on a dark page; pictures dimmed so they do not glare.
  public static let night = Theme(
    name: "night", background: Color(hex: 0x17181A), text: Color(hex: 0xC9C5BD),
    link: Color(hex: 0x86AEE0), rule: Color(hex: 0x4A4A4D),
    searchMatch: Color(hex: 0x8C6D1F, alpha: 170),
    secondaryText: Color(hex: 0x7C7A75), accent: Color(hex: 0x7F9CC4), track: Color(hex: 0x303134),
    panel: Color(hex: 0x242528, alpha: 255), panelText: Color(hex: 0xD6D2CA),
    imageBrightness: 0.72, isDark: true)

  /// The built-in themes, in the order a settings menu lists them.
  public static let presets: [Theme] = [.day, .sepia, .night]

  /// The built-in theme called `name`, if there is one.
  public static func named(_ name: String) -> Theme? {
    presets.first { $0.name == name.lowercased() }
  }
}

extension Color {
  /// A colour from a 0xRRGGBB literal.
  package init(hex: UInt32, alpha: UInt8 = 255) {
    self.init(
      red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF),
      alpha: alpha)
  }
}
