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
