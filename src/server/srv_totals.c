/* The history's totals and "play this deal again", shared by the web API
 * (GET /api/history/totals, the "again" of each listed game) and the
 * terminal (`trickwood history`); and adding a game finished in the
 * terminal to the same history. What a game's result means (its score,
 * its setup, the medal reached) comes from the game's table
 * (tw_game.history_facts): nothing here is written for one game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

#define TOTALS_RESULTS 40 /* results kept per setup for the charts (the latest) */

/* Counts of a set of games: played, won, scores, streaks. */
typedef struct {
    int played, won, best, sum;
    int run, best_run; /* wins in a row: the current run, the longest */
} tally;

/* Counts one game (taken oldest first). */
static void tally_add(tally *t, const tw_game_facts *f)
{
    if (!t->played || f->score > t->best)
        t->best = f->score;
    t->played++;
    t->won += f->won;
    t->sum += f->score;
    t->run = f->won ? t->run + 1 : 0;
    if (t->run > t->best_run)
        t->best_run = t->run;
}

/* The counts as JSON members of obj. */
static void tally_json(json_t *obj, const tally *t)
{
    json_object_set_new(obj, "played", json_integer(t->played));
    json_object_set_new(obj, "won", json_integer(t->won));
    json_object_set_new(obj, "win_rate", json_real(t->played ? (double)t->won / t->played : 0.0));
    json_object_set_new(obj, "best", t->played ? json_integer(t->best) : json_null());
    json_object_set_new(obj, "average", t->played ? json_real((double)t->sum / t->played) : json_null());
    json_object_set_new(obj, "streak", json_pack("{s:i, s:i}", "current", t->run, "best", t->best_run));
}

/* Adds one to a count member of an object of counts. */
static void count_key(json_t *counts, const char *key, int played, int won)
{
    json_t *c = json_object_get(counts, key);
    if (!c) {
        c = json_pack("{s:i, s:i}", "played", 0, "won", 0);
        json_object_set_new(counts, key, c);
    }
    json_object_set_new(c, "played", json_integer(json_integer_value(json_object_get(c, "played")) + played));
    json_object_set_new(c, "won", json_integer(json_integer_value(json_object_get(c, "won")) + won));
}

/* The facts of a listed game (0), or -1 when its game or result is not
 * known. */
static int item_facts(json_t *item, tw_game_facts *f)
{
    const tw_game *game = tw_game_find_record_name(json_string_value(json_object_get(item, "game")));
    if (!game || !game->history_facts)
        return -1;
    return game->history_facts(json_object_get(item, "config"), json_object_get(item, "result"), f);
}

/* The totals of one game over the listed games (newest first). */
static json_t *game_totals(const tw_game *game, json_t *games)
{
    tally all = {0};
    size_t nsetups = 0, cap = 0;
    tally *setups = NULL;
    json_t *setup_list = json_array(), *groups = json_object(), *reached = json_object();
    for (size_t i = json_array_size(games); i-- > 0;) {
        json_t *item = json_array_get(games, i);
        tw_game_facts f;
        const char *name = json_string_value(json_object_get(item, "game"));
        if (!name || strcmp(name, game->record_name) != 0 || item_facts(item, &f) != 0)
            continue;
        size_t s = 0;
        while (s < nsetups &&
               strcmp(json_string_value(json_object_get(json_array_get(setup_list, s), "setup")), f.setup) != 0)
            s++;
        if (s == nsetups) {
            if (nsetups == cap) {
                tally *grown = realloc(setups, sizeof *grown * (cap ? cap * 2 : 8));
                if (!grown) {
                    json_decref(f.again);
                    continue;
                }
                setups = grown;
                cap = cap ? cap * 2 : 8;
            }
            memset(&setups[nsetups++], 0, sizeof *setups);
            /* A setup counts the games of every partner: its config names none. */
            json_t *config = json_deep_copy(json_object_get(item, "config"));
            json_object_del(config, "partner");
            json_array_append_new(setup_list, json_pack("{s:s, s:s, s:o, s:o, s:[]}", "setup", f.setup, "group",
                                                        f.group, "config", config ? config : json_null(), "again",
                                                        f.again ? f.again : json_null(), "results"));
            f.again = NULL;
        }
        json_decref(f.again);
        tally_add(&all, &f);
        tally_add(&setups[s], &f);
        count_key(groups, f.group, 1, f.won);
        if (f.reached[0])
            count_key(reached, f.reached, 1, f.won);
        json_t *results = json_object_get(json_array_get(setup_list, s), "results");
        json_array_append_new(results, json_pack("{s:O, s:s?, s:i, s:b}", "id", json_object_get(item, "id"),
                                                 "finished_at", json_string_value(json_object_get(item, "finished_at")),
                                                 "score", f.score, "won", f.won));
        if (json_array_size(results) > TOTALS_RESULTS)
            json_array_remove(results, 0);
    }
    for (size_t s = 0; s < nsetups; s++)
        tally_json(json_array_get(setup_list, s), &setups[s]);
    free(setups);
    json_t *out = json_pack("{s:s}", "game", game->record_name);
    tally_json(out, &all);
    json_object_set_new(out, "groups", groups);
    if (json_object_size(reached))
        json_object_set_new(out, "reached", reached);
    else
        json_decref(reached);
    json_object_set_new(out, "setups", setup_list);
    return out;
}

