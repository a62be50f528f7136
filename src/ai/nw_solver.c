/* Exact perfect-information solver for one For Northwood! visit.
 *
 * Inside a visit nothing is left to chance once the deck order is known, so
 * "can this visit still end exactly on target?" is a plain search over the
 * player's actions. The target is the fief being visited, which Prince of
 * Leaves can change in the middle of the visit: the search reads it from
 * each state, and a line succeeds when the fief the visit ends on becomes
 * friendly. The search is a depth-first OR-search that stops at the
 * first success, with a transposition table keyed by a hash of everything
 * that can change the outcome, and bounds that cut branches where the
 * target is already out of reach.
 *
 * Once no ability can be used any more in the visit (every ally spent, no
 * ability running, no delayed effect waiting), what is left is a fixed
 * list of statements and a choice of which hand card answers each: a
 * dynamic programme over the subsets of the hand settles it (the scores
 * each subset can still add), without the state copies of the search. */
#include <stdlib.h>
#include <string.h>

#include "trickwood/nw_bots.h"

/* One memo entry of the hand-subset programme: which statements are left
 * (tag: a hash of the statements to come and the trump, never 0), the
 * hand left, and the set of score gains it can still make (bit g: g more
 * cards can still score; a set with a gain of 32 or more is not kept).
 * 16 bytes: four entries to a cache line. */
typedef struct {
    uint64_t tag;
    uint32_t hand;
    uint32_t gains;
} dp_entry;

#define DP_LOG2_ENTRIES 16
#define ALLOWANCE_KEPT 4 /* allowances whose potentials are kept */
#define DP_PROBES 8

/* What the abilities that may still run in a visit could do, at most: to
 * the score and to the number of dialogues (for the bounds), and how many
 * cards they could take from the tops of the discard and score piles (for
 * the table's key: deeper cards are never read again). */
typedef struct {
    int add_score;  /* cards it may put on the score pile (but for highest) */
    int highest;    /* runs of "your highest cards to the score pile" (King of
                     * Claws): each moves the cards of one value, at most
                     * one per suit (bounded by within_bounds from the hand) */
    int take_score; /* cards it may take off the score pile */
    int add_hand;   /* cards it may bring into the hand */
    int draws_deck; /* times it may draw the whole deck (counted at the deck's size) */
    int add_deck;   /* cards it may put on the deck */
    int moves_visit; /* times it can move the visit to the nearest unvisited fief up or down */
    int changes_trump; /* it can change the visited ruler, and so the trump */
    int shuffles;      /* it can shuffle the deck */
    int read_discard; /* cards it may take from the top of the discard pile */
    int read_score;   /* cards it may take from the top of the score pile */
    int unbounded;    /* no bound holds: it can make used abilities ready again */
    int copies;       /* copy steps still to run (each runs a ruler's ability) */
    int readies;      /* steps that make a spent ally ready again */
} potential;

struct tw_nw_solver {
    uint64_t *keys; /* 0 = empty; the low bit of a stored key holds the result */
    dp_entry *dp;   /* the subset programme's memo (made on first use) */
    int use_dp;       /* 0: search every node (the reference the tests compare with) */
    size_t mask;
    long long nodes;
    long long budget; /* nodes left for the current query; < 0 = unlimited */
    long long budget_per_query;
    int aborted;      /* the current query ran out of budget */
    int restricted;   /* a pass skipped an ability because its allowance was spent */
    tw_nw_action root_action; /* the first action of the line found at the root */
    /* each ally's potential, kept while the characters it depends on (the
     * allies and the rulers a copy may run) stay the same */
    potential ally_potential[TW_NW_SLOTS]; /* copy steps counted, not expanded */
    potential ruler_potential[TW_NW_FIEFS]; /* each present ruler's, as a copy runs it */
    potential rulers_most;                  /* the most of any present ruler, field by field */
    uint64_t ally_potential_of[2]; /* signature of those characters; {0, 0}: none kept */
    int spent_counts; /* an ally, or a ruler an ally may copy, counts the spent allies */
    /* visit_potential between abilities (nothing running or waiting), by
     * which allies are spent and the fief visited; kept with the above */
    potential between[(1 << TW_NW_SLOTS) * TW_NW_FIEFS];
    uint8_t between_known[(1 << TW_NW_SLOTS) * TW_NW_FIEFS];
    /* allowance_potential between abilities, by allowance (below
     * ALLOWANCE_KEPT), spent allies and fief visited; kept with the above */
    potential allowed[ALLOWANCE_KEPT][(1 << TW_NW_SLOTS) * TW_NW_FIEFS];
    uint8_t allowed_known[ALLOWANCE_KEPT][(1 << TW_NW_SLOTS) * TW_NW_FIEFS];
};

/* Creates the table. */
tw_nw_solver *tw_nw_solver_new(int log2_entries)
{
    tw_nw_solver *sv = calloc(1, sizeof *sv);
    if (!sv)
        return NULL;
    size_t size = (size_t)1 << log2_entries;
    sv->keys = calloc(size, sizeof *sv->keys);
    if (!sv->keys) {
        free(sv);
        return NULL;
    }
    sv->mask = size - 1;
    sv->budget = -1;
    sv->budget_per_query = -1;
    sv->use_dp = 1;
    return sv;
}

/* Frees the table. */
void tw_nw_solver_free(tw_nw_solver *solver)
{
    if (!solver)
        return;
    free(solver->keys);
    free(solver->dp);
    free(solver);
}

/* Turns the subset programme on (the default) or off (every node
 * searched, as a reference for tests and benchmarks). */
void tw_nw_solver_set_dp(tw_nw_solver *solver, int on)
{
    solver->use_dp = on != 0;
}

/* Nodes searched since the solver was made (for benchmarks). */
long long tw_nw_solver_nodes(const tw_nw_solver *solver)
{
    return solver->nodes;
}

/* Folds a value into a running hash. */
static inline uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

/* Spreads every bit of a running hash over the whole word (the table's
 * slot is read from the middle bits, which mix alone fills from the low
 * bits of what it folded); never 0, the low bit left for the result. */
static inline uint64_t finish_key(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h | 2;
}

/* Folds a pile of cards, in order, into a running hash, eight cards (one
 * byte each) per step; the caller folds the pile sizes in separately. */
static uint64_t mix_pile(uint64_t h, const uint8_t *cards, int n)
{
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t word;
        memcpy(&word, &cards[i], sizeof word);
        h = mix(h, word);
    }
    if (i < n) {
        uint64_t word = 0;
        for (int k = 0; i + k < n; k++)
            word |= (uint64_t)cards[i + k] << (8 * k);
        h = mix(h, word);
    }
    return h;
}

/* How many bits are set (the library's count is a call; this one is
 * inlined in the search's inner steps). */
static inline int count_bits(uint32_t x)
{
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}


/* Adds one potential to another, times times. */
static void add_potential(potential *to, const potential *from, int times)
{
    to->add_score += times * from->add_score;
    to->highest += times * from->highest;
    to->take_score += times * from->take_score;
    to->add_hand += times * from->add_hand;
    to->draws_deck += times * from->draws_deck;
    to->add_deck += times * from->add_deck;
    to->read_discard += times * from->read_discard;
    to->read_score += times * from->read_score;
    to->copies += times * from->copies;
    to->readies += times * from->readies;
    to->moves_visit += times * from->moves_visit;
    to->changes_trump |= from->changes_trump;
    to->shuffles |= from->shuffles;
    to->unbounded |= from->unbounded;
}

