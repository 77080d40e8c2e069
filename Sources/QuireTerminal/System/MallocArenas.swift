// <malloc.h> is not part of the Glibc module; mallopt as the C library exports it.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
/// <malloc.h>'s M_ARENA_MAX.
private let M_ARENA_MAX: Int32 = -8

/// How the terminal reader keeps its resident memory to what it holds.
///
/// glibc gives threads that allocate at the same moment malloc arenas of their own (up to
/// eight per core), each keeping the space freed in it until it is reused there: with the
/// exact pass's workers and the concurrency threads, War and Peace's reader stood at 68 MB
/// resident while it held 19 MB at most (massif). In one arena: 62 MB, with page turns
/// as quick (`quire bench terminal`, the process run with `MALLOC_ARENA_MAX=1`).
///
/// A thread keeps the arena it first allocated from, so the limit must come before any
/// thread but the main one allocates: `quire read` sets it first thing, on its main
/// thread. Set later, from the task that runs the reader, it left that task's thread an
/// arena of its own, holding 6.4 MB of the 61.7 resident.
public enum MallocArenas {
  /// Makes every thread allocate from the one arena of the main thread (threads that
  /// already have an arena keep it); call before the reader's threads start.
  public static func useOne() {
    _ = mallopt(M_ARENA_MAX, 1)
  }
}
