/* Bad requests to `trickwood serve` (malformed JSON, unknown game or
 * table, wrong token, not your turn, illegal action, stale version,
 * oversized body, wrong method...): each gets the right 4xx JSON error and
 * leaves every seat's state exactly as it was. Also: static files never
 * leave the web folder, event streams, and a clean stop. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test.h"
#include "test_server_client.h"
#include "trickwood/foxduet.h"

/* A text member ("" when absent). */
static const char *text_of(json_t *obj, const char *key)
{
    const char *v = json_string_value(json_object_get(obj, key));
    return v ? v : "";
}

/* The tables the bad requests aim at. */
typedef struct {
    char fox[32];
    char fox_tok[2][64];
    char nw[32];
    char nw_tok[64];
    char *snapshot[3];
} tables;

/* The state texts of the three seats. */
static void take_snapshot(const tw_ts_server *s, const tables *t, char *out[3])
{
    const char *ids[3] = {t->fox, t->fox, t->nw};
    const char *toks[3] = {t->fox_tok[0], t->fox_tok[1], t->nw_tok};
    for (int i = 0; i < 3; i++) {
        char path[200];
        snprintf(path, sizeof path, "/api/games/%s/state", ids[i]);
        json_t *st;
        out[i] = NULL;
        if (tw_ts_json(s, "GET", path, toks[i], NULL, &st) == 200)
            out[i] = json_dumps(st, JSON_COMPACT);
        json_decref(st);
    }
}

/* Checks that nothing changed since the first snapshot. */
static void check_unchanged(const tw_ts_server *s, const tables *t, const char *what)
{
    char *now[3];
    take_snapshot(s, t, now);
    for (int i = 0; i < 3; i++) {
        if (!now[i] || !t->snapshot[i] || strcmp(now[i], t->snapshot[i]) != 0)
            tw_test_fail(__FILE__, __LINE__, "after %s, state %d changed", what, i);
        free(now[i]);
    }
}

/* Sends a refused request and checks that its error message holds text. */
static void expect_says(const tw_ts_server *s, const char *method, const char *path, const char *token,
                        const char *body, const char *text)
{
    tw_ts_reply r;
    if (tw_ts_request(s, method, path, token, body, &r) != 0) {
        tw_test_fail(__FILE__, __LINE__, "%s %s: no reply", method, path);
        return;
    }
    CHECK(r.status >= 400);
    CHECK_CONTAINS(text_of(r.json, "error"), text);
    tw_ts_reply_free(&r);
}

/* Sends a request and checks status, code, a JSON error body and that
 * no state changed. */
static void expect(const tw_ts_server *s, const tables *t, const char *method, const char *path, const char *token,
                   const char *body, int status, const char *code)
{
    tw_ts_reply r;
    if (tw_ts_request(s, method, path, token, body, &r) != 0) {
        tw_test_fail(__FILE__, __LINE__, "%s %s: no reply", method, path);
        return;
    }
    char what[300];
    snprintf(what, sizeof what, "%s %s", method, path);
    if (r.status != status || strcmp(tw_ts_code(&r), code) != 0)
        tw_test_fail(__FILE__, __LINE__, "%s answered %d %s, expected %d %s (%s)", what, r.status, tw_ts_code(&r),
                     status, code, r.body);
    char type[128] = "";
    tw_ts_header(&r, "Content-Type", type, sizeof type);
    CHECK_CONTAINS(type, "application/json");
    CHECK(strlen(text_of(r.json, "error")) > 10);
    tw_ts_reply_free(&r);
    check_unchanged(s, t, what);
}

