/// Runs the cascade: finds the rules that match an element and computes its style.
///
/// Rules are indexed by the id, first class or tag of their rightmost compound, so each
/// element is tested only against rules that can match it. Order of application:
/// user-agent rules, then author rules by specificity and source order, then the
/// `style` attribute, then `!important` author declarations.
struct CSSStyleResolver: Sendable {
  private struct Entry: Sendable {
    var selector: CSSSelector
    var properties: [CSSStylesheet.Property]
    /// What the subject's ancestors must contain (see `CSSAncestorFilter`).
    var requiredKeys: [Int]
    /// Origin, specificity and source order packed into one sort key.
    var rank: Int
  }

  private var entries: [Entry] = []
  private var byID: [String: [Int]] = [:]
  private var byClass: [String: [Int]] = [:]
  private var byTag: [String: [Int]] = [:]
  private var universal: [Int] = []

  /// Builds the resolver from the user-agent sheet and the book's sheets, in order.
  init(userAgent: CSSStylesheet, author: [CSSStylesheet]) {
    add(userAgent, origin: 0)
    for sheet in author { add(sheet, origin: 1) }
  }

  private mutating func add(_ sheet: CSSStylesheet, origin: Int) {
    for rule in sheet.rules {
      for selector in rule.selectors {
        let order = entries.count
        let rank = origin << 48 | selector.specificity << 24 | order
        entries.append(
          Entry(
            selector: selector, properties: rule.properties,
            requiredKeys: CSSAncestorFilter.requiredKeys(of: selector), rank: rank))
        let key = selector.compounds[selector.compounds.count - 1]
        if let id = key.id {
          byID[id, default: []].append(order)
        } else if let name = key.classes.first {
          byClass[name, default: []].append(order)
        } else if let tag = key.tag {
          byTag[tag, default: []].append(order)
        } else {
          universal.append(order)
        }
      }
    }
  }

  /// The computed style of the innermost element of `context`, whose parent has `parent`
  /// and whose `style` attribute holds `inline`.
  func style(
    for context: CSSMatchContext, parent: ComputedStyle, inline: [CSSStylesheet.Property]
  ) -> ComputedStyle {
    var style = parent.inherited()
    guard let info = context.ancestors.last else { return style }
    var matched: [Int] = []
    func test(_ candidates: [Int]?) {
      for index in candidates ?? []
      where context.ancestorFilter.mayContain(all: entries[index].requiredKeys)
        && entries[index].selector.matches(context)
      {
        matched.append(index)
      }
    }
    if let id = info.id { test(byID[id]) }
    var seenClasses: Set<Substring> = []
    for name in info.classes where seenClasses.insert(name).inserted {
      test(byClass[String(name)])
    }
    test(byTag[info.name])
    test(universal)
    if matched.isEmpty && inline.isEmpty { return style }
    matched.sort { entries[$0].rank < entries[$1].rank }
    var important: [CSSDeclaration] = []
    for index in matched {
      for property in entries[index].properties {
        if property.isImportant && entries[index].rank >> 48 > 0 {
          important.append(property.declaration)
        } else {
          style.apply(property.declaration, parent: parent)
        }
      }
    }
    for property in inline {
      if property.isImportant {
        important.append(property.declaration)
      } else {
        style.apply(property.declaration, parent: parent)
      }
    }
    for declaration in important { style.apply(declaration, parent: parent) }
    return style
  }
}
