/* The holes a hostile review of `trickwood serve` found after its
 * limits were in (docs/server.md, "Limits" and "Security notes"): each
 * test runs the real binary and fails on a server that has the hole. */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "server/server.h"
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

/* Reads a server's standard error (its log file) into text. */
static void read_log(const tw_ts_server *s, char *text, size_t size)
{
    text[0] = '\0';
    FILE *f = fopen(s->log, "r");
    if (!f)
        return;
    size_t got = fread(text, 1, size - 1, f);
    text[got] = '\0';
    fclose(f);
}

/* Creates a For Northwood! game and writes the path of its event
 * stream (with seat 0's token) into path; its id and token into id
 * and token when not NULL. 0, or -1. */
static int new_game_stream(const tw_ts_server *s, char *path, size_t size, char id[32], char token[64])
{
    json_t *game;
    if (tw_ts_json(s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"seed\":3}", &game) != 201) {
        json_decref(game);
        return -1;
    }
    const char *i = json_string_value(json_object_get(game, "id"));
    const char *t = json_string_value(json_object_get(game, "token"));
    snprintf(path, size, "/api/games/%s/events?token=%s", i ? i : "", t ? t : "");
    if (id)
        snprintf(id, 32, "%s", i ? i : "");
    if (token)
        snprintf(token, 64, "%s", t ? t : "");
    json_decref(game);
    return i && t ? 0 : -1;
}

/* Stops a server (checking it stops cleanly) and reads its log. */
static void stop_and_read_log(tw_ts_server *s, char *text, size_t size)
{
    CHECK_INT(tw_ts_stop(s), 0);
    read_log(s, text, size);
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

/* Writes the wall clock's shift (seconds) for the shim to read. */
static void write_shift(const char *path, long long seconds)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "%lld\n", seconds);
        fclose(f);
    }
}

/* Starts a server whose wall clock the file shift_file moves (the shim
 * tests/shim/clock_shift.c, built beside the test program). 0, or -1. */
static int start_shifted(tw_ts_server *s, const char *db, const char *shift_file, const char *const *extra)
{
    char exe[900], shim[1024];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    snprintf(shim, sizeof shim, "%s/clock-shift.so", exe);
    if (access(shim, R_OK) != 0)
        return -1;
    write_shift(shift_file, 0);
    const char *asan = getenv("ASAN_OPTIONS");
    char asan_options[512];
    /* ASan wants its runtime first; the shim only wraps two calls */
    snprintf(asan_options, sizeof asan_options, "%s%sverify_asan_link_order=0", asan ? asan : "", asan ? ":" : "");
    char *saved_asan = asan ? strdup(asan) : NULL;
    setenv("LD_PRELOAD", shim, 1);
    setenv("TW_TEST_CLOCK_SHIFT_FILE", shift_file, 1);
    setenv("ASAN_OPTIONS", asan_options, 1);
    int rc = tw_ts_start_args(s, db, NULL, extra);
    unsetenv("LD_PRELOAD");
    unsetenv("TW_TEST_CLOCK_SHIFT_FILE");
    if (saved_asan)
        setenv("ASAN_OPTIONS", saved_asan, 1);
    else
        unsetenv("ASAN_OPTIONS");
    free(saved_asan);
    return rc;
}

/* Reads an event stream for up to ms milliseconds; returns how many
 * pings came (-1 when the stream ended). */
static int pings_within(int fd, int ms)
{
    int pings = 0;
    long long end = tw_ts_now_ms() + ms;
    char buf[1024];
    while (tw_ts_now_ms() < end) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, (int)(end - tw_ts_now_ms())) <= 0)
            continue;
        ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
        if (n <= 0)
            return -1;
        buf[n] = '\0';
        for (const char *at = buf; (at = strstr(at, ": ping")) != NULL; at++)
            pings++;
    }
    return pings;
}

