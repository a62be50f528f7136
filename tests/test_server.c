/* Tests of `trickwood serve` against the real binary over loopback: whole
 * games of both games through the API (checked against the engine run
 * locally), joining, bot partners, event streams, history and replays,
 * hints, no hidden card in any reply, and a restart after a kill. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"
#include "server/server.h"
#include "test_server_client.h"
#include "trickwood/fox_files.h"
#include "trickwood/nw_files.h"

/* ---- Helpers ---------------------------------------------------------------- */

/* GETs a seat's state; NULL unless the reply is 200. */
static json_t *get_state(const tw_ts_server *s, const char *id, const char *token)
{
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/state", id);
    json_t *out;
    int status = tw_ts_json(s, "GET", path, token, NULL, &out);
    if (status != 200) {
        tw_test_fail(__FILE__, __LINE__, "state of %s answered %d", id, status);
        json_decref(out);
        return NULL;
    }
    return out;
}

/* POSTs an action; returns the status and the reply in *out. */
static int post_action(const tw_ts_server *s, const char *id, const char *token, const char *action, int version,
                       json_t **out)
{
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    json_t *body = json_pack("{s:s, s:i}", "action", action, "version", version);
    char *text = json_dumps(body, JSON_COMPACT);
    int status = tw_ts_json(s, "POST", path, token, text, out);
    free(text);
    json_decref(body);
    return status;
}

/* A text member of an object ("" when absent). */
static const char *str_of(json_t *obj, const char *key)
{
    const char *v = json_string_value(json_object_get(obj, key));
    return v ? v : "";
}

/* The "code" of an error reply ("" when none). */
static const char *code_of(json_t *reply)
{
    return str_of(reply, "code");
}

/* An integer member of an object (-999 when absent). */
static long long int_of(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    return json_is_integer(v) ? json_integer_value(v) : -999;
}

/* Picks one of the legal actions of a state reply (never "stop" when
 * something else is legal), with a small generator. */
static const char *pick_legal(json_t *state, tw_rng *rng)
{
    json_t *legal = json_object_get(state, "legal");
    size_t n = json_array_size(legal);
    if (n == 0)
        return NULL;
    for (int tries = 0; tries < 8; tries++) {
        const char *a = json_string_value(json_array_get(legal, tw_rng_below(rng, (uint32_t)n)));
        if (strcmp(a, "stop") != 0 || n == 1)
            return a;
    }
    return json_string_value(json_array_get(legal, 0));
}

/* Card codes of a JSON list, joined by spaces. */
static void join_cards(json_t *list, char *out, size_t size)
{
    out[0] = '\0';
    size_t i;
    json_t *c;
    json_array_foreach(list, i, c) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", i ? " " : "", json_string_value(c));
    }
}

/* Card codes of a For Northwood! pile or set, the same way. */
static void nw_cards(const uint8_t *pile, int n, uint32_t set, char *out, size_t size)
{
    out[0] = '\0';
    int first = 1;
    for (int i = 0; pile ? i < n : i < TW_NW_CARDS; i++) {
        int card = pile ? pile[i] : i;
        if (!pile && !(set & (1u << i)))
            continue;
        char code[4];
        tw_nw_card_code(card, code);
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", first ? "" : " ", code);
        first = 0;
    }
}

/* Fetches a finished game's record text (caller frees); NULL on failure. */
static char *record_of(const tw_ts_server *s, const char *id)
{
    char path[200];
    snprintf(path, sizeof path, "/api/history/%s", id);
    json_t *out;
    int status = tw_ts_json(s, "GET", path, NULL, NULL, &out);
    char *text = status == 200 ? json_dumps(json_object_get(out, "record"), JSON_COMPACT) : NULL;
    json_decref(out);
    return text;
}

/* Whether the history list of a game kind holds id (with a result). */
static int history_has(const tw_ts_server *s, const char *game, const char *id)
{
    char path[200];
    snprintf(path, sizeof path, "/api/history?game=%s", game);
    json_t *out;
    int found = 0;
    if (tw_ts_json(s, "GET", path, NULL, NULL, &out) == 200) {
        size_t i;
        json_t *g;
        json_array_foreach(json_object_get(out, "games"), i, g) {
            if (strcmp(str_of(g, "id"), id) == 0 && json_is_object(json_object_get(g, "result")) &&
                strcmp(str_of(g, "game"), game) == 0 && strlen(str_of(g, "finished_at")) == 20)
                found = 1;
        }
    }
    json_decref(out);
    return found;
}

