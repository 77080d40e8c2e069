import QuireBook

/// Words: shaped through the shape cache, cut into boxes at their hyphenation points.
extension ItemBuilder {
  /// The ellipsis (… ⋯) and the long dashes: never at a line start, wherever a break
  /// before them would otherwise be allowed.
  static func neverStartsALine(_ scalar: UInt32) -> Bool {
    scalar == 0x2026 || scalar == 0x22EF || isLongDash(scalar)
  }

  /// Em dash, two- and three-em dashes.
  static func isLongDash(_ scalar: UInt32) -> Bool {
    scalar == 0x2014 || scalar == 0x2E3A || scalar == 0x2E3B
  }

  mutating func addWord(_ range: Range<Int>, _ style: RunStyle) {
    var style = style
    let rightToLeft = level(range.lowerBound) & 1 == 1
    if rightToLeft { style.features.insert(.rightToLeft) }
    if compresses, range.count > 1, range.contains(where: { isHalfBlank(units[$0]) }) {
      // Marks to compress become boxes of their own, so that each can lose its blank half.
      for i in range where isClusterBoundary(i) {
        var end = i + 1
        while end < range.upperBound, !isClusterBoundary(end) { end += 1 }
        addPiece(i..<end, style)
      }
      return
    }
    if range.count > Self.longRun {
      var start = range.lowerBound
      while start < range.upperBound {
        var end = min(start + Self.chunk, range.upperBound)
        while end < range.upperBound, !isClusterBoundary(end) { end += 1 }
        if start > range.lowerBound {
          items.append(.penalty(KnuthPlass.emergencyPenalty, offset: start - base))
        }
        addPiece(start..<end, style)
        start = end
      }
      return
    }
    let hyphenates =
      dictionary != 0 && range.count >= 5 && !rightToLeft && !isInAddress(range.lowerBound)
    let word = store(range, font: style.font, features: style.features, hyphenate: hyphenates)
    guard word.segmentCount > 0 else {
      addBox(word, 0..<word.glyphCount, width: word.width, range.lowerBound, 0, style)
      return
    }
    var glyphStart: Int32 = 0
    var unitStart = 0
    for s in Int(word.segmentStart)..<Int(word.segmentStart + word.segmentCount) {
      let segment = words.segments[s]
      addBox(
        word, glyphStart..<segment.glyphEnd, width: segment.width, range.lowerBound, unitStart,
        style)
      guard segment.glyphEnd < word.glyphCount else { break }
      let point = Int(segment.unitEnd)
      addHyphenPenalty(at: range.lowerBound + point, style)
      glyphStart = segment.glyphEnd
      unitStart = point
    }
  }

  /// The stored word for `units[range]`: one lookup for its glyphs and hyphenation points.
  mutating func store(
    _ range: Range<Int>, font: Int, features: FeatureSet, hyphenate: Bool
  ) -> StoredWord {
    let tag = WordStore.tag(
      font: font, features: features.rawValue, dictionary: hyphenate ? dictionary : 0)
    let text = UnsafeBufferPointer(rebasing: units[range])
    if let word = words.hit(text, tag: tag) { return word }
    return words.word(for: text, tag: tag) { glyphs in
      shapeMissing(
        range, tag: tag, font: font, features: features, hyphenate: hyphenate, into: &glyphs)
    }
  }

  /// Shapes and hyphenates a word the store does not have, appending its glyphs; returns
  /// its hyphenation points. Another worker of a parallel pass may have shaped it: then
  /// its glyphs and points are taken from the words they share.
  // Not inlined: the hit path above stays small. Mutating only so that the builder is
  // passed by reference: called on a copy, it was copied (some 400 bytes and a dozen
  // references retained and released) for every word shaped.
  @inline(never)
  private mutating func shapeMissing(
    _ range: Range<Int>, tag: UInt32, font: Int, features: FeatureSet, hyphenate: Bool,
    into glyphs: inout [StoredGlyph]
  ) -> [Int] {
    let text = UnsafeBufferPointer(rebasing: units[range])
    let shared = source.sharedWords(
      tag: tag, font: font, features: features.rawValue, hyphenator: hyphenate ? hyphenator : nil)
    if let shared, let points = shared.words.word(for: text, tag: shared.tag, into: &glyphs) {
      return points
    }
    let start = glyphs.count
    source.shape(
      text, font: font, features: features.rawValue, language: analyzed.paragraph.language,
      into: &glyphs)
    let points = hyphenationPoints(range, hyphenate: hyphenate)
    if let shared {
      shared.words.add(text, tag: shared.tag, glyphs: glyphs[start...], points: points)
    }
    return points
  }

  /// The hyphenation points of the word at `range`, as offsets inside it.
  private func hyphenationPoints(_ range: Range<Int>, hyphenate: Bool) -> [Int] {
    guard hyphenate, let hyphenator else { return [] }
    // Hyphenate the letters only: "countenance," and “gentlemanlike” included.
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, !isLetter(units[lower]) { lower += 1 }
    while upper > lower, !isLetter(units[upper - 1]) { upper -= 1 }
    guard upper - lower >= 5 else { return [] }
    var points: [Int] = []
    hyphenator.points(in: UnsafeBufferPointer(rebasing: units[lower..<upper]), into: &points)
    // Offsets inside the word, shifted in place: no second array per word shaped.
    let shift = lower - range.lowerBound
    if shift != 0 { for i in points.indices { points[i] += shift } }
    return points
  }

  mutating func addPiece(_ range: Range<Int>, _ style: RunStyle) {
    let word = store(range, font: style.font, features: style.features, hyphenate: false)
    addBox(word, 0..<word.glyphCount, width: word.width, range.lowerBound, 0, style)
  }

  /// A box of glyphs `glyphs` (counted from the word's first) whose width is `width` ems.
  mutating func addBox(
    _ word: StoredWord, _ glyphs: Range<Int32>, width: Double, _ wordStart: Int,
    _ unitStart: Int, _ style: RunStyle
  ) {
    let pixels = width * style.size
    noteSize(style.size, rise: style.rise)
    pieces.append(
      GlyphPiece(
        glyphStart: word.glyphStart + glyphs.lowerBound,
        glyphEnd: word.glyphStart + glyphs.upperBound,
        wordGlyphEnd: word.glyphStart + word.glyphCount, wordLength: word.length,
        wordOffset: Int32(wordStart - base), font: Int32(style.font), size: style.size,
        rise: style.rise, color: style.color))
    items.append(.box(pixels, offset: wordStart + unitStart - base, piece: pieces.count - 1))
    naturalWidth += pixels
  }

  mutating func addHyphenPenalty(at index: Int, _ style: RunStyle) {
    let hyphen = runHyphen
    noteSize(style.size, rise: 0)
    pieces.append(
      GlyphPiece(
        glyphStart: hyphen.glyphStart, glyphEnd: hyphen.glyphStart + 1,
        wordGlyphEnd: hyphen.glyphStart + 1, wordLength: 0, wordOffset: Int32(index - base),
        font: Int32(style.font), size: style.size, rise: 0, color: style.color))
    items.append(
      .penalty(
        KnuthPlass.hyphenPenalty, width: runHyphenWidth, flagged: true,
        offset: index - base, piece: pieces.count - 1))
  }
}
