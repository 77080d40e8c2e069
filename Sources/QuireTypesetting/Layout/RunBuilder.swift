import QuireBook

/// Collects positioned glyphs into runs of one face, size and colour.
///
/// Glyphs of the run being built go into three scratch buffers (ids, positions,
/// clusters) written in place, their capacity kept from line to line; a run's arrays are
/// copied out of them when the face, size or colour changes and at `finish()`. Call
/// `release()` when done.
struct RunBuilder {
  let source: any GlyphSource
  /// `WordStore.glyphs`.
  let store: UnsafeBufferPointer<StoredGlyph>
  let base: Int
  let whole: Bool
  private var runs: [GlyphRun] = []
  private var lastFont: Int32 = -1
  private var size = 0.0
  private var color: Color?
  private var ids: UnsafeMutablePointer<UInt32>
  private var positions: UnsafeMutablePointer<GlyphPosition>
  private var clusters: UnsafeMutablePointer<Int32>
  private var capacity = 256
  /// Glyphs of the run being built.
  private var count = 0
  private var range = 0..<0

  init(source: any GlyphSource, glyphs: UnsafeBufferPointer<StoredGlyph>, base: Int, whole: Bool) {
    self.source = source
    self.store = glyphs
    self.base = base
    self.whole = whole
    ids = .allocate(capacity: capacity)
    positions = .allocate(capacity: capacity)
    clusters = .allocate(capacity: capacity)
  }

  /// Frees the scratch buffers.
  func release() {
    ids.deallocate()
    positions.deallocate()
    clusters.deallocate()
  }

  /// Starts a new line's runs.
  mutating func beginLine() {
    runs = []
    lastFont = -1
    count = 0
  }

  // Inlined into the line loop, as it was before that loop became a local function.
  @inline(__always)
  mutating func add(_ piece: GlyphPiece, pen: Double, slotX: Double, baseline: Double) {
    guard piece.glyphEnd > piece.glyphStart else { return }
    let start = Int(piece.glyphStart)
    let end = Int(piece.glyphEnd)
    let wordBase = base + Int(piece.wordOffset)
    // A right-to-left word's glyphs are in visual order: its first character is last.
    let lower = wordBase + Int(min(store[start].cluster, store[end - 1].cluster))
    let upper =
      wordBase
      + (piece.glyphEnd < piece.wordGlyphEnd ? Int(store[end].cluster) : Int(piece.wordLength))
    if lastFont != piece.font || size != piece.size || color != piece.color {
      flush()
      lastFont = piece.font
      size = piece.size
      color = piece.color
      range = lower..<max(lower, upper)
    }
    if count + end - start > capacity { reserve(count + end - start) }
    // In cells a piece starts at a whole cell and its glyphs follow a cell apart: rounding
    // each glyph on its own would let a word break apart where the pen sits near .5.
    var x = slotX + pen + piece.shift
    // Rounded out of line: written as a choice, the rounding (a libm call) was made for
    // every piece and then thrown away when not on cells.
    if whole { x = Self.wholeUnit(x) }
    let y = baseline - piece.rise
    let size = piece.size
    let clusterBase = Int32(wordBase)
    var n = count
    for g in start..<end {
      let glyph = store[g]
      let gx = x + Double(glyph.xOffset) * size
      let gy = y - Double(glyph.yOffset) * size
      ids[n] = glyph.id
      clusters[n] = clusterBase + glyph.cluster
      positions[n] = GlyphPosition(
        x: Float(whole ? gx.rounded() : gx), y: Float(whole ? gy.rounded() : gy))
      n += 1
      x += Double(glyph.advance) * size
    }
    count = n
    range = min(range.lowerBound, lower)..<max(range.upperBound, upper)
  }

  /// `x` rounded to a whole cell.
  @inline(never)
  private static func wholeUnit(_ x: Double) -> Double { x.rounded() }

  /// The runs of the line.
  mutating func finish() -> [GlyphRun] {
    flush()
    return runs
  }

  private mutating func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    let grown = max(needed, capacity * 2)
    func move<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
      let new = UnsafeMutablePointer<T>.allocate(capacity: grown)
      new.moveInitialize(from: old, count: count)
      old.deallocate()
      return new
    }
    ids = move(ids)
    positions = move(positions)
    clusters = move(clusters)
    capacity = grown
  }

  private mutating func flush() {
    guard lastFont >= 0 else { return }
    var run = GlyphRun(
      font: source.reference(of: Int(lastFont)), size: size, color: color,
      glyphs: Array(UnsafeBufferPointer(start: ids, count: count)),
      positions: Array(UnsafeBufferPointer(start: positions, count: count)), range: range)
    run.clusters = Array(UnsafeBufferPointer(start: clusters, count: count))
    runs.append(run)
    count = 0
    lastFont = -1
  }
}
