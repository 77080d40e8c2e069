import QuireBook

/// Long-lived font state for a book: the font database, loaded faces, the shape cache.
///
/// Create one per reader (or per book) and reuse it: faces are loaded once per file and
/// face index, and every word is shaped once. Not thread-safe; use it from one task.
public final class FontContext: GlyphSource {
  private let database: FontconfigDatabase
  private let library: FreeTypeLibrary
  var fonts: [LoadedFont] = []
  var fontIndex: [FontFile: Int] = [:]
  private var requests: [FontRequest: Int] = [:]
  private var fallbacks: [FallbackKey: Int] = [:]
  private var queries: [Int: FontQuery] = [:]
  package let words = WordStore()
  package let hyphenators = HyphenatorCache()
  /// Family used for `.body` text in Latin script; nil = EB Garamond (its 12 pt optical size).
  public let bodyFamily: String?
  /// Words shaped by the other workers of a parallel pass (`PaginationPass`), if any.
  package let shared: SharedWords?
  /// The tags of `shared` by the word store's tags.
  private var sharedTags: [UInt32: UInt32] = [:]

  private struct FallbackKey: Hashable {
    var font: Int
    var scalar: UInt32
  }

  /// Starts fontconfig and FreeType; `bodyFamily` overrides the default body face.
  public convenience init(bodyFamily: String? = nil) throws(TypesettingError) {
    try self.init(bodyFamily: bodyFamily, sharing: nil)
  }

  /// A context that takes words other workers shaped from `shared`, and adds its own.
  package init(bodyFamily: String? = nil, sharing shared: SharedWords?) throws(TypesettingError) {
    database = try FontconfigDatabase()
    library = try FreeTypeLibrary()
    self.bodyFamily = bodyFamily
    self.shared = shared
  }

  /// The fontconfig family asked for by a request (the defaults per language live here).
  ///
  /// A book's family list ("Stix, serif") gives its first installed family, or the
  /// reader's face for the first generic name in it, or else the body face: asked for a
  /// family it does not have, fontconfig would answer its default sans-serif face.
  package func family(for request: FontRequest) -> String {
    // Chinese, Japanese and Korean get their region's cut of the Noto CJK faces.
    let region = CJKRegion(language: request.language)
    // Hebrew, Arabic and the other right-to-left scripts: EB Garamond has none of their
    // letters, and its old-style digits among them read "ıı" for 11. fontconfig's face
    // for the language is taken whole, digits and punctuation included.
    let rightToLeft = Bidi.isRightToLeft(language: request.language)
    func generic(_ family: TextAttributes.FontFamily) -> String {
      switch family {
      case .monospace: return "monospace"
      case .sansSerif: return region?.sansFamily ?? "sans-serif"
      case .serif where rightToLeft, .body where rightToLeft && bodyFamily == nil:
        return "serif"
      case .named, .serif, .body:
        if case .body = family, let bodyFamily {
          // A reader's CJK face is taken in the paragraph's region ("Noto Sans CJK" in a
          // Japanese book is Noto Sans CJK JP); any other face stays for Latin text.
          if let region { return region.family(like: bodyFamily) ?? region.serifFamily }
          return CJKRegion.simplifiedChinese.family(like: bodyFamily) ?? bodyFamily
        }
        if let region { return region.serifFamily }
        return "EB Garamond 12"
      }
    }
    guard case .named(let list) = request.family else { return generic(request.family) }
    for name in list.split(separator: ",") {
      let name = String(name.drop(while: { $0 == " " }))
      switch name.lowercased() {
      case "serif": return generic(.serif)
      case "sans-serif": return generic(.sansSerif)
      case "monospace": return generic(.monospace)
      default: if !name.isEmpty, database.hasFamily(name) { return name }
      }
    }
    return generic(.body)
  }

