/// A first rasterizer for looking at pages: anti-aliased FreeType glyphs, black on white.
///
/// Images are drawn as grey placeholders with their frame, rules as grey lines. Faces and
/// glyph bitmaps are cached, so render many pages with one rasterizer.
package final class PageRasterizer {
  private let library: FreeTypeLibrary
  private var faces: [FontReference: FreeTypeFace] = [:]
  private var glyphs: [GlyphKey: GlyphBitmap] = [:]

  private struct GlyphKey: Hashable {
    var font: FontReference
    var glyph: UInt32
    var size: Double
  }

  package init() throws(TypesettingError) {
    library = try FreeTypeLibrary()
  }

  /// RGBA pixels of the page, row by row.
  package func render(_ page: Page) -> (pixels: [UInt8], width: Int, height: Int) {
    let width = max(1, Int(page.width.rounded(.up)))
    let height = max(1, Int(page.height.rounded(.up)))
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    func fill(_ rect: Rect, gray: UInt8) {
      let x0 = max(0, Int(rect.x))
      let x1 = min(width, Int((rect.maxX).rounded(.up)))
      let y0 = max(0, Int(rect.y))
      let y1 = min(height, Int((rect.maxY).rounded(.up)))
      guard x0 < x1, y0 < y1 else { return }
      for y in y0..<y1 {
        for x in x0..<x1 {
          let i = (y * width + x) * 4
          pixels[i] = gray
          pixels[i + 1] = gray
          pixels[i + 2] = gray
        }
      }
    }
    for image in page.images {
      fill(image.frame, gray: 160)
      fill(
        Rect(
          x: image.frame.x + 2, y: image.frame.y + 2, width: image.frame.width - 4,
          height: image.frame.height - 4), gray: 225)
    }
    for rule in page.rules { fill(rule, gray: 120) }
    for line in page.lines {
      for run in line.runs {
        for (glyph, position) in zip(run.glyphs, run.positions) {
          guard let bitmap = bitmap(run.font, glyph, run.size) else { continue }
          let originX = Int(Double(position.x).rounded()) + bitmap.left
          let originY = Int(Double(position.y).rounded()) - bitmap.top
          let color = run.color
          for row in 0..<bitmap.height {
            let y = originY + row
            guard y >= 0, y < height else { continue }
            for column in 0..<bitmap.width {
              let x = originX + column
              guard x >= 0, x < width else { continue }
              let coverage = Int(bitmap.pixels[row * bitmap.width + column])
              guard coverage > 0 else { continue }
              let i = (y * width + x) * 4
              let ink = [color?.red ?? 0, color?.green ?? 0, color?.blue ?? 0]
              for channel in 0..<3 {
                let old = Int(pixels[i + channel])
                pixels[i + channel] = UInt8(
                  (old * (255 - coverage) + Int(ink[channel]) * coverage) / 255)
              }
            }
          }
        }
      }
    }
    return (pixels, width, height)
  }

  /// Renders the page and writes it as a PNG.
  package func writePNG(_ page: Page, to path: String) throws(TypesettingError) {
    let image = render(page)
    try PNGWriter.write(rgba: image.pixels, width: image.width, height: image.height, to: path)
  }

  private func bitmap(_ font: FontReference, _ glyph: UInt32, _ size: Double) -> GlyphBitmap? {
    let key = GlyphKey(font: font, glyph: glyph, size: size)
    if let cached = glyphs[key] { return cached }
    let face: FreeTypeFace
    if let loaded = faces[font] {
      face = loaded
    } else {
      guard
        let loaded = try? FreeTypeFace(
          file: FontFile(path: font.path, index: font.faceIndex), library: library)
      else { return nil }
      faces[font] = loaded
      face = loaded
    }
    let bitmap = face.render(glyph: glyph, pixelSize: size)
    glyphs[key] = bitmap
    return bitmap
  }
}

/// Renders `page` to a PNG at `path` (for tests and for looking at the typesetting).
package func renderPNG(page: Page, to path: String) throws(TypesettingError) {
  try PageRasterizer().writePNG(page, to: path)
}
