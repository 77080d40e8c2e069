/// UAX #14 line-break classes, numbered as libunibreak 1.1 numbers them (`enum LineBreakClass`
/// in linebreakdef.h), so its exported property tables can be read without translation.
enum LineBreakClass {
  static let op: UInt8 = 1
  static let cl: UInt8 = 2
  static let qu: UInt8 = 4
  static let gl: UInt8 = 5
  static let al: UInt8 = 13
  static let id: UInt8 = 15
  static let zw: UInt8 = 21
  static let cm: UInt8 = 22
  static let wj: UInt8 = 23
  /// The last class of libunibreak 1.1's pair table (JT); OP...JT are 1...28.
  static let lastPaired: UInt8 = 28
  /// Regional indicator: libunibreak 1.1 has the class but not in its pair table, and fails
  /// an assertion (aborts) on a regional indicator after another character.
  static let ri: UInt8 = 29
  static let ai: UInt8 = 30
  static let bk: UInt8 = 31
  static let cb: UInt8 = 32
  static let cj: UInt8 = 33
  static let cr: UInt8 = 34
  static let lf: UInt8 = 35
  static let nl: UInt8 = 36
  static let sa: UInt8 = 37
  static let sg: UInt8 = 38
  static let sp: UInt8 = 39
  static let xx: UInt8 = 40
  /// Number of class values, including the unused 0 (`LBP_Undefined`).
  static let count = 41
  /// Classes that only ever resolve to a pair-table class (which one may depend on the
  /// language, as AI does).
  static let resolvable: [UInt8] = [ai, cb, cj, sa, sg, xx]

  /// Not a class: in the BMP table, a lead surrogate (the class depends on the next unit).
  static let leadSurrogate: UInt8 = 64
  /// Not a class: the text ends here (at an unfinished surrogate pair).
  static let endOfText: UInt8 = 66
  /// Not a class: a unit the Swift analysis does not handle; the paragraph goes to libunibreak.
  static let unsupported: UInt8 = 65
}
