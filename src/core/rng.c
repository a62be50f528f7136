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

/* The PCG32 step, inline for the helpers below. */
static inline uint32_t next_bits(tw_rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* Seeds the generator with the standard PCG32 initialisation sequence. */
void tw_rng_seed(tw_rng *rng, uint64_t seed)
{
    rng->state = 0;
    rng->inc = (tw_mix64(seed ^ 0x5851f42d4c957f2dULL) << 1u) | 1u;
    (void)next_bits(rng);
    rng->state += tw_mix64(seed);
    (void)next_bits(rng);
}

/* Returns the next 32 random bits. */
uint32_t tw_rng_next(tw_rng *rng)
{
    return next_bits(rng);
}

/* Bounds up to this size (every shuffle and legal-action pick in the
 * games) take the division-free path below. */
#define FAST_BOUNDS 64

#if defined(__SIZEOF_INT128__)
/* Lemire's "fastmod" constant for d: floor((2^64 - 1) / d) + 1. With it,
 * x % d is the high half of (M * x mod 2^64) * d, exactly, for every 32-bit
 * x (d = 1 wraps to 0, which gives 0 as it should). */
#define MAGIC(d) (UINT64_C(0xFFFFFFFFFFFFFFFF) / (d) + 1)
#define MAGIC4(d) MAGIC(d), MAGIC((d) + 1), MAGIC((d) + 2), MAGIC((d) + 3)
#define MAGIC16(d) MAGIC4(d), MAGIC4((d) + 4), MAGIC4((d) + 8), MAGIC4((d) + 12)
static const uint64_t fast_magic[FAST_BOUNDS + 1] = {
    0, MAGIC16(1), MAGIC16(17), MAGIC16(33), MAGIC4(49), MAGIC4(53), MAGIC4(57), MAGIC(61), MAGIC(62), MAGIC(63),
    MAGIC(64)};

/* 2^32 mod d: random words below it are rejected (the biased tail). */
#define TAIL(d) ((uint32_t)(UINT64_C(0x100000000) % (d)))
#define TAIL4(d) TAIL(d), TAIL((d) + 1), TAIL((d) + 2), TAIL((d) + 3)
#define TAIL16(d) TAIL4(d), TAIL4((d) + 4), TAIL4((d) + 8), TAIL4((d) + 12)
static const uint32_t fast_tail[FAST_BOUNDS + 1] = {
    0, TAIL16(1), TAIL16(17), TAIL16(33), TAIL4(49), TAIL4(53), TAIL4(57), TAIL(61), TAIL(62), TAIL(63), TAIL(64)};

/* x % d for a small bound, without a division instruction. */
static inline uint32_t fast_mod(uint32_t x, uint32_t d)
{
    uint64_t low = fast_magic[d] * x;
    return (uint32_t)(((unsigned __int128)low * d) >> 64);
}
#endif

/* The draw of tw_rng_below, inline so that the shuffle keeps the
 * generator in registers. The threshold (-bound) % bound equals
 * 2^32 % bound; small bounds read it and the remainder from the tables
 * above, with the very same results. */
#if defined(__SIZEOF_INT128__)
/* The draw for a bound from 1 to FAST_BOUNDS, from the tables. */
static inline uint32_t draw_small(tw_rng *rng, uint32_t bound)
{
    uint32_t tail = fast_tail[bound];
    for (;;) {
        uint32_t r = next_bits(rng);
        if (r >= tail)
            return fast_mod(r, bound);
    }
}
#endif

static inline uint32_t draw_below(tw_rng *rng, uint32_t bound)
{
#if defined(__SIZEOF_INT128__)
    if (bound - 1 < FAST_BOUNDS)
        return draw_small(rng, bound);
#endif
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = next_bits(rng);
        if (r >= threshold)
            return r % bound;
    }
}

/* Returns a uniform value below bound using rejection of the biased tail. */
uint32_t tw_rng_below(tw_rng *rng, uint32_t bound)
{
    return draw_below(rng, bound);
}

/* Swaps two items of an array. */
static inline void swap_items(uint8_t *items, size_t a, size_t b)
{
    uint8_t tmp = items[a];
    items[a] = items[b];
    items[b] = tmp;
}

/* Shuffles the array with Fisher-Yates, on a local copy of the generator
 * (written back at the end: the same draws, fewer memory round trips). */
void tw_rng_shuffle_u8(tw_rng *rng, uint8_t *items, size_t n)
{
    tw_rng local = *rng;
    size_t i = n;
#if defined(__SIZEOF_INT128__)
    /* every shuffle of the games (at most 64 items): each draw reads the
     * tables without testing its bound again */
    if (n <= FAST_BOUNDS)
        for (; i > 1; i--)
            swap_items(items, i - 1, draw_small(&local, (uint32_t)i));
#endif
    for (; i > 1; i--)
        swap_items(items, i - 1, draw_below(&local, (uint32_t)i));
    *rng = local;
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
