/* libmicrohttpd glue: collects request bodies (at most 64 KiB), routes
 * /api/ paths to the endpoints, turns replies into JSON responses, serves
 * the web app's files and runs event streams. The daemon gives each
 * connection its own thread, so a waiting event stream never holds up
 * another request; streams wake at least once a second to notice a
 * shutdown or a client that went away. The daemon has no listening
 * socket: the front door (srv_front.c) accepts, checks each request head
 * and hands the connection over, and every reply closes its connection,
 * so each request passes that check. The limits (connections in all and
 * per client, timeouts, rates) come from srv->limits. */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server/server.h"

/* Bodies announced larger than this are refused before they are read;
 * smaller ones over the limit are read and dropped, then refused. */
#define EARLY_REFUSE_BYTES (1024 * 1024)
/* What pages served here may do (docs/server.md, security notes): their
 * own scripts, styles, images and API only, in no frame. */
#define CONTENT_SECURITY_POLICY                                                                             \
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " \
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

/* One request being received. */
typedef struct {
    tw_buf body;
    size_t received;
    int too_large;
    int replied; /* a reply was queued before the body was read */
    int started; /* the handler has seen the headers */
    long long started_ms; /* when (tw_mono_ms): the body must be whole within --body-time */
    tw_srv_match match; /* an /api/ path matched once, for the rate limits and routing */
    char body_client[TW_SRV_ADDRESS_TEXT]; /* a large body counted in srv->bodies under this address ("": none) */
} request_ctx;

/* The running server. */
struct tw_srv_http {
    struct MHD_Daemon *daemon;
    tw_srv_front *front;
};

/* ---- Replies ------------------------------------------------------------------- */

const char *const tw_srv_security_headers[TW_SRV_SECURITY_HEADERS][2] = {
    {"X-Content-Type-Options", "nosniff"},
    {"Referrer-Policy", "no-referrer"},
    {"Content-Security-Policy", CONTENT_SECURITY_POLICY},
    {"X-Frame-Options", "DENY"},
};

/* Adds the headers every response carries: the security headers, and
 * Connection: close (libmicrohttpd then closes the connection after the
 * reply, so the next request comes on a new connection, through the
 * front door's check). */
static void common_headers(struct MHD_Response *resp)
{
    for (int i = 0; i < TW_SRV_SECURITY_HEADERS; i++)
        MHD_add_response_header(resp, tw_srv_security_headers[i][0], tw_srv_security_headers[i][1]);
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
}

