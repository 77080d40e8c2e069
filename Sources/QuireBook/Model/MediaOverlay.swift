/// An EPUB 3 media overlay: the book's own narration of one chapter, as the SMIL document
/// gives it (EPUB Media Overlays 3.3): clips of audio, each read over a fragment of text.
public struct MediaOverlay: Hashable, Sendable {
  /// One `<par>`: a fragment of a text document and the stretch of audio that reads it.
  public struct Clip: Hashable, Sendable {
    /// Package path of the text document (`<text src>` without its fragment).
    public var textHref: String
    /// The fragment id (`#id`), nil for the whole document.
    public var fragment: String?
    /// Package path of the audio file (`<audio src>`).
    public var audioHref: String
    /// Where the clip starts in the file, in seconds (`clipBegin`, 0 when absent).
    public var begin: Double
    /// Where it ends, in seconds (`clipEnd`); nil: at the end of the file.
    public var end: Double?

    /// Creates a clip.
    public init(textHref: String, fragment: String?, audioHref: String, begin: Double, end: Double?)
    {
      self.textHref = textHref
      self.fragment = fragment
      self.audioHref = audioHref
      self.begin = begin
      self.end = end
    }
  }

  /// Package path of the SMIL document.
  public var href: String
  /// The clips in playback order (nested `<seq>`s flattened).
  public var clips: [Clip]

  /// Creates an overlay.
  public init(href: String, clips: [Clip]) {
    self.href = href
    self.clips = clips
  }

  /// The UTF-16 range in `text` (the chapter at package path `chapterHref`) that each clip
  /// reads, in clip order; nil for a clip of another document or whose fragment the
  /// chapter lacks.
  ///
  /// A fragment's anchor gives where it starts; it ends where the next clip of the chapter
  /// starts, else (the last one, or a later clip that starts before it) at the end of its
  /// paragraph; spaces and the line break at the end are left out.
  public func textRanges(in text: StyledText, chapterHref: String) -> [Range<Int>?] {
    let starts: [Int?] = clips.map { clip in
      guard clip.textHref == chapterHref else { return nil }
      guard let fragment = clip.fragment else { return 0 }
      return text.anchors[fragment]
    }
    let units = Array(text.string.utf16)
    return starts.indices.map { index in
      guard let start = starts[index] else { return nil }
      var end = starts[(index + 1)...].lazy.compactMap { $0 }.first { $0 > start }
      let paragraphEnd =
        text.paragraphs.first { $0.range.contains(start) }?.range.upperBound ?? units.count
      if end == nil || clips[index].fragment == nil && index == starts.count - 1 {
        end = paragraphEnd
      }
      var upper = min(end ?? paragraphEnd, units.count)
      while upper > start, [0x20, 0x0A, 0x09, 0x2028, 0x3000].contains(units[upper - 1]) {
        upper -= 1
      }
      return start..<upper
    }
  }
}
