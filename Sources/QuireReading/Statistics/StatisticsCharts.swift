/// What the statistics screens draw, figured once from a `StatisticsReport`: the totals
/// of today, this week and this month; a calendar heat map of the days read (weeks as
/// columns); time and pages per day as bars; reading speed week by week per script; a row
/// per book. Both front ends and `quire stats --svg` draw this value and compute no
/// figure themselves: scales, levels and axis labels are all here.
///
/// Made by `StatisticsCharts.init(report:)`, a pure function (KOReader's statistics
/// plugin is the model for what is shown).
public struct StatisticsCharts: Hashable, Sendable {
  /// Time and pages over a period.
  public struct Total: Hashable, Sendable {
    /// "Today", "This week", "This month".
    public var name: String
    /// Seconds read.
    public var timeRead: Double
    public var pages: Int
    /// "1 h 20 min · 85 pages".
    public var text: String
  }

  /// One day of the heat map.
  public struct HeatDay: Hashable, Sendable {
    /// `yyyy-MM-dd`.
    public var date: String
    /// Seconds read.
    public var timeRead: Double
    public var pages: Int
    /// 0 for a day not read, then 1…4 by time read (`StatisticsCharts.heatLevels`).
    public var level: Int
  }

  /// One column of the heat map: a week from Monday, its days in order (the last week
  /// ends today, so it may be short).
  public struct HeatWeek: Hashable, Sendable {
    /// The Monday, `yyyy-MM-dd`.
    public var monday: String
    /// "Mar" over the first week of a month (the week holding its 1st), else nil.
    public var monthLabel: String?
    public var days: [HeatDay]
  }

  /// A bar of a bar chart: one day.
  public struct Bar: Hashable, Sendable {
    /// `yyyy-MM-dd`.
    public var date: String
    public var value: Double
    /// The bar's height as a share of the chart's, 0…1.
    public var fraction: Double
    /// The day of the month under every seventh bar, counted back from today ("28"), else
    /// nil.
    public var label: String?
  }

  /// Bars over days, with their scale.
  public struct BarChart: Hashable, Sendable {
    /// "Time read a day, last 30 days".
    public var title: String
    public var bars: [Bar]
    /// The scale's top (a round figure at or above the highest bar).
    public var maximum: Double
    /// The scale's top as text: "2 h", "40 pages".
    public var maximumLabel: String
    /// The sum over the bars, as text: "9 h 10 min in all".
    public var summary: String
  }

  /// A week's speed in one script.
  public struct SpeedPoint: Hashable, Sendable {
    /// Which week of `SpeedChart.weeks`.
    public var week: Int
    public var charactersPerMinute: Double
    /// The value as a share of the scale, 0…1.
    public var fraction: Double
  }

  /// Speed in one script, week by week.
  public struct SpeedSeries: Hashable, Sendable {
    public var script: ReadingScript
    /// "Latin · 1,020 characters a minute".
    public var title: String
    /// Only the weeks with speed, in order.
    public var points: [SpeedPoint]
    /// The scale's top, characters a minute.
    public var maximum: Double
    public var maximumLabel: String
  }

  /// Speed over the heat map's weeks, a series per script read, the one read longest
  /// first.
  public struct SpeedChart: Hashable, Sendable {
    /// The weeks' Mondays, `yyyy-MM-dd` (the x axis).
    public var weeks: [String]
    public var series: [SpeedSeries]
  }

  /// One book read.
  public struct BookRow: Hashable, Sendable {
    public var title: String
    public var authors: [String]
    public var timeRead: Double
    public var sessions: Int
    public var pages: Int
    /// 0…1, nil before a position was saved.
    public var progress: Double?
    /// `yyyy-MM-dd`, nil when finished or unknown.
    public var expectedFinish: String?
    /// "2 h 5 min · 4 sessions · 120 pages · 45% · done by 2026-12-20".
    public var detail: String
  }

  public var totals: [Total]
  /// Days read in a row up to today (or yesterday), and the longest run.
  public var currentStreak: Int
  public var longestStreak: Int
  /// "3 days in a row · 9 at most".
  public var streakText: String
  /// The last `heatMapWeeks` weeks, oldest first.
  public var heatMap: [HeatWeek]
  /// The last `barDays` days, oldest first.
  public var timePerDay: BarChart
  public var pagesPerDay: BarChart
  public var speed: SpeedChart
  public var books: [BookRow]
  /// Whether any reading was recorded at all.
  public var isEmpty: Bool
}

extension StatisticsCharts {
  /// Weeks in the heat map and the speed chart: about six months.
  public static let heatMapWeeks = 26
  /// Days in the bar charts.
  public static let barDays = 30
  /// The least time read (seconds) for heat levels 2, 3 and 4: 15 minutes, half an hour,
  /// an hour. Any reading at all is level 1.
  public static let heatLevels: [Double] = [15 * 60, 30 * 60, 60 * 60]
  /// What each heat level means, for a legend: "not read", "under 15 min", "15 min +"…
  public static let heatLegend =
    ["not read", "under \(duration(heatLevels[0]))"] + heatLevels.map { "\(duration($0)) +" }
  /// Month names for labels (the interface is English).
  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