/* Sends a JSON reply and frees its body. */
static enum MHD_Result send_reply(struct MHD_Connection *c, tw_srv_reply r)
{
    char *text = tw_srv_reply_text(&r);
    if (!text)
        return MHD_NO;
    struct MHD_Response *resp = MHD_create_response_from_buffer(strlen(text), text, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(text);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    common_headers(resp);
    if (r.allow)
        MHD_add_response_header(resp, "Allow", r.allow);
    if (r.retry_after > 0) {
        char seconds[16];
        snprintf(seconds, sizeof seconds, "%d", r.retry_after);
        MHD_add_response_header(resp, "Retry-After", seconds);
    }
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)r.status, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* ---- Static files ------------------------------------------------------------ */

/* Sends a file of the web app, or a 404 JSON reply. */
static enum MHD_Result send_static(tw_srv *srv, struct MHD_Connection *c, const char *url)
{
    char path[2048];
    const char *type;
    if (tw_srv_static_path(srv, url, path, sizeof path, &type) != 0) {
        if (!srv->web_dir[0] && strcmp(url, "/") == 0)
            return send_reply(c, tw_srv_error(404, "not_found",
                                              "the web app's files were not found; start the server with --web DIR"));
        return send_reply(c, tw_srv_error(404, "not_found", "no such page"));
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        if (fd >= 0)
            close(fd);
        return send_reply(c, tw_srv_error(404, "not_found", "no such page"));
    }
    struct MHD_Response *resp = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
    if (!resp) {
        close(fd);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", type);
    MHD_add_response_header(resp, "Cache-Control", "no-cache");
    common_headers(resp);
    enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* The client's address as text (IPv4 or IPv6), the key of its limits. */
static void client_key(struct MHD_Connection *c, char *out, size_t size)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    tw_srv_address_text(info ? info->client_addr : NULL, out, size);
}

/* ---- Event streams -------------------------------------------------------------- */

/* One open event stream. */
typedef struct {
    tw_srv *srv;
    tw_srv_game *game;
    unsigned long seen;  /* the game's change count last announced */
    int started;
    int fd;              /* the connection's socket, to notice a client gone */
    char client[TW_SRV_ADDRESS_TEXT]; /* counted in srv->streams under this address ("": not counted) */
} sse_ctx;

/* Whether the client of an event stream closed its end (or the
 * connection failed): a look at the socket that takes nothing from it. */
static int client_gone(int fd)
{
    if (fd < 0)
        return 0;
    char b;
    ssize_t n = recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n == 0)
        return 1;
    return n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
}

/* Produces the next piece of an event stream: an update when the game
 * changed, a comment every TW_SRV_PING_SECONDS (or half the connection
 * timeout when that is shorter, so a quiet stream is never timed out),
 * the end on shutdown or when the client went away. */
static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    sse_ctx *s = cls;
    tw_srv_game *g = s->game;
    unsigned ping = s->srv->limits.timeout / 2;
    long long deadline =
        tw_mono_ms() + 1000LL * (ping < 1 ? 1 : ping < TW_SRV_PING_SECONDS ? ping : TW_SRV_PING_SECONDS);
    int gone = 0;
    pthread_mutex_lock(&g->lock);
    while (s->started && g->changes == s->seen && !g->archived && !atomic_load(&s->srv->stopping)) {
        long long left = deadline - tw_mono_ms();
        if (left <= 0)
            break;
        /* wake every second to notice a shutdown (g->changed waits on
         * the monotonic clock: tw_srv_cond_init) */
        struct timespec until = tw_srv_mono_after(left < 1000 ? left : 1000);
        pthread_cond_timedwait(&g->changed, &g->lock, &until);
        if (client_gone(s->fd)) {
            gone = 1;
            break;
        }
    }
    int stopping = atomic_load(&s->srv->stopping) || (s->started && g->archived);
    int changed = !s->started || g->changes != s->seen;
    int version = g->match->count;
    s->seen = g->changes;
    pthread_mutex_unlock(&g->lock);
    if (gone)
        return MHD_CONTENT_READER_END_WITH_ERROR;
    if (stopping)
        return MHD_CONTENT_READER_END_OF_STREAM;
    int n;
    if (changed)
        n = snprintf(buf, max, "%sevent: update\ndata: {\"version\":%d}\n\n", s->started ? "" : "retry: 3000\n",
                     version);
    else
        n = snprintf(buf, max, ": ping\n\n");
    s->started = 1;
    return n > 0 && (size_t)n < max ? n : MHD_CONTENT_READER_END_WITH_ERROR;
}

/* Frees an event stream's context when the connection ends, and gives
 * its game back. */
static void sse_free(void *cls)
{
    sse_ctx *s = cls;
    if (s->client[0])
        tw_srv_tally_give(s->srv->streams, s->client);
    tw_srv_release(s->srv, s->game);
    free(s);
}

/* Opens an event stream for a seat of a game (held: the stream gives it
 * back when it ends); for HEAD, only its headers. */
