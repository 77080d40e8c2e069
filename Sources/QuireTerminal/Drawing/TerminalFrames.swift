package import QuireUI

/// Screens turned into the bytes the reader writes, exactly as the reader does it (paint,
/// then diff against the last frame): for benchmarks that time keypress to frame written.
package struct TerminalFrames {
  private let painter: ScreenPainter
  private var writer: FrameWriter

  /// Frames in 24-bit colour, as a truecolour terminal gets them.
  package init() {
    painter = ScreenPainter(colors: .trueColor)
    writer = FrameWriter(colors: .trueColor)
  }

  /// The bytes that draw `screen` over the last frame on a `columns × rows` terminal.
  package mutating func bytes(for screen: ReaderScreen, columns: Int, rows: Int) -> [UInt8] {
    writer.bytes(for: painter.paint(screen, columns: columns, rows: rows))
  }

  /// Forgets the last frame (after a resize the reader redraws everything).
  package mutating func invalidate() { writer.invalidate() }
}
