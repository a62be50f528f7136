/* Why a Fox in the Forest Duet action is refused, in plain English: the
 * game waits for another kind of decision, the card is not in the hand,
 * the led suit must be followed. The engine's own explanation, for every
 * front end (the server's 422 replies, the terminal, record loading). */
#include <stdio.h>
#include <string.h>

#include "trickwood/foxduet.h"

/* What a phase waits for, in words. */
static const char *phase_wants(int phase)
{
    switch (phase) {
    case TW_FOX_PHASE_PLAY:
        return "a card to play ('play CARD')";
    case TW_FOX_PHASE_FOX_TARGET:
        return "the Foxes' choice of who may exchange with the decree ('fox self' or 'fox partner')";
    case TW_FOX_PHASE_FOX_EXCHANGE:
        return "an exchange with the decree ('exchange CARD') or 'keep'";
    case TW_FOX_PHASE_GIFT_FIRST:
    case TW_FOX_PHASE_GIFT_SECOND:
        return "a card to give ('gift CARD')";
    case TW_FOX_PHASE_IGNORE:
        return "the Gazelle's choice of footprints to ignore ('ignore none' or 'ignore CARD')";
    case TW_FOX_PHASE_DIRECTION:
        return "the Musician's direction ('direction toward-winner' or 'direction toward-partner')";
    case TW_FOX_PHASE_FOREST:
        return "the end that gets a forest token ('forest left' or 'forest right')";
    default:
        return "nothing: the game is over";
    }
}

/* The action kind a phase takes (exchange phases also take KEEP). */
static int phase_kind(int phase)
{
    switch (phase) {
    case TW_FOX_PHASE_PLAY:
        return TW_FOX_ACT_PLAY;
    case TW_FOX_PHASE_FOX_TARGET:
        return TW_FOX_ACT_FOX;
    case TW_FOX_PHASE_FOX_EXCHANGE:
        return TW_FOX_ACT_EXCHANGE;
    case TW_FOX_PHASE_GIFT_FIRST:
    case TW_FOX_PHASE_GIFT_SECOND:
        return TW_FOX_ACT_GIFT;
    case TW_FOX_PHASE_IGNORE:
        return TW_FOX_ACT_IGNORE;
    case TW_FOX_PHASE_DIRECTION:
        return TW_FOX_ACT_DIRECTION;
    case TW_FOX_PHASE_FOREST:
        return TW_FOX_ACT_FOREST;
    default:
        return -1;
    }
}

/* Explains why an action is refused; an empty text when it is legal. */
void tw_fox_illegal_reason(const tw_fox_state *state, tw_fox_action action, char *out, size_t size)
{
    if (size == 0)
        return;
    out[0] = '\0';
    int seat = tw_fox_to_act(state);
    if (seat < 0) {
        snprintf(out, size, "the game is over");
        return;
    }
    if (tw_fox_is_legal(state, action))
        return;
    char text[48];
    tw_fox_action_format(state, action, text, (int)sizeof text);
    int kind = TW_FOX_ACTION_KIND(action), arg = TW_FOX_ACTION_ARG(action);
    int keep_ok = state->phase == TW_FOX_PHASE_FOX_EXCHANGE && kind == TW_FOX_ACT_KEEP;
    char card[4] = "";
    if (arg < TW_FOX_CARDS)
        tw_fox_card_code(arg, card);
    if (kind != phase_kind(state->phase) && !keep_ok) {
        snprintf(out, size, "'%s' does not fit: the game waits for %s", text, phase_wants(state->phase));
    } else if ((kind == TW_FOX_ACT_PLAY || kind == TW_FOX_ACT_EXCHANGE || kind == TW_FOX_ACT_GIFT) &&
               !(state->hand[seat] & (1u << arg))) {
        snprintf(out, size, "%s is not in your hand", card);
    } else if (kind == TW_FOX_ACT_PLAY && !(tw_fox_playable(state, seat) & (1u << arg))) {
        const char *suit = tw_fox_suit_key(TW_FOX_SUIT(state->trick[0]));
        snprintf(out, size, "you must follow the led suit (%s) while you hold a card of it", suit ? suit : "?");
    } else {
        snprintf(out, size, "'%s' is not legal now: the game waits for %s", text, phase_wants(state->phase));
    }
}
