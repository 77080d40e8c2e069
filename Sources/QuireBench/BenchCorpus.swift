import Foundation

/// The corpus books the suites measure, by path inside the shared corpus folder.
package enum BenchCorpus {
  /// The longest English novel: War and Peace, UTF-8 with a BOM and CRLF lines.
  package static let warAndPeace = "txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt"
  /// 红楼梦 in UTF-8, simplified characters.
  package static let hongloumeng = "txt/zh/hongloumeng_simplified_utf8-crlf.txt"

  /// A sample of each format beyond TXT and EPUB, and the fixed-layout EPUB: what
  /// `quire bench import` opens to its first page.
  package static let formatSamples = [
    "fb2/alice-in-wonderland_pg11_generated.fb2",
    "fb2/alice-in-wonderland_pg11_generated.fb2.zip",
    "mobi/pg11-alice-in-wonderland_calibre-old.mobi",
    "mobi/se-the-adventures-of-sherlock-holmes_calibre-old.mobi",
    "azw3/pg11-alice-in-wonderland_calibre-kf8.azw3",
    "azw3/se-the-adventures-of-sherlock-holmes_calibre-kf8.azw3",
    "cbz/cole-voyage-of-life_12-pages_unpadded-names.cbz",
  ]

  /// The corpus folders that hold books, and the endings of their book files.
  static let bookFolders = [
    "txt/de", "txt/en", "txt/ja", "txt/zh", "epub", "fb2", "mobi", "azw3", "cbz",
  ]
  static let bookEndings = [".txt", ".epub", ".fb2", ".fb2.zip", ".mobi", ".azw3", ".cbz"]

  /// Every book of the corpus in every format (not the `bad/` folder), sorted.
  package static func allBooks(in corpus: String) -> [String] {
    let manager = FileManager.default
    var books: [String] = []
    for folder in bookFolders {
      let directory = corpus + "/" + folder
      let names = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
      for name in names where bookEndings.contains(where: { name.hasSuffix($0) }) {
        books.append(directory + "/" + name)
      }
    }
    return books.sorted()
  }

  /// Size of a file in bytes (0 when unreadable).
  package static func size(of path: String) -> Int {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    return (attributes?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// The file name without its folder.
  package static func name(of path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }
}

/// Why a suite could not run.
public struct BenchError: Error, CustomStringConvertible {
  /// What went wrong, naming the file.
  public var description: String

  /// Creates an error with a message.
  public init(_ description: String) { self.description = description }
}