TEST(server_hardening_a_step_back_of_the_wall_clock_stops_no_stream)
{
    if (TW_TEST_TSAN)
        return; /* the shim is not built for ThreadSanitizer's runtime */
    tw_ts_server s;
    const char *shift = tw_test_tmp("hardening-clock.shift");
    const char *extra[] = {"--timeout", "2", NULL}; /* a ping every second */
    REQUIRE(start_shifted(&s, tw_ts_fresh_db(tw_test_tmp("hardening-clock.db")), shift, extra) == 0);
    char path[200], id[32], token[64];
    REQUIRE(new_game_stream(&s, path, sizeof path, id, token) == 0);
    int fd = tw_ts_events_open(&s, path);
    REQUIRE(fd >= 0);
    CHECK_INT(tw_ts_events_wait(fd, 0, 3000), 0);
    CHECK(pings_within(fd, 2500) >= 1);
    /* The wall clock steps back an hour: pings go on, every second. */
    write_shift(shift, -3600);
    int pings = pings_within(fd, 3500);
    printf("   pings in 3.5 s after the wall clock stepped back an hour: %d\n", pings);
    CHECK(pings >= 2);
    /* And the stream still follows the game. */
    json_t *state;
    snprintf(path, sizeof path, "/api/games/%s/state", id);
    REQUIRE(tw_ts_json(&s, "GET", path, token, NULL, &state) == 200);
    json_decref(state);
    close(fd);
    write_shift(shift, 0);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* Sends `METHOD path` naming host in the Host header (NULL: an HTTP/1.0
 * request without one); returns the status, the error code in code. */
static int status_for_host(const tw_ts_server *s, const char *method, const char *path, const char *host,
                           char code[64])
{
    char raw[600];
    int n = host ? snprintf(raw, sizeof raw,
                            "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\nContent-Length: 20\r\n\r\n"
                            "{\"game\":\"northwood\"}",
                            method, path, host)
                 : snprintf(raw, sizeof raw, "%s %s HTTP/1.0\r\n\r\n", method, path);
    tw_ts_reply r;
    if (tw_ts_request_raw(s, raw, (size_t)n, &r) != 0)
        return -1;
    int status = r.status;
    snprintf(code, 64, "%s", tw_ts_code(&r));
    tw_ts_reply_free(&r);
    return status;
}

TEST(server_hardening_only_the_servers_own_names_are_answered)
{
    tw_ts_server s;
    const char *extra[] = {"--allow-host", "Play.Example", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_ts_fresh_db(tw_test_tmp("hardening-host.db")), TW_DATA_DIR "/../web", extra) ==
            0);
    char code[64], host[100];
    /* A page of another site whose name now resolves to this server
     * (DNS rebinding) sends its own name: refused, API and files alike,
     * before anything is read or changed. */
    const char *const others[] = {"evil.example", "evil.example:%d", "127.0.0.1.evil.example:%d", "localhost.evil:%d",
                                  "[::2]:%d"};
    for (int i = 0; i < 5; i++) {
        snprintf(host, sizeof host, others[i], s.port);
        CHECK_INT(status_for_host(&s, "GET", "/api/history", host, code), 421);
        CHECK_STR(code, "unknown_host");
        CHECK_INT(status_for_host(&s, "GET", "/", host, code), 421);
        CHECK_INT(status_for_host(&s, "POST", "/api/games", host, code), 421);
    }
    json_t *history;
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history", NULL, NULL, &history), 200);
    json_decref(history);
    /* The loopback names, the listen address, the names given, any case,
     * with or without a port or a final dot; no Host at all (HTTP/1.0). */
    const char *const own[] = {"localhost:%d", "LOCALHOST.:%d", "127.0.0.1:%d", "[::1]:%d", "app.localhost:%d",
                               "play.example:%d", "PLAY.example", "x"};
    for (int i = 0; i < 8; i++) {
        snprintf(host, sizeof host, own[i], s.port);
        CHECK_INT(status_for_host(&s, "GET", "/api/history", host, code), 200);
        CHECK_INT(status_for_host(&s, "GET", "/", host, code), 200);
    }
    CHECK_INT(status_for_host(&s, "GET", "/api/history", NULL, code), 200);
    snprintf(host, sizeof host, "localhost:%d", s.port);
    CHECK_INT(status_for_host(&s, "POST", "/api/games", host, code), 201);
    /* The refusal is logged once, with the names the server answers to. */
    CHECK_INT(tw_ts_stop(&s), 0);
    FILE *log = fopen(s.log, "r");
    REQUIRE(log != NULL);
    char text[8192];
    size_t got = fread(text, 1, sizeof text - 1, log);
    fclose(log);
    text[got] = '\0';
    CHECK_CONTAINS(text, "refused a request for the host \"evil.example\"");
    CHECK_CONTAINS(text, "--allow-host NAME");
    /* A name that is none is refused at start, with the reason. */
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' serve --port 0 --db '%s' --allow-host 'play.example:80' 2>'%s' >/dev/null",
             tw_ts_binary(), tw_test_tmp("hardening-host-bad.db"), tw_test_tmp("hardening-host-bad.err"));
    int rc = system(cmd);
    CHECK(WIFEXITED(rc) && WEXITSTATUS(rc) == 2);
    log = fopen(tw_test_tmp("hardening-host-bad.err"), "r");
    REQUIRE(log != NULL);
    got = fread(text, 1, sizeof text - 1, log);
    fclose(log);
    text[got] = '\0';
    CHECK_CONTAINS(text, "--allow-host takes a host name");
    CHECK_CONTAINS(text, "play.example:80");
}


