/// The keys of a marisa-trie (marisa 0.2, the trie OpenCC's `.ocd2` dictionaries are
/// stored in), read from its serialised form.
///
/// Only what enumerating every key with its id needs is read: for each trie level the
/// LOUDS bits (a node's children are a run of 1s ended by a 0, nodes numbered in
/// breadth-first order), the terminal and link flags, the base bytes and the extra bits of
/// links; then the tail or the next trie that multi-byte labels are stored in. A link
/// label is restored by walking the next trie from the linked node up to its root (it
/// stores the labels reversed), or read from the tail. Rank and select indexes, and the
/// cache, are skipped: a single pass over the bits gives every parent and rank.
struct MarisaTrie {
  /// Why a trie cannot be read.
  struct FormatError: Error, Equatable {
    var detail: String
  }

  /// One level: the main trie, or a next trie its links point into.
  private struct Level {
    var parents: [Int32]
    var isTerminal: [Bool]
    var isLink: [Bool]
    var bases: [UInt8]
    /// For each node, the rank of its link among link nodes (meaningful where `isLink`).
    var linkRanks: [Int32]
    var extras: FlatVector
    /// The tail's bytes and end flags (empty for a level that has a next trie).
    var tail: [UInt8] = []
    var tailEnds: [Bool]?
  }

  private var levels: [Level] = []

  /// Reads a trie from `reader`, after the 16-byte "We love Marisa." header.
  init(_ reader: inout ByteReader) throws {
    let header = try reader.bytes(16)
    guard header == Array("We love Marisa.\0".utf8) else {
      throw FormatError(detail: "the marisa-trie header is missing")
    }
    while true {
      let louds = try BitVector(&reader)
      let terminals = try BitVector(&reader)
      let links = try BitVector(&reader)
      let bases = try reader.vector()
      let extras = try FlatVector(&reader)
      let tailBytes = try reader.vector()
      let tailEnds = try BitVector(&reader)
      let count = links.size
      // Only the main trie has terminal flags: the next tries hold the labels of links.
      let hasTerminals = levels.isEmpty
      guard !hasTerminals || terminals.size >= count, bases.count >= count, count < 1 << 30 else {
        throw FormatError(detail: "the trie's node tables disagree")
      }
      var level = Level(
        parents: [], isTerminal: hasTerminals ? (0..<count).map { terminals[$0] } : [],
        isLink: (0..<count).map { links[$0] }, bases: bases, linkRanks: [], extras: extras)
      level.parents = try Self.parents(louds, count: count)
      var rank: Int32 = 0
      level.linkRanks = level.isLink.map { flag in
        defer { if flag { rank += 1 } }
        return rank
      }
      let hasNext = links.ones != 0 && tailBytes.isEmpty
      if !hasNext {
        level.tail = tailBytes
        level.tailEnds = tailEnds.size == 0 ? nil : (0..<tailEnds.size).map { tailEnds[$0] }
      }
      levels.append(level)
      guard levels.count <= 8 else { throw FormatError(detail: "the trie nests too deep") }
      if !hasNext { break }
    }
    // The cache, and the first level's count of level-1 nodes and its flags, per level in
    // reverse order of reading: they only speed marisa's own searches.
    for _ in levels {
      _ = try reader.vector()
      _ = try reader.uint32()
      _ = try reader.uint32()
    }
  }

  /// Each node's parent from the LOUDS bits: the node of the k-th 1 bit has as parent the
  /// number of 0 bits before it, less one (the super-root's list).
  private static func parents(_ louds: BitVector, count: Int) throws -> [Int32] {
    var parents = [Int32](repeating: -1, count: count)
    var node = 0
    var zeros: Int32 = 0
    for position in 0..<louds.size {
      if louds[position] {
        guard node < count else { throw FormatError(detail: "the LOUDS bits name too many nodes") }
        parents[node] = zeros - 1
        node += 1
      } else {
        zeros += 1
      }
    }
    guard node == count, count > 0, parents[0] == -1 else {
      throw FormatError(detail: "the LOUDS bits do not match the node count")
    }
    for index in 1..<count where parents[index] < 0 || Int(parents[index]) >= index {
      throw FormatError(detail: "a node's parent comes after it")
    }
    return parents
  }

  /// Every key with its id (the rank of its terminal node), in id order.
  func keys() throws -> [[UInt8]] {
    guard let main = levels.first else { return [] }
    var keys: [[UInt8]] = []
    var budget = 1 << 26
    for node in 0..<main.isTerminal.count where main.isTerminal[node] {
      var pieces: [[UInt8]] = []
      var current = node
      while current > 0 {
        pieces.append(try label(level: 0, node: current, budget: &budget))
        current = Int(main.parents[current])
      }
      keys.append(Array(pieces.reversed().joined()))
    }
    return keys
  }

