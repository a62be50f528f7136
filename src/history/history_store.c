/* Finished games in the database: the history list (newest first), one
 * game's stored record and result, and adding a match that finished
 * elsewhere (the terminal, an imported record file) with its actions, in
 * one short transaction. A game added from elsewhere names its source
 * ("terminal:FILE", "import:HASH"), unique in the file, so that adding it
 * twice keeps one row. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/history.h"
#include "trickwood/notes.h"
#include "trickwood/system.h"

/* Parses stored JSON text (written by this program); null when broken. */
static json_t *stored_json(const char *text)
{
    json_t *v = text ? json_loads(text, 0, NULL) : NULL;
    return v ? v : json_null();
}

/* A text column as a C string (NULL for NULL). */
static const char *column_str(tw_sql_stmt *st, int col)
{
    return tw_sql_column_text(st, col);
}

/* Where a finished game came from, by its source: "web" (none), an
 * imported record file ("import:..."), or the terminal. */
static const char *source_origin(const char *source)
{
    if (!source)
        return "web";
    return strncmp(source, "import:", 7) == 0 ? "import" : "terminal";
}

/* The history list, newest first. */
json_t *tw_history_list(tw_history_db *h, const char *game, int limit)
{
    json_t *list = json_array();
    pthread_mutex_lock(&h->lock);
    const char *sql = "SELECT id, game, created_at, finished_at, config, result, seed, source FROM games"
                      " WHERE finished_at IS NOT NULL AND (?1 IS NULL OR game = ?1)"
                      " ORDER BY finished_at DESC, rowid DESC LIMIT ?2";
    tw_sql_stmt *st = tw_sql_prepare(h->db, sql);
    if (st) {
        tw_sql_bind_opt(st, 1, game);
        tw_sql_bind_int64(st, 2, limit < 0 ? INT64_MAX : limit); /* no LIMIT -1 in PostgreSQL */
        while (tw_sql_step(st) == TW_SQL_ROW) {
            json_t *item = json_pack("{s:s?, s:s?, s:s?, s:s?, s:o, s:o, s:I, s:s}", "id", column_str(st, 0), "game",
                                     column_str(st, 1), "created_at", column_str(st, 2), "finished_at",
                                     column_str(st, 3), "config", stored_json(column_str(st, 4)),
                                     "result", stored_json(column_str(st, 5)), "seed",
                                     (json_int_t)tw_sql_column_int64(st, 6),
                                     "origin", source_origin(column_str(st, 7)));
            if (item)
                json_array_append_new(list, item);
        }
    }
    tw_sql_finalize(st);
    pthread_mutex_unlock(&h->lock);
    return list;
}

/* Copies a text column into a new string (NULL for NULL). */
static char *column_dup(tw_sql_stmt *st, int col)
{
    const char *t = tw_sql_column_text(st, col);
    return t ? strdup(t) : NULL;
}

/* Fills a finished game's row from the first columns of the query of
 * tw_history_record. */
static void read_game(tw_sql_stmt *st, tw_history_game *row)
{
    memset(row, 0, sizeof *row);
    tw_sql_column_copy(st, 0, row->id, sizeof row->id);
    tw_sql_column_copy(st, 1, row->game, sizeof row->game);
    tw_sql_column_copy(st, 2, row->config, sizeof row->config);
    row->seed = (uint64_t)tw_sql_column_int64(st, 3);
    tw_sql_column_copy(st, 4, row->partner, sizeof row->partner);
    tw_sql_column_copy(st, 5, row->created_at, sizeof row->created_at);
    tw_sql_column_copy(st, 6, row->finished_at, sizeof row->finished_at);
}

