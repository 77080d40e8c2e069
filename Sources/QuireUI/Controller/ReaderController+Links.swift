import Foundation
import QuireBook
import QuireReading

extension ReaderController {
  /// The links on the pages shown, in reading order, numbered from 1.
  func linksShown() -> [PanelState.HintedLink] {
    var links: [PanelState.HintedLink] = []
    for side in shown {
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

  func openLinkHints() {
    let links = linksShown()
    guard !links.isEmpty else {
      say("There are no links on this page.")
      return
    }
    panel = .linkHints(links: links, typed: "")
  }

  /// Follows the n-th link of the page (from 1).
  func followLink(_ number: Int) async {
    let links = linksShown()
    guard links.indices.contains(number - 1) else {
      panel = nil
      say("There is no link \(number) on this page.")
      return
    }
    panel = nil
    let link = links[number - 1]
    await activate(chapter: link.chapter, offset: link.offset)
  }

  /// What a link does: a note reference opens its footnote in a popup, an internal link
  /// jumps (Back returns), an external one asks before the browser opens it.
  func activate(chapter: Int, offset: Int) async {
    guard let text = try? book.text(ofChapter: chapter), let link = text.link(at: offset) else {
      return
    }
    switch link.value {
    case .external:
      switch LinkPolicy.decision(for: link.value) {
      case .refused(let reason): say("Not opened: \(reason)", isError: true)
      case .openAfterConfirmation(let url): panel = .confirmLink(url: url)
      case .jump: break
      }
    case .internal(let href):
      guard let target = book.locator(forHref: href, from: chapter) else {
        say("The link leads outside the book (\(href)).", isError: true)
        return
      }
      if text.attributes(at: offset).isNoteReference || isNote(at: target),
        let note = footnote(at: target)
      {
        panel = .footnote(title: Self.oneLine(text.substring(link.range)), paragraphs: note)
        return
      }
      _ = await session.follow(link.value)
      await refreshSides()
    }
  }

  /// Whether the target looks like a note: a short passage in a notes chapter or an
  /// aside (its text starts with the reference's number).
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

  /// Opens an external link with the desktop's handler, after the reader confirmed it.
  func openExternal(_ url: String) {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["xdg-open", url]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      say("Opening \(url)")
    } catch {
      say("\(url) could not be opened: \(error.localizedDescription)", isError: true)
    }
  }
}
