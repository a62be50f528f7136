/* The front door of `trickwood serve` (srv_front.c, srv_head.c): every
 * malformed request head gets the server's JSON error with the right
 * status (never libmicrohttpd's HTML page) and its connection is closed;
 * each connection carries one request; a slow head times out with 408;
 * the connection limits per address and in all still hold. The head
 * check is also tried alone, byte by byte. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server/server.h"
#include "test.h"
#include "test_server_client.h"

/* What came back on a connection. */
typedef struct {
    char *data; /* everything received, NUL-ended */
    size_t len;
    int closed; /* the server closed the connection (EOF or reset) */
    int status;
    const char *body; /* within data: after the head */
} exchange;

/* Sends raw bytes from source (NULL: the default address) and reads
 * until the server closes the connection or timeout_ms pass. A send
 * that fails (the server refused early) still reads the reply. */
static int exchange_raw(const tw_ts_server *s, const char *source, const char *raw, size_t len, int timeout_ms,
                        exchange *x)
{
    memset(x, 0, sizeof *x);
    int fd = tw_ts_connect_from(s, source);
    if (fd < 0)
        return -1;
    for (size_t sent = 0; sent < len;) {
        ssize_t n = send(fd, raw + sent, len - sent, MSG_NOSIGNAL);
        if (n <= 0)
            break;
        sent += (size_t)n;
    }
    size_t cap = 1 << 16;
    x->data = malloc(cap);
    long long deadline = tw_ts_now_ms() + timeout_ms;
    while (x->data && x->len + 1 < cap) {
        struct pollfd p = {fd, POLLIN, 0};
        long long left = deadline - tw_ts_now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            break;
        ssize_t n = recv(fd, x->data + x->len, cap - 1 - x->len, 0);
        if (n <= 0) {
            x->closed = n == 0 || errno == ECONNRESET;
            break;
        }
        x->len += (size_t)n;
    }
    close(fd);
    if (!x->data)
        return -1;
    x->data[x->len] = '\0';
    if (strncmp(x->data, "HTTP/1.1 ", 9) == 0)
        x->status = atoi(x->data + 9);
    const char *end = strstr(x->data, "\r\n\r\n");
    x->body = end ? end + 4 : "";
    return 0;
}

/* Reads what the server sends on fd until it closes or is silent for
 * timeout_ms, into reply (NUL-terminated), and closes fd. */
