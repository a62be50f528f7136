/* Whether a visit is decided (official FAQ: once no choice and no order of
 * the unseen cards can change whether the visit hits its target, the player
 * may finish it at once).
 *
 * The question is about every way the visit can go, so the search is
 * existential on both sides: the player's choices and the order of the deck
 * cards the player cannot see. Chance is explored lazily: to apply an
 * action, the unknown deck positions are filled from the top with a chosen
 * prefix of unseen cards; when the action drew no deeper than the prefix,
 * the resulting view does not depend on the rest of the fill, otherwise
 * the prefix is extended by every unseen card in turn. A shuffle during
 * the action (Baron of Claws) is one more such chance node: through the
 * engine's shuffle hook the shuffled deck is dealt the same way, a prefix
 * of its cards on top, extended as far as the action looks.
 *
 * Three things keep the search small. Bounds on the score, asked at
 * every node: the answers left, the hand cards matched with statements
 * they beat, the cards the abilities can still take into the hand or
 * move to and from the score pile. Fewer chances: unseen cards alike for
 * the rest of the visit are tried once, and cards drawn one right after
 * another by a draw of fixed length are dealt as a set. Meeting lines:
 * the discard and score piles count as sets when no ability takes their
 * top. The search also tries first what leads to the outcome it looks
 * for, which changes only how soon it meets it.
 *
 * Answers are never wrong. "Not decided" comes from two real witnesses (a
 * hit and a miss reached by legal play from deals consistent with the
 * view). "Decided" comes from a bound on the score that no usable ability
 * can break, or from a complete search. When the complete search would
 * exceed its budget, the answer is "not decided". */
#include <stdlib.h>
#include <string.h>

#include "nw_internal.h"

#define OUT_HIT 1u
#define OUT_MISS 2u
#define OUT_BOTH 3u
#ifndef SEARCH_BUDGET
#define SEARCH_BUDGET 20000 /* nodes of the complete search */
#endif
#define WITNESS_PLAYOUTS 48 /* random playouts tried before the complete search */

/* One remembered search node: a 128-bit key of the view and its outcomes
 * (or, for a position of dialogues only, the scores it can still add). */
typedef struct {
    uint64_t k1, k2;
    uint32_t value;
    uint8_t used;
} memo_entry;

/* The table holds every entry a search within its budget can store (one
 * per node at most, and the root): at three quarters full it still has
 * room, and a small table costs little to clear for each query. */
#ifndef MEMO_BITS
#define MEMO_BITS 15
#endif
#define MEMO_SIZE (1u << MEMO_BITS)
#define MEMO_FULL ((int)(MEMO_SIZE / 4 * 3)) /* entries past this make the search give up */
_Static_assert(MEMO_FULL > SEARCH_BUDGET + 1, "the memo must hold a whole search");

typedef struct {
    int nodes;
    int entries;
    int gave_up; /* budget exceeded: one outcome proves nothing */
    unsigned want;  /* the outcomes the search looks for (the others are known) */
    memo_entry *memo;
} search;

/* Whether the outcomes found hold all those the search looks for: then
 * it stops (the memo's entries need not hold the others). */
static int found_wanted(const search *sr, unsigned all)
{
    return (all & sr->want) == sr->want;
}

/* Two independent 64-bit hashes of a byte string (an FNV-style
 * multiply-xor and a multiply-add mix), used together as a 128-bit key.
 * The bytes are taken eight at a time (a whole view is about 700 bytes:
 * byte at a time, hashing it was half of the time of a query), the last
 * ones padded with zeros. */
static void hash_bytes(const void *data, size_t size, uint64_t *k1, uint64_t *k2)
{
    const unsigned char *p = data;
    uint64_t h1 = 1469598103934665603ull, h2 = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < size; i += 8) {
        uint64_t w = 0;
        memcpy(&w, p + i, size - i < 8 ? size - i : 8);
        h1 = (h1 ^ w) * 0x100000001B3ull;
        h1 ^= h1 >> 32;
        h2 = (h2 + w + 1) * 0xBF58476D1CE4E5B9ull;
        h2 ^= h2 >> 29;
    }
    *k1 = h1 ^ (uint64_t)size;
    *k2 = h2;
}

/* Whether only dialogues remain in the visit: a statement waits for its
 * answer, no ally is ready and no delayed effect is armed, so no ability
 * can run before the visit ends. */
static int dialogues_only(const tw_nw_state *v)
{
    if (v->phase != TW_NW_PHASE_RESPONSE || v->trigger.active)
        return 0;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        if (!v->slots[slot].exhausted)
            return 0;
    return 1;
}

/* What the abilities still usable in a visit could do, as far as the
 * score can tell: lower it, raise it (other than by an answer), put cards
 * back on the deck (more dialogues), move the visit to another target,
 * add cards to the hand (more answers), take the top card of the
 * discard or score pile (so their order matters), trade hand cards for
 * others, change the trump, or draw as far as the cards drawn say. */
enum {
    CAN_LOWER = 1,
    CAN_RAISE = 2,
    CAN_REFILL = 4,
    CAN_MOVE = 8,
    CAN_DRAW = 16,
    CAN_READ_PILES = 32,
    CAN_SWAP = 64, /* trade a hand card for another card (the hand's size stays) */
    CAN_TRUMP = 128, /* change the visited ruler, so the trump */
    CAN_DRAW_BY_CARD = 256 /* draw until a card comes, or shuffle the deck */
};

static unsigned usable_powers(const tw_nw_state *v);

/* A key of the whole view (for positions of different queries too):
 * its bytes with the parts that carry no game meaning zeroed, so that
 * two lines reaching the same position meet: the piles' entries past
 * their counts (scratch the engine may write) and the generator (it only
 * shuffles, and the search deals its shuffles itself). When no ability
 * that may still run takes a pile's top card, the discard and score
 * piles count only as the set of their cards and their two counts (the
 * statement waiting, the discard's top, is kept apart in the view): which
 * card lies where in them can change nothing, and lines that answered in
 * another order, or scored with other cards, meet. */
static void full_view_key(const tw_nw_state *v, uint64_t *k1, uint64_t *k2)
{
    struct {
        tw_nw_state c;
        uint32_t piles; /* the piles' cards, when only their set counts */
    } key;
    memset(&key, 0, sizeof key);
    tw_nw_state c = *v;
    memset(&c.deck[c.deck_n], 0, sizeof c.deck - c.deck_n);
    memset(&c.discard[c.discard_n], 0, sizeof c.discard - c.discard_n);
    memset(&c.score[c.score_n], 0, sizeof c.score - c.score_n);
    if (!(usable_powers(v) & CAN_READ_PILES)) {
        int statement = tw_nw_statement(v);
        for (int i = 0; i < c.discard_n; i++)
            key.piles |= 1u << c.discard[i];
        for (int i = 0; i < c.score_n; i++)
            key.piles |= 1u << c.score[i];
        memset(c.discard, 0, sizeof c.discard);
        memset(c.score, 0, sizeof c.score);
        if (statement >= 0 && statement < TW_NW_CARDS)
            c.discard[0] = (uint8_t)(statement + 1);
    }
    memset(&c.rng, 0, sizeof c.rng);
    if (c.deck_n < 32)
        c.deck_known &= (1u << c.deck_n) - 1;
    if (c.run.len < TW_NW_MAX_PROGRAM)
        memset(&c.run.program[c.run.len], 0, (TW_NW_MAX_PROGRAM - c.run.len) * sizeof c.run.program[0]);
    if (c.trigger.len < TW_NW_MAX_PROGRAM)
        memset(&c.trigger.steps[c.trigger.len], 0, (TW_NW_MAX_PROGRAM - c.trigger.len) * sizeof c.trigger.steps[0]);
    memcpy(&key.c, &c, sizeof c);
    hash_bytes(&key, sizeof key, k1, k2);
    *k2 &= ~(1ull << 63); /* a dialogues key has this bit set: the two kinds never meet */
}

