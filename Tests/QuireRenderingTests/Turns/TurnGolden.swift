import Foundation
import Testing

@testable import QuireRendering

/// Golden images of turn frames: compared with a small tolerance, re-recorded with
/// `QUIRE_RECORD_GOLDEN=1`, and on a mismatch the actual frame and a diff image are written
/// to a temporary folder named in the failure.
enum TurnGolden {
  /// Largest channel difference that counts as equal (rounding across platforms).
  static let channelTolerance = 6
  /// Share of pixels allowed to differ by more than that (anti-aliasing along edges).
  static let pixelShare = 0.002

  static var recording: Bool { ProcessInfo.processInfo.environment["QUIRE_RECORD_GOLDEN"] == "1" }

  /// Compares `image` with `Golden/turns/<name>.png`, or records it.
  static func check(
    _ image: RGBAImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    if recording {
      let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden/turns")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try image.writePNG(to: folder.appendingPathComponent("\(name).png").path)
      return
    }
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Golden/turns"),
      "golden image \(name).png is missing; record it with QUIRE_RECORD_GOLDEN=1",
      sourceLocation: sourceLocation)
    let golden = try RGBAImage(contentsOfFile: url.path)
    let (differing, diff) = compare(image, golden)
    let allowed = Int(Double(image.width * image.height) * pixelShare)
    if golden.width != image.width || golden.height != image.height || differing > allowed {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("quire-golden-\(ProcessInfo.processInfo.processIdentifier)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try image.writePNG(to: folder.appendingPathComponent("\(name)-actual.png").path)
      if let diff {
        try diff.writePNG(to: folder.appendingPathComponent("\(name)-diff.png").path)
      }
      Issue.record(
        "\(name): \(differing) pixels differ (allowed \(allowed)); actual and diff in \(folder.path)",
        sourceLocation: sourceLocation)
    }
  }

  /// The number of pixels differing beyond the tolerance, and an image marking them red.
  static func compare(_ a: RGBAImage, _ b: RGBAImage) -> (Int, RGBAImage?) {
    guard a.width == b.width, a.height == b.height else { return (a.width * a.height, nil) }
    var diff = RGBAImage(width: a.width, height: a.height, fill: (255, 255, 255, 255))
    var differing = 0
    for index in stride(from: 0, to: a.pixels.count, by: 4) {
      let delta = (0..<4).map { abs(Int(a.pixels[index + $0]) - Int(b.pixels[index + $0])) }.max()!
      if delta > channelTolerance {
        differing += 1
        diff.pixels[index] = 255
        diff.pixels[index + 1] = 0
        diff.pixels[index + 2] = 0
      } else {
        let grey = UInt8(255 - min(255, Int(a.pixels[index]) / 4 + 190))
        diff.pixels[index] = 255 - grey
        diff.pixels[index + 1] = 255 - grey
        diff.pixels[index + 2] = 255 - grey
      }
    }
    return (differing, diff)
  }
}