  /// The label of `node` on `level`: one base byte, or the string its link points at.
  private func label(level: Int, node: Int, budget: inout Int) throws -> [UInt8] {
    let trie = levels[level]
    guard trie.isLink[node] else { return [trie.bases[node]] }
    let link = Int(trie.bases[node]) | Int(try trie.extras.value(Int(trie.linkRanks[node]))) << 8
    if level + 1 < levels.count {
      return try restore(level: level + 1, node: link, budget: &budget)
    }
    return try tailString(trie, at: link, budget: &budget)
  }

  /// The string a next-level node stands for: its labels from the node up to the root.
  private func restore(level: Int, node: Int, budget: inout Int) throws -> [UInt8] {
    let trie = levels[level]
    guard node > 0, node < trie.parents.count else {
      throw FormatError(detail: "a link points outside the next trie")
    }
    var result: [UInt8] = []
    var current = node
    while current > 0 {
      result += try label(level: level, node: current, budget: &budget)
      current = Int(trie.parents[current])
      budget -= 1
      guard budget > 0 else { throw FormatError(detail: "the trie's links loop") }
    }
    return result
  }

  private func tailString(_ trie: Level, at offset: Int, budget: inout Int) throws -> [UInt8] {
    var result: [UInt8] = []
    var index = offset
    while index < trie.tail.count {
      let byte = trie.tail[index]
      if let ends = trie.tailEnds {
        result.append(byte)
        guard index < ends.count else { break }
        if ends[index] { return result }
      } else {
        if byte == 0 { return result }
        result.append(byte)
      }
      index += 1
      budget -= 1
      guard budget > 0 else { break }
    }
    throw FormatError(detail: "a tail string runs past the end")
  }
}

/// marisa's bit vector as serialised: 64-bit units, size, count of ones, then rank and
/// select indexes (skipped).
struct BitVector {
  private let bytes: [UInt8]
  let size: Int
  let ones: Int

  init(_ reader: inout ByteReader) throws {
    bytes = try reader.vector()
    size = Int(try reader.uint32())
    ones = Int(try reader.uint32())
    guard size <= bytes.count * 8, ones <= size else {
      throw MarisaTrie.FormatError(detail: "a bit vector is shorter than its size")
    }
    _ = try reader.vector()
    _ = try reader.vector()
    _ = try reader.vector()
  }

  subscript(index: Int) -> Bool { bytes[index >> 3] >> UInt8(index & 7) & 1 == 1 }
}

/// marisa's vector of fixed-width values packed in 64-bit units.
struct FlatVector {
  private let bytes: [UInt8]
  private let width: Int
  let count: Int

  init(_ reader: inout ByteReader) throws {
    bytes = try reader.vector()
    width = Int(try reader.uint32())
    _ = try reader.uint32()
    let size = try reader.uint64()
    guard width <= 32, size < 1 << 32, (Int(size) * width + 7) / 8 <= bytes.count else {
      throw MarisaTrie.FormatError(detail: "a packed vector is shorter than its size")
    }
    count = Int(size)
  }

  /// Value `index`.
  func value(_ index: Int) throws -> UInt32 {
    guard index >= 0, index < count else {
      throw MarisaTrie.FormatError(detail: "a link's extra bits are missing")
    }
    guard width > 0 else { return 0 }
    let position = index * width
    var value: UInt64 = 0
    let first = position >> 3
    for offset in 0..<5 where first + offset < bytes.count {
      value |= UInt64(bytes[first + offset]) << UInt64(8 * offset)
    }
    return UInt32(truncatingIfNeeded: (value >> UInt64(position & 7)) & ((1 << UInt64(width)) - 1))
  }
}

/// Reads little-endian integers and marisa vectors from a byte buffer, checking bounds.
struct ByteReader {
  private let data: [UInt8]
  private(set) var offset = 0

  init(_ data: [UInt8]) { self.data = data }

  mutating func bytes(_ count: Int) throws -> [UInt8] {
    guard count >= 0, count <= data.count - offset else {
      throw MarisaTrie.FormatError(detail: "the file ends early")
    }
    defer { offset += count }
    return Array(data[offset..<(offset + count)])
  }

  mutating func uint16() throws -> UInt16 { UInt16(try integer(2)) }
  mutating func uint32() throws -> UInt32 { UInt32(try integer(4)) }
  mutating func uint64() throws -> UInt64 { try integer(8) }

  private mutating func integer(_ width: Int) throws -> UInt64 {
    guard width <= data.count - offset else {
      throw MarisaTrie.FormatError(detail: "the file ends early")
    }
    var value: UInt64 = 0
    for index in 0..<width { value |= UInt64(data[offset + index]) << UInt64(8 * index) }
    offset += width
    return value
  }

  /// A marisa vector: its size in bytes, the bytes, padding to 8.
  mutating func vector() throws -> [UInt8] {
    let size = try uint64()
    guard size <= UInt64(data.count - offset) else {
      throw MarisaTrie.FormatError(detail: "the file ends early")
    }
    let result = try bytes(Int(size))
    let padding = (8 - Int(size % 8)) % 8
    _ = try bytes(min(padding, data.count - offset))
    return result
  }
}
