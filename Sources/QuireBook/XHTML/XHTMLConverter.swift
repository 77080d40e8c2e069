import Foundation

/// Converts an XHTML content document (plus the CSS subset it uses) into `StyledText`.
/// (Skeleton: plain paragraphs of the body's text; the XHTML work replaces the inside
/// and keeps this interface.)
package struct XHTMLConverter {
  /// What a conversion produces.
  package struct Output: Sendable {
    package var text: StyledText
    /// The document's title (`<title>` or first heading), when it has one.
    package var title: String?
    package var warnings: [ImportWarning]
  }

  /// Package path of the document being converted, for resolving relative hrefs.
  package var documentHref: String
  /// The book's path, for error messages.
  package var bookPath: String
  package var limits: ImportLimits
  /// Returns the text of the stylesheet at a package path, or nil when it is missing.
  package var loadStylesheet: (String) -> String?
  /// Returns the intrinsic size of the image at a package path, when it can be read.
  package var imageSize: (String) -> Attachment.Size?

  package init(
    documentHref: String, bookPath: String, limits: ImportLimits,
    loadStylesheet: @escaping (String) -> String? = { _ in nil },
    imageSize: @escaping (String) -> Attachment.Size? = { _ in nil }
  ) {
    self.documentHref = documentHref
    self.bookPath = bookPath
    self.limits = limits
    self.loadStylesheet = loadStylesheet
    self.imageSize = imageSize
  }

  /// Converts the document's bytes; never fails (a broken document yields what could be
  /// recovered plus warnings, an unreadable one a notice paragraph).
  package func convert(_ bytes: [UInt8]) -> Output {
    do {
      let parsed = try MarkupParser.parse(
        bytes, mode: .xhtmlRecovering, path: bookPath, entry: documentHref,
        maxDepth: limits.maxXMLDepth)
      var builder = StyledTextBuilder()
      for line in parsed.root.textContent.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty {
          builder.beginParagraph(ParagraphStyle())
          builder.append(trimmed)
          builder.endParagraph()
        }
      }
      return Output(text: builder.build(), title: nil, warnings: [])
    } catch {
      var builder = StyledTextBuilder()
      builder.append("[This chapter could not be read: \(error)]")
      return Output(
        text: builder.build(), title: nil,
        warnings: [ImportWarning(entry: documentHref, "\(error)")])
    }
  }
}
