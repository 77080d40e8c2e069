import QuireTypesetting

/// Rendered glyph masks, keyed by face, glyph id, size and subpixel bin.
///
/// A glyph is rasterised once per (font, glyph, size, quarter-pixel x offset) and reused
/// on every page after that: a book page repeats a few hundred distinct glyphs. The
/// x position of a glyph is split into a whole pixel and one of `subpixelBins` bins;
/// the bin selects a mask whose outline was shifted by that fraction. When the cache
/// holds more than `capacity` masks it is emptied (pages of one book settle on a small
/// working set quickly, so a simple reset beats per-entry bookkeeping).
/// Not thread-safe.
package final class GlyphCache {
  /// Horizontal subpixel positions per pixel.
  package static let subpixelBins = 4

  struct Key: Hashable {
    var face: Int32
    var bin: UInt8
    var glyph: UInt32
    var size26Dot6: Int32
  }

  private let rasterizer: FreeTypeRasterizer
  private var faceIDs: [FontReference: Int] = [:]
  private var masks: [Key: GlyphMask?] = [:]
  /// Masks kept before the cache is emptied.
  package let capacity: Int
  /// Lookups answered from the cache.
  package private(set) var hits = 0
  /// Lookups that rasterised a glyph.
  package private(set) var misses = 0

  /// Creates an empty cache with its own FreeType instance.
  package init(capacity: Int = 16_384) throws(RenderingError) {
    rasterizer = try FreeTypeRasterizer()
    self.capacity = capacity
  }

  /// Masks currently cached.
  package var count: Int { masks.count }

  /// The face id of a font reference, opening the file on first use; nil when unreadable.
  func face(for font: FontReference) -> Int? {
    if let id = faceIDs[font] { return id >= 0 ? id : nil }
    let id = rasterizer.openFace(path: font.path, index: font.faceIndex)
    faceIDs[font] = id ?? -1
    return id
  }

  /// The mask of `glyph` at `size` pixels per em, shifted right by `bin` quarter pixels.
  func mask(face: Int, glyph: UInt32, size: Double, bin: Int) -> GlyphMask? {
    let size26Dot6 = Int32(min(max(size, 1), 1024) * 64)
    let key = Key(face: Int32(face), bin: UInt8(bin), glyph: glyph, size26Dot6: size26Dot6)
    if let cached = masks[key] {
      hits += 1
      return cached
    }
    misses += 1
    if masks.count >= capacity { masks.removeAll(keepingCapacity: true) }
    let mask = rasterizer.render(
      face: face, glyph: glyph, size26Dot6: Int(size26Dot6),
      shift26Dot6: bin * 64 / Self.subpixelBins)
    masks[key] = mask
    return mask
  }

  /// The mask of `glyph` turned 90° clockwise about its pen, for Latin text in a vertical
  /// column: cached apart from the upright masks, with no subpixel bins.
  func turnedMask(face: Int, glyph: UInt32, size: Double) -> GlyphMask? {
    let size26Dot6 = Int32(min(max(size, 1), 1024) * 64)
    let key = Key(face: Int32(face), bin: Self.turnedBin, glyph: glyph, size26Dot6: size26Dot6)
    if let cached = masks[key] {
      hits += 1
      return cached
    }
    let turned = mask(face: face, glyph: glyph, size: size, bin: 0)?.turnedClockwise
    masks[key] = turned
    return turned
  }

  /// The bin of the turned masks' keys, past the subpixel bins.
  private static let turnedBin: UInt8 = 0xFF

  /// Splits an x position into the whole pixel and the subpixel bin of its fraction.
  @inline(__always)
  static func split(_ x: Float) -> (pixel: Int, bin: Int) {
    let scaled = (x * Float(subpixelBins)).rounded()
    let quarters = Int(scaled)
    let pixel =
      quarters >= 0 ? quarters / subpixelBins : (quarters - subpixelBins + 1) / subpixelBins
    return (pixel, quarters - pixel * subpixelBins)
  }
}
