import QuireBook

/// What shaping needs to know beyond the text.
struct PrepareOptions {
  var fontSize: Double
  /// The dictionary of the paragraph's language.
  var hyphenator: Hyphenator?
  /// The dictionary of another language, for runs in one (`xml:lang` on an element).
  var hyphenatorForLanguage: (String) -> Hyphenator? = { _ in nil }
  var hyphenate: Bool
  /// The chapter's images by UTF-16 offset of their U+FFFC.
  var attachments: [Int: Attachment] = [:]
  /// Text line height in pixels: images up to twice as tall sit in the line.
  var lineHeight: Double = 0
  /// The widest and tallest an image on a line of its own may be.
  var area: (width: Double, height: Double) = (0, 0)
  /// CJK punctuation compression (`LayoutSettings.compressesPunctuation`).
  var compressesPunctuation = false
}

/// Shapes a paragraph word by word (through the shape cache) and builds its line items.
///
/// Spaces become glue (TeX's stretch ½ and shrink ⅓ of the space), hyphenation points
/// and soft hyphens become flagged penalties, breaks between ideographs become thin
/// glue that spreads CJK lines, and a quarter em separates ideographs from Latin
/// letters. Runs without any break opportunity longer than `longRun` units are cut into
/// pieces with emergency penalties so that no box is wider than a line. A short floated
/// run (`TextAttributes.float`) becomes unbreakable boxes marked with its side, plus an
/// em of gap: it shortens the line it falls on and finalize draws it at that line's edge.
/// - Complexity: O(n) in the paragraph length.
func prepare(
  _ analyzed: AnalyzedParagraph, units: [UInt16], source: any GlyphSource,
  options: PrepareOptions
) -> ShapedParagraph {
  // The builder reads the chapter through a buffer pointer: no reference counting per word.
  units.withUnsafeBufferPointer { units in
    var builder = ItemBuilder(
      analyzed: analyzed, units: units, source: source, options: options)
    builder.build()
    return ShapedParagraph(
      analyzed: analyzed, pieces: builder.pieces, items: builder.items, images: builder.images,
      largestSize: builder.largestSize, metrics: builder.firstMetrics ?? source.metrics(of: 0),
      naturalWidth: builder.naturalWidth, uniformSize: builder.uniformSize)
  }
}

/// What the words of one font run share, taken out of its attributes once: plain values,
/// copied per word without reference counting.
private struct RunStyle {
  var font: Int
  /// Pixels per em.
  var size: Double
  /// Baseline shift in pixels, up positive.
  var rise: Double
  var color: Color?
  var features: FeatureSet
}

private struct ItemBuilder {
  let analyzed: AnalyzedParagraph
  /// The chapter's UTF-16 units, valid while the builder works.
  let units: UnsafeBufferPointer<UInt16>
  let source: any GlyphSource
  let options: PrepareOptions
  let base: Int
  var pieces: [GlyphPiece] = []
  var items: [LineItem] = []
  var images: [InlineImage] = []
  /// Boxes that punctuation compression has halved.
  private var halved: Set<Int> = []
  var largestSize = 0.0
  /// The one size of every piece (none raised or lowered), while there is one.
  private var pieceSize: Double?
  private var mixedSizes = false
  var firstMetrics: FontMetrics?
  var naturalWidth = 0.0
  private let words: WordStore
  /// Whether the paragraph is hyphenated at all.
  private let hyphenates: Bool
  /// The current run's hyphenation dictionary (its language's) and its tag bits (0: no
  /// hyphenation).
  private var hyphenator: Hyphenator?
  private var dictionary: UInt32
  static let longRun = 64
  static let chunk = 16

