/* The per-game endpoints of the JSON API: create, join, give seat 1 to a
 * bot, state, actions and hints (docs/web-api.md). Every check happens
 * before anything changes, so a refused request leaves the game as it
 * was. Each seat only ever gets its own view. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

#define MAX_ACTION_TEXT 64

/* ---- Request bodies ----------------------------------------------------------- */

/* The number of texts in a NULL-ended list. */
static int list_length(const char *const *list)
{
    int n = 0;
    while (list && list[n])
        n++;
    return n;
}

/* Checks that body is an object with only the listed members (NULL
 * ended). On failure fills *out and returns -1. */
static int body_members(json_t *body, const char *const *allowed, tw_srv_reply *out)
{
    if (!json_is_object(body)) {
        *out = tw_srv_error(400, "bad_request", "the request body must be a JSON object");
        return -1;
    }
    const char *key;
    json_t *value;
    json_object_foreach(body, key, value) {
        (void)value;
        int known = 0;
        for (int i = 0; allowed[i] && !known; i++)
            known = strcmp(key, allowed[i]) == 0;
        if (!known) {
            char list[200];
            tw_srv_quote_list(allowed, list_length(allowed), ", ", list, sizeof list);
            *out = tw_srv_error(400, "bad_request", "unknown member \"%.40s\" (this request takes %s)", key, list);
            return -1;
        }
    }
    return 0;
}

/* Reads an optional text member that must be one of choices (NULL
 * ended); *index gets its position, or fallback when absent. */
static int body_choice(json_t *body, const char *key, const char *const *choices, int fallback, int *index,
                       tw_srv_reply *out)
{
    json_t *v = json_object_get(body, key);
    *index = fallback;
    if (!v)
        return 0;
    const char *text = json_string_value(v);
    for (int i = 0; text && choices[i]; i++)
        if (strcmp(text, choices[i]) == 0) {
            *index = i;
            return 0;
        }
    char list[160];
    tw_srv_quote_list(choices, list_length(choices), ", ", list, sizeof list);
    *out = tw_srv_error(400, "bad_request", "\"%s\" must be one of %s", key, list);
    return -1;
}

/* Reads an optional whole number member in [lo, hi]. */
static int body_int(json_t *body, const char *key, long long lo, long long hi, long long fallback, long long *value,
                    tw_srv_reply *out)
{
    json_t *v = json_object_get(body, key);
    *value = fallback;
    if (!v)
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        *out = tw_srv_error(400, "bad_request", "\"%s\" must be a whole number from %lld to %lld", key, lo, hi);
        return -1;
    }
    *value = json_integer_value(v);
    return 0;
}

/* Whether a text is a short name: 1 to 40 letters, digits and '-'. */
static int is_short_name(const char *text)
{
    size_t n = strlen(text);
    if (n < 1 || n > 40)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z') ||
              (text[i] >= '0' && text[i] <= '9') || text[i] == '-'))
            return 0;
    return 1;
}

/* Reads an optional true/false member (false when left out). */
static int body_flag(json_t *body, const char *key, long long *value, tw_srv_reply *out)
{
    json_t *v = json_object_get(body, key);
    *value = json_is_true(v);
    if (v && !json_is_boolean(v)) {
        *out = tw_srv_error(400, "bad_request", "\"%s\" must be true or false", key);
        return -1;
    }
    return 0;
}

/* ---- Seats ----------------------------------------------------------------------- */

/* Who the partner of seat is: {"kind": "human"|"bot"|"open", "name"};
 * null in a game of one seat. */
static json_t *partner_json(const tw_srv_game *g, int seat)
{
    if (g->game->seats < 2)
        return json_null();
    if (seat == 1 || strcmp(g->partner, "human") == 0)
        return json_pack("{s:s, s:n}", "kind", "human", "name");
    if (g->bot)
        return json_pack("{s:s, s:s}", "kind", "bot", "name", g->partner);
    return json_pack("{s:s, s:n}", "kind", "open", "name");
}