static enum MHD_Result send_events(tw_srv *srv, struct MHD_Connection *c, tw_srv_game *g, const char *token,
                                   int head)
{
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    int archived = g->archived;
    pthread_mutex_unlock(&g->lock);
    if (seat < 0 || archived || head) {
        char id[sizeof g->id];
        memcpy(id, g->id, sizeof id);
        tw_srv_release(srv, g); /* g may be gone from here on */
        if (archived)
            return send_reply(c, tw_srv_archived(id));
    }
    if (seat < 0)
        return send_reply(c, tw_srv_error(403, "forbidden", "this token does not open a seat at this table"));
    struct MHD_Response *resp;
    if (head) {
        resp = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        if (!resp)
            return MHD_NO;
    } else {
        sse_ctx *s = calloc(1, sizeof *s);
        if (!s) {
            tw_srv_release(srv, g);
            return MHD_NO;
        }
        s->srv = srv;
        s->game = g;
        client_key(c, s->client, sizeof s->client);
        int full = srv->streams ? tw_srv_tally_take(srv->streams, s->client) : 0;
        if (full) {
            char client[TW_SRV_ADDRESS_TEXT];
            memcpy(client, s->client, sizeof client);
            s->client[0] = '\0'; /* not counted: nothing to give back */
            sse_free(s);
            const tw_srv_limits *l = &srv->limits;
            tw_srv_log_throttled("streams", "refused an event stream from %s: %s", client,
                                 full == 1 ? "its address is at --max-streams-per-client" : "--max-streams are open");
            tw_srv_reply r =
                full == 1 ? tw_srv_error(503, "too_many_streams",
                                         "too many event streams open from your address: at most %u; close a page "
                                         "of this game, or follow it without live updates",
                                         l->streams_per_client)
                          : tw_srv_error(503, "too_many_streams",
                                         "the server has as many event streams open as it takes (%u); try again "
                                         "in a moment",
                                         l->max_streams);
            r.retry_after = 5;
            return send_reply(c, r);
        }
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        s->fd = info ? info->connect_fd : -1;
        resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024, sse_read, s, sse_free);
        if (!resp) {
            sse_free(s);
            return MHD_NO;
        }
    }
    MHD_add_response_header(resp, "Content-Type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    MHD_add_response_header(resp, "X-Accel-Buffering", "no");
    common_headers(resp);
    enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* ---- Routing ------------------------------------------------------------------- */

/* "1 second", "12 seconds": a wait in words, for the rate limits'
 * messages. Returns out. */
static const char *seconds_text(int seconds, char *out, size_t size)
{
    snprintf(out, size, "%d second%s", seconds, seconds == 1 ? "" : "s");
    return out;
}

/* The seat token of a request: the Authorization header's bearer token,
 * else the token query argument. */
static const char *request_token(struct MHD_Connection *c)
{
    const char *auth = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
    if (auth && strncmp(auth, "Bearer ", 7) == 0)
        return auth + 7;
    return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
}

/* A query argument of the connection's request (the router's lookup). */
static const char *connection_query(void *ctx, const char *name)
{
    return MHD_lookup_connection_value(ctx, MHD_GET_ARGUMENT_KIND, name);
}

/* Runs an /api/ request received on c, matched when its headers came. */
static tw_srv_reply route_api(tw_srv *srv, struct MHD_Connection *c, const char *url, const char *method,
                              request_ctx *rq, tw_srv_game **events)
{
    tw_srv_request request = {
        .method = method,
        .path = url,
        .token = request_token(c),
        .query = connection_query,
        .query_ctx = c,
        .body = rq->body.data,
        .body_size = rq->received,
        .body_too_large = rq->too_large,
    };
    return tw_srv_route_run(srv, &request, &rq->match, events);
}

/* Checks made as soon as the headers are in, before any body is read: a
 * name the server does not answer to (Host), a state-changing request
 * from another site's page (Origin), and the rates of game creation and
 * hints per client. Returns 1 and the reply
 * when the request is refused. */
static int early_refusal(tw_srv *srv, struct MHD_Connection *c, const tw_srv_match *match, const char *method,
                         tw_srv_reply *out)
{
    int is_get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    char client[64];
    const char *named = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    if (!tw_srv_host_allowed(&srv->hosts, named)) {
        char names[600];
        tw_srv_hosts_text(&srv->hosts, names, sizeof names);
        client_key(c, client, sizeof client);
        *out = tw_srv_error(421, "unknown_host",
                            "this server does not answer to the name \"%.100s\" (the Host header): a page reached "
                            "through a name that is not the server's own is refused (DNS rebinding); the server's "
                            "owner can add a name with --allow-host NAME",
                            named);
        tw_srv_log_throttled("host", "refused a request for the host \"%.100s\" from %s: this server answers to %s "
                             "(add a name with --allow-host NAME)", named, client, names);
        return 1;
    }
    if (!is_get) {
        const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
        const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
        if (!tw_srv_origin_allowed(origin, host)) {
            *out = tw_srv_error(403, "forbidden",
                                "this request comes from a page of another site (Origin %.100s); only this "
                                "server's own pages may change games",
                                origin);
            return 1;
        }
    }
    /* new games and records imported into the history; hints and
     * analyses, of a game being played or from the history: as the
     * router's table says (the path matched once, as it is routed) */
    tw_srv_count count = tw_srv_route_count(match);
    int create = count == TW_SRV_COUNT_CREATE;
    if (count == TW_SRV_COUNT_NONE)
        return 0;
    client_key(c, client, sizeof client);
    /* a hint of a seat counts against that seat's own allowance first
     * (two players behind one router each have theirs), then against
     * the address's, which bounds what one address costs in all */
    const char *token = create ? NULL : request_token(c);
    if (token && *token) {
        char seat_key[96];
        snprintf(seat_key, sizeof seat_key, "seat %.80s", token);
        int seat_wait = tw_srv_rate_take(srv->seat_hint_rate, seat_key);
        if (seat_wait) {
            char after[32];
            *out = tw_srv_error(429, "rate_limited", "too many hints from this seat: at most %u a minute; try again in %s",
                                srv->limits.hints_per_seat, seconds_text(seat_wait, after, sizeof after));
            out->retry_after = seat_wait;
            tw_srv_log_throttled("rate-hint-seat", "refused a hint from %s: --hint-rate-seat", client);
            return 1;
        }
    }
    int wait = tw_srv_rate_take(create ? srv->create_rate : srv->hint_rate, client);
    /* beside each address's allowance, one for the whole server: many
     * addresses together cannot make the database grow without bound */
    int total = wait == 0 && create ? tw_srv_rate_take(srv->create_total, "all") : 0;
    char after[32];
    if (total) {
        *out = tw_srv_error(429, "rate_limited",
                            "too many new games on this server from every address together: at most %u a minute "
                            "in all; try again in %s",
                            srv->limits.create_total_per_minute, seconds_text(total, after, sizeof after));
        out->retry_after = total;
        tw_srv_log_throttled("rate-create-total", "refused a new game from %s: --create-rate-total", client);
        return 1;
    }
    if (wait == 0)
        return 0;
    *out = tw_srv_error(429, "rate_limited",
                        "too many %s from your address: at most %u a minute; try again in %s",
                        create ? "new games" : "hints",
                        create ? srv->limits.create_per_minute : srv->limits.hints_per_minute,
                        seconds_text(wait, after, sizeof after));
    out->retry_after = wait;
    tw_srv_log_throttled(create ? "rate-create" : "rate-hint", "refused %s from %s: rate limit",
                         create ? "a new game" : "a hint", client);
    return 1;
}

/* Counts a body too large for the front door to wait for (over
 * TW_SRV_FRONT_BODY) against --max-bodies and --max-bodies-per-client
 * while it comes in. 0 when counted (or none to count), else 1 and the
 * 503 reply in *out. */
static int take_body(tw_srv *srv, struct MHD_Connection *c, request_ctx *rq, const char *length, tw_srv_reply *out)
{
    if (!srv->bodies || !length || strtoull(length, NULL, 10) <= TW_SRV_FRONT_BODY)
        return 0;
    client_key(c, rq->body_client, sizeof rq->body_client);
    int full = tw_srv_tally_take(srv->bodies, rq->body_client);
    if (!full)
        return 0;
    tw_srv_log_throttled("bodies", "refused a request body from %s: %s", rq->body_client,
                         full == 1 ? "its address is at --max-bodies-per-client" : "--max-bodies are coming in");
    rq->body_client[0] = '\0'; /* not counted: nothing to give back */
    *out = full == 1 ? tw_srv_error(503, "too_many_bodies",
                                    "too many request bodies of over %d bytes coming in from your address: at most "
                                    "%u at once; try again when they are sent",
                                    TW_SRV_FRONT_BODY, srv->limits.bodies_per_client)
                     : tw_srv_error(503, "too_many_bodies",
                                    "the server is receiving as many request bodies of over %d bytes as it takes "
                                    "(%u); try again in a moment",
                                    TW_SRV_FRONT_BODY, srv->limits.max_bodies);
    out->retry_after = 5;
    return 1;
}

/* Gives back a request's large body count (once), when its body is in
 * or the request ends. */
static void give_body(tw_srv *srv, request_ctx *rq)
{
    if (rq->body_client[0])
        tw_srv_tally_give(srv->bodies, rq->body_client);
    rq->body_client[0] = '\0';
}

/* The access handler: called for headers, for each piece of the body,
 * then once more with nothing to read, when the reply is made. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls)
{
    (void)version;
    tw_srv *srv = cls;
    request_ctx *rq = *con_cls;
    if (!rq) {
        rq = calloc(1, sizeof *rq);
        if (!rq)
            return MHD_NO;
        *con_cls = rq;
    }
    if (!rq->started) {
        rq->started = 1;
        rq->started_ms = tw_mono_ms();
        tw_srv_route_match(method, url, &rq->match);
        tw_srv_reply early;
        if (early_refusal(srv, c, &rq->match, method, &early)) {
            rq->replied = 1;
            return send_reply(c, early);
        }
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length && strtoull(length, NULL, 10) > EARLY_REFUSE_BYTES) {
            rq->too_large = 1;
            rq->replied = 1;
            return send_reply(c, tw_srv_error(413, "too_large", "the request body is larger than %d bytes",
                                              TW_SRV_MAX_BODY));
        }
        if (take_body(srv, c, rq, length, &early)) {
            rq->replied = 1;
            return send_reply(c, early);
        }
        return MHD_YES;
    }
    if (*upload_data_size) {
        unsigned limit = srv->limits.body_seconds;
        if (limit && tw_mono_ms() - rq->started_ms > (long long)limit * 1000) {
            char client[64];
            client_key(c, client, sizeof client);
            tw_srv_log_throttled("body-time", "closed a request from %s: its body was not whole within %u seconds",
                                 client, limit);
            return MHD_NO; /* libmicrohttpd closes the connection */
        }
        if (rq->replied) {
            *upload_data_size = 0;
            return MHD_YES;
        }
        if (!rq->too_large && rq->received + *upload_data_size > TW_SRV_MAX_BODY) {
            rq->too_large = 1;
            tw_buf_free(&rq->body);
        }
        if (!rq->too_large)
            tw_buf_append(&rq->body, upload_data, *upload_data_size);
        rq->received += *upload_data_size;
        *upload_data_size = 0;
        return MHD_YES;
    }
    give_body(srv, rq); /* the body is in */
    if (rq->replied)
        return MHD_YES;
    if (rq->body.failed)
        return send_reply(c, tw_srv_error(500, "internal", "out of memory"));
    if (strncmp(url, "/api/", 5) == 0 || strcmp(url, "/api") == 0) {
        tw_srv_game *events = NULL;
        tw_srv_reply reply = strcmp(url, "/api") == 0 ? tw_srv_error(404, "not_found", "no such API endpoint")
                                                      : route_api(srv, c, url, method, rq, &events);
        if (events)
            return send_events(srv, c, events, request_token(c), strcmp(method, "HEAD") == 0);
        return send_reply(c, reply);
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return send_reply(c, tw_srv_wrong_method(method, "GET, HEAD"));
    return send_static(srv, c, url);
}