/* Raises each field of most to at least the same field of one (the flags
 * joined): the most any one of several abilities could do. */
static void most_potential(potential *most, const potential *one)
{
    if (one->add_score > most->add_score) most->add_score = one->add_score;
    if (one->highest > most->highest) most->highest = one->highest;
    if (one->take_score > most->take_score) most->take_score = one->take_score;
    if (one->add_hand > most->add_hand) most->add_hand = one->add_hand;
    if (one->draws_deck > most->draws_deck) most->draws_deck = one->draws_deck;
    if (one->add_deck > most->add_deck) most->add_deck = one->add_deck;
    if (one->read_discard > most->read_discard) most->read_discard = one->read_discard;
    if (one->read_score > most->read_score) most->read_score = one->read_score;
    if (one->copies > most->copies) most->copies = one->copies;
    if (one->readies > most->readies) most->readies = one->readies;
    if (one->moves_visit > most->moves_visit) most->moves_visit = one->moves_visit;
    most->changes_trump |= one->changes_trump;
    most->shuffles |= one->shuffles;
    most->unbounded |= one->unbounded;
}

/* Adds what a step that moves up to `moved` hand cards to pile `to` can do. */
static void moved_from_hand(potential *p, int to, int moved)
{
    if (to == TW_NW_PILE_SCORE)
        p->add_score += moved;
    if (to == TW_NW_PILE_DECK)
        p->add_deck += moved;
}

/* Adds the potential of a list of steps, from their kinds' rows (what
 * cards each moves where, how many at most, and its traits); depth 0: an
 * ability's own steps (a copy step counts in copies), 1: a ruler's steps
 * run by a copy (a copy step there does nothing). */
static void steps_potential(const tw_nw_step *steps, int n, potential *p, int depth)
{
    for (int i = 0; i < n; i++) {
        const tw_nw_step *st = &steps[i];
        const tw_nw_step_kind *kind = tw_nw_step_kind_of(st->op);
        if (!kind) {
            p->unbounded = 1; /* a step this bound does not know */
            continue;
        }
        int count = kind->upto == TW_NW_UPTO_C        ? st->c
                    : kind->upto == TW_NW_UPTO_VALUES ? TW_NW_SUITS * tw_popcount32(st->a)
                                                      : kind->upto;
        switch (kind->moves) {
        case TW_NW_MOVES_TOP:
            if (st->b == TW_NW_PILE_SCORE) p->add_score += count;
            if (st->a == TW_NW_PILE_SCORE) p->take_score += count;
            if (st->b == TW_NW_PILE_HAND) p->add_hand += count;
            if (st->b == TW_NW_PILE_DECK) p->add_deck += count;
            if (st->a == TW_NW_PILE_DISCARD) p->read_discard += count;
            if (st->a == TW_NW_PILE_SCORE) p->read_score += count;
            break;
        case TW_NW_MOVES_DRAW:
            if (kind->upto == TW_NW_UPTO_DECK)
                p->draws_deck += 1; /* it may draw the whole deck */
            else
                p->add_hand += count;
            break;
        case TW_NW_MOVES_HAND: /* the highest cards: one card of a value per suit */
            if ((kind->traits & TW_NW_STEP_HIGHEST) && st->b == TW_NW_PILE_SCORE)
                p->highest += 1;
            else
                moved_from_hand(p, st->b, count);
            break;
        case TW_NW_MOVES_SWAP_DECK: /* one card out of the hand, one in */
            p->add_hand += 1;
            p->add_deck += 1;
            break;
        case TW_NW_MOVES_SWAP_PILE:
            p->add_hand += 1;
            if (st->a == TW_NW_PILE_DISCARD) p->read_discard += 1;
            if (st->a == TW_NW_PILE_SCORE) p->read_score += 1;
            break;
        default:
            break;
        }
        if (kind->traits & TW_NW_STEP_SHUFFLES)
            p->shuffles = 1;
        if (kind->traits & TW_NW_STEP_REPEATS) {
            /* the body runs once in this loop and up to once more for
             * each other ally */
            int body = st->c < n - i - 1 ? st->c : n - i - 1;
            potential once = {0};
            steps_potential(&steps[i + 1], body, &once, depth);
            add_potential(p, &once, TW_NW_SLOTS - 1);
        }
        /* counted here, expanded by visit_potential (which knows the ruler
         * it will copy); a ruler's copy step does nothing */
        if ((kind->traits & TW_NW_STEP_COPIES) && depth == 0)
            p->copies += 1;
        if (kind->traits & TW_NW_STEP_MOVES_VISIT)
            p->moves_visit += 1;
        if (kind->traits & TW_NW_STEP_CHANGES_TRUMP)
            p->changes_trump = 1;
        if (kind->traits & TW_NW_STEP_READIES)
            p->readies += 1; /* bounded by visit_potential when it can */
    }
}

/* A signature of the characters the allies' potentials depend on: the
 * rulers on the row (a copy runs one, a substitute is one) and which
 * ruler substitutes on each slot. Two words, compared as they are. */
static void characters_signature(const tw_nw_state *s, uint64_t signature[2])
{
    uint64_t rulers = 0, slots = 1;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        rulers = rulers << 8 | (uint64_t)(s->fiefs[f].ruler.catalog_index & 0x7f) << 1 | s->fiefs[f].ruler_present;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        slots = slots << 8 | (uint8_t)s->slots[slot].sub_fief;
    signature[0] = rulers;
    signature[1] = slots;
}

/* Whether a list of steps reads how many allies are spent (a repeated
 * body runs once more for each: Prince of Eyes). */
static int counts_spent(const tw_nw_step *steps, int n)
{
    for (int i = 0; i < n; i++)
        if (tw_nw_step_has(steps[i].op, TW_NW_STEP_REPEATS))
            return 1;
    return 0;
}

/* Each ally's potential (its copy steps counted, not expanded) and each
 * present ruler's, worked out again only when the characters they depend
 * on changed (a ruler swapped places, say). */
static const potential *ally_potentials(tw_nw_solver *sv, const tw_nw_state *s)
{
    uint64_t signature[2];
    characters_signature(s, signature);
    if (signature[0] != sv->ally_potential_of[0] || signature[1] != sv->ally_potential_of[1]) {
        for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
            const tw_nw_character *ch = tw_nw_slot_character(s, slot);
            memset(&sv->ally_potential[slot], 0, sizeof sv->ally_potential[slot]);
            steps_potential(ch->steps, ch->nsteps, &sv->ally_potential[slot], 0);
        }
        memset(&sv->rulers_most, 0, sizeof sv->rulers_most);
        int copies = 0;
        sv->spent_counts = 0;
        for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
            const tw_nw_character *ch = tw_nw_slot_character(s, slot);
            copies |= sv->ally_potential[slot].copies;
            sv->spent_counts |= counts_spent(ch->steps, ch->nsteps);
        }
        for (int f = 0; f < TW_NW_FIEFS; f++) {
            potential *one = &sv->ruler_potential[f];
            memset(one, 0, sizeof *one);
            if (!s->fiefs[f].ruler_present)
                continue;
            steps_potential(s->fiefs[f].ruler.steps, s->fiefs[f].ruler.nsteps, one, 1);
            if (copies)
                sv->spent_counts |= counts_spent(s->fiefs[f].ruler.steps, s->fiefs[f].ruler.nsteps);
            most_potential(&sv->rulers_most, one);
        }
        sv->ally_potential_of[0] = signature[0];
        sv->ally_potential_of[1] = signature[1];
        memset(sv->between_known, 0, sizeof sv->between_known);
        memset(sv->allowed_known, 0, sizeof sv->allowed_known);
    }
    return sv->ally_potential;
}