  init(
    analyzed: AnalyzedParagraph, units: UnsafeBufferPointer<UInt16>, source: any GlyphSource,
    options: PrepareOptions
  ) {
    self.analyzed = analyzed
    self.units = units
    self.source = source
    self.options = options
    base = analyzed.paragraph.range.lowerBound
    content = analyzed.paragraph.contentRange
    compresses = options.compressesPunctuation && analyzed.paragraph.isChinese
    preserves = analyzed.paragraph.style.preservesWhitespace
    addresses = Addresses.ranges(in: analyzed.paragraph.contentRange, units: units)
    words = source.words
    words.beginParagraph()
    hyphenates =
      options.hyphenate && analyzed.paragraph.style.hyphenation && source.allowsHyphenation
    hyphenator = options.hyphenator
    dictionary = hyphenates ? words.dictionaryNumber(options.hyphenator) : 0
    // About a box and a glue per word (per character in Chinese), and a hyphen now and
    // then: reserved once instead of grown by copying.
    let length = min(analyzed.paragraph.contentRange.count, 1 << 16)
    items.reserveCapacity(analyzed.paragraph.isChinese ? 2 * length + 8 : length / 2 + 8)
    pieces.reserveCapacity(analyzed.paragraph.isChinese ? length + 4 : length / 4 + 4)
  }

  private let addresses: [Range<Int>]
  /// The paragraph's content range and whether its CJK marks are compressed, taken out
  /// once: asking the paragraph per character copied it and lowercased its language.
  private let content: Range<Int>
  private let compresses: Bool
  /// The paragraph keeps its spaces and line breaks (`<pre>`).
  private let preserves: Bool
  /// Where the kept line being built starts (after the last U+2028), and the width of a
  /// space in the current run.
  private var keptLineStart = 0
  private var keptSpace = 0.0
  /// The leading spaces of the kept line being built.
  private var keptIndent = 0.0
  /// The bidirectional level of unit `index` of the chapter (0 when the paragraph is left
  /// to right throughout).
  // Inlined: a call passed the whole builder (some 400 bytes) by copy.
  @inline(__always)
  private func level(_ index: Int) -> UInt8 {
    guard let bidi = analyzed.bidi else { return 0 }
    return bidi.levels[index - content.lowerBound]
  }

  // Inlined: a call passed the whole builder (some 400 bytes) by copy.
  @inline(__always)
  private func isInAddress(_ index: Int) -> Bool {
    guard !addresses.isEmpty else { return false }
    var low = 0
    var high = addresses.count
    while low < high {
      let middle = (low + high) / 2
      if addresses[middle].upperBound <= index { low = middle + 1 } else { high = middle }
    }
    return low < addresses.count && addresses[low].contains(index)
  }

  mutating func build() {
    let paragraph = analyzed.paragraph
    if paragraph.isChinese, paragraph.style.role == .body, paragraph.style.firstLineIndent == 0,
      let first = paragraph.contentRange.first, units[first] != 0x3000
    {
      // The Chinese full-width indent of two characters.
      items.append(.box(2 * options.fontSize, offset: 0, piece: -1))
    }
    let floats = floatGroups()
    var group = 0
    var floatStart = -1
    for run in analyzed.fontRuns {
      while group < floats.count, floats[group].range.upperBound <= run.range.lowerBound {
        group += 1
      }
      let floated = group < floats.count && floats[group].range.contains(run.range.lowerBound)
      if floated && floatStart < 0 { floatStart = items.count }
      buildRun(run)
      if floated && run.range.upperBound >= floats[group].range.upperBound {
        takeOutOfFlow(from: floatStart, floats[group])
        floatStart = -1
      }
    }
    if compresses { compressPunctuation() }
    let end = paragraph.contentRange.count
    items.append(.penalty(KnuthPlass.infinitePenalty, offset: end))
    items.append(.glue(0, stretch: KnuthPlass.fillStretch, shrink: 0, offset: end))
    items.append(.penalty(-KnuthPlass.infinitePenalty, offset: end))
    if largestSize == 0 { largestSize = options.fontSize * maxScale() }
  }

  /// Longest floated run that is taken out of the flow; longer ones are set inline.
  static let longestFloat = 40