/* Checks the replay endpoint of a finished game with n actions. */
static void check_replay(const tw_ts_server *s, const char *id, int n, int fox)
{
    char path[200];
    int steps[3] = {0, n / 2, n};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "/api/history/%s/replay?step=%d", id, steps[i]);
        json_t *out;
        CHECK_INT(tw_ts_json(s, "GET", path, NULL, NULL, &out), 200);
        CHECK_INT(int_of(out, "step"), steps[i]);
        CHECK_INT(int_of(out, "steps"), n);
        json_t *view = json_object_get(out, "view");
        CHECK(json_is_object(view));
        CHECK(steps[i] == 0 ? json_is_null(json_object_get(out, "action"))
                            : json_is_string(json_object_get(out, "action")));
        CHECK(steps[i] == n ? json_is_null(json_object_get(out, "next")) : json_is_string(json_object_get(out, "next")));
        if (fox) {
            /* Both hands and the deck: 7 cards under the decree. */
            CHECK_INT(json_array_size(json_object_get(view, "hands")), 2);
            CHECK_INT(json_array_size(json_object_get(view, "deck")), TW_FOX_DECK_SIZE);
        } else {
            CHECK_INT(json_array_size(json_object_get(view, "deck_known")), int_of(view, "deck_count"));
        }
        json_decref(out);
    }
    snprintf(path, sizeof path, "/api/history/%s/replay?step=%d", id, n + 1);
    json_t *out;
    CHECK_INT(tw_ts_json(s, "GET", path, NULL, NULL, &out), 400);
    json_decref(out);
    snprintf(path, sizeof path, "/api/history/%s/replay?step=x", id);
    CHECK_INT(tw_ts_json(s, "GET", path, NULL, NULL, &out), 400);
    json_decref(out);
}

/* ---- For Northwood! ------------------------------------------------------------ */

/* Plays a whole For Northwood! game through the API, comparing every
 * view with the engine run locally on the same seed and actions. */
static void nw_game(tw_ts_server *s)
{
    json_t *created;
    REQUIRE(tw_ts_json(s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"medal\":\"silver\",\"seed\":11}",
                       &created) == 201);
    char id[32], token[64];
    snprintf(id, sizeof id, "%s", str_of(created, "id"));
    snprintf(token, sizeof token, "%s", str_of(created, "token"));
    CHECK_INT(strlen(id), 12);
    CHECK_INT(strlen(token), 32);
    CHECK_INT(int_of(created, "seat"), 0);
    CHECK_STR(str_of(created, "game"), "northwood");
    CHECK(!json_object_get(created, "join"));
    json_decref(created);

    tw_nw_catalog *catalog = calloc(1, sizeof *catalog);
    tw_nw_state *local = calloc(1, sizeof *local);
    tw_ts_watch *watch = tw_ts_watch_new(0);
    REQUIRE(catalog && local && watch);
    tw_diag diag;
    tw_nw_catalog_load_default(catalog, &diag);
    tw_nw_config config = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_SILVER, 11, 1, TW_NW_VARIANT_MEDALS, 0}; /* the server offers "finish" */
    REQUIRE(tw_nw_new(local, catalog, &config, NULL) == TW_OK);

    /* A hint before the first decision: one of the legal actions. */
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/hint", id);
    json_t *hint;
    CHECK_INT(tw_ts_json(s, "GET", path, token, NULL, &hint), 200);
    tw_nw_action hinted;
    CHECK(tw_nw_action_parse(str_of(hint, "action"), &hinted) == 0 && tw_nw_is_legal(local, hinted));
    CHECK(json_is_number(json_object_get(hint, "p_medal")));
    json_decref(hint);

    tw_rng rng;
    tw_rng_seed(&rng, 99);
    int version = 0, mismatches = 0;
    for (int step = 0; step < 600; step++) {
        json_t *state = get_state(s, id, token);
        REQUIRE(state);
        tw_ts_watch_state(watch, 0, state);
        json_t *view = json_object_get(state, "view");
        char got[200], want[200];
        join_cards(json_object_get(view, "hand"), got, sizeof got);
        nw_cards(NULL, 0, local->hand, want, sizeof want);
        int same = strcmp(got, want) == 0;
        join_cards(json_object_get(view, "discard"), got, sizeof got);
        nw_cards(local->discard, local->discard_n, 0, want, sizeof want);
        same = same && strcmp(got, want) == 0;
        join_cards(json_object_get(view, "score"), got, sizeof got);
        nw_cards(local->score, local->score_n, 0, want, sizeof want);
        same = same && strcmp(got, want) == 0 && int_of(view, "deck_count") == local->deck_n &&
               strcmp(str_of(view, "phase"), tw_nw_phase_key(local->phase)) == 0 &&
               int_of(view, "stars_won") == tw_nw_stars_won(local) && int_of(state, "version") == version;
        if (!same && mismatches++ < 3)
            tw_test_fail(__FILE__, __LINE__, "view at version %d differs from the engine's state", version);
        if (json_is_true(json_object_get(state, "over"))) {
            CHECK(tw_nw_is_over(local));
            CHECK_INT(json_array_size(json_object_get(state, "legal")), 0);
            CHECK_INT(int_of(json_object_get(state, "result"), "stars"), tw_nw_stars_won(local));
            json_decref(state);
            break;
        }
        const char *text = pick_legal(state, &rng);
        REQUIRE(text);
        char action_text[64];
        snprintf(action_text, sizeof action_text, "%s", text);
        json_decref(state);
        json_t *reply;
        int status = post_action(s, id, token, action_text, version, &reply);
        if (status != 200) {
            tw_test_fail(__FILE__, __LINE__, "'%s' at version %d answered %d", action_text, version, status);
            json_decref(reply);
            break;
        }
        tw_ts_watch_action(watch, 0, version, reply);
        CHECK_INT(int_of(reply, "version"), version + 1);
        CHECK(json_is_array(json_object_get(reply, "events")));
        json_decref(reply);
        tw_nw_action a;
        REQUIRE(tw_nw_action_parse(action_text, &a) == 0);
        CHECK(tw_nw_apply(local, a, NULL) == TW_OK);
        version++;
    }
    CHECK(tw_nw_is_over(local));
    CHECK(history_has(s, "northwood", id));
    CHECK(!history_has(s, "foxduet", id));
    char *record = record_of(s, id);
    CHECK(record != NULL);
    if (record) {
        tw_nw_record rec;
        tw_diag_init(&diag, "record");
        CHECK(tw_nw_record_from_text(&rec, record, "record", &diag) == TW_OK);
        CHECK_INT(rec.count, version);
        tw_nw_record_free(&rec);
        CHECK(tw_ts_watch_check(watch, record) > 2 * version);
        free(record);
    }
    check_replay(s, id, version, 0);
    /* Once over, actions are refused and change nothing. */
    json_t *reply;
    CHECK_INT(post_action(s, id, token, "stop", version, &reply), 409);
    json_decref(reply);
    tw_ts_watch_free(watch);
    free(catalog);
    free(local);
}

