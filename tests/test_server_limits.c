/* Availability of `trickwood serve` against one careless or hostile
 * client: connection limits per address and in all, timeouts for slow
 * requests, event streams of clients that went away, rate limits on new
 * games and hints. Each test runs the real binary. Linux loopback answers
 * on all of 127.0.0.0/8, so 127.0.0.2 is "another client". */
#define _DEFAULT_SOURCE
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "test.h"
#include "test_server_client.h"

/* The other, well-behaved client. */
#define OTHER "127.0.0.2"

/* Creates a For Northwood! game from source (NULL: default); copies its
 * id and token. Returns the status (-1 when no reply came in time). */
static int create_game(const tw_ts_server *s, const char *source, int timeout_ms, char id[32], char token[64])
{
    tw_ts_reply r;
    if (tw_ts_request_from(s, source, timeout_ms, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"seed\":5}",
                           &r) != 0)
        return -1;
    int status = r.status;
    const char *i = json_string_value(json_object_get(r.json, "id"));
    const char *t = json_string_value(json_object_get(r.json, "token"));
    snprintf(id, 32, "%s", i ? i : "");
    snprintf(token, 64, "%s", t ? t : "");
    tw_ts_reply_free(&r);
    return status;
}

/* Plays the first legal action of a game from source. Returns the
 * status of the action (-1 when a reply did not come in time). */
static int play_first(const tw_ts_server *s, const char *source, int timeout_ms, const char *id, const char *token)
{
    char path[128], body[200];
    snprintf(path, sizeof path, "/api/games/%s/state", id);
    tw_ts_reply r;
    if (tw_ts_request_from(s, source, timeout_ms, "GET", path, token, NULL, &r) != 0)
        return -1;
    const char *action = json_string_value(json_array_get(json_object_get(r.json, "legal"), 0));
    snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":%d}", action ? action : "",
             (int)json_integer_value(json_object_get(r.json, "version")));
    tw_ts_reply_free(&r);
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    if (tw_ts_request_from(s, source, timeout_ms, "POST", path, token, body, &r) != 0)
        return -1;
    int status = r.status;
    tw_ts_reply_free(&r);
    return status;
}

