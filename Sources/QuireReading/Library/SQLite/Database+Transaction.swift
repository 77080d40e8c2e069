extension Database {
  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  ///
  /// The outermost call uses `BEGIN IMMEDIATE`, which takes the write lock at the start
  /// (waiting up to the busy timeout): a deferred transaction that reads first and then
  /// writes can fail with `SQLITE_BUSY` at once when another process wrote in between,
  /// without the busy handler ever running. Nested calls become savepoints, so an inner
  /// failure rolls back only the inner work.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    let nested = isInTransaction
    try execute(nested ? "SAVEPOINT nested" : "BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute(nested ? "RELEASE nested" : "COMMIT")
      return result
    } catch {
      if nested {
        try? execute("ROLLBACK TO nested")
        try? execute("RELEASE nested")
      } else {
        try? execute("ROLLBACK")
      }
      throw error
    }
  }
}
