/* The Fox in the Forest Duet game flow: setup, deals, tricks, abilities,
 * round ends, legal actions and apply. The path (token, forest tokens,
 * gems) is in fox_path.c. */
#include <string.h>

#include "fox_internal.h"

const uint8_t tw_fox_footprints[TW_FOX_RANKS] = {0, 3, 2, 1, 1, 2, 0, 2, 0, 3};

/* Footprints of one card. */
int tw_fox_card_footprints(int card)
{
    return tw_fox_footprints[TW_FOX_RANK(card) - 1];
}

/* ---- Queries ---------------------------------------------------------- */

int tw_fox_trump(const tw_fox_state *state)
{
    return state->decree < TW_FOX_CARDS ? TW_FOX_SUIT(state->decree) : -1;
}

int tw_fox_trick_seat(const tw_fox_state *state, int i)
{
    return i == 0 ? state->leader : 1 - state->leader;
}

/* Hand sizes follow from the trick count: Gifts and decree exchanges swap
 * one card for one, so a seat holds 11 minus its plays this round. This
 * also holds in a view, where the partner's hand is not visible. */
int tw_fox_hand_count(const tw_fox_state *state, int seat)
{
    int played = state->tricks_done;
    for (int i = 0; i < state->trick_n && i < 2; i++)
        if (tw_fox_trick_seat(state, i) == seat)
            played++;
    return played > TW_FOX_HAND_SIZE ? 0 : TW_FOX_HAND_SIZE - played;
}

int tw_fox_to_act(const tw_fox_state *state)
{
    switch (state->phase) {
    case TW_FOX_PHASE_GAME_OVER:
        return -1;
    case TW_FOX_PHASE_PLAY:
        return state->trick_n == 0 ? state->leader : 1 - state->leader;
    default:
        return state->actor;
    }
}

uint32_t tw_fox_playable(const tw_fox_state *state, int seat)
{
    uint32_t hand = state->hand[seat & 1];
    if (state->trick_n != 1)
        return hand;
    int led = state->trick[0];
    if (TW_FOX_RANK(led) == TW_FOX_ROYAL_HEIR)
        return hand;
    uint32_t follow = hand & TW_FOX_SUIT_MASK(TW_FOX_SUIT(led));
    return follow ? follow : hand;
}

int tw_fox_trick_winner(const tw_fox_state *state)
{
    if (state->trick_n < 2)
        return -1;
    int led = state->trick[0], fol = state->trick[1];
    int trump = tw_fox_trump(state);
    int led_trump = TW_FOX_SUIT(led) == trump, fol_trump = TW_FOX_SUIT(fol) == trump;
    int follower_wins;
    if (led_trump || fol_trump)
        follower_wins = fol_trump && (!led_trump || TW_FOX_RANK(fol) > TW_FOX_RANK(led));
    else
        follower_wins = TW_FOX_SUIT(fol) == TW_FOX_SUIT(led) && TW_FOX_RANK(fol) > TW_FOX_RANK(led);
    return follower_wins ? 1 - state->leader : state->leader;
}

int tw_fox_trick_steps(const tw_fox_state *state)
{
    int steps = 0;
    for (int i = 0; i < state->trick_n && i < 2; i++)
        if (!(state->ignore_mask & (1u << i)))
            steps += tw_fox_card_footprints(state->trick[i]);
    return steps;
}

/* Number of trick cards of a rank. */
static int trick_count_rank(const tw_fox_state *s, int rank)
{
    int n = 0;
    for (int i = 0; i < s->trick_n && i < 2; i++)
        if (TW_FOX_RANK(s->trick[i]) == rank)
            n++;
    return n;
}

int tw_fox_score(const tw_fox_state *state)
{
    const tw_fox_level_info *info = tw_fox_level(state->level);
    if (!tw_fox_is_won(state) || !info)
        return 0;
    int score = info->base_score;
    score += tw_fox_hand_count(state, 0) + tw_fox_hand_count(state, 1);
    if (state->round < TW_FOX_ROUNDS)
        score += 10;
    score += 3 * state->path.forest_left;
    return score;
}

