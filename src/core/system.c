/* What the system gives (trickwood/system.h): random text from the
 * kernel's random source, and the clocks. */
#define _DEFAULT_SOURCE
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "trickwood/system.h"

/* Reads n random bytes from the kernel (in the browser's build, from
 * the browser's crypto.getRandomValues); 0 on success. getentropy gives
 * at most 256 bytes a call. */
static int random_bytes(unsigned char *out, size_t n)
{
    size_t got = 0;
    while (got < n) {
        size_t part = n - got > 256 ? 256 : n - got;
        if (getentropy(out + got, part) != 0)
            return -1;
        got += part;
    }
    return 0;
}

/* Random text over an alphabet; rejection sampling keeps it uniform. */
int tw_random_text(char *out, size_t n, const char *alphabet)
{
    size_t k = strlen(alphabet);
    if (k == 0 || k > 256)
        return -1;
    size_t limit = 256 - 256 % k; /* bytes at or above this are skipped */
    size_t i = 0;
    while (i < n) {
        unsigned char buf[64];
        if (random_bytes(buf, sizeof buf) != 0)
            return -1;
        for (size_t j = 0; j < sizeof buf && i < n; j++)
            if (buf[j] < limit)
                out[i++] = alphabet[buf[j] % k];
    }
    out[n] = '\0';
    return 0;
}

/* A random 64-bit value (0 when the kernel cannot give one). */
uint64_t tw_random_u64(void)
{
    unsigned char b[8];
    if (random_bytes(b, sizeof b) != 0)
        return (uint64_t)time(NULL);
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | b[i];
    return v;
}

/* The current UTC time as "YYYY-MM-DDTHH:MM:SSZ". */
void tw_now_iso(char out[32])
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Milliseconds of one clock. */
static long long clock_ms(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Wall-clock milliseconds since 1970 (stored activity times). */
long long tw_now_ms(void)
{
    return clock_ms(CLOCK_REALTIME);
}

/* Monotonic milliseconds (when a game in memory was last used). */
long long tw_mono_ms(void)
{
    return clock_ms(CLOCK_MONOTONIC);
}
