/* The ability interpreter: runs a character's effect steps one at a time,
 * stopping whenever the player must choose (a card, a suit, a fief, an
 * ally, or whether to go on).
 *
 * Rulings (DATA.md): an ability does as much as it can and must be carried
 * out when it can; when several cards move together the player picks their
 * order, one card at a time, and the last one picked ends on top. A choice
 * with a single candidate is made automatically.
 *
 * The file ends with the table of step kinds (tw_nw_step_kinds, one row
 * per operation: its name and fields in files, its choice, its traits and
 * its run functions, which are the functions above it). */
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

static _Thread_local nw_shuffle_hook shuffle_hook; /* see nw_set_shuffle_hook */
static _Thread_local void *shuffle_ctx;

/* Sets (or with NULL clears) the calling thread's shuffle hook; see
 * nw_internal.h. */
void nw_set_shuffle_hook(nw_shuffle_hook hook, void *ctx)
{
    shuffle_hook = hook;
    shuffle_ctx = ctx;
}

/* Takes every deck card of a value into the hand, its moves in card order
 * (suit, then value), then shuffles the deck; the player no longer knows
 * any deck card. */
static void search_deck(tw_nw_state *s, int value, tw_nw_events *events)
{
    int kept = 0;
    uint32_t taken = 0;
    for (int i = 0; i < s->deck_n; i++) {
        if (TW_NW_VALUE(s->deck[i]) == value)
            taken |= 1u << s->deck[i];
        else
            s->deck[kept++] = s->deck[i];
    }
    s->deck_n = (uint8_t)kept;
    s->hand |= taken;
    /* The moves in card order, as docs/formats.md says: the order the cards
     * lay in the deck is not told (the deck is shuffled right after). */
    for (int card = 0; card < TW_NW_CARDS; card++)
        if (taken & (1u << card))
            nw_emit(events, TW_NW_EV_MOVE, (uint8_t)card, TW_NW_PILE_DECK, TW_NW_PILE_HAND, 0, 0, 0);
    if (shuffle_hook)
        shuffle_hook(s, nw_count(taken), shuffle_ctx);
    else
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
        if (tw_nw_step_has(ch->steps[i].op, TW_NW_STEP_COPIES))
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

/* ---- Step kinds ---------------------------------------------------------
 *
 * The run functions of each kind, then the table of kinds. The functions
 * take the step by value: four bytes that stay in a register, where a
 * pointer to a copy on the stack made every step wait on a store and a
 * load. A begin function runs once the interpreter has reset pending,
 * left and first_pick; a needs function fills run.pending when it waits
 * (the interpreter sets run.choice and run.may_pass from the row). */

/* Begins a step that does nothing when it starts. */
static int begin_nothing(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)s, (void)st, (void)events;
    return 0;
}

/* The needs of a step that never waits for a choice. */
static int needs_never(tw_nw_state *s, tw_nw_step st)
{
    (void)s, (void)st;
    return STEP_DONE;
}

/* The choice of a step that never waits for one. */
static void choose_never(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    (void)s, (void)st, (void)value, (void)events;
}

/* Waits while the step has a choice left (run.left), its candidates set
 * when it began. */
static int needs_left(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    return s->run.left == 0 ? STEP_DONE : STEP_WAIT;
}

/* Waits while cards set when the step began are still to move. */
static int needs_pending(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    return s->run.pending == 0 ? STEP_DONE : STEP_WAIT;
}

/* Waits while the step has a choice left, any hand card a candidate. */
static int needs_left_any_card(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    if (s->run.left == 0)
        return STEP_DONE;
    s->run.pending = s->hand;
    return STEP_WAIT;
}

/* Moves the picked hand card to pile b: one of the cards that all move. */
static void choose_pending_card(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    nw_move_from_hand(s, value, st.b, events);
    s->run.pending &= ~(1u << value);
}

/* Sets the candidates of a one-choice step as it begins: the choice is
 * left only when there is one. */
static int offer(tw_nw_state *s, uint32_t candidates)
{
    s->run.pending = candidates;
    s->run.left = candidates ? 1 : 0;
    return 0;
}

