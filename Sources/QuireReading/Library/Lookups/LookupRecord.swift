public import Foundation
public import QuireBook

/// One word a reader looked up, as the lookup history keeps it.
public struct LookupRecord: Hashable, Sendable, Identifiable {
  public var id: Int
  /// The word as selected.
  public var word: String
  /// The form a dictionary knew (the word, or its base form "run" for "running"); nil
  /// when no dictionary did.
  public var form: String?
  /// The ids of the dictionaries that answered, in the order they were shown.
  public var dictionaries: [String]
  /// The language it was looked up in.
  public var language: String?
  /// The book it was read in, while the book is in the library.
  public var bookID: Int?
  /// That book's title when the word was looked up.
  public var bookTitle: String?
  /// Where in the book.
  public var locator: Locator?
  /// The sentence around the word, for a vocabulary list.
  public var context: String?
  public var date: Date

  /// Creates a record; `Library.recordLookup` assigns the id and the book's title.
  public init(
    id: Int = 0, word: String, form: String?, dictionaries: [String], language: String? = nil,
    bookID: Int? = nil, bookTitle: String? = nil, locator: Locator? = nil,
    context: String? = nil, date: Date = Date()
  ) {
    self.id = id
    self.word = word
    self.form = form
    self.dictionaries = dictionaries
    self.language = language
    self.bookID = bookID
    self.bookTitle = bookTitle
    self.locator = locator
    self.context = context
    self.date = date
  }

  /// Whether a dictionary knew the word.
  public var isFound: Bool { form != nil }
}
