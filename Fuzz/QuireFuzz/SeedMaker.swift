import Foundation

@testable import QuireBook

/// Writes a target's seed corpus from the shared test corpus: real books (heads of the
/// TXT files, the small EPUBs whole) and documents taken out of every EPUB.
struct SeedMaker {
  /// The shared corpus folder (with `txt/`, `epub/`, `bad/`).
  let corpus: String
  /// The folder the seeds are written to.
  let output: String

  /// Writes the seeds for `target`; returns how many.
  func write(for target: FuzzTarget) -> Int {
    try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let seeds: [Data]
    switch target.name {
    case "txt": seeds = files(ending: ".txt").map { head($0, 16 << 10) }
    case "aozora": seeds = files(ending: ".txt").filter { $0.contains("/ja/") }.flatMap(aozoraSeeds)
    case "epub": seeds = files(ending: ".epub").filter { size($0) <= 256 << 10 }.compactMap(read)
    case "package": seeds = epubEntries().compactMap(packageSeed)
    case "xhtml": seeds = epubEntries().flatMap { documents($0, ending: ["html"], limit: 8) }
    case "css": seeds = epubEntries().flatMap { documents($0, ending: [".css"], limit: 8) }
    case "fb2": seeds = files(ending: ".fb2").map { head($0, 64 << 10) } + fb2Seeds()
    case "mobi":
      seeds = (files(ending: ".mobi") + files(ending: ".azw3")).filter { size($0) <= 512 << 10 }
        .compactMap(read)
    case "cbz":
      seeds = (files(ending: ".cbz") + files(ending: ".cb7")).map { head($0, 256 << 10) }
    case "dictd-index": seeds = dictionaryFiles(ending: ".index").map { lines(head($0, 16 << 10)) }
    case "dictzip": seeds = dictionaryFiles(ending: ".dict.dz").map { head($0, 256 << 10) }
    case "stardict": seeds = dictionaryFiles(ending: ".idx").map { head($0, 16 << 10) }
    default: seeds = files(ending: ".txt").map { head($0, 2 << 10) }
    }
    for (index, seed) in seeds.enumerated() {
      _ = FileManager.default.createFile(atPath: "\(output)/seed-\(index)", contents: seed)
    }
    return seeds.count
  }

  // MARK: - Corpus files

  private func files(ending suffix: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: corpus)
    var paths: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      if relative.hasSuffix(suffix) { paths.append(corpus + "/" + relative) }
    }
    return paths.sorted()
  }

  private func size(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? .max
  }

  private func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// An Aozora text decoded to UTF-8 (they come in Shift_JIS too), cut into 8 KB pieces
  /// at line ends: the first few, and the colophon at the end.
  private func aozoraSeeds(_ path: String) -> [Data] {
    guard let bytes = FileManager.default.contents(atPath: path),
      let decoded = try? TextDecoder(file: [UInt8](bytes), path: path)
    else { return [] }
    let lines = String(decoding: decoded.utf8, as: UTF8.self).split(separator: "\n")
    var pieces: [Data] = []
    var current = ""
    for line in lines {
      current += line + "\n"
      if current.utf8.count >= 8 << 10 {
        pieces.append(Data(current.utf8))
        current = ""
      }
    }
    return Array(pieces.prefix(6)) + [Data(lines.suffix(20).joined(separator: "\n").utf8)]
  }

  private func head(_ path: String, _ count: Int) -> Data {
    (FileManager.default.contents(atPath: path) ?? Data()).prefix(count)
  }

  /// The FictionBook written in windows-1251 among the repository's own fixtures.
  private func fb2Seeds() -> [Data] {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tests/Fixtures/fb2/pushkin-cp1251.fb2").path
    return read(fixtures).map { [$0] } ?? []
  }

  // MARK: - Dictionaries

  /// The installed dictionaries' files (Debian's dictd databases, StarDict ones): the
  /// shared corpus has none.
  private func dictionaryFiles(ending suffix: String) -> [String] {
    ["/usr/share/dictd", "/usr/share/stardict/dic"].flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(suffix) }.sorted().map { folder + "/" + $0 }
    }
  }

  /// `data` cut after its last line end: an index head that is whole lines.
  private func lines(_ data: Data) -> Data {
    guard let last = data.lastIndex(of: 0x0A) else { return data }
    return data[...last]
  }

  // MARK: - EPUB documents

  /// Every well-formed EPUB of the corpus, opened in place.
  private func epubEntries() -> [ZipContainer] {
    files(ending: ".epub").compactMap { try? ZipContainer(path: $0, limits: ImportLimits()) }
  }

  /// Up to `limit` entries whose names end with one of `suffixes`, each cut to 64 KB.
  private func documents(_ container: ZipContainer, ending suffixes: [String], limit: Int)
    -> [Data]
  {
    container.entryNames.filter { name in suffixes.contains { name.hasSuffix($0) } }
      .prefix(limit).compactMap { try? container.read($0).prefix(64 << 10) }
  }

  /// The OPF, nav, NCX, first chapter and first stylesheet, joined for `PackageFuzz`.
  private func packageSeed(_ container: ZipContainer) -> Data? {
    let names = container.entryNames
    guard let opf = names.first(where: { $0.hasSuffix(".opf") }) else { return nil }
    let nav = names.first { $0.contains("nav") && $0.hasSuffix("html") }
    let ncx = names.first { $0.hasSuffix(".ncx") }
    let chapter = names.first { $0.hasSuffix("html") && $0 != nav }
    let css = names.first { $0.hasSuffix(".css") }
    let parts = [opf, nav, ncx, chapter, css].map { name in
      name.flatMap { try? container.read($0).prefix(32 << 10) } ?? Data()
    }
    return PackageFuzz.join(parts)
  }
}
