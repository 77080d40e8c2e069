/// How one page gives way to the next (seed 001's 仿真 / 平移 / 滚动, seed 004's Leaves).
public enum TurnMode: String, CaseIterable, Sendable {
  /// A realistic corner curl: the page wraps around a cylinder that follows the drag.
  case curl
  /// Leaves' horizontal turn: a straight fold driven by the leaf edge, with its layers.
  case leaf
  /// 平移: the current page slides out while the next slides in beside it.
  case slide
  /// The next page slides in over the current one, casting a shadow on it.
  case cover
  /// 滚动: pages stacked vertically, scrolled continuously.
  case scroll
  /// No animation: the next page replaces the current one half-way through.
  case none

  /// The geometry of this mode with its default look.
  public var effect: any TurnEffect {
    switch self {
    case .curl: CurlEffect()
    case .leaf: LeafEffect()
    case .slide: SlideEffect(axis: .horizontal)
    case .cover: CoverEffect()
    case .scroll: SlideEffect(axis: .vertical)
    case .none: NoneEffect()
    }
  }
}

/// Which way a turn goes through the book.
public enum TurnDirection: Sendable, Equatable {
  /// To the next page: the current page leaves.
  case forward
  /// To the previous page: the previous page comes back over the current one.
  case backward
}
