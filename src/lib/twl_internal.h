/* What the shared library's modules (src/lib/) share: the handles behind
 * trickwood/libtrickwood.h and the helpers that set the last error. */
#ifndef TRICKWOOD_TWL_INTERNAL_H
#define TRICKWOOD_TWL_INTERNAL_H

#include <jansson.h>

#include "trickwood/game.h"
#include "trickwood/libtrickwood.h"

/* The games the library knows, by their engine. */
typedef enum { TWL_NORTHWOOD = 0, TWL_FOX = 1 } twl_kind;

/* Action numbers: (kind - 1) * TWL_ARGS + argument. */
#define TWL_ARGS 32

struct twl_game {
    const tw_game *table;
    twl_kind kind;
    json_t *config;  /* the options, as start takes them */
    char *options;   /* the same as JSON text */
    int num_actions; /* kinds * TWL_ARGS */
};

struct twl_state {
    const twl_game *game;
    const tw_game *table; /* game->table, kept so that a state may be freed after its game */
    tw_match *match;
    int resampled; /* dealt again by twl_state_resample: no record rebuilds it */
};

struct twl_bot {
    const twl_game *game;
    const tw_game *table; /* game->table, as in a state */
    tw_game_bot *held;
};

/* Sets this thread's last error (printf-style) and returns code. */
int twl_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Clears the last error and returns TWL_OK. */
int twl_ok(void);
/* Checks a state handle (what names the function, for the message):
 * TWL_OK or TW_ERR_ARG with the error set. */
int twl_check_state(const twl_state *state, const char *what);
/* Checks a seat of the state's game: TWL_OK or TW_ERR_ARG. */
int twl_check_seat(const twl_state *state, int seat);
/* The engine's action for an action number, and the reverse. */
tw_game_action twl_engine_action(int action);
int twl_action_number(tw_game_action action);
/* The legal action numbers of a match, ascending, into out (room for
 * TW_GAME_MAX_ACTIONS); returns the count. */
int twl_legal_numbers(const tw_match *m, int32_t *out);
/* Applies an action number to a match: TWL_OK, or the error (set) with
 * the engine's reason and the match as it was. */
int twl_apply_number(const twl_game *game, tw_match *m, int action);
/* The seat-to-act's return of a finished match (the game's result). */
double twl_return_of(const twl_game *game, const tw_match *m);
/* The engine state behind a match, writable (the match owns it). */
void *twl_engine_state(tw_match *m);
/* Writes the observation of seat of match m into out (size floats,
 * checked by the caller to be the game's observation size). */
void twl_observe(const twl_game *game, const tw_match *m, int seat, float *out);

#endif
