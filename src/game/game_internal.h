/* Helpers the games' tables share (src/game/). */
#ifndef TRICKWOOD_GAME_INTERNAL_H
#define TRICKWOOD_GAME_INTERNAL_H

#include "trickwood/game.h"

/* Appends "; legal now: a, b, c" to out. */
void tw_game_append_legal(const tw_match *m, char *out, size_t size);
/* Writes why a text is refused: "not an action" (with an example of the
 * notation) or the engine's reason, then the legal actions; an empty text
 * when the action is legal. */
void tw_game_reason(const tw_match *m, const char *text, const char *example,
                    void (*engine_reason)(const tw_match *, tw_game_action, char *, size_t), char *out, size_t size);

/* Frees a match whose engine part holds no pointer. */
void tw_game_free_match(tw_match *m);
/* Applies a record's actions to a freshly started match; NULL (the match
 * freed, diag set) when one is refused. */
tw_match *tw_game_replay(tw_match *m, const tw_game_action *actions, int count, tw_diag *diag);

/* Gives a match copied field by field (copy) its own list of gm's
 * actions; returns copy, or frees it and returns NULL when out of memory. */
tw_match *tw_game_clone_actions(tw_match *copy, const tw_match *gm);

#endif
