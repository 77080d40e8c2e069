import Testing

@testable import QuireBook

/// Which links a reader may open: only web and mail addresses, after confirmation.
@Suite struct LinkPolicyTests {
  @Test(arguments: [
    "file:///etc/passwd", "FILE:///home/user/.ssh/id_rsa", "javascript:alert(1)",
    " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)",
    "\u{1}javascript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox",
    "ftp://example.org/file", "smb://server/share", "ms-msdt:/id", "x-scheme-handler:run",
    "//evil.example/path", "/etc/passwd", "--help", "", "http:", "http://", "https:///path",
    "http:example.org", "mailto:", "mailto:nobody", "https://exa mple.org",
    "https://example.org/\u{0}x", "https://example.org/" + String(repeating: "a", count: 2100),
  ])
  func refused(_ url: String) {
    let decision = LinkPolicy.decision(forExternalURL: url)
    guard case .refused(let reason) = decision else {
      Issue.record("\(url.debugDescription) would be opened: \(decision)")
      return
    }
    #expect(!reason.isEmpty)
  }

  @Test func webAndMailAddressesNeedConfirmation() {
    #expect(
      LinkPolicy.decision(forExternalURL: "https://www.gutenberg.org/ebooks/11")
        == .openAfterConfirmation(url: "https://www.gutenberg.org/ebooks/11"))
    #expect(
      LinkPolicy.decision(forExternalURL: "  HTTP://Example.org/a?b=c#d\n")
        == .openAfterConfirmation(url: "http://Example.org/a?b=c#d"))
    #expect(
      LinkPolicy.decision(forExternalURL: "mailto:reader@example.org?subject=Hi")
        == .openAfterConfirmation(url: "mailto:reader@example.org?subject=Hi"))
  }

  @Test func refusalsSayWhy() {
    #expect(
      LinkPolicy.decision(forExternalURL: "file:///etc/passwd")
        == .refused(reason: "links to file: addresses are never opened"))
    #expect(
      LinkPolicy.decision(forExternalURL: "javascript:alert(1)")
        == .refused(reason: "links to javascript: addresses are never opened"))
  }

  @Test func internalLinksJumpAndExternalOnesFollowThePolicy() {
    #expect(
      LinkPolicy.decision(for: .internal(href: "OEBPS/ch2.xhtml#n3"))
        == .jump(href: "OEBPS/ch2.xhtml#n3"))
    #expect(
      LinkPolicy.decision(for: .external(url: "file:///tmp/x"))
        == .refused(reason: "links to file: addresses are never opened"))
  }

  /// The links of a real book: every external one is web or mail, and gets confirmed.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func externalLinksOfARealBookAreOfferedForConfirmation() throws {
    let book = try Book.open(Corpus.path("epub/idpf-accessible_epub_3.epub"))
    var external = 0
    for index in book.chapters.indices {
      for link in try book.text(ofChapter: index).links {
        guard case .external(let url) = link.value else { continue }
        external += 1
        if case .refused(let reason) = LinkPolicy.decision(for: link.value) {
          #expect(!url.hasPrefix("http"), "\(url) refused: \(reason)")
        }
      }
    }
    #expect(external > 10)
  }
}
