import QuireBook

/// Words shaped by any worker of a parallel pass, kept for the others: a word is shaped
/// and hyphenated once per pass, not once per core.
///
/// Each worker keeps its own `WordStore` (its lookups take no lock); only a word that
/// store misses is looked for here, under a lock, and a word shaped anew is added: in
/// `WordStore`s of their own, whose tags name faces and dictionaries by what they are
/// (font file, dictionary file), since each worker numbers its own. A word's glyphs do
/// not depend on which worker shaped it, so the pages are those of one worker alone.
///
/// The words are spread over eight stores by a hash of the word, each behind its own
/// lock: two workers seldom want the same store at once, and a store that grows copies
/// an eighth of the glyphs while it holds its lock. With one store and one lock, the
/// workers met at the lock often enough that waiting and waking each other cost War and
/// Peace's two-core pass 8.7 % of its samples (perf). Thread-safe.
package final class SharedWords: Sendable {
  private struct Style: Hashable {
    var face: FontFile
    var features: UInt8
    /// The hyphenation dictionary's file, or "" for a word not hyphenated.
    var dictionary: String
  }

  private struct Shard: ~Copyable {
    let words: WordStore
    var hits = 0
  }

  private let shards: [Locked<Shard>]
  private let styles = Locked<[Style: UInt32]>([:])
  /// Words kept at most in each shard (a pathological book must not grow memory without
  /// limit).
  private let shardCapacity: Int

  /// An empty store for at most `capacity` words.
  package init(capacity: Int = 200_000) {
    shards = (0..<8).map { _ in Locked(Shard(words: WordStore(capacity: .max))) }
    shardCapacity = capacity / 8
  }

  /// Words kept.
  package var count: Int { shards.reduce(0) { $0 + $1.withLock { $0.words.count } } }

  /// Words a worker found here instead of shaping them.
  package var hits: Int { shards.reduce(0) { $0 + $1.withLock { $0.hits } } }

  /// The shard that keeps `text` with `tag`: the top three bits of its `wordHash` (a
  /// store's slots are chosen by the low bits).
  private func shard(_ text: UnsafeBufferPointer<UInt16>, tag: UInt32) -> Locked<Shard> {
    shards[Int(wordHash(text, tag: tag) >> 29)]
  }

  /// The number that stands for words of `face` with `features` hyphenated with the
  /// dictionary at `dictionary` (nil: not hyphenated), the same for every worker.
  package func tag(face: FontFile, features: UInt8, dictionary: String?) -> UInt32 {
    let style = Style(face: face, features: features, dictionary: dictionary ?? "")
    return styles.withLock { styles in
      if let tag = styles[style] { return tag }
      let tag = UInt32(styles.count)
      styles[style] = tag
      return tag
    }
  }

  /// Appends the glyphs of `text` with `tag` to `glyphs` and returns its hyphenation
  /// points, when some worker has shaped it; nil (and `glyphs` unchanged) otherwise.
  package func word(
    for text: UnsafeBufferPointer<UInt16>, tag: UInt32, into glyphs: inout [StoredGlyph]
  ) -> [Int]? {
    shard(text, tag: tag).withLock { state in
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
    shard(text, tag: tag).withLock { state in
      guard state.words.count < shardCapacity else { return }
      _ = state.words.word(for: text, tag: tag) { stored in
        stored.append(contentsOf: glyphs)
        return points
      }
    }
  }
}