TEST(server_nw_whole_game_history_replay)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("nw.db")), NULL) == 0);
    nw_game(&s);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* ---- Fox, two players --------------------------------------------------------- */

/* Plays a Fox game between two API seats; seat 0 watches its event
 * stream for seat 1's moves. */
static void fox_two_players(tw_ts_server *s)
{
    json_t *created;
    REQUIRE(tw_ts_json(s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"level\":2,\"seed\":23}", &created) ==
            201);
    char id[32], token[2][64], code[32], path[256];
    snprintf(id, sizeof id, "%s", str_of(created, "id"));
    snprintf(token[0], sizeof token[0], "%s", str_of(created, "token"));
    snprintf(code, sizeof code, "%s", str_of(created, "join"));
    char url[128];
    snprintf(url, sizeof url, "/#/join/%s/%s", id, code);
    CHECK_STR(str_of(created, "join_url"), url);
    CHECK_INT(strlen(code), 8);
    json_decref(created);

    /* Before anyone joins: seat 0 sees an open seat. */
    json_t *state = get_state(s, id, token[0]);
    REQUIRE(state);
    CHECK_STR(str_of(json_object_get(state, "partner"), "kind"), "open");
    json_decref(state);

    snprintf(path, sizeof path, "/api/games/%s/join", id);
    json_t *out;
    CHECK_INT(tw_ts_json(s, "POST", path, NULL, "{\"code\":\"WRONG123\"}", &out), 403);
    CHECK_STR(code_of(out), "forbidden");
    json_decref(out);
    char body[128];
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", code);
    REQUIRE(tw_ts_json(s, "POST", path, NULL, body, &out) == 200);
    CHECK_INT(int_of(out, "seat"), 1);
    snprintf(token[1], sizeof token[1], "%s", str_of(out, "token"));
    CHECK(strcmp(token[0], token[1]) != 0);
    json_decref(out);
    CHECK_INT(tw_ts_json(s, "POST", path, NULL, body, &out), 409);
    CHECK_STR(code_of(out), "conflict");
    json_decref(out);

    /* Seat 1's first view: its own 11 cards, none of seat 0's anywhere. */
    json_t *s0 = get_state(s, id, token[0]);
    json_t *s1 = get_state(s, id, token[1]);
    REQUIRE(s0 && s1);
    CHECK_INT(json_array_size(json_object_get(json_object_get(s1, "view"), "hand")), 11);
    CHECK_STR(str_of(json_object_get(s0, "partner"), "kind"), "human");
    char *all1 = json_dumps(s1, JSON_COMPACT);
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(json_object_get(s0, "view"), "hand"), i, c) {
        char quoted[16];
        snprintf(quoted, sizeof quoted, "\"%s\"", json_string_value(c));
        if (all1 && strstr(all1, quoted) && strcmp(json_string_value(c), str_of(json_object_get(s1, "view"), "decree")))
            tw_test_fail(__FILE__, __LINE__, "seat 1's first state shows seat 0's card %s", json_string_value(c));
    }
    free(all1);
    json_decref(s0);
    json_decref(s1);

    snprintf(path, sizeof path, "/api/games/%s/events?token=%s", id, token[0]);
    int stream = tw_ts_events_open(s, path);
    CHECK(stream >= 0);
    CHECK_INT(tw_ts_events_wait(stream, 0, 5000), 0);

    tw_ts_watch *watch = tw_ts_watch_new(1);
    tw_rng rng;
    tw_rng_seed(&rng, 7);
    int version = 0, stream_checked = 0, turn_checked = 0;
    for (int step = 0; step < 400; step++) {
        json_t *st[2] = {get_state(s, id, token[0]), get_state(s, id, token[1])};
        REQUIRE(st[0] && st[1]);
        tw_ts_watch_state(watch, 0, st[0]);
        tw_ts_watch_state(watch, 1, st[1]);
        CHECK_INT(int_of(st[0], "version"), version);
        int over = json_is_true(json_object_get(st[0], "over"));
        int seat = (int)int_of(st[0], "to_act");
        const char *text = over ? NULL : pick_legal(st[seat & 1], &rng);
        char action[64] = "";
        if (text)
            snprintf(action, sizeof action, "%s", text);
        /* The seat that is not to act gets no legal action. */
        if (!over)
            CHECK_INT(json_array_size(json_object_get(st[1 - seat], "legal")), 0);
        json_decref(st[0]);
        json_decref(st[1]);
        if (over)
            break;
        REQUIRE(seat == 0 || seat == 1);
        json_t *reply;
        if (!turn_checked) {
            /* The other seat trying the same action: not its turn. */
            CHECK_INT(post_action(s, id, token[1 - seat], action, version, &reply), 403);
            CHECK_STR(code_of(reply), "not_your_turn");
            json_decref(reply);
            turn_checked = 1;
        }
        int status = post_action(s, id, token[seat], action, version, &reply);
        if (status != 200) {
            tw_test_fail(__FILE__, __LINE__, "'%s' by seat %d answered %d", action, seat, status);
            json_decref(reply);
            break;
        }
        tw_ts_watch_action(watch, seat, version, reply);
        CHECK_INT(int_of(reply, "version"), version + 1);
        json_decref(reply);
        version++;
        if (seat == 1 && !stream_checked) {
            /* Seat 0's browser hears about seat 1's move without asking. */
            CHECK_INT(tw_ts_events_wait(stream, version, 5000), version);
            stream_checked = 1;
        }
    }
    CHECK(stream_checked);
    CHECK(history_has(s, "foxduet", id));
    char *record = record_of(s, id);
    CHECK(record != NULL);
    if (record) {
        CHECK(tw_ts_watch_check(watch, record) > 2 * version);
        free(record);
    }
    check_replay(s, id, version, 1);
    tw_ts_watch_free(watch);
    /* The stream is still open: stopping must not wait for it. */
    if (stream >= 0)
        close(stream);
}

