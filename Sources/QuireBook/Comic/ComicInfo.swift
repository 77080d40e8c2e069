/// `ComicInfo.xml`, the metadata of comic archives (the Anansi Project's schema, as
/// ComicRack writes it): title, series and number, summary, date, people by role,
/// publisher, genres, language, whether it reads as manga, and the pages' types.
struct ComicInfo {
  var title: String?
  var series: String?
  var number: String?
  var summary: String?
  var date: String?
  var creators: [Metadata.Contributor] = []
  var publisher: String?
  var genres: [String] = []
  var language: String?
  /// `Manga` is `Yes` or `YesAndRightToLeft`: pages turn right to left.
  var isManga = false
  /// The index of the page marked `Type="FrontCover"`, if any.
  var coverPage: Int?

  /// The roles ComicInfo names, as MARC relator codes.
  private static let roles: [(element: String, code: String)] = [
    ("Writer", "aut"), ("Penciller", "art"), ("Inker", "art"), ("Colorist", "clr"),
    ("Letterer", "ill"), ("CoverArtist", "cov"), ("Editor", "edt"), ("Translator", "trl"),
  ]

  /// Reads the parsed `<ComicInfo>` element.
  init(_ root: MarkupElement) {
    func text(_ name: String) -> String? {
      guard let element = root.firstChild(name) else { return nil }
      let value = collapsedWhitespace(element.textContent)
      return value.isEmpty ? nil : value
    }
    title = text("Title")
    series = text("Series")
    number = text("Number")
    summary = text("Summary")
    if let year = text("Year") {
      date = [year, text("Month"), text("Day")].compactMap { $0 }.map {
        $0.count == 1 ? "0" + $0 : $0
      }.joined(separator: "-")
    }
    var seen: Set<String> = []
    for (element, code) in Self.roles {
      for name in (text(element) ?? "").split(separator: ",") {
        let name = collapsedWhitespace(String(name))
        guard !name.isEmpty, seen.insert("\(code) \(name)").inserted else { continue }
        creators.append(Metadata.Contributor(name: name, role: code))
      }
    }
    publisher = text("Publisher")
    genres = (text("Genre") ?? "").split(separator: ",").map { collapsedWhitespace(String($0)) }
      .filter { !$0.isEmpty }
    language = text("LanguageISO")
    isManga = ["yes", "yesandrighttoleft"].contains(text("Manga")?.lowercased() ?? "")
    coverPage = root.firstChild("Pages")?.children(named: "Page").first {
      $0.attribute("Type")?.lowercased() == "frontcover"
    }?.attribute("Image").flatMap { Int($0) }
  }
}
