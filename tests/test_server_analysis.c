/* The analysis endpoints and hints at a step, against the real server
 * (docs/web-api.md, "Analysis"): a finished game's analysis is the
 * library's (tw_game_analyse_json on its record and seed: the figures
 * `trickwood analyse` gives), the same from the game and from the
 * history, and kept; a hint at a replay step is the one the game gave at
 * that step; and in a Duet game still being played a seat only ever gets
 * the analysis of its own decisions and hints at its own steps, each
 * worked out from its own view, while the finished game shows both. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "test_server_client.h"
#include "trickwood/game.h"

/* A text member of an object ("" when absent). */
static const char *text_of(json_t *obj, const char *key)
{
    const char *v = json_string_value(json_object_get(obj, key));
    return v ? v : "";
}

/* A GET whose status must be want; returns the body (NULL otherwise). */
static json_t *get(const tw_ts_server *s, const char *path, const char *token, int want)
{
    json_t *out = NULL;
    int status = tw_ts_json(s, "GET", path, token, NULL, &out);
    if (status != want) {
        tw_test_fail(__FILE__, __LINE__, "GET %s answered %d, not %d (%s)", path, status, want, text_of(out, "error"));
        json_decref(out);
        return NULL;
    }
    return out;
}

/* Plays the seat to act's first legal action (never "stop" when another
 * is legal) as the seat holding token; returns the action played into
 * out, or 0 when the seat is not to act or the game is over. */
static int play_first(const tw_ts_server *s, const char *id, const char *token, char *out, size_t size)
{
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/state", id);
    json_t *state = get(s, path, token, 200);
    if (!state)
        return 0;
    json_t *legal = json_object_get(state, "legal");
    size_t n = json_array_size(legal);
    const char *pick = NULL;
    for (size_t i = 0; i < n && !pick; i++)
        if (strcmp(json_string_value(json_array_get(legal, i)), "stop") != 0 || n == 1)
            pick = json_string_value(json_array_get(legal, i));
    int played = 0;
    if (pick) {
        snprintf(out, size, "%s", pick);
        json_t *body = json_pack("{s:s, s:I}", "action", pick, "version",
                                 json_integer_value(json_object_get(state, "version")));
        char *text = json_dumps(body, JSON_COMPACT);
        snprintf(path, sizeof path, "/api/games/%s/actions", id);
        json_t *reply = NULL;
        played = tw_ts_json(s, "POST", path, token, text, &reply) == 200;
        json_decref(reply);
        free(text);
        json_decref(body);
    }
    json_decref(state);
    return played;
}

/* The local match of a game: started from the configuration the server
 * made of options and seed, then the actions. NULL on failure. */
static tw_match *local_match(const tw_game *game, const char *options, uint64_t seed, char (*actions)[48], int n)
{
    json_t *opts = json_loads(options, 0, NULL);
    json_t *config = opts ? game->new_config(opts, seed) : NULL;
    tw_diag d;
    tw_match *m = config ? game->start(config, seed, &d) : NULL;
    for (int i = 0; m && i < n; i++) {
        char why[256];
        if (tw_match_act_text(m, actions[i], NULL, why, sizeof why) != TW_OK) {
            tw_test_fail(__FILE__, __LINE__, "local replay refused %s: %s", actions[i], why);
            game->free(m);
            m = NULL;
        }
    }
    json_decref(config);
    json_decref(opts);
    return m;
}

/* Checks that got is the library's analysis of match m for seat (-1:
 * every seat), worked out again here. Under ThreadSanitizer, where these
 * tests look for races in the server, that takes minutes per analysis;
 * under AddressSanitizer the server (an ASan build too) already runs the
 * same analysis code on the same game: the comparison is left to the
 * optimised run. */
static void check_local_analysis(const json_t *got, const tw_match *m, int seat)
{
    if (TW_TEST_TSAN || TW_TEST_ASAN)
        return;
    json_t *want = tw_game_analyse_json(m, seat, 0, 5);
    REQUIRE(want);
    CHECK(json_equal(got, want));
    json_decref(want);
}

/* Creates a game; fills id and seat 0's token. */
static int create(const tw_ts_server *s, const char *body, char *id, char *token)
{
    json_t *created = NULL;
    int ok = tw_ts_json(s, "POST", "/api/games", NULL, body, &created) == 201;
    snprintf(id, 32, "%s", text_of(created, "id"));
    snprintf(token, 64, "%s", text_of(created, "token"));
    json_decref(created);
    return ok;
}

