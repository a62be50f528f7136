/* PCG32 generator (O'Neill, pcg-random.org, the minimal C variant) and
 * helpers built on it. */
#include "trickwood/core.h"

/* Mixes a 64-bit value so that nearby seeds give unrelated streams. */
uint64_t tw_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Seeds the generator with the standard PCG32 initialisation sequence. */
void tw_rng_seed(tw_rng *rng, uint64_t seed)
{
    rng->state = 0;
    rng->inc = (tw_mix64(seed ^ 0x5851f42d4c957f2dULL) << 1u) | 1u;
    (void)tw_rng_next(rng);
    rng->state += tw_mix64(seed);
    (void)tw_rng_next(rng);
}

/* Returns the next 32 random bits. */
uint32_t tw_rng_next(tw_rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* Returns a uniform value below bound using rejection of the biased tail. */
uint32_t tw_rng_below(tw_rng *rng, uint32_t bound)
{
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = tw_rng_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}

/* Shuffles the array with Fisher-Yates. */
void tw_rng_shuffle_u8(tw_rng *rng, uint8_t *items, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = tw_rng_below(rng, (uint32_t)i);
        uint8_t tmp = items[i - 1];
        items[i - 1] = items[j];
        items[j] = tmp;
    }
}

/* Counts set bits. */
int tw_popcount32(uint32_t set)
{
    return __builtin_popcount(set);
}

/* Index of the lowest set bit of a non-zero set. */
int tw_lowest_bit32(uint32_t set)
{
    return __builtin_ctz(set);
}

/* Names an error code. */
const char *tw_error_name(tw_error err)
{
    switch (err) {
    case TW_OK: return "ok";
    case TW_ERR_ILLEGAL: return "illegal action";
    case TW_ERR_PHASE: return "action not expected now";
    case TW_ERR_ARG: return "argument out of range";
    case TW_ERR_IO: return "input/output error";
    case TW_ERR_PARSE: return "invalid file";
    case TW_ERR_MISMATCH: return "replay mismatch";
    case TW_ERR_NOMEM: return "out of memory";
    case TW_ERR_GAME_OVER: return "game over";
    }
    return "unknown error";
}
