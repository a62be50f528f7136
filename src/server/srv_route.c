/* The API's router: one table of (path pattern, method, handler) turns
 * one request (method, path, query, seat token, body), whatever carried
 * it, into a call of its endpoint. libmicrohttpd's handler (srv_http.c)
 * and the page's own engine (src/wasm/) both route through here, so the
 * browser app gets the same answers from either; the rate limits count
 * what the same match of the path names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

/* A 405 reply naming the methods the path takes. */
tw_srv_reply tw_srv_wrong_method(const char *method, const char *allow)
{
    tw_srv_reply r = tw_srv_error(405, "method_not_allowed", "%.16s is not allowed here; use %s", method, allow);
    r.allow = allow;
    return r;
}

/* Parses a request body as JSON (the endpoints then check its members). */
json_t *tw_srv_parse_body(const char *data, size_t size, tw_srv_reply *reply)
{
    if (size == 0) {
        *reply = tw_srv_error(400, "bad_json", "the request body is empty; a JSON object is expected");
        return NULL;
    }
    json_error_t err;
    json_t *body = json_loadb(data, size, JSON_REJECT_DUPLICATES, &err);
    if (!body)
        *reply = tw_srv_error(400, "bad_json", "the request body is not valid JSON: %s (line %d, column %d)", err.text,
                              err.line, err.column);
    return body;
}

/* Parses the request body as JSON; on failure *reply is set. */
static json_t *parse_body(const tw_srv_request *rq, tw_srv_reply *reply)
{
    if (rq->body_too_large) {
        *reply = tw_srv_error(413, "too_large", "the request body is larger than %d bytes", TW_SRV_MAX_BODY);
        return NULL;
    }
    return tw_srv_parse_body(rq->body, rq->body_size, reply);
}

/* A query argument of the request, or NULL. */
static const char *query_arg(const tw_srv_request *rq, const char *name)
{
    return rq->query ? rq->query(rq->query_ctx, name) : NULL;
}

/* Splits "/api/a/b/c" into its segments after "/api/": the path's one
 * normalisation, which routing and the rate limits both read. A final
 * slash is dropped ("/api/games/ID/hint/" is "/api/games/ID/hint");
 * any other empty segment, a segment of 64 bytes or more, or more than
 * TW_SRV_ROUTE_SEGMENTS segments make a path that names no endpoint.
 * Returns the count, or -1. */
static int split_api(const char *url, char seg[][64], int max)
{
    const char *p = url + 5; /* after "/api/" */
    int n = 0;
    while (*p) {
        const char *end = strchr(p, '/');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == 0 && !end)
            break; /* a final slash */
        if (len == 0 || len >= 64 || n == max)
            return -1;
        memcpy(seg[n], p, len);
        seg[n][len] = '\0';
        n++;
        if (!end)
            break;
        p = end + 1;
    }
    return n;
}

/* ---- The table ------------------------------------------------------------------ */

/* One call of a route's handler: the request, its segments, the game
 * named by segment 1 (held) and the parsed body, as the route asks. */
typedef struct {
    tw_srv *srv;
    const tw_srv_request *rq;
    const tw_srv_match *m;
    tw_srv_game *game;
    json_t *body;
} route_call;

/* What a route needs before its handler runs. */
enum {
    ROUTE_BODY = 1,  /* a JSON body (400 bad_json, 413 too_large before the handler) */
    ROUTE_GAME = 2,  /* segment 1 names a game (404, or 410 when archived, before the handler) */
    ROUTE_EVENTS = 4 /* the reply is the game's event stream, which keeps the game held */
};

/* One route: its path pattern (segments after /api/, "*" for any one
 * segment), its method ("GET" takes HEAD too), what it needs, what it
 * counts against, and its handler. */
typedef struct {
    const char *pattern;
    const char *method;
    unsigned needs;
    tw_srv_count count;
    tw_srv_reply (*handler)(route_call *c);
} route;

