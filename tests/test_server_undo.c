/* POST /api/games/ID/undo against the real server: a For Northwood!
 * decision taken back until a card is shown, the stored actions (after a
 * restart, and in the finished game's record) being the moves that
 * stand, the refusals (stale version, nothing to take back, bad body),
 * and the Duet: none between two players, the same rule with a bot. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"
#include "test_server_client.h"

/* A request on one game: POST with a body, or GET (body NULL). Returns
 * the status; *out gets the JSON reply. */
static int game_call(const tw_ts_server *s, const char *id, const char *what, const char *token, const char *body,
                     json_t **out)
{
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/%s", id, what);
    return tw_ts_json(s, body ? "POST" : "GET", path, token, body, out);
}

/* Posts an action at a version; returns the status. */
static int act(const tw_ts_server *s, const char *id, const char *token, const char *action, int version)
{
    char body[160];
    snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":%d}", action, version);
    json_t *reply = NULL;
    int status = game_call(s, id, "actions", token, body, &reply);
    json_decref(reply);
    return status;
}

/* Posts an undo at a version; returns the status, *out the reply. */
static int undo(const tw_ts_server *s, const char *id, const char *token, int version, json_t **out)
{
    char body[64];
    snprintf(body, sizeof body, "{\"version\":%d}", version);
    return game_call(s, id, "undo", token, body, out);
}

/* Creates a game from a request body; its id and seat 0's token go to
 * id and tok. Returns the status. */
static int create(const tw_ts_server *s, const char *body, char id[32], char tok[64])
{
    json_t *created = NULL;
    int status = tw_ts_json(s, "POST", "/api/games", NULL, body, &created);
    const char *i = json_string_value(json_object_get(created, "id"));
    const char *t = json_string_value(json_object_get(created, "token"));
    snprintf(id, 32, "%s", i ? i : "");
    snprintf(tok, 64, "%s", t ? t : "");
    json_decref(created);
    return status;
}

/* An integer member (-999 when absent). */
static long long member(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    return json_is_integer(v) ? json_integer_value(v) : -999;
}

/* The "code" of an error reply. */
static const char *code(json_t *reply)
{
    const char *c = json_string_value(json_object_get(reply, "code"));
    return c ? c : "";
}

/* The actions of a state's log joined by ", ". */
static void log_actions(json_t *state, char *out, size_t size)
{
    json_t *log = json_object_get(state, "log");
    out[0] = '\0';
    for (size_t i = 0; i < json_array_size(log); i++) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", i ? ", " : "",
                 json_string_value(json_object_get(json_array_get(log, i), "action")));
    }
}

