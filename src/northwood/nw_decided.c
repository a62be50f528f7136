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
 * the prefix is extended by every unseen card in turn.
 *
 * Answers are never wrong. "Not decided" comes from two real witnesses (a
 * hit and a miss reached by legal play from deals consistent with the
 * view). "Decided" comes from a bound on the score that no usable ability
 * can break, or from a complete search. When the complete search would
 * exceed its budget, or when an ability shuffles the deck during the
 * search (the shuffle's order is not enumerated), the answer is "not
 * decided". */
#include <stdlib.h>
#include <string.h>

#include "nw_internal.h"

#define OUT_HIT 1u
#define OUT_MISS 2u
#define OUT_BOTH 3u
#define SEARCH_BUDGET 20000 /* nodes of the complete search */
#define WITNESS_PLAYOUTS 48 /* random playouts tried before the complete search */

/* One remembered search node: a 128-bit key of the view and its outcomes. */
typedef struct {
    uint64_t k1, k2;
    uint8_t used;
    uint8_t outcomes;
} memo_entry;

#define MEMO_SIZE (1u << 16) /* more than the budget: the table never fills */

typedef struct {
    int nodes;
    int gave_up; /* budget exceeded or a shuffle seen: one outcome proves nothing */
    memo_entry *memo;
} search;

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

static void full_view_key(const tw_nw_state *v, uint64_t *k1, uint64_t *k2);

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

/* Cards in the discard and score piles. */
static uint32_t seen_in_piles(const tw_nw_state *v)
{
    uint32_t seen = 0;
    for (int i = 0; i < v->discard_n; i++)
        seen |= 1u << v->discard[i];
    for (int i = 0; i < v->score_n; i++)
        seen |= 1u << v->score[i];
    return seen;
}

/* The key of a view: its bytes with the parts that carry no game meaning
 * (a program's leftovers past its end) zeroed. When only dialogues remain,
 * the order of the open piles no longer matters: the hand and the set of
 * cards in the piles (exactly, in the first word), the deck as the player
 * sees it (its known cards where they are: two lines of play can know
 * different cards), the score and the statement are the whole position. */
static void view_key(const tw_nw_state *v, uint64_t *k1, uint64_t *k2)
{
    if (dialogues_only(v)) {
        uint8_t rest[TW_NW_CARDS + 2];
        memcpy(rest, v->deck, v->deck_n);
        rest[v->deck_n] = v->score_n;
        rest[v->deck_n + 1] = v->discard[v->discard_n - 1];
        uint64_t unused;
        hash_bytes(rest, (size_t)v->deck_n + 2, k2, &unused);
        *k1 = (uint64_t)v->hand | (uint64_t)seen_in_piles(v) << 32;
        *k2 |= 1ull << 63; /* never equal to a whole view's key by construction of the first word */
        return;
    }
    full_view_key(v, k1, k2);
}

/* A key of the whole view (for positions of different queries too):
 * its bytes with the parts that carry no game meaning zeroed, so that
 * two lines reaching the same position meet: the piles' entries past
 * their counts (scratch the engine may write) and the generator (it only
 * shuffles, and a shuffle makes the search give up). */
static void full_view_key(const tw_nw_state *v, uint64_t *k1, uint64_t *k2)
{
    tw_nw_state c = *v;
    memset(&c.deck[c.deck_n], 0, sizeof c.deck - c.deck_n);
    memset(&c.discard[c.discard_n], 0, sizeof c.discard - c.discard_n);
    memset(&c.score[c.score_n], 0, sizeof c.score - c.score_n);
    memset(&c.rng, 0, sizeof c.rng);
    if (c.deck_n < 32)
        c.deck_known &= (1u << c.deck_n) - 1;
    if (c.run.len < TW_NW_MAX_PROGRAM)
        memset(&c.run.program[c.run.len], 0, (TW_NW_MAX_PROGRAM - c.run.len) * sizeof c.run.program[0]);
    if (c.trigger.len < TW_NW_MAX_PROGRAM)
        memset(&c.trigger.steps[c.trigger.len], 0, (TW_NW_MAX_PROGRAM - c.trigger.len) * sizeof c.trigger.steps[0]);
    hash_bytes(&c, sizeof c, k1, k2);
}

/* Finds a view's memo entry (or the empty place for it). */
static memo_entry *memo_find(search *sr, uint64_t k1, uint64_t k2)
{
    uint32_t i = (uint32_t)k1 & (MEMO_SIZE - 1);
    while (sr->memo[i].used && (sr->memo[i].k1 != k1 || sr->memo[i].k2 != k2))
        i = (i + 1) & (MEMO_SIZE - 1);
    return &sr->memo[i];
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

/* Fills the unknown positions of a view: the prefix from the top, then
 * the other unseen cards in card order. rank[card] receives each filled
 * card's rank from the top (other cards: -1). */
static void fill(const tw_nw_state *v, const uint8_t *prefix, int nprefix, tw_nw_state *out, int8_t *rank)
{
    *out = *v;
    tw_rng_seed(&out->rng, 1); /* views carry no RNG; a shuffle needs one */
    uint8_t pos[TW_NW_CARDS];
    int npos = unknown_positions(v, pos);
    uint32_t rest = unseen_of(v);
    memset(rank, -1, TW_NW_CARDS);
    for (int i = 0; i < nprefix; i++)
        rest &= ~(1u << prefix[i]);
    for (int i = 0; i < npos; i++) {
        int card;
        if (i < nprefix) {
            card = prefix[i];
        } else {
            if (!rest)
                break; /* not a sound view: leave the position as it was */
            card = nw_lowest(rest);
            rest &= rest - 1;
        }
        out->deck[pos[i]] = (uint8_t)card;
        rank[card] = (int8_t)i;
    }
}

/* Whether an action belongs to the play of the visit (stopping the game
 * and finishing are left out: the question is about playing on). */
static int plays_on(tw_nw_action action)
{
    int kind = TW_NW_ACTION_KIND(action);
    return kind != TW_NW_ACT_STOP && kind != TW_NW_ACT_FINISH;
}

/* What one apply showed: the visit's outcome if it ended (else 0), how deep
 * into the unknown positions it looked, and whether it shuffled the deck
 * before the visit ended. */
typedef struct {
    unsigned outcome;
    int depth;
    int shuffled;
} apply_trace;

/* Reads the events of one apply, up to the end of the visit (the deal of
 * the next visit that follows is not part of this one). */
static apply_trace trace_of(const tw_nw_events *ev, const int8_t *rank)
{
    apply_trace t = {0, 0, ev->overflow};
    for (int i = 0; i < ev->count; i++) {
        const tw_nw_event *e = &ev->items[i];
        if (e->type == TW_NW_EV_VISIT_END) {
            t.outcome = e->b ? OUT_HIT : OUT_MISS;
            break;
        }
        if (e->type == TW_NW_EV_SHUFFLE)
            t.shuffled = 1;
        int seen = (e->type == TW_NW_EV_MOVE && e->from == TW_NW_PILE_DECK) || e->type == TW_NW_EV_PEEK ||
                   e->type == TW_NW_EV_STATEMENT;
        if (seen && e->card < TW_NW_CARDS && rank[e->card] >= 0 && rank[e->card] + 1 > t.depth)
            t.depth = rank[e->card] + 1;
    }
    return t;
}

static unsigned explore(search *sr, const tw_nw_state *v);

/* Outcomes reachable by applying action to the view with the unknown
 * positions starting with prefix (extended as far as the action looks). */
static unsigned explore_action(search *sr, const tw_nw_state *v, tw_nw_action action, uint8_t *prefix, int nprefix)
{
    if (++sr->nodes > SEARCH_BUDGET) {
        sr->gave_up = 1;
        return 0;
    }
    tw_nw_state after;
    int8_t rank[TW_NW_CARDS];
    fill(v, prefix, nprefix, &after, rank);
    tw_nw_events *ev = malloc(sizeof *ev);
    if (!ev) {
        sr->gave_up = 1;
        return 0;
    }
    ev->count = 0;
    ev->overflow = 0;
    tw_error err = tw_nw_apply(&after, action, ev);
    apply_trace t = trace_of(ev, rank);
    free(ev);
    if (err != TW_OK)
        return 0;
    if (t.shuffled) {
        sr->gave_up = 1; /* the shuffle's order is not enumerated */
        return 0;
    }
    if (t.depth > nprefix) {
        /* the action looked at a card the prefix does not fix: try every
         * card in that place */
        uint32_t rest = unseen_of(v);
        for (int i = 0; i < nprefix; i++)
            rest &= ~(1u << prefix[i]);
        unsigned all = 0;
        for (; rest && all != OUT_BOTH && !sr->gave_up; rest &= rest - 1) {
            prefix[nprefix] = (uint8_t)nw_lowest(rest);
            all |= explore_action(sr, v, action, prefix, nprefix + 1);
        }
        return all;
    }
    if (t.outcome)
        return t.outcome;
    tw_nw_view child;
    tw_nw_view_of(&after, &child);
    return explore(sr, &child.visible);
}

/* What the abilities still usable in a visit could do, as far as the
 * score can tell: lower it, raise it (other than by an answer), put cards
 * back on the deck (more dialogues), move the visit to another target, or
 * add cards to the hand (more answers). */
enum { CAN_LOWER = 1, CAN_RAISE = 2, CAN_REFILL = 4, CAN_MOVE = 8, CAN_DRAW = 16 };

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

/* Outcomes that the score alone settles: an answer adds at most one point
 * and uses a deck card (the statement); what else can move the score comes
 * from usable_powers. Returns 0 when the bounds leave both possible. */
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
    int hand = nw_count(v->hand);
    if (!(powers & CAN_DRAW) && hand < answers)
        answers = hand;
    if (!(powers & (CAN_RAISE | CAN_REFILL)) && v->score_n + answers < target)
        return OUT_MISS;
    return 0;
}

/* Outcomes reachable from a view in the middle of a visit. */
static unsigned explore(search *sr, const tw_nw_state *v)
{
    unsigned settled = settled_by_score(v);
    if (settled)
        return settled;
    uint64_t k1, k2;
    view_key(v, &k1, &k2);
    memo_entry *e = memo_find(sr, k1, k2);
    if (e->used)
        return e->outcomes;
    tw_nw_action actions[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(v, actions);
    unsigned all = 0;
    uint8_t prefix[TW_NW_CARDS];
    for (int i = 0; i < n && all != OUT_BOTH && !sr->gave_up; i++)
        if (plays_on(actions[i]))
            all |= explore_action(sr, v, actions[i], prefix, 0);
    if (sr->gave_up)
        return all;
    e = memo_find(sr, k1, k2);
    e->used = 1;
    e->k1 = k1;
    e->k2 = k2;
    e->outcomes = (uint8_t)all;
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

/* Outcomes met by legal play from random deals consistent with the view:
 * real witnesses, found quickly when the visit is open. */
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

static int complete_search(const tw_nw_state *v, int *hit);

/* Whether the visit under way is decided; see northwood.h. */
int tw_nw_visit_decided(const tw_nw_state *state, int *hit)
{
    if (state->phase != TW_NW_PHASE_BEFORE_STATEMENT && state->phase != TW_NW_PHASE_RESPONSE)
        return 0;
    tw_nw_view view;
    tw_nw_view_of(state, &view);
    tw_nw_state *v = &view.visible;
    v->offer_finish = 0; /* the search plays on; it never asks itself */
    unsigned settled = settled_by_score(v);
    if (settled) {
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
    if (last_answer >= 0 && last_k1 == k1 && last_k2 == k2) {
        if (last_answer > 0 && hit)
            *hit = last_answer == 2;
        return last_answer > 0;
    }
    int decided = 0, is_hit = 0;
    if (witnesses(v, k1 ^ k2) != OUT_BOTH)
        decided = complete_search(v, &is_hit);
    last_k1 = k1;
    last_k2 = k2;
    last_answer = decided ? 1 + is_hit : 0;
    if (decided && hit)
        *hit = is_hit;
    return decided;
}

/* The complete search from a view: 1 with *hit set when one outcome only
 * is reachable, 0 when both are or when the search gave up. */
static int complete_search(const tw_nw_state *v, int *hit)
{
    search sr;
    memset(&sr, 0, sizeof sr);
    sr.memo = calloc(MEMO_SIZE, sizeof *sr.memo);
    if (!sr.memo)
        return 0;
    unsigned all = explore(&sr, v);
    free(sr.memo);
    if (sr.gave_up || (all != OUT_HIT && all != OUT_MISS))
        return 0;
    *hit = all == OUT_HIT;
    return 1;
}