/* Opens an event stream from the default address without reading it. */
static int open_stream(const tw_ts_server *s, const char *id, const char *token)
{
    int fd = tw_ts_connect_from(s, NULL);
    if (fd < 0)
        return -1;
    char req[300];
    int n = snprintf(req, sizeof req, "GET /api/games/%s/events?token=%s HTTP/1.1\r\nHost: x\r\n\r\n", id, token);
    if (send(fd, req, (size_t)n, MSG_NOSIGNAL) != n) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Sorts longs (qsort). */
static int by_value(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

TEST(server_limits_one_address_cannot_lock_others_out)
{
    tw_ts_server s;
    /* The default limits (32 connections per address) */
    REQUIRE(tw_ts_start(&s, tw_test_tmp("limits-flood.db"), NULL) == 0);
    char id[32], token[64];
    REQUIRE(create_game(&s, NULL, 10000, id, token) == 201);
    /* One address holds 300 event streams and 100 half-sent requests. */
    enum { STREAMS = 300, SLOW = 100 };
    int fds[STREAMS + SLOW];
    int opened = 0;
    for (int i = 0; i < STREAMS + SLOW; i++) {
        fds[i] = i < STREAMS ? open_stream(&s, id, token) : tw_ts_open_half_sent(&s, NULL);
        opened += fds[i] >= 0;
    }
    CHECK(opened > 0);
    usleep(300 * 1000);
    /* Another address creates games and plays, quickly. */
    long long times[30];
    int rounds = 0, failed = 0;
    for (int i = 0; i < 10; i++) {
        char id2[32], token2[64];
        long long t0 = tw_ts_now_ms();
        int created = create_game(&s, OTHER, 3000, id2, token2);
        long long t1 = tw_ts_now_ms();
        int played = created == 201 ? play_first(&s, OTHER, 3000, id2, token2) : -1;
        long long t2 = tw_ts_now_ms();
        if (created != 201 || played != 200)
            failed++;
        times[rounds++] = t1 - t0;
        times[rounds++] = t2 - t1;
    }
    CHECK_INT(failed, 0);
    qsort(times, (size_t)rounds, sizeof times[0], by_value);
    printf("   other client under a flood: create / state + move p50 %lld ms, worst %lld ms\n", times[rounds / 2],
           times[rounds - 1]);
    CHECK(times[rounds - 1] < 2000);
    for (int i = 0; i < STREAMS + SLOW; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    CHECK_INT(tw_ts_stop(&s), 0);
    /* Refusals are logged once per interval, not once per connection. */
    FILE *log = fopen(s.log, "r");
    int lines = 0;
    char line[600];
    while (log && fgets(line, sizeof line, log))
        lines++;
    if (log)
        fclose(log);
    CHECK(lines < 20);
}

TEST(server_limits_streams_of_gone_clients_free_their_slot_quickly)
{
    tw_ts_server s;
    const char *extra[] = {"--max-per-client", "6", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("limits-gone.db"), NULL, extra) == 0);
    char id[32], token[64];
    REQUIRE(create_game(&s, NULL, 10000, id, token) == 201);
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/events?token=%s", id, token);
    for (int round = 0; round < 3; round++) {
        int fds[5];
        long long start = tw_ts_now_ms();
        int got = 0;
        /* Each round needs the slots the last round's streams held. */
        while (got < 5 && tw_ts_now_ms() - start < 4000) {
            int fd = tw_ts_events_open(&s, path);
            if (fd >= 0 && tw_ts_events_wait(fd, 0, 1000) == 0)
                fds[got++] = fd;
            else if (fd >= 0)
                close(fd);
            if (got < 5 && fd < 0)
                usleep(50 * 1000);
        }
        CHECK_INT(got, 5);
        printf("   round %d: %d streams open after %lld ms\n", round, got, tw_ts_now_ms() - start);
        for (int i = 0; i < got; i++)
            close(fds[i]);
    }
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* The most requests an allowance of `per_minute` lets through from a
 * full bucket in `elapsed_ms`: the bucket, and what refilled meanwhile
 * (one request every 60 / per_minute seconds). On a quick machine this
 * is the bucket alone; a loaded one may take long enough for a refill. */
static int allowance_after(int per_minute, long long elapsed_ms)
{
    return per_minute + (int)(elapsed_ms * per_minute / 60000);
}

/* Asks `method path` until it is refused, at most `cap` times; returns how
 * many were let through before the refusal (or cap), the refusal left in
 * *refusal (its status 0 when none came). */
static int count_until_refused(const tw_ts_server *s, const char *method, const char *path, const char *token,
                               const char *body, int cap, tw_ts_reply *refusal)
{
    memset(refusal, 0, sizeof *refusal);
    for (int passed = 0; passed < cap; passed++) {
        tw_ts_reply r;
        if (tw_ts_request(s, method, path, token, body, &r) != 0)
            return passed;
        if (r.status != 200 && r.status != 201) {
            *refusal = r;
            return passed;
        }
        tw_ts_reply_free(&r);
    }
    return cap;
}

TEST(server_limits_rates_of_new_games_and_hints)
{
    tw_ts_server s;
    const char *extra[] = {"--create-rate", "5", "--hint-rate", "3", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("limits-rate.db"), NULL, extra) == 0);
    char id[32], token[64];
    long long start = tw_ts_now_ms();
    CHECK_INT(create_game(&s, NULL, 10000, id, token), 201);
    /* Games: five a minute, then 429 (four more here: one is made above). */
    tw_ts_reply r;
    int created = 1 + count_until_refused(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", 20, &r);
    CHECK(created >= 5 && created <= allowance_after(5, tw_ts_now_ms() - start));
    printf("   games: %d created before 429\n", created);
    CHECK_INT(r.status, 429);
    CHECK_STR(tw_ts_code(&r), "rate_limited");
    char retry[32] = "", type[100] = "";
    CHECK(tw_ts_header(&r, "Retry-After", retry, sizeof retry) == 0);
    CHECK(atoi(retry) >= 1 && atoi(retry) <= 12);
    tw_ts_header(&r, "Content-Type", type, sizeof type);
    CHECK_CONTAINS(type, "application/json");
    tw_ts_reply_free(&r);
    /* Importing a record into the history takes from the same allowance:
     * refused too, unless a game's worth refilled meanwhile (12 s). */
    REQUIRE(tw_ts_request(&s, "POST", "/api/history/import", NULL, "{\"record\": {}}", &r) == 0);
    if (r.status != 429)
        CHECK(tw_ts_now_ms() - start >= 12000);
    CHECK_STR(tw_ts_code(&r), r.status == 429 ? "rate_limited" : "bad_record");
    tw_ts_reply_free(&r);
    /* Another address has its own allowance. */
    char id2[32], token2[64];
    CHECK_INT(create_game(&s, OTHER, 10000, id2, token2), 201);
    /* Hints: three a minute, then 429. */
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/hint", id);
    start = tw_ts_now_ms();
    int hints = count_until_refused(&s, "GET", path, token, NULL, 20, &r);
    CHECK(hints >= 3 && hints <= allowance_after(3, tw_ts_now_ms() - start));
    printf("   hints: %d answered before 429\n", hints);
    CHECK_INT(r.status, 429);
    CHECK_STR(tw_ts_code(&r), "rate_limited");
    CHECK(tw_ts_header(&r, "Retry-After", retry, sizeof retry) == 0);
    tw_ts_reply_free(&r);
    /* Other requests are not limited. */
    snprintf(path, sizeof path, "/api/games/%s/state", id);
    for (int i = 0; i < 20; i++) {
        REQUIRE(tw_ts_request(&s, "GET", path, token, NULL, &r) == 0);
        CHECK_INT(r.status, 200);
        tw_ts_reply_free(&r);
    }
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_limits_hints_count_per_seat_not_per_address)
{
    tw_ts_server s;
    const char *extra[] = {"--hint-rate-seat", "3", "--hint-burst-seat", "3", "--hint-rate", "100", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("limits-seat.db"), NULL, extra) == 0);
    /* Two players behind one address (one router), each at a table. */
    char id[2][32], token[2][64], path[2][128];
    for (int k = 0; k < 2; k++) {
        CHECK_INT(create_game(&s, NULL, 10000, id[k], token[k]), 201);
        snprintf(path[k], sizeof path[k], "/api/games/%s/hint", id[k]);
    }
    tw_ts_reply r;
    long long start = tw_ts_now_ms();
    int hints = count_until_refused(&s, "GET", path[0], token[0], NULL, 20, &r);
    CHECK(hints >= 3 && hints <= allowance_after(3, tw_ts_now_ms() - start));
    printf("   seat 1: %d hints before 429\n", hints);
    CHECK_INT(r.status, 429);
    CHECK_STR(tw_ts_code(&r), "rate_limited");
    CHECK_CONTAINS(r.body, "too many hints from this seat: at most 3 a minute");
    /* the wait in words: "1 second", "20 seconds", never "1 seconds" */
    char retry[32] = "", words[48];
    CHECK(tw_ts_header(&r, "Retry-After", retry, sizeof retry) == 0);
    snprintf(words, sizeof words, "try again in %d second%s\"", atoi(retry), atoi(retry) == 1 ? "" : "s");
    CHECK_CONTAINS(r.body, words);
    tw_ts_reply_free(&r);
    /* The other player, from the same address, still has every hint. */
    CHECK_INT(count_until_refused(&s, "GET", path[1], token[1], NULL, 3, &r), 3);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* A seat's allowance comes in bursts of five minutes' worth by default:
 * a whole game's hints asked without a pause pass (the browser test
 * "hints: a player asking a hint at every decision" plays one against
 * the default limits), then the seat's pace applies. */
TEST(server_limits_seat_hints_come_in_bursts_of_five_minutes)
{
    tw_ts_server s;
    const char *extra[] = {"--hint-rate-seat", "4", "--hint-rate", "1000", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("limits-burst.db"), NULL, extra) == 0);
    char id[32], token[64], path[128];
    CHECK_INT(create_game(&s, NULL, 10000, id, token), 201);
    snprintf(path, sizeof path, "/api/games/%s/hint", id);
    tw_ts_reply r;
    long long start = tw_ts_now_ms();
    int hints = count_until_refused(&s, "GET", path, token, NULL, 60, &r);
    printf("   %d hints in a row before 429 at --hint-rate-seat 4\n", hints);
    CHECK(hints >= 20 && hints <= 20 + allowance_after(4, tw_ts_now_ms() - start) - 4);
    CHECK_INT(r.status, 429);
    CHECK_CONTAINS(r.body, "too many hints from this seat: at most 4 a minute");
    tw_ts_reply_free(&r);
    CHECK_INT(tw_ts_stop(&s), 0);
    /* --hint-burst-seat sets the burst; never below the pace. */
    const char *set[] = {"--hint-rate-seat", "4", "--hint-burst-seat", "7", "--hint-rate", "1000", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("limits-burst-set.db"), NULL, set) == 0);
    CHECK_INT(create_game(&s, NULL, 10000, id, token), 201);
    snprintf(path, sizeof path, "/api/games/%s/hint", id);
    start = tw_ts_now_ms();
    hints = count_until_refused(&s, "GET", path, token, NULL, 60, &r);
    CHECK(hints >= 7 && hints <= 7 + allowance_after(4, tw_ts_now_ms() - start) - 4);
    CHECK_INT(r.status, 429);
    tw_ts_reply_free(&r);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* A flood of hints, asked by one address from many threads. */
typedef struct {
    const tw_ts_server *s;
    char path[160];
    char token[64];
    volatile int stop;
    int asked, busy;
} hint_flood;

/* Asks hints one after the other until told to stop (a thread). */
static void *flood_hints(void *cls)
{
    hint_flood *f = cls;
    while (!__atomic_load_n(&f->stop, __ATOMIC_SEQ_CST)) {
        tw_ts_reply r;
        if (tw_ts_request_from(f->s, "127.0.0.3", 30000, "GET", f->path, f->token, NULL, &r) == 0) {
            __atomic_add_fetch(&f->asked, 1, __ATOMIC_SEQ_CST);
            if (r.status == 503)
                __atomic_add_fetch(&f->busy, 1, __ATOMIC_SEQ_CST);
            tw_ts_reply_free(&r);
        }
    }
    return NULL;
}

/* Plays up to moves actions of seat 0 on a Duet table with a rule bot
 * in seat 1, from OTHER, timing each action request (the bot's answer is
 * computed on the worker pool within it) into times. Returns how many
 * were timed; *failed counts refusals. */
static int bot_table_moves(const tw_ts_server *s, int moves, long long *times, int *failed)
{
    tw_ts_reply r;
    if (tw_ts_request_from(s, OTHER, 10000, "POST", "/api/games", NULL,
                           "{\"game\":\"foxduet\",\"seed\":7,\"partner\":\"rule\"}", &r) != 0) {
        (*failed)++;
        return 0;
    }
    char id[32], token[64], state[128], actions[128];
    snprintf(id, sizeof id, "%s", r.status == 201 ? json_string_value(json_object_get(r.json, "id")) : "");
    snprintf(token, sizeof token, "%s", r.status == 201 ? json_string_value(json_object_get(r.json, "token")) : "");
    tw_ts_reply_free(&r);
    snprintf(state, sizeof state, "/api/games/%s/state", id);
    snprintf(actions, sizeof actions, "/api/games/%s/actions", id);
    int n = 0;
    while (n < moves && tw_ts_request_from(s, OTHER, 10000, "GET", state, token, NULL, &r) == 0) {
        const char *a = json_string_value(json_array_get(json_object_get(r.json, "legal"), 0));
        char body[160];
        snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":%d}", a ? a : "",
                 (int)json_integer_value(json_object_get(r.json, "version")));
        tw_ts_reply_free(&r);
        if (!a)
            break;
        long long t0 = tw_ts_now_ms();
        if (tw_ts_request_from(s, OTHER, 30000, "POST", actions, token, body, &r) != 0) {
            (*failed)++;
            break;
        }
        times[n++] = tw_ts_now_ms() - t0;
        *failed += r.status != 200;
        tw_ts_reply_free(&r);
    }
    return n;
}