/* Whether an ability that may run in this visit counts the spent allies
 * (ally_potentials works it out with the characters: asked here for s,
 * whatever node was worked out last). */
static int spent_allies_count(tw_nw_solver *sv, const tw_nw_state *s)
{
    ally_potentials(sv, s);
    return sv->spent_counts;
}

/* Adds what the copy steps counted in p could do. A copy runs the visited
 * ruler's ability: when nothing else that may run can change the visited
 * ruler, and that ruler's own ability cannot either (a copy run again
 * after a readying would then copy another), it is that ruler's; else the
 * most of any ruler on the row. */
static void expand_copies(const tw_nw_solver *sv, const tw_nw_state *s, potential *p)
{
    if (!p->copies)
        return;
    const potential *ruler = &sv->ruler_potential[s->visiting];
    const potential *copied = ruler;
    if (p->changes_trump || ruler->changes_trump || !s->fiefs[s->visiting].ruler_present)
        copied = &sv->rulers_most;
    int times = p->copies;
    p->copies = 0;
    add_potential(p, copied, times);
}

/* Adds what a readied ally could do when one step may still make a spent
 * ally ready again (Lady of Leaves): the readying ability (slot `from`)
 * cannot ready itself, so one other ally runs once more, the most any of
 * them could do. When another ally could ready in turn, or more than one
 * readying may run, nothing bounds the abilities: unbounded. */
static void expand_readying(tw_nw_solver *sv, int from, potential *p)
{
    const potential *allies = sv->ally_potential;
    potential readied = {0};
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        if (slot == from)
            continue;
        if (allies[slot].readies || (allies[slot].copies && sv->rulers_most.readies)) {
            p->unbounded = 1; /* a chain of readyings */
            return;
        }
        most_potential(&readied, &allies[slot]);
    }
    if (p->readies != 1 || from < 0) {
        p->unbounded = 1;
        return;
    }
    p->readies = 0;
    add_potential(p, &readied, 1);
}

/* The potential of everything that may still run in this visit: the
 * ready allies (every ally when with_spent is set), the rest of a running
 * ability (its repeated body as many times as it may still run), a
 * delayed effect waiting for a response, and an ally made ready again by
 * one of them (expand_readying); copy steps are expanded last, once what
 * could change the ruler they copy is known. */
static void visit_potential_of(tw_nw_solver *sv, const tw_nw_state *s, int with_spent, potential *p)
{
    memset(p, 0, sizeof *p);
    const potential *allies = ally_potentials(sv, s);
    int readier = -1, readiers = 0;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        if (with_spent || !s->slots[slot].exhausted) {
            add_potential(p, &allies[slot], 1);
            if (allies[slot].readies) {
                readier = slot;
                readiers++;
            }
        }
    if (s->run.active) {
        const tw_nw_run *r = &s->run;
        int before = p->readies;
        steps_potential(&r->program[r->pc], r->len - r->pc, p, 0);
        if (r->repeat_left && r->repeat_end > r->repeat_start && r->repeat_end <= r->len) {
            potential body = {0};
            steps_potential(&r->program[r->repeat_start], r->repeat_end - r->repeat_start, &body, 0);
            add_potential(p, &body, r->repeat_left);
        }
        if (p->readies > before) {
            readier = r->slot;
            readiers++;
        }
    }
    if (s->trigger.active) {
        int before = p->readies;
        steps_potential(s->trigger.steps, s->trigger.len, p, 0);
        readiers += p->readies > before;
    }
    if (p->readies)
        expand_readying(sv, readiers == 1 ? readier : -1, p);
    expand_copies(sv, s, p);
    if (p->readies)
        p->unbounded = 1; /* a copied ruler readies */
}

/* visit_potential_of, kept between abilities (the common case: it then
 * depends only on the characters, the spent allies and the fief visited). */
static void visit_potential(tw_nw_solver *sv, const tw_nw_state *s, int with_spent, potential *p)
{
    if (with_spent || s->run.active || s->trigger.active || s->visiting < 0) {
        visit_potential_of(sv, s, with_spent, p);
        return;
    }
    ally_potentials(sv, s); /* checks the characters */
    int spent = 0;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        spent |= (s->slots[slot].exhausted != 0) << slot;
    int at = spent * TW_NW_FIEFS + s->visiting;
    if (!sv->between_known[at]) {
        visit_potential_of(sv, s, 0, &sv->between[at]);
        sv->between_known[at] = 1;
    }
    *p = sv->between[at];
}

/* Field by field, the smaller of two potentials (the flags: both set),
 * into `to`: two ceilings of the same thing give a ceiling. */
static void least_potential(potential *to, const potential *other)
{
    if (other->add_score < to->add_score) to->add_score = other->add_score;
    if (other->highest < to->highest) to->highest = other->highest;
    if (other->take_score < to->take_score) to->take_score = other->take_score;
    if (other->add_hand < to->add_hand) to->add_hand = other->add_hand;
    if (other->draws_deck < to->draws_deck) to->draws_deck = other->draws_deck;
    if (other->add_deck < to->add_deck) to->add_deck = other->add_deck;
    if (other->read_discard < to->read_discard) to->read_discard = other->read_discard;
    if (other->read_score < to->read_score) to->read_score = other->read_score;
    if (other->copies < to->copies) to->copies = other->copies;
    if (other->readies < to->readies) to->readies = other->readies;
    if (other->moves_visit < to->moves_visit) to->moves_visit = other->moves_visit;
    to->changes_trump &= other->changes_trump;
    to->shuffles &= other->shuffles;
    to->unbounded &= other->unbounded;
}

/* The potential of what may still run in a line that may use at most
 * `allowance` more abilities (a pass of solve_deepening): the rest of a
 * running ability and a delayed effect waiting, as in visit_potential_of,
 * and `allowance` activations, each counted as the most any ally that may
 * be activated could do (the ready ones, or every ally when one may be
 * made ready again: a readied ally's activation counts as one more), a
 * copy as the ruler it would copy (the most of any ruler on the row when
 * something could change the visited ruler). Then, field by field, no
 * more than visit_potential (p) allows when that one is bounded. */
