/* Games in memory: the table of games, starting a game from its
 * configuration, applying an action (stored before it counts), bot
 * seats, and rebuilding games from storage when the server starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

/* ---- Data ------------------------------------------------------------------ */

/* Loads the default characters and the board of each level. */
int tw_srv_init(tw_srv *srv, char *err, size_t err_size)
{
    pthread_mutex_init(&srv->games_lock, NULL);
    srv->catalog = calloc(1, sizeof *srv->catalog);
    if (!srv->catalog) {
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    tw_diag diag;
    tw_diag_init(&diag, "characters.json");
    if (tw_nw_catalog_load_default(srv->catalog, &diag) != TW_OK) {
        tw_diag_format(&diag, err, err_size);
        return -1;
    }
    for (int level = 1; level <= TW_FOX_LEVELS; level++) {
        tw_diag_init(&diag, tw_fox_level(level)->board_file);
        if (tw_fox_board_load_level(&srv->boards[level], level, &diag) != TW_OK) {
            tw_diag_format(&diag, err, err_size);
            return -1;
        }
    }
    char path[1200];
    tw_fox_board_default_path(TW_FOX_OLD_SIDE_A_FILE, path, sizeof path);
    if (tw_fox_board_load(&srv->old_side_a, path, &diag) != TW_OK) {
        tw_diag_format(&diag, err, err_size);
        return -1;
    }
    return 0;
}

/* The board file name a Fox game's record names: the old side A for the
 * games stored before side A followed a public source, else the level's. */
static const char *fox_board_ref(const tw_srv *srv, const tw_srv_game *g)
{
    if (g->board == &srv->old_side_a)
        return TW_FOX_OLD_SIDE_A_FILE;
    return tw_fox_level(g->fox_config.level)->board_file;
}

/* The board of a stored Fox game: its config names the board file since
 * side A follows a public source; a level-1 game stored before has no
 * "board" and was played on the old side A. NULL for a name this server
 * does not serve. */
static const tw_fox_board *stored_fox_board(tw_srv *srv, json_t *config, int level)
{
    json_t *name = json_object_get(config, "board");
    if (!name)
        return level == 1 ? &srv->old_side_a : &srv->boards[level];
    if (json_is_string(name) && strcmp(json_string_value(name), tw_fox_level(level)->board_file) == 0)
        return &srv->boards[level];
    return NULL;
}

/* Frees one game. */
static void game_free(tw_srv_game *g)
{
    if (!g)
        return;
    tw_fox_bot_free(g->bot);
    json_decref(g->config);
    json_decref(g->log);
    free(g->actions);
    pthread_mutex_destroy(&g->lock);
    pthread_cond_destroy(&g->changed);
    free(g);
}

/* Frees the table and the data. */
void tw_srv_free(tw_srv *srv)
{
    for (int i = 0; i < srv->game_count; i++)
        game_free(srv->games[i]);
    free(srv->games);
    free(srv->catalog);
    srv->games = NULL;
    srv->catalog = NULL;
    srv->game_count = srv->game_cap = 0;
    pthread_mutex_destroy(&srv->games_lock);
}

/* A new empty game. */
static tw_srv_game *game_alloc(void)
{
    tw_srv_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->changed, NULL);
    g->log = json_array();
    return g;
}

/* Adds a game to the table unless one with its id is there already;
 * returns the game that is in the table afterwards. */
static tw_srv_game *table_insert(tw_srv *srv, tw_srv_game *g)
{
    pthread_mutex_lock(&srv->games_lock);
    for (int i = 0; i < srv->game_count; i++)
        if (strcmp(srv->games[i]->id, g->id) == 0) {
            tw_srv_game *there = srv->games[i];
            pthread_mutex_unlock(&srv->games_lock);
            game_free(g);
            return there;
        }
    if (srv->game_count == srv->game_cap) {
        int cap = srv->game_cap ? srv->game_cap * 2 : 64;
        tw_srv_game **grown = realloc(srv->games, (size_t)cap * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&srv->games_lock);
            game_free(g);
            return NULL;
        }
        srv->games = grown;
        srv->game_cap = cap;
    }
    srv->games[srv->game_count++] = g;
    pthread_mutex_unlock(&srv->games_lock);
    return g;
}

