#pragma once
#include <linebreak.h>
#include <linebreakdef.h>
#include <wordbreak.h>

/* libunibreak's exported property tables are arrays of unknown size, which Swift cannot
   import: these return pointers to their first entries. */
static inline const struct LineBreakProperties *quire_lb_prop_default(void) {
  return lb_prop_default;
}
static inline const struct LineBreakPropertiesLang *quire_lb_prop_lang_map(void) {
  return lb_prop_lang_map;
}
