import Testing

@testable import QuireCLI

@Suite struct CLISmokeTests {
  @Test func noArgumentsSucceeds() {
    #expect(CLI.run([]) == 0)
  }
}
