/* Drives the real `trickwood serve` binary for the server tests: starts it
 * on a free loopback port with its own database, sends HTTP requests over
 * sockets, reads event streams, and stops or kills it. Every server
 * started is also killed when the test program exits, whatever happens. */
#ifndef TRICKWOOD_TEST_SERVER_CLIENT_H
#define TRICKWOOD_TEST_SERVER_CLIENT_H

#include <jansson.h>
#include <sys/types.h>

/* A running server. */
typedef struct {
    pid_t pid;
    int port;
    int out_fd;       /* the server's standard output (a pipe) */
    char db[512];
    char web[512];
    char log[512];    /* its standard error goes here */
    char banner[512]; /* what it printed up to the "serving" line */
} tw_ts_server;

/* One HTTP reply. json is NULL when the body is not JSON. */
typedef struct {
    int status;
    char headers[4096];
    char *body;
    size_t body_len;
    json_t *json;
} tw_ts_reply;

/* Path of the trickwood binary the tests run: the one beside the test
 * program (so the ASan suite runs the ASan server), else build/trickwood. */
const char *tw_ts_binary(void);

/* Starts `trickwood serve --port 0 --db db --allow-host x [--web web]`
 * (web may be NULL; the raw requests of the tests name the host "x")
 * and waits for its "serving" line. Returns 0, or -1 (nothing is left
 * running). */
int tw_ts_start(tw_ts_server *s, const char *db, const char *web);
/* As tw_ts_start, with more options for serve (NULL-ended, may be NULL). */
int tw_ts_start_args(tw_ts_server *s, const char *db, const char *web, const char *const *extra);
/* Asks the server to stop (SIGTERM) and waits up to ten seconds (then
 * kills it). Returns its exit status, or -1 when it had to be killed. */
int tw_ts_stop(tw_ts_server *s);
/* Kills the server at once (SIGKILL), as a crash would. */
void tw_ts_kill(tw_ts_server *s);

/* Sends a request with an optional bearer token and body (NULL for
 * none) and reads the whole reply. Returns 0, or -1 when no reply came. */
int tw_ts_request(const tw_ts_server *s, const char *method, const char *path, const char *token, const char *body,
               tw_ts_reply *r);
/* Sends raw bytes as a request and reads the reply. */
int tw_ts_request_raw(const tw_ts_server *s, const char *raw, size_t len, tw_ts_reply *r);
/* As tw_ts_request, from a chosen loopback source address (such as
 * "127.0.0.2"; NULL for the default) and with a reply timeout. */
int tw_ts_request_from(const tw_ts_server *s, const char *source, int timeout_ms, const char *method,
                       const char *path, const char *token, const char *body, tw_ts_reply *r);
/* As tw_ts_request_raw, from a source address and with a reply timeout. */
int tw_ts_raw_from(const tw_ts_server *s, const char *source, int timeout_ms, const char *raw, size_t len,
                   tw_ts_reply *r);
/* Opens a TCP connection to the server from a source address (NULL for
 * the default); returns the socket or -1. */
int tw_ts_connect_from(const tw_ts_server *s, const char *source);
/* Opens a request that never finishes (its headers announce a body that
 * never comes) from a source address (NULL for the default); returns the
 * socket or -1. */
int tw_ts_open_half_sent(const tw_ts_server *s, const char *source);
/* Removes what an earlier run left of the database at path (the file,
 * its WAL, shared memory and lock files) and returns path. Under
 * TW_TEST_PG=URI (tests/pg/run.sh), makes instead a fresh PostgreSQL
 * schema named after the path's file and returns the URI reaching it:
 * the same test then runs against PostgreSQL. */
const char *tw_ts_fresh_db(const char *path);
/* Milliseconds on a monotonic clock. */
long long tw_ts_now_ms(void);
/* Frees a reply. */
void tw_ts_reply_free(tw_ts_reply *r);
/* The value of a reply header (case-insensitive name) into out; 0 when
 * found, -1 when absent. */
int tw_ts_header(const tw_ts_reply *r, const char *name, char *out, size_t size);
/* The "code" member of an error reply ("" when there is none). */
const char *tw_ts_code(const tw_ts_reply *r);

/* Opens an event stream; returns its socket or -1. */
int tw_ts_events_open(const tw_ts_server *s, const char *path);
/* Reads the stream until an update announces a version >= min_version;
 * returns that version, or -1 after timeout_ms or when the stream ends. */
int tw_ts_events_wait(int fd, int min_version, int timeout_ms);

/* Sends a request and returns the status (-1 when no reply came); *out
 * gets the parsed JSON body (NULL when none; caller decrefs). */
int tw_ts_json(const tw_ts_server *s, const char *method, const char *path, const char *token, const char *body,
               json_t **out);

/* ---- Hidden-card watch (test_server_hidden.c) ------------------------- */

/* Collects every reply a seat received during a game, to check once the
 * game is over (its record then tells every card) that no reply showed a
 * card the seat could not know at that moment: in views and legal lists
 * the cards must be known at the reply's version; in log entries and
 * events, known just before or just after the action they describe. */
typedef struct tw_ts_watch tw_ts_watch;

/* A watch for a For Northwood! (fox = 0) or Fox (fox = 1) game. */
tw_ts_watch *tw_ts_watch_new(int fox);
/* Adds a state reply (GET .../state) of seat. */
void tw_ts_watch_state(tw_ts_watch *w, int seat, json_t *reply);
/* Adds an action reply of seat; from is the version the action was sent at. */
void tw_ts_watch_action(tw_ts_watch *w, int seat, int from, json_t *reply);
/* Checks every reply against the record (JSON text of the finished
 * game); failures are reported as test failures. Returns how many replies
 * were checked. */
int tw_ts_watch_check(tw_ts_watch *w, const char *record_text);
/* Frees the watch. */
void tw_ts_watch_free(tw_ts_watch *w);

#endif
