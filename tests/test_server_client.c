/* The server tests' harness: a child process running the real binary, a
 * small HTTP/1.1 client over loopback sockets (one request per
 * connection), and an event-stream reader. */
#define _DEFAULT_SOURCE
#include "test_server_client.h"

#include "history/sql.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_SERVERS 16
#define START_TIMEOUT_MS 20000
#define REPLY_TIMEOUT_MS 60000

/* How long to wait for a reply: REPLY_TIMEOUT_MS, or TW_TS_REPLY_TIMEOUT_MS
 * from the environment (the ThreadSanitizer run, many times slower, sets
 * it: a whole game's analysis takes minutes there). */
static int reply_timeout_ms(void)
{
    const char *text = getenv("TW_TS_REPLY_TIMEOUT_MS");
    long v = text ? strtol(text, NULL, 10) : 0;
    return v > 0 && v < 3600000 ? (int)v : REPLY_TIMEOUT_MS;
}

/* Servers still running, killed at exit whatever the tests did. */
static pid_t running[MAX_SERVERS];
static int exit_hook_set;

/* Kills every server still running (atexit). */
static void kill_all(void)
{
    for (int i = 0; i < MAX_SERVERS; i++)
        if (running[i] > 0) {
            kill(running[i], SIGKILL);
            waitpid(running[i], NULL, 0);
            running[i] = 0;
        }
}

/* Remembers or forgets a running server. */
static void track(pid_t pid, int add)
{
    if (!exit_hook_set) {
        atexit(kill_all);
        exit_hook_set = 1;
    }
    for (int i = 0; i < MAX_SERVERS; i++)
        if (add ? running[i] == 0 : running[i] == pid) {
            running[i] = add ? pid : 0;
            return;
        }
}

/* Milliseconds on a monotonic clock. */
static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

const char *tw_ts_binary(void)
{
    static char path[1024];
    char exe[900];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            snprintf(path, sizeof path, "%s/trickwood", exe);
            if (access(path, X_OK) == 0)
                return path;
        }
    }
    snprintf(path, sizeof path, "%s/../build/trickwood", TW_DATA_DIR);
    return path;
}

int tw_ts_start(tw_ts_server *s, const char *db, const char *web)
{
    return tw_ts_start_args(s, db, web, NULL);
}

int tw_ts_start_args(tw_ts_server *s, const char *db, const char *web, const char *const *extra)
{
    memset(s, 0, sizeof *s);
    snprintf(s->db, sizeof s->db, "%s", db);
    snprintf(s->web, sizeof s->web, "%s", web ? web : "");
    if (tw_sql_is_uri(db)) { /* a PostgreSQL schema: its log beside the run's files */
        const char *schema = strstr(db, "search_path%3D");
        const char *tmp = getenv("TMPDIR");
        snprintf(s->log, sizeof s->log, "%s/trickwood-%s.log", tmp && *tmp ? tmp : "/tmp",
                 schema ? schema + 14 : "pg");
    } else {
        snprintf(s->log, sizeof s->log, "%s.log", db);
    }
    int pipefd[2];
    if (pipe(pipefd) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(pipefd[0]);
        close(pipefd[1]);
        return -1;
    }
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive the tests */
        dup2(pipefd[1], 1);
        int err = open(s->log, O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (err >= 0)
            dup2(err, 2);
        close(pipefd[0]);
        close(pipefd[1]);
        /* The tests' raw requests name the host "x" (Host: x): a name
         * the server answers to only when told (--allow-host). */
        const char *args[40] = {"trickwood", "serve", "--port", "0", "--db", s->db, "--lang", "en", "--allow-host", "x",
                                NULL};
        int n = 10;
        if (web) {
            args[n++] = "--web";
            args[n++] = s->web;
        }
        for (int i = 0; extra && extra[i] && n < 39; i++)
            args[n++] = extra[i];
        args[n] = NULL;
        execv(tw_ts_binary(), (char *const *)args);
        _exit(127);
    }
    close(pipefd[1]);
    s->pid = pid;
    s->out_fd = pipefd[0];
    track(pid, 1);
    size_t len = 0;
    long long deadline = now_ms() + START_TIMEOUT_MS;
    while (len + 1 < sizeof s->banner) {
        struct pollfd p = {s->out_fd, POLLIN, 0};
        long long left = deadline - now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            break;
        ssize_t n = read(s->out_fd, s->banner + len, sizeof s->banner - 1 - len);
        if (n <= 0)
            break;
        len += (size_t)n;
        s->banner[len] = '\0';
        const char *at = strstr(s->banner, "http://127.0.0.1:");
        if (at && strchr(at, '\n')) {
            s->port = atoi(at + strlen("http://127.0.0.1:"));
            break;
        }
    }
    if (s->port > 0)
        return 0;
    tw_ts_kill(s);
    return -1;
}

