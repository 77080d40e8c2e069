import Foundation

/// The terminal's own clipboard: the OSC 52 control sequence (xterm's "manipulate
/// selection data"), which a terminal that allows it turns into its clipboard's contents.
///
/// It travels with the output, so it works over SSH; tmux takes it into a paste buffer
/// (and passes it on to its own terminal) when its `set-clipboard` option is `on`. A
/// terminal that does not know it ignores it; nothing answers either way.
public enum OSC52 {
  /// Which of the terminal's selections is set.
  public enum Target: Character, Sendable {
    /// The clipboard (Ctrl+V, Ctrl+Shift+V).
    case clipboard = "c"
    /// The primary selection (middle click).
    case primary = "p"
  }

  /// The longest text sent, in UTF-8 bytes: terminals drop longer sequences (xterm and
  /// tmux cut them off around a megabyte of base64).
  public static let maximumBytes = 512 * 1024

  /// The sequence that sets `target` to `text`: ESC ] 52 ; c ; base64 BEL. Nil when the
  /// text is longer than `maximumBytes`.
  public static func sequence(copying text: String, to target: Target = .clipboard) -> [UInt8]? {
    let bytes = Data(text.utf8)
    guard bytes.count <= maximumBytes else { return nil }
    return Array("\u{1B}]52;\(target.rawValue);\(bytes.base64EncodedString())\u{07}".utf8)
  }
}