/* Finds a view's memo entry (or the empty place for it). */
static memo_entry *memo_find(search *sr, uint64_t k1, uint64_t k2)
{
    uint32_t i = (uint32_t)(((k1 ^ k2) * 0x9E3779B97F4A7C15ull) >> 40) & (MEMO_SIZE - 1);
    while (sr->memo[i].used && (sr->memo[i].k1 != k1 || sr->memo[i].k2 != k2))
        i = (i + 1) & (MEMO_SIZE - 1);
    return &sr->memo[i];
}

/* Remembers a value under a key (the place memo_find gave); the search
 * gives up rather than fill the table. */
static void memo_store(search *sr, memo_entry *e, uint64_t k1, uint64_t k2, uint32_t value)
{
    if (++sr->entries > MEMO_FULL) {
        sr->gave_up = 1;
        return;
    }
    e->used = 1;
    e->k1 = k1;
    e->k2 = k2;
    e->value = value;
}

/* The unknown deck positions of a view, top first. */
static int unknown_positions(const tw_nw_state *v, uint8_t *pos)
{
    int n = 0;
    for (int i = v->deck_n - 1; i >= 0; i--)
        if (!(v->deck_known & (1u << i)))
            pos[n++] = (uint8_t)i;
    return n;
}

/* Cards the player cannot see in a view. */
static uint32_t unseen_of(const tw_nw_state *v)
{
    tw_nw_view view;
    view.visible = *v;
    return tw_nw_view_unseen(&view);
}

/* The cards one apply deals where the player cannot see: part 0 fills
 * the unknown deck positions of the view, part k the deck after the
 * apply's k-th shuffle (Baron of Claws: chance made explicit through the
 * engine's shuffle hook). Each part starts with a chosen prefix, top
 * first, the other cards following in card order; rank[k][card] is each
 * card's place from the top in part k (-1: not dealt by it). */
#define DEAL_PARTS 4 /* the view's fill and up to three shuffles in one action */

typedef struct {
    uint8_t prefix[DEAL_PARTS][TW_NW_CARDS];
    int n[DEAL_PARTS];
    int8_t rank[DEAL_PARTS][TW_NW_CARDS];
    uint32_t pool[DEAL_PARTS]; /* the cards part k deals */
    int taken[DEAL_PARTS];     /* the cards the search took right before shuffle k */
    int shuffles;              /* shuffles met so far in the apply */
    int overflow;              /* more shuffles than parts */
    int draws_as_sets;         /* cards drawn together may be dealt as a set (draws_are_sets) */
    int unseen_alike;          /* no card can come to the hand: alike unseen cards are one (alike_cards) */
} deal;

/* Lays out a part: the cards of pool on the places (top first), the
 * prefix first, then the others in card order. */
static void deal_part(deal *d, int k, uint32_t pool, uint8_t *deck, const uint8_t *places, int nplaces)
{
    uint32_t rest = pool;
    memset(d->rank[k], -1, TW_NW_CARDS);
    d->pool[k] = pool;
    for (int i = 0; i < d->n[k]; i++)
        rest &= ~(1u << d->prefix[k][i]);
    for (int i = 0; i < nplaces; i++) {
        int card;
        if (i < d->n[k]) {
            card = d->prefix[k][i];
        } else {
            if (!rest)
                break; /* not a sound view: leave the position as it was */
            card = nw_lowest(rest);
            rest &= rest - 1;
        }
        deck[places[i]] = (uint8_t)card;
        d->rank[k][card] = (int8_t)i;
    }
}

/* The shuffle hook of the search: deals the next part onto the deck. */
static void deal_shuffle(tw_nw_state *s, int taken, void *ctx)
{
    deal *d = ctx;
    int k = ++d->shuffles;
    if (k >= DEAL_PARTS) {
        d->overflow = 1;
        return;
    }
    uint32_t pool = 0;
    uint8_t places[TW_NW_CARDS];
    for (int i = 0; i < s->deck_n; i++) {
        pool |= 1u << s->deck[i];
        places[i] = (uint8_t)(s->deck_n - 1 - i);
    }
    d->taken[k] = taken;
    deal_part(d, k, pool, s->deck, places, s->deck_n);
}

/* Fills the unknown positions of a view with part 0 of a deal. */
static void fill(const tw_nw_state *v, deal *d, tw_nw_state *out)
{
    *out = *v;
    tw_rng_seed(&out->rng, 1); /* views carry no RNG; the next visit's deal needs one */
    uint8_t pos[TW_NW_CARDS];
    int npos = unknown_positions(v, pos);
    d->shuffles = 0;
    d->overflow = 0;
    d->taken[0] = 0;
    deal_part(d, 0, unseen_of(v), out->deck, pos, npos);
}

/* Whether an action belongs to the play of the visit (stopping the game
 * and finishing are left out: the question is about playing on). */
static int plays_on(tw_nw_action action)
{
    int kind = TW_NW_ACTION_KIND(action);
    return kind != TW_NW_ACT_STOP && kind != TW_NW_ACT_FINISH;
}

/* What one apply showed: the visit's outcome if it ended (else 0) and, for
 * each part of the deal, how deep into it the play looked. */
typedef struct {
    unsigned outcome;
    int depth[DEAL_PARTS];
    uint32_t drawn_after; /* bit r: part 0's card r came to the hand by the move right after card r-1's */
} apply_trace;

/* Reads the events of one apply, up to the end of the visit (the deal of
 * the next visit that follows is not part of this one). The cards a
 * search takes right before its shuffle are every deck card of a value,
 * wherever they lay: they show no place. */
static apply_trace trace_of(const tw_nw_events *ev, const deal *d)
{
    apply_trace t = {0, {0}, 0};
    int drawn_at[TW_NW_CARDS]; /* part 0: the event that moved each rank to the hand first (-1: none) */
    for (int r = 0; r < TW_NW_CARDS; r++)
        drawn_at[r] = -1;
    uint32_t sighted = 0;
    int shuffle_at[DEAL_PARTS + 1], nshuffles = 0;
    for (int i = 0; i < ev->count && nshuffles < DEAL_PARTS; i++)
        if (ev->items[i].type == TW_NW_EV_SHUFFLE)
            shuffle_at[nshuffles++] = i;
    shuffle_at[nshuffles] = ev->count;
    int part = 0;
    for (int i = 0; i < ev->count; i++) {
        const tw_nw_event *e = &ev->items[i];
        if (e->type == TW_NW_EV_VISIT_END) {
            t.outcome = e->b ? OUT_HIT : OUT_MISS;
            break;
        }
        if (e->type == TW_NW_EV_SHUFFLE && ++part >= DEAL_PARTS)
            break;
        int seen = (e->type == TW_NW_EV_MOVE && e->from == TW_NW_PILE_DECK) || e->type == TW_NW_EV_PEEK ||
                   e->type == TW_NW_EV_STATEMENT;
        int taken = part < nshuffles && part + 1 < DEAL_PARTS && i >= shuffle_at[part] - d->taken[part + 1];
        if (!seen || taken || e->card >= TW_NW_CARDS)
            continue;
        int rank = d->rank[part][e->card];
        if (rank >= 0 && rank + 1 > t.depth[part])
            t.depth[part] = rank + 1;
        if (part == 0 && rank >= 0 && !(sighted & (1u << rank))) {
            sighted |= 1u << rank;
            if (e->type == TW_NW_EV_MOVE && e->to == TW_NW_PILE_HAND) {
                drawn_at[rank] = i;
                if (rank > 0 && drawn_at[rank - 1] == i - 1)
                    t.drawn_after |= 1u << rank;
            }
        }
    }
    return t;
}