TEST(server_hardening_one_server_per_database_file_under_any_name)
{
    tw_ts_server s, t;
    const char *db = tw_ts_fresh_db(tw_test_tmp("hardening-lock.db"));
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    char soft[600], hard[600];
    snprintf(soft, sizeof soft, "%s", tw_ts_fresh_db(tw_test_tmp("hardening-lock-symlink.db")));
    snprintf(hard, sizeof hard, "%s", tw_ts_fresh_db(tw_test_tmp("hardening-lock-hardlink.db")));
    REQUIRE(symlink(db, soft) == 0);
    REQUIRE(link(db, hard) == 0);
    const char *const names[] = {soft, hard};
    for (int i = 0; i < 2; i++) {
        int started = tw_ts_start(&t, names[i], NULL) == 0;
        CHECK(!started);
        if (started) {
            tw_ts_stop(&t);
            continue;
        }
        char text[4096];
        read_log(&t, text, sizeof text);
        CHECK_CONTAINS(text, "is in use by another trickwood serve");
        CHECK_CONTAINS(text, names[i]);
    }
    /* The first server plays on. */
    json_t *game;
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", &game), 201);
    json_decref(game);
    CHECK_INT(tw_ts_stop(&s), 0);
    /* Once it stopped, the file is free, by any name. */
    REQUIRE(tw_ts_start(&t, soft, NULL) == 0);
    CHECK_INT(tw_ts_stop(&t), 0);
    unlink(soft);
    unlink(hard);
}

/* Runs one SQL statement on a database (a SQLite file, or PostgreSQL
 * under TW_TEST_PG; the server stopped); with an int result, returns it
 * (else 0); -1 on error. */
static int sql_int(const char *db, const char *sql)
{
    char err[600];
    tw_sql *h = tw_sql_open(db, err, sizeof err);
    tw_sql_stmt *st = h ? tw_sql_prepare(h, sql) : NULL;
    int value = -1;
    if (st) {
        int rc = tw_sql_step(st);
        value = rc == TW_SQL_ROW ? (int)tw_sql_column_int64(st, 0) : rc == TW_SQL_DONE ? 0 : -1;
    }
    tw_sql_finalize(st);
    tw_sql_close(h);
    return value;
}

/* Starts a server on db that must refuse to start with a message
 * holding want; checks it. */
static void check_refused(const char *db, const char *want)
{
    tw_ts_server t;
    int started = tw_ts_start(&t, db, NULL) == 0;
    CHECK(!started);
    if (started) {
        tw_ts_stop(&t);
        return;
    }
    char text[4096];
    read_log(&t, text, sizeof text);
    CHECK_CONTAINS(text, want);
    CHECK_CONTAINS(text, db);
}

TEST(server_hardening_a_newer_or_damaged_database_is_refused_at_start)
{
    tw_ts_server s;
    const char *db = tw_ts_fresh_db(tw_test_tmp("hardening-schema.db"));
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    json_t *game;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"seed\":4}", &game) == 201);
    json_decref(game);
    CHECK_INT(tw_ts_stop(&s), 0);
    /* A newer schema: refused, and left as it was. */
    CHECK_INT(sql_int(db, "PRAGMA user_version = 99"), 0);
    check_refused(db, "has schema version 99, newer than this trickwood knows (2)");
    CHECK_INT(sql_int(db, "PRAGMA user_version"), 99);
    CHECK_INT(sql_int(db, "PRAGMA user_version = 2"), 0);
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    CHECK_INT(tw_ts_stop(&s), 0);
    /* A damaged page (the actions table's, which a start never reads):
     * found at start, not when a player first touches it. */
    int root = sql_int(db, "SELECT rootpage FROM sqlite_schema WHERE name = 'actions'");
    int page = sql_int(db, "PRAGMA page_size");
    REQUIRE(root > 1 && page >= 512);
    FILE *f = fopen(db, "r+b");
    REQUIRE(f != NULL);
    char junk[512];
    memset(junk, 0xEE, sizeof junk);
    REQUIRE(fseek(f, (long)(root - 1) * page, SEEK_SET) == 0);
    CHECK(fwrite(junk, 1, sizeof junk, f) == sizeof junk);
    fclose(f);
    check_refused(db, "is damaged (SQLite's quick_check: ");
}

