extension XHTMLWalker {
  /// `<ruby>`: the base text goes into the chapter's string, each reading into a
  /// `RubyAnnotation` over its base (HTML's ruby model, simplified).
  ///
  /// A reading (`<rt>`) pairs with the next base segment not yet annotated: the text and
  /// inline elements since the previous `<rt>`, or one `<rb>` each, so `<ruby>吾<rt>わ</rt>
  /// 輩<rt>がはい</rt></ruby>` is mono-ruby (one annotation a character) and
  /// `<ruby>吾輩<rt>わがはい</rt></ruby>` group ruby. `<rp>` fallback parentheses are left
  /// out; an `<rtc>` gives its readings only when the ruby has no `<rt>` of its own (its
  /// bare text a group annotation over the whole base), as Quire sets one level of ruby.
  /// Whitespace between the parts is not text.
  mutating func visitRuby(_ element: MarkupElement, depth: Int) {
    if element.textContent.allSatisfy(\.isWhitespace) { return }
    var segments: [Range<Int>] = []
    var readings: [String] = []
    var containerReadings: [String] = []
    var segmentStart: Int?
    func closeSegment(_ offset: Int) {
      if let start = segmentStart, offset > start { segments.append(start..<offset) }
      segmentStart = nil
    }
    var previous: [CSSElementInfo] = []
    let elements = element.children.compactMap { child -> MarkupElement? in
      if case .element(let element) = child { return element }
      return nil
    }
    for child in element.children {
      switch child {
      case .text(let text):
        guard !text.allSatisfy(\.isWhitespace) else { continue }
        startBase(&segmentStart)
        appendText(text)
      case .element(let child):
        let name = XHTMLElements.lowercased(child.name)
        switch name {
        case "rt":
          closeSegment(builder.currentOffset)
          readings.append(XHTMLText.collapsed(child.textContent))
        case "rtc":
          closeSegment(builder.currentOffset)
          let parts = child.descendants { $0.name == "rt" }.map {
            XHTMLText.collapsed($0.textContent)
          }
          containerReadings += parts.isEmpty ? [XHTMLText.collapsed(child.textContent)] : parts
        case "rp":
          closeSegment(builder.currentOffset)
        default:
          if name == "rb" { closeSegment(builder.currentOffset) }
          startBase(&segmentStart)
          let info = CSSElementInfo(
            child, name: name, index: previous.count, siblingCount: elements.count,
            typeIndex: previous.filter { $0.name == name }.count,
            typeCount: elements.filter { XHTMLElements.lowercased($0.name) == name }.count)
          context.push(info, previousSiblings: previous)
          visit(child, name: name, depth: depth + 1)
          context.pop()
          previous.append(info)
          if name == "rb" { closeSegment(builder.currentOffset) }
        }
      }
    }
    closeSegment(builder.currentOffset)
    if readings.isEmpty, !containerReadings.isEmpty {
      if containerReadings.count == 1, let first = segments.first, let last = segments.last {
        segments = [first.lowerBound..<last.upperBound]
      }
      readings = containerReadings
    }
    for (base, reading) in zip(segments, readings) {
      builder.addRuby(base: base, text: reading)
    }
  }

  /// Starts a base segment at the next character, after any pending space or break.
  private mutating func startBase(_ start: inout Int?) {
    guard start == nil else { return }
    // Writes what is pending (a space before the ruby, a line break) so the base starts
    // at its own first character.
    emit("")
    start = builder.currentOffset
  }
}
