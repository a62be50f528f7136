/* `make loadtest`: a bounded load test of `trickwood serve` on loopback
 * (docs/server.md, "Load test"). It starts the real server beside this
 * program on a free port with a fresh database, opens many idle event
 * streams from a second loopback address (127.0.0.2), then lets many
 * tables play whole games concurrently through the HTTP API for a fixed
 * time: each table is a thread that asks the state, picks a legal action
 * at random and sends it, each request on a connection of its own (the
 * server closes every connection after its reply). Half the tables
 * play For Northwood!, half the Duet with a rule bot in seat 1.
 *
 * It prints actions per second, the median and 99th percentile latency of
 * actions and state requests, and the errors; then it checks every game
 * played: the finished game's record (GET /api/history/ID) must load with
 * tw_nw_record_from_text / tw_fox_record_from_text (which replays every
 * action with the engine) and hold exactly the actions the table saw
 * applied. Exit status 0 when there was no error and every game checks.
 *
 *   build/release/loadtest [--seconds N] [--tables N] [--streams N] [--hinters N] [--slow N]
 *
 * With TW_TEST_PG=URI in the environment (a PostgreSQL database, as
 * tests/pg/run.sh sets it), the server stores in a fresh schema of it
 * instead of a SQLite file.
 *
 * With --hinters N, N more threads ask hints without pause on a Duet
 * table of their own, from a third address (127.0.0.3), for the whole
 * time: the tables' figures then say what a flood of hints costs the
 * other tables. The hints answered and the ones refused as busy (503,
 * the pool's queue was full) are printed; any other answer is an error.
 *
 * With --slow N, N half-sent requests (headers that announce a body
 * that never comes) are held open from 127.0.0.2 too, each opened again
 * as soon as the server's timeout closes it.
 *
 * With --stored N it measures a large store instead (docs/server.md,
 * "A large store"): it plays TEMPLATES games to random depths through
 * the API, copies them in SQLite until N games are stored, restarts the
 * server on that database, and prints how long the restart took to
 * answer its first state request and the latency of state requests on
 * random games, first (loaded from the store) and again (in memory).
 *
 *   build/release/loadtest --stored N [--requests N] */
#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../test_server_client.h"
#include "trickwood/fox_files.h"
#include "trickwood/nw_files.h"

#define MAX_TABLES 256
#define STREAMS_PER_GAME 100
#define REPLY_LIMIT (1 << 20)

/* Latencies in milliseconds, growing. */
typedef struct {
    double *ms;
    int count;
    int cap;
} samples;

/* One game a table played: its id, game and the actions seen applied. */
typedef struct {
    char id[32];
    int fox;
    json_t *actions; /* action texts by version - 1 (null when hidden from seat 0) */
} played;

/* One table: a thread playing games one after the other. */
typedef struct {
    int index;
    int fox;
    int fd; /* the connection, -1 when closed (the server closes it after each reply) */
    samples act;
    samples state;
    samples create; /* creating a game */
    long actions;   /* actions acknowledged before the deadline */
    long errors;
    played *games;
    int game_count;
    int game_cap;
    unsigned rng;
    char *buf; /* REPLY_LIMIT bytes for replies */
} table;

static tw_ts_server server;
static long long deadline_ms;
static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;
static int errors_printed;

/* Adds one latency sample. */
static void add_sample(samples *s, double ms)
{
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 1024;
        s->ms = realloc(s->ms, (size_t)s->cap * sizeof *s->ms);
        if (!s->ms) {
            fprintf(stderr, "loadtest: out of memory\n");
            exit(2);
        }
    }
    s->ms[s->count++] = ms;
}

/* Orders doubles for qsort. */
static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The q-quantile (0..1) of sorted samples. */
static double quantile(const samples *s, double q)
{
    if (s->count == 0)
        return 0;
    int i = (int)(q * (s->count - 1) + 0.5);
    return s->ms[i];
}

/* Reports an error (the first few in full, then only counted). */
static void report(table *t, const char *what, int status, const char *body)
{
    t->errors++;
    pthread_mutex_lock(&print_lock);
    if (errors_printed++ < 10)
        fprintf(stderr, "loadtest: table %d: %s: status %d %.200s\n", t->index, what, status, body ? body : "");
    pthread_mutex_unlock(&print_lock);
}

/* The Content-Length of a reply's header block (head up to end), 0 when
 * there is none. */
static size_t content_length(const char *head, const char *end)
{
    static const char name[] = "\r\ncontent-length:";
    size_t n = sizeof name - 1;
    for (const char *p = head; p + n <= end; p++)
        if (strncasecmp(p, name, n) == 0)
            return strtoul(p + n, NULL, 10);
    return 0;
}

