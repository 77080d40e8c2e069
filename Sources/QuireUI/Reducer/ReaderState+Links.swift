import Foundation
import QuireBook
import QuireReading

extension ReaderState {
  /// Link hints, links and note references; nil for a command of another feature.
  mutating func reduceLinks(_ command: ReaderCommand) -> [ReaderEffect]? {
    switch command {
    case .linkHints:
      let links = linksShown()
      if links.isEmpty {
        say("There are no links on this page.")
      } else {
        panel = .linkHints(links: links, typed: "")
      }
      return []
    case .followLink(let number): return followLink(number)
    case .activate(let chapter, let offset): return activate(chapter: chapter, offset: offset)
    default: return nil
    }
  }

  /// The links on the pages shown, in reading order, numbered from 1.
  func linksShown() -> [PanelState.HintedLink] {
    var links: [PanelState.HintedLink] = []
    for side in sides {
      for link in side.text.links(in: side.page.range) {
        let start = max(link.range.lowerBound, side.page.range.lowerBound)
        let end = min(link.range.upperBound, side.page.range.upperBound)
        links.append(
          .init(
            chapter: side.chapterIndex, offset: start,
            text: Self.oneLine(side.text.substring(start..<end)), target: link.value))
      }
    }
    return links
  }

  /// Follows the n-th link of the page (from 1).
  mutating func followLink(_ number: Int) -> [ReaderEffect] {
    let links = linksShown()
    panel = nil
    guard links.indices.contains(number - 1) else {
      say("There is no link \(number) on this page.")
      return []
    }
    let link = links[number - 1]
    return activate(chapter: link.chapter, offset: link.offset)
  }

  /// What a link does: a note reference opens its footnote in a popup, an internal link
  /// jumps (Back returns), an external one asks before the browser opens it.
  mutating func activate(chapter: Int, offset: Int) -> [ReaderEffect] {
    guard let text = try? book.text(ofChapter: chapter), let link = text.link(at: offset) else {
      return []
    }
    switch link.value {
    case .external:
      switch LinkPolicy.decision(for: link.value) {
      case .refused(let reason): say("Not opened: \(reason)", isError: true)
      case .openAfterConfirmation(let url): panel = .confirmLink(url: url)
      case .jump: break
      }
      return []
    case .internal(let href):
      guard let target = book.locator(forHref: href, from: chapter) else {
        say("The link leads outside the book (\(href)).", isError: true)
        return []
      }
      if text.attributes(at: offset).isNoteReference || isNote(at: target),
        let note = footnote(at: target)
      {
        panel = .footnote(title: Self.oneLine(text.substring(link.range)), paragraphs: note)
        return []
      }
      return [.navigate(.to(target))]
    }
  }

  /// Whether the target looks like a note: a passage in a notes chapter or an aside.
  private func isNote(at target: Locator) -> Bool {
    let chapter = book.chapters[target.chapterIndex]
    let title = chapter.title.lowercased()
    return !chapter.isLinear || title.contains("note") || title.contains("endnote")
  }

  /// The note's own text: the paragraphs from the target up to the next anchor, at most
  /// six paragraphs or 1,500 characters.
  func footnote(at target: Locator) -> [String]? {
    guard let text = try? book.text(ofChapter: target.chapterIndex) else { return nil }
    let anchors = Set(text.anchors.values)
    var paragraphs: [String] = []
    var characters = 0
    for paragraph in text.paragraphs where paragraph.range.upperBound > target.offset {
      if !paragraphs.isEmpty, anchors.contains(paragraph.range.lowerBound) { break }
      let line = text.substring(paragraph.range).trimmingCharacters(in: .whitespacesAndNewlines)
      if !line.isEmpty {
        paragraphs.append(line)
        characters += line.count
      }
      if paragraphs.count >= 6 || characters >= 1_500 { break }
    }
    return paragraphs.isEmpty ? nil : paragraphs
  }

  /// Says what became of an address handed to the desktop's opener.
  mutating func urlOpened(_ url: String, failure: String?) {
    if let failure {
      say("\(url) could not be opened: \(failure)", isError: true)
    } else {
      say("Opening \(url)")
    }
  }
}