/* libmicrohttpd's unescaper: the URL and arguments, decoded in place
 * (tw_srv_unescape: %00 stays as text). */
static size_t unescape(void *cls, struct MHD_Connection *c, char *s)
{
    (void)cls;
    (void)c;
    return tw_srv_unescape(s, 0);
}

/* Frees a request's context when it is done. */
static void request_done(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode why)
{
    (void)c;
    (void)why;
    request_ctx *rq = *con_cls;
    if (rq) {
        give_body(cls, rq);
        tw_buf_free(&rq->body);
        free(rq);
        *con_cls = NULL;
    }
}

/* libmicrohttpd's own messages (refused connections, timeouts, bad
 * requests), each kind written at most once per interval. */
static void log_library(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    char line[400];
    vsnprintf(line, sizeof line, fmt, ap);
    char key[48];
    snprintf(key, sizeof key, "mhd:%.40s", fmt);
    tw_srv_log_throttled(key, "%s", line);
}

/* libmicrohttpd started or closed a connection: the front door, which
 * counts each connection from its accept, is told of the closings. */
static void connection_notice(void *cls, struct MHD_Connection *c, void **socket_context,
                              enum MHD_ConnectionNotificationCode toe)
{
    (void)socket_context;
    if (toe != MHD_CONNECTION_NOTIFY_CLOSED)
        return;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    tw_srv_front_closed(cls, info ? info->client_addr : NULL);
}

