/* The per-game endpoints of the JSON API: create, join, give seat 1 to a
 * bot, state, actions and hints (docs/web-api.md). Every check happens
 * before anything changes, so a refused request leaves the game as it
 * was. Each seat only ever gets its own view. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

static const char ID_ALPHABET[] = "abcdefghijkmnpqrstuvwxyz23456789";
static const char TOKEN_ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
static const char CODE_ALPHABET[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
#define ID_LENGTH 12
#define TOKEN_LENGTH 32
#define CODE_LENGTH 8
#define MAX_ACTION_TEXT 64

/* ---- Request bodies ----------------------------------------------------------- */

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
            char list[200] = "";
            for (int i = 0; allowed[i]; i++) {
                size_t len = strlen(list);
                snprintf(list + len, sizeof list - len, "%s\"%s\"", i ? ", " : "", allowed[i]);
            }
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
    char list[160] = "";
    for (int i = 0; choices[i]; i++) {
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s\"%s\"", i ? ", " : "", choices[i]);
    }
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

/* ---- Seats ----------------------------------------------------------------------- */

int tw_srv_seat_of(const tw_srv_game *g, const char *token)
{
    if (!token || !*token)
        return -1;
    for (int seat = 0; seat < 2; seat++)
        if (g->token[seat][0] && tw_srv_token_equal(g->token[seat], token))
            return seat;
    return -1;
}

/* The reply for a missing or wrong token. */
static tw_srv_reply bad_token(const char *token)
{
    if (!token || !*token)
        return tw_srv_error(403, "forbidden",
                            "this request needs a seat token (Authorization: Bearer TOKEN, or ?token=TOKEN)");
    return tw_srv_error(403, "forbidden", "this token does not open a seat at this table");
}

/* Names a seat-1 holder for storage ("open", "human" or the bot kind). */
static const char *partner_key(const tw_srv_game *g)
{
    if (g->kind == TW_SRV_NORTHWOOD)
        return "none";
    if (g->seat1 == TW_SRV_SEAT_HUMAN)
        return "human";
    if (g->seat1 == TW_SRV_SEAT_BOT)
        return tw_fox_bot_kind_name((tw_fox_bot_kind)g->bot_kind);
    return "open";
}

/* Who the partner of seat is: {"kind": "human"|"bot"|"open", "name"}. */
static json_t *partner_json(const tw_srv_game *g, int seat)
{
    if (g->kind == TW_SRV_NORTHWOOD)
        return json_null();
    if (seat == 1 || g->seat1 == TW_SRV_SEAT_HUMAN)
        return json_pack("{s:s, s:n}", "kind", "human", "name");
    if (g->seat1 == TW_SRV_SEAT_BOT)
        return json_pack("{s:s, s:s}", "kind", "bot", "name", partner_key(g));
    return json_pack("{s:s, s:n}", "kind", "open", "name");
}

/* Stores who holds seat 1 (with the config's "partner"). 0, or -1. */
static int store_seat(tw_srv *srv, tw_srv_game *g)
{
    json_object_set_new(g->config, "partner", json_string(partner_key(g)));
    char *config = json_dumps(g->config, JSON_COMPACT);
    int rc = config ? tw_srv_store_set_seat(&srv->store, g->id, g->token[1], g->join_code, partner_key(g), config)
                    : -1;
    free(config);
    return rc;
}

/* ---- Create ----------------------------------------------------------------------- */

/* Fills the configuration of a new For Northwood! game from the body. */
static int create_northwood(tw_srv_game *g, json_t *body, uint64_t seed, tw_srv_reply *out)
{
    static const char *const keys[] = {"game", "setup", "medal", "seed", NULL};
    static const char *const setups[] = {"intro", "full", NULL};
    static const char *const medals[] = {"bronze", "silver", "gold", NULL};
    int setup, medal;
    if (body_members(body, keys, out) || body_choice(body, "setup", setups, 0, &setup, out) ||
        body_choice(body, "medal", medals, 0, &medal, out))
        return -1;
    g->kind = TW_SRV_NORTHWOOD;
    g->nw_config.setup = setup ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO;
    g->nw_config.medal = (tw_nw_medal)(TW_NW_MEDAL_BRONZE + medal);
    g->nw_config.seed = seed;
    g->config = tw_srv_nw_config_json(&g->nw_config);
    return 0;
}

