import CUnibreak
import Glibc
import QuireBook

/// Line-break opportunities after UAX #14, exactly as libunibreak 1.1 finds them.
///
/// The only file that imports libunibreak. libunibreak 1.1 looks every character's class up
/// by a linear scan of its tables, which made it a tenth of pagination time; so the
/// analysis runs in Swift (`LineBreakRules`) over tables built from libunibreak's exported
/// data and pair outcomes probed from the library itself, once per language. A paragraph
/// the Swift tables do not cover goes to libunibreak (`referenceOpportunities`).
enum LineBreakAnalyzer {
  /// What may follow a UTF-16 code unit.
  enum Opportunity: UInt8 {
    case mandatory = 0
    case allowed = 1
    case none = 2
    /// Inside a surrogate pair.
    case insideCharacter = 3
  }

  private static let initialised: Bool = {
    init_linebreak()
    return true
  }()

  /// Rules per language string, built on first use.
  private static let rulesByLanguage = Locked<[String: LineBreakRules]>([:])

  /// One `Opportunity` raw value per code unit: the break status after that unit.
  ///
  /// Equal to `referenceOpportunities` for every text (proven by LineBreakAnalyzerTests).
  /// - Complexity: O(n).
  static func opportunities(_ text: UnsafeBufferPointer<UInt16>, language: String) -> [UInt8] {
    guard !text.isEmpty else { return [] }
    if let found = rules(for: language).opportunities(text) { return found }
    guard text.contains(where: { $0 == 0xFFFF || $0 == 0xD83C }) else {
      return referenceOpportunities(text, language: language)
    }
    // libunibreak 1.1 aborts on U+FFFF and on regional indicators (U+1F1E6…, lead unit
    // D83C): it gets stand-ins of the classes the Swift rules give them (XX, ideograph).
    var safe = Array(text)
    for i in safe.indices {
      if safe[i] == 0xFFFF {
        safe[i] = 0xFFFE
      } else if safe[i] == 0xD83C, i + 1 < safe.count, (0xDDE6...0xDDFF).contains(safe[i + 1]) {
        safe[i] = 0xD840  // U+20000, an ideograph outside the BMP like the flag
        safe[i + 1] = 0xDC00
      }
    }
    return safe.withUnsafeBufferPointer { referenceOpportunities($0, language: language) }
  }

  /// The break status after each code unit from libunibreak's `set_linebreaks_utf16`.
  ///
  /// - Complexity: O(n × size of libunibreak's tables).
  static func referenceOpportunities(_ text: UnsafeBufferPointer<UInt16>, language: String)
    -> [UInt8]
  {
    precondition(initialised)
    guard let base = text.baseAddress, !text.isEmpty else { return [] }
    return [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: text.count) { breaks in
        set_linebreaks_utf16(base, text.count, language, breaks)
      }
      count = text.count
    }
  }

  /// The Swift rules for a language, built (by probing libunibreak) on first use.
  static func rules(for language: String) -> LineBreakRules {
    if let found = rulesByLanguage.withLock({ $0[language] }) { return found }
    let made = makeRules(language)
    return rulesByLanguage.withLock { cache in
      if let raced = cache[language] { return raced }
      cache[language] = made
      return made
    }
  }

  private static func makeRules(_ language: String) -> LineBreakRules {
    precondition(initialised)
    // LineBreakClass numbers classes as this libunibreak does.
    precondition(
      LBP_JT.rawValue == LineBreakClass.lastPaired && LBP_XX.rawValue == LineBreakClass.xx
        && LBP_CM.rawValue == LineBreakClass.cm && LBP_SP.rawValue == LineBreakClass.sp)
    return LineBreakRules(
      overrides: overrideRanges(language), defaults: ranges(quire_lb_prop_default()),
      probing: { scalars in referenceOutcomes(scalars, language: language) })
  }

  /// The language table libunibreak uses for `language`: the first whose name matches the
  /// language's first `namelen` characters (case-sensitive, as its `strncmp`).
  private static func overrideRanges(_ language: String) -> [LineBreakRules.ClassRange] {
    guard var entry = quire_lb_prop_lang_map() else { return [] }
    while let name = entry.pointee.lang {
      if strncmp(language, name, entry.pointee.namelen) == 0 { return ranges(entry.pointee.lbp) }
      entry += 1
    }
    return []
  }

  /// A libunibreak property table, up to its `LBP_Undefined` terminator.
  private static func ranges(_ table: UnsafePointer<LineBreakProperties>?)
    -> [LineBreakRules.ClassRange]
  {
    guard var entry = table else { return [] }
    var result: [LineBreakRules.ClassRange] = []
    while entry.pointee.prop != LBP_Undefined {
      result.append(
        LineBreakRules.ClassRange(
          start: entry.pointee.start, end: entry.pointee.end,
          lineBreakClass: UInt8(entry.pointee.prop.rawValue)))
      entry += 1
    }
    return result
  }

  /// libunibreak's outcome after each code point of a short probe string.
  private static func referenceOutcomes(_ scalars: [UInt32], language: String) -> [UInt8] {
    var units: [UInt16] = []
    var ends: [Int] = []
    for scalar in scalars {
      if scalar > 0xFFFF {
        units.append(UInt16(0xD800 + ((scalar - 0x10000) >> 10)))
        units.append(UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF)))
      } else {
        units.append(UInt16(scalar))
      }
      ends.append(units.count - 1)
    }
    let breaks = units.withUnsafeBufferPointer { referenceOpportunities($0, language: language) }
    return ends.map { breaks[$0] }
  }
}
