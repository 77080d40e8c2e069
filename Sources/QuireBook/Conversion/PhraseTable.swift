/// A dictionary's keys in a trie over Unicode scalars, for longest-prefix lookups.
///
/// The root's children are a direct table indexed by the scalar (the first character is
/// all most positions of a text ever look up); deeper edges are in one open-addressing
/// hash table keyed by (node, scalar). Values are stored flat.
/// - Complexity: a lookup costs one table read per character matched, plus one.
final class PhraseTable: Sendable {
  /// For each BMP scalar, the root's child + 1 (0: none).
  private let root: [Int32]
  private let slotKeys: [UInt64]
  private let slotChildren: [Int32]
  private let slotShift: UInt64
  /// Each node's value index, or -1.
  private let nodeValues: [Int32]
  /// Value i is `valueScalars[valueStarts[i]..<valueStarts[i + 1]]`.
  private let valueStarts: [Int32]
  private let valueScalars: [UInt32]
  /// The longest key, in scalars.
  let maxKeyLength: Int

  private static let empty = UInt64.max

  /// Builds the table of `entries` (a later duplicate key is ignored).
  init(_ entries: [(key: [Unicode.Scalar], value: [Unicode.Scalar])]) {
    var edges: [UInt64: Int32] = [:]
    var root = [Int32](repeating: 0, count: 0x10000)
    var nodeValues: [Int32] = [-1]
    var valueStarts: [Int32] = [0]
    var valueScalars: [UInt32] = []
    var longest = 0
    for (key, value) in entries {
      var node: Int32 = 0
      for scalar in key {
        let code = scalar.value
        let existing: Int32?
        if node == 0 && code < 0x10000 {
          existing = root[Int(code)] == 0 ? nil : root[Int(code)] - 1
        } else {
          existing = edges[UInt64(node) << 32 | UInt64(code)]
        }
        if let existing {
          node = existing
          continue
        }
        let child = Int32(nodeValues.count)
        nodeValues.append(-1)
        if node == 0 && code < 0x10000 {
          root[Int(code)] = child + 1
        } else {
          edges[UInt64(node) << 32 | UInt64(code)] = child
        }
        node = child
      }
      guard nodeValues[Int(node)] < 0 else { continue }
      nodeValues[Int(node)] = Int32(valueStarts.count - 1)
      valueScalars += value.map(\.value)
      valueStarts.append(Int32(valueScalars.count))
      longest = max(longest, key.count)
    }
    var bits: UInt64 = 4
    while (1 << bits) < edges.count * 2 { bits += 1 }
    let capacity = 1 << Int(bits)
    var keys = [UInt64](repeating: Self.empty, count: capacity)
    var children = [Int32](repeating: 0, count: capacity)
    for (key, child) in edges {
      var slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> (64 - bits))
      while keys[slot] != Self.empty { slot = (slot + 1) & (capacity - 1) }
      keys[slot] = key
      children[slot] = child
    }
    self.root = root
    self.slotKeys = keys
    self.slotChildren = children
    self.slotShift = 64 - bits
    self.nodeValues = nodeValues
    self.valueStarts = valueStarts
    self.valueScalars = valueScalars
    self.maxKeyLength = longest
  }

  /// The longest key that starts `text[from..<to]`: its length in scalars and its value.
  @inline(__always)
  func longestMatch(_ text: UnsafeBufferPointer<UInt32>, from: Int, to: Int) -> (
    length: Int, value: Int
  )? {
    var node: Int32 = 0
    var index = from
    var best: (Int, Int)?
    let end = min(to, from + maxKeyLength)
    while index < end {
      let code = text[index]
      let child: Int32
      if node == 0 && code < 0x10000 {
        child = root[Int(code)] - 1
      } else {
        child = self.child(of: node, code)
      }
      guard child > 0 else { break }
      node = child
      index += 1
      let value = nodeValues[Int(node)]
      if value >= 0 { best = (index - from, Int(value)) }
    }
    return best
  }

  @inline(__always)
  private func child(of node: Int32, _ code: UInt32) -> Int32 {
    let key = UInt64(node) << 32 | UInt64(code)
    let mask = slotKeys.count - 1
    var slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> slotShift)
    while true {
      let found = slotKeys[slot]
      if found == key { return slotChildren[slot] }
      if found == Self.empty { return -1 }
      slot = (slot + 1) & mask
    }
  }

  /// The scalars of value `index`, appended to `output`.
  @inline(__always)
  func appendValue(_ index: Int, to output: inout [UInt32]) {
    output.append(contentsOf: valueScalars[Int(valueStarts[index])..<Int(valueStarts[index + 1])])
  }
}
