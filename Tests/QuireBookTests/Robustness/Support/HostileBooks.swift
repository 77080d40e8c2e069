import Foundation

/// Hostile books written on the fly: each is small on disk and attacks one limit.
enum HostileBooks {
  /// An EPUB whose spine is `chapters` (name, XHTML) and whose manifest also lists
  /// `resources` (name, media type); the extra `entries` are added as they are.
  static func epub(
    chapters: [(name: String, xhtml: String)],
    resources: [(name: String, mediaType: String)] = [],
    entries: [TestZip.Entry] = []
  ) -> TestZip {
    var manifest = ""
    var spine = ""
    for (index, chapter) in chapters.enumerated() {
      manifest += "<item id=\"c\(index)\" href=\"\(chapter.name)\" "
      manifest += "media-type=\"application/xhtml+xml\"/>"
      spine += "<itemref idref=\"c\(index)\"/>"
    }
    for (index, resource) in resources.enumerated() {
      manifest += "<item id=\"r\(index)\" href=\"\(resource.name)\" "
      manifest += "media-type=\"\(resource.mediaType)\"/>"
    }
    let opf = """
      <?xml version="1.0" encoding="UTF-8"?>
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">hostile\
      </dc:identifier><dc:title>Hostile</dc:title><dc:language>en</dc:language></metadata>
      <manifest>\(manifest)</manifest><spine>\(spine)</spine></package>
      """
    var files: [String: String] = [:]
    for chapter in chapters { files["OEBPS/" + chapter.name] = chapter.xhtml }
    var zip = TestZip.epub(opf: opf, files: files)
    zip.entries += entries
    return zip
  }

  /// An XHTML document around `body`, with `head` markup and an optional internal DTD
  /// subset.
  static func xhtml(body: String, head: String = "", doctype: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    \(doctype)<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title>\(head)</head>
    <body>\(body)</body></html>
    """
  }

  // MARK: - Attacks

  /// A chapter that inflates to `inflated` bytes of "A" whose ZIP headers declare only
  /// `declared` bytes (a bomb that lies) or the truth (when `declared` is nil).
  static func zipBomb(inflated: Int, declared: Int?) -> TestZip {
    let stream = Deflate.repeating(prefix: chapterPrefix, totalLength: inflated)
    var zip = epub(chapters: [
      ("intro.xhtml", xhtml(body: "<p>Before the bomb.</p>")), ("bomb.xhtml", ""),
    ])
    zip.replace("OEBPS/bomb.xhtml", with: stream, declaredSize: declared)
    return zip
  }

  /// `count` chapters of `size` bytes each, deflated ~150:1, each under the per-entry
  /// ratio check's 1 MiB threshold: a bomb spread over many entries.
  static func spreadZipBomb(count: Int, size: Int) -> TestZip {
    let stream = Deflate.repeating(prefix: chapterPrefix, totalLength: size)
    var zip = epub(chapters: (0..<count).map { ("c\($0).xhtml", "") })
    for index in 0..<count {
      zip.replace("OEBPS/c\(index).xhtml", with: stream, declaredSize: nil)
    }
    return zip
  }

  /// The start of a chapter up to an open `<p>`, before a bomb's run of "A"s.
  private static let chapterPrefix = Array(
    xhtml(body: "<p>").dropLast("</p></body></html>".count + 1).utf8)

  /// A chapter of `levels` nested `<div>`s around one word, then a closing paragraph.
  static func deepNesting(levels: Int) -> TestZip {
    let body =
      "<p>Before the abyss.</p>" + String(repeating: "<div>", count: levels) + "deep"
      + String(repeating: "</div>", count: levels) + "<p>After the abyss.</p>"
    return epub(chapters: [("deep.xhtml", xhtml(body: body))])
  }

  /// "Billion laughs": ten levels of entities, each ten references to the one below, in
  /// the chapter's internal DTD subset (a 3 GB expansion if substituted).
  static func billionLaughs() -> TestZip {
    var subset = "<!DOCTYPE html [<!ENTITY lol0 \"lol\">"
    for level in 1...10 {
      subset += "<!ENTITY lol\(level) \""
      subset += String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    subset += "]>"
    let body = "<p>Before the laughs.</p><p>&lol10;</p><p>After the laughs.</p>"
    return epub(chapters: [("laughs.xhtml", xhtml(body: body, doctype: subset))])
  }

  /// A PNG whose IHDR claims 100000×100000 pixels (40 GB of RGBA), shown by an `<img>`.
  static func giantImage() -> TestZip {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    png += Array("IHDR".utf8) + bigEndian(100_000) + bigEndian(100_000) + [8, 6, 0, 0, 0]
    png += [0, 0, 0, 0]  // CRC: not checked by a header reader
    let body = "<p>A picture:</p><img src=\"giant.png\" alt=\"giant\"/><p>After it.</p>"
    return epub(
      chapters: [("image.xhtml", xhtml(body: body))],
      resources: [("giant.png", "image/png")],
      entries: [TestZip.Entry(name: "OEBPS/giant.png", data: png)])
  }

  /// A chapter that links a stylesheet of `size` bytes and carries another inline.
  static func hugeStylesheet(size: Int) -> TestZip {
    var css = ""
    var index = 0
    while css.utf8.count < size {
      css += ".c\(index) p span.x\(index * 7919 % 100_003) { margin: \(index % 97)px }\n"
      index += 1
    }
    let head = "<link rel=\"stylesheet\" href=\"huge.css\"/><style>\(css)</style>"
    return epub(
      chapters: [("styled.xhtml", xhtml(body: "<p>Styled text.</p>", head: head))],
      resources: [("huge.css", "text/css")],
      entries: [TestZip.Entry(name: "OEBPS/huge.css", data: Array(css.utf8))])
  }

  /// An EPUB with `count` (empty) archive entries besides its one chapter.
  static func manyEntries(_ count: Int) -> TestZip {
    var zip = epub(chapters: [("one.xhtml", xhtml(body: "<p>One chapter.</p>"))])
    zip.entries.reserveCapacity(count + 4)
    for index in 0..<count {
      zip.entries.append(TestZip.Entry(name: "OEBPS/f/\(index)", data: []))
    }
    return zip
  }

  /// A sparse TXT file of `size` bytes: almost nothing on disk, all of it zeros to read.
  static func hugeSparseText(size: Int, at path: String) throws {
    _ = FileManager.default.createFile(atPath: path, contents: Data("Chapter 1\n".utf8))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8((value >> (24 - 8 * UInt32($0))) & 0xFF) }
  }
}

extension TestZip {
  /// Makes the entry `name` the deflate `stream`, declaring `declaredSize` bytes (the
  /// truth when nil). Its CRC is left 0: a bomb is refused or stopped before its end.
  fileprivate mutating func replace(
    _ name: String, with stream: Deflate.Stream, declaredSize: Int?
  ) {
    guard let index = entries.firstIndex(where: { $0.name == name }) else { return }
    entries[index].data = stream.bytes
    entries[index].method = 8
    entries[index].declaredSize = UInt32(clamping: declaredSize ?? stream.inflatedLength)
    entries[index].crc = 0
  }
}
