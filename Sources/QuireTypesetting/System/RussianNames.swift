/// Russian names as English translations spell them ("Mikháylovna", "Dmítrievna",
/// "Bolkónskaya"), written back in Cyrillic so that the Russian patterns can hyphenate
/// them: English patterns know nothing of "khay" or "vna" and leave such names whole.
///
/// The spelling back need not be the name's true Russian spelling, only keep its
/// syllables: kh, zh, ch, sh, shch and ts are one letter each; y is й after a vowel
/// before a consonant or at the end, я ю е ё with the vowel after it, ы after a consonant.
/// Only a word that carries the translator's stress accents (á é í ó ú ý, as Maude's
/// War and Peace marks every Russian name) and is otherwise plain ASCII is taken for one.
enum RussianNames {
  /// The word in Cyrillic and, for each of its letters, the UTF-16 offset in `word` of
  /// the letters it stands for; nil when the word is not a stress-marked Latin name.
  static func cyrillic(_ word: UnsafeBufferPointer<UInt16>) -> (
    letters: [UInt16], offsets: [Int]
  )? {
    var lower: [UInt16] = []
    lower.reserveCapacity(word.count)
    var accented = false
    for unit in word {
      switch unit {
      case 0x41...0x5A: lower.append(unit | 0x20)
      case 0x61...0x7A: lower.append(unit)
      case 0xC1, 0xC9, 0xCD, 0xD3, 0xDA, 0xDD:
        lower.append(unit | 0x20)
        accented = true
      case 0xE1, 0xE9, 0xED, 0xF3, 0xFA, 0xFD:
        lower.append(unit)
        accented = true
      default: return nil
      }
    }
    guard accented else { return nil }
    var letters: [UInt16] = []
    var offsets: [Int] = []
    var i = 0
    func at(_ k: Int) -> UInt16 { i + k < lower.count ? plain(lower[i + k]) : 0 }
    while i < lower.count {
      var found: (letters: [UInt16], length: Int)
      switch (at(0), at(1)) {
      case (0x73, 0x68) where at(2) == 0x63 && at(3) == 0x68: found = ([0x0449], 4)  // shch
      case (0x6B, 0x68): found = ([0x0445], 2)  // kh
      case (0x7A, 0x68): found = ([0x0436], 2)  // zh
      case (0x63, 0x68): found = ([0x0447], 2)  // ch
      case (0x73, 0x68): found = ([0x0448], 2)  // sh
      case (0x74, 0x73): found = ([0x0446], 2)  // ts
      case (0x79, let after):
        if let iotated = iotated(after) {
          found = ([iotated], 2)  // ya yu yo ye
        } else {
          found = ([i > 0 && isVowel(lower[i - 1]) ? 0x0439 : 0x044B], 1)  // й, ы
        }
      case (0x78, _): found = ([0x043A, 0x0441], 1)  // x: кс, never broken
      case (let letter, _):
        guard let cyrillic = single(letter) else { return nil }
        found = ([cyrillic], 1)
      }
      letters += found.letters
      offsets += repeatElement(i, count: found.letters.count)
      i += found.length
    }
    return (letters, offsets)
  }

  /// я ю ё е for the vowel after a y.
  private static func iotated(_ vowel: UInt16) -> UInt16? {
    switch vowel {
    case 0x61: 0x044F
    case 0x75: 0x044E
    case 0x6F: 0x0451
    case 0x65: 0x0435
    default: nil
    }
  }

  /// The unaccented vowel for an accented one.
  private static func plain(_ unit: UInt16) -> UInt16 {
    switch unit {
    case 0xE1: 0x61
    case 0xE9: 0x65
    case 0xED: 0x69
    case 0xF3: 0x6F
    case 0xFA: 0x75
    case 0xFD: 0x79
    default: unit
    }
  }

  private static func isVowel(_ unit: UInt16) -> Bool {
    [0x61, 0x65, 0x69, 0x6F, 0x75].contains(plain(unit))
  }

  /// The Cyrillic letter for one Latin letter.
  private static func single(_ unit: UInt16) -> UInt16? {
    switch unit {
    case 0x61: 0x0430  // а
    case 0x62: 0x0431  // б
    case 0x76, 0x77: 0x0432  // в
    case 0x67: 0x0433  // г
    case 0x64: 0x0434  // д
    case 0x65: 0x0435  // е
    case 0x7A: 0x0437  // з
    case 0x69: 0x0438  // и
    case 0x6A: 0x0439  // й
    case 0x6B, 0x63, 0x71: 0x043A  // к
    case 0x6C: 0x043B  // л
    case 0x6D: 0x043C  // м
    case 0x6E: 0x043D  // н
    case 0x6F: 0x043E  // о
    case 0x70: 0x043F  // п
    case 0x72: 0x0440  // р
    case 0x73: 0x0441  // с
    case 0x74: 0x0442  // т
    case 0x75: 0x0443  // у
    case 0x66: 0x0444  // ф
    case 0x68: 0x0445  // х
    case 0x79: 0x044B  // ы
    default: nil
    }
  }
}
