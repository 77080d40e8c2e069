import Foundation
import QuireGoldenSupport
import Testing

@testable import QuireRendering

/// Turn-frame goldens under `Golden/turns/`, checked by the shared comparer (`Golden`)
/// with a tighter tolerance than pages: the compositor's output is exact to rounding.
enum TurnGolden {
  static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden/turns")

  /// Compares `image` with `Golden/turns/<name>.png`, or records it.
  static func check(
    _ image: RGBAImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try Golden.check(
      image, named: name, source: sourceFolder,
      bundled: Bundle.module.url(
        forResource: name, withExtension: "png", subdirectory: "Golden/turns"),
      channelTolerance: 6, pixelFraction: 0.002, sourceLocation: sourceLocation)
  }
}