static unsigned explore(search *sr, const tw_nw_state *v);

/* Cards taken into the hand, moved to the score pile and taken from it
 * at most. */
typedef struct {
    int intake, raise, lower;
    int highest;   /* runs of a step moving the highest hand cards to the score pile (counted apart) */
    int from_pile; /* of raise: the cards moved to the score pile from another pile, not from the hand */
} card_flow;

static uint32_t alike_cards(uint32_t cards, uint32_t hand);
static card_flow usable_flow(const tw_nw_state *v);

/* ---- The order the search tries things in ---------------------------------
 *
 * The search stops as soon as it meets the outcome it looks for, so it
 * tries first what leads there most often: the answers, statements and
 * drawn cards that score when it needs points (a hit below the target, a
 * miss at or above it), those that do not otherwise. The order changes
 * only how soon an outcome is met, never which ones can be. */

/* 1 when the outcome looked for wants more points, 0 fewer, -1 either. */
static int wants_points(const search *sr, const tw_nw_state *v)
{
    if (sr->want == OUT_HIT)
        return v->score_n < v->visiting;
    if (sr->want == OUT_MISS)
        return v->score_n >= v->visiting;
    return -1;
}

/* Whether a card dealt for an action goes the way the search wants: a
 * statement (the action reveals or answers one) that the hand can score
 * on, or not; a card drawn that is trump or high, or not. */
static int card_preferred(const tw_nw_state *v, tw_nw_action action, int card, int points)
{
    int kind = TW_NW_ACTION_KIND(action), trump = tw_nw_trump(v);
    if (kind == TW_NW_ACT_PROCEED || kind == TW_NW_ACT_RESPOND) {
        int scores = 0;
        for (uint32_t ok = tw_nw_answers_allowed(v->hand, card); ok; ok &= ok - 1)
            scores |= tw_nw_answer_scores(nw_lowest(ok), card, trump);
        return scores == points;
    }
    int strong = TW_NW_SUIT(card) == trump || TW_NW_VALUE(card) >= 6;
    return strong == points;
}

/* The cards of a set in the order to try them for an action: the
 * preferred ones first (card_preferred), each group in card order. */
static int order_cards(const search *sr, const tw_nw_state *v, tw_nw_action action, uint32_t set, uint8_t *out)
{
    int points = wants_points(sr, v), n = 0;
    uint32_t first = 0;
    if (points >= 0)
        for (uint32_t left = set; left; left &= left - 1)
            if (card_preferred(v, action, nw_lowest(left), points))
                first |= 1u << nw_lowest(left);
    for (uint32_t left = first; left; left &= left - 1)
        out[n++] = (uint8_t)nw_lowest(left);
    for (uint32_t left = set & ~first; left; left &= left - 1)
        out[n++] = (uint8_t)nw_lowest(left);
    return n;
}

/* Puts the answers that go the way the search wants first (the other
 * actions keep their places after them). */
static void order_actions(const search *sr, const tw_nw_state *v, tw_nw_action *actions, int n)
{
    int points = wants_points(sr, v), statement = tw_nw_statement(v);
    if (points < 0 || statement < 0 || statement >= TW_NW_CARDS)
        return;
    tw_nw_action sorted[TW_NW_MAX_ACTIONS];
    int m = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            int preferred = TW_NW_ACTION_KIND(actions[i]) == TW_NW_ACT_RESPOND &&
                            tw_nw_answer_scores(TW_NW_ACTION_ARG(actions[i]), statement, tw_nw_trump(v)) == points;
            if (preferred == (pass == 0))
                sorted[m++] = actions[i];
        }
    memcpy(actions, sorted, (size_t)n * sizeof *actions);
}

/* Outcomes reachable by applying action to the view with the deal's
 * prefixes (each extended as far as the action looks). */
static unsigned explore_action(search *sr, const tw_nw_state *v, tw_nw_action action, deal *d)
{
    if (++sr->nodes > SEARCH_BUDGET) {
        sr->gave_up = 1;
        return 0;
    }
    tw_nw_state after;
    fill(v, d, &after);
    tw_nw_events *ev = malloc(sizeof *ev);
    if (!ev) {
        sr->gave_up = 1;
        return 0;
    }
    ev->count = 0;
    ev->overflow = 0;
    nw_set_shuffle_hook(deal_shuffle, d);
    tw_error err = tw_nw_apply(&after, action, ev);
    nw_set_shuffle_hook(NULL, NULL);
    apply_trace t = trace_of(ev, d);
    int overflow = ev->overflow || d->overflow;
    free(ev);
    if (err != TW_OK)
        return 0;
    if (overflow) {
        sr->gave_up = 1; /* events or shuffles beyond what one apply can tell */
        return 0;
    }
    for (int k = 0; k <= d->shuffles; k++) {
        if (t.depth[k] <= d->n[k])
            continue;
        /* the action looked at a card part k does not fix: try every card
         * of the part in that place (the later parts are still empty) */
        uint32_t rest = d->pool[k];
        for (int i = 0; i < d->n[k]; i++)
            rest &= ~(1u << d->prefix[k][i]);
        if (k == 0 && d->draws_as_sets && d->n[0] > 0 && (t.drawn_after >> d->n[0] & 1))
            rest &= ~0u << d->prefix[0][d->n[0] - 1] << 1; /* drawn together: one order of the set */
        if (k == 0 && d->unseen_alike)
            rest = alike_cards(rest, v->hand);
        uint8_t order[TW_NW_CARDS];
        int m = order_cards(sr, v, action, rest, order);
        unsigned all = 0;
        for (int i = 0; i < m && !found_wanted(sr, all) && !sr->gave_up; i++) {
            d->prefix[k][d->n[k]++] = order[i];
            all |= explore_action(sr, v, action, d);
            d->n[k]--;
        }
        return all;
    }
    if (t.outcome)
        return t.outcome;
    tw_nw_view child;
    tw_nw_view_of(&after, &child);
    return explore(sr, &child.visible);
}

/* Adds the powers of a list of steps, from their kinds' rows: what cards
 * each moves where (tw_nw_moves) and whether it moves the visit. */
