import Foundation
import Testing

@testable import QuireBook

/// The IDPF and Adobe font obfuscation algorithms, round trip and on a real book.
@Suite struct FontObfuscationTests {
  static let fontLike = Data(
    Array("OTTO".utf8) + (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) })

  private func encryptionXML(_ algorithm: String, _ uri: String) -> [UInt8] {
    Array(
      """
      <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#">
          <EncryptionMethod Algorithm="\(algorithm)"/>
          <CipherData><CipherReference URI="\(uri)"/></CipherData>
        </EncryptedData>
      </encryption>
      """.utf8)
  }

  @Test func idpfKeyIsTheSHA1OfTheIdentifierWithoutWhitespace() {
    let key = FontObfuscation.idpfKey(" urn:uuid:1234\t\r\n-5678 ")
    #expect(key == SHA1.digest(Array("urn:uuid:1234-5678".utf8)))
    #expect(key.count == 20)
  }

  @Test func idpfRoundTripChangesExactlyTheFirst1040Bytes() throws {
    let identifier = "urn:uuid:8d6f1d8b-4b3a-4b5e-9bdc-2a2f7d1e6f00"
    let obfuscation = FontObfuscation(
      encryptionXML: encryptionXML(FontObfuscation.idpfURI, "OEBPS/fonts/a%20b.otf"),
      identifier: identifier, bookPath: "t.epub")
    #expect(obfuscation.algorithms == ["OEBPS/fonts/a b.otf": .idpf])
    let mangled = FontObfuscation.xor(
      Self.fontLike, key: FontObfuscation.idpfKey(identifier), count: 1040)
    #expect(mangled.prefix(1040) != Self.fontLike.prefix(1040))
    #expect(mangled.dropFirst(1040) == Self.fontLike.dropFirst(1040))
    #expect(try obfuscation.restore(mangled, path: "OEBPS/fonts/a b.otf") == Self.fontLike)
    // Files not listed pass through untouched.
    #expect(try obfuscation.restore(mangled, path: "OEBPS/other.otf") == mangled)
  }

  @Test func adobeRoundTripUsesTheUUIDBytesOnTheFirst1024Bytes() throws {
    let identifier = "urn:uuid:0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9"
    let key = try #require(FontObfuscation.adobeKey(identifier))
    #expect(
      key == [
        0x0A, 0x1B, 0x2C, 0x3D, 0x4E, 0x5F, 0x60, 0x71, 0x82, 0x93, 0xA4, 0xB5, 0xC6, 0xD7, 0xE8,
        0xF9,
      ])
    let obfuscation = FontObfuscation(
      encryptionXML: encryptionXML(FontObfuscation.adobeURI, "fonts/x.ttf"),
      identifier: identifier, bookPath: "t.epub")
    let mangled = FontObfuscation.xor(Self.fontLike, key: key, count: 1024)
    #expect(mangled.dropFirst(1024) == Self.fontLike.dropFirst(1024))
    #expect(mangled[1023] != Self.fontLike[1023] || key[1023 % 16] == 0)
    #expect(try obfuscation.restore(mangled, path: "fonts/x.ttf") == Self.fontLike)
  }

  @Test func adobeNeedsAUUIDAndDRMIsRefused() {
    #expect(FontObfuscation.adobeKey("isbn:978-0-00-000000-0") == nil)
    #expect(FontObfuscation.adobeKey("urn:uuid:1234") == nil)
    let adobe = FontObfuscation(
      encryptionXML: encryptionXML(FontObfuscation.adobeURI, "f.otf"), identifier: "isbn:1",
      bookPath: "t.epub")
    #expect(throws: FontProblem.self) { try adobe.restore(Self.fontLike, path: "f.otf") }
    let drm = FontObfuscation(
      encryptionXML: encryptionXML("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "f.otf"),
      identifier: "x", bookPath: "t.epub")
    #expect(throws: FontProblem.self) { try drm.restore(Self.fontLike, path: "f.otf") }
  }

  @Test func brokenEncryptionXMLListsNothing() {
    for bytes in [Array("<encryption".utf8), [0xFF, 0x00], Array("<a><EncryptedData/></a>".utf8)] {
      let obfuscation = FontObfuscation(encryptionXML: bytes, identifier: "x", bookPath: "t.epub")
      #expect(obfuscation.algorithms.isEmpty)
    }
  }
}