static void allowance_potential_of(tw_nw_solver *sv, const tw_nw_state *s, int allowance, const potential *p,
                                   potential *out)
{
    const potential *allies = ally_potentials(sv, s);
    potential base = {0};
    if (s->run.active) {
        const tw_nw_run *r = &s->run;
        steps_potential(&r->program[r->pc], r->len - r->pc, &base, 0);
        if (r->repeat_left && r->repeat_end > r->repeat_start && r->repeat_end <= r->len) {
            potential body = {0};
            steps_potential(&r->program[r->repeat_start], r->repeat_end - r->repeat_start, &body, 0);
            add_potential(&base, &body, r->repeat_left);
        }
    }
    if (s->trigger.active)
        steps_potential(s->trigger.steps, s->trigger.len, &base, 0);
    /* whether the visited ruler may change (any ally at all, conservatively),
     * and whether an ally may be made ready again */
    int ruler_changes = base.changes_trump, copies = base.copies, readies = base.readies;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        ruler_changes |= allies[slot].changes_trump;
        copies |= allies[slot].copies;
        readies |= allies[slot].readies;
    }
    const potential *copied = &sv->ruler_potential[s->visiting];
    if (ruler_changes || copied->changes_trump || !s->fiefs[s->visiting].ruler_present)
        copied = &sv->rulers_most;
    if (copies && copied->readies)
        readies = 1;
    potential most = {0};
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        if (s->slots[slot].exhausted && !readies)
            continue;
        potential one = allies[slot];
        add_potential(&one, copied, one.copies);
        most_potential(&most, &one);
    }
    add_potential(&base, copied, base.copies);
    add_potential(&base, &most, allowance);
    base.copies = 0;
    base.readies = 0; /* a readied ally's activation is one of the allowance */
    if (!p->unbounded)
        least_potential(&base, p);
    *out = base;
}

/* allowance_potential_of, kept between abilities (nothing running or
 * waiting) for the smaller allowances. */
static void allowance_potential(tw_nw_solver *sv, const tw_nw_state *s, int allowance, const potential *p,
                                potential *out)
{
    if (s->run.active || s->trigger.active || allowance >= ALLOWANCE_KEPT) {
        allowance_potential_of(sv, s, allowance, p, out);
        return;
    }
    int spent = 0;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        spent |= (s->slots[slot].exhausted != 0) << slot;
    int at = spent * TW_NW_FIEFS + s->visiting;
    if (!sv->allowed_known[allowance][at]) {
        allowance_potential_of(sv, s, allowance, p, &sv->allowed[allowance][at]);
        sv->allowed_known[allowance][at] = 1;
    }
    *out = sv->allowed[allowance][at];
}

/* How many cards on the top of a pile the key must keep in order: those
 * the abilities still to run could take (and, for the discard pile, the
 * statement on top while it waits for its answer, which counts among
 * them), or -1 for the whole
 * pile when a spent ally may be readied to run again (p unbounded) and
 * some ability takes from that pile. readers: p, or when p is unbounded
 * the potential of every ally. */
static int ordered_top(const tw_nw_state *s, const potential *p, const potential *readers, int pile)
{
    int statement = pile == TW_NW_PILE_DISCARD && s->phase == TW_NW_PHASE_RESPONSE ? 1 : 0;
    int reads = pile == TW_NW_PILE_DISCARD ? readers->read_discard : readers->read_score;
    if (p->unbounded)
        return reads ? -1 : statement;
    /* a waiting statement is covered by its answer or stays on top: an
     * ability, which runs only before the next statement, reaches the
     * card below it only with its second card taken */
    return statement && reads < 1 ? 1 : reads;
}

/* Folds a pile into a running hash: the `ordered` cards on its top, in
 * order (< 0: the whole pile); the caller folds the pile's size in.
 * Abilities take cards from a pile's top only and nothing else in a visit
 * reads a pile, so the cards below those the abilities still to run could
 * take never matter again: answers given in another order, or other
 * answers that scored as many points, then meet in one entry. */
static uint64_t mix_pile_top(uint64_t h, const uint8_t *cards, int n, int ordered)
{
    if (ordered < 0 || ordered >= n)
        return mix_pile(h, cards, n);
    return mix_pile(h, &cards[n - ordered], ordered);
}

/* Hashes every part of the state that can change the visit's outcome:
 * the visited fief (an ability can move the visit), the deck in order,
 * the hand, the sizes of the discard and score piles and, in order, the
 * statement on top and as many cards as the abilities still to run could
 * take from their tops, the generator's state when a shuffle may still
 * come, the slots and rulers, a running ability with all its registers,
 * and a delayed trigger waiting for the next response. p is
 * the potential of what may still run (visit_potential). */
static uint64_t state_key(tw_nw_solver *sv, const tw_nw_state *s, const potential *p)
{
    uint64_t h = 0x12345678abcdefULL;
    h = mix(h, (uint64_t)s->phase | (uint64_t)(uint8_t)s->visiting << 8 | (uint64_t)s->offer_finish << 24);
    h = mix(h, s->hand);
    h = mix(h, (uint64_t)s->deck_n << 8 | s->discard_n | (uint64_t)s->score_n << 16);
    h = mix_pile(h, s->deck, s->deck_n);
    potential every;
    const potential *readers = p;
    if (p->unbounded) { /* any ally may run again: every ally may read */
        visit_potential(sv, s, 1, &every);
        readers = &every;
    }
    /* a shuffle still to come (Baron of Claws) draws from the generator:
     * its state decides the deck's order after that shuffle */
    if (readers->shuffles)
        h = mix(mix(h, s->rng.state), s->rng.inc);
    /* before the substitutes come in, any friendly ruler may read them */
    int substitutes = s->phase == TW_NW_PHASE_SUBSTITUTES;
    h = mix_pile_top(h, s->discard, s->discard_n, substitutes ? -1 : ordered_top(s, p, readers, TW_NW_PILE_DISCARD));
    h = mix_pile_top(h, s->score, s->score_n, substitutes ? -1 : ordered_top(s, p, readers, TW_NW_PILE_SCORE));
    /* the slots, and the fiefs' rulers and statuses, a word each */
    uint64_t slots = 0, fiefs = 0;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        slots = slots << 16 | (uint64_t)s->slots[i].exhausted << 8 | (uint8_t)s->slots[i].sub_fief;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        fiefs = fiefs << 8 | (uint64_t)(s->fiefs[f].ruler.catalog_index & 0x3f) | (uint64_t)(s->fiefs[f].status & 3) << 6;
    h = mix(mix(h, slots), fiefs);
    if (s->run.active) {
        const tw_nw_run *r = &s->run;
        h = mix(h, (uint64_t)r->slot | (uint64_t)r->pc << 8 | (uint64_t)r->len << 16 | (uint64_t)r->choice << 24 |
                       (uint64_t)r->left << 32 | (uint64_t)r->first_pick << 40 | (uint64_t)r->named_suit << 48 |
                       (uint64_t)r->step_started << 56);
        h = mix(h, (uint64_t)r->may_pass | (uint64_t)r->memo << 8 | (uint64_t)r->repeat_left << 16 |
                       (uint64_t)r->repeat_start << 24 | (uint64_t)r->repeat_end << 32 | (uint64_t)r->triggered << 40);
        h = mix(h, r->pending);
        for (int i = 0; i < r->len; i++)
            h = mix(h, (uint64_t)r->program[i].op | (uint64_t)r->program[i].a << 8 | (uint64_t)r->program[i].b << 16 |
                           (uint64_t)r->program[i].c << 24);
    }
    if (s->trigger.active) {
        const tw_nw_trigger *t = &s->trigger;
        h = mix(h, 0x7472696767ULL | (uint64_t)t->slot << 40 | (uint64_t)t->len << 48);
        for (int i = 0; i < t->len; i++)
            h = mix(h, (uint64_t)t->steps[i].op | (uint64_t)t->steps[i].a << 8 | (uint64_t)t->steps[i].b << 16 |
                           (uint64_t)t->steps[i].c << 24);
    }
    return h; /* solve finishes it (finish_key) */
}

/* How many of a suit's statements (bit v: value v + 1) the suit's hand
 * cards can beat, each card and each statement used once: a card beats
 * the statements below it. Values are taken from low to high, each card
 * taking a statement below it while one is left. */
