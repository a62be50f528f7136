/* Limits per client: token-bucket rate limits by client address (game
 * creation, hints), the check that a state-changing request comes from
 * the server's own pages (Origin), the names the server answers to
 * (Host, against DNS rebinding), and log lines written at most once per
 * interval so that a flood of refusals cannot flood the log. */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <ctype.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "server/server.h"

/* Clients remembered per limiter; when the table is full, clients whose
 * bucket has refilled are forgotten (they carry no information). */
#define RATE_SLOTS 4096
/* Seconds between two log lines with the same key. */
#define LOG_INTERVAL_SECONDS 10

void tw_srv_limits_default(tw_srv_limits *limits)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    limits->max_connections = 512;
    limits->max_per_client = 32;
    limits->timeout = 10;
    limits->create_per_minute = 60;
    limits->create_total_per_minute = 600;
    limits->hints_per_minute = 300;
    limits->hints_per_seat = 60;
    limits->hint_burst_seat = 0; /* five minutes' worth: 300 */
    limits->workers = cores > 2 ? (unsigned)(cores - 1) : 1;
    limits->queue = 16;
    limits->archive_days = 30;
    limits->unjoined_days = 1;
    limits->max_loaded = 2000;
    limits->body_seconds = 10;
    limits->max_streams = 256;
    limits->streams_per_client = 8;
    limits->max_bodies = 64;
    limits->bodies_per_client = 4;
    /* Tests make days short (docs/server.md, "Tests"); nothing else should. */
    const char *day = getenv("TRICKWOOD_TEST_DAY_MS");
    long long ms = day ? atoll(day) : 0;
    limits->day_ms = ms >= 24 ? ms : 86400000LL;
}

/* Seconds on a monotonic clock, with a fraction. */
static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- Rate limits ------------------------------------------------------------- */

/* One client's bucket. An empty key marks a free slot. */
typedef struct {
    char key[48];
    double tokens;
    double at; /* when tokens was last brought up to date */
} rate_slot;

struct tw_srv_rate {
    pthread_mutex_t lock;
    unsigned per_minute;
    unsigned burst; /* a bucket's size: requests allowed in a row */
    int used;
    rate_slot slots[RATE_SLOTS];
};

tw_srv_rate *tw_srv_rate_new(unsigned per_minute)
{
    return tw_srv_rate_new_burst(per_minute, per_minute);
}

tw_srv_rate *tw_srv_rate_new_burst(unsigned per_minute, unsigned burst)
{
    tw_srv_rate *rate = calloc(1, sizeof *rate);
    if (!rate)
        return NULL;
    pthread_mutex_init(&rate->lock, NULL);
    rate->per_minute = per_minute;
    rate->burst = burst > per_minute ? burst : per_minute;
    return rate;
}

void tw_srv_rate_free(tw_srv_rate *rate)
{
    if (!rate)
        return;
    pthread_mutex_destroy(&rate->lock);
    free(rate);
}

