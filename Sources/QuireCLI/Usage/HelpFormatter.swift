/// Renders usage lines and help pages from `CommandSignature`s.
enum HelpFormatter {
  /// The one-line synopsis of the whole program.
  static let programUsage = "quire COMMAND [OPTIONS] [BOOK]"

  /// A command's usage line: `quire cat BOOK [--chapter N] [--styled] [--json]`.
  static func usage(_ signature: CommandSignature) -> String {
    let arguments = signature.positionals.map { $0.isOptional ? "[\($0.name)]" : $0.name }
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
      lines += ["", "Examples:"]
      for example in signature.examples {
        lines.append("  \(example.command)")
        lines += TextWrapper.wrap(example.explanation, width: 80, indent: 6)
      }
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
    lines += [
      "",
      "BOOK is a TXT file (any common encoding), an EPUB 2 or 3 file, or an unpacked EPUB folder.",
      "With no BOOK, 'quire open' opens the bundled Quire Handbook.",
      "Run 'quire help COMMAND' for a command's options and examples.",
    ]
    return lines.joined(separator: "\n") + "\n"
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