  /// The paragraph's floated runs (CSS `float` on an inline element) short enough to set
  /// at a line's edge: a line number, a page reference. Adjacent runs of one side are one.
  private func floatGroups() -> [(range: Range<Int>, side: TextAttributes.FloatSide)] {
    var groups: [(range: Range<Int>, side: TextAttributes.FloatSide)] = []
    let content = analyzed.paragraph.contentRange
    for run in analyzed.paragraph.runs {
      guard let side = run.value.float else { continue }
      let range = run.range.clamped(to: content)
      guard !range.isEmpty else { continue }
      if let last = groups.last, last.side == side, last.range.upperBound == range.lowerBound {
        groups[groups.count - 1].range = last.range.lowerBound..<range.upperBound
      } else {
        groups.append((range, side))
      }
    }
    return groups.filter { group in
      group.range.count <= Self.longestFloat
        && !group.range.contains { units[$0] == 0xFFFC || units[$0] == 0x2028 }
        && group.range.contains { !isSpace(units[$0]) }
    }
  }

  /// Makes the items of a floated run (`items[start...]`) one unbreakable group drawn at
  /// the line's edge: its spaces become fixed boxes, its breaks and hyphens go, and a gap
  /// of an em separates it from the text. The group keeps its place in the item list, so
  /// the line it falls on is shortened by its width (the line breaker sees an ordinary
  /// box) and the text keeps its order; finalize draws it at the edge. A right float
  /// stays with the text before it: no break just before it.
  private mutating func takeOutOfFlow(
    from start: Int, _ group: (range: Range<Int>, side: TextAttributes.FloatSide)
  ) {
    let end = group.range.upperBound - base
    var kept: [LineItem] = []
    var tail: [LineItem] = []
    for var item in items[start...] {
      guard Int(item.offset) < end else {
        tail.append(item)
        continue
      }
      switch item.kind {
      case .box: break
      case .glue:
        naturalWidth += item.width
        item = .box(item.width, offset: Int(item.offset), piece: -1)
      case .penalty: continue
      }
      item.float = group.side
      kept.append(item)
    }
    guard !kept.isEmpty else { return }
    items.removeSubrange(start...)
    var gap = LineItem.box(options.fontSize, offset: Int(kept[0].offset), piece: -1)
    gap.float = group.side
    naturalWidth += gap.width
    if group.side == .right {
      if start > 0, items[start - 1].kind == .penalty,
        items[start - 1].penalty > -KnuthPlass.infinitePenalty, items[start - 1].width == 0
      {
        items[start - 1].penalty = KnuthPlass.infinitePenalty
      } else if start > 0, items[start - 1].kind == .glue {
        let glue = items.removeLast()
        items.append(.penalty(KnuthPlass.infinitePenalty, offset: Int(glue.offset)))
        items.append(glue)
      }
      items.append(gap)
      items.append(contentsOf: kept)
    } else {
      gap.offset = kept[kept.count - 1].offset
      items.append(contentsOf: kept)
      items.append(gap)
    }
    items.append(contentsOf: tail)
  }

  private func maxScale() -> Double {
    guard !source.usesWholeUnits else { return 1 }
    return analyzed.paragraph.runs.map { $0.value.baselineShift == .none ? $0.value.fontScale : 1 }
      .max()
      ?? 1
  }

  /// Takes the dictionary of the run's language: the paragraph's, or the one its
  /// element names.
  private mutating func chooseDictionary(for attributes: TextAttributes) {
    guard hyphenates else { return }
    let language = attributes.language ?? analyzed.paragraph.hyphenationLanguage
    let chosen =
      language == analyzed.paragraph.hyphenationLanguage
      ? options.hyphenator : options.hyphenatorForLanguage(language)
    guard chosen !== hyphenator else { return }
    hyphenator = chosen
    dictionary = words.dictionaryNumber(chosen)
  }

