extension ReaderCommand {
  /// The command with a turn to the left or right made a turn forward or back, by the way
  /// the book's pages progress; every other command as it is.
  public func resolved(rightToLeft: Bool) -> ReaderCommand {
    switch self {
    case .turnLeft: rightToLeft ? .turnForward : .turnBackward
    case .turnRight: rightToLeft ? .turnBackward : .turnForward
    default: self
    }
  }
}
