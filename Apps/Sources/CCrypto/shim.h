#ifndef WORKOUTENGINE_CCRYPTO_SHIM_H
#define WORKOUTENGINE_CCRYPTO_SHIM_H
// OpenSSL's libcrypto, for SHA-256 only (the store's content hash and the server's token hashes).
// SHA256_Init/Update/Final are marked deprecated in OpenSSL 3 in favour of the EVP interface but are
// supported through 3.x; they keep the hash state in a plain struct (no allocation, value semantics).
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>
#endif