  private mutating func buildRun(_ run: FontRun) {
    let attributes = run.attributes
    chooseDictionary(for: attributes)
    // A terminal has one size of letter and no raised or lowered ones.
    let whole = source.usesWholeUnits
    let size =
      whole
      ? options.fontSize
      : options.fontSize * attributes.fontScale * (attributes.baselineShift == .none ? 1 : 0.7)
    let metrics = source.metrics(of: run.font)
    if firstMetrics == nil { firstMetrics = metrics }
    largestSize = max(largestSize, attributes.baselineShift == .none ? size : 0)
    let rise: Double =
      switch whole ? .none : attributes.baselineShift {
      case .none: 0
      case .superscript: size * 0.5
      case .subscript: -size * 0.2
      }
    let style = RunStyle(
      font: run.font, size: size, rise: rise, color: attributes.foreground,
      features: attributes.isSmallCaps ? .smallCaps : [])
    let space = metrics.spaceAdvance * size
    keptSpace = space
    var i = run.range.lowerBound
    while i < run.range.upperBound {
      let unit = units[i]
      if preserves, isSpace(unit) {
        var j = i
        while j < run.range.upperBound, isSpace(units[j]) { j += 1 }
        addKeptSpaces(i..<j, space: space)
        i = j
      } else if isSpace(unit) {
        var j = i
        while j < run.range.upperBound, isSpace(units[j]) { j += 1 }
        if !canBreak(after: j - 1) {
          items.append(.penalty(KnuthPlass.infinitePenalty, offset: i - base))
        }
        let count = Double(j - i)
        // A terminal cannot draw less than a cell of space: spaces only stretch there.
        let shrink = source.usesWholeUnits ? 0 : count * space / 3
        items.append(
          .glue(count * space, stretch: count * space / 2, shrink: shrink, offset: i - base))
        i = j
      } else if unit == 0x2028 {
        items.append(.penalty(KnuthPlass.infinitePenalty, offset: i - base))
        items.append(.glue(0, stretch: KnuthPlass.fillStretch, shrink: 0, offset: i - base))
        items.append(.penalty(-KnuthPlass.infinitePenalty, offset: i - base))
        keptLineStart = i + 1
        keptIndent = 0
        i += 1
      } else if unit == 0xAD {
        addHyphenPenalty(at: i + 1, style)
        i += 1
      } else if unit == 0xFFFC {
        addImage(at: i, size: size, ascender: source.metrics(of: run.font).ascender * size)
        i += 1
        addBreakAfter(i - 1, size: size)
      } else {
        var j = i + 1
        while j < run.range.upperBound, !canBreak(after: j - 1), !isSpecial(units[j]),
          !isAddressBreak(after: j - 1)
        {
          j += 1
        }
        if analyzed.bidi != nil {
          // A word also ends where the direction changes ("abcאבג").
          var k = i + 1
          while k < j, level(k) == level(i) { k += 1 }
          j = k
        }
        addWord(i..<j, style)
        if isAddressBreak(after: j - 1) {
          items.append(.penalty(KnuthPlass.addressPenalty, offset: j - base))
        } else {
          addBreakAfter(j - 1, size: size)
        }
        i = j
      }
    }
  }

  /// An image in the text: scaled down to the text's ascender when small (it stands on
  /// the baseline without making the line taller), set on a line of its own (scaled to
  /// fit the page) when taller than two lines; a blank em without a known size.
  private mutating func addImage(at index: Int, size: Double, ascender: Double) {
    guard let attachment = options.attachments[index], let intrinsic = attachment.intrinsicSize,
      intrinsic.width > 0, intrinsic.height > 0
    else {
      items.append(.box(size, offset: index - base, piece: -1))
      return
    }
    let width = Double(intrinsic.width)
    let height = Double(intrinsic.height)
    if height <= 2 * options.lineHeight {
      let scale = min(1, ascender / height)
      images.append(
        InlineImage(attachment: attachment, width: width * scale, height: height * scale))
      items.append(.box(width * scale, offset: index - base, piece: -2 - (images.count - 1)))
      naturalWidth += width * scale
      return
    }
    let scale = min(1, options.area.width / width, options.area.height / height)
    images.append(InlineImage(attachment: attachment, width: width * scale, height: height * scale))
    let offset = index - base
    if !items.isEmpty { addForcedBreak(at: offset) }
    items.append(.box(width * scale, offset: offset, piece: -2 - (images.count - 1)))
    naturalWidth += width * scale
    if index + 1 < content.upperBound { addForcedBreak(at: offset + 1) }
  }

