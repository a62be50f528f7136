/* What the system gives every room: random text from the kernel's random
 * source (ids, tokens, codes) and the clocks (src/core/system.c). */
#ifndef TRICKWOOD_SYSTEM_H
#define TRICKWOOD_SYSTEM_H

#include <stddef.h>
#include <stdint.h>

/* Fills out with n random characters from alphabet (and a final NUL). The
 * bytes come from the kernel's random source. Returns 0, -1 on failure. */
int tw_random_text(char *out, size_t n, const char *alphabet);
/* A random 64-bit value (for seeds), from the kernel's random source. */
uint64_t tw_random_u64(void);
/* Writes the current UTC time as ISO 8601 ("2024-05-01T12:34:56Z"). */
void tw_now_iso(char out[32]);
/* The current time in milliseconds since 1970 (stored activity times). */
long long tw_now_ms(void);
/* Milliseconds on a monotonic clock (durations, when a thing was last used). */
long long tw_mono_ms(void);

#endif