/* Fills the configuration of a new Fox game from the body. */
static int create_fox(tw_srv *srv, tw_srv_game *g, json_t *body, uint64_t seed, tw_srv_reply *out)
{
    static const char *const keys[] = {"game", "level", "seed", "partner", NULL};
    static const char *const partners[] = {"human", "rule", "strong", "random", NULL};
    long long level;
    int partner;
    if (body_members(body, keys, out) || body_int(body, "level", 1, TW_FOX_LEVELS, 1, &level, out) ||
        body_choice(body, "partner", partners, 0, &partner, out))
        return -1;
    g->kind = TW_SRV_FOXDUET;
    g->fox_config.level = (int)level;
    g->fox_config.dealer = (int)(tw_mix64(seed ^ 0xDEA1ULL) & 1); /* as the terminal game does */
    g->fox_config.seed = seed;
    g->board = &srv->boards[level];
    if (partner == 0) {
        g->seat1 = TW_SRV_SEAT_OPEN;
        if (tw_srv_random_text(g->join_code, CODE_LENGTH, CODE_ALPHABET) != 0) {
            *out = tw_srv_error(500, "internal", "no random source for the join code");
            return -1;
        }
    } else {
        g->seat1 = TW_SRV_SEAT_BOT;
        g->bot_kind = tw_fox_bot_kind_from_name(partners[partner]);
    }
    g->config = json_pack("{s:i, s:i, s:s, s:s}", "level", (int)level, "dealer", g->fox_config.dealer, "board",
                          tw_fox_level((int)level)->board_file, "partner", partners[partner]);
    return 0;
}

tw_srv_reply tw_srv_create(tw_srv *srv, json_t *body)
{
    tw_srv_reply out;
    if (!json_is_object(body))
        return tw_srv_error(400, "bad_request", "the request body must be a JSON object");
    const char *game = json_string_value(json_object_get(body, "game"));
    if (!game)
        return tw_srv_error(400, "bad_request", "\"game\" is required: \"northwood\" or \"foxduet\"");
    if (strcmp(game, "northwood") != 0 && strcmp(game, "foxduet") != 0)
        return tw_srv_error(400, "bad_request", "unknown game \"%.40s\": use \"northwood\" or \"foxduet\"", game);
    long long seed;
    if (body_int(body, "seed", 0, (long long)TW_MAX_SEED, -1, &seed, &out))
        return out;
    if (seed < 0)
        seed = (long long)(tw_srv_random_u64() & TW_MAX_SEED);
    tw_srv_game *g = tw_srv_game_new();
    if (!g)
        return tw_srv_error(500, "internal", "out of memory");
    g->seed = (uint64_t)seed;
    int bad = strcmp(game, "northwood") == 0 ? create_northwood(g, body, g->seed, &out)
                                              : create_fox(srv, g, body, g->seed, &out);
    if (bad) {
        tw_srv_game_discard(g);
        return out;
    }
    if (tw_srv_random_text(g->id, ID_LENGTH, ID_ALPHABET) != 0 ||
        tw_srv_random_text(g->token[0], TOKEN_LENGTH, TOKEN_ALPHABET) != 0 || !g->config ||
        tw_srv_game_start(srv, g) != 0 || (g->seat1 == TW_SRV_SEAT_BOT && tw_srv_make_bot(g, g->bot_kind) != 0)) {
        tw_srv_game_discard(g);
        return tw_srv_error(500, "internal", "the game could not be set up");
    }
    tw_srv_now_iso(g->created_at);
    tw_srv_game_row row;
    memset(&row, 0, sizeof row);
    char *config = json_dumps(g->config, JSON_COMPACT);
    snprintf(row.id, sizeof row.id, "%s", g->id);
    snprintf(row.game, sizeof row.game, "%s", game);
    snprintf(row.config, sizeof row.config, "%s", config ? config : "{}");
    row.seed = g->seed;
    memcpy(row.token, g->token, sizeof row.token);
    snprintf(row.join_code, sizeof row.join_code, "%s", g->join_code);
    snprintf(row.partner, sizeof row.partner, "%s", partner_key(g));
    snprintf(row.created_at, sizeof row.created_at, "%s", g->created_at);
    free(config);
    if (tw_srv_store_add_game(&srv->store, &row) != 0) {
        tw_srv_game_discard(g);
        return tw_srv_error(500, "internal", "the game could not be stored");
    }
    g = tw_srv_add(srv, g);
    if (!g)
        return tw_srv_error(500, "internal", "out of memory");
    pthread_mutex_lock(&g->lock);
    tw_srv_run_bots(srv, g, NULL, 0); /* a bot that leads the first trick plays now */
    json_t *reply = json_pack("{s:s, s:s, s:i, s:s, s:i}", "id", g->id, "game", game, "seat", 0, "token", g->token[0],
                              "version", g->count);
    if (reply && g->join_code[0]) {
        char url[96];
        snprintf(url, sizeof url, "/#/join/%s/%s", g->id, g->join_code);
        json_object_set_new(reply, "join", json_string(g->join_code));
        json_object_set_new(reply, "join_url", json_string(url));
    }
    pthread_mutex_unlock(&g->lock);
    return tw_srv_ok(201, reply);
}