  private func isHalfBlank(_ unit: UInt16) -> Bool {
    CJK.halfBlankClosing.contains(unit) || CJK.halfBlankOpening.contains(unit)
  }

  /// Two adjacent full-width marks take one em: each box loses its blank half (an opening
  /// mark's glyph moves left by that half). Breaks between them keep their zero width.
  private mutating func compressPunctuation() {
    var previous = -1
    for i in items.indices where items[i].kind == .box {
      defer { previous = i }
      guard previous >= 0, items[previous].piece >= 0, items[i].piece >= 0 else { continue }
      let before = Int(items[previous].offset)
      let after = Int(items[i].offset)
      guard after == before + 1, isHalfBlank(units[base + before]),
        isHalfBlank(units[base + after]),
        pieces[Int(items[previous].piece)].wordLength == 1,
        pieces[Int(items[i].piece)].wordLength == 1
      else { continue }
      for k in [previous, i] where items[k].width > 0 {
        // A box already halved as the second of a pair is not halved again.
        let piece = Int(items[k].piece)
        guard !halved.contains(k) else { continue }
        let half = items[k].width / 2
        items[k].width = half
        naturalWidth -= half
        halved.insert(k)
        if CJK.halfBlankOpening.contains(units[base + Int(items[k].offset)]) {
          pieces[piece].shift = -half
        }
      }
    }
  }

  /// Ends the line here: a ragged line end and a forced break.
  private mutating func addForcedBreak(at offset: Int) {
    items.append(.penalty(KnuthPlass.infinitePenalty, offset: offset))
    items.append(.glue(0, stretch: KnuthPlass.fillStretch, shrink: 0, offset: offset))
    items.append(.penalty(-KnuthPlass.infinitePenalty, offset: offset))
  }

  // Inlined: a call passed the whole builder (some 400 bytes) by copy.
  @inline(__always)
  private func canBreak(after index: Int) -> Bool {
    let local = index - content.lowerBound
    guard local >= 0, local < analyzed.breaks.count,
      analyzed.breaks[local] <= LineBreakAnalyzer.Opportunity.allowed.rawValue
    else { return false }
    // Inside a URL or e-mail address only the spaces around it break.
    return addresses.isEmpty || !(isInAddress(index) && isInAddress(index + 1))
  }

  /// Whether a URL or address may break after `index` when it must: after / . ? & = or
  /// -, inside the address, not before another of them ("//", "?=") and not at its end.
  // Inlined: a call passed the whole builder (some 400 bytes) by copy.
  @inline(__always)
  private func isAddressBreak(after index: Int) -> Bool {
    guard !addresses.isEmpty, index + 1 < content.upperBound else { return false }
    return Self.isAddressBreakMark(units[index]) && !Self.isAddressBreakMark(units[index + 1])
      && isInAddress(index) && isInAddress(index + 1) && units[index + 1] != 0x3A
  }

  private static func isAddressBreakMark(_ unit: UInt16) -> Bool {
    unit == 0x2F || unit == 0x2E || unit == 0x3F || unit == 0x26 || unit == 0x3D || unit == 0x2D
  }

  private func isSpace(_ unit: UInt16) -> Bool {
    unit == 0x20 || unit == 0x09 || (0x2000...0x200A).contains(unit)
  }

  private func isSpecial(_ unit: UInt16) -> Bool {
    isSpace(unit) || unit == 0x2028 || unit == 0xAD || unit == 0xFFFC
  }

