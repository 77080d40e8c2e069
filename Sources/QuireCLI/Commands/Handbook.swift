import Foundation

/// The Quire Handbook: an unpacked EPUB 3 folder shipped as a resource of this module,
/// which `quire open` shows when no book is given.
enum Handbook {
  /// The folder's path, or nil if the resource bundle is missing (a broken install).
  static var path: String? {
    Bundle.module.url(forResource: "Handbook", withExtension: nil)?.path
  }
}
