import QuireTypesetting

extension ReaderController {
  /// The viewport's page frames in reading order: left to right, or right to left in a
  /// book whose pages turn that way (its first page of a spread on the right).
  var readingFrames: [Rect] {
    book.metadata.progressesRightToLeft ? layout.frames.reversed() : layout.frames
  }
}