/* Sets up a Fox table with both seats and a For Northwood! game. */
static int make_tables(const tw_ts_server *s, tables *t)
{
    json_t *out;
    memset(t, 0, sizeof *t);
    if (tw_ts_json(s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"seed\":31}", &out) != 201)
        return -1;
    snprintf(t->fox, sizeof t->fox, "%s", text_of(out, "id"));
    snprintf(t->fox_tok[0], sizeof t->fox_tok[0], "%s", text_of(out, "token"));
    char path[200], body[100];
    snprintf(path, sizeof path, "/api/games/%s/join", t->fox);
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", text_of(out, "join"));
    json_decref(out);
    if (tw_ts_json(s, "POST", path, NULL, body, &out) != 200)
        return -1;
    snprintf(t->fox_tok[1], sizeof t->fox_tok[1], "%s", text_of(out, "token"));
    json_decref(out);
    if (tw_ts_json(s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"seed\":2}", &out) != 201)
        return -1;
    snprintf(t->nw, sizeof t->nw, "%s", text_of(out, "id"));
    snprintf(t->nw_tok, sizeof t->nw_tok, "%s", text_of(out, "token"));
    json_decref(out);
    take_snapshot(s, t, t->snapshot);
    return t->snapshot[0] && t->snapshot[1] && t->snapshot[2] ? 0 : -1;
}

