/// Imports EPUB 2 and 3 books. (Skeleton: implemented by the EPUB work.)
enum EPUBImporter {
  static func importBook(
    from container: any ResourceContainer, path: String, options: ImportOptions
  ) throws -> Book {
    throw BookError(.unsupportedFormat, path: path, "EPUB import is not implemented yet")
  }
}
