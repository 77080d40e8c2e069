import CRsvg
import Foundation
import QuireBook

/// Draws SVG images with librsvg (opened at run time, `LibRsvg`) into premultiplied RGBA.
///
/// An SVG is hostile input like any other: more than
/// `maximumBytes` is refused unread, the raster is never larger than `ImageDecoder`'s
/// limits (a vector image is drawn smaller instead), and drawing runs on a thread of its
/// own that the caller waits for at most `timeLimit`: an SVG that takes longer is given up
/// (its thread finishes in the background, and while `maximumAbandoned` of those still
/// run, further SVGs are refused at once). librsvg is given the bytes without a base
/// file, so it loads nothing from outside them (no files, no network).
enum SVGRasterizer {
  /// The largest SVG file accepted, in bytes.
  static let maximumBytes = 8 << 20
  /// How long a caller waits for one SVG to be drawn.
  static let timeLimit: Duration = .seconds(2)
  /// Drawings given up on and still running that make further SVGs fail at once.
  static let maximumAbandoned = 2
  /// The side used when the SVG states no size and the caller asks for none.
  static let defaultSide = 512

  private static let abandoned = Locked(0)

  /// Draws `data` at `size` pixels (its own size when nil); `name` appears in errors.
  static func decode(_ data: Data, name: String, size: (width: Int, height: Int)?)
    throws(RenderingError) -> RGBAImage
  {
    guard data.count <= maximumBytes else {
      throw .imageUnreadable(
        name: name, reason: "SVG of \(data.count) bytes is over the limit of \(maximumBytes)")
    }
    guard abandoned.withLock({ $0 }) < maximumAbandoned else {
      throw .imageUnreadable(name: name, reason: "earlier SVGs are still being drawn")
    }
    let outcome = Locked<Result<RGBAImage, RenderingError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let result = draw(data, name: name, size: size)
      outcome.withLock { $0 = result }
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    let seconds = Double(timeLimit.components.seconds)
    if done.wait(timeout: .now() + seconds) == .timedOut {
      abandoned.withLock { $0 += 1 }
      // The thread still owns its handle and buffer; it frees them when it ends.
      Thread {
        done.wait()
        abandoned.withLock { $0 -= 1 }
      }.start()
      throw .imageUnreadable(name: name, reason: "SVG took more than \(seconds) s to draw")
    }
    guard let result = outcome.withLock({ $0 }) else {
      throw .imageUnreadable(name: name, reason: "SVG not drawn")
    }
    return try result.get()
  }

  /// Parses and draws on the calling thread.
  private static func draw(_ data: Data, name: String, size: (width: Int, height: Int)?)
    -> Result<RGBAImage, RenderingError>
  {
    guard let rsvg = LibRsvg.shared else {
      return .failure(.libraryUnavailable("librsvg (librsvg-2.so.2)"))
    }
    let handle = data.withUnsafeBytes { raw in
      rsvg.newFromData(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, nil)
    }
    guard let handle else {
      return .failure(.imageUnreadable(name: name, reason: "librsvg cannot parse the SVG"))
    }
    defer { rsvg.unref(UnsafeMutableRawPointer(handle)) }
    rsvg.setDPI(handle, 96)
    let (width, height) = pixelSize(handle, rsvg, data: data, requested: size)
    let stride = Int(rsvg.strideForWidth(quire_cairo_format_argb32, Int32(width)))
    guard stride >= width * 4 else {
      return .failure(.imageUnreadable(name: name, reason: "no raster of \(width) × \(height)"))
    }
    var argb = [UInt8](repeating: 0, count: stride * height)
    let drawn: Result<Void, RenderingError> = argb.withUnsafeMutableBytes { raw in
      guard
        let surface = rsvg.createSurface(
          raw.bindMemory(to: UInt8.self).baseAddress, quire_cairo_format_argb32, Int32(width),
          Int32(height), Int32(stride)),
        rsvg.surfaceStatus(surface) == 0
      else { return .failure(.libraryUnavailable("cairo")) }
      defer { rsvg.destroySurface(surface) }
      guard let context = rsvg.createContext(surface) else {
        return .failure(.libraryUnavailable("cairo"))
      }
      defer { rsvg.destroyContext(context) }
      var viewport = quire_rsvg_rectangle(x: 0, y: 0, width: Double(width), height: Double(height))
      guard rsvg.renderDocument(handle, context, &viewport, nil) != 0 else {
        return .failure(.imageUnreadable(name: name, reason: "librsvg cannot draw the SVG"))
      }
      rsvg.flushSurface(surface)
      return .success(())
    }
    if case .failure(let failure) = drawn { return .failure(failure) }
    return .success(rgba(fromARGB: argb, width: width, height: height, stride: stride))
  }

  /// The raster size: the one asked for, else the SVG's own (from librsvg, else its
  /// header's `viewBox`), shrunk to `ImageDecoder`'s limits keeping its proportions.
  private static func pixelSize(
    _ handle: OpaquePointer, _ rsvg: LibRsvg, data: Data, requested: (width: Int, height: Int)?
  ) -> (Int, Int) {
    var width = Double(defaultSide)
    var height = Double(defaultSide)
    var intrinsicWidth = 0.0
    var intrinsicHeight = 0.0
    if let requested {
      width = Double(requested.width)
      height = Double(requested.height)
    } else if rsvg.intrinsicSize(handle, &intrinsicWidth, &intrinsicHeight)
      != 0, intrinsicWidth >= 1, intrinsicHeight >= 1
    {
      width = intrinsicWidth.rounded(.up)
      height = intrinsicHeight.rounded(.up)
    } else if let header = ImageHeader.size(of: data) {
      width = Double(header.width)
      height = Double(header.height)
    }
    let side = Double(ImageDecoder.maximumSide) / 4
    let scale = min(1, side / max(width, height, 1))
    return (max(1, Int(width * scale)), max(1, Int(height * scale)))
  }

  /// Cairo's native-endian premultiplied ARGB (B, G, R, A in memory on little-endian
  /// machines) as the renderer's premultiplied R, G, B, A rows without padding.
  private static func rgba(fromARGB argb: [UInt8], width: Int, height: Int, stride: Int)
    -> RGBAImage
  {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    argb.withUnsafeBytes { source in
      pixels.withUnsafeMutableBytes { target in
        for y in 0..<height {
          for x in 0..<width {
            let word = source.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            let to = (y * width + x) * 4
            target[to] = UInt8(truncatingIfNeeded: word >> 16)
            target[to + 1] = UInt8(truncatingIfNeeded: word >> 8)
            target[to + 2] = UInt8(truncatingIfNeeded: word)
            target[to + 3] = UInt8(truncatingIfNeeded: word >> 24)
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }
}
