/* Why a Fox in the Forest Duet action is refused, for the API's 422
 * replies: the text is not an action, or the engine's reason (the game
 * waits for another kind of decision, the card is not in the hand, the led
 * suit must be followed). The list of legal actions closes the message. */
#include <stdio.h>
#include <string.h>

#include "server/server.h"

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

/* Explains a refused action: not an action at all, or the engine's own
 * reason (tw_fox_illegal_reason); the legal actions close the message. */
void tw_srv_fox_reason(const tw_fox_state *state, const char *text, char *out, size_t size)
{
    tw_fox_action action;
    if (tw_fox_to_act(state) < 0) {
        snprintf(out, size, "the game is over");
        return;
    }
    if (tw_fox_action_parse(state, text, &action) != 0)
        snprintf(out, size,
                 "'%.64s' is not an action: use the record notation, for example 'play 7R', 'fox self', "
                 "'gift 5S', 'ignore none', 'direction toward-winner' or 'forest left'",
                 text);
    else
        tw_fox_illegal_reason(state, action, out, size);
    append_legal(state, out, size);
}
