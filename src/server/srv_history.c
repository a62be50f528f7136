/* The history's endpoints (its service: src/history/): the list of
 * finished games (newest first), their totals, one game's record and
 * result, a step-by-step replay, and records imported from files.
 * Only finished games are shown,
 * so a replay may show every card (both hands, the deck order). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"
#include "trickwood/notes.h"

#define HISTORY_DEFAULT_LIMIT 200
#define HISTORY_MAX_LIMIT 1000

/* Checks the "game" query value (empty: both games, *game set to NULL);
 * 0, or -1 with the 400 reply in *out. */
static int check_game(const char **game, tw_srv_reply *out)
{
    if (*game && !**game)
        *game = NULL;
    if (*game && !tw_game_find_record_name(*game)) {
        char names[160];
        tw_srv_game_names(names, sizeof names);
        *out = tw_srv_error(400, "bad_request", "game must be %s (or left out for both)", names);
        return -1;
    }
    return 0;
}

tw_srv_reply tw_srv_history_list(tw_srv *srv, const char *game, const char *limit)
{
    tw_srv_reply out;
    if (check_game(&game, &out))
        return out;
    long long n = HISTORY_DEFAULT_LIMIT;
    if (limit && (n = tw_srv_query_number(limit, 1, HISTORY_MAX_LIMIT)) < 0)
        return tw_srv_error(400, "bad_request", "limit must be a whole number from 1 to %d", HISTORY_MAX_LIMIT);
    json_t *games = tw_history_list(&srv->store, game, (int)n);
    tw_history_annotate(games);
    return tw_srv_ok(200, json_pack("{s:o}", "games", games));
}

tw_srv_reply tw_srv_history_totals_reply(tw_srv *srv, const char *game)
{
    tw_srv_reply out;
    if (check_game(&game, &out))
        return out;
    json_t *games = tw_history_list(&srv->store, game, -1);
    json_t *totals = tw_history_totals(games, game);
    json_decref(games);
    return totals ? tw_srv_ok(200, totals) : tw_srv_error(500, "internal", "out of memory");
}

/* Loads a finished game's stored texts; on failure *reply is set. */
static int load_finished(tw_srv *srv, const char *id, json_t **record, json_t **result, tw_history_game *row,
                         tw_srv_reply *reply)
{
    char *record_text = NULL, *result_text = NULL;
    int found = tw_history_record(&srv->store, id, &record_text, &result_text, row);
    if (found == 0) {
        *reply = tw_srv_error(404, "not_found", "no finished game has this id");
        return -1;
    }
    *record = found > 0 ? json_loads(record_text, 0, NULL) : NULL;
    *result = found > 0 ? json_loads(result_text, 0, NULL) : NULL;
    free(record_text);
    free(result_text);
    if (!*record || !*result) {
        json_decref(*record);
        json_decref(*result);
        *reply = tw_srv_error(500, "internal", "the stored game cannot be read");
        return -1;
    }
    return 0;
}

tw_srv_reply tw_srv_history_game(tw_srv *srv, const char *id)
{
    json_t *record, *result;
    tw_history_game row;
    tw_srv_reply reply;
    if (load_finished(srv, id, &record, &result, &row, &reply))
        return reply;
    json_t *config = json_loads(row.config, 0, NULL);
    return tw_srv_ok(200, json_pack("{s:s, s:s, s:s, s:s, s:o, s:o, s:o}", "id", row.id, "game", row.game,
                                    "created_at", row.created_at, "finished_at", row.finished_at, "config",
                                    config ? config : json_null(), "record", record, "result", result));
}

/* The reply of a replay step: the finished game's match rebuilt to step
 * from its start, with the action that led there and the next one, and
 * the table's open view (every card shown: the game is over). */
static tw_srv_reply replay_step(const char *id, const tw_match *full, int step)
{
    const tw_game *game = full->game;
    tw_match *m = game->restart(full);
    char done[48] = "", next[48] = "";
    int seat = -1;
    for (int i = 0; m && i < step; i++) {
        seat = game->to_act(m);
        game->format(m, full->actions[i], done, (int)sizeof done);
        if (game->apply(m, full->actions[i], NULL) != TW_OK) {
            game->free(m);
            m = NULL;
        }
    }
    if (!m)
        return tw_srv_error(500, "internal", "the stored record cannot be replayed");
    if (step < full->count)
        game->format(m, full->actions[step], next, (int)sizeof next);
    json_t *v = game->open_view_json(m);
    game->free(m);
    if (!v)
        return tw_srv_error(500, "internal", "the view could not be built");
    return tw_srv_ok(200, json_pack("{s:s, s:s, s:i, s:i, s:s?, s:o, s:s?, s:o}", "id", id, "game", game->record_name,
                                    "step", step, "steps", full->count, "action", step > 0 ? done : NULL, "seat",
                                    step > 0 ? json_integer(seat) : json_null(), "next",
                                    step < full->count ? next : NULL, "view", v));
}

