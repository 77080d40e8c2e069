import Foundation
import Testing

/// A book whose file name is not UTF-8 (`$'\xff\xfe'.txt`): paths are bytes on Linux, and
/// `quire` opens, adds and names such a file with its own bytes (it used to read the name
/// with replacement characters and find no such file).
@Suite(.enabled(if: QuireProgram.path != nil, "needs the built quire"))
final class NonUTF8PathTests {
  let folder: String

  init() throws {
    folder = try ScratchFolder.make("bytes")
  }

  deinit {
    _ = try? shell("rm -rf '\(folder)'")
  }

  /// Runs a shell line in the folder with `$Q` the built quire; its status and output.
  @discardableResult
  private func shell(_ line: String) throws -> (status: Int32, output: Data, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "cd '\(folder)' && \(line)"]
    var environment = ProcessInfo.processInfo.environment
    environment["Q"] = QuireProgram.path
    environment["HOME"] = folder
    environment["XDG_DATA_HOME"] = folder + "/data"
    environment["XDG_CACHE_HOME"] = folder + "/cache"
    environment["XDG_CONFIG_HOME"] = folder + "/config"
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, out, String(decoding: err, as: UTF8.self))
  }

  @Test func aBookNamedInBytesOpens() throws {
    try shell(#"printf 'CHAPTER I.\n\nIt was a bright cold day.\n' > "$(printf '\377\376').txt""#)
    let info = try shell(#""$Q" info "$(printf '\377\376').txt""#)
    #expect(info.status == 0, "\(info.error)")
    #expect(String(decoding: info.output, as: UTF8.self).contains("chapters:"))
    let text = try shell(#""$Q" cat "$(printf '\377\376').txt" --chapter 1"#)
    #expect(text.status == 0, "\(text.error)")
    #expect(String(decoding: text.output, as: UTF8.self).contains("bright cold day"))
  }

  @Test func aFolderWithSuchABookIsAddedAndListedWithItsBytes() throws {
    try shell(#"mkdir books && printf 'CHAPTER I.\n\nHello.\n' > "books/$(printf '\377\376').txt""#)
    let added = try shell(#""$Q" library add books --library lib.sqlite"#)
    #expect(added.status == 0, "\(added.error)")
    let listed = try shell(#""$Q" library list --json --library lib.sqlite"#)
    #expect(listed.status == 0, "\(listed.error)")
    // The path is printed as the file's own bytes.
    let bytes = [UInt8](listed.output)
    let name: [UInt8] = Array("/books/".utf8) + [0xFF, 0xFE] + Array(".txt".utf8)
    #expect(bytes.indices.contains { bytes[$0...].starts(with: name) }, "\(listed.output)")
    let progress = try shell(
      #""$Q" progress "books/$(printf '\377\376').txt" --library lib.sqlite"#)
    #expect(progress.status == 0, "\(progress.error)")
  }
}
