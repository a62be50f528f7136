/* The ability interpreter: runs a character's effect steps one at a time,
 * stopping whenever the player must choose (a card, a suit or a fief).
 *
 * Rulings (DATA.md): an ability does as much as it can and must be carried
 * out when it can; when several cards move together the player picks their
 * order, one card at a time, and the last one picked ends on top. A choice
 * with a single candidate is made automatically. */
#include <string.h>

#include "nw_internal.h"

enum { STEP_DONE = 0, STEP_WAIT = 1 };

/* Resolves a suit reference of a step to a suit, or -1 when unknown. */
static int resolve_suit(const tw_nw_state *s, int ref)
{
    if (ref < TW_NW_SUITS)
        return ref;
    if (ref == TW_NW_SUITREF_TRUMP)
        return tw_nw_trump(s);
    if (ref == TW_NW_SUITREF_NAMED && s->run.named_suit != TW_NW_NO_CARD)
        return s->run.named_suit;
    return -1;
}

/* Hand cards that belong to at least one pair of values adding to sum. */
static uint32_t pair_candidates(uint32_t hand, int sum)
{
    uint32_t result = 0;
    for (int a = 0; a < TW_NW_CARDS; a++) {
        if (!(hand & (1u << a)))
            continue;
        for (int b = 0; b < TW_NW_CARDS; b++)
            if (b != a && (hand & (1u << b)) && TW_NW_VALUE(a) + TW_NW_VALUE(b) == sum) {
                result |= 1u << a;
                break;
            }
    }
    return result;
}

/* Hand cards whose value completes first to sum. */
static uint32_t pair_partners(uint32_t hand, int first, int sum)
{
    uint32_t result = 0;
    for (int b = 0; b < TW_NW_CARDS; b++)
        if ((hand & (1u << b)) && TW_NW_VALUE(first) + TW_NW_VALUE(b) == sum)
            result |= 1u << b;
    return result;
}

/* Hand cards with the highest value held. */
static uint32_t highest_cards(uint32_t hand)
{
    for (int value = TW_NW_VALUES; value >= 1; value--) {
        uint32_t mask = 0;
        for (int suit = 0; suit < TW_NW_SUITS; suit++)
            mask |= 1u << TW_NW_CARD(suit, value);
        if (hand & mask)
            return hand & mask;
    }
    return 0;
}

/* Unvisited fiefs within distance of the visited one. */
static uint32_t swap_candidates(const tw_nw_state *s, int distance)
{
    uint32_t result = 0;
    int v = s->visiting;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        int d = f > v ? f - v : v - f;
        if (f != v && d <= distance && s->fiefs[f].status == TW_NW_FIEF_NEUTRAL && s->fiefs[f].ruler_present)
            result |= 1u << f;
    }
    return result;
}

/* Whether a character's program contains a copy step. */
static int is_copier(const tw_nw_character *ch)
{
    for (int i = 0; i < ch->nsteps; i++)
        if (ch->steps[i].op == TW_NW_OP_COPY_RULER)
            return 1;
    return 0;
}

/* Replaces the copy step at pc with the visited ruler's steps. */
static void splice_copy(tw_nw_state *s)
{
    tw_nw_run *run = &s->run;
    const tw_nw_character *ruler = &s->fiefs[s->visiting].ruler;
    if (is_copier(ruler))
        return; /* copying a copier does nothing */
    tw_nw_step rest[TW_NW_MAX_PROGRAM];
    int nrest = run->len - run->pc - 1;
    memcpy(rest, &run->program[run->pc + 1], (size_t)nrest * sizeof rest[0]);
    int len = 0;
    for (int i = 0; i < ruler->nsteps && len < TW_NW_MAX_PROGRAM; i++)
        run->program[len++] = ruler->steps[i];
    for (int i = 0; i < nrest && len < TW_NW_MAX_PROGRAM; i++)
        run->program[len++] = rest[i];
    run->len = (uint8_t)len;
    run->pc = 0;
    run->step_started = 0;
}