/* ---- Join and bot seats ------------------------------------------------------------ */

tw_srv_reply tw_srv_join(tw_srv *srv, tw_srv_game *g, json_t *body)
{
    static const char *const keys[] = {"code", NULL};
    tw_srv_reply out;
    if (body_members(body, keys, &out))
        return out;
    const char *code = json_string_value(json_object_get(body, "code"));
    if (!code)
        return tw_srv_error(400, "bad_request", "\"code\" (the join code, a text) is required");
    if (g->kind == TW_SRV_NORTHWOOD)
        return tw_srv_error(409, "conflict", "For Northwood! is played alone: there is no seat to join");
    pthread_mutex_lock(&g->lock);
    if (g->seat1 != TW_SRV_SEAT_OPEN) {
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(409, "conflict", "seat 1 of this table is already taken");
    }
    if (!g->join_code[0] || !tw_srv_token_equal(g->join_code, code)) {
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(403, "forbidden", "this join code is not the table's");
    }
    char token[TOKEN_LENGTH + 1];
    if (tw_srv_random_text(token, TOKEN_LENGTH, TOKEN_ALPHABET) != 0) {
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(500, "internal", "no random source for the token");
    }
    char old_code[sizeof g->join_code];
    memcpy(old_code, g->join_code, sizeof old_code);
    snprintf(g->token[1], sizeof g->token[1], "%s", token);
    g->join_code[0] = '\0';
    g->seat1 = TW_SRV_SEAT_HUMAN;
    if (store_seat(srv, g) != 0) {
        g->token[1][0] = '\0';
        memcpy(g->join_code, old_code, sizeof old_code);
        g->seat1 = TW_SRV_SEAT_OPEN;
        json_object_set_new(g->config, "partner", json_string("open"));
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(500, "internal", "the seat could not be stored");
    }
    g->changes++;
    pthread_cond_broadcast(&g->changed);
    json_t *reply = json_pack("{s:s, s:s, s:i, s:s, s:i}", "id", g->id, "game", "foxduet", "seat", 1, "token", token,
                              "version", g->count);
    pthread_mutex_unlock(&g->lock);
    return tw_srv_ok(200, reply);
}