TEST(server_analysis_of_a_finished_game_and_hints_at_steps)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("analysis.db")), NULL) == 0);
    const char *options = "{\"setup\":\"intro\",\"medal\":\"bronze\"}";
    char id[32], token[64], path[256];
    REQUIRE(create(&s, "{\"game\":\"northwood\",\"seed\":11}", id, token));
    static char actions[600][48];
    int n = 0;
    /* Before the end the history knows no such game. */
    snprintf(path, sizeof path, "/api/history/%s/analysis", id);
    json_decref(get(&s, path, NULL, 404));
    while (n < 600 && play_first(&s, id, token, actions[n], sizeof actions[n]))
        n++;
    REQUIRE(n > 10);
    const tw_game *game = tw_game_find("northwood");
    tw_match *m = local_match(game, options, 11, actions, n);
    REQUIRE(m && tw_match_is_over(m));

    /* From the history, from the game: the library's analysis. */
    json_t *hist = get(&s, path, NULL, 200);
    snprintf(path, sizeof path, "/api/games/%s/analysis", id);
    json_t *mine = get(&s, path, token, 200);
    REQUIRE(hist && mine);
    CHECK(json_equal(hist, mine));
    check_local_analysis(hist, m, -1);
    CHECK(json_is_true(json_object_get(hist, "over")));
    CHECK_STR(text_of(hist, "chance_of"), "target");
    json_t *decisions = json_object_get(hist, "decisions");
    CHECK(json_array_size(decisions) > 5);
    /* Without a token, or with a wrong one: refused. */
    json_decref(get(&s, path, NULL, 403));
    json_decref(get(&s, path, "wrong-token", 403));

    /* A hint at the step of a judged decision: the hint the game gave
     * there, from that position (the same as the table's, locally). */
    json_t *d = json_array_get(decisions, 1);
    int step = (int)json_integer_value(json_object_get(d, "step"));
    tw_match *at = tw_match_at_step(m, step);
    REQUIRE(at);
    json_t *want = game->hint_json(at);
    REQUIRE(want);
    snprintf(path, sizeof path, "/api/history/%s/hint?step=%d", id, step);
    json_t *h = get(&s, path, NULL, 200);
    snprintf(path, sizeof path, "/api/games/%s/hint?step=%d", id, step);
    json_t *h2 = get(&s, path, token, 200);
    REQUIRE(h && h2);
    CHECK_STR(text_of(h, "action"), text_of(want, "action"));
    CHECK(json_equal(json_object_get(h, "p_target"), json_object_get(want, "p_target")));
    CHECK(json_integer_value(json_object_get(h, "step")) == step);
    CHECK(json_equal(h, h2));
    json_decref(h);
    json_decref(h2);
    json_decref(want);
    game->free(at);

    /* Bad steps: out of range, not a number, the end of the game. */
    snprintf(path, sizeof path, "/api/history/%s/hint?step=%d", id, n + 1);
    json_decref(get(&s, path, NULL, 400));
    snprintf(path, sizeof path, "/api/history/%s/hint?step=x", id);
    json_decref(get(&s, path, NULL, 400));
    snprintf(path, sizeof path, "/api/history/%s/hint", id);
    json_decref(get(&s, path, NULL, 400));
    snprintf(path, sizeof path, "/api/history/%s/hint?step=%d", id, n);
    json_decref(get(&s, path, NULL, 409));
    json_decref(get(&s, "/api/history/nosuchgame22/analysis", NULL, 404));
    json_decref(get(&s, "/api/history/nosuchgame22/hint?step=0", NULL, 404));

    json_decref(hist);
    json_decref(mine);
    game->free(m);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* Checks that an analysis holds only seat's decisions, each the local
 * library's for seat (from its own view) and each naming actions that
 * were legal for seat then. */
static void check_seat_analysis(json_t *got, const tw_match *m, int seat)
{
    check_local_analysis(got, m, seat);
    CHECK(json_is_false(json_object_get(got, "over")));
    size_t i;
    json_t *d;
    const tw_game *game = m->game;
    json_array_foreach(json_object_get(got, "decisions"), i, d) {
        CHECK_INT((int)json_integer_value(json_object_get(d, "seat")), seat);
        int step = (int)json_integer_value(json_object_get(d, "step"));
        tw_match *at = tw_match_at_step(m, step);
        REQUIRE(at);
        CHECK_INT(game->to_act(at), seat);
        tw_game_action list[TW_GAME_MAX_ACTIONS];
        int n = game->legal(at, list), found = 0;
        for (int k = 0; k < n; k++) {
            char text[48];
            game->format(at, list[k], text, sizeof text);
            found += strcmp(text, text_of(d, "best")) == 0;
        }
        CHECK_INT(found, 1);
        game->free(at);
    }
}