static unsigned step_powers(const tw_nw_step *steps, int n)
{
    unsigned powers = 0;
    for (int i = 0; i < n; i++) {
        const tw_nw_step *st = &steps[i];
        const tw_nw_step_kind *kind = tw_nw_step_kind_of(st->op);
        if (!kind)
            continue;
        if (kind->moves == TW_NW_MOVES_TOP && st->a == TW_NW_PILE_SCORE)
            powers |= CAN_LOWER;
        if (kind->traits & TW_NW_STEP_MOVES_VISIT)
            powers |= CAN_MOVE;
        if ((kind->moves == TW_NW_MOVES_TOP && st->b == TW_NW_PILE_HAND) || kind->moves == TW_NW_MOVES_DRAW)
            powers |= CAN_DRAW;
        int to = kind->moves == TW_NW_MOVES_TOP || kind->moves == TW_NW_MOVES_HAND ? st->b : -1;
        if (to == TW_NW_PILE_SCORE)
            powers |= CAN_RAISE;
        if (to == TW_NW_PILE_DECK)
            powers |= CAN_REFILL;
        if ((kind->moves == TW_NW_MOVES_TOP && st->a != TW_NW_PILE_DECK) || kind->moves == TW_NW_MOVES_SWAP_PILE)
            powers |= CAN_READ_PILES;
        if (kind->moves == TW_NW_MOVES_SWAP_DECK || kind->moves == TW_NW_MOVES_SWAP_PILE)
            powers |= CAN_SWAP;
        if (kind->traits & TW_NW_STEP_CHANGES_TRUMP)
            powers |= CAN_TRUMP;
        if (kind->moves == TW_NW_MOVES_DRAW && (kind->upto == TW_NW_UPTO_DECK || (kind->traits & TW_NW_STEP_SHUFFLES)))
            powers |= CAN_DRAW_BY_CARD;
    }
    return powers;
}

/* Whether a list of steps holds a step with a trait (TW_NW_STEP_*). */
static int has_trait(const tw_nw_step *steps, int n, unsigned trait)
{
    for (int i = 0; i < n; i++)
        if (tw_nw_step_has(steps[i].op, trait))
            return 1;
    return 0;
}

/* The powers of every ability that may still run in this visit: the ready
 * allies (all allies when one of them can ready others), the running
 * program, the armed effect, and, when a copier may run, every ruler the
 * visited fief could have by then (any ruler of an unvisited fief). */
static unsigned usable_powers(const tw_nw_state *v)
{
    const tw_nw_character *chars[TW_NW_SLOTS];
    int readies = 0, copies = 0;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        chars[slot] = tw_nw_slot_character(v, slot);
        if (!v->slots[slot].exhausted) {
            readies |= has_trait(chars[slot]->steps, chars[slot]->nsteps, TW_NW_STEP_READIES);
            copies |= has_trait(chars[slot]->steps, chars[slot]->nsteps, TW_NW_STEP_COPIES);
        }
    }
    if (v->run.active) {
        readies |= has_trait(v->run.program, v->run.len, TW_NW_STEP_READIES);
        copies |= has_trait(v->run.program, v->run.len, TW_NW_STEP_COPIES);
    }
    unsigned powers = 0;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        if (!v->slots[slot].exhausted || readies) {
            powers |= step_powers(chars[slot]->steps, chars[slot]->nsteps);
            copies |= readies && has_trait(chars[slot]->steps, chars[slot]->nsteps, TW_NW_STEP_COPIES);
        }
    if (v->run.active)
        powers |= step_powers(v->run.program, v->run.len);
    if (v->trigger.active)
        powers |= step_powers(v->trigger.steps, v->trigger.len);
    if (copies)
        for (int f = 0; f < TW_NW_FIEFS; f++)
            if (v->fiefs[f].status == TW_NW_FIEF_NEUTRAL && v->fiefs[f].ruler_present)
                powers |= step_powers(v->fiefs[f].ruler.steps, v->fiefs[f].ruler.nsteps);
    return powers;
}

/* One card of each kind of unseen cards that are alike for the rest of
 * a visit where no card can come to the hand (no draw, no trade, no card
 * taken from a pile: the hand only loses cards): two cards of a suit with
 * the same hand cards of that suit above them. The rules compare an
 * unseen card with nothing but hand cards (an answer to it as a
 * statement: the suit to follow, whether the answer beats it; trump goes
 * by suit), and no card can reach the hand, so exchanging two such cards
 * everywhere maps every line of play to one with the same outcome: trying
 * one of them stands for both. */
static uint32_t alike_cards(uint32_t cards, uint32_t hand)
{
    uint32_t kept = 0;
    uint64_t kinds = 0; /* bit suit * 9 + hand cards above */
    for (uint32_t left = cards; left; left &= left - 1) {
        int card = nw_lowest(left), suit = TW_NW_SUIT(card);
        uint32_t above = hand & (0xFFu << (suit * 8)) & (~0u << card << 1);
        int kind = suit * 9 + nw_count(above);
        if (!(kinds & (1ull << kind))) {
            kinds |= 1ull << kind;
            kept |= 1u << card;
        }
    }
    return kept;
}

/* Whether the cards an action draws one right after another can be dealt
 * as a set: no draw that may still run in this visit (usable_powers) has
 * a length that depends on the cards drawn (until a suit comes) or
 * shuffles, so every draw takes a number of cards fixed before it looks
 * at them, and the steps read the hand as a set (the sum of the cards
 * moved at most): two orders of cards drawn in a row lead to the same
 * view. */
static int draws_are_sets(const tw_nw_state *v)
{
    return !(usable_powers(v) & CAN_DRAW_BY_CARD);
}

/* ---- How far the hand can grow --------------------------------------------
 *
 * Every answer takes a card from the hand, and the visit ends when the
 * hand is empty, so the answers left are at most the hand plus what the
 * abilities still usable can add to it, net of what they must take from
 * it. Abilities that draw and discard as much (Prince of Eyes, Jack of
 * Eyes) add nothing, and the bound says so where "some ability draws"
 * could not. The bound follows each step's row: a draw (or a move to the
 * hand) adds at most its `upto`; a move from the hand takes exactly
 * min(upto, hand) when the kind is TW_NW_STEP_EXACT, else maybe nothing.
 * Both are nondecreasing in the hand, and what a step takes grows with
 * the hand, so the net growth of a program is largest from the smallest
 * hand it can start with: one card for an ability (the visit goes on, so
 * the hand holds one), none for an effect armed for after an answer. */

#define GROWTH_NONE 1000 /* no bound: more than the cards of the game */

/* How many cards a step moves at most. */
static int step_upto(const tw_nw_step *st, const tw_nw_step_kind *kind)
{
    switch (kind->upto) {
    case TW_NW_UPTO_C:
        return st->c;
    case TW_NW_UPTO_VALUES:
        return 4 * nw_count(st->a);
    case TW_NW_UPTO_DECK:
        return GROWTH_NONE;
    default:
        return kind->upto;
    }
}

/* The most the hand can hold after one step that moves cards. */
static int hand_after_step(const tw_nw_step *st, const tw_nw_step_kind *kind, int hand)
{
    int upto = step_upto(st, kind);
    if (kind->moves == TW_NW_MOVES_DRAW || (kind->moves == TW_NW_MOVES_TOP && st->b == TW_NW_PILE_HAND))
        return hand + upto;
    if (kind->moves == TW_NW_MOVES_HAND && (kind->traits & TW_NW_STEP_EXACT))
        return hand > upto ? hand - upto : 0;
    return hand;
}

/* Whether steps hold a step that steers the program (a repeat, a skip, a
 * copy, an effect for later). */
