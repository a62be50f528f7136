/* The engine in the page: the server's JSON API (docs/web-api.md) run by
 * WebAssembly inside the browser's Web Worker (web/js/worker.js), with no
 * HTTP and no Trickwood server behind it. The same endpoints, router and
 * storage code as `trickwood serve` answer, so the web app sees the same
 * replies from either back end; only the carrier differs:
 *
 *   - requests come as (method, URL with its query, seat token, body)
 *     from tw_wasm_request and go through tw_srv_route;
 *   - the database is an SQLite file in the worker's memory file system,
 *     which the worker copies to the browser's IndexedDB after every
 *     change and writes back before tw_wasm_open on the next visit;
 *   - there are no threads: hints and bots run in the calling thread
 *     (no worker pool), which is the Web Worker, never the page's own;
 *   - there are no rate limits and no event streams: one browser is the
 *     only client, and bots move inside the request that wakes them.
 *
 * The data files (characters, boards) are packed with the module under
 * /data, where TW_DATA_DIR points in this build. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include "server/server.h"

/* Longest URL accepted, its query included. */
#define WASM_URL_MAX 2048
/* Query arguments kept at most. */
#define WASM_QUERY_MAX 16

/* The one server of the page, its last reply's status and its last
 * error message. */
static tw_srv *page_srv;
static int last_status;
static char last_error[600];

/* A request's query, split into decoded name=value pairs. */
typedef struct {
    char text[WASM_URL_MAX];
    const char *names[WASM_QUERY_MAX];
    const char *values[WASM_QUERY_MAX];
    int count;
} query_args;

/* Splits "a=1&b=2" (written over) into the query's pairs. */
static void parse_query(query_args *q, const char *query)
{
    snprintf(q->text, sizeof q->text, "%s", query);
    q->count = 0;
    char *p = q->text;
    while (*p && q->count < WASM_QUERY_MAX) {
        char *end = strchr(p, '&');
        if (end)
            *end = '\0';
        char *eq = strchr(p, '=');
        if (eq)
            *eq = '\0';
        tw_srv_unescape(p, 1);
        q->names[q->count] = p;
        if (eq)
            tw_srv_unescape(eq + 1, 1);
        q->values[q->count] = eq ? eq + 1 : "";
        q->count++;
        if (!end)
            break;
        p = end + 1;
    }
}

/* The router's lookup of a query argument (the first of that name). */
static const char *query_value(void *ctx, const char *name)
{
    const query_args *q = ctx;
    for (int i = 0; i < q->count; i++)
        if (strcmp(q->names[i], name) == 0)
            return q->values[i];
    return NULL;
}

/* Whether SQLite finds the database sound (PRAGMA quick_check): a file
 * damaged in the browser's storage is caught at opening, before a game
 * is played on it. The reason goes to last_error. */
static int store_sound(tw_sql *db)
{
    tw_sql_stmt *st = tw_sql_prepare(db, "PRAGMA quick_check");
    int ok = 0;
    if (st && tw_sql_step(st) == TW_SQL_ROW) {
        const char *verdict = tw_sql_column_text(st, 0);
        ok = verdict && strcmp(verdict, "ok") == 0;
        if (!ok)
            snprintf(last_error, sizeof last_error, "the saved games are damaged: %s", verdict ? verdict : "?");
    } else {
        snprintf(last_error, sizeof last_error, "the saved games cannot be read: %s", tw_sql_error(db));
    }
    tw_sql_finalize(st);
    return ok;
}

/* Opens the page's server on the database at db_path (created when
 * missing). Returns 0, or -1 with the reason in tw_wasm_error(). */
EMSCRIPTEN_KEEPALIVE int tw_wasm_open(const char *db_path)
{
    if (page_srv)
        return 0;
    tw_srv *srv = calloc(1, sizeof *srv);
    if (!srv) {
        snprintf(last_error, sizeof last_error, "out of memory");
        return -1;
    }
    tw_srv_limits_default(&srv->limits);
    /* A browser keeps its own games: nothing is archived behind its back. */
    srv->limits.archive_days = 0;
    srv->limits.unjoined_days = 0;
    srv->quiet = 1;
    if (tw_srv_init(srv, last_error, sizeof last_error) != 0 ||
        tw_srv_store_open(&srv->store, db_path, last_error, sizeof last_error) != 0) {
        tw_srv_free(srv);
        free(srv);
        return -1;
    }
    if (!store_sound(srv->store.db)) {
        tw_srv_store_close(&srv->store);
        tw_srv_free(srv);
        free(srv);
        return -1;
    }
    page_srv = srv;
    return 0;
}

/* Closes the server (the worker then may replace the database file and
 * open it again). */
EMSCRIPTEN_KEEPALIVE void tw_wasm_close(void)
{
    if (!page_srv)
        return;
    tw_srv_free(page_srv);
    tw_srv_store_close(&page_srv->store);
    free(page_srv);
    page_srv = NULL;
}

/* Answers one API request: method ("GET", "POST"...), url ("/api/...",
 * with its query), token (the seat's, or NULL) and body (JSON text, or
 * NULL). Returns the reply's JSON text, to free with tw_wasm_free; its
 * HTTP status is then tw_wasm_status(). */
EMSCRIPTEN_KEEPALIVE char *tw_wasm_request(const char *method, const char *url, const char *token, const char *body)
{
    tw_srv_reply reply;
    if (!page_srv) {
        reply = tw_srv_error(503, "unavailable", "the engine is not open: %s", last_error);
    } else if (!method || !url || strlen(url) >= WASM_URL_MAX) {
        reply = tw_srv_error(414, "too_long", "the request's address is longer than %d characters", WASM_URL_MAX - 1);
    } else {
        char path[WASM_URL_MAX];
        snprintf(path, sizeof path, "%s", url);
        query_args *q = malloc(sizeof *q);
        char *mark = strchr(path, '?');
        if (mark)
            *mark = '\0';
        tw_srv_unescape(path, 0);
        if (!q) {
            reply = tw_srv_error(500, "internal", "out of memory");
        } else {
            parse_query(q, mark ? mark + 1 : "");
            size_t size = body ? strlen(body) : 0;
            tw_srv_request rq = {
                .method = method,
                .path = path,
                .token = token && *token ? token : query_value(q, "token"),
                .query = query_value,
                .query_ctx = q,
                .body = body,
                .body_size = size > TW_SRV_MAX_BODY ? 0 : size,
                .body_too_large = size > TW_SRV_MAX_BODY,
            };
            tw_srv_game *events = NULL;
            reply = tw_srv_route(page_srv, &rq, &events);
            if (events) {
                tw_srv_release(page_srv, events);
                reply = tw_srv_error(404, "not_found",
                                     "event streams need the Trickwood server; this page has every seat itself");
            }
            free(q);
        }
    }
    char *text = tw_srv_reply_text(&reply);
    last_status = reply.status;
    return text;
}

/* The HTTP status of the last reply of tw_wasm_request. */
EMSCRIPTEN_KEEPALIVE int tw_wasm_status(void)
{
    return last_status;
}

/* Why the last tw_wasm_open failed. */
EMSCRIPTEN_KEEPALIVE const char *tw_wasm_error(void)
{
    return last_error;
}

/* Frees a reply of tw_wasm_request. */
EMSCRIPTEN_KEEPALIVE void tw_wasm_free(char *text)
{
    free(text);
}