/* Looks a game up in the table only. */
static tw_srv_game *table_find(tw_srv *srv, const char *id)
{
    tw_srv_game *found = NULL;
    pthread_mutex_lock(&srv->games_lock);
    for (int i = 0; i < srv->game_count && !found; i++)
        if (strcmp(srv->games[i]->id, id) == 0)
            found = srv->games[i];
    pthread_mutex_unlock(&srv->games_lock);
    return found;
}

/* Wakes every event stream so that it notices the shutdown. */
void tw_srv_wake_all(tw_srv *srv)
{
    pthread_mutex_lock(&srv->games_lock);
    for (int i = 0; i < srv->game_count; i++) {
        pthread_mutex_lock(&srv->games[i]->lock);
        pthread_cond_broadcast(&srv->games[i]->changed);
        pthread_mutex_unlock(&srv->games[i]->lock);
    }
    pthread_mutex_unlock(&srv->games_lock);
}

/* ---- Results and shared JSON ------------------------------------------------ */

/* Result of an ended For Northwood! game, as in records; null before. */
json_t *tw_srv_nw_result(const tw_nw_state *s)
{
    if (!tw_nw_is_over(s))
        return json_null();
    int stars = tw_nw_stars_won(s);
    return json_pack("{s:i, s:s, s:b, s:b}", "stars", stars, "medal", tw_nw_medal_key(tw_nw_medal_for(stars)), "won",
                     tw_nw_is_won(s), "stopped", s->stopped != 0);
}

/* Result of an ended Fox game, as in records; null before. */
json_t *tw_srv_fox_result(const tw_fox_state *s)
{
    if (!tw_fox_is_over(s))
        return json_null();
    return json_pack("{s:s, s:b, s:i, s:i, s:i}", "end", tw_fox_end_key(s->end), "won", tw_fox_is_won(s), "score",
                     tw_fox_score(s), "round", s->round, "gems_left", tw_fox_gems_on_board(s));
}

/* The public configuration of a For Northwood! game. */
json_t *tw_srv_nw_config_json(const tw_nw_config *c)
{
    return json_pack("{s:s, s:s}", "setup", c->setup == TW_NW_SETUP_FULL ? "full" : "intro", "medal",
                     tw_nw_medal_key(c->medal));
}

/* Follows plays and trick wins in the events of one action. */
void tw_srv_track_trick(tw_srv_last_trick *lt, const tw_fox_events *events)
{
    for (int i = 0; i < events->count; i++) {
        const tw_fox_event *ev = &events->items[i];
        if (ev->type == TW_FOX_EV_PLAY && ev->b <= 1) {
            lt->cur_seat[ev->b] = ev->a;
            lt->cur_card[ev->b] = ev->card;
        } else if (ev->type == TW_FOX_EV_TRICK_WON) {
            lt->valid = 1;
            lt->winner = ev->a;
            for (int k = 0; k < 2; k++) {
                lt->seat[k] = lt->cur_seat[k];
                lt->card[k] = lt->cur_card[k];
            }
        } else if (ev->type == TW_FOX_EV_ROUND_START) {
            lt->valid = 0;
        }
    }
}

/* {"cards": [{seat, card}, {seat, card}], "winner": seat} or null. */
json_t *tw_srv_last_trick_json(const tw_srv_last_trick *lt)
{
    if (!lt->valid)
        return json_null();
    json_t *cards = json_array();
    for (int k = 0; k < 2; k++) {
        char code[4];
        tw_fox_card_code(lt->card[k], code);
        json_array_append_new(cards, json_pack("{s:i, s:s}", "seat", lt->seat[k], "card", code));
    }
    return json_pack("{s:o, s:i}", "cards", cards, "winner", lt->winner);
}

/* ---- Starting and rebuilding ------------------------------------------------ */

