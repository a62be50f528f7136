/* The holes a hostile review of `trickwood serve` found after its
 * limits were in (docs/server.md, "Limits" and "Security notes"): each
 * test runs the real binary and fails on a server that has the hole. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"
#include "test_server_client.h"

/* Asks `GET path` from source until a 429 comes, at most cap times;
 * returns how many came before it (cap when none did). */
static int gets_until_429(const tw_ts_server *s, const char *source, const char *path, const char *token, int cap)
{
    for (int asked = 0; asked < cap; asked++) {
        tw_ts_reply r;
        if (tw_ts_request_from(s, source, 30000, "GET", path, token, NULL, &r) != 0)
            return asked;
        int status = r.status;
        tw_ts_reply_free(&r);
        if (status == 429)
            return asked;
    }
    return cap;
}

TEST(server_hardening_a_final_slash_is_counted_like_the_path)
{
    tw_ts_server s;
    const char *extra[] = {"--hint-rate", "3", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("hardening-slash.db"), NULL, extra) == 0);
    json_t *game;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"seed\":3}", &game) == 201);
    char path[200];
    const char *token = json_string_value(json_object_get(game, "token"));
    snprintf(path, sizeof path, "/api/games/%s/hint/", json_string_value(json_object_get(game, "id")));
    /* Each path from an address of its own (its own allowance of 3);
     * the history's paths are counted before the game is looked up, so
     * an id that names no finished game is counted the same. */
    const char *const sources[] = {"127.0.0.4", "127.0.0.5", "127.0.0.6"};
    const char *const paths[] = {path, "/api/history/nosuchgame/analysis/", "/api/history/nosuchgame/hint/?step=2"};
    for (int i = 0; i < 3; i++) {
        int passed = gets_until_429(&s, sources[i], paths[i], i == 0 ? token : NULL, 12);
        printf("   %s: %d answered before 429\n", paths[i], passed);
        CHECK(passed >= 3 && passed <= 4);
    }
    /* The path with and without the slash share one allowance. */
    char bare[200];
    snprintf(bare, sizeof bare, "%.*s", (int)strlen(path) - 1, path);
    tw_ts_reply r;
    REQUIRE(tw_ts_request_from(&s, sources[0], 30000, "GET", bare, token, NULL, &r) == 0);
    CHECK_INT(r.status, 429);
    tw_ts_reply_free(&r);
    /* Routed as before: the slash changes nothing else. */
    REQUIRE(tw_ts_request(&s, "GET", path, token, NULL, &r) == 0);
    CHECK_INT(r.status, 200);
    CHECK(json_string_value(json_object_get(r.json, "action")) != NULL);
    tw_ts_reply_free(&r);
    json_decref(game);
    CHECK_INT(tw_ts_stop(&s), 0);
}
