package import Glibc

/// How Quire starts another program: with no signal blocked and every signal at its
/// default, not with the state of the thread that starts it.
///
/// `posix_spawn` passes the caller's signal mask and ignored signals on: a clipboard tool
/// started from the reader would ignore what its dispatch sources take, an Xvfb or tmux
/// server started from a test thread (which blocks most signals) never sees its SIGTERM
/// and outlives the test.
package enum ChildSignals {
  /// Calls `body` with spawn attributes that give the child a clean signal state; pass
  /// them to `posix_spawn`.
  package static func withDefaults<Result>(
    _ body: (UnsafePointer<posix_spawnattr_t>) throws -> Result
  ) rethrows -> Result {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return try body(&attributes)
  }
}