/* The stored record and result of a finished game. */
int tw_history_record(tw_history_db *h, const char *id, char **record, char **result, tw_history_game *row)
{
    *record = NULL;
    *result = NULL;
    pthread_mutex_lock(&h->lock);
    int found = -1;
    const char *sql = "SELECT id, game, config, seed, partner, created_at, finished_at, record, result FROM games"
                      " WHERE id = ? AND finished_at IS NOT NULL";
    tw_sql_stmt *st = tw_sql_prepare(h->db, sql);
    if (st && tw_sql_bind_text(st, 1, id)) {
        int rc = tw_sql_step(st);
        if (rc == TW_SQL_ROW) {
            read_game(st, row);
            *record = column_dup(st, 7);
            *result = column_dup(st, 8);
            found = *record && *result ? 1 : -1;
        } else if (rc == TW_SQL_DONE) {
            found = 0;
        }
    }
    tw_sql_finalize(st);
    pthread_mutex_unlock(&h->lock);
    if (found != 1) {
        free(*record);
        free(*result);
        *record = *result = NULL;
    }
    return found;
}

/* Replaces a finished game's record while it is still `was`. */
int tw_history_set_record(tw_history_db *h, const char *id, const char *was, const char *record)
{
    pthread_mutex_lock(&h->lock);
    int done = -1;
    tw_sql_stmt *st =
        tw_sql_prepare(h->db, "UPDATE games SET record = ? WHERE id = ? AND finished_at IS NOT NULL AND record = ?");
    if (st && tw_sql_bind_text(st, 1, record) && tw_sql_bind_text(st, 2, id) && tw_sql_bind_text(st, 3, was) &&
        tw_sql_step(st) == TW_SQL_DONE)
        done = tw_sql_changes(h->db) == 1;
    tw_sql_finalize(st);
    pthread_mutex_unlock(&h->lock);
    return done;
}

/* The sources already stored (games added from elsewhere), as object keys. */
json_t *tw_history_sources(tw_history_db *h)
{
    json_t *set = json_object();
    pthread_mutex_lock(&h->lock);
    int rc = TW_SQL_ERROR;
    tw_sql_stmt *st = set ? tw_sql_prepare(h->db, "SELECT source FROM games WHERE source IS NOT NULL") : NULL;
    while (st && (rc = tw_sql_step(st)) == TW_SQL_ROW)
        json_object_set_new(set, column_str(st, 0), json_true());
    tw_sql_finalize(st);
    pthread_mutex_unlock(&h->lock);
    if (rc != TW_SQL_DONE) {
        json_decref(set);
        return NULL;
    }
    return set;
}

/* ---- Adding a finished match ------------------------------------------------ */

/* What is stored of a finished match: its row (a new id, an unused seat
 * token: the game is over, nobody acts on it), its result and record
 * texts, and each action's seat and record notation. */
typedef struct {
    tw_history_game row;
    char token[64];
    const char *source;
    char *result, *record;
    int count;
    int *seats;
    char (*actions)[48];
} finished_game;

/* Inserts one action row of a finished game (the statement prepared). */
static int insert_action(tw_sql_stmt *st, const char *id, int seq, int seat, const char *action)
{
    tw_sql_reset(st);
    return tw_sql_bind_text(st, 1, id) && tw_sql_bind_int64(st, 2, seq) && tw_sql_bind_int64(st, 3, seat) &&
           tw_sql_bind_text(st, 4, action) && tw_sql_step(st) == TW_SQL_DONE;
}

/* Stores a finished game with its actions, in one short transaction; a
 * row of the same source already there is kept. 1 added, 0 there
 * already, -1 on error (nothing stored). */
