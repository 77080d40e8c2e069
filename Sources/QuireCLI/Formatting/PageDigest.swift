import QuireBook
import QuireTypesetting

/// A SHA-256 over everything a page shows: ranges, line boxes, baselines, glyph ids,
/// positions and clusters, images and rules.
///
/// Two layouts with the same digest draw the same pixels, so `quire paginate --digest`
/// tells whether an engine change moved anything, on a whole book at once.
struct PageDigest {
  private var hasher = SHA256()
  private var scratch: [UInt8] = []

  /// Adds a chapter's pages.
  mutating func add(chapter: Int, pages: [Page]) {
    append(chapter)
    append(pages.count)
    for page in pages { add(page) }
    flush()
  }

  /// The lower-case hex digest; call once, after the last chapter.
  mutating func finish() -> String {
    flush()
    return hasher.hexDigest()
  }

  private mutating func add(_ page: Page) {
    append(page.range.lowerBound)
    append(page.range.upperBound)
    append(page.lines.count)
    for line in page.lines {
      append(line.range.lowerBound)
      append(line.range.upperBound)
      append(line.frame)
      append(line.baseline)
      append(line.isHyphenated ? 1 : 0)
      append(line.runs.count)
      // Ruby readings count only where there are some: digests of books without ruby
      // stay as they were.
      if !line.annotations.isEmpty { append(line.annotations.count) }
      for run in line.annotations.isEmpty ? line.runs : line.runs + line.annotations {
        scratch.append(contentsOf: run.font.path.utf8)
        append(run.font.faceIndex)
        append(run.size)
        append(run.range.lowerBound)
        append(run.range.upperBound)
        append(run.glyphs.count)
        for glyph in run.glyphs { append(Int(glyph)) }
        for position in run.positions {
          append(Int(position.x.bitPattern))
          append(Int(position.y.bitPattern))
        }
        for cluster in run.clusters { append(Int(cluster)) }
      }
    }
    append(page.images.count)
    for image in page.images {
      append(image.attachment.offset)
      append(image.frame)
    }
    append(page.rules.count)
    for rule in page.rules { append(rule) }
    if scratch.count > 1 << 16 { flush() }
  }

  private mutating func append(_ rect: Rect) {
    append(rect.x)
    append(rect.y)
    append(rect.width)
    append(rect.height)
  }

  private mutating func append(_ value: Double) {
    append(Int(truncatingIfNeeded: value.bitPattern))
  }

  private mutating func append(_ value: Int) {
    withUnsafeBytes(of: Int64(value).littleEndian) { scratch.append(contentsOf: $0) }
  }

  private mutating func flush() {
    scratch.withUnsafeBytes { hasher.update($0) }
    scratch.removeAll(keepingCapacity: true)
  }
}
