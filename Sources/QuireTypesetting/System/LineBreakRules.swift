/// One language's line-break rules in Swift tables: the fast path of `LineBreakAnalyzer`.
///
/// libunibreak 1.1 finds each character's class by a linear scan of its range tables (a
/// language table first); this type looks BMP units up in a 64 KiB table and runs the
/// UAX #14 §7 pair-table algorithm over them. The tables are built from libunibreak's own
/// exported data and its pair table is learned by probing the library
/// (`LineBreakRules+Probing.swift`), so the results are the library's.
final class LineBreakRules: Sendable {
  /// A range of code points sharing one raw class.
  struct ClassRange: Sendable {
    var start: UInt32
    var end: UInt32
    var lineBreakClass: UInt8
  }

  /// Outcome of a pair: bits 0–1 without a space between, bits 2–3 with spaces between;
  /// each an `Opportunity` raw value (0 marks a pair the fast path does not know); plus
  /// `keepsBase`.
  typealias PairEntry = UInt8
  /// Flag of a pair entry: a combining mark right after this class leaves the class in place
  /// (UAX #14 LB9). libunibreak 1.1 does so only where no break may come before the mark
  /// even after spaces (as after OP); after other classes the mark takes over with its own
  /// row of the pair table.
  static let keepsBase: PairEntry = 16
  /// Row length of `pairs`: any class or marker value indexes inside the table.
  static let stride = 64

  /// Language-specific ranges, searched before `defaults` (as libunibreak does).
  let overrides: [ClassRange]
  /// The default ranges, sorted.
  let defaults: [ClassRange]
  /// Resolved class of each raw class: AI, SA, XX… become the pair class they behave as,
  /// or `LineBreakClass.unsupported`.
  let resolution: [UInt8]
  /// Resolved class of every BMP unit, `leadSurrogate` or `unsupported` markers included.
  let bmp: [UInt8]
  /// `stride` × `stride` pair outcomes indexed by [before × stride + after].
  let pairs: [PairEntry]

  init(overrides: [ClassRange], defaults: [ClassRange], resolution: [UInt8], pairs: [PairEntry]) {
    self.overrides = overrides
    self.defaults = defaults
    self.resolution = resolution
    self.pairs = pairs
    var raw = [UInt8](repeating: LineBreakClass.xx, count: 0x10000)
    for range in defaults + overrides where range.start <= 0xFFFF {
      for unit in Int(range.start)...Int(min(range.end, 0xFFFF)) {
        raw[unit] = range.lineBreakClass
      }
    }
    var bmp = raw.map { resolution[Int($0)] }
    for unit in 0xD800...0xDBFF { bmp[unit] = LineBreakClass.leadSurrogate }
    // libunibreak reads U+FFFF as its end-of-text mark (and then fails an assertion): here
    // it is what it is, a noncharacter of class XX.
    bmp[0xFFFF] = resolution[Int(LineBreakClass.xx)]
    self.bmp = bmp
  }

  /// The class the pair table sees for the first character of a text: a leading space
  /// acts as WJ (no break after it), LF and NL as BK.
  @inline(__always)
  static func startClass(_ first: UInt8) -> UInt8 {
    switch first {
    case LineBreakClass.lf, LineBreakClass.nl: LineBreakClass.bk
    case LineBreakClass.sp: LineBreakClass.wj
    default: first
    }
  }

  /// The raw (unresolved) class of a code point: the language ranges, then the defaults, then XX.
  func rawClass(of scalar: UInt32) -> UInt8 {
    for range in overrides where range.start <= scalar && scalar <= range.end {
      return range.lineBreakClass
    }
    var low = 0
    var high = defaults.count
    while low < high {
      let middle = (low + high) / 2
      if defaults[middle].end < scalar {
        low = middle + 1
      } else {
        high = middle
      }
    }
    if low < defaults.count, defaults[low].start <= scalar { return defaults[low].lineBreakClass }
    return LineBreakClass.xx
  }

  /// Break opportunities like `set_linebreaks_utf16`, or nil when the text needs a case the
  /// tables do not cover (then the caller asks libunibreak).
  ///
  /// - Complexity: O(n).
  func opportunities(_ text: UnsafeBufferPointer<UInt16>) -> [UInt8]? {
    var supported = true
    let result = [UInt8](unsafeUninitializedCapacity: text.count) { out, initialized in
      initialized = text.count
      supported = fill(out, from: text)
    }
    return supported ? result : nil
  }

  private func fill(
    _ out: UnsafeMutableBufferPointer<UInt8>, from text: UnsafeBufferPointer<UInt16>
  )
    -> Bool
  {
    let mandatory = LineBreakAnalyzer.Opportunity.mandatory.rawValue
    let none = LineBreakAnalyzer.Opportunity.none.rawValue
    let inside = LineBreakAnalyzer.Opportunity.insideCharacter.rawValue
    return bmp.withUnsafeBufferPointer { bmp in
      pairs.withUnsafeBufferPointer { pairs in
        let count = text.count
        var position = 0
        // Class of the character at `position`, moving `position` past it; nil: unsupported.
        func next() -> UInt8? {
          let unit = text[position]
          var lineBreakClass = bmp[Int(unit)]
          position += 1
          if lineBreakClass >= LineBreakClass.leadSurrogate {
            guard lineBreakClass == LineBreakClass.leadSurrogate else { return nil }
            if position == count {
              // libunibreak reads a lead surrogate at the end as an unfinished character: the
              // text ends before it (and with nothing before, it sets no status at all).
              guard position > 1 else { return nil }
              out[position - 1] = inside
              return LineBreakClass.endOfText
            }
            if UTF16.isTrailSurrogate(text[position]) {
              out[position - 1] = inside
              let scalar =
                0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(text[position]) - 0xDC00)
              position += 1
              lineBreakClass = resolution[Int(rawClass(of: scalar))]
            } else {
              lineBreakClass = resolution[Int(LineBreakClass.sg)]
            }
            if lineBreakClass == LineBreakClass.unsupported { return nil }
          }
          return lineBreakClass
        }

        guard let first = next() else { return false }
        var current = Self.startClass(first)
        var afterSpace = false
        var last = position - 1
        while position < count {
          guard let new = next() else { return false }
          if new == LineBreakClass.endOfText { break }
          if current == LineBreakClass.bk
            || (current == LineBreakClass.cr && new != LineBreakClass.lf)
          {
            out[last] = mandatory
            // libunibreak does not start afresh here: what it does with a space or another
            // break right after a mandatory break is not a pair-table case, so ask it.
            if new > LineBreakClass.lastPaired && new != LineBreakClass.ri { return false }
            current = new
            afterSpace = false
            last = position - 1
            continue
          }
          switch new {
          case LineBreakClass.sp:
            out[last] = none
            afterSpace = true
          case LineBreakClass.bk, LineBreakClass.lf, LineBreakClass.nl:
            out[last] = none
            current = LineBreakClass.bk
            afterSpace = false
          case LineBreakClass.cr:
            out[last] = none
            current = LineBreakClass.cr
            afterSpace = false
          default:
            let entry = pairs[Int(current) &* LineBreakRules.stride &+ Int(new)]
            let outcome = (afterSpace ? entry >> 2 : entry) & 3
            if outcome == 0 { return false }
            out[last] = outcome
            if entry & LineBreakRules.keepsBase == 0 || afterSpace { current = new }
            afterSpace = false
          }
          last = position - 1
        }
        out[last] = mandatory
        return true
      }
    }
  }
}
