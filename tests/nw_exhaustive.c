/* The exhaustive check of a visit's outcomes (nw_exhaustive.h). A deal is
 * an order of the unseen cards in the unknown deck positions; only its top
 * L cards are enumerated (ordered L-tuples, the rest below in card order),
 * and every event that shows a deck card checks that the card lay among
 * the top L: when none ever lies deeper, two orders with the same top L
 * play every line alike, so the tuples stand for every order. A shuffle is
 * dealt the same way through the engine's shuffle hook. */
#include <string.h>

#include "nw_exhaustive.h"
#include "northwood/nw_internal.h"

/* One check at one depth L. */
typedef struct {
    int depth;     /* L: the top cards of a deal that are enumerated */
    long budget;   /* actions that may still be applied */
    int beyond;    /* a line showed a card dealt deeper than L */
    int unknown;   /* budget spent, or a case this check does not play */
} exh_check;

/* The shuffle hook's orders during one apply: with no tuple, card order
 * (a probe that learns the deck); with one, the tuple on top. */
typedef struct {
    const uint8_t *tuple;
    int ntuple;
    int calls;
    int taken;
    uint32_t deck;         /* the deck's cards when it was shuffled */
    int8_t rank[TW_NW_CARDS]; /* each card's place from the top after the shuffle */
} exh_shuffle;

/* The shuffle hook: puts the tuple on top of the deck, then the other
 * cards in card order, and remembers where each card went. */
static void exh_hook(tw_nw_state *s, int taken, void *ctx)
{
    exh_shuffle *c = ctx;
    c->calls++;
    c->taken = taken;
    c->deck = 0;
    for (int i = 0; i < s->deck_n; i++)
        c->deck |= 1u << s->deck[i];
    memset(c->rank, -1, sizeof c->rank);
    uint32_t rest = c->deck;
    int pos = s->deck_n - 1, r = 0;
    for (int i = 0; i < c->ntuple; i++, pos--, r++) {
        s->deck[pos] = c->tuple[i];
        c->rank[c->tuple[i]] = (int8_t)r;
        rest &= ~(1u << c->tuple[i]);
    }
    for (; rest; rest &= rest - 1, pos--, r++) {
        int card = __builtin_ctz(rest);
        s->deck[pos] = (uint8_t)card;
        c->rank[card] = (int8_t)r;
    }
}

/* Whether an action plays the visit on (stop and finish do not). */
static int exh_plays_on(tw_nw_action a)
{
    return TW_NW_ACTION_KIND(a) != TW_NW_ACT_STOP && TW_NW_ACTION_KIND(a) != TW_NW_ACT_FINISH;
}

/* Applies an action with the hook set; marks the check when a shown deck
 * card lay deeper than L (ranks before the shuffle from `rank`, after it
 * from the hook; the cards a search took are not shown by place). Returns
 * the visit's outcome if it ended (else 0) in *outcome; 0 when it fails. */
static int exh_apply(exh_check *x, const tw_nw_state *s, tw_nw_action a, const int8_t *rank, exh_shuffle *c,
                     tw_nw_state *next, unsigned *outcome)
{
    if (--x->budget < 0) {
        x->unknown = 1;
        return 0;
    }
    *next = *s;
    tw_nw_events ev;
    ev.count = 0;
    ev.overflow = 0;
    nw_set_shuffle_hook(exh_hook, c);
    tw_error err = tw_nw_apply(next, a, &ev);
    nw_set_shuffle_hook(NULL, NULL);
    if (err != TW_OK || ev.overflow || c->calls > 1) {
        x->unknown = 1; /* two shuffles in one action: not played here */
        return 0;
    }
    int shuffle_at = -1;
    for (int i = 0; i < ev.count; i++)
        if (ev.items[i].type == TW_NW_EV_SHUFFLE && shuffle_at < 0)
            shuffle_at = i;
    *outcome = 0;
    for (int i = 0; i < ev.count; i++) {
        const tw_nw_event *e = &ev.items[i];
        if (e->type == TW_NW_EV_VISIT_END) {
            *outcome = e->b ? NW_EXH_HIT : NW_EXH_MISS;
            break;
        }
        int shown = (e->type == TW_NW_EV_MOVE && e->from == TW_NW_PILE_DECK) || e->type == TW_NW_EV_PEEK ||
                    e->type == TW_NW_EV_STATEMENT;
        if (!shown || e->card >= TW_NW_CARDS || (shuffle_at >= 0 && i < shuffle_at && i >= shuffle_at - c->taken))
            continue;
        int r = shuffle_at >= 0 && i > shuffle_at ? c->rank[e->card] : rank[e->card];
        if (r >= x->depth)
            x->beyond = 1;
    }
    return 1;
}

static unsigned exh_play(exh_check *x, const tw_nw_state *s, const int8_t *rank);

/* Calls f on every ordered k-tuple of distinct cards of a set (tuple[0..at)
 * already chosen) while it returns 1; returns 0 once it stopped. */
typedef int (*exh_tuple_fn)(void *ctx, const uint8_t *tuple, int k);
static int exh_each_tuple(uint32_t set, int k, uint8_t *tuple, int at, exh_tuple_fn f, void *ctx)
{
    if (at == k)
        return f(ctx, tuple, k);
    for (uint32_t left = set; left; left &= left - 1) {
        tuple[at] = (uint8_t)__builtin_ctz(left);
        if (!exh_each_tuple(set & ~(1u << tuple[at]), k, tuple, at + 1, f, ctx))
            return 0;
    }
    return 1;
}