  /// Spaces of a paragraph that keeps them (`<pre>`): those that start a line are a box
  /// (glue there would be dropped, and the indent with it), a tab reaches the next of
  /// every eighth column, and a break at the others wraps the line with a hanging indent.
  private mutating func addKeptSpaces(_ range: Range<Int>, space: Double) {
    let lineStart = max(keptLineStart, content.lowerBound)
    var column = range.lowerBound - lineStart
    let startColumn = column
    for i in range { column = units[i] == 0x09 ? (column / 8 + 1) * 8 : column + 1 }
    let width = Double(column - startColumn) * space
    naturalWidth += width
    if range.lowerBound == lineStart || !canBreak(after: range.upperBound - 1) {
      if range.lowerBound == lineStart { keptIndent = width }
      items.append(.box(width, offset: range.lowerBound - base, piece: -1))
      return
    }
    addKeptBreak(at: range.lowerBound - base, width: width, resumeAt: range.upperBound - base)
  }

  /// The hanging indent of a wrapped line in a paragraph that keeps its lines: its line's
  /// own indent and four spaces of the run's font (four columns of a monospace one).
  private var hangingIndent: Double { keptIndent + 4 * keptSpace }

  /// A break in a kept line (`<pre>`): unbroken, `width` of space; broken, the line ends
  /// at `offset` and the next one starts at `resumeAt` after a hanging indent. Knuth &
  /// Plass's trick: glue after a break is dropped up to the first box, so an empty box
  /// keeps the indent's glue after it.
  private mutating func addKeptBreak(
    at offset: Int, width: Double, resumeAt: Int, penalty: Double = 0, flagged: Bool = false
  ) {
    let hang = hangingIndent
    items.append(.penalty(penalty, flagged: flagged, offset: offset))
    items.append(.glue(width - hang, stretch: 0, shrink: 0, offset: offset))
    items.append(.box(0, offset: resumeAt, piece: -1))
    items.append(.penalty(KnuthPlass.infinitePenalty, offset: resumeAt))
    items.append(.glue(hang, stretch: 0, shrink: 0, offset: resumeAt))
  }

  /// Items after a word that ended at a break opportunity not followed by a space.
  private mutating func addBreakAfter(_ index: Int, size: Double) {
    let next = index + 1
    guard next < content.upperBound, canBreak(after: index),
      !isSpecial(units[next])
    else { return }
    if preserves {
      let before = units[index]
      let hyphen = before == 0x2D || before == 0x2010
      addKeptBreak(
        at: next - base, width: 0, resumeAt: next - base,
        penalty: hyphen ? KnuthPlass.hyphenPenalty : 0, flagged: hyphen)
      return
    }
    let before = UInt32(units[index])
    let after = UInt32(units[next])
    if Self.neverStartsALine(after) {
      // "……" and "——" stay with what comes before them (CLREQ §3.1.7), and so does a
      // dash set close to a word, as in TeX: "avenues—" / "north", never "avenues" /
      // "—north". Between ideographs the line may still spread here, but never break.
      if CJK.isIdeographic(before) {
        items.append(.penalty(KnuthPlass.infinitePenalty, offset: next - base))
        items.append(
          .glue(
            0, stretch: size / 4, shrink: source.usesWholeUnits ? 0 : size / 40, offset: next - base
          ))
      }
      return
    }
    if CJK.isIdeographic(before) && CJK.isAlphanumeric(after)
      || CJK.isAlphanumeric(before) && CJK.isIdeographic(after)
    {
      // A quarter em between ideographs and Latin letters; none in a terminal, where a
      // cell is the least there can be.
      let quarter = source.usesWholeUnits ? 0 : size / 4
      items.append(
        .glue(
          quarter, stretch: source.usesWholeUnits ? size / 4 : quarter / 2, shrink: quarter / 3,
          offset: next - base))
    } else if CJK.isIdeographic(before) || CJK.isIdeographic(after) {
      items.append(
        .glue(
          0, stretch: size / 4, shrink: source.usesWholeUnits ? 0 : size / 40,
          offset: next - base))
    } else {
      let hyphen =
        before == 0x2D || before == 0x2010 || before == 0x2013 || Self.isLongDash(before)
      items.append(
        .penalty(hyphen ? KnuthPlass.hyphenPenalty : 0, flagged: hyphen, offset: next - base))
    }
  }