static int steers(const tw_nw_step *steps, int n)
{
    for (int i = 0; i < n; i++)
        if (steps[i].op == TW_NW_OP_SKIP_IF || steps[i].op == TW_NW_OP_AFTER_RESPONSE ||
            tw_nw_step_has(steps[i].op, TW_NW_STEP_REPEATS | TW_NW_STEP_COPIES))
            return 1;
    return 0;
}

static int hand_after(const tw_nw_state *v, const tw_nw_step *steps, int n, int hand, int depth);

/* The most the hand can hold after a copy step and the steps after it:
 * any ruler the visited fief could have by then may be copied (a copier
 * copied does nothing), as usable_powers counts them. */
static int hand_after_copy(const tw_nw_state *v, const tw_nw_step *rest, int nrest, int hand, int depth)
{
    int most = hand_after(v, rest, nrest, hand, depth + 1);
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        const tw_nw_character *ruler = &v->fiefs[f].ruler;
        if (v->fiefs[f].status != TW_NW_FIEF_NEUTRAL || !v->fiefs[f].ruler_present ||
            has_trait(ruler->steps, ruler->nsteps, TW_NW_STEP_COPIES))
            continue;
        tw_nw_step program[TW_NW_MAX_PROGRAM];
        int len = 0;
        for (int i = 0; i < ruler->nsteps && len < TW_NW_MAX_PROGRAM; i++)
            program[len++] = ruler->steps[i];
        for (int i = 0; i < nrest && len < TW_NW_MAX_PROGRAM; i++)
            program[len++] = rest[i];
        int after = hand_after(v, program, len, hand, depth + 1);
        if (after > most)
            most = after;
    }
    return most;
}

/* The most the hand can hold after running steps from a hand of `hand`
 * cards, plus what an effect they arm for later can add (GROWTH_NONE or
 * more: no bound). Repeats run their body once plus up to once for each
 * other ally; a skip may or may not skip; steering inside a repeated body
 * is not followed (no bound). */
static int hand_after(const tw_nw_state *v, const tw_nw_step *steps, int n, int hand, int depth)
{
    if (depth > 4)
        return GROWTH_NONE;
    for (int i = 0; i < n; i++) {
        const tw_nw_step *st = &steps[i];
        const tw_nw_step_kind *kind = tw_nw_step_kind_of(st->op);
        if (!kind)
            continue;
        if (kind->traits & TW_NW_STEP_READIES)
            return GROWTH_NONE;
        if (kind->traits & TW_NW_STEP_COPIES)
            return hand_after_copy(v, steps + i + 1, n - i - 1, hand, depth);
        if (st->op == TW_NW_OP_AFTER_RESPONSE) {
            /* the rest runs after an answer, from any hand */
            int later = hand_after(v, steps + i + 1, n - i - 1, 0, depth + 1);
            return hand + (later > 0 ? later : 0);
        }
        if (st->op == TW_NW_OP_SKIP_IF) {
            int skip_to = i + 1 + st->c;
            int taken = hand_after(v, steps + i + 1, n - i - 1, hand, depth + 1);
            int skipped = skip_to < n ? hand_after(v, steps + skip_to, n - skip_to, hand, depth + 1) : hand;
            return taken > skipped ? taken : skipped;
        }
        if (kind->traits & TW_NW_STEP_REPEATS) {
            int span = st->c < n - i - 1 ? st->c : n - i - 1;
            if (steers(steps + i + 1, span))
                return GROWTH_NONE;
            int most = 0, now = hand;
            for (int runs = 1; runs <= TW_NW_SLOTS; runs++) {
                now = hand_after(v, steps + i + 1, span, now, depth + 1);
                if (now > most)
                    most = now;
            }
            hand = most;
            i += span;
            continue;
        }
        hand = hand_after_step(st, kind, hand);
    }
    return hand;
}

/* An upper bound on the cards the abilities that may still run in this
 * visit can add to the hand, net of those they must take from it. */
static int hand_growth(const tw_nw_state *v, unsigned powers)
{
    if (!(powers & CAN_DRAW))
        return 0; /* nothing can come to the hand */
    if (v->run.active)
        return GROWTH_NONE; /* a program half run: not followed */
    int growth = 0;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        if (v->slots[slot].exhausted)
            continue;
        const tw_nw_character *ch = tw_nw_slot_character(v, slot);
        int g = hand_after(v, ch->steps, ch->nsteps, 1, 0) - 1;
        growth += g > 0 ? g : 0;
    }
    if (v->trigger.active) {
        int g = hand_after(v, v->trigger.steps, v->trigger.len, 0, 0);
        growth += g > 0 ? g : 0;
    }
    return growth < GROWTH_NONE ? growth : GROWTH_NONE;
}

/* ---- The cards that can still score ---------------------------------------
 *
 * A point comes from an answer with a hand card that beats its statement,
 * or from an ability that moves cards to the score pile. The hand cards
 * that can answer are those held now that beat some statement still
 * possible, and the cards that come to the hand later: no more than what
 * the abilities still usable take in (every draw, every card taken from a
 * pile or traded for a hand card, counted gross). So the score can grow by
 * no more than that plus what the abilities move to the score pile. */

/* Adds to *f what steps can take into the hand, move to the score pile
 * and take from it, run `times` times: a repeat's body once for each slot, a copy as
 * the most any ruler a copier could copy brings (usable_powers' rulers),
 * a step that readies an ally with no bound. */
static void steps_flow(const tw_nw_state *v, const tw_nw_step *steps, int n, int times, card_flow *f, int depth)
{
    if (depth > 4) {
        f->intake = f->raise = f->lower = GROWTH_NONE;
        return;
    }
    for (int i = 0; i < n && f->intake < GROWTH_NONE; i++) {
        const tw_nw_step *st = &steps[i];
        const tw_nw_step_kind *kind = tw_nw_step_kind_of(st->op);
        if (!kind)
            continue;
        if (kind->traits & TW_NW_STEP_READIES) {
            f->intake = f->raise = f->lower = GROWTH_NONE;
            return;
        }
        if (kind->traits & TW_NW_STEP_COPIES) {
            card_flow most = {0, 0, 0, 0, 0};
            for (int fief = 0; fief < TW_NW_FIEFS; fief++) {
                const tw_nw_character *ruler = &v->fiefs[fief].ruler;
                if (v->fiefs[fief].status != TW_NW_FIEF_NEUTRAL || !v->fiefs[fief].ruler_present ||
                    has_trait(ruler->steps, ruler->nsteps, TW_NW_STEP_COPIES))
                    continue;
                card_flow one = {0, 0, 0, 0, 0};
                steps_flow(v, ruler->steps, ruler->nsteps, times, &one, depth + 1);
                most.intake = one.intake > most.intake ? one.intake : most.intake;
                most.raise = one.raise > most.raise ? one.raise : most.raise;
                most.lower = one.lower > most.lower ? one.lower : most.lower;
                most.highest = one.highest > most.highest ? one.highest : most.highest;
                most.from_pile = one.from_pile > most.from_pile ? one.from_pile : most.from_pile;
            }
            f->intake += most.intake;
            f->raise += most.raise;
            f->lower += most.lower;
            f->highest += most.highest;
            f->from_pile += most.from_pile;
            continue;
        }
        if (kind->traits & TW_NW_STEP_REPEATS) {
            int span = st->c < n - i - 1 ? st->c : n - i - 1;
            steps_flow(v, steps + i + 1, span, times * TW_NW_SLOTS, f, depth + 1);
            i += span;
            continue;
        }
        int upto = step_upto(st, kind);
        int takes = kind->moves == TW_NW_MOVES_DRAW || kind->moves == TW_NW_MOVES_SWAP_DECK ||
                    kind->moves == TW_NW_MOVES_SWAP_PILE ||
                    (kind->moves == TW_NW_MOVES_TOP && st->b == TW_NW_PILE_HAND);
        int scores = (kind->moves == TW_NW_MOVES_TOP || kind->moves == TW_NW_MOVES_HAND) && st->b == TW_NW_PILE_SCORE;
        if (takes)
            f->intake += times * upto;
        if (scores && (kind->traits & TW_NW_STEP_HIGHEST))
            f->highest += times;
        else if (scores)
            f->raise += times * upto;
        if (scores && kind->moves == TW_NW_MOVES_TOP)
            f->from_pile += times * upto;
        if (kind->moves == TW_NW_MOVES_TOP && st->a == TW_NW_PILE_SCORE)
            f->lower += times * upto;
    }
    if (f->intake > GROWTH_NONE)
        f->intake = GROWTH_NONE;
    if (f->raise > GROWTH_NONE)
        f->raise = GROWTH_NONE;
    if (f->lower > GROWTH_NONE)
        f->lower = GROWTH_NONE;
    if (f->from_pile > GROWTH_NONE)
        f->from_pile = GROWTH_NONE;
}

