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
struct RunStyle {
  var font: Int
  /// Pixels per em.
  var size: Double
  /// Baseline shift in pixels, up positive.
  var rise: Double
  var color: Color?
  var features: FeatureSet
}

struct ItemBuilder {
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
  var halved: Set<Int> = []
  var largestSize = 0.0
  /// The one size of every piece (none raised or lowered), while there is one.
  var pieceSize: Double?
  var mixedSizes = false
  var firstMetrics: FontMetrics?
  var naturalWidth = 0.0
  let words: WordStore
  /// Whether the paragraph is hyphenated at all.
  let hyphenates: Bool
  /// The current run's hyphenation dictionary (its language's) and its tag bits (0: no
  /// hyphenation).
  var hyphenator: Hyphenator?
  var dictionary: UInt32
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
    let language = analyzed.paragraph.language.lowercased()
    solidScript = language.hasPrefix("zh") || language.hasPrefix("ja")
    preserves = analyzed.paragraph.style.preservesWhitespace
    verse = !preserves && analyzed.paragraph.style.role == .verse
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

  let addresses: [Range<Int>]
  /// The paragraph's content range and whether its CJK marks are compressed, taken out
  /// once: asking the paragraph per character copied it and lowercased its language.
  let content: Range<Int>
  let compresses: Bool
  /// The paragraph is Chinese or Japanese, whose characters are words of their own
  /// (`addSingles`).
  let solidScript: Bool
  /// The paragraph keeps its spaces and line breaks (`<pre>`).
  let preserves: Bool
  /// The paragraph is verse: its spaces are breaks with a hanging indent, never spread.
  let verse: Bool
  /// Where the kept line being built starts (after the last U+2028), and the width of a
  /// space in the current run.
  var keptLineStart = 0
  var keptSpace = 0.0
  /// The leading spaces of the kept line being built.
  var keptIndent = 0.0
  /// The current run's hyphen, drawn at a hyphenated break, and its width in pixels:
  /// found once per run, not per hyphenation point. (Kept here rather than in `RunStyle`,
  /// which every word is handed by copy.)
  var runHyphen = StoredWord(
    glyphStart: 0, glyphCount: 0, segmentStart: 0, segmentCount: 0, width: 0, length: 0)
  var runHyphenWidth = 0.0
  /// The bidirectional level of unit `index` of the chapter (0 when the paragraph is left
  /// to right throughout).
  // Inlined: a call passed the whole builder (some 400 bytes) by copy.
  @inline(__always)
  func level(_ index: Int) -> UInt8 {
    guard let bidi = analyzed.bidi else { return 0 }
    return bidi.levels[index - content.lowerBound]
  }

