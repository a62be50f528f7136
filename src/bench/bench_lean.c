/* The leanest engine for For Northwood! without abilities (bench_lean.h). */
#include "bench/bench_lean.h"

#include <string.h>

#define TOTAL_STARS 20 /* the sum of tw_nw_stars */

const uint8_t tw_bench_card_order[TW_NW_CARDS] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                                  16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

/* All 32 cards back in the deck, shuffled; the top 8 dealt to the hand. */
static void deal(tw_bench_lean *g)
{
    memcpy(g->deck, tw_bench_card_order, sizeof g->deck);
    tw_rng_shuffle_u8(&g->rng, g->deck, TW_NW_CARDS);
    uint32_t hand = 0;
    for (int i = TW_NW_CARDS - TW_NW_HAND_SIZE; i < TW_NW_CARDS; i++)
        hand |= 1u << g->deck[i];
    g->hand = hand;
    g->deck_n = TW_NW_CARDS - TW_NW_HAND_SIZE;
    g->score_n = 0;
}

/* Starts a game (bench_lean.h). */
void tw_bench_lean_new(tw_bench_lean *g, uint64_t seed, const uint8_t ruler_suits[TW_NW_FIEFS])
{
    memset(g, 0, sizeof *g);
    tw_rng_seed(&g->rng, seed);
    memcpy(g->suits, ruler_suits, sizeof g->suits);
    tw_rng_shuffle_u8(&g->rng, g->suits, TW_NW_FIEFS);
    g->unvisited = 0xFF;
    g->statement = TW_NW_NO_CARD;
    g->bronze = (uint8_t)tw_nw_medal_threshold(TW_NW_MEDAL_BRONZE);
    deal(g);
    g->phase = TW_NW_PHASE_CHOOSE_FIEF;
}

/* Whether "stop" is legal: the bronze medal (the only one this game aims
 * for) is out of reach. */
static int may_stop(const tw_bench_lean *g)
{
    return g->phase != TW_NW_PHASE_GAME_OVER && TOTAL_STARS - g->stars_lost < g->bronze;
}

/* The answers allowed now (none outside the response phase). */
static uint32_t answers(const tw_bench_lean *g)
{
    return g->phase == TW_NW_PHASE_RESPONSE ? tw_nw_answers_allowed(g->hand, g->statement) : 0;
}

/* Lists the legal actions (bench_lean.h). */
int tw_bench_lean_list(const tw_bench_lean *g, tw_nw_action *actions)
{
    int n = 0, kind = TW_NW_ACT_RESPOND;
    uint32_t mask = answers(g);
    if (g->phase == TW_NW_PHASE_CHOOSE_FIEF) {
        kind = TW_NW_ACT_VISIT;
        mask = g->unvisited;
    } else if (g->phase == TW_NW_PHASE_BEFORE_STATEMENT) {
        actions[n++] = TW_NW_ACTION(TW_NW_ACT_PROCEED, 0);
    }
    /* eight fixed places, as the engine writes a hand (add_mask in src/northwood/nw_engine.c) */
    int count = tw_bits32(mask);
    for (int k = 0; k < 8; k++) {
        actions[n + k] = TW_NW_ACTION(kind, __builtin_ctz(mask | 0x80000000u));
        mask &= mask - 1;
    }
    n += count;
    actions[n] = TW_NW_ACTION(TW_NW_ACT_STOP, 0);
    return n + may_stop(g);
}

/* Answers the statement; the visit ends when the hand is empty (the deck
 * keeps 16 cards then), and the game after the eighth visit. */
static void respond(tw_bench_lean *g, int card)
{
    int f = g->visiting;
    g->score_n = (uint8_t)(g->score_n + tw_nw_answer_scores(card, g->statement, g->suits[f]));
    g->hand &= ~(1u << card);
    g->statement = TW_NW_NO_CARD;
    if (g->hand) {
        g->phase = TW_NW_PHASE_BEFORE_STATEMENT;
        return;
    }
    if (g->score_n == f)
        g->friendly = (uint8_t)(g->friendly | 1u << f);
    else
        g->stars_lost = (uint8_t)(g->stars_lost + tw_nw_stars[f]);
    if (!g->unvisited) {
        g->phase = TW_NW_PHASE_GAME_OVER;
        return;
    }
    deal(g);
    g->phase = TW_NW_PHASE_CHOOSE_FIEF;
}

/* Checks an action, then carries it out (bench_lean.h). */
int tw_bench_lean_apply(tw_bench_lean *g, tw_nw_action action)
{
    int arg = TW_NW_ACTION_ARG(action);
    switch (TW_NW_ACTION_KIND(action)) {
    case TW_NW_ACT_RESPOND:
        if (arg >= TW_NW_CARDS || !(answers(g) & (1u << arg)))
            return -1;
        respond(g, arg);
        return 0;
    case TW_NW_ACT_PROCEED:
        if (g->phase != TW_NW_PHASE_BEFORE_STATEMENT || arg != 0)
            return -1;
        g->statement = g->deck[--g->deck_n];
        g->phase = TW_NW_PHASE_RESPONSE;
        return 0;
    case TW_NW_ACT_VISIT:
        if (g->phase != TW_NW_PHASE_CHOOSE_FIEF || arg >= TW_NW_FIEFS || !(g->unvisited & (1u << arg)))
            return -1;
        g->unvisited = (uint8_t)(g->unvisited & ~(1u << arg));
        g->visiting = (uint8_t)arg;
        g->phase = TW_NW_PHASE_BEFORE_STATEMENT;
        return 0;
    case TW_NW_ACT_STOP:
        if (arg != 0 || !may_stop(g))
            return -1;
        g->phase = TW_NW_PHASE_GAME_OVER;
        return 0;
    default:
        return -1;
    }
}
