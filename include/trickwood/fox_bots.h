/* Bots for The Fox in the Forest Duet. A bot decides for one seat from
 * that seat's view only (tw_fox_view): it never sees the partner's hand or
 * the deck. The open-hands bot is the exception by design: it reads the
 * whole state (both hands, the deck) and so bounds what any pair of
 * players can do. See docs/bots.md. */
#ifndef TRICKWOOD_FOX_BOTS_H
#define TRICKWOOD_FOX_BOTS_H

#include "trickwood/foxduet.h"

/* The rule-based partner: it values where the team token would land after
 * the trick (gems, forest tokens, the risk of running off the path, gems
 * within reach), follows to the best outcome, and leads the card whose
 * outcome is best on average over deals of the partner's hand that fit
 * what it has seen (the partner modelled as the same bot). Abilities:
 * Gazelle and Musician choices by the same landing value; Foxes swaps the
 * decree when it helps the trick or its hand; Gift gives away its least
 * useful card; the end-of-round forest token goes to the end farther from
 * the team token. Deterministic: equal views and seeds give equal
 * actions. Returns TW_ERR_PHASE when the view's seat is not to act. */
tw_error tw_fox_rule_bot_choose(const tw_fox_view *view, uint64_t seed, tw_fox_action *out);

/* Plays a whole game with the rule bot in both seats (each deciding from
 * its own view); final receives the ended game. Returns an error only when
 * the board and configuration cannot start a game. */
tw_error tw_fox_rule_bot_play(const tw_fox_board *board, const tw_fox_config *config, uint64_t bot_seed,
                              tw_fox_state *final);

/* ---- Bot registry -------------------------------------------------------- */

typedef enum {
    TW_FOX_BOT_RANDOM = 0,     /* uniform among legal actions */
    TW_FOX_BOT_RULE = 1,       /* the rule-based partner above */
    TW_FOX_BOT_STRONG = 2,     /* search over determinizations of the view */
    TW_FOX_BOT_OPEN_HANDS = 3  /* sees both hands and the deck: an upper bound */
} tw_fox_bot_kind;

#define TW_FOX_BOT_KINDS 4

typedef struct tw_fox_bot tw_fox_bot;

/* Parses "random", "rule", "strong", "open-hands"; -1 when unknown. */
int tw_fox_bot_kind_from_name(const char *name);
/* Name of a bot kind ("?" for an unknown value). */
const char *tw_fox_bot_kind_name(tw_fox_bot_kind kind);
/* Creates a bot; its own random choices come from seed. NULL when out of
 * memory or for an unknown kind. */
tw_fox_bot *tw_fox_bot_new(tw_fox_bot_kind kind, uint64_t seed);
/* Frees a bot (NULL is fine). */
void tw_fox_bot_free(tw_fox_bot *bot);
/* The kind a bot was created with. */
tw_fox_bot_kind tw_fox_bot_kind_of(const tw_fox_bot *bot);
/* Decides for the seat to act. All kinds except open-hands look only at
 * tw_fox_view_of(state, seat); open-hands reads the state. Returns
 * TW_ERR_GAME_OVER when nobody is to act. */
tw_error tw_fox_bot_choose(tw_fox_bot *bot, const tw_fox_state *state, tw_fox_action *out);
/* Decides from a view (the view's seat must be to act, else TW_ERR_PHASE).
 * Open-hands has no full state here and plays as the strong bot. */
tw_error tw_fox_bot_choose_from_view(tw_fox_bot *bot, const tw_fox_view *view, tw_fox_action *out);

/* ---- Hints ------------------------------------------------------------- */

/* A recommended action for a seat with the estimated chance that the team
 * wins the game from here, and how many determinized deals the estimate
 * rests on. action is TW_FOX_NO_ACTION (p_win -1) when the view's seat is
 * not to act. */
typedef struct {
    tw_fox_action action;
    double p_win;
    int samples;
} tw_fox_hint;

/* Hint from a view, whatever the bot's kind (it uses the strong search). */
tw_fox_hint tw_fox_hint_for(tw_fox_bot *bot, const tw_fox_view *view);

#endif
