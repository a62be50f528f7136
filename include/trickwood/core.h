/* Trickwood core: error codes, the seeded random number generator, card
 * bitsets and small helpers shared by both games. */
#ifndef TRICKWOOD_CORE_H
#define TRICKWOOD_CORE_H

#include <stddef.h>
#include <stdint.h>

/* Error codes returned by every fallible library function. */
typedef enum {
    TW_OK = 0,
    TW_ERR_ILLEGAL = 1,   /* action not legal in this state */
    TW_ERR_PHASE = 2,     /* action of a kind the current phase does not take */
    TW_ERR_ARG = 3,       /* argument out of range */
    TW_ERR_IO = 4,        /* file could not be read or written */
    TW_ERR_PARSE = 5,     /* file is not valid (syntax or content) */
    TW_ERR_MISMATCH = 6,  /* replay diverged from the record */
    TW_ERR_NOMEM = 7,     /* allocation failed */
    TW_ERR_GAME_OVER = 8  /* the game has ended; nothing more applies */
} tw_error;

/* Short English description of an error code, for logs and messages. */
const char *tw_error_name(tw_error err);

/* Largest seed a game accepts: 2^53 - 1, so that any JSON reader (a
 * browser included) keeps seeds exact. */
#define TW_MAX_SEED ((1ULL << 53) - 1)

/* Player-facing languages. */
typedef enum { TW_LANG_EN = 0, TW_LANG_FR = 1 } tw_lang;

/* One event of a game, as both engines report them: a type of the game's
 * own, the card concerned, the zones or piles it moves between, and three
 * small values whose meaning the type gives. */
typedef struct {
    uint8_t type;
    uint8_t card;
    uint8_t from;
    uint8_t to;
    uint8_t a;
    uint8_t b;
    uint8_t c;
} tw_event;

/* Records an event in items[*count] when count is below max, else sets
 * *overflow (the engines' event buffers). */
static inline void tw_event_record(tw_event *items, int *count, int max, int *overflow, uint8_t type, uint8_t card,
                                   uint8_t from, uint8_t to, uint8_t a, uint8_t b, uint8_t c)
{
    if (*count >= max) {
        *overflow = 1;
        return;
    }
    tw_event *ev = &items[(*count)++];
    ev->type = type;
    ev->card = card;
    ev->from = from;
    ev->to = to;
    ev->a = a;
    ev->b = b;
    ev->c = c;
}

/* A PCG32 random number generator. It lives inside game states so that a
 * game is reproducible from its seed and its action list. */
typedef struct {
    uint64_t state;
    uint64_t inc;
} tw_rng;

/* Seeds the generator; equal seeds give equal sequences. */
void tw_rng_seed(tw_rng *rng, uint64_t seed);
/* Next 32 uniformly random bits. */
uint32_t tw_rng_next(tw_rng *rng);
/* Uniform integer in [0, bound), without modulo bias. bound must be > 0. */
uint32_t tw_rng_below(tw_rng *rng, uint32_t bound);
/* Shuffles n bytes in place (Fisher-Yates). */
void tw_rng_shuffle_u8(tw_rng *rng, uint8_t *items, size_t n);
/* Mixes a 64-bit value (splitmix64); used to derive independent seeds. */
uint64_t tw_mix64(uint64_t x);

/* Number of set bits in a 32-bit card set. */
int tw_popcount32(uint32_t set);
/* The same count inline, without a call (the build targets plain x86-64,
 * where __builtin_popcount is a library call): for hot loops. */
static inline int tw_bits32(uint32_t set)
{
    set = set - ((set >> 1) & 0x55555555u);
    set = (set & 0x33333333u) + ((set >> 2) & 0x33333333u);
    set = (set + (set >> 4)) & 0x0F0F0F0Fu;
    return (int)((set * 0x01010101u) >> 24);
}
/* Index of the lowest set bit; set must be non-zero. */
int tw_lowest_bit32(uint32_t set);

/* Appends an action to a growing list (items, count, cap start at NULL,
 * 0, 0; free items when done). Returns TW_ERR_NOMEM when it cannot grow. */
tw_error tw_actions_push(uint16_t **items, int *count, int *cap, uint16_t action);
/* For invariant checks: sets *why (when why is not NULL) and returns 0. */
int tw_broken(const char **why, const char *reason);

/* Key tables (names of enumerations in files), keys[value]: the key of a
 * value (NULL when out of range) and the value of a key (-1 when absent;
 * NULL entries never match). */
const char *tw_key_of(const char *const *keys, int count, int value);
int tw_key_find(const char *const *keys, int count, const char *key);

#endif
