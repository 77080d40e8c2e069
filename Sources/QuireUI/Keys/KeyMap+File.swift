public import Foundation

extension KeyMap {
  /// The standard map with the overrides of a `keys.json` file, and what was wrong in it.
  ///
  /// The file maps keys to command names, per layer or, at the top level, for reading:
  /// `{"reading": {"x": "quit", "q": null}, "panel": {"o": "choose"}}` or `{"x": "quit"}`.
  /// `null` unbinds a key. A missing file is no overrides; a bad entry is skipped with a
  /// message naming the file, the entry and what is allowed, and the rest still applies.
  public static func loading(from url: URL) -> (map: KeyMap, problems: [String]) {
    var map = KeyMap.standard
    let file = url.path
    let data: Data
    switch ConfigurationFile.read(url) {
    case .missing: return (map, [])
    case .unreadable(let reason): return (map, ["\(file): \(reason); using the default keys"])
    case .data(let bytes): data = bytes
    }
    guard let object = try? JSONSerialization.jsonObject(with: data),
      let top = object as? [String: Any]
    else {
      return (map, ["\(file): not a JSON object of key bindings; using the default keys"])
    }
    var problems: [String] = []
    var layers: [(Layer, [String: Any])] = []
    var flat: [String: Any] = [:]
    for (key, value) in top {
      if let layer = Layer(rawValue: key), let entries = value as? [String: Any] {
        layers.append((layer, entries))
      } else {
        flat[key] = value
      }
    }
    layers.insert((.reading, flat), at: 0)
    for (layer, entries) in layers {
      for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
        guard let chord = KeyChord(parsing: key) else {
          problems.append(
            "\(file): '\(key)' is not a key (write it as j, G, Space, PgDn, Ctrl+o, Alt+Left, F1)")
          continue
        }
        if value is NSNull {
          map.bind(chord, to: nil, in: layer)
        } else if let name = value as? String, let command = ReaderCommand(name: name) {
          map.bind(chord, to: command, in: layer)
        } else {
          problems.append(
            "\(file): '\(key)': \(value) is not a command; 'quire config keys' lists them "
              + "(for example turn-forward, contents, quit), or null to unbind")
        }
      }
    }
    return (map, problems)
  }
}
