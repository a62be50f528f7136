/* An exhaustive check of "this visit is decided", for tests and tools: the
 * outcomes of a visit over every line of play and every order of the cards
 * the player cannot see, including every order a shuffle in the visit
 * (Baron of Claws) can leave. Written apart from the engine's own search
 * (src/northwood/nw_decided.c), to check it: it deals whole orders and
 * plays every line on full states. */
#ifndef TRICKWOOD_TEST_NW_EXHAUSTIVE_H
#define TRICKWOOD_TEST_NW_EXHAUSTIVE_H

#include "trickwood/northwood.h"

#define NW_EXH_HIT 1u
#define NW_EXH_MISS 2u
#define NW_EXH_UNKNOWN 0xFFu /* the check did not fit its budget */

/* The outcomes (NW_EXH_HIT | NW_EXH_MISS) reachable from a full state in
 * a visit: every legal action but stop and finish, every order of the
 * cards in the unknown deck positions (the state's own cards there are
 * the unseen ones), every order after each shuffle. Orders are dealt as
 * their top L cards (the rest below in card order), L growing until no
 * line ever looks deeper, so the answer is exact. NW_EXH_UNKNOWN when
 * more than `budget` actions would be applied. */
unsigned nw_exhaustive_outcomes(const tw_nw_state *state, long budget);

#endif
