import QuireBook
import Testing

@testable import QuireRendering

/// The page-image cache keeps previous, current and next, renders ahead once, evicts.
@Suite struct PageImageCacheTests {
  /// A renderer that draws page `i` as a 4×4 image of grey `i` and counts its calls.
  final class Renderer: Sendable {
    let calls = Locked<[Int]>([])
    let pages: Int

    init(pages: Int) {
      self.pages = pages
    }

    func render(_ index: Int) -> RGBAImage? {
      calls.withLock { $0.append(index) }
      guard (0..<pages).contains(index) else { return nil }
      let grey = UInt8(index)
      return RGBAImage(width: 4, height: 4, fill: (grey, grey, grey, 255))
    }
  }

  @Test func showRendersNeighboursAheadAndEvictsTheRest() async {
    let renderer = Renderer(pages: 10)
    let cache = PageImageCache(current: 0) { renderer.render($0) }
    await cache.show(4)
    await cache.waitForRenders()
    #expect(await cache.cachedPages == [3, 4, 5])
    await cache.show(5)
    await cache.waitForRenders()
    #expect(await cache.cachedPages == [4, 5, 6])
    // Only page 6 was new.
    #expect(renderer.calls.withLock { $0.sorted() } == [3, 4, 5, 6])
    await cache.show(9)
    await cache.waitForRenders()
    #expect(await cache.cachedPages == [8, 9])
  }

  @Test func pagesAreServedFromTheCacheAndRenderedOnce() async {
    let renderer = Renderer(pages: 10)
    let cache = PageImageCache(current: 2) { renderer.render($0) }
    async let first = cache.image(at: 2)
    async let second = cache.image(at: 2)
    let (a, b) = await (first, second)
    #expect(a == b && a?.pixels.first == 2)
    #expect(await cache.image(at: 2)?.pixels.first == 2)
    #expect(renderer.calls.withLock { $0 } == [2])
    #expect(await cache.image(at: 42) == nil)
  }
}
