import Foundation
import Testing

@testable import QuireBook

/// Conversion speed on a large document; runs only when `QUIRE_BENCH_XHTML` names an
/// XHTML file (it reports, it does not assert a time). Measure in a release build:
/// `QUIRE_BENCH_XHTML=big.xhtml swift test -c release -Xswiftc -enable-testing --filter XHTMLConverterBenchmark`
@Suite struct XHTMLConverterBenchmark {
  static let path = ProcessInfo.processInfo.environment["QUIRE_BENCH_XHTML"]

  @Test(.enabled(if: path != nil, "set QUIRE_BENCH_XHTML to a large XHTML file"))
  func convertLargeDocument() throws {
    let path = try #require(Self.path)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let converter = XHTMLConverter(
      documentHref: "epub/text/big.xhtml", bookPath: path, limits: ImportLimits(),
      loadStylesheet: { href in
        let name = href.split(separator: "/").last.map(String.init) ?? href
        return try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      })
    let clock = ContinuousClock()
    var output: XHTMLConverter.Output?
    let elapsed = clock.measure { output = converter.convert(bytes) }
    let text = try #require(output).text
    let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    print(
      "XHTML benchmark: \(bytes.count) bytes, \(text.paragraphs.count) paragraphs, \(text.length) UTF-16 units in \(elapsed) = \(Int(Double(bytes.count) / seconds / 1_000_000)) MB/s"
    )
    #expect(text.length > 0)
  }
}
