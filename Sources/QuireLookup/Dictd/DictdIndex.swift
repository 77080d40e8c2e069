import Glibc

/// A dictd `.index` file: one line per headword, `headword TAB offset TAB length`
/// (offset and length in `DictdNumber`s), sorted as its `DictdCollation` says; UTF-8
/// indexes may add a fourth column with the headword as written.
///
/// The file is memory-mapped and searched in place: a lookup reads the dozen or so lines a
/// binary search touches, whatever the index's size. Lines are checked when they are read,
/// so a damaged line is an error naming the file and the line, never a wrong read.
final class DictdIndex {
  /// One line of the index: what it names and where its definition is.
  struct Entry: Hashable, Sendable {
    /// The headword: the fourth column when the line has one, else the first (which a
    /// UTF-8 index holds folded: "abatjour").
    var headword: String
    /// Where the definition starts in the uncompressed `.dict`.
    var offset: Int
    /// The definition's length in bytes.
    var length: Int
  }

  let path: String
  /// How the index is sorted, read from its `00-database-…` headwords.
  private(set) var collation = DictdCollation()
  /// Lines read when the index was opened, spread over the file: `DictdDatabase` checks
  /// their offsets against the data's size.
  private(set) var sampleEntries: [Entry] = []
  private let mapped: MappedBytes

  /// Most lines returned for one word (GCIDE has up to a dozen for common ones).
  static let entryLimit = 64

  /// Opens and checks the index at `path`.
  ///
  /// - Throws: `LookupError` naming the file: unreadable, empty, not text, or lines without
  ///   their three columns (a file cut short, or not an index).
  init(path: String) throws(LookupError) {
    self.path = path
    let file = try RegularFile(path: path)
    mapped = try file.map()
    guard !bytes.isEmpty else { throw LookupError(.damaged, path: path, "the index is empty") }
    guard bytes[bytes.count - 1] == 0x0A else {
      throw LookupError(
        .damaged, path: path, "the index ends in the middle of a line (the file is cut short)")
    }
    sampleEntries = try sample()
    collation = detectCollation()
  }

  var bytes: UnsafeRawBufferPointer { mapped.bytes }

  /// The index's lines for `word`, folded as the index is sorted, in index order.
  ///
  /// - Throws: `LookupError.damaged` naming the line when one of them is malformed.
  /// - Complexity: O(log n) lines read for an index of n lines.
  func entries(for word: String) throws(LookupError) -> [Entry] {
    var found = try entries(for: word, collation)
    if found.isEmpty {
      // An index sorted the other way than its flags say (hand-made, or another tool's):
      // a second search costs a dozen more lines.
      var other = collation
      other.bytewise.toggle()
      found = try entries(for: word, other)
    }
    return found
  }

  private func entries(for word: String, _ collation: DictdCollation) throws(LookupError)
    -> [Entry]
  {
    let key = collation.key(for: word)
    guard !key.isEmpty else { return [] }
    var line = lowerBound(key, collation)
    var entries: [Entry] = []
    while line < bytes.count, entries.count < Self.entryLimit {
      let fields = self.fields(at: line)
      guard collation.compare(key, field(fields.headword)) == 0 else { break }
      entries.append(try entry(at: line, fields))
      line = fields.next
    }
    return entries
  }

  // MARK: - Search

  /// The start of the first line whose headword does not sort before `key`.
  ///
  /// dictd's own search: probe the line around the middle of the range, then keep the half
  /// that can hold the first match. The range shrinks every probe, whatever the bytes are.
  func lowerBound(_ key: [UInt8], _ collation: DictdCollation) -> Int {
    var start = 0
    var end = bytes.count
    while start < end {
      let line = lineStart(atOrBefore: start + (end - start) / 2, notBefore: start)
      let fields = self.fields(at: line)
      if collation.compare(key, field(fields.headword)) <= 0 {
        end = line
      } else {
        start = fields.next
      }
    }
    return start
  }

  private func lineStart(atOrBefore position: Int, notBefore floor: Int) -> Int {
    var position = position
    while position > floor && bytes[position - 1] != 0x0A { position -= 1 }
    return position
  }

  // MARK: - Lines

  /// Where a line's columns are: byte ranges, and the start of the next line.
  struct Fields {
    var headword: Range<Int>
    var columns: [Range<Int>]
    var next: Int
  }

  /// The columns of the line at `start`; past the fifth the rest of the line is one
  /// column (a real line has three or four), so a line of garbage costs no memory.
  func fields(at start: Int) -> Fields {
    var columns: [Range<Int>] = []
    var columnStart = start
    var position = start
    while position < bytes.count && bytes[position] != 0x0A {
      if bytes[position] == 0x09 && columns.count < 5 {
        columns.append(columnStart..<position)
        columnStart = position + 1
      }
      position += 1
    }
    columns.append(columnStart..<position)
    return Fields(headword: columns[0], columns: columns, next: min(position + 1, bytes.count))
  }

  func field(_ range: Range<Int>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[range])
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: field(range), as: UTF8.self)
  }

  private func entry(at line: Int, _ fields: Fields) throws(LookupError) -> Entry {
    let columns = fields.columns
    guard columns.count == 3 || columns.count == 4 else {
      throw damage(at: line, "has \(columns.count) columns, not 3 or 4")
    }
    guard let offset = DictdNumber.decode(field(columns[1])) else {
      throw damage(at: line, "has an offset “\(text(columns[1]))” that is not a dictd number")
    }
    guard let length = DictdNumber.decode(field(columns[2])) else {
      throw damage(at: line, "has a length “\(text(columns[2]))” that is not a dictd number")
    }
    let headword = text(columns.count == 4 ? columns[3] : columns[0])
    return Entry(headword: headword, offset: offset, length: length)
  }

  private func damage(at line: Int, _ problem: String) -> LookupError {
    var number = 1
    for byte in bytes[..<line] where byte == 0x0A { number += 1 }
    return LookupError(.damaged, path: path, "line \(number) of the index \(problem)")
  }

  /// The first and last lines and fifteen between, read as entries: a garbage file or
  /// one cut short fails here, when it is opened, rather than on some later word.
  private func sample() throws(LookupError) -> [Entry] {
    var starts = [0]
    for step in 1...16 {
      let position = bytes.count * step / 16 - 1
      starts.append(lineStart(atOrBefore: max(position, 0), notBefore: 0))
    }
    var entries: [Entry] = []
    for start in Set(starts).sorted() {
      if memchr(bytes.baseAddress! + start, 0, fields(at: start).next - start) != nil {
        throw damage(at: start, "holds a NUL byte: this is not a dictd index")
      }
      entries.append(try entry(at: start, fields(at: start)))
    }
    return entries
  }
}