/* ---- Card moves and deals --------------------------------------------- */

/* Moves a card from the hand of seat to the trick. */
static void to_trick(tw_fox_state *s, int seat, int card, tw_fox_events *events)
{
    s->hand[seat] &= ~(1u << card);
    s->known[seat] &= ~(1u << card);
    s->trick[s->trick_n++] = (uint8_t)card;
    fox_emit(events, TW_FOX_EV_MOVE, (uint8_t)card, FOX_HAND_ZONE(seat), TW_FOX_ZONE_TRICK, 0, 0, 0);
}

/* Gathers all 30 cards, shuffles and deals a round: 11 cards to each seat
 * one at a time starting with the non-dealer, 7 to the deck, then the next
 * card face up as the decree. */
static void deal_round(tw_fox_state *s, tw_fox_events *events)
{
    for (int c = 0; c < TW_FOX_CARDS; c++) {
        uint32_t bit = 1u << c;
        int from = -1;
        if (s->hand[0] & bit)
            from = TW_FOX_ZONE_HAND0;
        else if (s->hand[1] & bit)
            from = TW_FOX_ZONE_HAND1;
        else if (s->set_aside & bit)
            from = TW_FOX_ZONE_ASIDE;
        else if (s->decree == c)
            from = TW_FOX_ZONE_DECREE;
        if (from >= 0)
            fox_emit(events, TW_FOX_EV_MOVE, (uint8_t)c, (uint8_t)from, TW_FOX_ZONE_DECK, 0, 0, 0);
    }
    s->hand[0] = s->hand[1] = 0;
    s->set_aside = 0;
    s->deck = TW_FOX_ALL_CARDS;
    s->decree = TW_FOX_NO_CARD;
    s->trick_n = 0;
    s->trick[0] = s->trick[1] = TW_FOX_NO_CARD;
    s->known[0] = s->known[1] = 0;
    s->void_suits[0] = s->void_suits[1] = 0;
    s->tricks_done = 0;
    s->ignore_mask = 0;
    uint8_t order[TW_FOX_CARDS];
    for (int c = 0; c < TW_FOX_CARDS; c++)
        order[c] = (uint8_t)c;
    tw_rng_shuffle_u8(&s->rng, order, TW_FOX_CARDS);
    fox_emit(events, TW_FOX_EV_SHUFFLE, TW_FOX_NO_CARD, 0, 0, s->round, 0, 0);
    int first = 1 - s->dealer;
    for (int i = 0; i < 2 * TW_FOX_HAND_SIZE; i++) {
        int seat = i % 2 == 0 ? first : s->dealer;
        s->deck &= ~(1u << order[i]);
        s->hand[seat] |= 1u << order[i];
        fox_emit(events, TW_FOX_EV_MOVE, order[i], TW_FOX_ZONE_DECK, FOX_HAND_ZONE(seat), 0, 0, 0);
    }
    s->decree = order[2 * TW_FOX_HAND_SIZE];
    s->deck &= ~(1u << s->decree);
    fox_emit(events, TW_FOX_EV_MOVE, s->decree, TW_FOX_ZONE_DECK, TW_FOX_ZONE_DECREE, 0, 0, 0);
    s->leader = (uint8_t)first;
    s->phase = TW_FOX_PHASE_PLAY;
    fox_emit(events, TW_FOX_EV_ROUND_START, TW_FOX_NO_CARD, 0, 0, s->round, s->dealer, s->leader);
}

