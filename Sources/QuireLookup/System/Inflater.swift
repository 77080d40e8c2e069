import CZlib

/// zlib's inflate, for dictzip chunks and gzipped StarDict indexes: the one file that
/// imports zlib.
enum Inflater {
  /// Inflates one dictzip chunk: raw deflate data (no zlib or gzip wrapper) ending at a
  /// flush point, which dictzip writes between chunks so each can be read alone.
  ///
  /// - Parameters:
  ///   - chunk: the chunk's compressed bytes.
  ///   - capacity: the chunk length the header gives; a chunk that inflates to more is
  ///     damaged.
  /// - Returns: the inflated bytes, or a description of what is wrong with them.
  static func inflateChunk(_ chunk: [UInt8], capacity: Int) -> Result<[UInt8], Failure> {
    var stream = z_stream()
    guard
      inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return .failure(Failure("zlib could not start inflating")) }
    defer { inflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: capacity)
    var status: Int32 = Z_OK
    chunk.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { out in
        stream.next_in = UnsafeMutablePointer(
          mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        stream.next_out = out.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(out.count)
        status = inflate(&stream, Z_SYNC_FLUSH)
      }
    }
    let produced = capacity - Int(stream.avail_out)
    // A chunk ends at a flush point, so inflating it whole stops with Z_OK (or at the
    // stream's end for the last one); no progress at all (Z_BUF_ERROR) means no data.
    let usable = status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0)
    guard usable else { return .failure(Failure(describe(status, stream.msg))) }
    if status == Z_OK && stream.avail_out == 0 && stream.avail_in > 0 {
      return .failure(Failure("it inflates to more than the chunk length \(capacity)"))
    }
    output.removeLast(capacity - produced)
    return .success(output)
  }

  /// Inflates a whole gzip file that must hold exactly `expectedSize` bytes (a StarDict
  /// `.idx.gz`, whose size the `.ifo` gives); reading stops one byte past it.
  static func gunzip(_ data: UnsafeRawBufferPointer, expectedSize: Int) -> Result<[UInt8], Failure>
  {
    var stream = z_stream()
    guard
      inflateInit2_(&stream, MAX_WBITS + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        == Z_OK
    else { return .failure(Failure("zlib could not start inflating")) }
    defer { inflateEnd(&stream) }
    // One spare byte tells a stream longer than expected from one of exactly that size.
    var output = [UInt8](repeating: 0, count: expectedSize + 1)
    var status: Int32 = Z_OK
    output.withUnsafeMutableBytes { out in
      stream.next_in = UnsafeMutablePointer(
        mutating: data.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.avail_in = uInt(data.count)
      stream.next_out = out.baseAddress?.assumingMemoryBound(to: Bytef.self)
      stream.avail_out = uInt(out.count)
      repeat {
        status = inflate(&stream, Z_NO_FLUSH)
      } while status == Z_OK && stream.avail_out > 0 && stream.avail_in > 0
    }
    let produced = output.count - Int(stream.avail_out)
    if produced > expectedSize {
      return .failure(Failure("it inflates to more than the \(expectedSize) bytes the .ifo gives"))
    }
    guard status == Z_STREAM_END else {
      if status == Z_OK || status == Z_BUF_ERROR {
        return .failure(Failure("the gzip stream is cut short after \(produced) bytes"))
      }
      return .failure(Failure(describe(status, stream.msg)))
    }
    guard produced == expectedSize else {
      return .failure(
        Failure("it inflates to \(produced) bytes, not the \(expectedSize) the .ifo gives"))
    }
    output.removeLast()
    return .success(output)
  }

  /// What went wrong inflating, in words.
  struct Failure: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  private static func describe(_ status: Int32, _ message: UnsafePointer<CChar>?) -> String {
    let detail = message.map { String(cString: $0) }
    switch status {
    case Z_DATA_ERROR: return "not valid deflate data" + (detail.map { " (\($0))" } ?? "")
    case Z_MEM_ERROR: return "zlib ran out of memory"
    case Z_BUF_ERROR: return "the compressed data is cut short"
    default: return "zlib error \(status)" + (detail.map { " (\($0))" } ?? "")
    }
  }
}