TEST(server_limits_hint_flood_leaves_other_tables_fast)
{
    tw_ts_server s;
    const char *extra[] = {"--workers", "1", "--hint-rate", "0", "--hint-rate-seat", "0", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("limits-hints.db"), NULL, extra) == 0);
    /* The flooded table: a Duet game (the strong bot's hints think longest). */
    json_t *fox;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"foxduet\",\"seed\":3,\"partner\":\"rule\"}", &fox) ==
            201);
    hint_flood f;
    memset(&f, 0, sizeof f);
    f.s = &s;
    snprintf(f.path, sizeof f.path, "/api/games/%s/hint", json_string_value(json_object_get(fox, "id")));
    snprintf(f.token, sizeof f.token, "%s", json_string_value(json_object_get(fox, "token")));
    json_decref(fox);
    /* Make sure seat 0 is to act (the bot may have led). */
    char id[32], token[64];
    REQUIRE(create_game(&s, OTHER, 10000, id, token) == 201);
    char state[128];
    snprintf(state, sizeof state, "/api/games/%s/state", id);
    enum { THREADS = 16 };
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++)
        pthread_create(&threads[i], NULL, flood_hints, &f);
    usleep(300 * 1000);
    long long times[100];
    int n = 0, failed = 0;
    for (int i = 0; i < 100; i++) {
        tw_ts_reply r;
        long long t0 = tw_ts_now_ms();
        int rc = tw_ts_request_from(&s, OTHER, 5000, "GET", state, token, NULL, &r);
        times[n++] = tw_ts_now_ms() - t0;
        if (rc != 0 || r.status != 200)
            failed++;
        if (rc == 0)
            tw_ts_reply_free(&r);
        usleep(10 * 1000);
    }
    /* Moves on a table with a bot partner: its decisions go before the
     * waiting hints (figures only: the tail follows the machine's load). */
    long long moves[20];
    int bot_failed = 0;
    int nm = bot_table_moves(&s, 20, moves, &bot_failed);
    __atomic_store_n(&f.stop, 1, __ATOMIC_SEQ_CST);
    for (int i = 0; i < THREADS; i++)
        pthread_join(threads[i], NULL);
    CHECK_INT(bot_failed, 0);
    CHECK(nm > 0);
    qsort(moves, (size_t)nm, sizeof moves[0], by_value);
    if (nm > 0)
        printf("   a move with a bot partner under %d hint threads: p50 %lld ms, worst %lld ms (%d moves)\n", THREADS,
               moves[nm / 2], moves[nm - 1], nm);
    qsort(times, (size_t)n, sizeof times[0], by_value);
    printf("   another table's state under %d hint threads: p50 %lld ms, p99 %lld ms (%d hints, %d busy)\n", THREADS,
           times[n / 2], times[n * 99 / 100], f.asked, f.busy);
    CHECK_INT(failed, 0);
    CHECK(f.asked > 0);
    /* Before the worker pool: p50 18 ms, p99 64 to 80 ms (release build).
     * The median says whether a state request waits behind the hints (one
     * hint takes seconds in a sanitizer build, which is several times
     * slower). The tail follows the machine's load, not the server (one
     * run of a release build went past 50 ms while other programs held
     * both cores), so it is only bounded here; its figure on a quiet
     * machine is printed above and recorded in docs/server.md. The
     * median's bound leaves room for the suite's other half running on
     * the other core (5 ms was seen there), still well under the 18 ms of
     * a state request queued behind the hints. */
    int slow = strstr(tw_ts_binary(), "/asan/") || strstr(tw_ts_binary(), "/tsan/");
    CHECK(times[n / 2] < (slow ? 20 : 10));
    CHECK(times[n * 99 / 100] < 1000);
    CHECK_INT(tw_ts_stop(&s), 0);
}