/* A string hash (FNV-1a) for the slot table. */
static unsigned hash_text(const char *s)
{
    unsigned h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* Brings a bucket's tokens up to date at time now. */
static void refill(const tw_srv_rate *rate, rate_slot *slot, double now)
{
    slot->tokens += (now - slot->at) * rate->per_minute / 60.0;
    if (slot->tokens > rate->burst)
        slot->tokens = rate->burst;
    slot->at = now;
}

/* Forgets every client whose bucket is full again, rebuilding the table. */
static void forget_idle(tw_srv_rate *rate, double now)
{
    rate_slot *old = malloc(sizeof rate->slots);
    if (!old)
        return;
    memcpy(old, rate->slots, sizeof rate->slots);
    memset(rate->slots, 0, sizeof rate->slots);
    rate->used = 0;
    for (int i = 0; i < RATE_SLOTS; i++) {
        if (!old[i].key[0])
            continue;
        refill(rate, &old[i], now);
        if (old[i].tokens >= rate->burst)
            continue;
        unsigned at = hash_text(old[i].key) % RATE_SLOTS;
        while (rate->slots[at].key[0])
            at = (at + 1) % RATE_SLOTS;
        rate->slots[at] = old[i];
        rate->used++;
    }
    free(old);
}

int tw_srv_rate_take(tw_srv_rate *rate, const char *client)
{
    if (!rate || rate->per_minute == 0)
        return 0;
    double now = now_seconds();
    pthread_mutex_lock(&rate->lock);
    if (rate->used >= RATE_SLOTS * 3 / 4)
        forget_idle(rate, now);
    unsigned at = hash_text(client) % RATE_SLOTS;
    int probes = 0;
    while (rate->slots[at].key[0] && strcmp(rate->slots[at].key, client) != 0 && probes < RATE_SLOTS) {
        at = (at + 1) % RATE_SLOTS;
        probes++;
    }
    rate_slot *slot = &rate->slots[at];
    if (!slot->key[0]) {
        if (rate->used >= RATE_SLOTS - 1) { /* every client busy: let it through */
            pthread_mutex_unlock(&rate->lock);
            return 0;
        }
        snprintf(slot->key, sizeof slot->key, "%s", client);
        slot->tokens = rate->burst;
        slot->at = now;
        rate->used++;
    }
    refill(rate, slot, now);
    int wait = 0;
    if (slot->tokens >= 1.0) {
        slot->tokens -= 1.0;
    } else {
        double seconds = (1.0 - slot->tokens) * 60.0 / rate->per_minute;
        wait = (int)seconds + 1;
    }
    pthread_mutex_unlock(&rate->lock);
    return wait;
}

/* ---- Tallies ------------------------------------------------------------------ */

/* One address's count. */
typedef struct {
    char key[48];
    unsigned count;
} tally_slot;

struct tw_srv_tally {
    pthread_mutex_t lock;
    unsigned per_key, total, open;
    unsigned used;     /* slots in use: addresses with one open at least (at most total) */
    tally_slot *slots; /* total of them */
};

tw_srv_tally *tw_srv_tally_new(unsigned per_key, unsigned total)
{
    tw_srv_tally *t = calloc(1, sizeof *t);
    if (!t || !(t->slots = calloc(total ? total : 1, sizeof *t->slots))) {
        free(t);
        return NULL;
    }
    pthread_mutex_init(&t->lock, NULL);
    t->per_key = per_key;
    t->total = total;
    return t;
}

void tw_srv_tally_free(tw_srv_tally *t)
{
    if (!t)
        return;
    pthread_mutex_destroy(&t->lock);
    free(t->slots);
    free(t);
}

/* The slot of key among those in use, or NULL. Call with the lock held. */
static tally_slot *tally_find(tw_srv_tally *t, const char *key)
{
    for (unsigned i = 0; i < t->used; i++)
        if (strcmp(t->slots[i].key, key) == 0)
            return &t->slots[i];
    return NULL;
}

int tw_srv_tally_take(tw_srv_tally *t, const char *key)
{
    pthread_mutex_lock(&t->lock);
    tally_slot *slot = tally_find(t, key);
    int refused = slot && slot->count >= t->per_key ? 1 : t->open >= t->total ? 2 : 0;
    if (!refused && !slot) {
        slot = &t->slots[t->used++]; /* used <= open < total */
        snprintf(slot->key, sizeof slot->key, "%s", key);
        slot->count = 0;
    }
    if (!refused) {
        slot->count++;
        t->open++;
    }
    pthread_mutex_unlock(&t->lock);
    return refused;
}

void tw_srv_tally_give(tw_srv_tally *t, const char *key)
{
    pthread_mutex_lock(&t->lock);
    tally_slot *slot = tally_find(t, key);
    if (slot) {
        t->open--;
        if (--slot->count == 0)
            *slot = t->slots[--t->used]; /* the last one takes its place */
    }
    pthread_mutex_unlock(&t->lock);
}

/* ---- Log throttling ---------------------------------------------------------- */

/* Keys seen lately: when each was last written and how many were left out. */
#define LOG_KEYS 32
static struct {
    char key[64];
    double last;
    unsigned skipped;
} log_keys[LOG_KEYS];
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

void tw_srv_log_throttled(const char *key, const char *fmt, ...)
{
    double now = now_seconds();
    pthread_mutex_lock(&log_lock);
    int slot = -1, oldest = 0;
    for (int i = 0; i < LOG_KEYS && slot < 0; i++)
        if (strncmp(log_keys[i].key, key, sizeof log_keys[i].key - 1) == 0)
            slot = i;
    if (slot < 0) {
        for (int i = 1; i < LOG_KEYS; i++)
            if (log_keys[i].last < log_keys[oldest].last)
                oldest = i;
        slot = oldest;
        snprintf(log_keys[slot].key, sizeof log_keys[slot].key, "%s", key);
        log_keys[slot].last = -1e9;
        log_keys[slot].skipped = 0;
    }
    if (now - log_keys[slot].last < LOG_INTERVAL_SECONDS) {
        log_keys[slot].skipped++;
        pthread_mutex_unlock(&log_lock);
        return;
    }
    unsigned skipped = log_keys[slot].skipped;
    log_keys[slot].last = now;
    log_keys[slot].skipped = 0;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    size_t len = strlen(line);
    while (len > 0 && line[len - 1] == '\n')
        line[--len] = '\0';
    if (skipped)
        fprintf(stderr, "trickwood serve: %s (and %u more like it in the last %d seconds)\n", line, skipped,
                LOG_INTERVAL_SECONDS);
    else
        fprintf(stderr, "trickwood serve: %s\n", line);
    pthread_mutex_unlock(&log_lock);
}

/* ---- Origin ------------------------------------------------------------------ */

int tw_srv_origin_allowed(const char *origin, const char *host)
{
    if (!origin)
        return 1;
    const char *rest = NULL;
    if (strncasecmp(origin, "http://", 7) == 0)
        rest = origin + 7;
    else if (strncasecmp(origin, "https://", 8) == 0)
        rest = origin + 8;
    if (!rest || !host || !*host)
        return 0; /* "null" (a sandboxed page or a file) or another scheme */
    size_t len = strlen(rest);
    if (len > 0 && rest[len - 1] == '/')
        len--;
    return len == strlen(host) && strncasecmp(rest, host, len) == 0;
}

/* ---- Host names ---------------------------------------------------------------- */

/* Copies the name of a Host value ("name", "name:port", "[v6]",
 * "[v6]:port") lower case, without brackets, port or final dot. With
 * port_allowed 0 a port is refused (a name given to --allow-host).
 * 0, or -1 when it is no host. */
static int host_name(const char *host, int port_allowed, char *out, size_t size)
{
    const char *start = host, *end, *rest;
    if (*host == '[') {
        start = host + 1;
        end = strchr(start, ']');
        if (!end)
            return -1;
        rest = end + 1;
    } else {
        end = strchr(host, ':');
        if (end && !port_allowed) /* an IPv6 address without brackets */
            end = host + strlen(host);
        else if (!end)
            end = host + strlen(host);
        rest = end;
    }
    if (*rest == ':' && port_allowed) {
        size_t digits = strspn(rest + 1, "0123456789");
        if (digits < 1 || digits > 5 || rest[1 + digits])
            return -1;
    } else if (*rest) {
        return -1;
    }
    size_t len = (size_t)(end - start);
    if (len > 0 && start[len - 1] == '.')
        len--;
    if (len == 0 || len >= size)
        return -1;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)start[i];
        if (!isalnum(ch) && !strchr("-._:", ch))
            return -1;
        out[i] = (char)tolower(ch);
    }
    out[len] = '\0';
    return 0;
}