/* Creates a new game. */
tw_error tw_fox_new(tw_fox_state *state, const tw_fox_board *board, const tw_fox_config *config,
                    tw_fox_events *events)
{
    if (!state || !board || !config)
        return TW_ERR_ARG;
    const tw_fox_level_info *info = tw_fox_level(config->level);
    if (!info || config->dealer < 0 || config->dealer > 1)
        return TW_ERR_ARG;
    tw_fox_state s;
    memset(&s, 0, sizeof s);
    tw_rng_seed(&s.rng, config->seed);
    s.level = (uint8_t)config->level;
    s.round = 1;
    s.dealer = (uint8_t)config->dealer;
    s.gift_pick[0] = s.gift_pick[1] = TW_FOX_NO_CARD;
    s.decree = TW_FOX_NO_CARD;
    s.path.forest_left = s.path.forest_start = info->forest_tokens;
    int placed = 0;
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        if (board->squares[i] > TW_FOX_MAX_GEMS_PER_SLOT || board->diamonds[i] > TW_FOX_MAX_GEMS_PER_SLOT)
            return TW_ERR_ARG;
        s.path.gems[i] = (uint8_t)(board->squares[i] + (info->diamonds ? board->diamonds[i] : 0));
        s.path.plus[i] = board->plus[i] ? 1 : 0;
        placed += s.path.gems[i];
    }
    if (placed == 0)
        return TW_ERR_ARG;
    s.path.gems_placed = (uint8_t)placed;
    deal_round(&s, events);
    *state = s;
    return TW_OK;
}

/* ---- Legal actions ---------------------------------------------------- */

/* Whether an ignore mask is allowed: at most one card per Gazelle. */
static int ignore_allowed(const tw_fox_state *s, int mask)
{
    if (mask < 0 || mask > 3)
        return 0;
    return tw_popcount32((uint32_t)mask) <= trick_count_rank(s, TW_FOX_GAZELLE);
}

int tw_fox_is_legal(const tw_fox_state *state, tw_fox_action action)
{
    int kind = TW_FOX_ACTION_KIND(action);
    int arg = TW_FOX_ACTION_ARG(action);
    int seat = tw_fox_to_act(state);
    if (seat < 0)
        return 0;
    uint32_t bit = arg < TW_FOX_CARDS ? 1u << arg : 0;
    switch (state->phase) {
    case TW_FOX_PHASE_PLAY:
        return kind == TW_FOX_ACT_PLAY && (tw_fox_playable(state, seat) & bit);
    case TW_FOX_PHASE_FOX_TARGET:
        return kind == TW_FOX_ACT_FOX && arg <= 1;
    case TW_FOX_PHASE_FOX_EXCHANGE:
        if (kind == TW_FOX_ACT_KEEP)
            return arg == 0;
        return kind == TW_FOX_ACT_EXCHANGE && (state->hand[seat] & bit);
    case TW_FOX_PHASE_GIFT_FIRST:
    case TW_FOX_PHASE_GIFT_SECOND:
        return kind == TW_FOX_ACT_GIFT && (state->hand[seat] & bit);
    case TW_FOX_PHASE_IGNORE:
        return kind == TW_FOX_ACT_IGNORE && ignore_allowed(state, arg);
    case TW_FOX_PHASE_DIRECTION:
        return kind == TW_FOX_ACT_DIRECTION && arg <= 1;
    case TW_FOX_PHASE_FOREST:
        return kind == TW_FOX_ACT_FOREST && arg <= 1;
    default:
        return 0;
    }
}

/* Appends one action per card of a set, in card order. */
static int add_cards(tw_fox_action *out, int n, int kind, uint32_t set)
{
    while (set) {
        int card = tw_lowest_bit32(set);
        set &= set - 1;
        out[n++] = TW_FOX_ACTION(kind, card);
    }
    return n;
}

