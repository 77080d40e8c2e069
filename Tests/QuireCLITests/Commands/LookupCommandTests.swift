import Foundation
import QuireLookup
import QuireReading
import Testing

@testable import QuireCLI

/// `quire lookup` as a reader uses it: Debian's GCIDE and WordNet where they are
/// installed, and small databases written here for what must not depend on them.
@Suite struct LookupCommandTests {
  static let debian = "/usr/share/dictd"
  static let hasDebianDictionaries =
    FileManager.default.fileExists(atPath: debian + "/gcide.index")
    && FileManager.default.fileExists(atPath: debian + "/wn.index")

  let workspace = LibraryWorkspace()

  /// Runs `quire lookup …` with dictionaries only from `folders` and the history in the
  /// workspace's library.
  private func lookup(
    _ arguments: [String], folders: [String] = [LookupCommandTests.debian],
    preferred: [String] = []
  ) -> RunResult {
    let output = CapturedOutput()
    let context = CommandContext(
      output: output, openBook: { _ in throw CommandFailure("no books here") },
      handbookPath: nil, lineWidth: 72,
      lookupSetup: {
        LookupSetup(
          locations: DictionaryLocations(dictdFolders: folders, starDictFolders: folders),
          preferred: preferred)
      })
    let status = CLI.run(
      ["lookup"] + arguments + ["--library", workspace.libraryPath], in: context)
    return RunResult(
      status: status, standardOutput: output.standardOutput, standardError: output.standardError)
  }

