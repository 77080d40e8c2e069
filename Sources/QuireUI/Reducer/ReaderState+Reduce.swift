extension ReaderState {
  /// The reading view's one transition: applies `action` to the state and returns the
  /// effects to carry out, in order. Pure: it reads nothing but the state (and the book's
  /// immutable content) and never waits.
  ///
  /// What the reader does goes through the open panel first and then through each
  /// feature's reducer (`reduceTurning`, `reduceSearch`…); what an effect found goes to
  /// `receive(_:)`.
  package mutating func reduce(_ action: ReaderAction) -> [ReaderEffect] {
    switch action {
    case .key(let chord):
      message = nil
      // Any key pauses auto turn, but the one that turns it on or off.
      let pauses = keyMap.command(for: chord, in: panel == nil ? .reading : .panel) != .autoTurn
      return (pauses ? readerActed() : []) + press(chord)
    case .command(let command):
      message = nil
      return (command == .autoTurn ? [] : readerActed()) + run(command)
    case .click(let x, let y):
      message = nil
      return readerActed() + click(atX: x, y: y)
    case .chooseRow(let row):
      message = nil
      return readerActed() + choose(row: row)
    case .resize(let viewport):
      guard viewport != self.viewport else { return [] }
      self.viewport = viewport
      return relayout()
    case .dropBook(let path):
      message = nil
      return [.openBook(path: path, settings: readingSettings)]
    case .rememberWindow(let width, let height, let x, let y):
      return rememberWindow(width: width, height: height, x: x, y: y)
    case .selectAt(let x, let y, let unit):
      message = nil
      return readerActed() + select(atX: x, y: y, unit: unit)
    case .tick(let now):
      return tick(now: now)
    case .extendSelectionTo(let x, let y):
      return extendSelection(toX: x, y: y)
    case .chooseHighlightAt(let x, let y):
      message = nil
      return chooseHighlight(atX: x, y: y)
    default:
      return receive(action)
    }
  }

  /// A key: text into a field being edited, else the key map's command for the layer in
  /// front (a panel's, or reading's).
  mutating func press(_ chord: KeyChord) -> [ReaderEffect] {
    if let effects = pressWhileChoosingColour(chord) { return effects }
    let layer: KeyMap.Layer = panel == nil ? .reading : .panel
    // While text is selected its keys come first; the others still read.
    let selecting =
      panel == nil && self.selecting.selection != nil
      ? keyMap.command(for: chord, in: .selection) : nil
    if let command = textCommand(for: chord) ?? selecting ?? keyMap.command(for: chord, in: layer) {
      return run(command)
    }
    if chord.typedText != nil || chord.control || chord.alt {
      say("\(chord) does nothing here; ? lists the keys")
    }
    return []
  }

  /// The command for a key typed into an editing field, link-hint digits included.
  func textCommand(for chord: KeyChord) -> ReaderCommand? {
    guard let panel, panel.takesText else { return nil }
    switch chord.key {
    case .enter: return .choose
    case .escape: return .dismiss
    case .backspace: return .erase
    case .up: return .moveUp
    case .down: return .moveDown
    case .pageUp: return .pageUpInPanel
    case .pageDown: return .pageDownInPanel
    default: break
    }
    if chord.control, chord.key == .character("c") { return .quit }
    guard let text = chord.typedText else { return nil }
    if case .linkHints = panel, !text.allSatisfy(\.isNumber) { return nil }
    return .type(text)
  }

  /// Carries out a command: the open panel's if it is one, else the feature's it belongs
  /// to (a new feature adds its reducer to this list).
  mutating func run(_ command: ReaderCommand) -> [ReaderEffect] {
    if panel != nil, let effects = runInPanel(command) { return effects }
    let command = command.resolved(rightToLeft: book.metadata.progressesRightToLeft)
    if let effects = reduceSelection(command) { return effects }
    if let effects = reduceLookUp(command) { return effects }
    if let effects = reduceTurning(command) { return effects }
    if let effects = reduceSearch(command) { return effects }
    if let effects = reduceAnnotations(command) { return effects }
    if let effects = reduceLinks(command) { return effects }
    if let effects = reduceSettings(command) { return effects }
    if let effects = reduceReadAloud(command) { return effects }
    if let effects = reduceAutoTurn(command) { return effects }
    if let effects = reduceLibrary(command) { return effects }
    if let effects = reduceStatistics(command) { return effects }
    if let effects = reducePanels(command) { return effects }
    if command == .quit { isFinished = true }
    return []
  }

  /// A click or tap: a link or note reference under it is followed or opened; elsewhere
  /// the left third turns back, the right third forward, and the middle shows or hides
  /// the status line. With a panel open, a click outside it closes it.
  mutating func click(atX x: Double, y: Double) -> [ReaderEffect] {
    if panel != nil {
      panel = nil
      return []
    }
    // A click ends a selection before it does anything else.
    if selecting.selection != nil {
      clearSelection()
      return []
    }
    if let (chapter, offset) = link(atX: x, y: y) {
      return run(.activate(chapter: chapter, offset: offset))
    }
    let width: Double
    switch viewport {
    case .cells(let columns, _): width = Double(columns)
    case .pixels(let pixels, _, _): width = pixels
    }
    if x < width / 3 { return run(.turnBackward) }
    if x >= width * 2 / 3 { return run(.turnForward) }
    return run(.toggleStatus)
  }
}
