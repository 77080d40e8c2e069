import Foundation
import Testing

/// Numbers on the real `quire` command line: a page, a chapter, an offset or a count is
/// a whole number typed in decimal digits ("1.5" was page 1, "0x10" page 16), and the
/// same mistake gives the same message and exit code (2, a usage error) everywhere.
@Suite(.enabled(if: QuireProgram.path != nil, QuireProgram.skipMessage))
final class CommandLineNumberTests {
  let folder: String
  var book: String { folder + "/pride.txt" }
  var output: String { folder + "/page.png" }
  var library: String { folder + "/library.sqlite" }

  init() throws {
    folder = try ScratchFolder.make("numbers")
    try """
    Pride and Prejudice

    by Jane Austen


    CHAPTER I.

    It is a truth universally acknowledged.

    CHAPTER II.

    Mr. Bennet was among the earliest.

    """.write(toFile: book, atomically: true, encoding: .utf8)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func expectUsageError(_ arguments: [String], _ phrase: String) throws {
    let result = try QuireProgram.run(arguments, unprivileged: false)
    let name = arguments.joined(separator: " ")
    #expect(result.status == 2, "quire \(name): \(result.status) \(result.standardError)")
    #expect(result.standardError.contains(phrase), "quire \(name): \(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output), "quire \(name) wrote a page")
  }

  @Test(arguments: ["1.5", "0x10", "1e1", "+2", "-1", "２", " 1"])
  func pagesAndChaptersAreWholeNumbers(_ text: String) throws {
    let phrase = "expects a whole number from 1, got '\(text)'"
    try expectUsageError(["render", book, "--page", text, "-o", output], "--page " + phrase)
    try expectUsageError(
      ["render", book, "--chapter", text, "--page", "1", "-o", output], "--chapter " + phrase)
    try expectUsageError(["cat", book, "--chapter", text], "--chapter " + phrase)
    try expectUsageError(
      ["bookmarks", book, "add", "--chapter", text, "--library", library], "--chapter " + phrase)
    try expectUsageError(["search", book, "truth", "--limit", text], "--limit " + phrase)
  }

  @Test(arguments: ["1.0", "0x1", "+1"])
  func idsAreWholeNumbers(_ text: String) throws {
    try expectUsageError(
      ["bookmarks", book, "remove", text, "--library", library], "got '\(text)'")
    // A library id is digits; anything else is a path, and here no such file.
    let result = try QuireProgram.run(
      ["library", "remove", text, "--library", library], unprivileged: false)
    #expect(result.status == 1)
    #expect(result.standardError.contains("\(text): no such file"), "\(result.standardError)")
  }

  @Test func pixelSizesAreDecimalNumbers() throws {
    try expectUsageError(
      ["render", book, "--width", "0x190", "-o", output], "--width expects a number")
    try expectUsageError(
      ["paginate", book, "--font-size", "1e1"], "--font-size expects a number")
  }

  @Test func aChapterOutOfRangeIsTheSameMistakeEverywhere() throws {
    let phrase = "--chapter 9 does not exist (the book has 3)"
    try expectUsageError(["cat", book, "--chapter", "9"], phrase)
    try expectUsageError(["render", book, "--chapter", "9", "-o", output], phrase)
    try expectUsageError(
      ["bookmarks", book, "add", "--chapter", "9", "--library", library], phrase)
  }

  @Test func outputThatIsAFolderIsSaidToBeOne() throws {
    try expectUsageError(
      ["render", book, "-o", folder], "-o \(folder) is a folder; give the file to write")
    let result = try QuireProgram.run(["render", book, "-o", folder], unprivileged: false)
    #expect(!result.standardError.contains("NSCocoaErrorDomain"))
    try expectUsageError(
      ["render", book, "-o", folder + "/missing/page.png"],
      "the folder \(folder)/missing does not exist")
  }

  @Test func wellFormedNumbersStillWork() throws {
    let rendered = try QuireProgram.run(
      ["render", book, "--chapter", "2", "--page", "1", "-o", output], unprivileged: false)
    #expect(rendered.status == 0, "\(rendered.standardError)")
    #expect(FileManager.default.fileExists(atPath: output))
    let cat = try QuireProgram.run(["cat", book, "--chapter", "3"], unprivileged: false)
    #expect(cat.status == 0 && cat.standardOutput.contains("Mr. Bennet"))
  }
}