static void read_until_closed(int fd, char *reply, size_t size, int timeout_ms)
{
    size_t got = 0;
    struct pollfd p = {fd, POLLIN, 0};
    while (got + 1 < size && poll(&p, 1, timeout_ms) > 0) {
        ssize_t n = recv(fd, reply + got, size - 1 - got, 0);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    reply[got] = '\0';
    close(fd);
}

/* The first place of needle in text, letters of either case alike
 * (strcasestr is not standard). */
static const char *find_ci(const char *text, const char *needle)
{
    size_t n = strlen(needle);
    for (; *text; text++)
        if (strncasecmp(text, needle, n) == 0)
            return text;
    return NULL;
}

/* Whether the head of a reply has the header line (either case). */
static int has_header(const exchange *x, const char *line)
{
    const char *end = strstr(x->data, "\r\n\r\n");
    const char *at = find_ci(x->data, line);
    return at && end && at < end;
}

/* Checks one refused request: the status, a JSON body with the code
 * (none for HEAD), no HTML anywhere, the JSON and security headers,
 * Connection: close, and the connection closed after the reply. */
static void expect_refused(const tw_ts_server *s, const char *what, const char *raw, size_t len, int status,
                           const char *code)
{
    exchange x;
    if (exchange_raw(s, NULL, raw, len, 5000, &x) != 0) {
        tw_test_fail(__FILE__, __LINE__, "%s: no connection", what);
        return;
    }
    int head = strncmp(raw, "HEAD ", 5) == 0;
    json_t *body = json_loads(x.body, 0, NULL);
    const char *got = json_string_value(json_object_get(body, "code"));
    const char *message = json_string_value(json_object_get(body, "error"));
    if (x.status != status || (!head && (!got || strcmp(got, code) != 0 || !message || strlen(message) < 10)) ||
        (head && x.body[0]))
        tw_test_fail(__FILE__, __LINE__, "%s: answered %d %s, expected %d %s (%.300s)", what, x.status,
                     got ? got : "(no code)", status, code, x.data);
    if (find_ci(x.data, "<html"))
        tw_test_fail(__FILE__, __LINE__, "%s: the reply holds HTML", what);
    if (!has_header(&x, "\r\nContent-Type: application/json") || !has_header(&x, "\r\nConnection: close") ||
        !has_header(&x, "\r\nX-Frame-Options: DENY") || !has_header(&x, "\r\nContent-Security-Policy: "))
        tw_test_fail(__FILE__, __LINE__, "%s: a header is missing (%.600s)", what, x.data);
    if (!x.closed)
        tw_test_fail(__FILE__, __LINE__, "%s: the connection stayed open", what);
    json_decref(body);
    free(x.data);
}

/* expect_refused for a request written as a C string. */
static void expect_text(const tw_ts_server *s, const char *raw, int status, const char *code)
{
    expect_refused(s, raw, raw, strlen(raw), status, code);
}

/* A request of a line: line, then n header lines of size bytes each,
 * then the empty line. Returns a malloc'd text. */
static char *padded(const char *line, int n, int size)
{
    size_t cap = strlen(line) + (size_t)n * ((size_t)size + 16) + 64;
    char *raw = malloc(cap);
    if (!raw)
        return NULL;
    size_t len = (size_t)snprintf(raw, cap, "%s\r\nHost: x\r\n", line);
    for (int i = 0; i < n; i++) {
        len += (size_t)snprintf(raw + len, cap - len, "X-Pad-%d: ", i);
        while (len < cap - 8 && len % (size_t)size != 0)
            raw[len++] = 'a';
        raw[len++] = 'a';
        raw[len++] = '\r';
        raw[len++] = '\n';
    }
    snprintf(raw + len, cap - len, "\r\n");
    return raw;
}

TEST(server_front_malformed_heads_get_json_errors)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("front-bad.db"), TW_DATA_DIR "/../web") == 0);
    /* Too long a request target, too many header bytes, too many fields. */
    size_t big = 40 * 1024;
    char *raw = malloc(big + 100);
    REQUIRE(raw);
    memcpy(raw, "GET /", 5);
    memset(raw + 5, 'a', big);
    strcpy(raw + 5 + big, " HTTP/1.1\r\nHost: x\r\n\r\n");
    expect_refused(&s, "a 40 KiB target", raw, strlen(raw), 414, "uri_too_long");
    free(raw);
    raw = padded("GET /api/history HTTP/1.1", 40, 1024);
    REQUIRE(raw);
    expect_refused(&s, "40 KiB of headers", raw, strlen(raw), 431, "headers_too_large");
    free(raw);
    raw = padded("GET /api/history HTTP/1.1", 150, 8);
    REQUIRE(raw);
    expect_refused(&s, "150 header lines", raw, strlen(raw), 431, "headers_too_large");
    free(raw);
    /* Versions. */
    expect_text(&s, "GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "version_not_supported");
    expect_text(&s, "GET / HTTP/0.9\r\n\r\n", 505, "version_not_supported");
    expect_text(&s, "GET /\r\n\r\n", 400, "bad_request");
    expect_text(&s, "GET / http/1.1\r\nHost: x\r\n\r\n", 400, "bad_request");
    expect_text(&s, "HEAD / HTTP/3.0\r\nHost: x\r\n\r\n", 505, "version_not_supported");
    /* Header lines. */
    expect_text(&s, "GET / HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n", 400, "bad_request");
    expect_text(&s, "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  folded\r\n\r\n", 400, "bad_request");
    expect_text(&s, "GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400, "bad_request");
    expect_text(&s, "GET / HTTP/1.1\r\nHost: x\r\n: empty name\r\n\r\n", 400, "bad_request");
    static const char nul_header[] = "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n";
    expect_refused(&s, "a NUL in a header", nul_header, sizeof nul_header - 1, 400, "bad_request");
    static const char nul_target[] = "GET /index.html\0.js HTTP/1.1\r\nHost: x\r\n\r\n";
    expect_refused(&s, "a NUL in the target", nul_target, sizeof nul_target - 1, 400, "bad_request");
    expect_text(&s, "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\x01\r\n\r\n", 400, "bad_request");
    expect_text(&s, "GET / HTTP/1.1\nHost: x\n\n", 400, "bad_request");
    expect_text(&s, "GET / HTTP/1.1\r\nHost: x\rX-A: b\r\n\r\n", 400, "bad_request");
    /* Host and bodies. */
    expect_text(&s, "GET /api/history HTTP/1.1\r\n\r\n", 400, "bad_request");
    expect_text(&s, "GET /api/history HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400, "bad_request");
    expect_text(&s, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n{}", 400, "bad_request");
    expect_text(&s, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: -2\r\n\r\n{}", 400, "bad_request");
    expect_text(&s, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}", 400,
                "bad_request");
    expect_text(&s, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n{}", 413,
                "too_large");
    expect_text(&s, "POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
                411, "length_required");
    /* Not HTTP at all. */
    expect_text(&s, "hello\r\n\r\n", 400, "bad_request");
    expect_text(&s, "this is not http at all\r\n\r\n", 400, "bad_request");
    static const char tls[] = "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03";
    expect_refused(&s, "a TLS greeting", tls, sizeof tls - 1, 400, "bad_request");
    expect_text(&s, "\r\n", 400, "bad_request");
    /* Half a head, then the client's end of the connection closed. */
    int fd = tw_ts_connect_from(&s, NULL);
    REQUIRE(fd >= 0);
    static const char half[] = "GET /api/history HTTP/1.1\r\nHost: x\r\n";
    CHECK(send(fd, half, sizeof half - 1, MSG_NOSIGNAL) > 0);
    shutdown(fd, SHUT_WR);
    char reply[2048];
    read_until_closed(fd, reply, sizeof reply, 3000);
    CHECK_CONTAINS(reply, "HTTP/1.1 400 ");
    CHECK_CONTAINS(reply, "\"code\":\"bad_request\"");
    /* The server still serves. */
    json_t *history;
    CHECK_INT(tw_ts_json(&s, "GET", "/api/history", NULL, NULL, &history), 200);
    json_decref(history);
    CHECK_INT(tw_ts_stop(&s), 0);
    /* Refusals are logged once per interval per kind, not once each. */
    FILE *log = fopen(s.log, "r");
    int lines = 0;
    char line[600];
    while (log && fgets(line, sizeof line, log))
        lines += strstr(line, "refused a request") != NULL;
    if (log)
        fclose(log);
    CHECK(lines >= 1 && lines <= 8);
}

/* A request whose head is exactly as large as allowed (one byte more
 * with over), with as many fields (header lines, query arguments,
 * cookies) as allowed and a long request line, and then a body of 2,000
 * bytes in the same send: the most libmicrohttpd's memory per
 * connection must hold. */
static char *largest_head(int port, int over)
{
    char *raw = malloc(TW_SRV_HEAD_MAX + 2100);
    if (!raw)
        return NULL;
    int fields = 0;
    size_t len = (size_t)sprintf(raw, "GET /api/history?limit=5&pad=");
    fields += 2;
    while (len < TW_SRV_LINE_MAX - 9)
        raw[len++] = 'q';
    len += (size_t)sprintf(raw + len, " HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n"
                                      "Content-Length: 2000\r\nCookie: a=1", port);
    fields += 4;
    for (int i = 0; i < 60; i++, fields++)
        len += (size_t)sprintf(raw + len, "; c%d=%d", i, i);
    len += (size_t)sprintf(raw + len, "\r\n");
    while (fields < TW_SRV_HEAD_FIELDS - 1) {
        len += (size_t)sprintf(raw + len, "X-F%d: v\r\n", fields);
        fields++;
    }
    /* The last field fills the head up to the limit. */
    len += (size_t)sprintf(raw + len, "X-Last: ");
    size_t end = TW_SRV_HEAD_MAX + (over ? 1 : 0) - 4;
    while (len < end)
        raw[len++] = 'z';
    memcpy(raw + len, "\r\n\r\n", 4);
    memset(raw + len + 4, 'b', 2000);
    raw[len + 4 + 2000] = '\0';
    return raw;
}

TEST(server_front_largest_head_is_served)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("front-large.db"), NULL) == 0);
    char *raw = largest_head(s.port, 0);
    REQUIRE(raw);
    CHECK_INT(strlen(raw), TW_SRV_HEAD_MAX + 2000);
    tw_srv_head h;
    CHECK_INT(tw_srv_head_check(raw, strlen(raw), &h), TW_SRV_HEAD_OK);
    CHECK_INT(h.length, TW_SRV_HEAD_MAX);
    exchange x;
    REQUIRE(exchange_raw(&s, NULL, raw, strlen(raw), 10000, &x) == 0);
    CHECK_INT(x.status, 200);
    CHECK(x.body[0] == '{');
    CHECK(!find_ci(x.data, "<html"));
    free(x.data);
    free(raw);
    /* The same size, nearly all of it one Cookie header of 95 cookies
     * (libmicrohttpd copies that header, and keeps each cookie). */
    raw = malloc(TW_SRV_HEAD_MAX + 2100);
    REQUIRE(raw);
    size_t len = (size_t)sprintf(raw, "GET /api/history HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\nCookie: k=v");
    for (int i = 0; i < TW_SRV_HEAD_FIELDS - 5; i++)
        len += (size_t)sprintf(raw + len, ";c%d=%d", i, i);
    while (len < TW_SRV_HEAD_MAX - 4)
        raw[len++] = 'z';
    memcpy(raw + len, "\r\n\r\n", 4);
    memset(raw + len + 4, 'b', 2000);
    raw[len + 4 + 2000] = '\0';
    CHECK_INT(tw_srv_head_check(raw, strlen(raw), &h), TW_SRV_HEAD_OK);
    REQUIRE(exchange_raw(&s, NULL, raw, strlen(raw), 10000, &x) == 0);
    CHECK_INT(x.status, 200);
    CHECK(x.body[0] == '{');
    free(x.data);
    free(raw);
    raw = largest_head(s.port, 1);
    REQUIRE(raw);
    expect_refused(&s, "a head one byte too large", raw, strlen(raw), 431, "headers_too_large");
    free(raw);
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_front_one_request_per_connection)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("front-one.db"), NULL) == 0);
    /* A good request, then a malformed one on the same connection: the
     * first is answered, the connection closed, the second never read. */
    static const char two[] = "GET /api/history HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/2.0\r\nHost: x\r\n\r\n";
    exchange x;
    REQUIRE(exchange_raw(&s, NULL, two, sizeof two - 1, 5000, &x) == 0);
    CHECK_INT(x.status, 200);
    CHECK(has_header(&x, "\r\nConnection: close"));
    CHECK(x.closed);
    CHECK(!strstr(x.body, "HTTP/1."));
    CHECK(!strstr(x.data, "505"));
    free(x.data);
    /* The same with a keep-alive request sent alone: the reply says
     * close, and the connection is closed after it. */
    static const char keep[] = "GET /api/history HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n";
    REQUIRE(exchange_raw(&s, NULL, keep, sizeof keep - 1, 5000, &x) == 0);
    CHECK_INT(x.status, 200);
    CHECK(has_header(&x, "\r\nConnection: close"));
    CHECK(x.closed);
    free(x.data);
    /* A body sent after its head, in a second piece, still arrives. */
    int fd = tw_ts_connect_from(&s, NULL);
    REQUIRE(fd >= 0);
    static const char head[] = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n\r\n";
    CHECK(send(fd, head, sizeof head - 1, MSG_NOSIGNAL) > 0);
    usleep(100 * 1000);
    CHECK(send(fd, "{\"game\":\"northwood\"}", 20, MSG_NOSIGNAL) == 20);
    char reply[4096];
    read_until_closed(fd, reply, sizeof reply, 5000);
    CHECK_CONTAINS(reply, "HTTP/1.1 201 ");
    CHECK_CONTAINS(reply, "\"token\"");
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_front_slow_head_times_out_with_408)
{
    tw_ts_server s;
    const char *extra[] = {"--timeout", "1", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("front-slow.db"), NULL, extra) == 0);
    long long start = tw_ts_now_ms();
    exchange x;
    static const char half[] = "GET /api/history HTTP/1.1\r\nHost: x\r\nX-Slow: ";
    REQUIRE(exchange_raw(&s, NULL, half, sizeof half - 1, 5000, &x) == 0);
    long long took = tw_ts_now_ms() - start;
    CHECK_INT(x.status, 408);
    CHECK_CONTAINS(x.body, "\"code\":\"request_timeout\"");
    CHECK(x.closed);
    CHECK(took >= 900 && took < 3000);
    free(x.data);
    /* A connection that sends nothing is closed without a word. */
    REQUIRE(exchange_raw(&s, NULL, "", 0, 5000, &x) == 0);
    CHECK(x.closed);
    CHECK_INT(x.len, 0);
    free(x.data);
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_front_connection_limits_count_waiting_heads)
{
    tw_ts_server s;
    const char *extra[] = {"--max-per-client", "3", "--max-connections", "5", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("front-limits.db"), NULL, extra) == 0);
    /* Three silent connections fill 127.0.0.2's share... */
    int silent[3];
    for (int i = 0; i < 3; i++) {
        silent[i] = tw_ts_connect_from(&s, "127.0.0.2");
        REQUIRE(silent[i] >= 0);
    }
    usleep(200 * 1000);
    /* ...so a fourth from there is closed with no reply. */
    static const char req[] = "GET /api/history HTTP/1.1\r\nHost: x\r\n\r\n";
    exchange x;
    REQUIRE(exchange_raw(&s, "127.0.0.2", req, sizeof req - 1, 3000, &x) == 0);
    CHECK(x.closed);
    CHECK_INT(x.len, 0);
    free(x.data);
    /* Another address is served. */
    REQUIRE(exchange_raw(&s, NULL, req, sizeof req - 1, 3000, &x) == 0);
    CHECK_INT(x.status, 200);
    free(x.data);
    /* Once one closes, 127.0.0.2 is served again. */
    close(silent[0]);
    usleep(200 * 1000);
    REQUIRE(exchange_raw(&s, "127.0.0.2", req, sizeof req - 1, 3000, &x) == 0);
    CHECK_INT(x.status, 200);
    free(x.data);
    /* Five open in all (three more from 127.0.0.3): a sixth waits in the
     * listen queue and is served as soon as one closes. */
    int more[3] = {tw_ts_connect_from(&s, "127.0.0.3"), tw_ts_connect_from(&s, "127.0.0.3"),
                   tw_ts_connect_from(&s, "127.0.0.3")};
    int extra_fd = tw_ts_connect_from(&s, "127.0.0.4");
    REQUIRE(more[0] >= 0 && more[1] >= 0 && more[2] >= 0 && extra_fd >= 0);
    usleep(200 * 1000);
    REQUIRE(send(extra_fd, req, sizeof req - 1, MSG_NOSIGNAL) == (ssize_t)(sizeof req - 1));
    struct pollfd p = {extra_fd, POLLIN, 0};
    CHECK_INT(poll(&p, 1, 500), 0); /* not accepted yet */
    long long closed_at = tw_ts_now_ms();
    close(more[0]);
    char reply[4096];
    ssize_t n = poll(&p, 1, 3000) > 0 ? recv(extra_fd, reply, sizeof reply - 1, 0) : -1;
    CHECK(n > 12);
    if (n > 0) {
        reply[n] = '\0';
        CHECK_CONTAINS(reply, "HTTP/1.1 200 ");
    }
    printf("   a connection waiting at --max-connections served %lld ms after a slot freed\n",
           tw_ts_now_ms() - closed_at);
    close(extra_fd);
    close(more[1]);
    close(more[2]);
    close(silent[1]);
    close(silent[2]);
    /* Connections libmicrohttpd serves count too: three event streams
     * from 127.0.0.5, and a fourth connection from there is refused. */
    usleep(300 * 1000);
    json_t *game;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", &game) == 201);
    char stream_req[300];
    int n_req = snprintf(stream_req, sizeof stream_req, "GET /api/games/%s/events?token=%s HTTP/1.1\r\nHost: x\r\n\r\n",
                         json_string_value(json_object_get(game, "id")),
                         json_string_value(json_object_get(game, "token")));
    json_decref(game);
    int streams[3];
    for (int i = 0; i < 3; i++) {
        streams[i] = tw_ts_connect_from(&s, "127.0.0.5");
        REQUIRE(streams[i] >= 0);
        CHECK(send(streams[i], stream_req, (size_t)n_req, MSG_NOSIGNAL) == n_req);
        CHECK_INT(tw_ts_events_wait(streams[i], 0, 5000), 0);
    }
    REQUIRE(exchange_raw(&s, "127.0.0.5", req, sizeof req - 1, 3000, &x) == 0);
    CHECK(x.closed);
    CHECK_INT(x.len, 0);
    free(x.data);
    for (int i = 0; i < 3; i++)
        close(streams[i]);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* Checks the head check's verdict on a text (len -1: strlen). */
