extension ChapterPattern {
  /// Chinese numerals as chapter numbers use: 一…万, 两, 零/〇/○ as zero, ASCII and
  /// full-width digits.
  private static let chineseNumber = "[零〇○一二三四五六七八九十百千万萬两兩0-9０-９]+"
  /// After a Chinese chapter number: nothing, or a separator then the title. Requiring the
  /// separator keeps body sentences such as "第一一九回中乡魁…" from being headings.
  private static let chineseTitle = "(?:[\\s\\u3000:：、.．·—\\-]+.*)?"
  private static let englishNumber =
    "(?:[IVXLCDM]+|[0-9]+|(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
    + "twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|"
    + "thirty|forty|fifty|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
    + "tenth|last|the\\s+\\w+))"
  /// After an English number: nothing, or punctuation/space then an optional title.
  private static let englishTitle = "(?:[\\s.:;,\\-—–\\])].*)?"

  /// The default heading patterns: Chinese 第N章/回/节 and 序章, 楔子, 尾声…; 第N卷/部/集/篇
  /// as volumes; English CHAPTER/Chapter N, BOOK/PART/VOLUME as upper levels,
  /// PROLOGUE/EPILOGUE, LETTER N, PREFACE, INTRODUCTION, FOOTNOTES, APPENDIX, CONCLUSION….
  /// Bare Roman numerals alone between blank lines ("I.", "II.") are headings too, found
  /// without a regular expression (`HeadingMatcher`).
  ///
  /// A heading with nothing under it before the next heading (an EPILOGUE whose text is
  /// in chapters) is folded into the TOC as a parent, whatever its level here.
  public static let defaults: [ChapterPattern] = [
    ChapterPattern("第\(chineseNumber)[卷部集篇]\(chineseTitle)", level: 0),
    ChapterPattern("第\(chineseNumber)[章回节節]\(chineseTitle)", level: 1),
    ChapterPattern(
      "(?:序章|序言|序幕|楔子|引子|引言|尾声|尾聲|后记|後記|终章|終章|番外[零〇一二三四五六七八九十0-9０-９]*)"
        + chineseTitle, level: 1),
    ChapterPattern(
      "(?:BOOK|PART|VOLUME|Book|Part|Volume)\\s+\(englishNumber)\(englishTitle)", level: 0),
    ChapterPattern("(?:CHAPTER|Chapter)\\s+\(englishNumber)\(englishTitle)", level: 1),
    ChapterPattern(
      "(?:(?:FIRST|SECOND|THIRD|FOURTH|FINAL|First|Second|Third|Fourth|Final)\\s+)?"
        + "(?:PROLOGUE|EPILOGUE|Prologue|Epilogue)\(englishTitle)", level: 1),
    // The letters of an epistolary novel ("Letter 1", "LETTER I.").
    ChapterPattern("(?:LETTER|Letter)\\s+\(englishNumber)\(englishTitle)", level: 1),
    // The parts around a book's chapters, alone on their line or with a title.
    ChapterPattern(
      "(?:PREFACE|INTRODUCTION|FOREWORD|FOOTNOTES|APPENDIX|CONCLUSION|AFTERWORD|"
        + "Preface|Introduction|Foreword|Footnotes|Appendix|Conclusion|Afterword)"
        + "(?:\\s+(?:[A-Z]|[IVX]+|[0-9]+))?\(englishTitle)", level: 1),
  ]

  /// Words a default heading can start with, for each of `defaults` in its order: the
  /// cheap test that keeps the regular expressions off almost every line (a capital
  /// letter alone would let through a quarter of an English novel's short lines), and
  /// off the patterns a line cannot match ("CHAPTER I." is tried as a chapter only).
  static let defaultLeadingWords: [[String]] = [
    ["第"],
    ["第"],
    ["序", "楔子", "引", "尾", "后记", "後記", "番外", "终章", "終章"],
    ["BOOK", "Book", "PART", "Part", "VOLUME", "Volume"],
    ["CHAPTER", "Chapter"],
    [
      "PROLOGUE", "Prologue", "EPILOGUE", "Epilogue", "FIRST", "First", "SECOND", "Second",
      "THIRD", "Third", "FOURTH", "Fourth", "FINAL", "Final",
    ],
    ["LETTER", "Letter"],
    [
      "PREFACE", "Preface", "INTRODUCTION", "Introduction", "FOREWORD", "Foreword", "FOOTNOTES",
      "Footnotes", "APPENDIX", "Appendix", "CONCLUSION", "Conclusion", "AFTERWORD", "Afterword",
    ],
  ]
}
