/* The shared library's games and states (trickwood/libtrickwood.h) over
 * the game interface (trickwood/game.h): checks every argument, turns
 * action numbers into the engines' actions, and keeps why a call failed. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/foxduet.h"
#include "trickwood/io.h"
#include "trickwood/northwood.h"
#include "twl_internal.h"

static _Thread_local char last_error[1024];

/* Sets this thread's last error and returns code. */
int twl_fail(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return code;
}

/* Clears the last error. */
int twl_ok(void)
{
    last_error[0] = '\0';
    return TWL_OK;
}

/* The library's version. */
int twl_version(void)
{
    return TWL_VERSION_MAJOR * 100 + TWL_VERSION_MINOR;
}

/* Why the last failed call failed. */
const char *twl_last_error(void)
{
    return last_error;
}

/* The name of an error code. */
const char *twl_error_name(int code)
{
    return tw_error_name((tw_error)code);
}

/* The data folder. */
const char *twl_data_dir(void)
{
    return tw_data_dir();
}

/* How many games. */
int twl_game_count(void)
{
    return tw_game_count;
}

/* The key of game i. */
const char *twl_game_key_at(int i)
{
    return i >= 0 && i < tw_game_count ? tw_games[i]->key : NULL;
}

/* The list of game keys, for messages. */
static void game_keys(char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < tw_game_count; i++) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", i ? ", " : "", tw_games[i]->key);
    }
}

/* Makes a game from its key and options. */
int twl_game_new(const char *key, const char *options_json, twl_game **out)
{
    if (!out)
        return twl_fail(TW_ERR_ARG, "twl_game_new: out is NULL");
    *out = NULL;
    char keys[128];
    game_keys(keys, sizeof keys);
    const tw_game *table = key ? tw_game_find(key) : NULL;
    if (!table)
        return twl_fail(TW_ERR_ARG, "unknown game '%s' (known: %s)", key ? key : "(null)", keys);
    json_t *config;
    if (options_json && *options_json) {
        json_error_t err;
        config = json_loads(options_json, 0, &err);
        if (!config)
            return twl_fail(TW_ERR_PARSE, "options: not JSON (line %d: %s)", err.line, err.text);
    } else {
        config = json_object();
    }
    /* "finish" proves at every decision whether a visit is decided: a
     * convenience of the program's play, off here unless asked for */
    if (config && json_is_object(config) && table == tw_game_find("northwood") && !json_object_get(config, "finish"))
        json_object_set_new(config, "finish", json_false());
    tw_diag diag;
    tw_diag_init(&diag, "options");
    tw_match *probe = table->start(config, 0, &diag);
    if (!probe) {
        json_decref(config);
        if (!diag.message[0])
            return twl_fail(TW_ERR_NOMEM, "out of memory");
        if (strncmp(diag.field, "config", 6) != 0) { /* the data, not the options */
            char text[700];
            tw_diag_format(&diag, text, sizeof text);
            return twl_fail(TW_ERR_IO, "%s cannot start (data folder %s): %s", table->key, tw_data_dir(), text);
        }
        const char *field = strncmp(diag.field, "config.", 7) == 0 ? diag.field + 7 : diag.field;
        return twl_fail(TW_ERR_PARSE, "option '%s' of %s: %s", field, table->key, diag.message);
    }
    table->free(probe);
    twl_game *g = calloc(1, sizeof *g);
    char *text = json_dumps(config, JSON_COMPACT | JSON_SORT_KEYS);
    if (!g || !text) {
        free(g);
        free(text);
        json_decref(config);
        return twl_fail(TW_ERR_NOMEM, "out of memory");
    }
    g->table = table;
    g->kind = strcmp(table->key, "northwood") == 0 ? TWL_NORTHWOOD : TWL_FOX;
    g->config = config;
    g->options = text;
    g->num_actions = (g->kind == TWL_NORTHWOOD ? TW_NW_ACT_FINISH : TW_FOX_ACT_FOREST) * TWL_ARGS;
    *out = g;
    return twl_ok();
}

/* Frees a game. */
void twl_game_free(twl_game *game)
{
    if (!game)
        return;
    json_decref(game->config);
    free(game->options);
    free(game);
}

/* The game's key. */
const char *twl_game_key(const twl_game *game)
{
    return game ? game->table->key : NULL;
}

/* The game's English title. */
const char *twl_game_title(const twl_game *game)
{
    return game ? game->table->title[TW_LANG_EN] : NULL;
}

/* The game's options as JSON. */
const char *twl_game_options(const twl_game *game)
{
    return game ? game->options : NULL;
}

