/// Parsed stylesheets shared across the chapters of a book (and books): every chapter of a
/// Standard Ebooks book links the same two sheets, parsed once instead of 400 times.
enum StylesheetCache {
  /// Most distinct sheets kept; the cache is emptied when full.
  static let capacity = 64

  private static let sheets = Locked<[String: CSSStylesheet]>([:])

  /// The parsed form of `text`.
  static func stylesheet(for text: String) -> CSSStylesheet {
    if let cached = sheets.withLock({ $0[text] }) { return cached }
    let parsed = CSSStylesheet(parsing: text)
    sheets.withLock {
      if $0.count >= capacity { $0.removeAll() }
      $0[text] = parsed
    }
    return parsed
  }
}
