public import Foundation
public import QuireRendering
public import Testing

/// The one golden-image comparer of Quire's tests: an image is checked against a PNG
/// recorded beside the tests, with a tolerance, and on a mismatch the expected, actual and
/// diff images go to a temporary folder named in the failure. `QUIRE_RECORD_GOLDEN=1`
/// records the goldens into the source tree instead.
///
/// A pixel differs when a channel is off by more than `channelTolerance`; the images match
/// when at most `pixelFraction` of the pixels differ (anti-aliasing, FreeType and Mesa
/// versions move edges slightly).
public enum Golden {
  public static var isRecording: Bool {
    ProcessInfo.processInfo.environment["QUIRE_RECORD_GOLDEN"] == "1"
  }

  /// Checks `image` against `<name>.png`: recorded into `source` (a folder of the source
  /// tree), read from `bundled` (the test bundle's copy of it).
  public static func check(
    _ image: RGBAImage, named name: String, source: URL, bundled: URL?,
    channelTolerance: Int = 8, pixelFraction: Double = 0.005,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    if isRecording {
      try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
      try image.writePNG(to: source.appendingPathComponent("\(name).png").path)
      return
    }
    guard let bundled, FileManager.default.fileExists(atPath: bundled.path) else {
      Issue.record(
        "no golden image \(name).png: run the tests with QUIRE_RECORD_GOLDEN=1 to record it",
        sourceLocation: sourceLocation)
      return
    }
    let expected = try RGBAImage(contentsOfFile: bundled.path)
    guard expected.width == image.width, expected.height == image.height else {
      let folder = try write(name, expected: expected, actual: image, diff: nil)
      Issue.record(
        Comment(
          rawValue: "\(name): size \(image.width)×\(image.height), golden "
            + "\(expected.width)×\(expected.height); images in \(folder)"),
        sourceLocation: sourceLocation)
      return
    }
    let (differing, diff) = compare(image, expected, channelTolerance: channelTolerance)
    let fraction = Double(differing) / Double(max(1, image.width * image.height))
    if fraction > pixelFraction {
      let folder = try write(name, expected: expected, actual: image, diff: diff)
      Issue.record(
        Comment(
          rawValue: "\(name): \(differing) pixels (\(String(format: "%.2f", fraction * 100)) %) "
            + "differ by more than \(channelTolerance); expected, actual and diff images in "
            + folder),
        sourceLocation: sourceLocation)
    }
  }

  /// The pixels of two same-sized images differing by more than the tolerance, and an
  /// image marking them red over a faint copy of `a`.
  public static func compare(_ a: RGBAImage, _ b: RGBAImage, channelTolerance: Int) -> (
    Int, RGBAImage
  ) {
    var diff = RGBAImage(width: a.width, height: a.height, fill: (255, 255, 255, 255))
    var differing = 0
    for index in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4) {
      var worst = 0
      for channel in 0..<4 {
        worst = max(worst, abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])))
      }
      if worst > channelTolerance {
        differing += 1
        diff.pixels[index] = 255
        diff.pixels[index + 1] = 0
        diff.pixels[index + 2] = 0
      } else {
        let faint = UInt8(min(255, 190 + Int(a.pixels[index]) / 4))
        diff.pixels[index] = faint
        diff.pixels[index + 1] = faint
        diff.pixels[index + 2] = faint
      }
    }
    return (differing, diff)
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
