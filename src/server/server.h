/* `trickwood serve`: the web server. One port serves the web app (files
 * under web/) and the JSON API under /api/ (docs/web-api.md). The modules:
 *
 *   srv_front.c    the front door: accepts, counts connections per address,
 *                  holds each until its head is whole and checked, hands it on
 *   srv_head.c     the check of a request head (strict HTTP/1.x, sizes)
 *   srv_http.c     libmicrohttpd glue: bodies, routing, replies, event streams
 *   srv_route.c    the API's router: one table of (method, path pattern, handler)
 *   srv_static.c   the web app's files (no path ever leaves the web folder)
 *   srv_api.c      the per-game endpoints (create, join, bot, state, actions, hint)
 *   srv_history.c  finished games (src/history/): list, totals, record, replay, import
 *   srv_game.c     games in memory: a match, seats, the bot, the log, rebuild on demand
 *   srv_seat.c     a game's seats: join codes, the seat a token opens, the seat to act
 *   srv_store.c    storage of games in play (SQLite or PostgreSQL): every action is committed before the reply
 *   srv_util.c     times of stored rows and monotonic waits, token comparison, JSON error replies, addresses
 *   srv_limits.c   limits per client: rate limits, the Origin check, log throttling
 *   srv_pool.c     the bounded pool of worker threads that runs hints and bots
 *   srv_analysis.c the analysis of a game and hints at any step of it
 *
 * Every game is handled through the game interface (trickwood/game.h): a
 * game table and a match. Nothing here is written for one game; what
 * differs (options, configurations, hidden actions, views) is the
 * tables'.
 *
 * The command `trickwood serve` (options, listening socket, signals) is
 * the terminal program's: src/cli/serve.c uses this header, never the
 * other way round.
 *
 * The server is authoritative: browsers send actions in the record
 * notation, the engine checks them, and each seat only ever receives what
 * the table's view_json, apply_seen and action_hidden let it see. */
#ifndef TRICKWOOD_SERVER_H
#define TRICKWOOD_SERVER_H

#include <jansson.h>
#include <pthread.h>
#include <time.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "history/history.h"
#include "trickwood/game.h"
#include "trickwood/system.h"

/* Analyses of finished games kept in memory (the oldest kept goes first). */
#define TW_SRV_ANALYSIS_CACHE 64
/* Largest request body accepted (413 beyond). */
#define TW_SRV_MAX_BODY (64 * 1024)
/* Seconds between keep-alive comments on an event stream (shorter than
 * the connection timeout, so a quiet stream is never timed out). */
#define TW_SRV_PING_SECONDS 5

/* The limits a server runs with (docs/server.md lists each, its option
 * and what a client sees). A rate of 0 means unlimited. */
typedef struct {
    unsigned max_connections;   /* --max-connections: open connections in all */
    unsigned max_per_client;    /* --max-per-client: open connections from one address */
    unsigned timeout;           /* --timeout: seconds a connection may stay silent */
    unsigned create_per_minute; /* --create-rate: games one address may create per minute */
    unsigned create_total_per_minute; /* --create-rate-total: games all addresses together may create per minute */
    unsigned hints_per_minute;  /* --hint-rate: hints one address may ask per minute (every seat and table together) */
    unsigned hints_per_seat;    /* --hint-rate-seat: hints one seat (its token) may ask per minute */
    unsigned hint_burst_seat;   /* --hint-burst-seat: hints one seat may ask in a row (at least hints_per_seat;
                                   0: five minutes' worth, a whole game's hints asked without a pause) */
    unsigned workers;           /* --workers: threads that run hints and bots */
    unsigned queue;             /* hints waiting for a worker before 503 */
    unsigned archive_days;      /* --archive-after: an unfinished game untouched this long is archived (0: never) */
    unsigned unjoined_days;     /* --archive-unjoined-after: the same for a table whose seat 1 is open */
    unsigned delete_days;       /* --delete-archived-after: an archived game is deleted this long after (0: never) */
    unsigned max_loaded;        /* games kept in memory at most (idle ones beyond are dropped) */
    unsigned body_seconds;      /* --body-time: seconds a request body may take in all, from its head */
    unsigned max_streams;       /* --max-streams: event streams open in all */
    unsigned streams_per_client; /* --max-streams-per-client: event streams open from one address */
    unsigned max_bodies;        /* --max-bodies: bodies over TW_SRV_FRONT_BODY being received in all */
    unsigned bodies_per_client; /* --max-bodies-per-client: the same from one address */
    long long day_ms;           /* a day in milliseconds (shorter only in tests: TRICKWOOD_TEST_DAY_MS) */
} tw_srv_limits;

