import Glibc

/// Private-use characters (U+E000–U+F8FF) in a decoded TXT, mapped to the standard
/// characters they stood for where that is known, and counted where it is not.
///
/// Encoders of GBK's time put characters that Unicode lacked then into the private-use
/// area: Microsoft's CP936 the 80 codes FE50–FEA0 (CJK radicals and Extension A
/// ideographs, since encoded) at U+E815–U+E864, GB18030-2000 the vertical punctuation
/// at U+E78D–U+E796 and "ḿ" at U+E7C7. Text converted with such an encoder still holds
/// them and shows tofu; the table gives each its code point in GB18030-2022 (the values
/// glibc's iconv decodes the same bytes to). U+F020, the space of Windows' symbol fonts,
/// becomes a space. Any other private-use character stays and is counted.
enum PrivateUseCharacters {
  /// Private-use code point → its standard character.
  static let standard: [UInt32: UInt32] = [
    0xE78D: 0xFE10, 0xE78E: 0xFE12, 0xE78F: 0xFE11, 0xE790: 0xFE13, 0xE791: 0xFE14,
    0xE792: 0xFE15, 0xE793: 0xFE16, 0xE794: 0xFE17, 0xE795: 0xFE18, 0xE796: 0xFE19,
    0xE7C7: 0x1E3F, 0xE815: 0x2E81, 0xE816: 0x20087, 0xE817: 0x20089, 0xE818: 0x200CC,
    0xE819: 0x2E84, 0xE81A: 0x3473, 0xE81B: 0x3447, 0xE81C: 0x2E88, 0xE81D: 0x2E8B,
    0xE81E: 0x9FB4, 0xE81F: 0x359E, 0xE820: 0x361A, 0xE821: 0x360E, 0xE822: 0x2E8C,
    0xE823: 0x2E97, 0xE824: 0x396E, 0xE825: 0x3918, 0xE826: 0x9FB5, 0xE827: 0x39CF,
    0xE828: 0x39DF, 0xE829: 0x3A73, 0xE82A: 0x39D0, 0xE82B: 0x9FB6, 0xE82C: 0x9FB7,
    0xE82D: 0x3B4E, 0xE82E: 0x3C6E, 0xE82F: 0x3CE0, 0xE830: 0x2EA7, 0xE831: 0x215D7,
    0xE832: 0x9FB8, 0xE833: 0x2EAA, 0xE834: 0x4056, 0xE835: 0x415F, 0xE836: 0x2EAE,
    0xE837: 0x4337, 0xE838: 0x2EB3, 0xE839: 0x2EB6, 0xE83A: 0x2EB7, 0xE83B: 0x2298F,
    0xE83C: 0x43B1, 0xE83D: 0x43AC, 0xE83E: 0x2EBB, 0xE83F: 0x43DD, 0xE840: 0x44D6,
    0xE841: 0x4661, 0xE842: 0x464C, 0xE843: 0x9FB9, 0xE844: 0x4723, 0xE845: 0x4729,
    0xE846: 0x477C, 0xE847: 0x478D, 0xE848: 0x2ECA, 0xE849: 0x4947, 0xE84A: 0x497A,
    0xE84B: 0x497D, 0xE84C: 0x4982, 0xE84D: 0x4983, 0xE84E: 0x4985, 0xE84F: 0x4986,
    0xE850: 0x499F, 0xE851: 0x499B, 0xE852: 0x49B7, 0xE853: 0x49B6, 0xE854: 0x9FBA,
    0xE855: 0x241FE, 0xE856: 0x4CA3, 0xE857: 0x4C9F, 0xE858: 0x4CA0, 0xE859: 0x4CA1,
    0xE85A: 0x4C77, 0xE85B: 0x4CA2, 0xE85C: 0x4D13, 0xE85D: 0x4D14, 0xE85E: 0x4D15,
    0xE85F: 0x4D16, 0xE860: 0x4D17, 0xE861: 0x4D18, 0xE862: 0x4D19, 0xE863: 0x4DAE,
    0xE864: 0x9FBB,
    0xF020: 0x0020,
  ]

  /// Whether `bytes` may hold a private-use character: a UTF-8 lead byte EE, or EF
  /// followed by 80–A3 (U+F000–U+F8FF), with two bytes after it.
  /// - Complexity: O(n), two `memchr` passes; only the EF bytes found are looked at (in
  ///   Chinese text, its full-width punctuation).
  static func mayContain(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, buffer.count > 2 else { return false }
      // A lead byte counts only where two bytes follow it.
      let end = buffer.count - 2
      if memchr(base, 0xEE, end) != nil { return true }
      var from = 0
      while from < end, let found = memchr(base + from, 0xEF, end - from) {
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if base[index + 1] < 0xA4 { return true }
        from = index + 1
      }
      return false
    }
  }

  /// `utf8` with known private-use characters replaced by their standard ones, and the
  /// number of private-use characters left.
  /// - Complexity: O(n); no copy when there is nothing to replace, and otherwise the runs
  ///   between replacements are copied whole.
  static func mapped(_ utf8: [UInt8]) -> (utf8: [UInt8], remaining: Int) {
    guard mayContain(utf8) else { return (utf8, 0) }
    return utf8.withUnsafeBufferPointer { bytes in
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count)
      var remaining = 0
      // Bytes before `copied` are in `output`.
      var copied = 0
      var index = 0
      while index + 2 < bytes.count {
        let byte = bytes[index]
        guard byte == 0xEE || byte == 0xEF else {
          index += 1
          continue
        }
        let scalar =
          (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6)
          | UInt32(bytes[index + 2] & 0x3F)
        if (0xE000...0xF8FF).contains(scalar) {
          if let replacement = standard[scalar], let character = Unicode.Scalar(replacement) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            UTF8.encode(character) { output.append($0) }
            copied = index + 3
          } else {
            remaining += 1
          }
        }
        index += 3
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
      return (output, remaining)
    }
  }
}
