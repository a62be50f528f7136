/* libtrickwood: the stable C API of the shared library (libtrickwood.so.1)
 * for programs and languages that study the games (docs/python.md).
 *
 * Every function returns an error code (TWL_OK, or one of trickwood/core.h's
 * tw_error values) or a count; none aborts on a caller's mistake (a NULL
 * handle, a wrong seat, an illegal action, a state of another game): it
 * returns an error and twl_last_error() says why, in English, naming what
 * was wrong. The handles are opaque; a state or a bot refers to its game:
 * use them only while the game lives (a state may still be freed after).
 *
 * Actions are dense numbers from 0 to twl_game_num_actions() - 1 (the
 * engine's action kind and argument, (kind - 1) * 32 + argument), so that
 * an action mask is a fixed-size array. Seats are 0 (For Northwood! has
 * only seat 0) and 1. Only declarations marked TWL_API are exported. */
#ifndef TRICKWOOD_LIBTRICKWOOD_H
#define TRICKWOOD_LIBTRICKWOOD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define TWL_API __attribute__((visibility("default")))
#else
#define TWL_API
#endif

/* The version of this API: major (the soname), minor (additions). */
#define TWL_VERSION_MAJOR 1
#define TWL_VERSION_MINOR 0
#define TWL_OK 0

typedef struct twl_game twl_game;   /* a game with its options */
typedef struct twl_state twl_state; /* one position of a game being played */
typedef struct twl_bot twl_bot;     /* a bot held across decisions */
typedef struct twl_vec twl_vec;     /* many states stepped together */

/* ---- Library -------------------------------------------------------------- */

/* The library's version, major * 100 + minor (header: TWL_VERSION_*). */
TWL_API int twl_version(void);
/* Why the last failed call of this thread failed ("" when none failed). */
TWL_API const char *twl_last_error(void);
/* The name of an error code ("illegal action", ...). */
TWL_API const char *twl_error_name(int code);
/* The data folder the library reads characters and boards from. */
TWL_API const char *twl_data_dir(void);

/* ---- Games ---------------------------------------------------------------- */

/* How many games there are, and the key of game i ("northwood", "fox");
 * NULL for another i. */
TWL_API int twl_game_count(void);
TWL_API const char *twl_game_key_at(int i);
/* Makes a game from its key and its options as a JSON object (NULL or ""
 * for the defaults): For Northwood! {"setup": "intro"|"full", "medal":
 * "bronze"|"silver"|"gold", "finish": bool, false unless given: offering
 * to end a decided visit costs a proof at every decision}, the Duet {"level": 1..3,
 * "dealer": 0|1, "board": file}. TW_ERR_ARG for an unknown key,
 * TW_ERR_PARSE for a bad option (the error names it). */
TWL_API int twl_game_new(const char *key, const char *options_json, twl_game **out);
/* Frees a game (NULL is fine). */
TWL_API void twl_game_free(twl_game *game);
/* The game's key, title (English), and its options as JSON text. */
TWL_API const char *twl_game_key(const twl_game *game);
TWL_API const char *twl_game_title(const twl_game *game);
TWL_API const char *twl_game_options(const twl_game *game);
/* Seats that act (1 or 2), the number of distinct actions (the size of a
 * mask) and of the observation tensor (floats); -1 on a NULL game. */
TWL_API int twl_game_num_players(const twl_game *game);
TWL_API int twl_game_num_actions(const twl_game *game);
TWL_API int twl_game_observation_size(const twl_game *game);
/* Field i of the observation tensor: its name, first index and length.
 * TW_ERR_ARG past the last field. */
TWL_API int twl_game_observation_field(const twl_game *game, int i, const char **name, int *offset, int *size);
/* The name of bot i ("random", "greedy", ...), NULL past the last. */
TWL_API const char *twl_game_bot_name(const twl_game *game, int i);

/* ---- States --------------------------------------------------------------- */

