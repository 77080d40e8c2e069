import Foundation

/// A preference's value, whichever way it came: JSON or a command line.
enum PreferenceValue: Hashable {
  case number(Double)
  case flag(Bool)
  case text(String)
  case list([String])
  case null

  /// Command-line text: a number, true/false, null, or text.
  init(parsing text: String) {
    if let number = Double(text), number.isFinite {
      self = .number(number)
    } else if ["true", "on", "yes"].contains(text.lowercased()) {
      self = .flag(true)
    } else if ["false", "off", "no"].contains(text.lowercased()) {
      self = .flag(false)
    } else if text == "null" || text.isEmpty {
      self = .null
    } else {
      self = .text(text)
    }
  }

  /// A value read from a JSON file: true/false, a number, text, a list of text or null.
  struct JSON: Decodable {
    var value: PreferenceValue?

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        value = .null
      } else if let flag = try? container.decode(Bool.self) {
        value = .flag(flag)
      } else if let number = try? container.decode(Double.self) {
        value = .number(number)
      } else if let text = try? container.decode(String.self) {
        value = .text(text)
      } else if let list = try? container.decode([String].self) {
        value = .list(list)
      } else {
        value = nil
      }
    }
  }

  var text: String {
    switch self {
    case .number(let number): Self.format(number)
    case .flag(let flag): flag ? "true" : "false"
    case .text(let text): text
    case .list(let list): list.joined(separator: ",")
    case .null: "null"
    }
  }

  var json: Any {
    switch self {
    case .number(let number): number == number.rounded() ? Int(number) as Any : number
    case .flag(let flag): flag
    case .text(let text): text
    case .list(let list): list
    case .null: NSNull()
    }
  }

  /// A number without a needless ".0".
  static func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }
}
