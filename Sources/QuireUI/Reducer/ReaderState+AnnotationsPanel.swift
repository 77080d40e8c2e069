import Foundation
import QuireBook
import QuireReading

extension ReaderState {
  /// The annotations panel's list, from the annotations read: by the contents' names, with
  /// the chapters' texts for the snippets.
  func annotationList(_ read: AnnotationState) -> AnnotationList {
    let book = self.book
    return AnnotationList(
      bookmarks: read.bookmarks, highlights: read.highlights, names: names,
      chapterText: { try? book.text(ofChapter: $0) })
  }

  /// A command of the annotations panel; nil when it is not one of its own.
  mutating func runInAnnotations(_ command: ReaderCommand, _ state: AnnotationsPanel)
    -> [ReaderEffect]?
  {
    var state = state
    // Typing a filter or a file name: text goes into it, Enter and Esc end it.
    if state.isFiltering || state.exportName != nil {
      switch command {
      case .type(let text):
        if let name = state.exportName {
          state.exportName = name + text
        } else {
          state.filter.text += text
          state.selection = 0
        }
      case .erase:
        if let name = state.exportName {
          state.exportName = String(name.dropLast())
        } else {
          state.filter.text = String(state.filter.text.dropLast())
        }
      case .choose:
        if let name = state.exportName {
          state.exportName = nil
          panel = .annotations(state)
          let trimmed = name.trimmingCharacters(in: .whitespaces)
          return trimmed.isEmpty ? [] : [.exportAnnotations(path: trimmed)]
        }
        state.isFiltering = false
      case .dismiss:
        if state.exportName != nil { state.exportName = nil } else { state.isFiltering = false }
      case .moveUp, .moveDown, .pageUpInPanel, .pageDownInPanel:
        return nil
      default:
        return []
      }
      panel = .annotations(state)
      return []
    }
    switch command {
    case .filterText:
      state.isFiltering = true
    case .filterColour(let colour):
      state.filter.colour = colour
      state.selection = 0
    case .recolour:
      guard let entry = state.selectedEntry, entry.kind == .highlight, let colour = entry.colour
      else {
        say("Only a highlight has a colour to change.")
        return []
      }
      let all = Highlight.Colour.allCases
      let next = all[((all.firstIndex(of: colour) ?? 0) + 1) % all.count]
      return [.write(.recolour(highlightID: entry.number, next))]
    case .deleteSelected:
      guard hasLibrary, let entry = state.selectedEntry else { return [] }
      let removed: AnnotationsPanel.Removed?
      switch entry.kind {
      case .bookmark:
        removed = annotations.bookmarks.first { $0.id == entry.number }.map { .bookmark($0) }
      case .highlight:
        removed = annotations.highlights.first { $0.id == entry.number }.map { .highlight($0) }
      }
      guard let removed else { return [] }
      return [.write(.remove(removed))]
    case .undo:
      guard let last = state.removed.first else {
        say("Nothing to undo.")
        return []
      }
      return [.write(.restore(last))]
    case .exportAnnotations:
      let title = book.metadata.title.isEmpty ? "book" : book.metadata.title
      let safe = String(title.map { "/\\:\u{0}".contains($0) ? "-" : $0 }.prefix(80))
      state.exportName = "\(safe) — annotations.md"
    case .editSelected:
      editSelected(state)
      return []
    default:
      return nil
    }
    panel = .annotations(state)
    return []
  }

  /// `e` in the annotations panel: edits the note of the bookmark or highlight selected.
  private mutating func editSelected(_ state: AnnotationsPanel) {
    guard let entry = state.selectedEntry else { return }
    switch entry.kind {
    case .bookmark:
      panel = .note(
        text: entry.note ?? "", target: .bookmark(id: entry.number, locator: entry.locator))
    case .highlight:
      panel = .note(
        text: entry.note ?? "",
        target: .highlight(id: entry.number, from: entry.locator, to: entry.end ?? entry.locator))
    }
  }

  /// What a write did to the annotations panel: a removal goes on its undo list, an undo
  /// comes off it; the list is read again either way.
  mutating func annotationsPanelWritten(_ change: LibraryChange) {
    guard case .annotations(var state) = panel else { return }
    switch change {
    case .remove(let removed): state.removed.insert(removed, at: 0)
    case .restore(let restored):
      if let index = state.removed.firstIndex(of: restored) { state.removed.remove(at: index) }
    default: return
    }
    panel = .annotations(state)
  }

  /// Takes newly read annotations into the open panel, keeping its filter, selection and
  /// undo list.
  mutating func refreshAnnotationsPanel() {
    guard case .annotations(var state) = panel else { return }
    state.list = annotationList(annotations)
    state.selection = min(state.selection, max(0, state.rows.count - 1))
    panel = .annotations(state)
  }
}
