/* For Northwood! determinize-and-solve counting (nw_solve_bot.c), for the
 * bots of nw_bots.c: at a decision inside a visit, deck orders consistent
 * with the player's view are dealt and each is solved exactly; every
 * action is scored by the orders in which the visit's target stays
 * reachable after it. Internal to the library. */
#ifndef TRICKWOOD_AI_NW_SOLVE_BOT_H
#define TRICKWOOD_AI_NW_SOLVE_BOT_H

#include "trickwood/nw_bots.h"

/* The most orders one decision may deal (one bit each in a 64-bit word). */
#define NW_SOLVE_MAX_ORDERS 64

/* How hard the counting works. */
typedef struct {
    int min_orders;      /* orders dealt before any early stop (all agree: half of it) */
    int max_orders;      /* at most this many (<= NW_SOLVE_MAX_ORDERS) */
    long long budget;    /* solver nodes per question */
} nw_solve_settings;

/* What the counting found for the n actions of a decision. */
typedef struct {
    int orders;                          /* orders dealt */
    int aborted;                         /* questions that ran out of budget */
    int score[TW_NW_MAX_ACTIONS];        /* twice the orders where the target stays reachable, plus one per
                                            order whose question ran out of budget (half a success) */
    int best;                            /* index of the highest score (the first among equals) */
} nw_solve_count;

/* Scratch memory of the counting (the solver and its table). */
typedef struct nw_solve_scratch nw_solve_scratch;

/* Creates the scratch memory; NULL when out of memory. */
nw_solve_scratch *nw_solve_scratch_new(void);
/* Frees it. */
void nw_solve_scratch_free(nw_solve_scratch *sc);
/* Nodes searched and questions asked since the scratch was made. */
long long nw_solve_scratch_nodes(const nw_solve_scratch *sc);
/* Counts, for each of the n actions (a decision inside a visit, from the
 * view only), the orders dealt from the view after which the target can
 * still be reached. Orders are dealt from seeds drawn from rng one at a
 * time; once min_orders are counted, the counting stops as soon as the best
 * action is clear or every action has scored the same in every order so
 * far, and in any case at max_orders. */
void nw_solve_actions(nw_solve_scratch *sc, const nw_solve_settings *set, const tw_nw_view *view,
                      const tw_nw_action *acts, int n, tw_rng *rng, nw_solve_count *out);

#endif