int tw_fox_legal_actions(const tw_fox_state *state, tw_fox_action *actions)
{
    int seat = tw_fox_to_act(state);
    int n = 0;
    if (seat < 0)
        return 0;
    switch (state->phase) {
    case TW_FOX_PHASE_PLAY:
        n = add_cards(actions, n, TW_FOX_ACT_PLAY, tw_fox_playable(state, seat));
        break;
    case TW_FOX_PHASE_FOX_TARGET:
        actions[n++] = TW_FOX_ACTION(TW_FOX_ACT_FOX, 0);
        actions[n++] = TW_FOX_ACTION(TW_FOX_ACT_FOX, 1);
        break;
    case TW_FOX_PHASE_FOX_EXCHANGE:
        actions[n++] = TW_FOX_ACTION(TW_FOX_ACT_KEEP, 0);
        n = add_cards(actions, n, TW_FOX_ACT_EXCHANGE, state->hand[seat]);
        break;
    case TW_FOX_PHASE_GIFT_FIRST:
    case TW_FOX_PHASE_GIFT_SECOND:
        n = add_cards(actions, n, TW_FOX_ACT_GIFT, state->hand[seat]);
        break;
    case TW_FOX_PHASE_IGNORE:
        for (int mask = 0; mask <= 3; mask++)
            if (ignore_allowed(state, mask))
                actions[n++] = TW_FOX_ACTION(TW_FOX_ACT_IGNORE, mask);
        break;
    case TW_FOX_PHASE_DIRECTION:
        actions[n++] = TW_FOX_ACTION(TW_FOX_ACT_DIRECTION, TW_FOX_TOWARD_WINNER);
        actions[n++] = TW_FOX_ACTION(TW_FOX_ACT_DIRECTION, TW_FOX_TOWARD_PARTNER);
        break;
    case TW_FOX_PHASE_FOREST:
        actions[n++] = TW_FOX_ACTION(TW_FOX_ACT_FOREST, TW_FOX_END_LEFT);
        actions[n++] = TW_FOX_ACTION(TW_FOX_ACT_FOREST, TW_FOX_END_RIGHT);
        break;
    default:
        break;
    }
    return n;
}

/* ---- Flow ------------------------------------------------------------- */

/* Starts the next round: the other seat deals. */
static void next_round(tw_fox_state *s, tw_fox_events *events)
{
    s->round++;
    s->dealer = (uint8_t)(1 - s->dealer);
    deal_round(s, events);
}

/* After the 11th trick: round 3 ends the game; rounds 1 and 2 add gems
 * and ask for the forest token's end (when one is left). */
static void end_round(tw_fox_state *s, tw_fox_events *events)
{
    fox_emit(events, TW_FOX_EV_ROUND_END, TW_FOX_NO_CARD, 0, 0, s->round, 0, 0);
    if (s->round >= TW_FOX_ROUNDS) {
        fox_end_game(s, TW_FOX_END_LOST_TIME, events);
        return;
    }
    fox_path_add_round_gems(s, events);
    if (s->path.forest_left > 0) {
        s->phase = TW_FOX_PHASE_FOREST;
        s->actor = s->last_winner;
        return;
    }
    next_round(s, events);
}

/* Moves the token, sets the trick aside and goes on to the next trick,
 * the round end or the game end. */
static void finish_trick(tw_fox_state *s, tw_fox_events *events)
{
    fox_path_move(s, s->toward, tw_fox_trick_steps(s), events);
    for (int i = 0; i < s->trick_n; i++) {
        s->set_aside |= 1u << s->trick[i];
        fox_emit(events, TW_FOX_EV_MOVE, s->trick[i], TW_FOX_ZONE_TRICK, TW_FOX_ZONE_ASIDE, 0, 0, 0);
        s->trick[i] = TW_FOX_NO_CARD;
    }
    s->trick_n = 0;
    s->tricks_done++;
    s->last_winner = s->winner;
    s->ignore_mask = 0;
    if (s->phase == TW_FOX_PHASE_GAME_OVER)
        return;
    if (s->tricks_done >= TW_FOX_TRICKS) {
        end_round(s, events);
        return;
    }
    s->leader = s->winner;
    s->phase = TW_FOX_PHASE_PLAY;
}

/* After the Gazelle choice: the Musician's direction when it matters. */
static void after_ignore(tw_fox_state *s, tw_fox_events *events)
{
    if (trick_count_rank(s, TW_FOX_MUSICIAN) > 0 && tw_fox_trick_steps(s) > 0) {
        s->phase = TW_FOX_PHASE_DIRECTION;
        s->actor = s->winner;
        return;
    }
    finish_trick(s, events);
}

/* Both cards are down: the winner is decided with the trump of now. */
static void resolve_trick(tw_fox_state *s, tw_fox_events *events)
{
    int w = tw_fox_trick_winner(s);
    s->winner = (uint8_t)w;
    s->toward = (uint8_t)w;
    s->ignore_mask = 0;
    uint8_t winning = s->trick[w == s->leader ? 0 : 1];
    fox_emit(events, TW_FOX_EV_TRICK_WON, winning, 0, 0, (uint8_t)w, (uint8_t)(s->tricks_done + 1), 0);
    if (trick_count_rank(s, TW_FOX_GAZELLE) > 0) {
        s->phase = TW_FOX_PHASE_IGNORE;
        s->actor = (uint8_t)w;
        return;
    }
    after_ignore(s, events);
}

