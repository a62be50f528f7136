/* One history for the terminal and the browser: games finished in the
 * terminal go into the server's database (also while a server holds
 * it), `trickwood history` shows totals per game and setup, the totals
 * API agrees, "play this deal again" deals the same game, and a game
 * that cannot be added is not lost. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_harness.h"
#include "history/history.h"
#include "server/server.h"
#include "test.h"
#include "test_server_client.h"
#include "trickwood/paths.h"

#define PATH 700

/* Points the data folder at a new scratch folder; db gets the path of
 * the history's default database in it. */
static void fresh_home(const char *name, char *db, size_t size)
{
    const char *xdg = tw_test_tmp(name);
    setenv("XDG_DATA_HOME", xdg, 1);
    snprintf(db, size, "%s/trickwood/trickwood.db", xdg);
}

/* Plays a game in the terminal to its end, always answering 1; returns
 * the output (free it). */
static char *play_to_end(const char *const *args)
{
    char *input = tw_test_repeat_lines("1", 400);
    tw_test_cli_result r = tw_test_cli_run(input, args);
    free(input);
    CHECK_INT(r.code, 0);
    char *out = r.out;
    r.out = NULL;
    tw_test_cli_free(&r);
    return out ? out : strdup("");
}

/* `trickwood history --json [extra...]` parsed (decref it), or NULL. */
static json_t *history_json(const char *extra)
{
    const char *args[] = {"history", "--json", extra, NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_INT(r.code, 0);
    json_t *root = r.out ? json_loads(r.out, 0, NULL) : NULL;
    if (!root)
        tw_test_fail(__FILE__, __LINE__, "history --json is not JSON: %s %s", r.out ? r.out : "", r.err ? r.err : "");
    tw_test_cli_free(&r);
    return root;
}

/* The totals of one game in a totals object. */
static json_t *totals_of(json_t *totals, const char *game)
{
    json_t *t;
    size_t i;
    json_array_foreach(json_object_get(totals, "games"), i, t)
    if (strcmp(json_string_value(json_object_get(t, "game")), game) == 0)
        return t;
    return NULL;
}

/* What the totals of a list of games must be, counted here from each
 * game's result (newest first): played, won, best, sum, streaks. */
typedef struct {
    int played, won, best, sum, current, best_run;
} expected;

/* Counts the games of one game (and setup, unless NULL) of a list. */
static expected count_games(json_t *games, const char *game, const char *setup, const char *score_key)
{
    expected e = {0, 0, 0, 0, 0, 0};
    int run = 0;
    for (size_t i = json_array_size(games); i-- > 0;) {
        json_t *g = json_array_get(games, i);
        if (strcmp(json_string_value(json_object_get(g, "game")), game) != 0 ||
            (setup && strcmp(json_string_value(json_object_get(g, "setup")), setup) != 0))
            continue;
        json_t *result = json_object_get(g, "result");
        int score = (int)json_integer_value(json_object_get(result, score_key));
        int won = json_is_true(json_object_get(result, "won"));
        if (!e.played || score > e.best)
            e.best = score;
        e.played++;
        e.won += won;
        e.sum += score;
        run = won ? run + 1 : 0;
        if (run > e.best_run)
            e.best_run = run;
    }
    e.current = run;
    return e;
}

/* Checks counts of the totals against what was counted. */
static void check_counts(json_t *t, const expected *e)
{
    REQUIRE(t != NULL);
    CHECK_INT((int)json_integer_value(json_object_get(t, "played")), e->played);
    CHECK_INT((int)json_integer_value(json_object_get(t, "won")), e->won);
    CHECK_INT((int)json_integer_value(json_object_get(t, "best")), e->best);
    CHECK(json_real_value(json_object_get(t, "average")) * e->played > e->sum - 0.001 &&
          json_real_value(json_object_get(t, "average")) * e->played < e->sum + 0.001);
    CHECK_INT((int)json_integer_value(json_object_get(json_object_get(t, "streak"), "current")), e->current);
    CHECK_INT((int)json_integer_value(json_object_get(json_object_get(t, "streak"), "best")), e->best_run);
}

/* Several finished games of both games: `history --json` lists them all
 * (from the terminal), and its totals per game and per setup are the
 * counts of their results; the words say the same in English and
 * French, with the command that deals each again. */
TEST(history_totals_of_several_games)
{
    char db[PATH];
    fresh_home("xdg-history-totals", db, sizeof db);
    const char *seeds[] = {"1", "2", "3", "4"};
    for (int i = 0; i < 4; i++) {
        const char *nw[] = {"northwood", i % 2 ? "--full" : "--intro", "--seed", seeds[i], "--lang", "en", NULL};
        free(play_to_end(nw));
    }
    for (int i = 0; i < 3; i++) {
        const char *fox[] = {"fox", "--level", i == 2 ? "2" : "1", "--seed", seeds[i], "--lang", "en", NULL};
        free(play_to_end(fox));
    }
    json_t *root = history_json(NULL);
    REQUIRE(root != NULL);
    json_t *games = json_object_get(root, "games"), *totals = json_object_get(root, "totals");
    CHECK_INT((int)json_array_size(games), 7);
    json_t *g;
    size_t i;
    json_array_foreach(games, i, g)
    {
        CHECK_STR(json_string_value(json_object_get(g, "origin")), "terminal");
        CHECK(json_is_string(json_object_get(g, "command")));
    }
    expected nw = count_games(games, "northwood", NULL, "stars");
    expected fox = count_games(games, "foxduet", NULL, "score");
    CHECK_INT(nw.played, 4);
    CHECK_INT(fox.played, 3);
    check_counts(totals_of(totals, "northwood"), &nw);
    check_counts(totals_of(totals, "foxduet"), &fox);
    /* Per setup: intro-bronze and full-bronze; level1 and level2. */
    const char *names[] = {"northwood", "northwood", "foxduet", "foxduet"};
    const char *setups[] = {"intro-bronze", "full-bronze", "level1", "level2"};
    const char *keys[] = {"stars", "stars", "score", "score"};
    const int counts[] = {2, 2, 2, 1};
    for (int k = 0; k < 4; k++) {
        json_t *s, *found = NULL;
        json_array_foreach(json_object_get(totals_of(totals, names[k]), "setups"), i, s)
        if (strcmp(json_string_value(json_object_get(s, "setup")), setups[k]) == 0)
            found = s;
        expected e = count_games(games, names[k], setups[k], keys[k]);
        CHECK_INT(e.played, counts[k]);
        check_counts(found, &e);
        CHECK_INT((int)json_array_size(json_object_get(found, "results")), counts[k]);
    }
    /* Wins per level of the Duet. */
    json_t *groups = json_object_get(totals_of(totals, "foxduet"), "groups");
    CHECK_INT((int)json_integer_value(json_object_get(json_object_get(groups, "1"), "played")), 2);
    CHECK_INT((int)json_integer_value(json_object_get(json_object_get(groups, "2"), "played")), 1);
    json_decref(root);

    const char *en[] = {"history", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", en);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "For Northwood!: 4 played");
    CHECK_CONTAINS(r.out, "trickwood northwood --full --medal bronze --seed 2");
    CHECK_CONTAINS(r.out, "trickwood fox --level 2 --partner rule --seed 3");
    tw_test_cli_free(&r);
    const char *fr[] = {"history", "--lang", "fr", NULL};
    r = tw_test_cli_run("", fr);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "jouées 4");
    CHECK_CONTAINS(r.out, "Dernières parties");
    tw_test_cli_free(&r);
}

/* A game finished in the terminal while `serve` holds the database shows
 * in the server's history (with its replay and totals), and the web's
 * "again" request deals the same game: its record's actions, sent to the
 * new game, are all legal and end with the same result. */
TEST(history_terminal_game_in_server_history)
{
    char db[PATH];
    fresh_home("xdg-history-server", db, sizeof db);
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    const char *nw[] = {"northwood", "--full", "--medal", "silver", "--seed", "42", "--lang", "en", NULL};
    char *out = play_to_end(nw);
    CHECK_CONTAINS(out, "Added to your history");
    CHECK_CONTAINS(out, "Play this deal again: trickwood northwood --full --medal silver --seed 42");
    free(out);
    json_t *list = NULL;
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history", NULL, NULL, &list), 200);
    json_t *item = json_array_get(json_object_get(list, "games"), 0);
    REQUIRE(item != NULL);
    CHECK_STR(json_string_value(json_object_get(item, "origin")), "terminal");
    CHECK_INT((int)json_integer_value(json_object_get(item, "seed")), 42);
    CHECK_STR(json_string_value(json_object_get(item, "setup")), "full-silver");
    json_t *again = json_object_get(item, "again");
    CHECK_STR(json_string_value(json_object_get(again, "game")), "northwood");
    CHECK_STR(json_string_value(json_object_get(again, "medal")), "silver");
    char path[200], id[32];
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(item, "id")));
    snprintf(path, sizeof path, "/api/history/%s/replay?step=3", id);
    json_t *step = NULL;
    CHECK_INT(tw_ts_json(&s, "GET", path, NULL, NULL, &step), 200);
    json_decref(step);
    json_t *totals = NULL;
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history/totals", NULL, NULL, &totals), 200);
    CHECK_INT((int)json_integer_value(json_object_get(totals_of(totals, "northwood"), "played")), 1);
    CHECK_INT((int)json_integer_value(json_object_get(totals_of(totals, "foxduet"), "played")), 0);
    json_decref(totals);
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history/totals?game=chess", NULL, NULL, &totals), 400);
    json_decref(totals);

    /* The same deal on the web. */
    json_t *game = NULL, *created = NULL;
    snprintf(path, sizeof path, "/api/history/%s", id);
    CHECK_INT(tw_ts_json(&s, "GET", path, NULL, NULL, &game), 200);
    char *body = json_dumps(again, JSON_COMPACT);
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, body, &created), 201);
    free(body);
    const char *new_id = json_string_value(json_object_get(created, "id"));
    const char *token = json_string_value(json_object_get(created, "token"));
    json_t *actions = json_object_get(json_object_get(game, "record"), "actions");
    REQUIRE(new_id && token && json_array_size(actions) > 10);
    snprintf(path, sizeof path, "/api/games/%s/actions", new_id);
    json_t *a;
    size_t i;
    int refused = 0;
    json_array_foreach(actions, i, a)
    {
        json_t *reply = NULL;
        json_t *request = json_pack("{s:O, s:i}", "action", a, "version", (int)i);
        char *act = json_dumps(request, JSON_COMPACT);
        json_decref(request);
        refused += tw_ts_json(&s, "POST", path, token, act, &reply) != 200;
        free(act);
        json_decref(reply);
    }
    CHECK_INT(refused, 0);
    json_t *state = NULL;
    snprintf(path, sizeof path, "/api/games/%s/state", new_id);
    CHECK_INT(tw_ts_json(&s, "GET", path, token, NULL, &state), 200);
    CHECK(json_equal(json_object_get(state, "result"), json_object_get(game, "result")));
    json_decref(state);
    json_decref(game);
    json_decref(created);
    json_decref(list);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* The history after a game was dealt again: two games of the same
 * configuration, seed and result (the same answers were given). Returns
 * it (decref it), or NULL with a failure. */
