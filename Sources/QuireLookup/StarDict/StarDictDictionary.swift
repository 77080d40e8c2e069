import Foundation

/// A StarDict dictionary, as StarDict, sdcv and KOReader read it: `NAME.ifo`, `NAME.idx`
/// (or `NAME.idx.gz`), `NAME.dict.dz` (or `NAME.dict`), and `NAME.syn` when it has
/// synonyms, side by side in one folder.
final class StarDictDictionary: OpenDictionary {
  let info: StarDictInfo
  let displayName: String
  private let index: StarDictWordList
  private let synonyms: StarDictWordList?
  private let data: any DictionaryData
  private let offsetWidth: Int

  /// The files of the dictionary whose `.ifo` is at `path`.
  struct Files: Hashable, Sendable {
    var info: String
    var index: String
    var data: String
    var synonyms: String?

    /// The files beside `infoPath`, preferring the uncompressed index and the compressed
    /// data as StarDict does; nil names the first one missing.
    static func beside(_ infoPath: String) -> Result<Files, LookupError> {
      let base = String(infoPath.dropLast(".ifo".count))
      let manager = FileManager.default
      guard let index = [base + ".idx", base + ".idx.gz"].first(where: manager.fileExists) else {
        return .failure(LookupError(.unreadable, path: infoPath, "its \(base).idx is missing"))
      }
      guard let data = [base + ".dict.dz", base + ".dict"].first(where: manager.fileExists) else {
        return .failure(LookupError(.unreadable, path: infoPath, "its \(base).dict.dz is missing"))
      }
      let synonyms = manager.fileExists(atPath: base + ".syn") ? base + ".syn" : nil
      return .success(Files(info: infoPath, index: index, data: data, synonyms: synonyms))
    }
  }

  /// Opens and checks every file of the dictionary.
  ///
  /// - Throws: `LookupError` naming the file that is missing, damaged or disagrees with the
  ///   `.ifo` (size, entry count).
  init(files: Files) throws(LookupError) {
    let infoFile = try RegularFile(path: files.info)
    guard infoFile.size <= StarDictInfo.maximumSize else {
      throw LookupError(
        .damaged, path: files.info, "\(infoFile.size) bytes is too large for an .ifo")
    }
    info = try StarDictInfo.parse(infoFile.read(at: 0, count: infoFile.size), path: files.info)
    displayName =
      info.bookName.isEmpty
      ? ((files.info as NSString).lastPathComponent as NSString).deletingPathExtension
      : info.bookName
    offsetWidth = info.offsetBits / 8
    let storage = try Self.indexBytes(files.index, size: info.indexFileSize)
    index = try StarDictWordList(
      storage: storage, path: files.index, trailerSize: offsetWidth + 4,
      expectedCount: info.wordCount)
    if let path = files.synonyms {
      synonyms = try StarDictWordList(
        storage: RegularFile(path: path).map(), path: path, trailerSize: 4,
        expectedCount: info.synonymCount)
    } else {
      synonyms = nil
    }
    data = try openDictionaryData(files.data)
  }

  /// The `.idx` mapped, or the `.idx.gz` inflated; its size must be the `.ifo`'s.
  private static func indexBytes(_ path: String, size: Int) throws(LookupError) -> MappedBytes {
    let file = try RegularFile(path: path)
    guard path.hasSuffix(".gz") else {
      guard file.size == size else {
        throw LookupError(
          .damaged, path: path, "the file has \(file.size) bytes, the .ifo says \(size)")
      }
      return try file.map()
    }
    guard size <= 1 << 30 else {
      throw LookupError(.unsupported, path: path, "an index of \(size) bytes is too large")
    }
    let compressed = try file.map()
    switch Inflater.gunzip(compressed.bytes, expectedSize: size) {
    case .success(let bytes): return MappedBytes(copying: bytes)
    case .failure(let failure): throw LookupError(.damaged, path: path, failure.message)
    }
  }

  func entries(for word: String) throws(LookupError) -> [DictionaryEntry] {
    let key = Array(word.utf8)
    guard !key.isEmpty else { return [] }
    var numbers = Array(index.entries(matching: key))
    if let synonyms {
      for synonym in synonyms.entries(matching: key) {
        let number = synonyms.number(synonym, at: 0, width: 4)
        guard number < index.count else {
          throw LookupError(
            .damaged, path: synonyms.path,
            "the synonym “\(synonyms.text(synonym))” points to entry \(number + 1) of "
              + "\(index.count)")
        }
        if !numbers.contains(number) { numbers.append(number) }
      }
    }
    return try numbers.prefix(64).map { number throws(LookupError) in try entry(number) }
  }

  private func entry(_ number: Int) throws(LookupError) -> DictionaryEntry {
    let headword = index.text(number)
    let offset = index.number(number, at: 0, width: offsetWidth)
    let size = index.number(number, at: offsetWidth, width: 4)
    try data.checkRange(offset, size, entry: headword)
    guard size <= maximumDefinitionSize else {
      throw LookupError(
        .damaged, path: index.path, "the entry for “\(headword)” claims \(size) bytes")
    }
    let bytes = try data.bytes(at: offset, count: size)
    switch StarDictFields.split(bytes, sameTypeSequence: info.sameTypeSequence) {
    case .success(let fields):
      return DictionaryEntry(headword: headword, text: StarDictText.text(of: fields))
    case .failure(let problem):
      throw LookupError(
        .damaged, path: data.path, "the entry for “\(headword)” has \(problem.message)")
    }
  }
}