/* Waits for the child to end within timeout_ms; returns its raw status or -1. */
static int wait_for(pid_t pid, int timeout_ms)
{
    long long deadline = now_ms() + timeout_ms;
    int status;
    while (now_ms() < deadline) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            return status;
        if (r < 0)
            return -1;
        usleep(10000);
    }
    return -1;
}

int tw_ts_stop(tw_ts_server *s)
{
    if (s->pid <= 0)
        return -1;
    kill(s->pid, SIGTERM);
    int status = wait_for(s->pid, 10000);
    if (status < 0) {
        kill(s->pid, SIGKILL);
        waitpid(s->pid, NULL, 0);
    }
    track(s->pid, 0);
    s->pid = 0;
    close(s->out_fd);
    if (status < 0 || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

void tw_ts_kill(tw_ts_server *s)
{
    if (s->pid <= 0)
        return;
    kill(s->pid, SIGKILL);
    waitpid(s->pid, NULL, 0);
    track(s->pid, 0);
    s->pid = 0;
    close(s->out_fd);
}

/* Connects to the server on loopback; -1 on failure. */
static int connect_to(const tw_ts_server *s)
{
    return tw_ts_connect_from(s, NULL);
}

int tw_ts_connect_from(const tw_ts_server *s, const char *source)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    if (source) {
        struct sockaddr_in from;
        memset(&from, 0, sizeof from);
        from.sin_family = AF_INET;
        if (inet_pton(AF_INET, source, &from.sin_addr) != 1 ||
            bind(fd, (struct sockaddr *)&from, sizeof from) != 0) {
            close(fd);
            return -1;
        }
    }
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)s->port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int tw_ts_open_half_sent(const tw_ts_server *s, const char *source)
{
    int fd = tw_ts_connect_from(s, source);
    if (fd < 0)
        return -1;
    static const char req[] = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{\"ga";
    if (send(fd, req, sizeof req - 1, MSG_NOSIGNAL) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Writes all bytes; 0 on success. */
static int write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = send(fd, data, len, MSG_NOSIGNAL);
        if (n <= 0)
            return -1;
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Undoes chunked transfer coding in place; returns the new length. */
static size_t dechunk(char *body, size_t len)
{
    size_t in = 0, out = 0;
    while (in < len) {
        char *end;
        unsigned long size = strtoul(body + in, &end, 16);
        char *line_end = strstr(body + in, "\r\n");
        if (!line_end || end == body + in)
            break;
        in = (size_t)(line_end - body) + 2;
        if (size == 0 || in + size > len)
            break;
        memmove(body + out, body + in, size);
        out += size;
        in += size + 2;
    }
    body[out] = '\0';
    return out;
}

/* Reads the whole reply (the server closes the connection) and parses it;
 * gives up after timeout_ms. */
static int read_reply(int fd, tw_ts_reply *r, int timeout_ms)
{
    size_t cap = 8192, len = 0;
    char *raw = malloc(cap);
    long long deadline = now_ms() + timeout_ms;
    while (raw) {
        if (len + 4096 > cap) {
            char *grown = realloc(raw, cap * 2);
            if (!grown)
                break;
            raw = grown;
            cap *= 2;
        }
        struct pollfd p = {fd, POLLIN, 0};
        long long left = deadline - now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            break;
        ssize_t n = recv(fd, raw + len, cap - len - 1, 0);
        if (n <= 0)
            break;
        len += (size_t)n;
    }
    if (!raw)
        return -1;
    raw[len] = '\0';
    char *head_end = strstr(raw, "\r\n\r\n");
    if (len < 12 || strncmp(raw, "HTTP/1.", 7) != 0 || !head_end) {
        free(raw);
        return -1;
    }
    r->status = atoi(raw + 9);
    size_t head_len = (size_t)(head_end - raw);
    snprintf(r->headers, sizeof r->headers, "%.*s", (int)head_len, raw);
    size_t body_len = len - head_len - 4;
    r->body = malloc(body_len + 1);
    if (!r->body) {
        free(raw);
        return -1;
    }
    memcpy(r->body, head_end + 4, body_len);
    r->body[body_len] = '\0';
    char te[64];
    if (tw_ts_header(r, "Transfer-Encoding", te, sizeof te) == 0 && strstr(te, "chunked"))
        body_len = dechunk(r->body, body_len);
    r->body_len = body_len;
    r->json = json_loadb(r->body, r->body_len, 0, NULL);
    free(raw);
    return 0;
}

int tw_ts_request_raw(const tw_ts_server *s, const char *raw, size_t len, tw_ts_reply *r)
{
    return tw_ts_raw_from(s, NULL, reply_timeout_ms(), raw, len, r);
}

int tw_ts_raw_from(const tw_ts_server *s, const char *source, int timeout_ms, const char *raw, size_t len,
                   tw_ts_reply *r)
{
    memset(r, 0, sizeof *r);
    int fd = tw_ts_connect_from(s, source);
    if (fd < 0)
        return -1;
    int rc = write_all(fd, raw, len);
    /* A refused body may be left unread: the reply still comes first. */
    rc = read_reply(fd, r, timeout_ms) == 0 ? 0 : rc ? rc : -1;
    close(fd);
    return rc;
}

int tw_ts_request(const tw_ts_server *s, const char *method, const char *path, const char *token, const char *body,
               tw_ts_reply *r)
{
    return tw_ts_request_from(s, NULL, reply_timeout_ms(), method, path, token, body, r);
}

int tw_ts_request_from(const tw_ts_server *s, const char *source, int timeout_ms, const char *method,
                       const char *path, const char *token, const char *body, tw_ts_reply *r)
{
    size_t body_len = body ? strlen(body) : 0;
    size_t cap = body_len + 1024 + strlen(path);
    char *raw = malloc(cap);
    if (!raw)
        return -1;
    char auth[256] = "";
    if (token)
        snprintf(auth, sizeof auth, "Authorization: Bearer %s\r\n", token);
    int n = snprintf(raw, cap,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n%s"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                     method, path, s->port, auth, body_len);
    if (body)
        memcpy(raw + n, body, body_len);
    int rc = tw_ts_raw_from(s, source, timeout_ms, raw, (size_t)n + body_len, r);
    free(raw);
    return rc;
}

void tw_ts_reply_free(tw_ts_reply *r)
{
    free(r->body);
    json_decref(r->json);
    memset(r, 0, sizeof *r);
}

int tw_ts_header(const tw_ts_reply *r, const char *name, char *out, size_t size)
{
    size_t nlen = strlen(name);
    const char *line = strstr(r->headers, "\r\n");
    while (line) {
        line += 2;
        if (strncasecmp(line, name, nlen) == 0 && line[nlen] == ':') {
            const char *v = line + nlen + 1;
            while (*v == ' ')
                v++;
            const char *end = strstr(v, "\r\n");
            size_t vlen = end ? (size_t)(end - v) : strlen(v);
            snprintf(out, size, "%.*s", (int)vlen, v);
            return 0;
        }
        line = strstr(line, "\r\n");
    }
    return -1;
}

const char *tw_ts_code(const tw_ts_reply *r)
{
    const char *code = json_string_value(json_object_get(r->json, "code"));
    return code ? code : "";
}

int tw_ts_events_open(const tw_ts_server *s, const char *path)
{
    int fd = connect_to(s);
    if (fd < 0)
        return -1;
    char req[1024];
    int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: text/event-stream\r\n\r\n",
                     path, s->port);
    if (write_all(fd, req, (size_t)n) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int tw_ts_events_wait(int fd, int min_version, int timeout_ms)
{
    static char buf[65536];
    size_t len = 0;
    buf[0] = '\0';
    long long deadline = now_ms() + timeout_ms;
    while (len + 1 < sizeof buf) {
        /* The latest version announced so far in what was read. */
        int best = -1;
        const char *p = buf;
        const char *key = "data: {\"version\":";
        while ((p = strstr(p, key)) != NULL) {
            int v = atoi(p + strlen(key));
            if (v > best)
                best = v;
            p += strlen(key);
        }
        if (best >= min_version)
            return best;
        struct pollfd pf = {fd, POLLIN, 0};
        long long left = deadline - now_ms();
        if (left <= 0 || poll(&pf, 1, (int)left) <= 0)
            return -1;
        ssize_t n = recv(fd, buf + len, sizeof buf - 1 - len, 0);
        if (n <= 0)
            return -1;
        len += (size_t)n;
        buf[len] = '\0';
    }
    return -1;
}

/* The PostgreSQL database the tests run against (TW_TEST_PG), or NULL. */
static const char *test_pg(void)
{
    const char *uri = getenv("TW_TEST_PG");
    return uri && *uri ? uri : NULL;
}

/* Under TW_TEST_PG, a fresh schema of its own for the database a test
 * names by path (the path's file name and this run's pid), and the URI
 * that reaches it (search_path set to it); NULL without TW_TEST_PG or
 * when the schema cannot be made. */
static const char *pg_fresh(const char *path)
{
    static char uris[4][1200];
    static int next;
    const char *base = test_pg();
    if (!base)
        return NULL;
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    char schema[96];
    int n = snprintf(schema, sizeof schema, "t%ld_", (long)getpid());
    for (const char *p = name; *p && n < (int)sizeof schema - 1; p++)
        schema[n++] = (char)((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ? *p : '_');
    schema[n] = '\0';
    char err[600], sql[300];
    tw_sql *db = tw_sql_open(base, err, sizeof err);
    snprintf(sql, sizeof sql, "DROP SCHEMA IF EXISTS %s CASCADE; CREATE SCHEMA %s", schema, schema);
    int ok = db && tw_sql_exec(db, sql);
    if (db && !ok)
        fprintf(stderr, "TW_TEST_PG: %s\n", tw_sql_error(db));
    else if (!db)
        fprintf(stderr, "TW_TEST_PG: %s\n", err);
    tw_sql_close(db);
    if (!ok)
        return NULL;
    char *out = uris[next++ % 4];
    snprintf(out, sizeof uris[0], "%s%soptions=-csearch_path%%3D%s", base, strchr(base, '?') ? "&" : "?", schema);
    return out;
}

const char *tw_ts_fresh_db(const char *path)
{
    const char *uri = pg_fresh(path);
    if (uri)
        return uri;
    const char *ends[] = {"", "-wal", "-shm", ".lock"};
    for (int i = 0; i < 4; i++) {
        char file[600];
        snprintf(file, sizeof file, "%s%s", path, ends[i]);
        unlink(file);
    }
    return path;
}

long long tw_ts_now_ms(void)
{
    return now_ms();
}

int tw_ts_json(const tw_ts_server *s, const char *method, const char *path, const char *token, const char *body,
               json_t **out)
{
    tw_ts_reply r;
    *out = NULL;
    if (tw_ts_request(s, method, path, token, body, &r) != 0)
        return -1;
    *out = r.json;
    r.json = NULL;
    int status = r.status;
    tw_ts_reply_free(&r);
    return status;
}
