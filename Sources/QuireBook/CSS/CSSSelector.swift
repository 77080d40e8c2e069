/// A complex CSS selector: compound selectors joined by combinators, e.g. `div > p.x + p`.
///
/// Supported: type, `*`, `.class`, `#id`, attribute selectors (`[a]`, `=`, `~=`, `|=`,
/// `^=`, `$=`, `*=`, with `ns|name` for `epub|type` and `xml|lang`), the descendant,
/// child (`>`), next-sibling (`+`) and subsequent-sibling (`~`) combinators, and the
/// structural pseudo-classes `:first-child`, `:last-child`, `:only-child`,
/// `:first-of-type`, `:last-of-type`, `:nth-child()` and friends, `:root`, `:not()`.
/// Pseudo-elements and dynamic pseudo-classes never match an element.
struct CSSSelector: Hashable, Sendable {
  /// How two compound selectors relate.
  enum Combinator: Hashable, Sendable {
    case descendant
    case child
    case nextSibling
    case subsequentSibling
  }

  /// An attribute condition.
  struct AttributeCondition: Hashable, Sendable {
    enum Match: Hashable, Sendable {
      case exists
      case equals
      case includesWord
      case dashPrefix
      case prefix
      case suffix
      case substring
    }

    /// Local name ("type" in `epub|type`).
    var name: String
    /// Namespace prefix as written ("epub"), nil for none.
    var prefix: String?
    var match: Match
    var value: String
  }

  /// A structural pseudo-class.
  indirect enum PseudoClass: Hashable, Sendable {
    /// `:nth-child(an+b)` and its variants.
    case nth(a: Int, b: Int, ofType: Bool, fromEnd: Bool)
    case onlyChild
    case onlyOfType
    case root
    case not(Compound)
  }

  /// A sequence of simple selectors with no combinator, e.g. `p.note[lang]`.
  struct Compound: Hashable, Sendable {
    /// Lower-cased element name; nil for `*` or none.
    var tag: String?
    var id: String?
    var classes: [String] = []
    var attributes: [AttributeCondition] = []
    var pseudoClasses: [PseudoClass] = []
    /// Set for pseudo-elements and pseudo-classes that never match a static document.
    var neverMatches = false
  }

  /// Compounds from left to right.
  var compounds: [Compound]
  /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
  var combinators: [Combinator]

  /// (ids, classes + attributes + pseudo-classes, types) packed into one comparable number.
  var specificity: Int {
    var ids = 0
    var classes = 0
    var types = 0
    for compound in compounds {
      if compound.id != nil { ids += 1 }
      classes += compound.classes.count + compound.attributes.count + compound.pseudoClasses.count
      if compound.tag != nil { types += 1 }
    }
    return min(ids, 99) * 10_000 + min(classes, 99) * 100 + min(types, 99)
  }
}