TEST(server_fox_two_players_stream_history)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("fox2.db")), NULL) == 0);
    fox_two_players(&s);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* ---- Fox with a bot partner ------------------------------------------------------ */

/* Plays seat 0 against a rule-bot partner to the end. */
static void fox_with_bot(tw_ts_server *s)
{
    json_t *created;
    REQUIRE(tw_ts_json(s, "POST", "/api/games", NULL,
                       "{\"game\":\"foxduet\",\"level\":1,\"seed\":5,\"partner\":\"rule\"}", &created) == 201);
    char id[32], token[64];
    snprintf(id, sizeof id, "%s", str_of(created, "id"));
    snprintf(token, sizeof token, "%s", str_of(created, "token"));
    CHECK(!json_object_get(created, "join"));
    json_decref(created);
    tw_ts_watch *watch = tw_ts_watch_new(1);
    tw_rng rng;
    tw_rng_seed(&rng, 3);
    int hinted = 0, moves = 0, bot_moves = 0, version = -1;
    for (int step = 0; step < 300; step++) {
        json_t *state = get_state(s, id, token);
        REQUIRE(state);
        tw_ts_watch_state(watch, 0, state);
        CHECK_STR(str_of(json_object_get(state, "partner"), "kind"), "bot");
        CHECK_STR(str_of(json_object_get(state, "partner"), "name"), "rule");
        version = (int)int_of(state, "version");
        if (json_is_true(json_object_get(state, "over"))) {
            json_decref(state);
            break;
        }
        /* With a bot partner, seat 0 is always the one to act. */
        CHECK_INT(int_of(state, "to_act"), 0);
        if (!hinted) {
            char path[200];
            snprintf(path, sizeof path, "/api/games/%s/hint", id);
            json_t *hint;
            CHECK_INT(tw_ts_json(s, "GET", path, token, NULL, &hint), 200);
            int legal = 0;
            size_t i;
            json_t *a;
            json_array_foreach(json_object_get(state, "legal"), i, a) legal |=
                strcmp(json_string_value(a), str_of(hint, "action")) == 0;
            CHECK(legal);
            CHECK(json_is_number(json_object_get(hint, "p_win")));
            json_decref(hint);
            hinted = 1;
        }
        char action[64];
        snprintf(action, sizeof action, "%s", pick_legal(state, &rng));
        json_decref(state);
        json_t *reply;
        int status = post_action(s, id, token, action, version, &reply);
        if (status != 200) {
            tw_test_fail(__FILE__, __LINE__, "'%s' answered %d", action, status);
            json_decref(reply);
            break;
        }
        tw_ts_watch_action(watch, 0, version, reply);
        int after = (int)int_of(reply, "version");
        CHECK(after >= version + 1);
        CHECK_INT(json_array_size(json_object_get(reply, "applied")), after - version);
        bot_moves += after - version - 1;
        moves++;
        json_decref(reply);
    }
    CHECK(moves > 10);
    CHECK(bot_moves > 10);
    char *record = record_of(s, id);
    CHECK(record != NULL);
    if (record) {
        /* every state seen (one per decision of seat 0, and the end) and
         * every reply to seat 0's actions was checked */
        CHECK_INT(tw_ts_watch_check(watch, record), 2 * moves + 1);
        free(record);
    }
    tw_ts_watch_free(watch);
}

