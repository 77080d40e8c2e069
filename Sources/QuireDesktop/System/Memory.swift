// <malloc.h> is not part of the Glibc module; its two functions, as the C library
// exports them.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
@_silgen_name("malloc_trim") private func malloc_trim(_ pad: Int) -> Int32
/// <malloc.h>'s M_MMAP_THRESHOLD.
private let M_MMAP_THRESHOLD: Int32 = -3

/// How the window keeps its resident memory to what it holds.
///
/// A window holds a few full-size pictures (4 MB each at 1200 × 900) and makes new ones
/// at every turn and settings change. glibc raises its mmap threshold each time such a
/// buffer is freed, after which they come from the heap, whose freed space is kept: War
/// and Peace's window stood at 170–210 MB resident while holding some 45 MB (heaptrack's
/// peak). So buffers past 1 MB are always their own mappings, given back when freed, and
/// the heap's free pages are given back once the window has been idle a moment.
enum Memory {
  /// Allocations from this size on are mapped apart (and unmapped when freed).
  static let largeBuffer: Int32 = 1 << 20
  /// The quiet after the last event before freed memory is given back.
  static let idleDelay = 0.5

  /// Fixes glibc's mmap threshold, which otherwise grows with every large buffer freed.
  static func keepLargeBuffersApart() {
    _ = mallopt(M_MMAP_THRESHOLD, largeBuffer)
  }

  /// Gives the free pages of every malloc arena back to the system.
  static func returnFreedMemory() {
    _ = malloc_trim(0)
  }
}
