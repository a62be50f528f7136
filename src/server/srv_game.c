/* Games in memory: the table of games, a game's match started from its
 * configuration, applying an action (stored before it counts), the bot
 * of seat 1, the log as each seat may see it, and rebuilding games from
 * storage on demand. Every game goes through its table (trickwood/game.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/server.h"

/* ---- Data ------------------------------------------------------------------ */

/* Starts one match of game from config (NULL: the defaults) and frees it,
 * to see that the game's data can be read. 0, or -1 with a message. */
static int try_start(const tw_game *game, json_t *config, char *err, size_t err_size)
{
    tw_diag diag;
    tw_diag_init(&diag, game->key);
    tw_match *m = game->start(config, 0, &diag);
    if (m) {
        game->free(m);
        return 0;
    }
    if (diag.message[0])
        tw_diag_format(&diag, err, err_size);
    else
        snprintf(err, err_size, "out of memory");
    return -1;
}

/* Checks every game's data at start: each game starts from its defaults
 * and from its oldest stored form (an empty configuration brought to
 * today's form: the Duet's old side A). */
int tw_srv_init(tw_srv *srv, char *err, size_t err_size)
{
    pthread_mutex_init(&srv->games_lock, NULL);
    tw_srv_analyses_init(srv);
    for (int i = 0; i < tw_game_count; i++) {
        const tw_game *game = tw_games[i];
        json_t *empty = json_object();
        json_t *oldest = empty ? game->stored_config(empty) : NULL;
        int rc = try_start(game, NULL, err, err_size) != 0 || !oldest || try_start(game, oldest, err, err_size) != 0;
        if (rc && !oldest)
            snprintf(err, err_size, "out of memory");
        json_decref(empty);
        json_decref(oldest);
        if (rc)
            return -1;
    }
    return 0;
}

/* Frees one game. */
static void game_free(tw_srv_game *g)
{
    if (!g)
        return;
    if (g->game) {
        g->game->bot_free(g->bot);
        g->game->free(g->match);
    }
    json_decref(g->config);
    json_decref(g->log);
    free(g->states[0]);
    free(g->states[1]);
    pthread_mutex_destroy(&g->lock);
    pthread_cond_destroy(&g->changed);
    free(g);
}

/* Removes every game from the table and frees it, held or not. */
void tw_srv_drop_games(tw_srv *srv)
{
    pthread_mutex_lock(&srv->games_lock);
    for (size_t b = 0; b < srv->bucket_count; b++)
        while (srv->buckets[b]) {
            tw_srv_game *g = srv->buckets[b];
            srv->buckets[b] = g->next;
            game_free(g);
        }
    srv->game_count = 0;
    pthread_mutex_unlock(&srv->games_lock);
}

/* Frees the table. */
void tw_srv_free(tw_srv *srv)
{
    tw_srv_drop_games(srv);
    free(srv->buckets);
    srv->buckets = NULL;
    srv->bucket_count = 0;
    pthread_mutex_destroy(&srv->games_lock);
    tw_srv_analyses_free(srv);
}

/* A new empty game. */
static tw_srv_game *game_alloc(void)
{
    tw_srv_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    pthread_mutex_init(&g->lock, NULL);
    tw_srv_cond_init(&g->changed);
    g->log = json_array();
    return g;
}

/* ---- The table of games in memory --------------------------------------------- */

