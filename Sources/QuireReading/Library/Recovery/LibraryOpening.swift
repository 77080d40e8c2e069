/// A library opened by `Library.openRecovering(path:)`, and what the user must be told
/// about how it was opened.
public struct LibraryOpening: Sendable {
  /// How the library was opened.
  public enum State: Hashable, Sendable {
    /// The file opened normally (or was created).
    case normal
    /// The file or its folder is read-only: reads work, nothing is saved.
    case readOnly
    /// The file was damaged: it was moved to `movedTo` and a new library was started with
    /// what could be salvaged from it.
    case recreated(movedTo: String)
    /// No library file could be opened or created: this session's changes live in
    /// memory only and are lost on exit.
    case inMemory
  }

  public let library: Library
  public let state: State
  /// Sentences for the user, each naming the file and what happened; empty when normal.
  public let notices: [String]
  /// Why the file cannot be written, for `.readOnly` and `.inMemory` ("the folder /x is
  /// not writable", "the disk is full"); nil otherwise.
  public let reason: String?
  /// What was salvaged from the damaged file into the new library, for `.recreated`
  /// (nil when nothing in it could be read).
  public let salvaged: SalvageReport?

  /// Creates an opening.
  init(
    library: Library, state: State, notices: [String], reason: String? = nil,
    salvaged: SalvageReport? = nil
  ) {
    self.library = library
    self.state = state
    self.notices = notices
    self.reason = reason
    self.salvaged = salvaged
  }
}