/* Whether a reply's header block (head up to end) says Connection: close. */
static int has_close(const char *head, const char *end)
{
    static const char name[] = "\r\nconnection: close";
    size_t n = sizeof name - 1;
    for (const char *p = head; p + n <= end; p++)
        if (strncasecmp(p, name, n) == 0)
            return 1;
    return 0;
}

/* Reads from fd into buf until the reply is complete (headers and
 * Content-Length bytes of body). Returns the status and sets *body, or -1. */
static int read_reply(int fd, char *buf, size_t size, char **body)
{
    size_t len = 0;
    long long until = tw_ts_now_ms() + 30000;
    for (;;) {
        buf[len] = '\0';
        char *end = strstr(buf, "\r\n\r\n");
        if (end) {
            size_t want = content_length(buf, end);
            size_t have = len - (size_t)(end + 4 - buf);
            if (have >= want) {
                *body = end + 4;
                (*body)[want] = '\0';
                return atoi(buf + 9);
            }
        }
        if (len + 1 >= size)
            return -1;
        struct pollfd p = {fd, POLLIN, 0};
        long long left = until - tw_ts_now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            return -1;
        ssize_t n = read(fd, buf + len, size - 1 - len);
        if (n <= 0)
            return -1;
        len += (size_t)n;
    }
}

/* Sends one request on the table's connection (opening one when it has
 * none, and once more when the server closed it) and parses the JSON reply into *out.
 * Returns the status (-1 when no reply) and adds the latency to s. */
static int request(table *t, samples *s, const char *method, const char *path, const char *token,
                   const char *body, json_t **out)
{
    char head[2048];
    char auth[128] = "";
    if (token)
        snprintf(auth, sizeof auth, "Authorization: Bearer %s\r\n", token);
    int hn = snprintf(head, sizeof head,
                      "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n%sContent-Type: application/json\r\n"
                      "Content-Length: %zu\r\n\r\n%s",
                      method, path, server.port, auth, body ? strlen(body) : 0, body ? body : "");
    if (hn < 0 || hn >= (int)sizeof head)
        return -1;
    *out = NULL;
    for (int attempt = 0; attempt < 2; attempt++) {
        /* The time counts the connection's opening too (a new one for
         * each request: the server closes it after each reply). */
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (t->fd < 0)
            t->fd = tw_ts_connect_from(&server, NULL);
        if (t->fd < 0)
            return -1;
        /* One send for the head and the body: two small writes would wait
         * for the server's delayed ACK (Nagle), about 40 ms each. */
        int ok = send(t->fd, head, (size_t)hn, MSG_NOSIGNAL) == hn;
        char *reply_body = NULL;
        int status = ok ? read_reply(t->fd, t->buf, REPLY_LIMIT, &reply_body) : -1;
        if (status < 0) {
            close(t->fd);
            t->fd = -1;
            continue; /* the server closed an idle keep-alive connection: once more */
        }
        struct timespec t1;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        /* The server closes the connection after each reply (Connection:
         * close): the next request opens a new one. */
        char *head_end = strstr(t->buf, "\r\n\r\n");
        if (head_end && has_close(t->buf, head_end)) {
            close(t->fd);
            t->fd = -1;
        }
        double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
        if (s && tw_ts_now_ms() < deadline_ms)
            add_sample(s, ms);
        *out = json_loads(reply_body, 0, NULL);
        return status;
    }
    return -1;
}

/* A small random number for the table (rand_r is not in C11). */
static unsigned next_random(table *t)
{
    t->rng = t->rng * 1103515245u + 12345u;
    return (t->rng >> 16) & 0x7fff;
}

/* Picks a legal action from a state's list, avoiding For Northwood!'s
 * "stop" (which would end the game at once) when there is another. */
static const char *pick(table *t, json_t *legal)
{
    size_t n = json_array_size(legal);
    if (n == 0)
        return NULL;
    const char *a = json_string_value(json_array_get(legal, next_random(t) % n));
    if (a && strcmp(a, "stop") == 0 && n > 1) /* stop is listed last */
        a = json_string_value(json_array_get(legal, next_random(t) % (n - 1)));
    return a;
}

/* Remembers the applied log entries of a reply in the game's action list. */
static void note_applied(played *g, json_t *entries)
{
    size_t i;
    json_t *e;
    json_array_foreach(entries, i, e) {
        int version = (int)json_integer_value(json_object_get(e, "version"));
        json_t *action = json_object_get(e, "action");
        while ((int)json_array_size(g->actions) < version)
            json_array_append_new(g->actions, json_null());
        if (version >= 1)
            json_array_set(g->actions, (size_t)version - 1, action ? action : json_null());
    }
}