/* Gives the open seat to a bot while waiting for a partner. */
static void fox_seat_to_bot(tw_ts_server *s)
{
    json_t *created;
    REQUIRE(tw_ts_json(s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"seed\":8}", &created) == 201);
    char id[32], token[64], code[32], path[200], body[64];
    snprintf(id, sizeof id, "%s", str_of(created, "id"));
    snprintf(token, sizeof token, "%s", str_of(created, "token"));
    snprintf(code, sizeof code, "%s", str_of(created, "join"));
    json_decref(created);
    json_t *out;
    snprintf(path, sizeof path, "/api/games/%s/seat/1/bot", id);
    CHECK_INT(tw_ts_json(s, "POST", path, NULL, "{\"bot\":\"random\"}", &out), 403);
    json_decref(out);
    CHECK_INT(tw_ts_json(s, "POST", path, token, "{\"bot\":\"genius\"}", &out), 400);
    json_decref(out);
    snprintf(path, sizeof path, "/api/games/%s/seat/0/bot", id);
    CHECK_INT(tw_ts_json(s, "POST", path, token, "{\"bot\":\"random\"}", &out), 400);
    json_decref(out);
    snprintf(path, sizeof path, "/api/games/%s/seat/1/bot", id);
    CHECK_INT(tw_ts_json(s, "POST", path, token, "{\"bot\":\"random\"}", &out), 200);
    CHECK_STR(str_of(json_object_get(out, "partner"), "kind"), "bot");
    json_decref(out);
    json_t *state = get_state(s, id, token);
    REQUIRE(state);
    /* Whoever leads, the bot has played its part: seat 0 is to act. */
    CHECK_INT(int_of(state, "to_act"), 0);
    CHECK_STR(str_of(json_object_get(state, "partner"), "name"), "random");
    json_decref(state);
    snprintf(path, sizeof path, "/api/games/%s/join", id);
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", code);
    CHECK_INT(tw_ts_json(s, "POST", path, NULL, body, &out), 409);
    json_decref(out);
}

TEST(server_fox_bot_partner_and_hint)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("foxbot.db")), NULL) == 0);
    fox_with_bot(&s);
    fox_seat_to_bot(&s);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* ---- Restart ---------------------------------------------------------------------- */

/* Two games mid-way, the server killed (SIGKILL) and started again on the
 * same database: every seat's state is identical and play goes on. */
static void restart(tw_ts_server *s, const char *db)
{
    json_t *a, *b;
    REQUIRE(tw_ts_json(s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"seed\":4}", &a) == 201);
    REQUIRE(tw_ts_json(s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"seed\":4,\"partner\":\"rule\"}", &b) ==
            201);
    char nw_id[32], nw_tok[64], fox_id[32], fox_tok[64];
    snprintf(nw_id, sizeof nw_id, "%s", str_of(a, "id"));
    snprintf(nw_tok, sizeof nw_tok, "%s", str_of(a, "token"));
    snprintf(fox_id, sizeof fox_id, "%s", str_of(b, "id"));
    snprintf(fox_tok, sizeof fox_tok, "%s", str_of(b, "token"));
    json_decref(a);
    json_decref(b);
    tw_rng rng;
    tw_rng_seed(&rng, 1);
    for (int i = 0; i < 12; i++) {
        const char *ids[2] = {nw_id, fox_id}, *toks[2] = {nw_tok, fox_tok};
        for (int g = 0; g < 2; g++) {
            json_t *st = get_state(s, ids[g], toks[g]);
            REQUIRE(st);
            char action[64];
            snprintf(action, sizeof action, "%s", pick_legal(st, &rng));
            int version = (int)int_of(st, "version");
            json_decref(st);
            json_t *reply;
            CHECK_INT(post_action(s, ids[g], toks[g], action, version, &reply), 200);
            json_decref(reply);
        }
    }
    json_t *before[2] = {get_state(s, nw_id, nw_tok), get_state(s, fox_id, fox_tok)};
    REQUIRE(before[0] && before[1]);
    char *text_before[2] = {json_dumps(before[0], JSON_COMPACT), json_dumps(before[1], JSON_COMPACT)};
    tw_ts_kill(s);
    REQUIRE(tw_ts_start(s, db, NULL) == 0);
    CHECK_CONTAINS(s->banner, "taken up again: 2");
    json_t *after[2] = {get_state(s, nw_id, nw_tok), get_state(s, fox_id, fox_tok)};
    REQUIRE(after[0] && after[1]);
    for (int g = 0; g < 2; g++) {
        char *text_after = json_dumps(after[g], JSON_COMPACT);
        CHECK_STR(text_after, text_before[g]);
        free(text_after);
        /* Play goes on from the same version. */
        char action[64];
        snprintf(action, sizeof action, "%s", pick_legal(after[g], &rng));
        json_t *reply;
        int version = (int)int_of(after[g], "version");
        CHECK(version >= 12);
        CHECK_INT(post_action(s, g ? fox_id : nw_id, g ? fox_tok : nw_tok, action, version, &reply), 200);
        CHECK(int_of(reply, "version") > version);
        json_decref(reply);
        free(text_before[g]);
        json_decref(before[g]);
        json_decref(after[g]);
    }
}

TEST(server_restart_after_kill_keeps_games)
{
    tw_ts_server s;
    const char *db = tw_ts_fresh_db(tw_test_tmp("restart.db"));
    char path[600];
    snprintf(path, sizeof path, "%s", db);
    REQUIRE(tw_ts_start(&s, path, NULL) == 0);
    restart(&s, path);
    if (s.pid > 0)
        CHECK_INT(tw_ts_stop(&s), 0);
}