TEST(server_hardening_a_failing_store_says_why_on_standard_error)
{
    tw_ts_server s;
    const char *db = tw_ts_fresh_db(tw_test_tmp("hardening-full.db"));
    const char *extra[] = {"--create-rate", "0", NULL};
    /* A full disk, for the server only: its files may not grow past
     * 256 KiB (the start needs less), and SIGXFSZ ignored so a write
     * past it fails with EFBIG instead of killing it. Both pass to the
     * server through fork and exec; the test's own are put back. */
    struct rlimit old, small = {256 * 1024, 256 * 1024};
    REQUIRE(getrlimit(RLIMIT_FSIZE, &old) == 0);
    small.rlim_max = old.rlim_max;
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    REQUIRE(setrlimit(RLIMIT_FSIZE, &small) == 0);
    int started = tw_ts_start_args(&s, db, NULL, extra);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, old_handler);
    REQUIRE(started == 0);
    int refused = 0, made = 0;
    for (int i = 0; i < 400 && refused < 30; i++) {
        json_t *game = NULL;
        int status = tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"seed\":1}", &game);
        if (status == 500)
            refused++;
        else if (status == 201)
            made++;
        json_decref(game);
    }
    printf("   %d games stored, then %d refused (500)\n", made, refused);
    CHECK(made > 0);
    CHECK_INT(refused, 30);
    char text[16384];
    stop_and_read_log(&s, text, sizeof text);
    CHECK_CONTAINS(text, "could not write to the database");
    CHECK_CONTAINS(text, db);
    CHECK_CONTAINS(text, "SQLite error");
    /* Rate-limited: 30 refusals in a few seconds, a line or two. */
    int lines = 0;
    for (const char *at = text; (at = strstr(at, "could not write to the database")) != NULL; at++)
        lines++;
    const char *line = strstr(text, "trickwood serve: could not write");
    printf("   %d lines on standard error for %d refusals: %.*s\n", lines, refused,
           line ? (int)strcspn(line, "\n") : 0, line ? line : "");
    CHECK(lines >= 1 && lines <= 3);
}

/* The permission bits of a file (-1 when it does not exist). */
static int mode_of(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (int)(st.st_mode & 07777) : -1;
}

TEST(server_hardening_database_files_readable_by_others_are_made_private)
{
    tw_ts_server s;
    char db[600], wal[620], shm[620];
    snprintf(db, sizeof db, "%s", tw_ts_fresh_db(tw_test_tmp("hardening-mode.db")));
    snprintf(wal, sizeof wal, "%s-wal", db);
    snprintf(shm, sizeof shm, "%s-shm", db);
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    json_t *game;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", &game) == 201);
    json_decref(game);
    CHECK_INT(mode_of(db), 0600); /* made private */
    /* Killed, its -wal and -shm stay; an older or copied database may
     * have been readable by all. */
    tw_ts_kill(&s);
    const char *const files[] = {db, wal, shm};
    for (int i = 0; i < 3; i++) {
        REQUIRE(mode_of(files[i]) >= 0);
        REQUIRE(chmod(files[i], 0644) == 0);
    }
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    for (int i = 0; i < 3; i++)
        CHECK_INT(mode_of(files[i]), 0600);
    char text[4096];
    stop_and_read_log(&s, text, sizeof text);
    CHECK_CONTAINS(text, "were readable by other users");
    CHECK_CONTAINS(text, "(0644)");
    CHECK_CONTAINS(text, wal);
}

/* Opens an event stream from source; its socket once the first update
 * came, else -1 (the reply's status in *status, 0 when none came). */
