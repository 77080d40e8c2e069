import Foundation
import QuireBook

/// Whether the terminal named by `TERM` can be driven full screen: it must be able to put
/// the cursor anywhere (terminfo's `cup`, cursor_address).
///
/// `TERM=dumb`, an unset or empty `TERM`, and a terminal whose compiled terminfo entry has
/// no `cup` cannot; the reader then refuses rather than write escape sequences that such a
/// terminal shows as text. A terminal with no entry on this machine is taken at its word
/// (terminals that speak ANSI are the rule, and an entry may live on another machine).
/// Entries are read as ncurses writes them (term(5): the legacy format with 16-bit
/// numbers and the extended one with 32-bit numbers), from `$TERMINFO`, `~/.terminfo`,
/// `$TERMINFO_DIRS` and the system folders, as ncurses looks them up.
public enum Terminfo {
  /// Why the terminal of `environment` cannot show the full-screen reader, or nil when it
  /// can.
  public static func unsuitability(environment: [String: String]) -> String? {
    let name = environment["TERM"] ?? ""
    if name.isEmpty { return "TERM is not set, so the terminal's abilities are unknown" }
    if name == "dumb" { return "TERM=dumb cannot move the cursor" }
    guard let entry = entry(named: name, environment: environment) else { return nil }
    return hasCursorAddressing(entry)
      ? nil : "the terminal '\(name)' cannot move the cursor (its terminfo entry has no cup)"
  }

  /// The compiled entry of `name`, from the first folder that has one.
  static func entry(named name: String, environment: [String: String]) -> [UInt8]? {
    guard !name.contains("/"), let first = name.unicodeScalars.first, first.isASCII else {
      return nil
    }
    let hex = String(first.value, radix: 16)
    for folder in folders(environment: environment) {
      for sub in [String(first), hex] {
        if case .data(let data) = RegularFile.read("\(folder)/\(sub)/\(name)", limit: 1 << 16) {
          return Array(data)
        }
      }
    }
    return nil
  }

  /// The folders ncurses searches, in its order.
  static func folders(environment: [String: String]) -> [String] {
    var folders: [String] = []
    if let own = environment["TERMINFO"], !own.isEmpty { folders.append(own) }
    if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.terminfo") }
    let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
    if let list = environment["TERMINFO_DIRS"], !list.isEmpty {
      // An empty element stands for the system's folders.
      for part in list.split(separator: ":", omittingEmptySubsequences: false) {
        if part.isEmpty { folders += system } else { folders.append(String(part)) }
      }
    } else {
      folders += system
    }
    return folders
  }

  /// Whether a compiled entry has the string capability `cup` (number 10).
  /// - Complexity: O(1); every offset is checked against the entry's length.
  static func hasCursorAddressing(_ entry: [UInt8]) -> Bool {
    func short(_ at: Int) -> Int? {
      guard at >= 0, at + 1 < entry.count else { return nil }
      return Int(Int16(bitPattern: UInt16(entry[at]) | UInt16(entry[at + 1]) << 8))
    }
    guard let magic = short(0), magic == 0o432 || magic == 0o1036,
      let namesSize = short(2), let bools = short(4), let numbers = short(6),
      let strings = short(8), namesSize >= 0, bools >= 0, numbers >= 0, strings >= 0
    else { return false }
    let cup = 10
    guard strings > cup else { return false }
    var at = 12 + namesSize + bools
    if at % 2 == 1 { at += 1 }
    at += numbers * (magic == 0o1036 ? 4 : 2)
    // -1: absent; -2: cancelled.
    guard let offset = short(at + 2 * cup) else { return false }
    return offset >= 0
  }
}
