/// Rendered page images around the reading position: previous, current and next (seed
/// 004's LeavesCache), rendered ahead on background tasks, everything else evicted.
///
/// An actor because two kinds of callers touch the same state: the front end asking for
/// pages, and background renders finishing. The actor serialises them without locks and
/// keeps each in-flight render as a `Task`, so a page asked for while it is still being
/// rendered ahead is awaited, never rendered twice — with a Mutex-protected class that
/// waiting would have to be built by hand. The render closure itself runs off the actor
/// (a detached task), so a slow page never blocks lookups of ready ones.
public actor PageImageCache {
  /// Renders page `index`, or returns nil when there is no such page.
  public typealias Render = @Sendable (Int) -> RGBAImage?

  private let render: Render
  private var images: [Int: RGBAImage] = [:]
  private var pending: [Int: Task<RGBAImage?, Never>] = [:]
  /// The page being read; its neighbours are kept and rendered ahead.
  public private(set) var current: Int
  /// How many renders ran (tests check that nothing is rendered twice).
  public private(set) var renderCount = 0

  /// A cache around page `current`; nothing is rendered until asked or `show` is called.
  public init(current: Int = 0, render: @escaping Render) {
    self.current = current
    self.render = render
  }

  /// The image of page `index`: cached, awaited if rendering, or rendered now.
  public func image(at index: Int) async -> RGBAImage? {
    if let image = images[index] { return image }
    let image = await start(index).value
    store(image, at: index)
    return image
  }

  /// Makes `index` the current page: evicts all but it and its neighbours and starts
  /// rendering those that are missing in the background.
  public func show(_ index: Int) {
    current = index
    images = images.filter { isKept($0.key) }
    for neighbour in (index - 1)...(index + 1) where images[neighbour] == nil {
      let task = start(neighbour)
      Task { [weak self] in
        let image = await task.value
        await self?.store(image, at: neighbour)
      }
    }
  }

  /// The pages held now, in order.
  public var cachedPages: [Int] { images.keys.sorted() }

  /// Waits until every render started so far has finished (and been stored or dropped).
  public func waitForRenders() async {
    while let (index, task) = pending.first {
      let image = await task.value
      store(image, at: index)
    }
  }

  private func isKept(_ index: Int) -> Bool { abs(index - current) <= 1 }

  private func start(_ index: Int) -> Task<RGBAImage?, Never> {
    if let task = pending[index] { return task }
    renderCount += 1
    let render = self.render
    let task = Task.detached(priority: .utility) { render(index) }
    pending[index] = task
    return task
  }

  private func store(_ image: RGBAImage?, at index: Int) {
    pending[index] = nil
    if let image, isKept(index) { images[index] = image }
  }
}
