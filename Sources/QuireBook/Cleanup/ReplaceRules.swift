package import Foundation

/// Reading a rules file and applying its rules to a text at import.
///
/// The file is a JSON array of rules (`{"name": …, "pattern": …, "replacement": …,
/// "regex": true, "books": […], "enabled": false}`; only `pattern` is required). A rule
/// that cannot be read, or whose regular expression does not compile, is reported by its
/// name and position and left out; the others apply. Rules apply line by line, in the
/// file's order, so no match crosses a line; a regular expression gets at most
/// `timeBudget` a book (ICU's matcher reports its progress, and a rule that runs past its
/// time is stopped where it is, with a warning), so a catastrophic pattern cannot hang
/// the import.
package enum ReplaceRules {
  /// How long one rule may work on one book.
  package static let timeBudget: Duration = .seconds(1)

  /// The rules of a rules file's contents, and a message for each entry that is not a
  /// rule or does not compile; `file` names the file in messages.
  package static func parse(_ data: Data, file: String) -> (
    rules: [ReplaceRule], problems: [String]
  ) {
    guard let array = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
      return ([], ["\(file): must be a JSON array of rules ([{\"pattern\": …}, …])"])
    }
    var rules: [ReplaceRule] = []
    var problems: [String] = []
    for (index, item) in array.enumerated() {
      let position = "rule \(index + 1)"
      guard let object = item as? [String: Any] else {
        problems.append("\(file): \(position) is not an object")
        continue
      }
      let name = (object["name"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? position
      guard let pattern = object["pattern"] as? String, !pattern.isEmpty else {
        problems.append("\(file): rule “\(name)” has no pattern")
        continue
      }
      let rule = ReplaceRule(
        name: name, pattern: pattern, replacement: object["replacement"] as? String ?? "",
        isRegex: object["regex"] as? Bool ?? false, books: object["books"] as? [String] ?? [],
        isEnabled: object["enabled"] as? Bool ?? true)
      if let problem = compileProblem(rule) {
        problems.append("\(file): rule “\(name)”: \(problem)")
        continue
      }
      rules.append(rule)
    }
    return (rules, problems)
  }

  /// Why the rule's regular expression does not compile, or nil.
  package static func compileProblem(_ rule: ReplaceRule) -> String? {
    guard rule.isRegex else { return nil }
    do {
      _ = try NSRegularExpression(pattern: rule.pattern)
      return nil
    } catch {
      return "the pattern \(rule.pattern) is not a valid regular expression"
    }
  }

  /// What applying rules did.
  package struct Report: Hashable, Sendable {
    /// Rules that changed the text, with how many places each.
    package var applied: [(name: String, count: Int)] { changes.map { ($0.name, $0.count) } }
    var changes: [Change] = []
    /// Rules stopped for taking too long, or that do not compile.
    package var problems: [String] = []
    /// What the text's identity records of the rules that changed it.
    var signature: String {
      changes.map {
        "\($0.rule.isRegex ? "regex" : "text")\u{1F}\($0.rule.pattern)\u{1F}\($0.rule.replacement)"
      }
      .joined(separator: "\u{1E}")
    }

    struct Change: Hashable, Sendable {
      var rule: ReplaceRule
      var name: String { rule.name }
      var count: Int
    }
  }

  /// `utf8` (normalised text, "\n" line ends) with the rules for `fileName` applied.
  package static func apply(_ rules: [ReplaceRule], to utf8: [UInt8], fileName: String)
    -> (utf8: [UInt8], report: Report)
  {
    var text = utf8
    var report = Report()
    for rule in rules where rule.applies(toFileNamed: fileName) {
      let count: Int
      if rule.isRegex {
        guard let expression = try? NSRegularExpression(pattern: rule.pattern) else {
          report.problems.append("replace rule “\(rule.name)”: the pattern does not compile")
          continue
        }
        let result = replacingMatches(of: expression, rule.replacement, in: text)
        if result.stopped {
          report.problems.append(
            "replace rule “\(rule.name)” took more than \(timeBudget) and was stopped")
        }
        count = result.count
        text = result.utf8
      } else {
        (text, count) = replacingOccurrences(
          Array(rule.pattern.utf8), Array(rule.replacement.utf8), in: text)
      }
      if count > 0 { report.changes.append(Report.Change(rule: rule, count: count)) }
    }
    return (text, report)
  }

  /// Replaces every occurrence of `pattern` in `text`.
  /// - Complexity: O(n) with `memmem`.
  static func replacingOccurrences(_ pattern: [UInt8], _ replacement: [UInt8], in text: [UInt8])
    -> ([UInt8], Int)
  {
    guard !pattern.isEmpty else { return (text, 0) }
    var output: [UInt8] = []
    var count = 0
    text.withUnsafeBufferPointer { bytes in
      var from = 0
      while let found = AozoraDetector.find(pattern, in: bytes, from..<bytes.count) {
        if count == 0 { output.reserveCapacity(bytes.count) }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<found]))
        output.append(contentsOf: replacement)
        from = found + pattern.count
        count += 1
      }
      if count > 0 { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from...])) }
    }
    return count == 0 ? (text, 0) : (output, count)
  }

  /// Replaces the matches of `expression` line by line, within the time budget.
  static func replacingMatches(
    of expression: NSRegularExpression, _ template: String, in text: [UInt8]
  )
    -> (utf8: [UInt8], count: Int, stopped: Bool)
  {
    let clock = ContinuousClock()
    let deadline = clock.now + timeBudget
    var output: [UInt8] = []
    output.reserveCapacity(text.count)
    var count = 0
    var stopped = false
    for line in text.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      if line.offset > 0 { output.append(0x0A) }
      guard !stopped, !line.element.isEmpty else {
        output.append(contentsOf: line.element)
        continue
      }
      let string = String(decoding: line.element, as: UTF8.self)
      let source = string as NSString
      var pieces: [String] = []
      var last = 0
      var found = 0
      expression.enumerateMatches(
        in: string, options: [.reportProgress], range: NSRange(location: 0, length: source.length)
      ) { match, _, stop in
        if clock.now > deadline {
          stopped = true
          stop.pointee = true
          return
        }
        guard let match else { return }
        pieces.append(
          source.substring(with: NSRange(location: last, length: match.range.location - last)))
        pieces.append(
          expression.replacementString(for: match, in: string, offset: 0, template: template))
        last = match.range.location + match.range.length
        found += 1
      }
      guard found > 0, !stopped || found > 0 else {
        output.append(contentsOf: line.element)
        continue
      }
      pieces.append(source.substring(from: last))
      output.append(contentsOf: pieces.joined().utf8)
      count += found
    }
    return (output, count, stopped)
  }
}
