#pragma once
// libopencc (Open Chinese Convert): Simplified ⇄ Traditional conversion with its own
// dictionaries. Only its C interface: the library's C++ classes stay out of Swift.
#include <opencc/opencc.h>
