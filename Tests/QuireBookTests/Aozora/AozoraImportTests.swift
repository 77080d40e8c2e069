import Testing

@testable import QuireBook

/// The two Aozora Bunko texts of the corpus, as a reader opens them: chapters from the
/// heading notes, metadata from the title block, ruby and notes read, no markup left.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct AozoraImportTests {
  static let wagahai = importCorpusBook(
    "txt/ja/wagahai-wa-neko-de-aru_natsume-soseki_aozora-ruby_shift-jis-crlf.txt")
  static let kokoro = importCorpusBook("txt/ja/kokoro_natsume-soseki_aozora-ruby_utf8-lf.txt")

  @Test func wagahaiHasElevenChaptersFromItsHeadingNotes() throws {
    let book = try #require(Self.wagahai)
    #expect(book.format == .aozora(encoding: "Shift_JIS"))
    #expect(book.metadata.title == "吾輩は猫である")
    #expect(book.metadata.authors == ["夏目漱石"])
    #expect(book.metadata.language == "ja")
    #expect(book.metadata.progressesRightToLeft)
    #expect(
      book.bodyChapters.map(\.title) == ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一"])
    #expect(book.chapters.first?.role == .frontMatter)
    #expect(book.chapters.last?.title == "底本")
    #expect(book.chapters.last?.role == .backMatter)
  }

  @Test func kokoroHasThreePartsOf110Chapters() throws {
    let book = try #require(Self.kokoro)
    #expect(book.format == .aozora(encoding: "UTF-8"))
    #expect(book.metadata.title == "こころ")
    let parts = book.toc.filter { !$0.children.isEmpty }
    #expect(parts.map(\.title) == ["上 先生と私", "中 両親と私", "下 先生と遺書"])
    #expect(parts.map(\.children.count).reduce(0, +) == 110)
    #expect(book.bodyChapters.count == 110)
    // A part heading opens its first chapter; its chapter's heading follows it.
    let part = try #require(parts.first)
    let first = try #require(part.children.first)
    #expect(part.chapterIndex == first.chapterIndex)
    let text = try book.text(ofChapter: try #require(first.chapterIndex))
    let offset = try #require(first.offset)
    #expect(text.substring(offset..<(offset + 2)) == "一\n")
    #expect(text.string.hasPrefix("上　先生と私\n一\n"))
    #expect(text.paragraphs[0].value.role == .heading(level: 1))
    #expect(text.paragraphs[1].value.role == .heading(level: 2))
  }

  @Test func noMarkupIsLeftInAnyChapter() throws {
    for book in [Self.wagahai, Self.kokoro] {
      let book = try #require(book)
      for index in book.chapters.indices {
        let text = try book.text(ofChapter: index).string
        #expect(!text.contains("《") && !text.contains("》"), "chapter \(index + 1)")
        #expect(!text.contains("［＃"), "chapter \(index + 1)")
        #expect(!text.contains("｜"), "chapter \(index + 1)")
        #expect(try book.warnings(ofChapter: index).isEmpty, "chapter \(index + 1)")
      }
    }
  }

  @Test func rubyBecomesAnnotationsOverTheirBases() throws {
    let book = try #require(Self.wagahai)
    let text = try book.text(ofChapter: 1)
    #expect(text.string.hasPrefix("一\n吾輩は猫である。名前はまだ無い。\n"))
    let first = try #require(text.rubies.first)
    #expect(text.substring(first.base) == "吾輩")
    #expect(first.text == "わがはい")
    // ｜ marks where a base starts: 一番｜獰悪《どうあく》 annotates 獰悪 alone.
    let doaku = try #require(text.rubies.first { $0.text == "どうあく" })
    #expect(text.substring(doaku.base) == "獰悪")
    #expect(text.rubies.count > 400)
    #expect(
      zip(text.rubies, text.rubies.dropFirst()).allSatisfy {
        $0.base.upperBound <= $1.base.lowerBound
      })
  }

  @Test func notesBecomeStyles() throws {
    let book = try #require(Self.wagahai)
    let text = try book.text(ofChapter: 1)
    // ［＃８字下げ］一［＃「一」は中見出し］: a heading set eight characters down.
    let heading = text.paragraphs[0].value
    #expect(heading.role == .heading(level: 2))
    #expect(heading.leftIndent == 8)
    #expect(heading.writingMode == .verticalRightToLeft)
    // Body paragraphs start one full-width space in.
    #expect(text.paragraphs[1].value.firstLineIndent == 1)
    // ［＃「…」に傍点］ gives sesame dots.
    let marked = (1..<book.chapters.count).lazy.compactMap { index -> StyledRun<TextAttributes>? in
      (try? book.text(ofChapter: index))?.runs.first { $0.value.emphasisMark != nil }
    }.first
    #expect(marked?.value.emphasisMark == EmphasisMark(shape: .sesame))
  }

  @Test func gaijiNotesResolveToTheirCharacters() throws {
    let book = try #require(Self.wagahai)
    let all = book.chapters.indices.map { (try? book.text(ofChapter: $0).string) ?? "" }.joined()
    // ※［＃「言＋墟のつくり」、第4水準2-88-74］ is 譃; ※［＃小書き片仮名ヒ、1-6-84］ is ㇶ.
    #expect(all.contains("譃"))
    #expect(all.contains("ㇶ"))
    #expect(!all.contains("※［"))
    // 〔…〕 accent decomposition becomes the letters: amicitiae& is amicitiæ.
    #expect(all.contains("amicitiæ inimica"))
  }

  @Test func theColophonIsTheLastChapter() throws {
    let book = try #require(Self.kokoro)
    let colophon = try book.text(ofChapter: book.chapters.count - 1).string
    #expect(colophon.hasPrefix("底本：「こころ」集英社文庫、集英社\n"))
    #expect(colophon.contains("入力：j.utiyama"))
    let last = try book.text(ofChapter: book.chapters.count - 2).string
    #expect(!last.contains("底本："))
  }

  @Test func theTitlePageOpensTheBook() throws {
    let book = try #require(Self.kokoro)
    let page = try book.text(ofChapter: 0)
    #expect(page.string == "こころ\n夏目漱石\n")
    #expect(page.paragraphs.allSatisfy { $0.value.alignment == .center })
    // The notation legend between the rules is not part of the book.
    let all = book.chapters.indices.map { (try? book.text(ofChapter: $0).string) ?? "" }.joined()
    #expect(!all.contains("テキスト中に現れる記号について"))
  }

  @Test func horizontalReadersTurnPagesLeftToRight() throws {
    var options = ImportOptions()
    options.prefersHorizontalText = true
    let book = try #require(
      importCorpusBook("txt/ja/kokoro_natsume-soseki_aozora-ruby_utf8-lf.txt", options: options))
    #expect(!book.metadata.progressesRightToLeft)
  }

  @Test func otherTextsAreNotAozora() throws {
    for path in [
      "txt/zh/hongloumeng_simplified_utf8-crlf.txt",
      "txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt",
      "txt/en/alice-in-wonderland_pg11_utf8.txt",
    ] {
      let book = try #require(importCorpusBook(path))
      if case .aozora = book.format { Issue.record("\(path) read as Aozora") }
    }
  }
}
