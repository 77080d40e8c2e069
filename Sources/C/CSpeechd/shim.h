#pragma once
// Included by its path under speech-dispatcher/ so that its own quoted includes
// (speechd_types.h) resolve beside it, without glib's include paths.
#include <speech-dispatcher/libspeechd.h>
