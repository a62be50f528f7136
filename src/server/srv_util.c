/* Small helpers of the web server: times for the stored rows and the
 * monotonic waits, token comparison, JSON replies,
 * quoted lists for messages, client addresses as text. */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "server/server.h"

/* A time in milliseconds since 1970 as "YYYY-MM-DDTHH:MM:SSZ" (UTC). */
void tw_srv_iso_of_ms(long long ms, char out[32])
{
    time_t t = (time_t)(ms / 1000);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Sets up a condition variable whose timed waits count on the
 * monotonic clock, which a step of the wall clock does not move. */
void tw_srv_cond_init(pthread_cond_t *cond)
{
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(cond, &attr);
    pthread_condattr_destroy(&attr);
}

/* The monotonic time ms milliseconds from now, as a timed wait on a
 * condition of tw_srv_cond_init takes it. */
struct timespec tw_srv_mono_after(long long ms)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += (time_t)(ms / 1000);
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

/* Equal tokens, checked over the whole length whatever the contents. */
int tw_srv_token_equal(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la != lb || la == 0)
        return 0;
    unsigned diff = 0;
    for (size_t i = 0; i < la; i++)
        diff |= (unsigned)(unsigned char)a[i] ^ (unsigned)(unsigned char)b[i];
    return diff == 0;
}

/* A reply with a JSON body. */
tw_srv_reply tw_srv_ok(int status, json_t *body)
{
    tw_srv_reply r = {status, body, NULL, 0, NULL};
    return r;
}

/* An error reply; the message is plain English for people. */
tw_srv_reply tw_srv_error(int status, const char *code, const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    tw_srv_reply r = {status, json_pack("{s:s, s:s}", "error", message, "code", code), NULL, 0, NULL};
    if (!r.body) /* a message that is not UTF-8 (quoted user input) */
        r.body = json_pack("{s:s, s:s}", "error", "the request was refused", "code", code);
    return r;
}

/* An archived game: kept in the database, no longer played or shown. */
tw_srv_reply tw_srv_archived(const char *id)
{
    return tw_srv_error(410, "archived",
                        "the game \"%.40s\" was archived: nobody played it for too long, so it can no longer be "
                        "played; start a new game",
                        id);
}

/* Quotes and joins texts for a message. */
void tw_srv_quote_list(const char *const *items, int n, const char *last, char *out, size_t size)
{
    if (size == 0)
        return;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s\"%s\"", i == 0 ? "" : i == n - 1 ? last : ", ", items[i]);
    }
}

/* The games' record names, for messages. */
void tw_srv_game_names(char *out, size_t size)
{
    const char *names[8];
    int n = 0;
    for (int i = 0; i < tw_game_count && n < 8; i++)
        names[n++] = tw_games[i]->record_name;
    tw_srv_quote_list(names, n, " or ", out, size);
}

tw_srv_reply tw_srv_bad_token(const char *token)
{
    if (!token || !*token)
        return tw_srv_error(403, "forbidden",
                            "this request needs a seat token (Authorization: Bearer TOKEN, or ?token=TOKEN)");
    return tw_srv_error(403, "forbidden", "this token does not open a seat at this table");
}

long long tw_srv_query_number(const char *text, long long lo, long long hi)
{
    if (!text || !*text || strlen(text) > 9)
        return -1;
    long long v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v >= lo && v <= hi ? v : -1;
}

tw_srv_reply tw_srv_bad_step(int count)
{
    return tw_srv_error(400, "bad_request", "step must be a whole number from 0 to %d", count);
}

void tw_srv_address_text(const struct sockaddr *sa, char *out, size_t size)
{
    snprintf(out, size, "unknown");
    if (sa && sa->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, out, (socklen_t)size);
        return;
    }
    if (!sa || sa->sa_family != AF_INET6)
        return;
    struct in6_addr a = ((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr;
    if (IN6_IS_ADDR_V4MAPPED(&a)) { /* an IPv4 client of a dual-stack socket */
        inet_ntop(AF_INET, &a.s6_addr[12], out, (socklen_t)size);
        return;
    }
    if (IN6_IS_ADDR_LOOPBACK(&a)) {
        snprintf(out, size, "::1");
        return;
    }
    /* One site gets a whole /64 (and picks addresses in it at will):
     * the prefix is one client. */
    memset(&a.s6_addr[8], 0, 8);
    char prefix[INET6_ADDRSTRLEN];
    if (inet_ntop(AF_INET6, &a, prefix, sizeof prefix))
        snprintf(out, size, "%s/64", prefix);
}

/* The value of a hexadecimal digit, or -1. */
static int hex_value(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

size_t tw_srv_unescape(char *s, int plus_is_space)
{
    char *in = s, *out = s;
    while (*in) {
        int hi = in[0] == '%' ? hex_value(in[1]) : -1;
        int lo = hi >= 0 ? hex_value(in[2]) : -1;
        if (lo >= 0 && (hi | lo) != 0) {
            *out++ = (char)(hi * 16 + lo);
            in += 3;
        } else if (plus_is_space && *in == '+') {
            *out++ = ' ';
            in++;
        } else {
            *out++ = *in++;
        }
    }
    *out = '\0';
    return (size_t)(out - s);
}
