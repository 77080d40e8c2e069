/// Imports plain-text books. (Skeleton: implemented by the TXT work.)
enum TXTImporter {
  static func importBook(path: String, options: ImportOptions) throws -> Book {
    throw BookError(.unsupportedFormat, path: path, "TXT import is not implemented yet")
  }
}