  package func font(for request: FontRequest) -> Int {
    if let font = requests[request] { return font }
    let query = FontQuery(
      family: family(for: request), weight: request.weight, isItalic: request.isItalic,
      language: request.language)
    var font = 0
    if let face = request.embedded, embeddedFaceComesFirst(request),
      let loaded = load(FontFile(path: face.path, index: 0))
    {
      // A file FreeType or HarfBuzz cannot open fails `load`: the family list then applies.
      font = loaded
    } else if let file = database.match(query), let loaded = load(file) {
      font = loaded
    } else if let file = database.match(
      FontQuery(family: "serif", weight: 400, isItalic: false, language: nil)),
      let loaded = load(file)
    {
      font = loaded
    }
    if queries[font] == nil { queries[font] = query }
    requests[request] = font
    return font
  }

  /// Whether the request's embedded face wins over the names before it in its family
  /// list: CSS takes the first family that is available, installed or embedded.
  private func embeddedFaceComesFirst(_ request: FontRequest) -> Bool {
    guard let embedded = request.embedded?.family.lowercased(),
      case .named(let list) = request.family
    else { return false }
    for name in list.split(separator: ",") {
      let name = String(name.drop(while: { $0 == " " }))
      switch name.lowercased() {
      case embedded: return true
      case "serif", "sans-serif", "monospace": return false
      default: if !name.isEmpty, database.hasFamily(name) { return false }
      }
    }
    return false
  }

  package func font(_ font: Int, covers scalar: UInt32) -> Bool {
    fonts.indices.contains(font) && fonts[font].covers(scalar)
  }

  package func fallbackFont(for scalar: UInt32, like font: Int) -> Int {
    let key = FallbackKey(font: font, scalar: scalar)
    if let found = fallbacks[key] { return found }
    var found = font
    let query =
      queries[font] ?? FontQuery(family: "serif", weight: 400, isItalic: false, language: nil)
    if let file = database.fallback(for: scalar, query: query), let loaded = load(file),
      fonts[loaded].covers(scalar)
    {
      found = loaded
    }
    fallbacks[key] = found
    return found
  }

  package func metrics(of font: Int) -> FontMetrics {
    fonts.indices.contains(font)
      ? fonts[font].metrics
      : FontMetrics(
        ascender: 0.8, descender: 0.2, lineGap: 0, xHeight: 0.5, spaceAdvance: 0.25,
        hyphenAdvance: 0.3, hyphenGlyph: 0)
  }

  package func shape(
    _ text: UnsafeBufferPointer<UInt16>, font: Int, features: UInt8, language: String,
    into glyphs: inout [StoredGlyph]
  ) {
    guard fonts.indices.contains(font) else { return }
    let loaded = fonts[font]
    loaded.shaper.shape(
      text, language: language, features: features, scale: 1 / loaded.face.unitsPerEm,
      into: &glyphs)
  }

  package func reference(of font: Int) -> FontReference {
    guard fonts.indices.contains(font) else { return FontReference(path: "", faceIndex: 0) }
    return FontReference(path: fonts[font].file.path, faceIndex: fonts[font].file.index)
  }

  package func sharedWords(tag: UInt32, font: Int, features: UInt8, hyphenator: Hyphenator?)
    -> (words: SharedWords, tag: UInt32)?
  {
    guard let shared, fonts.indices.contains(font) else { return nil }
    if let found = sharedTags[tag] { return (shared, found) }
    let found = shared.tag(face: fonts[font].file, features: features, dictionary: hyphenator?.path)
    sharedTags[tag] = found
    return (shared, found)
  }

  package var allowsHyphenation: Bool { true }
  package var usesWholeUnits: Bool { false }

  /// Shape-cache hits ÷ lookups so far.
  public var shapeCacheHitRate: Double { words.hitRate }

  private func load(_ file: FontFile) -> Int? {
    if let index = fontIndex[file] { return index }
    guard let loaded = try? LoadedFont(file: file, library: library) else { return nil }
    fonts.append(loaded)
    fontIndex[file] = fonts.count - 1
    return fonts.count - 1
  }
}