/* Sets up the current step when it starts. Steps without choices do all
 * their work here. Returns 1 when the program counter was rewritten (copy)
 * and the loop must start over without advancing. */
static int step_begin(tw_nw_state *s, const tw_nw_step *st, tw_nw_events *events)
{
    tw_nw_run *run = &s->run;
    run->step_started = 1;
    run->pending = 0;
    run->left = 0;
    run->first_pick = TW_NW_NO_CARD;
    switch (st->op) {
    case TW_NW_OP_MOVE_TOP:
        for (int i = 0; i < st->c; i++)
            if (nw_move_top(s, st->a, st->b, events) == TW_NW_NO_CARD)
                break;
        break;
    case TW_NW_OP_DRAW_UP_TO:
        while (nw_count(s->hand) < st->c && s->deck_n > 0)
            nw_move_top(s, TW_NW_PILE_DECK, TW_NW_PILE_HAND, events);
        break;
    case TW_NW_OP_CHOOSE_MOVE: {
        int held = nw_count(s->hand);
        run->left = (uint8_t)(st->c < held ? st->c : held);
        break;
    }
    case TW_NW_OP_MOVE_SUIT: {
        int suit = resolve_suit(s, st->a);
        run->pending = suit < 0 ? 0 : s->hand & (0xFFu << (suit * 8));
        break;
    }
    case TW_NW_OP_MOVE_HIGHEST:
        run->pending = highest_cards(s->hand);
        break;
    case TW_NW_OP_MOVE_PAIR_SUM:
        run->left = pair_candidates(s->hand, st->c) ? 2 : 0;
        break;
    case TW_NW_OP_NAME_SUIT:
        run->left = 1;
        break;
    case TW_NW_OP_PEEK:
        for (int i = 0; i < st->c && i < s->deck_n; i++) {
            int pos = s->deck_n - 1 - i;
            s->deck_known |= 1u << pos;
            nw_emit(events, TW_NW_EV_PEEK, s->deck[pos], 0, 0, (uint8_t)i, 0, 0);
        }
        break;
    case TW_NW_OP_EXCHANGE_TOP:
        run->left = (s->deck_n > 0 && s->hand) ? 1 : 0;
        break;
    case TW_NW_OP_SWAP_RULER:
        run->pending = swap_candidates(s, st->c);
        run->left = run->pending ? 1 : 0;
        break;
    case TW_NW_OP_COPY_RULER:
        splice_copy(s);
        return run->step_started == 0;
    default:
        break;
    }
    return 0;
}

/* Decides whether the current step needs a choice now; fills the choice
 * and the candidates. Returns STEP_DONE when the step has finished. */
