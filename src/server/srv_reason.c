/* Why a Fox in the Forest Duet action is refused, in plain English, for
 * the API's 422 replies: the text is not an action, the game waits for
 * another kind of decision, the card is not in the hand, the led suit must
 * be followed. The list of legal actions closes the message. */
#include <stdio.h>
#include <string.h>

#include "server/server.h"

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

/* Appends "; legal now: a, b, c" to out. */
static void append_legal(const tw_fox_state *state, char *out, size_t size)
{
    tw_fox_action actions[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_legal_actions(state, actions);
    for (int i = 0; i < n; i++) {
        char text[48];
        tw_fox_action_format(state, actions[i], text, (int)sizeof text);
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", i ? ", " : "; legal now: ", text);
    }
}

/* Explains a refused action. */
void tw_srv_fox_reason(const tw_fox_state *state, const char *text, char *out, size_t size)
{
    tw_fox_action action;
    int seat = tw_fox_to_act(state);
    if (seat < 0) {
        snprintf(out, size, "the game is over");
        return;
    }
    if (tw_fox_action_parse(state, text, &action) != 0) {
        snprintf(out, size,
                 "'%.64s' is not an action: use the record notation, for example 'play 7R', 'fox self', "
                 "'gift 5S', 'ignore none', 'direction toward-winner' or 'forest left'",
                 text);
        append_legal(state, out, size);
        return;
    }
    int kind = TW_FOX_ACTION_KIND(action), arg = TW_FOX_ACTION_ARG(action);
    int wanted = phase_kind(state->phase);
    int keep_ok = state->phase == TW_FOX_PHASE_FOX_EXCHANGE && kind == TW_FOX_ACT_KEEP;
    char card[4] = "";
    if (arg < TW_FOX_CARDS)
        tw_fox_card_code(arg, card);
    if (kind != wanted && !keep_ok) {
        snprintf(out, size, "'%.64s' does not fit: the game waits for %s", text, phase_wants(state->phase));
    } else if ((kind == TW_FOX_ACT_PLAY || kind == TW_FOX_ACT_EXCHANGE || kind == TW_FOX_ACT_GIFT) &&
               !(state->hand[seat] & (1u << arg))) {
        snprintf(out, size, "%s is not in your hand", card);
    } else if (kind == TW_FOX_ACT_PLAY && !(tw_fox_playable(state, seat) & (1u << arg))) {
        const char *suit = tw_fox_suit_key(TW_FOX_SUIT(state->trick[0]));
        snprintf(out, size, "you must follow the led suit (%s) while you hold a card of it", suit ? suit : "?");
    } else {
        snprintf(out, size, "'%.64s' is not legal now: the game waits for %s", text, phase_wants(state->phase));
    }
    append_legal(state, out, size);
}
