import QuireBook

extension Locator {
  /// The five column values a locator is stored as: chapter, offset, progression, text
  /// before, text after (the order of every locator column group in the schema).
  var columnValues: [any SQLiteBindable] {
    [chapterIndex, offset, totalProgression, textBefore, textAfter]
  }

  /// Reads a locator stored as five columns starting at `column`.
  init(row: Row, at column: Int32) {
    self.init(
      chapterIndex: row.int(column), offset: row.int(column + 1),
      totalProgression: row.optionalDouble(column + 2),
      textBefore: row.optionalString(column + 3), textAfter: row.optionalString(column + 4))
  }
}