/* After a card and its immediate ability: the follower plays, or the
 * trick is decided. */
static void continue_trick(tw_fox_state *s, tw_fox_events *events)
{
    if (s->trick_n == 1) {
        s->phase = TW_FOX_PHASE_PLAY;
        return;
    }
    resolve_trick(s, events);
}

/* Plays a card. A follower who does not follow a suit it had to follow
 * shows that it holds none of that suit. */
static void play_card(tw_fox_state *s, int seat, int card, tw_fox_events *events)
{
    int following = s->trick_n == 1;
    if (following && TW_FOX_RANK(s->trick[0]) != TW_FOX_ROYAL_HEIR &&
        TW_FOX_SUIT(card) != TW_FOX_SUIT(s->trick[0]))
        s->void_suits[seat] |= (uint8_t)(1u << TW_FOX_SUIT(s->trick[0]));
    to_trick(s, seat, card, events);
    fox_emit(events, TW_FOX_EV_PLAY, (uint8_t)card, 0, 0, (uint8_t)seat, (uint8_t)following, 0);
    int rank = TW_FOX_RANK(card);
    if (rank == TW_FOX_FOXES) {
        s->phase = TW_FOX_PHASE_FOX_TARGET;
        s->actor = (uint8_t)seat;
        s->fox_seat = (uint8_t)seat;
        return;
    }
    if (rank == TW_FOX_GIFT && tw_fox_hand_count(s, 0) > 0 && tw_fox_hand_count(s, 1) > 0) {
        s->phase = TW_FOX_PHASE_GIFT_FIRST;
        s->actor = (uint8_t)seat;
        s->gift_seat = (uint8_t)seat;
        return;
    }
    continue_trick(s, events);
}

/* Swaps a hand card of seat with the decree card, which joins the hand as
 * a card both players know. */
static void exchange_decree(tw_fox_state *s, int seat, int card, tw_fox_events *events)
{
    int old = s->decree;
    s->hand[seat] &= ~(1u << card);
    s->known[seat] &= ~(1u << card);
    s->decree = (uint8_t)card;
    fox_emit(events, TW_FOX_EV_MOVE, (uint8_t)card, FOX_HAND_ZONE(seat), TW_FOX_ZONE_DECREE, 0, 0, 0);
    s->hand[seat] |= 1u << old;
    s->known[seat] |= 1u << old;
    fox_emit(events, TW_FOX_EV_MOVE, (uint8_t)old, TW_FOX_ZONE_DECREE, FOX_HAND_ZONE(seat), 0, 0, 0);
}

/* Both Gift picks are made: the two cards change hands at the same time;
 * each giver knows where its card went. */
static void gift_exchange(tw_fox_state *s, tw_fox_events *events)
{
    int p = s->gift_seat, q = 1 - p;
    int cp = s->gift_pick[p], cq = s->gift_pick[q];
    s->hand[p] = (s->hand[p] & ~(1u << cp)) | (1u << cq);
    s->hand[q] = (s->hand[q] & ~(1u << cq)) | (1u << cp);
    s->known[p] = (s->known[p] & ~(1u << cp)) | (1u << cq);
    s->known[q] = (s->known[q] & ~(1u << cq)) | (1u << cp);
    fox_emit(events, TW_FOX_EV_MOVE, (uint8_t)cp, FOX_HAND_ZONE(p), FOX_HAND_ZONE(q), 0, 0, 0);
    fox_emit(events, TW_FOX_EV_MOVE, (uint8_t)cq, FOX_HAND_ZONE(q), FOX_HAND_ZONE(p), 0, 0, 0);
    s->gift_pick[0] = s->gift_pick[1] = TW_FOX_NO_CARD;
}

