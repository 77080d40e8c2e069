import CFontconfig

/// A font file and the face index inside it (`.ttc` collections hold several faces).
package struct FontFile: Hashable, Sendable {
  /// Absolute path of the font file.
  package var path: String
  /// Face index inside the file.
  package var index: Int
}

/// What a run of text asks of the font database.
package struct FontQuery: Hashable, Sendable {
  /// A family name or a fontconfig alias (`serif`, `sans-serif`, `monospace`).
  package var family: String
  /// CSS / OpenType weight, 100…900.
  package var weight: Int
  package var isItalic: Bool
  /// BCP 47 language, used by fontconfig to prefer faces that cover it.
  package var language: String?
}

/// fontconfig's database: family + style → file, and per-character fallback lists.
///
/// The only file that imports fontconfig. Fallback follows fontconfig's own order
/// (`FcFontSort`), keeping each candidate's character set to test coverage.
final class FontconfigDatabase {
  private let config: OpaquePointer
  private var fallbackLists: [FontQuery: [(file: FontFile, charset: OpaquePointer)]] = [:]
  /// Whether a family is installed, by lower-cased name.
  private var installed: [String: Bool] = [:]

  /// fontconfig's configuration and font list, loaded once a process and shared by every
  /// database: loading them took 10–15 ms, which every font context paid (every book
  /// opened, every worker of a parallel pass). fontconfig's queries are thread-safe.
  private static let shared: Configuration? = {
    guard FcInit() != 0, let config = FcInitLoadConfigAndFonts() else { return nil }
    return Configuration(pointer: config)
  }()

  /// The process's configuration; never destroyed.
  private struct Configuration: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  init() throws(TypesettingError) {
    guard let shared = Self.shared else { throw .libraryUnavailable("fontconfig") }
    config = shared.pointer
  }

  deinit {
    for list in fallbackLists.values { for entry in list { FcCharSetDestroy(entry.charset) } }
  }

  /// Whether some installed face belongs to `family` (by name, case-insensitively):
  /// fontconfig itself answers any family with its default face.
  func hasFamily(_ family: String) -> Bool {
    let key = family.lowercased()
    if let known = installed[key] { return known }
    var found = false
    if let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() {
      addString(pattern, FC_FAMILY, family)
      FcObjectSetAdd(objects, FC_FAMILY)
      if let list = FcFontList(config, pattern, objects) {
        found = list.pointee.nfont > 0
        FcFontSetDestroy(list)
      }
      FcObjectSetDestroy(objects)
      FcPatternDestroy(pattern)
    }
    installed[key] = found
    return found
  }

  /// The best installed face for `query`.
  ///
  /// fontconfig ranks language coverage above weight, so `FcFontMatch` can answer a
  /// regular face for a bold request when the bold face covers fewer languages. Among
  /// fontconfig's sorted candidates of the requested family, the closest slant and
  /// weight win; fontconfig's order breaks ties.
  func match(_ query: FontQuery) -> FontFile? {
    guard let pattern = makePattern(query) else { return nil }
    defer { FcPatternDestroy(pattern) }
    var result = FcResultMatch
    guard let set = FcFontSort(config, pattern, 0, nil, &result) else { return nil }
    defer { FcFontSetDestroy(set) }
    let wanted = Int(FcWeightFromOpenType(Int32(query.weight)))
    let family = query.family.lowercased()
    var best: (file: FontFile, score: Int)?
    for i in 0..<min(Int(set.pointee.nfont), 64) {
      guard let font = set.pointee.fonts[i], let file = fontFile(font) else { continue }
      if i == 0 { best = (file, Int.max) }
      guard families(of: font).contains(family) else { continue }
      var weight: Int32 = 80
      var slant: Int32 = 0
      _ = FcPatternGetInteger(font, FC_WEIGHT, 0, &weight)
      _ = FcPatternGetInteger(font, FC_SLANT, 0, &slant)
      let slantMismatch = (slant != FC_SLANT_ROMAN) != query.isItalic
      let score = (slantMismatch ? 1000 : 0) + abs(Int(weight) - wanted)
      if score < best?.score ?? Int.max { best = (file, score) }
    }
    return best?.file
  }

  private func families(of font: OpaquePointer) -> [String] {
    var names: [String] = []
    var index: Int32 = 0
    var name: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(font, FC_FAMILY, index, &name) == FcResultMatch, let name {
      names.append(String(cString: name).lowercased())
      index += 1
    }
    return names
  }

  /// The first face in fontconfig's fallback order for `query` that has `scalar`.
  func fallback(for scalar: UInt32, query: FontQuery) -> FontFile? {
    let list = fallbackList(query)
    for entry in list where FcCharSetHasChar(entry.charset, scalar) != 0 {
      return entry.file
    }
    return nil
  }

  private func fallbackList(_ query: FontQuery) -> [(file: FontFile, charset: OpaquePointer)] {
    if let list = fallbackLists[query] { return list }
    var list: [(file: FontFile, charset: OpaquePointer)] = []
    if let pattern = makePattern(query) {
      var result = FcResultMatch
      if let set = FcFontSort(config, pattern, 1, nil, &result) {
        for i in 0..<Int(set.pointee.nfont) {
          guard let font = set.pointee.fonts[i], let file = fontFile(font) else { continue }
          var charset: OpaquePointer?
          guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
            let charset, let copy = FcCharSetCopy(charset)
          else { continue }
          list.append((file, copy))
        }
        FcFontSetDestroy(set)
      }
      FcPatternDestroy(pattern)
    }
    fallbackLists[query] = list
    return list
  }

  private func makePattern(_ query: FontQuery) -> OpaquePointer? {
    guard let pattern = FcPatternCreate() else { return nil }
    addString(pattern, FC_FAMILY, query.family)
    FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(query.weight)))
    FcPatternAddInteger(pattern, FC_SLANT, query.isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
    if let language = query.language { addString(pattern, FC_LANG, language) }
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    return pattern
  }

  private func addString(_ pattern: OpaquePointer, _ key: String, _ value: String) {
    value.withCString { pointer in
      pointer.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
        _ = FcPatternAddString(pattern, key, $0)
      }
    }
  }

  private func fontFile(_ font: OpaquePointer) -> FontFile? {
    var path: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(font, FC_FILE, 0, &path) == FcResultMatch, let path else {
      return nil
    }
    var index: Int32 = 0
    _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
    return FontFile(path: String(cString: path), index: Int(index))
  }
}
