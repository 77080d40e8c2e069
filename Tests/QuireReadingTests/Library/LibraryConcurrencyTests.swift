import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// Several connections (as several Quire processes would have) and several threads on one
/// library: the busy timeout and immediate transactions make writers queue, not fail.
@Suite struct LibraryConcurrencyTests {
  let folder = ScratchFolder()

  @Test func twoLibrariesOnOneFileWriteAtTheSameTime() throws {
    let setup = try Library(path: folder.libraryPath)
    let books = try (0..<2).map { try Sample.addBook(setup, "Book \($0)").id }
    let failures = Locked<[String]>([])
    let path = folder.libraryPath
    DispatchQueue.concurrentPerform(iterations: 3) { worker in
      do {
        let library = try Library(path: path)
        if worker == 2 {
          // A reader listing the library while the others write.
          for _ in 0..<200 { _ = try library.books(sortedBy: .progress) }
          return
        }
        for step in 0..<300 {
          try library.savePosition(
            Locator(chapterIndex: worker, offset: step, totalProgression: Double(step) / 300),
            forBook: books[worker])
          if step % 10 == 0 {
            try library.addBookmark(at: Locator(chapterIndex: 0, offset: step), inBook: books[0])
          }
        }
      } catch {
        failures.withLock { $0.append("worker \(worker): \(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    #expect(try setup.currentPosition(ofBook: books[0])?.locator.offset == 299)
    #expect(try setup.currentPosition(ofBook: books[1])?.locator.offset == 299)
    #expect(try setup.bookmarks(inBook: books[0]).count == 60)
    #expect(try setup.integrityCheck() == "ok")
  }

  @Test func oneLibrarySharedByManyThreads() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Shared")
    let failures = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      do {
        for step in 0..<100 {
          try library.recordSession(
            bookID: book.id, startedAt: Date(timeIntervalSince1970: Double(step)),
            endedAt: Date(timeIntervalSince1970: Double(step + 60)), charactersRead: 10,
            pagesTurned: 1)
          _ = try library.statistics(ofBook: book.id)
        }
      } catch {
        failures.withLock { $0.append("worker \(worker): \(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    #expect(try library.statistics(ofBook: book.id).sessions == 400)
  }
}
