import QuireBook

/// Words shaped by any worker of a parallel pass, kept for the others: a word is shaped
/// and hyphenated once per pass, not once per core.
///
/// Each worker keeps its own `WordStore` (its lookups take no lock); only a word that
/// store misses is looked for here, under a lock, and a word shaped anew is added: a
/// `WordStore` of its own, whose tags name faces and dictionaries by what they are (font
/// file, dictionary file), since each worker numbers its own. A word's glyphs do not
/// depend on which worker shaped it, so the pages are those of one worker alone.
/// Thread-safe.
package final class SharedWords: Sendable {
  private struct Style: Hashable {
    var face: FontFile
    var features: UInt8
    /// The hyphenation dictionary's file, or "" for a word not hyphenated.
    var dictionary: String
  }

  private struct State: ~Copyable {
    let words: WordStore
    var styles: [Style: UInt32] = [:]
    var hits = 0
  }

  private let state: Locked<State>
  /// Words kept at most (a pathological book must not grow memory without limit).
  private let capacity: Int

  /// An empty store for at most `capacity` words.
  package init(capacity: Int = 200_000) {
    self.capacity = capacity
    state = Locked(State(words: WordStore(capacity: .max)))
  }

  /// Words kept.
  package var count: Int { state.withLock { $0.words.count } }

  /// Words a worker found here instead of shaping them.
  package var hits: Int { state.withLock { $0.hits } }

  /// The number that stands for words of `face` with `features` hyphenated with the
  /// dictionary at `dictionary` (nil: not hyphenated), the same for every worker.
  package func tag(face: FontFile, features: UInt8, dictionary: String?) -> UInt32 {
    let style = Style(face: face, features: features, dictionary: dictionary ?? "")
    return state.withLock { state in
      if let tag = state.styles[style] { return tag }
      let tag = UInt32(state.styles.count)
      state.styles[style] = tag
      return tag
    }
  }

  /// Appends the glyphs of `text` with `tag` to `glyphs` and returns its hyphenation
  /// points, when some worker has shaped it; nil (and `glyphs` unchanged) otherwise.
  package func word(
    for text: UnsafeBufferPointer<UInt16>, tag: UInt32, into glyphs: inout [StoredGlyph]
  ) -> [Int]? {
    state.withLock { state in
      guard let word = state.words.find(text, tag: tag) else { return nil }
      state.hits += 1
      let start = Int(word.glyphStart)
      glyphs.append(contentsOf: state.words.glyphs[start..<start + Int(word.glyphCount)])
      return state.words.points(of: word)
    }
  }

  /// Keeps a word a worker has shaped: its glyphs and hyphenation points.
  package func add(
    _ text: UnsafeBufferPointer<UInt16>, tag: UInt32, glyphs: ArraySlice<StoredGlyph>,
    points: [Int]
  ) {
    state.withLock { state in
      guard state.words.count < capacity else { return }
      _ = state.words.word(for: text, tag: tag) { stored in
        stored.append(contentsOf: glyphs)
        return points
      }
    }
  }
}
