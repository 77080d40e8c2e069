extension DictdIndex {
  /// The flags dictfmt writes as headwords of their own, folded to letters and digits.
  private enum Flag: String, CaseIterable {
    case allCharacters = "00databaseallchars"
    case caseSensitive = "00databasecasesensitive"
    case utf8 = "00databaseutf8"
    case eightBit = "00database8bitnew"
  }

  /// How the index is sorted, from its `00-database-…` headwords.
  ///
  /// dictd finds them by searching the index the way it would be sorted without them; the
  /// three sorts in use put them in different places (`00-database-utf8` is written
  /// `00databaseutf8` in a UTF-8 index), so each place is looked at, and the first lines
  /// of the file as well. Every look is a binary search and a few lines.
  func detectCollation() -> DictdCollation {
    var starts: Set<Int> = [0]
    let plain = DictdCollation()
    var bytewise = plain
    bytewise.bytewise = true
    bytewise.allCharacters = true
    starts.insert(lowerBound(Array("00database".utf8), plain))
    starts.insert(lowerBound(Array("00-database-".utf8), bytewise))
    starts.insert(lowerBound(Array("00database".utf8), bytewise))
    var flags: Set<Flag> = []
    for start in starts {
      var line = start
      for _ in 0..<64 where line < bytes.count {
        let fields = self.fields(at: line)
        if let flag = Flag(rawValue: Self.folded(field(fields.headword))) { flags.insert(flag) }
        line = fields.next
      }
    }
    return DictdCollation(
      allCharacters: flags.contains(.allCharacters),
      caseSensitive: flags.contains(.caseSensitive),
      bytewise: !flags.isDisjoint(with: [.allCharacters, .utf8, .eightBit]))
  }

  /// ASCII letters and digits of a headword, lower case: "00-database-utf8" → "00databaseutf8".
  private static func folded(_ headword: UnsafeRawBufferPointer) -> String {
    guard headword.count < 40 else { return "" }
    var letters: [UInt8] = []
    for byte in headword {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"):
        letters.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): letters.append(byte + 32)
      default: break
      }
    }
    return String(decoding: letters, as: UTF8.self)
  }
}
