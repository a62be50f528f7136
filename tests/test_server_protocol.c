/* HTTP details of `trickwood serve` a careless or hostile client meets:
 * a NUL in the request line is a 400 JSON error (not index.html), HEAD on
 * an event stream sends headers only, every reply carries the security
 * headers, and a state-changing request from another site's page is
 * refused while same-machine and LAN use keep working. */
#define _DEFAULT_SOURCE
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "test.h"
#include "test_server_client.h"

/* Sends raw bytes and returns the reply's status (-1 when none came
 * within three seconds); r keeps the reply. */
static int raw_status(const tw_ts_server *s, const char *raw, size_t len, tw_ts_reply *r)
{
    if (tw_ts_raw_from(s, NULL, 3000, raw, len, r) != 0)
        return -1;
    return r->status;
}

/* A POST /api/games with an Origin header (none when origin is NULL)
 * and a Host header; returns the status. */
static int create_with_origin(const tw_ts_server *s, const char *origin, const char *host, tw_ts_reply *r)
{
    static const char body[] = "{\"game\":\"northwood\"}";
    char raw[1024], origin_line[300] = "";
    if (origin)
        snprintf(origin_line, sizeof origin_line, "Origin: %s\r\n", origin);
    int n = snprintf(raw, sizeof raw,
                     "POST /api/games HTTP/1.1\r\nHost: %s\r\n%sConnection: close\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                     host, origin_line, strlen(body), body);
    return raw_status(s, raw, (size_t)n, r);
}

TEST(server_protocol_nul_in_request_line_is_a_json_400)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("proto-nul.db"), TW_DATA_DIR "/../web") == 0);
    static const char line0[] = "GET /\0foo HTTP/1.1", line1[] = "GET /index.html\0.js HTTP/1.1",
                      line2[] = "GET /api/history\0 HTTP/1.1";
    static const char *const lines[] = {line0, line1, line2};
    static const size_t lens[] = {sizeof line0 - 1, sizeof line1 - 1, sizeof line2 - 1};
    for (int i = 0; i < 3; i++) {
        char raw[300];
        memcpy(raw, lines[i], lens[i]);
        static const char rest[] = "\r\nHost: x\r\nConnection: close\r\n\r\n";
        memcpy(raw + lens[i], rest, sizeof rest - 1);
        tw_ts_reply r;
        CHECK_INT(raw_status(&s, raw, lens[i] + sizeof rest - 1, &r), 400);
        CHECK_STR(tw_ts_code(&r), "bad_request");
        tw_ts_reply_free(&r);
    }
    /* A plain request still works. */
    tw_ts_reply r;
    static const char plain[] = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    CHECK_INT(raw_status(&s, plain, sizeof plain - 1, &r), 200);
    tw_ts_reply_free(&r);
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_protocol_head_on_event_stream_sends_no_body)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("proto-head.db"), NULL) == 0);
    json_t *game;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", &game) == 201);
    char raw[400];
    int n = snprintf(raw, sizeof raw, "HEAD /api/games/%s/events?token=%s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                     json_string_value(json_object_get(game, "id")), json_string_value(json_object_get(game, "token")));
    json_decref(game);
    /* Read the raw bytes: not even a chunked-coding end may follow. */
    int fd = tw_ts_connect_from(&s, NULL);
    REQUIRE(fd >= 0);
    CHECK(send(fd, raw, (size_t)n, MSG_NOSIGNAL) == n);
    char got[4096];
    size_t len = 0;
    long long deadline = tw_ts_now_ms() + 3000;
    while (len + 1 < sizeof got && tw_ts_now_ms() < deadline) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 200) <= 0)
            continue;
        ssize_t k = recv(fd, got + len, sizeof got - 1 - len, 0);
        if (k <= 0)
            break;
        len += (size_t)k;
    }
    close(fd);
    got[len] = '\0';
    CHECK_CONTAINS(got, "HTTP/1.1 200");
    CHECK_CONTAINS(got, "text/event-stream");
    const char *end = strstr(got, "\r\n\r\n");
    REQUIRE(end != NULL);
    CHECK_STR(end + 4, "");
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_protocol_security_headers_and_origin_check)
{
    tw_ts_server s;
    const char *lan[] = {"--allow-host", "192.168.1.20", NULL}; /* a LAN address it answers to */
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("proto-origin.db"), TW_DATA_DIR "/../web", lan) == 0);
    const char *paths[] = {"/", "/api/history", "/api/nothing"};
    for (int i = 0; i < 3; i++) {
        tw_ts_reply r;
        REQUIRE(tw_ts_request(&s, "GET", paths[i], NULL, NULL, &r) == 0);
        char v[400] = "";
        CHECK(tw_ts_header(&r, "Content-Security-Policy", v, sizeof v) == 0);
        CHECK_CONTAINS(v, "frame-ancestors 'none'");
        CHECK_CONTAINS(v, "script-src 'self'");
        CHECK(!strstr(v, "unsafe-inline"));
        CHECK(tw_ts_header(&r, "X-Frame-Options", v, sizeof v) == 0);
        CHECK_STR(v, "DENY");
        CHECK(tw_ts_header(&r, "X-Content-Type-Options", v, sizeof v) == 0);
        CHECK_STR(v, "nosniff");
        CHECK(tw_ts_header(&r, "Referrer-Policy", v, sizeof v) == 0);
        CHECK_STR(v, "no-referrer");
        tw_ts_reply_free(&r);
    }
    char host[64], same[100];
    snprintf(host, sizeof host, "127.0.0.1:%d", s.port);
    snprintf(same, sizeof same, "http://127.0.0.1:%d", s.port);
    tw_ts_reply r;
    /* Another site's page: refused, as JSON, and no game is made. */
    const char *others[] = {"http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1.evil.example"};
    for (int i = 0; i < 4; i++) {
        CHECK_INT(create_with_origin(&s, others[i], host, &r), 403);
        CHECK_STR(tw_ts_code(&r), "forbidden");
        tw_ts_reply_free(&r);
    }
    json_t *history;
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history", NULL, NULL, &history), 200);
    json_decref(history);
    /* The server's own pages (same machine, or a LAN address in Host),
     * and programs that send no Origin. */
    CHECK_INT(create_with_origin(&s, same, host, &r), 201);
    tw_ts_reply_free(&r);
    CHECK_INT(create_with_origin(&s, "http://192.168.1.20:8080", "192.168.1.20:8080", &r), 201);
    tw_ts_reply_free(&r);
    CHECK_INT(create_with_origin(&s, NULL, host, &r), 201);
    tw_ts_reply_free(&r);
    CHECK_INT(tw_ts_stop(&s), 0);
}
