#pragma once
// libxml2 is built with ICU support on Debian, which makes its headers include the
// system ICU; that clashes with the ICU copy inside Swift's Foundation. Quire never
// touches the ICU-specific fields of xmlCharEncodingHandler, so hide them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
