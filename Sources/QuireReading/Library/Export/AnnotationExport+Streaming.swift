public import Foundation
import QuireBook

extension AnnotationExport {
  /// Writes the export as JSON a piece at a time — the same document `jsonData()` makes,
  /// keys sorted — so that an export of a hundred thousand highlights never holds its
  /// whole text, or an encoder's tree of it, in memory: only one annotation's at a time.
  ///
  /// - Parameter write: takes each piece in order.
  public func writeJSON(to write: (String) throws -> Void) throws {
    let encoder = JSONCoding.encoder()
    func encoded(_ value: some Encodable, indent: Int) throws -> String {
      let text = String(decoding: try encoder.encode(value), as: UTF8.self)
      let pad = String(repeating: " ", count: indent)
      return text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated().map { $0.offset == 0 ? String($0.element) : pad + $0.element }
        .joined(separator: "\n")
    }
    func list(_ items: [some Encodable], key: String) throws {
      guard !items.isEmpty else {
        try write("  \"\(key)\" : [\n\n  ],\n")
        return
      }
      try write("  \"\(key)\" : [\n")
      for (index, item) in items.enumerated() {
        try write(
          "    " + (try encoded(item, indent: 4)) + (index + 1 < items.count ? ",\n" : "\n"))
      }
      try write("  ],\n")
    }
    try write("{\n  \"book\" : " + (try encoded(book, indent: 2)) + ",\n")
    try list(bookmarks, key: "bookmarks")
    try write("  \"exportedAt\" : " + (try encoded(exportedAt, indent: 2)) + ",\n")
    try write("  \"format\" : " + (try encoded(format, indent: 2)) + ",\n")
    try list(highlights, key: "highlights")
    try write("  \"version\" : \(version)\n}")
  }

  /// `markdown(timeZone:)` a piece at a time (the title, then an annotation at a time).
  public func writeMarkdown(timeZone: TimeZone = .current, to write: (String) throws -> Void)
    rethrows
  {
    try markdownPieces(timeZone: timeZone, write)
  }

  /// `org(timeZone:)` a piece at a time (the title, then an annotation at a time).
  public func writeOrg(timeZone: TimeZone = .current, to write: (String) throws -> Void)
    rethrows
  {
    try orgPieces(timeZone: timeZone, write)
  }
}