static int stream_from(const tw_ts_server *s, const char *source, const char *path, int *status)
{
    char raw[400];
    int n = snprintf(raw, sizeof raw, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", path);
    *status = 0;
    int fd = tw_ts_connect_from(s, source);
    if (fd < 0 || send(fd, raw, (size_t)n, MSG_NOSIGNAL) != n) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    struct pollfd p = {fd, POLLIN, 0};
    char head[600];
    ssize_t got = poll(&p, 1, 5000) > 0 ? recv(fd, head, sizeof head - 1, MSG_PEEK) : -1;
    if (got > 12) {
        head[got] = '\0';
        *status = atoi(head + 9);
    }
    if (*status != 200 || tw_ts_events_wait(fd, 0, 5000) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

TEST(server_hardening_event_streams_are_capped_per_address_and_in_all)
{
    tw_ts_server s;
    const char *extra[] = {"--max-connections", "40", "--max-per-client", "10", "--max-streams", "5",
                           "--max-streams-per-client", "3", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_ts_fresh_db(tw_test_tmp("hardening-streams.db")), NULL, extra) == 0);
    char path[200];
    REQUIRE(new_game_stream(&s, path, sizeof path, NULL, NULL) == 0);
    int fds[5], status, n = 0;
    for (int i = 0; i < 3; i++) {
        fds[n] = stream_from(&s, "127.0.0.7", path, &status);
        CHECK_INT(status, 200);
        n += fds[n] >= 0;
    }
    /* A fourth from the same address: 503, said why. */
    CHECK_INT(stream_from(&s, "127.0.0.7", path, &status), -1);
    CHECK_INT(status, 503);
    tw_ts_reply r;
    char raw[300];
    int len = snprintf(raw, sizeof raw, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", path);
    REQUIRE(tw_ts_raw_from(&s, "127.0.0.7", 5000, raw, (size_t)len, &r) == 0);
    CHECK_INT(r.status, 503);
    CHECK_STR(tw_ts_code(&r), "too_many_streams");
    CHECK_CONTAINS(r.body, "at most 3");
    tw_ts_reply_free(&r);
    /* Two more from another address fill the five in all... */
    for (int i = 0; i < 2; i++) {
        fds[n] = stream_from(&s, "127.0.0.8", path, &status);
        CHECK_INT(status, 200);
        n += fds[n] >= 0;
    }
    REQUIRE(n == 5);
    /* ...so a third address gets 503, while short requests go on. */
    REQUIRE(tw_ts_raw_from(&s, "127.0.0.9", 5000, raw, (size_t)len, &r) == 0);
    CHECK_INT(r.status, 503);
    CHECK_CONTAINS(r.body, "as many event streams open as it takes (5)");
    tw_ts_reply_free(&r);
    /* (each refusal is logged, once per 10 s, naming the address) */
    json_t *history;
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history", NULL, NULL, &history), 200);
    json_decref(history);
    /* A stream closed frees its place (within about a second). */
    close(fds[0]);
    int again = -1;
    for (int tries = 0; tries < 30 && again < 0; tries++) {
        again = stream_from(&s, "127.0.0.9", path, &status);
        if (again < 0)
            usleep(100 * 1000);
    }
    CHECK(again >= 0);
    if (again >= 0)
        close(again);
    for (int i = 1; i < n; i++)
        close(fds[i]);
    char text[4096];
    stop_and_read_log(&s, text, sizeof text);
    CHECK_CONTAINS(text, "refused an event stream from 127.0.0.7: its address is at --max-streams-per-client");
}

TEST(server_hardening_a_body_sent_a_byte_at_a_time_has_a_deadline)
{
    tw_ts_server s;
    const char *extra[] = {"--body-time", "2", "--timeout", "3", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_ts_fresh_db(tw_test_tmp("hardening-body.db")), NULL, extra) == 0);
    int fd = tw_ts_connect_from(&s, NULL);
    REQUIRE(fd >= 0);
    /* A body over the 8 KiB the front door waits for (a smaller one is
     * bounded there by --timeout, as a head is). */
    static const char head[] = "POST /api/history/import HTTP/1.1\r\nHost: x\r\nContent-Length: 20000\r\n\r\n{";
    REQUIRE(send(fd, head, sizeof head - 1, MSG_NOSIGNAL) == (ssize_t)(sizeof head - 1));
    /* A byte every half second: libmicrohttpd's silence timeout (3 s)
     * never fires; the body's deadline (2 s) does. */
    long long start = tw_ts_now_ms(), closed_after = -1;
    while (closed_after < 0 && tw_ts_now_ms() - start < 8000) {
        usleep(500 * 1000);
        char buf[256];
        ssize_t got = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
        if (got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK) ||
            send(fd, " ", 1, MSG_NOSIGNAL) != 1)
            closed_after = tw_ts_now_ms() - start;
    }
    close(fd);
    printf("   a body sent a byte every 0.5 s closed after %lld ms\n", closed_after);
    CHECK(closed_after >= 1500 && closed_after <= 4500);
    char text[4096];
    stop_and_read_log(&s, text, sizeof text);
    CHECK_CONTAINS(text, "its body was not whole within 2 seconds");
}

/* Opens per connections from each of the addresses 127.0.0.FIRST and
 * the count - 1 after it, sending raw on each; appends the sockets to
 * fds[*n...]. 0, or -1 when one could not be opened or sent. */
static int open_sending(const tw_ts_server *s, int first, int count, int per, const char *raw, int *fds, int *n)
{
    char source[32];
    size_t len = strlen(raw);
    for (int a = 0; a < count; a++)
        for (int i = 0; i < per; i++) {
            snprintf(source, sizeof source, "127.0.0.%d", first + a);
            int fd = tw_ts_connect_from(s, source);
            if (fd < 0)
                return -1;
            fds[(*n)++] = fd;
            if (send(fd, raw, len, MSG_NOSIGNAL) != (ssize_t)len)
                return -1;
        }
    return 0;
}

/* Waits until the slow connections are older than the 2 s a slow
 * request may wait while the server is full, then checks that a new
 * client from source is answered at once (within 1.5 s). */
static void check_new_client_answered(const tw_ts_server *s, const char *source, const char *held_by)
{
    usleep(2300 * 1000);
    tw_ts_reply r;
    long long start = tw_ts_now_ms();
    REQUIRE(tw_ts_request_from(s, source, 3000, "GET", "/api/history", NULL, NULL, &r) == 0);
    long long took = tw_ts_now_ms() - start;
    printf("   a new client answered %lld ms after asking, with every slot held by %s\n", took, held_by);
    CHECK_INT(r.status, 200);
    CHECK(took < 1500);
    tw_ts_reply_free(&r);
}

TEST(server_hardening_slow_heads_leave_room_for_a_new_client)
{
    tw_ts_server s;
    const char *extra[] = {"--max-connections", "8", "--max-per-client", "4", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_ts_fresh_db(tw_test_tmp("hardening-room.db")), NULL, extra) == 0);
    /* Two addresses fill every slot with heads that never end. */
    static const char half[] = "GET /api/history HTTP/1.1\r\nHost: x\r\nX-Slow: ";
    int slow[8], n = 0;
    REQUIRE(open_sending(&s, 10, 2, 4, half, slow, &n) == 0);
    /* A new client is answered at once, not when the slow ones time out (10 s). */
    check_new_client_answered(&s, "127.0.0.12", "a slow head");
    for (int i = 0; i < 8; i++)
        close(slow[i]);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* Creates a game from source; returns the status (429 codes in *code). */
static int create_from(const tw_ts_server *s, const char *source, tw_ts_reply *r)
{
    if (tw_ts_request_from(s, source, 10000, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", r) != 0)
        return -1;
    return r->status;
}

TEST(server_hardening_a_creation_budget_for_every_address_together)
{
    tw_ts_server s;
    const char *extra[] = {"--create-rate", "3", "--create-rate-total", "5", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_ts_fresh_db(tw_test_tmp("hardening-budget.db")), NULL, extra) == 0);
    tw_ts_reply r;
    long long start = tw_ts_now_ms();
    for (int i = 0; i < 3; i++) {
        CHECK_INT(create_from(&s, "127.0.0.20", &r), 201);
        tw_ts_reply_free(&r);
    }
    for (int i = 0; i < 2; i++) {
        CHECK_INT(create_from(&s, "127.0.0.21", &r), 201);
        tw_ts_reply_free(&r);
    }
    /* Five in all: a sixth is refused from any address, even one that
     * made none (unless a game's worth refilled: 12 s). */
    const char *const others[] = {"127.0.0.21", "127.0.0.22", "127.0.0.23"};
    for (int i = 0; i < 3; i++) {
        int status = create_from(&s, others[i], &r);
        if (tw_ts_now_ms() - start < 12000) {
            CHECK_INT(status, 429);
            CHECK_STR(tw_ts_code(&r), "rate_limited");
            CHECK_CONTAINS(r.body, "from every address together: at most 5 a minute");
            char retry[16] = "";
            CHECK(tw_ts_header(&r, "Retry-After", retry, sizeof retry) == 0 && atoi(retry) >= 1);
        }
        tw_ts_reply_free(&r);
    }
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_hardening_an_ipv6_client_is_its_64_prefix)
{
    const char *const same[] = {"2001:db8:1:2::5", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::"};
    char first[TW_SRV_ADDRESS_TEXT] = "";
    for (int i = 0; i < 3; i++) {
        struct sockaddr_in6 a = {.sin6_family = AF_INET6};
        REQUIRE(inet_pton(AF_INET6, same[i], &a.sin6_addr) == 1);
        char text[TW_SRV_ADDRESS_TEXT];
        tw_srv_address_text((const struct sockaddr *)&a, text, sizeof text);
        CHECK_STR(text, "2001:db8:1:2::/64");
        if (i == 0)
            snprintf(first, sizeof first, "%s", text);
    }
    const char *const cases[][2] = {
        {"2001:db8:1:3::5", "2001:db8:1:3::/64"}, {"::ffff:10.1.2.3", "10.1.2.3"}, {"::1", "::1"}};
    for (int i = 0; i < 3; i++) {
        struct sockaddr_in6 a = {.sin6_family = AF_INET6};
        REQUIRE(inet_pton(AF_INET6, cases[i][0], &a.sin6_addr) == 1);
        char text[TW_SRV_ADDRESS_TEXT];
        tw_srv_address_text((const struct sockaddr *)&a, text, sizeof text);
        CHECK_STR(text, cases[i][1]);
    }
    /* So one /64 shares one allowance: the limiter sees one client. */
    tw_srv_rate *rate = tw_srv_rate_new(2);
    REQUIRE(rate != NULL);
    CHECK_INT(tw_srv_rate_take(rate, first), 0);
    CHECK_INT(tw_srv_rate_take(rate, first), 0);
    CHECK(tw_srv_rate_take(rate, first) > 0);
    tw_srv_rate_free(rate);
}

/* The status of a game's state now (-1 when no reply came). */
static int state_status(const tw_ts_server *s, const char *id, const char *token)
{
    char path[120];
    snprintf(path, sizeof path, "/api/games/%s/state", id);
    json_t *body = NULL;
    int status = tw_ts_json(s, "GET", path, token, NULL, &body);
    json_decref(body);
    return status;
}

/* Polls a game's state until it answers want, for up to ms; returns
 * the milliseconds it took, or -1. */
static long long wait_status(const tw_ts_server *s, const char *id, const char *token, int want, int ms)
{
    long long start = tw_ts_now_ms();
    while (tw_ts_now_ms() - start < ms) {
        if (state_status(s, id, token) == want)
            return tw_ts_now_ms() - start;
        usleep(100 * 1000);
    }
    return -1;
}

TEST(server_hardening_archived_games_are_deleted_after_the_days_given)
{
    tw_ts_server s;
    char db[600];
    snprintf(db, sizeof db, "%s", tw_ts_fresh_db(tw_test_tmp("hardening-delete.db")));
    const char *extra[] = {"--archive-unjoined-after", "1", "--delete-archived-after", "2", NULL};
    setenv("TRICKWOOD_TEST_DAY_MS", "1000", 1); /* a day lasts a second */
    int started = tw_ts_start_args(&s, db, NULL, extra);
    unsetenv("TRICKWOOD_TEST_DAY_MS");
    REQUIRE(started == 0);
    json_t *table;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"partner\":\"human\"}", &table) ==
            201);
    char id[32], token[64];
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(table, "id")));
    snprintf(token, sizeof token, "%s", json_string_value(json_object_get(table, "token")));
    json_decref(table);
    /* A finished game of the history, beside it. */
    CHECK_INT(sql_int(db, "INSERT INTO games (id, game, config, seed, token0, partner, created_at, finished_at, "
                          "result, record, active_at) VALUES ('finishedgame', 'northwood', '{}', 1, 't', 'none', "
                          "'2020-01-01T00:00:00Z', '2020-01-01T01:00:00Z', '{}', '{}', 0)"),
              0);
    /* Seat 1 left open a day: archived (410), then two days later deleted (404). */
    long long archived = wait_status(&s, id, token, 410, 6000);
    CHECK(archived >= 0);
    long long deleted = wait_status(&s, id, token, 404, 8000);
    printf("   archived after %lld ms, then deleted %lld ms later\n", archived, deleted);
    CHECK(deleted >= 1000);
    CHECK_INT(tw_ts_stop(&s), 0);
    char sql[200];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM games WHERE id = '%s'", id);
    CHECK_INT(sql_int(db, sql), 0);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM actions WHERE game_id = '%s'", id);
    CHECK_INT(sql_int(db, sql), 0);
    CHECK_INT(sql_int(db, "SELECT count(*) FROM games WHERE id = 'finishedgame'"), 1);
    char text[4096];
    read_log(&s, text, sizeof text);
    CHECK_CONTAINS(text, "deleted the games archived more than 2 days ago: 1");
}