/* move_top: moves c top cards of pile a onto pile b, one at a time;
 * remembers the value moved. */
static int begin_move_top(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    int moved = 0;
    for (int i = 0; i < st.c; i++) {
        int card = nw_move_top(s, st.a, st.b, events);
        if (card == TW_NW_NO_CARD)
            break;
        moved += TW_NW_VALUE(card);
    }
    s->run.memo = (uint8_t)moved;
    return 0;
}

/* draw_up_to: draws until the hand holds c cards. */
static int begin_draw_up_to(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    while (nw_count(s->hand) < st.c && s->deck_n > 0)
        nw_move_top(s, TW_NW_PILE_DECK, TW_NW_PILE_HAND, events);
    return 0;
}

/* choose_move: c picks (fewer when the hand holds fewer). */
static int begin_choose_move(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)events;
    int held = nw_count(s->hand);
    s->run.left = (uint8_t)(st.c < held ? st.c : held);
    return 0;
}

/* choose_move: waits while picks are left, any hand card a candidate. */
static int needs_choose_move(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    if (s->run.left == 0 || s->hand == 0)
        return STEP_DONE;
    s->run.pending = s->hand;
    return STEP_WAIT;
}

/* choose_move: moves the picked card to pile b. */
static void choose_choose_move(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    nw_move_from_hand(s, value, st.b, events);
    s->run.left--;
}

/* move_suit: every hand card of the suit reference a. */
static int begin_move_suit(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)events;
    int suit = resolve_suit(s, st.a);
    s->run.pending = suit < 0 ? 0 : s->hand & (0xFFu << (suit * 8));
    return 0;
}

/* move_highest: every hand card of the highest value held. */
static int begin_move_highest(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    s->run.pending = highest_cards(s->hand);
    return 0;
}

/* move_pair_sum: two picks when some pair adds up to c. */
static int begin_move_pair_sum(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)events;
    s->run.left = pair_candidates(s->hand, st.c) ? 2 : 0;
    return 0;
}

/* move_pair_sum: the first card of a pair, then its partners. */
static int needs_move_pair_sum(tw_nw_state *s, tw_nw_step st)
{
    tw_nw_run *run = &s->run;
    if (run->left == 0)
        return STEP_DONE;
    run->pending = run->first_pick == TW_NW_NO_CARD ? pair_candidates(s->hand, st.c)
                                                    : pair_partners(s->hand, run->first_pick, st.c);
    return STEP_WAIT;
}

/* move_pair_sum: moves the picked card to pile b. */
static void choose_move_pair_sum(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    tw_nw_run *run = &s->run;
    nw_move_from_hand(s, value, st.b, events);
    if (run->first_pick == TW_NW_NO_CARD)
        run->first_pick = (uint8_t)value;
    run->left--;
}

/* name_suit: one choice. */
static int begin_name_suit(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    s->run.left = 1;
    return 0;
}

/* name_suit: any of the four suits. */
static int needs_name_suit(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    if (s->run.left == 0)
        return STEP_DONE;
    s->run.pending = 0xFu;
    return STEP_WAIT;
}

/* name_suit: remembers the suit named. */
static void choose_name_suit(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    (void)st;
    s->run.named_suit = (uint8_t)value;
    nw_emit(events, TW_NW_EV_NAME_SUIT, TW_NW_NO_CARD, 0, 0, (uint8_t)value, 0, 0);
    s->run.left = 0;
}

/* peek: the player now knows the c top cards of the deck. */
static int begin_peek(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    for (int i = 0; i < st.c && i < s->deck_n; i++) {
        int pos = s->deck_n - 1 - i;
        s->deck_known |= 1u << pos;
        nw_emit(events, TW_NW_EV_PEEK, s->deck[pos], 0, 0, (uint8_t)i, 0, 0);
    }
    return 0;
}

/* exchange_top: one choice when both the deck and the hand hold cards. */
static int begin_exchange_top(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    s->run.left = (s->deck_n > 0 && s->hand) ? 1 : 0;
    return 0;
}

