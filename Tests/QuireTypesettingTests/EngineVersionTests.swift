import Testing

@testable import QuireTypesetting

@Suite struct EngineVersionTests {
  @Test func engineVersionIsPositive() {
    #expect(Typesetting.engineVersion > 0)
  }
}
