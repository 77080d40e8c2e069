/// The files of an archive as a container lists them, whatever reads the archive: names
/// that point outside the book left out and said in one warning, a name met twice kept
/// once (the first copy) and said.
struct EntryListing<Entry: Sendable>: Sendable {
  private(set) var entries: [String: Entry] = [:]
  /// The names kept, in the archive's order.
  private(set) var names: [String] = []
  private var unsafe: [String] = []
  private var repeated: [ImportWarning] = []

  /// Takes the entry `name`, or says why it is left out.
  mutating func add(_ name: String, _ entry: Entry) {
    guard PackagePath.isSafeEntryName(name) else {
      unsafe.append(name)
      return
    }
    if entries[name] != nil {
      repeated.append(
        ImportWarning(entry: name, "appears twice in the archive; the first copy is used"))
      return
    }
    entries[name] = entry
    names.append(name)
  }

  /// What was left out: the unsafe names first, in one warning, then each name met twice.
  var warnings: [ImportWarning] {
    guard !unsafe.isEmpty else { return repeated }
    let list = unsafe.map { "\"\($0)\"" }.joined(separator: ", ")
    return [
      ImportWarning(
        "ignored \(unsafe.count) archive entr\(unsafe.count == 1 ? "y" : "ies") with unsafe "
          + "names (pointing outside the book): \(list)")
    ] + repeated
  }
}
