import Foundation

// libFuzzer entry points. One executable serves every target; `QUIRE_FUZZ_TARGET` picks
// which (see Fuzz/README.md). libFuzzer's own `main` runs the loop: this module is
// compiled with `-parse-as-library`, so it has no `main` of its own.

/// The target chosen for this process.
let selectedTarget: FuzzTarget? = {
  guard let name = ProcessInfo.processInfo.environment["QUIRE_FUZZ_TARGET"] else { return nil }
  return FuzzTarget.all.first { $0.name == name }
}()

/// Called once by libFuzzer before fuzzing: checks the target, and in seed mode writes a
/// seed corpus and exits (`QUIRE_FUZZ_SEEDS_FROM` = the shared corpus, `…_TO` = a folder).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
  _ argc: UnsafeMutablePointer<Int32>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
  guard let target = selectedTarget else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("set QUIRE_FUZZ_TARGET to one of: \(names)\n".utf8))
    exit(2)
  }
  let environment = ProcessInfo.processInfo.environment
  if let from = environment["QUIRE_FUZZ_SEEDS_FROM"], let to = environment["QUIRE_FUZZ_SEEDS_TO"] {
    let count = SeedMaker(corpus: from, output: to).write(for: target)
    print("\(target.name): wrote \(count) seeds to \(to)")
    exit(0)
  }
  return 0
}

/// Called by libFuzzer for every input; a crash, a trap or an ASan report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  selectedTarget?.run(bytes)
  return 0
}