/* Plays one whole game on the table. Returns 0, or -1 on an error. */
static int play_game(table *t)
{
    if (t->game_count == t->game_cap) {
        t->game_cap = t->game_cap ? t->game_cap * 2 : 64;
        t->games = realloc(t->games, (size_t)t->game_cap * sizeof *t->games);
        if (!t->games)
            exit(2);
    }
    played *g = &t->games[t->game_count];
    memset(g, 0, sizeof *g);
    g->fox = t->fox;
    json_t *reply;
    int status = request(t, &t->create, "POST", "/api/games", NULL,
                         t->fox ? "{\"game\":\"foxduet\",\"partner\":\"rule\"}" : "{\"game\":\"northwood\"}", &reply);
    const char *id = json_string_value(json_object_get(reply, "id"));
    const char *tok = json_string_value(json_object_get(reply, "token"));
    if (status != 201 || !id || !tok) {
        report(t, "create", status, NULL);
        json_decref(reply);
        return -1;
    }
    char token[64], state_path[96], act_path[96];
    snprintf(g->id, sizeof g->id, "%s", id);
    snprintf(token, sizeof token, "%s", tok);
    json_decref(reply);
    g->actions = json_array();
    t->game_count++;
    snprintf(state_path, sizeof state_path, "/api/games/%s/state", g->id);
    snprintf(act_path, sizeof act_path, "/api/games/%s/actions", g->id);
    for (;;) {
        json_t *state;
        status = request(t, &t->state, "GET", state_path, token, NULL, &state);
        if (status != 200 || !state) {
            report(t, "state", status, NULL);
            json_decref(state);
            return -1;
        }
        note_applied(g, json_object_get(state, "log"));
        if (json_is_true(json_object_get(state, "over"))) {
            json_decref(state);
            return 0;
        }
        const char *action = pick(t, json_object_get(state, "legal"));
        int version = (int)json_integer_value(json_object_get(state, "version"));
        if (!action) {
            report(t, "no legal action for seat 0 while the game goes on", status, NULL);
            json_decref(state);
            return -1;
        }
        json_t *body = json_pack("{s:s, s:i}", "action", action, "version", version);
        char *text = json_dumps(body, JSON_COMPACT);
        json_decref(body);
        json_decref(state);
        status = request(t, &t->act, "POST", act_path, token, text, &reply);
        free(text);
        if (status != 200) {
            char *dump = reply ? json_dumps(reply, JSON_COMPACT) : NULL;
            report(t, "action", status, dump);
            free(dump);
            json_decref(reply);
            return -1;
        }
        if (tw_ts_now_ms() < deadline_ms)
            t->actions++;
        note_applied(g, json_object_get(reply, "applied"));
        json_decref(reply);
    }
}

/* The thread of one table: plays games until the deadline, then ends the
 * game in progress so that every game can be checked. */
static void *table_main(void *arg)
{
    table *t = arg;
    while (tw_ts_now_ms() < deadline_ms)
        if (play_game(t) != 0 && t->errors > 50)
            break;
    if (t->fd >= 0)
        close(t->fd);
    return NULL;
}

/* Opens one event stream from 127.0.0.2 and reads its reply headers.
 * Returns the socket, or -1. */
static int open_stream(const char *id, const char *token)
{
    int fd = tw_ts_connect_from(&server, "127.0.0.2");
    if (fd < 0)
        return -1;
    char req[512];
    int n = snprintf(req, sizeof req,
                     "GET /api/games/%s/events?token=%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                     "Accept: text/event-stream\r\n\r\n",
                     id, token, server.port);
    char head[2048];
    size_t len = 0;
    if (send(fd, req, (size_t)n, MSG_NOSIGNAL) != n) {
        close(fd);
        return -1;
    }
    while (len + 1 < sizeof head) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 10000) <= 0)
            break;
        ssize_t got = read(fd, head + len, sizeof head - 1 - len);
        if (got <= 0)
            break;
        len += (size_t)got;
        head[len] = '\0';
        if (strstr(head, "\r\n\r\n"))
            return strncmp(head, "HTTP/1.1 200", 12) == 0 ? fd : (close(fd), -1);
    }
    close(fd);
    return -1;
}

/* Checks one finished game against its stored record. Returns 0 when the
 * record loads (every action replays) and holds the actions seen. */
