import Foundation
import Testing

/// `quire config set` on a preferences file that does not parse keeps a copy, says so, and
/// then writes (it used to replace the file with the defaults, every other entry lost).
@Suite(.enabled(if: QuireProgram.path != nil, "needs the built quire"))
struct ConfigCommandTests {
  @Test func setKeepsAFileItCannotRead() throws {
    let workspace = LibraryWorkspace()
    let folder = workspace.path + "/config/quire"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/preferences.json"
    let broken = Data("{\"fontSize\": 20, \"theme\": \"night\"\n// my notes\n}\n".utf8)
    try broken.write(to: URL(fileURLWithPath: path))
    let result = try QuireProgram.run(
      ["config", "set", "theme", "sepia"], unprivileged: false,
      environment: ["XDG_CONFIG_HOME": workspace.path + "/config", "HOME": workspace.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == "theme = sepia\n")
    #expect(
      result.standardError.contains(
        "\(path) could not be read as preferences; it was kept as \(path).bad-"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    let aside = try #require(names.first { $0.hasPrefix("preferences.json.bad-") })
    #expect(FileManager.default.contents(atPath: folder + "/" + aside) == broken)
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(saved.contains("\"theme\" : \"sepia\""), "\(saved)")
  }
}
