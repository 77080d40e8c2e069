/// Words of one code unit in a row: the ideographs, kana and full-width marks of Chinese
/// and Japanese text, where a line may break after every character, so every character is
/// a word of its own.
///
/// `addSingles` makes exactly the items and pieces that `buildRun`'s general path makes for
/// such words (`addWord` for a one-unit word, then `addBreakAfter`), and hands the longer
/// words between them (a quotation mark and its character) to that path; what the general
/// path asks per character it asks once per run: the word's tag, the glue, whether the
/// paragraph has addresses or right-to-left text. A character's classes come from one
/// table (`UnitClasses`) instead of a chain of range tests.
extension ItemBuilder {
  /// Whether `addSingles` sets this paragraph's words: Chinese or Japanese (in other text
  /// a word of one unit is rare, and the general path as quick), without a URL or e-mail
  /// address (whose breaks are penalties of their own), right-to-left text (whose words
  /// end where the direction changes), kept lines or verse (whose breaks are kept breaks).
  var takesSingles: Bool {
    solidScript && addresses.isEmpty && analyzed.bidi == nil && !preserves && !verse
  }

  /// Adds the words from `start` on, each with the glue or penalty after it, up to `limit`
  /// (the run's end) or the first special unit (a space, a line separator, a soft hyphen,
  /// an image), where it stops; returns where it stopped. Words of one unit are set here,
  /// longer ones through `addWord` and `addBreakAfter` as `buildRun` sets them. Call only
  /// when `takesSingles`.
  /// - Complexity: O(units added).
  mutating func addSingles(from start: Int, to limit: Int, _ style: RunStyle, size: Double) -> Int {
    let classes = UnitClasses.table
    let tag = WordStore.tag(font: style.font, features: style.features.rawValue, dictionary: 0)
    let solidGlue = interCharacterGlue(size: size, offset: 0)
    let latinGlue = mixedScriptGlue(size: size, offset: 0)
    let contentStart = content.lowerBound
    let contentEnd = content.upperBound
    let opportunities = analyzed.breaks
    return opportunities.withUnsafeBufferPointer { breaks in
      classes.withUnsafeBufferPointer { classes in
        /// `canBreak(after:)` without addresses.
        func breaksAfter(_ index: Int) -> Bool {
          let local = index - contentStart
          return local >= 0 && local < breaks.count
            && breaks[local] <= LineBreakAnalyzer.Opportunity.allowed.rawValue
        }
        var i = start
        while i < limit {
          let unit = units[i]
          let before = classes[Int(unit)]
          guard before & UnitClasses.special == 0 else { break }
          let next = i + 1
          let breaking = breaksAfter(i)
          // A word ends at a break opportunity, a special unit or the run's end.
          guard next == limit || breaking || classes[Int(units[next])] & UnitClasses.special != 0
          else {
            // A word of several units ("“宝", "玉。”"): the general path's.
            var j = next
            while j < limit, !breaksAfter(j - 1), classes[Int(units[j])] & UnitClasses.special == 0
            {
              j += 1
            }
            addWord(i..<j, style)
            addBreakAfter(j - 1, size: size)
            i = j
            continue
          }
          let text = UnsafeBufferPointer(rebasing: units[i..<next])
          let word =
            words.hit(text, tag: tag)
            ?? store(i..<next, font: style.font, features: style.features, hyphenate: false)
          // A one-unit word is never hyphenated; should it have segments, the general path
          // sets it.
          guard word.segmentCount == 0 else {
            addWord(i..<next, style)
            addBreakAfter(i, size: size)
            i = next
            continue
          }
          addBox(word, 0..<word.glyphCount, width: word.width, i, 0, style)
          i = next
          // What follows the word (`addBreakAfter`).
          guard next < contentEnd, breaking else { continue }
          let after = classes[Int(units[next])]
          guard after & UnitClasses.special == 0 else { continue }
          let offset = next - base
          if after & UnitClasses.neverStartsALine != 0 {
            if before & UnitClasses.ideographic != 0 {
              items.append(.penalty(KnuthPlass.infinitePenalty, offset: offset))
              var glue = solidGlue
              glue.offset = Int32(offset)
              items.append(glue)
            }
          } else if before & UnitClasses.ideographic != 0 && after & UnitClasses.alphanumeric != 0
            || before & UnitClasses.alphanumeric != 0 && after & UnitClasses.ideographic != 0
          {
            var glue = latinGlue
            glue.offset = Int32(offset)
            items.append(glue)
          } else if (before | after) & UnitClasses.ideographic != 0 {
            var glue = solidGlue
            glue.offset = Int32(offset)
            items.append(glue)
          } else {
            let hyphen = before & UnitClasses.hyphen != 0
            items.append(
              .penalty(hyphen ? KnuthPlass.hyphenPenalty : 0, flagged: hyphen, offset: offset))
          }
        }
        return i
      }
    }
  }
}

/// What line building asks of a UTF-16 unit, one byte per unit: bits for the classes of
/// `CJK` and `ItemBuilder` (the table is made from their tests, so it says what they say).
enum UnitClasses {
  /// `CJK.isIdeographic`.
  static let ideographic: UInt8 = 1
  /// `CJK.isAlphanumeric`.
  static let alphanumeric: UInt8 = 2
  /// `ItemBuilder.neverStartsALine`.
  static let neverStartsALine: UInt8 = 4
  /// `ItemBuilder.isSpecial`: a space, U+2028, a soft hyphen or an image's U+FFFC.
  static let special: UInt8 = 8
  /// `ItemBuilder.isBreakingHyphen`: a break after it is a flagged penalty.
  static let hyphen: UInt8 = 16

  /// The classes of every unit, by unit.
  static let table: [UInt8] = (0...0xFFFF).map { unit in
    let scalar = UInt32(unit)
    var classes: UInt8 = 0
    if CJK.isIdeographic(scalar) { classes |= ideographic }
    if CJK.isAlphanumeric(scalar) { classes |= alphanumeric }
    if ItemBuilder.neverStartsALine(scalar) { classes |= neverStartsALine }
    if ItemBuilder.isSpecialUnit(UInt16(unit)) { classes |= special }
    if ItemBuilder.isBreakingHyphen(scalar) { classes |= hyphen }
    return classes
  }
}