/* Every kind of bad request, one after the other. */
static void bad_requests(const tw_ts_server *s)
{
    tables t;
    REQUIRE(make_tables(s, &t) == 0);
    json_t *fox_state = json_loads(t.snapshot[0], 0, NULL);
    int to_act = (int)json_integer_value(json_object_get(fox_state, "to_act"));
    REQUIRE(to_act == 0 || to_act == 1);
    const char *mine = t.fox_tok[to_act], *other = t.fox_tok[1 - to_act];
    char fox_actions[200], nw_actions[200], path[300], body[300];
    snprintf(fox_actions, sizeof fox_actions, "/api/games/%s/actions", t.fox);
    snprintf(nw_actions, sizeof nw_actions, "/api/games/%s/actions", t.nw);

    /* Malformed JSON and bad bodies. */
    expect(s, &t, "POST", fox_actions, mine, "{\"action\": \"play", 400, "bad_json");
    expect(s, &t, "POST", fox_actions, mine, "", 400, "bad_json");
    expect(s, &t, "POST", fox_actions, mine, "{\"action\":\"keep\",\"action\":\"keep\",\"version\":0}", 400,
           "bad_json");
    expect(s, &t, "POST", fox_actions, mine, "42", 400, "bad_json");
    expect(s, &t, "POST", "/api/games", NULL, "{game: northwood}", 400, "bad_json");
    expect(s, &t, "POST", "/api/games", NULL, "[1, 2]", 400, "bad_request");
    expect(s, &t, "POST", "/api/games", NULL, "{\"game\":\"chess\"}", 400, "bad_request");
    expect(s, &t, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"medal\":\"platinum\"}", 400, "bad_request");
    expect(s, &t, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"colour\":1}", 400, "bad_request");
    expect(s, &t, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"level\":4}", 400, "bad_request");
    expect(s, &t, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"seed\":-1}", 400, "bad_request");
    expect(s, &t, "POST", fox_actions, mine, "{\"action\":\"keep\"}", 400, "bad_request");
    expect(s, &t, "POST", fox_actions, mine, "{\"action\":7,\"version\":0}", 400, "bad_request");
    expect(s, &t, "POST", fox_actions, mine, "{\"action\":\"keep\",\"version\":0,\"extra\":1}", 400, "bad_request");

    /* Unknown tables and endpoints. */
    expect(s, &t, "GET", "/api/games/zzzzzzzzzzzz/state", mine, NULL, 404, "not_found");
    expect(s, &t, "GET", "/api/games/../../etc/state", mine, NULL, 404, "not_found");
    expect(s, &t, "POST", "/api/games/zzzzzzzzzzzz/actions", mine, "{\"action\":\"keep\",\"version\":0}", 404,
           "not_found");
    expect(s, &t, "POST", "/api/games/zzzzzzzzzzzz/join", NULL, "{\"code\":\"ABCDEFGH\"}", 404, "not_found");
    expect(s, &t, "GET", "/api/nothing", NULL, NULL, 404, "not_found");
    snprintf(path, sizeof path, "/api/games/%s/whatever", t.fox);
    expect(s, &t, "GET", path, mine, NULL, 404, "not_found");
    snprintf(path, sizeof path, "/api/history/%s", t.fox);
    expect(s, &t, "GET", path, NULL, NULL, 404, "not_found");
    snprintf(path, sizeof path, "/api/history/%s/replay?step=0", t.fox);
    expect(s, &t, "GET", path, NULL, NULL, 404, "not_found");
    expect(s, &t, "GET", "/api/history?game=chess", NULL, NULL, 400, "bad_request");

    /* Wrong tokens and wrong seats. */
    snprintf(path, sizeof path, "/api/games/%s/state", t.fox);
    expect(s, &t, "GET", path, "not-a-token", NULL, 403, "forbidden");
    expect(s, &t, "GET", path, NULL, NULL, 403, "forbidden");
    expect(s, &t, "GET", path, t.nw_tok, NULL, 403, "forbidden");
    snprintf(path, sizeof path, "/api/games/%s/events?token=nope", t.fox);
    expect(s, &t, "GET", path, NULL, NULL, 403, "forbidden");
    snprintf(body, sizeof body, "{\"action\":\"visit 3\",\"version\":0}");
    expect(s, &t, "POST", nw_actions, t.fox_tok[0], body, 403, "forbidden");
    snprintf(path, sizeof path, "/api/games/%s/join", t.fox);
    expect(s, &t, "POST", path, NULL, "{\"code\":\"ABCDEFGH\"}", 409, "conflict");
    snprintf(path, sizeof path, "/api/games/%s/join", t.nw);
    expect(s, &t, "POST", path, NULL, "{\"code\":\"ABCDEFGH\"}", 409, "conflict");

    /* Not your turn, illegal actions, stale versions. */
    const char *first = json_string_value(json_array_get(json_object_get(fox_state, "legal"), 0));
    REQUIRE(first);
    snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":0}", first);
    expect(s, &t, "POST", fox_actions, other, body, 403, "not_your_turn");
    snprintf(path, sizeof path, "/api/games/%s/hint", t.fox);
    expect(s, &t, "GET", path, other, NULL, 403, "not_your_turn");
    expect(s, &t, "POST", fox_actions, mine, "{\"action\":\"play 99X\",\"version\":0}", 422, "illegal");
    expect(s, &t, "POST", fox_actions, mine, "{\"action\":\"forest left\",\"version\":0}", 422, "illegal");
    /* A card the seat does not hold. */
    uint32_t hand = 0;
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(json_object_get(fox_state, "view"), "hand"), i, c) hand |=
        1u << tw_fox_card_parse(json_string_value(c));
    int missing = 0;
    while (hand & (1u << missing))
        missing++;
    char code[4];
    tw_fox_card_code(missing, code);
    snprintf(body, sizeof body, "{\"action\":\"play %s\",\"version\":0}", code);
    tw_ts_reply r;
    REQUIRE(tw_ts_request(s, "POST", fox_actions, mine, body, &r) == 0);
    CHECK_INT(r.status, 422);
    CHECK_CONTAINS(text_of(r.json, "error"), "not in your hand");
    tw_ts_reply_free(&r);
    /* The messages name what is allowed, the same for every game. */
    expect_says(s, "POST", "/api/games", NULL, "{\"game\":\"chess\"}",
                "unknown game \"chess\": use \"northwood\" or \"foxduet\"");
    expect_says(s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"colour\":1}",
                "(this request takes \"game\", \"setup\", \"medal\", \"variant\", \"expert\", \"challenge\", \"seed\")");
    expect_says(s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"colour\":1}",
                "(this request takes \"game\", \"level\", \"seed\", \"partner\")");
    expect_says(s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"partner\":\"alien\"}",
                "\"partner\" must be one of \"human\", \"rule\", \"strong\", \"random\"");
    expect_says(s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"level\":0}",
                "\"level\" must be a whole number from 1 to 3");
    expect_says(s, "GET", "/api/history?game=chess", NULL, NULL,
                "game must be \"northwood\" or \"foxduet\" (or left out for both)");
    snprintf(path, sizeof path, "/api/games/%s/join", t.nw);
    expect_says(s, "POST", path, NULL, "{\"code\":\"ABCDEFGH\"}",
                "For Northwood! is played alone: there is no seat to join");
    expect_says(s, "POST", nw_actions, t.nw_tok, "{\"action\":\"fly away\",\"version\":0}", "legal now: ");
    expect(s, &t, "POST", nw_actions, t.nw_tok, "{\"action\":\"respond 1C\",\"version\":0}", 422, "illegal");
    expect(s, &t, "POST", nw_actions, t.nw_tok, "{\"action\":\"fly away\",\"version\":0}", 422, "illegal");
    snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":1}", first);
    expect(s, &t, "POST", fox_actions, mine, body, 409, "conflict");
    snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":-1}", first);
    expect(s, &t, "POST", fox_actions, mine, body, 409, "conflict");

    /* Oversized bodies: read and refused, or refused from the header. */
    size_t big = 100 * 1024;
    char *huge = malloc(big + 64);
    REQUIRE(huge);
    int n = snprintf(huge, 64, "{\"action\":\"");
    memset(huge + n, 'x', big);
    snprintf(huge + n + big, 64, "\",\"version\":0}");
    expect(s, &t, "POST", fox_actions, mine, huge, 413, "too_large");
    expect(s, &t, "POST", "/api/games", NULL, huge, 413, "too_large");
    free(huge);
    char raw[512];
    n = snprintf(raw, sizeof raw,
                 "POST %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer %s\r\n"
                 "Content-Length: 50000000\r\n\r\n{\"action\":",
                 fox_actions, mine);
    REQUIRE(tw_ts_request_raw(s, raw, (size_t)n, &r) == 0);
    CHECK_INT(r.status, 413);
    CHECK_STR(tw_ts_code(&r), "too_large");
    tw_ts_reply_free(&r);
    check_unchanged(s, &t, "an announced 50 MB body");

    /* Wrong methods, with an Allow header. */
    snprintf(path, sizeof path, "/api/games/%s/state", t.fox);
    REQUIRE(tw_ts_request(s, "DELETE", path, mine, NULL, &r) == 0);
    CHECK_INT(r.status, 405);
    CHECK_STR(tw_ts_code(&r), "method_not_allowed");
    char allow[64] = "";
    CHECK(tw_ts_header(&r, "Allow", allow, sizeof allow) == 0);
    CHECK_STR(allow, "GET, HEAD");
    tw_ts_reply_free(&r);
    REQUIRE(tw_ts_request(s, "GET", "/api/games", NULL, NULL, &r) == 0);
    CHECK_INT(r.status, 405);
    CHECK(tw_ts_header(&r, "Allow", allow, sizeof allow) == 0);
    CHECK_STR(allow, "POST");
    tw_ts_reply_free(&r);
    expect(s, &t, "PUT", fox_actions, mine, "{\"action\":\"keep\",\"version\":0}", 405, "method_not_allowed");
    expect(s, &t, "GET", fox_actions, mine, NULL, 405, "method_not_allowed");
    expect(s, &t, "PATCH", "/", NULL, NULL, 405, "method_not_allowed");

    /* After all that, the right action still works. */
    snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":0}", first);
    json_t *out;
    CHECK_INT(tw_ts_json(s, "POST", fox_actions, mine, body, &out), 200);
    CHECK(json_integer_value(json_object_get(out, "version")) == 1);
    json_decref(out);
    json_decref(fox_state);
    for (int k = 0; k < 3; k++)
        free(t.snapshot[k]);
}

