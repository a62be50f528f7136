/* Fuzz target: the server's request bodies. The input is one request
 * body: it is parsed as the server parses it (tw_srv_parse_body), then
 * given to every endpoint that takes a body (create, actions on a For
 * Northwood! and a Duet table, join, seat a bot), on a server in this
 * process with a database in a temporary folder. Every reply must be a
 * JSON object with an HTTP status; every game is dropped again after each
 * input, so inputs do not depend on each other. */
#include <unistd.h>

#include "fuzz.h"
#include "server/server.h"

static tw_srv srv;
static int ready;
static char folder[] = "/tmp/trickwood-fuzz-XXXXXX";
static char db_path[128];

/* Removes the temporary database folder at exit. */
static void remove_folder(void)
{
    tw_srv_store_close(&srv.store);
    char path[200];
    static const char *const suffixes[] = {"", "-wal", "-shm", ".lock"};
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s%s", db_path, suffixes[i]);
        unlink(path);
    }
    rmdir(folder);
}

/* Starts the in-process server once: data, database, no worker pool
 * (bots and hints then run in the calling thread). */
static void setup(void)
{
    char err[600];
    if (!mkdtemp(folder))
        fuzz_fail("no temporary folder", NULL);
    snprintf(db_path, sizeof db_path, "%s/fuzz.db", folder);
    tw_srv_limits_default(&srv.limits);
    srv.quiet = 1;
    if (tw_srv_init(&srv, err, sizeof err) != 0 || tw_srv_store_open(&srv.store, db_path, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz: %s\n", err);
        abort();
    }
    /* Durability is not under test here; speed is. */
    tw_sql_exec(srv.store.db, "PRAGMA synchronous=OFF");
    atexit(remove_folder);
    ready = 1;
}

/* Checks the shape of a reply and frees it. */
static void check_reply(tw_srv_reply r)
{
    if (r.status < 200 || r.status > 599 || !json_is_object(r.body))
        fuzz_fail("a reply without a status or a JSON object", NULL);
    if (r.status >= 400 && !json_is_string(json_object_get(r.body, "error")))
        fuzz_fail("an error reply without an error message", NULL);
    json_decref(r.body);
}

/* Creates a game from a fixed body; returns it and its seat-0 token. */
static tw_srv_game *fixed_game(const char *body_text, char token[64])
{
    json_t *body = json_loads(body_text, 0, NULL);
    tw_srv_reply r = tw_srv_create(&srv, body);
    json_decref(body);
    const char *id = json_string_value(json_object_get(r.body, "id"));
    const char *tok = json_string_value(json_object_get(r.body, "token"));
    if (r.status != 201 || !id || !tok)
        fuzz_fail("a fixed game could not be created", NULL);
    snprintf(token, 64, "%s", tok);
    tw_srv_game *g = tw_srv_find(&srv, id, NULL);
    tw_srv_release(&srv, g); /* nothing drops games here but drop_games */
    json_decref(r.body);
    if (!g)
        fuzz_fail("a created game is not in the table", NULL);
    return g;
}

/* Frees every game in the table (the next input starts from none). */
static void drop_games(void)
{
    tw_srv_drop_games(&srv);
}

/* Runs one request body through every endpoint that takes one. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ready)
        setup();
    tw_srv_reply r;
    json_t *body = tw_srv_parse_body((const char *)data, size, &r);
    if (!body) {
        if (r.status != 400)
            fuzz_fail("a body that does not parse is not a 400", NULL);
        check_reply(r);
        return 0;
    }
    check_reply(tw_srv_create(&srv, body));
    char nw_token[64], fox_token[64];
    tw_srv_game *nw = fixed_game("{\"game\":\"northwood\",\"seed\":86}", nw_token);
    tw_srv_game *fox = fixed_game("{\"game\":\"foxduet\",\"seed\":9,\"partner\":\"human\"}", fox_token);
    check_reply(tw_srv_act(&srv, nw, nw_token, body));
    check_reply(tw_srv_act(&srv, fox, fox_token, body));
    check_reply(tw_srv_join(&srv, fox, body));
    check_reply(tw_srv_seat_bot(&srv, fox, 1, fox_token, body));
    json_decref(body);
    drop_games();
    return 0;
}
