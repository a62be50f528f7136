/* The ability interpreter: runs a character's effect steps one at a time,
 * stopping whenever the player must choose (a card, a suit, a fief, an
 * ally, or whether to go on).
 *
 * Rulings (DATA.md): an ability does as much as it can and must be carried
 * out when it can; when several cards move together the player picks their
 * order, one card at a time, and the last one picked ends on top. A choice
 * with a single candidate is made automatically. */
#include <stddef.h>
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

/* Hand cards with the lowest value held. */
static uint32_t lowest_cards(uint32_t hand)
{
    for (int value = 1; value <= TW_NW_VALUES; value++) {
        uint32_t mask = 0x01010101u << (value - 1);
        if (hand & mask)
            return hand & mask;
    }
    return 0;
}

/* Hand cards of the values in a mask (bit v-1 for value v). */
static uint32_t cards_of_values(uint32_t hand, int values)
{
    uint32_t mask = 0;
    for (int value = 1; value <= TW_NW_VALUES; value++)
        if (values & (1 << (value - 1)))
            mask |= 0x01010101u << (value - 1);
    return hand & mask;
}

/* Hand cards that share their value with another hand card. */
static uint32_t duplicate_cards(uint32_t hand)
{
    uint32_t result = 0;
    for (int value = 1; value <= TW_NW_VALUES; value++) {
        uint32_t same = hand & (0x01010101u << (value - 1));
        if (same & (same - 1))
            result |= same;
    }
    return result;
}

/* Whether some of the cards in set have values adding up to sum. */
static int subset_sums_to(uint32_t set, int sum)
{
    uint64_t reach = 1; /* bit t: a subset adds up to t */
    for (; set; set &= set - 1)
        reach |= reach << TW_NW_VALUE(nw_lowest(set));
    return sum >= 0 && sum < 64 && ((reach >> sum) & 1);
}

/* Hand cards that can be the next card of a set adding up to sum. */
static uint32_t sum_candidates(uint32_t hand, int sum)
{
    uint32_t result = 0;
    for (uint32_t rest = hand; rest; rest &= rest - 1) {
        int card = nw_lowest(rest);
        int value = TW_NW_VALUE(card);
        if (value <= sum && subset_sums_to(hand & ~(1u << card), sum - value))
            result |= 1u << card;
    }
    return result;
}

/* The nearest unvisited fief on each side of the visited one. */
static uint32_t move_visit_candidates(const tw_nw_state *s)
{
    uint32_t result = 0;
    int v = s->visiting;
    for (int f = v + 1; f < TW_NW_FIEFS; f++)
        if (s->fiefs[f].status == TW_NW_FIEF_NEUTRAL) {
            result |= 1u << f;
            break;
        }
    for (int f = v - 1; f >= 0; f--)
        if (s->fiefs[f].status == TW_NW_FIEF_NEUTRAL) {
            result |= 1u << f;
            break;
        }
    return result;
}

/* Exhausted ally slots other than the one whose ability runs. */
static uint32_t other_exhausted_slots(const tw_nw_state *s)
{
    uint32_t result = 0;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        if (slot != s->run.slot && s->slots[slot].exhausted)
            result |= 1u << slot;
    return result;
}

/* Hand cards of the same value as the top card of a pile. */
static uint32_t same_value_as_top(const tw_nw_state *s, int pile)
{
    int top = tw_nw_pile_top(s, pile);
    if (top == TW_NW_NO_CARD)
        return 0;
    return s->hand & (0x01010101u << (TW_NW_VALUE(top) - 1));
}

/* Draws one card for a draw-until step; returns 1 when the step goes on
 * (the card was not of the suit and the deck still holds cards). */
static int draw_until_once(tw_nw_state *s, int suit_ref, tw_nw_events *events)
{
    int card = nw_move_top(s, TW_NW_PILE_DECK, TW_NW_PILE_HAND, events);
    if (card == TW_NW_NO_CARD)
        return 0;
    return TW_NW_SUIT(card) != resolve_suit(s, suit_ref) && s->deck_n > 0;
}