/* Seats that act. */
int twl_game_num_players(const twl_game *game)
{
    return game ? game->table->seats : -1;
}

/* Distinct actions. */
int twl_game_num_actions(const twl_game *game)
{
    return game ? game->num_actions : -1;
}

/* The name of bot i. */
const char *twl_game_bot_name(const twl_game *game, int i)
{
    if (!game || i < 0)
        return NULL;
    for (int k = 0; game->table->bot_names[k]; k++)
        if (k == i)
            return game->table->bot_names[k];
    return NULL;
}

/* The engine's action for an action number. */
tw_game_action twl_engine_action(int action)
{
    return (tw_game_action)(((action / TWL_ARGS + 1) << 8) | (action % TWL_ARGS));
}

/* The action number of an engine's action. */
int twl_action_number(tw_game_action action)
{
    return ((action >> 8) - 1) * TWL_ARGS + (action & 0xFF);
}

/* Checks a state handle. */
int twl_check_state(const twl_state *state, const char *what)
{
    if (!state || !state->match)
        return twl_fail(TW_ERR_ARG, "%s: the state is NULL", what);
    return TWL_OK;
}

/* Checks a seat. */
int twl_check_seat(const twl_state *state, int seat)
{
    int seats = state->game->table->seats;
    if (seat < 0 || seat >= seats)
        return twl_fail(TW_ERR_ARG, "seat %d does not exist in %s (seats 0 to %d)", seat,
                        state->game->table->title[TW_LANG_EN], seats - 1);
    return TWL_OK;
}

/* A new state around a match. */
static int wrap(const twl_game *game, tw_match *m, int resampled, twl_state **out)
{
    twl_state *s = malloc(sizeof *s);
    if (!s) {
        game->table->free(m);
        return twl_fail(TW_ERR_NOMEM, "out of memory");
    }
    s->game = game;
    s->table = game->table;
    s->match = m;
    s->resampled = resampled;
    *out = s;
    return twl_ok();
}

/* Deals a new game. */
int twl_state_new(const twl_game *game, uint64_t seed, twl_state **out)
{
    if (!out)
        return twl_fail(TW_ERR_ARG, "twl_state_new: out is NULL");
    *out = NULL;
    if (!game)
        return twl_fail(TW_ERR_ARG, "twl_state_new: the game is NULL");
    if (seed > TW_MAX_SEED)
        return twl_fail(TW_ERR_ARG, "seed %llu is out of range (0 to 2^53-1)", (unsigned long long)seed);
    tw_diag diag;
    tw_diag_init(&diag, "options");
    tw_match *m = game->table->start(game->config, seed, &diag);
    if (!m)
        return twl_fail(diag.message[0] ? TW_ERR_PARSE : TW_ERR_NOMEM, "%s",
                        diag.message[0] ? diag.message : "out of memory");
    return wrap(game, m, 0, out);
}

/* Rebuilds a state from a record. */
int twl_state_from_record(const twl_game *game, const char *record, twl_state **out)
{
    if (!out)
        return twl_fail(TW_ERR_ARG, "twl_state_from_record: out is NULL");
    *out = NULL;
    if (!game || !record)
        return twl_fail(TW_ERR_ARG, "twl_state_from_record: the game or the record is NULL");
    tw_diag diag;
    tw_diag_init(&diag, "record");
    tw_match *m = game->table->from_record(record, "record", &diag);
    if (!m) {
        char text[700];
        tw_diag_format(&diag, text, sizeof text);
        return twl_fail(TW_ERR_PARSE, "%s", text);
    }
    return wrap(game, m, 0, out);
}

/* A copy of a state. */
int twl_state_clone(const twl_state *state, twl_state **out)
{
    if (!out)
        return twl_fail(TW_ERR_ARG, "twl_state_clone: out is NULL");
    *out = NULL;
    int err = twl_check_state(state, "twl_state_clone");
    if (err)
        return err;
    tw_match *m = state->game->table->clone(state->match);
    if (!m)
        return twl_fail(TW_ERR_NOMEM, "out of memory");
    return wrap(state->game, m, state->resampled, out);
}

/* Frees a state. */
void twl_state_free(twl_state *state)
{
    if (!state)
        return;
    state->table->free(state->match);
    free(state);
}

/* The seat to act. */
int twl_state_current_player(const twl_state *state)
{
    return state && state->match ? state->game->table->to_act(state->match) : -2;
}

/* Whether the game is over. */
int twl_state_is_terminal(const twl_state *state)
{
    return state && state->match ? tw_match_is_over(state->match) : -1;
}

/* Actions since the deal. */
int twl_state_move_number(const twl_state *state)
{
    return state && state->match ? state->match->count : -1;
}

