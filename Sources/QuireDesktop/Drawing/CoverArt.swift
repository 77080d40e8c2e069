import Foundation
import QuireBook
import QuireRendering
import QuireTypesetting

/// Book covers for the library grid: the book's own cover image when it has one (read on
/// a worker from the file, since opening a book takes a moment), and a generated cover
/// otherwise or until it is read: the title and author on a colour chosen from the title.
final class CoverArt: @unchecked Sendable {
  private let queue = DispatchQueue(label: "quire.desktop.covers", qos: .utility)
  private let lock = NSLock()
  /// Guarded by `lock`: covers read, nil when a book has none; keyed by path and size.
  private var read: [String: RGBAImage?] = [:]
  private var pending: Set<String> = []
  private var changes = 0
  private let renderer: PageRenderer
  /// Called on the worker when a cover was read, so the window redraws.
  var changed: @Sendable () -> Void = {}

  init(renderer: PageRenderer) {
    self.renderer = renderer
  }

  /// Bumped whenever a cover arrives: part of the library panel's picture key.
  var generation: Int {
    lock.lock()
    defer { lock.unlock() }
    return changes
  }

  /// The cover for a library row, `width`×`height` pixels.
  func cover(path: String?, title: String, author: String, width: Int, height: Int, scale: Double)
    -> RGBAImage
  {
    if let path {
      let key = "\(width)x\(height):\(path)"
      lock.lock()
      let known = read[key]
      let waiting = pending.contains(key)
      if known == nil, !waiting { pending.insert(key) }
      lock.unlock()
      if let known, let image = known { return image }
      if known == nil, !waiting { load(path, key: key, width: width, height: height) }
    }
    return generated(title: title, author: author, width: width, height: height, scale: scale)
  }

  private func load(_ path: String, key: String, width: Int, height: Int) {
    queue.async { [self] in
      var image: RGBAImage?
      if let book = try? Book.open(path), let href = book.metadata.coverHref,
        let data = try? book.resource(at: href),
        let decoded = try? ImageDecoder.decode(data, name: href)
      {
        image = Self.fill(decoded, width: width, height: height)
      }
      lock.lock()
      read[key] = .some(image)
      pending.remove(key)
      changes += 1
      lock.unlock()
      if image != nil { changed() }
    }
  }

  /// The picture scaled to cover the box and cut to it, centred.
  private static func fill(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    let factor = max(Double(width) / Double(image.width), Double(height) / Double(image.height))
    let scaledWidth = max(width, Int((Double(image.width) * factor).rounded()))
    let scaledHeight = max(height, Int((Double(image.height) * factor).rounded()))
    let scaled = image.scaled(width: scaledWidth, height: scaledHeight)
    var result = RGBAImage(width: width, height: height, fill: (255, 255, 255, 255))
    result.draw(scaled, x: -(scaledWidth - width) / 2, y: -(scaledHeight - height) / 2)
    return result
  }

  /// A cover made from the title and author, its colour picked by the title.
  private func generated(title: String, author: String, width: Int, height: Int, scale: Double)
    -> RGBAImage
  {
    let palette: [Color] = [
      Color(red: 0x5B, green: 0x3A, blue: 0x29), Color(red: 0x2E, green: 0x4A, blue: 0x62),
      Color(red: 0x3D, green: 0x5A, blue: 0x3A), Color(red: 0x6B, green: 0x2D, blue: 0x3B),
      Color(red: 0x4A, green: 0x3F, blue: 0x6B), Color(red: 0x7A, green: 0x5C, blue: 0x1E),
    ]
    let hash = title.unicodeScalars.reduce(5381) { ($0 &* 33 &+ Int($1.value)) & 0xFFFFFF }
    let ground = palette[hash % palette.count]
    var cover = RGBAImage.opaque(width: width, height: height, color: ground)
    let w = Double(width)
    let h = Double(height)
    let ink = Color(red: 0xF4, green: 0xEE, blue: 0xE0)
    cover.fill(Rect(x: w * 0.08, y: h * 0.06, width: w * 0.84, height: 1.5 * scale), color: ink)
    cover.fill(Rect(x: w * 0.08, y: h * 0.92, width: w * 0.84, height: 1.5 * scale), color: ink)
    let size = 14 * scale
    var y = h * 0.14
    for line in Self.wrap(title, perLine: max(6, Int(w * 0.84 / (size * 0.62)))).prefix(5) {
      renderer.drawLabel(
        line, in: Rect(x: w * 0.08, y: y, width: w * 0.84, height: size * 1.4), size: size,
        weight: 700, color: ink, alignment: .center, into: &cover)
      y += size * 1.3
    }
    renderer.drawLabel(
      author, in: Rect(x: w * 0.08, y: h * 0.78, width: w * 0.84, height: size * 1.4),
      size: size * 0.85, color: ink, alignment: .center, into: &cover)
    return cover
  }

  /// Words gathered into lines of about `perLine` characters.
  static func wrap(_ text: String, perLine: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > perLine {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
