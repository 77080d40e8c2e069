extension VerticalText {
  /// The runs of one horizontal run set down a column whose centre line is at x `centre`:
  /// split where the glyphs change from upright to turned, tate-chū-yoko runs apart.
  func columnRuns(
    of run: GlyphRun, centre: Double, units: [UInt16], source: any GlyphSource
  ) -> [GlyphRun] {
    guard let font = source.font(of: run.font), !run.glyphs.isEmpty,
      run.clusters.count == run.glyphs.count
    else { return [] }
    let metrics = source.metrics(of: font)
    // The alphabetic baseline of turned text sits so that the face's ascent and descent
    // are centred on the column (CSS's central baseline).
    let central = (metrics.ascender - metrics.descender) / 2 * run.size
    var runs: [GlyphRun] = []
    var empty = run
    empty.glyphs = []
    empty.positions = []
    empty.clusters = []
    empty.drawingOffsets = []
    var current = empty
    func flush() {
      if !current.glyphs.isEmpty { runs.append(current) }
      current = empty
    }
    var index = 0
    while index < run.glyphs.count {
      let cluster = Int(run.clusters[index])
      let top = Double(run.positions[index].x)
      if let range = combinedRange(containing: cluster) {
        var end = index
        while end < run.glyphs.count, range.contains(Int(run.clusters[end])) { end += 1 }
        flush()
        if let combined = combinedRun(
          range, like: run, font: font, top: top, centre: centre, units: units,
          source: source)
        {
          runs.append(combined)
        }
        index = end
        continue
      }
      let scalar = Self.scalar(at: cluster, in: units)
      // Dashes, ellipses and quotes stand upright where the font has a vertical form of
      // them (CJK faces do); a Latin face's are turned, which sets them along the column.
      let isUpright: Bool
      if Self.range(in: sideways, containing: cluster) != nil {
        isUpright = false
      } else if Self.range(in: upright, containing: cluster) != nil {
        isUpright = true
      } else {
        isUpright =
          Self.standsUpright(scalar)
          || (Self.hasVerticalForm(scalar)
            && uprightGlyph(scalar, at: cluster, font: font, units: units, source: source)
              .map { $0.id != run.glyphs[index] } ?? false)
      }
      let orientation: GlyphOrientation = isUpright ? .horizontal : .rotatedClockwise
      if current.orientation != orientation {
        flush()
        current.orientation = orientation
      }
      if isUpright {
        // One upright glyph per character: a second glyph of the cluster (a mark) is
        // part of the vertical form.
        if index > 0, run.clusters[index - 1] == run.clusters[index] {
          index += 1
          continue
        }
        let glyph = uprightGlyph(scalar, at: cluster, font: font, units: units, source: source)
        current.glyphs.append(glyph?.id ?? run.glyphs[index])
        current.positions.append(GlyphPosition(x: Float(centre), y: Float(top)))
        current.drawingOffsets.append(
          GlyphPosition(
            x: Float((glyph?.xOffset ?? -0.5) * run.size),
            y: Float(-(glyph?.yOffset ?? -metrics.ascender) * run.size)))
      } else {
        current.glyphs.append(run.glyphs[index])
        current.positions.append(GlyphPosition(x: Float(centre - central), y: Float(top)))
      }
      current.clusters.append(run.clusters[index])
      index += 1
    }
    flush()
    // Turned runs carry no drawing offsets: they are drawn at their pens.
    return runs.map { run in
      var run = run
      if run.orientation == .rotatedClockwise { run.drawingOffsets = [] }
      return run
    }
  }

  /// A tate-chū-yoko run: the text shaped horizontally, scaled down to one em when wider,
  /// centred across the column and in the em box that starts at `top`.
  private func combinedRun(
    _ range: Range<Int>, like run: GlyphRun, font: Int, top: Double, centre: Double,
    units: [UInt16], source: any GlyphSource
  ) -> GlyphRun? {
    var glyphs: [StoredGlyph] = []
    units[range].withUnsafeBufferPointer { text in
      source.shape(text, font: font, features: 0, language: language, into: &glyphs)
    }
    guard !glyphs.isEmpty else { return nil }
    let width = glyphs.reduce(0.0) { $0 + Double($1.advance) }
    let size = run.size * (width > 1 ? 1 / width : 1)
    let metrics = source.metrics(of: font)
    let baseline = top + run.size / 2 + (metrics.ascender - metrics.descender) / 2 * size
    var combined = run
    combined.size = size
    combined.orientation = .horizontal
    combined.glyphs = glyphs.map(\.id)
    combined.clusters = glyphs.map { Int32(range.lowerBound) + $0.cluster }
    combined.positions = []
    combined.drawingOffsets = []
    var pen = centre - width * size / 2
    for glyph in glyphs {
      combined.positions.append(GlyphPosition(x: Float(pen), y: Float(top)))
      combined.drawingOffsets.append(
        GlyphPosition(
          x: Float(Double(glyph.xOffset) * size),
          y: Float(baseline - top - Double(glyph.yOffset) * size)))
      pen += Double(glyph.advance) * size
    }
    return combined
  }

  func uprightGlyph(
    _ scalar: UInt32, at offset: Int, font: Int, units: [UInt16], source: any GlyphSource
  ) -> UprightGlyph? {
    let key = UInt64(font) << 32 | UInt64(scalar)
    if let known = uprightGlyphs[key] { return known }
    let length = scalar > 0xFFFF ? 2 : 1
    let glyph = units[offset..<min(units.count, offset + length)].withUnsafeBufferPointer {
      source.uprightGlyph($0, font: font, language: language)
    }
    uprightGlyphs[key] = glyph
    return glyph
  }

  /// Punctuation that Unicode turns (UAX #50 R) but CJK fonts draw in vertical forms:
  /// dashes, ellipses, and the curly quotes that Chinese books set as corner brackets in
  /// vertical text (CLREQ §3.1.3).
  static func hasVerticalForm(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2013...0x2015, 0x2018...0x201D, 0x2025...0x2026, 0x2E3A...0x2E3B: return true
    default: return false
    }
  }

  /// The scalar at UTF-16 `offset` (a surrogate pair decoded).
  static func scalar(at offset: Int, in units: [UInt16]) -> UInt32 {
    guard units.indices.contains(offset) else { return 0 }
    let unit = units[offset]
    if (0xD800...0xDBFF).contains(unit), offset + 1 < units.count,
      (0xDC00...0xDFFF).contains(units[offset + 1])
    {
      return 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[offset + 1] - 0xDC00)
    }
    return UInt32(unit)
  }

  /// Whether a character stands upright in vertical text: Unicode's vertical orientation
  /// U, Tu or Tr (UAX #50) — ideographs, kana, Hangul, CJK punctuation and full-width
  /// forms, and the symbols East Asian books set upright. The rest (Latin, digits,
  /// ASCII punctuation, dashes and the ellipsis when the font has no vertical form of
  /// them) is turned.
  static func standsUpright(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0xA7, 0xA9, 0xAE, 0xB1, 0xBC...0xBE, 0xD7, 0xF7: return true
    case 0x1100...0x11FF, 0x2016, 0x2020...0x2021, 0x2030...0x2031, 0x203B...0x203C,
      0x2042, 0x2047...0x2049, 0x2100...0x218F, 0x2460...0x24FF, 0x25A0...0x27BF,
      0x2E80...0x2FFF, 0x3000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7FF,
      0xE000...0xFAFF, 0xFE10...0xFE1F, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE7,
      0x1F000...0x1FAFF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