int tw_srv_hosts_add(tw_srv_hosts *hosts, const char *name)
{
    char clean[256];
    struct in6_addr v6;
    if (!name || host_name(name, 0, clean, sizeof clean) != 0)
        return -1;
    if (strchr(clean, ':') && inet_pton(AF_INET6, clean, &v6) != 1)
        return -1; /* a port, or no address */
    for (int i = 0; i < hosts->count; i++)
        if (strcmp(hosts->name[i], clean) == 0)
            return 0;
    if (hosts->count == TW_SRV_MAX_HOSTS)
        return -1;
    snprintf(hosts->name[hosts->count++], sizeof hosts->name[0], "%s", clean);
    return 0;
}

/* Whether an address names every address of the machine (0.0.0.0, ::). */
static int is_wildcard(const char *address)
{
    char clean[256];
    struct in_addr v4;
    struct in6_addr v6;
    if (host_name(address, 0, clean, sizeof clean) != 0)
        return 0;
    if (inet_pton(AF_INET, clean, &v4) == 1)
        return v4.s_addr == htonl(INADDR_ANY);
    return inet_pton(AF_INET6, clean, &v6) == 1 && memcmp(&v6, &in6addr_any, sizeof v6) == 0;
}

/* Adds the addresses of the machine's interfaces, its host name and
 * NAME.local (what a player on the network may type). */