/* Takes every deck card of a value into the hand (in deck order, from the
 * top), then shuffles the deck; the player no longer knows any deck card. */
static void search_deck(tw_nw_state *s, int value, tw_nw_events *events)
{
    int kept = 0;
    uint8_t taken[TW_NW_CARDS];
    int ntaken = 0;
    for (int i = 0; i < s->deck_n; i++) {
        if (TW_NW_VALUE(s->deck[i]) == value)
            taken[ntaken++] = s->deck[i];
        else
            s->deck[kept++] = s->deck[i];
    }
    s->deck_n = (uint8_t)kept;
    for (int i = ntaken - 1; i >= 0; i--) {
        s->hand |= 1u << taken[i];
        nw_emit(events, TW_NW_EV_MOVE, taken[i], TW_NW_PILE_DECK, TW_NW_PILE_HAND, 0, 0, 0);
    }
    tw_rng_shuffle_u8(&s->rng, s->deck, (size_t)s->deck_n);
    s->deck_known = 0;
    nw_emit(events, TW_NW_EV_SHUFFLE, TW_NW_NO_CARD, 0, 0, 0, 0, 0);
}

/* Moves the steps after the current one into the delayed trigger: they run
 * right after the next response. */
static void arm_trigger(tw_nw_state *s, tw_nw_events *events)
{
    tw_nw_run *run = &s->run;
    tw_nw_trigger *t = &s->trigger;
    int from = run->pc + 1;
    t->active = 1;
    t->slot = run->slot;
    t->len = (uint8_t)(run->len - from);
    memcpy(t->steps, &run->program[from], (size_t)t->len * sizeof t->steps[0]);
    run->len = (uint8_t)from;
    nw_emit(events, TW_NW_EV_TRIGGER, TW_NW_NO_CARD, 0, 0, run->slot, 0, 0);
}

