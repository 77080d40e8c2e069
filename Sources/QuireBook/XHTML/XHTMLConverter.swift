import Foundation

/// Converts an XHTML content document (plus the CSS subset it uses) into `StyledText`.
///
/// The document is parsed by `MarkupParser` (broken documents are recovered by libxml2's
/// HTML parser), its stylesheets (`<link rel="stylesheet">`, `<style>`, their `@import`s,
/// `style=""`) are cascaded over `UserAgentStylesheet`, and `XHTMLWalker` turns the body
/// into paragraphs. The sheets' `@font-face` rules become the text's `fontFaces`.
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
  /// Turns the font at a package path into a file the typesetter can load; nil leaves
  /// `@font-face` rules unused (and unreported).
  package var loadFont: ((String) -> FontLoad)?
  /// The designed width of a fixed-layout page (CSS pixels), whose SVG text is kept as
  /// placed, invisible text over the SVG's picture; nil for a reflowed document.
  package var fixedPageWidth: Double?

  package init(
    documentHref: String, bookPath: String, limits: ImportLimits,
    loadStylesheet: @escaping (String) -> String? = { _ in nil },
    imageSize: @escaping (String) -> Attachment.Size? = { _ in nil },
    loadFont: ((String) -> FontLoad)? = nil
  ) {
    self.documentHref = documentHref
    self.bookPath = bookPath
    self.limits = limits
    self.loadStylesheet = loadStylesheet
    self.imageSize = imageSize
    self.loadFont = loadFont
  }

  /// Converts the document's bytes; never fails (a broken document yields what could be
  /// recovered plus warnings, an unreadable one a notice paragraph).
  package func convert(_ bytes: [UInt8]) -> Output {
    let parsed: MarkupParser.Result
    do {
      parsed = try MarkupParser.parse(
        bytes, mode: .xhtmlRecovering, path: bookPath, entry: documentHref,
        maxDepth: limits.maxXMLDepth)
    } catch {
      var builder = StyledTextBuilder()
      builder.append("[This chapter could not be read: \(error)]")
      let detail = (error as? BookError)?.detail ?? "\(error)"
      return Output(
        text: builder.build(), title: nil, warnings: [ImportWarning(entry: documentHref, detail)])
    }
    var warnings: [ImportWarning] = []
    if parsed.recovered {
      warnings.append(
        ImportWarning(
          entry: documentHref, "the XHTML is not well-formed; recovered with the HTML parser"))
    }
    for entity in parsed.skippedEntities {
      warnings.append(
        ImportWarning(entry: documentHref, "text of an entity was left out: \(entity)"))
    }
    var output = convert(document: parsed.root, truncatedDepth: parsed.truncatedDepth)
    output.warnings = warnings + output.warnings
    return output
  }

  /// Converts a document already parsed, or built by an importer from another markup
  /// (FB2, old Mobipocket HTML): the same cascade and walk as `convert(_:)`.
  /// `truncatedDepth` says the parse already dropped elements nested too deep.
  package func convert(document root: MarkupElement, truncatedDepth: Bool = false) -> Output {
    var warnings: [ImportWarning] = []
    let sheets = stylesheets(of: root, warnings: &warnings)
    let resolver = CSSStyleResolver(
      userAgent: UserAgentStylesheet.sheet, author: sheets.map(\.sheet))
    var walker = XHTMLWalker(
      documentHref: documentHref, resolver: resolver, maxDepth: limits.maxXMLDepth,
      imageSize: imageSize)
    walker.fixedPageWidth = fixedPageWidth
    var text = walker.convert(root: root)
    text.fontFaces = fontFaces(of: sheets, usedBy: text, warnings: &warnings)
    if truncatedDepth || walker.truncatedDepth {
      warnings.append(
        ImportWarning(
          entry: documentHref,
          "elements nested deeper than \(limits.maxXMLDepth) levels were left out"))
    }
    if walker.removedControlCharacters > 0 {
      warnings.append(
        ImportWarning(
          entry: documentHref,
          walker.removedControlCharacters == 1
            ? "1 control character was removed"
            : "\(walker.removedControlCharacters) control characters were removed"))
    }
    return Output(text: text, title: title(of: root, walker: walker), warnings: warnings)
  }

  /// `<title>` when it has text, else the first heading's text.
  private func title(of root: MarkupElement, walker: XHTMLWalker) -> String? {
    let head = root.firstChild { XHTMLElements.lowercased($0.name) == "head" }
    if let title = head?.firstChild(where: { XHTMLElements.lowercased($0.name) == "title" }) {
      let text = XHTMLText.collapsed(title.textContent)
      if !text.isEmpty { return text }
    }
    return walker.firstHeading
  }
}

extension MarkupElement {
  /// The first child element matching `predicate`.
  fileprivate func firstChild(where predicate: (MarkupElement) -> Bool) -> MarkupElement? {
    elements.first(where: predicate)
  }
}