TEST(server_undo_northwood_until_a_card_is_shown)
{
    tw_ts_server s;
    const char *db = tw_ts_fresh_db(tw_test_tmp("undo.db"));
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    json_t *st = NULL, *reply = NULL;
    char id[32], tok[64];
    REQUIRE(create(&s, "{\"game\":\"northwood\",\"seed\":7}", id, tok) == 201);

    /* nothing to take back before the first decision */
    CHECK_INT(game_call(&s, id, "state", tok, NULL, &st), 200);
    CHECK_INT(member(st, "undo"), 0);
    json_decref(st);
    CHECK_INT(undo(&s, id, tok, 0, &reply), 409);
    CHECK_STR(code(reply), "nothing_to_undo");
    json_decref(reply);

    /* seed 7: allies are ready, so choosing a fief shows no card */
    CHECK_INT(act(&s, id, tok, "visit 0", 0), 200);
    CHECK_INT(game_call(&s, id, "state", tok, NULL, &st), 200);
    CHECK_INT(member(st, "undo"), 1);
    json_decref(st);
    CHECK_INT(undo(&s, id, tok, 0, &reply), 409); /* a stale version */
    CHECK_STR(code(reply), "conflict");
    json_decref(reply);
    CHECK_INT(game_call(&s, id, "undo", tok, "{\"version\":1,\"steps\":2}", &reply), 400);
    json_decref(reply);
    CHECK_INT(game_call(&s, id, "undo", "not-a-token", "{\"version\":1}", &reply), 403);
    json_decref(reply);
    CHECK_INT(undo(&s, id, tok, 1, &reply), 200);
    CHECK_INT(member(reply, "version"), 0);
    json_t *undone = json_array_get(json_object_get(reply, "undone"), 0);
    CHECK_STR(json_string_value(json_object_get(undone, "action")), "visit 0");
    json_t *event = json_array_get(json_object_get(reply, "events"), 0);
    CHECK_STR(json_string_value(json_object_get(event, "type")), "undo");
    CHECK_STR(json_string_value(json_array_get(json_object_get(event, "actions"), 0)), "visit 0");
    json_decref(reply);

    /* another fief; the statement then stands */
    CHECK_INT(act(&s, id, tok, "visit 1", 0), 200);
    CHECK_INT(act(&s, id, tok, "proceed", 1), 200);
    CHECK_INT(undo(&s, id, tok, 2, &reply), 409);
    CHECK_STR(code(reply), "nothing_to_undo");
    json_decref(reply);

    /* the stored actions are the moves that stand, after a restart too */
    CHECK_INT(tw_ts_stop(&s), 0);
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    CHECK_INT(game_call(&s, id, "state", tok, NULL, &st), 200);
    char played[8192];
    log_actions(st, played, sizeof played);
    CHECK_STR(played, "visit 1, proceed");
    /* play to the end; the record holds what was played */
    for (int guard = 0; st && !json_is_true(json_object_get(st, "over")) && guard < 400; guard++) {
        const char *a = json_string_value(json_array_get(json_object_get(st, "legal"), 0));
        CHECK_INT(act(&s, id, tok, a, (int)member(st, "version")), 200);
        json_decref(st);
        st = NULL;
        CHECK_INT(game_call(&s, id, "state", tok, NULL, &st), 200);
    }
    log_actions(st, played, sizeof played);
    CHECK_INT(undo(&s, id, tok, (int)member(st, "version"), &reply), 409); /* a finished game stands */
    json_decref(reply);
    json_decref(st);
    char path[128];
    snprintf(path, sizeof path, "/api/history/%s", id);
    json_t *hist = NULL;
    CHECK_INT(tw_ts_json(&s, "GET", path, NULL, NULL, &hist), 200);
    json_t *actions = json_object_get(json_object_get(hist, "record"), "actions");
    char recorded[8192] = "";
    for (size_t i = 0; i < json_array_size(actions); i++) {
        size_t len = strlen(recorded);
        snprintf(recorded + len, sizeof recorded - len, "%s%s", i ? ", " : "",
                 json_string_value(json_array_get(actions, i)));
    }
    CHECK_STR(recorded, played);
    CHECK(strncmp(recorded, "visit 1, proceed, ", 18) == 0);
    json_decref(hist);
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_undo_duet_only_with_a_bot)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("undo-fox.db")), NULL) == 0);
    json_t *st = NULL, *reply = NULL;
    char id[32], tok[64];
    /* two players: refused, with a reason */
    REQUIRE(create(&s, "{\"game\":\"foxduet\",\"seed\":3}", id, tok) == 201);
    CHECK_INT(game_call(&s, id, "state", tok, NULL, &st), 200);
    CHECK_INT(member(st, "undo"), 0);
    CHECK_INT(undo(&s, id, tok, (int)member(st, "version"), &reply), 409);
    CHECK_STR(code(reply), "no_undo");
    CHECK_CONTAINS(json_string_value(json_object_get(reply, "error")), "two players");
    json_decref(reply);
    json_decref(st);

    /* with a bot partner: the same rule as alone (the deal shows the hands) */
    REQUIRE(create(&s, "{\"game\":\"foxduet\",\"seed\":3,\"partner\":\"rule\"}", id, tok) == 201);
    CHECK_INT(game_call(&s, id, "state", tok, NULL, &st), 200);
    CHECK_INT(undo(&s, id, tok, (int)member(st, "version"), &reply), 409);
    CHECK_STR(code(reply), "nothing_to_undo");
    json_decref(reply);
    json_decref(st);
    CHECK_INT(tw_ts_stop(&s), 0);
}
