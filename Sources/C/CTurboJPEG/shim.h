#pragma once
// TurboJPEG reports errors as return codes (it catches libjpeg's longjmp inside the
// library), which Swift, having no setjmp, needs.
#include <turbojpeg.h>