tw_srv_reply tw_srv_seat_bot(tw_srv *srv, tw_srv_game *g, int seat_asked, const char *token, json_t *body)
{
    static const char *const keys[] = {"bot", NULL};
    static const char *const bots[] = {"rule", "strong", "random", NULL};
    tw_srv_reply out;
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    pthread_mutex_unlock(&g->lock);
    if (seat < 0)
        return bad_token(token);
    if (seat != 0)
        return tw_srv_error(403, "forbidden", "only seat 0 may give the other seat to a bot");
    if (g->kind == TW_SRV_NORTHWOOD)
        return tw_srv_error(409, "conflict", "For Northwood! is played alone: there is no seat for a bot");
    if (seat_asked != 1)
        return tw_srv_error(400, "bad_request", "only seat 1 can be given to a bot");
    int choice;
    if (body_members(body, keys, &out) || body_choice(body, "bot", bots, -1, &choice, &out))
        return out;
    if (choice < 0)
        return tw_srv_error(400, "bad_request", "\"bot\" is required: \"rule\", \"strong\" or \"random\"");
    pthread_mutex_lock(&g->lock);
    if (g->seat1 == TW_SRV_SEAT_HUMAN) {
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(409, "conflict", "seat 1 is taken by a player");
    }
    if (tw_srv_game_over(g)) {
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(409, "conflict", "the game is over");
    }
    tw_srv_seat_kind old_seat = g->seat1;
    int old_kind = g->bot_kind;
    char old_code[sizeof g->join_code];
    memcpy(old_code, g->join_code, sizeof old_code);
    g->seat1 = TW_SRV_SEAT_BOT;
    g->bot_kind = tw_fox_bot_kind_from_name(bots[choice]);
    g->join_code[0] = '\0';
    if (store_seat(srv, g) != 0 || tw_srv_make_bot(g, g->bot_kind) != 0) {
        g->seat1 = old_seat;
        g->bot_kind = old_kind;
        memcpy(g->join_code, old_code, sizeof old_code);
        store_seat(srv, g);
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(500, "internal", "the seat could not be stored");
    }
    g->changes++;
    pthread_cond_broadcast(&g->changed);
    tw_srv_run_bots(srv, g, NULL, 0);
    json_t *reply = json_pack("{s:s, s:i, s:o, s:i}", "id", g->id, "seat", 1, "partner", partner_json(g, 0),
                              "version", g->count);
    pthread_mutex_unlock(&g->lock);
    return tw_srv_ok(200, reply);
}

/* ---- State ------------------------------------------------------------------------ */

/* The legal actions of seat in the record notation (empty when it is not
 * the seat's turn). */
static json_t *legal_json(const tw_srv_game *g, int seat)
{
    json_t *list = json_array();
    char text[64];
    if (g->kind == TW_SRV_NORTHWOOD) {
        tw_nw_action actions[TW_NW_MAX_ACTIONS];
        int n = tw_nw_legal_actions(&g->nw, actions);
        for (int i = 0; i < n; i++)
            json_array_append_new(list, json_string(tw_nw_action_format(actions[i], text, (int)sizeof text)));
    } else if (tw_fox_to_act(&g->fox) == seat) {
        tw_fox_view view;
        tw_fox_view_of(&g->fox, seat, &view);
        tw_fox_action actions[TW_FOX_MAX_ACTIONS];
        int n = tw_fox_view_legal_actions(&view, actions);
        for (int i = 0; i < n; i++)
            json_array_append_new(list,
                                  json_string(tw_fox_action_format(&view.visible, actions[i], text, (int)sizeof text)));
    }
    return list;
}

/* The view of seat: built from tw_nw_view_of / tw_fox_view_of only. */
static json_t *view_json(tw_srv *srv, const tw_srv_game *g, int seat)
{
    if (g->kind == TW_SRV_NORTHWOOD) {
        tw_nw_view *view = malloc(sizeof *view);
        json_t *obj = NULL;
        if (view) {
            tw_nw_view_of(&g->nw, view);
            obj = tw_nw_view_json(view, srv->catalog);
        }
        free(view);
        return obj;
    }
    tw_fox_view view;
    tw_fox_view_of(&g->fox, seat, &view);
    json_t *obj = tw_fox_view_json(&view, g->board);
    if (obj)
        json_object_set_new(obj, "last_trick", tw_srv_last_trick_json(&g->last_trick));
    return obj;
}

/* The whole state object of one seat. Call with the game lock held. */
static json_t *state_json(tw_srv *srv, const tw_srv_game *g, int seat)
{
    int to_act = tw_srv_game_to_act(g);
    json_t *view = view_json(srv, g, seat);
    if (!view)
        return NULL;
    json_t *result = g->kind == TW_SRV_NORTHWOOD ? tw_srv_nw_result(&g->nw) : tw_srv_fox_result(&g->fox);
    return json_pack("{s:s, s:s, s:i, s:i, s:o, s:b, s:o, s:o, s:o, s:o, s:o}", "id", g->id, "game",
                     g->kind == TW_SRV_NORTHWOOD ? "northwood" : "foxduet", "seat", seat, "version", g->count,
                     "to_act", to_act >= 0 ? json_integer(to_act) : json_null(), "over", tw_srv_game_over(g),
                     "result", result, "partner", partner_json(g, seat), "view", view, "legal", legal_json(g, seat),
                     "log", tw_srv_log_json(g, 0, seat));
}

