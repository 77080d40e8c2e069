extension RGBAImage {
  /// The image resampled to `width × height`: area averaging (a box filter) when shrinking,
  /// bilinear interpolation when enlarging, each axis separately.
  ///
  /// Works on premultiplied values, so transparent edges do not darken.
  /// - Complexity: O(source height × target width + target width × target height) times
  ///   the filter's footprint.
  package func scaled(width targetWidth: Int, height targetHeight: Int) -> RGBAImage {
    let targetWidth = max(1, targetWidth)
    let targetHeight = max(1, targetHeight)
    if targetWidth == width && targetHeight == height { return self }
    guard width > 0, height > 0 else {
      return RGBAImage(width: targetWidth, height: targetHeight)
    }
    let columns = ResamplingWeights(source: width, target: targetWidth)
    let rows = ResamplingWeights(source: height, target: targetHeight)
    // Horizontal pass: every source row to the target width.
    var wide = [Float](repeating: 0, count: height * targetWidth * 4)
    pixels.withUnsafeBufferPointer { source in
      wide.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          for x in 0..<targetWidth {
            let (start, weights) = columns.taps(x)
            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
            for (k, weight) in weights.enumerated() {
              let s = (y * width + start + k) * 4
              sum.0 += Float(source[s]) * weight
              sum.1 += Float(source[s + 1]) * weight
              sum.2 += Float(source[s + 2]) * weight
              sum.3 += Float(source[s + 3]) * weight
            }
            let t = (y * targetWidth + x) * 4
            target[t] = sum.0
            target[t + 1] = sum.1
            target[t + 2] = sum.2
            target[t + 3] = sum.3
          }
        }
      }
    }
    // Vertical pass into bytes.
    var result = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
    wide.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { target in
        for y in 0..<targetHeight {
          let (start, weights) = rows.taps(y)
          for x in 0..<targetWidth * 4 {
            var sum: Float = 0
            for (k, weight) in weights.enumerated() {
              sum += source[(start + k) * targetWidth * 4 + x] * weight
            }
            target[y * targetWidth * 4 + x] = UInt8(min(255, max(0, sum.rounded())))
          }
        }
      }
    }
    return RGBAImage(width: targetWidth, height: targetHeight, pixels: result)
  }
}

/// For each target pixel along one axis: the first source pixel and the weights of the
/// source pixels it averages (summing to 1).
private struct ResamplingWeights {
  private var starts: [Int] = []
  private var weights: [[Float]] = []

  init(source: Int, target: Int) {
    let scale = Double(target) / Double(source)
    for i in 0..<target {
      let center = (Double(i) + 0.5) / scale
      var start: Int
      var taps: [Double] = []
      if scale < 1 {
        // Box: the share of each source pixel inside the target pixel's footprint.
        let low = center - 0.5 / scale
        let high = center + 0.5 / scale
        start = max(0, Int(low.rounded(.down)))
        let end = min(source, Int(high.rounded(.up)))
        for j in start..<max(start + 1, end) {
          taps.append(max(0, min(Double(j + 1), high) - max(Double(j), low)))
        }
      } else {
        // Bilinear: the two nearest source pixel centres.
        let position = min(max(center - 0.5, 0), Double(source - 1))
        start = min(Int(position.rounded(.down)), max(0, source - 2))
        let fraction = position - Double(start)
        taps = source > 1 ? [1 - fraction, fraction] : [1]
      }
      let total = taps.reduce(0, +)
      starts.append(start)
      weights.append(taps.map { Float(total > 0 ? $0 / total : 0) })
    }
  }

  func taps(_ index: Int) -> (start: Int, weights: [Float]) { (starts[index], weights[index]) }
}