static int suit_pairs(unsigned hand, unsigned statements, int *left)
{
    int below = 0, pairs = 0;
    for (int v = 0; v < TW_NW_VALUES; v++) {
        /* without a branch: whether a card beats a statement is a coin
         * the processor cannot guess */
        int beats = (int)(hand >> v & 1) & (below > 0);
        pairs += beats;
        below += (int)(statements >> v & 1) - beats;
    }
    *left = below;
    return pairs;
}

/* The most answers that can still score when the trump stays and the deck
 * is never shuffled, whatever the order of play: the statements all come
 * from the top `window` deck cards (and the one waiting), and each hand
 * card scores at most once, against a lower card of its suit or, as a
 * trump, against a lower trump or any other suit. Following suit is left
 * out (it only takes choices away), which keeps this a ceiling. */
static int scoring_ceiling(const tw_nw_state *s, int window)
{
    uint32_t statements = 0;
    if (s->phase == TW_NW_PHASE_RESPONSE && s->discard_n)
        statements |= 1u << s->discard[s->discard_n - 1];
    for (int i = 0; i < window && i < s->deck_n; i++)
        statements |= 1u << s->deck[s->deck_n - 1 - i];
    int trump = tw_nw_trump(s);
    int total = 0, others_left = 0;
    for (int suit = 0; suit < TW_NW_SUITS; suit++) {
        if (suit == trump)
            continue;
        int left;
        total += suit_pairs(s->hand >> (8 * suit) & 0xFFu, statements >> (8 * suit) & 0xFFu, &left);
        others_left += left;
    }
    if (trump >= 0) {
        unsigned trumps = s->hand >> (8 * trump) & 0xFFu;
        int unused;
        int among_trumps = suit_pairs(trumps, statements >> (8 * trump) & 0xFFu, &unused);
        int held = count_bits(trumps);
        total += held < among_trumps + others_left ? held : among_trumps + others_left;
    }
    return total;
}

/* The most cards of one value in a hand. */
static int most_of_a_value(uint32_t hand)
{
    int most = 0;
    for (int v = 0; v < TW_NW_VALUES; v++) {
        int n = (int)(hand >> v & 1) + (int)(hand >> (v + 8) & 1) + (int)(hand >> (v + 16) & 1) +
                (int)(hand >> (v + 24) & 1);
        most = n > most ? n : most;
    }
    return most;
}

/* Whether the visit's target is still within the score's reachable
 * range, given what the abilities that may still run could do (p). */
static int within_bounds(const tw_nw_state *s, const potential *p)
{
    if (p->unbounded)
        return 1;
    int score = s->score_n;
    int from_deck = s->deck_n + p->add_deck + (s->phase == TW_NW_PHASE_RESPONSE ? 1 : 0);
    int from_hand = count_bits(s->hand) + p->add_hand + p->draws_deck * s->deck_n;
    int dialogues = from_deck < from_hand ? from_deck : from_hand;
    int add_score = p->add_score;
    if (p->highest) {
        /* the cards of one value, then in the hand: those of the hand now
         * and those that may come into it */
        int each = most_of_a_value(s->hand) + p->add_hand + p->draws_deck * s->deck_n;
        add_score += p->highest * (each < TW_NW_SUITS ? each : TW_NW_SUITS);
    }
    int high = score + dialogues + add_score;
    /* the ceiling below can only lower high to score + add_score or more:
     * no use when the target is no higher (and the visit stays) */
    if (!p->changes_trump && !p->shuffles && (p->moves_visit || s->visiting > score + add_score)) {
        /* the statements come from the deck's top in order: those the
         * dialogues and the draws can reach, and the cards abilities put
         * on the deck, each beaten by one hand card at most; each card
         * brought into the hand scores once at most */
        int ceiling = scoring_ceiling(s, dialogues + p->add_hand + p->draws_deck * s->deck_n) + p->add_hand +
                      p->draws_deck * s->deck_n + p->add_deck;
        if (ceiling < dialogues)
            high = score + ceiling + add_score;
    }
    int low = score - p->take_score;
    if (s->visiting >= low && s->visiting <= high)
        return 1;
    /* a visit that can move may end on the target of an unvisited fief
     * that many moves away, each move going to the nearest unvisited fief
     * up or down (the fief left stays unvisited) */
    if (!p->moves_visit)
        return 0;
    int up = 0, down = 0;
    for (int f = s->visiting + 1; f < TW_NW_FIEFS && up < p->moves_visit; f++)
        if (s->fiefs[f].status == TW_NW_FIEF_NEUTRAL && ++up && f >= low && f <= high)
            return 1;
    for (int f = s->visiting - 1; f >= 0 && down < p->moves_visit; f--)
        if (s->fiefs[f].status == TW_NW_FIEF_NEUTRAL && ++down && f >= low && f <= high)
            return 1;
    return 0;
}

/* Whether a response scores against the statement on top of the discard. */
static int response_scores(const tw_nw_state *s, int card)
{
    return tw_nw_answer_scores(card, s->discard[s->discard_n - 1], tw_nw_trump(s));
}

/* Orders actions so that the likely successes come first: responses that
 * move the score toward the target, and no ability before abilities. */
static void order_actions(const tw_nw_state *s, tw_nw_action *acts, int n, int target)
{
    if (s->phase == TW_NW_PHASE_BEFORE_STATEMENT && n > 1 && TW_NW_ACTION_KIND(acts[0]) == TW_NW_ACT_PROCEED) {
        /* abilities first: the programme already said no to going on
         * without one, so a line that wins uses one now or later */
        tw_nw_action proceed = acts[0];
        memmove(&acts[0], &acts[1], (size_t)(n - 1) * sizeof acts[0]);
        acts[n - 1] = proceed;
        return;
    }
    if (s->phase != TW_NW_PHASE_RESPONSE)
        return;
    int want_score = s->score_n < target;
    int front = 0;
    for (int i = 0; i < n; i++) {
        int card = TW_NW_ACTION_ARG(acts[i]);
        if (response_scores(s, card) == want_score) {
            tw_nw_action tmp = acts[front];
            acts[front] = acts[i];
            acts[i] = tmp;
            front++;
        }
    }
}

/* Whether the visit that was under way in `before` ended friendly in
 * `after`: the fief that left the neutral state is the one the visit ended
 * on (an ability may have moved the visit away from where it started). */
static int ended_friendly(const tw_nw_state *before, const tw_nw_state *after)
{
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (before->fiefs[f].status == TW_NW_FIEF_NEUTRAL && after->fiefs[f].status != TW_NW_FIEF_NEUTRAL)
            return after->fiefs[f].status == TW_NW_FIEF_FRIENDLY;
    return 0;
}


/* Whether activating the ally on `slot` led to `proceeded` (the state
 * after going on to the statement without an ability, as an ability
 * ends by revealing it), that ally spent: no card moved, no ruler, fief
 * or other ally changed, nothing left running or waiting. Such an
 * activation never helps: every line after it is open after going on
 * without it, the ally still ready, unless an ability counts the spent
 * allies (spent_counts; readying it again only undoes it). */
