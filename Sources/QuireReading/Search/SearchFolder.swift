/// Folds text for case- and width-insensitive matching: width first (`Ａ` → `A`), then case
/// (`A` → `a`), with voiced sound marks composed into the kana before them.
///
/// The query and every chapter go through the same folder, so they always agree. The text
/// is read as UTF-8 bytes and decoded here, scalar by scalar, counting UTF-16 units for
/// the offset map: no `Character` or `String.Index` work in the loop.
struct SearchFolder {
  private var caseFolding = CaseFolding()

  /// How many source UTF-16 units are folded between two cancellation checks.
  static let cancellationInterval = 1 << 16

  /// Folds `string` into `output` (emptied first).
  ///
  /// - Parameter checkCancellation: called every `cancellationInterval` UTF-16 units;
  ///   throws to stop.
  /// - Complexity: O(n) in the string's UTF-8 length.
  mutating func fold<E: Error>(
    _ string: String, into output: inout FoldedText, checkCancellation: () throws(E) -> Void
  ) throws(E) {
    var string = string
    string.makeContiguousUTF8()
    output.reset(reservingCapacity: string.utf8.count)
    var failure: E?
    _ = string.utf8.withContiguousStorageIfAvailable { bytes in
      do throws(E) {
        try fold(bytes, into: &output, checkCancellation: checkCancellation)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// Folds `string` into `output` (emptied first), without cancellation checks.
  mutating func fold(_ string: String, into output: inout FoldedText) {
    fold(string, into: &output) { () throws(Never) in }
  }

  private mutating func fold<E: Error>(
    _ bytes: UnsafeBufferPointer<UInt8>, into output: inout FoldedText,
    checkCancellation: () throws(E) -> Void
  ) throws(E) {
    var index = 0
    var offset = 0  // UTF-16 offset of the scalar being decoded
    var nextCheck = Self.cancellationInterval
    let count = bytes.count
    while index < count {
      let (value, length) = Self.decode(bytes, at: index)
      index += length
      let end = offset + (value >= 0x10000 ? 2 : 1)
      let folded = WidthFolding.fold(value)
      if folded == WidthFolding.voicedMark || folded == WidthFolding.semiVoicedMark,
        let base = output.scalars.last, let composed = WidthFolding.compose(base, with: folded)
      {
        output.replaceLast(with: composed, extendingTo: end)
      } else {
        caseFolding.fold(folded, from: offset, to: end, into: &output)
      }
      offset = end
      if offset >= nextCheck {
        try checkCancellation()
        nextCheck = offset + Self.cancellationInterval
      }
    }
  }

  /// Decodes one scalar of well-formed UTF-8 (Swift strings always are).
  @inline(__always)
  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(bytes[index])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 {
      return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      return (
        (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
          | UInt32(bytes[index + 2] & 0x3F), 3
      )
    }
    return (
      (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
        | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4
    )
  }
}
