import Foundation
import Glibc

extension Book {
  /// Opens the book at `path`: a TXT file, an EPUB file, or an unpacked EPUB folder.
  ///
  /// The format is decided by content, not by the file name: a folder with
  /// `META-INF/container.xml` or a ZIP file is an EPUB; anything else must be text. A
  /// FIFO, a socket or a device is refused before it is opened (see `BookFile`).
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
      let container = try DirectoryContainer(path: path, limits: options.limits)
      return try EPUBImporter.importBook(from: container, path: path, options: options)
    case .other(let what):
      throw BookFile.refusal(.other(what), path: path)
    case .regular:
      break
    }
    let (descriptor, _) = try BookFile.openRegular(path)
    var magic = [UInt8](repeating: 0, count: 4)
    let count = magic.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, 4) }
    Glibc.close(descriptor)
    magic.removeSubrange(max(count, 0)...)
    if magic.starts(with: [0x50, 0x4B, 0x03, 0x04]) || magic.starts(with: [0x50, 0x4B, 0x05, 0x06])
    {
      let container = try ZipContainer(path: path, limits: options.limits)
      return try EPUBImporter.importBook(from: container, path: path, options: options)
    }
    return try TXTImporter.importBook(path: path, options: options)
  }
}
