import Foundation

/// An EPUB's ZIP archive read through libzip. (Skeleton.)
struct ZipContainer: ResourceContainer {
  init(path: String, limits: ImportLimits) throws {
    throw BookError(.unsupportedFormat, path: path, "ZIP reading is not implemented yet")
  }
  var entryNames: [String] { [] }
  func contains(_ path: String) -> Bool { false }
  func read(_ path: String) throws -> Data { Data() }
}