/* What the abilities that may still run in this visit (the ready allies,
 * the running program, the armed effect) can take into the hand, move to
 * the score pile and take from it at most; an intake of GROWTH_NONE: no
 * bound on any. */
static card_flow usable_flow(const tw_nw_state *v)
{
    card_flow f = {0, 0, 0, 0, 0};
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        if (!v->slots[slot].exhausted) {
            const tw_nw_character *ch = tw_nw_slot_character(v, slot);
            steps_flow(v, ch->steps, ch->nsteps, 1, &f, 0);
        }
    if (v->run.active)
        steps_flow(v, v->run.program, v->run.len, 1, &f, 0);
    if (v->trigger.active)
        steps_flow(v, v->trigger.steps, v->trigger.len, 1, &f, 0);
    if (f.raise >= GROWTH_NONE || f.lower >= GROWTH_NONE || f.highest >= GROWTH_NONE)
        f.intake = GROWTH_NONE;
    if (f.intake >= GROWTH_NONE)
        return f;
    /* the highest cards held are those of one value: no more than the
     * most of a value in the hand, and the cards still to come */
    int tie = 0;
    for (int value = 0; value < 8; value++) {
        int n = nw_count(v->hand & (0x01010101u << value));
        tie = n > tie ? n : tie;
    }
    tie += f.intake;
    f.raise += f.highest * (tie < TW_NW_SUITS ? tie : TW_NW_SUITS);
    return f;
}

/* Hand cards that score on at least one of the statements possible. */
static int scorers(uint32_t hand, uint32_t statements, int trump)
{
    int n = 0;
    for (; hand; hand &= hand - 1) {
        int card = nw_lowest(hand), suit = TW_NW_SUIT(card);
        uint32_t lower = statements & (((1u << TW_NW_VALUE(card)) - 1) >> 1 << (suit * 8));
        uint32_t not_trump = statements & ~(0xFFu << (trump * 8));
        n += lower || (suit == trump && not_trump);
    }
    return n;
}

/* The statements a card would score on: lower ones of its suit, and any
 * of another suit when its suit is trump (trump < 0: whatever suit the
 * trump becomes). */
static uint32_t beaten_by(int card, uint32_t statements, int trump)
{
    int suit = TW_NW_SUIT(card);
    uint32_t beaten = statements & (((1u << TW_NW_VALUE(card)) - 1) >> 1 << (suit * 8));
    if (trump < 0 || suit == trump)
        beaten |= statements & ~(0xFFu << (suit * 8));
    return beaten;
}

/* Finds an augmenting path from hand card i (Kuhn's algorithm): 1 when
 * it could be matched, moving earlier matches along. */
static int match_card(const uint32_t *beats, int i, int8_t *owner, uint32_t *tried)
{
    for (uint32_t left = beats[i] & ~*tried; left; left &= left - 1) {
        int t = nw_lowest(left);
        if (*tried & (1u << t))
            continue;
        *tried |= 1u << t;
        if (owner[t] < 0 || match_card(beats, owner[t], owner, tried)) {
            owner[t] = (int8_t)i;
            return 1;
        }
    }
    return 0;
}

/* The most hand cards that can score at once, each on a statement of its
 * own: every statement is answered once, so a largest matching between
 * the hand and the statements still possible that they beat. */
static int scoring_matching(uint32_t hand, uint32_t statements, int trump)
{
    uint32_t beats[TW_NW_CARDS];
    int n = 0, matched = 0;
    for (; hand; hand &= hand - 1)
        beats[n++] = beaten_by(nw_lowest(hand), statements, trump);
    int8_t owner[TW_NW_CARDS];
    memset(owner, -1, sizeof owner);
    for (int i = 0; i < n; i++) {
        uint32_t tried = 0;
        matched += match_card(beats, i, owner, &tried);
    }
    return matched;
}

/* Hand cards that would score on at least one of the statements possible
 * whatever suit the trump becomes. */
static int scorers_any_trump(uint32_t hand, uint32_t statements)
{
    int n = 0;
    for (; hand; hand &= hand - 1) {
        int card = nw_lowest(hand), suit = TW_NW_SUIT(card);
        uint32_t lower = statements & (((1u << TW_NW_VALUE(card)) - 1) >> 1 << (suit * 8));
        n += lower || (statements & ~(0xFFu << (suit * 8)));
    }
    return n;
}

/* Outcomes that the score alone settles: an answer adds at most one point
 * and uses a deck card (the statement) and a hand card (hand_growth), and
 * when no card can come to the hand and the trump cannot change, only a
 * hand card that beats some statement still possible can add it; what
 * else can move the score comes from usable_powers. Asked at every node
 * of the search. Returns 0 when the bounds leave both possible. */