/* Stores who holds seat 1 (with the config's "partner"). 0, or -1. */
static int store_seat(tw_srv *srv, tw_srv_game *g)
{
    json_object_set_new(g->config, "partner", json_string(g->partner));
    char *config = json_dumps(g->config, JSON_COMPACT);
    int rc = config ? tw_srv_store_set_seat(&srv->store, g->id, g->token[1], g->join_code, g->partner, config) : -1;
    free(config);
    return rc;
}

/* The reply for a seat asked of a game of one seat. */
static tw_srv_reply one_seat(const tw_srv_game *g, const char *what)
{
    return tw_srv_error(409, "conflict", "%s is played alone: there is no %s", g->game->title[0], what);
}

/* ---- Create ----------------------------------------------------------------------- */

/* Reads the members of a create request for game: "game", the game's
 * options, "seed" and, with two seats, "partner" ("human" or one of the
 * game's partner bots; *partner gets it). Returns the chosen options as
 * an object, or NULL with the reply in *out. */
static json_t *create_options(const tw_game *game, json_t *body, const char **partner, tw_srv_reply *out)
{
    const char *keys[16], *partners[16];
    int n = 0, np = 0, choice = 0;
    keys[n++] = "game";
    for (const tw_game_option *o = game->options; o->key && n < 13; o++)
        keys[n++] = o->key;
    keys[n++] = "seed";
    if (game->partner_bots)
        keys[n++] = "partner";
    keys[n] = NULL;
    partners[np++] = "human";
    for (int i = 0; game->partner_bots && game->partner_bots[i] && np < 15; i++)
        partners[np++] = game->partner_bots[i];
    partners[np] = NULL;
    if (body_members(body, keys, out))
        return NULL;
    json_t *options = json_object();
    for (const tw_game_option *o = game->options; options && o->key; o++) {
        long long v;
        json_t *given = json_object_get(body, o->key);
        if (o->named && json_is_string(given)) { /* a name, checked by the game when it starts */
            if (!is_short_name(json_string_value(given))) {
                json_decref(options);
                *out = tw_srv_error(400, "bad_request",
                                    "\"%s\" must be a whole number from %d to %d or a name of at most 40 letters, "
                                    "digits and '-'",
                                    o->key, o->lo, o->hi);
                return NULL;
            }
            json_object_set(options, o->key, given);
            continue;
        }
        if (o->flag ? body_flag(body, o->key, &v, out)
            : o->choices ? body_choice(body, o->key, o->choices, 0, &choice, out)
                         : body_int(body, o->key, o->lo, o->hi, o->lo, &v, out)) {
            json_decref(options);
            return NULL;
        }
        json_object_set_new(options, o->key, o->flag      ? json_boolean(v)
                                             : o->choices ? json_string(o->choices[choice])
                                                          : json_integer(v));
    }
    choice = 0;
    if (game->partner_bots && body_choice(body, "partner", partners, 0, &choice, out)) {
        json_decref(options);
        return NULL;
    }
    *partner = partners[choice];
    if (!options)
        *out = tw_srv_error(500, "internal", "out of memory");
    return options;
}

/* Sets up a new game's configuration, seat 1 and join code from the
 * create request. 0, or -1 with the reply in *out. */
static int create_game(tw_srv_game *g, json_t *body, tw_srv_reply *out)
{
    const char *partner = "human";
    json_t *options = create_options(g->game, body, &partner, out);
    if (!options)
        return -1;
    g->config = g->game->new_config(options, g->seed);
    json_decref(options);
    if (g->game->seats < 2) {
        snprintf(g->partner, sizeof g->partner, "none");
        return 0;
    }
    if (g->config)
        json_object_set_new(g->config, "partner", json_string(partner));
    int human = strcmp(partner, "human") == 0;
    snprintf(g->partner, sizeof g->partner, "%s", human ? "open" : partner);
    if (human && tw_srv_new_join_code(g->join_code) != 0) {
        *out = tw_srv_error(500, "internal", "no random source for the join code");
        return -1;
    }
    return 0;
}

