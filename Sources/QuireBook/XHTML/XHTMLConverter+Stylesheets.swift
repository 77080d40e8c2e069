import Foundation

extension XHTMLConverter {
  /// The document's author stylesheets in cascade order (linked sheets and `<style>`, each
  /// after the sheets it imports), with the package path their URLs are relative to.
  func stylesheets(of root: MarkupElement, warnings: inout [ImportWarning])
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
        guard let path = PackagePath.resolve(href, against: documentHref) else {
          warnings.append(outside(href))
          continue
        }
        appendLinked(path, to: &sheets, warnings: &warnings, importDepth: 0)
      }
    }
    return sheets
  }

  /// Most levels of `@import` followed from a document's own sheets.
  static let maxImportDepth = 4

  /// A stylesheet with the package path its relative URLs resolve against.
  struct LocatedStylesheet {
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
        guard let path = PackagePath.resolve(url, against: base) else {
          warnings.append(outside(url))
          continue
        }
        guard !sheets.contains(where: { $0.base == path }), path != base else { continue }
        appendLinked(path, to: &sheets, warnings: &warnings, importDepth: importDepth + 1)
      }
    }
    sheets.append(LocatedStylesheet(sheet: sheet, base: base))
  }

  /// The usable `@font-face` rules of the sheets, each font file cached once.
  ///
  /// Only faces of families that `text` names are loaded: a chapter without code never
  /// reads the book's monospaced fonts.
  func fontFaces(
    of sheets: [LocatedStylesheet], usedBy text: StyledText, warnings: inout [ImportWarning]
  ) -> [FontFace] {
    var faces: [FontFace] = []
    guard let loadFont, sheets.contains(where: { !$0.sheet.fontFaces.isEmpty }) else {
      return faces
    }
    var lists: Set<String> = []
    for run in text.runs {
      if case .named(let list) = run.value.fontFamily { lists.insert(list) }
    }
    let used = Set(
      lists.flatMap { $0.split(separator: ",") }.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      })
    for located in sheets {
      for face in located.sheet.fontFaces where used.contains(face.family.lowercased()) {
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

  /// The warning for a stylesheet whose address leaves the book (`../../x.css`, `/etc/x`,
  /// `https://…`): it is never fetched, and the reader is told.
  private func outside(_ reference: String) -> ImportWarning {
    ImportWarning(
      entry: documentHref,
      "the stylesheet \(reference) is outside the book and was not loaded")
  }
}
