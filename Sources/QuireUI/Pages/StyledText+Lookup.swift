public import QuireBook

extension StyledText {
  /// The character attributes at UTF-16 `offset` (the defaults between runs).
  ///
  /// - Complexity: O(log runs).
  public func attributes(at offset: Int) -> TextAttributes {
    Self.run(in: runs, at: offset)?.value ?? TextAttributes()
  }

  /// The link covering `offset`, with its range; nil outside links.
  public func link(at offset: Int) -> StyledRun<LinkTarget>? {
    Self.run(in: links, at: offset)
  }

  /// The links that start or end inside `range`, in text order.
  public func links(in range: Range<Int>) -> [StyledRun<LinkTarget>] {
    links.filter { $0.range.overlaps(range) }
  }

  /// The run of sorted, non-overlapping `runs` holding `offset`.
  static func run<Value>(in runs: [StyledRun<Value>], at offset: Int) -> StyledRun<Value>? {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    guard low < runs.count, runs[low].range.contains(offset) else { return nil }
    return runs[low]
  }
}
