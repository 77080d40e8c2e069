import Foundation
import QuireRendering
import QuireTypesetting

/// `--exclude SHAPE` of `quire render` and `quire paginate`: exclusion paths that text
/// flows around, in page pixels.
///
/// `rect:X,Y,W,H`, `ellipse:X,Y,W,H` (the ellipse inside that rectangle) or
/// `polygon:X1,Y1,X2,Y2,X3,Y3,…`; the option may be repeated.
enum ExclusionOption {
  /// The option's spec, shared by the commands that take it.
  static let spec = OptionSpec.value(
    "exclude", "SHAPE",
    help: "Flow text around a shape, in page pixels: rect:X,Y,W,H, ellipse:X,Y,W,H or "
      + "polygon:X1,Y1,X2,Y2,X3,Y3,… (repeatable).")

  /// The shapes given on the command line, in order.
  static func paths(_ arguments: ParsedArguments, command: String) throws(UsageError)
    -> [ExclusionPath]
  {
    var paths: [ExclusionPath] = []
    for text in arguments.values("exclude") { paths.append(try parse(text, command: command)) }
    return paths
  }

  /// One shape from its text form.
  static func parse(_ text: String, command: String) throws(UsageError) -> ExclusionPath {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    let numbers = parts.count == 2 ? parts[1].split(separator: ",").map { Double($0) } : []
    func fail(_ why: String) -> UsageError {
      UsageError("--exclude '\(text)': \(why)", command: command)
    }
    guard parts.count == 2, !numbers.isEmpty, numbers.allSatisfy({ $0?.isFinite == true }) else {
      throw fail("expected rect:X,Y,W,H, ellipse:X,Y,W,H or polygon:X1,Y1,X2,Y2,… with numbers")
    }
    let values = numbers.map { $0! }
    switch parts[0] {
    case "rect", "ellipse":
      guard values.count == 4 else { throw fail("\(parts[0]) takes four numbers: X,Y,W,H") }
      guard values[2] > 0, values[3] > 0 else { throw fail("width and height must be positive") }
      let rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
      return parts[0] == "rect" ? .rectangle(rect) : .ellipse(rect)
    case "polygon":
      guard values.count >= 6, values.count % 2 == 0 else {
        throw fail("a polygon takes at least three points: X1,Y1,X2,Y2,X3,Y3")
      }
      return .polygon(
        stride(from: 0, to: values.count, by: 2).map { Point(x: values[$0], y: values[$0 + 1]) })
    default:
      throw fail("unknown shape '\(parts[0])' (rect, ellipse or polygon)")
    }
  }

  /// Draws the shapes' outlines faintly onto a rendered page (`--show-exclusions`).
  static func drawOutlines(_ paths: [ExclusionPath], on image: inout RGBAImage) {
    for path in paths {
      for point in outline(of: path) { plot(point, on: &image) }
    }
  }

  /// Points along a shape's outline, about a pixel apart.
  private static func outline(of path: ExclusionPath) -> [Point] {
    var corners: [Point]
    switch path {
    case .rectangle(let rect):
      corners = [
        Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y),
        Point(x: rect.maxX, y: rect.maxY), Point(x: rect.x, y: rect.maxY),
      ]
    case .ellipse(let rect):
      let steps = max(16, Int((rect.width + rect.height) * 2))
      corners = (0..<steps).map { step in
        let angle = Double(step) / Double(steps) * 2 * Double.pi
        return Point(
          x: rect.x + rect.width / 2 * (1 + cos(angle)),
          y: rect.y + rect.height / 2 * (1 + sin(angle)))
      }
    case .polygon(let points):
      corners = points
    }
    var points: [Point] = []
    for (index, a) in corners.enumerated() {
      let b = corners[(index + 1) % corners.count]
      let steps = max(1, Int(max(abs(b.x - a.x), abs(b.y - a.y)).rounded(.up)))
      for step in 0..<steps {
        let t = Double(step) / Double(steps)
        points.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
      }
    }
    return points
  }

  /// A faint blue-grey dot (a quarter opaque) over the page.
  private static func plot(_ point: Point, on image: inout RGBAImage) {
    let x = Int(point.x.rounded())
    let y = Int(point.y.rounded())
    guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
    let index = image.index(x: x, y: y)
    let colour: [UInt8] = [70, 110, 170]
    for channel in 0..<3 {
      let old = Double(image.pixels[index + channel])
      image.pixels[index + channel] = UInt8((old * 0.6 + Double(colour[channel]) * 0.4).rounded())
    }
  }
}
