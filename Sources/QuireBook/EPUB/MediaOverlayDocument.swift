/// Reads a SMIL media overlay document (EPUB Media Overlays 3.3 §2.4) into a
/// `MediaOverlay`: every `<par>` under `<body>`, through nested `<seq>`s, in document
/// order, with its `<text src>` and `<audio src clipBegin clipEnd>` resolved to package
/// paths.
enum MediaOverlayDocument {
  /// Parses the SMIL at package path `href`.
  /// - Throws: `BookError` when it is not well-formed XML or not a SMIL document.
  static func parse(_ bytes: [UInt8], href: String, bookPath: String, maxDepth: Int) throws
    -> (overlay: MediaOverlay, warnings: [ImportWarning])
  {
    let root = try MarkupParser.parse(
      bytes, mode: .xml, path: bookPath, entry: href, maxDepth: maxDepth
    ).root
    guard root.name == "smil", let body = root.firstChild("body") else {
      throw BookError(
        .malformedDocument, path: bookPath, entry: href,
        "is not a SMIL media overlay (no <smil> with a <body>)")
    }
    var clips: [MediaOverlay.Clip] = []
    var warnings: [ImportWarning] = []
    collect(body, href: href, into: &clips, warnings: &warnings)
    return (MediaOverlay(href: href, clips: clips), warnings)
  }

  private static func collect(
    _ element: MarkupElement, href: String, into clips: inout [MediaOverlay.Clip],
    warnings: inout [ImportWarning]
  ) {
    for child in element.elements {
      switch child.name {
      case "seq": collect(child, href: href, into: &clips, warnings: &warnings)
      case "par":
        if let clip = clip(of: child, href: href, warnings: &warnings) { clips.append(clip) }
      default: continue
      }
    }
  }

  private static func clip(
    of par: MarkupElement, href: String, warnings: inout [ImportWarning]
  ) -> MediaOverlay.Clip? {
    let name = par.attribute("id").map { "<par id=\"\($0)\">" } ?? "a <par>"
    guard let text = par.firstChild("text")?.attribute("src"),
      let textPath = PackagePath.resolve(text, against: href)
    else {
      warnings.append(ImportWarning(entry: href, "\(name) has no <text src> in the book; skipped"))
      return nil
    }
    guard let audio = par.firstChild("audio"), let source = audio.attribute("src"),
      let audioPath = PackagePath.resolve(source, against: href)
    else {
      // A text without audio is read by the voice, as text outside the overlay is.
      return nil
    }
    let parts = textPath.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let begin = audio.attribute("clipBegin").map { ClockValue.seconds($0) } ?? 0
    let end = audio.attribute("clipEnd").map { ClockValue.seconds($0) }
    guard let begin, end.map({ $0 != nil }) ?? true else {
      warnings.append(
        ImportWarning(
          entry: href, "\(name) has a clip time that is not a SMIL clock value; skipped"))
      return nil
    }
    let clipEnd = end.flatMap { $0 }
    if let clipEnd, clipEnd <= begin {
      warnings.append(ImportWarning(entry: href, "\(name) ends before it begins; skipped"))
      return nil
    }
    return MediaOverlay.Clip(
      textHref: String(parts[0]),
      fragment: parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil,
      audioHref: String(audioPath.split(separator: "#", maxSplits: 1).first ?? ""), begin: begin,
      end: clipEnd)
  }
}

/// SMIL 3.0 clock values (§5.4.2 of SMIL 3.0 Timing, as EPUB Media Overlays 3.3 uses
/// them): "1:02:03.5" (full), "02:03.5" (partial), "3.5s", "350ms", "2min", "1h", "3.5".
enum ClockValue {
  /// The value in seconds, or nil when `text` is not a clock value.
  static func seconds(_ text: String) -> Double? {
    let value = text.trimmingSpaces
    guard !value.isEmpty else { return nil }
    if value.contains(":") {
      let parts = value.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2 || parts.count == 3,
        let seconds = Double(parts[parts.count - 1]), seconds >= 0, seconds < 60,
        let minutes = Int(parts[parts.count - 2]), (0..<60).contains(minutes) || parts.count == 2
      else { return nil }
      let hours = parts.count == 3 ? Int(parts[0]) : 0
      guard let hours, hours >= 0 else { return nil }
      return Double(hours * 3600 + minutes * 60) + seconds
    }
    let units: [(suffix: String, scale: Double)] = [
      ("ms", 0.001), ("min", 60), ("h", 3600), ("s", 1),
    ]
    for (suffix, scale) in units where value.hasSuffix(suffix) {
      guard let number = Double(value.dropLast(suffix.count)), number >= 0, number.isFinite
      else { return nil }
      return number * scale
    }
    guard let number = Double(value), number >= 0, number.isFinite else { return nil }
    return number
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  fileprivate var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
