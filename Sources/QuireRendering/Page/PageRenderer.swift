public import Foundation
public import QuireBook
public import QuireTypesetting

/// Draws typeset pages: glyphs, pictures, styles, highlights, search marks and the HUD.
///
/// One renderer serves a reader for a book: it keeps the glyph-mask cache, the scaled
/// pictures of the book and the HUD's text layouts between pages, so create it once and
/// render every page with it. Not thread-safe: one renderer per task.
///
/// Drawing order: page colour → text backgrounds, highlights, search marks → pictures
/// and rules → glyphs → underlines and strike-throughs → HUD.
public final class PageRenderer {
  let glyphs: GlyphCache
  let hudText: HUDTypesetter
  /// Where pictures come from: the bytes of a book resource by its path. Setting it (for
  /// another book) forgets the pictures drawn so far, which were the last book's.
  public var resources: (@Sendable (String) throws -> Data)? {
    didSet {
      pictures = [:]
      pictureProblems = [:]
    }
  }
  var pictures: [PictureKey: RGBAImage?] = [:]
  /// Why each picture drawn as a placeholder could not be drawn, by resource path.
  var pictureProblems: [String: String] = [:]

  struct PictureKey: Hashable {
    var href: String
    var width: Int
    var height: Int
  }

  /// Creates a renderer; `resources` loads pictures (e.g. `{ try book.resource(at: $0) }`),
  /// `fonts` lays out the HUD's text (a new context when nil).
  public init(
    resources: (@Sendable (String) throws -> Data)? = nil, fonts: FontContext? = nil
  ) throws(RenderingError) {
    glyphs = try GlyphCache()
    let context: FontContext
    if let fonts {
      context = fonts
    } else {
      do {
        context = try FontContext()
      } catch {
        throw .typesetting(error.description)
      }
    }
    hudText = HUDTypesetter(fonts: context)
    self.resources = resources
  }

  /// Renders `page` of a chapter whose styled text is `text` (nil draws glyphs only,
  /// without the book's underlines, backgrounds and link colours).
  public func render(
    _ page: Page, text: StyledText? = nil, theme: Theme = .day, hud: HUD? = nil,
    decorations: PageDecorations = PageDecorations()
  ) -> RenderedPage {
    let width = max(1, Int(page.width.rounded(.up)))
    let height = max(1, Int(page.height.rounded(.up)))
    var canvas = RGBAImage.opaque(width: width, height: height, color: theme.background)
    let spans = DecorationSpans(page: page, text: text, decorations: decorations)
    drawBackgrounds(spans, page: page, theme: theme, into: &canvas)
    let problems = drawPictures(page, theme: theme, into: &canvas)
    for rule in page.rules { canvas.fill(rule, color: theme.rule) }
    for line in page.lines {
      drawRuns(line.runs, theme: theme, links: spans.links, into: &canvas)
      if !line.annotations.isEmpty {
        drawRuns(line.annotations, theme: theme, links: spans.links, into: &canvas)
      }
    }
    drawLines(spans, page: page, theme: theme, into: &canvas)
    var regions: [HUDRegion] = []
    if let hud { regions = drawHUD(hud, theme: theme, into: &canvas) }
    return RenderedPage(image: canvas, hudRegions: regions, pictureProblems: problems)
  }

  /// Glyph-cache hits and misses so far, and masks held.
  package var glyphCacheStatistics: (hits: Int, misses: Int, count: Int) {
    (glyphs.hits, glyphs.misses, glyphs.count)
  }
}