json_t *tw_srv_history_totals(json_t *games, const char *only)
{
    json_t *list = json_array();
    for (int g = 0; g < tw_game_count; g++)
        if (!only || strcmp(only, tw_games[g]->record_name) == 0)
            json_array_append_new(list, game_totals(tw_games[g], games));
    return json_pack("{s:o}", "games", list);
}

json_t *tw_srv_again_request(json_t *item, char *setup, size_t size)
{
    tw_game_facts f;
    if (setup && size)
        setup[0] = '\0';
    if (item_facts(item, &f) != 0)
        return NULL;
    if (setup)
        snprintf(setup, size, "%s", f.setup);
    if (f.again) {
        json_object_set_new(f.again, "game", json_incref(json_object_get(item, "game")));
        json_object_set_new(f.again, "seed", json_incref(json_object_get(item, "seed")));
    }
    return f.again;
}

void tw_srv_history_annotate(json_t *games)
{
    for (size_t i = 0; i < json_array_size(games); i++) {
        json_t *item = json_array_get(games, i);
        char setup[64];
        json_t *again = tw_srv_again_request(item, setup, sizeof setup);
        if (setup[0])
            json_object_set_new(item, "setup", json_string(setup));
        json_object_set_new(item, "again", again ? again : json_null());
    }
}

/* ---- A game finished in the terminal -------------------------------------- */

/* Fills the row of a finished match: a new id, an unused seat token (the
 * game is over: nobody acts on it), the times. 0, or -1. */
static int finished_row(const tw_match *m, json_t *config, uint64_t seed, const char *partner, const char *when,
                        tw_srv_game_row *row)
{
    memset(row, 0, sizeof *row);
    char *text = json_dumps(config, JSON_COMPACT | JSON_SORT_KEYS);
    int ok = text && strlen(text) < sizeof row->config && tw_srv_new_id(row->id) == 0 &&
             tw_srv_new_token(row->token[0]) == 0;
    if (ok)
        snprintf(row->config, sizeof row->config, "%s", text);
    free(text);
    snprintf(row->game, sizeof row->game, "%s", m->game->record_name);
    row->seed = seed;
    snprintf(row->partner, sizeof row->partner, "%s", partner);
    if (when && *when)
        snprintf(row->finished_at, sizeof row->finished_at, "%s", when);
    else
        tw_now_iso(row->finished_at);
    snprintf(row->created_at, sizeof row->created_at, "%s", row->finished_at);
    return ok ? 0 : -1;
}

/* The seat and record notation of each action of a match, replayed from
 * its start. 0, or -1. */
static int match_actions(const tw_match *m, int *seats, char (*actions)[48])
{
    tw_match *r = m->game->restart(m);
    int ok = r != NULL;
    for (int i = 0; ok && i < m->count; i++) {
        seats[i] = m->game->to_act(r);
        m->game->format(r, m->actions[i], actions[i], 48);
        ok = m->game->apply(r, m->actions[i], NULL) == TW_OK;
    }
    m->game->free(r);
    return ok ? 0 : -1;
}

int tw_srv_history_add_to(tw_srv_store *store, const char *where, const tw_match *m, json_t *config, uint64_t seed,
                          const char *partner, const char *source, const char *when, char *err, size_t err_size)
{
    json_t *result = m->game->result_json(m);
    tw_buf record = {0};
    tw_srv_game_row row;
    int *seats = calloc((size_t)m->count + 1, sizeof *seats);
    char(*actions)[48] = calloc((size_t)m->count + 1, sizeof *actions);
    char *result_text = result ? json_dumps(result, JSON_COMPACT) : NULL;
    int added = -1;
    snprintf(err, err_size, "the game is not finished, or out of memory");
    if (result_text && seats && actions && m->game->record_json(m, &record) == TW_OK &&
        finished_row(m, config, seed, partner, when, &row) == 0 && match_actions(m, seats, actions) == 0) {
        added = tw_srv_store_add_finished(store, &row, source, result_text, record.data, m->count, seats, actions);
        if (added < 0)
            snprintf(err, err_size, "%s could not be written: %s", where, sqlite3_errmsg(store->db));
    }
    json_decref(result);
    free(result_text);
    tw_buf_free(&record);
    free(seats);
    free(actions);
    return added;
}

int tw_srv_history_add(const char *db_path, const tw_match *m, json_t *config, uint64_t seed, const char *partner,
                       const char *source, const char *when, char *err, size_t err_size)
{
    tw_srv_store store;
    if (tw_srv_store_open_shared(&store, db_path, err, err_size) != 0)
        return -1;
    char where[1100];
    snprintf(where, sizeof where, "the database %s", db_path);
    int added = tw_srv_history_add_to(&store, where, m, config, seed, partner, source, when, err, err_size);
    tw_srv_store_close(&store);
    return added;
}
