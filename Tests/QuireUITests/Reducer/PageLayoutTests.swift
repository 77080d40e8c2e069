import QuireUI
import Testing

/// How many pages a window or terminal shows.
@Suite struct PageLayoutTests {
  static func pages(_ viewport: Viewport, _ windowPages: String = "auto") -> Int {
    var preferences = Preferences()
    preferences.windowPages = windowPages
    return PageLayout.make(for: viewport, preferences: preferences, spread: true).frames.count
  }

  /// A window too small for two readable pages shows one, whatever its shape; a wide one
  /// shows two.
  @Test func aSmallWindowShowsOnePage() {
    #expect(Self.pages(.pixels(width: 200, height: 150, scale: 1)) == 1)
    #expect(Self.pages(.pixels(width: 600, height: 400, scale: 1)) == 1)
    #expect(Self.pages(.pixels(width: 1200, height: 900, scale: 1)) == 2)
    // The same window on a HiDPI screen: twice the pixels, the same points.
    #expect(Self.pages(.pixels(width: 1200, height: 800, scale: 2)) == 1)
    #expect(Self.pages(.pixels(width: 2400, height: 1800, scale: 2)) == 2)
    #expect(Self.pages(.pixels(width: 300, height: 200, scale: 1), "two") == 1)
    #expect(Self.pages(.pixels(width: 420, height: 600, scale: 1), "two") == 2)
    #expect(Self.pages(.pixels(width: 1600, height: 900, scale: 1), "one") == 1)
  }
}
