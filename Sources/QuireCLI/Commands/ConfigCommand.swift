import Foundation
import QuireUI

/// `quire config [list|get KEY|set KEY VALUE|path|keys]`: the reader's preferences file.
enum ConfigCommand: Command {
  static let signature = CommandSignature(
    name: "config",
    abstract: "Show or change the reader's preferences (font, size, theme, page turn…).",
    discussion: [
      "Preferences live in $XDG_CONFIG_HOME/quire/preferences.json (~/.config/quire when the "
        + "variable is unset); both readers read them and save changes made in them. 'set' checks "
        + "the value and writes the file atomically. 'keys' lists every key binding with its "
        + "command name, for keys.json beside the preferences. 'rules' lists the replace rules "
        + "of replace-rules.json beside them (a JSON array of {\"name\", \"pattern\", "
        + "\"replacement\", \"regex\", \"books\", \"enabled\"}), which clean TXT books as they "
        + "are opened, and names each rule that cannot be used."
    ],
    positionals: [
      .optional("ACTION", help: "list (the default), get, set, path, keys, or rules."),
      .repeating("ARGS", help: "KEY for get; KEY VALUE for set."),
    ],
    options: [],
    examples: [
      .init(command: "quire config list", explanation: "Every preference, its value and range."),
      .init(command: "quire config set theme night", explanation: "Read in the night theme."),
      .init(command: "quire config get fontSize", explanation: "The body text size."),
      .init(command: "quire config keys", explanation: "The key bindings and command names."),
      .init(
        command: "quire config set chineseConversion s2t",
        explanation: "Show Chinese books in Traditional characters."),
      .init(command: "quire config rules", explanation: "The replace rules and their problems."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let file = PreferencesFile.standard()
    let rest = arguments.positionals.dropFirst().map { $0 }
    switch arguments.positional(0) ?? "list" {
    case "path":
      try expect(rest, count: 0, "path")
      context.print(file.url.path + "\n")
    case "list":
      try expect(rest, count: 0, "list")
      let (preferences, problems) = file.load()
      problems.forEach { context.printError("quire config: \($0)\n") }
      let width = PreferenceKey.all.map(\.name.count).max() ?? 0
      for key in PreferenceKey.all {
        context.print(
          key.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
            + key.text(of: preferences).padding(toLength: 22, withPad: " ", startingAt: 0)
            + key.allowed + "\n")
      }
    case "get":
      try expect(rest, count: 1, "get KEY")
      let key = try preferenceKey(rest[0])
      let (preferences, problems) = file.load()
      problems.forEach { context.printError("quire config: \($0)\n") }
      context.print(key.text(of: preferences) + "\n")
    case "set":
      try expect(rest, count: 2, "set KEY VALUE")
      let key = try preferenceKey(rest[0])
      var (preferences, problems) = file.load()
      problems.forEach { context.printError("quire config: \($0)\n") }
      if let problem = key.set(rest[1], in: &preferences) {
        throw UsageError("\(key.name) \(problem), not '\(rest[1])'", command: "config")
      }
      if let notice = try file.save(preferences) {
        context.printError("quire config: \(notice)\n")
      }
      context.print("\(key.name) = \(key.text(of: preferences))\n")
    case "keys":
      try expect(rest, count: 0, "keys")
      let (map, problems) = KeyMap.loading(from: file.keysURL)
      problems.forEach { context.printError("quire config: \($0)\n") }
      for layer in KeyMap.Layer.allCases {
        context.print("\(layer.rawValue):\n")
        for entry in ReaderCommand.bindable {
          let keys = map.keys(for: entry.command, in: layer)
          guard !keys.isEmpty else { continue }
          context.print(
            "  " + entry.name.padding(toLength: 24, withPad: " ", startingAt: 0)
              + keys.map(\.description).joined(separator: " ").padding(
                toLength: 30, withPad: " ", startingAt: 0) + entry.summary + "\n")
        }
      }
    case "rules":
      try expect(rest, count: 0, "rules")
      let rulesFile = ReplaceRulesFile(beside: file)
      let (rules, problems) = rulesFile.load()
      problems.forEach { context.printError("quire config: \($0)\n") }
      context.print("\(rulesFile.url.path): \(rules.count) rule\(rules.count == 1 ? "" : "s")\n")
      for rule in rules {
        let kind = rule.isRegex ? "regex" : "text"
        let scope = rule.books.isEmpty ? "every book" : rule.books.joined(separator: ", ")
        context.print(
          "  \(rule.name)\(rule.isEnabled ? "" : " (off)"): \(kind) \(rule.pattern) → "
            + "“\(rule.replacement)” in \(scope)\n")
      }
    case let other:
      throw UsageError(
        "unknown action '\(other)' (use list, get, set, path, keys or rules)", command: "config")
    }
  }

  private static func expect(_ rest: [String], count: Int, _ usage: String) throws {
    guard rest.count == count else {
      throw UsageError(
        "'config \(usage)' takes \(count == 0 ? "nothing more" : "\(count) argument\(count == 1 ? "" : "s")")",
        command: "config")
    }
  }

  private static func preferenceKey(_ name: String) throws -> PreferenceKey {
    guard let key = PreferenceKey.named(name) else {
      throw UsageError(
        "unknown preference '\(name)' (the keys are "
          + PreferenceKey.all.map(\.name).joined(separator: ", ") + ")", command: "config")
    }
    return key
  }
}
