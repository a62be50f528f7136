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

/* Sets diag about member key of a configuration (field "config.KEY"),
 * the field made only then: matches start often. Returns -1. */
int tw_game_config_error(tw_diag *diag, const char *key, const char *message);

/* Frees a match whose engine part holds no pointer. */
void tw_game_free_match(tw_match *m);
/* Applies a record's actions to a freshly started match; NULL (the match
 * freed, diag set) when one is refused. */
tw_match *tw_game_replay(tw_match *m, const tw_game_action *actions, int count, tw_diag *diag);

/* Gives a match copied field by field (copy) its own list of gm's
 * actions; returns copy, or frees it and returns NULL when out of memory. */
tw_match *tw_game_clone_actions(tw_match *copy, const tw_match *gm);

/* A held bot: the engine's bot, or for the uniform random bot, which
 * needs no view (the legal actions are all it looks at), only its
 * generator, seeded as the engine's random bot seeds its own so that it
 * picks the same actions, without the cost of a view per decision. */
struct tw_game_bot {
    void *engine; /* NULL for the random bot */
    tw_rng rng;
};
/* Makes a held bot of an engine's kind (-1: no such name): the random
 * kind holds only its generator, any other the engine's bot engine_new
 * makes. NULL when the kind is unknown or out of memory. */
tw_game_bot *tw_game_bot_make(int kind, int random_kind, uint64_t seed, void *(*engine_new)(int kind, uint64_t seed));
/* Remembers an applied action where the list has room (the bots' loops
 * apply millions of actions: no call for it), else through tw_match_push. */
static inline tw_error tw_game_remember(tw_match *m, tw_game_action action)
{
    if (m->count < m->cap) {
        m->actions[m->count++] = action;
        return TW_OK;
    }
    return tw_match_push(m, action);
}
/* Reseeds a held random bot in place (the table's bot_reseed); TW_ERR_ARG
 * for a bot that holds an engine's bot. */
tw_error tw_game_bot_reseed(tw_game_bot *bot, uint64_t seed);
/* Frees a held bot and the engine's bot it holds (NULL is fine). */
void tw_game_bot_release(tw_game_bot *bot, void (*engine_free)(void *engine));

#endif