static json_t *dealt_twice(void)
{
    json_t *root = history_json(NULL);
    json_t *games = json_object_get(root, "games");
    if (json_array_size(games) != 2) {
        tw_test_fail(__FILE__, __LINE__, "the history holds %d games, not 2", (int)json_array_size(games));
        json_decref(root);
        return NULL;
    }
    json_t *a = json_array_get(games, 0), *b = json_array_get(games, 1);
    CHECK(json_equal(json_object_get(a, "config"), json_object_get(b, "config")));
    CHECK(json_equal(json_object_get(a, "result"), json_object_get(b, "result")));
    CHECK(json_equal(json_object_get(a, "seed"), json_object_get(b, "seed")));
    return root;
}

/* `history --again N` deals game N again: the same answers give the same
 * game, kept as a second game in the history. */
TEST(history_again_deals_the_same_game)
{
    char db[PATH];
    fresh_home("xdg-history-again", db, sizeof db);
    const char *fox[] = {"fox", "--level", "2", "--seed", "9", "--lang", "en", NULL};
    free(play_to_end(fox));
    const char *again[] = {"history", "--again", "1", "--lang", "en", NULL};
    char *out = play_to_end(again);
    CHECK_CONTAINS(out, "Dealing game 1 again: trickwood fox --level 2 --partner rule --seed 9");
    free(out);
    json_decref(dealt_twice());
    /* A game of two people at one screen is dealt again for two people. */
    const char *hotseat[] = {"fox", "--hotseat", "--seed", "5", "--lang", "en", NULL};
    out = play_to_end(hotseat);
    CHECK_CONTAINS(out, "Play this deal again: trickwood fox --level 1 --hotseat --seed 5");
    free(out);
    json_t *root = history_json(NULL);
    REQUIRE(root != NULL);
    json_t *pair = json_object_get(json_array_get(json_object_get(root, "games"), 0), "again");
    CHECK_STR(json_string_value(json_object_get(pair, "partner")), "human");
    json_decref(root);
    const char *bad[] = {"history", "--again", "4", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", bad);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "--again takes a game number from 1 to 3, not '4'");
    tw_test_cli_free(&r);
}

/* A shipped challenge's game is dealt again by the challenge's id: the
 * history offers {"challenge": id} (its setup and goal come with it),
 * `history --again` prints and plays `northwood --challenge ID --seed S`,
 * and the same answers give the same game in the challenge's group. */
TEST(history_again_deals_a_challenge_again)
{
    char db[PATH];
    fresh_home("xdg-history-again-challenge", db, sizeof db);
    const char *nw[] = {"northwood", "--challenge", "2", "--seed", "6", "--lang", "en", NULL};
    free(play_to_end(nw));
    json_t *root = history_json(NULL);
    REQUIRE(root != NULL);
    json_t *first = json_array_get(json_object_get(root, "games"), 0);
    const char *id = json_string_value(json_object_get(json_object_get(first, "config"), "challenge"));
    REQUIRE(id != NULL);
    json_t *again = json_object_get(first, "again");
    CHECK_STR(json_string_value(json_object_get(again, "challenge")), id);
    CHECK(json_object_get(again, "medal") == NULL); /* the challenge brings its goal */
    char dealing[160];
    snprintf(dealing, sizeof dealing, "Dealing game 1 again: trickwood northwood --challenge %s --seed 6", id);
    json_decref(root);
    const char *deal[] = {"history", "--again", "1", "--lang", "en", NULL};
    char *out = play_to_end(deal);
    CHECK_CONTAINS(out, dealing);
    free(out);
    root = dealt_twice();
    REQUIRE(root != NULL);
    json_t *a = json_array_get(json_object_get(root, "games"), 0);
    json_t *b = json_array_get(json_object_get(root, "games"), 1);
    const char *setup = json_string_value(json_object_get(a, "setup"));
    CHECK(setup && strstr(setup, "-challenge-") != NULL);
    CHECK_STR(json_string_value(json_object_get(b, "setup")), setup ? setup : "");
    json_decref(root);
}

/* A game that cannot be added (the database is a folder) is not lost:
 * the player is told, its save stays in saves/finished, and the next
 * `history` adds it, once. */
TEST(history_game_kept_when_database_cannot_be_written)
{
    char db[PATH];
    fresh_home("xdg-history-blocked", db, sizeof db);
    REQUIRE(tw_path_mkdirs(db) == 0);
    const char *nw[] = {"northwood", "--seed", "11", "--lang", "en", NULL};
    char *out = play_to_end(nw);
    CHECK_CONTAINS(out, "could not be added to your history yet");
    CHECK_CONTAINS(out, "/saves/finished/northwood-intro-bronze-seed11-");
    free(out);
    const char *fox[] = {"fox", "--seed", "12", "--partner", "random", "--lang", "en", NULL};
    out = play_to_end(fox);
    CHECK_CONTAINS(out, "could not be added to your history yet");
    free(out);
    REQUIRE(rmdir(db) == 0);
    for (int k = 0; k < 2; k++) {
        json_t *root = history_json(NULL);
        REQUIRE(root != NULL);
        json_t *games = json_object_get(root, "games");
        REQUIRE(json_array_size(games) == 2);
        int seeds = 0;
        json_t *g;
        size_t i;
        json_array_foreach(games, i, g)
        {
            seeds += (int)json_integer_value(json_object_get(g, "seed"));
            if (strcmp(json_string_value(json_object_get(g, "game")), "foxduet") == 0)
                CHECK_STR(json_string_value(json_object_get(json_object_get(g, "config"), "partner")), "random");
        }
        CHECK_INT(seeds, 23);
        json_decref(root);
    }
}

/* The totals' counting on a list made here: streaks, best, average and
 * the counts per medal reached and per medal aimed for. */
TEST(history_totals_counting)
{
    /* Oldest to newest: won, won, lost, won, won, won, lost, won. */
    const int won[] = {1, 1, 0, 1, 1, 1, 0, 1};
    const int stars[] = {12, 15, 4, 13, 20, 18, 7, 11};
    json_t *games = json_array();
    for (int i = 7; i >= 0; i--)
        json_array_append_new(games, json_pack("{s:s, s:s, s:s, s:{s:s, s:s}, s:{s:i, s:s, s:b, s:b}, s:i}", "id",
                                               "x", "game", "northwood", "finished_at", "2026-01-01T00:00:00Z",
                                               "config", "setup", "intro", "medal", i < 4 ? "bronze" : "silver",
                                               "result", "stars", stars[i], "medal",
                                               stars[i] >= 18 ? "silver" : stars[i] >= 10 ? "bronze" : "none", "won",
                                               won[i], "stopped", 0, "seed", i));
    json_t *totals = tw_history_totals(games, "northwood");
    json_t *t = totals_of(totals, "northwood");
    expected e = {8, 6, 20, 100, 1, 3};
    check_counts(t, &e);
    CHECK_INT((int)json_array_size(json_object_get(totals, "games")), 1);
    json_t *reached = json_object_get(t, "reached");
    CHECK_INT((int)json_integer_value(json_object_get(json_object_get(reached, "none"), "played")), 2);
    CHECK_INT((int)json_integer_value(json_object_get(json_object_get(reached, "bronze"), "played")), 4);
    CHECK_INT((int)json_integer_value(json_object_get(json_object_get(reached, "silver"), "played")), 2);
    json_t *groups = json_object_get(t, "groups");
    CHECK_INT((int)json_integer_value(json_object_get(json_object_get(groups, "bronze"), "won")), 3);
    CHECK_INT((int)json_integer_value(json_object_get(json_object_get(groups, "silver"), "won")), 3);
    CHECK_INT((int)json_array_size(json_object_get(t, "setups")), 2);
    json_decref(totals);
    json_decref(games);
}

/* An import request for the record file at path (under data/), as the
 * History page sends it (free it); NULL when the file cannot be read. */
static char *import_body(const char *path, const char *name)
{
    tw_diag d;
    char *text = tw_read_file(tw_test_data(path), NULL, &d);
    if (!text)
        return NULL;
    json_t *record = json_loads(text, 0, NULL);
    free(text);
    json_t *body = json_pack("{s:o, s:s}", "record", record, "name", name);
    char *out = json_dumps(body, JSON_COMPACT);
    json_decref(body);
    return out;
}

/* The result a record's own replay reaches, as JSON (decref it). */
static json_t *record_result(const char *path)
{
    tw_diag d;
    char *text = tw_read_file(tw_test_data(path), NULL, &d);
    json_t *record = text ? json_loads(text, 0, NULL) : NULL;
    const tw_game *game = tw_game_find_record_name(json_string_value(json_object_get(record, "game")));
    tw_match *m = game && text ? game->from_record(text, path, &d) : NULL;
    json_t *result = m ? game->result_json(m) : NULL;
    if (m)
        game->free(m);
    json_decref(record);
    free(text);
    return result;
}

/* A record file of either game goes into the history through POST
 * /api/history/import (the History page's import, the static site's way
 * to take in the terminal's games): listed as "import" with the result
 * its replay reaches, kept once however often it is imported; a record
 * of no known game, an unfinished one and a bad field are refused with
 * where the fault is. */
TEST(history_import_of_record_files)
{
    const char *db = tw_ts_fresh_db(tw_test_tmp("history-import.db"));
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    static const char *const files[] = {"examples/northwood-record.json", "examples/foxduet-record-v1-side-a.json"};
    for (int i = 0; i < 2; i++) {
        char *body = import_body(files[i], files[i] + 9);
        REQUIRE(body != NULL);
        json_t *reply = NULL;
        CHECK_INT(tw_ts_json(&s, "POST", "/api/history/import", NULL, body, &reply), 201);
        CHECK(json_is_true(json_object_get(reply, "added")));
        json_decref(reply);
        reply = NULL;
        CHECK_INT(tw_ts_json(&s, "POST", "/api/history/import", NULL, body, &reply), 200);
        CHECK(json_is_false(json_object_get(reply, "added")));
        json_decref(reply);
        free(body);
    }
    json_t *list = NULL;
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history", NULL, NULL, &list), 200);
    json_t *games = json_object_get(list, "games");
    CHECK_INT((int)json_array_size(games), 2);
    for (size_t i = 0; i < json_array_size(games); i++) {
        json_t *item = json_array_get(games, i);
        CHECK_STR(json_string_value(json_object_get(item, "origin")), "import");
        const char *game = json_string_value(json_object_get(item, "game"));
        json_t *reached = record_result(strcmp(game, "northwood") == 0 ? files[0] : files[1]);
        REQUIRE(reached != NULL);
        CHECK(json_equal(json_object_get(item, "result"), reached));
        json_decref(reached);
    }
    json_decref(list);

    json_t *reply = NULL;
    CHECK_INT(tw_ts_json(&s, "POST", "/api/history/import", NULL, "{\"record\": {\"game\": \"chess\"}, \"name\": \"a.json\"}",
                         &reply), 400);
    CHECK_STR(json_string_value(json_object_get(reply, "code")), "bad_record");
    CHECK_CONTAINS(json_string_value(json_object_get(reply, "error")), "a.json: field \"game\" must be \"northwood\" or \"foxduet\"");
    json_decref(reply);
    reply = NULL;
    CHECK_INT(tw_ts_json(&s, "POST", "/api/history/import", NULL,
                         "{\"record\": {\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"northwood\", "
                         "\"config\": {\"setup\": \"intro\", \"medal\": \"bronze\"}, \"seed\": 3, \"actions\": [\"visit 2\"]},"
                         " \"name\": \"short.json\"}",
                         &reply), 400);
    CHECK_STR(json_string_value(json_object_get(reply, "code")), "not_finished");
    CHECK_CONTAINS(json_string_value(json_object_get(reply, "error")), "short.json: the game is not finished (1 actions)");
    json_decref(reply);
    reply = NULL;
    CHECK_INT(tw_ts_json(&s, "POST", "/api/history/import", NULL,
                         "{\"record\": {\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"northwood\", "
                         "\"config\": {\"setup\": \"intro\"}, \"seed\": 3, \"actions\": []}, \"name\": \"bad.json\"}",
                         &reply), 400);
    CHECK_CONTAINS(json_string_value(json_object_get(reply, "error")), "config.medal");
    json_decref(reply);
    reply = NULL;
    CHECK_INT(tw_ts_json(&s, "POST", "/api/history/import", NULL, "[1, 2]", &reply), 400);
    CHECK_STR(json_string_value(json_object_get(reply, "code")), "bad_request");
    json_decref(reply);
    reply = NULL;
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history/import", NULL, NULL, &reply), 405);
    json_decref(reply);
    CHECK_INT(tw_ts_stop(&s), 0);
}
