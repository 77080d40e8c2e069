import CUnibreak

/// Line-break opportunities after UAX #14, from libunibreak.
///
/// The only file that imports libunibreak.
enum LineBreakAnalyzer {
  /// What may follow a UTF-16 code unit.
  enum Opportunity: UInt8 {
    case mandatory = 0
    case allowed = 1
    case none = 2
    /// Inside a surrogate pair.
    case insideCharacter = 3
  }

  private static let initialised: Bool = {
    init_linebreak()
    return true
  }()

  /// One `Opportunity` raw value per code unit: the break status after that unit.
  ///
  /// - Complexity: O(n).
  static func opportunities(_ text: UnsafeBufferPointer<UInt16>, language: String) -> [UInt8] {
    precondition(initialised)
    guard let base = text.baseAddress, !text.isEmpty else { return [] }
    return [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: text.count) { breaks in
        set_linebreaks_utf16(base, text.count, language, breaks)
      }
      count = text.count
    }
  }
}