tw_error tw_fox_apply(tw_fox_state *state, tw_fox_action action, tw_fox_events *events)
{
    if (state->phase == TW_FOX_PHASE_GAME_OVER)
        return TW_ERR_GAME_OVER;
    if (!tw_fox_is_legal(state, action))
        return TW_ERR_ILLEGAL;
    int seat = tw_fox_to_act(state);
    int arg = TW_FOX_ACTION_ARG(action);
    switch (TW_FOX_ACTION_KIND(action)) {
    case TW_FOX_ACT_PLAY:
        play_card(state, seat, arg, events);
        break;
    case TW_FOX_ACT_FOX: {
        int target = arg == 0 ? seat : 1 - seat;
        fox_emit(events, TW_FOX_EV_FOX_TARGET, TW_FOX_NO_CARD, 0, 0, (uint8_t)seat, (uint8_t)target, 0);
        if (tw_fox_hand_count(state, target) > 0) {
            state->phase = TW_FOX_PHASE_FOX_EXCHANGE;
            state->actor = (uint8_t)target;
        } else {
            continue_trick(state, events);
        }
        break;
    }
    case TW_FOX_ACT_EXCHANGE:
        exchange_decree(state, seat, arg, events);
        continue_trick(state, events);
        break;
    case TW_FOX_ACT_KEEP:
        fox_emit(events, TW_FOX_EV_KEEP, TW_FOX_NO_CARD, 0, 0, (uint8_t)seat, 0, 0);
        continue_trick(state, events);
        break;
    case TW_FOX_ACT_GIFT:
        state->gift_pick[seat] = (uint8_t)arg;
        fox_emit(events, TW_FOX_EV_GIFT_PICK, (uint8_t)arg, 0, 0, (uint8_t)seat, 0, 0);
        if (state->phase == TW_FOX_PHASE_GIFT_FIRST) {
            state->phase = TW_FOX_PHASE_GIFT_SECOND;
            state->actor = (uint8_t)(1 - seat);
        } else {
            gift_exchange(state, events);
            continue_trick(state, events);
        }
        break;
    case TW_FOX_ACT_IGNORE:
        state->ignore_mask = (uint8_t)arg;
        fox_emit(events, TW_FOX_EV_IGNORE, TW_FOX_NO_CARD, 0, 0, (uint8_t)seat, (uint8_t)arg, 0);
        after_ignore(state, events);
        break;
    case TW_FOX_ACT_DIRECTION:
        state->toward = (uint8_t)(arg == TW_FOX_TOWARD_WINNER ? state->winner : 1 - state->winner);
        fox_emit(events, TW_FOX_EV_DIRECTION, TW_FOX_NO_CARD, 0, 0, (uint8_t)seat, state->toward, 0);
        finish_trick(state, events);
        break;
    case TW_FOX_ACT_FOREST:
        fox_path_end_round_forest(state, arg, events);
        next_round(state, events);
        break;
    default:
        return TW_ERR_ILLEGAL;
    }
    return TW_OK;
}

/* ---- Invariants ------------------------------------------------------- */

/* Checks the card zones: every card in exactly one, sizes by trick count. */
static int check_cards(const tw_fox_state *s, const char **why)
{
    uint32_t zones[5] = {s->hand[0], s->hand[1], s->deck, s->set_aside, 0};
    if (s->decree >= TW_FOX_CARDS)
        return tw_broken(why, "the decree card is missing");
    zones[4] = 1u << s->decree;
    for (int i = 0; i < s->trick_n; i++) {
        if (s->trick[i] >= TW_FOX_CARDS)
            return tw_broken(why, "trick card out of range");
        if (zones[4] & (1u << s->trick[i]))
            return tw_broken(why, "a card is in two zones");
        zones[4] |= 1u << s->trick[i];
    }
    uint32_t seen = 0;
    int total = 0;
    for (int z = 0; z < 5; z++) {
        if (seen & zones[z])
            return tw_broken(why, "a card is in two zones");
        seen |= zones[z];
        total += tw_popcount32(zones[z]);
    }
    if (seen != TW_FOX_ALL_CARDS || total != TW_FOX_CARDS)
        return tw_broken(why, "not all 30 cards are accounted for");
    if (tw_popcount32(s->deck) != TW_FOX_DECK_SIZE)
        return tw_broken(why, "the deck must hold 7 cards");
    if (tw_popcount32(s->set_aside) != 2 * s->tricks_done)
        return tw_broken(why, "cards set aside do not match the finished tricks");
    for (int seat = 0; seat < 2; seat++) {
        if (tw_popcount32(s->hand[seat]) != tw_fox_hand_count(s, seat))
            return tw_broken(why, "a hand size does not match the tricks played");
        if (s->known[seat] & ~s->hand[seat])
            return tw_broken(why, "a known card is not in that hand");
        for (int suit = 0; suit < TW_FOX_SUITS; suit++)
            if ((s->void_suits[seat] & (1u << suit)) && (s->hand[seat] & TW_FOX_SUIT_MASK(suit) & ~s->known[seat]))
                return tw_broken(why, "a seat holds an unknown card of a suit it showed it lacks");
        if (s->void_suits[seat] > 7)
            return tw_broken(why, "void suit bits out of range");
    }
    return 1;
}