/* Stores the row of a new game. 0, or -1. */
static int store_new_game(tw_srv *srv, const tw_srv_game *g)
{
    tw_srv_game_row row;
    memset(&row, 0, sizeof row);
    char *config = json_dumps(g->config, JSON_COMPACT);
    snprintf(row.id, sizeof row.id, "%s", g->id);
    snprintf(row.game, sizeof row.game, "%s", g->game->record_name);
    snprintf(row.config, sizeof row.config, "%s", config ? config : "{}");
    row.seed = g->seed;
    memcpy(row.token, g->token, sizeof row.token);
    snprintf(row.join_code, sizeof row.join_code, "%s", g->join_code);
    snprintf(row.partner, sizeof row.partner, "%s", g->partner);
    snprintf(row.created_at, sizeof row.created_at, "%s", g->created_at);
    row.active_ms = tw_now_ms();
    free(config);
    return tw_srv_store_add_game(&srv->store, &row);
}

tw_srv_reply tw_srv_create(tw_srv *srv, json_t *body)
{
    tw_srv_reply out;
    char names[160];
    if (!json_is_object(body))
        return tw_srv_error(400, "bad_request", "the request body must be a JSON object");
    tw_srv_game_names(names, sizeof names);
    const char *name = json_string_value(json_object_get(body, "game"));
    if (!name)
        return tw_srv_error(400, "bad_request", "\"game\" is required: %s", names);
    const tw_game *game = tw_game_find_record_name(name);
    if (!game)
        return tw_srv_error(400, "bad_request", "unknown game \"%.40s\": use %s", name, names);
    long long seed;
    if (body_int(body, "seed", 0, (long long)TW_MAX_SEED, -1, &seed, &out))
        return out;
    if (seed < 0)
        seed = (long long)(tw_random_u64() & TW_MAX_SEED);
    tw_srv_game *g = tw_srv_game_new();
    if (!g)
        return tw_srv_error(500, "internal", "out of memory");
    g->game = game;
    g->seed = (uint64_t)seed;
    if (create_game(g, body, &out)) {
        tw_srv_game_discard(g);
        return out;
    }
    tw_diag why;
    tw_diag_init(&why, "config");
    if (g->config && tw_srv_game_start(g, &why) != 0 && why.message[0]) {
        /* the options named something that is not there (a challenge) */
        char text[700];
        tw_diag_format(&why, text, sizeof text);
        tw_srv_game_discard(g);
        return tw_srv_error(400, "bad_request", "%s", text);
    }
    if (tw_history_new_id(g->id) != 0 || tw_history_new_token(g->token[0]) != 0 || !g->config || !g->match ||
        (game->seats > 1 && strcmp(g->partner, "open") != 0 && !(g->bot = tw_srv_new_bot(g, g->partner)))) {
        tw_srv_game_discard(g);
        return tw_srv_error(500, "internal", "the game could not be set up");
    }
    tw_now_iso(g->created_at);
    if (store_new_game(srv, g) != 0) {
        tw_srv_game_discard(g);
        return tw_srv_error(500, "internal", "the game could not be stored");
    }
    g = tw_srv_add(srv, g);
    if (!g)
        return tw_srv_error(500, "internal", "out of memory");
    pthread_mutex_lock(&g->lock);
    tw_srv_run_bots(srv, g, NULL, 0); /* a bot that leads the first trick plays now */
    json_t *reply = json_pack("{s:s, s:s, s:i, s:s, s:i}", "id", g->id, "game", game->record_name, "seat", 0, "token",
                              g->token[0], "version", g->match->count);
    if (reply && g->join_code[0]) {
        char url[96];
        snprintf(url, sizeof url, "/#/join/%s/%s", g->id, g->join_code);
        json_object_set_new(reply, "join", json_string(g->join_code));
        json_object_set_new(reply, "join_url", json_string(url));
    }
    pthread_mutex_unlock(&g->lock);
    tw_srv_release(srv, g);
    return tw_srv_ok(201, reply);
}

/* ---- Join and bot seats ------------------------------------------------------------ */

/* The join's work under the game lock: seat 1 for the right code, stored
 * before it counts. */
