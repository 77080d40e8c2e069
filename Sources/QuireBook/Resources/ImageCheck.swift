import Foundation

/// Whether a book's picture will draw, judged from its bytes at import, so that what a
/// reader will see as a placeholder is listed by `quire info --warnings` with the reason.
///
/// Quire draws PNG, JPEG and SVG; it checks a raster picture's header (a damaged one
/// gives no size) and an SVG's XML (what is not well formed, or past the 8 MB the
/// renderer reads, never draws). GIF, WebP and BMP pictures are laid out at their size but
/// not drawn.
enum ImageCheck {
  /// The largest SVG drawn (the renderer refuses a larger one unread).
  static let maximumSVGSize = 8 << 20

  /// What is wrong with the picture, as the end of a sentence ("is damaged: …"), or nil.
  static func problem(with data: Data) -> String? {
    guard let format = ImageHeader.format(of: data) else {
      return "is not a picture Quire knows (PNG, JPEG or SVG); a placeholder is shown"
    }
    switch format {
    case .png, .jpeg:
      guard let size = ImageHeader.size(of: data), size.width > 0, size.height > 0 else {
        return "is damaged (its \(format.rawValue.uppercased()) header gives no size); "
          + "a placeholder is shown"
      }
      return nil
    case .gif, .webp, .bmp:
      let broken = ImageHeader.size(of: data) == nil ? " and damaged" : ""
      return "is a \(format.rawValue.uppercased()) picture\(broken), which Quire does not "
        + "draw; a placeholder is shown"
    case .svg:
      if data.count > maximumSVGSize {
        return "is an SVG of \(data.count) bytes, over the \(maximumSVGSize >> 20) MB Quire "
          + "draws; a placeholder is shown"
      }
      do {
        _ = try MarkupParser.parse([UInt8](data), mode: .xml, path: "", entry: "")
        return nil
      } catch {
        return "is an SVG that cannot be drawn (its XML is not well formed); a placeholder "
          + "is shown"
      }
    }
  }
}
