import Foundation

/// sRGB ↔ linear-light lookup tables, so that blending can average light, not sRGB codes.
///
/// Blending in sRGB makes anti-aliased edges of dark text on a light page too dark and of
/// light text on a dark page too thin; averaging in linear light (IEC 61966-2-1 transfer
/// function) gives the same apparent weight on every theme. Linear values are 12-bit
/// (0…4095), enough that no 8-bit sRGB step is lost on the way back.
///
/// The tables live in memory that is never freed, so the blending loop reads them through
/// plain pointers: no array bounds checks or retain/release per pixel. `nonisolated(unsafe)`
/// is sound here: each table is written once inside its static initialiser (which Swift
/// runs exactly once, thread-safely) and only read afterwards.
enum LinearLight {
  /// Largest linear value.
  static let maximum = 4095

  /// 8-bit sRGB code → 12-bit linear light (256 entries).
  nonisolated(unsafe) static let fromSRGB: UnsafePointer<UInt16> = {
    let table = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
    for code in 0..<256 {
      let c = Double(code) / 255
      let linear = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
      table[code] = UInt16((linear * Double(maximum)).rounded())
    }
    return UnsafePointer(table)
  }()

  /// 12-bit linear light → 8-bit sRGB code (4096 entries).
  nonisolated(unsafe) static let toSRGB: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: maximum + 1)
    for value in 0...maximum {
      let l = Double(value) / Double(maximum)
      let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
      table[value] = UInt8(min(255, max(0, (c * 255).rounded())))
    }
    return UnsafePointer(table)
  }()
}
