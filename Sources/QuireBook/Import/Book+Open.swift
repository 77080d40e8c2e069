import Foundation

extension Book {
  /// Opens the book at `path`: a TXT file, an EPUB file, or an unpacked EPUB folder.
  ///
  /// The format is decided by content, not by the file name: a folder with
  /// `META-INF/container.xml` or a ZIP file is an EPUB; anything else must be text.
  /// - Throws: `BookError` naming the file and what is wrong.
  public static func open(_ path: String, options: ImportOptions = ImportOptions()) throws -> Book {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw BookError(.fileNotFound, path: path, "no such file or folder")
    }
    if isDirectory.boolValue {
      let container = try DirectoryContainer(path: path, limits: options.limits)
      return try EPUBImporter.importBook(from: container, path: path, options: options)
    }
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    } catch {
      throw BookError(.unreadable, path: path, "cannot be read (permission denied?)")
    }
    let magic = (try? handle.read(upToCount: 4)).map { [UInt8]($0) } ?? []
    try? handle.close()
    if magic.starts(with: [0x50, 0x4B, 0x03, 0x04]) || magic.starts(with: [0x50, 0x4B, 0x05, 0x06])
    {
      let container = try ZipContainer(path: path, limits: options.limits)
      return try EPUBImporter.importBook(from: container, path: path, options: options)
    }
    return try TXTImporter.importBook(path: path, options: options)
  }
}