static int store_finished(tw_history_db *h, const finished_game *f)
{
    static const char *const sql =
        "INSERT INTO games (id, game, config, seed, token0, partner, created_at, active_at, finished_at,"
        " result, record, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
    const tw_history_game *row = &f->row;
    pthread_mutex_lock(&h->lock);
    int ok = tw_sql_begin(h->db);
    int began = ok, added = 0;
    tw_sql_stmt *st = ok ? tw_sql_prepare(h->db, sql) : NULL;
    if ((ok = st != NULL)) {
        const char *texts[] = {row->id, row->game, row->config};
        for (int k = 0; k < 3; k++)
            ok = ok && tw_sql_bind_text(st, k + 1, texts[k]);
        ok = ok && tw_sql_bind_int64(st, 4, (long long)row->seed) && tw_sql_bind_text(st, 5, f->token) &&
             tw_sql_bind_text(st, 6, row->partner) && tw_sql_bind_text(st, 7, row->created_at) &&
             tw_sql_bind_int64(st, 8, tw_now_ms()) && tw_sql_bind_text(st, 9, row->finished_at) &&
             tw_sql_bind_text(st, 10, f->result) && tw_sql_bind_text(st, 11, f->record) &&
             tw_sql_bind_text(st, 12, f->source) && tw_sql_step(st) == TW_SQL_DONE;
        added = ok && tw_sql_changes(h->db) == 1;
    }
    tw_sql_finalize(st);
    st = NULL;
    if (ok && added &&
        (ok = (st = tw_sql_prepare(h->db, "INSERT INTO actions (game_id, seq, seat, action) VALUES (?, ?, ?, ?)")) !=
              NULL))
        for (int i = 0; ok && i < f->count; i++)
            ok = insert_action(st, row->id, i, f->seats[i], f->actions[i]);
    tw_sql_finalize(st);
    ok = tw_history_db_end(h, ok, began);
    return ok ? added : -1;
}

/* Fills the row of a finished match: a new id, an unused seat token, the
 * times. 0, or -1. */
static int finished_row(const tw_match *m, json_t *config, uint64_t seed, const char *partner, const char *when,
                        finished_game *f)
{
    tw_history_game *row = &f->row;
    memset(row, 0, sizeof *row);
    char *text = json_dumps(config, JSON_COMPACT | JSON_SORT_KEYS);
    int ok = text && strlen(text) < sizeof row->config && tw_history_new_id(row->id) == 0 &&
             tw_history_new_token(f->token) == 0;
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

int tw_history_add_to(tw_history_db *h, const char *where, const tw_match *m, json_t *config, uint64_t seed,
                      const char *partner, const char *source, const char *when, char *err, size_t err_size)
{
    return tw_history_add_noted(h, where, m, NULL, config, seed, partner, source, when, err, err_size);
}

int tw_history_add_noted(tw_history_db *h, const char *where, const tw_match *m, const json_t *notes,
                         json_t *config, uint64_t seed, const char *partner, const char *source, const char *when,
                         char *err, size_t err_size)
{
    json_t *result = m->game->result_json(m);
    tw_buf record = {0};
    finished_game f = {.source = source, .count = m->count};
    f.seats = calloc((size_t)m->count + 1, sizeof *f.seats);
    f.actions = calloc((size_t)m->count + 1, sizeof *f.actions);
    f.result = result ? json_dumps(result, JSON_COMPACT) : NULL;
    int added = -1;
    snprintf(err, err_size, "the game is not finished, or out of memory");
    if (f.result && f.seats && f.actions && m->game->record_json(m, &record) == TW_OK &&
        tw_notes_append(&record, notes) == TW_OK && finished_row(m, config, seed, partner, when, &f) == 0 && match_actions(m, f.seats, f.actions) == 0) {
        f.record = record.data;
        added = store_finished(h, &f);
        if (added < 0)
            snprintf(err, err_size, "%s could not be written: %s", where, tw_sql_error(h->db));
    }
    json_decref(result);
    free(f.result);
    tw_buf_free(&record);
    free(f.seats);
    free(f.actions);
    return added;
}

int tw_history_add(const char *db_path, const tw_match *m, json_t *config, uint64_t seed, const char *partner,
                   const char *source, const char *when, char *err, size_t err_size)
{
    tw_history_db h;
    if (tw_history_db_open(&h, db_path, -1, err, err_size) != 0)
        return -1;
    char where[1100];
    snprintf(where, sizeof where, "the database %s", db_path);
    int added = tw_history_add_to(&h, where, m, config, seed, partner, source, when, err, err_size);
    tw_history_db_close(&h);
    return added;
}
