#pragma once
// The part of librsvg (and of the cairo and GLib calls around it) that Quire uses,
// declared here rather than through <librsvg/rsvg.h>: that header pulls in GLib, GIO,
// gdk-pixbuf and cairo, whose include paths come from pkg-config only together with
// `-pthread`, which SwiftPM rejects with a warning on every build (see CPango). These
// declarations are copied from librsvg 2.54, cairo 1.16 and GLib 2.74, whose ABI is stable;
// the opaque handles are never looked into. Errors are not asked for (the `GError **`
// arguments are NULL): declaring GLib's GError here would clash with the real one that
// CPango brings into the same build.
#include <stddef.h>
#include <stdint.h>

typedef struct _RsvgHandle RsvgHandle;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

/// A rectangle in user units (librsvg/rsvg.h).
typedef struct _RsvgRectangle {
  double x;
  double y;
  double width;
  double height;
} RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const uint8_t *data, size_t data_len, void **error);
int rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width,
                                             double *out_height);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
int rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport,
                                void **error);

/// CAIRO_FORMAT_ARGB32: premultiplied, native-endian 32-bit pixels.
static const int quire_cairo_format_argb32 = 0;
cairo_surface_t *cairo_image_surface_create_for_data(unsigned char *data, int format, int width,
                                                     int height, int stride);
int cairo_format_stride_for_width(int format, int width);
int cairo_surface_status(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
cairo_t *cairo_create(cairo_surface_t *target);
int cairo_status(cairo_t *cr);
void cairo_destroy(cairo_t *cr);

void g_object_unref(void *object);