/* Deals a new game from a seed (0 to 2^53 - 1). */
TWL_API int twl_state_new(const twl_game *game, uint64_t seed, twl_state **out);
/* Rebuilds a state from a game record's text (docs/formats.md). */
TWL_API int twl_state_from_record(const twl_game *game, const char *record, twl_state **out);
/* A copy that shares nothing with state. */
TWL_API int twl_state_clone(const twl_state *state, twl_state **out);
/* Frees a state (NULL is fine). */
TWL_API void twl_state_free(twl_state *state);
/* The seat to act, -1 when the game is over, -2 on a NULL state. */
TWL_API int twl_state_current_player(const twl_state *state);
/* 1 when over, 0 when not, -1 on a NULL state. */
TWL_API int twl_state_is_terminal(const twl_state *state);
/* Actions applied since the deal; -1 on a NULL state. */
TWL_API int twl_state_move_number(const twl_state *state);
/* Fills out (room for cap) with the legal actions, ascending; returns
 * their count (0 when over) or minus an error code. */
TWL_API int twl_state_legal_actions(const twl_state *state, int32_t *out, int cap);
/* Writes size bytes of mask: 1 for each legal action, else 0 (size must
 * be the game's action count). */
TWL_API int twl_state_legal_mask(const twl_state *state, uint8_t *mask, int size);
/* Applies a legal action. TW_ERR_ILLEGAL (with the engine's reason and
 * the legal actions) or TW_ERR_GAME_OVER leave the state as it was. */
TWL_API int twl_state_apply(twl_state *state, int action);
/* Each seat's return (n: room in out): For Northwood! the stars won, the
 * Duet the victory score (0 when lost) for both seats; 0 until the end. */
TWL_API int twl_state_returns(const twl_state *state, double *out, int n);
/* 1 when the finished game was won (the medal aimed for, the Duet's last
 * gem), 0 otherwise. */
TWL_API int twl_state_is_won(const twl_state *state);
/* The record notation of an action ("respond 7E", "play 3R") into out;
 * TW_ERR_ARG for a number that is no action of the game. */
TWL_API int twl_state_action_to_string(const twl_state *state, int action, char *out, size_t size);
/* The action a notation names now, into *out (TW_ERR_PARSE if none). */
TWL_API int twl_state_string_to_action(const twl_state *state, const char *text, int *out);
/* Text of a state, snprintf-style: writes at most size bytes (out may be
 * NULL with size 0) and returns the length of the whole text, or minus an
 * error code. twl_state_view_json: what seat may see (never a hidden
 * card), as JSON; twl_state_result_json: the result (null until over);
 * twl_state_record_json: the game record (TW_ERR_ARG for a resampled
 * state, which no record can rebuild). */
TWL_API int twl_state_view_json(const twl_state *state, int seat, char *out, size_t size);
TWL_API int twl_state_result_json(const twl_state *state, char *out, size_t size);
TWL_API int twl_state_record_json(const twl_state *state, char *out, size_t size);
/* The observation tensor of seat (size floats: the game's observation
 * size), from what the seat may see only. */
TWL_API int twl_state_observation(const twl_state *state, int seat, float *out, int size);
/* A new state consistent with everything seat has seen (the engine's
 * determinize): the cards seat cannot see dealt again at random from
 * seed (never a suit the partner showed it lacks), the rest unchanged. */
TWL_API int twl_state_resample(const twl_state *state, int seat, uint64_t seed, twl_state **out);
/* Checks the engine's invariants: TWL_OK, or TW_ERR_MISMATCH and why. */
TWL_API int twl_state_check(const twl_state *state);

/* ---- Bots, the estimator, the solver -------------------------------------- */

/* A bot by name (twl_game_bot_name), its random choices from seed. */
TWL_API int twl_bot_new(const twl_game *game, const char *name, uint64_t seed, twl_bot **out);
/* Frees a bot (NULL is fine). */
TWL_API void twl_bot_free(twl_bot *bot);
/* The bot's action for the seat to act into *action (from that seat's
 * view, except the clairvoyant and open-hands bots, which see all). */
