import QuireBook

/// The floated items of a line (inline runs with `float: left` or `right`), left out of
/// its flow and drawn at its edges.
struct FloatedItems {
  var left: [Int] = []
  var right: [Int] = []
  var leftWidth = 0.0
  var rightWidth = 0.0

  /// The floats among `items[range]`, in order.
  init(_ items: [LineItem], _ range: Range<Int>) {
    for i in range {
      switch items[i].float {
      case .left?:
        left.append(i)
        leftWidth += items[i].width
      case .right?:
        right.append(i)
        rightWidth += items[i].width
      case nil: break
      }
    }
  }

  var isEmpty: Bool { left.isEmpty && right.isEmpty }
}

extension LineFinisher {
  /// The floats' own runs, after the flow's: left ones from the left edge, right ones
  /// ending at the right edge, each with its gap of an em towards the text.
  ///
  /// The first line's indent is the text's, not the float's: a float on it stands at the
  /// margin as on the other lines (at the right one when the paragraph is right to left).
  mutating func placeFloats(
    _ floats: FloatedItems, _ line: inout Setting, slot: LineSlot,
    images: inout [(line: Int, image: PlacedImage)]
  ) -> [GlyphRun] {
    let indent = line.index == 0 ? firstLineIndent : 0
    line.drawingFlow = false
    builder.beginLine()
    line.pen = rightToLeft ? 0 : -indent
    for i in floats.left { place(i, &line, images: &images) }
    line.pen = slot.width - floats.rightWidth + (rightToLeft ? indent : 0)
    for i in floats.right { place(i, &line, images: &images) }
    return builder.finish()
  }
}