/* ---- A game stored before side A followed a public source ------------------------ */

/* Stores the first `stored` actions of a record as a level-1 game row of
 * the kind servers wrote before side A followed a public source: its
 * config has no "board". Two human seats with fixed tokens. */
static int store_old_game(const char *db, const tw_fox_record *rec, int stored, const char *id,
                          const char *const token[2])
{
    tw_srv_store store;
    char err[256];
    if (tw_srv_store_open(&store, db, err, sizeof err) != 0)
        return 0;
    tw_srv_game_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.id, sizeof row.id, "%s", id);
    snprintf(row.game, sizeof row.game, "foxduet");
    snprintf(row.config, sizeof row.config, "{\"level\":1,\"dealer\":%d,\"partner\":\"human\"}", rec->config.dealer);
    row.seed = rec->config.seed;
    snprintf(row.token[0], sizeof row.token[0], "%s", token[0]);
    snprintf(row.token[1], sizeof row.token[1], "%s", token[1]);
    snprintf(row.partner, sizeof row.partner, "human");
    snprintf(row.created_at, sizeof row.created_at, "2026-11-21T12:00:00Z");
    int ok = tw_srv_store_add_game(&store, &row) == 0;
    tw_fox_state s;
    ok = ok && tw_fox_new(&s, &rec->board, &rec->config, NULL) == TW_OK;
    for (int i = 0; i < stored && ok; i++) {
        char text[48];
        int seat = tw_fox_to_act(&s);
        tw_fox_action_format(&s, rec->actions[i], text, sizeof text);
        ok = tw_srv_store_add_action(&store, id, i, seat, text, NULL, NULL, NULL) == 0 &&
             tw_fox_apply(&s, rec->actions[i], NULL) == TW_OK;
    }
    tw_srv_store_close(&store);
    return ok;
}

/* A level-1 game stored half-way by an older server (on the old side A)
 * is rebuilt on that board after a restart, and its remaining actions,
 * taken from a record of the same game, end it as they did then: won in
 * round 2 with 26 points (data/examples/foxduet-record-v1-side-a.json). */
TEST(server_old_level_1_game_goes_on_on_the_old_side_a)
{
    tw_fox_record rec;
    tw_diag d;
    REQUIRE(tw_fox_record_load(&rec, tw_test_data("examples/foxduet-record-v1-side-a.json"), &d) == TW_OK);
    static const char *const token[2] = {"Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa0", "Bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb1"};
    const char *id = "oldsidea0001";
    const char *db = tw_ts_fresh_db(tw_test_tmp("old-side-a.db"));
    char path[600];
    snprintf(path, sizeof path, "%s", db);
    int half = rec.count / 2;
    if (!store_old_game(path, &rec, half, id, token)) {
        tw_fox_record_free(&rec);
        tw_test_fail(__FILE__, __LINE__, "cannot store the old game");
        return;
    }
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, path, NULL) == 0);
    CHECK_CONTAINS(s.banner, "taken up again: 1");
    json_t *st = get_state(&s, id, token[0]);
    REQUIRE(st);
    CHECK_INT(int_of(st, "version"), half);
    json_t *board = json_object_get(json_object_get(st, "view"), "board");
    CHECK_STR(str_of(board, "id"), "side-a-reconstruction-2026");
    CHECK(json_is_true(json_object_get(board, "reconstructed")));
    json_decref(st);
    tw_fox_state local;
    REQUIRE(tw_fox_record_replay(&rec, half, &local, &d) == TW_OK);
    for (int i = half; i < rec.count; i++) {
        char text[48];
        int seat = tw_fox_to_act(&local);
        tw_fox_action_format(&local, rec.actions[i], text, sizeof text);
        json_t *reply;
        int status = post_action(&s, id, token[seat], text, i, &reply);
        json_decref(reply);
        if (status != 200) {
            tw_test_fail(__FILE__, __LINE__, "'%s' (action %d) answered %d", text, i, status);
            break;
        }
        tw_fox_apply(&local, rec.actions[i], NULL);
    }
    st = get_state(&s, id, token[1]);
    REQUIRE(st);
    CHECK(json_is_true(json_object_get(st, "over")));
    json_t *view = json_object_get(st, "view");
    CHECK(json_is_true(json_object_get(view, "won")));
    CHECK_INT(int_of(view, "score"), 26);
    json_decref(st);
    /* Its record names the old board, so it replays anywhere. */
    char *record = record_of(&s, id);
    CHECK(record != NULL);
    if (record) {
        CHECK_CONTAINS(record, "\"version\":2");
        CHECK_CONTAINS(record, "\"board\":\"" TW_FOX_OLD_SIDE_A_FILE "\"");
        tw_fox_record back;
        if (tw_fox_record_from_text(&back, record, "record", &d) == TW_OK) {
            tw_fox_state end;
            CHECK_INT(tw_fox_record_replay(&back, -1, &end, &d), TW_OK);
            CHECK_INT(tw_fox_score(&end), 26);
            tw_fox_record_free(&back);
        } else {
            tw_test_fail(__FILE__, __LINE__, "the history record does not load: %s", d.message);
        }
        free(record);
    }
    CHECK_INT(tw_ts_stop(&s), 0);
    tw_fox_record_free(&rec);
}