tw_srv_reply tw_srv_state(tw_srv *srv, tw_srv_game *g, const char *token)
{
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    json_t *state = seat >= 0 ? state_json(srv, g, seat) : NULL;
    pthread_mutex_unlock(&g->lock);
    if (seat < 0)
        return bad_token(token);
    if (!state)
        return tw_srv_error(500, "internal", "the view could not be built");
    return tw_srv_ok(200, state);
}

/* ---- Actions ------------------------------------------------------------------------ */

/* Parses and checks an action for the seat to act. Returns 0 and the
 * action, or -1 with a 422 reply that says why. */
static int check_action(const tw_srv_game *g, const char *text, uint16_t *action, tw_srv_reply *out)
{
    char why[256] = "";
    if (strlen(text) > MAX_ACTION_TEXT) {
        *out = tw_srv_error(422, "illegal", "the action text is too long to be an action");
        return -1;
    }
    if (g->kind == TW_SRV_NORTHWOOD) {
        tw_nw_action a = 0;
        if (tw_nw_action_parse(text, &a) != 0)
            snprintf(why, sizeof why,
                     "'%s' is not an action: use the record notation, for example 'visit 3', 'proceed' or "
                     "'respond 7E'",
                     text);
        else if (!tw_nw_is_legal(&g->nw, a))
            tw_nw_illegal_reason(&g->nw, a, why, sizeof why);
        if (!why[0] && !tw_nw_is_legal(&g->nw, a))
            snprintf(why, sizeof why, "'%s' is not legal now", text);
        *action = a;
    } else {
        tw_fox_action a = TW_FOX_NO_ACTION;
        if (tw_fox_action_parse(&g->fox, text, &a) != 0 || !tw_fox_is_legal(&g->fox, a))
            tw_srv_fox_reason(&g->fox, text, why, sizeof why);
        *action = a;
    }
    if (why[0]) {
        *out = tw_srv_error(422, "illegal", "%s", why);
        return -1;
    }
    return 0;
}

tw_srv_reply tw_srv_act(tw_srv *srv, tw_srv_game *g, const char *token, json_t *body)
{
    static const char *const keys[] = {"action", "version", NULL};
    tw_srv_reply out;
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    if (seat < 0) {
        pthread_mutex_unlock(&g->lock);
        return bad_token(token);
    }
    json_t *version = json_object_get(body, "version");
    const char *text = json_string_value(json_object_get(body, "action"));
    if (body_members(body, keys, &out)) {
        pthread_mutex_unlock(&g->lock);
        return out;
    }
    if (!text || !json_is_integer(version)) {
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(400, "bad_request",
                            "an action needs \"action\" (text in the record notation) and \"version\" (a number)");
    }
    if (json_integer_value(version) != g->count) {
        int now = g->count;
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(409, "conflict", "the game has moved on: it is at version %d, not %lld", now,
                            (long long)json_integer_value(version));
    }
    if (tw_srv_game_over(g)) {
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(409, "conflict", "the game is over");
    }
    if (tw_srv_game_to_act(g) != seat) {
        int other = tw_srv_game_to_act(g);
        pthread_mutex_unlock(&g->lock);
        return tw_srv_error(403, "not_your_turn", "it is not your turn: seat %d is to act", other);
    }
    uint16_t action;
    if (check_action(g, text, &action, &out)) {
        pthread_mutex_unlock(&g->lock);
        return out;
    }
    int from = g->count;
    json_t *events = json_array();
    if (tw_srv_apply(srv, g, seat, action, events, seat) != 0) {
        pthread_mutex_unlock(&g->lock);
        json_decref(events);
        return tw_srv_error(500, "internal", "the action could not be stored; nothing changed");
    }
    tw_srv_run_bots(srv, g, events, seat);
    json_t *reply = json_pack("{s:i, s:o, s:o}", "version", g->count, "applied", tw_srv_log_json(g, from, seat),
                              "events", events);
    pthread_mutex_unlock(&g->lock);
    return tw_srv_ok(200, reply);
}