static tw_srv_reply join_locked(tw_srv *srv, tw_srv_game *g, const char *code)
{
    if (g->archived)
        return tw_srv_archived(g->id);
    if (strcmp(g->partner, "open") != 0)
        return tw_srv_error(409, "conflict", "seat 1 of this table is already taken");
    if (!g->join_code[0] || !tw_srv_token_equal(g->join_code, code))
        return tw_srv_error(403, "forbidden", "this join code is not the table's");
    char token[64];
    if (tw_history_new_token(token) != 0)
        return tw_srv_error(500, "internal", "no random source for the token");
    char old_code[sizeof g->join_code];
    memcpy(old_code, g->join_code, sizeof old_code);
    snprintf(g->token[1], sizeof g->token[1], "%s", token);
    g->join_code[0] = '\0';
    snprintf(g->partner, sizeof g->partner, "human");
    if (store_seat(srv, g) != 0) {
        g->token[1][0] = '\0';
        memcpy(g->join_code, old_code, sizeof old_code);
        snprintf(g->partner, sizeof g->partner, "open");
        json_object_set_new(g->config, "partner", json_string("open"));
        return tw_srv_error(500, "internal", "the seat could not be stored");
    }
    g->changes++;
    pthread_cond_broadcast(&g->changed);
    json_t *reply = json_pack("{s:s, s:s, s:i, s:s, s:i}", "id", g->id, "game", g->game->record_name, "seat", 1,
                              "token", token, "version", g->match->count);
    return tw_srv_ok(200, reply);
}

tw_srv_reply tw_srv_join(tw_srv *srv, tw_srv_game *g, json_t *body)
{
    static const char *const keys[] = {"code", NULL};
    tw_srv_reply out;
    if (body_members(body, keys, &out))
        return out;
    const char *code = json_string_value(json_object_get(body, "code"));
    if (!code)
        return tw_srv_error(400, "bad_request", "\"code\" (the join code, a text) is required");
    if (g->game->seats < 2)
        return one_seat(g, "seat to join");
    pthread_mutex_lock(&g->lock);
    out = join_locked(srv, g, code);
    pthread_mutex_unlock(&g->lock);
    return out;
}

/* Gives seat 1 to the bot named (checked) under the game lock: stored
 * before it counts, then the bot plays while it is to act. */
static tw_srv_reply seat_bot_locked(tw_srv *srv, tw_srv_game *g, const char *name)
{
    if (g->archived)
        return tw_srv_archived(g->id);
    if (strcmp(g->partner, "human") == 0)
        return tw_srv_error(409, "conflict", "seat 1 is taken by a player");
    if (tw_srv_game_to_act(g) < 0)
        return tw_srv_error(409, "conflict", "the game is over");
    char old_partner[sizeof g->partner], old_code[sizeof g->join_code];
    memcpy(old_partner, g->partner, sizeof old_partner);
    memcpy(old_code, g->join_code, sizeof old_code);
    snprintf(g->partner, sizeof g->partner, "%s", name);
    g->join_code[0] = '\0';
    tw_game_bot *bot = tw_srv_new_bot(g, name);
    if (!bot || store_seat(srv, g) != 0) {
        g->game->bot_free(bot);
        memcpy(g->partner, old_partner, sizeof old_partner);
        memcpy(g->join_code, old_code, sizeof old_code);
        store_seat(srv, g);
        return tw_srv_error(500, "internal", "the seat could not be stored");
    }
    g->game->bot_free(g->bot);
    g->bot = bot;
    g->changes++;
    pthread_cond_broadcast(&g->changed);
    tw_srv_run_bots(srv, g, NULL, 0);
    json_t *reply = json_pack("{s:s, s:i, s:o, s:i}", "id", g->id, "seat", 1, "partner", partner_json(g, 0),
                              "version", g->match->count);
    return tw_srv_ok(200, reply);
}

tw_srv_reply tw_srv_seat_bot(tw_srv *srv, tw_srv_game *g, int seat_asked, const char *token, json_t *body)
{
    static const char *const keys[] = {"bot", NULL};
    const char *const *bots = g->game->partner_bots;
    tw_srv_reply out;
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    pthread_mutex_unlock(&g->lock);
    if (seat < 0)
        return tw_srv_bad_token(token);
    if (seat != 0)
        return tw_srv_error(403, "forbidden", "only seat 0 may give the other seat to a bot");
    if (g->game->seats < 2 || !bots)
        return one_seat(g, "seat for a bot");
    if (seat_asked != 1)
        return tw_srv_error(400, "bad_request", "only seat 1 can be given to a bot");
    int choice;
    if (body_members(body, keys, &out) || body_choice(body, "bot", bots, -1, &choice, &out))
        return out;
    if (choice < 0) {
        char list[160];
        tw_srv_quote_list(bots, list_length(bots), " or ", list, sizeof list);
        return tw_srv_error(400, "bad_request", "\"bot\" is required: %s", list);
    }
    pthread_mutex_lock(&g->lock);
    out = seat_bot_locked(srv, g, bots[choice]);
    pthread_mutex_unlock(&g->lock);
    return out;
}