/* exchange_top: takes the deck's top card, puts the picked card there. */
static void choose_exchange_top(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    (void)st;
    nw_move_top(s, TW_NW_PILE_DECK, TW_NW_PILE_HAND, events);
    nw_move_from_hand(s, value, TW_NW_PILE_DECK, events);
    s->run.left = 0;
}

/* swap_ruler: the unvisited fiefs within distance c. */
static int begin_swap_ruler(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)events;
    return offer(s, swap_candidates(s, st.c));
}

/* swap_ruler: swaps the visited ruler with the picked fief's. */
static void choose_swap_ruler(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    (void)st;
    int v = s->visiting;
    tw_nw_character tmp = s->fiefs[v].ruler;
    s->fiefs[v].ruler = s->fiefs[value].ruler;
    s->fiefs[value].ruler = tmp;
    nw_emit(events, TW_NW_EV_RULER_SWAP, TW_NW_NO_CARD, 0, 0, (uint8_t)v, (uint8_t)value, 0);
    s->run.left = 0;
}

/* copy_ruler: puts the visited ruler's steps in its place; the loop
 * starts over on them. */
static int begin_copy_ruler(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    splice_copy(s);
    return s->run.step_started == 0;
}

/* draw_until_suit: draws the first card. */
static int begin_draw_until_suit(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    s->run.left = (uint8_t)draw_until_once(s, st.a, events);
    return 0;
}

/* draw_until_suit: go on or pass, nothing to pick. */
static int needs_draw_until_suit(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    if (s->run.left == 0)
        return STEP_DONE;
    s->run.pending = 0;
    return STEP_WAIT;
}

/* draw_until_suit: value 1 goes on, 0 passes. */
static void choose_draw_until_suit(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    s->run.left = value ? (uint8_t)draw_until_once(s, st.a, events) : 0;
}

/* move_lowest: one pick when the hand holds cards; forgets the value. */
static int begin_move_lowest(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    s->run.memo = 0;
    s->run.left = s->hand ? 1 : 0;
    return 0;
}

/* move_lowest: the cards of the lowest value held. */
static int needs_move_lowest(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    if (s->run.left == 0 || s->hand == 0)
        return STEP_DONE;
    s->run.pending = lowest_cards(s->hand);
    return STEP_WAIT;
}

/* move_lowest: moves the picked card to pile b, remembers its value. */
static void choose_move_lowest(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    nw_move_from_hand(s, value, st.b, events);
    s->run.memo = (uint8_t)TW_NW_VALUE(value);
    s->run.left = 0;
}

/* draw_value: draws as many cards as the remembered value. */
static int begin_draw_value(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st;
    for (int i = 0; i < s->run.memo; i++)
        if (nw_move_top(s, TW_NW_PILE_DECK, TW_NW_PILE_HAND, events) == TW_NW_NO_CARD)
            break;
    return 0;
}

/* search_value: one pick when the hand holds cards. */
static int begin_search_value(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    s->run.left = s->hand ? 1 : 0;
    return 0;
}

/* search_value: takes every deck card of the picked card's value. */
static void choose_search_value(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    (void)st;
    search_deck(s, TW_NW_VALUE(value), events);
    s->run.left = 0;
}

/* move_duplicates: waits while two hand cards share a value. */
static int needs_move_duplicates(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    s->run.pending = duplicate_cards(s->hand);
    return s->run.pending == 0 ? STEP_DONE : STEP_WAIT;
}

/* Moves the picked hand card to pile b (move_duplicates). */
static void choose_to_pile(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    nw_move_from_hand(s, value, st.b, events);
}

/* move_hand_count_value: the cards whose value is the number of cards
 * held now. */
static int begin_move_hand_count_value(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    int held = nw_count(s->hand);
    return offer(s, held >= 1 && held <= TW_NW_VALUES ? cards_of_values(s->hand, 1 << (held - 1)) : 0);
}

