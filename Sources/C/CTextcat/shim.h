#pragma once
// libexttextcat (LibreOffice's language guesser): n-gram fingerprints of each language,
// read from the profiles of Debian's libexttextcat-data.
#include <libexttextcat/textcat.h>
