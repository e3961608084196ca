// The low-level SHA-256 of hf_pbkdf2_hmac_sha256 below is marked deprecated in OpenSSL 3 (still exported, and the
// same assembly, SHA-NI included, as the EVP interface); the macro only silences that mark.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/core_names.h>
#include <openssl/sha.h>
#include <string.h>

/// PBKDF2-HMAC-SHA256 (RFC 8018 §5.2) with the HMAC's inner and outer states computed once: each iteration is two
/// SHA-256 blocks on a copied plain context. OpenSSL's PKCS5_PBKDF2_HMAC copies three provider contexts (with
/// allocations) per iteration, about five times slower for the same bytes; its output is the known answer this one
/// is tested against (HFCryptoTests/PBKDF2Tests). Every intermediate is cleansed before return. 1 on success.
static inline int hf_pbkdf2_hmac_sha256(
    const unsigned char *password, size_t password_length, const unsigned char *salt, size_t salt_length,
    unsigned long iterations, unsigned char *out, size_t out_length)
{
    if (iterations < 1 || (out_length > 0 && out == NULL)) return 0;
    unsigned char key[SHA256_CBLOCK], pad[SHA256_CBLOCK], u[SHA256_DIGEST_LENGTH], t[SHA256_DIGEST_LENGTH];
    unsigned char counter[4];
    SHA256_CTX inner, outer, ctx;
    memset(key, 0, sizeof key);
    if (password_length > SHA256_CBLOCK) {
        SHA256(password, password_length, key);
    } else if (password_length > 0) {
        memcpy(key, password, password_length);
    }
    for (size_t i = 0; i < SHA256_CBLOCK; i++) pad[i] = key[i] ^ 0x36;
    SHA256_Init(&inner);
    SHA256_Update(&inner, pad, SHA256_CBLOCK);
    for (size_t i = 0; i < SHA256_CBLOCK; i++) pad[i] = key[i] ^ 0x5c;
    SHA256_Init(&outer);
    SHA256_Update(&outer, pad, SHA256_CBLOCK);
    for (unsigned long block = 1; out_length > 0; block++) {
        counter[0] = (unsigned char)(block >> 24); counter[1] = (unsigned char)(block >> 16);
        counter[2] = (unsigned char)(block >> 8); counter[3] = (unsigned char)block;
        ctx = inner;
        SHA256_Update(&ctx, salt, salt_length);
        SHA256_Update(&ctx, counter, sizeof counter);
        SHA256_Final(u, &ctx);
        ctx = outer;
        SHA256_Update(&ctx, u, sizeof u);
        SHA256_Final(u, &ctx);
        memcpy(t, u, sizeof t);
        for (unsigned long n = 1; n < iterations; n++) {
            ctx = inner;
            SHA256_Update(&ctx, u, sizeof u);
            SHA256_Final(u, &ctx);
            ctx = outer;
            SHA256_Update(&ctx, u, sizeof u);
            SHA256_Final(u, &ctx);
            for (size_t i = 0; i < sizeof t; i++) t[i] ^= u[i];
        }
        size_t take = out_length < sizeof t ? out_length : sizeof t;
        memcpy(out, t, take);
        out += take;
        out_length -= take;
    }
    OPENSSL_cleanse(key, sizeof key); OPENSSL_cleanse(pad, sizeof pad);
    OPENSSL_cleanse(u, sizeof u); OPENSSL_cleanse(t, sizeof t);
    OPENSSL_cleanse(&inner, sizeof inner); OPENSSL_cleanse(&outer, sizeof outer); OPENSSL_cleanse(&ctx, sizeof ctx);
    return 1;
}