/* The bucket of an id (FNV-1a); the table's lock is held. */
static tw_srv_game **bucket_of(tw_srv *srv, const char *id)
{
    uint64_t h = 1469598103934665603ULL;
    for (const char *p = id; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ULL;
    return &srv->buckets[h % srv->bucket_count];
}

/* Looks a game up; the table's lock is held. */
static tw_srv_game *bucket_find(tw_srv *srv, const char *id)
{
    if (!srv->bucket_count)
        return NULL;
    for (tw_srv_game *g = *bucket_of(srv, id); g; g = g->next)
        if (strcmp(g->id, id) == 0)
            return g;
    return NULL;
}

/* Doubles the buckets when there are more games than buckets (the table's
 * lock is held). Out of memory, the table stays as it is. */
static void table_grow(tw_srv *srv)
{
    if ((size_t)srv->game_count < srv->bucket_count)
        return;
    size_t n = srv->bucket_count ? srv->bucket_count * 2 : 1024;
    tw_srv_game **old = srv->buckets;
    size_t old_n = srv->bucket_count;
    tw_srv_game **grown = calloc(n, sizeof *grown);
    if (!grown)
        return;
    srv->buckets = grown;
    srv->bucket_count = n;
    for (size_t b = 0; b < old_n; b++)
        while (old[b]) {
            tw_srv_game *g = old[b];
            old[b] = g->next;
            tw_srv_game **to = bucket_of(srv, g->id);
            g->next = *to;
            *to = g;
        }
    free(old);
}

/* Takes a hold on a game (the table's lock is held). */
static tw_srv_game *hold(tw_srv_game *g)
{
    g->refs++;
    g->used_ms = tw_mono_ms();
    return g;
}

void tw_srv_release(tw_srv *srv, tw_srv_game *g)
{
    if (!g)
        return;
    pthread_mutex_lock(&srv->games_lock);
    g->refs--;
    g->used_ms = tw_mono_ms();
    pthread_mutex_unlock(&srv->games_lock);
}

static void unload_locked(tw_srv *srv, long long idle_ms);

/* Whether stored game id is archived (1), live (0), or unreadable (-1). */
static int stored_archived(tw_srv *srv, const char *id)
{
    tw_srv_game_row row;
    int found = tw_srv_store_get_game(&srv->store, id, &row);
    return found == 1 ? row.archived_at[0] != '\0' : -1;
}

/* Adds a game to the table unless one with its id is there already, and
 * holds the game that is in the table afterwards. A game loaded while
 * an archiving pass ran (gen is no longer the table's archive_gen) is
 * checked again: NULL and *archived when it was archived meanwhile. */
static tw_srv_game *table_insert(tw_srv *srv, tw_srv_game *g, unsigned long gen, int *archived)
{
    pthread_mutex_lock(&srv->games_lock);
    tw_srv_game *there = bucket_find(srv, g->id);
    if (there) {
        there = there->archived ? NULL : hold(there);
        if (!there && archived)
            *archived = 1;
        pthread_mutex_unlock(&srv->games_lock);
        game_free(g);
        return there;
    }
    if (gen != srv->archive_gen && stored_archived(srv, g->id) == 1) {
        if (archived)
            *archived = 1;
        pthread_mutex_unlock(&srv->games_lock);
        game_free(g);
        return NULL;
    }
    table_grow(srv);
    if (!srv->bucket_count) {
        pthread_mutex_unlock(&srv->games_lock);
        game_free(g);
        return NULL;
    }
    tw_srv_game **b = bucket_of(srv, g->id);
    g->next = *b;
    *b = g;
    srv->game_count++;
    hold(g);
    /* Between sweeps too, memory stays bounded: an eighth over
     * max_loaded, the least recently used games nobody holds go. */
    if (srv->game_count > (int)(srv->limits.max_loaded + srv->limits.max_loaded / 8))
        unload_locked(srv, -1);
    pthread_mutex_unlock(&srv->games_lock);
    return g;
}

/* Wakes every event stream so that it notices the shutdown. */
void tw_srv_wake_all(tw_srv *srv)
{
    pthread_mutex_lock(&srv->games_lock);
    for (size_t b = 0; b < srv->bucket_count; b++)
        for (tw_srv_game *g = srv->buckets[b]; g; g = g->next) {
            pthread_mutex_lock(&g->lock);
            pthread_cond_broadcast(&g->changed);
            pthread_mutex_unlock(&g->lock);
        }
    pthread_mutex_unlock(&srv->games_lock);
}

/* ---- Starting and playing ----------------------------------------------------- */

/* Starts the game's match from its configuration, brought to today's
 * form by the table (the server's own "partner" member left out). */
int tw_srv_game_start(tw_srv_game *g, tw_diag *why)
{
    json_t *copy = json_is_object(g->config) ? json_copy(g->config) : NULL;
    if (!copy)
        return -1;
    json_object_del(copy, "partner");
    json_t *config = g->game->stored_config(copy);
    json_decref(copy);
    tw_diag diag;
    tw_diag_init(&diag, "config");
    g->game->free(g->match);
    g->match = config ? g->game->start(config, g->seed, &diag) : NULL;
    json_decref(config);
    if (why)
        *why = diag;
    tw_undo_marks_clear(&g->undo);
    return g->match ? 0 : -1;
}

/* The seat to act, or -1 when the game is over. */
/* Appends the log entry of the next action. 0, or -1. */
static int push_log(tw_srv_game *g, int seat, const char *text)
{
    json_t *entry = json_pack("{s:i, s:i, s:s}", "version", g->match->count + 1, "seat", seat, "action", text);
    return entry && json_array_append_new(g->log, entry) == 0 ? 0 : -1;
}

/* Takes back the last log entry (storing its action failed). */
static void pop_log(tw_srv_game *g)
{
    json_array_remove(g->log, json_array_size(g->log) - 1);
}

/* Log entries from index `from` on, as seat may see them: an entry
 * seat may see whole is the log's own (shared, never changed), one whose
 * action is hidden from seat a copy with a null action. */
json_t *tw_srv_log_json(const tw_srv_game *g, int from, int seat)
{
    json_t *list = json_array();
    for (int i = from < 0 ? 0 : from; i < g->match->count; i++) {
        json_t *entry = json_array_get(g->log, (size_t)i);
        if (!g->game->action_hidden(g->match, i, seat)) {
            json_array_append(list, entry);
            continue;
        }
        entry = json_deep_copy(entry);
        if (entry)
            json_object_set_new(entry, "action", json_null());
        json_array_append_new(list, entry);
    }
    return list;
}

/* Appends the JSON lines in buf as objects to list. */
static void append_lines(json_t *list, const tw_buf *buf)
{
    const char *p = buf->data;
    while (p && *p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        json_t *obj = json_loadb(p, len, 0, NULL);
        if (obj)
            json_array_append_new(list, obj);
        p = end ? end + 1 : NULL;
    }
}

/* The result and record texts of a match that just ended (both NULL
 * when they cannot be built). */
static void ending_texts(const tw_match *m, char **result, char **record)
{
    tw_buf rec = {0};
    json_t *res = m->game->result_json(m);
    *result = res ? json_dumps(res, JSON_COMPACT) : NULL;
    json_decref(res);
    if (m->game->record_json(m, &rec) == TW_OK && !rec.failed && rec.data) {
        *record = rec.data;
    } else {
        *record = NULL;
        tw_buf_free(&rec);
    }
}

/* Applies a legal action for seat on a copy of the match, stores it (with
 * the result and record when it ends the game) and only then makes the
 * copy the game's. Events the viewer may see are appended to events (may
 * be NULL). Returns 0, or -1 when it could not be applied or stored (the
 * game is then unchanged). */
int tw_srv_apply(tw_srv *srv, tw_srv_game *g, int seat, tw_game_action action, json_t *events, int viewer)
{
    const tw_game *game = g->game;
    char text[64];
    char *record = NULL, *result = NULL;
    char now[32] = "";
    tw_buf lines = {0};
    int seq = 0, rc = -1;
    game->format(g->match, action, text, (int)sizeof text);
    tw_match *next = game->clone(g->match);
    int shown = -1;
    int applied = next && game->apply_seen(next, action, viewer, &seq, &lines, &shown) == TW_OK;
    tw_undo_marks undo = g->undo;
    if (applied)
        tw_undo_marks_note(&undo, g->match, shown); /* when they are not the match's, they are built again when asked */
    int over = applied && game->to_act(next) < 0;
    if (applied && push_log(g, seat, text) == 0) {
        if (over) {
            ending_texts(next, &result, &record);
            tw_now_iso(now);
        }
        if ((!over || (record && result)) &&
            tw_srv_store_add_action(&srv->store, g->id, g->match->count, seat, text, result, record, now) == 0)
            rc = 0;
        else
            pop_log(g);
    }
    if (rc == 0) {
        game->free(g->match);
        g->match = next;
        g->undo = undo;
        next = NULL;
        if (over)
            g->finished = 1;
        if (events)
            append_lines(events, &lines);
        g->changes++;
        pthread_cond_broadcast(&g->changed);
    }
    game->free(next);
    tw_buf_free(&lines);
    free(record);
    free(result);
    return rc;
}

/* Lets a bot in seat 1 take every decision that falls to it. Returns
 * how many actions it took. */
int tw_srv_run_bots(tw_srv *srv, tw_srv_game *g, json_t *events, int viewer)
{
    int taken = 0;
    while (g->bot && g->game->to_act(g->match) == 1) {
        tw_game_action action;
        if (tw_srv_bot_choose(srv, g->bot, g->match, &action) != TW_OK) {
            fprintf(stderr, "trickwood serve: the bot of game %s found no legal action\n", g->id);
            break;
        }
        if (tw_srv_apply(srv, g, 1, action, events, viewer) != 0) {
            fprintf(stderr, "trickwood serve: could not store a bot action of game %s\n", g->id);
            break;
        }
        taken++;
    }
    return taken;
}

/* A bot for seat 1 (its own seed, from the game's and its version). */
tw_game_bot *tw_srv_new_bot(const tw_srv_game *g, const char *name)
{
    return g->game->bot_new(name, tw_mix64(g->seed ^ 0x626f74ULL ^ (uint64_t)g->match->count));
}

/* ---- Undo ---------------------------------------------------------------------- */

int tw_srv_undo_depth(const tw_srv_game *g, int seat)
{
    if (g->game->seats > 1 && !g->bot)
        return 0; /* two people: a move taken back would change what the partner saw */
    if (seat < 0 || seat >= 2)
        return 0;
    int n = tw_undo_marks_depth(&g->undo, g->match, 1u << seat);
    return n >= 0 ? n : tw_match_undo_depth(g->match, 1u << seat);
}

int tw_srv_take_back(tw_srv *srv, tw_srv_game *g, int n)
{
    const tw_game *game = g->game;
    tw_match *back = tw_match_undo(g->match, n);
    tw_game_bot *bot = NULL;
    if (!back)
        return -1;
    if (g->bot) {
        tw_match *held = g->match;
        g->match = back; /* the bot's seed comes from the version */
        bot = tw_srv_new_bot(g, g->partner);
        g->match = held;
    }
    if ((g->bot && !bot) || tw_srv_store_take_back(&srv->store, g->id, back->count) != 0) {
        game->bot_free(bot);
        game->free(back);
        return -1;
    }
    while (json_array_size(g->log) > (size_t)back->count)
        pop_log(g);
    game->free(g->match);
    g->match = back;
    tw_undo_marks_build(&g->undo, back); /* on failure they are built again when asked */
    if (g->bot) {
        game->bot_free(g->bot);
        g->bot = bot;
    }
    g->changes++;
    pthread_cond_broadcast(&g->changed);
    return 0;
}

/* ---- Rebuilding from storage ---------------------------------------------------- */

/* What rebuilding from stored actions needs. */
typedef struct {
    tw_srv_game *g;
    int failed;
    int index;
    char why[160];
} replay_ctx;

/* Applies one stored action as apply does, telling whether it showed a
 * hidden card (for the undo marks): 1 or 0, -1 when refused. */
static int replay_action(tw_match *m, tw_game_action a)
{
    if (m->game->apply_reveals)
        return m->game->apply_reveals(m, a);
    return m->game->apply(m, a, NULL) == TW_OK ? 0 : -1;
}

/* Replays one stored action into the game (nothing is stored again),
 * keeping its undo marks. */
static void replay_one(void *ctx_, int seat, const char *text)
{
    replay_ctx *ctx = ctx_;
    tw_srv_game *g = ctx->g;
    if (ctx->failed)
        return;
    tw_game_action a;
    int shown = -1;
    if (g->game->to_act(g->match) != seat || g->game->parse(g->match, text, &a) != 0 || push_log(g, seat, text) != 0 ||
        (shown = replay_action(g->match, a)) < 0) {
        ctx->failed = 1;
        snprintf(ctx->why, sizeof ctx->why, "stored action %d (seat %d, \"%.60s\") does not replay", ctx->index, seat,
                 text);
    }
    tw_undo_marks_add(&g->undo, seat, shown);
    ctx->index++;
}

/* Who holds seat 1 of a stored game: its stored partner when that is
 * "human" or one of the game's bots, else the seat is open ("none" in a
 * game of one seat). */
static void stored_partner(tw_srv_game *g, const char *partner)
{
    const char *kind = g->game->seats < 2 ? "none" : "open";
    if (g->game->seats >= 2 && strcmp(partner, "human") == 0)
        kind = "human";
    for (int i = 0; g->game->seats >= 2 && g->game->bot_names[i]; i++)
        if (strcmp(partner, g->game->bot_names[i]) == 0)
            kind = g->game->bot_names[i];
    snprintf(g->partner, sizeof g->partner, "%s", kind);
}

/* Whether seat 1 is held by one of the game's bots (its name in partner). */
static int partner_is_bot(const tw_srv_game *g)
{
    return strcmp(g->partner, "none") != 0 && strcmp(g->partner, "open") != 0 && strcmp(g->partner, "human") != 0;
}

/* Rebuilds a game from its stored row and actions. NULL (and a reason in
 * why) when it cannot be. */
static tw_srv_game *load_game(tw_srv *srv, const tw_srv_game_row *row, char *why, size_t why_size)
{
    tw_srv_game *g = game_alloc();
    if (!g) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    snprintf(g->id, sizeof g->id, "%s", row->id);
    snprintf(g->created_at, sizeof g->created_at, "%s", row->created_at);
    memcpy(g->token, row->token, sizeof g->token);
    snprintf(g->join_code, sizeof g->join_code, "%s", row->join_code);
    g->seed = row->seed;
    g->game = tw_game_find_record_name(row->game);
    g->config = json_loads(row->config, 0, NULL);
    if (!g->game || tw_srv_game_start(g, NULL) != 0) {
        snprintf(why, why_size, "its configuration cannot start a game");
        game_free(g);
        return NULL;
    }
    replay_ctx ctx = {g, 0, 0, ""};
    if (tw_srv_store_actions(&srv->store, g->id, replay_one, &ctx) < 0 || ctx.failed) {
        snprintf(why, why_size, "%s", ctx.failed ? ctx.why : "its actions cannot be read");
        game_free(g);
        return NULL;
    }
    g->finished = row->finished_at[0] != '\0';
    stored_partner(g, row->partner);
    if (partner_is_bot(g) && !(g->bot = tw_srv_new_bot(g, g->partner))) {
        snprintf(why, why_size, "out of memory");
        game_free(g);
        return NULL;
    }
    return g;
}

/* Finds a game and holds it, loading it from storage when it is not in
 * memory (games are loaded on demand, also after a restart). An
 * unfinished game whose seat 1 is a bot to act lets it play on as it is
 * loaded. An archived game is not loaded: NULL, and *archived. */
tw_srv_game *tw_srv_find(tw_srv *srv, const char *id, int *archived)
{
    if (archived)
        *archived = 0;
    size_t len = strlen(id);
    if (len == 0 || len >= sizeof ((tw_srv_game *)0)->id)
        return NULL;
    for (size_t i = 0; i < len; i++)
        if (!((id[i] >= 'a' && id[i] <= 'z') || (id[i] >= '0' && id[i] <= '9')))
            return NULL;
    pthread_mutex_lock(&srv->games_lock);
    tw_srv_game *g = bucket_find(srv, id);
    int gone = g && g->archived;
    if (g && !gone)
        hold(g);
    unsigned long gen = srv->archive_gen;
    pthread_mutex_unlock(&srv->games_lock);
    if (g || gone) {
        if (gone && archived)
            *archived = 1;
        return gone ? NULL : g;
    }
    tw_srv_game_row row;
    if (tw_srv_store_get_game(&srv->store, id, &row) != 1)
        return NULL;
    if (row.archived_at[0]) {
        if (archived)
            *archived = 1;
        return NULL;
    }
    char why[200];
    g = load_game(srv, &row, why, sizeof why);
    if (!g) {
        fprintf(stderr, "trickwood serve: game %s cannot be rebuilt: %s\n", id, why);
        return NULL;
    }
    g = table_insert(srv, g, gen, archived);
    if (g && !g->finished) {
        pthread_mutex_lock(&g->lock);
        if (!g->archived)
            tw_srv_run_bots(srv, g, NULL, 0);
        pthread_mutex_unlock(&g->lock);
    }
    return g;
}

/* At start: counts the live games in storage. None is rebuilt here:
 * each is loaded (and its bot plays on) when first asked for, so a
 * restart answers at once however many games are stored. */
int tw_srv_restore(tw_srv *srv, FILE *err)
{
    (void)err;
    int count = tw_srv_store_count_live(&srv->store);
    return count < 0 ? 0 : count;
}

/* ---- Archiving and dropping from memory ----------------------------------------- */

/* Ids archived per transaction. */
#define ARCHIVE_BATCH 256

/* The cut (ms since 1970) of days of inactivity; 0 archives nothing. */
static long long archive_cut(const tw_srv *srv, unsigned days, long long now)
{
    return days ? now - (long long)days * srv->limits.day_ms : 0;
}

/* Archives one batch of stale games: the games in memory among them are
 * locked first (a game busy now is skipped: it is in use), so that none
 * is archived in the middle of a request; each is marked archived in
 * memory too and its event streams are woken to end. Returns how many
 * were archived, 0 when none was stale, -1 on a storage error. */
static int archive_batch(tw_srv *srv, long long cut, long long unjoined_cut, const char *now_iso)
{
    char ids[ARCHIVE_BATCH][32];
    int n = tw_srv_store_stale(&srv->store, cut, unjoined_cut, ids, ARCHIVE_BATCH);
    if (n <= 0)
        return n;
    tw_srv_game *held[ARCHIVE_BATCH];
    int done[ARCHIVE_BATCH];
    int kept = 0;
    pthread_mutex_lock(&srv->games_lock);
    for (int i = 0; i < n; i++) {
        tw_srv_game *g = bucket_find(srv, ids[i]);
        if (g && pthread_mutex_trylock(&g->lock) != 0)
            continue;
        if (kept != i)
            memcpy(ids[kept], ids[i], sizeof ids[kept]);
        held[kept++] = g;
    }
    int count = tw_srv_store_archive(&srv->store, ids, kept, cut, unjoined_cut, now_iso, done);
    for (int i = 0; i < kept; i++) {
        if (!held[i])
            continue;
        if (count > 0 && done[i]) {
            held[i]->archived = 1;
            held[i]->changes++;
            pthread_cond_broadcast(&held[i]->changed);
        }
        pthread_mutex_unlock(&held[i]->lock);
    }
    srv->archive_gen++;
    pthread_mutex_unlock(&srv->games_lock);
    return count;
}

/* Orders games by when they were last used, oldest first. */
static int by_use(const void *a, const void *b)
{
    long long ua = (*(tw_srv_game *const *)a)->used_ms, ub = (*(tw_srv_game *const *)b)->used_ms;
    return ua < ub ? -1 : ua > ub;
}

/* Drops from memory the games nobody holds that are archived or unused
 * for idle_ms (none by idleness when idle_ms < 0), then the least
 * recently used ones nobody holds while more than max_loaded are in
 * memory. They reload on demand. The table's lock is held. */
static void unload_locked(tw_srv *srv, long long idle_ms)
{
    long long now = tw_mono_ms();
    tw_srv_game **spare = calloc((size_t)srv->game_count + 1, sizeof *spare);
    int nspare = 0;
    for (size_t b = 0; b < srv->bucket_count; b++)
        for (tw_srv_game **at = &srv->buckets[b]; *at;) {
            tw_srv_game *g = *at;
            if (g->refs == 0 && (g->archived || (idle_ms >= 0 && now - g->used_ms >= idle_ms))) {
                *at = g->next;
                srv->game_count--;
                game_free(g);
                continue;
            }
            if (g->refs == 0 && spare)
                spare[nspare++] = g;
            at = &g->next;
        }
    int over = srv->game_count - (int)srv->limits.max_loaded;
    if (spare && over > 0) {
        qsort(spare, (size_t)nspare, sizeof *spare, by_use);
        for (int i = 0; i < nspare && i < over; i++) {
            tw_srv_game **at = bucket_of(srv, spare[i]->id);
            while (*at != spare[i])
                at = &(*at)->next;
            *at = spare[i]->next;
            srv->game_count--;
            game_free(spare[i]);
        }
    }
    free(spare);
}

/* unload_locked, taking the table's lock. */
static void unload_idle(tw_srv *srv, long long idle_ms)
{
    pthread_mutex_lock(&srv->games_lock);
    unload_locked(srv, idle_ms);
    pthread_mutex_unlock(&srv->games_lock);
}

/* Archives the stale live games, batch after batch, then drops idle
 * games from memory (after a tenth of a day's hour: 10 minutes). */
int tw_srv_sweep(tw_srv *srv)
{
    long long now = tw_now_ms();
    long long cut = archive_cut(srv, srv->limits.archive_days, now);
    long long unjoined_cut = archive_cut(srv, srv->limits.unjoined_days, now);
    char now_iso[32];
    tw_now_iso(now_iso);
    int total = 0, n;
    while ((cut > 0 || unjoined_cut > 0) && !atomic_load(&srv->stopping) &&
           (n = archive_batch(srv, cut, unjoined_cut, now_iso)) > 0)
        total += n;
    /* --delete-archived-after: the archived games themselves go, their
     * rows and actions (finished games, the history, are never archived) */
    if (srv->limits.delete_days && !atomic_load(&srv->stopping)) {
        char before[32];
        tw_srv_iso_of_ms(archive_cut(srv, srv->limits.delete_days, now), before);
        int deleted = tw_srv_store_delete_archived(&srv->store, before);
        if (deleted > 0)
            tw_srv_log_throttled("delete-archived", "deleted the games archived more than %u days ago: %d",
                                 srv->limits.delete_days, deleted);
    }
    unload_idle(srv, srv->limits.day_ms / 144);
    return total;
}

/* The sweeper thread: a sweep every hour (a day / 24) until the server
 * stops. */
static void *sweeper_main(void *arg)
{
    tw_srv *srv = arg;
    long long period = srv->limits.day_ms / 24;
    pthread_mutex_lock(&srv->sweep_lock);
    while (!atomic_load(&srv->stopping)) {
        struct timespec until = tw_srv_mono_after(period);
        pthread_cond_timedwait(&srv->sweep_wake, &srv->sweep_lock, &until);
        if (atomic_load(&srv->stopping))
            break;
        pthread_mutex_unlock(&srv->sweep_lock);
        tw_srv_sweep(srv);
        pthread_mutex_lock(&srv->sweep_lock);
    }
    pthread_mutex_unlock(&srv->sweep_lock);
    return NULL;
}

int tw_srv_sweeper_start(tw_srv *srv)
{
    pthread_mutex_init(&srv->sweep_lock, NULL);
    tw_srv_cond_init(&srv->sweep_wake);
    if (pthread_create(&srv->sweeper, NULL, sweeper_main, srv) != 0) {
        pthread_cond_destroy(&srv->sweep_wake);
        pthread_mutex_destroy(&srv->sweep_lock);
        return -1;
    }
    srv->sweeper_running = 1;
    return 0;
}

void tw_srv_sweeper_stop(tw_srv *srv)
{
    if (!srv->sweeper_running)
        return;
    pthread_mutex_lock(&srv->sweep_lock);
    atomic_store(&srv->stopping, 1);
    pthread_cond_broadcast(&srv->sweep_wake);
    pthread_mutex_unlock(&srv->sweep_lock);
    pthread_join(srv->sweeper, NULL);
    pthread_cond_destroy(&srv->sweep_wake);
    pthread_mutex_destroy(&srv->sweep_lock);
    srv->sweeper_running = 0;
}

/* Adds a newly created game to the table, held. */
tw_srv_game *tw_srv_add(tw_srv *srv, tw_srv_game *g)
{
    pthread_mutex_lock(&srv->games_lock);
    unsigned long gen = srv->archive_gen;
    pthread_mutex_unlock(&srv->games_lock);
    return table_insert(srv, g, gen, NULL);
}

/* A new game object (for srv_api.c). */
tw_srv_game *tw_srv_game_new(void)
{
    return game_alloc();
}

/* Frees a game that never reached the table. */
void tw_srv_game_discard(tw_srv_game *g)
{
    game_free(g);
}
