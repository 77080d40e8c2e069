// A writer for the library's crash test: saves positions in a tight loop until killed.
//
// Usage: quire-library-stress LIBRARY BOOK-ID FIRST-OFFSET
//
// Prints "ready" once the library is open, then for each offset n from FIRST-OFFSET on:
// "b n" before saving the position (chapter 0, offset n) and "d n" after the save
// returned. The test kills this process with SIGKILL at random moments and checks that
// the saved position is the last "d" or the "b" after it, and that the file is intact.
// Output goes straight to file descriptor 1 with write(2): no buffer is lost on SIGKILL.
//
// Usage: quire-library-stress --session LIBRARY BOOK-PATH
//
// A reader instead: opens the book in a ReadingSession on the library (at its saved
// position), prints "ready", then turns pages forward (from the start again at the end),
// printing "p CHAPTER OFFSET" once each page is shown (and its position saved).
import Foundation
import QuireBook
import QuireReading

func say(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  var written = 0
  while written < bytes.count {
    let result = bytes.withUnsafeBytes {
      write(1, $0.baseAddress! + written, $0.count - written)
    }
    if result <= 0 { exit(3) }
    written += result
  }
}

/// Turns pages until killed; see the usage above.
func readUntilKilled(library path: String, book bookPath: String) async throws -> Never {
  let library = try Library(path: path)
  let book = try Book.open(bookPath)
  let session = try await ReadingSession(
    book: book, library: library,
    settings: ReadingSettings(fontSize: 16, pageWidth: 480, pageHeight: 640),
    options: .init(prefetch: false, exactPagination: false))
  say("ready")
  var shown = await session.current
  while true {
    if let shown { say("p \(shown.chapterIndex) \(shown.locator.offset)") }
    shown = await session.next()
    if shown == nil { shown = await session.first() }
  }
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--session" {
  do {
    try await readUntilKilled(library: arguments[2], book: arguments[3])
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
}
guard arguments.count == 4, let bookID = Int(arguments[2]), let first = Int(arguments[3]) else {
  FileHandle.standardError.write(Data("usage: quire-library-stress LIBRARY BOOK-ID FIRST\n".utf8))
  exit(2)
}

do {
  let library = try Library(path: arguments[1])
  say("ready")
  var offset = first
  while true {
    say("b \(offset)")
    try library.savePosition(
      Locator(chapterIndex: 0, offset: offset, textBefore: "before \(offset)", textAfter: "after"),
      forBook: bookID)
    say("d \(offset)")
    offset += 1
  }
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