/* POST /api/games: a new game. */
static tw_srv_reply route_create(route_call *c)
{
    return tw_srv_create(c->srv, c->body);
}

/* POST /api/games/ID/join: seat 1 for the join code. */
static tw_srv_reply route_join(route_call *c)
{
    return tw_srv_join(c->srv, c->game, c->body);
}

/* POST /api/games/ID/seat/N/bot: seat N (only 1) to a bot. */
static tw_srv_reply route_seat_bot(route_call *c)
{
    const char *n = c->m->seg[3];
    int seat = strcmp(n, "1") == 0 ? 1 : strcmp(n, "0") == 0 ? 0 : -1;
    return tw_srv_seat_bot(c->srv, c->game, seat, c->rq->token, c->body);
}

/* POST /api/games/ID/actions: an action of the token's seat. */
static tw_srv_reply route_act(route_call *c)
{
    return tw_srv_act(c->srv, c->game, c->rq->token, c->body);
}

/* POST /api/games/ID/undo: takes back the seat's last decision. */
static tw_srv_reply route_undo(route_call *c)
{
    return tw_srv_undo(c->srv, c->game, c->rq->token, c->body);
}

/* GET /api/games/ID/state: the seat's view. */
static tw_srv_reply route_state(route_call *c)
{
    return tw_srv_state(c->srv, c->game, c->rq->token);
}

/* GET /api/games/ID/events: the event stream (carried by srv_http.c). */
static tw_srv_reply route_events(route_call *c)
{
    (void)c;
    return tw_srv_ok(200, NULL);
}

/* GET /api/games/ID/hint[?step=K]: a hint now, or at step K. */
static tw_srv_reply route_hint(route_call *c)
{
    const char *step = query_arg(c->rq, "step");
    return step ? tw_srv_game_hint_at(c->srv, c->game, c->rq->token, step) : tw_srv_hint(c->srv, c->game, c->rq->token);
}

/* GET /api/games/ID/analysis: the seat's decisions judged. */
static tw_srv_reply route_game_analysis(route_call *c)
{
    return tw_srv_game_analysis(c->srv, c->game, c->rq->token);
}

/* POST /api/history/import: a finished game's record into the history. */
static tw_srv_reply route_import(route_call *c)
{
    return tw_srv_history_import(c->srv, c->body);
}

/* GET /api/history[?game=G&limit=N]: the finished games. */
static tw_srv_reply route_history(route_call *c)
{
    return tw_srv_history_list(c->srv, query_arg(c->rq, "game"), query_arg(c->rq, "limit"));
}

/* GET /api/history/totals[?game=G]: the totals. */
static tw_srv_reply route_totals(route_call *c)
{
    return tw_srv_history_totals_reply(c->srv, query_arg(c->rq, "game"));
}

/* GET /api/history/ID: one finished game. */
static tw_srv_reply route_history_game(route_call *c)
{
    return tw_srv_history_game(c->srv, c->m->seg[1]);
}

/* GET /api/history/ID/replay?step=K: a finished game at step K. */
static tw_srv_reply route_replay(route_call *c)
{
    return tw_srv_history_replay(c->srv, c->m->seg[1], query_arg(c->rq, "step"));
}

/* POST /api/history/ID/notes: a note on a step of a finished game. */
static tw_srv_reply route_history_note(route_call *c)
{
    return tw_srv_history_note(c->srv, c->m->seg[1], c->body);
}

/* POST /api/records/replay: a step of a record sent whole (a shared link). */
static tw_srv_reply route_record_replay(route_call *c)
{
    return tw_srv_record_replay(c->srv, c->body);
}

/* GET /api/history/ID/analysis: every decision of a finished game. */
static tw_srv_reply route_history_analysis(route_call *c)
{
    return tw_srv_history_analysis(c->srv, c->m->seg[1]);
}

/* GET /api/history/ID/hint?step=K: a hint at step K of a finished game. */
static tw_srv_reply route_history_hint(route_call *c)
{
    return tw_srv_history_hint(c->srv, c->m->seg[1], query_arg(c->rq, "step"));
}

