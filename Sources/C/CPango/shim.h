#pragma once
// Pango is linked only by QuireBench, as the peer that layout is measured against.
#include <pango/pangoft2.h>
