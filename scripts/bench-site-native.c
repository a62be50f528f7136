/* The native side of scripts/bench-site.mjs without HTTP and without the
 * server's worker pool: src/wasm/wasm_api.c, the entry point the
 * WebAssembly engine exports, compiled natively and linked with the
 * native build's server and engine objects, so a request runs the same
 * router, engine, bots and storage in the calling thread, at normal
 * priority, exactly as in the browser's worker (the server's own hint
 * threads run at SCHED_IDLE: a loaded machine slows them first).
 *
 * Usage: bench-site-native DB_FILE. Reads one request a line on stdin,
 * a JSON object {"method", "path", "token", "body"} (token and body may
 * be null; body is the request's JSON text), and answers each with a
 * line "STATUS WALL_US CPU_US LENGTH" followed by LENGTH bytes of the
 * reply's JSON text. The times cover tw_wasm_request only: the wall
 * clock and this thread's CPU time. Built by bench-site.mjs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

char *tw_wasm_request(const char *method, const char *url, const char *token, const char *body);
int tw_wasm_status(void);
int tw_wasm_open(const char *db_path);
const char *tw_wasm_error(void);
void tw_wasm_free(char *text);

static double us_of(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* A member of a request line as text, or NULL for null or absent. */
static const char *member(json_t *req, const char *name)
{
    json_t *v = json_object_get(req, name);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: bench-site-native DB_FILE\n");
        return 2;
    }
    if (tw_wasm_open(argv[1]) != 0) {
        fprintf(stderr, "bench-site-native: %s\n", tw_wasm_error());
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
        json_error_t jerr;
        json_t *req = json_loads(line, 0, &jerr);
        if (!req) {
            fprintf(stderr, "bench-site-native: bad request line: %s\n", jerr.text);
            return 1;
        }
        const char *method = member(req, "method"), *path = member(req, "path");
        const char *token = member(req, "token"), *body = member(req, "body");
        double w0 = us_of(CLOCK_MONOTONIC), c0 = us_of(CLOCK_THREAD_CPUTIME_ID);
        char *text = tw_wasm_request(method ? method : "GET", path ? path : "/", token, body);
        int status = tw_wasm_status();
        double c1 = us_of(CLOCK_THREAD_CPUTIME_ID), w1 = us_of(CLOCK_MONOTONIC);
        size_t len = strlen(text);
        printf("%d %.1f %.1f %zu\n", status, w1 - w0, c1 - c0, len);
        fwrite(text, 1, len, stdout);
        fflush(stdout);
        tw_wasm_free(text);
        json_decref(req);
    }
    free(line);
    return 0;
}
