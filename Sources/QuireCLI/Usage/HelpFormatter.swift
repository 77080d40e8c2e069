/// Renders usage lines and help pages from `CommandSignature`s.
enum HelpFormatter {
  /// The one-line synopsis of the whole program.
  static let programUsage = "quire COMMAND [OPTIONS] [BOOK]"

  /// A command's usage line: `quire cat BOOK [--chapter N] [--styled] [--json]`.
  static func usage(_ signature: CommandSignature) -> String {
    let arguments = signature.positionals.map { positional in
      let name = positional.isRepeating ? positional.name + "…" : positional.name
      return positional.isOptional ? "[\(name)]" : name
    }
    let options = signature.options.map { "[\($0.synopsis)]" }
    return (["quire", signature.name] + arguments + options).joined(separator: " ")
  }

  /// The page `quire help COMMAND` and `quire COMMAND --help` print.
  static func help(_ signature: CommandSignature) -> String {
    var lines = ["quire \(signature.name) — \(signature.abstract)", ""]
    lines.append("Usage: \(usage(signature))")
    if !signature.positionals.isEmpty {
      lines += ["", "Arguments:"]
      lines += table(signature.positionals.map { ($0.name, $0.help) })
    }
    lines += ["", "Options:"]
    lines += table(signature.allOptions.map { ($0.synopsis, $0.help) })
    for paragraph in signature.discussion {
      lines += [""] + TextWrapper.wrap(paragraph, width: 80)
    }
    if !signature.examples.isEmpty {
      lines += ["", "Examples:"] + examples(signature.examples)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The page `quire --help` prints: every command with its abstract.
  static func programHelp(_ commands: [CommandSignature]) -> String {
    var lines = [
      "quire — an e-book reader for TXT and EPUB books", "",
      "Usage: \(programUsage)", "",
      "Commands:",
    ]
    let help = CommandSignature(name: "help", abstract: "Show help for a command.")
    lines += table((commands + [help]).map { ($0.name, $0.abstract) })
    lines += [
      "", "Options:",
    ]
    lines += table([
      ("-h, --help", "Show this help and exit."), ("--version", "Show Quire's version."),
    ])
    lines += ["", "Examples:"]
    lines += examples([
      .init(command: "quire open", explanation: "Read the start of the bundled handbook."),
      .init(
        command: "quire toc novel.txt", explanation: "The chapters Quire found in a TXT novel."),
      .init(command: "quire cat book.epub --chapter 3", explanation: "The text of chapter 3."),
    ])
    let notes =
      "BOOK is a TXT file (any common encoding), an EPUB 2 or 3 file, or an unpacked EPUB "
      + "folder. Run 'quire help COMMAND' for a command's options and examples."
    lines += [""] + TextWrapper.wrap(notes, width: 80)
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each example's command line, with its explanation indented below it.
  private static func examples(_ examples: [CommandSignature.Example]) -> [String] {
    examples.flatMap { example in
      ["  \(example.command)"] + TextWrapper.wrap(example.explanation, width: 80, indent: 6)
    }
  }

  /// Two aligned columns indented by two spaces; long terms push their text to the
  /// next line instead of widening the column.
  private static func table(_ rows: [(String, String)]) -> [String] {
    let column = min(rows.map(\.0.count).max() ?? 0, 20) + 4
    var lines: [String] = []
    for (term, text) in rows {
      let wrapped = TextWrapper.wrap(text, width: 80, indent: column)
      let first = wrapped.first.map { String($0.dropFirst(column)) } ?? ""
      if term.count + 2 <= column - 2 {
        lines.append("  " + term.padded(to: column - 2) + first)
      } else {
        lines += ["  " + term, String(repeating: " ", count: column) + first]
      }
      lines += wrapped.dropFirst()
    }
    return lines
  }
}
