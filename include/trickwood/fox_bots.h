/* Bots for The Fox in the Forest Duet. A bot decides for one seat from
 * that seat's view only (tw_fox_view): it never sees the partner's hand or
 * the deck. */
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

#endif
