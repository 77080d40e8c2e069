import Foundation

/// An unpacked EPUB folder. (Skeleton.)
struct DirectoryContainer: ResourceContainer {
  init(path: String, limits: ImportLimits) throws {
    throw BookError(.unsupportedFormat, path: path, "EPUB folders are not implemented yet")
  }
  var entryNames: [String] { [] }
  func contains(_ path: String) -> Bool { false }
  func read(_ path: String) throws -> Data { Data() }
}