/* Fills limits with the defaults (workers from the number of cores). */
void tw_srv_limits_default(tw_srv_limits *limits);

/* ---- Replies ------------------------------------------------------------- */

/* What an endpoint answers: an HTTP status and a JSON body (owned), plus an
 * Allow header for 405 replies. */
typedef struct {
    int status;
    json_t *body;
    const char *allow;
    int retry_after; /* seconds for a Retry-After header; 0 for none */
    char *text;      /* instead of body: the body already written as JSON (freed with the reply) */
} tw_srv_reply;

/* A JSON reply (takes the body's reference). */
tw_srv_reply tw_srv_ok(int status, json_t *body);
/* An error reply {"error": message, "code": code} (printf-style message). */
tw_srv_reply tw_srv_error(int status, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The reply for an archived game: 410, code "archived". */
tw_srv_reply tw_srv_archived(const char *id);

/* ---- Utilities (srv_util.c) ---------------------------------------------- */

/* A time in milliseconds since 1970 as ISO 8601 ("2024-05-01T12:34:56Z"). */
void tw_srv_iso_of_ms(long long ms, char out[32]);
/* Every timeout of the server counts on the monotonic clock, never on
 * the wall clock (a step back of it would stall waits): conditions are
 * set up by tw_srv_cond_init, and their timed waits take a deadline of
 * tw_srv_mono_after (ms from now). */
void tw_srv_cond_init(pthread_cond_t *cond);
struct timespec tw_srv_mono_after(long long ms);
/* Compares two tokens in time that does not depend on where they differ. */
int tw_srv_token_equal(const char *a, const char *b);
/* Writes n texts quoted, separated by ", " and before the last one by
 * last: "\"a\", \"b\" or \"c\"" with last " or ". For messages. */
void tw_srv_quote_list(const char *const *items, int n, const char *last, char *out, size_t size);
/* The record names of every game ("\"northwood\" or \"foxduet\"). */
void tw_srv_game_names(char *out, size_t size);
/* The reply to a token that opens no seat of a table (none given, or
 * a wrong one): 403 forbidden. */
tw_srv_reply tw_srv_bad_token(const char *token);
/* Room for a client address as text (IPv6 at most, and its NUL). */
#define TW_SRV_ADDRESS_TEXT 48
struct sockaddr;
/* A client as text: its IPv4 address (also from an IPv4-mapped IPv6
 * one), ::1, or an IPv6 address's /64 prefix ("2001:db8:1:2::/64": a
 * site picks any address in its /64, so the prefix is one client);
 * "unknown" for another kind or NULL. The key of its limits (connections,
 * streams, rates), and what the log names. */
void tw_srv_address_text(const struct sockaddr *sa, char *out, size_t size);
/* Parses a whole number query value in [lo, hi]; -1 when it is not one
 * (or is NULL). */
long long tw_srv_query_number(const char *text, long long lo, long long hi);
/* Decodes %XX escapes in place (and '+' as a space when plus_is_space,
 * as in a query), except %00, which stays as text: a NUL must never cut
 * a path short (then "/index.html%00.js" is no file and no endpoint).
 * Returns the new length. */
size_t tw_srv_unescape(char *s, int plus_is_space);
/* The reply to a bad step query of a game of count actions: 400. */
tw_srv_reply tw_srv_bad_step(int count);

/* ---- Storage (srv_store.c) ------------------------------------------------ */

/* The server's database: the history's file (src/history/), opened
 * alone: its lock file FILE.lock and the file itself held (flock) while
 * the server runs. */
typedef tw_history_db tw_srv_store;

/* One stored game row. Texts are empty when NULL in the database. */
typedef struct {
    char id[32];
    char game[16];
    char config[512];
    uint64_t seed;
    char token[2][64];
    char join_code[32];
    char partner[16];
    char created_at[32];
    char finished_at[32];
    char archived_at[32];
    long long active_ms; /* last activity: created, joined, last action (ms since 1970) */
} tw_srv_game_row;

/* Opens (creating when needed) the database at path and its tables
 * (tw_history_db_open: an older file is brought to today's schema).
 * First takes the lock file path.lock, so that a second server on the
 * same file refuses to start (the message names the file and the pid
 * holding it) and the database file itself (flock: a link to it is
 * refused too); refuses a schema newer than it knows and a database
 * that SQLite's quick_check finds damaged, before writing anything;
 * then checks that the database can be written. Returns 0, or -1 with
 * a message in err. The terminal opens the same file beside a running
 * server with tw_history_db_open, without the locks. */
int tw_srv_store_open(tw_srv_store *store, const char *path, char *err, size_t err_size);
/* Closes the database. */
void tw_srv_store_close(tw_srv_store *store);
/* Makes the database at path and its -wal and -shm files (those that
 * exist) readable and writable by their owner only (0600), since they
 * hold the seat tokens: an older database, or one copied, may be
 * readable by others. Call before opening it (SQLite gives new -wal
 * and -shm files the database's mode). fixed gets the files changed
 * with their old modes ("FILE (0644), FILE-wal (0644)"), failed those
 * it could not change with the reason. Returns how many it changed. */
int tw_srv_store_private(const char *path, char *fixed, size_t fixed_size, char *failed, size_t failed_size);
/* Stores a new game, active from row->active_ms (0: now). Returns 0 or -1. */
int tw_srv_store_add_game(tw_srv_store *store, const tw_srv_game_row *row);
/* Updates the seat-1 token, join code, partner and config of a game,
 * and its last activity (now). Refused (-1) once it is archived. */
int tw_srv_store_set_seat(tw_srv_store *store, const char *id, const char *token1, const char *join_code,
                          const char *partner, const char *config);
/* Stores one action (seq counts from 0), sets the game's last activity
 * and, when record_json is not NULL, marks the game finished with its
 * result and record, all in one committed transaction. Returns 0 or -1
 * (nothing stored; also when the game is archived). */
int tw_srv_store_add_action(tw_srv_store *store, const char *id, int seq, int seat, const char *action,
                            const char *result_json, const char *record_json, const char *finished_at);
/* Forgets the actions of a game from seq `keep` on (an undo) and sets
 * its last activity, in one committed transaction. Returns 0 or -1
 * (nothing changed; also when the game is archived). */
int tw_srv_store_take_back(tw_srv_store *store, const char *id, int keep);
/* Reads a game row. Returns 1 when found, 0 when not, -1 on error. */
int tw_srv_store_get_game(tw_srv_store *store, const char *id, tw_srv_game_row *row);
/* Reads the actions of a game in order: calls fn for each one. Returns
 * the count, or -1 on error. */
int tw_srv_store_actions(tw_srv_store *store, const char *id, void (*fn)(void *ctx, int seat, const char *action),
                         void *ctx);
/* Counts the live games: unfinished and not archived (an index scan). */
int tw_srv_store_count_live(tw_srv_store *store);
/* Ids (at most max, into ids[max][32]) of live games that the sweep
 * archives: last active before cut_ms, or before unjoined_cut_ms with
 * seat 1 open (a cut of 0 archives nothing). Returns the count or -1. */
int tw_srv_store_stale(tw_srv_store *store, long long cut_ms, long long unjoined_cut_ms, char (*ids)[32], int max);
/* Deletes the games archived before before_iso (unfinished: finished
 * games, the history, are never archived nor deleted) and their
 * actions, in one transaction. Returns how many, or -1. */
int tw_srv_store_delete_archived(tw_srv_store *store, const char *before_iso);
/* Marks the listed games archived (at archived_at) in one transaction,
 * each only if it is still live and still stale by the same cuts;
 * done[i] says which were. Returns how many, or -1 (none). */
int tw_srv_store_archive(tw_srv_store *store, char (*ids)[32], int n, long long cut_ms, long long unjoined_cut_ms,
                         const char *archived_at, int *done);
/* ---- Games in memory (srv_game.c) ----------------------------------------- */

/* One game table. Everything but id and game is read and written with
 * the lock held. The match holds the actions; its version is
 * match->count. */
typedef struct tw_srv_game {
    char id[32];
    const tw_game *game;
    pthread_mutex_t lock;
    pthread_cond_t changed;  /* broadcast on every change (event streams wait on it) */
    unsigned long changes;   /* counts changes: actions and seats */
    char token[2][64];       /* seat tokens; token[1] is empty while seat 1 is open or a bot */
    char join_code[32];
    char partner[16];        /* who holds seat 1: "open", "human", a bot's name; "none" with one seat */
    tw_game_bot *bot;        /* seat 1's bot when partner names one */
    char created_at[32];
    uint64_t seed;
    json_t *config;          /* the public configuration (shown in history) */
    json_t *log;             /* [{version, seat, action}]: every action taken */
    tw_match *match;
    tw_undo_marks undo;      /* what an undo may take back, kept with each action */
    char *states[2];         /* each seat's last state, as sent (JSON text), or NULL */
    unsigned long states_at[2]; /* changes when it was made: it stands while changes is the same */
    int finished;            /* stored as finished */
    int archived;            /* archived by the sweep: every request gets 410 */
    /* The table's (read and written with the table's lock): */
    int refs;                /* requests and event streams holding the game */
    long long used_ms;       /* when it was last asked for (tw_mono_ms) */
    struct tw_srv_game *next; /* the next game in its hash bucket */
} tw_srv_game;

/* ---- Seats (srv_seat.c) ----------------------------------------------------- */

/* A new join code (game ids and seat tokens: tw_history_new_id and
 * tw_history_new_token). 0, or -1 without a random source. */
int tw_srv_new_join_code(char out[32]);
/* The seat a token opens (0 or 1), or -1. Call with the game lock held. */
int tw_srv_seat_of(const tw_srv_game *g, const char *token);
/* The seat to act (-1 when the game is over). Call with the game lock held. */
int tw_srv_game_to_act(const tw_srv_game *g);

/* ---- Rate limits and log throttling (srv_limits.c) ---------------------------- */

/* Token buckets per client address for one kind of request. */
typedef struct tw_srv_rate tw_srv_rate;

/* A limiter allowing per_minute requests a minute per client, in bursts
 * of up to per_minute (0: unlimited). NULL when out of memory. */
tw_srv_rate *tw_srv_rate_new(unsigned per_minute);
/* The same in bursts of up to burst (at least per_minute): a bucket
 * holds burst requests and fills again at per_minute a minute. */
tw_srv_rate *tw_srv_rate_new_burst(unsigned per_minute, unsigned burst);
void tw_srv_rate_free(tw_srv_rate *rate);
/* Takes one request of client from its bucket: 0 when allowed, else the
 * seconds to wait before the next one is (at least 1). */
int tw_srv_rate_take(tw_srv_rate *rate, const char *client);

/* Counts what is open per client address and in all (event streams),
 * each under a cap. */
typedef struct tw_srv_tally tw_srv_tally;
/* A tally allowing per_key open per address and total in all. NULL
 * when out of memory. */
tw_srv_tally *tw_srv_tally_new(unsigned per_key, unsigned total);
void tw_srv_tally_free(tw_srv_tally *t);
/* Counts one more for key: 0 when taken, 1 when key has per_key open
 * already, 2 when total are open in all (nothing counted then). */
int tw_srv_tally_take(tw_srv_tally *t, const char *key);
/* Counts one less for key (taken before). */
void tw_srv_tally_give(tw_srv_tally *t, const char *key);

/* Writes a message to standard error at most once per interval for each
 * key (the number left out is said with the next one). */
void tw_srv_log_throttled(const char *key, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whether a request with this Origin header (may be NULL) may change
 * state on a server reached through this Host header (may be NULL): no
 * Origin, or an Origin naming the same host and port. */
int tw_srv_origin_allowed(const char *origin, const char *host);

/* The names a server answers to in the Host header (against DNS
 * rebinding: a page of another site whose name was made to resolve to
 * this server still sends its own name). Names are kept lower case,
 * without brackets, port or final dot. */
#define TW_SRV_MAX_HOSTS 64
typedef struct {
    int count; /* 0: no list, every Host is taken (a server not started by `serve`) */
    char name[TW_SRV_MAX_HOSTS][256];
} tw_srv_hosts;

/* Adds a name (a host name, an IPv4 address, an IPv6 address with or
 * without brackets). 0, or -1 when it is not one, or the list is full. */
int tw_srv_hosts_add(tw_srv_hosts *hosts, const char *name);
/* Fills the list for a server listening on listen_host: the loopback
 * names (localhost and its subdomains, 127.0.0.1, ::1) and the listen
 * address; for a wildcard one (0.0.0.0, ::) also the addresses of the
 * machine's interfaces, its host name and NAME.local. */
void tw_srv_hosts_default(tw_srv_hosts *hosts, const char *listen_host);
/* Whether a request with this Host header (NULL: none, as HTTP/1.0 may
 * send) is for a name in the list. */
int tw_srv_host_allowed(const tw_srv_hosts *hosts, const char *host);
/* The list as text ("localhost, 127.0.0.1, ..."), for the log. */
void tw_srv_hosts_text(const tw_srv_hosts *hosts, char *out, size_t size);

/* ---- Worker pool (srv_pool.c) --------------------------------------------------- */

typedef struct tw_srv_pool tw_srv_pool;

/* Starts workers threads for hints (at the lowest priority: SCHED_IDLE,
 * else nice 19) and workers + 1 for bots' decisions (nice 10), with
 * room for queue hints waiting. NULL on failure. */
tw_srv_pool *tw_srv_pool_start(unsigned workers, unsigned queue);
/* Begins a shutdown: jobs still waiting are dropped (their callers get
 * -1) and no new job is taken; the ones running finish. */
void tw_srv_pool_cancel(tw_srv_pool *pool);
/* Lets the running jobs finish, then stops the threads and frees the pool. */
void tw_srv_pool_stop(tw_srv_pool *pool);
/* Runs fn(arg) on a worker and waits for it. With may_refuse (a hint),
 * a full queue refuses at once (-1, fn not run) and the job waits at the
 * end of the hints' queue; without (a bot's decision, which a move waits
 * for), it is never refused and goes to the bot threads, which take no
 * hint. Without a pool
 * (NULL), fn runs in the calling thread. 0 once fn ran; -1 when refused,
 * or when the server began stopping (fn not run). */
int tw_srv_pool_run(tw_srv_pool *pool, void (*fn)(void *arg), void *arg, int may_refuse);

/* The server: storage, the table of games, the web folder. */
typedef struct {
    tw_srv_store store;
    char web_dir[1024];
    pthread_mutex_t games_lock;
    tw_srv_game **buckets;   /* the games in memory, hashed by id */
    size_t bucket_count;
    int game_count;
    unsigned long archive_gen; /* counts archiving passes (a load that overlapped one checks again) */
    pthread_t sweeper;
    int sweeper_running;
    pthread_mutex_t sweep_lock;
    pthread_cond_t sweep_wake;
    atomic_int stopping;
    int quiet;
    tw_srv_limits limits;
    tw_srv_hosts hosts;      /* the names the server answers to (Host) */
    tw_srv_rate *create_rate;
    tw_srv_rate *hint_rate;
    tw_srv_rate *seat_hint_rate; /* per seat token (a table's players behind one router do not share it) */
    tw_srv_rate *create_total; /* the whole server's allowance of new games (one key) */
    tw_srv_tally *streams;   /* event streams open, per address and in all (NULL: no cap) */
    tw_srv_tally *bodies;    /* large bodies being received, per address and in all (NULL: no cap) */
    tw_srv_pool *pool;
    /* Analyses of finished games kept in memory (srv_analysis.c). */
    pthread_mutex_t analysis_lock;
    struct {
        char id[32];
        json_t *json; /* NULL: an empty slot */
    } analyses[TW_SRV_ANALYSIS_CACHE];
    unsigned long analysis_next; /* the slot the next analysis takes */
} tw_srv;

/* Checks that every game's data can be read (each game starts from its
 * defaults and from its oldest stored form); 0, or -1 with a message in
 * err. */
int tw_srv_init(tw_srv *srv, char *err, size_t err_size);
/* Frees every game (storage is closed separately). */
void tw_srv_free(tw_srv *srv);
/* Counts the live games in storage (games are loaded on demand by
 * tw_srv_find, not here). err is unused. */
int tw_srv_restore(tw_srv *srv, FILE *err);
/* Finds a game by id, loading it from storage when needed, and holds it
 * (give it back with tw_srv_release). NULL when unknown, or archived
 * (*archived is then 1; archived may be NULL). */
tw_srv_game *tw_srv_find(tw_srv *srv, const char *id, int *archived);
/* Gives back a game held by tw_srv_find or tw_srv_add (may be NULL). */
void tw_srv_release(tw_srv *srv, tw_srv_game *g);
/* One sweep: archives the stale live games (--archive-after,
 * --archive-unjoined-after), then drops from memory the games nobody
 * holds that are archived, unused for a while, or beyond max_loaded.
 * Returns how many games it archived. */
int tw_srv_sweep(tw_srv *srv);
/* Starts the thread that sweeps every hour (a day / 24); 0 or -1. */
int tw_srv_sweeper_start(tw_srv *srv);
/* Stops it (when started). */
void tw_srv_sweeper_stop(tw_srv *srv);
/* Frees every game in memory, held or not (tests and the fuzz target). */
void tw_srv_drop_games(tw_srv *srv);
/* Wakes every event stream (on shutdown). */
void tw_srv_wake_all(tw_srv *srv);

/* A new empty game, and freeing one that never reached the table. */
tw_srv_game *tw_srv_game_new(void);
void tw_srv_game_discard(tw_srv_game *g);
/* Adds a new game to the table; returns it held (give it back with
 * tw_srv_release), or NULL when out of memory (the game is then freed). */
tw_srv_game *tw_srv_add(tw_srv *srv, tw_srv_game *g);
/* Starts the game's match from its configuration (game, config and seed
 * filled in; a "partner" member is the server's and left out). 0, or -1
 * with what was wrong in why (may be NULL; its message is empty when
 * memory ran out). */
int tw_srv_game_start(tw_srv_game *g, tw_diag *why);
/* Applies a legal action for seat and stores it before it counts; events
 * that viewer may see are appended to events (may be NULL). 0, or -1
 * (nothing changed). Call with the game lock held. */
int tw_srv_apply(tw_srv *srv, tw_srv_game *g, int seat, tw_game_action action, json_t *events, int viewer);
/* A held bot's decision for the seat to act of m, computed on the worker
 * pool (m stays locked by the caller). */
tw_error tw_srv_bot_choose(tw_srv *srv, tw_game_bot *bot, const tw_match *m, tw_game_action *action);
/* Lets a bot in seat 1 act while it is to act. Returns its action count. */
int tw_srv_run_bots(tw_srv *srv, tw_srv_game *g, json_t *events, int viewer);
/* A bot of the game's for seat 1 (its seed from the game's and its
 * version), or NULL for an unknown name or out of memory. */
tw_game_bot *tw_srv_new_bot(const tw_srv_game *g, const char *name);
/* How many actions an undo by seat would take back now (back to its
 * last decision after the last card shown: tw_match_undo_depth, read
 * from the game's undo marks without replaying); 0 when there is none,
 * or when undo is not offered: a table of two people (seat 1 open or a
 * person's). Call with the game lock held. */
int tw_srv_undo_depth(const tw_srv_game *g, int seat);
/* Takes back the last n actions: stores it, then rebuilds the match from
 * the actions that stand and gives seat 1's bot a fresh start. 0, or -1
 * (nothing changed). Call with the game lock held. */
int tw_srv_take_back(tw_srv *srv, tw_srv_game *g, int n);
/* Log entries from index from on, as seat may see them (the table's
 * action_hidden ones have a null action). The others are the game's
 * own entries, shared: a caller never changes them. */
json_t *tw_srv_log_json(const tw_srv_game *g, int from, int seat);

/* ---- Routing (srv_route.c) ------------------------------------------------ */

/* One API request, whatever carried it: libmicrohttpd (srv_http.c) or
 * the page's own engine in a browser (src/wasm/). */
typedef struct {
    const char *method;     /* "GET", "HEAD", "POST"... */
    const char *path;       /* "/api/...", its escapes decoded, without the query */
    const char *token;      /* the seat token (bearer, else ?token=), or NULL */
    const char *(*query)(void *ctx, const char *name); /* a query argument's value, or NULL */
    void *query_ctx;
    const char *body;       /* the body's bytes (not NUL-ended; NULL when none) */
    size_t body_size;
    int body_too_large;     /* the body was over TW_SRV_MAX_BODY and dropped */
} tw_srv_request;

/* The most segments an API path has after "/api/". */
#define TW_SRV_ROUTE_SEGMENTS 6

/* What a route counts against (the rate limits, srv_limits.c). */
typedef enum { TW_SRV_COUNT_NONE, TW_SRV_COUNT_CREATE, TW_SRV_COUNT_HINT } tw_srv_count;

/* A request's method and path matched against the router's table. */
typedef struct {
    int route;     /* the route whose pattern the path matches; -1: no endpoint */
    int method_ok; /* the method is the route's (else 405) */
    int n;         /* segments after "/api/" (-1 for a path that names none) */
    char seg[TW_SRV_ROUTE_SEGMENTS][64];
} tw_srv_match;

/* Matches a request against the table. The path's one normalisation is
 * here: its segments after "/api/", a final slash dropped. Both the
 * rate limits (tw_srv_route_count) and routing (tw_srv_route_run) read
 * this match, so a path is counted as it is routed. */
void tw_srv_route_match(const char *method, const char *path, tw_srv_match *m);
/* What a matched request counts against (none for a path that names no
 * endpoint, or with another method than its route's). */
tw_srv_count tw_srv_route_count(const tw_srv_match *m);
/* Runs a matched request's endpoint. Returns the reply; *events is set
 * (the game held) when the request opens that game's event stream
 * instead, which only the HTTP server can carry. */
tw_srv_reply tw_srv_route_run(tw_srv *srv, const tw_srv_request *rq, const tw_srv_match *m, tw_srv_game **events);
/* Matches and runs an /api/ request (the two calls above). */
tw_srv_reply tw_srv_route(tw_srv *srv, const tw_srv_request *rq, tw_srv_game **events);
/* A 405 reply naming the methods the path takes. */
tw_srv_reply tw_srv_wrong_method(const char *method, const char *allow);
/* The reply's body as JSON text (caller frees), its body released; a
 * reply that cannot be written becomes a 500 with its own text (NULL
 * only when out of memory). */
char *tw_srv_reply_text(tw_srv_reply *r);

/* Parses a request body (size bytes, not NUL-ended) as JSON (srv_route.c).
 * Returns the value, or NULL with a 400 bad_json reply in *reply. The
 * endpoints below then check its members. */
json_t *tw_srv_parse_body(const char *data, size_t size, tw_srv_reply *reply);
/* Creates a game from a request body (validated here). */
tw_srv_reply tw_srv_create(tw_srv *srv, json_t *body);
/* The join endpoint: seat 1 for the right code. */
tw_srv_reply tw_srv_join(tw_srv *srv, tw_srv_game *g, json_t *body);
/* Gives seat 1 to a bot (seat 0's token). */
tw_srv_reply tw_srv_seat_bot(tw_srv *srv, tw_srv_game *g, int seat_asked, const char *token, json_t *body);
/* The state of a game as one seat sees it. */
tw_srv_reply tw_srv_state(tw_srv *srv, tw_srv_game *g, const char *token);
/* Applies an action for a seat, then any bot actions; stores each. */
tw_srv_reply tw_srv_act(tw_srv *srv, tw_srv_game *g, const char *token, json_t *body);
/* Takes back the seat's last decision (POST /api/games/ID/undo). */
tw_srv_reply tw_srv_undo(tw_srv *srv, tw_srv_game *g, const char *token, json_t *body);
/* A hint for the seat to act (computed on the worker pool). */
tw_srv_reply tw_srv_hint(tw_srv *srv, tw_srv_game *g, const char *token);

/* ---- History (srv_history.c) --------------------------------------------- */

/* GET /api/history?game=... */
/* GET /api/history/totals[?game=G]: the totals of every finished game. */
tw_srv_reply tw_srv_history_totals_reply(tw_srv *srv, const char *game);
tw_srv_reply tw_srv_history_list(tw_srv *srv, const char *game, const char *limit);
/* GET /api/history/<id> */
tw_srv_reply tw_srv_history_game(tw_srv *srv, const char *id);
/* GET /api/history/<id>/replay?step=K */
tw_srv_reply tw_srv_history_replay(tw_srv *srv, const char *id, const char *step);
/* POST /api/history/import {"record": a game record (the object, as
 * `--record` writes it), "name": the file's name (optional, for
 * messages), "partner": who held the Duet's seat 1 (optional)}: adds a
 * finished game to the history; the same record twice is kept once. */
tw_srv_reply tw_srv_history_import(tw_srv *srv, json_t *body);
/* POST /api/history/<id>/notes {"step": K, "text": "..."}: sets the note
 * at step K of a finished game ("" or null removes it); replies with the
 * game's notes. */
tw_srv_reply tw_srv_history_note(tw_srv *srv, const char *id, json_t *body);
/* POST /api/records/replay {"record": a finished game's record, "step":
 * K}: step K of that game as a history replay gives it, from the record
 * alone (nothing is stored): a replay opened from a link. */
tw_srv_reply tw_srv_record_replay(tw_srv *srv, json_t *body);
/* A finished game's match rebuilt from its stored record, its row in
 * *row; NULL with the reply to give in *reply (404 when no finished game
 * has the id). */
tw_match *tw_srv_history_match(tw_srv *srv, const char *id, tw_history_game *row, tw_srv_reply *reply);

/* ---- Analysis and hints at a step (srv_analysis.c) --------------------------- */

/* Sets up and frees the cache of finished games' analyses (tw_srv_init
 * and tw_srv_free call them). */
void tw_srv_analyses_init(tw_srv *srv);
void tw_srv_analyses_free(tw_srv *srv);
/* GET /api/games/<id>/analysis: the seat's own decisions while the game
 * is played, every decision once it is over (kept). */
tw_srv_reply tw_srv_game_analysis(tw_srv *srv, tw_srv_game *g, const char *token);
/* GET /api/games/<id>/hint?step=K: a hint at step K, for a step where the
 * token's seat was to act (any step once the game is over). */
tw_srv_reply tw_srv_game_hint_at(tw_srv *srv, tw_srv_game *g, const char *token, const char *step);
/* GET /api/history/<id>/analysis: every decision of a finished game (kept). */
tw_srv_reply tw_srv_history_analysis(tw_srv *srv, const char *id);
/* GET /api/history/<id>/hint?step=K: a hint at step K of a finished game. */
tw_srv_reply tw_srv_history_hint(tw_srv *srv, const char *id, const char *step);


/* ---- Request heads (srv_head.c) ------------------------------------------- */

/* The largest request head accepted (request line, header lines and the
 * empty line): 431 beyond. libmicrohttpd gets TW_SRV_CONNECTION_MEMORY
 * per connection, room for the largest head, its fields and the reply. */
#define TW_SRV_HEAD_MAX (8 * 1024)
/* The longest request line accepted: 414 beyond. */
#define TW_SRV_LINE_MAX (4 * 1024)
/* Fields a head may have in all: header lines, query arguments and
 * cookies (libmicrohttpd keeps a record of each): 431 (414 for query
 * arguments) beyond. */
#define TW_SRV_HEAD_FIELDS 100
#define TW_SRV_CONNECTION_MEMORY (32 * 1024)
/* A body of at most this many bytes is waited for by the front door
 * with its head (a slow one is then as a slow head: closed to make room
 * while the server is full); a larger one is handed to libmicrohttpd
 * with its head and counted against --max-bodies while it comes. */
#define TW_SRV_FRONT_BODY (8 * 1024)

/* What the bytes received so far make of a request head. */
typedef enum {
    TW_SRV_HEAD_MORE, /* right so far, not whole yet */
    TW_SRV_HEAD_OK,   /* whole and right */
    TW_SRV_HEAD_BAD   /* refused: answer status with code and message */
} tw_srv_head_verdict;

typedef struct {
    size_t length;     /* OK: the head's bytes, through its empty line */
    unsigned long long body_length; /* OK: its Content-Length (0 when none) */
    int expect_continue; /* OK: an Expect: 100-continue header (the client waits for a 100 before its body) */
    int http11;        /* the request line says HTTP/1.1 */
    int head_method;   /* the method is HEAD: a refusal has no body */
    int status;        /* BAD: 400, 411, 413, 414, 431 or 505 */
    const char *code;  /* BAD: the error code (docs/web-api.md) */
    char message[200]; /* BAD: what is wrong, for the client */
} tw_srv_head;

/* Checks the first len bytes received on a connection: the request line
 * METHOD SP TARGET SP HTTP/1.x (a token, visible ASCII, 1.0 or 1.1: 505
 * for another version), header lines NAME: VALUE (a token, no control
 * byte or NUL, no line folding), every line ending with CRLF, a Host
 * header on HTTP/1.1 (one at most), at most one Content-Length, of
 * digits only, no Transfer-Encoding (411), and the sizes above. */
tw_srv_head_verdict tw_srv_head_check(const char *data, size_t len, tw_srv_head *out);

/* ---- The front door (srv_front.c) ------------------------------------------ */

struct MHD_Daemon;
typedef struct tw_srv_front tw_srv_front;
/* Prepares the front door on an already listening socket (made
 * non-blocking here); NULL on failure (the socket stays the caller's). */
tw_srv_front *tw_srv_front_new(tw_srv *srv, int listen_fd);
/* Starts its thread, handing checked connections to daemon; from here
 * the listening socket is the front's. 0, or -1. */
int tw_srv_front_start(tw_srv_front *f, struct MHD_Daemon *daemon);
/* Stops the thread (srv->stopping must be set): closes the connections
 * still waiting for their head and the listening socket. */
void tw_srv_front_stop(tw_srv_front *f);
/* Frees it (after libmicrohttpd has stopped: it reports closings here). */
void tw_srv_front_free(tw_srv_front *f);
/* libmicrohttpd closed a connection from sa that the front handed it
 * (its threads call this): the counts per address and in all. */
void tw_srv_front_closed(tw_srv_front *f, const struct sockaddr *sa);

/* ---- HTTP (srv_http.c, srv_static.c) -------------------------------------- */

/* The headers every response carries (what pages may do, no sniffing,
 * no referrer, no frame): name and value. */
#define TW_SRV_SECURITY_HEADERS 4
extern const char *const tw_srv_security_headers[TW_SRV_SECURITY_HEADERS][2];

/* The running HTTP server: the front door and libmicrohttpd behind it. */
typedef struct tw_srv_http tw_srv_http;
/* Starts the HTTP server on an already listening socket, with the limits
 * of srv->limits. NULL on failure (the socket is then still the
 * caller's to close). */
tw_srv_http *tw_srv_http_start(tw_srv *srv, int listen_fd);
/* Stops it: wakes event streams, closes the listening socket, then waits
 * for every connection. */
void tw_srv_http_stop(tw_srv *srv, tw_srv_http *http);

/* Resolves a URL path to a file under the web folder. Returns 0 and the
 * path and content type, 404-worthy -1 when the path is not allowed or
 * no such file exists. */
int tw_srv_static_path(const tw_srv *srv, const char *url, char *out, size_t size, const char **type);

#endif
