import Synchronization

@testable import QuireBook

/// Corpus books opened once per test run and shared by every suite that reads them, so
/// the big EPUBs are not re-opened by each test (opening hashes the whole file).
enum CorpusBooks {
  /// One book's slot: its own lock, so different books open in parallel and the same
  /// book opens once however many tests ask for it at the same time.
  private final class Slot: Sendable {
    let book = Mutex<Book?>(nil)
  }

  private static let slots = Mutex<[String: Slot]>([:])

  /// The book at corpus path `relative` (e.g. "epub/idpf-moby-dick.epub").
  static func book(_ relative: String) throws -> Book {
    let slot = slots.withLock { slots in
      if let slot = slots[relative] { return slot }
      let slot = Slot()
      slots[relative] = slot
      return slot
    }
    return try slot.book.withLock { book in
      if let book { return book }
      let opened = try Book.open(Corpus.path(relative))
      book = opened
      return opened
    }
  }
}