/* GET /api/rules/GAME: a game's rules in both languages and its card list
 * (GAME: its key, "northwood" or "fox", or its record name). */
static tw_srv_reply route_rules(route_call *c)
{
    const char *name = c->m->seg[1];
    const tw_game *g = tw_game_find(name);
    if (!g)
        g = tw_game_find_record_name(name);
    if (!g) {
        const char *keys[8];
        int n = 0;
        for (int i = 0; i < tw_game_count && n < 8; i++)
            keys[n++] = tw_games[i]->key;
        char names[160];
        tw_srv_quote_list(keys, n, " or ", names, sizeof names);
        return tw_srv_error(404, "not_found", "there are rules for %s only", names);
    }
    tw_diag diag;
    json_t *body = tw_game_rules_json(g, NULL, &diag);
    if (!body) {
        char why[700];
        tw_diag_format(&diag, why, sizeof why);
        return tw_srv_error(500, "internal", "the rules cannot be read: %s", why);
    }
    return tw_srv_ok(200, body);
}

/* GET /api/challenges: For Northwood!'s shipped challenges (a create
 * request's "challenge" takes their number). */
static tw_srv_reply route_challenges(route_call *c)
{
    (void)c;
    const tw_game *g = tw_game_find("northwood");
    tw_diag diag;
    tw_diag_init(&diag, "challenges");
    json_t *list = g && g->challenges_json ? g->challenges_json(&diag) : NULL;
    if (!list) {
        char why[700];
        tw_diag_format(&diag, why, sizeof why);
        return tw_srv_error(500, "internal", "the challenges cannot be read: %s", why);
    }
    return tw_srv_ok(200, json_pack("{s:s, s:o}", "game", "northwood", "challenges", list));
}

/* Every endpoint of the API (docs/web-api.md). The first pattern that
 * matches a path decides: another method gets 405 naming the route's. */
static const route ROUTES[] = {
    {"games", "POST", ROUTE_BODY, TW_SRV_COUNT_CREATE, route_create},
    {"games/*/join", "POST", ROUTE_BODY | ROUTE_GAME, TW_SRV_COUNT_NONE, route_join},
    {"games/*/seat/*/bot", "POST", ROUTE_BODY | ROUTE_GAME, TW_SRV_COUNT_NONE, route_seat_bot},
    {"games/*/actions", "POST", ROUTE_BODY | ROUTE_GAME, TW_SRV_COUNT_NONE, route_act},
    {"games/*/undo", "POST", ROUTE_BODY | ROUTE_GAME, TW_SRV_COUNT_NONE, route_undo},
    {"games/*/state", "GET", ROUTE_GAME, TW_SRV_COUNT_NONE, route_state},
    {"games/*/events", "GET", ROUTE_GAME | ROUTE_EVENTS, TW_SRV_COUNT_NONE, route_events},
    {"games/*/hint", "GET", ROUTE_GAME, TW_SRV_COUNT_HINT, route_hint},
    {"games/*/analysis", "GET", ROUTE_GAME, TW_SRV_COUNT_HINT, route_game_analysis},
    {"history/import", "POST", ROUTE_BODY, TW_SRV_COUNT_CREATE, route_import},
    {"history", "GET", 0, TW_SRV_COUNT_NONE, route_history},
    {"history/totals", "GET", 0, TW_SRV_COUNT_NONE, route_totals},
    {"history/*", "GET", 0, TW_SRV_COUNT_NONE, route_history_game},
    {"history/*/replay", "GET", 0, TW_SRV_COUNT_NONE, route_replay},
    {"history/*/analysis", "GET", 0, TW_SRV_COUNT_HINT, route_history_analysis},
    {"history/*/hint", "GET", 0, TW_SRV_COUNT_HINT, route_history_hint},
    {"history/*/notes", "POST", ROUTE_BODY, TW_SRV_COUNT_CREATE, route_history_note},
    {"records/replay", "POST", ROUTE_BODY, TW_SRV_COUNT_NONE, route_record_replay},
    {"rules/*", "GET", 0, TW_SRV_COUNT_NONE, route_rules},
    {"challenges", "GET", 0, TW_SRV_COUNT_NONE, route_challenges},
};
#define ROUTE_COUNT ((int)(sizeof ROUTES / sizeof ROUTES[0]))

