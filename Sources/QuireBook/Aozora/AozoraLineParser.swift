/// Reads the markup of one line of an Aozora Bunko text (青空文庫 注記一覧): ruby
/// (`｜base《reading》`, `base《reading》`), notes (`［＃…］`), gaiji (`※［＃…］`) and accent
/// decomposition (`〔…〕`).
///
/// Hostile lines cost linear time and memory: brackets are matched once with a stack, a
/// reading is at most `maxReadingSource` characters away from its `《`, a note's quoted
/// text is looked for only just before the note, and quoted text is itself read at most
/// `maxDepth` notes deep. Unmatched `《`, `［＃` and `〔` stay text.
struct AozoraLineParser {
  /// How deep quoted text inside notes is read (`［＃「第※［＃…］章」は中見出し］` is 2).
  static let maxDepth = 3
  /// The farthest a `》` may be from its `《`, in characters of the source.
  static let maxReadingSource = 200
  /// How far before a note its quoted text is looked for, beyond the text's own length.
  static let targetSearchSlack = 64
  /// Styles a line may carry, and start notes waiting for their ends: a real line has a
  /// few dozen; more are left out, so building the line's runs stays cheap.
  static let maxSpans = 1000
  static let maxOpenStyles = 32

  /// Reads `line`.
  static func parse(_ line: Substring) -> AozoraLine {
    parse(Array(line.unicodeScalars), depth: 0)
  }

  /// Reads `source` as a line, `depth` notes deep.
  static func parse(_ source: [Unicode.Scalar], depth: Int) -> AozoraLine {
    var parser = Run(source: source, depth: depth)
    parser.run()
    return parser.line
  }

  /// The state of one reading.
  private struct Run {
    let source: [Unicode.Scalar]
    let depth: Int
    var line = AozoraLine()
    var scripts: [AozoraScript] = []
    /// Where a `｜` put the start of the next base.
    var rubyMark: Int?
    /// Implicit bases never reach before this offset: the end of the last ruby.
    var rubyFloor = 0
    /// Start notes waiting for their end (`傍点` … `傍点終わり`).
    var openStyles: [(name: Substring, style: AozoraInlineStyle, start: Int)] = []
    var openHeading: (level: Int, start: Int)?
    /// Offset of a `※` from the source that a gaiji note may replace.
    var pendingKome: Int?
    /// For each `［`, the index of its `］` (or -1).
    var closing: [Int]
    /// Where the `〔` of an open accent decomposition stands in the text.
    var accentStart: Int?

    init(source: [Unicode.Scalar], depth: Int) {
      self.source = source
      self.depth = depth
      closing = Self.matchBrackets(source)
    }

    mutating func run() {
      var index = 0
      // The line's indent: leading full-width or ASCII spaces.
      while index < source.count, source[index] == "\u{3000}" || source[index] == " " {
        line.leadingSpaces += 1
        index += 1
      }
      while index < source.count {
        let scalar = source[index]
        switch scalar {
        case "｜":
          rubyMark = line.text.count
          index += 1
        case "《":
          index = ruby(at: index) ?? append(scalar, at: index)
        case "［"
        where index + 1 < source.count && source[index + 1] == "＃" && closing[index] > index:
          note(source[(index + 2)..<closing[index]])
          index = closing[index] + 1
        case "〔":
          accentStart = line.text.count
          index = append(scalar, at: index)
        case "〕" where accentStart != nil:
          index = closeAccents() ? index + 1 : append(scalar, at: index)
        case "※":
          pendingKome = line.text.count
          index = append(scalar, at: index)
        default:
          index = append(scalar, at: index)
        }
      }
      let end = line.text.count
      for open in openStyles where open.start < end {
        addSpan(open.start..<end, open.style)
      }
      if let heading = openHeading, heading.start < end {
        line.headings.append(AozoraLine.Heading(range: heading.start..<end, level: heading.level))
      }
      narrowUprightText()
    }

    /// Tate-chū-yoko sets its characters side by side in one em: Aozora writes them in
    /// full-width forms (`３８［＃「３８」は縦中横］`), which would be squeezed to half their
    /// size; their ASCII forms (one UTF-16 unit each as well) fit.
    private mutating func narrowUprightText() {
      for span in line.spans where span.style == .upright {
        for index in span.range where index < line.text.count {
          let value = line.text[index].value
          if (0xFF01...0xFF5E).contains(value), let narrow = Unicode.Scalar(value - 0xFEE0) {
            line.text[index] = narrow
          }
        }
      }
    }

    /// Appends a character of the source and returns the next index.
    private mutating func append(_ scalar: Unicode.Scalar, at index: Int) -> Int {
      if scalar != "※" { pendingKome = nil }
      line.text.append(scalar)
      scripts.append(AozoraScript(scalar))
      return index + 1
    }

    private mutating func appendText(
      _ text: some Sequence<Unicode.Scalar>, script: AozoraScript? = nil
    ) {
      for scalar in text {
        line.text.append(scalar)
        scripts.append(script ?? AozoraScript(scalar))
      }
      pendingKome = nil
    }

    // MARK: - Ruby

    /// Reads `《reading》` at `index`; returns the index after it, or nil when it is not ruby
    /// (no `》` near, no base before it).
    private mutating func ruby(at index: Int) -> Int? {
      var close = index + 1
      let limit = min(source.count, index + 1 + AozoraLineParser.maxReadingSource)
      while close < limit, source[close] != "》", source[close] != "《" { close += 1 }
      guard close < limit, source[close] == "》" else { return nil }
      let end = line.text.count
      var start = rubyMark ?? end
      if rubyMark == nil, end > rubyFloor {
        let script = scripts[end - 1]
        if script != .other {
          start = end - 1
          while start > rubyFloor, scripts[start - 1] == script { start -= 1 }
        }
      }
      guard start < end else { return nil }
      let reading = nested(Array(source[(index + 1)..<close])).string
      guard !reading.isEmpty else { return nil }
      addRuby(start..<end, reading)
      rubyMark = nil
      return close + 1
    }

