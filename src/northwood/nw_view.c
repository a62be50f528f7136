/* The player's view of a For Northwood! game and determinization: the
 * hidden information is the order of the unseen deck cards (and the RNG
 * that will shuffle the next visits) and, in the hidden-stars variant,
 * the fiefs that carry a star until the game ends. */
#include <string.h>

#include "nw_internal.h"

/* Copies the state, hiding the deck cards the player has not seen, the
 * RNG and the hidden stars of a game not yet over. */
void tw_nw_view_of(const tw_nw_state *state, tw_nw_view *view)
{
    view->visible = *state;
    memset(&view->visible.rng, 0, sizeof view->visible.rng);
    if (!tw_nw_is_over(state))
        view->visible.star_fiefs = 0;
    for (int i = 0; i < state->deck_n; i++)
        if (!(state->deck_known & (1u << i)))
            view->visible.deck[i] = TW_NW_NO_CARD;
    for (int i = state->deck_n; i < TW_NW_CARDS; i++)
        view->visible.deck[i] = 0;
    for (int i = state->discard_n; i < TW_NW_CARDS; i++)
        view->visible.discard[i] = 0;
    for (int i = state->score_n; i < TW_NW_CARDS; i++)
        view->visible.score[i] = 0;
}

/* Legal actions never depend on the hidden cards, so the view answers. */
int tw_nw_view_legal_actions(const tw_nw_view *view, tw_nw_action *actions)
{
    return tw_nw_legal_actions(&view->visible, actions);
}

/* Cards whose place the player does not know. */
uint32_t tw_nw_view_unseen(const tw_nw_view *view)
{
    const tw_nw_state *v = &view->visible;
    uint32_t seen = v->hand;
    for (int i = 0; i < v->discard_n; i++)
        seen |= 1u << v->discard[i];
    for (int i = 0; i < v->score_n; i++)
        seen |= 1u << v->score[i];
    for (int i = 0; i < v->deck_n; i++)
        if (v->deck_known & (1u << i))
            seen |= 1u << v->deck[i];
    return ~seen;
}

/* Deals the unseen cards at random into the unknown deck positions, and
 * in the hidden-stars variant the stars at random onto three fiefs. The
 * result never offers "finish" (searching states ask nothing of it). */
void tw_nw_determinize(const tw_nw_view *view, uint64_t seed, tw_nw_state *out)
{
    *out = view->visible;
    out->offer_finish = 0; /* a state for search: it never offers "finish" */
    tw_rng_seed(&out->rng, seed);
    uint32_t unseen = tw_nw_view_unseen(view);
    uint8_t cards[TW_NW_CARDS];
    int n = 0;
    while (unseen) {
        cards[n++] = (uint8_t)tw_lowest_bit32(unseen);
        unseen &= unseen - 1;
    }
    tw_rng_shuffle_u8(&out->rng, cards, (size_t)n);
    int k = 0;
    for (int i = 0; i < out->deck_n; i++)
        if (!(out->deck_known & (1u << i)))
            out->deck[i] = k < n ? cards[k++] : TW_NW_NO_CARD;
    if (out->variant == TW_NW_VARIANT_HIDDEN_STARS && !out->star_fiefs)
        out->star_fiefs = tw_nw_deal_star_fiefs(tw_rng_next(&out->rng));
}