/* Whether n segments match a route's pattern. */
static int pattern_matches(const char *pattern, char seg[][64], int n)
{
    int i = 0;
    const char *p = pattern;
    while (*p) {
        const char *end = strchr(p, '/');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (i == n)
            return 0;
        if (!(len == 1 && *p == '*') && (strlen(seg[i]) != len || memcmp(seg[i], p, len) != 0))
            return 0;
        i++;
        p = end ? end + 1 : p + len;
    }
    return i == n;
}

/* Whether method is the route's ("GET" takes "HEAD" too). */
static int method_matches(const route *r, const char *method)
{
    if (strcmp(r->method, "GET") == 0)
        return strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    return strcmp(method, r->method) == 0;
}

void tw_srv_route_match(const char *method, const char *path, tw_srv_match *m)
{
    m->route = -1;
    m->method_ok = 0;
    m->n = strncmp(path, "/api/", 5) == 0 ? split_api(path, m->seg, TW_SRV_ROUTE_SEGMENTS) : -1;
    for (int i = 0; m->n > 0 && i < ROUTE_COUNT && m->route < 0; i++)
        if (pattern_matches(ROUTES[i].pattern, m->seg, m->n)) {
            m->route = i;
            m->method_ok = method_matches(&ROUTES[i], method);
        }
}

tw_srv_count tw_srv_route_count(const tw_srv_match *m)
{
    return m->route >= 0 && m->method_ok ? ROUTES[m->route].count : TW_SRV_COUNT_NONE;
}

tw_srv_reply tw_srv_route_run(tw_srv *srv, const tw_srv_request *rq, const tw_srv_match *m, tw_srv_game **events)
{
    *events = NULL;
    if (m->route < 0)
        return tw_srv_error(404, "not_found", "no such API endpoint");
    const route *r = &ROUTES[m->route];
    if (!m->method_ok)
        return tw_srv_wrong_method(rq->method, strcmp(r->method, "GET") == 0 ? "GET, HEAD" : "POST");
    route_call c = {srv, rq, m, NULL, NULL};
    tw_srv_reply reply;
    if ((r->needs & ROUTE_BODY) && !(c.body = parse_body(rq, &reply)))
        return reply;
    if (r->needs & ROUTE_GAME) {
        int archived = 0;
        c.game = tw_srv_find(srv, m->seg[1], &archived);
        if (!c.game) {
            json_decref(c.body);
            if (archived)
                return tw_srv_archived(m->seg[1]);
            return tw_srv_error(404, "not_found", "no game has the id \"%.40s\"", m->seg[1]);
        }
    }
    reply = r->handler(&c);
    if (c.game && (r->needs & ROUTE_EVENTS))
        *events = c.game; /* the stream holds the game from here */
    else if (c.game)
        tw_srv_release(srv, c.game);
    json_decref(c.body);
    return reply;
}

tw_srv_reply tw_srv_route(tw_srv *srv, const tw_srv_request *rq, tw_srv_game **events)
{
    tw_srv_match m;
    tw_srv_route_match(rq->method, rq->path, &m);
    return tw_srv_route_run(srv, rq, &m, events);
}

char *tw_srv_reply_text(tw_srv_reply *r)
{
    char *text = r->text ? r->text : r->body ? json_dumps(r->body, JSON_COMPACT) : NULL;
    json_decref(r->body);
    r->body = NULL;
    r->text = NULL;
    if (!text) {
        r->status = 500;
        r->allow = NULL;
        text = strdup("{\"error\":\"the reply could not be built\",\"code\":\"internal\"}");
    }
    return text;
}
