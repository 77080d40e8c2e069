import CTextcat
import Foundation

/// Tells a text's language with libexttextcat, the n-gram guesser LibreOffice uses.
///
/// The one file that imports libexttextcat. Its Debian profiles (libexttextcat-data) cover
/// about 170 languages, and loading all of them takes 35 ms; Quire loads the languages
/// books are commonly written in (`languages`, 2 ms), once per process, through a
/// configuration file written for the purpose and removed again. Chinese comes back as
/// "zh-Hans" or "zh-Hant", from the Simplified and Traditional profiles. Without the
/// profiles (or for a text too short to tell) the answer is nil and the caller guesses.
enum LanguageIdentifier {
  /// Profiles loaded: BCP 47 tag → file in the data folder.
  static let languages: [(tag: String, file: String)] =
    [
      "ar", "ca", "cs", "da", "de", "el", "en", "es", "fa", "fi", "fr", "he", "hi", "hu", "id",
      "it", "ja", "ko", "la", "nb", "nl", "pl", "pt", "ro", "ru", "sv", "tr", "uk", "vi",
    ].map { ($0, "\($0).lm") } + [("zh-Hans", "zh-Hans.lm"), ("zh-Hant", "zh-Hant.lm")]

  /// Where Debian installs the profiles.
  static let dataFolder = "/usr/share/libexttextcat/"

  /// Bytes of text a guess reads: more gains nothing (the guesser's own advice is a few
  /// hundred bytes) and costs time.
  static let sampleBytes = 4096

  private final class Handle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    deinit { textcat_Done(pointer) }
  }

  /// The loaded guesser; nil when the profiles are missing. Calls are serialised: a
  /// handle keeps scratch state.
  private static let shared = Locked<Handle?>(load())

  /// The BCP 47 tag of the language of `text` (UTF-8), or nil when it cannot be told.
  static func identify(_ text: UnsafeBufferPointer<UInt8>) -> String? {
    guard let base = text.baseAddress, !text.isEmpty else { return nil }
    let answer: String? = shared.withLock { handle in
      guard let handle else { return nil }
      let count = min(text.count, sampleBytes)
      return base.withMemoryRebound(to: CChar.self, capacity: count) { chars in
        textcat_Classify(handle.pointer, chars, count).map { String(cString: $0) }
      }
    }
    // "[de--utf8][nl--utf8]": the first is the best; "SHORT" and "UNKNOWN" tell nothing.
    guard let answer, answer.hasPrefix("["),
      let close = answer.firstIndex(of: "]")
    else { return nil }
    let name = answer[answer.index(after: answer.startIndex)..<close]
    return tags[String(name)]
  }

  /// Classifier names ("zh-TW-utf8", "de--utf8") → tags.
  private static let tags: [String: String] = {
    var table: [String: String] = [:]
    for (tag, _) in languages {
      switch tag {
      case "zh-Hans": table["zh-CN-utf8"] = tag
      case "zh-Hant": table["zh-TW-utf8"] = tag
      default: table["\(tag)--utf8"] = tag
      }
    }
    return table
  }()

  private static func load() -> Handle? {
    guard FileManager.default.fileExists(atPath: dataFolder + "en.lm") else { return nil }
    let lines = languages.compactMap { tag, file -> String? in
      guard FileManager.default.fileExists(atPath: dataFolder + file) else { return nil }
      let name: String =
        switch tag {
        case "zh-Hans": "zh-CN-utf8"
        case "zh-Hant": "zh-TW-utf8"
        default: "\(tag)--utf8"
        }
      return "\(file) \(name)"
    }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("quire-textcat-\(getpid())-\(UUID().uuidString).conf").path
    guard
      FileManager.default.createFile(
        atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
    else { return nil }
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard let pointer = special_textcat_Init(path, dataFolder) else { return nil }
    return Handle(pointer)
  }
}
