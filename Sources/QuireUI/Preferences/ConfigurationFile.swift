import Foundation
import QuireBook

/// How a small settings file (`preferences.json`, `keys.json`, a theme) is read: through
/// `RegularFile`, so a FIFO there is a message rather than a hang, and 1 MB at most.
enum ConfigurationFile {
  /// The most a settings file may hold; a larger one is not a settings file.
  static let limit = 1 << 20

  /// Reads the file at `url`.
  static func read(_ url: URL) -> RegularFile.Contents {
    RegularFile.read(url.path, limit: limit)
  }

  /// "20261129T190102Z": sortable, and safe in a file name.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T"
      + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
  }
}
