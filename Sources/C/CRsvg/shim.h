#pragma once
// The part of librsvg (and of the cairo and GLib calls around it) that Quire uses, as
// function-pointer types: `SVGRasterizer` opens librsvg-2.so.2 with dlopen when a book
// first shows an SVG, so `quire` itself links neither librsvg nor the Pango, GObject and
// cairo it brings (they would load on every start for books that have no SVG).
// Declared here rather than through <librsvg/rsvg.h>, which pulls in GLib, GIO,
// gdk-pixbuf and cairo headers, whose include paths come from pkg-config only together
// with `-pthread`, which SwiftPM rejects with a warning on every build (see CPango). The
// signatures are those of librsvg 2.54, cairo 1.16 and GLib 2.74, whose ABI is stable;
// the opaque handles are never looked into, and errors are not asked for (NULL
// `GError **`): GLib's GError declared here would clash with the real one of CPango.
#include <stddef.h>
#include <stdint.h>

typedef struct _RsvgHandle RsvgHandle;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

/// A rectangle in user units (librsvg/rsvg.h).
typedef struct quire_rsvg_rectangle {
  double x;
  double y;
  double width;
  double height;
} quire_rsvg_rectangle;

/// CAIRO_FORMAT_ARGB32: premultiplied, native-endian 32-bit pixels.
static const int quire_cairo_format_argb32 = 0;

typedef RsvgHandle *(*quire_rsvg_handle_new_from_data)(const uint8_t *data, size_t data_len,
                                                         void **error);
typedef int (*quire_rsvg_handle_get_intrinsic_size_in_pixels)(RsvgHandle *handle,
                                                              double *out_width,
                                                              double *out_height);
typedef void (*quire_rsvg_handle_set_dpi)(RsvgHandle *handle, double dpi);
typedef int (*quire_rsvg_handle_render_document)(RsvgHandle *handle, cairo_t *cr,
                                                 const quire_rsvg_rectangle *viewport,
                                                 void **error);
typedef cairo_surface_t *(*quire_cairo_image_surface_create_for_data)(unsigned char *data,
                                                                      int format, int width,
                                                                      int height, int stride);
typedef int (*quire_cairo_format_stride_for_width)(int format, int width);
typedef int (*quire_cairo_surface_status)(cairo_surface_t *surface);
typedef void (*quire_cairo_surface_flush)(cairo_surface_t *surface);
typedef void (*quire_cairo_surface_destroy)(cairo_surface_t *surface);
typedef cairo_t *(*quire_cairo_create)(cairo_surface_t *target);
typedef void (*quire_cairo_destroy)(cairo_t *cr);
typedef void (*quire_g_object_unref)(void *object);