    /// Adds a style, unless the line has `maxSpans` already.
    private mutating func addSpan(_ range: Range<Int>, _ style: AozoraInlineStyle) {
      guard line.spans.count < AozoraLineParser.maxSpans else { return }
      line.spans.append(AozoraLine.Span(range: range, style: style))
    }

    /// Adds a reading; one that overlaps the last is left out (readings come in text
    /// order but for those given by a note; the builder drops any other overlap).
    private mutating func addRuby(_ base: Range<Int>, _ reading: String) {
      if let last = line.rubies.last, last.base.overlaps(base) { return }
      line.rubies.append(AozoraLine.Ruby(base: base, reading: reading))
      rubyFloor = max(rubyFloor, base.upperBound)
    }

    /// Quoted text or a reading, read as a line of its own one level deeper.
    private func nested(_ text: [Unicode.Scalar]) -> AozoraLine {
      guard depth < AozoraLineParser.maxDepth else {
        // Too deep: the characters alone, markup left out.
        var line = AozoraLine()
        line.text = text.filter { $0 != "［" && $0 != "］" && $0 != "＃" && $0 != "｜" }
        return line
      }
      return AozoraLineParser.parse(text, depth: depth + 1)
    }

    // MARK: - Notes

    private mutating func note(_ body: ArraySlice<Unicode.Scalar>) {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: body)
      let text = Substring(String(view))
      let kome = pendingKome
      let note = AozoraNote.parse(text, afterKome: kome != nil && kome == line.text.count - 1)
      let offset = line.text.count
      switch note {
      case .gaiji(let description, let character):
        if let kome, kome == line.text.count - 1 {
          line.text.removeLast()
          scripts.removeLast()
        }
        if let character {
          appendText(character.unicodeScalars)
        } else {
          // No code names the character: its description stands for it, as one kanji.
          appendText("〔\(description)〕".unicodeScalars, script: .kanji)
        }
      case .headingTarget(let level, let target):
        if let range = find(target), line.headings.count < AozoraLineParser.maxOpenStyles {
          line.headings.append(AozoraLine.Heading(range: range, level: level))
        }
      case .headingStart(let level):
        openHeading = (level, offset)
      case .headingEnd:
        if let heading = openHeading, heading.start < offset,
          line.headings.count < AozoraLineParser.maxOpenStyles
        {
          line.headings.append(
            AozoraLine.Heading(range: heading.start..<offset, level: heading.level))
        }
        openHeading = nil
      case .styleTarget(let style, let target):
        if let range = find(target) { addSpan(range, style) }
      case .styleStart(let style, let name):
        if openStyles.count < AozoraLineParser.maxOpenStyles {
          openStyles.append((name, style, offset))
        }
      case .styleEnd(let name):
        if let found = openStyles.lastIndex(where: { $0.name == name }) {
          let open = openStyles.remove(at: found)
          if open.start < offset { addSpan(open.start..<offset, open.style) }
        }
      case .rubyTarget(let target, let reading):
        let text = nested(Array(reading.unicodeScalars)).string
        if let range = find(target), !text.isEmpty { addRuby(range, text) }
      case .editorial, .ignored:
        break
      case .unknown:
        line.unknownNotes.append(String(text.prefix(40)))
      case .indent, .blockIndent, .blockIndentEnd, .bottom, .blockBottom, .blockBottomEnd,
        .pageBreak, .headingBlockStart, .headingBlockEnd, .styleBlockStart, .styleBlockEnd:
        line.commands.append(AozoraLine.Command(offset: offset, note: note))
      }
      pendingKome = nil
    }

    /// The range of the text a note quotes: its last occurrence just before the note.
    private func find(_ target: Substring) -> Range<Int>? {
      let wanted = nested(Array(target.unicodeScalars)).text
      let text = line.text
      guard !wanted.isEmpty, wanted.count <= text.count else { return nil }
      let earliest = max(0, text.count - wanted.count - AozoraLineParser.targetSearchSlack)
      var start = text.count - wanted.count
      while start >= earliest {
        if text[start] == wanted[0], text[start..<(start + wanted.count)].elementsEqual(wanted) {
          return start..<(start + wanted.count)
        }
        start -= 1
      }
      return nil
    }

    // MARK: - Accents

    /// Closes `〔…〕`: Latin text between them is composed and takes their place (notes
    /// inside, such as an editorial one, already read); false when it is not that, and the
    /// brackets stay.
    private mutating func closeAccents() -> Bool {
      guard let start = accentStart else { return false }
      accentStart = nil
      let touched =
        line.spans.contains { $0.range.upperBound > start }
        || line.rubies.contains { $0.base.upperBound > start }
        || line.headings.contains { $0.range.upperBound > start }
      guard !touched, let composed = AccentDecomposition.compose(line.text[(start + 1)...]) else {
        return false
      }
      line.text.removeSubrange(start...)
      scripts.removeSubrange(start...)
      appendText(composed.unicodeScalars)
      return true
    }

    // MARK: - Brackets

    /// For each `［`, the index of the `］` that closes it (nesting counted), or -1.
    /// - Complexity: O(n).
    static func matchBrackets(_ source: [Unicode.Scalar]) -> [Int] {
      var closing = [Int](repeating: -1, count: source.count)
      var stack: [Int] = []
      for (index, scalar) in source.enumerated() {
        if scalar == "［" {
          stack.append(index)
        } else if scalar == "］", let open = stack.popLast() {
          closing[open] = index
        }
      }
      return closing
    }
  }
}