/* move_hand_count_value: one pick among the cards set at the start. */
static int needs_move_hand_count_value(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    return s->run.pending == 0 || s->run.left == 0 ? STEP_DONE : STEP_WAIT;
}

/* move_hand_count_value: moves the picked card to pile b; done. */
static void choose_move_hand_count_value(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    nw_move_from_hand(s, value, st.b, events);
    s->run.left = 0;
    s->run.pending = 0;
}

/* move_values: every hand card of the values in mask a. */
static int begin_move_values(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)events;
    s->run.pending = cards_of_values(s->hand, st.a);
    return 0;
}

/* repeat: the next c steps run once more for each other exhausted ally
 * (counted now). */
static int begin_repeat(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)events;
    tw_nw_run *run = &s->run;
    run->repeat_left = (uint8_t)nw_count(other_exhausted_slots(s));
    run->repeat_start = (uint8_t)(run->pc + 1);
    run->repeat_end = (uint8_t)(run->pc + 1 + st.c);
    return 0;
}

/* move_sum: picks when some hand cards add up to the remembered value. */
static int begin_move_sum(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    s->run.left = s->run.memo > 0 && subset_sums_to(s->hand, s->run.memo) ? 1 : 0;
    return 0;
}

/* move_sum: the cards that can still be part of the sum. */
static int needs_move_sum(tw_nw_state *s, tw_nw_step st)
{
    (void)st;
    tw_nw_run *run = &s->run;
    if (run->left == 0 || run->memo == 0)
        return STEP_DONE;
    run->pending = sum_candidates(s->hand, run->memo);
    return run->pending == 0 ? STEP_DONE : STEP_WAIT;
}

/* move_sum: moves the picked card to pile b; the sum left shrinks. */
static void choose_move_sum(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    nw_move_from_hand(s, value, st.b, events);
    s->run.memo = (uint8_t)(s->run.memo - TW_NW_VALUE(value));
}

/* after_response: the steps after this one wait for the next response. */
static int begin_after_response(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st;
    arm_trigger(s, events);
    return 0;
}

/* skip_if: skips the next c steps when the remembered value has parity a. */
static int begin_skip_if(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)events;
    tw_nw_run *run = &s->run;
    if ((run->memo & 1) == st.a) {
        int to = run->pc + st.c;
        run->pc = (uint8_t)(to < run->len ? to : run->len - 1);
    }
    return 0;
}

/* move_visit: the nearest unvisited fief on each side. */
static int begin_move_visit(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    return offer(s, move_visit_candidates(s));
}

/* move_visit: the picked fief is now the one visited. */
static void choose_move_visit(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    (void)st;
    int from = s->visiting;
    s->visiting = (int8_t)value;
    nw_emit(events, TW_NW_EV_VISIT_MOVE, TW_NW_NO_CARD, 0, 0, (uint8_t)from, (uint8_t)value, 0);
    s->run.left = 0;
}

/* ready_ally: the other exhausted allies. */
static int begin_ready_ally(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)st, (void)events;
    return offer(s, other_exhausted_slots(s));
}

/* ready_ally: the picked ally is ready again. */
static void choose_ready_ally(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    (void)st;
    s->slots[value].exhausted = 0;
    nw_emit(events, TW_NW_EV_READY, TW_NW_NO_CARD, 0, 0, (uint8_t)value, 0, 0);
    s->run.left = 0;
}

/* swap_top: the hand cards of the same value as pile a's top card. */
static int begin_swap_top(tw_nw_state *s, tw_nw_step st, tw_nw_events *events)
{
    (void)events;
    return offer(s, same_value_as_top(s, st.a));
}

/* swap_top: value a hand card to swap with pile a's top, or
 * TW_NW_NO_CARD to pass. */
static void choose_swap_top(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events)
{
    if (value != TW_NW_NO_CARD) {
        nw_move_top(s, st.a, TW_NW_PILE_HAND, events);
        nw_move_from_hand(s, value, st.a, events);
    }
    s->run.left = 0;
}