static int check_game(const played *g)
{
    char path[96];
    snprintf(path, sizeof path, "/api/history/%s", g->id);
    json_t *reply = NULL;
    int status = tw_ts_json(&server, "GET", path, NULL, NULL, &reply);
    json_t *record = json_object_get(reply, "record");
    char *text = record ? json_dumps(record, 0) : NULL;
    int bad = status != 200 || !text;
    tw_diag d;
    tw_diag_init(&d, g->id);
    if (!bad && g->fox) {
        tw_fox_record rec;
        bad = tw_fox_record_from_text(&rec, text, g->id, &d) != TW_OK;
        if (!bad) {
            bad = rec.count != (int)json_array_size(g->actions);
            tw_fox_record_free(&rec);
        }
    } else if (!bad) {
        static tw_nw_record rec; /* large (a whole catalog) */
        bad = tw_nw_record_from_text(&rec, text, g->id, &d) != TW_OK;
        if (!bad) {
            bad = rec.count != (int)json_array_size(g->actions);
            tw_nw_record_free(&rec);
        }
    }
    json_t *stored = json_object_get(record, "actions");
    for (size_t i = 0; !bad && i < json_array_size(g->actions); i++) {
        json_t *seen = json_array_get(g->actions, i);
        if (json_is_string(seen) && !json_equal(seen, json_array_get(stored, i)))
            bad = 1;
    }
    if (bad) {
        char msg[700];
        tw_diag_format(&d, msg, sizeof msg);
        fprintf(stderr, "loadtest: game %s does not check (status %d): %s\n", g->id, status, msg);
    }
    free(text);
    json_decref(reply);
    return bad ? -1 : 0;
}

/* ---- A large store (--stored N) ------------------------------------------------ */

/* Games played through the API and then copied in SQLite. */
#define TEMPLATES 60

/* Plays game k of the templates to a random depth (some to the end):
 * For Northwood! alone or the Duet with a rule bot. Returns 0 or -1. */
static int play_template(table *t, int k)
{
    json_t *r = NULL;
    int status = request(t, NULL, "POST", "/api/games", NULL,
                         k % 2 ? "{\"game\":\"foxduet\",\"partner\":\"rule\"}" : "{\"game\":\"northwood\"}", &r);
    char id[32], token[64], path[128];
    snprintf(id, sizeof id, "%s", status == 201 ? json_string_value(json_object_get(r, "id")) : "");
    snprintf(token, sizeof token, "%s", status == 201 ? json_string_value(json_object_get(r, "token")) : "");
    json_decref(r);
    if (status != 201)
        return -1;
    int depth = (int)(next_random(t) % 120);
    for (int i = 0; i < depth; i++) {
        snprintf(path, sizeof path, "/api/games/%s/state", id);
        if (request(t, NULL, "GET", path, token, NULL, &r) != 200)
            return -1;
        const char *a = json_is_true(json_object_get(r, "over")) ? NULL : pick(t, json_object_get(r, "legal"));
        int version = (int)json_integer_value(json_object_get(r, "version"));
        char body[160];
        if (a)
            snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":%d}", a, version);
        json_decref(r);
        if (!a)
            break;
        snprintf(path, sizeof path, "/api/games/%s/actions", id);
        status = request(t, NULL, "POST", path, token, body, &r);
        json_decref(r);
        if (status != 200)
            return -1;
    }
    return 0;
}

/* Copies the stored games until count are stored: game i is a copy of
 * template i % TEMPLATES (same configuration, seat tokens and actions)
 * with the id "b" followed by i in 11 digits. 0, or -1 with a message. */
static int copy_games(const char *db, int count)
{
    static const char *const sql =
        "BEGIN;"
        "CREATE TEMP TABLE tpl (k INTEGER PRIMARY KEY, id TEXT);"
        "INSERT INTO tpl (id) SELECT id FROM games ORDER BY rowid;"
        "CREATE TEMP TABLE n (i INTEGER PRIMARY KEY);"
        "WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i + 1 < ?1) INSERT INTO n SELECT i FROM c;"
        /* Through a copy of whole rows, so that any schema version works. */
        "CREATE TEMP TABLE c AS SELECT g.* FROM n JOIN tpl ON tpl.k = 1 + n.i % (SELECT count(*) FROM tpl)"
        " JOIN games g ON g.id = tpl.id ORDER BY n.i;"
        "UPDATE c SET id = printf('b%011d', rowid - 1);"
        "INSERT INTO games SELECT * FROM c;"
        "INSERT INTO actions (game_id, seq, seat, action)"
        " SELECT printf('b%011d', n.i), a.seq, a.seat, a.action"
        " FROM n JOIN tpl ON tpl.k = 1 + n.i % (SELECT count(*) FROM tpl) JOIN actions a ON a.game_id = tpl.id;"
        "COMMIT;";
    sqlite3 *h = NULL;
    char *msg = NULL;
    char *text = sqlite3_mprintf("%s", sql);
    char number[32];
    snprintf(number, sizeof number, "%d", count - TEMPLATES);
    char *filled = NULL;
    /* ?1 in a script: put the number in its place. */
    const char *at = strstr(text, "?1");
    if (at)
        filled = sqlite3_mprintf("%.*s%s%s", (int)(at - text), text, number, at + 2);
    int rc = sqlite3_open(db, &h) == SQLITE_OK && filled && sqlite3_exec(h, filled, NULL, NULL, &msg) == SQLITE_OK;
    if (!rc)
        fprintf(stderr, "loadtest: cannot copy the games: %s\n", msg ? msg : h ? sqlite3_errmsg(h) : "no database");
    sqlite3_free(msg);
    sqlite3_free(text);
    sqlite3_free(filled);
    sqlite3_close(h);
    return rc ? 0 : -1;
}

