import Foundation
import Testing

@testable import QuireBook

/// A text file whose size says less than it holds (a `/proc` file says 0 bytes) is read
/// to the limit and one byte, never further, and refused.
@Suite struct TextReadLimitTests {
  @Test func fileLongerThanItsSizeIsReadOnlyToTheLimit() throws {
    let path = "/proc/self/maps"
    try #require(FileManager.default.isReadableFile(atPath: path))
    var options = ImportOptions()
    options.limits.maxTextFileSize = 64
    let error = #expect(throws: BookError.self) { try Book.open(path, options: options) }
    #expect(error?.code == .limitExceeded)
    #expect(error?.detail == "the text file is more than the limit of 64 bytes")
  }
}
