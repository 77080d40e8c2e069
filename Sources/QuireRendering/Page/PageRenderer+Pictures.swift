import QuireBook
import QuireTypesetting

extension PageRenderer {
  /// Draws the page's pictures scaled into their frames; a picture that cannot be loaded
  /// or decoded leaves a quiet placeholder box instead.
  func drawPictures(_ page: Page, theme: Theme, into canvas: inout RGBAImage) {
    for placed in page.images {
      let frame = placed.frame
      let x = Int(frame.x.rounded())
      let y = Int(frame.y.rounded())
      let width = max(1, Int(frame.width.rounded()))
      let height = max(1, Int(frame.height.rounded()))
      if let picture = picture(placed.attachment.href, width: width, height: height) {
        canvas.draw(picture, x: x, y: y, brightness: theme.imageBrightness)
      } else {
        let box = Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
        canvas.fill(box, color: theme.track)
        var edge = theme.rule
        edge.alpha = 160
        canvas.fill(Rect(x: box.x, y: box.y, width: box.width, height: 1), color: edge)
        canvas.fill(Rect(x: box.x, y: box.maxY - 1, width: box.width, height: 1), color: edge)
        canvas.fill(Rect(x: box.x, y: box.y + 1, width: 1, height: box.height - 2), color: edge)
        canvas.fill(
          Rect(x: box.maxX - 1, y: box.y + 1, width: 1, height: box.height - 2), color: edge)
      }
    }
  }

  /// The picture at `href` scaled to `width × height`, decoded on first use; nil when
  /// there is no resource loader or the picture is unreadable (remembered either way).
  private func picture(_ href: String, width: Int, height: Int) -> RGBAImage? {
    let key = PictureKey(href: href, width: width, height: height)
    if let cached = pictures[key] { return cached }
    if pictures.count >= 32 { pictures.removeAll(keepingCapacity: true) }
    var result: RGBAImage?
    if let resources, let data = try? resources(href),
      let decoded = try? ImageDecoder.decode(data, name: href)
    {
      result = decoded.scaled(width: width, height: height)
    }
    pictures[key] = result
    return result
  }
}
