extension Book {
  /// Whether any chapter has the book's own narration (an EPUB 3 media overlay).
  public var hasNarration: Bool { chapters.contains { $0.mediaOverlayHref != nil } }

  /// The media overlay of chapter `index`, read from its SMIL document, with the problems
  /// met (a clip without text, a time that is not a clock value); nil with a warning when
  /// the document is missing or broken, nil alone when the chapter has none.
  public func mediaOverlay(ofChapter index: Int) -> (
    overlay: MediaOverlay?, warnings: [ImportWarning]
  ) {
    guard chapters.indices.contains(index), let href = chapters[index].mediaOverlayHref else {
      return (nil, [])
    }
    do {
      let bytes = try resource(at: href)
      return try MediaOverlayDocument.parse(
        [UInt8](bytes), href: href, bookPath: path, maxDepth: ImportLimits().maxXMLDepth)
    } catch let error as BookError {
      return (nil, [ImportWarning(entry: href, "the narration cannot be read: \(error.detail)")])
    } catch {
      return (nil, [ImportWarning(entry: href, "the narration cannot be read: \(error)")])
    }
  }
}

extension Book {
  /// The colour the book gives the text its narration is reading in chapter `index`: the
  /// `background-color` (else the `color`) of the last rule for the `media:active-class`
  /// class in the chapter's stylesheets; nil when the book names no class or no colour.
  public func narrationColour(ofChapter index: Int) -> Color? {
    guard let activeClass = metadata.mediaActiveClass, !activeClass.isEmpty,
      chapters.indices.contains(index), let href = chapters[index].href,
      let bytes = try? resource(at: href),
      let document = try? MarkupParser.parse(
        [UInt8](bytes), mode: .xhtmlRecovering, path: path, entry: href)
    else { return nil }
    var colour: Color?
    let elements = document.root.descendants {
      let name = $0.name.lowercased()
      return name == "link" || name == "style"
    }
    for element in elements {
      let css: String?
      if element.name.lowercased() == "style" {
        css = element.textContent
      } else if (element.attribute("rel") ?? "").lowercased().contains("stylesheet"),
        let link = element.attribute("href"), let target = PackagePath.resolve(link, against: href),
        let data = try? resource(at: target)
      {
        css = String(decoding: data, as: UTF8.self)
      } else {
        css = nil
      }
      guard let css, css.utf8.count <= ImportLimits().maxStylesheetSize else { continue }
      for rule in StylesheetCache.stylesheet(for: css).rules
      where rule.selectors.contains(where: {
        $0.compounds.last?.classes.contains(activeClass) == true
      }) {
        var background: Color?
        var foreground: Color?
        for property in rule.properties {
          switch property.declaration {
          case .backgroundColor(let value?): background = value
          case .color(let value?): foreground = value
          default: break
          }
        }
        colour = background ?? foreground ?? colour
      }
    }
    return colour
  }
}
