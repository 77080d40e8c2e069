import Foundation
import Testing

@testable import QuireBook

@Suite struct ZipContainerTests {
  @Test func readsEntriesInPlace() throws {
    var zip = TestZip()
    zip.add("mimetype", "application/epub+zip")
    zip.add("OEBPS/a.txt", "hello, 世界")
    zip.add("OEBPS/empty.txt", "")
    let container = try ZipContainer(path: try zip.write(), limits: ImportLimits())
    #expect(container.entryNames == ["mimetype", "OEBPS/a.txt", "OEBPS/empty.txt"])
    #expect(container.warnings.isEmpty)
    #expect(String(decoding: try container.read("OEBPS/a.txt"), as: UTF8.self) == "hello, 世界")
    #expect(try container.read("OEBPS/empty.txt").isEmpty)
    #expect(container.size(of: "OEBPS/a.txt") == 13)
    let error = #expect(throws: BookError.self) { try container.read("OEBPS/b.txt") }
    #expect(error?.code == .missingResource)
    #expect(error?.entry == "OEBPS/b.txt")
  }

  @Test func leavesOutUnsafeNamesWithAWarning() throws {
    var zip = TestZip()
    let unsafe = ["../evil.txt", "/tmp/absolute.txt", "OEBPS\\..\\back.txt", "OEBPS/../../up.txt"]
    zip.add("OEBPS/ok.txt", "fine")
    for name in unsafe { zip.add(name, "payload") }
    let container = try ZipContainer(path: try zip.write(), limits: ImportLimits())
    #expect(container.entryNames == ["OEBPS/ok.txt"])
    let warning = try #require(container.warnings.first).description
    for name in unsafe {
      #expect(warning.contains(name))
      #expect(!container.contains(name))
      #expect(throws: BookError.self) { try container.read(name) }
    }
  }

  @Test func refusesTooManyEntries() throws {
    var zip = TestZip()
    for index in 0..<6 { zip.add("f\(index).txt", "x") }
    var limits = ImportLimits()
    limits.maxEntryCount = 5
    let path = try zip.write()
    let error = #expect(throws: BookError.self) { try ZipContainer(path: path, limits: limits) }
    #expect(error?.code == .limitExceeded)
    #expect(error?.detail.contains("6 entries") == true)
    limits.maxEntryCount = 6
    #expect(try ZipContainer(path: path, limits: limits).entryNames.count == 6)
  }

  /// The count comes from the end record, before the directory is read: an archive that
  /// declares too many entries is refused for that even when its directory is garbage.
  @Test func refusesADeclaredEntryCountBeforeReadingTheDirectory() throws {
    var end: [UInt8] = [0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0]
    end += [0xA0, 0x86, 0xA0, 0x86]  // 34,464 entries on this disk and in all
    end += [0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
    let path = try ScratchFolder.make() + "/lying.epub"
    try Data(Array(repeating: 0x41, count: 4096) + end).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: BookError.self) {
      try ZipContainer(path: path, limits: ImportLimits())
    }
    #expect(error?.code == .limitExceeded)
    #expect(error?.detail.contains("34,464 entries") == true)
  }

  /// A ZIP64 archive's count is read from its ZIP64 end record.
  @Test func refusesTooManyEntriesInAZip64Archive() throws {
    var zip = TestZip()
    for index in 0..<70_000 { zip.add("f\(index)", "") }
    var limits = ImportLimits()
    limits.maxEntryCount = 69_999
    let path = try zip.write()
    let error = #expect(throws: BookError.self) { try ZipContainer(path: path, limits: limits) }
    #expect(error?.detail.contains("70,000 entries") == true)
    limits.maxEntryCount = 70_000
    #expect(try ZipContainer(path: path, limits: limits).entryNames.count == 70_000)
  }

  @Test func refusesAnEntryDeclaredTooLargeBeforeReadingIt() throws {
    var zip = TestZip()
    zip.add("small.txt", "x")
    zip.entries.append(
      TestZip.Entry(name: "big.xhtml", data: Array("tiny".utf8), declaredSize: 100_000))
    var limits = ImportLimits()
    limits.maxEntrySize = 50_000
    let path = try zip.write()
    let error = #expect(throws: BookError.self) { try ZipContainer(path: path, limits: limits) }
    #expect(error?.code == .limitExceeded)
    #expect(error?.entry == "big.xhtml")
    #expect(error?.detail.contains("100,000") == true)
    #expect(error?.description.hasPrefix(path) == true)
  }

  @Test func refusesAHighCompressionRatio() throws {
    var zip = TestZip()
    zip.entries.append(
      TestZip.Entry(
        name: "bomb.xhtml", data: Array(repeating: 65, count: 1000), declaredSize: 4 << 20,
        declaredCompressedSize: 1000))
    let error = #expect(throws: BookError.self) {
      try ZipContainer(path: try zip.write(), limits: ImportLimits())
    }
    #expect(error?.code == .limitExceeded)
    #expect(error?.entry == "bomb.xhtml")
    #expect(error?.detail.contains("4194:1") == true)
  }

  @Test func refusesATotalOverTheLimit() throws {
    var zip = TestZip()
    zip.add("a.txt", String(repeating: "a", count: 60))
    zip.add("b.txt", String(repeating: "b", count: 60))
    var limits = ImportLimits()
    limits.maxTotalSize = 100
    let path = try zip.write()
    let error = #expect(throws: BookError.self) { try ZipContainer(path: path, limits: limits) }
    #expect(error?.code == .limitExceeded)
    #expect(error?.detail.contains("120 bytes") == true)
  }

  /// A central directory that understates an entry's size must not let more bytes through.
  @Test func stopsReadingAnEntryThatInflatesPastItsDeclaredSize() throws {
    var zip = TestZip()
    zip.entries.append(
      TestZip.Entry(
        name: "liar.txt", data: Array(repeating: 66, count: 5000), declaredSize: 10))
    let container = try ZipContainer(path: try zip.write(), limits: ImportLimits())
    let error = #expect(throws: BookError.self) { try container.read("liar.txt") }
    #expect(error?.entry == "liar.txt")
    #expect(error?.code == .limitExceeded || error?.code == .corruptArchive)
  }

  @Test func reportsATruncatedArchive() throws {
    var zip = TestZip()
    zip.add("mimetype", "application/epub+zip")
    zip.add("OEBPS/content.opf", String(repeating: "<x/>", count: 200))
    let bytes = zip.bytes()
    let path = try ScratchFolder.make() + "/cut.epub"
    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: BookError.self) {
      try ZipContainer(path: path, limits: ImportLimits())
    }
    #expect(error?.code == .corruptArchive)
    #expect(error?.detail.contains("central directory") == true)
  }

  @Test func isSafeToReadFromManyTasksAtOnce() async throws {
    var zip = TestZip()
    for index in 0..<20 { zip.add("f\(index).txt", String(repeating: "\(index) ", count: 500)) }
    let container = try ZipContainer(path: try zip.write(), limits: ImportLimits())
    let ok = await withTaskGroup(of: Bool.self) { group in
      for round in 0..<200 {
        group.addTask {
          let index = round % 20
          let data = try? container.read("f\(index).txt")
          return data.map { String(decoding: $0, as: UTF8.self) }
            == String(repeating: "\(index) ", count: 500)
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(ok)
  }
}
