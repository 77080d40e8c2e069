/// Imports Kindle books without DRM: KF8 (AZW3, and the KF8 half of a hybrid MOBI) and old
/// Mobipocket (MOBI 6), through libmobi.
///
/// libmobi rebuilds the book's files (`MobipocketFile`): KF8 parts as XHTML with their CSS,
/// old MOBI markup as one HTML document (split into pages here, `MobipocketMarkup`), images
/// and fonts, an OPF package from the EXTH metadata (title, authors, language, cover) and
/// an NCX from the book's index. `MobipocketContainer` lays them out as an EPUB's files, so
/// the EPUB importer reads them: the same XHTML and CSS path, contents, links and fonts.
enum MobipocketImporter {
  /// Opens the MOBI or AZW3 file at `path`.
  /// - Throws: `BookError`: `.protectedByDRM` for a DRM book, `.corruptArchive` for a
  ///   damaged one, `.limitExceeded` for one over the limits.
  static func importBook(path: String, options: ImportOptions) throws -> Book {
    let file = try MobipocketFile.read(path: path, limits: options.limits)
    let container = try MobipocketContainer(book: file, path: path, limits: options.limits)
    return try EPUBImporter.importBook(
      from: container, path: path, options: options, format: file.isKF8 ? .kf8 : .mobi)
  }
}