static unsigned settled_by_score(const tw_nw_state *v)
{
    unsigned powers = usable_powers(v);
    if (powers & CAN_MOVE)
        return 0;
    int target = v->visiting;
    if (!(powers & CAN_LOWER) && v->score_n > target)
        return OUT_MISS;
    /* every answer needs a statement from the deck and a card from the hand */
    int answers = v->deck_n + (v->phase == TW_NW_PHASE_RESPONSE);
    int hand = nw_count(v->hand) + hand_growth(v, powers);
    if (hand < answers)
        answers = hand;
    if (!(powers & (CAN_RAISE | CAN_REFILL)) && v->score_n + answers < target)
        return OUT_MISS;
    /* only the hand cards that beat some statement still possible and the
     * cards the abilities take in can score (the cards put back on the
     * deck can be statements too), and the abilities add what they move
     * to the score pile */
    card_flow flow = usable_flow(v);
    if (flow.intake >= GROWTH_NONE)
        return 0;
    if (v->score_n - flow.lower > target)
        return OUT_MISS; /* nothing can take enough cards from the score pile */
    uint32_t statements = unseen_of(v);
    for (int i = 0; i < v->deck_n; i++)
        if (v->deck_known & (1u << i))
            statements |= 1u << v->deck[i];
    int waiting = tw_nw_statement(v);
    if (waiting >= 0 && waiting < TW_NW_CARDS)
        statements |= 1u << waiting;
    int trump = (powers & CAN_TRUMP) ? -1 : tw_nw_trump(v);
    int can;
    if (powers & (CAN_REFILL | CAN_SWAP)) /* a card may be a statement again */
        can = trump < 0 ? scorers_any_trump(v->hand, 0xFFFFFFFFu) : scorers(v->hand, 0xFFFFFFFFu, trump);
    else /* each deck card is a statement once */
        can = scoring_matching(v->hand, statements, trump);
    can += flow.intake;
    if (!(powers & CAN_REFILL) && can > answers)
        can = answers; /* no more answers than statements and hand cards */
    else if (can > hand)
        can = hand; /* no more answers than hand cards */
    int gains = flow.raise - flow.from_pile + can;
    if (gains > nw_count(v->hand) + flow.intake)
        gains = nw_count(v->hand) + flow.intake; /* every point but those takes a card of the hand */
    if (v->score_n + gains + flow.from_pile < target)
        return OUT_MISS;
    return 0;
}

/* ---- Dialogues only -------------------------------------------------------
 *
 * Once no ability can run, what is left is answers: each takes a hand card
 * (of the statement's suit when the hand holds one) and the next statement
 * comes from the top of the deck, a known card or any unseen one, until
 * the hand or the deck is empty. Whether the answers left can add exactly
 * k points depends only on the hand left, the unseen cards already used as
 * statements (the answers given so far follow from the hand) and k, and is
 * remembered so: lines that reach the same cards meet, whatever they
 * scored on the way and in whatever order they answered. Two bounds cut
 * it short: no more points than answers left, nor than hand cards that
 * could score on some statement still to come. */

/* A position of dialogues only: what stays fixed while it is played. */
typedef struct {
    const tw_nw_state *v;
    int trump;
    int hand_count; /* cards in hand when it began */
    uint32_t unseen;
    uint64_t layout; /* a hash of the deck as seen, the unseen cards, the trump, the hand count, the fief */
} dialogues;


/* Whether the answers left can add exactly k points, once an answer was
 * given, from the hand left and the unseen cards used as statements. */
static int dialogue_can_add(search *sr, const dialogues *g, uint32_t hand, uint32_t used, int k)
{
    int answered = g->hand_count - nw_count(hand);
    int deck_left = g->v->deck_n - (answered - 1); /* the visit ends after an answer when it is 0 */
    if (!hand || deck_left <= 0)
        return k == 0;
    int answers = nw_count(hand) < deck_left ? nw_count(hand) : deck_left;
    if (k < 0 || k > answers)
        return 0;
    uint32_t to_come = g->unseen & ~used;
    for (int i = 0; i < deck_left; i++)
        if (g->v->deck_known & (1u << i))
            to_come |= 1u << g->v->deck[i];
    if (k > scorers(hand, to_come, g->trump))
        return 0;
    uint64_t k1 = (uint64_t)hand | (uint64_t)used << 32, k2 = g->layout ^ ((uint64_t)k << 48);
    memo_entry *e = memo_find(sr, k1, k2);
    if (e->used)
        return (int)e->value;
    if (++sr->nodes > SEARCH_BUDGET) {
        sr->gave_up = 1;
        return 0;
    }
    int place = deck_left - 1; /* the next statement's index in the deck */
    uint32_t statements =
        g->v->deck_known & (1u << place) ? 1u << g->v->deck[place] : alike_cards(g->unseen & ~used, hand);
    int can = 0;
    for (uint32_t left = statements; left && !can && !sr->gave_up; left &= left - 1) {
        int statement = nw_lowest(left);
        uint32_t now_used = used | ((1u << statement) & g->unseen);
        for (uint32_t answers_ok = tw_nw_answers_allowed(hand, statement); answers_ok && !can;
             answers_ok &= answers_ok - 1) {
            int card = nw_lowest(answers_ok);
            can = dialogue_can_add(sr, g, hand & ~(1u << card), now_used,
                                   k - tw_nw_answer_scores(card, statement, g->trump));
        }
    }
    if (!sr->gave_up)
        memo_store(sr, memo_find(sr, k1, k2), k1, k2, (uint32_t)can);
    return can;
}

/* Whether answering the statement waiting can lead to exactly k more
 * points. */
static int dialogue_reaches(search *sr, const dialogues *g, int k)
{
    int statement = tw_nw_statement(g->v);
    for (uint32_t answers = tw_nw_answers_allowed(g->v->hand, statement); answers && !sr->gave_up;
         answers &= answers - 1) {
        int card = nw_lowest(answers);
        if (dialogue_can_add(sr, g, g->v->hand & ~(1u << card), 0,
                             k - tw_nw_answer_scores(card, statement, g->trump)))
            return 1;
    }
    return 0;
}

/* Outcomes of a view where only dialogues remain (dialogues_only), as far
 * as the search wants them (a hit, a miss, or both). */
static unsigned dialogue_outcomes(search *sr, const tw_nw_state *v)
{
    dialogues g = {v, tw_nw_trump(v), nw_count(v->hand), unseen_of(v), 0};
    uint8_t layout[TW_NW_CARDS + 8];
    memcpy(layout, v->deck, v->deck_n);
    layout[v->deck_n] = (uint8_t)g.trump;
    layout[v->deck_n + 1] = (uint8_t)g.hand_count;
    layout[v->deck_n + 2] = (uint8_t)v->visiting;
    layout[v->deck_n + 3] = v->deck_n;
    memcpy(&layout[v->deck_n + 4], &g.unseen, sizeof g.unseen);
    uint64_t unused;
    hash_bytes(layout, (size_t)v->deck_n + 8, &g.layout, &unused);
    g.layout |= 1ull << 63; /* never a whole view's key (full_view_key) */
    int needed = v->visiting - v->score_n, most = g.hand_count;
    unsigned outcomes = 0;
    if ((sr->want & OUT_HIT) && needed >= 0 && dialogue_reaches(sr, &g, needed))
        outcomes |= OUT_HIT;
    for (int k = 0; k <= most && (sr->want & OUT_MISS) && !(outcomes & OUT_MISS) && !sr->gave_up; k++)
        if (k != needed && dialogue_reaches(sr, &g, k))
            outcomes |= OUT_MISS;
    return outcomes;
}