/* Whether the enumeration goes on: both outcomes not met yet, the check
 * within its budget, no line shown a card deeper than L (the check then
 * starts over one card deeper). */
static int exh_goes_on(const exh_check *x, unsigned all)
{
    return all != (NW_EXH_HIT | NW_EXH_MISS) && !x->unknown && !x->beyond;
}

/* One action that shuffled, dealt one tuple after the shuffle. */
typedef struct {
    exh_check *x;
    const tw_nw_state *s;
    tw_nw_action a;
    const int8_t *rank;
    unsigned all;
} exh_after_shuffle;

/* Plays the action with a tuple on top of the shuffled deck, and on. */
static int exh_shuffled_tuple(void *ctx, const uint8_t *tuple, int k)
{
    exh_after_shuffle *w = ctx;
    exh_shuffle c = {tuple, k, 0, 0, 0, {0}};
    tw_nw_state next;
    unsigned outcome;
    if (!exh_apply(w->x, w->s, w->a, w->rank, &c, &next, &outcome))
        return 0;
    w->all |= outcome ? outcome : exh_play(w->x, &next, c.rank);
    return exh_goes_on(w->x, w->all);
}

/* Outcomes after one action: its result played on, or, when it shuffled,
 * every ordered tuple of the shuffled deck's cards on top. */
static unsigned exh_action(exh_check *x, const tw_nw_state *s, tw_nw_action a, const int8_t *rank)
{
    exh_shuffle probe = {0};
    tw_nw_state next;
    unsigned outcome;
    if (!exh_apply(x, s, a, rank, &probe, &next, &outcome))
        return 0;
    if (!probe.calls)
        return outcome ? outcome : exh_play(x, &next, rank);
    int n = __builtin_popcount(probe.deck);
    exh_after_shuffle w = {x, s, a, rank, 0};
    uint8_t tuple[TW_NW_CARDS];
    exh_each_tuple(probe.deck, n < x->depth ? n : x->depth, tuple, 0, exh_shuffled_tuple, &w);
    return w.all;
}

/* Outcomes of every line from a full state in a visit. */
static unsigned exh_play(exh_check *x, const tw_nw_state *s, const int8_t *rank)
{
    tw_nw_action actions[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, actions);
    unsigned all = 0;
    for (int i = 0; i < n && exh_goes_on(x, all); i++)
        if (exh_plays_on(actions[i]))
            all |= exh_action(x, s, actions[i], rank);
    return all;
}

/* The deals of a state: its unknown deck positions, top first, and the
 * unseen cards that fill them. */
typedef struct {
    exh_check *x;
    const tw_nw_state *s;
    uint8_t pos[TW_NW_CARDS];
    int npos;
    uint32_t unseen;
    unsigned all;
} exh_deal;

/* Plays every line of the deal with a tuple on top (the rest below in
 * card order). */
static int exh_dealt_tuple(void *ctx, const uint8_t *tuple, int k)
{
    exh_deal *w = ctx;
    tw_nw_state d = *w->s;
    int8_t rank[TW_NW_CARDS];
    memset(rank, -1, sizeof rank);
    uint32_t rest = w->unseen;
    for (int i = 0; i < k; i++)
        rest &= ~(1u << tuple[i]);
    for (int i = 0; i < w->npos; i++) {
        int card = i < k ? tuple[i] : __builtin_ctz(rest);
        if (i >= k)
            rest &= rest - 1;
        d.deck[w->pos[i]] = (uint8_t)card;
        rank[card] = (int8_t)i;
    }
    w->all |= exh_play(w->x, &d, rank);
    return exh_goes_on(w->x, w->all);
}

/* The outcomes over every deal whose top L unknown cards are a tuple. */
static unsigned exh_deals(exh_check *x, const tw_nw_state *s)
{
    exh_deal w = {x, s, {0}, 0, 0, 0};
    for (int i = s->deck_n - 1; i >= 0; i--)
        if (!(s->deck_known & (1u << i))) {
            w.pos[w.npos++] = (uint8_t)i;
            w.unseen |= 1u << s->deck[i];
        }
    uint8_t tuple[TW_NW_CARDS];
    exh_each_tuple(w.unseen, w.npos < x->depth ? w.npos : x->depth, tuple, 0, exh_dealt_tuple, &w);
    return w.all;
}

/* See nw_exhaustive.h. */
unsigned nw_exhaustive_outcomes(const tw_nw_state *state, long budget)
{
    tw_nw_state s = *state;
    s.offer_finish = 0; /* the check plays on; it never asks the engine */
    for (int depth = 1; depth <= TW_NW_CARDS; depth++) {
        exh_check x = {depth, budget, 0, 0};
        unsigned all = exh_deals(&x, &s);
        if (all == (NW_EXH_HIT | NW_EXH_MISS))
            return all; /* both met on real deals and real lines */
        if (x.unknown)
            return NW_EXH_UNKNOWN;
        if (!x.beyond)
            return all;
        budget = x.budget;
    }
    return NW_EXH_UNKNOWN;
}
