import QuireReading

/// The statistics screens as charts to draw: what the terminal draws with block and
/// braille characters, the window with Quire's renderer and `quire stats --svg` as SVG,
/// all from one `StatisticsReport`, so each shows the same figures.
///
/// A pure value made by `init(report:)`: the figures of today, this week and this month;
/// the calendar of days read as a heat map; time and pages per day as bars; the speed
/// week by week as a line; a row per book.
public struct StatisticsCharts: Hashable, Sendable {
  /// A labelled figure: "Today" — "25 min · 14 pages".
  public struct Figure: Hashable, Sendable {
    public var label: String
    public var value: String
  }

  /// Days read as a calendar: a column a week (Monday first), a cell a day, its shade
  /// the time read that day.
  public struct HeatMap: Hashable, Sendable {
    public var title: String
    /// Each week's seven days, Monday first: the level read that day (0 not read, 1–4 ever
    /// longer, `level(ofSeconds:)`), nil for the days after today.
    public var weeks: [[Int?]]
    /// Month names over the weeks they start in (week index → "Mar").
    public var months: [Int: String]
    /// What each level means, for the legend: "under 15 min", …
    public var legend: [String]
  }

  /// One bar a day.
  public struct Bars: Hashable, Sendable {
    public var title: String
    public var values: [Double]
    /// What the tallest bar says ("2 h 5 min", "84 pages").
    public var maximumLabel: String
    /// The first and last days, for the axis ("Mar 3", "today").
    public var firstLabel: String
    public var lastLabel: String
  }

  /// One point a week.
  public struct Line: Hashable, Sendable {
    public var title: String
    /// Characters a minute each week; nil for a week without reading that counted.
    public var values: [Double?]
    public var minimumLabel: String
    public var maximumLabel: String
    public var firstLabel: String
    public var lastLabel: String
  }

  /// A book's row.
  public struct BookRow: Hashable, Sendable {
    public var title: String
    public var time: String
    public var sessions: Int
    public var pages: Int
    public var percent: String
    /// "Jun 12", "finished" or "–".
    public var finish: String
  }

  public var periods: [Figure]
  public var totals: [Figure]
  public var calendar: HeatMap
  public var timePerDay: Bars
  public var pagesPerDay: Bars
  public var speed: Line
  public var books: [BookRow]
  /// True when nothing was read yet.
  public var isEmpty: Bool

  /// Days the bar charts cover.
  public static let barDays = 30

  /// The levels of the calendar: 0 not read, then under 15 minutes, under half an hour,
  /// under an hour, an hour or more.
  public static func level(ofSeconds seconds: Double) -> Int {
    switch seconds {
    case ..<1: 0
    case ..<(15 * 60): 1
    case ..<(30 * 60): 2
    case ..<(60 * 60): 3
    default: 4
    }
  }
}