/* Sets up the game's state from its configuration. 0, or -1. */
int tw_srv_game_start(tw_srv *srv, tw_srv_game *g)
{
    g->count = 0;
    memset(&g->last_trick, 0, sizeof g->last_trick);
    if (g->kind == TW_SRV_NORTHWOOD) {
        g->nw_config.offer_finish = 1; /* people play here: a decided visit may be finished */
        return tw_nw_new(&g->nw, srv->catalog, &g->nw_config, NULL) == TW_OK ? 0 : -1;
    }
    tw_fox_events *events = malloc(sizeof *events);
    if (!events)
        return -1;
    events->count = events->overflow = 0;
    int rc = tw_fox_new(&g->fox, g->board, &g->fox_config, events) == TW_OK ? 0 : -1;
    if (rc == 0)
        tw_srv_track_trick(&g->last_trick, events);
    free(events);
    return rc;
}

/* Whether the game is over. */
int tw_srv_game_over(const tw_srv_game *g)
{
    return g->kind == TW_SRV_NORTHWOOD ? tw_nw_is_over(&g->nw) : tw_fox_is_over(&g->fox);
}

/* The seat to act, or -1 when the game is over. */
int tw_srv_game_to_act(const tw_srv_game *g)
{
    if (g->kind == TW_SRV_NORTHWOOD)
        return tw_nw_is_over(&g->nw) ? -1 : 0;
    return tw_fox_to_act(&g->fox);
}

