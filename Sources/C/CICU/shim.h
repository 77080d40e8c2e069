#pragma once
/* ICU's break iterators, declared here rather than through <unicode/ubrk.h>: the toolchain's
   Foundation carries its own ICU headers (module _FoundationICU), and clang refuses to see
   ICU's enums defined twice. ICU renames every function with its version (ubrk_open →
   ubrk_open_72) through macros Swift cannot follow, so the wrappers below give the few calls
   Quire uses stable, prefixed names; enums are plain integers (UBreakIteratorType,
   UErrorCode: 0 is success, above 0 a failure). */
#include <stdint.h>
#include <unicode/uvernum.h>

#define QUIRE_ICU_JOIN2(name, suffix) name##suffix
#define QUIRE_ICU_JOIN(name, suffix) QUIRE_ICU_JOIN2(name, suffix)
#define QUIRE_ICU(name) QUIRE_ICU_JOIN(name, U_ICU_VERSION_SUFFIX)

typedef struct QuireBreakIterator QuireBreakIterator;

extern QuireBreakIterator *QUIRE_ICU(ubrk_open)(
    int type, const char *locale, const uint16_t *text, int32_t length, int *status);
extern void QUIRE_ICU(ubrk_close)(QuireBreakIterator *iterator);
extern int32_t QUIRE_ICU(ubrk_following)(QuireBreakIterator *iterator, int32_t offset);
extern int32_t QUIRE_ICU(ubrk_preceding)(QuireBreakIterator *iterator, int32_t offset);
extern int32_t QUIRE_ICU(ubrk_next)(QuireBreakIterator *iterator);
extern int32_t QUIRE_ICU(ubrk_getRuleStatus)(QuireBreakIterator *iterator);

/* UBreakIteratorType */
enum { QUIRE_UBRK_CHARACTER = 0, QUIRE_UBRK_WORD = 1, QUIRE_UBRK_SENTENCE = 3 };
/* UWordBreak: a rule status at or above this marks a word (number, letter, kana, ideograph). */
enum { QUIRE_UBRK_WORD_NONE_LIMIT = 100 };

static inline QuireBreakIterator *quire_ubrk_open(
    int type, const char *locale, const uint16_t *text, int32_t length, int *status) {
  return QUIRE_ICU(ubrk_open)(type, locale, text, length, status);
}
static inline void quire_ubrk_close(QuireBreakIterator *iterator) {
  QUIRE_ICU(ubrk_close)(iterator);
}
static inline int32_t quire_ubrk_following(QuireBreakIterator *iterator, int32_t offset) {
  return QUIRE_ICU(ubrk_following)(iterator, offset);
}
static inline int32_t quire_ubrk_preceding(QuireBreakIterator *iterator, int32_t offset) {
  return QUIRE_ICU(ubrk_preceding)(iterator, offset);
}
static inline int32_t quire_ubrk_next(QuireBreakIterator *iterator) {
  return QUIRE_ICU(ubrk_next)(iterator);
}
static inline int32_t quire_ubrk_getRuleStatus(QuireBreakIterator *iterator) {
  return QUIRE_ICU(ubrk_getRuleStatus)(iterator);
}
