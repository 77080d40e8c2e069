extension ComputedStyle {
  /// The style with its physical margins read for vertical-rl text (CSS Writing Modes 3
  /// §6.2): `marginLeft`/`marginRight` become the inline start and end (top and bottom of
  /// the column), `marginTop` the block start (right) and `marginBottom` the block end
  /// (left), so that the paragraph builder's logical reading of them is right.
  var turnedForVerticalText: ComputedStyle {
    var turned = self
    turned.marginLeft = marginTop
    turned.marginRight = marginBottom
    turned.marginTop = marginRight
    turned.marginBottom = marginLeft
    return turned
  }
}