TEST(server_limits_half_sent_requests_time_out)
{
    tw_ts_server s;
    const char *extra[] = {"--timeout", "2", NULL};
    REQUIRE(tw_ts_start_args(&s, tw_test_tmp("limits-timeout.db"), NULL, extra) == 0);
    int fds[3] = {tw_ts_open_half_sent(&s, NULL), tw_ts_connect_from(&s, NULL), tw_ts_connect_from(&s, NULL)};
    /* One half-sent body, one half-sent header block, one silent connection. */
    static const char half_header[] = "GET /api/history HTTP/1.1\r\nHost: x\r\nX-Slow: ";
    REQUIRE(fds[0] >= 0 && fds[1] >= 0 && fds[2] >= 0);
    CHECK(send(fds[1], half_header, sizeof half_header - 1, MSG_NOSIGNAL) > 0);
    long long start = tw_ts_now_ms();
    for (int i = 0; i < 3; i++) {
        struct pollfd p = {fds[i], POLLIN, 0};
        char buf[512];
        long long left = start + 6000 - tw_ts_now_ms();
        int closed = 0;
        while (left > 0 && poll(&p, 1, (int)left) > 0) {
            ssize_t n = recv(fds[i], buf, sizeof buf, 0);
            if (n <= 0) {
                closed = 1;
                break;
            }
            left = start + 6000 - tw_ts_now_ms();
        }
        CHECK(closed);
        close(fds[i]);
    }
    long long took = tw_ts_now_ms() - start;
    printf("   slow and silent connections closed after %lld ms\n", took);
    CHECK(took < 5000);
    /* An event stream is never silent that long: it stays open. */
    json_t *game;
    REQUIRE(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", &game) == 201);
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/events?token=%s", json_string_value(json_object_get(game, "id")),
             json_string_value(json_object_get(game, "token")));
    json_decref(game);
    int fd = tw_ts_events_open(&s, path);
    REQUIRE(fd >= 0);
    CHECK_INT(tw_ts_events_wait(fd, 0, 3000), 0);
    usleep(4500 * 1000);
    char buf[256];
    ssize_t n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
    CHECK(n > 0); /* pings came, the stream is open */
    close(fd);
    CHECK_INT(tw_ts_stop(&s), 0);
}