tw_srv_http *tw_srv_http_start(tw_srv *srv, int listen_fd)
{
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC |
                     MHD_USE_NO_LISTEN_SOCKET | MHD_USE_ERROR_LOG;
    const tw_srv_limits *l = &srv->limits;
    tw_srv_http *http = calloc(1, sizeof *http);
    if (!http)
        return NULL;
    http->front = tw_srv_front_new(srv, listen_fd);
    if (!http->front) {
        free(http);
        return NULL;
    }
    /* The front door holds the limits per address and in all: it counts
     * a connection from its accept until the library closes it, so the
     * library never has more than --max-connections; its own limit is
     * only a backstop, above ours. */
    unsigned backstop = l->max_connections + l->max_connections / 4 + 16;
    /* The logger comes first, so that it gets every message. */
    http->daemon = MHD_start_daemon(
        flags, 0, NULL, NULL, handle, srv, MHD_OPTION_EXTERNAL_LOGGER, log_library, NULL, MHD_OPTION_CONNECTION_LIMIT,
        backstop, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)TW_SRV_CONNECTION_MEMORY, MHD_OPTION_CONNECTION_TIMEOUT,
        l->timeout, MHD_OPTION_NOTIFY_CONNECTION, connection_notice, http->front, MHD_OPTION_NOTIFY_COMPLETED,
        request_done, srv, MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL, MHD_OPTION_END);
    if (!http->daemon || tw_srv_front_start(http->front, http->daemon) != 0) {
        if (http->daemon)
            MHD_stop_daemon(http->daemon);
        tw_srv_front_free(http->front);
        free(http);
        return NULL;
    }
    return http;
}

void tw_srv_http_stop(tw_srv *srv, tw_srv_http *http)
{
    atomic_store(&srv->stopping, 1);
    tw_srv_wake_all(srv);
    tw_srv_front_stop(http->front);
    MHD_stop_daemon(http->daemon);
    tw_srv_front_free(http->front);
    free(http);
}