/* Appends an action to the game's list and log. 0, or -1. */
static int push_action(tw_srv_game *g, int seat, uint16_t action, const char *text)
{
    if (g->count == g->cap) {
        int cap = g->cap ? g->cap * 2 : 128;
        uint16_t *grown = realloc(g->actions, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        g->actions = grown;
        g->cap = cap;
    }
    json_t *entry = json_pack("{s:i, s:i, s:s}", "version", g->count + 1, "seat", seat, "action", text);
    if (!entry || json_array_append_new(g->log, entry) != 0)
        return -1;
    g->actions[g->count++] = action;
    return 0;
}

/* The record JSON of the game's actions (caller frees), or NULL. */
char *tw_srv_record_text(tw_srv *srv, const tw_srv_game *g)
{
    tw_buf buf = {0};
    tw_error err = TW_ERR_NOMEM;
    if (g->kind == TW_SRV_NORTHWOOD) {
        tw_nw_record *rec = calloc(1, sizeof *rec);
        if (rec && tw_nw_record_init(rec, srv->catalog, srv->catalog->count, &g->nw_config) == TW_OK) {
            err = TW_OK;
            for (int i = 0; i < g->count && !err; i++)
                err = tw_nw_record_push(rec, g->actions[i]);
            if (!err)
                err = tw_nw_record_to_json(rec, &buf);
            tw_nw_record_free(rec);
        }
        free(rec);
    } else {
        tw_fox_record *rec = calloc(1, sizeof *rec);
        if (rec && tw_fox_record_init(rec, g->board, fox_board_ref(srv, g), &g->fox_config) == TW_OK) {
            err = TW_OK;
            for (int i = 0; i < g->count && !err; i++)
                err = tw_fox_record_push(rec, g->actions[i]);
            if (!err)
                err = tw_fox_record_to_json(rec, &buf);
            tw_fox_record_free(rec);
        }
        free(rec);
    }
    if (err || buf.failed || !buf.data) {
        tw_buf_free(&buf);
        return NULL;
    }
    return buf.data;
}

/* Whether log entry i must be hidden from seat: the partner's Gift pick
 * while the second pick is still awaited (the cards have not moved). */
int tw_srv_entry_hidden(const tw_srv_game *g, int i, int seat)
{
    if (g->kind != TW_SRV_FOXDUET || i != g->count - 1 || g->fox.phase != TW_FOX_PHASE_GIFT_SECOND)
        return 0;
    json_t *entry = json_array_get(g->log, (size_t)i);
    return json_integer_value(json_object_get(entry, "seat")) != seat &&
           TW_FOX_ACTION_KIND(g->actions[i]) == TW_FOX_ACT_GIFT;
}

/* Log entries from index `from` on, as seat may see them. */
json_t *tw_srv_log_json(const tw_srv_game *g, int from, int seat)
{
    json_t *list = json_array();
    for (int i = from < 0 ? 0 : from; i < g->count; i++) {
        json_t *entry = json_deep_copy(json_array_get(g->log, (size_t)i));
        if (entry && tw_srv_entry_hidden(g, i, seat))
            json_object_set_new(entry, "action", json_null());
        json_array_append_new(list, entry);
    }
    return list;
}

/* Appends the JSON lines in buf as objects to list. */
static void append_lines(json_t *list, const tw_buf *buf)
{
    const char *p = buf->data;
    while (p && *p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        json_t *obj = json_loadb(p, len, 0, NULL);
        if (obj)
            json_array_append_new(list, obj);
        p = end ? end + 1 : NULL;
    }
}

/* Takes back the last action of the list and log (storing it failed). */
static void pop_action(tw_srv_game *g)
{
    json_array_remove(g->log, (size_t)g->count - 1);
    g->count--;
}

/* Applies a legal action for seat, stores it (with the result and record
 * when it ends the game) and only then makes it count. Events the viewer
 * may see are appended to events (may be NULL). Returns 0, or -1 when it
 * could not be applied or stored (the game is then unchanged). */
int tw_srv_apply(tw_srv *srv, tw_srv_game *g, int seat, uint16_t action, json_t *events, int viewer)
{
    char text[64];
    char *record = NULL, *result = NULL;
    char now[32] = "";
    tw_buf lines = {0};
    tw_nw_events *nw_ev = NULL;
    tw_fox_events *fox_ev = NULL;
    tw_nw_state nw_next = g->nw;
    tw_fox_state fox_next = g->fox;
    int over = 0, applied = 0;
    if (g->kind == TW_SRV_NORTHWOOD) {
        nw_ev = calloc(1, sizeof *nw_ev);
        tw_nw_action_format(action, text, (int)sizeof text);
        applied = nw_ev && tw_nw_apply(&nw_next, action, nw_ev) == TW_OK;
        over = applied && tw_nw_is_over(&nw_next);
    } else {
        fox_ev = calloc(1, sizeof *fox_ev);
        tw_fox_action_format(&g->fox, action, text, (int)sizeof text);
        applied = fox_ev && tw_fox_apply(&fox_next, action, fox_ev) == TW_OK;
        over = applied && tw_fox_is_over(&fox_next);
    }
    int rc = -1;
    if (applied && push_action(g, seat, action, text) == 0) {
        if (over) {
            json_t *res = g->kind == TW_SRV_NORTHWOOD ? tw_srv_nw_result(&nw_next) : tw_srv_fox_result(&fox_next);
            record = tw_srv_record_text(srv, g);
            result = json_dumps(res, JSON_COMPACT);
            json_decref(res);
            tw_srv_now_iso(now);
        }
        if ((!over || (record && result)) &&
            tw_srv_store_add_action(&srv->store, g->id, g->count - 1, seat, text, result, record, now) == 0)
            rc = 0;
        else
            pop_action(g);
    }
    if (rc == 0) {
        int seq = 0;
        if (g->kind == TW_SRV_NORTHWOOD) {
            g->nw = nw_next;
            tw_nw_events_to_jsonl(nw_ev, action, &seq, &lines);
        } else {
            g->fox = fox_next;
            tw_srv_track_trick(&g->last_trick, fox_ev);
            /* The viewer does not learn the partner's Gift pick while the
             * second pick is awaited: no card in the events, no text. */
            int hidden = seat != viewer && TW_FOX_ACTION_KIND(action) == TW_FOX_ACT_GIFT &&
                         fox_next.phase == TW_FOX_PHASE_GIFT_SECOND;
            tw_fox_events_to_jsonl(fox_ev, g->count - 1, hidden ? NULL : text, viewer, &seq, &lines);
        }
        if (over)
            g->finished = 1;
        if (events)
            append_lines(events, &lines);
        g->changes++;
        pthread_cond_broadcast(&g->changed);
    }
    tw_buf_free(&lines);
    free(nw_ev);
    free(fox_ev);
    free(record);
    free(result);
    return rc;
}

/* Lets a bot in seat 1 take every decision that falls to it. Returns
 * how many actions it took. */
int tw_srv_run_bots(tw_srv *srv, tw_srv_game *g, json_t *events, int viewer)
{
    int taken = 0;
    while (g->kind == TW_SRV_FOXDUET && g->seat1 == TW_SRV_SEAT_BOT && g->bot && tw_fox_to_act(&g->fox) == 1) {
        tw_fox_view view;
        tw_fox_view_of(&g->fox, 1, &view);
        tw_fox_action action;
        if (tw_srv_bot_choose(srv, g->bot, &view, &action) != TW_OK || !tw_fox_is_legal(&g->fox, action)) {
            fprintf(stderr, "trickwood serve: the bot of game %s found no legal action\n", g->id);
            break;
        }
        if (tw_srv_apply(srv, g, 1, action, events, viewer) != 0) {
            fprintf(stderr, "trickwood serve: could not store a bot action of game %s\n", g->id);
            break;
        }
        taken++;
    }
    return taken;
}

/* Creates the bot for seat 1 (its own seed, from the game's). */
int tw_srv_make_bot(tw_srv_game *g, int kind)
{
    tw_fox_bot_free(g->bot);
    g->bot = tw_fox_bot_new((tw_fox_bot_kind)kind, tw_mix64(g->seed ^ 0x626f74ULL ^ (uint64_t)g->count));
    g->bot_kind = kind;
    return g->bot ? 0 : -1;
}

/* What rebuilding from stored actions needs. */
typedef struct {
    tw_srv_game *g;
    int failed;
    int index;
    char why[160];
} replay_ctx;

/* Replays one stored action into the game (nothing is stored again). */
static void replay_one(void *ctx_, int seat, const char *text)
{
    replay_ctx *ctx = ctx_;
    tw_srv_game *g = ctx->g;
    if (ctx->failed)
        return;
    int ok = 0;
    if (g->kind == TW_SRV_NORTHWOOD) {
        tw_nw_action a;
        ok = seat == 0 && tw_nw_action_parse(text, &a) == 0 && tw_nw_apply(&g->nw, a, NULL) == TW_OK &&
             push_action(g, seat, a, text) == 0;
    } else {
        tw_fox_action a;
        tw_fox_events *ev = calloc(1, sizeof *ev);
        ok = ev && tw_fox_to_act(&g->fox) == seat && tw_fox_action_parse(&g->fox, text, &a) == 0 &&
             tw_fox_apply(&g->fox, a, ev) == TW_OK && push_action(g, seat, a, text) == 0;
        if (ok)
            tw_srv_track_trick(&g->last_trick, ev);
        free(ev);
    }
    if (!ok) {
        ctx->failed = 1;
        snprintf(ctx->why, sizeof ctx->why, "stored action %d (seat %d, \"%.60s\") does not replay", ctx->index, seat,
                 text);
    }
    ctx->index++;
}

/* Reads a config object's member as an integer (fallback when absent). */
static int config_int(json_t *config, const char *key, int fallback)
{
    json_t *v = json_object_get(config, key);
    return json_is_integer(v) ? (int)json_integer_value(v) : fallback;
}

/* Rebuilds a game from its stored row and actions. NULL (and a reason in
 * why) when it cannot be. */
static tw_srv_game *load_game(tw_srv *srv, const tw_srv_game_row *row, char *why, size_t why_size)
{
    tw_srv_game *g = game_alloc();
    if (!g) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    snprintf(g->id, sizeof g->id, "%s", row->id);
    snprintf(g->created_at, sizeof g->created_at, "%s", row->created_at);
    memcpy(g->token, row->token, sizeof g->token);
    snprintf(g->join_code, sizeof g->join_code, "%s", row->join_code);
    g->seed = row->seed;
    g->config = json_loads(row->config, 0, NULL);
    int ok = json_is_object(g->config);
    if (ok && strcmp(row->game, "northwood") == 0) {
        g->kind = TW_SRV_NORTHWOOD;
        const char *setup = json_string_value(json_object_get(g->config, "setup"));
        int medal = tw_nw_medal_from_key(json_string_value(json_object_get(g->config, "medal")));
        g->nw_config.setup = setup && strcmp(setup, "full") == 0 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO;
        g->nw_config.medal = medal > 0 ? (tw_nw_medal)medal : TW_NW_MEDAL_BRONZE;
        g->nw_config.seed = row->seed;
    } else if (ok && strcmp(row->game, "foxduet") == 0) {
        g->kind = TW_SRV_FOXDUET;
        int level = config_int(g->config, "level", 0);
        ok = level >= 1 && level <= TW_FOX_LEVELS;
        g->fox_config.level = ok ? level : 1;
        g->fox_config.dealer = config_int(g->config, "dealer", 0) & 1;
        g->fox_config.seed = row->seed;
        g->board = stored_fox_board(srv, g->config, g->fox_config.level);
        ok = ok && g->board != NULL;
        int bot = tw_fox_bot_kind_from_name(row->partner);
        if (strcmp(row->partner, "human") == 0)
            g->seat1 = TW_SRV_SEAT_HUMAN;
        else if (bot >= 0) {
            g->seat1 = TW_SRV_SEAT_BOT;
            g->bot_kind = bot;
        } else {
            g->seat1 = TW_SRV_SEAT_OPEN;
        }
    } else {
        ok = 0;
    }
    if (!ok || tw_srv_game_start(srv, g) != 0) {
        snprintf(why, why_size, "its configuration cannot start a game");
        game_free(g);
        return NULL;
    }
    replay_ctx ctx = {g, 0, 0, ""};
    if (tw_srv_store_actions(&srv->store, g->id, replay_one, &ctx) < 0 || ctx.failed) {
        snprintf(why, why_size, "%s", ctx.failed ? ctx.why : "its actions cannot be read");
        game_free(g);
        return NULL;
    }
    g->finished = row->finished_at[0] != '\0';
    if (g->seat1 == TW_SRV_SEAT_BOT && tw_srv_make_bot(g, g->bot_kind) != 0) {
        snprintf(why, why_size, "out of memory");
        game_free(g);
        return NULL;
    }
    return g;
}

/* Finds a game, loading it from storage when it is not in memory (games
 * are loaded on demand, also after a restart). An unfinished game whose
 * seat 1 is a bot to act lets it play on as it is loaded. */
tw_srv_game *tw_srv_find(tw_srv *srv, const char *id)
{
    size_t len = strlen(id);
    if (len == 0 || len >= sizeof ((tw_srv_game *)0)->id)
        return NULL;
    for (size_t i = 0; i < len; i++)
        if (!((id[i] >= 'a' && id[i] <= 'z') || (id[i] >= '0' && id[i] <= '9')))
            return NULL;
    tw_srv_game *g = table_find(srv, id);
    if (g)
        return g;
    tw_srv_game_row row;
    if (tw_srv_store_get_game(&srv->store, id, &row) != 1)
        return NULL;
    char why[200];
    g = load_game(srv, &row, why, sizeof why);
    if (!g) {
        fprintf(stderr, "trickwood serve: game %s cannot be rebuilt: %s\n", id, why);
        return NULL;
    }
    g = table_insert(srv, g);
    if (g && !g->finished) {
        pthread_mutex_lock(&g->lock);
        tw_srv_run_bots(srv, g, NULL, 0);
        pthread_mutex_unlock(&g->lock);
    }
    return g;
}

/* At start: counts the unfinished games in storage. None is rebuilt
 * here: each is loaded (and its bot plays on) when first asked for, so a
 * restart answers at once however many games are stored. */
int tw_srv_restore(tw_srv *srv, FILE *err)
{
    (void)err;
    json_t *ids = tw_srv_store_unfinished(&srv->store);
    int count = (int)json_array_size(ids);
    json_decref(ids);
    return count;
}

/* Adds a newly created game to the table. */
tw_srv_game *tw_srv_add(tw_srv *srv, tw_srv_game *g)
{
    return table_insert(srv, g);
}

/* A new game object (for srv_api.c). */
tw_srv_game *tw_srv_game_new(void)
{
    return game_alloc();
}

/* Frees a game that never reached the table. */
void tw_srv_game_discard(tw_srv_game *g)
{
    game_free(g);
}