/* ---- Hints ------------------------------------------------------------------------- */

/* A probability for JSON: null when the bot gives none (< 0). */
static json_t *probability(double p)
{
    return p < 0 ? json_null() : json_real(p);
}

/* A hint handed to a worker: the copied view in, the hint out. */
typedef struct {
    tw_srv_kind kind;
    uint64_t seed;
    tw_nw_view *nw_view;
    tw_fox_view fox_view;
    int failed;
    tw_nw_hint nw_hint;
    tw_fox_hint fox_hint;
} hint_job;

/* Thinks about a hint (on a worker), from the copied view only. */
static void run_hint(void *cls)
{
    hint_job *job = cls;
    if (job->kind == TW_SRV_NORTHWOOD) {
        tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, job->seed);
        if (!bot) {
            job->failed = 1;
            return;
        }
        job->nw_hint = tw_nw_hint_for(bot, job->nw_view);
        tw_nw_bot_free(bot);
        return;
    }
    tw_fox_bot *bot = tw_fox_bot_new(TW_FOX_BOT_STRONG, job->seed);
    if (!bot) {
        job->failed = 1;
        return;
    }
    job->fox_hint = tw_fox_hint_for(bot, &job->fox_view);
    tw_fox_bot_free(bot);
}

/* The reply of a computed hint. */
static tw_srv_reply hint_reply(const hint_job *job)
{
    char text[64];
    if (job->kind == TW_SRV_NORTHWOOD) {
        tw_nw_action_format(job->nw_hint.action, text, (int)sizeof text);
        return tw_srv_ok(200, json_pack("{s:s, s:o, s:o, s:i}", "action", text, "p_target",
                                        probability(job->nw_hint.p_target), "p_medal",
                                        probability(job->nw_hint.p_medal), "samples", job->nw_hint.samples));
    }
    if (job->fox_hint.action == TW_FOX_NO_ACTION)
        return tw_srv_error(500, "internal", "no hint could be found");
    tw_fox_action_format(&job->fox_view.visible, job->fox_hint.action, text, (int)sizeof text);
    return tw_srv_ok(200, json_pack("{s:s, s:o, s:i}", "action", text, "p_win", probability(job->fox_hint.p_win),
                                    "samples", job->fox_hint.samples));
}

tw_srv_reply tw_srv_hint(tw_srv *srv, tw_srv_game *g, const char *token)
{
    hint_job *job = calloc(1, sizeof *job);
    if (!job)
        return tw_srv_error(500, "internal", "out of memory");
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    int over = tw_srv_game_over(g);
    int to_act = tw_srv_game_to_act(g);
    job->kind = g->kind;
    job->seed = tw_mix64(g->seed ^ 0x68696e74ULL ^ (uint64_t)g->count);
    if (seat >= 0 && !over && to_act == seat) {
        if (g->kind == TW_SRV_NORTHWOOD) {
            job->nw_view = malloc(sizeof *job->nw_view);
            if (job->nw_view)
                tw_nw_view_of(&g->nw, job->nw_view);
            else
                job->failed = 1;
        } else {
            tw_fox_view_of(&g->fox, seat, &job->fox_view);
        }
    }
    pthread_mutex_unlock(&g->lock);
    tw_srv_reply reply;
    if (seat < 0)
        reply = bad_token(token);
    else if (over)
        reply = tw_srv_error(409, "conflict", "the game is over");
    else if (to_act != seat)
        reply = tw_srv_error(403, "not_your_turn", "hints are for the seat to act: seat %d is to act", to_act);
    else if (job->failed)
        reply = tw_srv_error(500, "internal", "out of memory");
    else if (tw_srv_pool_run(srv->pool, run_hint, job, 1) != 0) {
        reply = tw_srv_error(503, "busy", "every hint worker is busy; ask again in a moment");
        reply.retry_after = 1;
    } else if (job->failed)
        reply = tw_srv_error(500, "internal", "out of memory");
    else
        reply = hint_reply(job);
    free(job->nw_view);
    free(job);
    return reply;
}