TEST(server_bad_requests_get_4xx_and_change_nothing)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("errors.db"), NULL) == 0);
    bad_requests(&s);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* Writes a small file. */
static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

TEST(server_static_files_stay_in_the_web_folder)
{
    char web[512], path[600], outside[600];
    snprintf(web, sizeof web, "%s", tw_test_tmp("web"));
    mkdir(web, 0755);
    snprintf(path, sizeof path, "%s/index.html", web);
    put_file(path, "<!doctype html><title>test page</title>\n");
    snprintf(path, sizeof path, "%s/app.js", web);
    put_file(path, "console.log('hi');\n");
    snprintf(path, sizeof path, "%s/.hidden", web);
    put_file(path, "TOPSECRET\n");
    snprintf(outside, sizeof outside, "%s", tw_test_tmp("secret.txt"));
    put_file(outside, "TOPSECRET\n");
    snprintf(path, sizeof path, "%s/link.txt", web);
    CHECK(symlink(outside, path) == 0);
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("static.db"), web) == 0);
    tw_ts_reply r;
    char type[128];
    REQUIRE(tw_ts_request(&s, "GET", "/", NULL, NULL, &r) == 0);
    CHECK_INT(r.status, 200);
    CHECK_CONTAINS(r.body, "test page");
    CHECK(tw_ts_header(&r, "Content-Type", type, sizeof type) == 0);
    CHECK_CONTAINS(type, "text/html");
    tw_ts_reply_free(&r);
    REQUIRE(tw_ts_request(&s, "GET", "/app.js", NULL, NULL, &r) == 0);
    CHECK_INT(r.status, 200);
    CHECK(tw_ts_header(&r, "Content-Type", type, sizeof type) == 0);
    CHECK_CONTAINS(type, "javascript");
    tw_ts_reply_free(&r);
    REQUIRE(tw_ts_request(&s, "HEAD", "/", NULL, NULL, &r) == 0);
    CHECK_INT(r.status, 200);
    CHECK_INT(r.body_len, 0);
    tw_ts_reply_free(&r);
    REQUIRE(tw_ts_request(&s, "POST", "/index.html", NULL, "{}", &r) == 0);
    CHECK_INT(r.status, 405);
    tw_ts_reply_free(&r);
    const char *bad[] = {"/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/app.js/../../secret.txt",
                         "/link.txt", "/.hidden", "//etc/passwd", "/index.html%00.js", "/nope.js",
                         "/..%5csecret.txt"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char raw[300];
        int n = snprintf(raw, sizeof raw, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", bad[i]);
        if (tw_ts_request_raw(&s, raw, (size_t)n, &r) != 0) {
            tw_test_fail(__FILE__, __LINE__, "no reply to GET %s", bad[i]);
            continue;
        }
        if (r.status != 404 && r.status != 400)
            tw_test_fail(__FILE__, __LINE__, "GET %s answered %d", bad[i], r.status);
        if (r.body && strstr(r.body, "TOPSECRET"))
            tw_test_fail(__FILE__, __LINE__, "GET %s read a file outside the web folder", bad[i]);
        tw_ts_reply_free(&r);
    }
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_stops_cleanly_with_open_event_streams)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("stop.db"), NULL) == 0);
    json_t *out;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", &out) == 201);
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/events?token=%s", text_of(out, "id"), text_of(out, "token"));
    json_decref(out);
    int streams[3];
    for (int i = 0; i < 3; i++) {
        streams[i] = tw_ts_events_open(&s, path);
        CHECK_INT(tw_ts_events_wait(streams[i], 0, 5000), 0);
    }
    /* Streams do not hold up other requests. */
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history", NULL, NULL, &out), 200);
    json_decref(out);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    CHECK_INT(tw_ts_stop(&s), 0);
    clock_gettime(CLOCK_MONOTONIC, &b);
    CHECK((b.tv_sec - a.tv_sec) < 5);
    for (int i = 0; i < 3; i++)
        if (streams[i] >= 0)
            close(streams[i]);
}

TEST(server_refuses_bad_options_and_busy_ports)
{
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "'%s' serve --port abc --lang en >/dev/null 2>&1", tw_ts_binary());
    int status = system(cmd);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 2);
    snprintf(cmd, sizeof cmd, "'%s' serve --colour blue --lang en >/dev/null 2>&1", tw_ts_binary());
    status = system(cmd);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 2);
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("busy.db"), NULL) == 0);
    snprintf(cmd, sizeof cmd, "'%s' serve --port %d --db '%s' --lang en >/dev/null 2>&1", tw_ts_binary(), s.port,
             tw_test_tmp("busy2.db"));
    status = system(cmd);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1);
    CHECK_INT(tw_ts_stop(&s), 0);
}