/* Outcomes reachable from a view in the middle of a visit. */
static unsigned explore(search *sr, const tw_nw_state *v)
{
    unsigned settled = settled_by_score(v);
    if (settled)
        return settled;
    if (dialogues_only(v))
        return dialogue_outcomes(sr, v);
    uint64_t k1, k2;
    full_view_key(v, &k1, &k2);
    memo_entry *e = memo_find(sr, k1, k2);
    if (e->used)
        return e->value;
    tw_nw_action actions[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(v, actions);
    order_actions(sr, v, actions, n);
    unsigned all = 0;
    deal d;
    memset(d.n, 0, sizeof d.n);
    d.draws_as_sets = draws_are_sets(v);
    d.unseen_alike = usable_flow(v).intake == 0;
    for (int i = 0; i < n && !found_wanted(sr, all) && !sr->gave_up; i++)
        if (plays_on(actions[i]))
            all |= explore_action(sr, v, actions[i], &d);
    if (sr->gave_up)
        return all;
    memo_store(sr, memo_find(sr, k1, k2), k1, k2, all);
    return all;
}

/* An action for a witness playout: policy 0 plays at random, 1 answers so
 * as to score whenever it can, 2 so as not to score, 3 so as to land on the
 * target (score while below it, then not); other decisions at random.
 * Between them a hit and a miss are usually found at once. */
static tw_nw_action pick_for_witness(const tw_nw_state *d, const tw_nw_action *playable, int m, int policy,
                                     tw_rng *rng)
{
    if (policy != 0 && d->phase == TW_NW_PHASE_RESPONSE) {
        int statement = tw_nw_statement(d), trump = tw_nw_trump(d);
        int want = policy == 1 || (policy == 3 && d->score_n < d->visiting);
        int first = (int)tw_rng_below(rng, (uint32_t)m);
        for (int k = 0; k < m; k++) {
            int i = (first + k) % m;
            if (tw_nw_answer_scores(TW_NW_ACTION_ARG(playable[i]), statement, trump) == want)
                return playable[i];
        }
    }
    return playable[tw_rng_below(rng, (uint32_t)m)];
}

/* Reorders the cards a deal put in the view's unknown deck positions by
 * value, the lowest on top (low first) or the highest, ties at random:
 * low statements let the answers score, high ones stop them, and a hit
 * far from the score, or a miss, is met sooner on such deals than on
 * uniform ones. The deal stays consistent with the view. */
static void lean_deal(const tw_nw_state *v, tw_nw_state *d, int low_first, tw_rng *rng)
{
    uint8_t pos[TW_NW_CARDS], keys[TW_NW_CARDS], cards[TW_NW_CARDS];
    int n = unknown_positions(v, pos);
    for (int i = 0; i < n; i++) {
        int card = d->deck[pos[i]];
        int value = low_first ? TW_NW_VALUE(card) : 9 - TW_NW_VALUE(card);
        keys[i] = (uint8_t)(value * 16 + (int)tw_rng_below(rng, 16));
        cards[i] = (uint8_t)card;
    }
    for (int i = 1; i < n; i++) /* insertion sort by key: at most 32 cards */
        for (int j = i; j > 0 && keys[j - 1] > keys[j]; j--) {
            uint8_t k = keys[j], c = cards[j];
            keys[j] = keys[j - 1];
            cards[j] = cards[j - 1];
            keys[j - 1] = k;
            cards[j - 1] = c;
        }
    for (int i = 0; i < n; i++)
        d->deck[pos[i]] = cards[i];
}

/* Outcomes met by legal play from random deals consistent with the view
 * (a third of them uniform, a third leaning low, a third high; see
 * lean_deal): real witnesses, found quickly when the visit is open. */
static unsigned witnesses(const tw_nw_state *v, uint64_t seed)
{
    tw_nw_view view;
    view.visible = *v;
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    unsigned all = 0;
    for (int p = 0; p < WITNESS_PLAYOUTS && all != OUT_BOTH; p++) {
        tw_nw_state d;
        tw_nw_determinize(&view, tw_rng_next(&rng), &d);
        if (p / 4 % 3)
            lean_deal(v, &d, p / 4 % 3 == 1, &rng);
        int fief = d.visiting;
        for (int moves = 0; moves < 400 && d.visiting == fief && d.phase != TW_NW_PHASE_GAME_OVER; moves++) {
            tw_nw_action actions[TW_NW_MAX_ACTIONS], playable[TW_NW_MAX_ACTIONS];
            int n = tw_nw_legal_actions(&d, actions), m = 0;
            for (int i = 0; i < n; i++)
                if (plays_on(actions[i]))
                    playable[m++] = actions[i];
            if (m == 0)
                break;
            int visiting_before = d.visiting;
            tw_nw_apply(&d, pick_for_witness(&d, playable, m, p % 4, &rng), NULL);
            if (d.visiting != visiting_before) {
                if (d.visiting >= 0) { /* the visit moved to another fief */
                    fief = d.visiting;
                    continue;
                }
                /* the visit ended: its fief's new status tells the outcome */
                all |= d.fiefs[visiting_before].status == TW_NW_FIEF_FRIENDLY ? OUT_HIT : OUT_MISS;
                break;
            }
        }
    }
    return all;
}

static int complete_search(const tw_nw_state *v, unsigned known, int *hit);

static _Thread_local nw_decided_trace last_trace;

/* How the calling thread's last answer was settled; see nw_internal.h. */
nw_decided_trace nw_decided_last(void)
{
    return last_trace;
}

/* Whether the visit under way is decided; see northwood.h. */
int tw_nw_visit_decided(const tw_nw_state *state, int *hit)
{
    memset(&last_trace, 0, sizeof last_trace);
    if (state->phase != TW_NW_PHASE_BEFORE_STATEMENT && state->phase != TW_NW_PHASE_RESPONSE)
        return 0;
    tw_nw_view view;
    tw_nw_view_of(state, &view);
    tw_nw_state *v = &view.visible;
    v->offer_finish = 0; /* the search plays on; it never asks itself */
    unsigned settled = settled_by_score(v);
    if (settled) {
        last_trace.by = NW_DECIDED_BY_BOUND;
        if (hit)
            *hit = settled == OUT_HIT;
        return 1;
    }
    uint64_t k1, k2;
    full_view_key(v, &k1, &k2);
    /* the same position is often asked about several times in a row (a
     * screen lists the actions, checks one, lists them again) */
    static _Thread_local uint64_t last_k1, last_k2;
    static _Thread_local int last_answer = -1;
    static _Thread_local nw_decided_trace last_search;
    if (last_answer >= 0 && last_k1 == k1 && last_k2 == k2) {
        last_trace = last_search;
        if (last_answer > 0 && hit)
            *hit = last_answer == 2;
        return last_answer > 0;
    }
    int decided = 0, is_hit = 0;
    unsigned seen = witnesses(v, k1 ^ k2);
    last_trace.by = NW_DECIDED_BY_WITNESS;
    last_trace.met = (int)seen;
    if (seen != OUT_BOTH)
        decided = complete_search(v, seen, &is_hit);
    last_search = last_trace;
    last_k1 = k1;
    last_k2 = k2;
    last_answer = decided ? 1 + is_hit : 0;
    if (decided && hit)
        *hit = is_hit;
    return decided;
}

/* The complete search from a view, the outcomes `known` (met by the
 * witnesses) aside: it looks only for the others. 1 with *hit set when one
 * outcome only is reachable, 0 when both are or when the search gave up. */
static int complete_search(const tw_nw_state *v, unsigned known, int *hit)
{
    search sr;
    memset(&sr, 0, sizeof sr);
    sr.want = OUT_BOTH & ~known;
    sr.memo = calloc(MEMO_SIZE, sizeof *sr.memo);
    if (!sr.memo)
        return 0;
    unsigned all = explore(&sr, v) | known;
    free(sr.memo);
    last_trace.by = sr.gave_up ? NW_DECIDED_BY_RUN_OUT : NW_DECIDED_BY_SEARCH;
    last_trace.nodes = sr.nodes;
    if (sr.gave_up || (all != OUT_HIT && all != OUT_MISS))
        return 0;
    *hit = all == OUT_HIT;
    return 1;
}
