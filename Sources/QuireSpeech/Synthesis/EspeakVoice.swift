/// A voice espeak-ng has installed, with the languages it speaks.
struct EspeakVoice: Hashable, Sendable {
  /// A language a voice speaks, with espeak-ng's preference (lower is more preferred).
  struct Language: Hashable, Sendable {
    /// espeak-ng's lower-case tag ("en-us", "cmn", "fr").
    var tag: String
    var priority: Int
  }

  /// Its display name ("English_(America)").
  var name: String
  /// Its file under espeak-ng-data/voices ("gmw/en-US"), which `espeak_SetVoiceByName` takes.
  var identifier: String
  var languages: [Language]
}

extension [EspeakVoice] {
  /// The voice for BCP 47 `language` ("en", "en-GB", "zh-Hans", "fr-CA"), or nil when none
  /// speaks it.
  ///
  /// Chinese is Mandarin (espeak-ng's `cmn`) unless the tag says Cantonese or Hong Kong or
  /// Macau (`yue`). A tag is tried whole, then without its last subtag, down to the language;
  /// at each step a voice that lists it exactly wins over one that lists a regional form of
  /// it ("fr" finds "fr-fr"), then by espeak-ng's priority.
  func voice(for language: String) -> EspeakVoice? {
    for tag in Self.candidates(for: language) {
      var best: (voice: EspeakVoice, rank: Int)?
      for voice in self {
        for spoken in voice.languages {
          let rank: Int
          if spoken.tag == tag {
            rank = spoken.priority
          } else if spoken.tag.hasPrefix(tag + "-") {
            rank = 1000 + spoken.priority
          } else {
            continue
          }
          if best == nil || rank < best!.rank { best = (voice, rank) }
        }
      }
      if let best { return best.voice }
    }
    return nil
  }

  /// The voice named `name` (its identifier, its display name or a language it lists).
  func voice(named name: String) -> EspeakVoice? {
    let lowered = name.lowercased()
    return first { $0.identifier.lowercased() == lowered || $0.name.lowercased() == lowered }
      ?? first { $0.languages.contains { $0.tag == lowered } }
  }

  /// The espeak-ng tags to try for a BCP 47 tag, most specific first.
  static func candidates(for language: String) -> [String] {
    let subtags = language.lowercased().split { $0 == "-" || $0 == "_" }.map(String.init)
    guard var primary = subtags.first else { return [] }
    var rest = [String](subtags.dropFirst())
    if primary == "zh" {
      let cantonese = rest.contains { ["yue", "hk", "mo"].contains($0) }
      primary = cantonese ? "yue" : "cmn"
      rest = []
    }
    // Scripts (four letters) say nothing to espeak-ng.
    rest.removeAll { $0.count == 4 }
    var tags: [String] = []
    while true {
      tags.append(([primary] + rest).joined(separator: "-"))
      if rest.isEmpty { break }
      rest.removeLast()
    }
    return tags
  }
}