/* Piles a pile field may name (bit per tw_nw_pile). */
#define ANY_PILE 0xFu
#define NOT_HAND 0xEu
#define DISCARD_OR_SCORE 0xCu

/* Field shorthands for the rows: name in files, the byte (0 a, 1 b, 2 c),
 * then what the type needs. The last member, the values the engine can
 * run, follows from the type: the piles named, any of the six suit
 * references (the reader may take fewer), either parity. */
#define F_PILE(key, at, piles) {(key), (at), TW_NW_FIELD_PILE, (piles), 0, 0, 0, 0, (piles)}
#define F_SUIT(key, at, names) {(key), (at), TW_NW_FIELD_SUITREF, 0, 0, (names), 0, 0, 0x3Fu}
#define F_INT(key, at, lo, hi) {(key), (at), TW_NW_FIELD_INT, 0, (lo), (hi), 0, 0, 0}
#define F_INT_OR(key, at, lo, hi, fallback) {(key), (at), TW_NW_FIELD_INT, 0, (lo), (hi), 1, (fallback), 0}
#define F_VALUES(key, at) {(key), (at), TW_NW_FIELD_VALUES, 0, 0, 0, 0, 0, 0}
#define F_PARITY(key, at) {(key), (at), TW_NW_FIELD_PARITY, 0, 0, 0, 0, 0, 0x3u}
#define F_SPAN(key, at) {(key), (at), TW_NW_FIELD_SPAN, 0, 1, TW_NW_MAX_STEPS - 1, 0, 0, 0}

/* The step kinds, by operation (see tw_nw_step_kind). Fields are listed
 * in the order files write them. Adding a kind: an operation in
 * northwood.h, a row here and its run functions above (docs/architecture.md,
 * "Ability steps"). */
