public import Foundation

extension PreferencesFile {
  /// Writes `preferences` atomically, creating the folder when needed.
  ///
  /// The file is the reader's own: entries it does not know (a newer Quire's, a typo the
  /// reader was told about) are written back as they were, and a file that cannot be read
  /// as a JSON object of preferences is never simply replaced — it is first copied to
  /// `preferences.json.bad-<time>` beside it. A symbolic link is written through, so a
  /// preferences file kept elsewhere (dotfiles) stays where it is.
  ///
  /// - Returns: a sentence for the reader when the old file was kept aside, else nil.
  /// - Throws: when the path is not a regular file, or the copy or the write fails.
  @discardableResult
  public func save(_ preferences: Preferences, now: Date = Date()) throws -> String? {
    let target = url.resolvingSymlinksInPath()
    var object: [String: Any] = [:]
    var keptAside: String?
    switch ConfigurationFile.read(target) {
    case .missing: break
    case .unreadable(let reason):
      throw PreferencesFileError(path: target.path, reason: reason)
    case .data(let data):
      if let existing = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
        object = existing
      } else {
        keptAside = try keepAside(target, now: now)
      }
    }
    for key in PreferenceKey.all { object[key.name] = key.json(of: preferences) }
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try (data + Data("\n".utf8)).write(to: target, options: .atomic)
    return keptAside.map {
      "\(url.path) could not be read as preferences; it was kept as \($0) and a new file "
        + "was written"
    }
  }

  /// Copies the file to `NAME.bad-<time>` (a free name) and returns that path.
  private func keepAside(_ file: URL, now: Date) throws -> String {
    let base = file.path + ".bad-" + ConfigurationFile.timestamp(now)
    var aside = base
    var copy = 1
    while FileManager.default.fileExists(atPath: aside) {
      copy += 1
      aside = base + "-\(copy)"
    }
    try FileManager.default.copyItem(atPath: file.path, toPath: aside)
    return aside
  }
}

/// The preferences path holds something that is not a preferences file (a folder, a FIFO,
/// a file of megabytes): Quire does not replace it.
public struct PreferencesFileError: Error, CustomStringConvertible, LocalizedError {
  public let path: String
  public let reason: String

  public var description: String {
    "\(path): \(reason), so it is not replaced; move it away to save preferences"
  }

  public var errorDescription: String? { description }
}
