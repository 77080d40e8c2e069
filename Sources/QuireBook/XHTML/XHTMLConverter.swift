import Foundation

/// Converts an XHTML content document (plus the CSS subset it uses) into `StyledText`.
///
/// The document is parsed by `MarkupParser` (broken documents are recovered by libxml2's
/// HTML parser), its stylesheets (`<link rel="stylesheet">`, `<style>`, `style=""`) are
/// cascaded over `UserAgentStylesheet`, and `XHTMLWalker` turns the body into paragraphs.
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
    let sheets = stylesheets(of: parsed.root, warnings: &warnings)
    let resolver = CSSStyleResolver(userAgent: UserAgentStylesheet.sheet, author: sheets)
    var walker = XHTMLWalker(
      documentHref: documentHref, resolver: resolver, maxDepth: limits.maxXMLDepth,
      imageSize: imageSize)
    let text = walker.convert(root: parsed.root)
    if parsed.truncatedDepth || walker.truncatedDepth {
      warnings.append(
        ImportWarning(
          entry: documentHref,
          "elements nested deeper than \(limits.maxXMLDepth) levels were left out"))
    }
    if walker.removedControlCharacters > 0 {
      warnings.append(
        ImportWarning(
          entry: documentHref,
          "\(walker.removedControlCharacters) control characters were removed"))
    }
    return Output(text: text, title: title(of: parsed.root, walker: walker), warnings: warnings)
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

  /// The document's author stylesheets in document order: linked sheets and `<style>`.
  private func stylesheets(of root: MarkupElement, warnings: inout [ImportWarning])
    -> [CSSStylesheet]
  {
    var sheets: [CSSStylesheet] = []
    let elements = root.descendants {
      let name = XHTMLElements.lowercased($0.name)
      return name == "link" || name == "style"
    }
    for element in elements {
      let text: String
      if XHTMLElements.lowercased(element.name) == "style" {
        if let type = element.value(of: "type"), type.lowercased() != "text/css" { continue }
        text = element.textContent
      } else {
        let rel = (element.value(of: "rel") ?? "").lowercased().split(separator: " ")
        guard rel.contains("stylesheet"), !rel.contains("alternate"),
          let href = element.value(of: "href")
        else { continue }
        guard let path = PackagePath.resolve(href, against: documentHref) else { continue }
        guard let loaded = loadStylesheet(path) else {
          warnings.append(ImportWarning(entry: documentHref, "the stylesheet \(path) is missing"))
          continue
        }
        text = loaded
      }
      if text.utf8.count > limits.maxStylesheetSize {
        warnings.append(
          ImportWarning(
            entry: documentHref,
            "a stylesheet of \(text.utf8.count) bytes is over the \(limits.maxStylesheetSize)-byte limit and was ignored"
          ))
        continue
      }
      sheets.append(StylesheetCache.stylesheet(for: text))
    }
    return sheets
  }
}

extension MarkupElement {
  /// The first child element matching `predicate`.
  fileprivate func firstChild(where predicate: (MarkupElement) -> Bool) -> MarkupElement? {
    elements.first(where: predicate)
  }
}