static void add_machine_names(tw_srv_hosts *hosts)
{
    struct ifaddrs *list = NULL;
    if (getifaddrs(&list) == 0) {
        for (struct ifaddrs *a = list; a; a = a->ifa_next) {
            char text[INET6_ADDRSTRLEN];
            if (!a->ifa_addr)
                continue;
            const void *at = a->ifa_addr->sa_family == AF_INET
                                 ? (const void *)&((const struct sockaddr_in *)(const void *)a->ifa_addr)->sin_addr
                             : a->ifa_addr->sa_family == AF_INET6
                                 ? (const void *)&((const struct sockaddr_in6 *)(const void *)a->ifa_addr)->sin6_addr
                                 : NULL;
            if (at && inet_ntop(a->ifa_addr->sa_family, at, text, sizeof text))
                tw_srv_hosts_add(hosts, text);
        }
        freeifaddrs(list);
    }
    char name[200];
    if (gethostname(name, sizeof name) == 0) {
        name[sizeof name - 1] = '\0';
        char local[220];
        snprintf(local, sizeof local, "%s.local", name);
        tw_srv_hosts_add(hosts, name);
        tw_srv_hosts_add(hosts, local);
    }
}

void tw_srv_hosts_default(tw_srv_hosts *hosts, const char *listen_host)
{
    hosts->count = 0;
    tw_srv_hosts_add(hosts, "localhost");
    tw_srv_hosts_add(hosts, "127.0.0.1");
    tw_srv_hosts_add(hosts, "::1");
    if (listen_host && is_wildcard(listen_host))
        add_machine_names(hosts);
    else if (listen_host)
        tw_srv_hosts_add(hosts, listen_host);
}

int tw_srv_host_allowed(const tw_srv_hosts *hosts, const char *host)
{
    if (!host || hosts->count == 0)
        return 1;
    char name[256];
    if (host_name(host, 1, name, sizeof name) != 0)
        return 0;
    size_t len = strlen(name);
    if (len > 10 && strcmp(name + len - 10, ".localhost") == 0)
        return 1; /* RFC 6761: always this machine, never asked of DNS */
    for (int i = 0; i < hosts->count; i++)
        if (strcmp(hosts->name[i], name) == 0)
            return 1;
    return 0;
}

void tw_srv_hosts_text(const tw_srv_hosts *hosts, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < hosts->count && n + 1 < size; i++) {
        int w = snprintf(out + n, size - n, "%s%s", i ? ", " : "", hosts->name[i]);
        if (w < 0)
            break;
        n += (size_t)w;
    }
}
