import QuireBook
import QuireReading

extension ReaderState {
  /// Enter in the go-to field: goes to the page, percent, chapter or title typed, or says
  /// in the field why it names no place.
  mutating func goTo(_ text: String) -> [ReaderEffect] {
    let entries = contents.map {
      ContentsNames.Entry(title: $0.title, depth: $0.depth, locator: $0.locator)
    }
    do {
      let destination = try GoToTarget.parse(text).resolved(
        in: entries, currentPage: max(1, progress?.pageInBook ?? 1),
        pageCount: max(1, progress?.pagesInBook ?? 1), isExact: progress?.isExact ?? false)
      panel = nil
      switch destination {
      case .page(let number): return [.navigate(.page(number))]
      case .fraction(let fraction): return [.navigate(.progression(fraction))]
      case .locator(let locator): return [.navigate(.to(locator))]
      }
    } catch {
      panel = .goTo(text: text, problem: error.description)
      return []
    }
  }
}
