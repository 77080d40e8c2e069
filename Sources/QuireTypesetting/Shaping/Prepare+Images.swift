import QuireBook

/// Images in the text and the forced breaks around a tall one.
extension ItemBuilder {
  /// An image in the text: scaled down to the text's ascender when small (it stands on
  /// the baseline without making the line taller), set on a line of its own (scaled to
  /// fit the page) when taller than two lines; a blank em without a known size.
  mutating func addImage(at index: Int, size: Double, ascender: Double) {
    guard let attachment = options.attachments[index], let intrinsic = attachment.intrinsicSize,
      intrinsic.width > 0, intrinsic.height > 0
    else {
      items.append(.box(size, offset: index - base, piece: -1))
      return
    }
    let width = Double(intrinsic.width)
    let height = Double(intrinsic.height)
    if height <= 2 * options.lineHeight {
      let scale = min(1, ascender / height)
      images.append(
        InlineImage(attachment: attachment, width: width * scale, height: height * scale))
      items.append(.box(width * scale, offset: index - base, piece: -2 - (images.count - 1)))
      naturalWidth += width * scale
      return
    }
    let scale = min(1, options.area.width / width, options.area.height / height)
    images.append(InlineImage(attachment: attachment, width: width * scale, height: height * scale))
    let offset = index - base
    if !items.isEmpty { addForcedBreak(at: offset) }
    items.append(.box(width * scale, offset: offset, piece: -2 - (images.count - 1)))
    naturalWidth += width * scale
    if index + 1 < content.upperBound { addForcedBreak(at: offset + 1) }
  }

  /// Ends the line here: a ragged line end and a forced break.
  mutating func addForcedBreak(at offset: Int) {
    items.append(.penalty(KnuthPlass.infinitePenalty, offset: offset))
    items.append(.glue(0, stretch: KnuthPlass.fillStretch, shrink: 0, offset: offset))
    items.append(.penalty(-KnuthPlass.infinitePenalty, offset: offset))
  }
}
