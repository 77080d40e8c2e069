import QuireBook
import Testing

@testable import QuireTypesetting

@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ExclusionPathTests {
  static let rectangle = Rect(x: 280, y: 150, width: 170, height: 180)
  static let ellipse = Rect(x: 80, y: 420, width: 220, height: 200)

  static func container() -> TextContainer {
    TextContainer(
      width: 600, height: 800, margins: EdgeInsets(all: 50),
      exclusionPaths: [
        .rectangle(rectangle), .ellipse(ellipse),
        .polygon([Point(x: 450, y: 600), Point(x: 560, y: 700), Point(x: 400, y: 740)]),
      ])
  }

  @Test func freeIntervalsAvoidTheShapes() {
    let container = Self.container()
    #expect(container.freeIntervals(top: 50, bottom: 70) == [50...550])
    #expect(container.freeIntervals(top: 200, bottom: 220) == [50...280, 450...550])
    // Left of the ellipse only 30 px remain: too narrow for a segment.
    #expect(container.freeIntervals(top: 510, bottom: 530) == [300...550])
  }

  /// Without shapes a band's one interval is the span between the indents (what the slot
  /// planner takes without asking for intervals); indents wider than three quarters of
  /// the text area shrink in proportion.
  @Test func aBandWithoutShapesIsTheSpanBetweenTheIndents() {
    let plain = TextContainer(width: 600, height: 800, margins: EdgeInsets(all: 50))
    #expect(plain.span() == 50...550)
    #expect(plain.span(left: 30, right: 20) == 80...530)
    #expect(plain.freeIntervals(top: 300, bottom: 320, left: 30, right: 20) == [80...530])
    // 800 px of indents on 500: 375 px of them, in the same proportion.
    #expect(plain.span(left: 400, right: 400) == 237.5...362.5)
  }

  /// Bands with no room are skipped even when lines have no height (a fuzzer found the
  /// planner looking at the same band for ever), and a page with no room at all takes a
  /// line across it without walking every band of every page again.
  @Test(.timeLimit(.minutes(1)))
  func zeroLineHeightsAndFullyExcludedPagesStillPaginate() throws {
    let fonts = try FontContext()
    let words = String(repeating: "Nothing will content them but the extremest limit. ", count: 40)
    var text = TestText.styled([words, words])
    for index in text.paragraphs.indices { text.paragraphs[index].value.lineHeightMultiple = 0 }
    let banded = TextContainer(
      width: 600, height: 800, margins: EdgeInsets(all: 50),
      exclusionPaths: [.rectangle(Rect(x: 0, y: 0, width: 600, height: 400))])
    let zeroHeight = Paginator(text: text, container: banded, fonts: fonts).paginateAll()
    #expect(PageChecks.coverage(zeroHeight, length: text.length) == [])
    let covered = TextContainer(
      width: 600, height: 800, margins: EdgeInsets(all: 50),
      exclusionPaths: [.rectangle(Rect(x: 0, y: 0, width: 600, height: 800))])
    let plain = TestText.styled([words, words])
    let started = ContinuousClock.now
    let pages = Paginator(text: plain, container: covered, fonts: fonts).paginateAll()
    #expect(PageChecks.coverage(pages, length: plain.length) == [])
    #expect(pages.allSatisfy { $0.lines.count == 1 })
    #expect(ContinuousClock.now - started < .seconds(20))
  }

  @Test func noGlyphFallsInsideAnExcludedShape() throws {
    let paragraphs = try TestText.paragraphs(
      ofFile: Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt"))
    let text = TestText.styled(Array(paragraphs.filter { $0.count > 300 }.prefix(30)))
    let pages = Paginator(text: text, container: Self.container(), fonts: try FontContext())
      .paginateAll()
    #expect(PageChecks.coverage(pages, length: text.length) == [])
    var checked = 0
    for line in pages.flatMap(\.lines) {
      // Each segment lies outside the shapes' extents at its band.
      #expect(!line.frame.intersects(Self.rectangle))
      for run in line.runs {
        for (index, position) in run.positions.enumerated() {
          let x = Double(position.x)
          let next =
            index + 1 < run.positions.count
            ? Double(run.positions[index + 1].x) : min(x + 8, line.frame.maxX)
          let box = Rect(x: x, y: line.frame.y, width: max(1, next - x), height: line.frame.height)
          #expect(!box.intersects(Self.rectangle), "glyph at \(x),\(line.baseline)")
          // Sample the glyph box against the ellipse.
          let e = Self.ellipse
          for sx in stride(from: box.x, through: box.maxX, by: 1) {
            for sy in [box.y + 0.5, box.maxY - 0.5] {
              let dx = (sx - (e.x + e.width / 2)) / (e.width / 2)
              let dy = (sy - (e.y + e.height / 2)) / (e.height / 2)
              #expect(
                dx * dx + dy * dy > 1,
                "glyph at \(sx),\(sy) inside the ellipse; frame \(line.frame) x \(x) next \(next) \(text.substring(line.range))"
              )
            }
          }
          checked += 1
        }
      }
    }
    #expect(checked > 1000)
    // Lines beside the rectangle have two segments.
    let beside = pages[0].lines.filter { $0.frame.y >= 150 && $0.frame.maxY <= 330 }
    #expect(beside.contains { $0.frame.x >= 450 })
  }
}
