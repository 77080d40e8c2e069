import COpenCC
import Foundation

/// libopencc itself, through its C interface: the reference `ScriptConverter` is held to
/// (its tests compare the two on whole books) and the peer `quire bench import` times it
/// against. The one file that imports libopencc.
package enum OpenCCLibrary {
  /// `text` converted by libopencc with `conversion`'s configuration, or nil when the
  /// library cannot load it.
  package static func convert(_ text: String, _ conversion: ScriptConversion) -> String? {
    guard let handle = Handle(conversion) else { return nil }
    return handle.convert(text)
  }

  /// An open converter; closed when released.
  package final class Handle {
    private let pointer: opencc_t

    /// Opens `conversion`'s configuration from OpenCC's data folder.
    package init?(_ conversion: ScriptConversion) {
      let path = OpenCCConfiguration.dataFolder + conversion.configurationFile
      guard let pointer = opencc_open(path), Int(bitPattern: pointer) != -1 else { return nil }
      self.pointer = pointer
    }

    deinit { opencc_close(pointer) }

    /// `text` converted.
    package func convert(_ text: String) -> String? {
      var text = text
      return text.withUTF8 { bytes -> String? in
        guard let base = bytes.baseAddress else { return "" }
        let converted = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
          opencc_convert_utf8(pointer, $0, bytes.count)
        }
        guard let converted else { return nil }
        defer { opencc_convert_utf8_free(converted) }
        return String(cString: converted)
      }
    }
  }
}