/* The ids and seat-0 tokens of the stored games, by copy number. */
static int stored_tokens(const char *db, int count, char (*tokens)[64])
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    int n = 0;
    if (sqlite3_open(db, &h) == SQLITE_OK &&
        sqlite3_prepare_v2(h, "SELECT id, token0 FROM games WHERE id GLOB 'b[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'", -1, &st, NULL) == SQLITE_OK)
        while (sqlite3_step(st) == SQLITE_ROW) {
            int i = atoi((const char *)sqlite3_column_text(st, 0) + 1);
            if (i >= 0 && i < count) {
                snprintf(tokens[i], 64, "%s", (const char *)sqlite3_column_text(st, 1));
                n++;
            }
        }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* Asks the state of random stored games (each once, in the order of
 * picks); latencies into s. Returns the errors. */
static long random_states(table *t, const int *picks, int n, char (*tokens)[64], samples *s)
{
    long errors = 0;
    for (int k = 0; k < n; k++) {
        char path[128];
        snprintf(path, sizeof path, "/api/games/b%011d/state", picks[k]);
        json_t *r = NULL;
        int status = request(t, s, "GET", path, tokens[picks[k]], NULL, &r);
        if (status != 200)
            report(t, "state of a stored game", status, json_string_value(json_object_get(r, "error")));
        errors += status != 200;
        json_decref(r);
    }
    return errors;
}

/* The server's resident memory in KiB (VmRSS), 0 when unknown. */
static long server_rss_kib(void)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)server.pid);
    FILE *f = fopen(path, "r");
    long kib = 0;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
            kib = atol(line + 6);
    if (f)
        fclose(f);
    return kib;
}

/* Prints a latency line and frees the samples. */
static void print_latency(const char *what, samples *s)
{
    qsort(s->ms, (size_t)s->count, sizeof *s->ms, by_value);
    printf("%s: %d, latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n", what, s->count,
           quantile(s, 0.5), quantile(s, 0.9), quantile(s, 0.99), s->count ? s->ms[s->count - 1] : 0.0);
    free(s->ms);
    s->ms = NULL;
}

/* The --hinters threads: one Duet table and what its hints got. */
typedef struct {
    char path[128];
    char token[64];
    int stop;
    long answered, busy, errors;
} hint_flood;

/* Asks hints on the flood's table one after the other until told to
 * stop (a thread). */
static void *hint_main(void *arg)
{
    hint_flood *f = arg;
    while (!__atomic_load_n(&f->stop, __ATOMIC_SEQ_CST)) {
        tw_ts_reply r;
        if (tw_ts_request_from(&server, "127.0.0.3", 30000, "GET", f->path, f->token, NULL, &r) != 0) {
            __atomic_add_fetch(&f->errors, 1, __ATOMIC_SEQ_CST);
            continue;
        }
        long *count = r.status == 200 ? &f->answered : r.status == 503 ? &f->busy : &f->errors;
        __atomic_add_fetch(count, 1, __ATOMIC_SEQ_CST);
        tw_ts_reply_free(&r);
    }
    return NULL;
}

/* Creates the flood's table (a Duet game with a rule bot, seat 0 to
 * act). 0, or -1 when it could not. */
static int hint_table(hint_flood *f)
{
    json_t *r = NULL;
    if (tw_ts_json(&server, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"seed\":3,\"partner\":\"rule\"}", &r) !=
        201) {
        json_decref(r);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "/api/games/%s/hint", json_string_value(json_object_get(r, "id")));
    snprintf(f->token, sizeof f->token, "%s", json_string_value(json_object_get(r, "token")));
    json_decref(r);
    return 0;
}

/* The --slow connections: half-sent requests from 127.0.0.2, each opened
 * again as soon as the server closes it, as a slow-request attack does. */
typedef struct {
    int count;
    int *fd; /* -1 when closed */
    int stop;
    long opened, closed_by_server, refused;
} slow_flood;

/* Opens every closed slow request of the flood; counts what happened. */
static void refill_slow(slow_flood *f)
{
    for (int i = 0; i < f->count; i++) {
        if (f->fd[i] >= 0)
            continue;
        f->fd[i] = tw_ts_open_half_sent(&server, "127.0.0.2");
        if (f->fd[i] >= 0)
            f->opened++;
        else
            f->refused++;
    }
}

/* Keeps the slow requests open until told to stop (a thread): every
 * 100 ms, notices the ones the server closed and opens them again. */
