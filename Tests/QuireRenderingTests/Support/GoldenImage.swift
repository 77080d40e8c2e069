import Foundation
import QuireGoldenSupport
import Testing

@testable import QuireRendering

/// Page goldens under `Golden/`, checked by the shared comparer (`Golden`).
enum GoldenImage {
  /// The source folder the goldens are recorded into.
  static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden")

  /// Checks `image` against `Golden/<name>.png` (or records it).
  static func check(
    _ image: RGBAImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try Golden.check(
      image, named: name, source: sourceFolder,
      bundled: Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Golden"),
      channelTolerance: 8, pixelFraction: 0.005, sourceLocation: sourceLocation)
  }
}