static void check_head(const char *text, int len, tw_srv_head_verdict verdict, int status)
{
    tw_srv_head h;
    size_t n = len < 0 ? strlen(text) : (size_t)len;
    tw_srv_head_verdict v = tw_srv_head_check(text, n, &h);
    if (v != verdict || (v == TW_SRV_HEAD_BAD && h.status != status))
        tw_test_fail(__FILE__, __LINE__, "\"%.60s\": verdict %d status %d, expected %d %d (%s)", text, v,
                     v == TW_SRV_HEAD_BAD ? h.status : 0, verdict, status, v == TW_SRV_HEAD_BAD ? h.message : "");
}

TEST(server_head_check_alone)
{
    const char *good = "POST /api/games?x=1 HTTP/1.1\r\nHost: a:1\r\nContent-Length: 020\r\nX-Empty:\r\n"
                       "Cookie: a=1; b=2\r\nUser-Agent: caf\xc3\xa9\t\r\n\r\n{\"game\":\"northwood\"}";
    tw_srv_head h;
    CHECK_INT(tw_srv_head_check(good, strlen(good), &h), TW_SRV_HEAD_OK);
    CHECK_INT(h.length, strstr(good, "\r\n\r\n") + 4 - good);
    CHECK(h.http11);
    /* Every shorter prefix is right so far, never refused. */
    size_t head_len = h.length;
    for (size_t n = 0; n < head_len; n++)
        if (tw_srv_head_check(good, n, &h) != TW_SRV_HEAD_MORE)
            tw_test_fail(__FILE__, __LINE__, "the first %zu bytes of a good head are not MORE", n);
    check_head("GET / HTTP/1.0\r\n\r\n", -1, TW_SRV_HEAD_OK, 0);
    check_head("HEAD /x HTTP/1.1\r\nhost: y\r\n\r\n", -1, TW_SRV_HEAD_OK, 0);
    check_head("GET / HTTP/1.1\r\nHost: x\r\n\r", -1, TW_SRV_HEAD_MORE, 0);
    /* Refused as soon as the bytes show it, not at the end of the head. */
    check_head("\x16\x03\x01", 3, TW_SRV_HEAD_BAD, 400);
    check_head("GET /a\tb", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1\r\nX: \x7f", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1\r\nX: a\0", 21, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1\r\nHost: x\r\n\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1\r\r\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1 \r\nHost: x\r\n\r\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.10\r\nHost: x\r\n\r\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.2\r\nHost: x\r\n\r\n", -1, TW_SRV_HEAD_BAD, 505);
    check_head("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET /\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n\r\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1 2\r\n\r\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: +2\r\n\r\n", -1, TW_SRV_HEAD_BAD, 400);
    check_head("GET / HTTP/1.1\r\nHost: x\r\ntransfer-encoding: identity\r\n\r\n", -1, TW_SRV_HEAD_BAD, 411);
    /* Sizes: the request line, the head, the fields. */
    char *line = malloc(TW_SRV_HEAD_MAX + 100);
    REQUIRE(line);
    memset(line, 'a', TW_SRV_HEAD_MAX + 50);
    memcpy(line, "GET /", 5);
    check_head(line, TW_SRV_LINE_MAX, TW_SRV_HEAD_MORE, 0);
    check_head(line, TW_SRV_LINE_MAX + 1, TW_SRV_HEAD_BAD, 414);
    int n = sprintf(line, "GET /?");
    for (int i = 0; i < TW_SRV_HEAD_FIELDS; i++)
        n += sprintf(line + n, "a&");
    sprintf(line + n, " HTTP/1.1\r\n");
    check_head(line, -1, TW_SRV_HEAD_BAD, 414);
    n = sprintf(line, "GET / HTTP/1.1\r\nHost: x\r\nCookie: ");
    for (int i = 0; i < TW_SRV_HEAD_FIELDS; i++)
        n += sprintf(line + n, "c=1;");
    sprintf(line + n, "\r\n\r\n");
    check_head(line, -1, TW_SRV_HEAD_BAD, 431);
    free(line);
}