const tw_nw_step_kind tw_nw_step_kinds[TW_NW_OP_LAST + 1] = {
    [0] = {NULL, {{0}}, TW_NW_CHOICE_NONE, TW_NW_MOVES_NONE, 0, 0, begin_nothing, needs_never, choose_never},
    [TW_NW_OP_MOVE_TOP] = {"move_top", {F_PILE("from", 0, NOT_HAND), F_PILE("to", 1, ANY_PILE),
                                        F_INT_OR("count", 2, 1, 32, 1)},
                           TW_NW_CHOICE_NONE, TW_NW_MOVES_TOP, TW_NW_UPTO_C, TW_NW_STEP_DISTINCT | TW_NW_STEP_EXACT,
                           begin_move_top, needs_never, choose_never},
    [TW_NW_OP_DRAW_UP_TO] = {"draw_up_to", {F_INT("count", 2, 1, 32)}, TW_NW_CHOICE_NONE, TW_NW_MOVES_DRAW,
                             TW_NW_UPTO_C, 0, begin_draw_up_to, needs_never, choose_never},
    [TW_NW_OP_CHOOSE_MOVE] = {"choose_move", {F_PILE("to", 1, NOT_HAND), F_INT("count", 2, 1, 32)},
                              TW_NW_CHOICE_CARD, TW_NW_MOVES_HAND, TW_NW_UPTO_C, TW_NW_STEP_PICKS_WHICH | TW_NW_STEP_EXACT,
                              begin_choose_move, needs_choose_move, choose_choose_move},
    [TW_NW_OP_MOVE_SUIT] = {"move_suit", {F_SUIT("suit", 0, 6), F_PILE("to", 1, NOT_HAND)}, TW_NW_CHOICE_CARD,
                            TW_NW_MOVES_HAND, TW_NW_VALUES, TW_NW_STEP_PICKS_ORDER, begin_move_suit,
                            needs_pending, choose_pending_card},
    [TW_NW_OP_MOVE_HIGHEST] = {"move_highest", {F_PILE("to", 1, NOT_HAND)}, TW_NW_CHOICE_CARD, TW_NW_MOVES_HAND,
                               TW_NW_SUITS, TW_NW_STEP_PICKS_ORDER | TW_NW_STEP_HIGHEST, begin_move_highest,
                               needs_pending, choose_pending_card},
    [TW_NW_OP_MOVE_PAIR_SUM] = {"move_pair_sum", {F_INT("sum", 2, 2, 16), F_PILE("to", 1, NOT_HAND)},
                                TW_NW_CHOICE_CARD, TW_NW_MOVES_HAND, 2, TW_NW_STEP_PICKS_WHICH,
                                begin_move_pair_sum, needs_move_pair_sum, choose_move_pair_sum},
    [TW_NW_OP_NAME_SUIT] = {"name_suit", {{0}}, TW_NW_CHOICE_SUIT, TW_NW_MOVES_NONE, 0, 0, begin_name_suit,
                            needs_name_suit, choose_name_suit},
    [TW_NW_OP_PEEK] = {"peek", {F_INT("count", 2, 1, 32)}, TW_NW_CHOICE_NONE, TW_NW_MOVES_NONE, 0, 0, begin_peek,
                       needs_never, choose_never},
    [TW_NW_OP_EXCHANGE_TOP] = {"exchange_top", {{0}}, TW_NW_CHOICE_CARD, TW_NW_MOVES_SWAP_DECK, 1, 0,
                               begin_exchange_top, needs_left_any_card, choose_exchange_top},
    [TW_NW_OP_SWAP_RULER] = {"swap_ruler", {F_INT("distance", 2, 1, 7)}, TW_NW_CHOICE_FIEF, TW_NW_MOVES_NONE, 0,
                             TW_NW_STEP_CHANGES_TRUMP, begin_swap_ruler, needs_left, choose_swap_ruler},
    [TW_NW_OP_COPY_RULER] = {"copy_ruler", {{0}}, TW_NW_CHOICE_NONE, TW_NW_MOVES_NONE, 0, TW_NW_STEP_COPIES,
                             begin_copy_ruler, needs_never, choose_never},
    [TW_NW_OP_DRAW_UNTIL_SUIT] = {"draw_until_suit", {F_SUIT("suit", 0, 5)}, TW_NW_CHOICE_CONTINUE,
                                  TW_NW_MOVES_DRAW, TW_NW_UPTO_DECK, TW_NW_STEP_MAY_PASS, begin_draw_until_suit,
                                  needs_draw_until_suit, choose_draw_until_suit},
    [TW_NW_OP_MOVE_LOWEST] = {"move_lowest", {F_PILE("to", 1, NOT_HAND)}, TW_NW_CHOICE_CARD, TW_NW_MOVES_HAND, 1,
                              TW_NW_STEP_PICKS_WHICH | TW_NW_STEP_EXACT, begin_move_lowest, needs_move_lowest,
                              choose_move_lowest},
    [TW_NW_OP_DRAW_VALUE] = {"draw_value", {{0}}, TW_NW_CHOICE_NONE, TW_NW_MOVES_DRAW, TW_NW_VALUES, 0,
                             begin_draw_value, needs_never, choose_never},
    /* a bound: the other cards of a value held come to the hand */
    [TW_NW_OP_SEARCH_VALUE] = {"search_value", {{0}}, TW_NW_CHOICE_CARD, TW_NW_MOVES_DRAW, TW_NW_SUITS - 1,
                               TW_NW_STEP_SHUFFLES, begin_search_value, needs_left_any_card, choose_search_value},
    [TW_NW_OP_MOVE_DUPLICATES] = {"move_duplicates", {F_PILE("to", 1, NOT_HAND)}, TW_NW_CHOICE_CARD,
                                  TW_NW_MOVES_HAND, TW_NW_CARDS, TW_NW_STEP_PICKS_WHICH, begin_nothing,
                                  needs_move_duplicates, choose_to_pile},
    [TW_NW_OP_MOVE_HAND_COUNT_VALUE] = {"move_hand_count_value", {F_PILE("to", 1, NOT_HAND)}, TW_NW_CHOICE_CARD,
                                        TW_NW_MOVES_HAND, 1, TW_NW_STEP_PICKS_WHICH, begin_move_hand_count_value,
                                        needs_move_hand_count_value, choose_move_hand_count_value},
    [TW_NW_OP_MOVE_VALUES] = {"move_values", {F_VALUES("values", 0), F_PILE("to", 1, NOT_HAND)},
                              TW_NW_CHOICE_CARD, TW_NW_MOVES_HAND, TW_NW_UPTO_VALUES, TW_NW_STEP_PICKS_ORDER,
                              begin_move_values, needs_pending, choose_pending_card},
    [TW_NW_OP_REPEAT] = {"repeat", {F_SPAN("body", 2)}, TW_NW_CHOICE_NONE, TW_NW_MOVES_NONE, 0,
                         TW_NW_STEP_REPEATS, begin_repeat, needs_never, choose_never},
    [TW_NW_OP_MOVE_SUM] = {"move_sum", {F_PILE("to", 1, NOT_HAND)}, TW_NW_CHOICE_CARD, TW_NW_MOVES_HAND,
                           TW_NW_CARDS, TW_NW_STEP_PICKS_WHICH, begin_move_sum, needs_move_sum, choose_move_sum},
    [TW_NW_OP_AFTER_RESPONSE] = {"after_response", {{0}}, TW_NW_CHOICE_NONE, TW_NW_MOVES_NONE, 0, 0,
                                 begin_after_response, needs_never, choose_never},
    [TW_NW_OP_SKIP_IF] = {"skip_if", {F_PARITY("when", 0), F_SPAN("count", 2)}, TW_NW_CHOICE_NONE,
                          TW_NW_MOVES_NONE, 0, 0, begin_skip_if, needs_never, choose_never},
    [TW_NW_OP_MOVE_VISIT] = {"move_visit", {{0}}, TW_NW_CHOICE_FIEF, TW_NW_MOVES_NONE, 0,
                             TW_NW_STEP_MOVES_VISIT | TW_NW_STEP_CHANGES_TRUMP, begin_move_visit, needs_left,
                             choose_move_visit},
    [TW_NW_OP_READY_ALLY] = {"ready_ally", {{0}}, TW_NW_CHOICE_SLOT, TW_NW_MOVES_NONE, 0, TW_NW_STEP_READIES,
                             begin_ready_ally, needs_left, choose_ready_ally},
    [TW_NW_OP_SWAP_TOP] = {"swap_top", {F_PILE("pile", 0, DISCARD_OR_SCORE)}, TW_NW_CHOICE_CARD,
                           TW_NW_MOVES_SWAP_PILE, 1, TW_NW_STEP_MAY_PASS, begin_swap_top, needs_left,
                           choose_swap_top},
};