/* ---- State ------------------------------------------------------------------------ */

/* The legal actions of seat in the record notation (empty when it is not
 * the seat's turn). */
static json_t *legal_json(const tw_srv_game *g, int seat)
{
    json_t *list = json_array();
    if (g->game->to_act(g->match) != seat)
        return list;
    tw_game_action actions[TW_GAME_MAX_ACTIONS];
    int n = g->game->legal(g->match, actions);
    for (int i = 0; i < n; i++) {
        char text[64];
        g->game->format(g->match, actions[i], text, (int)sizeof text);
        json_array_append_new(list, json_string(text));
    }
    return list;
}

/* The request that deals a finished game again ("play this deal
 * again"), or null when the web cannot. */
static json_t *again_json(const tw_srv_game *g, json_t *result)
{
    json_t *item = json_pack("{s:s, s:O, s:O, s:I}", "game", g->game->record_name, "config", g->config, "result",
                             result, "seed", (json_int_t)g->seed);
    json_t *again = item ? tw_history_again(item, NULL, 0) : NULL;
    json_decref(item);
    return again ? again : json_null();
}

/* The whole state object of one seat: its view only. Call with the game
 * lock held. */
static json_t *state_json(const tw_srv_game *g, int seat)
{
    const tw_game *game = g->game;
    int to_act = game->to_act(g->match);
    json_t *view = game->view_json(g->match, seat);
    if (!view)
        return NULL;
    json_t *result = game->result_json(g->match);
    json_t *state = json_pack("{s:s, s:s, s:i, s:i, s:o, s:b, s:o, s:o, s:o, s:o, s:o, s:i}", "id", g->id, "game",
                              game->record_name, "seat", seat, "version", g->match->count, "to_act",
                              to_act >= 0 ? json_integer(to_act) : json_null(), "over", to_act < 0, "result",
                              result ? result : json_null(), "partner", partner_json(g, seat), "view", view, "legal",
                              legal_json(g, seat), "log", tw_srv_log_json(g, 0, seat), "undo",
                              tw_srv_undo_depth(g, seat));
    if (state && result) /* only once over: the seed tells the deck's order */
        json_object_set_new(state, "again", again_json(g, result));
    return state;
}

/* The state of a seat as JSON text (the caller frees it): a copy of
 * the one made at the last request while the game has not changed since
 * (every action, undo and change of seat counts in changes), else made
 * now and kept. A For Northwood! state may take milliseconds to build
 * (the view and the legal actions ask whether the visit is decided); a
 * kept one costs a copy. Call with the game lock held. */
static char *seat_state(tw_srv_game *g, int seat)
{
    int keep = seat == 0 || seat == 1;
    if (keep && g->states[seat] && g->states_at[seat] == g->changes)
        return strdup(g->states[seat]);
    json_t *state = state_json(g, seat);
    char *text = state ? json_dumps(state, JSON_COMPACT) : NULL;
    json_decref(state);
    char *copy = text && keep ? strdup(text) : NULL;
    if (copy) {
        free(g->states[seat]);
        g->states[seat] = copy;
        g->states_at[seat] = g->changes;
    }
    return text;
}

tw_srv_reply tw_srv_state(tw_srv *srv, tw_srv_game *g, const char *token)
{
    (void)srv;
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    int archived = g->archived;
    char *state = seat >= 0 && !archived ? seat_state(g, seat) : NULL;
    pthread_mutex_unlock(&g->lock);
    if (archived)
        return tw_srv_archived(g->id);
    if (seat < 0)
        return tw_srv_bad_token(token);
    if (!state)
        return tw_srv_error(500, "internal", "the view could not be built");
    tw_srv_reply r = tw_srv_ok(200, NULL);
    r.text = state;
    return r;
}

