/* Archiving and the games kept in memory: unfinished games nobody played
 * for --archive-after days (tables whose seat 1 is still open after
 * --archive-unjoined-after days) are marked archived in the database,
 * answer 410 "archived" from then on (also after a restart) and are no
 * longer counted in progress; an old database gets the new columns when
 * it is opened; and games in memory that nobody uses are dropped and
 * reload on demand. The real binary runs with days shortened to a
 * second (TRICKWOOD_TEST_DAY_MS, docs/server.md "Tests"). */
#define _DEFAULT_SOURCE
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server/server.h"
#include "test.h"
#include "test_server_client.h"

/* Starts the server with a day lasting day_ms and the given options. */
static int start_short_days(tw_ts_server *s, const char *db, const char *day_ms, const char *const *extra)
{
    setenv("TRICKWOOD_TEST_DAY_MS", day_ms, 1);
    int rc = tw_ts_start_args(s, db, NULL, extra);
    unsetenv("TRICKWOOD_TEST_DAY_MS");
    return rc;
}

/* A text member of a JSON object into out ("" when absent). */
static void text_of(json_t *o, const char *key, char *out, size_t size)
{
    const char *t = json_string_value(json_object_get(o, key));
    snprintf(out, size, "%s", t ? t : "");
}

/* Creates a game from body; fills its id, seat-0 token and join code. */
static int create(const tw_ts_server *s, const char *body, char id[32], char token[64], char code[32])
{
    json_t *reply = NULL;
    int status = tw_ts_json(s, "POST", "/api/games", NULL, body, &reply);
    text_of(reply, "id", id, 32);
    text_of(reply, "token", token, 64);
    text_of(reply, "join", code, 32);
    json_decref(reply);
    return status;
}

/* The status of a seat's state request; *code gets an error's code. */
static int state_status(const tw_ts_server *s, const char *id, const char *token, char code[32])
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/state", id);
    json_t *reply = NULL;
    int status = tw_ts_json(s, "GET", path, token, NULL, &reply);
    text_of(reply, "code", code, 32);
    json_decref(reply);
    return status;
}

/* Asks a game's state until it answers 410 or timeout_ms pass; returns
 * the last status. */
static int wait_archived(const tw_ts_server *s, const char *id, const char *token, int timeout_ms)
{
    long long deadline = tw_ts_now_ms() + timeout_ms;
    char code[32];
    int status;
    while ((status = state_status(s, id, token, code)) != 410 && tw_ts_now_ms() < deadline)
        usleep(50000);
    return status;
}

/* The first legal action of a seat (into out); the state's version. */
static int first_legal(const tw_ts_server *s, const char *id, const char *token, char *out, size_t size)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/state", id);
    json_t *st = NULL;
    int version = -1;
    out[0] = '\0';
    if (tw_ts_json(s, "GET", path, token, NULL, &st) == 200) {
        version = (int)json_integer_value(json_object_get(st, "version"));
        const char *a = json_string_value(json_array_get(json_object_get(st, "legal"), 0));
        snprintf(out, size, "%s", a ? a : "");
    }
    json_decref(st);
    return version;
}

/* Sends an action; returns the status and the error code in code. */
static int act(const tw_ts_server *s, const char *id, const char *token, const char *action, int version,
               char code[32])
{
    char path[128], body[200];
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":%d}", action, version);
    json_t *reply = NULL;
    int status = tw_ts_json(s, "POST", path, token, body, &reply);
    text_of(reply, "code", code, 32);
    json_decref(reply);
    return status;
}

/* Whether an event stream ends within timeout_ms: its last chunk comes
 * (the connection may stay open for another request) or it is closed. */
static int stream_ends(int fd, int timeout_ms)
{
    long long deadline = tw_ts_now_ms() + timeout_ms;
    char buf[8192];
    size_t len = 0;
    for (;;) {
        struct pollfd p = {fd, POLLIN, 0};
        long long left = deadline - tw_ts_now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            return 0;
        if (len + 1 >= sizeof buf)
            len = 0;
        ssize_t n = recv(fd, buf + len, sizeof buf - 1 - len, 0);
        if (n <= 0)
            return 1;
        len += (size_t)n;
        buf[len] = '\0';
        if (strncmp(buf, "0\r\n\r\n", 5) == 0 || strstr(buf, "\r\n0\r\n\r\n"))
            return 1;
    }
}

/* One number from the database, a SQLite file or a PostgreSQL URI
 * (-1 when the query fails). */
static long long db_number(const char *db, const char *sql)
{
    char err[600];
    tw_sql *h = tw_sql_open(db, err, sizeof err);
    tw_sql_stmt *st = h ? tw_sql_prepare(h, sql) : NULL;
    long long v = st && tw_sql_step(st) == TW_SQL_ROW ? tw_sql_column_int64(st, 0) : -1;
    tw_sql_finalize(st);
    tw_sql_close(h);
    return v;
}

/* With a day of one second: a table left unjoined is archived after one
 * "day", its event stream ends and a late join is refused (410); a
 * joined table and a solo game live on while played, and are archived
 * once nobody plays them for --archive-after days. Archived games stay
 * in the database, answer 410 after a restart too, and are not counted. */
