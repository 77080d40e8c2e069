public import Foundation
public import QuireBook

/// A reading position as the library stored it: where, and when.
public struct SavedPosition: Hashable, Sendable {
  public var locator: Locator
  public var savedAt: Date

  /// Creates a saved position.
  public init(locator: Locator, savedAt: Date) {
    self.locator = locator
    self.savedAt = savedAt
  }
}
