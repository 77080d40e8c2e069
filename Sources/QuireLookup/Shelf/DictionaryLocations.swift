import Foundation

/// Where dictionaries are looked for.
public struct DictionaryLocations: Hashable, Sendable {
  /// Folders holding dictd databases (`NAME.index` beside `NAME.dict.dz`), not searched
  /// below.
  public var dictdFolders: [String]
  /// Folders holding StarDict dictionaries, searched three levels down (each dictionary
  /// usually has a folder of its own).
  public var starDictFolders: [String]

  /// Creates locations.
  public init(dictdFolders: [String], starDictFolders: [String]) {
    self.dictdFolders = dictdFolders
    self.starDictFolders = starDictFolders
  }

  /// The standard places, or with `$QUIRE_DICTIONARIES` (folders separated by ":") those
  /// folders alone, searched for both formats.
  ///
  /// dictd: `/usr/share/dictd` (Debian's `dict-*` packages), `/usr/local/share/dictd`,
  /// `$XDG_DATA_HOME/dictd`. StarDict: `$STARDICT_DATA_DIR/dic` (sdcv's variable),
  /// `$XDG_DATA_HOME/stardict/dic`, `~/.stardict/dic`, `/usr/share/stardict/dic`,
  /// `/usr/local/share/stardict/dic`.
  ///
  /// - Parameter environment: the variables to read; nil reads the process's own.
  public static func standard(environment: [String: String]? = nil) -> DictionaryLocations {
    let environment = environment ?? ProcessInfo.processInfo.environment
    if let list = environment["QUIRE_DICTIONARIES"] {
      let folders = list.split(separator: ":").map(String.init)
      return DictionaryLocations(dictdFolders: folders, starDictFolders: folders)
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    let data =
      environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home
      + "/.local/share"
    var starDict = [
      data + "/stardict/dic", home + "/.stardict/dic", "/usr/share/stardict/dic",
      "/usr/local/share/stardict/dic",
    ]
    if let own = environment["STARDICT_DATA_DIR"], !own.isEmpty {
      starDict.insert(own + "/dic", at: 0)
    }
    return DictionaryLocations(
      dictdFolders: ["/usr/share/dictd", "/usr/local/share/dictd", data + "/dictd"],
      starDictFolders: starDict)
  }
}