tw_match *tw_srv_history_match(tw_srv *srv, const char *id, tw_history_game *row, tw_srv_reply *reply)
{
    char *record_text = NULL, *result_text = NULL;
    int found = tw_history_record(&srv->store, id, &record_text, &result_text, row);
    free(result_text);
    if (found <= 0) {
        free(record_text);
        *reply = found == 0 ? tw_srv_error(404, "not_found", "no finished game has this id")
                            : tw_srv_error(500, "internal", "the stored game cannot be read");
        return NULL;
    }
    const tw_game *game = tw_game_find_record_name(row->game);
    tw_diag diag;
    tw_diag_init(&diag, "record");
    tw_match *full = game ? game->from_record(record_text, "record", &diag) : NULL;
    free(record_text);
    if (!full)
        *reply = tw_srv_error(500, "internal", "the stored record cannot be replayed");
    return full;
}

tw_srv_reply tw_srv_history_replay(tw_srv *srv, const char *id, const char *step_text)
{
    tw_history_game row;
    tw_srv_reply reply;
    tw_match *full = tw_srv_history_match(srv, id, &row, &reply);
    if (!full)
        return reply;
    long long step = step_text ? tw_srv_query_number(step_text, 0, full->count) : 0;
    reply = step < 0 ? tw_srv_bad_step(full->count) : replay_step(row.id, full, (int)step);
    full->game->free(full);
    return reply;
}

/* A 64-bit FNV-1a hash of a text: the source key that keeps one copy of
 * an imported record however often it is imported. */
static uint64_t text_hash(const char *text)
{
    uint64_t h = 1469598103934665603ULL;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        h ^= *p;
        h *= 1099511628211ULL;
    }
    return h;
}

tw_srv_reply tw_srv_history_import(tw_srv *srv, json_t *body)
{
    json_t *record = json_object_get(body, "record");
    const char *name = json_string_value(json_object_get(body, "name"));
    const char *partner = json_string_value(json_object_get(body, "partner"));
    if (!json_is_object(body) || !json_is_object(record))
        return tw_srv_error(400, "bad_request", "the body must be {\"record\": a game record object, \"name\": its file's name}");
    char file[120];
    snprintf(file, sizeof file, "%s", name && *name ? name : "the record");
    const char *game_name = json_string_value(json_object_get(record, "game"));
    const tw_game *game = game_name ? tw_game_find_record_name(game_name) : NULL;
    if (!game) {
        char names[160];
        tw_srv_game_names(names, sizeof names);
        return tw_srv_error(400, "bad_record", "%s: field \"game\" must be %s", file, names);
    }
    char *text = json_dumps(record, JSON_COMPACT | JSON_SORT_KEYS);
    if (!text)
        return tw_srv_error(500, "internal", "out of memory");
    tw_diag diag;
    tw_diag_init(&diag, file);
    tw_match *m = game->from_record(text, file, &diag);
    if (!m) {
        char why[700];
        tw_diag_format(&diag, why, sizeof why);
        free(text);
        return tw_srv_error(400, "bad_record", "%s", why);
    }
    tw_srv_reply reply;
    if (game->to_act(m) >= 0) {
        reply = tw_srv_error(400, "not_finished",
                             "%s: the game is not finished (%d actions); only finished games go into the history",
                             file, m->count);
    } else {
        json_t *config = json_deep_copy(json_object_get(record, "config"));
        if (!json_is_object(config)) {
            json_decref(config);
            config = game->config_json(m);
        }
        const char *seat1 = game->seats > 1 ? (partner && *partner ? partner : "human") : "none";
        if (config && game->seats > 1)
            json_object_set_new(config, "partner", json_string(seat1));
        json_int_t seed = json_integer_value(json_object_get(record, "seed"));
        char source[48], err[600];
        snprintf(source, sizeof source, "import:%016llx", (unsigned long long)text_hash(text));
        json_t *notes = tw_notes_of_record(text);
        int added = config && notes ? tw_history_add_noted(&srv->store, "the history", m, notes, config,
                                                           (uint64_t)seed, seat1, source, NULL, err, sizeof err)
                                    : -1;
        json_decref(notes);
        json_decref(config);
        if (added < 0)
            reply = tw_srv_error(500, "internal", "%s", config ? err : "out of memory");
        else
            reply = tw_srv_ok(added ? 201 : 200, json_pack("{s:s, s:b}", "game", game->record_name, "added", added));
    }
    game->free(m);
    free(text);
    return reply;
}

