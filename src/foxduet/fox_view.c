/* What each seat of a Fox in the Forest Duet game may see, and
 * determinization: re-dealing the hidden cards consistently with what a
 * seat has seen (the partner's shown voids and known cards included). */
#include <string.h>

#include "fox_internal.h"

void tw_fox_view_of(const tw_fox_state *state, int seat, tw_fox_view *view)
{
    int partner = 1 - (seat & 1);
    memset(view, 0, sizeof *view);
    view->seat = (uint8_t)(seat & 1);
    view->visible = *state;
    tw_fox_state *v = &view->visible;
    memset(&v->rng, 0, sizeof v->rng);
    v->hand[partner] = state->known[partner];
    v->deck = 0;
    v->gift_pick[partner] = TW_FOX_NO_CARD;
}

int tw_fox_view_legal_actions(const tw_fox_view *view, tw_fox_action *actions)
{
    if (tw_fox_to_act(&view->visible) != view->seat)
        return 0;
    return tw_fox_legal_actions(&view->visible, actions);
}

uint32_t tw_fox_view_unseen(const tw_fox_view *view)
{
    const tw_fox_state *v = &view->visible;
    uint32_t seen = v->hand[0] | v->hand[1] | v->set_aside;
    if (v->decree < TW_FOX_CARDS)
        seen |= 1u << v->decree;
    for (int i = 0; i < v->trick_n && i < 2; i++)
        if (v->trick[i] < TW_FOX_CARDS)
            seen |= 1u << v->trick[i];
    return TW_FOX_ALL_CARDS & ~seen;
}

/* Lists the cards of a set in card order; returns how many. */
static int list_cards(uint32_t set, uint8_t *out)
{
    int n = 0;
    while (set) {
        out[n++] = (uint8_t)tw_lowest_bit32(set);
        set &= set - 1;
    }
    return n;
}

void tw_fox_determinize(const tw_fox_view *view, uint64_t seed, tw_fox_state *out)
{
    int seat = view->seat, partner = 1 - seat;
    *out = view->visible;
    tw_rng_seed(&out->rng, seed);
    uint32_t unseen = tw_fox_view_unseen(view);
    uint32_t void_mask = 0;
    for (int suit = 0; suit < TW_FOX_SUITS; suit++)
        if (out->void_suits[partner] & (1u << suit))
            void_mask |= TW_FOX_SUIT_MASK(suit);
    int need = tw_fox_hand_count(out, partner) - tw_popcount32(out->known[partner]);
    uint8_t cards[TW_FOX_CARDS];
    /* Partner cards come from the unseen cards of suits it may hold; when a
     * view is inconsistent, any unseen card fills the rest. */
    int n = list_cards(unseen & ~void_mask, cards);
    tw_rng_shuffle_u8(&out->rng, cards, (size_t)n);
    for (int i = 0; i < n && need > 0; i++, need--) {
        out->hand[partner] |= 1u << cards[i];
        unseen &= ~(1u << cards[i]);
    }
    n = list_cards(unseen, cards);
    tw_rng_shuffle_u8(&out->rng, cards, (size_t)n);
    int k = 0;
    for (; k < n && need > 0; k++, need--)
        out->hand[partner] |= 1u << cards[k];
    for (; k < n; k++)
        out->deck |= 1u << cards[k];
    if (out->phase == TW_FOX_PHASE_GIFT_SECOND && out->actor == seat && out->gift_pick[partner] == TW_FOX_NO_CARD &&
        out->gift_seat == partner && out->hand[partner]) {
        n = list_cards(out->hand[partner], cards);
        out->gift_pick[partner] = cards[tw_rng_below(&out->rng, (uint32_t)n)];
    }
}

/* A card is hidden from seat when it moves only between the partner's
 * hand and the deck (deals), or is the partner's secret Gift pick. */
int tw_fox_event_for_seat(const tw_fox_event *event, int seat, tw_fox_event *out)
{
    *out = *event;
    int partner_zone = TW_FOX_ZONE_HAND0 + (1 - (seat & 1));
    int hidden = 0;
    if (event->type == TW_FOX_EV_MOVE)
        hidden = (event->from == partner_zone || event->from == TW_FOX_ZONE_DECK) &&
                 (event->to == partner_zone || event->to == TW_FOX_ZONE_DECK);
    else if (event->type == TW_FOX_EV_GIFT_PICK)
        hidden = event->a != (seat & 1);
    if (hidden)
        out->card = TW_FOX_NO_CARD;
    return !hidden;
}