  /// A folder with one dictd database of `entries` (plain `.dict`).
  private func database(_ name: String, _ entries: [(String, String)]) throws -> String {
    let folder = workspace.path + "/dictd-" + name
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var index = ""
    var data = ""
    for (headword, text) in entries.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
      index +=
        "\(headword)\t\(DictdNumber.encode(data.utf8.count))\t"
        + "\(DictdNumber.encode(text.utf8.count))\n"
      data += text
    }
    try index.write(toFile: folder + "/\(name).index", atomically: false, encoding: .utf8)
    try data.write(toFile: folder + "/\(name).dict", atomically: false, encoding: .utf8)
    return folder
  }

  // MARK: - Debian's dictionaries

  /// The evidence: GCIDE 0.48 has no "serendipity", so WordNet's entry is what
  /// prints; GCIDE's shows for a word it has.
  @Test(.enabled(if: hasDebianDictionaries, "dict-gcide and dict-wn are not installed"))
  func serendipityAndAbandon() throws {
    let serendipity = lookup(["serendipity", "--lang", "en"])
    #expect(serendipity.status == 0, "\(serendipity.standardError)")
    #expect(
      serendipity.standardOutput == """
        == WordNet (r) 3.0 (2006) ==
        serendipity
          n 1: good luck in making unexpected and fortunate discoveries

        """)
    let abandon = lookup(["abandon", "--lang", "en"])
    #expect(abandon.status == 0)
    #expect(
      abandon.standardOutput.hasPrefix(
        "== The Collaborative International Dictionary of English v.0.48 ==\nAbandon \\A*ban\"don\\"
      ))
    #expect(abandon.standardOutput.contains("  2. To give up absolutely; to forsake entirely;"))
    #expect(abandon.standardOutput.contains("\n== WordNet (r) 3.0 (2006) ==\nabandon\n"))
  }

  @Test(.enabled(if: hasDebianDictionaries, "dict-gcide and dict-wn are not installed"))
  func baseFormsAndJSON() throws {
    let result = lookup(["happier", "--dictionary", "wn", "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let report =
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let definitions = try #require(report?["definitions"] as? [[String: Any]])
    #expect(report?["found"] as? Bool == true && report?["word"] as? String == "happier")
    #expect(definitions.count == 1)
    #expect(definitions[0]["form"] as? String == "happy")
    #expect(
      (definitions[0]["text"] as? String)?.contains("enjoying or showing or marked by joy") == true)
    let text = lookup(["happier", "--dictionary", "wn"]).standardOutput
    #expect(text.hasPrefix("== WordNet (r) 3.0 (2006): happy, for “happier” ==\n"))
  }

  @Test(.enabled(if: hasDebianDictionaries, "dict-gcide and dict-wn are not installed"))
  func listNamesTheDictionaries() {
    let result = lookup(["--list"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(lines.first == "ID FORMAT LANGUAGES NAME")
    #expect(lines.contains { $0.hasPrefix("gcide dictd en→en The Collaborative International") })
    #expect(lines.contains("wn dictd en→en WordNet (r) 3.0 (2006)"))
  }

  // MARK: - Not found, nothing installed, damage

  @Test func wordNotFoundExitsOne() throws {
    let folder = try database("tiny", [("cat", "cat\n   A small animal.\n")])
    let result = lookup(["xyzzyq"], folders: [folder])
    #expect(result.status == 1 && result.standardOutput.isEmpty)
    #expect(result.standardError == "quire: “xyzzyq” is not in tiny\n")
    let found = lookup(["Cats"], folders: [folder])
    #expect(found.status == 0)
    #expect(found.standardOutput == "== tiny: cat, for “Cats” ==\ncat\n  A small animal.\n")
  }

  @Test func noDictionaryNamesThePackagesToInstall() throws {
    let empty = workspace.path + "/empty"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let result = lookup(["serendipity"], folders: [empty])
    #expect(result.status == 1)
    #expect(result.standardError.contains("No dictionary is installed"))
    #expect(result.standardError.contains("sudo apt install dict-gcide dict-wn"))
    #expect(lookup(["--list"], folders: [empty]).status == 1)
  }

  @Test func damagedIndexIsNamedAndTheOthersAnswer() throws {
    let good = try database("good", [("cat", "cat\n   A small animal.\n")])
    let bad = try database("bad", [("cat", "cat\n   Broken.\n")])
    try Data([0x63, 0x61, 0x74, 0x09, 0x00, 0xFF, 0x0A]).write(
      to: URL(fileURLWithPath: bad + "/bad.index"))
    let result = lookup(["cat"], folders: [good, bad])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("== good ==\n"))
    #expect(result.standardError.hasPrefix("quire: \(bad)/bad.index: line 1 of the index "))
    let alone = lookup(["cat"], folders: [bad])
    #expect(alone.status == 1)
    #expect(alone.standardError.contains("\(bad)/bad.index"))
    #expect(alone.standardError.contains("is not in any dictionary that could be read"))
  }

  @Test func usageErrors() throws {
    let folder = try database("tiny", [("cat", "cat\n")])
    #expect(lookup([], folders: [folder]).status == 2)
    #expect(lookup(["cat", "--lang", "1x"], folders: [folder]).status == 2)
    let unknown = lookup(["cat", "--dictionary", "nope"], folders: [folder])
    #expect(unknown.status == 2 && unknown.standardError.contains("installed: tiny"))
    #expect(lookup(["cat", "--history"], folders: [folder]).status == 2)
  }

  // MARK: - History

  @Test func historyKeepsEveryLookUpOnce() throws {
    let folder = try database("tiny", [("cat", "cat\n   A small animal.\n")])
    _ = try workspace.library()  // the history goes into an existing library only
    #expect(lookup(["cat"], folders: [folder]).status == 0)
    #expect(lookup(["dogs"], folders: [folder]).status == 1)
    #expect(lookup(["cat", "--no-history"], folders: [folder]).status == 0)
    let records = try workspace.library().lookupHistory()
    #expect(records.map(\.word) == ["cat", "dogs"])
    #expect(records.map(\.form) == ["cat", nil] && records[0].dictionaries == ["tiny"])
    let json = lookup(["--history", "--json"], folders: [folder])
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    #expect(entries.map { $0["word"] as? String } == ["cat", "dogs"])
    #expect(entries.map { $0["found"] as? Bool } == [true, false])
    let text = lookup(["--history"], folders: [folder]).standardOutput
    #expect(text.split(separator: "\n").map { $0.dropFirst(18) } == ["cat", "dogs (not found)"])
  }

  @Test func withoutALibraryNothingIsCreated() throws {
    let folder = try database("tiny", [("cat", "cat\n")])
    #expect(lookup(["cat"], folders: [folder]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: workspace.libraryPath))
    #expect(lookup(["--history"], folders: [folder]).standardOutput.isEmpty)
  }
}
