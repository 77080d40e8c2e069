import Foundation

/// The reading statistics as one value: today, this week and this month; a calendar of
/// the days read with time and pages per day; reading speed week by week; each book's
/// figures and the totals across books (KOReader's statistics plugin is the model).
///
/// Made by a pure function of the library's reading sessions and books
/// (`StatisticsReport.init(sessions:books:now:timeZone:)`): `quire stats` prints it (its
/// `--json` as `report`), and statistics screens would draw the same figures from it. A
/// session counts on the calendar day it started, in `timeZone`.
public struct StatisticsReport: Hashable, Sendable, Codable {
  /// Totals over some reading.
  public struct Totals: Hashable, Sendable, Codable {
    /// Seconds read.
    public var timeRead: Double = 0
    public var pages = 0
    public var characters = 0
    public var sessions = 0
    /// Books read in it.
    public var books = 0
    /// Calendar days read on.
    public var days = 0
  }

  /// Today, this week (from Monday) or this month.
  public struct Period: Hashable, Sendable, Codable {
    /// "today", "week" or "month".
    public var name: String
    /// Its first day, `yyyy-MM-dd`.
    public var start: String
    public var totals: Totals
  }

  /// One calendar day.
  public struct Day: Hashable, Sendable, Codable {
    /// `yyyy-MM-dd`.
    public var date: String
    /// Seconds read.
    public var timeRead: Double
    public var pages: Int
  }

  /// The reader's speed in one week, in one script.
  public struct WeekSpeed: Hashable, Sendable, Codable {
    /// The week's Monday, `yyyy-MM-dd`.
    public var week: String
    public var script: ReadingScript
    public var charactersPerMinute: Double
  }

  /// The reader's speed in one script.
  public struct ScriptSpeed: Hashable, Sendable, Codable {
    public var script: ReadingScript
    public var charactersPerMinute: Double
    /// Seconds of the pages it was learned from.
    public var seconds: Double
  }

  /// One book's figures.
  public struct Book: Hashable, Sendable, Codable {
    public var id: Int
    public var title: String
    public var authors: [String]
    public var totals: Totals
    /// How far it has been read, 0…1; nil before a position was saved.
    public var progress: Double?
    /// When it was last read, ISO 8601.
    public var lastRead: String?
    /// Characters a minute in this book; nil before a page counted towards speed.
    public var charactersPerMinute: Double?
    /// Seconds of reading left at the reader's speed (this book's, else the script's).
    public var timeLeft: Double?
    /// When the book will be finished at the reader's pace in it (time read a day it is
    /// read), `yyyy-MM-dd`; nil when finished or when nothing says.
    public var expectedFinish: String?
  }

  /// When the report was made (ISO 8601), and the time zone its days are in.
  public var generatedAt: String
  public var timeZone: String
  /// Today, this week, this month.
  public var periods: [Period]
  /// Every book, every day.
  public var overall: Totals
  /// Characters a minute in each script read (the pages that count towards speed),
  /// the script read longest first.
  public var speedByScript: [ScriptSpeed]
  /// The script read longest, whose speed the speed chart follows; nil before any page
  /// counted towards speed.
  public var mainScript: ReadingScript?
  /// Days read in a row up to today (or yesterday), and the longest run.
  public var currentStreak: Int
  public var longestStreak: Int
  /// The calendar from the Monday `weeks − 1` weeks before this week's to today, a day
  /// each, read or not.
  public var days: [Day]
  /// Speed week by week over the same weeks, for the weeks with speed.
  public var speed: [WeekSpeed]
  /// The books read, most recently read first.
  public var books: [Book]
}