/* Reads the note of a body {"step": K, "text": "..."} for a game of count
 * actions: 0, or -1 with the 400 reply in *out. An empty or null text
 * removes the step's note (*text NULL). */
static int read_note(json_t *body, int count, long long *step, const char **text, tw_srv_reply *out)
{
    json_t *s = json_object_get(body, "step"), *t = json_object_get(body, "text");
    if (!json_is_object(body) || !json_is_integer(s) || (t && !json_is_string(t) && !json_is_null(t))) {
        *out = tw_srv_error(400, "bad_request", "the body must be {\"step\": a step, \"text\": the note (\"\" removes it)}");
        return -1;
    }
    *step = json_integer_value(s);
    *text = json_is_string(t) && *json_string_value(t) ? json_string_value(t) : NULL;
    if (*step < 0 || *step > count) {
        *out = tw_srv_bad_step(count);
        return -1;
    }
    const char *problem = *text ? tw_note_text_problem(*text) : NULL;
    if (problem) {
        *out = tw_srv_error(400, "bad_note", "the note %s", problem);
        return -1;
    }
    return 0;
}

tw_srv_reply tw_srv_history_note(tw_srv *srv, const char *id, json_t *body)
{
    tw_history_game row;
    tw_srv_reply reply;
    tw_match *full = tw_srv_history_match(srv, id, &row, &reply);
    if (!full)
        return reply;
    long long step;
    const char *text;
    int bad = read_note(body, full->count, &step, &text, &reply);
    full->game->free(full);
    if (bad)
        return reply;
    /* Read, change, and store only while the record is still the one
     * read: a note saved at the same moment by another request makes this
     * one read again, so neither is lost. */
    char gid[sizeof row.id];
    snprintf(gid, sizeof gid, "%s", row.id);
    json_t *notes = NULL;
    int stored = 0, found = 1;
    for (int attempt = 0; attempt < 16 && stored == 0 && found; attempt++) {
        char *record = NULL, *result = NULL;
        tw_buf out = {0};
        json_decref(notes);
        notes = NULL;
        found = tw_history_record(&srv->store, gid, &record, &result, &row) == 1;
        if (found && (notes = tw_notes_of_record(record)) && tw_notes_set(notes, (int)step, text) == 0 &&
            tw_notes_replace(record, notes, &out) == TW_OK)
            stored = tw_history_set_record(&srv->store, gid, record, out.data);
        else if (found)
            stored = -1;
        free(record);
        free(result);
        tw_buf_free(&out);
    }
    if (stored != 1) {
        json_decref(notes);
        if (!found)
            return tw_srv_error(404, "not_found", "no finished game has this id");
        return stored == 0 ? tw_srv_error(409, "busy", "the game's notes kept changing meanwhile: send the note again")
                           : tw_srv_error(500, "internal", "the note could not be stored");
    }
    return tw_srv_ok(200, json_pack("{s:o}", "notes", notes));
}

tw_srv_reply tw_srv_record_replay(tw_srv *srv, json_t *body)
{
    (void)srv;
    json_t *record = json_object_get(body, "record"), *step = json_object_get(body, "step");
    if (!json_is_object(body) || !json_is_object(record) || (step && !json_is_integer(step)))
        return tw_srv_error(400, "bad_request", "the body must be {\"record\": a game record object, \"step\": a step}");
    const tw_game *game = tw_game_find_record_name(json_string_value(json_object_get(record, "game")));
    if (!game) {
        char names[160];
        tw_srv_game_names(names, sizeof names);
        return tw_srv_error(400, "bad_record", "the record: field \"game\" must be %s", names);
    }
    char *text = json_dumps(record, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    if (!text)
        return tw_srv_error(500, "internal", "out of memory");
    tw_diag diag;
    tw_diag_init(&diag, "the record");
    tw_match *full = game->from_record(text, "the record", &diag);
    free(text);
    tw_srv_reply reply;
    if (!full) {
        char why[700];
        tw_diag_format(&diag, why, sizeof why);
        return tw_srv_error(400, "bad_record", "%s", why);
    }
    long long k = step ? json_integer_value(step) : 0;
    if (game->to_act(full) >= 0)
        reply = tw_srv_error(400, "not_finished", "the game of this record is not finished: only a finished game is replayed");
    else if (k < 0 || k > full->count)
        reply = tw_srv_bad_step(full->count);
    else
        reply = replay_step("", full, (int)k);
    game->free(full);
    return reply;
}
