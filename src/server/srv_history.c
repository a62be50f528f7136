/* History of finished games: the list (newest first), one game's record
 * and result, and a step-by-step replay. Only finished games are shown,
 * so a replay may show every card (both hands, the deck order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

#define HISTORY_DEFAULT_LIMIT 200
#define HISTORY_MAX_LIMIT 1000

/* Parses a whole number query value in [lo, hi]; -1 when it is not one. */
static long long query_number(const char *text, long long lo, long long hi)
{
    if (!text || !*text || strlen(text) > 9)
        return -1;
    long long v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v >= lo && v <= hi ? v : -1;
}

tw_srv_reply tw_srv_history_list(tw_srv *srv, const char *game, const char *limit)
{
    if (game && !*game)
        game = NULL;
    if (game && strcmp(game, "northwood") != 0 && strcmp(game, "foxduet") != 0)
        return tw_srv_error(400, "bad_request", "game must be \"northwood\" or \"foxduet\" (or left out for both)");
    long long n = HISTORY_DEFAULT_LIMIT;
    if (limit && (n = query_number(limit, 1, HISTORY_MAX_LIMIT)) < 0)
        return tw_srv_error(400, "bad_request", "limit must be a whole number from 1 to %d", HISTORY_MAX_LIMIT);
    json_t *games = tw_srv_store_history(&srv->store, game, (int)n);
    return tw_srv_ok(200, json_pack("{s:o}", "games", games));
}

/* Loads a finished game's stored texts; on failure *reply is set. */
static int load_finished(tw_srv *srv, const char *id, json_t **record, json_t **result, tw_srv_game_row *row,
                         tw_srv_reply *reply)
{
    char *record_text = NULL, *result_text = NULL;
    int found = tw_srv_store_finished(&srv->store, id, &record_text, &result_text, row);
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
    tw_srv_game_row row;
    tw_srv_reply reply;
    if (load_finished(srv, id, &record, &result, &row, &reply))
        return reply;
    json_t *config = json_loads(row.config, 0, NULL);
    return tw_srv_ok(200, json_pack("{s:s, s:s, s:s, s:s, s:o, s:o, s:o}", "id", row.id, "game", row.game,
                                    "created_at", row.created_at, "finished_at", row.finished_at, "config",
                                    config ? config : json_null(), "record", record, "result", result));
}

/* A card list of a set. */
static json_t *fox_cards(uint32_t set)
{
    json_t *list = json_array();
    for (int c = 0; c < TW_FOX_CARDS; c++)
        if (set & (1u << c)) {
            char code[4];
            tw_fox_card_code(c, code);
            json_array_append_new(list, json_string(code));
        }
    return list;
}

/* Replays a For Northwood! record to step: the view shows the whole deck. */
static tw_srv_reply replay_northwood(const char *id, const char *text, const char *step_text)
{
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state *state = malloc(sizeof *state);
    tw_nw_view *view = malloc(sizeof *view);
    tw_diag diag;
    tw_diag_init(&diag, "record");
    tw_srv_reply reply;
    if (!rec || !state || !view || tw_nw_record_from_text(rec, text, "record", &diag) != TW_OK) {
        free(rec);
        free(state);
        free(view);
        return tw_srv_error(500, "internal", "the stored record cannot be replayed");
    }
    long long step = step_text ? query_number(step_text, 0, rec->count) : 0;
    if (step < 0) {
        reply = tw_srv_error(400, "bad_request", "step must be a whole number from 0 to %d", rec->count);
    } else if (tw_nw_record_replay(rec, (int)step, state, NULL) != TW_OK) {
        reply = tw_srv_error(500, "internal", "the stored record cannot be replayed");
    } else {
        /* A finished game hides nothing: every deck position is shown. */
        view->visible = *state;
        memset(&view->visible.rng, 0, sizeof view->visible.rng);
        view->visible.deck_known = state->deck_n >= 32 ? 0xFFFFFFFFu : (1u << state->deck_n) - 1u;
        char done[32], next[32];
        if (step > 0)
            tw_nw_action_format(rec->actions[step - 1], done, (int)sizeof done);
        if (step < rec->count)
            tw_nw_action_format(rec->actions[step], next, (int)sizeof next);
        json_t *v = tw_nw_view_json(view, &rec->catalog);
        reply = v ? tw_srv_ok(200, json_pack("{s:s, s:s, s:I, s:i, s:s?, s:o, s:s?, s:o}", "id", id, "game",
                                             "northwood", "step", (json_int_t)step, "steps", rec->count, "action",
                                             step > 0 ? done : NULL, "seat", step > 0 ? json_integer(0) : json_null(),
                                             "next", step < rec->count ? next : NULL, "view", v))
                  : tw_srv_error(500, "internal", "the view could not be built");
    }
    tw_nw_record_free(rec);
    free(rec);
    free(state);
    free(view);
    return reply;
}

