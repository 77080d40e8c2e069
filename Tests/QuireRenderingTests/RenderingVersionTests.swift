import Testing

@testable import QuireRendering

@Suite struct RenderingVersionTests {
  @Test func versionIsPositive() {
    #expect(Rendering.version > 0)
  }
}
