import Foundation
import Testing

@testable import QuireRendering

/// Compares rendered images with PNGs under `Golden/`, with a small tolerance.
///
/// A pixel differs when a channel is off by more than `channelTolerance`; the images match
/// when at most `pixelFraction` of the pixels differ (anti-aliasing and FreeType versions
/// move edges slightly). `QUIRE_RECORD_GOLDEN=1` rewrites the goldens in the source tree.
/// On a mismatch the expected, actual and diff images go to a temporary folder named in
/// the failure.
enum GoldenImage {
  static let channelTolerance = 8
  static let pixelFraction = 0.005

  /// The source folder the goldens are recorded into.
  static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden")

  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["QUIRE_RECORD_GOLDEN"] == "1"
  }

  /// Checks `image` against `Golden/<name>.png` (or records it).
  static func check(
    _ image: RGBAImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    if isRecording {
      try image.writePNG(to: sourceFolder.appendingPathComponent("\(name).png").path)
      return
    }
    guard
      let url = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Golden")
    else {
      Issue.record(
        "no golden image \(name).png: run the tests with QUIRE_RECORD_GOLDEN=1 to record it",
        sourceLocation: sourceLocation)
      return
    }
    let expected = try RGBAImage(contentsOfFile: url.path)
    guard expected.width == image.width, expected.height == image.height else {
      let folder = try write(name, expected: expected, actual: image, diff: nil)
      let message =
        "\(name): size \(image.width)×\(image.height), golden \(expected.width)×\(expected.height); "
        + "images in \(folder)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      return
    }
    var diff = RGBAImage(width: image.width, height: image.height, fill: (255, 255, 255, 255))
    var differing = 0
    for index in stride(from: 0, to: image.pixels.count, by: 4) {
      var worst = 0
      for channel in 0..<4 {
        worst = max(
          worst, abs(Int(image.pixels[index + channel]) - Int(expected.pixels[index + channel])))
      }
      if worst > channelTolerance {
        differing += 1
        diff.pixels[index] = 255
        diff.pixels[index + 1] = UInt8(max(0, 200 - worst))
        diff.pixels[index + 2] = UInt8(max(0, 200 - worst))
      }
    }
    let fraction = Double(differing) / Double(image.width * image.height)
    if fraction > pixelFraction {
      let folder = try write(name, expected: expected, actual: image, diff: diff)
      let message =
        "\(name): \(differing) pixels (\(String(format: "%.2f", fraction * 100)) %) differ by more "
        + "than \(channelTolerance); expected, actual and diff images in \(folder)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  private static func write(
    _ name: String, expected: RGBAImage, actual: RGBAImage, diff: RGBAImage?
  ) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quire-golden-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try expected.writePNG(to: folder.appendingPathComponent("expected.png").path)
    try actual.writePNG(to: folder.appendingPathComponent("actual.png").path)
    try diff?.writePNG(to: folder.appendingPathComponent("diff.png").path)
    return folder.path
  }
}
