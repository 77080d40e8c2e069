import Foundation
import Testing

@testable import QuireBook

/// Title and author from labelled lines at the top of a downloaded text.
struct TXTLabelledMetadataTests {
  private func metadata(_ text: String, name: String = "book") throws -> Metadata {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString).txt").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try Book.open(path).metadata
  }

  private let body = "\n\n第一章 开始\n\n　　他走进了院子，看见一棵老树。\n\n第二章 后来\n\n　　天黑了。\n"

  @Test func aTitleLineAndAnAuthorLineFillTheMetadata() throws {
    let book = try metadata("斗破苍穹\n作者：天蚕土豆\n" + body)
    #expect(book.title == "斗破苍穹")
    #expect(book.authors == ["天蚕土豆"])
  }

  @Test func labelsAreRemovedWhateverTheirPunctuation() throws {
    let book = try metadata("书名：《雪中悍刀行》\n作者；烽火戏诸侯　　类别：武侠\n" + body)
    #expect(book.title == "雪中悍刀行")
    #expect(book.authors == ["烽火戏诸侯"])
    #expect(try metadata("红楼梦\n曹雪芹 著\n" + body).authors == ["曹雪芹"])
  }

  @Test func englishAndRussianHeadersWithoutGutenbergMarkers() throws {
    let english = try metadata(
      "Title: The Sign of the Four\nAuthor: Arthur Conan Doyle\n\nCHAPTER I\n\nSherlock Holmes took his bottle.\n"
    )
    #expect(english.title == "The Sign of the Four")
    #expect(english.authors == ["Arthur Conan Doyle"])
    let russian = try metadata(
      "Название: Война и мир\nАвтор: Лев Толстой\n\nГЛАВА I\n\nЭх, князь.\n")
    #expect(russian.title == "Война и мир")
    #expect(russian.authors == ["Лев Толстой"])
  }

  @Test func theFileNameOnlyWhenNothingBetterExists() throws {
    let book = try metadata("　　他走进了院子。\n\n　　效果显著\n\n　　天黑了。\n", name: "my-novel")
    #expect(book.title.hasPrefix("my-novel"))
    #expect(book.authors.isEmpty)
  }
}