/* Checks the path: token on an uncovered space, forest tokens and gems
 * add up, no gem on a covered slot. */
static int check_path(const tw_fox_state *s, const char **why)
{
    const tw_fox_path *p = &s->path;
    if (p->covered[0] + p->covered[1] > 8 || p->covered[0] > 5 || p->covered[1] > 5)
        return tw_broken(why, "too many covered spaces");
    if (p->forest_left + p->covered[0] + p->covered[1] != p->forest_start)
        return tw_broken(why, "forest tokens left and placed do not add up");
    if (p->token < tw_fox_last_space(s, TW_FOX_END_LEFT) || p->token > tw_fox_last_space(s, TW_FOX_END_RIGHT))
        return tw_broken(why, "the team token is off the uncovered path");
    int on_board = 0;
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        int space = TW_FOX_INDEX_SPACE(i);
        if (p->plus[i] > 1)
            return tw_broken(why, "plus mark out of range");
        if (p->gems[i] && (space < tw_fox_last_space(s, TW_FOX_END_LEFT) || space > tw_fox_last_space(s, TW_FOX_END_RIGHT)))
            return tw_broken(why, "gems on the slot of a covered space");
        on_board += p->gems[i];
    }
    if (on_board + p->gems_collected != p->gems_placed)
        return tw_broken(why, "gems on board and collected do not add up to gems placed");
    return 1;
}