static int activation_changed_nothing(const tw_nw_state *after, const tw_nw_state *proceeded, int slot)
{
    if (after->phase != proceeded->phase || after->visiting < 0 || after->run.active || after->trigger.active ||
        proceeded->trigger.active || after->hand != proceeded->hand || after->deck_n != proceeded->deck_n ||
        after->discard_n != proceeded->discard_n || after->score_n != proceeded->score_n ||
        after->visiting != proceeded->visiting || after->rng.state != proceeded->rng.state ||
        after->rng.inc != proceeded->rng.inc || memcmp(after->deck, proceeded->deck, after->deck_n) ||
        memcmp(after->discard, proceeded->discard, after->discard_n) ||
        memcmp(after->score, proceeded->score, after->score_n))
        return 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (after->fiefs[f].status != proceeded->fiefs[f].status ||
            after->fiefs[f].ruler_present != proceeded->fiefs[f].ruler_present ||
            after->fiefs[f].ruler.catalog_index != proceeded->fiefs[f].ruler.catalog_index ||
            after->fiefs[f].sub_slot != proceeded->fiefs[f].sub_slot)
            return 0;
    for (int other = 0; other < TW_NW_SLOTS; other++)
        if (after->slots[other].sub_fief != proceeded->slots[other].sub_fief ||
            (other != slot && after->slots[other].exhausted != proceeded->slots[other].exhausted))
            return 0;
    return 1;
}

/* ---- The rest of a visit without abilities ------------------------------ */

/* Whether every ally is spent (allies become ready again only through an
 * ability). */
static int allies_spent(const tw_nw_state *s)
{
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        if (!s->slots[slot].exhausted)
            return 0;
    return 1;
}

/* The fixed list of statements the rest of a visit answers: the one
 * waiting, then the deck from the top, as many as there are answers left
 * (the visit ends when the hand or the deck runs out). */
typedef struct {
    int count;
    int trump;
    uint64_t signature; /* the trump, whether a statement waits, the deck */
    uint8_t statement[TW_NW_CARDS + 1];
    uint32_t future[TW_NW_CARDS + 2]; /* future[i]: the statements i, i + 1, ... (a card mask) */
} dp_plan;

/* Whether "no ability from now on" is a line of play here: the visit is
 * between abilities (a statement waits, or the next one is about to be
 * revealed) and no delayed effect waits for an answer. */
static int may_go_on_without_abilities(const tw_nw_state *s)
{
    return (s->phase == TW_NW_PHASE_RESPONSE || s->phase == TW_NW_PHASE_BEFORE_STATEMENT) && !s->run.active &&
           !s->trigger.active;
}

/* Builds the plan of the rest of the visit if no ability is used any
 * more (may_go_on_without_abilities holds): the statements still to come
 * (the one waiting first, if any) and the trump. */
static void dp_plan_of(const tw_nw_state *s, dp_plan *plan)
{
    int hand = count_bits(s->hand);
    int waiting = s->phase == TW_NW_PHASE_RESPONSE;
    int statements = s->deck_n + waiting;
    plan->count = hand < statements ? hand : statements;
    plan->trump = tw_nw_trump(s);
    for (int i = 0; i < plan->count; i++)
        plan->statement[i] = waiting && i == 0 ? s->discard[s->discard_n - 1] : s->deck[s->deck_n - 1 - i + waiting];
    plan->future[plan->count] = 0;
    for (int i = plan->count - 1; i >= 0; i--)
        plan->future[i] = plan->future[i + 1] | 1u << plan->statement[i];
    /* what the statements after the first are: the deck from its top (the
     * waiting one is never looked up in the memo) */
    plan->signature =
        mix_pile(mix(0x64706c616eULL, (uint64_t)(uint8_t)plan->trump | (uint64_t)waiting << 8 | (uint64_t)s->deck_n << 16),
                 s->deck, s->deck_n);
}

/* The score gains a hand can still make answering statements index, ...
 * of the plan (bit g set: exactly g more answers can score). Memoised on
 * the statements left and the hand, across calls: the answer depends on
 * nothing else (the hand left tells how many answers remain, and a plan
 * with the same deck, trump and waiting statement or not has the same
 * statements at the same index), so answers found for one line of play
 * serve every other that meets the same deck. */
/* The hand that stands for every hand equivalent to this one against the
 * statements still to come (future, a card mask): two cards of a suit
 * with no statement to come between their values score and follow suit
 * alike against every one of them, so only how many cards each such run
 * of values holds matters; they are moved to the run's lowest values. */
static uint32_t dp_canonical_hand(uint32_t hand, uint32_t future)
{
    uint32_t out = 0;
    for (int suit = 0; suit < TW_NW_SUITS; suit++) {
        unsigned held = hand >> (8 * suit) & 0xFFu, statements = future >> (8 * suit) & 0xFFu;
        int start = 0, count = 0;
        for (int v = 0; v <= TW_NW_VALUES; v++) {
            if (v == TW_NW_VALUES || (statements >> v & 1)) {
                if (count)
                    out |= ((1u << count) - 1) << (8 * suit + start);
                start = v + 1;
                count = 0;
            } else {
                count += (int)(held >> v & 1);
            }
        }
    }
    return out;
}

static uint64_t dp_gains(tw_nw_solver *sv, const dp_plan *plan, uint32_t hand, int index)
{
    if (index == plan->count)
        return 1;
    hand = dp_canonical_hand(hand, plan->future[index]);
    uint64_t tag = mix(plan->signature, (uint64_t)index) | 1;
    size_t home = (size_t)(((tag ^ hand) * 0x9E3779B97F4A7C15ULL) >> (64 - DP_LOG2_ENTRIES));
    for (int probe = 0; probe < DP_PROBES; probe++) {
        const dp_entry *e = &sv->dp[(home + (size_t)probe) & (((size_t)1 << DP_LOG2_ENTRIES) - 1)];
        if (e->tag == tag && e->hand == hand)
            return e->gains;
    }
    int statement = plan->statement[index];
    uint64_t gains = 0;
    for (uint32_t legal = tw_nw_answers_allowed(hand, statement); legal; legal &= legal - 1) {
        int card = __builtin_ctz(legal);
        if (card % TW_NW_VALUES && (hand >> (card - 1) & 1))
            continue; /* the card below it is in the same run: the same answer */
        int scores = tw_nw_answer_scores(card, statement, plan->trump);
        gains |= dp_gains(sv, plan, hand & ~(1u << card), index + 1) << scores;
    }
    /* remember it in the first free slot of its run, else in its home
     * slot (an entry lost is only recomputed) */
    dp_entry *slot = &sv->dp[home];
    for (int probe = 0; probe < DP_PROBES; probe++) {
        dp_entry *e = &sv->dp[(home + (size_t)probe) & (((size_t)1 << DP_LOG2_ENTRIES) - 1)];
        if (e->tag == 0) {
            slot = e;
            break;
        }
    }
    if (gains >> 32)
        return gains;
    slot->tag = tag;
    slot->hand = hand;
    slot->gains = (uint32_t)gains;
    return gains;
}

/* Makes the programme's memo on first use; 0 when it cannot be made. */
static int dp_begin(tw_nw_solver *sv)
{
    if (!sv->dp)
        sv->dp = calloc((size_t)1 << DP_LOG2_ENTRIES, sizeof *sv->dp);
    return sv->dp != NULL;
}

/* Whether the rest of the visit, with no ability used any more, can end
 * on target; when it can and first is not NULL, the action to take now
 * (go on to the statement, or the answer to give). */