static void *slow_main(void *arg)
{
    slow_flood *f = arg;
    while (!__atomic_load_n(&f->stop, __ATOMIC_SEQ_CST)) {
        for (int i = 0; i < f->count; i++) {
            struct pollfd p = {f->fd[i], POLLIN, 0};
            char junk[4096];
            if (f->fd[i] >= 0 && poll(&p, 1, 0) > 0 && read(f->fd[i], junk, sizeof junk) <= 0) {
                close(f->fd[i]);
                f->fd[i] = -1;
                f->closed_by_server++;
            }
        }
        refill_slow(f);
        struct timespec pause = {0, 100 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    for (int i = 0; i < f->count; i++)
        if (f->fd[i] >= 0)
            close(f->fd[i]);
    return NULL;
}

/* The --stored mode: see the comment at the top. */
static int stored_main(int count, int requests)
{
    char folder[] = "/tmp/trickwood-stored-XXXXXX";
    if (!mkdtemp(folder) || count < TEMPLATES * 2 || requests < 1 || requests > count) {
        fprintf(stderr, "usage: loadtest --stored N (at least %d) [--requests 1-N]\n", TEMPLATES * 2);
        return 2;
    }
    char db[256];
    snprintf(db, sizeof db, "%s/stored.db", folder);
    const char *const extra[] = {"--create-rate", "0", "--hint-rate", "0", "--hint-rate-seat", "0", "--create-rate-total", "0", NULL};
    deadline_ms = tw_ts_now_ms() + 24LL * 3600 * 1000;
    table t = {0};
    t.fd = -1;
    t.rng = 4242u;
    t.buf = malloc(REPLY_LIMIT);
    char (*tokens)[64] = calloc((size_t)count, sizeof *tokens);
    int *picks = calloc((size_t)requests, sizeof *picks);
    if (!t.buf || !tokens || !picks || tw_ts_start_args(&server, db, NULL, extra) != 0) {
        fprintf(stderr, "loadtest: the server did not start (%s)\n", tw_ts_binary());
        return 2;
    }
    long long t0 = tw_ts_now_ms();
    for (int k = 0; k < TEMPLATES; k++)
        if (play_template(&t, k) != 0) {
            fprintf(stderr, "loadtest: could not play template game %d\n", k);
            return 1;
        }
    close(t.fd);
    t.fd = -1;
    tw_ts_stop(&server);
    if (copy_games(db, count) != 0)
        return 1;
    int have = stored_tokens(db, count - TEMPLATES, tokens);
    printf("loadtest --stored: %d games in %s (%d played through the API, %d copies) in %.1f s\n",
           have + TEMPLATES, db, TEMPLATES, have, (double)(tw_ts_now_ms() - t0) / 1000.0);
    for (int k = 0; k < requests; k++)
        picks[k] = (int)(((unsigned long)next_random(&t) << 15 | next_random(&t)) % (unsigned long)have);

    /* The restart: from starting the program to the first answer. */
    t0 = tw_ts_now_ms();
    if (tw_ts_start_args(&server, db, NULL, extra) != 0) {
        fprintf(stderr, "loadtest: the server did not start again\n");
        return 1;
    }
    long long serving = tw_ts_now_ms() - t0;
    long errors = random_states(&t, picks, 1, tokens, NULL);
    long long first = tw_ts_now_ms() - t0;
    printf("restart: serving after %lld ms, first state request (a stored game) answered after %lld ms\n",
           serving, first);
    printf("  %s\n", strchr(server.banner, '\n') ? strchr(server.banner, '\n') + 1 : "");
    samples cold = {0}, warm = {0};
    long rss0 = server_rss_kib();
    errors += random_states(&t, picks, requests, tokens, &cold);
    errors += random_states(&t, picks, requests, tokens, &warm);
    printf("server memory (VmRSS): %ld KiB after the first request, %ld KiB with %d games loaded\n", rss0,
           server_rss_kib(), requests);
    print_latency("state requests, first on each game (loaded from the store)", &cold);
    print_latency("state requests, again (in memory)", &warm);
    printf("errors: %ld\n", errors);
    close(t.fd);
    int stopped = tw_ts_stop(&server);
    static const char *const suffixes[] = {"", "-wal", "-shm", ".lock", ".log"};
    for (int i = 0; i < 5; i++) {
        char path[300];
        snprintf(path, sizeof path, "%s%s", db, suffixes[i]);
        unlink(path);
    }
    rmdir(folder);
    free(t.buf);
    free(tokens);
    free(picks);
    int ok = errors == 0 && stopped == 0;
    printf("%s\n", ok ? "loadtest --stored: passed" : "loadtest --stored: FAILED");
    return ok ? 0 : 1;
}

/* Reads a whole-number option value. */
static int option(int argc, char **argv, const char *name, int fallback)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return atoi(argv[i + 1]);
    return fallback;
}

/* Runs the load test; see the comment at the top. */
int main(int argc, char **argv)
{
    int seconds = option(argc, argv, "--seconds", 20);
    int tables = option(argc, argv, "--tables", 8);
    int streams = option(argc, argv, "--streams", 2000);
    int hinters = option(argc, argv, "--hinters", 0);
    int slow = option(argc, argv, "--slow", 0);
    int stored = option(argc, argv, "--stored", 0);
    if (stored)
        return stored_main(stored, option(argc, argv, "--requests", 2000));
    if (seconds < 1 || tables < 1 || tables > MAX_TABLES || streams < 0 || hinters < 0 || hinters > MAX_TABLES ||
        slow < 0) {
        fprintf(stderr, "usage: loadtest [--seconds N] [--tables 1-%d] [--streams N] [--hinters 0-%d] [--slow N]\n",
                MAX_TABLES, MAX_TABLES);
        return 2;
    }
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl); /* the server inherits it */
    }
    char folder[] = "/tmp/trickwood-load-XXXXXX";
    if (!mkdtemp(folder)) {
        perror("loadtest: mkdtemp");
        return 2;
    }
    char db[1200], conns[16], per_client[16], stream_cap[16];
    snprintf(db, sizeof db, "%s/load.db", folder);
    /* under TW_TEST_PG=URI, a fresh PostgreSQL schema instead of the file */
    const char *target = tw_ts_fresh_db(db);
    if (target != db)
        snprintf(db, sizeof db, "%s", target);
    /* Every idle stream and every table's own is allowed, and the
     * server keeps a quarter of the connections from streams: room. */
    int stream_room = streams + tables + 10;
    snprintf(conns, sizeof conns, "%d", stream_room * 4 / 3 + slow + tables + hinters + 200);
    snprintf(per_client, sizeof per_client, "%d", stream_room * 4 / 3 + slow + tables + hinters + 100);
    snprintf(stream_cap, sizeof stream_cap, "%d", stream_room);
    const char *const extra[] = {"--max-connections", conns, "--max-per-client", per_client, "--max-streams",
                                 stream_cap, "--max-streams-per-client", stream_cap, "--create-rate", "0",
                                 "--hint-rate", "0", "--hint-rate-seat", "0", "--create-rate-total", "0", NULL};
    if (tw_ts_start_args(&server, db, NULL, extra) != 0) {
        fprintf(stderr, "loadtest: the server did not start (%s)\n", tw_ts_binary());
        return 2;
    }
    printf("loadtest: %s serve on port %d, database %s\n", tw_ts_binary(), server.port, db);
    printf("  --max-connections %s --max-per-client %s --max-streams %s --max-streams-per-client %s --create-rate 0 "
           "--hint-rate 0 --hint-rate-seat 0 --create-rate-total 0\n",
           conns, per_client, stream_cap, stream_cap);

    /* Idle event streams, STREAMS_PER_GAME on each of a few games. */
    int *stream_fd = calloc((size_t)streams + 1, sizeof *stream_fd);
    int open_streams = 0, stream_errors = 0;
    char id[32] = "", token[64] = "";
    long long t0 = tw_ts_now_ms();
    for (int i = 0; i < streams; i++) {
        if (i % STREAMS_PER_GAME == 0) {
            json_t *r = NULL;
            if (tw_ts_json(&server, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", &r) != 201) {
                fprintf(stderr, "loadtest: could not create a game for the event streams\n");
                return 1;
            }
            snprintf(id, sizeof id, "%s", json_string_value(json_object_get(r, "id")));
            snprintf(token, sizeof token, "%s", json_string_value(json_object_get(r, "token")));
            json_decref(r);
        }
        stream_fd[i] = open_stream(id, token);
        if (stream_fd[i] >= 0)
            open_streams++;
        else
            stream_errors++;
    }
    printf("  %d idle event streams open from 127.0.0.2 in %.1f s (%d refused)\n", open_streams,
           (double)(tw_ts_now_ms() - t0) / 1000.0, stream_errors);

    slow_flood slow_requests = {slow, calloc((size_t)slow + 1, sizeof(int)), 0, 0, 0, 0};
    for (int i = 0; i < slow; i++)
        slow_requests.fd[i] = -1;
    pthread_t slow_thread;
    if (slow > 0) {
        refill_slow(&slow_requests);
        printf("  %ld half-sent requests open from 127.0.0.2 (%ld refused), opened again when closed\n",
               slow_requests.opened, slow_requests.refused);
        pthread_create(&slow_thread, NULL, slow_main, &slow_requests);
    }

    hint_flood flood = {0};
    pthread_t hint_threads[MAX_TABLES];
    if (hinters > 0 && hint_table(&flood) != 0) {
        fprintf(stderr, "loadtest: could not create the table for hints\n");
        return 1;
    }
    for (int i = 0; i < hinters; i++)
        pthread_create(&hint_threads[i], NULL, hint_main, &flood);

    table *all = calloc((size_t)tables, sizeof *all);
    pthread_t threads[MAX_TABLES];
    deadline_ms = tw_ts_now_ms() + seconds * 1000LL;
    for (int i = 0; i < tables; i++) {
        all[i].index = i;
        all[i].fox = i % 2;
        all[i].fd = -1;
        all[i].rng = 12345u + (unsigned)i * 7919u;
        all[i].buf = malloc(REPLY_LIMIT);
        if (!all[i].buf)
            return 2;
        pthread_create(&threads[i], NULL, table_main, &all[i]);
    }
    for (int i = 0; i < tables; i++)
        pthread_join(threads[i], NULL);
    __atomic_store_n(&flood.stop, 1, __ATOMIC_SEQ_CST);
    for (int i = 0; i < hinters; i++)
        pthread_join(hint_threads[i], NULL);
    __atomic_store_n(&slow_requests.stop, 1, __ATOMIC_SEQ_CST);
    if (slow > 0)
        pthread_join(slow_thread, NULL);

    /* The streams must still be open: nothing the server said ended them. */
    int still_open = 0;
    for (int i = 0; i < streams; i++) {
        if (stream_fd[i] < 0)
            continue;
        struct pollfd p = {stream_fd[i], POLLIN, 0};
        char junk[4096];
        int alive = 1;
        while (poll(&p, 1, 0) > 0) {
            ssize_t n = read(stream_fd[i], junk, sizeof junk);
            if (n <= 0) {
                alive = 0;
                break;
            }
        }
        still_open += alive;
        close(stream_fd[i]);
    }

    samples act = {0}, state = {0}, create = {0};
    long actions = 0, errors = stream_errors;
    int games = 0, finished_ok = 0;
    for (int i = 0; i < tables; i++) {
        for (int k = 0; k < all[i].act.count; k++)
            add_sample(&act, all[i].act.ms[k]);
        for (int k = 0; k < all[i].state.count; k++)
            add_sample(&state, all[i].state.ms[k]);
        for (int k = 0; k < all[i].create.count; k++)
            add_sample(&create, all[i].create.ms[k]);
        actions += all[i].actions;
        errors += all[i].errors;
        for (int k = 0; k < all[i].game_count; k++) {
            games++;
            finished_ok += check_game(&all[i].games[k]) == 0;
            json_decref(all[i].games[k].actions);
        }
        free(all[i].act.ms);
        free(all[i].state.ms);
        free(all[i].create.ms);
        free(all[i].games);
        free(all[i].buf);
    }
    qsort(act.ms, (size_t)act.count, sizeof *act.ms, by_value);
    qsort(state.ms, (size_t)state.count, sizeof *state.ms, by_value);
    qsort(create.ms, (size_t)create.count, sizeof *create.ms, by_value);
    printf("  %d tables (%d For Northwood!, %d Duet with a rule bot) for %d s\n", tables, (tables + 1) / 2,
           tables / 2, seconds);
    printf("actions: %ld (%.0f/s), latency p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", actions,
           (double)actions / seconds, quantile(&act, 0.5), quantile(&act, 0.99),
           act.count ? act.ms[act.count - 1] : 0.0);
    printf("state requests: %d, latency p50 %.2f ms, p99 %.2f ms\n", state.count, quantile(&state, 0.5),
           quantile(&state, 0.99));
    printf("games created: %d, latency p50 %.2f ms, p99 %.2f ms\n", create.count, quantile(&create, 0.5),
           quantile(&create, 0.99));
    if (hinters > 0)
        printf("hints from %d threads: %ld answered, %ld refused as busy, %ld errors\n", hinters, flood.answered,
               flood.busy, flood.errors);
    errors += flood.errors;
    if (slow > 0)
        printf("half-sent requests: %d held, %ld opened in all, %ld closed by the server's timeout, %ld refused\n",
               slow, slow_requests.opened, slow_requests.closed_by_server, slow_requests.refused);
    printf("event streams: %d of %d still open at the end\n", still_open, open_streams);
    printf("errors: %ld\n", errors);
    printf("games: %d played, %d checked against their records by replay, %d failed\n", games, finished_ok,
           games - finished_ok);
    free(act.ms);
    free(state.ms);
    free(create.ms);
    free(stream_fd);
    free(slow_requests.fd);
    free(all);
    int stopped = tw_ts_stop(&server);
    char path[300];
    static const char *const suffixes[] = {"", "-wal", "-shm", ".lock", ".log"};
    for (int i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s%s", db, suffixes[i]);
        unlink(path);
    }
    rmdir(folder);
    int ok = errors == 0 && finished_ok == games && still_open == open_streams && stopped == 0;
    printf("%s\n", ok ? "loadtest: passed" : "loadtest: FAILED");
    return ok ? 0 : 1;
}
