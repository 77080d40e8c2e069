public import QuireBook

/// A chapter's own narration, ready to play: each clip of its media overlay with the range
/// of the chapter it reads and the stretch of audio, checked against the audio files.
///
/// A clip that starts past its file's end is dropped and one that runs past it is cut at
/// the end (each with a warning), so what exists is played. A chapter whose SMIL is broken
/// or names an audio file the book lacks or that cannot be decoded has no usable narration:
/// `load` returns nil with the warning, and the chapter is read by the voice instead.
public struct Narration: Sendable {
  /// One clip: where in the chapter and where in which file.
  public struct Clip: Hashable, Sendable {
    /// UTF-16 range in the chapter's text.
    public var range: Range<Int>
    /// Package path of the audio file.
    public var audioHref: String
    /// Start in the file, seconds.
    public var begin: Double
    /// End in the file, seconds (the file's end when the SMIL gives none).
    public var end: Double
  }

  /// The chapter's index in `Book.chapters`.
  public var chapterIndex: Int
  public var clips: [Clip]
  /// The files' lengths in seconds, by package path.
  public var durations: [String: Double]

  /// The narration of chapter `index` of `book`, with the problems met; nil when the
  /// chapter has none or it cannot be used (see the type's summary).
  public static func load(book: Book, chapter index: Int) -> (
    narration: Narration?, warnings: [ImportWarning]
  ) {
    let (overlay, found) = book.mediaOverlay(ofChapter: index)
    var warnings = found
    guard let overlay, let href = book.chapters[index].href else { return (nil, warnings) }
    guard let text = try? book.text(ofChapter: index) else { return (nil, warnings) }
    let ranges = overlay.textRanges(in: text, chapterHref: href)
    var durations: [String: Double] = [:]
    for audio in Set(overlay.clips.map(\.audioHref)).sorted() {
      do {
        let bytes = try book.resource(at: audio)
        let decoder = try AudioDecoders.open([UInt8](bytes), name: audio)
        durations[audio] = Double(decoder.frameCount) / Double(decoder.sampleRate)
      } catch {
        let reason = (error as? BookError)?.detail ?? "\(error)"
        warnings.append(
          ImportWarning(
            entry: audio,
            "the narration's audio cannot be played (\(reason)); the chapter is read by the voice"))
        return (nil, warnings)
      }
    }
    var clips: [Clip] = []
    for (number, clip) in overlay.clips.enumerated() {
      let name = "clip \(number + 1) of \(overlay.href)"
      guard let range = ranges[number] else {
        if clip.textHref == href {
          warnings.append(
            ImportWarning(
              entry: overlay.href,
              "\(name) reads #\(clip.fragment ?? ""), which \(href) does not have; skipped"))
        }
        continue
      }
      let duration = durations[clip.audioHref] ?? 0
      if clip.begin >= duration {
        warnings.append(
          ImportWarning(
            entry: overlay.href,
            "\(name) starts at \(seconds(clip.begin)), past the end of \(clip.audioHref) (\(seconds(duration))); skipped"
          ))
        continue
      }
      var end = clip.end ?? duration
      if end > duration + 0.001 {
        warnings.append(
          ImportWarning(
            entry: overlay.href,
            "\(name) ends at \(seconds(end)), past the end of \(clip.audioHref) (\(seconds(duration))); played to the end"
          ))
        end = duration
      }
      clips.append(Clip(range: range, audioHref: clip.audioHref, begin: clip.begin, end: end))
    }
    guard !clips.isEmpty else { return (nil, warnings) }
    return (Narration(chapterIndex: index, clips: clips, durations: durations), warnings)
  }

  private static func seconds(_ value: Double) -> String {
    let millis = Int((value * 1000).rounded())
    return "\(millis / 1000).\(String(millis % 1000 + 1000).dropFirst()) s"
  }
}
