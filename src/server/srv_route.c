/* The API's router: turns one request (method, path, query, seat token,
 * body), whatever carried it, into a call of its endpoint. libmicrohttpd's
 * handler (srv_http.c) and the page's own engine (src/wasm/) both route
 * through here, so the browser app gets the same answers from either. */
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

/* Splits "/api/a/b/c" into at most max segments after "/api/". Returns
 * the count, or -1 when there are more or one is empty or too long. */
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

/* The POST endpoints of a game. */
typedef enum { GAME_JOIN, GAME_BOT, GAME_ACTIONS, GAME_UNDO } game_post;

tw_srv_reply tw_srv_route(tw_srv *srv, const tw_srv_request *rq, tw_srv_game **events)
{
    const char *url = rq->path, *method = rq->method;
    *events = NULL;
    if (strncmp(url, "/api/", 5) != 0)
        return tw_srv_error(404, "not_found", "no such API endpoint");
    char seg[6][64];
    int n = split_api(url, seg, 6);
    int is_get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    int is_post = strcmp(method, "POST") == 0;
    tw_srv_reply reply;
    if (n >= 1 && strcmp(seg[0], "games") == 0) {
        if (n == 1) {
            if (!is_post)
                return tw_srv_wrong_method(method, "POST");
            json_t *body = parse_body(rq, &reply);
            if (!body)
                return reply;
            reply = tw_srv_create(srv, body);
            json_decref(body);
            return reply;
        }
        const char *what = n >= 3 ? seg[2] : "";
        int post_route = -1, get_route = -1;
        if (n == 3 && strcmp(what, "join") == 0)
            post_route = GAME_JOIN;
        else if (n == 5 && strcmp(what, "seat") == 0 && strcmp(seg[4], "bot") == 0)
            post_route = GAME_BOT;
        else if (n == 3 && strcmp(what, "actions") == 0)
            post_route = GAME_ACTIONS;
        else if (n == 3 && strcmp(what, "undo") == 0)
            post_route = GAME_UNDO;
        else if (n == 3 && (strcmp(what, "state") == 0 || strcmp(what, "events") == 0 || strcmp(what, "hint") == 0 ||
                            strcmp(what, "analysis") == 0))
            get_route = 1;
        else
            return tw_srv_error(404, "not_found", "no such API endpoint");
        if (post_route >= 0 && !is_post)
            return tw_srv_wrong_method(method, "POST");
        if (get_route >= 0 && !is_get)
            return tw_srv_wrong_method(method, "GET, HEAD");
        json_t *body = NULL;
        if (post_route >= 0 && !(body = parse_body(rq, &reply)))
            return reply;
        int archived = 0;
        tw_srv_game *g = tw_srv_find(srv, seg[1], &archived);
        if (!g) {
            json_decref(body);
            if (archived)
                return tw_srv_archived(seg[1]);
            return tw_srv_error(404, "not_found", "no game has the id \"%.40s\"", seg[1]);
        }
        const char *token = rq->token;
        if (post_route == GAME_JOIN)
            reply = tw_srv_join(srv, g, body);
        else if (post_route == GAME_BOT)
            reply = tw_srv_seat_bot(srv, g, strcmp(seg[3], "1") == 0 ? 1 : strcmp(seg[3], "0") == 0 ? 0 : -1, token,
                                    body);
        else if (post_route == GAME_ACTIONS)
            reply = tw_srv_act(srv, g, token, body);
        else if (post_route == GAME_UNDO)
            reply = tw_srv_undo(srv, g, token, body);
        else if (strcmp(what, "state") == 0)
            reply = tw_srv_state(srv, g, token);
        else if (strcmp(what, "hint") == 0) {
            const char *step = query_arg(rq, "step");
            reply = step ? tw_srv_game_hint_at(srv, g, token, step) : tw_srv_hint(srv, g, token);
        } else if (strcmp(what, "analysis") == 0)
            reply = tw_srv_game_analysis(srv, g, token);
        else {
            *events = g; /* the stream holds the game from here */
            reply = tw_srv_ok(200, NULL);
        }
        if (!*events)
            tw_srv_release(srv, g);
        json_decref(body);
        return reply;
    }
    if (n == 2 && strcmp(seg[0], "history") == 0 && strcmp(seg[1], "import") == 0) {
        if (!is_post)
            return tw_srv_wrong_method(method, "POST");
        json_t *body = parse_body(rq, &reply);
        if (!body)
            return reply;
        reply = tw_srv_history_import(srv, body);
        json_decref(body);
        return reply;
    }
    if (n >= 1 && strcmp(seg[0], "history") == 0 && n <= 3 &&
        (n != 3 || strcmp(seg[2], "replay") == 0 || strcmp(seg[2], "analysis") == 0 || strcmp(seg[2], "hint") == 0)) {
        if (!is_get)
            return tw_srv_wrong_method(method, "GET, HEAD");
        if (n == 1)
            return tw_srv_history_list(srv, query_arg(rq, "game"), query_arg(rq, "limit"));
        if (n == 2 && strcmp(seg[1], "totals") == 0)
            return tw_srv_history_totals_reply(srv, query_arg(rq, "game"));
        if (n == 2)
            return tw_srv_history_game(srv, seg[1]);
        const char *step = query_arg(rq, "step");
        if (strcmp(seg[2], "analysis") == 0)
            return tw_srv_history_analysis(srv, seg[1]);
        if (strcmp(seg[2], "hint") == 0)
            return tw_srv_history_hint(srv, seg[1], step);
        return tw_srv_history_replay(srv, seg[1], step);
    }
    return tw_srv_error(404, "not_found", "no such API endpoint");
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