/* Waits up to ms for a reply on each of n sockets; counts those whose
 * reply is a 503 too_many_bodies (closing them), and in *per_address
 * those refused for their address's cap, and leaves the others. */
static int count_body_refusals(int *fds, int n, int ms, int *per_address)
{
    *per_address = 0;
    int refused = 0;
    long long start = tw_ts_now_ms();
    for (int i = 0; i < n; i++) {
        long long left = ms - (tw_ts_now_ms() - start);
        struct pollfd p = {fds[i], POLLIN, 0};
        char reply[2048];
        ssize_t got = poll(&p, 1, left > 0 ? (int)left : 0) > 0 ? recv(fds[i], reply, sizeof reply - 1, 0) : -1;
        if (got > 12) {
            reply[got] = '\0';
            if (atoi(reply + 9) == 503 && strstr(reply, "too_many_bodies")) {
                refused++;
                *per_address += strstr(reply, "from your address: at most 2 at once") != NULL;
                close(fds[i]);
                fds[i] = -1;
            }
        }
    }
    return refused;
}

TEST(server_hardening_slow_bodies_from_many_addresses_leave_room_for_a_new_client)
{
    tw_ts_server s;
    const char *extra[] = {"--max-connections", "32", "--max-per-client", "8", "--max-bodies", "4",
                           "--max-bodies-per-client", "2", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_ts_fresh_db(tw_test_tmp("hardening-bodies.db")), NULL, extra) == 0);
    /* Large bodies (over the 8 KiB the front door waits for) that never
     * end, 3 from each of 4 addresses: 2 per address and 4 in all are
     * waited for, the others told at once and their slots freed. */
    static const char large[] = "POST /api/history/import HTTP/1.1\r\nHost: x\r\nContent-Length: 20000\r\n\r\n{";
    static const char small[] = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\n\r\n{";
    int fds[40], n = 0;
    REQUIRE(open_sending(&s, 30, 4, 3, large, fds, &n) == 0);
    int per_address;
    int refused = count_body_refusals(fds, n, 1500, &per_address);
    printf("   %d of %d large bodies that never end refused at once (503 too_many_bodies), %d for their "
           "address's cap\n", refused, n, per_address);
    CHECK_INT(refused, n - 4);
    /* the first address's third, at least, for its own cap; some for the
     * cap in all (8 would be held by the caps per address alone) */
    CHECK(per_address >= 1 && per_address < refused);
    /* Small bodies that never end fill every other slot, from 7 more addresses. */
    REQUIRE(open_sending(&s, 40, 7, 4, small, fds, &n) == 0);
    check_new_client_answered(&s, "127.0.0.50", "a body that never ends");
    tw_ts_reply r;
    /* A new game from yet another address: a small body sent whole is
     * not held up by them. */
    CHECK_INT(create_from(&s, "127.0.0.51", &r), 201);
    tw_ts_reply_free(&r);
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    char text[4096];
    stop_and_read_log(&s, text, sizeof text);
    CHECK_CONTAINS(text, "refused a request body from 127.0.0.3");
    CHECK_CONTAINS(text, "that was slow to send its request body, to make room for a new one");
}

