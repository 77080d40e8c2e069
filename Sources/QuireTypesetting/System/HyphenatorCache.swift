import Dispatch
import Foundation
import QuireBook
import Synchronization

/// Hyphenation dictionaries by language for one glyph source (a book's `FontContext`),
/// borrowed from a process-wide shelf.
///
/// Loading an English dictionary takes about 30 ms, so a process loads each language
/// once: the first book that needs it loads it, and when that book's font context goes
/// away the dictionary goes back on the shelf for the next book (a reopened book then
/// pays nothing). A `Hyphenator` keeps a per-word cache that is not thread-safe, so a
/// hyphenator is lent to one cache at a time; two books open at once on different
/// threads (or the workers of a parallel pass) get one each, all of them on the one
/// loaded `HyphenationPatterns` (libhyphen's `HyphenDict` is read-only after loading).
///
/// `preload(_:)` loads a dictionary on a background thread, to overlap the load with
/// opening the book; a cache that needs it meanwhile waits for that load rather than
/// starting a second one.
package final class HyphenatorCache {
  private var loaded: [String: Hyphenator?] = [:]

  package init() {}

  deinit {
    for (language, hyphenator) in loaded {
      guard let hyphenator else { continue }
      Self.shelf(for: language).giveBack(Lent(hyphenator: hyphenator))
    }
  }

  /// The dictionary for a BCP 47 language, nil when none is installed.
  package func hyphenator(for language: String) -> Hyphenator? {
    if let found = loaded[language] { return found }
    let hyphenator = Self.shelf(for: language).borrow()?.hyphenator
    // Kept when nil too: a language without patterns is asked for once.
    loaded[language] = .some(hyphenator)
    return hyphenator
  }

  /// The languages this cache has been asked for so far (their dictionaries are held).
  package var languagesAsked: Set<String> { Set(loaded.keys) }

  /// Starts loading the dictionary for `language` on a background thread unless one is
  /// already on the shelf or loading; returns at once.
  package static func preload(_ language: String) {
    let shelf = shelf(for: language)
    guard shelf.beginPreload() else { return }
    DispatchQueue.global(qos: .userInitiated).async { shelf.stock() }
  }

  /// Dictionaries loaded in this process so far, for tests and benchmarks.
  package static var loadCount: Int { loads.load(ordering: .relaxed) }

  /// Dictionaries of `language` on the shelf, not lent to any cache (for tests).
  package static func idleCount(for language: String) -> Int {
    shelf(for: language).idleCount
  }

  // MARK: - The process-wide shelf

  private static let shelves = Locked<[String: Shelf]>([:])
  private static let loads = Atomic<Int>(0)

  private static func shelf(for language: String) -> Shelf {
    shelves.withLock { shelves in
      if let shelf = shelves[language] { return shelf }
      let shelf = Shelf(language: language)
      shelves[language] = shelf
      return shelf
    }
  }

  /// A hyphenator in transit between the shelf and one cache.
  ///
  /// `@unchecked Sendable` because ownership is exclusive: a hyphenator is either on the
  /// shelf (under its lock) or held by exactly one `HyphenatorCache`, never both.
  private struct Lent: @unchecked Sendable {
    let hyphenator: Hyphenator
  }

  /// The idle dictionaries of one language.
  private final class Shelf: Sendable {
    private struct State {
      var idle: [Lent] = []
      /// The language's patterns once loaded: every hyphenator lent after the first is
      /// made on them, without loading them again.
      var patterns: HyphenationPatterns?
      /// No dictionary is installed for the language: never try again.
      var missing = false
      /// A preload is pending or loading.
      var loading = false
    }

    let language: String
    private let state = Locked(State())
    /// Held while a dictionary loads, so that a cache that needs one waits for a load in
    /// progress instead of loading a second copy.
    /// (A plain lock: a `Locked` of an empty value gave ThreadSanitizer an access of no
    /// size at the object's start, which it reported as a race.)
    private let loadLock = NSLock()
    /// Idle dictionaries kept per language beyond that (more books were open at once).
    private static let idleLimit = 2

    init(language: String) { self.language = language }

    /// Marks a preload as pending, unless a dictionary is idle, missing or on its way.
    func beginPreload() -> Bool {
      state.withLock { state in
        guard state.idle.isEmpty, !state.missing, !state.loading else { return false }
        state.loading = true
        return true
      }
    }

    /// An idle dictionary, loaded now (or by the load in progress) when none is idle;
    /// nil when the language has none installed.
    func borrow() -> Lent? {
      if let lent = takeIdle() { return lent }
      return loadLock.withLock {
        if let lent = takeIdle() { return lent }
        // A preload not yet started need not load another copy: this load serves it.
        let missing = state.withLock { state in
          state.loading = false
          return state.missing
        }
        return missing ? nil : load()
      }
    }

    /// Loads one dictionary onto the shelf for a pending preload (on a background thread).
    func stock() {
      loadLock.withLock {
        let pending = state.withLock { $0.loading && !$0.missing && $0.idle.isEmpty }
        if pending, let lent = load() { giveBack(lent) }
        // Cleared only now, so that no second preload starts while this one loads.
        state.withLock { $0.loading = false }
      }
    }

    func giveBack(_ lent: Lent) {
      state.withLock { state in
        if state.idle.count < Self.idleLimit { state.idle.append(lent) }
      }
    }

    var idleCount: Int { state.withLock { $0.idle.count } }

    private func takeIdle() -> Lent? {
      state.withLock { $0.idle.popLast() }
    }

    /// A hyphenator on the language's patterns, loading them the first time; call with
    /// `loadLock` held.
    private func load() -> Lent? {
      if let patterns = state.withLock({ $0.patterns }) {
        return Hyphenator(patterns: patterns).map { Lent(hyphenator: $0) }
      }
      guard let path = Hyphenator.path(for: language),
        let patterns = HyphenationPatterns(path: path),
        let hyphenator = Hyphenator(patterns: patterns)
      else {
        state.withLock { $0.missing = true }
        return nil
      }
      state.withLock { $0.patterns = patterns }
      HyphenatorCache.loads.add(1, ordering: .relaxed)
      return Lent(hyphenator: hyphenator)
    }
  }
}
