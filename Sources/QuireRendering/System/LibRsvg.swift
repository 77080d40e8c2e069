import CRsvg
import Glibc

/// librsvg and the cairo calls around it, opened with `dlopen` on first use.
///
/// With `SVGRasterizer`, the only file that touches librsvg. Opening it at run time keeps
/// librsvg, cairo, Pango and GObject out of every start of `quire` (most books have no
/// SVG); a machine without librsvg-2.so.2 draws SVGs as placeholders with their titles.
struct LibRsvg: @unchecked Sendable {
  let newFromData: quire_rsvg_handle_new_from_data
  let intrinsicSize: quire_rsvg_handle_get_intrinsic_size_in_pixels
  let setDPI: quire_rsvg_handle_set_dpi
  let renderDocument: quire_rsvg_handle_render_document
  let createSurface: quire_cairo_image_surface_create_for_data
  let strideForWidth: quire_cairo_format_stride_for_width
  let surfaceStatus: quire_cairo_surface_status
  let flushSurface: quire_cairo_surface_flush
  let destroySurface: quire_cairo_surface_destroy
  let createContext: quire_cairo_create
  let destroyContext: quire_cairo_destroy
  let unref: quire_g_object_unref

  /// The library, or nil when it cannot be opened (then SVGs are not drawn).
  static let shared: LibRsvg? = load()

  private static func load() -> LibRsvg? {
    // The handle is kept for the life of the process: the functions stay valid.
    guard let library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL) else { return nil }
    // dlsym on librsvg's handle finds cairo's and GObject's functions too: they are among
    // the libraries it loaded.
    func symbol<T>(_ name: String, as type: T.Type) -> T? {
      dlsym(library, name).map { unsafeBitCast($0, to: type) }
    }
    guard
      let newFromData = symbol(
        "rsvg_handle_new_from_data", as: quire_rsvg_handle_new_from_data.self),
      let intrinsicSize = symbol(
        "rsvg_handle_get_intrinsic_size_in_pixels",
        as: quire_rsvg_handle_get_intrinsic_size_in_pixels.self),
      let setDPI = symbol("rsvg_handle_set_dpi", as: quire_rsvg_handle_set_dpi.self),
      let renderDocument = symbol(
        "rsvg_handle_render_document", as: quire_rsvg_handle_render_document.self),
      let createSurface = symbol(
        "cairo_image_surface_create_for_data",
        as: quire_cairo_image_surface_create_for_data.self),
      let strideForWidth = symbol(
        "cairo_format_stride_for_width", as: quire_cairo_format_stride_for_width.self),
      let surfaceStatus = symbol("cairo_surface_status", as: quire_cairo_surface_status.self),
      let flushSurface = symbol("cairo_surface_flush", as: quire_cairo_surface_flush.self),
      let destroySurface = symbol("cairo_surface_destroy", as: quire_cairo_surface_destroy.self),
      let createContext = symbol("cairo_create", as: quire_cairo_create.self),
      let destroyContext = symbol("cairo_destroy", as: quire_cairo_destroy.self),
      let unref = symbol("g_object_unref", as: quire_g_object_unref.self)
    else { return nil }
    return LibRsvg(
      newFromData: newFromData, intrinsicSize: intrinsicSize, setDPI: setDPI,
      renderDocument: renderDocument, createSurface: createSurface,
      strideForWidth: strideForWidth, surfaceStatus: surfaceStatus, flushSurface: flushSurface,
      destroySurface: destroySurface, createContext: createContext,
      destroyContext: destroyContext, unref: unref)
  }
}
