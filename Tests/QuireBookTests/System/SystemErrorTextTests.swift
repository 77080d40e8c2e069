import Foundation
import Testing

@testable import QuireBook

/// Foundation's errors said as a reader would say them, never "NSCocoaErrorDomain".
@Suite struct SystemErrorTextTests {
  @Test func aFullDiskIsSaidSo() {
    do {
      try Data("x".utf8).write(to: URL(fileURLWithPath: "/dev/full"))
      Issue.record("writing /dev/full succeeded")
    } catch {
      #expect(SystemErrorText.describe(error) == "cannot write /dev/full: the disk is full")
    }
  }

  @Test func aMissingFileIsSaidSo() {
    do {
      _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-quire/notes.json"))
      Issue.record("reading a missing file succeeded")
    } catch {
      #expect(
        SystemErrorText.describe(error)
          == "cannot read /nonexistent-quire/notes.json: no such file or folder")
    }
  }

  @Test func aCodeWithoutAnUnderlyingErrorIsStillWords() {
    let error = CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: "/x/page.png"])
    let text = SystemErrorText.describe(error)
    #expect(text.hasPrefix("cannot write /x/page.png: "))
    #expect(!text.contains("NSCocoaErrorDomain"))
  }

  @Test func quiresOwnErrorsDescribeThemselves() {
    let error = BookError(.unreadable, path: "a.epub", "cannot be read")
    #expect(SystemErrorText.describe(error) == "\(error)")
  }
}
