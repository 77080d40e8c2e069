import Synchronization

@testable import QuireBook

/// Corpus books opened once per test run and shared by every suite that reads them, so
/// the big EPUBs are not re-opened by each test.
enum CorpusBooks {
  private static let cache = Mutex<[String: Book]>([:])

  /// The book at corpus path `relative` (e.g. "epub/idpf-moby-dick.epub").
  static func book(_ relative: String) throws -> Book {
    if let book = cache.withLock({ $0[relative] }) { return book }
    let book = try Book.open(Corpus.path(relative))
    cache.withLock { $0[relative] = book }
    return book
  }
}