TEST(server_hardening_a_small_body_waited_for_gets_its_100_continue)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("hardening-continue.db")), NULL) == 0);
    static const char body[] = "{\"game\":\"northwood\"}";
    char head[300];
    int len = snprintf(head, sizeof head,
                       "POST /api/games HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: %zu\r\n\r\n",
                       sizeof body - 1);
    int fd = tw_ts_connect_from(&s, NULL);
    REQUIRE(fd >= 0);
    REQUIRE(send(fd, head, (size_t)len, MSG_NOSIGNAL) == len);
    /* The front door waits for the body, so it must say "go on" (the
     * client would otherwise wait a second of its own, or for ever). */
    struct pollfd p = {fd, POLLIN, 0};
    char got[4096];
    ssize_t n = poll(&p, 1, 2000) > 0 ? recv(fd, got, sizeof got - 1, 0) : -1;
    CHECK(n > 0);
    got[n > 0 ? n : 0] = '\0';
    CHECK_CONTAINS(got, "HTTP/1.1 100 Continue\r\n\r\n");
    REQUIRE(send(fd, body, sizeof body - 1, MSG_NOSIGNAL) == (ssize_t)(sizeof body - 1));
    /* Then the reply (after any further 100 Continue). */
    size_t have = 0;
    long long start = tw_ts_now_ms();
    while (!strstr(got, "201 Created") && have < sizeof got - 1 && tw_ts_now_ms() - start < 5000) {
        p.revents = 0;
        if (poll(&p, 1, 500) <= 0)
            continue;
        n = recv(fd, got + have, sizeof got - 1 - have, 0);
        if (n <= 0)
            break;
        have += (size_t)n;
        got[have] = '\0';
    }
    CHECK_CONTAINS(got, "HTTP/1.1 201 Created");
    close(fd);
    CHECK_INT(tw_ts_stop(&s), 0);
}
