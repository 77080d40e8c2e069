package import QuireReading

/// What the reader has selected and what waits on it: the reading view's selection
/// feature (`ReaderState+Selection`).
package struct SelectionState: Hashable, Sendable {
  /// What is selected; nil when nothing is.
  package var selection: Selection?
  /// What a pointer drag extends by: whole words after a double-click, else characters.
  package var dragUnit: Selection.Unit = .character
  /// The style H, U or X asked for, waiting for its colour key.
  package var pendingStyle: Highlight.Style?
  /// The last text to copy, for the front end to put on the clipboard (once per id).
  package var copy: CopyRequest?
  /// The highlight the selection is, when it was chosen by pointing at it (a right-click
  /// in the window): a colour then recolours it, and it can be removed.
  package var chosenHighlight: Int?

  /// Nothing selected.
  package init() {}
}

/// Text a front end is asked to put on the clipboard; a new id for each copy, so that a
/// front end copies each once however often it draws the screen.
public struct CopyRequest: Hashable, Sendable {
  public var id: Int
  public var text: String

  /// A request.
  public init(id: Int, text: String) {
    self.id = id
    self.text = text
  }
}
