/* `bench --parts random`: For Northwood! without abilities, played twice
 * on the same deals: by a bare reference loop of the benchmark's own (the
 * least work the game needs) and by the engine through its public API.
 * The ratio of their rates says what the engine costs over that floor. */
#ifndef TRICKWOOD_BENCH_BENCH_PLAIN_H
#define TRICKWOOD_BENCH_BENCH_PLAIN_H

#include <stdint.h>

#include "trickwood/northwood.h"

/* One side of the measure (reference or engine): the deal, the seed of
 * the run and the generator of the player's picks. Both sides start from
 * the same seed, so game g of one is game g of the other. */
typedef struct {
    const tw_nw_catalog *catalog;
    uint8_t ruler_suits[TW_NW_FIEFS]; /* suits of the intro rulers, in the order the engine shuffles them */
    uint64_t seed;
    tw_rng pick;
} tw_bench_plain;

/* What a series of games gave; equal totals for both sides show that
 * they played the same games. */
typedef struct {
    long long games;
    long long picks;                 /* random picks: fiefs and responses */
    long long stars;                 /* stars won, summed over the games */
    long long friendly[TW_NW_FIEFS]; /* games where each fief became friendly */
    uint64_t check;                  /* sum of a hash of each game's number and friendly fiefs */
} tw_bench_plain_totals;

/* Prepares one side for a run with this seed; returns 0, or -1 when the
 * catalog has no intro deal (fewer than 8 intro rulers). */
int tw_bench_plain_init(tw_bench_plain *p, const tw_nw_catalog *catalog, uint64_t seed);

/* Plays games first..first+count-1 with the bare loop: a bitmask hand,
 * the engine's generator and shuffles (the same deals), a random fief
 * and a random legal response at each decision. Adds to t. */
void tw_bench_plain_reference(tw_bench_plain *p, long long first, int count, tw_bench_plain_totals *t);

/* Plays the same games with the engine (tw_nw_new, tw_nw_legal_actions,
 * tw_nw_apply): the player proceeds without an ability and begins without
 * substitutes, and picks a random fief and a random response among the
 * legal ones (never stopping). Adds to t; returns 0, or -1 when a game
 * cannot start or an action is refused. */
int tw_bench_plain_engine(tw_bench_plain *p, long long first, int count, tw_bench_plain_totals *t);

/* Plays the same games with the lean engine of bench_lean.h (the same
 * player as the engine's loop). Returns 0, or -1 if it refused an action. */
int tw_bench_plain_lean(tw_bench_plain *p, long long first, int count, tw_bench_plain_totals *t);

#endif
