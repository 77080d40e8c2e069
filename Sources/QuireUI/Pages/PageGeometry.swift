public import QuireTypesetting

/// Where the characters of a laid-out page are: the character at a point, and the boxes of
/// a character range. The same for pixel pages and cell pages (whose unit is a cell).
///
/// Each glyph's box runs from its pen position to the next glyph's on the line (its own
/// advance for the line's last glyph), from the line's top to its bottom. A ligature's box
/// belongs to its first character. In a vertical column the same holds downwards: a box
/// runs from its glyph's pen to the next one's, across the whole column.
public struct PageGeometry: Sendable {
  /// A glyph's box and the chapter offset of its character.
  struct Box: Sendable {
    var rect: Rect
    var offset: Int
  }

  private let lines: [(frame: Rect, boxes: [Box], isVertical: Bool)]

  /// The geometry of `page`.
  ///
  /// - Complexity: O(glyphs log glyphs).
  public init(page: Page, ambiguousWide: Bool = false) {
    lines = page.lines.map { line in
      if line.isVertical { return (line.frame, Self.columnBoxes(of: line), true) }
      var glyphs: [(x: Double, offset: Int, cells: Int?, size: Double)] = []
      for run in line.runs {
        let isCells = run.font.path.isEmpty
        for index in run.glyphs.indices {
          let offset =
            run.clusters.indices.contains(index) ? Int(run.clusters[index]) : run.range.lowerBound
          let cells =
            isCells
            ? Unicode.Scalar(run.glyphs[index]).map {
              Typesetting.cellWidth(of: $0, ambiguousWide: ambiguousWide)
            } : nil
          glyphs.append((Double(run.positions[index].x), offset, cells, run.size))
        }
      }
      glyphs.sort { $0.x < $1.x }
      var boxes: [Box] = []
      for (index, glyph) in glyphs.enumerated() {
        let width: Double
        if let cells = glyph.cells {
          width = Double(cells)
        } else if index + 1 < glyphs.count {
          width = glyphs[index + 1].x - glyph.x
        } else {
          width = glyph.size * 0.5
        }
        guard width > 0 else { continue }
        boxes.append(
          Box(
            rect: Rect(x: glyph.x, y: line.frame.y, width: width, height: line.frame.height),
            offset: glyph.offset))
      }
      return (line.frame, boxes, false)
    }
  }

  /// The chapter offset of the character under (`x`, `y`) in page coordinates; nil when no
  /// character is there.
  public func offset(atX x: Double, y: Double) -> Int? {
    for line in lines where y >= line.frame.y && y < line.frame.maxY {
      if let box = line.boxes.last(where: {
        $0.rect.x <= x && x < $0.rect.maxX && $0.rect.y <= y && y < $0.rect.maxY
      }) {
        return box.offset
      }
    }
    return nil
  }

  /// The boxes of the characters of `range`, one per run of neighbouring characters on a
  /// line: what a selection, a search hit or a highlight paints.
  public func rectangles(of range: Range<Int>) -> [Rect] {
    var result: [Rect] = []
    for line in lines {
      var current: Rect?
      for box in line.boxes {
        if range.contains(box.offset) {
          if let open = current, line.isVertical, abs(open.maxY - box.rect.y) < 0.5 {
            current?.height = box.rect.maxY - open.y
          } else if let open = current, !line.isVertical, abs(open.maxX - box.rect.x) < 0.5 {
            current?.width = box.rect.maxX - open.x
          } else {
            if let open = current { result.append(open) }
            current = box.rect
          }
        } else if let open = current {
          result.append(open)
          current = nil
        }
      }
      if let open = current { result.append(open) }
    }
    return result
  }

  /// Every character offset that has a glyph on the page, in visual order.
  public var offsets: [Int] { lines.flatMap { $0.boxes.map(\.offset) } }
}
