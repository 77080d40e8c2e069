/// A dictzip file (`.dict.dz`) read at random: only the chunks that hold the bytes asked
/// for are read and inflated, never the whole file.
///
/// The last few chunks inflated are kept (`cacheSize`), since neighbouring entries (the
/// same headword in GCIDE's noun and verb, a cross-reference followed) often share one.
/// - Complexity: a read of n bytes inflates ⌈n / chunkLength⌉ + 1 chunks at most, about
///   58 KB each.
final class DictzipFile: DictionaryData {
  let header: DictzipHeader
  private let file: RegularFile
  private var cache: [(index: Int, bytes: [UInt8])] = []
  private static let cacheSize = 4

  /// Opens the file and checks its header against its size.
  ///
  /// - Throws: `LookupError` naming the file: unreadable, not dictzip, or a chunk table
  ///   that does not fit the file.
  init(path: String) throws(LookupError) {
    file = try RegularFile(path: path)
    let trailer = file.size >= 8 ? try file.read(at: file.size - 8, count: 8) : []
    // The header and its chunk table, and a little more for a file name: a second read
    // only for a longer name or comment.
    let start = try file.read(at: 0, count: min(file.size, 12))
    let extra = start.count == 12 ? Int(start[10]) | Int(start[11]) << 8 : 0
    var head = try file.read(at: 0, count: min(file.size, 12 + extra + 1024))
    var parsed = DictzipHeader.parse(head, trailer: trailer, fileSize: file.size)
    let most = min(file.size, DictzipHeader.maximumSize)
    if case .failure = parsed, head.count < most {
      head = try file.read(at: 0, count: most)
      parsed = DictzipHeader.parse(head, trailer: trailer, fileSize: file.size)
    }
    switch parsed {
    case .success(let header): self.header = header
    case .failure(let problem): throw LookupError(.damaged, path: path, problem.message)
    }
  }

  var path: String { file.path }
  var size: Int { header.uncompressedSize }

  func bytes(at offset: Int, count: Int) throws(LookupError) -> [UInt8] {
    guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
      throw LookupError(
        .damaged, path: path,
        "bytes \(offset)–\(offset &+ count) are wanted, but the data has only \(size)")
    }
    var result: [UInt8] = []
    result.reserveCapacity(count)
    var position = offset
    while position < offset + count {
      let index = position / header.chunkLength
      let chunk = try self.chunk(index)
      let start = position - index * header.chunkLength
      let end = min(chunk.count, offset + count - index * header.chunkLength)
      guard start < end else {
        throw LookupError(
          .damaged, path: path,
          "chunk \(index + 1) inflates to \(chunk.count) bytes, short of byte \(position)")
      }
      result.append(contentsOf: chunk[start..<end])
      position += end - start
    }
    return result
  }

  /// Chunk `index` inflated, from the cache when it is there.
  private func chunk(_ index: Int) throws(LookupError) -> [UInt8] {
    if let found = cache.firstIndex(where: { $0.index == index }) {
      let entry = cache.remove(at: found)
      cache.append(entry)
      return entry.bytes
    }
    let start = header.chunkOffsets[index]
    let compressed = try file.read(at: start, count: header.chunkOffsets[index + 1] - start)
    let bytes: [UInt8]
    switch Inflater.inflateChunk(compressed, capacity: header.chunkLength) {
    case .success(let inflated): bytes = inflated
    case .failure(let failure):
      throw LookupError(
        .damaged, path: path, "chunk \(index + 1) of \(header.chunkCount): \(failure.message)")
    }
    if cache.count == Self.cacheSize { cache.removeFirst() }
    cache.append((index, bytes))
    return bytes
  }
}
