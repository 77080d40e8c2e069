import Foundation

/// Writes frames as an animated PNG (APNG: `acTL`, `fcTL` and `fdAT` chunks).
///
/// Each frame is encoded by libpng as an ordinary PNG; its `IDAT` data is then re-wrapped:
/// the first frame keeps its `IDAT` chunks (so viewers without APNG show it), later frames
/// become `fdAT` chunks with sequence numbers. Follows the APNG specification 1.0
/// (Mozilla), now part of PNG Third Edition.
public enum APNGWriter {
  /// Writes `frames` (all one size) to `path`, each shown for `delay` seconds, looping.
  public static func write(frames: [RGBAImage], delay: Double, to path: String)
    throws(RenderingError)
  {
    try FileOutput.write(try encode(frames: frames, delay: delay), to: path)
  }

  /// The APNG file bytes for `frames`.
  public static func encode(frames: [RGBAImage], delay: Double, loops: Int = 0)
    throws(RenderingError) -> [UInt8]
  {
    guard let first = frames.first else { throw .badFrames(reason: "no frames") }
    guard frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
      throw .badFrames(reason: "frames differ in size")
    }
    var output: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var sequence: UInt32 = 0
    let milliseconds = UInt16(min(65_535, max(0, (delay * 1000).rounded())))
    for (index, frame) in frames.enumerated() {
      let chunks = try PNGChunk.parse([UInt8](frame.pngData()))
      if index == 0 {
        guard let header = chunks.first(where: { $0.type == "IHDR" }) else {
          throw .imageNotWritten(path: "animation frame", reason: "libpng wrote no IHDR")
        }
        header.append(to: &output)
        PNGChunk(type: "acTL", data: bigEndian(UInt32(frames.count)) + bigEndian(UInt32(loops)))
          .append(to: &output)
      }
      var control = bigEndian(sequence) + bigEndian(UInt32(frame.width))
      control += bigEndian(UInt32(frame.height)) + bigEndian(UInt32(0)) + bigEndian(UInt32(0))
      // Delay in milliseconds; dispose op "none", blend op "source".
      control += bigEndian(milliseconds) + bigEndian(UInt16(1000)) + [0, 0]
      PNGChunk(type: "fcTL", data: control).append(to: &output)
      sequence += 1
      for chunk in chunks where chunk.type == "IDAT" {
        if index == 0 {
          chunk.append(to: &output)
        } else {
          PNGChunk(type: "fdAT", data: bigEndian(sequence) + chunk.data).append(to: &output)
          sequence += 1
        }
      }
    }
    PNGChunk(type: "IEND", data: []).append(to: &output)
    return output
  }

  /// Writes `frames` as numbered PNGs beside `path`: `turn.png` → `turn-000.png`, …
  /// Returns the paths written.
  @discardableResult
  public static func writeSequence(frames: [RGBAImage], to path: String)
    throws(RenderingError) -> [String]
  {
    let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
    var paths: [String] = []
    for (index, frame) in frames.enumerated() {
      let number = String(index)
      let framePath =
        "\(stem)-\(String(repeating: "0", count: max(0, 3 - number.count)))\(number).png"
      try frame.writePNG(to: framePath)
      paths.append(framePath)
    }
    return paths
  }
}

func bigEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
  withUnsafeBytes(of: value.bigEndian) { Array($0) }
}

/// One PNG chunk: length, type, data, CRC (PNG spec §5.3).
struct PNGChunk {
  var type: String
  var data: [UInt8]

  /// Appends the chunk with its length and CRC over type and data.
  func append(to output: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    output += bigEndian(UInt32(data.count))
    output += typeBytes
    output += data
    var crc = CRC32()
    crc.update(typeBytes)
    crc.update(data)
    output += bigEndian(crc.checksum)
  }

  /// The chunks of a PNG file (after its 8-byte signature).
  static func parse(_ bytes: [UInt8]) throws(RenderingError) -> [PNGChunk] {
    var chunks: [PNGChunk] = []
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let end = offset + 12 + length
      guard end <= bytes.count else {
        throw .imageNotWritten(path: "animation frame", reason: "truncated PNG chunk")
      }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      chunks.append(PNGChunk(type: type, data: Array(bytes[offset + 8..<offset + 8 + length])))
      offset = end
    }
    return chunks
  }
}