/* ---- Actions ------------------------------------------------------------------------ */

/* Parses and checks an action for the seat to act. Returns 0 and the
 * action, or -1 with a 422 reply that says why (the game's reason). */
static int check_action(const tw_srv_game *g, const char *text, tw_game_action *action, tw_srv_reply *out)
{
    if (strlen(text) > MAX_ACTION_TEXT) {
        *out = tw_srv_error(422, "illegal", "the action text is too long to be an action");
        return -1;
    }
    tw_game_action legal[TW_GAME_MAX_ACTIONS];
    int n = g->game->legal(g->match, legal);
    if (g->game->parse(g->match, text, action) == 0)
        for (int i = 0; i < n; i++)
            if (legal[i] == *action)
                return 0;
    char why[512];
    g->game->reason(g->match, text, why, sizeof why);
    if (!why[0])
        snprintf(why, sizeof why, "'%s' is not legal now", text);
    *out = tw_srv_error(422, "illegal", "%s", why);
    return -1;
}

/* Checks and applies an action under the game lock (the seat, the body,
 * the version, the turn, legality), then lets a bot partner play. */
static tw_srv_reply act_locked(tw_srv *srv, tw_srv_game *g, const char *token, json_t *body)
{
    static const char *const keys[] = {"action", "version", NULL};
    tw_srv_reply out;
    int seat = tw_srv_seat_of(g, token);
    if (g->archived)
        return tw_srv_archived(g->id);
    if (seat < 0)
        return tw_srv_bad_token(token);
    json_t *version = json_object_get(body, "version");
    const char *text = json_string_value(json_object_get(body, "action"));
    if (body_members(body, keys, &out))
        return out;
    if (!text || !json_is_integer(version))
        return tw_srv_error(400, "bad_request",
                            "an action needs \"action\" (text in the record notation) and \"version\" (a number)");
    int now = g->match->count, to_act = tw_srv_game_to_act(g);
    if (json_integer_value(version) != now)
        return tw_srv_error(409, "conflict", "the game has moved on: it is at version %d, not %lld", now,
                            (long long)json_integer_value(version));
    if (to_act < 0)
        return tw_srv_error(409, "conflict", "the game is over");
    if (to_act != seat)
        return tw_srv_error(403, "not_your_turn", "it is not your turn: seat %d is to act", to_act);
    tw_game_action action;
    if (check_action(g, text, &action, &out))
        return out;
    json_t *events = json_array();
    if (tw_srv_apply(srv, g, seat, action, events, seat) != 0) {
        json_decref(events);
        return tw_srv_error(500, "internal", "the action could not be stored; nothing changed");
    }
    tw_srv_run_bots(srv, g, events, seat);
    json_t *reply = json_pack("{s:i, s:o, s:o}", "version", g->match->count, "applied", tw_srv_log_json(g, now, seat),
                              "events", events);
    return tw_srv_ok(200, reply);
}

tw_srv_reply tw_srv_act(tw_srv *srv, tw_srv_game *g, const char *token, json_t *body)
{
    pthread_mutex_lock(&g->lock);
    tw_srv_reply out = act_locked(srv, g, token, body);
    pthread_mutex_unlock(&g->lock);
    return out;
}

/* ---- Undo ------------------------------------------------------------------------- */

/* Checks an undo request under the game lock: the body, the seat, the
 * version, a game in play, a table where undo is offered and something
 * to take back. Returns how many actions to take back, or -1 with the
 * reply in *out. */
