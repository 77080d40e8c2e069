public import QuireBook
public import QuireReading
public import QuireTypesetting

/// A page laid out on terminal cells, as rows of styled runs a terminal draws with SGR.
///
/// Built from a cell-backend `Page` and its chapter's `StyledText`: every glyph of the page
/// is a Unicode scalar at a whole cell, and its style comes from the text's attributes at
/// its character (bold, italic, underline, strike, links, notes, colours), plus the marks a
/// reader put there (`MarkSegments`: the selection, search hits, highlights in their
/// colours and styles, stacked). A wide character takes two cells.
public struct CellPage: Hashable, Sendable {
  /// How a cell is drawn.
  public struct Style: Hashable, Sendable {
    public var bold = false
    public var italic = false
    public var underline = false
    public var strikethrough = false
    /// Notes and other secondary text.
    public var dim = false
    public var link = false
    public var noteReference = false
    /// The book's own colour for the text, when it sets one.
    public var foreground: Color?
    /// What is behind the text: the selection, a search match or a highlight.
    public var mark: Mark?
    /// The colour of the topmost underline highlight over the text.
    public var underlineMark: Highlight.Colour?
    /// The colour of the topmost strike highlight over the text.
    public var strikeMark: Highlight.Colour?

    /// The plain style.
    public init() {}
  }

  /// What a reader's action put on the text.
  public enum Mark: Hashable, Sendable {
    case searchMatch
    /// The match the reader moved to with n/N or chose in the results.
    case currentMatch
    /// A highlight in its colour and style (underline and strike ones are drawn as
    /// `Style.underlineMark` and `strikeMark`, under or through the text).
    case highlight(Highlight.Colour, Highlight.Style)
    /// The reader's selection.
    case selection
    /// The sentence being read aloud, or the clip of the book's narration being played (in
    /// the colour the book gives it, when it does: `media:active-class`).
    case spokenSentence(Color?)
    /// The word being read aloud, where the engine reports words.
    case spokenWord
  }

  /// Characters of one style side by side on a row.
  public struct Run: Hashable, Sendable {
    /// The first cell's column on the page.
    public var column: Int
    public var text: String
    /// Cells the run takes.
    public var width: Int
    public var style: Style
    /// Chapter UTF-16 offsets of the characters, first to last.
    public var range: Range<Int>
  }

  /// A picture's place on the page, in cells.
  public struct Picture: Hashable, Sendable {
    public var column: Int
    public var row: Int
    public var width: Int
    public var height: Int
    public var attachment: Attachment
  }

  /// Page size in cells.
  public var columns: Int
  public var rows: Int
  /// The runs of each row, left to right, by row index.
  public var lines: [[Run]]
  public var pictures: [Picture]

  /// Styles `page` (laid out on cells) with `text`, its chapter's text, and `marks`.
  ///
  /// Lines come in visual order, as laid out; with `logicalOrder` a line holding
  /// right-to-left text is given in the order of its text instead, from its first cell,
  /// for a terminal that applies bidi itself (`Preferences.terminalBidi`).
  /// - Complexity: O(glyphs × log(runs + marks) + marks²).
  public init(
    page: Page, text: StyledText, marks: [(range: Range<Int>, mark: Mark)] = [],
    ambiguousWide: Bool = false, logicalOrder: Bool = false
  ) {
    columns = Int(page.width.rounded())
    rows = Int(page.height.rounded())
    var lines = [[Run]](repeating: [], count: max(rows, 0))
    let resolved = MarkSegments(marks, within: page.range)
    for line in page.lines {
      let row = Int(line.frame.y.rounded(.down))
      guard lines.indices.contains(row) else { continue }
      var runs: [Run] = []
      var glyphs: [(scalar: Unicode.Scalar, offset: Int, column: Int)] = []
      // Ruby readings in parentheses are drawn like the text, styled as their base.
      for glyphRun in line.annotations.isEmpty ? line.runs : line.runs + line.annotations {
        for index in glyphRun.glyphs.indices {
          guard let scalar = Unicode.Scalar(glyphRun.glyphs[index]) else { continue }
          let offset =
            glyphRun.clusters.indices.contains(index)
            ? Int(glyphRun.clusters[index]) : glyphRun.range.lowerBound
          glyphs.append((scalar, offset, Int(glyphRun.positions[index].x.rounded())))
        }
      }
      if logicalOrder { Self.putInLogicalOrder(&glyphs, ambiguousWide: ambiguousWide) }
      for (scalar, offset, column) in glyphs {
        let width = CellWidth.of(scalar, ambiguousWide: ambiguousWide)
        let style = Self.style(at: offset, in: text, marks: resolved)
        if var last = runs.last, last.style == style, last.column + last.width == column,
          width > 0
        {
          last.text.unicodeScalars.append(scalar)
          last.width += width
          last.range = min(last.range.lowerBound, offset)..<max(last.range.upperBound, offset + 1)
          runs[runs.count - 1] = last
        } else if width == 0, var last = runs.last {
          // A combining mark joins the character before it.
          last.text.unicodeScalars.append(scalar)
          runs[runs.count - 1] = last
        } else {
          runs.append(
            Run(
              column: column, text: String(Character(scalar)), width: width, style: style,
              range: offset..<(offset + 1)))
        }
      }
      lines[row].append(contentsOf: runs)
      lines[row].sort { $0.column < $1.column }
    }
    self.lines = lines
    pictures = Self.pictures(of: page)
  }

  /// A line's glyphs in the order of their text, from its first cell, when it holds
  /// right-to-left text.
  private static func putInLogicalOrder(
    _ glyphs: inout [(scalar: Unicode.Scalar, offset: Int, column: Int)], ambiguousWide: Bool
  ) {
    guard let start = glyphs.map(\.column).min(),
      glyphs.contains(where: { Typesetting.visualCharacters(of: String($0.scalar)) != nil })
    else { return }
    glyphs.sort { $0.offset < $1.offset }
    var column = start
    for g in glyphs.indices {
      glyphs[g].column = column
      column += CellWidth.of(glyphs[g].scalar, ambiguousWide: ambiguousWide)
    }
  }

  /// The pictures of a cell page, in whole cells (without styling its text).
  public static func pictures(of page: Page) -> [Picture] {
    page.images.map { image in
      Picture(
        column: Int(image.frame.x.rounded()), row: Int(image.frame.y.rounded()),
        width: max(1, Int(image.frame.width.rounded())),
        height: max(1, Int(image.frame.height.rounded())), attachment: image.attachment)
    }
  }

  /// The row's text with spaces where no character is (for tests and plain output).
  public func text(ofRow row: Int) -> String {
    var result = ""
    var column = 0
    for run in lines[row] {
      if run.column > column { result += String(repeating: " ", count: run.column - column) }
      result += run.text
      column = max(column, run.column) + run.width
    }
    return result
  }

  private static func style(at offset: Int, in text: StyledText, marks: MarkSegments) -> Style {
    let attributes = text.attributes(at: offset)
    var style = Style()
    style.bold = attributes.isBold
    style.italic = attributes.isItalic
    style.underline = attributes.underline != nil
    style.strikethrough = attributes.isStrikethrough
    style.noteReference = attributes.isNoteReference
    style.link = text.link(at: offset) != nil
    style.foreground = attributes.foreground
    style.dim = attributes.fontScale < 0.95 && !attributes.isNoteReference
    if let marked = marks.marks(at: offset) {
      style.mark = marked.background
      style.underlineMark = marked.underline
      style.strikeMark = marked.strike
    }
    return style
  }
}