  /// The ellipsis (… ⋯) and the long dashes: never at a line start, wherever a break
  /// before them would otherwise be allowed.
  private static func neverStartsALine(_ scalar: UInt32) -> Bool {
    scalar == 0x2026 || scalar == 0x22EF || isLongDash(scalar)
  }

  /// Em dash, two- and three-em dashes.
  private static func isLongDash(_ scalar: UInt32) -> Bool {
    scalar == 0x2014 || scalar == 0x2E3A || scalar == 0x2E3B
  }

  private mutating func addWord(_ range: Range<Int>, _ style: RunStyle) {
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
  private mutating func store(
    _ range: Range<Int>, font: Int, features: FeatureSet, hyphenate: Bool
  ) -> StoredWord {
    let tag = WordStore.tag(
      font: font, features: features.rawValue, dictionary: hyphenate ? dictionary : 0)
    let buffer = units
    let text = UnsafeBufferPointer(rebasing: buffer[range])
    return words.word(for: text, tag: tag) { glyphs in
      source.shape(
        text, font: font, features: features.rawValue, language: analyzed.paragraph.language,
        into: &glyphs)
      guard hyphenate, let hyphenator else { return [] }
      // Hyphenate the letters only: "countenance," and “gentlemanlike” included.
      var lower = range.lowerBound
      var upper = range.upperBound
      while lower < upper, !isLetter(buffer[lower]) { lower += 1 }
      while upper > lower, !isLetter(buffer[upper - 1]) { upper -= 1 }
      guard upper - lower >= 5 else { return [] }
      var points: [Int] = []
      hyphenator.points(in: UnsafeBufferPointer(rebasing: buffer[lower..<upper]), into: &points)
      return points.map { $0 + lower - range.lowerBound }
    }
  }

  private mutating func addPiece(_ range: Range<Int>, _ style: RunStyle) {
    let word = store(range, font: style.font, features: style.features, hyphenate: false)
    addBox(word, 0..<word.glyphCount, width: word.width, range.lowerBound, 0, style)
  }

  /// A box of glyphs `glyphs` (counted from the word's first) whose width is `width` ems.
  private mutating func addBox(
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

  private mutating func addHyphenPenalty(at index: Int, _ style: RunStyle) {
    let metrics = source.metrics(of: style.font)
    let hyphen = words.hyphen(font: style.font, metrics: metrics)
    noteSize(style.size, rise: 0)
    pieces.append(
      GlyphPiece(
        glyphStart: hyphen.glyphStart, glyphEnd: hyphen.glyphStart + 1,
        wordGlyphEnd: hyphen.glyphStart + 1, wordLength: 0, wordOffset: Int32(index - base),
        font: Int32(style.font), size: style.size, rise: 0, color: style.color))
    items.append(
      .penalty(
        KnuthPlass.hyphenPenalty, width: metrics.hyphenAdvance * style.size, flagged: true,
        offset: index - base, piece: pieces.count - 1))
  }

  private mutating func noteSize(_ size: Double, rise: Double) {
    if rise != 0 || (pieceSize != nil && pieceSize != size) { mixedSizes = true }
    pieceSize = size
  }

  /// The size of every line's text when the paragraph has one size throughout (and no
  /// image): then all its lines are alike.
  var uniformSize: Double? {
    guard !mixedSizes, images.isEmpty, let pieceSize, pieceSize == largestSize else { return nil }
    return pieceSize
  }

  private func isLetter(_ unit: UInt16) -> Bool {
    (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) || (0xC0...0x24F).contains(unit)
      || (0x370...0x52F).contains(unit)
  }

  /// Never split a surrogate pair or separate a combining mark from its base.
  private func isClusterBoundary(_ index: Int) -> Bool {
    let unit = units[index]
    return !UTF16.isTrailSurrogate(unit) && !(0x300...0x36F).contains(unit) && unit != 0x200D
      && !(0xFE00...0xFE0F).contains(unit)
  }
}
