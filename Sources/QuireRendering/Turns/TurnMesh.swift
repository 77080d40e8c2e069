/// One vertex of a turn mesh, laid out like `SDL_Vertex` (position, colour, texture point).
///
/// The colour is **premultiplied** RGBA in 0…1 and multiplies the texel (or is the colour
/// itself on an untextured layer); a front end drawing with SDL uses the blend mode
/// (ONE, ONE_MINUS_SRC_ALPHA) and premultiplied textures to get the same pixels as
/// `TurnCompositor`.
public struct TurnVertex: Sendable, Equatable {
  /// Position on the screen page, in pixels (x right, y down).
  public var x: Float
  public var y: Float
  /// Premultiplied colour: shading (grey levels), tint and alpha.
  public var r: Float
  public var g: Float
  public var b: Float
  public var a: Float
  /// Texture point, normalised 0…1 across the texture (SDL's `tex_coord`).
  public var u: Float
  public var v: Float

  /// Creates a vertex.
  public init(
    x: Float, y: Float, r: Float = 1, g: Float = 1, b: Float = 1, a: Float = 1, u: Float = 0,
    v: Float = 0
  ) {
    self.x = x
    self.y = y
    self.r = r
    self.g = g
    self.b = b
    self.a = a
    self.u = u
    self.v = v
  }
}

/// Which picture a layer samples.
public enum TurnTexture: Sendable, Equatable {
  /// The page shown before the turn.
  case current
  /// The page shown after the turn (next for forward, previous for backward).
  case target
  /// No texture: the vertex colours alone (shadows, overlays).
  case none
}

/// What a layer is, so tests and front ends can tell the parts of a turn apart.
public enum TurnLayerRole: Sendable, Equatable {
  /// The page lying underneath the turning sheet.
  case underPage
  /// A shadow cast on the page underneath.
  case underShadow
  /// The turning sheet's front (printed side up).
  case sheetFront
  /// A shadow or darkening on the sheet's front.
  case sheetShadow
  /// The sheet's back: the same print seen through the paper, mirrored.
  case sheetBack
  /// The paper-coloured veil over the back that makes the print faint.
  case sheetBackOverlay
  /// Shading on the back near the fold.
  case sheetBackShading
}

/// How a layer's texture is sampled (SDL's `SDL_ScaleMode`).
public enum TurnFilter: Sendable, Equatable {
  /// Bilinear: for print seen clearly, moved by fractions of a pixel or rotated.
  case linear
  /// The nearest texel: enough where the print is seen faintly (the back, under its veil).
  case nearest
}

/// Triangles sharing one texture, drawn in order.
public struct TurnLayer: Sendable, Equatable {
  public var role: TurnLayerRole
  public var texture: TurnTexture
  public var filter: TurnFilter = .linear
  public var vertices: [TurnVertex]
  /// Three indices into `vertices` a triangle.
  public var indices: [Int32]

  /// Creates a layer.
  public init(
    role: TurnLayerRole, texture: TurnTexture, filter: TurnFilter = .linear,
    vertices: [TurnVertex] = [], indices: [Int32] = []
  ) {
    self.role = role
    self.texture = texture
    self.filter = filter
    self.vertices = vertices
    self.indices = indices
  }

  /// The number of triangles.
  public var triangleCount: Int { indices.count / 3 }

  /// Adds a convex polygon as a triangle fan.
  ///
  /// Slivers that clipping leaves behind (triangles under a hundredth of a square pixel)
  /// are dropped: they cover no pixel and would only be degenerate.
  mutating func appendFan(_ polygon: [TurnVertex]) {
    guard polygon.count >= 3 else { return }
    let base = Int32(vertices.count)
    var used = false
    for index in 1..<(polygon.count - 1) {
      let a = polygon[0]
      let b = polygon[index]
      let c = polygon[index + 1]
      let area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
      guard abs(area) >= 0.02 else { continue }
      used = true
      indices.append(base)
      indices.append(base + Int32(index))
      indices.append(base + Int32(index + 1))
    }
    if used { vertices.append(contentsOf: polygon) }
  }

  /// Adds an axis-aligned rectangle with the colours of its left and right side.
  mutating func appendRect(
    x0: Float, y0: Float, x1: Float, y1: Float, u0: Float = 0, v0: Float = 0, u1: Float = 1,
    v1: Float = 1, left: TurnColor = .white, right: TurnColor = .white
  ) {
    guard x1 > x0, y1 > y0 else { return }
    appendFan([
      left.vertex(x: x0, y: y0, u: u0, v: v0), right.vertex(x: x1, y: y0, u: u1, v: v0),
      right.vertex(x: x1, y: y1, u: u1, v: v1), left.vertex(x: x0, y: y1, u: u0, v: v1),
    ])
  }
}

/// What an effect draws for one moment of a turn: layers, bottom first.
public struct TurnMesh: Sendable, Equatable {
  public var width: Float
  public var height: Float
  public var layers: [TurnLayer]

  /// Creates a mesh.
  public init(width: Float, height: Float, layers: [TurnLayer] = []) {
    self.width = width
    self.height = height
    self.layers = layers
  }

  /// All triangles of all layers.
  public var triangleCount: Int { layers.reduce(0) { $0 + $1.triangleCount } }

  /// The layers with a given role.
  public func layers(_ role: TurnLayerRole) -> [TurnLayer] { layers.filter { $0.role == role } }
}

/// A straight (not premultiplied) colour in 0…1, turned into premultiplied vertex colours.
public struct TurnColor: Sendable, Equatable {
  public var r: Float
  public var g: Float
  public var b: Float
  public var a: Float

  /// Creates a colour.
  public init(r: Float, g: Float, b: Float, a: Float = 1) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  public static let white = TurnColor(r: 1, g: 1, b: 1)
  public static let clear = TurnColor(r: 0, g: 0, b: 0, a: 0)

  /// Black at the given opacity (a shadow).
  public static func shadow(_ alpha: Float) -> TurnColor { TurnColor(r: 0, g: 0, b: 0, a: alpha) }

  /// Grey `level` (1 = untouched), opaque: multiplies a texel to shade it.
  public static func shade(_ level: Float) -> TurnColor { TurnColor(r: level, g: level, b: level) }

  /// A vertex at (x, y) with this colour premultiplied and texture point (u, v).
  public func vertex(x: Float, y: Float, u: Float = 0, v: Float = 0) -> TurnVertex {
    TurnVertex(x: x, y: y, r: r * a, g: g * a, b: b * a, a: a, u: u, v: v)
  }
}
