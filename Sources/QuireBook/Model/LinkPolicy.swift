import Foundation

/// What a reader may do with a link the book contains: a pure decision, for front ends.
///
/// Internal links jump inside the book. External ones are only ever offered to the
/// system opener (`xdg-open`), and only for `http`, `https` and `mailto`, and only after
/// the user confirms: a book is untrusted input, and a `file:`, `javascript:`, `data:` or
/// custom-scheme URL handed to the desktop can read local files or start programs.
public enum LinkPolicy {
  /// The longest external URL offered to the opener.
  public static let maximumURLLength = 2048

  /// What to do with a link.
  public enum Decision: Hashable, Sendable {
    /// A place in this book: resolve it with `Book.locator(forHref:from:)`.
    case jump(href: String)
    /// May be passed to `xdg-open` once the user has confirmed this exact URL (shown to
    /// them as given here, normalised: scheme lowercased, no controls or spaces).
    case openAfterConfirmation(url: String)
    /// Never opened; the reason is a sentence fragment for the user.
    case refused(reason: String)
  }

  /// The decision for a link target from a book's text.
  public static func decision(for target: LinkTarget) -> Decision {
    switch target {
    case .internal(let href): return .jump(href: href)
    case .external(let url): return decision(forExternalURL: url)
    }
  }

  /// The decision for an external URL as written in the book.
  ///
  /// Leading and trailing spaces and controls are trimmed and tabs and line breaks
  /// removed first, as browsers do, so "java\tscript:" cannot hide a scheme.
  /// - Complexity: O(n) in the URL's length.
  public static func decision(forExternalURL written: String) -> Decision {
    let url = cleaned(written)
    guard url.utf8.count <= maximumURLLength else {
      return .refused(reason: "the link is longer than \(maximumURLLength) characters")
    }
    if url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
      return .refused(reason: "the link contains spaces or control characters")
    }
    guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else {
      return .refused(reason: "the link has no scheme (such as https:)")
    }
    let scheme = url[..<colon].lowercased()
    guard scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return .refused(reason: "the link has no scheme (such as https:)") }
    let rest = url[url.index(after: colon)...]
    switch scheme {
    case "http", "https":
      guard let components = URLComponents(string: scheme + ":" + rest),
        let host = components.host, !host.isEmpty, rest.hasPrefix("//")
      else { return .refused(reason: "the web address is malformed") }
      return .openAfterConfirmation(url: scheme + ":" + rest)
    case "mailto":
      guard rest.contains("@"), !rest.hasPrefix("/") else {
        return .refused(reason: "the mail address is malformed")
      }
      return .openAfterConfirmation(url: "mailto:" + rest)
    default:
      return .refused(reason: "links to \(scheme): addresses are never opened")
    }
  }

  /// `url` without surrounding spaces and controls, and without tabs and line breaks.
  private static func cleaned(_ url: String) -> String {
    let scalars = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
    var text = String(String.UnicodeScalarView(scalars))
    let trim: (Character) -> Bool = { character in
      character.unicodeScalars.allSatisfy { $0.value <= 0x20 || $0.value == 0x7F }
    }
    while let first = text.first, trim(first) { text.removeFirst() }
    while let last = text.last, trim(last) { text.removeLast() }
    return text
  }
}
