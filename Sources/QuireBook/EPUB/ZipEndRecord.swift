import Foundation

/// The entry count an archive declares in its end-of-central-directory record, read from
/// the file's tail without parsing the directory itself (APPNOTE 4.3.14–4.3.16).
///
/// libzip builds its whole directory in memory before it says how many entries there are,
/// so an archive of hundreds of thousands of empty entries costs memory and time before
/// `ImportLimits.maxEntryCount` could refuse it. This lets the count be refused first.
enum ZipEndRecord {
  private static let endSignature: UInt32 = 0x0605_4b50
  private static let locatorSignature: UInt32 = 0x0706_4b50
  private static let zip64EndSignature: UInt32 = 0x0606_4b50
  /// The fixed part of the end record.
  private static let endSize = 22
  /// The end record with the longest comment a ZIP can carry.
  private static let maxTail = endSize + 0xFFFF

  /// The number of entries the archive at `path` declares, or nil when there is no end
  /// record to read (libzip then reports what is wrong with the file).
  static func declaredEntryCount(path: String) -> Int? {
    let descriptor = PathName.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    defer { try? file.close() }
    guard let size = try? file.seekToEnd(), size >= UInt64(endSize) else { return nil }
    let start = size - min(size, UInt64(maxTail))
    guard (try? file.seek(toOffset: start)) != nil,
      let tail = try? file.readToEnd().map(Array.init)
    else { return nil }
    // The last record signature whose comment length reaches exactly the file's end.
    var position = tail.count - endSize
    while position >= 0 {
      if read32(tail, position) == endSignature,
        position + endSize + Int(read16(tail, position + 20)) == tail.count
      {
        return count(endAt: position, in: tail, file: file)
      }
      position -= 1
    }
    return nil
  }

  private static func count(endAt position: Int, in tail: [UInt8], file: FileHandle) -> Int? {
    let total = Int(read16(tail, position + 10))
    guard total == 0xFFFF else { return total }
    // A ZIP64 archive: the locator sits just before the end record.
    let locator = position - 20
    guard locator >= 0, read32(tail, locator) == locatorSignature else { return total }
    let recordOffset = read64(tail, locator + 8)
    guard (try? file.seek(toOffset: recordOffset)) != nil,
      let record = try? file.read(upToCount: 56).map(Array.init),
      record.count == 56, read32(record, 0) == zip64EndSignature
    else { return total }
    return Int(clamping: read64(record, 32))
  }

  private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(read16(bytes, at)) | UInt32(read16(bytes, at + 2)) << 16
  }

  private static func read64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
    UInt64(read32(bytes, at)) | UInt64(read32(bytes, at + 4)) << 32
  }
}
