import Foundation
import Testing

/// What the `quire` executable links: the reader's libraries, never the benchmarks' peer.
@Suite struct LinkageTests {
  static var directory: String {
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return (me as NSString).deletingLastPathComponent
  }

  static func libraries(of program: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    process.arguments = [program]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// The built binaries are beside the test bundle (debug here; a release build links the
  /// same libraries).
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: directory + "/quire")))
  func quireLinksNoPangoAndTheBenchDoes() throws {
    let quire = try Self.libraries(of: Self.directory + "/quire")
    #expect(quire.contains("libharfbuzz"), "the typesetter's own libraries are linked")
    // GLib itself comes in with Debian's HarfBuzz; Pango and GObject are the peer's alone.
    for peer in ["libpango", "libpangoft2", "libgobject"] {
      #expect(!quire.contains(peer), "quire links \(peer)")
    }
    let bench = try Self.libraries(of: Self.directory + "/quire-bench")
    #expect(bench.contains("libpango"), "the benchmarks measure against Pango")
  }
}
