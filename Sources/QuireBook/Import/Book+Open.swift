import Foundation
import Glibc

extension Book {
  /// Opens the book at `path`: a TXT file, an EPUB file or an unpacked EPUB folder, a
  /// FictionBook (`.fb2`, `.fb2.zip`), a Kindle book (MOBI, AZW3) or a comic (CBZ).
  ///
  /// The format is decided by content, not by the file name (`FileSignature`): a folder
  /// with `META-INF/container.xml` is an EPUB; a ZIP is an EPUB, a zipped FictionBook or a
  /// comic (`ArchiveKind`); XML whose root is `<FictionBook>` is an FB2; a Palm database
  /// marked `BOOKMOBI` is a Kindle book; anything else must be text. A FIFO, a socket or a
  /// device is refused before it is opened (see `BookFile`).
  /// - Throws: `BookError` naming the file and what is wrong.
  public static func open(_ path: String, options: ImportOptions = ImportOptions()) throws -> Book {
    let book = try openAsWritten(path, options: options)
    guard let conversion = options.scriptConversion else { return book }
    do {
      return try book.converted(conversion)
    } catch {
      // Without OpenCC's data the book still opens, as written, and says why.
      return Book(
        path: book.path, format: book.format, metadata: book.metadata, chapters: book.chapters,
        toc: book.toc,
        warnings: book.warnings + [ImportWarning("not shown in \(conversion.rawValue): \(error)")],
        contentHash: { book.contentHash }, content: book.content)
    }
  }

  /// The book at `path` in its own script.
  private static func openAsWritten(_ path: String, options: ImportOptions) throws -> Book {
    switch BookFile.kind(at: path) {
    case nil:
      throw BookError(.fileNotFound, path: path, "no such file or folder")
    case .directory:
      // Only an unpacked EPUB is a book folder: anything else is refused before it is
      // walked, so `quire info /` names the folder, not some file deep inside it.
      guard BookFile.kind(at: path + "/META-INF/container.xml") != nil else {
        throw BookFile.refusal(.directory, path: path)
      }
      let container = try DirectoryContainer(path: path, limits: options.limits)
      return try EPUBImporter.importBook(from: container, path: path, options: options)
    case .other(let what):
      throw BookFile.refusal(.other(what), path: path)
    case .regular:
      break
    }
    let (descriptor, _) = try BookFile.openRegular(path)
    var prefix = [UInt8](repeating: 0, count: FileSignature.prefixLength)
    let count = prefix.withUnsafeMutableBytes {
      Glibc.read(descriptor, $0.baseAddress!, FileSignature.prefixLength)
    }
    Glibc.close(descriptor)
    prefix.removeSubrange(max(count, 0)...)
    let signature = FileSignature(prefix: prefix)
    switch signature {
    case .zip:
      let container = try ZipContainer(path: path, limits: options.limits)
      switch ArchiveKind(entryNames: container.entryNames) {
      case .epub:
        return try EPUBImporter.importBook(from: container, path: path, options: options)
      case .fictionBook(let entry):
        return try FB2Importer.importBook(
          from: container, entry: entry, path: path, options: options)
      case .comic:
        return try ComicImporter.importBook(
          from: container, path: path, format: .cbz, options: options)
      }
    case .sevenZip, .rar:
      let container = try ArchiveContainer(
        path: path, kind: signature == .sevenZip ? .sevenZip : .rar, limits: options.limits)
      return try ComicImporter.importBook(
        from: container, path: path, format: .comicArchive(container.kind.rawValue),
        options: options)
    case .fictionBook:
      return try FB2Importer.importBook(path: path, options: options)
    case .mobipocket:
      return try MobipocketImporter.importBook(path: path, options: options)
    case .other:
      return try TXTImporter.importBook(path: path, options: options)
    }
  }
}
