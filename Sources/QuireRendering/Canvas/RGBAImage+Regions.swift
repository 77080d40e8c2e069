package import QuireTypesetting

extension RGBAImage {
  /// The pixels of `box` as a picture of their own (`box` lies inside the image).
  package func cropped(to box: TurnPixelBox) -> RGBAImage {
    var part = RGBAImage(width: box.x.count, height: box.y.count)
    let rowBytes = box.x.count * 4
    guard rowBytes > 0 else { return part }
    pixels.withUnsafeBufferPointer { source in
      part.pixels.withUnsafeMutableBufferPointer { target in
        for row in 0..<box.y.count {
          let from = index(x: box.x.lowerBound, y: box.y.lowerBound + row)
          target.baseAddress!.advanced(by: row * rowBytes).update(
            from: source.baseAddress!.advanced(by: from), count: rowBytes)
        }
      }
    }
    return part
  }

  /// Draws a layer of bands into this picture from `other`: `other` is the picture this
  /// one is (or is the part of whose top-left pixel is at `origin`) with a band of one
  /// colour and opacity `alpha` filled over each rectangle of `all`, and what was drawn
  /// after drawn over it. The result is this picture as if only `bands` (inside `all`,
  /// each within the one of its line) had been filled: pixels wholly inside them take
  /// `other`'s, and pixels on their fractional edges, or where two bands meet, are mixed in
  /// linear light by how much of the band's light each of the two pictures got there.
  package mutating func takeBands(
    _ bands: [Rect], of all: [Rect], alpha: Double, from other: RGBAImage,
    origin: (x: Int, y: Int) = (0, 0)
  ) {
    let bands = bands.filter { $0.width > 0 && $0.height > 0 }
    guard !bands.isEmpty, alpha > 0 else { return }
    func overlap(_ start: Int, _ low: Double, _ high: Double) -> Double {
      max(0, min(Double(start + 1), high) - max(Double(start), low))
    }
    let left = max(origin.x, 0)
    let right = min(origin.x + width, other.width)
    let top = max(origin.y, Int(bands.map(\.y).min()!.rounded(.down)), 0)
    let bottom = min(origin.y + height, Int(bands.map(\.maxY).max()!.rounded(.up)), other.height)
    guard left < right, top < bottom else { return }
    let width = width
    let linear = LinearLight.fromSRGB
    let code = LinearLight.toSRGB
    other.pixels.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        for y in top..<bottom {
          let mine = bands.compactMap { band -> (Rect, Double)? in
            let coverage = overlap(y, band.y, band.maxY)
            return coverage > 0 ? (band, coverage) : nil
          }
          guard !mine.isEmpty else { continue }
          let every = all.compactMap { band -> (Rect, Double)? in
            let coverage = overlap(y, band.y, band.maxY)
            return coverage > 0 ? (band, coverage) : nil
          }
          let sourceRow = y * other.width * 4
          let targetRow = (y - origin.y) * width * 4
          // On a row one band covers wholly, and its line's band alone: its whole pixels
          // are `other`'s, copied at once.
          var copied = 0..<0
          if mine.count == 1, every.count == 1, mine[0].1 >= 1, every[0].1 >= 1 {
            let band = mine[0].0
            copied =
              max(left, Int(band.x.rounded(.up)))..<min(right, Int(band.maxX.rounded(.down)))
            if copied.isEmpty { copied = 0..<0 }
          }
          if !copied.isEmpty {
            target.baseAddress!.advanced(by: targetRow + (copied.lowerBound - origin.x) * 4)
              .update(
                from: source.baseAddress!.advanced(by: sourceRow + copied.lowerBound * 4),
                count: copied.count * 4)
          }
          let x0 = max(left, Int(mine.map(\.0.x).min()!.rounded(.down)))
          let x1 = min(right, Int(mine.map(\.0.maxX).max()!.rounded(.up)))
          guard x0 < x1 else { continue }
          for x in x0..<x1 where !copied.contains(x) {
            // The light of the band each picture let through here: 1 − Π(1 − αc).
            var kept = 1.0
            for (band, coverage) in mine {
              kept *= 1 - alpha * coverage * overlap(x, band.x, band.maxX)
            }
            var keptAll = 1.0
            for (band, coverage) in every {
              keptAll *= 1 - alpha * coverage * overlap(x, band.x, band.maxX)
            }
            guard kept < 1, keptAll < 1 else { continue }
            let share = Int(((1 - kept) / (1 - keptAll) * 4096).rounded())
            let s = sourceRow + x * 4
            let t = targetRow + (x - origin.x) * 4
            if share >= 4096 {
              for channel in 0..<4 { target[t + channel] = source[s + channel] }
              continue
            }
            for channel in 0..<3 {
              let from = Int(linear[Int(target[t + channel])])
              let to = Int(linear[Int(source[s + channel])])
              target[t + channel] = code[from + (to - from) * share / 4096]
            }
            let from = Int(target[t + 3])
            target[t + 3] = UInt8(from + (Int(source[s + 3]) - from) * share / 4096)
          }
        }
      }
    }
  }
}
