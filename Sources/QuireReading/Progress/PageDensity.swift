/// How much text a page holds, learned from pages laid out: what estimated page counts
/// are made from until every chapter is paginated.
///
/// A chapter is modelled as an opening page (shorter: the heading takes room) followed by
/// full pages, the last of them partly filled. So a chapter of `length` characters has
/// one page when its text fits the opening, else `1 + ⌈(length − opening) ÷ full⌉`.
/// Only pages that say something about that model count: a chapter's last page is as
/// short as its text happens to be, so it is left out, and a chapter of one page tells
/// nothing about openings of chapters that go on.
///
/// The plain average of characters per page over everything laid out (seed 002's running
/// average) is far off on real books: title pages, contents and the short last page of
/// every chapter pull it down, and a book opened at its front matter has laid out nothing
/// else (Pride and Prejudice was "about 494" pages for 366).
struct PageDensity: Hashable, Sendable {
  /// Characters and count of pages that are neither a chapter's first nor its last.
  private(set) var fullCharacters = 0
  private(set) var fullPages = 0
  /// Characters and count of first pages of chapters that go on past them.
  private(set) var openingCharacters = 0
  private(set) var openings = 0

  /// The guess used before any page is known, in characters per full page.
  let guess: Double

  init(guess: Double) {
    self.guess = max(1, guess)
  }

  /// Adds consecutive pages of one chapter, given by their starts; `end` is where the
  /// last ends, `complete` whether it is the chapter's last, `opening` whether the first
  /// is the chapter's first.
  mutating func add(pageStarts starts: [Int], end: Int, complete: Bool, opening: Bool = true) {
    guard !starts.isEmpty else { return }
    let ends = starts.dropFirst() + [end]
    // A complete chapter's last page is left out; so is a one-page complete chapter.
    let counted = complete ? starts.count - 1 : starts.count
    for (index, (start, stop)) in zip(starts, ends).enumerated().prefix(counted) {
      if index == 0 && opening {
        openingCharacters += stop - start
        openings += 1
      } else {
        fullCharacters += stop - start
        fullPages += 1
      }
    }
  }

  /// Characters a full page holds; the guess counts as half a page once pages are known.
  var charactersPerPage: Double {
    let prior = 0.5
    return max(1, (Double(fullCharacters) + guess * prior) / (Double(fullPages) + prior))
  }

  /// Characters a chapter's first page holds when the chapter goes on; without any seen,
  /// three quarters of a full page (a heading and the space around it).
  var charactersOnOpening: Double {
    let prior = 1.0
    let guessed = charactersPerPage * 0.75
    return max(1, (Double(openingCharacters) + guessed * prior) / (Double(openings) + prior))
  }

  /// The pages a chapter of `length` characters is expected to fill.
  func pages(forLength length: Double) -> Double {
    let opening = charactersOnOpening
    guard length > opening else { return 1 }
    return 1 + ((length - opening) / charactersPerPage).rounded(.up)
  }

  /// The page of its chapter (from 1) that the character at `offset` is expected on.
  func page(ofOffset offset: Int) -> Int {
    let opening = charactersOnOpening
    guard Double(offset) >= opening else { return 1 }
    return 2 + Int((Double(offset) - opening) / charactersPerPage)
  }

  /// Where page `page` of a chapter (from 1) is expected to start: the inverse of
  /// `page(ofOffset:)`.
  func offset(ofPage page: Int) -> Int {
    guard page > 1 else { return 0 }
    return Int((charactersOnOpening + Double(page - 2) * charactersPerPage).rounded(.up))
  }
}
