import Foundation
import QuireBook

extension AnnotationExport.ExportedHighlight {
  /// Reads a highlight of any version's export: those of version 1 have no style (they
  /// were all backgrounds) and are all placed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decodeIfPresent(Int.self, forKey: .id),
      start: try container.decode(Locator.self, forKey: .start),
      end: try container.decode(Locator.self, forKey: .end),
      colour: try container.decode(Highlight.Colour.self, forKey: .colour),
      style: try container.decodeIfPresent(Highlight.Style.self, forKey: .style) ?? .background,
      note: try container.decodeIfPresent(String.self, forKey: .note),
      createdAt: try container.decode(Date.self, forKey: .createdAt),
      modifiedAt: try container.decodeIfPresent(Date.self, forKey: .modifiedAt),
      isUnplaced: try container.decodeIfPresent(Bool.self, forKey: .isUnplaced) ?? false,
      chapter: try container.decodeIfPresent(String.self, forKey: .chapter),
      text: try container.decodeIfPresent(String.self, forKey: .text))
  }
}
