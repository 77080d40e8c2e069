/// The gzip header of a dictzip file (`.dict.dz`): where each compressed chunk starts and
/// how long it is uncompressed.
///
/// dictzip (dictd's `dictzip(1)`) writes an ordinary gzip file whose deflate stream is
/// flushed every `chunkLength` uncompressed bytes, and lists the compressed size of each
/// chunk in the header's extra field, subfield `RA` (RFC 1952 §2.3.1.1): version (1),
/// chunk length, chunk count, then one 16-bit size per chunk, all little-endian. Any
/// chunk can then be inflated alone. Every number is checked against the file's size, so
/// a damaged header is an error here, never a read past the end later.
struct DictzipHeader: Hashable, Sendable {
  /// Uncompressed bytes per chunk (the last chunk may be shorter).
  let chunkLength: Int
  /// Byte offset in the file where each chunk's compressed data starts, plus one past the
  /// last chunk.
  let chunkOffsets: [Int]
  /// The uncompressed size of the whole file (the gzip trailer's `ISIZE`).
  let uncompressedSize: Int

  /// How many chunks the file has.
  var chunkCount: Int { chunkOffsets.count - 1 }

  /// The largest header Quire reads: the extra field is at most 64 KB, and a file name or
  /// comment longer than this is not dictzip's.
  static let maximumSize = 1 << 18

  /// Reads the header from the start of a file.
  ///
  /// - Parameters:
  ///   - bytes: the file's first bytes (up to `maximumSize`, or all of a smaller file).
  ///   - trailer: the file's last 8 bytes (CRC-32 and ISIZE).
  ///   - fileSize: the whole file's size.
  /// - Returns: the header, or what is wrong with it.
  static func parse(_ bytes: [UInt8], trailer: [UInt8], fileSize: Int) -> Result<Self, Problem> {
    guard bytes.count >= 12 else {
      return .failure(.init("the file is too short for a gzip header"))
    }
    guard bytes[0] == 0x1F, bytes[1] == 0x8B else {
      return .failure(.init("not a gzip file (it does not start with 1F 8B)"))
    }
    guard bytes[2] == 8 else {
      return .failure(.init("gzip compression method \(bytes[2]) is not deflate"))
    }
    let flags = bytes[3]
    guard flags & 0xE0 == 0 else {
      return .failure(.init("the gzip header has reserved flags set"))
    }
    guard flags & 0x04 != 0 else {
      return .failure(
        .init("a plain gzip file, not dictzip: it has no chunk table (recompress it with dictzip)"))
    }
    let extraLength = Int(bytes[10]) | Int(bytes[11]) << 8
    var position = 12 + extraLength
    guard position <= bytes.count else {
      return .failure(.init("the gzip extra field runs past the end of the file"))
    }
    let table: (chunkLength: Int, sizes: [Int])
    switch chunkTable(bytes[12..<position]) {
    case .success(let found): table = found
    case .failure(let problem): return .failure(problem)
    }
    for (flag, name) in [(UInt8(0x08), "file name"), (0x10, "comment")] where flags & flag != 0 {
      guard let end = bytes[position...].firstIndex(of: 0) else {
        return .failure(.init("the gzip \(name) has no end"))
      }
      position = end + 1
    }
    if flags & 0x02 != 0 { position += 2 }  // header CRC
    var offsets = [position]
    offsets.reserveCapacity(table.sizes.count + 1)
    for size in table.sizes { offsets.append(offsets[offsets.count - 1] + size) }
    let end = offsets[offsets.count - 1]
    guard end + 8 <= fileSize else {
      return .failure(
        .init(
          "the chunk table lists \(end + 8 - position) bytes of data, but the file has only "
            + "\(max(0, fileSize - position)) after its header (cut short?)"))
    }
    guard trailer.count == 8 else { return .failure(.init("the file has no gzip trailer")) }
    // ISIZE is the size modulo 2³², but 65 535 chunks of at most 65 535 bytes stay below.
    let size = trailer[4...].reversed().reduce(0) { $0 << 8 | Int($1) }
    let most = table.sizes.count * table.chunkLength
    guard size > most - table.chunkLength, size <= most else {
      return .failure(
        .init(
          "the gzip trailer gives \(size) bytes uncompressed, which \(table.sizes.count) chunks "
            + "of \(table.chunkLength) bytes cannot hold (cut short or damaged?)"))
    }
    return .success(
      DictzipHeader(chunkLength: table.chunkLength, chunkOffsets: offsets, uncompressedSize: size))
  }

  /// The `RA` subfield among the extra field's subfields.
  private static func chunkTable(_ extra: ArraySlice<UInt8>) -> Result<
    (chunkLength: Int, sizes: [Int]), Problem
  > {
    var position = extra.startIndex
    while position + 4 <= extra.endIndex {
      let length = Int(extra[position + 2]) | Int(extra[position + 3]) << 8
      let body = position + 4
      guard body + length <= extra.endIndex else {
        return .failure(.init("a gzip extra subfield runs past the extra field"))
      }
      if extra[position] == UInt8(ascii: "R") && extra[position + 1] == UInt8(ascii: "A") {
        return readTable(Array(extra[body..<(body + length)]))
      }
      position = body + length
    }
    return .failure(.init("the gzip header has no RA chunk table: not a dictzip file"))
  }

  private static func readTable(_ field: [UInt8]) -> Result<
    (chunkLength: Int, sizes: [Int]), Problem
  > {
    func word(_ index: Int) -> Int { Int(field[index]) | Int(field[index + 1]) << 8 }
    guard field.count >= 6 else { return .failure(.init("the RA chunk table is too short")) }
    guard word(0) == 1 else { return .failure(.init("RA chunk table version \(word(0)) is not 1")) }
    let chunkLength = word(2)
    let count = word(4)
    guard chunkLength > 0, count > 0 else {
      return .failure(.init("the RA chunk table has \(count) chunks of \(chunkLength) bytes"))
    }
    guard field.count == 6 + 2 * count else {
      return .failure(
        .init("the RA chunk table announces \(count) chunks but holds \((field.count - 6) / 2)"))
    }
    let sizes = (0..<count).map { word(6 + 2 * $0) }
    if let empty = sizes.firstIndex(of: 0) {
      return .failure(.init("chunk \(empty + 1) of the RA chunk table has size 0"))
    }
    return .success((chunkLength, sizes))
  }

  /// What is wrong with a header, in words.
  struct Problem: Error, Hashable {
    let message: String
    init(_ message: String) { self.message = message }
  }
}
