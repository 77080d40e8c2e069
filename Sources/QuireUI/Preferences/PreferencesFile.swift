public import Foundation

/// The preferences file, `$XDG_CONFIG_HOME/quire/preferences.json` (`~/.config/…` when
/// the variable is unset), and its companion `keys.json`.
///
/// Reading never fails: a missing file gives the defaults, and a bad file gives a message
/// for each bad entry (naming the file, the key and what is allowed) while every good
/// entry still applies. Writing is atomic (a new file renamed over the old one), so a
/// crash mid-write leaves the old file or the new one, never half of either; it keeps
/// the entries it does not know, and a file it cannot read as preferences is first kept
/// aside as `preferences.json.bad-<time>` (`PreferencesFile+Saving`).
public struct PreferencesFile: Sendable {
  public let url: URL

  /// The file at `url`.
  public init(url: URL) { self.url = url }

  /// The reader's file, by the XDG base-directory rules.
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> PreferencesFile {
    PreferencesFile(url: configFolder(environment: environment).appending(path: "preferences.json"))
  }

  /// `$XDG_CONFIG_HOME/quire`, or `~/.config/quire`.
  public static func configFolder(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return URL(filePath: config).appending(path: "quire")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(filePath: home).appending(path: ".config/quire")
  }

  /// The key bindings file beside the preferences.
  public var keysURL: URL { url.deletingLastPathComponent().appending(path: "keys.json") }

  /// The preferences in the file, and what was wrong with it.
  public func load() -> (preferences: Preferences, problems: [String]) {
    var preferences = Preferences()
    let file = url.path
    let data: Data
    switch ConfigurationFile.read(url) {
    case .missing: return (preferences, [])
    case .unreadable(let reason): return (preferences, ["\(file): \(reason); using the defaults"])
    case .data(let bytes): data = bytes
    }
    guard let entries = try? JSONDecoder().decode([String: PreferenceValue.JSON].self, from: data)
    else {
      return (preferences, ["\(file): not a JSON object of preferences; using the defaults"])
    }
    var problems: [String] = []
    for (name, value) in entries.sorted(by: { $0.key < $1.key }) {
      guard let key = PreferenceKey.named(name) else {
        let known = PreferenceKey.all.map(\.name).joined(separator: ", ")
        problems.append("\(file): unknown key '\(name)' (the keys are \(known))")
        continue
      }
      if let problem = key.set(json: value, in: &preferences) {
        let kept = key.text(of: preferences)
        problems.append("\(file): '\(name)' \(problem); using \(kept)")
      }
    }
    return (preferences, problems)
  }
}
