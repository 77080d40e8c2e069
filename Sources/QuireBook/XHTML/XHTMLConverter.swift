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
  /// Turns the font at a package path into a file the typesetter can load.
  package var loadFont: (String) -> FontLoad

  package init(
    documentHref: String, bookPath: String, limits: ImportLimits,
    loadStylesheet: @escaping (String) -> String? = { _ in nil },
    imageSize: @escaping (String) -> Attachment.Size? = { _ in nil },
    loadFont: @escaping (String) -> FontLoad = { _ in .failed("is not available") }
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
    let sheets = stylesheets(of: parsed.root, warnings: &warnings)
    let resolver = CSSStyleResolver(
      userAgent: UserAgentStylesheet.sheet, author: sheets.map(\.sheet))
    var walker = XHTMLWalker(
      documentHref: documentHref, resolver: resolver, maxDepth: limits.maxXMLDepth,
      imageSize: imageSize)
    var text = walker.convert(root: parsed.root)
    text.fontFaces = fontFaces(of: sheets, warnings: &warnings)
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

  /// The document's author stylesheets in cascade order (linked sheets and `<style>`, each
  /// after the sheets it imports), with the package path their URLs are relative to.
  private func stylesheets(of root: MarkupElement, warnings: inout [ImportWarning])
    -> [LocatedStylesheet]
  {
    var sheets: [LocatedStylesheet] = []
    let elements = root.descendants {
      let name = XHTMLElements.lowercased($0.name)
      return name == "link" || name == "style"
    }
    for element in elements {
      if XHTMLElements.lowercased(element.name) == "style" {
        if let type = element.value(of: "type"), type.lowercased() != "text/css" { continue }
        if let media = element.value(of: "media"), !CSSMediaQuery.applies(Substring(media)) {
          continue
        }
        append(element.textContent, at: documentHref, to: &sheets, warnings: &warnings)
      } else {
        let rel = (element.value(of: "rel") ?? "").lowercased().split(separator: " ")
        guard rel.contains("stylesheet"), !rel.contains("alternate"),
          let href = element.value(of: "href")
        else { continue }
        if let media = element.value(of: "media"), !CSSMediaQuery.applies(Substring(media)) {
          continue
        }
        guard let path = PackagePath.resolve(href, against: documentHref) else { continue }
        appendLinked(path, to: &sheets, warnings: &warnings, importDepth: 0)
      }
    }
    return sheets
  }

  /// Most levels of `@import` followed from a document's own sheets.
  static let maxImportDepth = 4

  /// A stylesheet with the package path its relative URLs resolve against.
  private struct LocatedStylesheet {
    var sheet: CSSStylesheet
    var base: String
  }

  private func appendLinked(
    _ path: String, to sheets: inout [LocatedStylesheet], warnings: inout [ImportWarning],
    importDepth: Int
  ) {
    guard let text = loadStylesheet(path) else {
      warnings.append(ImportWarning(entry: documentHref, "the stylesheet \(path) is missing"))
      return
    }
    append(text, at: path, to: &sheets, warnings: &warnings, importDepth: importDepth)
  }

  /// Parses `text` (found at package path `base`) and appends it after its imports.
  private func append(
    _ text: String, at base: String, to sheets: inout [LocatedStylesheet],
    warnings: inout [ImportWarning], importDepth: Int = 0
  ) {
    if text.utf8.count > limits.maxStylesheetSize {
      warnings.append(
        ImportWarning(
          entry: documentHref,
          "a stylesheet of \(text.utf8.count) bytes is over the \(limits.maxStylesheetSize)-byte limit and was ignored"
        ))
      return
    }
    let sheet = StylesheetCache.stylesheet(for: text)
    if importDepth < Self.maxImportDepth {
      for url in sheet.imports {
        guard let path = PackagePath.resolve(url, against: base),
          !sheets.contains(where: { $0.base == path }), path != base
        else { continue }
        appendLinked(path, to: &sheets, warnings: &warnings, importDepth: importDepth + 1)
      }
    }
    sheets.append(LocatedStylesheet(sheet: sheet, base: base))
  }

  /// The usable `@font-face` rules of the sheets, each font file cached once.
  private func fontFaces(of sheets: [LocatedStylesheet], warnings: inout [ImportWarning])
    -> [FontFace]
  {
    var faces: [FontFace] = []
    for located in sheets {
      for face in located.sheet.fontFaces {
        guard let path = PackagePath.resolve(face.url, against: located.base) else {
          warnings.append(
            ImportWarning(
              entry: located.base,
              "the font \(face.url) of \"\(face.family)\" is outside the book; ignored"))
          continue
        }
        switch loadFont(path.split(separator: "#").first.map(String.init) ?? path) {
        case .file(let file):
          faces.append(
            FontFace(family: face.family, weight: face.weight, isItalic: face.isItalic, path: file))
        case .failed(let reason):
          warnings.append(
            ImportWarning(
              entry: path,
              "the font of \"\(face.family)\" \(reason); the book's fallback family is used"))
        }
      }
    }
    return faces
  }
}

extension MarkupElement {
  /// The first child element matching `predicate`.
  fileprivate func firstChild(where predicate: (MarkupElement) -> Bool) -> MarkupElement? {
    elements.first(where: predicate)
  }
}
