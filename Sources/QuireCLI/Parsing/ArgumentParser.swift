/// Parses one subcommand's arguments: long options (`--chapter 3`, `--chapter=3`),
/// flags (`--json`), one-letter aliases (`-h`), positional arguments, and `--`, after
/// which everything is positional (a book named `--odd.txt`).
///
/// `--help` or `-h` anywhere before `--` wins over every other problem, so a user who
/// asks for help gets it even on a line that would not parse.
struct ArgumentParser {
  let signature: CommandSignature

  /// Creates a parser for the command described by `signature`.
  init(_ signature: CommandSignature) {
    self.signature = signature
  }

  /// Parses `arguments` (the words after the subcommand's name).
  /// - Throws: `UsageError` for an unknown option, a missing or unexpected value, a
  ///   missing required argument, or too many arguments.
  /// - Complexity: O(n × m) for n arguments and m options.
  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    if asksForHelp(arguments) { return ParsedArguments(flags: ["help"]) }
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !looksLikeOption(argument) {
        parsed.positionals.append(argument)
      } else if argument == "--" {
        onlyPositionals = true
      } else {
        let (option, inlineValue) = try resolve(argument)
        if option.isFlag {
          if inlineValue != nil { throw error("option '--\(option.name)' takes no value") }
          parsed.flags.insert(option.name)
        } else if let inlineValue {
          parsed.values[option.name] = inlineValue
          parsed.allValues[option.name, default: []].append(inlineValue)
        } else if index < arguments.count, !looksLikeOption(arguments[index]) {
          parsed.values[option.name] = arguments[index]
          parsed.allValues[option.name, default: []].append(arguments[index])
          index += 1
        } else {
          throw error("option '--\(option.name)' needs a value (\(option.synopsis))")
        }
      }
    }
    try checkPositionals(parsed.positionals)
    return parsed
  }

  // MARK: - Steps

  private func asksForHelp(_ arguments: [String]) -> Bool {
    for argument in arguments {
      if argument == "--" { return false }
      if argument == "--help" || argument == "-h" { return true }
    }
    return false
  }

  /// Finds the option an argument names, splitting off an `=value`.
  private func resolve(_ argument: String) throws(UsageError) -> (OptionSpec, String?) {
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let value = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
      guard let option = signature.option(named: name) else {
        throw error("unknown option '--\(name)'\(suggestion(for: name))")
      }
      return (option, value)
    }
    let letters = argument.dropFirst()
    guard letters.count == 1, let option = signature.option(short: letters.first!) else {
      throw error("unknown option '\(argument)'")
    }
    return (option, nil)
  }

  private func checkPositionals(_ positionals: [String]) throws(UsageError) {
    let required = signature.positionals.filter { !$0.isOptional }
    if positionals.count < required.count {
      let missing = required[positionals.count].name
      throw error("missing \(missing) (\(required[positionals.count].help.lowercasedFirst))")
    }
    if positionals.count > signature.positionals.count,
      signature.positionals.last?.isRepeating != true
    {
      let extra = positionals[signature.positionals.count]
      throw error("unexpected argument '\(extra)'")
    }
  }

  // MARK: - Helpers

  /// Whether an argument is an option rather than a value: "-" alone (standard input by
  /// convention) and negative numbers are values.
  private func looksLikeOption(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument.count > 1 else { return false }
    return Double(argument) == nil
  }

  private func suggestion(for name: String) -> String {
    let candidates = signature.allOptions.map(\.name)
    let best = candidates.min { editDistance($0, name) < editDistance($1, name) }
    guard let best, editDistance(best, name) <= max(1, name.count / 3) else { return "" }
    return " (did you mean '--\(best)'?)"
  }

  private func error(_ message: String) -> UsageError {
    UsageError(message, command: signature.name)
  }
}

/// The Levenshtein distance between two short strings, for "did you mean" hints.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  guard !a.isEmpty else { return b.count }
  var previous = Array(0...b.count)
  for i in 1...a.count {
    var current = [i] + Array(repeating: 0, count: b.count)
    for j in stride(from: 1, through: b.count, by: 1) {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    previous = current
  }
  return previous[b.count]
}

extension String {
  /// The string with its first character lowercased ("Path of…" → "path of…").
  var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
