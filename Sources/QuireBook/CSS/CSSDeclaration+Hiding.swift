extension CSSDeclaration {
  /// The declarations of the properties books use to hide text from the page while
  /// keeping it for screen readers (`position` with far-off offsets, `clip` and
  /// `clip-path` to nothing) and to place it on a fixed-layout page (`position` with
  /// `left`, `top`, `width`, `height`). Nil for any other property.
  static func parseHiding(property: String, value: Substring) -> [CSSDeclaration]? {
    switch property {
    case "position":
      switch value {
      case "absolute", "fixed": return [.positioned(true)]
      case "static", "relative", "sticky": return [.positioned(false)]
      default: return []
      }
    case "left": return CSSLength(value).map { [.offset(.left, $0)] } ?? []
    case "right": return CSSLength(value).map { [.offset(.right, $0)] } ?? []
    case "top": return CSSLength(value).map { [.offset(.top, $0)] } ?? []
    case "bottom": return CSSLength(value).map { [.offset(.bottom, $0)] } ?? []
    // The size of a positioned block's box (a fixed-layout page's placed text).
    case "width": return CSSLength(value).map { [.size(isWidth: true, $0)] } ?? []
    case "height": return CSSLength(value).map { [.size(isWidth: false, $0)] } ?? []
    case "clip": return parseClip(value).map { [.clip($0)] } ?? []
    case "clip-path", "-webkit-clip-path": return parseClipPath(value).map { [.clip($0)] } ?? []
    default: return nil
    }
  }

  /// `clip: rect(top, right, bottom, left)`: true when the rectangle has no area
  /// (`rect(0 0 0 0)`, `rect(1px, 1px, 1px, 1px)`), false for `auto` or a real one.
  private static func parseClip(_ value: Substring) -> ClipsAway? {
    if value == "auto" { return .showing }
    guard value.hasPrefix("rect("), value.hasSuffix(")") else { return nil }
    let inside = value.dropFirst(5).dropLast()
    let edges = inside.split { $0 == "," || $0 == " " }.map { CSSLength($0) }
    guard edges.count == 4, edges.allSatisfy({ $0 != nil && $0 != .auto }) else {
      return .showing
    }
    let ems = edges.map { $0!.ems(fontScale: 1) }
    return ems[2] <= ems[0] || ems[1] <= ems[3] ? .hidden : .showing
  }

  /// `clip-path`: true for shapes that leave nothing (`inset(50%)` or more, a circle or
  /// ellipse of radius 0), false for `none` and any other shape.
  private static func parseClipPath(_ value: Substring) -> ClipsAway? {
    if value == "none" { return .showing }
    guard let open = value.firstIndex(of: "("), value.hasSuffix(")") else { return nil }
    let shape = value[..<open]
    let arguments = value[value.index(after: open)..<value.index(before: value.endIndex)]
      .split { $0 == "," || $0 == " " }
    switch shape {
    case "inset":
      let insets = arguments.prefix { $0 != "round" }.compactMap { CSSLength($0) }
      let half = insets.contains { if case .percent(let p) = $0 { p >= 50 } else { false } }
      return half ? .hidden : .showing
    case "circle", "ellipse":
      let radii = arguments.prefix { $0 != "at" }.compactMap { CSSLength($0) }
      let none = !radii.isEmpty && radii.contains { $0.ems(fontScale: 1) == 0 }
      return none ? .hidden : .showing
    default:
      return .showing
    }
  }
}
