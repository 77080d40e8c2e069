extension EPUBImporter {
  static let containerPath = "META-INF/container.xml"
  static let epubMediaType = "application/epub+zip"
  static let packageMediaType = "application/oebps-package+xml"

  /// Warnings about the `mimetype` file, which a strict EPUB starts with; books without it
  /// are common enough that they are read anyway.
  static func mimetypeWarnings(_ container: any ResourceContainer) -> [ImportWarning] {
    guard container.contains("mimetype") else {
      return [ImportWarning(entry: "mimetype", "is missing; read as an EPUB anyway")]
    }
    guard let data = try? container.read("mimetype") else {
      return [ImportWarning(entry: "mimetype", "cannot be read; read as an EPUB anyway")]
    }
    let value = collapsedWhitespace(String(decoding: data.prefix(200), as: UTF8.self))
    if value == epubMediaType { return [] }
    return [
      ImportWarning(
        entry: "mimetype", "says \"\(value)\" instead of \(epubMediaType); read as an EPUB anyway")
    ]
  }

  /// The package path of the OPF: the first `rootfile` of `META-INF/container.xml`, else
  /// (with a warning) the only `.opf` file of a book that lacks container.xml.
  static func packageDocumentPath(
    in container: any ResourceContainer, path: String, warnings: inout [ImportWarning]
  ) throws -> String {
    guard container.contains(containerPath) else {
      let candidates = container.entryNames.filter { $0.lowercased().hasSuffix(".opf") }
      guard let first = candidates.first else {
        throw BookError(
          .invalidPackage, path: path,
          "\(containerPath) is missing and there is no package document (.opf): "
            + "this is not an EPUB")
      }
      warnings.append(
        ImportWarning(entry: containerPath, "is missing; using the package document \(first)"))
      return first
    }
    let root = try MarkupParser.parse(
      [UInt8](try container.read(containerPath)), mode: .xml, path: path, entry: containerPath
    ).root
    let rootfiles = root.descendants { $0.name == "rootfile" }
    let rootfile =
      rootfiles.first { $0.attribute("media-type") == packageMediaType } ?? rootfiles.first
    guard let fullPath = rootfile?.attribute("full-path"), !fullPath.isEmpty else {
      throw BookError(
        .invalidPackage, path: path, entry: containerPath,
        "names no package document (no <rootfile full-path=…>)")
    }
    guard PackagePath.isSafeEntryName(fullPath), container.contains(fullPath) else {
      throw BookError(
        .invalidPackage, path: path, entry: containerPath,
        "names the package document \(fullPath), which is not in the book")
    }
    return fullPath
  }

  /// Notes about the package that do not stop the import.
  static func packageWarnings(_ package: PackageDocument, container: any ResourceContainer)
    -> [ImportWarning]
  {
    var warnings: [ImportWarning] = []
    if let cover = package.metadata.coverHref, !container.contains(cover) {
      warnings.append(ImportWarning(entry: cover, "the cover image is missing from the book"))
    }
    return warnings
  }
}
