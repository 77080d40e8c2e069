/// One fuzz target: a name for `QUIRE_FUZZ_TARGET` and what it does with an input.
struct FuzzTarget: Sendable {
  let name: String
  let run: @Sendable ([UInt8]) -> Void

  /// Every target, in the order `scripts/fuzz` runs them.
  static let all: [FuzzTarget] = [
    FuzzTarget(name: "txt", run: TXTFuzz.run),
    FuzzTarget(name: "aozora", run: AozoraFuzz.run),
    FuzzTarget(name: "epub", run: EPUBFuzz.run),
    FuzzTarget(name: "package", run: PackageFuzz.run),
    FuzzTarget(name: "xhtml", run: XHTMLFuzz.run),
    FuzzTarget(name: "css", run: CSSFuzz.run),
    FuzzTarget(name: "paginate", run: PaginateFuzz.run),
    FuzzTarget(name: "fb2", run: FB2Fuzz.run),
    FuzzTarget(name: "mobi", run: MobipocketFuzz.run),
    FuzzTarget(name: "cbz", run: ComicFuzz.run),
    FuzzTarget(name: "dictd-index", run: DictdIndexFuzz.run),
    FuzzTarget(name: "dictzip", run: DictzipFuzz.run),
    FuzzTarget(name: "stardict", run: StarDictFuzz.run),
  ]
}
