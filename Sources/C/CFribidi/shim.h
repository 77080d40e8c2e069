#pragma once
#include <fribidi.h>

// FriBidi's paragraph types are macros built from other macros, which Swift cannot import.
static const FriBidiParType quire_fribidi_par_rtl = FRIBIDI_PAR_RTL;
static const FriBidiParType quire_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType quire_fribidi_par_on = FRIBIDI_PAR_ON;