TEST(server_analysis_never_shows_a_seat_its_partner_in_a_game_in_progress)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("analysis-hidden.db")), NULL) == 0);
    char id[32], token[2][64], path[256], body[128];
    json_t *created = NULL;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"level\":2,\"seed\":23}", &created) ==
            201);
    snprintf(id, sizeof id, "%s", text_of(created, "id"));
    snprintf(token[0], sizeof token[0], "%s", text_of(created, "token"));
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", text_of(created, "join"));
    json_decref(created);
    snprintf(path, sizeof path, "/api/games/%s/join", id);
    json_t *joined = NULL;
    REQUIRE(tw_ts_json(&s, "POST", path, NULL, body, &joined) == 200);
    snprintf(token[1], sizeof token[1], "%s", text_of(joined, "token"));
    json_decref(joined);

    /* Half a game or so, each seat playing its first legal action. */
    static char actions[400][48];
    int n = 0;
    while (n < 40) {
        if (play_first(&s, id, token[0], actions[n], sizeof actions[n]) ||
            play_first(&s, id, token[1], actions[n], sizeof actions[n]))
            n++;
        else
            break;
    }
    REQUIRE(n == 40);
    const tw_game *game = tw_game_find("fox");
    tw_match *m = local_match(game, "{\"level\":2}", 23, actions, n);
    REQUIRE(m && !tw_match_is_over(m));

    /* Each seat: its own decisions only, from its own view. */
    for (int seat = 0; seat < 2; seat++) {
        snprintf(path, sizeof path, "/api/games/%s/analysis", id);
        json_t *got = get(&s, path, token[seat], 200);
        REQUIRE(got);
        CHECK(json_array_size(json_object_get(got, "decisions")) > 0);
        check_seat_analysis(got, m, seat);
        json_decref(got);
    }
    /* A hint at a step: only where the asking seat was to act. */
    tw_match *at = game->restart(m);
    REQUIRE(at);
    int other = -1, own = -1;
    for (int i = 0; i < n && (other < 0 || own < 0); i++) {
        if (game->to_act(at) == 1 && other < 0)
            other = i;
        if (game->to_act(at) == 0 && own < 0)
            own = i;
        REQUIRE(game->apply(at, m->actions[i], NULL) == TW_OK);
    }
    game->free(at);
    REQUIRE(other >= 0 && own >= 0);
    snprintf(path, sizeof path, "/api/games/%s/hint?step=%d", id, other);
    json_t *refused = get(&s, path, token[0], 403);
    CHECK_STR(text_of(refused, "code"), "not_your_turn");
    json_decref(refused);
    snprintf(path, sizeof path, "/api/games/%s/hint?step=%d", id, own);
    json_t *h = get(&s, path, token[0], 200);
    CHECK(h && json_integer_value(json_object_get(h, "seat")) == 0);
    json_decref(h);
    /* Not in the history while it is played. */
    snprintf(path, sizeof path, "/api/history/%s/analysis", id);
    json_decref(get(&s, path, NULL, 404));
    snprintf(path, sizeof path, "/api/history/%s/hint?step=%d", id, other);
    json_decref(get(&s, path, NULL, 404));

    /* Once over, everything may be shown: both seats' decisions, the
     * same analysis for either seat and from the history. */
    while (n < 400 && (play_first(&s, id, token[0], actions[n], sizeof actions[n]) ||
                       play_first(&s, id, token[1], actions[n], sizeof actions[n])))
        n++;
    game->free(m);
    m = local_match(game, "{\"level\":2}", 23, actions, n);
    REQUIRE(m && tw_match_is_over(m));
    snprintf(path, sizeof path, "/api/history/%s/analysis", id);
    json_t *hist = get(&s, path, NULL, 200);
    snprintf(path, sizeof path, "/api/games/%s/analysis", id);
    json_t *seat1 = get(&s, path, token[1], 200);
    REQUIRE(hist && seat1);
    CHECK(json_equal(hist, seat1));
    check_local_analysis(hist, m, -1);
    int seats[2] = {0, 0};
    size_t i;
    json_t *d;
    json_array_foreach(json_object_get(hist, "decisions"), i, d) {
        int seat = (int)json_integer_value(json_object_get(d, "seat"));
        REQUIRE(seat == 0 || seat == 1);
        seats[seat]++;
    }
    CHECK(seats[0] > 0 && seats[1] > 0);
    json_decref(hist);
    json_decref(seat1);
    game->free(m);
    CHECK_INT(tw_ts_stop(&s), 0);
}