static int dp_solve(tw_nw_solver *sv, const tw_nw_state *s, tw_nw_action *first)
{
    dp_plan plan;
    dp_plan_of(s, &plan);
    int need = s->visiting - s->score_n;
    if (need < 0 || need > plan.count)
        return 0;
    if (s->phase == TW_NW_PHASE_BEFORE_STATEMENT) {
        if (!((dp_gains(sv, &plan, s->hand, 0) >> need) & 1))
            return 0;
        if (first)
            *first = TW_NW_ACTION(TW_NW_ACT_PROCEED, 0);
        return 1;
    }
    int statement = plan.statement[0];
    for (uint32_t legal = tw_nw_answers_allowed(s->hand, statement); legal; legal &= legal - 1) {
        int card = __builtin_ctz(legal);
        int scores = tw_nw_answer_scores(card, statement, plan.trump);
        if (need - scores < 0)
            continue;
        if ((dp_gains(sv, &plan, s->hand & ~(1u << card), 1) >> (need - scores)) & 1) {
            if (first)
                *first = TW_NW_ACTION(TW_NW_ACT_RESPOND, card);
            return 1;
        }
    }
    return 0;
}

/* Stores a result in the table's pair of entries at slot (even): the
 * newest result in the first, the one it pushes out in the second (a
 * result found again stays where it is). */
static void table_store(tw_nw_solver *sv, size_t slot, uint64_t key, int result)
{
    uint64_t entry = (key & ~(uint64_t)1) | (uint64_t)result;
    if ((sv->keys[slot + 1] | 1) == (key | 1)) {
        sv->keys[slot + 1] = entry;
        return;
    }
    if ((sv->keys[slot] | 1) != (key | 1))
        sv->keys[slot + 1] = sv->keys[slot];
    sv->keys[slot] = entry;
}

/* A position the search will look at, with what it works out before
 * looking: the potential of what may still run (and of what the pass's
 * allowance lets run), the table key and the key's slot, whose entry is
 * fetched as soon as the slot is known. */
typedef struct {
    tw_nw_state s;
    potential p;       /* visit_potential */
    potential allowed; /* allowance_potential, when allowance >= 0 */
    int allowance;     /* how many more abilities a line may use (< 0: any number) */
    uint64_t key;
    size_t slot;
} solver_node;

/* Works out a node's potentials, key and slot (nd->s filled in), and
 * starts fetching its table entry: the parent does it for the next
 * action while it searches the one before, so that the entry is in the
 * cache by the time it is read. */
static void node_prepare(tw_nw_solver *sv, solver_node *nd, int allowance)
{
    nd->allowance = allowance;
    if (nd->s.phase == TW_NW_PHASE_SUBSTITUTES) {
        /* friendly rulers may still take the allies' places: no bound
         * from the allies on the slots */
        memset(&nd->p, 0, sizeof nd->p);
        nd->p.unbounded = 1;
        nd->allowed = nd->p;
    } else {
        visit_potential(sv, &nd->s, 0, &nd->p);
        /* a pass that allows few abilities: what those few could do */
        if (allowance >= 0)
            allowance_potential(sv, &nd->s, allowance, &nd->p, &nd->allowed);
    }
    uint64_t key = state_key(sv, &nd->s, allowance >= 0 ? &nd->allowed : &nd->p);
    if (allowance >= 0)
        key = mix(key, 0x616c6cULL + (uint64_t)allowance);
    nd->key = finish_key(key);
    nd->slot = (size_t)(nd->key >> 20) & sv->mask & ~(size_t)1;
    __builtin_prefetch(&sv->keys[nd->slot]);
}

static int solve(tw_nw_solver *sv, const solver_node *nd, int depth);

/* What the search does with one action of a node: nothing (not a line of
 * play here, or an activation that changed nothing), a result known
 * without a search (the last answer of the visit, a visit that ended), or
 * a search of the node it leads to (prepared in child). */
enum { CHILD_NONE, CHILD_KNOWN, CHILD_SEARCH };

/* What is known of a node while its actions are tried, for child_of. */
typedef struct {
    const solver_node *nd;
    const tw_nw_action *acts;
    int last_dialogue;  /* the last dialogue of the visit: the answer alone decides */
    int proceeded_known; /* 0: not worked out yet, 1: in proceeded, -1: none */
    tw_nw_state proceeded; /* going on without an ability, to tell an activation that changes nothing */
    uint8_t idle[TW_NW_SLOTS]; /* at the root: the activations that changed nothing, skipped */
    int idle_n;
} expansion;

/* Applies action i of the node being expanded: CHILD_SEARCH with the
 * node it leads to prepared in child, CHILD_KNOWN with the result in
 * *known, or CHILD_NONE. */
static int child_of(tw_nw_solver *sv, expansion *ex, int i, int depth, solver_node *child, int *known)
{
    const tw_nw_state *s = &ex->nd->s;
    tw_nw_action act = ex->acts[i];
    int allowance = ex->nd->allowance;
    if (TW_NW_ACTION_KIND(act) == TW_NW_ACT_STOP)
        return CHILD_NONE;
    int activates = TW_NW_ACTION_KIND(act) == TW_NW_ACT_ACTIVATE;
    if (activates && allowance == 0) {
        sv->restricted = 1;
        return CHILD_NONE;
    }
    if (ex->last_dialogue && TW_NW_ACTION_KIND(act) == TW_NW_ACT_RESPOND) {
        /* without letting the engine end the visit (and deal the next one) */
        *known = s->score_n + response_scores(s, TW_NW_ACTION_ARG(act)) == s->visiting;
        return CHILD_KNOWN;
    }
    child->s = *s;
    if (tw_nw_apply(&child->s, act, NULL) != TW_OK)
        return CHILD_NONE;
    if (activates && sv->use_dp && !s->trigger.active && !spent_allies_count(sv, s)) {
        if (!ex->proceeded_known) { /* once per node */
            ex->proceeded = *s;
            ex->proceeded_known =
                tw_nw_apply(&ex->proceeded, TW_NW_ACTION(TW_NW_ACT_PROCEED, 0), NULL) == TW_OK ? 1 : -1;
        }
        if (ex->proceeded_known > 0 && activation_changed_nothing(&child->s, &ex->proceeded, TW_NW_ACTION_ARG(act))) {
            if (depth == 0)
                ex->idle[ex->idle_n++] = (uint8_t)i;
            return CHILD_NONE;
        }
    }
    if (child->s.visiting < 0) {
        *known = ended_friendly(s, &child->s);
        return CHILD_KNOWN;
    }
    node_prepare(sv, child, activates && allowance > 0 ? allowance - 1 : allowance);
    return CHILD_SEARCH;
}

/* At the root, once a line was found with action `found`: the line given
 * starts with the first action, in the search's order, that has one, and
 * an activation skipped because it changed nothing (ex->idle, in order)
 * may come before it. Each such one is searched in turn, so that the line
 * given is the one the search gives without the skip. The answer is yes
 * already: a search cut short by the budget keeps the line found. */
static void first_idle_line(tw_nw_solver *sv, const expansion *ex, int found)
{
    for (int k = 0; k < ex->idle_n && ex->idle[k] < found && !sv->aborted; k++) {
        solver_node child;
        child.s = ex->nd->s;
        if (tw_nw_apply(&child.s, ex->acts[ex->idle[k]], NULL) != TW_OK)
            continue;
        node_prepare(sv, &child, ex->nd->allowance > 0 ? ex->nd->allowance - 1 : ex->nd->allowance);
        if (solve(sv, &child, 1)) {
            sv->root_action = ex->acts[ex->idle[k]];
            break;
        }
    }
    sv->aborted = 0;
}

