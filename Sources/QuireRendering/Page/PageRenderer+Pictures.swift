import QuireBook
import QuireTypesetting

extension PageRenderer {
  /// Draws the page's pictures scaled into their frames; a picture that cannot be loaded
  /// or decoded leaves a quiet placeholder box instead, with the picture's alternative
  /// text (an SVG's `<title>`, an image's `alt`) in it when it has one.
  ///
  /// - Returns: why each placeholder was drawn, for the front end to say.
  func drawPictures(_ page: Page, theme: Theme, into canvas: inout RGBAImage) -> [String] {
    var problems: [String] = []
    for placed in page.images {
      let frame = placed.frame
      let x = Int(frame.x.rounded())
      let y = Int(frame.y.rounded())
      let width = max(1, Int(frame.width.rounded()))
      let height = max(1, Int(frame.height.rounded()))
      if let picture = picture(placed.attachment.href, width: width, height: height) {
        canvas.draw(picture, x: x, y: y, brightness: theme.imageBrightness)
      } else {
        if let problem = pictureProblems[placed.attachment.href] { problems.append(problem) }
        let box = Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
        canvas.fill(box, color: theme.track)
        var edge = theme.rule
        edge.alpha = 160
        canvas.fill(Rect(x: box.x, y: box.y, width: box.width, height: 1), color: edge)
        canvas.fill(Rect(x: box.x, y: box.maxY - 1, width: box.width, height: 1), color: edge)
        canvas.fill(Rect(x: box.x, y: box.y + 1, width: 1, height: box.height - 2), color: edge)
        canvas.fill(
          Rect(x: box.maxX - 1, y: box.y + 1, width: 1, height: box.height - 2), color: edge)
        if let label = placed.attachment.alternativeText, !label.isEmpty {
          drawLabel(label, in: box, theme: theme, into: &canvas)
        }
      }
    }
    return problems
  }

  /// The picture at `href` scaled to `width × height`, decoded on first use; nil when
  /// there is no resource loader or the picture is unreadable (remembered either way).
  private func picture(_ href: String, width: Int, height: Int) -> RGBAImage? {
    let key = PictureKey(href: href, width: width, height: height)
    if let cached = pictures[key] { return cached }
    if pictures.count >= 32 { pictures.removeAll(keepingCapacity: true) }
    var result: RGBAImage?
    do {
      guard let resources else { return nil }
      let data = try resources(href)
      let decoded = try ImageDecoder.decode(data, name: href, width: width, height: height)
      result = decoded.scaled(width: width, height: height)
    } catch {
      pictureProblems[href] = "\(error)"
    }
    pictures[key] = result
    return result
  }

  /// The alternative text of a picture that could not be drawn, on one line centred in
  /// its box (cut with "…" when it is wider).
  private func drawLabel(_ label: String, in box: Rect, theme: Theme, into canvas: inout RGBAImage)
  {
    let size = min(16, max(6, box.height * 0.6))
    let width = box.width - 8
    guard width >= size else { return }
    let line = hudText.line(
      label, size: size, width: width, alignment: .center, language: "und")
    let y = (box.y + (box.height - line.height) / 2).rounded()
    drawRuns(
      line.runs, theme: theme, color: theme.secondaryText, dx: box.x + 4, dy: y, into: &canvas)
  }
}