/* The legal action numbers of a match, ascending. */
int twl_legal_numbers(const tw_match *m, int32_t *out)
{
    tw_game_action acts[TW_GAME_MAX_ACTIONS];
    int n = m->game->legal(m, acts);
    for (int i = 0; i < n; i++) {
        int32_t a = twl_action_number(acts[i]);
        int j = i;
        while (j > 0 && out[j - 1] > a) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = a;
    }
    return n;
}

/* The legal actions. */
int twl_state_legal_actions(const twl_state *state, int32_t *out, int cap)
{
    int err = twl_check_state(state, "twl_state_legal_actions");
    if (err)
        return -err;
    int32_t all[TW_GAME_MAX_ACTIONS];
    int n = twl_legal_numbers(state->match, all);
    if (!out || cap < n)
        return -twl_fail(TW_ERR_ARG, "twl_state_legal_actions: room for %d actions, %d legal", out ? cap : 0, n);
    memcpy(out, all, (size_t)n * sizeof *out);
    return n;
}

/* The mask of the legal actions. */
int twl_state_legal_mask(const twl_state *state, uint8_t *mask, int size)
{
    int err = twl_check_state(state, "twl_state_legal_mask");
    if (err)
        return err;
    if (!mask || size != state->game->num_actions)
        return twl_fail(TW_ERR_ARG, "twl_state_legal_mask: the mask must hold %d bytes (%d given)",
                        state->game->num_actions, mask ? size : 0);
    int32_t acts[TW_GAME_MAX_ACTIONS];
    int n = twl_legal_numbers(state->match, acts);
    memset(mask, 0, (size_t)size);
    for (int i = 0; i < n; i++)
        mask[acts[i]] = 1;
    return twl_ok();
}

/* Applies an action number, or says why not. */
int twl_apply_number(const twl_game *game, tw_match *m, int action)
{
    const tw_game *t = game->table;
    if (action < 0 || action >= game->num_actions)
        return twl_fail(TW_ERR_ARG, "action %d is not an action of %s (0 to %d)", action, t->title[TW_LANG_EN],
                        game->num_actions - 1);
    if (tw_match_is_over(m))
        return twl_fail(TW_ERR_GAME_OVER, "the game is over: no action applies");
    tw_game_action a = twl_engine_action(action);
    tw_error err = t->apply(m, a, NULL);
    if (err == TW_OK)
        return TWL_OK;
    char text[64], why[700];
    t->format(m, a, text, (int)sizeof text);
    t->reason(m, text, why, sizeof why);
    return twl_fail(err, "action %d (%s) is refused: %s", action, text, why[0] ? why : tw_error_name(err));
}

/* Applies an action. */
int twl_state_apply(twl_state *state, int action)
{
    int err = twl_check_state(state, "twl_state_apply");
    if (err)
        return err;
    err = twl_apply_number(state->game, state->match, action);
    return err ? err : twl_ok();
}

/* The seat-to-act's return of a finished match. */
double twl_return_of(const twl_game *game, const tw_match *m)
{
    const void *s = game->table->state(m);
    if (game->kind == TWL_NORTHWOOD)
        return tw_nw_is_over(s) ? tw_nw_stars_won(s) : 0;
    return tw_fox_score(s);
}

/* Each seat's return. */
int twl_state_returns(const twl_state *state, double *out, int n)
{
    int err = twl_check_state(state, "twl_state_returns");
    if (err)
        return err;
    int seats = state->game->table->seats;
    if (!out || n < seats)
        return twl_fail(TW_ERR_ARG, "twl_state_returns: room for %d seats needed", seats);
    for (int i = 0; i < seats; i++)
        out[i] = twl_return_of(state->game, state->match);
    return twl_ok();
}

/* Whether the finished game was won. */
int twl_state_is_won(const twl_state *state)
{
    if (!state || !state->match)
        return 0;
    const void *s = state->game->table->state(state->match);
    return state->game->kind == TWL_NORTHWOOD ? tw_nw_is_won(s) : tw_fox_is_won(s);
}

/* An action's notation. */
int twl_state_action_to_string(const twl_state *state, int action, char *out, size_t size)
{
    int err = twl_check_state(state, "twl_state_action_to_string");
    if (err)
        return err;
    if (!out || size == 0)
        return twl_fail(TW_ERR_ARG, "twl_state_action_to_string: no room for the text");
    if (action < 0 || action >= state->game->num_actions)
        return twl_fail(TW_ERR_ARG, "action %d is not an action of %s (0 to %d)", action,
                        state->game->table->title[TW_LANG_EN], state->game->num_actions - 1);
    state->game->table->format(state->match, twl_engine_action(action), out, size > 1024 ? 1024 : (int)size);
    return twl_ok();
}

