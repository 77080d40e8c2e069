import Foundation
import Testing

@testable import QuireRendering

/// Writes frames to look at when `QUIRE_TURN_PREVIEW` names a folder (a development aid,
/// checked like any test: the frames must differ from one another).
@Suite struct TurnPreviewTests {
  @Test func framesChangeAlongTheTurn() throws {
    let from = SyntheticPage.make(number: 12, width: 300, height: 400)
    let to = SyntheticPage.make(number: 13, width: 300, height: 400, paper: (236, 244, 250))
    for mode in TurnMode.allCases {
      let frames = TurnAnimation.render(from: from, to: to, mode: mode, frames: 7)
      let startsOnCurrentPage = frames.first == from
      #expect(startsOnCurrentPage)
      #expect(Set(frames.map(\.pixels)).count >= (mode == .none ? 2 : 7), "\(mode)")
      if let folder = ProcessInfo.processInfo.environment["QUIRE_TURN_PREVIEW"] {
        try (TurnAnimation.strip(frames, gap: 6)).writePNG(
          to: "\(folder)/\(mode.rawValue)-strip.png")
      }
    }
  }
}
