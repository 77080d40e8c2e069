package import QuireReading
package import QuireUI

/// The page every command that names pages by number lays out: the reader's preferences
/// (`preferences.json`) on DESIGN.md's reference page of 600 × 800 px. `paginate`,
/// `render`, `progress` and `search` start from it, so their page N is one page, and the
/// page N of a 600 × 800 window; layout options change it from there.
package enum CommandSettings {
  static let pageWidth = 600.0
  static let pageHeight = 800.0

  /// The settings from the standard preferences file (its problems are the reader's to
  /// see in `quire config list`; here the valid keys apply and the rest are defaults).
  static func reading() -> ReadingSettings {
    reading(for: PreferencesFile.standard().load().preferences)
  }

  /// The settings for `preferences` on the reference page.
  package static func reading(for preferences: Preferences) -> ReadingSettings {
    ReaderController.settings(for: preferences, pageWidth: pageWidth, pageHeight: pageHeight)
  }
}