/* The row that runs a step: an operation out of range runs as row 0 (it
 * does nothing), as a step with no kind did before the table. */
static inline const tw_nw_step_kind *run_kind(int op)
{
    return &tw_nw_step_kinds[op <= TW_NW_OP_LAST ? op : 0];
}

/* Runs steps until the program ends or a real choice is needed. */
static void run_forward(tw_nw_state *s, tw_nw_events *events)
{
    tw_nw_run *run = &s->run;
    while (run->pc < run->len) {
        const tw_nw_step st = run->program[run->pc];
        const tw_nw_step_kind *kind = run_kind(st.op);
        if (!run->step_started) {
            run->step_started = 1;
            run->pending = 0;
            run->left = 0;
            run->first_pick = TW_NW_NO_CARD;
            if (kind->begin(s, st, events))
                continue; /* a copy rewrote the program */
        }
        run->may_pass = 0;
        /* a step that never waits has finished once begun */
        if (kind->choice != TW_NW_CHOICE_NONE && kind->needs(s, st) == STEP_WAIT) {
            run->choice = kind->choice;
            run->may_pass = (kind->traits & TW_NW_STEP_MAY_PASS) != 0;
            if (run->choice != TW_NW_CHOICE_SUIT && !run->may_pass && nw_single(run->pending)) {
                kind->choose(s, st, nw_lowest(run->pending), events);
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
    run_kind(st.op)->choose(s, st, value, events);
    run_forward(s, events);
}