/* Unvisited fiefs within distance of the visited one. */
static uint32_t swap_candidates(const tw_nw_state *s, int distance)
{
    uint32_t result = 0;
    int v = s->visiting;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        int d = f > v ? f - v : v - f;
        /* & rather than &&: one bit computed per fief, no branch on the statuses */
        uint32_t fits = (uint32_t)((f != v) & (d <= distance) & (s->fiefs[f].status == TW_NW_FIEF_NEUTRAL) &
                                   (s->fiefs[f].ruler_present != 0));
        result |= fits << f;
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

/* The step functions below take the step by value: four bytes that stay
 * in a register, where a pointer to a copy on the stack made every step
 * wait on a store and a load. */

/* Sets up the current step when it starts. Steps without choices do all
 * their work here. Returns 1 when the program counter was rewritten (copy)
 * and the loop must start over without advancing. */
static int step_begin(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    tw_nw_run *run = &s->run;
    run->step_started = 1;
    run->pending = 0;
    run->left = 0;
    run->first_pick = TW_NW_NO_CARD;
    switch (st.op) {
    case TW_NW_OP_MOVE_TOP: {
        int moved = 0;
        for (int i = 0; i < st.c; i++) {
            int card = nw_move_top(s, st.a, st.b, events);
            if (card == TW_NW_NO_CARD)
                break;
            moved += TW_NW_VALUE(card);
        }
        run->memo = (uint8_t)moved;
        break;
    }
    case TW_NW_OP_DRAW_UP_TO:
        while (nw_count(s->hand) < st.c && s->deck_n > 0)
            nw_move_top(s, TW_NW_PILE_DECK, TW_NW_PILE_HAND, events);
        break;
    case TW_NW_OP_CHOOSE_MOVE: {
        int held = nw_count(s->hand);
        run->left = (uint8_t)(st.c < held ? st.c : held);
        break;
    }
    case TW_NW_OP_MOVE_SUIT: {
        int suit = resolve_suit(s, st.a);
        run->pending = suit < 0 ? 0 : s->hand & (0xFFu << (suit * 8));
        break;
    }
    case TW_NW_OP_MOVE_HIGHEST:
        run->pending = highest_cards(s->hand);
        break;
    case TW_NW_OP_MOVE_PAIR_SUM:
        run->left = pair_candidates(s->hand, st.c) ? 2 : 0;
        break;
    case TW_NW_OP_NAME_SUIT:
        run->left = 1;
        break;
    case TW_NW_OP_PEEK:
        for (int i = 0; i < st.c && i < s->deck_n; i++) {
            int pos = s->deck_n - 1 - i;
            s->deck_known |= 1u << pos;
            nw_emit(events, TW_NW_EV_PEEK, s->deck[pos], 0, 0, (uint8_t)i, 0, 0);
        }
        break;
    case TW_NW_OP_EXCHANGE_TOP:
        run->left = (s->deck_n > 0 && s->hand) ? 1 : 0;
        break;
    case TW_NW_OP_SWAP_RULER:
        run->pending = swap_candidates(s, st.c);
        run->left = run->pending ? 1 : 0;
        break;
    case TW_NW_OP_COPY_RULER:
        splice_copy(s);
        return run->step_started == 0;
    case TW_NW_OP_DRAW_UNTIL_SUIT:
        run->left = (uint8_t)draw_until_once(s, st.a, events);
        break;
    case TW_NW_OP_MOVE_LOWEST:
        run->memo = 0;
        run->left = s->hand ? 1 : 0;
        break;
    case TW_NW_OP_DRAW_VALUE:
        for (int i = 0; i < run->memo; i++)
            if (nw_move_top(s, TW_NW_PILE_DECK, TW_NW_PILE_HAND, events) == TW_NW_NO_CARD)
                break;
        break;
    case TW_NW_OP_SEARCH_VALUE:
        run->left = s->hand ? 1 : 0;
        break;
    case TW_NW_OP_MOVE_HAND_COUNT_VALUE: {
        int held = nw_count(s->hand);
        run->pending = held >= 1 && held <= TW_NW_VALUES ? cards_of_values(s->hand, 1 << (held - 1)) : 0;
        run->left = run->pending ? 1 : 0;
        break;
    }
    case TW_NW_OP_MOVE_VALUES:
        run->pending = cards_of_values(s->hand, st.a);
        break;
    case TW_NW_OP_REPEAT:
        run->repeat_left = (uint8_t)nw_count(other_exhausted_slots(s));
        run->repeat_start = (uint8_t)(run->pc + 1);
        run->repeat_end = (uint8_t)(run->pc + 1 + st.c);
        break;
    case TW_NW_OP_MOVE_SUM:
        run->left = run->memo > 0 && subset_sums_to(s->hand, run->memo) ? 1 : 0;
        break;
    case TW_NW_OP_AFTER_RESPONSE:
        arm_trigger(s, events);
        break;
    case TW_NW_OP_SKIP_IF:
        if ((run->memo & 1) == st.a) {
            int to = run->pc + st.c;
            run->pc = (uint8_t)(to < run->len ? to : run->len - 1);
        }
        break;
    case TW_NW_OP_MOVE_VISIT:
        run->pending = move_visit_candidates(s);
        run->left = run->pending ? 1 : 0;
        break;
    case TW_NW_OP_READY_ALLY:
        run->pending = other_exhausted_slots(s);
        run->left = run->pending ? 1 : 0;
        break;
    case TW_NW_OP_SWAP_TOP:
        run->pending = same_value_as_top(s, st.a);
        run->left = run->pending ? 1 : 0;
        break;
    default:
        break;
    }
    return 0;
}

/* Decides whether the current step needs a choice now; fills the choice
 * and the candidates. Returns STEP_DONE when the step has finished. */
static int step_needs(tw_nw_state *s, tw_nw_step st)
{
    tw_nw_run *run = &s->run;
    switch (st.op) {
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
        run->pending = run->first_pick == TW_NW_NO_CARD ? pair_candidates(s->hand, st.c)
                                                        : pair_partners(s->hand, run->first_pick, st.c);
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
    case TW_NW_OP_MOVE_VISIT:
        if (run->left == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_FIEF;
        return STEP_WAIT;
    case TW_NW_OP_DRAW_UNTIL_SUIT:
        if (run->left == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CONTINUE;
        run->pending = 0;
        run->may_pass = 1;
        return STEP_WAIT;
    case TW_NW_OP_MOVE_LOWEST:
        if (run->left == 0 || s->hand == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        run->pending = lowest_cards(s->hand);
        return STEP_WAIT;
    case TW_NW_OP_SEARCH_VALUE:
        if (run->left == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        run->pending = s->hand;
        return STEP_WAIT;
    case TW_NW_OP_MOVE_DUPLICATES:
        run->pending = duplicate_cards(s->hand);
        if (run->pending == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        return STEP_WAIT;
    case TW_NW_OP_MOVE_HAND_COUNT_VALUE:
    case TW_NW_OP_MOVE_VALUES:
        if (run->pending == 0 || (st.op == TW_NW_OP_MOVE_HAND_COUNT_VALUE && run->left == 0))
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        return STEP_WAIT;
    case TW_NW_OP_MOVE_SUM:
        if (run->left == 0 || run->memo == 0)
            return STEP_DONE;
        run->pending = sum_candidates(s->hand, run->memo);
        if (run->pending == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        return STEP_WAIT;
    case TW_NW_OP_READY_ALLY:
        if (run->left == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_SLOT;
        return STEP_WAIT;
    case TW_NW_OP_SWAP_TOP:
        if (run->left == 0)
            return STEP_DONE;
        run->choice = TW_NW_CHOICE_CARD;
        run->may_pass = 1;
        return STEP_WAIT;
    default:
        return STEP_DONE;
    }
}

/* Carries out one choice for the current step. */
static void step_choose(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    tw_nw_run *run = &s->run;
    switch (st.op) {
    case TW_NW_OP_CHOOSE_MOVE:
        nw_move_from_hand(s, value, st.b, events);
        run->left--;
        break;
    case TW_NW_OP_MOVE_SUIT:
    case TW_NW_OP_MOVE_HIGHEST:
        nw_move_from_hand(s, value, st.b, events);
        run->pending &= ~(1u << value);
        break;
    case TW_NW_OP_MOVE_PAIR_SUM:
        nw_move_from_hand(s, value, st.b, events);
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
    case TW_NW_OP_DRAW_UNTIL_SUIT:
        /* value: 1 go on, 0 pass */
        run->left = value ? (uint8_t)draw_until_once(s, st.a, events) : 0;
        break;
    case TW_NW_OP_MOVE_LOWEST:
        nw_move_from_hand(s, value, st.b, events);
        run->memo = (uint8_t)TW_NW_VALUE(value);
        run->left = 0;
        break;
    case TW_NW_OP_SEARCH_VALUE:
        search_deck(s, TW_NW_VALUE(value), events);
        run->left = 0;
        break;
    case TW_NW_OP_MOVE_DUPLICATES:
        nw_move_from_hand(s, value, st.b, events);
        break;
    case TW_NW_OP_MOVE_HAND_COUNT_VALUE:
        nw_move_from_hand(s, value, st.b, events);
        run->left = 0;
        run->pending = 0;
        break;
    case TW_NW_OP_MOVE_VALUES:
        nw_move_from_hand(s, value, st.b, events);
        run->pending &= ~(1u << value);
        break;
    case TW_NW_OP_MOVE_SUM:
        nw_move_from_hand(s, value, st.b, events);
        run->memo = (uint8_t)(run->memo - TW_NW_VALUE(value));
        break;
    case TW_NW_OP_MOVE_VISIT: {
        int from = s->visiting;
        s->visiting = (int8_t)value;
        nw_emit(events, TW_NW_EV_VISIT_MOVE, TW_NW_NO_CARD, 0, 0, (uint8_t)from, (uint8_t)value, 0);
        run->left = 0;
        break;
    }
    case TW_NW_OP_READY_ALLY:
        s->slots[value].exhausted = 0;
        nw_emit(events, TW_NW_EV_READY, TW_NW_NO_CARD, 0, 0, (uint8_t)value, 0, 0);
        run->left = 0;
        break;
    case TW_NW_OP_SWAP_TOP:
        /* value: a hand card, or TW_NW_NO_CARD to pass */
        if (value != TW_NW_NO_CARD) {
            nw_move_top(s, st.a, TW_NW_PILE_HAND, events);
            nw_move_from_hand(s, value, st.a, events);
        }
        run->left = 0;
        break;
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
            if (step_begin(s, st, events))
                continue; /* a copy rewrote the program */
        }
        run->may_pass = 0;
        if (step_needs(s, st) == STEP_WAIT) {
            if (run->choice != TW_NW_CHOICE_SUIT && !run->may_pass && nw_single(run->pending)) {
                step_choose(s, st, nw_lowest(run->pending), events);
                continue;
            }
            s->phase = TW_NW_PHASE_ABILITY;
            return;
        }
        run->pc++;
        if (run->repeat_left && run->pc == run->repeat_end) {
            run->pc = run->repeat_start;
            run->repeat_left--;
        }
        run->step_started = 0;
        run->choice = TW_NW_CHOICE_NONE;
        run->pending = 0;
    }
    int slot = run->slot;
    int triggered = run->triggered;
    nw_run_clear(run);
    nw_emit(events, TW_NW_EV_ABILITY_END, TW_NW_NO_CARD, 0, 0, (uint8_t)slot, 0, 0);
    if (triggered)
        nw_after_trigger(s, events);
    else
        nw_after_ability(s, events);
}

/* Empties the interpreter (no ability running). Cleared in two parts,
 * the fields and the program: the compiler writes each with a few wide
 * stores, where one memset of the whole became a slow string store. */
void nw_run_clear(tw_nw_run *run)
{
    memset(run, 0, offsetof(tw_nw_run, program));
    memset(run->program, 0, sizeof run->program);
    run->first_pick = TW_NW_NO_CARD;
    run->named_suit = TW_NW_NO_CARD;
}

/* Loads the slot's character program and runs it. */
void nw_ability_start(tw_nw_state *s, int slot, tw_nw_events *events)
{
    const tw_nw_character *ch = tw_nw_slot_character(s, slot);
    tw_nw_run *run = &s->run;
    nw_run_clear(run);
    run->active = 1;
    run->slot = (uint8_t)slot;
    run->len = ch->nsteps;
    /* the character's steps in eight fixed places, the ones past its
     * length left empty: eight small stores that the first step's read
     * takes straight from, where a copy of the length became a string
     * move that the read had to wait for */
    const tw_nw_step none = {0, 0, 0, 0};
    for (int i = 0; i < TW_NW_MAX_STEPS; i++)
        run->program[i] = i < ch->nsteps ? ch->steps[i] : none;
    run_forward(s, events);
}

/* Fires the armed delayed trigger right after a response: its steps run
 * with the response card's value remembered. */
void nw_trigger_fire(tw_nw_state *s, int response, tw_nw_events *events)
{
    tw_nw_trigger *t = &s->trigger;
    tw_nw_run *run = &s->run;
    nw_run_clear(run);
    run->active = 1;
    run->triggered = 1;
    run->slot = t->slot;
    run->len = t->len;
    run->memo = (uint8_t)TW_NW_VALUE(response);
    memcpy(run->program, t->steps, (size_t)t->len * sizeof t->steps[0]);
    nw_emit(events, TW_NW_EV_TRIGGER, TW_NW_NO_CARD, 0, 0, t->slot, 1, 0);
    memset(t, 0, sizeof *t);
    run_forward(s, events);
}

/* Applies the player's choice and continues the program. */
void nw_ability_choose(tw_nw_state *s, int value, tw_nw_events *events)
{
    const tw_nw_step st = s->run.program[s->run.pc];
    s->run.choice = TW_NW_CHOICE_NONE;
    step_choose(s, st, value, events);
    run_forward(s, events);
}
