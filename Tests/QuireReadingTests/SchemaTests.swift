import Testing

@testable import QuireReading

@Suite struct SchemaVersionTests {
  @Test func schemaVersionIsNotNegative() {
    #expect(Reading.schemaVersion >= 0)
  }
}