/* The action a notation names. */
int twl_state_string_to_action(const twl_state *state, const char *text, int *out)
{
    int err = twl_check_state(state, "twl_state_string_to_action");
    if (err)
        return err;
    tw_game_action a;
    if (!text || !out || state->game->table->parse(state->match, text, &a) != 0 || (a & 0xFF) >= TWL_ARGS ||
        (a >> 8) < 1 || twl_action_number(a) >= state->game->num_actions)
        return twl_fail(TW_ERR_PARSE, "'%s' is not an action of %s", text ? text : "(null)",
                        state->game->table->title[TW_LANG_EN]);
    *out = twl_action_number(a);
    return twl_ok();
}

/* Copies text snprintf-style; returns its length. */
static int give_text(const char *text, size_t len, char *out, size_t size)
{
    if (out && size) {
        size_t n = len < size - 1 ? len : size - 1;
        memcpy(out, text, n);
        out[n] = '\0';
    }
    twl_ok();
    return (int)len;
}

/* Gives a JSON value as text and frees it. */
static int give_json(json_t *value, char *out, size_t size)
{
    if (!value)
        return -twl_fail(TW_ERR_NOMEM, "out of memory");
    char *text = json_dumps(value, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
    json_decref(value);
    if (!text)
        return -twl_fail(TW_ERR_NOMEM, "out of memory");
    int n = give_text(text, strlen(text), out, size);
    free(text);
    return n;
}

/* What a seat may see. */
int twl_state_view_json(const twl_state *state, int seat, char *out, size_t size)
{
    int err = twl_check_state(state, "twl_state_view_json");
    if (err || (err = twl_check_seat(state, seat)))
        return -err;
    return give_json(state->game->table->view_json(state->match, seat), out, size);
}

/* The result. */
int twl_state_result_json(const twl_state *state, char *out, size_t size)
{
    int err = twl_check_state(state, "twl_state_result_json");
    if (err)
        return -err;
    json_t *r = state->game->table->result_json(state->match);
    return give_json(r ? r : json_null(), out, size);
}

/* The record. */
int twl_state_record_json(const twl_state *state, char *out, size_t size)
{
    int err = twl_check_state(state, "twl_state_record_json");
    if (err)
        return -err;
    if (state->resampled)
        return -twl_fail(TW_ERR_ARG, "a resampled state has no record: its hidden cards were dealt again");
    tw_buf buf = {0};
    tw_error e = state->game->table->record_json(state->match, &buf);
    if (e != TW_OK || buf.failed) {
        tw_buf_free(&buf);
        return -twl_fail(e ? (int)e : TW_ERR_NOMEM, "the record could not be written: %s", tw_error_name(e));
    }
    int n = give_text(buf.data ? buf.data : "", buf.len, out, size);
    tw_buf_free(&buf);
    return n;
}

/* The engine state behind a match, writable: the match is the caller's
 * own (not const), and state() only reads it. */
void *twl_engine_state(tw_match *m)
{
    return (void *)(uintptr_t)m->game->state(m);
}

/* A state dealt again from what seat has seen. */
int twl_state_resample(const twl_state *state, int seat, uint64_t seed, twl_state **out)
{
    if (!out)
        return twl_fail(TW_ERR_ARG, "twl_state_resample: out is NULL");
    *out = NULL;
    int err = twl_check_state(state, "twl_state_resample");
    if (err || (err = twl_check_seat(state, seat)))
        return err;
    tw_match *m = state->game->table->clone(state->match);
    if (!m)
        return twl_fail(TW_ERR_NOMEM, "out of memory");
    if (state->game->kind == TWL_NORTHWOOD) {
        tw_nw_state *s = twl_engine_state(m);
        tw_nw_view view;
        tw_nw_view_of(s, &view);
        tw_nw_determinize(&view, seed, s);
    } else {
        tw_fox_state *s = twl_engine_state(m);
        tw_fox_view view;
        tw_fox_view_of(s, seat, &view);
        tw_fox_determinize(&view, seed, s);
    }
    return wrap(state->game, m, 1, out);
}

/* Checks the engine's invariants. */
int twl_state_check(const twl_state *state)
{
    int err = twl_check_state(state, "twl_state_check");
    if (err)
        return err;
    const char *why = NULL;
    if (!state->game->table->check(state->match, &why))
        return twl_fail(TW_ERR_MISMATCH, "the state is unsound: %s", why ? why : "?");
    return twl_ok();
}
