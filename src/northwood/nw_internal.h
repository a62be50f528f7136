/* Internal helpers shared by the For Northwood! engine modules. */
#ifndef TRICKWOOD_NW_INTERNAL_H
#define TRICKWOOD_NW_INTERNAL_H

#include "trickwood/northwood.h"

/* Marks a rarely used helper that must stay out of line, so that the hot
 * function calling it stays small enough to be inlined. */
#if defined(__GNUC__)
#define NW_COLD __attribute__((noinline, cold))
#else
#define NW_COLD
#endif

/* Asks the compiler to inline a small check into its hot caller (apply),
 * which it would otherwise call because other callers share it. */
#if defined(__GNUC__)
#define NW_INLINE inline __attribute__((always_inline))
#else
#define NW_INLINE inline
#endif

/* Appends an event to a buffer (not NULL); nw_emit is the usual entry. */
void nw_emit_to(tw_nw_events *events, uint8_t type, uint8_t card, uint8_t from, uint8_t to,
                uint8_t a, uint8_t b, uint8_t c);

/* Appends an event when an event buffer was given. Inline, so that play
 * without events (search, simulation) pays one test and no call, and
 * play with events writes the event in place, without a call either. */
static inline void nw_emit(tw_nw_events *events, uint8_t type, uint8_t card, uint8_t from, uint8_t to,
                           uint8_t a, uint8_t b, uint8_t c)
{
    if (events)
        tw_event_record(events->items, &events->count, TW_NW_MAX_EVENTS, &events->overflow, type, card, from, to, a,
                        b, c);
}

/* Number of set bits, inline (tw_bits32). */
static inline int nw_count(uint32_t set)
{
    return tw_bits32(set);
}

/* Index of the lowest set bit of a non-zero set, inline. */
static inline int nw_lowest(uint32_t set)
{
    return __builtin_ctz(set);
}

/* Whether a set holds exactly one element. */
static inline int nw_single(uint32_t set)
{
    return set && !(set & (set - 1));
}

/* Puts a card on top of a pile; a card put on the deck is known (it came
 * from a place the player saw). */
static inline void nw_pile_push(tw_nw_state *s, int pile, int card)
{
    switch (pile) {
    case TW_NW_PILE_HAND:
        s->hand |= 1u << card;
        break;
    case TW_NW_PILE_DECK:
        s->deck_known |= 1u << s->deck_n;
        s->deck[s->deck_n++] = (uint8_t)card;
        break;
    case TW_NW_PILE_DISCARD:
        s->discard[s->discard_n++] = (uint8_t)card;
        break;
    case TW_NW_PILE_SCORE:
        s->score[s->score_n++] = (uint8_t)card;
        break;
    }
}

/* Moves the top card of a pile (deck, discard or score) to another pile or
 * the hand. Returns the card, or TW_NW_NO_CARD when the pile is empty.
 * Cards put on the deck this way are known to the player. */
static inline int nw_move_top(tw_nw_state *s, int from, int to, tw_nw_events *events)
{
    int card;
    switch (from) {
    case TW_NW_PILE_DECK:
        if (!s->deck_n)
            return TW_NW_NO_CARD;
        card = s->deck[--s->deck_n];
        s->deck_known &= ~(1u << s->deck_n);
        break;
    case TW_NW_PILE_DISCARD:
        if (!s->discard_n)
            return TW_NW_NO_CARD;
        card = s->discard[--s->discard_n];
        break;
    case TW_NW_PILE_SCORE:
        if (!s->score_n)
            return TW_NW_NO_CARD;
        card = s->score[--s->score_n];
        break;
    default:
        return TW_NW_NO_CARD;
    }
    nw_pile_push(s, to, card);
    nw_emit(events, TW_NW_EV_MOVE, (uint8_t)card, (uint8_t)from, (uint8_t)to, 0, 0, 0);
    return card;
}

/* Moves a hand card onto a pile (or the deck, where it is known). */
static inline void nw_move_from_hand(tw_nw_state *s, int card, int to, tw_nw_events *events)
{
    s->hand &= ~(1u << card);
    nw_pile_push(s, to, card);
    nw_emit(events, TW_NW_EV_MOVE, (uint8_t)card, TW_NW_PILE_HAND, (uint8_t)to, 0, 0, 0);
}

/* Chance made explicit for searches that weigh every order a shuffle can
 * leave (the decided search, the tests' exhaustive check): when a thread
 * sets a hook, a deck shuffle in a visit (Baron of Claws) calls it instead
 * of drawing the order from the state's generator. The hook puts the deck
 * cards (s->deck[0..deck_n), top last) in the order it chooses; `taken` is
 * the number of cards the step moved to the hand just before (their moves
 * are the events right before the shuffle's). NULL restores the
 * generator. The hook and its context are the calling thread's own. */
typedef void (*nw_shuffle_hook)(tw_nw_state *s, int taken, void *ctx);
void nw_set_shuffle_hook(nw_shuffle_hook hook, void *ctx);

/* How the calling thread's last tw_nw_visit_decided answered, for
 * measuring it (scripts/nw-decided-loop.c): how it settled (one of
 * NW_DECIDED_BY_*), the nodes its complete search used and the outcomes
 * its playouts met. */
enum {
    NW_DECIDED_BY_NONE = 0,    /* not in a visit's decision */
    NW_DECIDED_BY_BOUND = 1,   /* the score's bounds at the root */
    NW_DECIDED_BY_WITNESS = 2, /* a hit and a miss met by playouts */
    NW_DECIDED_BY_SEARCH = 3,  /* the complete search, within its budget */
    NW_DECIDED_BY_RUN_OUT = 4  /* the complete search ran out of budget */
};
typedef struct {
    int by;
    int nodes;
    int met; /* outcomes the playouts met: 1 a hit, 2 a miss, 3 both */
} nw_decided_trace;
nw_decided_trace nw_decided_last(void);

/* Starts the ability of a slot (the slot is already exhausted). */
void nw_ability_start(tw_nw_state *s, int slot, tw_nw_events *events);
/* Feeds a player's choice to the running ability. value is a card, suit or
 * fief depending on the choice asked. The caller checked legality. */
void nw_ability_choose(tw_nw_state *s, int value, tw_nw_events *events);

/* Called when an ability has fully resolved: ends the visit if the hand or
 * deck is empty, otherwise reveals the statement. */
void nw_after_ability(tw_nw_state *s, tw_nw_events *events);
/* Called when a delayed trigger has fully resolved after a response: ends
 * the visit if the hand or deck is empty, otherwise starts the next
 * dialogue. */
void nw_after_trigger(tw_nw_state *s, tw_nw_events *events);
/* Runs the armed delayed trigger right after the response card. */
void nw_trigger_fire(tw_nw_state *s, int response, tw_nw_events *events);
/* Empties the ability interpreter. */
void nw_run_clear(tw_nw_run *run);
/* Whether a step list is safe to run: known operations, piles and suit
 * references in range, bodies and skips inside the list. */
int nw_steps_sound(const tw_nw_step *steps, int nsteps);

#endif
