import Foundation

/// What to install when no dictionary suits a look-up: Debian's packages by name.
public enum InstallAdvice {
  /// No dictionary at all.
  public static let nothingInstalled =
    "No dictionary is installed. For English install GCIDE and WordNet "
    + "(sudo apt install dict-gcide dict-wn); for other languages a FreeDict pair "
    + "(apt-cache search dict-freedict lists them, e.g. dict-freedict-fra-eng); or put "
    + "StarDict dictionaries in ~/.stardict/dic."

  /// No dictionary for `language` (a BCP 47 tag).
  public static func forLanguage(_ language: String) -> String {
    let primary = DictionaryLanguage.primary(language)
    let name = Locale(identifier: "en").localizedString(forLanguageCode: primary) ?? language
    if primary == "en" {
      return "No English dictionary is installed: sudo apt install dict-gcide dict-wn."
    }
    let code = DictionaryLanguage.threeLetter(primary) ?? primary
    return "No \(name) dictionary is installed: install a FreeDict pair such as "
      + "dict-freedict-\(code)-eng (apt-cache search dict-freedict-\(code) lists them), or "
      + "put a StarDict dictionary in ~/.stardict/dic."
  }
}