/* Checks what the current phase expects. */
static int check_phase(const tw_fox_state *s, const char **why)
{
    int last = s->trick_n ? s->trick[s->trick_n - 1] : -1;
    int last_seat = s->trick_n ? tw_fox_trick_seat(s, s->trick_n - 1) : -1;
    int gift = s->phase == TW_FOX_PHASE_GIFT_FIRST || s->phase == TW_FOX_PHASE_GIFT_SECOND;
    if (!gift && (s->gift_pick[0] != TW_FOX_NO_CARD || s->gift_pick[1] != TW_FOX_NO_CARD))
        return tw_broken(why, "a Gift pick outside a Gift");
    if ((s->phase == TW_FOX_PHASE_GAME_OVER) != (s->end != TW_FOX_END_NONE))
        return tw_broken(why, "game over and result disagree");
    if (s->end > TW_FOX_END_LOST_TIME)
        return tw_broken(why, "result out of range");
    for (int i = s->trick_n; i < 2; i++)
        if (s->trick[i] != TW_FOX_NO_CARD)
            return tw_broken(why, "a card beyond the trick's end");
    switch (s->phase) {
    case TW_FOX_PHASE_PLAY:
        if (s->trick_n > 1 || s->tricks_done >= TW_FOX_TRICKS)
            return tw_broken(why, "play phase with a full trick or no trick left");
        break;
    case TW_FOX_PHASE_FOX_TARGET:
    case TW_FOX_PHASE_FOX_EXCHANGE:
        if (last < 0 || TW_FOX_RANK(last) != TW_FOX_FOXES || s->fox_seat != last_seat)
            return tw_broken(why, "Foxes phase without the Foxes just played");
        if (s->phase == TW_FOX_PHASE_FOX_TARGET && s->actor != s->fox_seat)
            return tw_broken(why, "the Foxes target is named by someone else");
        if (s->phase == TW_FOX_PHASE_FOX_EXCHANGE && s->hand[s->actor] == 0)
            return tw_broken(why, "a decree exchange with an empty hand");
        break;
    case TW_FOX_PHASE_GIFT_FIRST:
    case TW_FOX_PHASE_GIFT_SECOND:
        if (last < 0 || TW_FOX_RANK(last) != TW_FOX_GIFT || s->gift_seat != last_seat)
            return tw_broken(why, "Gift phase without the Gift just played");
        if (!s->hand[0] || !s->hand[1])
            return tw_broken(why, "a Gift with an empty hand");
        if (s->phase == TW_FOX_PHASE_GIFT_FIRST &&
            (s->actor != s->gift_seat || s->gift_pick[0] != TW_FOX_NO_CARD || s->gift_pick[1] != TW_FOX_NO_CARD))
            return tw_broken(why, "first Gift pick state is wrong");
        if (s->phase == TW_FOX_PHASE_GIFT_SECOND &&
            (s->actor != 1 - s->gift_seat || s->gift_pick[s->actor] != TW_FOX_NO_CARD ||
             s->gift_pick[s->gift_seat] >= TW_FOX_CARDS ||
             !(s->hand[s->gift_seat] & (1u << s->gift_pick[s->gift_seat]))))
            return tw_broken(why, "second Gift pick state is wrong");
        break;
    case TW_FOX_PHASE_IGNORE:
    case TW_FOX_PHASE_DIRECTION:
        if (s->trick_n != 2 || s->winner != tw_fox_trick_winner(s) || s->actor != s->winner)
            return tw_broken(why, "trick choice without a decided trick");
        if (s->phase == TW_FOX_PHASE_IGNORE && trick_count_rank(s, TW_FOX_GAZELLE) == 0)
            return tw_broken(why, "Gazelle choice without a Gazelle");
        if (s->phase == TW_FOX_PHASE_DIRECTION && trick_count_rank(s, TW_FOX_MUSICIAN) == 0)
            return tw_broken(why, "Musician choice without a Musician");
        break;
    case TW_FOX_PHASE_FOREST:
        if (s->tricks_done != TW_FOX_TRICKS || s->round >= TW_FOX_ROUNDS || s->path.forest_left == 0)
            return tw_broken(why, "forest choice outside the end of round 1 or 2");
        break;
    case TW_FOX_PHASE_GAME_OVER:
        if (s->end == TW_FOX_END_WON && tw_fox_gems_on_board(s) != 0)
            return tw_broken(why, "a won game with gems on the board");
        if (s->end != TW_FOX_END_WON && tw_fox_gems_on_board(s) == 0)
            return tw_broken(why, "a lost game with no gem left");
        break;
    default:
        return tw_broken(why, "phase out of range");
    }
    if (s->phase != TW_FOX_PHASE_PLAY && s->phase != TW_FOX_PHASE_GAME_OVER && s->actor > 1)
        return tw_broken(why, "deciding seat out of range");
    return 1;
}

int tw_fox_check_invariants(const tw_fox_state *s, const char **why)
{
    if (!tw_fox_level(s->level))
        return tw_broken(why, "level out of range");
    if (s->round < 1 || s->round > TW_FOX_ROUNDS || s->dealer > 1 || s->leader > 1)
        return tw_broken(why, "round, dealer or leader out of range");
    if (s->tricks_done > TW_FOX_TRICKS || s->trick_n > 2)
        return tw_broken(why, "trick counters out of range");
    if (s->ignore_mask > 3 || s->toward > 1 || s->winner > 1 || s->last_winner > 1)
        return tw_broken(why, "trick resolution fields out of range");
    if (s->tricks_done == TW_FOX_TRICKS && s->trick_n)
        return tw_broken(why, "a trick after the eleventh");
    return check_cards(s, why) && check_path(s, why) && check_phase(s, why);
}
