import Foundation
import QuireBook
import QuireReading

/// `quire library add PATH…`: finds the books under the paths, opens each, and adds it.
struct LibraryAddition {
  let library: Library
  let context: CommandContext

  /// From how many books on a terminal a progress line is shown on standard error.
  static let progressThreshold = 5

  /// Adds the books at or under `paths`, one line on standard output per book and a
  /// summary; failures are reported on standard error and make the command fail at the end.
  func add(_ paths: [String]) throws {
    let (files, missing) = findBooks(paths)
    var failures = missing
    let showsProgress =
      files.count >= Self.progressThreshold && TerminalStyle.isTerminal(.standardError, in: context)
    var added = 0
    var known = 0
    for (index, file) in files.enumerated() {
      if showsProgress {
        let name = (file as NSString).lastPathComponent
        // Cut to the width: a line that wraps could not be overwritten in place.
        let line = ColumnTable.truncated(
          "[\(index + 1)/\(files.count)] Adding \(name)", to: context.lineWidth - 1)
        context.printError(TerminalStyle.overwritingLine(line))
      }
      do {
        let book = try context.openBook(file)
        let isKnown = try library.book(contentHash: book.contentHash) != nil
        let entry = try library.add(book)
        if isKnown { known += 1 } else { added += 1 }
        if showsProgress { context.printError(TerminalStyle.overwritingLine("")) }
        let authors = entry.authors.isEmpty ? "" : " — " + entry.authors.joined(separator: ", ")
        context.print(
          "\(isKnown ? "updated" : "added  ") \(String(entry.id).leftPadded(to: 4))  "
            + "\(entry.title)\(authors)\n")
      } catch {
        if showsProgress { context.printError(TerminalStyle.overwritingLine("")) }
        context.printError("quire library add: skipped \(file): \(Self.reason(error, file))\n")
        failures += 1
      }
    }
    var summary = "\(added) book\(added == 1 ? "" : "s") added"
    if known > 0 { summary += ", \(known) already in the library" }
    if failures > 0 { summary += ", \(failures) failed" }
    context.print(summary + ".\n")
    if failures > 0 {
      throw CommandFailure(
        "\(failures) of \(files.count + missing) books could not be added (see above)")
    }
  }

  /// An error's message without the file name when it already starts with it.
  private static func reason(_ error: any Error, _ file: String) -> String {
    let text = "\(error)"
    return text.hasPrefix(file + ": ") ? String(text.dropFirst(file.count + 2)) : text
  }

  // MARK: - Finding books

  /// The book files and unpacked EPUB folders at or under `paths`, absolute and in a
  /// stable order, and how many paths did not exist (reported on the way).
  private func findBooks(_ paths: [String]) -> (files: [String], missing: Int) {
    Self.findBooks(paths) {
      context.printError("quire library add: skipped \($0): no such file or folder\n")
    }
  }

  static func findBooks(_ paths: [String], missing: (String) -> Void = { _ in })
    -> (files: [String], missing: Int)
  {
    var files: [String] = []
    var missingCount = 0
    for path in paths {
      let absolute = LibraryBookReference.absolute(path)
      guard let status = PathName.status(absolute) else {
        missing(path)
        missingCount += 1
        continue
      }
      if status.kind != .directory || isUnpackedEPUB(absolute) {
        files.append(absolute)
      } else {
        files += booksInFolder(absolute)
      }
    }
    return (files, missingCount)
  }

  /// Books under a folder, recursively: files named as books (`bookExtensions`, any case,
  /// and `.fb2.zip`) and unpacked EPUB folders (not searched inside); hidden files and folders are skipped. Names are read
  /// as bytes (`PathName`), so a file whose name is not UTF-8 is found too.
  static func booksInFolder(_ folder: String) -> [String] {
    var found: [String] = []
    var folders = [folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder]
    var visited = 0
    while let current = folders.popLast(), visited < 100_000 {
      visited += 1
      for name in PathName.contentsOfDirectory(current) ?? [] where !name.hasPrefix(".") {
        let path = current == "/" ? "/" + name : current + "/" + name
        guard let status = PathName.status(path, followingLinks: false) else { continue }
        if status.kind == .directory {
          if isUnpackedEPUB(path) { found.append(path) } else { folders.append(path) }
          continue
        }
        // A link to a folder is not followed (a link back up would loop).
        if status.kind == .symbolicLink, PathName.status(path)?.kind == .directory { continue }
        // Anything else named like a book is tried, so a FIFO is reported, not skipped.
        let suffix = name.split(separator: ".").last.map { $0.lowercased() }
        if name.contains("."), let suffix,
          bookExtensions.contains(suffix) || name.lowercased().hasSuffix(".fb2.zip")
        {
          found.append(path)
        }
      }
    }
    return found.sorted()
  }

  /// The names of files a folder scan takes as books (what is inside decides the format
  /// when each is opened).
  private static let bookExtensions: Set<String> = [
    "txt", "epub", "fb2", "mobi", "azw3", "azw", "cbz",
  ]

  private static func isUnpackedEPUB(_ folder: String) -> Bool {
    PathName.exists(folder + "/META-INF/container.xml")
  }
}
