import Foundation
import QuireBook

/// The dictionaries installed on this machine, and the one way to look a word up in them.
///
/// Made once (finding dictionaries lists a few folders and reads each StarDict `.ifo`);
/// a dictionary's files are opened on its first look-up and kept open, so later look-ups
/// cost a binary search and one chunk inflated. `Sendable`: look-ups from several tasks
/// run one at a time.
public final class DictionaryShelf: Sendable {
  /// The dictionaries found, dictd databases first, then StarDict ones, each by id.
  public let dictionaries: [DictionaryInfo]
  /// Dictionaries found but unusable before any look-up (a `.ifo` that cannot be read, an
  /// index without its data).
  public let discoveryProblems: [LookupError]
  private let sources: [String: Source]
  private let opened = Locked<[String: OpenedDictionary]>([:])

  /// Where a dictionary's files are.
  enum Source: Hashable, Sendable {
    case dictd(index: String, data: String)
    case starDict(StarDictDictionary.Files)
  }

  /// Finds the dictionaries in `locations`.
  public init(locations: DictionaryLocations = .standard()) {
    var found: [DictionaryInfo] = []
    var sources: [String: Source] = [:]
    var problems: [LookupError] = []
    for folder in locations.dictdFolders {
      for (info, source) in Self.dictdDatabases(in: folder, problems: &problems)
      where sources[info.id] == nil {
        found.append(info)
        sources[info.id] = source
      }
    }
    var starDict: [DictionaryInfo] = []
    for folder in locations.starDictFolders {
      for (info, source) in Self.starDictDictionaries(in: folder, problems: &problems)
      where sources[info.id] == nil {
        starDict.append(info)
        sources[info.id] = source
      }
    }
    dictionaries = found.sorted { $0.id < $1.id } + starDict.sorted { $0.id < $1.id }
    self.sources = sources
    discoveryProblems = problems
  }

  // MARK: - Finding dictionaries

  private static func dictdDatabases(in folder: String, problems: inout [LookupError])
    -> [(DictionaryInfo, Source)]
  {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var databases: [(DictionaryInfo, Source)] = []
    for name in names.sorted() where name.hasSuffix(".index") {
      let id = String(name.dropLast(".index".count))
      let base = folder + "/" + id
      guard
        let data = [base + ".dict.dz", base + ".dict"].first(where: {
          FileManager.default.fileExists(atPath: $0)
        })
      else {
        problems.append(
          LookupError(.unreadable, path: base + ".index", "its \(base).dict.dz is missing"))
        continue
      }
      let languages = DictionaryLanguage.dictdLanguages(id)
      let info = DictionaryInfo(
        id: id, name: id, format: .dictd, sourceLanguage: languages.source,
        targetLanguage: languages.target, path: base + ".index")
      databases.append((info, .dictd(index: base + ".index", data: data)))
    }
    return databases
  }

  private static func starDictDictionaries(in folder: String, problems: inout [LookupError])
    -> [(DictionaryInfo, Source)]
  {
    var dictionaries: [(DictionaryInfo, Source)] = []
    for path in infoFiles(in: folder, depth: 3) {
      do throws(LookupError) {
        let files = try StarDictDictionary.Files.beside(path).get()
        let file = try RegularFile(path: path)
        guard file.size <= StarDictInfo.maximumSize else {
          throw LookupError(.damaged, path: path, "\(file.size) bytes is too large for an .ifo")
        }
        let info = try StarDictInfo.parse(file.read(at: 0, count: file.size), path: path)
        let id = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var source = info.sourceLanguage
        var target = info.targetLanguage
        if source == nil { (source, target) = DictionaryLanguage.pair(from: id) }
        let description = DictionaryInfo(
          id: id, name: info.bookName.isEmpty ? id : info.bookName, format: .stardict,
          sourceLanguage: source, targetLanguage: target, path: path)
        dictionaries.append((description, .starDict(files)))
      } catch {
        problems.append(error)
      }
    }
    return dictionaries
  }

  /// Every `.ifo` in `folder` and its subfolders, `depth` levels down, sorted.
  private static func infoFiles(in folder: String, depth: Int) -> [String] {
    guard depth >= 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return [] }
    var found: [String] = []
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = folder + "/" + name
      if name.hasSuffix(".ifo") {
        found.append(path)
      } else {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
          isFolder.boolValue
        {
          found += infoFiles(in: path, depth: depth - 1)
        }
      }
    }
    return found
  }

  // MARK: - Opening

  /// Runs `body` with the dictionary `info` opened (on first use), alone.
  func withDictionary<T>(
    _ info: DictionaryInfo, _ body: (any OpenDictionary) throws(LookupError) -> T
  ) throws(LookupError) -> T {
    try opened.withLock { (opened: inout [String: OpenedDictionary]) throws(LookupError) -> T in
      if opened[info.id] == nil { opened[info.id] = OpenedDictionary(open(info)) }
      let dictionary = try opened[info.id]!.result.get()
      return try body(dictionary)
    }
  }

  private func open(_ info: DictionaryInfo) -> Result<any OpenDictionary, LookupError> {
    do throws(LookupError) {
      switch sources[info.id] {
      case .dictd(let index, let data):
        return .success(try DictdDatabase(indexPath: index, dataPath: data, fallbackName: info.id))
      case .starDict(let files):
        return .success(try StarDictDictionary(files: files))
      case nil:
        throw LookupError(.unreadable, path: info.path, "no such dictionary on this shelf")
      }
    } catch {
      return .failure(error)
    }
  }

  /// Every dictionary opened, with the name it gives itself (dictd databases say theirs
  /// only once opened), and the errors of those that cannot be.
  public func describeAll() -> (dictionaries: [DictionaryInfo], problems: [LookupError]) {
    var problems = discoveryProblems
    let named = dictionaries.map { info in
      var info = info
      do throws(LookupError) {
        info.name = try withDictionary(info) { $0.displayName }
      } catch {
        problems.append(error)
      }
      return info
    }
    return (named, problems)
  }
}

/// An opened dictionary, or why it could not be opened, kept so neither is tried twice.
final class OpenedDictionary {
  let result: Result<any OpenDictionary, LookupError>
  init(_ result: Result<any OpenDictionary, LookupError>) { self.result = result }
}
