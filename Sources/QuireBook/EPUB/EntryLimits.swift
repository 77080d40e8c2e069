/// The `ImportLimits` checks that both kinds of container apply to their entries' sizes.
///
/// Sizes are checked twice: first as declared (the ZIP central directory, the file system),
/// so a bomb is refused before a byte is inflated, then while reading, because a ZIP's
/// declared sizes can lie.
struct EntryLimits: Sendable {
  /// The limits in force.
  let limits: ImportLimits
  /// The book's path, for errors.
  let path: String

  /// Entries smaller than this are never refused for their compression ratio: small
  /// files of repeated markup compress very well and are harmless.
  static let ratioCheckThreshold = 1 << 20

  /// Refuses an archive with more entries than allowed.
  func checkEntryCount(_ count: Int) throws {
    if count > limits.maxEntryCount {
      throw BookError(
        .limitExceeded, path: path,
        "the archive has \(grouped(count)) entries, more than the limit of "
          + "\(grouped(limits.maxEntryCount))")
    }
  }

  /// Refuses an entry whose declared size or compression ratio is over the limits.
  /// `compressedSize` is nil for files that are not compressed (a folder's files).
  func checkDeclared(entry: String, size: Int, compressedSize: Int?) throws {
    if size > limits.maxEntrySize {
      throw BookError(
        .limitExceeded, path: path, entry: entry,
        "the entry would inflate to \(grouped(size)) bytes, more than the limit of "
          + "\(grouped(limits.maxEntrySize)); it was not decompressed (a likely zip bomb)")
    }
    if let compressedSize, size > Self.ratioCheckThreshold {
      let ratio = size / max(compressedSize, 1)
      if ratio > limits.maxCompressionRatio {
        throw BookError(
          .limitExceeded, path: path, entry: entry,
          "the entry would inflate from \(grouped(compressedSize)) to \(grouped(size)) bytes "
            + "(\(ratio):1, more than the limit of \(limits.maxCompressionRatio):1); "
            + "it was not decompressed (a likely zip bomb)")
      }
    }
  }

  /// Refuses a container whose declared total size is over the limit.
  func checkTotal(_ total: Int) throws {
    if total > limits.maxTotalSize {
      throw BookError(
        .limitExceeded, path: path,
        "the files would inflate to \(grouped(total)) bytes in all, more than the limit of "
          + "\(grouped(limits.maxTotalSize))")
    }
  }

  /// Refuses an archive whose entries together inflate more than the ratio allows: a bomb
  /// spread over many entries, each under `ratioCheckThreshold`, passes the per-entry check.
  func checkTotalRatio(size: Int, compressedSize: Int) throws {
    guard size > Self.totalRatioCheckThreshold else { return }
    let ratio = size / max(compressedSize, 1)
    if ratio > limits.maxCompressionRatio {
      throw BookError(
        .limitExceeded, path: path,
        "the files would inflate from \(grouped(compressedSize)) to \(grouped(size)) bytes in all "
          + "(\(ratio):1, more than the limit of \(limits.maxCompressionRatio):1); nothing was "
          + "decompressed (a likely zip bomb)")
    }
  }

  /// Archives smaller than this when inflated are never refused for their overall ratio.
  static let totalRatioCheckThreshold = 16 << 20

  /// The error for an entry that turned out larger than declared while being read.
  func overrun(entry: String, declared: Int) -> BookError {
    BookError(
      .limitExceeded, path: path, entry: entry,
      "the entry inflates past its declared size of \(grouped(declared)) bytes; "
        + "reading was stopped (a damaged or hostile archive)")
  }
}

/// `1234567` → "1,234,567", for sizes in messages.
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return value < 0 ? "-" + result : result
}