/* ---- Games loaded on demand after a restart ------------------------------------------ */

/* Whether the server's standard error (its log file) holds text. */
static int log_contains(const tw_ts_server *s, const char *text)
{
    tw_diag d;
    char *log = tw_read_file(s->log, NULL, &d);
    int found = log && strstr(log, text) != NULL;
    free(log);
    return found;
}

/* A restart rebuilds no game: the banner counts the stored games in
 * progress, and a game is replayed only when first asked for. A stored
 * game whose actions no longer replay is therefore reported when it is
 * asked for (404), not at start, and the others still play. */
TEST(server_restart_loads_games_on_demand)
{
    const char *db = tw_ts_fresh_db(tw_test_tmp("on-demand.db"));
    char path[600];
    snprintf(path, sizeof path, "%s", db);
    tw_srv_store store;
    char err[256];
    REQUIRE(tw_srv_store_open(&store, path, err, sizeof err) == 0);
    static const char *const ids[2] = {"ondemandgood", "ondemandbad0"};
    for (int i = 0; i < 2; i++) {
        tw_srv_game_row row;
        memset(&row, 0, sizeof row);
        snprintf(row.id, sizeof row.id, "%s", ids[i]);
        snprintf(row.game, sizeof row.game, "northwood");
        snprintf(row.config, sizeof row.config, "{\"setup\":\"intro\",\"medal\":\"bronze\"}");
        row.seed = 86;
        snprintf(row.token[0], sizeof row.token[0], "Tokentokentokentokentokentoken%d", i);
        snprintf(row.partner, sizeof row.partner, "none");
        snprintf(row.created_at, sizeof row.created_at, "2026-11-21T12:00:00Z");
        CHECK(tw_srv_store_add_game(&store, &row) == 0);
        CHECK(tw_srv_store_add_action(&store, ids[i], 0, 0, i ? "respond 9Z" : "visit 3", NULL, NULL, NULL) == 0);
    }
    tw_srv_store_close(&store);
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, path, NULL) == 0);
    CHECK_CONTAINS(s.banner, "taken up again: 2");
    CHECK(!log_contains(&s, "cannot be rebuilt"));
    json_t *st = get_state(&s, ids[0], "Tokentokentokentokentokentoken0");
    CHECK(st && int_of(st, "version") == 1);
    json_decref(st);
    json_t *reply = NULL;
    char url[96];
    snprintf(url, sizeof url, "/api/games/%s/state", ids[1]);
    CHECK_INT(tw_ts_json(&s, "GET", url, "Tokentokentokentokentokentoken1", NULL, &reply), 404);
    json_decref(reply);
    CHECK(log_contains(&s, "game ondemandbad0 cannot be rebuilt"));
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* ---- Variants ------------------------------------------------------------------------ */

/* A hidden-stars game with the expert rule, played to the end through the
 * API: the view names the variant and carries no star before the end,
 * then shows where the seed put them; the result says whether the goal
 * was met. Bad variant members are refused. */
TEST(server_nw_variant_keeps_its_stars_hidden_until_the_end)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("variant.db")), NULL) == 0);
    json_t *reply;
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"expert\":\"yes\"}", &reply), 400);
    json_decref(reply);
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"variant\":\"stars\"}", &reply),
              400);
    json_decref(reply);
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL,
                       "{\"game\":\"northwood\",\"variant\":\"hidden-stars\",\"expert\":true,\"seed\":8}",
                       &reply) == 201);
    char id[32], token[64];
    snprintf(id, sizeof id, "%s", str_of(reply, "id"));
    snprintf(token, sizeof token, "%s", str_of(reply, "token"));
    json_decref(reply);
    tw_rng rng;
    tw_rng_seed(&rng, 5);
    int version = 0, over = 0;
    for (int step = 0; step < 600 && !over; step++) {
        json_t *state = get_state(&s, id, token);
        REQUIRE(state);
        json_t *view = json_object_get(state, "view");
        CHECK_STR(str_of(view, "variant"), "hidden-stars");
        CHECK(json_is_true(json_object_get(view, "expert")));
        over = json_is_true(json_object_get(state, "over"));
        if (!over) {
            CHECK(json_is_null(json_object_get(view, "star_fiefs")));
            char *text = json_dumps(state, JSON_COMPACT);
            CHECK(text && !strstr(text, "\"star_fiefs\":["));
            free(text);
            const char *action = pick_legal(state, &rng);
            REQUIRE(action);
            char action_text[64];
            snprintf(action_text, sizeof action_text, "%s", action);
            json_t *moved;
            REQUIRE(post_action(&s, id, token, action_text, version, &moved) == 200);
            version++;
            json_decref(moved);
        } else {
            /* the stars the seed dealt, in the view and the result */
            unsigned stars = 0;
            size_t i;
            json_t *f;
            json_array_foreach(json_object_get(view, "star_fiefs"), i, f) stars |= 1u << json_integer_value(f);
            CHECK_INT(stars, tw_nw_deal_star_fiefs(8));
            json_t *result = json_object_get(state, "result");
            stars = 0;
            json_array_foreach(json_object_get(result, "star_fiefs"), i, f) stars |= 1u << json_integer_value(f);
            CHECK_INT(stars, tw_nw_deal_star_fiefs(8));
            int found = 0, outer = 1;
            json_array_foreach(json_object_get(view, "fiefs"), i, f) {
                int friendly = strcmp(str_of(f, "status"), "friendly") == 0;
                found += friendly && (tw_nw_deal_star_fiefs(8) >> i & 1);
                outer &= friendly || !(TW_NW_OUTER_FIEFS >> i & 1);
            }
            CHECK_INT(int_of(result, "stars_found"), found);
            CHECK_INT(json_is_true(json_object_get(result, "won")), found == 3 && outer);
        }
        json_decref(state);
    }
    CHECK(over);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* A shipped challenge started through the API ("challenge": its number):
 * its fixed first hand is dealt, its goal is the game's; an unknown
 * number is refused. */
