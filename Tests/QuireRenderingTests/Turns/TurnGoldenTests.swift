import Foundation
import Testing

@testable import QuireRendering

/// Curl and leaf frames at fixed moments against recorded images.
@Suite struct TurnGoldenTests {
  static let from = SyntheticPage.make(number: 12)
  static let to = SyntheticPage.make(number: 13, paper: (236, 244, 250))

  @Test(arguments: [TurnMode.curl, .leaf], [Float(0), 0.25, 0.5, 0.75, 1])
  func frameMatchesGolden(mode: TurnMode, progress: Float) throws {
    let frame = TurnAnimation.frame(
      from: Self.from, to: Self.to, effect: mode.effect, progress: progress)
    let name = "\(mode.rawValue)-\(String(format: "%.2f", progress))"
    try TurnGolden.check(frame, named: name)
  }

  @Test func backwardCurlMatchesGolden() throws {
    let frame = TurnAnimation.frame(
      from: Self.to, to: Self.from, effect: CurlEffect(), direction: .backward, progress: 0.4)
    try TurnGolden.check(frame, named: "curl-backward-0.40")
  }
}