static int step_needs(tw_nw_state *s, const tw_nw_step *st)
{
    tw_nw_run *run = &s->run;
    switch (st->op) {
    case TW_NW_OP_CHOOSE_MOVE:
        if (run->left == 0 || s->hand == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        run->pending = s->hand;
        return STEP_WAIT;
    case TW_NW_OP_MOVE_SUIT:
    case TW_NW_OP_MOVE_HIGHEST:
        if (run->pending == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        return STEP_WAIT;
    case TW_NW_OP_MOVE_PAIR_SUM:
        if (run->left == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        run->pending = run->first_pick == TW_NW_NO_CARD ? pair_candidates(s->hand, st->c)
                                                        : pair_partners(s->hand, run->first_pick, st->c);
        return STEP_WAIT;
    case TW_NW_OP_NAME_SUIT:
        if (run->left == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_SUIT;
        run->pending = 0xFu;
        return STEP_WAIT;
    case TW_NW_OP_EXCHANGE_TOP:
        if (run->left == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        run->pending = s->hand;
        return STEP_WAIT;
    case TW_NW_OP_SWAP_RULER:
        if (run->left == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_FIEF;
        return STEP_WAIT;
    default:
        return STEP_DONE;
    }
}

/* Carries out one choice for the current step. */
static void step_choose(tw_nw_state *s, const tw_nw_step *st, int value, tw_nw_events *events)
{
    tw_nw_run *run = &s->run;
    switch (st->op) {
    case TW_NW_OP_CHOOSE_MOVE:
        nw_move_from_hand(s, value, st->b, events);
        run->left--;
        break;
    case TW_NW_OP_MOVE_SUIT:
    case TW_NW_OP_MOVE_HIGHEST:
        nw_move_from_hand(s, value, st->b, events);
        run->pending &= ~(1u << value);
        break;
    case TW_NW_OP_MOVE_PAIR_SUM:
        nw_move_from_hand(s, value, st->b, events);
        if (run->first_pick == TW_NW_NO_CARD)
            run->first_pick = (uint8_t)value;
        run->left--;
        break;
    case TW_NW_OP_NAME_SUIT:
        run->named_suit = (uint8_t)value;
        nw_emit(events, TW_NW_EV_NAME_SUIT, TW_NW_NO_CARD, 0, 0, (uint8_t)value, 0, 0);
        run->left = 0;
        break;
    case TW_NW_OP_EXCHANGE_TOP: {
        nw_move_top(s, TW_NW_PILE_DECK, TW_NW_PILE_HAND, events);
        nw_move_from_hand(s, value, TW_NW_PILE_DECK, events);
        run->left = 0;
        break;
    }
    case TW_NW_OP_SWAP_RULER: {
        int v = s->visiting;
        tw_nw_character tmp = s->fiefs[v].ruler;
        s->fiefs[v].ruler = s->fiefs[value].ruler;
        s->fiefs[value].ruler = tmp;
        nw_emit(events, TW_NW_EV_RULER_SWAP, TW_NW_NO_CARD, 0, 0, (uint8_t)v, (uint8_t)value, 0);
        run->left = 0;
        break;
    }
    default:
        break;
    }
}

/* Runs steps until the program ends or a real choice is needed. */
static void run_forward(tw_nw_state *s, tw_nw_events *events)
{
    tw_nw_run *run = &s->run;
    while (run->pc < run->len) {
        const tw_nw_step st = run->program[run->pc];
        if (!run->step_started) {
            if (step_begin(s, &st, events))
                continue; /* a copy rewrote the program */
        }
        if (step_needs(s, &st) == STEP_WAIT) {
            if (run->choice != TW_NW_CHOICE_SUIT && nw_single(run->pending)) {
                step_choose(s, &st, nw_lowest(run->pending), events);
                continue;
            }
            s->phase = TW_NW_PHASE_ABILITY;
            return;
        }
        run->pc++;
        run->step_started = 0;
        run->choice = TW_NW_CHOICE_NONE;
        run->pending = 0;
    }
    int slot = run->slot;
    memset(run, 0, sizeof *run);
    run->first_pick = TW_NW_NO_CARD;
    run->named_suit = TW_NW_NO_CARD;
    nw_emit(events, TW_NW_EV_ABILITY_END, TW_NW_NO_CARD, 0, 0, (uint8_t)slot, 0, 0);
    nw_after_ability(s, events);
}

/* Loads the slot's character program and runs it. */
void nw_ability_start(tw_nw_state *s, int slot, tw_nw_events *events)
{
    const tw_nw_character *ch = tw_nw_slot_character(s, slot);
    tw_nw_run *run = &s->run;
    memset(run, 0, sizeof *run);
    run->active = 1;
    run->slot = (uint8_t)slot;
    run->len = ch->nsteps;
    run->first_pick = TW_NW_NO_CARD;
    run->named_suit = TW_NW_NO_CARD;
    memcpy(run->program, ch->steps, (size_t)ch->nsteps * sizeof ch->steps[0]);
    run_forward(s, events);
}

/* Applies the player's choice and continues the program. */
void nw_ability_choose(tw_nw_state *s, int value, tw_nw_events *events)
{
    const tw_nw_step st = s->run.program[s->run.pc];
    s->run.choice = TW_NW_CHOICE_NONE;
    step_choose(s, &st, value, events);
    run_forward(s, events);
}