TEST(server_nw_challenge_starts_with_its_setup)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("challenge.db")), NULL) == 0);
    json_t *reply;
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"challenge\":99}", &reply), 400);
    json_decref(reply);
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"challenge\":1,\"seed\":4}", &reply) ==
            201);
    char id[32], token[64];
    snprintf(id, sizeof id, "%s", str_of(reply, "id"));
    snprintf(token, sizeof token, "%s", str_of(reply, "token"));
    json_decref(reply);
    json_t *state = get_state(&s, id, token);
    REQUIRE(state);
    char *text = json_dumps(json_object_get(json_object_get(state, "view"), "hand"), JSON_COMPACT);
    REQUIRE(text);
    CHECK_CONTAINS(text, "\"8C\"");
    CHECK_CONTAINS(text, "\"8F\"");
    CHECK_CONTAINS(text, "\"8L\"");
    CHECK_CONTAINS(text, "\"8E\"");
    CHECK_CONTAINS(text, "\"7E\"");
    free(text);
    json_decref(state);
    /* By its id too, with the challenge's own setup (a full deal here)
     * and goal whatever the request says (the stored configuration names
     * the id: the browser test sees the history count it); an unknown id
     * or number, or a path, is refused with why. */
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"challenge\":\"no-such-one\"}",
                         &reply),
              400);
    CHECK_CONTAINS(str_of(reply, "error"), "no shipped challenge is named \"no-such-one\"");
    json_decref(reply);
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"challenge\":60}", &reply), 400);
    json_decref(reply);
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"challenge\":\"../x\"}", &reply),
              400);
    CHECK_CONTAINS(str_of(reply, "error"), "a name of at most 40 letters");
    json_decref(reply);
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL,
                       "{\"game\":\"northwood\",\"challenge\":\"full-bronze\",\"medal\":\"gold\",\"seed\":4}",
                       &reply) == 201);
    snprintf(id, sizeof id, "%s", str_of(reply, "id"));
    snprintf(token, sizeof token, "%s", str_of(reply, "token"));
    json_decref(reply);
    state = get_state(&s, id, token);
    REQUIRE(state);
    json_t *view = json_object_get(state, "view");
    CHECK_STR(str_of(view, "setup"), "full");
    CHECK_STR(str_of(view, "medal"), "bronze"); /* the challenge's goal, not the request's */
    json_decref(state);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* GET /api/challenges lists every shipped challenge in number order, each
 * with its id (the file's), names in both languages and its rating; the
 * number it gives starts that challenge. */
TEST(server_lists_the_challenges)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("challenges.db")), NULL) == 0);
    json_t *reply = NULL;
    REQUIRE(tw_ts_json(&s, "GET", "/api/challenges", NULL, NULL, &reply) == 200);
    json_t *list = json_object_get(reply, "challenges");
    static char paths[TW_NW_MAX_CHALLENGES][512];
    int n = tw_nw_challenge_paths(paths, TW_NW_MAX_CHALLENGES);
    CHECK(n >= 16);
    CHECK_INT((int)json_array_size(list), n);
    size_t i;
    json_t *c;
    json_array_foreach(list, i, c) {
        CHECK_INT((int)json_integer_value(json_object_get(c, "number")), (int)i + 1);
        const char *cid = str_of(c, "id");
        CHECK(strlen(cid) > 0 && strstr(paths[i], cid) != NULL);
        CHECK(strlen(str_of(json_object_get(c, "name"), "fr")) > 0);
        CHECK(json_integer_value(json_object_get(json_object_get(c, "rating"), "games")) > 0);
    }
    /* The last one started by its number: the game has its goal. */
    char body[96];
    snprintf(body, sizeof body, "{\"game\":\"northwood\",\"challenge\":%d,\"seed\":2}", n);
    json_t *made = NULL;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, body, &made) == 201);
    json_t *state = get_state(&s, str_of(made, "id"), str_of(made, "token"));
    REQUIRE(state);
    json_t *last = json_array_get(list, (size_t)n - 1), *view = json_object_get(state, "view");
    CHECK_STR(str_of(view, "variant"), str_of(last, "variant"));
    CHECK(json_equal(json_object_get(view, "expert"), json_object_get(last, "expert")));
    json_decref(state);
    json_decref(made);
    json_decref(reply);
    CHECK_INT(tw_ts_stop(&s), 0);
}