static int check_undo(const tw_srv_game *g, int seat, json_t *body, tw_srv_reply *out)
{
    static const char *const keys[] = {"version", NULL};
    json_t *version = json_object_get(body, "version");
    if (body_members(body, keys, out))
        return -1;
    if (!json_is_integer(version)) {
        *out = tw_srv_error(400, "bad_request", "an undo needs \"version\" (the version the player saw, a number)");
        return -1;
    }
    int now = g->match->count;
    if (json_integer_value(version) != now) {
        *out = tw_srv_error(409, "conflict", "the game has moved on: it is at version %d, not %lld", now,
                            (long long)json_integer_value(version));
        return -1;
    }
    if (tw_srv_game_to_act(g) < 0) {
        *out = tw_srv_error(409, "conflict", "the game is over");
        return -1;
    }
    if (g->game->seats > 1 && !g->bot) {
        *out = tw_srv_error(409, "no_undo",
                            "%s between two players has no undo: a move taken back would change what the partner "
                            "already saw",
                            g->game->title[0]);
        return -1;
    }
    int n = tw_srv_undo_depth(g, seat);
    if (n <= 0)
        *out = tw_srv_error(409, "nothing_to_undo",
                            "nothing to take back: a hidden card was shown since your last decision (or you made "
                            "none yet), so it stands");
    return n > 0 ? n : -1;
}

/* Checks and takes back the seat's last decision under the game lock. */
static tw_srv_reply undo_locked(tw_srv *srv, tw_srv_game *g, const char *token, json_t *body)
{
    tw_srv_reply out;
    int seat = tw_srv_seat_of(g, token);
    if (g->archived)
        return tw_srv_archived(g->id);
    if (seat < 0)
        return tw_srv_bad_token(token);
    int n = check_undo(g, seat, body, &out);
    if (n < 0)
        return out;
    int keep = g->match->count - n;
    json_t *undone = tw_srv_log_json(g, keep, seat);
    json_t *texts = json_array();
    for (size_t i = 0; i < json_array_size(undone); i++)
        json_array_append(texts, json_object_get(json_array_get(undone, i), "action"));
    if (tw_srv_take_back(srv, g, n) != 0) {
        json_decref(undone);
        json_decref(texts);
        return tw_srv_error(500, "internal", "the undo could not be stored; nothing changed");
    }
    json_t *reply = json_pack("{s:i, s:o, s:[{s:i, s:n, s:s, s:o}], s:i}", "version", g->match->count, "undone",
                              undone, "events", "seq", 0, "action", "type", "undo", "actions", texts, "undo",
                              tw_srv_undo_depth(g, seat));
    return reply ? tw_srv_ok(200, reply) : tw_srv_error(500, "internal", "out of memory");
}

tw_srv_reply tw_srv_undo(tw_srv *srv, tw_srv_game *g, const char *token, json_t *body)
{
    pthread_mutex_lock(&g->lock);
    tw_srv_reply out = undo_locked(srv, g, token, body);
    pthread_mutex_unlock(&g->lock);
    return out;
}

/* ---- Hints ------------------------------------------------------------------------- */

/* A hint handed to a worker: a copy of the match in, the hint out. */
typedef struct {
    tw_match *match;
    json_t *hint;
} hint_job;

/* Thinks about a hint (on a worker), from the copy only: the game's
 * hint_json decides from the seat to act's view. */
static void run_hint(void *cls)
{
    hint_job *job = cls;
    job->hint = job->match->game->hint_json(job->match);
}

tw_srv_reply tw_srv_hint(tw_srv *srv, tw_srv_game *g, const char *token)
{
    hint_job job = {NULL, NULL};
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    int to_act = tw_srv_game_to_act(g);
    int archived = g->archived;
    if (seat >= 0 && to_act >= 0 && to_act == seat && !archived)
        job.match = g->game->clone(g->match);
    pthread_mutex_unlock(&g->lock);
    tw_srv_reply reply;
    if (archived)
        reply = tw_srv_archived(g->id);
    else if (seat < 0)
        reply = tw_srv_bad_token(token);
    else if (to_act < 0)
        reply = tw_srv_error(409, "conflict", "the game is over");
    else if (to_act != seat)
        reply = tw_srv_error(403, "not_your_turn", "hints are for the seat to act: seat %d is to act", to_act);
    else if (!job.match)
        reply = tw_srv_error(500, "internal", "out of memory");
    else if (tw_srv_pool_run(srv->pool, run_hint, &job, 1) != 0) {
        reply = tw_srv_error(503, "busy", "every hint worker is busy; ask again in a moment");
        reply.retry_after = 1;
    } else if (!job.hint)
        reply = tw_srv_error(500, "internal", "no hint could be found");
    else
        reply = tw_srv_ok(200, job.hint);
    if (job.match)
        job.match->game->free(job.match);
    return reply;
}