TWL_API int twl_bot_choose(twl_bot *bot, const twl_state *state, int *action);
/* Plays bot in every seat to act from state on, until the game is over
 * or max_actions (< 0: no limit) were applied, in the engine's own loop
 * (a rollout); *applied (may be NULL) gets how many. */
TWL_API int twl_bot_play(twl_bot *bot, twl_state *state, int max_actions, int *applied);
/* The hints' estimator from the acting seat's view: fills actions[] and
 * p[], margin[] (room for cap) with each legal action's chance of the
 * game's outcome (For Northwood!: hitting the visited fief's target; the
 * Duet: winning, given for played and the best only, the others -1),
 * *best with the estimator's best action. samples <= 0: the hints'
 * effort. played: an action to judge, or -1. Returns the count (0 when
 * the decision is not judged) or minus an error code. */
TWL_API int twl_state_estimate(const twl_state *state, int samples, int played, int32_t *actions, double *p,
                               double *margin, int cap, int32_t *best);
/* The hint for the acting seat, as JSON ({"action", chances, "samples"}). */
TWL_API int twl_state_hint_json(const twl_state *state, char *out, size_t size);
/* For Northwood!'s exact solver, on the true state (every card known):
 * *reachable whether the visit under way can still end on its target,
 * ok[i] (room for cap, may be NULL) whether it still can after legal
 * action i (the order of twl_state_legal_actions). TW_ERR_ARG in the
 * Duet, TW_ERR_PHASE between visits. */
TWL_API int twl_state_solve_visit(const twl_state *state, int *reachable, uint8_t *ok, int cap);

/* ---- Many games at once --------------------------------------------------- */

/* n states of game dealt from seeds seed, seed + 1, ...; a finished one is
 * dealt again from the next unused seed when stepped. */
TWL_API int twl_vec_new(const twl_game *game, int n, uint64_t seed, twl_vec **out);
/* Frees the states (NULL is fine). */
TWL_API void twl_vec_free(twl_vec *vec);
/* How many states; -1 on NULL. */
TWL_API int twl_vec_size(const twl_vec *vec);
/* State i, owned by vec (valid until the next step or free). */
TWL_API const twl_state *twl_vec_state(const twl_vec *vec, int i);
/* Writes each state's seat to act (players, n ints), observation for that
 * seat (obs, n * observation size floats), mask (masks, n * action count
 * bytes); any may be NULL. */
TWL_API int twl_vec_observe(const twl_vec *vec, int32_t *players, float *obs, uint8_t *masks);
/* Writes each state's legal actions, ascending, into actions (n rows of
 * TWL_MAX_LEGAL, the rest of a row -1) and their counts (n ints): a
 * random legal action per state then costs one draw (Python's vector
 * environment picks them so). */
#define TWL_MAX_LEGAL 64
TWL_API int twl_vec_legal(const twl_vec *vec, int32_t *actions, int32_t *counts);
/* Applies actions[i] to state i; rewards[i] gets the acting seat's
 * return when the action ended the game (else 0) and dones[i] 1, and the
 * state is then dealt again; then writes as twl_vec_observe does. An
 * illegal action stops at that state (TW_ERR_ILLEGAL, the error names i;
 * the states before it were stepped). */
TWL_API int twl_vec_step(twl_vec *vec, const int32_t *actions, double *rewards, uint8_t *dones, int32_t *players,
                         float *obs, uint8_t *masks);
/* Plays steps uniformly random legal actions from seed across the states
 * inside C (dealing finished ones again); *episodes (may be NULL) gets the
 * games finished. The C loop that the Python figures are measured by. */
TWL_API int twl_vec_random_steps(twl_vec *vec, int64_t steps, uint64_t seed, int64_t *episodes);

#ifdef __cplusplus
}
#endif

#endif