TEST(server_archive_untouched_games)
{
    const char *db = tw_ts_fresh_db(tw_test_tmp("archive.db"));
    char path[600];
    snprintf(path, sizeof path, "%s", db);
    const char *const options[] = {"--archive-after", "4", "--archive-unjoined-after", "1", NULL};
    tw_ts_server s;
    REQUIRE(start_short_days(&s, path, "1000", options) == 0);
    char open_id[32], open_tok[64], open_code[32];
    char duo_id[32], duo_tok[64], duo_code[32];
    char solo_id[32], solo_tok[64], code[32];
    CHECK_INT(create(&s, "{\"game\":\"foxduet\",\"partner\":\"human\"}", open_id, open_tok, open_code), 201);
    CHECK_INT(create(&s, "{\"game\":\"foxduet\",\"partner\":\"human\"}", duo_id, duo_tok, duo_code), 201);
    CHECK_INT(create(&s, "{\"game\":\"northwood\",\"seed\":86}", solo_id, solo_tok, code), 201);
    long long created = tw_ts_now_ms();
    char url[160], body[96];
    snprintf(url, sizeof url, "/api/games/%s/join", duo_id);
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", duo_code);
    json_t *reply = NULL;
    CHECK_INT(tw_ts_json(&s, "POST", url, NULL, body, &reply), 200);
    json_decref(reply);
    snprintf(url, sizeof url, "/api/games/%s/events?token=%s", open_id, open_tok);
    int stream = tw_ts_events_open(&s, url);
    CHECK(stream >= 0);
    CHECK(tw_ts_events_wait(stream, 0, 5000) == 0);

    /* The unjoined table goes after a "day"; the others stay. */
    CHECK_INT(wait_archived(&s, open_id, open_tok, 8000), 410);
    CHECK_INT(state_status(&s, open_id, open_tok, code), 410);
    CHECK_STR(code, "archived");
    int alive = tw_ts_now_ms() - created < 3000; /* the others' checks only hold well before 4 "days" */
    if (alive) {
        CHECK_INT(state_status(&s, duo_id, duo_tok, code), 200);
        CHECK_INT(state_status(&s, solo_id, solo_tok, code), 200);
    }
    /* A move keeps the solo game alive; the joined table, untouched, goes. */
    char action[64];
    int version = first_legal(&s, solo_id, solo_tok, action, sizeof action);
    CHECK(version == 0 && action[0]);
    CHECK_INT(act(&s, solo_id, solo_tok, action, version, code), 200);
    /* The unjoined table's stream has ended, and a late join is refused. */
    CHECK(stream_ends(stream, 5000));
    close(stream);
    snprintf(url, sizeof url, "/api/games/%s/join", open_id);
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", open_code);
    reply = NULL;
    CHECK_INT(tw_ts_json(&s, "POST", url, NULL, body, &reply), 410);
    json_decref(reply);
    long long moved = tw_ts_now_ms();
    CHECK_INT(wait_archived(&s, duo_id, duo_tok, 12000), 410);
    version = first_legal(&s, duo_id, duo_tok, action, sizeof action);
    CHECK_INT(version, -1);
    CHECK_INT(act(&s, duo_id, duo_tok, "anything", 0, code), 410);
    CHECK_STR(code, "archived");
    if (tw_ts_now_ms() - moved < 3000)
        CHECK_INT(state_status(&s, solo_id, solo_tok, code), 200);
    CHECK_INT(tw_ts_stop(&s), 0);

    /* Kept in the database, marked; after a restart (with days long
     * again) only the solo game is in progress, the others still 410. */
    CHECK_INT(db_number(path, "SELECT count(*) FROM games"), 3);
    CHECK_INT(db_number(path, "SELECT count(*) FROM games WHERE archived_at IS NOT NULL"), 2);
    REQUIRE(tw_ts_start(&s, path, NULL) == 0);
    CHECK_CONTAINS(s.banner, "taken up again: 1");
    CHECK_INT(state_status(&s, open_id, open_tok, code), 410);
    CHECK_INT(state_status(&s, duo_id, duo_tok, code), 410);
    CHECK_INT(state_status(&s, solo_id, solo_tok, code), 200);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* The schema before activity times (user_version 0). */
static const char *const OLD_SCHEMA =
    "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL, seed INTEGER NOT NULL,"
    " token0 TEXT NOT NULL, token1 TEXT, join_code TEXT, partner TEXT NOT NULL, created_at TEXT NOT NULL,"
    " finished_at TEXT, result TEXT, record TEXT);"
    "CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
    " seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (game_id, seq));"
    "CREATE INDEX games_finished ON games(finished_at);"
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
    "INSERT INTO games (id, game, config, seed, token0, partner, created_at) VALUES ('oldgame00001', 'northwood',"
    " '{\"setup\":\"intro\",\"medal\":\"bronze\"}', 86, 'Oldtokenoldtokenoldtokenoldtoken', 'none',"
    " '2020-01-01T00:00:00Z');"
    "INSERT INTO games (id, game, config, seed, token0, partner, created_at, join_code) VALUES ('oldgame00002',"
    " 'foxduet', '{\"partner\":\"open\"}', 9, 'Oldtokenoldtokenoldtokenoldtoke2', 'open',"
    " '2020-01-01T00:00:00Z', 'ABCDEFGH');";

/* A database written before activity times gets them when opened: its
 * games count as active at the upgrade (none is archived for lack of a
 * time, even created years ago), and play goes on. */
TEST(server_archive_old_database_is_migrated)
{
    const char *db = tw_ts_fresh_db(tw_test_tmp("archive-old.db"));
    char path[600];
    snprintf(path, sizeof path, "%s", db);
    char err[600];
    tw_sql *h = tw_sql_open(path, err, sizeof err); /* a SQLite file, or PostgreSQL under TW_TEST_PG */
    REQUIRE(h);
    CHECK(tw_sql_exec(h, OLD_SCHEMA));
    tw_sql_close(h);
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, path, NULL) == 0);
    CHECK_CONTAINS(s.banner, "taken up again: 2");
    CHECK(!strstr(s.banner, "archived"));
    char code[32];
    CHECK_INT(state_status(&s, "oldgame00001", "Oldtokenoldtokenoldtokenoldtoken", code), 200);
    CHECK_INT(tw_ts_stop(&s), 0);
    tw_sql *v = tw_sql_open(path, err, sizeof err);
    CHECK_INT(v ? tw_sql_schema_version(v) : -1, 2); /* 2: the source of the terminal's games */
    tw_sql_close(v);
    CHECK_INT(db_number(path, "SELECT count(*) FROM games WHERE archived_at IS NULL AND active_at > 1700000000000"), 2);
    CHECK_INT(db_number(path, "SELECT count(*) FROM games WHERE source IS NULL"), 2);
    /* Opening it again changes nothing more. */
    REQUIRE(tw_ts_start(&s, path, NULL) == 0);
    CHECK_CONTAINS(s.banner, "taken up again: 2");
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* Creates a Duet game with a bot partner in srv; its id into id. */
static void create_in_process(tw_srv *srv, char id[32])
{
    json_t *body = json_pack("{s:s, s:s}", "game", "foxduet", "partner", "rule");
    tw_srv_reply r = tw_srv_create(srv, body);
    json_decref(body);
    CHECK_INT(r.status, 201);
    text_of(r.body, "id", id, 32);
    json_decref(r.body);
}

