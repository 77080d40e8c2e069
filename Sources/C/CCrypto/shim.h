#pragma once
// SHA-256 through its own functions rather than the EVP interface: EVP starts OpenSSL's
// providers, some 2 MB resident that a hash uses nothing of. OpenSSL 3 deprecates them in
// favour of EVP and keeps them; the deprecation is turned off for this header.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
