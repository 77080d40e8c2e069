import Foundation

/// The forms an English word may have come from, tried in turn when a dictionary lacks the
/// word as written: "running" → run, "flies" → fly, "stopped" → stop, "bigger" → big,
/// "reader’s" → reader.
///
/// Suffix rules only, as simple readers do (no word list): plurals and third persons
/// (-s, -es, -ies → -y, -ves → -f/-fe), past tenses and participles (-ed, -ied → -y, a
/// doubled consonant undoubled, a dropped e restored), -ing likewise, comparatives and
/// superlatives (-er, -est, -ier, -iest). Possessives ('s, s') and curly apostrophes are
/// taken off first. A dictionary is asked for each candidate in order, and the first it
/// knows wins; wrong guesses ("bus" → "bu") are simply not found.
public enum EnglishLemmatizer {
  /// The word cleaned for lookup: curly apostrophes straightened, a possessive and the
  /// punctuation around it taken off.
  public static func cleaned(_ word: String) -> String {
    var text = word.replacingOccurrences(of: "\u{2019}", with: "'")
      .replacingOccurrences(of: "\u{2018}", with: "'")
      .replacingOccurrences(of: "\u{02BC}", with: "'")
    let trimmable: (Character) -> Bool = { !($0.isLetter || $0.isNumber) }
    while let first = text.first, trimmable(first) { text.removeFirst() }
    while let last = text.last, trimmable(last) { text.removeLast() }
    return text
  }

  /// Candidate base forms of `word` (already `cleaned`), most likely first, without the
  /// word itself. Only words of letters get any.
  public static func candidates(for word: String) -> [String] {
    var lower = word.lowercased()
    var forms: [String] = []
    func add(_ form: String) {
      if form.count >= 2 && form != word.lowercased() && !forms.contains(form) {
        forms.append(form)
      }
    }
    if lower.hasSuffix("'s") {
      lower.removeLast(2)
      add(lower)
    } else if lower.hasSuffix("s'") {
      lower.removeLast()
      add(lower)
    }
    guard lower.allSatisfy({ $0.isLetter }), lower.count >= 3 else { return forms }
    func strip(_ suffix: String) -> String? {
      lower.hasSuffix(suffix) && lower.count > suffix.count + 1
        ? String(lower.dropLast(suffix.count)) : nil
    }
    // Plurals and third persons: "uses" is "use" before "us", "flies" is "fly".
    if let stem = strip("s"), !stem.hasSuffix("s") { add(stem) }
    if let stem = strip("ies") { add(stem + "y") }
    if let stem = strip("ves") {
      add(stem + "f")
      add(stem + "fe")
    }
    if let stem = strip("es") { add(stem) }
    // Past tenses and participles, present participles, comparatives and superlatives.
    for suffix in ["ed", "ing", "est", "er"] {
      guard let stem = strip(suffix) else { continue }
      if suffix != "ing", stem.hasSuffix("i") { add(String(stem.dropLast()) + "y") }
      if isDoubled(stem) { add(String(stem.dropLast())) }
      // "hoped" is "hope", "hopped" "hop"; "ended" is "end".
      if endsInOneVowelAndConsonant(stem) {
        add(stem + "e")
        add(stem)
      } else {
        add(stem)
        add(stem + "e")
      }
    }
    return forms
  }

  /// "hop", "us", "lat": a consonant after a single vowel, where a dropped e is likelier
  /// than none (not after w, x or y, which end words without one).
  private static func endsInOneVowelAndConsonant(_ stem: String) -> Bool {
    let letters = Array(stem)
    let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    guard letters.count >= 2, let last = letters.last, !vowels.contains(last),
      !"wxy".contains(last), vowels.contains(letters[letters.count - 2])
    else { return false }
    return letters.count == 2 || !vowels.contains(letters[letters.count - 3])
  }

  /// "stopp", "bigg", "runn": a doubled final consonant (not l, s or z, which English
  /// doubles in base forms too: "fall", "pass", "buzz" stay as they are).
  private static func isDoubled(_ stem: String) -> Bool {
    let letters = Array(stem)
    guard letters.count >= 3, let last = letters.last, letters[letters.count - 2] == last
    else { return false }
    return !"aeiouylsz".contains(last)
  }
}