/* Games in memory: a game nobody holds is dropped when unused for a while
 * or when more than max_loaded are loaded (least recently used first),
 * never while a request or stream holds it, and reloads on demand as it
 * was. */
TEST(server_archive_idle_games_leave_memory)
{
    const char *db = tw_ts_fresh_db(tw_test_tmp("archive-memory.db"));
    char path[600], err[600];
    snprintf(path, sizeof path, "%s", db);
    tw_srv *srv = calloc(1, sizeof *srv);
    REQUIRE(srv);
    tw_srv_limits_default(&srv->limits);
    srv->limits.create_per_minute = 0;
    REQUIRE(tw_srv_init(srv, err, sizeof err) == 0);
    REQUIRE(tw_srv_store_open(&srv->store, path, err, sizeof err) == 0);
    char ids[3][32];
    for (int i = 0; i < 3; i++)
        create_in_process(srv, ids[i]);
    CHECK_INT(srv->game_count, 3);
    tw_srv_game *held = tw_srv_find(srv, ids[0], NULL);
    REQUIRE(held);
    int version = held->match->count;
    srv->limits.max_loaded = 1;
    CHECK_INT(tw_srv_sweep(srv), 0);
    CHECK_INT(srv->game_count, 1); /* the held one stays */
    tw_srv_release(srv, held);
    /* Loading another one over max_loaded drops the one let go. */
    tw_srv_game *again = tw_srv_find(srv, ids[1], NULL);
    CHECK(again != NULL);
    CHECK_INT(srv->game_count, 1);
    tw_srv_release(srv, again);
    /* Unused for longer than a day / 144: dropped whatever max_loaded. */
    srv->limits.max_loaded = 100;
    srv->limits.day_ms = 144;
    usleep(20000);
    tw_srv_sweep(srv);
    CHECK_INT(srv->game_count, 0);
    tw_srv_game *back = tw_srv_find(srv, ids[0], NULL);
    REQUIRE(back);
    CHECK_INT(back->match->count, version);
    tw_srv_release(srv, back);
    /* Between sweeps, loading beyond max_loaded drops the least
     * recently used games nobody holds. */
    srv->limits.max_loaded = 4;
    srv->limits.day_ms = 86400000;
    char more[10][32];
    for (int i = 0; i < 10; i++) {
        create_in_process(srv, more[i]);
        CHECK(srv->game_count <= 4);
    }
    tw_srv_game *old = tw_srv_find(srv, more[0], NULL);
    CHECK(old != NULL);
    tw_srv_release(srv, old);
    tw_srv_store_close(&srv->store);
    tw_srv_free(srv);
    free(srv);
}
