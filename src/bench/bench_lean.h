/* `bench --parts random`: the leanest engine for For Northwood! without
 * abilities. It has the engine's interface (a state in memory, a list of
 * the legal actions written out, every action checked before it is
 * carried out, "stop" offered when the medal is out of reach, a step
 * before each statement where allies would be offered) and knows nothing
 * else: no allies, no piles, no events. bench plays it beside the bare
 * reference loop and the engine on the same deals, so that the engine's
 * share of the bare loop can be read against the share this interface
 * allows at most (docs/benchmarks.md, "The ceiling"). It lives in its own
 * file so that calls into it cost what calls into the library cost. */
#ifndef TRICKWOOD_BENCH_BENCH_LEAN_H
#define TRICKWOOD_BENCH_BENCH_LEAN_H

#include <stdint.h>

#include "trickwood/northwood.h"

/* A game of the lean engine. Phases and actions are the engine's
 * (tw_nw_phase, tw_nw_action); the deck is dealt as tw_nw_new and the end
 * of a visit deal it, with the same generator. */
typedef struct {
    tw_rng rng;
    uint32_t hand;                   /* bit per card */
    uint8_t deck[TW_NW_CARDS];       /* bottom first: the top is deck[deck_n - 1] */
    uint8_t deck_n;
    uint8_t phase;                   /* tw_nw_phase */
    uint8_t statement;               /* waiting for an answer, or TW_NW_NO_CARD */
    uint8_t visiting;                /* fief being visited */
    uint8_t score_n;                 /* answers that scored in this visit */
    uint8_t unvisited;               /* bit per fief */
    uint8_t friendly;                /* bit per fief */
    uint8_t stars_lost;              /* stars of the fiefs lost */
    uint8_t bronze;                  /* the stars of the bronze medal, the medal aimed for */
    uint8_t suits[TW_NW_FIEFS];      /* each fief's ruler's suit: the trump there */
} tw_bench_lean;

/* The deck in card order, before a shuffle (as the engine starts it). */
extern const uint8_t tw_bench_card_order[TW_NW_CARDS];

/* Starts a game from a seed and the suits of the eight intro rulers in
 * catalog order (shuffled onto the fiefs as tw_nw_new shuffles them). */
void tw_bench_lean_new(tw_bench_lean *game, uint64_t seed, const uint8_t ruler_suits[TW_NW_FIEFS]);

/* Writes the legal actions, in the engine's order, and returns their
 * count. The list needs room for TW_NW_MAX_ACTIONS. */
int tw_bench_lean_list(const tw_bench_lean *game, tw_nw_action *actions);

/* Carries out a legal action and returns 0; refuses any other with -1,
 * the game unchanged. */
int tw_bench_lean_apply(tw_bench_lean *game, tw_nw_action action);

#endif