/* Replays a Fox record to step: seat 0's view plus both hands and the deck. */
static tw_srv_reply replay_fox(const char *id, const char *text, const char *step_text)
{
    tw_fox_record *rec = calloc(1, sizeof *rec);
    tw_fox_events *events = malloc(sizeof *events);
    tw_diag diag;
    tw_diag_init(&diag, "record");
    if (!rec || !events || tw_fox_record_from_text(rec, text, "record", &diag) != TW_OK) {
        free(rec);
        free(events);
        return tw_srv_error(500, "internal", "the stored record cannot be replayed");
    }
    tw_srv_reply reply;
    long long step = step_text ? query_number(step_text, 0, rec->count) : 0;
    tw_fox_state s;
    tw_srv_last_trick lt;
    memset(&lt, 0, sizeof lt);
    events->count = events->overflow = 0;
    int ok = step >= 0 && tw_fox_new(&s, &rec->board, &rec->config, events) == TW_OK;
    if (ok)
        tw_srv_track_trick(&lt, events);
    char done[48] = "", next[48] = "";
    int seat = -1;
    for (long long i = 0; ok && i < step; i++) {
        seat = tw_fox_to_act(&s);
        tw_fox_action_format(&s, rec->actions[i], done, (int)sizeof done);
        events->count = events->overflow = 0;
        ok = tw_fox_apply(&s, rec->actions[i], events) == TW_OK;
        if (ok)
            tw_srv_track_trick(&lt, events);
    }
    if (step < 0) {
        reply = tw_srv_error(400, "bad_request", "step must be a whole number from 0 to %d", rec->count);
    } else if (!ok) {
        reply = tw_srv_error(500, "internal", "the stored record cannot be replayed");
    } else {
        if (step < rec->count)
            tw_fox_action_format(&s, rec->actions[step], next, (int)sizeof next);
        tw_fox_view view;
        tw_fox_view_of(&s, 0, &view);
        json_t *v = tw_fox_view_json(&view, &rec->board);
        if (v) {
            /* The game is over: both hands and the deck may be shown. */
            json_object_set_new(v, "last_trick", tw_srv_last_trick_json(&lt));
            json_object_set_new(v, "hands", json_pack("[o, o]", fox_cards(s.hand[0]), fox_cards(s.hand[1])));
            json_object_set_new(v, "deck", fox_cards(s.deck));
        }
        reply = v ? tw_srv_ok(200, json_pack("{s:s, s:s, s:I, s:i, s:s?, s:o, s:s?, s:o}", "id", id, "game",
                                             "foxduet", "step", (json_int_t)step, "steps", rec->count, "action",
                                             step > 0 ? done : NULL, "seat",
                                             seat >= 0 ? json_integer(seat) : json_null(), "next",
                                             step < rec->count ? next : NULL, "view", v))
                  : tw_srv_error(500, "internal", "the view could not be built");
    }
    tw_fox_record_free(rec);
    free(rec);
    free(events);
    return reply;
}

tw_srv_reply tw_srv_history_replay(tw_srv *srv, const char *id, const char *step)
{
    char *record_text = NULL, *result_text = NULL;
    tw_srv_game_row row;
    int found = tw_srv_store_finished(&srv->store, id, &record_text, &result_text, &row);
    free(result_text);
    if (found <= 0) {
        free(record_text);
        return found == 0 ? tw_srv_error(404, "not_found", "no finished game has this id")
                          : tw_srv_error(500, "internal", "the stored game cannot be read");
    }
    tw_srv_reply reply = strcmp(row.game, "northwood") == 0 ? replay_northwood(row.id, record_text, step)
                                                            : replay_fox(row.id, record_text, step);
    free(record_text);
    return reply;
}