  // Inlined: a call passed the whole builder (some 400 bytes) by copy.
  @inline(__always)
  func isInAddress(_ index: Int) -> Bool {
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

  func maxScale() -> Double {
    guard !source.usesWholeUnits else { return 1 }
    return analyzed.paragraph.runs.map { $0.value.baselineShift == .none ? $0.value.fontScale : 1 }
      .max()
      ?? 1
  }

  /// Takes the dictionary of the run's language: the paragraph's, or the one its
  /// element names.
  mutating func chooseDictionary(for attributes: TextAttributes) {
    guard hyphenates else { return }
    let language = attributes.language ?? analyzed.paragraph.hyphenationLanguage
    let chosen =
      language == analyzed.paragraph.hyphenationLanguage
      ? options.hyphenator : options.hyphenatorForLanguage(language)
    guard chosen !== hyphenator else { return }
    hyphenator = chosen
    dictionary = words.dictionaryNumber(chosen)
  }

  mutating func buildRun(_ run: FontRun) {
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
    runHyphen = words.hyphen(font: run.font, metrics: metrics)
    runHyphenWidth = metrics.hyphenAdvance * size
    let space = metrics.spaceAdvance * size
    keptSpace = space
    let singles = takesSingles
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
        if verse, canBreak(after: j - 1) {
          // A verse line wraps with a hanging indent and is never spread.
          addKeptBreak(at: i - base, width: Double(j - i) * space, resumeAt: j - base)
          i = j
          continue
        }
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
        if singles {
          // The words up to the next space (every ideograph one): a loop of their own.
          let stop = addSingles(from: i, to: run.range.upperBound, style, size: size)
          if stop > i {
            i = stop
            continue
          }
        }
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

  // Inlined: a call passed the whole builder (some 400 bytes) by copy.
  @inline(__always)
  func canBreak(after index: Int) -> Bool {
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
  func isAddressBreak(after index: Int) -> Bool {
    guard !addresses.isEmpty, index + 1 < content.upperBound else { return false }
    return Self.isAddressBreakMark(units[index]) && !Self.isAddressBreakMark(units[index + 1])
      && isInAddress(index) && isInAddress(index + 1) && units[index + 1] != 0x3A
  }

  static func isAddressBreakMark(_ unit: UInt16) -> Bool {
    unit == 0x2F || unit == 0x2E || unit == 0x3F || unit == 0x26 || unit == 0x3D || unit == 0x2D
  }

  func isSpace(_ unit: UInt16) -> Bool { Self.isSpaceUnit(unit) }

  func isSpecial(_ unit: UInt16) -> Bool { Self.isSpecialUnit(unit) }

  static func isSpaceUnit(_ unit: UInt16) -> Bool {
    unit == 0x20 || unit == 0x09 || (0x2000...0x200A).contains(unit)
  }

  /// A unit `buildRun` sets apart from words: a space, U+2028, a soft hyphen, an image.
  static func isSpecialUnit(_ unit: UInt16) -> Bool {
    isSpaceUnit(unit) || unit == 0x2028 || unit == 0xAD || unit == 0xFFFC
  }

  /// Items after a word that ended at a break opportunity not followed by a space.
  mutating func addBreakAfter(_ index: Int, size: Double) {
    let next = index + 1
    guard next < content.upperBound, canBreak(after: index),
      !isSpecial(units[next])
    else { return }
    if preserves || verse {
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
        items.append(interCharacterGlue(size: size, offset: next - base))
      }
      return
    }
    if CJK.isIdeographic(before) && CJK.isAlphanumeric(after)
      || CJK.isAlphanumeric(before) && CJK.isIdeographic(after)
    {
      items.append(mixedScriptGlue(size: size, offset: next - base))
    } else if CJK.isIdeographic(before) || CJK.isIdeographic(after) {
      items.append(interCharacterGlue(size: size, offset: next - base))
    } else {
      let hyphen = Self.isBreakingHyphen(before)
      items.append(
        .penalty(hyphen ? KnuthPlass.hyphenPenalty : 0, flagged: hyphen, offset: next - base))
    }
  }

  /// The glue between an ideograph and a Latin letter or digit: a quarter em, none in a
  /// terminal, where a cell is the least there can be.
  func mixedScriptGlue(size: Double, offset: Int) -> LineItem {
    let cells = source.usesWholeUnits
    let quarter = cells ? 0 : size / 4
    return .glue(
      quarter, stretch: cells ? size / 4 : quarter / 2, shrink: quarter / 3, offset: offset)
  }

  /// Whether a break after `scalar` is a flagged penalty: after a hyphen or a dash.
  static func isBreakingHyphen(_ scalar: UInt32) -> Bool {
    scalar == 0x2D || scalar == 0x2010 || scalar == 0x2013 || isLongDash(scalar)
  }

  /// The glue between two characters set solid (CJK): it spreads a justified line of
  /// pixels by up to a quarter em, and the breaker counts that stretch on cells too, where
  /// finalize leaves it unspread (`LineItem.isSolid`).
  func interCharacterGlue(size: Double, offset: Int) -> LineItem {
    let cells = source.usesWholeUnits
    return .glue(0, stretch: size / 4, shrink: cells ? 0 : size / 40, offset: offset, solid: cells)
  }

  mutating func noteSize(_ size: Double, rise: Double) {
    if rise != 0 || (pieceSize != nil && pieceSize != size) { mixedSizes = true }
    pieceSize = size
  }

  /// The size of every line's text when the paragraph has one size throughout (and no
  /// image): then all its lines are alike.
  var uniformSize: Double? {
    guard !mixedSizes, images.isEmpty, let pieceSize, pieceSize == largestSize else { return nil }
    return pieceSize
  }

  func isLetter(_ unit: UInt16) -> Bool {
    (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) || (0xC0...0x24F).contains(unit)
      || (0x370...0x52F).contains(unit)
  }

  /// Never split a surrogate pair or separate a combining mark from its base.
  func isClusterBoundary(_ index: Int) -> Bool {
    let unit = units[index]
    return !UTF16.isTrailSurrogate(unit) && !(0x300...0x36F).contains(unit) && unit != 0x200D
      && !(0xFE00...0xFE0F).contains(unit)
  }
}