/* The OR-search: 1 when some line of play ends the visit friendly. The
 * target is the fief visited now (s->visiting), which an ability can
 * change during the visit. nd->allowance: how many more abilities a line
 * may use (< 0: any number); the table keeps the passes apart. */
static int solve(tw_nw_solver *sv, const solver_node *nd, int depth)
{
    if (sv->aborted)
        return 0;
    sv->nodes++;
    if (sv->budget >= 0 && --sv->budget < 0) {
        /* out of budget: the flag, not the count, stops the rest of the
         * query (a count of -1 would read as "unlimited") */
        sv->aborted = 1;
        return 0;
    }
    const tw_nw_state *s = &nd->s;
    int allowance = nd->allowance;
    if (!within_bounds(s, allowance >= 0 ? &nd->allowed : &nd->p)) {
        /* cut by the allowance, not by the cards: the pass is not the
         * whole answer */
        if (allowance >= 0 && (nd->p.unbounded || within_bounds(s, &nd->p)))
            sv->restricted = 1;
        return 0;
    }
    uint64_t key = nd->key;
    size_t slot = nd->slot;
    uint64_t stored = sv->keys[slot];
    if ((stored | 1) != (key | 1))
        stored = sv->keys[slot + 1];
    if (depth > 0 && (stored | 1) == (key | 1)) {
        /* a stored "no" of a restricted pass may owe to the allowance:
         * the pass cannot count as the whole answer */
        if (!(stored & 1) && allowance >= 0)
            sv->restricted = 1;
        return (int)(stored & 1);
    }
    if (sv->use_dp && may_go_on_without_abilities(s) && dp_begin(sv)) {
        /* answers only: the programme settles it; with allies ready, a
         * line that uses no more ability is tried first and settles a yes */
        tw_nw_action first = 0;
        int result = dp_solve(sv, s, &first);
        if (result && depth == 0)
            sv->root_action = first;
        /* nothing but answers left: a statement waits and every ally is spent */
        int answers_only = s->phase == TW_NW_PHASE_RESPONSE && allies_spent(s);
        if (result || allowance == 0 || answers_only) {
            if (!result && !answers_only)
                sv->restricted = 1; /* the allowance, not the cards, said no */
            table_store(sv, slot, key, result);
            return result;
        }
    }
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    order_actions(s, acts, n, s->visiting);
    expansion ex;
    ex.nd = nd;
    ex.acts = acts;
    ex.last_dialogue = tw_nw_last_statement(s);
    ex.proceeded_known = 0;
    ex.idle_n = 0;
    /* the node of the next action is prepared while the one before it is
     * searched: two buffers, used in turn */
    solver_node children[2];
    int result = 0, found = -1, at = 0, i = 0, kind = CHILD_NONE, known = 0;
    for (; i < n && (kind = child_of(sv, &ex, i, depth, &children[at], &known)) == CHILD_NONE; i++)
        ;
    while (i < n && !result && !sv->aborted) {
        int next = i + 1, next_kind = CHILD_NONE, next_known = 0;
        for (; next < n && (next_kind = child_of(sv, &ex, next, depth, &children[!at], &next_known)) == CHILD_NONE;
             next++)
            ;
        result = kind == CHILD_KNOWN ? known : solve(sv, &children[at], depth + 1);
        if (result)
            found = i;
        i = next;
        kind = next_kind;
        known = next_known;
        at = !at;
    }
    if (result && depth == 0) {
        sv->root_action = acts[found];
        first_idle_line(sv, &ex, found);
    }
    if (sv->aborted)
        return 0; /* an answer cut short is "no", as documented */
    table_store(sv, slot, key, result);
    return result;
}

/* Searches with a growing allowance of abilities: lines that use none,
 * then at most one, then two, then any number. A pass that allows few
 * abilities is bounded by what those few could do (allowance_potential).
 * Most visits that can be won are won with few abilities, and those lines
 * are found in a small part of the whole tree; a pass whose allowance
 * never bound is already the whole answer. Between abilities the pass
 * without any is left out: the pass of one starts with the programme,
 * which is the whole of it (and gives the same first action). The budget
 * counts the nodes of every pass. */
static int solve_deepening(tw_nw_solver *sv, const tw_nw_state *s, int depth)
{
    static const int allowances[] = {0, 1, 2, -1};
    solver_node root;
    root.s = *s;
    for (int i = may_go_on_without_abilities(s) ? 1 : 0; i < 4; i++) {
        if (!sv->use_dp && allowances[i] >= 0)
            continue; /* the reference searches the whole tree at once */
        sv->restricted = 0;
        node_prepare(sv, &root, allowances[i]);
        int result = solve(sv, &root, depth);
        if (result || sv->aborted || !sv->restricted)
            return result;
    }
    return 0;
}

/* Entry point: answers for the visit in progress. */
int tw_nw_solve_visit(tw_nw_solver *solver, const tw_nw_state *state)
{
    if (state->visiting < 0 || state->phase == TW_NW_PHASE_GAME_OVER || state->phase == TW_NW_PHASE_CHOOSE_FIEF)
        return 0;
    solver->aborted = 0;
    solver->budget = solver->budget_per_query;
    /* states of another deal may number their characters alike */
    memset(solver->ally_potential_of, 0, sizeof solver->ally_potential_of);
    /* "finish" changes no answer (it ends a visit with the outcome that
     * playing on is sure to reach) and its test is a search of its own at
     * every node: the solver plays on */
    tw_nw_state root = *state;
    root.offer_finish = 0;
    return solve_deepening(solver, &root, 0);
}

/* Solves the visit and, when it can end on target, gives the first action
 * of a line that does. */
int tw_nw_solve_line(tw_nw_solver *solver, const tw_nw_state *state, tw_nw_action *first)
{
    int ok = tw_nw_solve_visit(solver, state);
    if (ok && first)
        *first = solver->root_action;
    return ok;
}

/* Sets a node budget for each following query (< 0: unlimited). */
void tw_nw_solver_set_budget(tw_nw_solver *solver, long long nodes_per_query)
{
    solver->budget_per_query = nodes_per_query;
}

/* Whether the last query ran out of budget (its answer is then 0). */
int tw_nw_solver_aborted(const tw_nw_solver *solver)
{
    return solver->aborted;
}

/* Solves each action's successor. */
int tw_nw_solve_actions(tw_nw_solver *solver, const tw_nw_state *state, const tw_nw_action *actions, int n,
                        uint8_t *ok)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        ok[i] = 0;
        tw_nw_state next = *state;
        if (TW_NW_ACTION_KIND(actions[i]) == TW_NW_ACT_STOP || tw_nw_apply(&next, actions[i], NULL) != TW_OK)
            continue;
        if (state->visiting < 0 && next.visiting < 0)
            continue; /* not a visit */
        solver->aborted = 0;
        solver->budget = solver->budget_per_query;
        memset(solver->ally_potential_of, 0, sizeof solver->ally_potential_of);
        next.offer_finish = 0; /* as in tw_nw_solve_visit */
        if (next.visiting < 0)
            ok[i] = (uint8_t)ended_friendly(state, &next);
        else
            ok[i] = (uint8_t)solve_deepening(solver, &next, 1);
        count += ok[i];
    }
    return count;
}
