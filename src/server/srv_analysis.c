/* The analysis of a game and hints at any step of it (docs/web-api.md,
 * "Analysis"). Both are long computations and run on the worker pool the
 * way hints do (counted among the hint threads, refused with 503 when
 * its queue is full). Hidden information stays hidden: in an unfinished
 * game a seat gets the analysis of its own decisions only, and a hint
 * only at a step where it was the seat to act, each worked out from that
 * seat's view (tw_game_analyse, hint_json); a finished game may show
 * everything. The analysis of a finished game is kept (ANALYSIS_CACHE
 * games in memory) and answered again without thinking. */
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

#define ANALYSIS_TOP 5 /* costliest decisions ranked */

/* ---- The cache of finished games' analyses ----------------------------------- */

void tw_srv_analyses_init(tw_srv *srv)
{
    pthread_mutex_init(&srv->analysis_lock, NULL);
    memset(srv->analyses, 0, sizeof srv->analyses);
    srv->analysis_next = 0;
}

void tw_srv_analyses_free(tw_srv *srv)
{
    for (int i = 0; i < TW_SRV_ANALYSIS_CACHE; i++) {
        json_decref(srv->analyses[i].json);
        srv->analyses[i].json = NULL;
    }
    pthread_mutex_destroy(&srv->analysis_lock);
}

/* The kept analysis of a finished game (a copy of its own: no JSON value
 * is shared between threads), or NULL. */
static json_t *cache_get(tw_srv *srv, const char *id)
{
    json_t *found = NULL;
    pthread_mutex_lock(&srv->analysis_lock);
    for (int i = 0; i < TW_SRV_ANALYSIS_CACHE && !found; i++)
        if (srv->analyses[i].json && strcmp(srv->analyses[i].id, id) == 0)
            found = json_deep_copy(srv->analyses[i].json);
    pthread_mutex_unlock(&srv->analysis_lock);
    return found;
}

/* Keeps a copy of the analysis of a finished game, in place of the oldest
 * kept (the caller goes on with its own: jansson's reference counts are
 * not for values two threads hold). */
static void cache_put(tw_srv *srv, const char *id, json_t *analysis)
{
    pthread_mutex_lock(&srv->analysis_lock);
    int slot = -1;
    for (int i = 0; i < TW_SRV_ANALYSIS_CACHE && slot < 0; i++)
        if (srv->analyses[i].json && strcmp(srv->analyses[i].id, id) == 0)
            slot = i;
    if (slot < 0) {
        slot = (int)(srv->analysis_next++ % TW_SRV_ANALYSIS_CACHE);
    }
    json_decref(srv->analyses[slot].json);
    snprintf(srv->analyses[slot].id, sizeof srv->analyses[slot].id, "%s", id);
    srv->analyses[slot].json = json_deep_copy(analysis);
    pthread_mutex_unlock(&srv->analysis_lock);
}

/* ---- Jobs on the worker pool ---------------------------------------------------- */

/* An analysis or a hint handed to a worker: a match of the server's own
 * in, the answer out. */
typedef struct {
    tw_match *match;
    int viewer; /* the seat whose decisions are analysed, -1: every seat */
    json_t *out;
} think_job;

/* Analyses the job's match (on a worker). */
static void run_analysis(void *cls)
{
    think_job *job = cls;
    job->out = tw_game_analyse_json(job->match, job->viewer, 0, ANALYSIS_TOP);
}

/* Thinks about a hint for the job's match (on a worker), from the view of
 * the seat to act there. */
static void run_hint(void *cls)
{
    think_job *job = cls;
    job->out = job->match->game->hint_json(job->match);
}

/* Runs a job on the pool and makes the reply; frees the job's match.
 * cache_id: the finished game whose analysis the answer is (NULL: keep
 * nothing). */
static tw_srv_reply think(tw_srv *srv, void (*fn)(void *), think_job *job, const char *cache_id)
{
    tw_srv_reply reply;
    if (!job->match)
        return tw_srv_error(500, "internal", "out of memory");
    if (tw_srv_pool_run(srv->pool, fn, job, 1) != 0) {
        reply = tw_srv_error(503, "busy", "every hint worker is busy; ask again in a moment");
        reply.retry_after = 1;
    } else if (!job->out) {
        reply = tw_srv_error(500, "internal", "no answer could be worked out");
    } else {
        if (cache_id)
            cache_put(srv, cache_id, job->out);
        reply = tw_srv_ok(200, job->out);
    }
    job->match->game->free(job->match);
    job->match = NULL;
    return reply;
}

/* A hint at step of full for a caller that may see it; adds "step" and
 * "seat" to the answer. Frees nothing of full. */
static tw_srv_reply hint_at(tw_srv *srv, const tw_match *full, int step)
{
    think_job job = {tw_match_at_step(full, step), -1, NULL};
    int seat = job.match ? full->game->to_act(job.match) : -1;
    if (job.match && seat < 0) {
        full->game->free(job.match);
        return tw_srv_error(409, "conflict", "the game is over at step %d: there is nothing to decide", step);
    }
    tw_srv_reply reply = think(srv, run_hint, &job, NULL);
    if (reply.status == 200) {
        json_object_set_new(reply.body, "step", json_integer(step));
        json_object_set_new(reply.body, "seat", json_integer(seat));
    }
    return reply;
}

/* ---- Games by id and token --------------------------------------------------- */

tw_srv_reply tw_srv_game_analysis(tw_srv *srv, tw_srv_game *g, const char *token)
{
    json_t *kept = cache_get(srv, g->id);
    think_job job = {NULL, -1, NULL};
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    int over = tw_srv_game_to_act(g) < 0;
    int archived = g->archived;
    job.viewer = over ? -1 : seat;
    if (seat >= 0 && !archived && !(over && kept))
        job.match = g->game->clone(g->match);
    pthread_mutex_unlock(&g->lock);
    if (archived || seat < 0) {
        json_decref(kept);
        return archived ? tw_srv_archived(g->id) : tw_srv_bad_token(token);
    }
    if (over && kept)
        return tw_srv_ok(200, kept);
    json_decref(kept);
    return think(srv, run_analysis, &job, over ? g->id : NULL);
}

tw_srv_reply tw_srv_game_hint_at(tw_srv *srv, tw_srv_game *g, const char *token, const char *step_text)
{
    tw_match *full = NULL;
    pthread_mutex_lock(&g->lock);
    int seat = tw_srv_seat_of(g, token);
    int archived = g->archived;
    int over = tw_srv_game_to_act(g) < 0;
    if (seat >= 0 && !archived)
        full = g->game->clone(g->match);
    pthread_mutex_unlock(&g->lock);
    if (archived)
        return tw_srv_archived(g->id);
    if (seat < 0)
        return tw_srv_bad_token(token);
    if (!full)
        return tw_srv_error(500, "internal", "out of memory");
    long long step = tw_srv_query_number(step_text, 0, full->count);
    tw_srv_reply reply;
    if (step < 0) {
        reply = tw_srv_bad_step(full->count);
    } else if (!over) {
        /* In a game still played, only a step where this seat was to act,
         * worked out from what it saw then. */
        tw_match *at = tw_match_at_step(full, (int)step);
        int to_act = at ? full->game->to_act(at) : -1;
        if (at)
            full->game->free(at);
        if (!at)
            reply = tw_srv_error(500, "internal", "the game cannot be replayed");
        else if (to_act != seat)
            reply = tw_srv_error(403, "not_your_turn", "hints are for the seat to act: at step %lld seat %d was to act",
                                 step, to_act);
        else
            reply = hint_at(srv, full, (int)step);
    } else {
        reply = hint_at(srv, full, (int)step);
    }
    full->game->free(full);
    return reply;
}

/* ---- Finished games from the history ------------------------------------------ */

tw_srv_reply tw_srv_history_analysis(tw_srv *srv, const char *id)
{
    json_t *kept = cache_get(srv, id);
    if (kept)
        return tw_srv_ok(200, kept);
    tw_history_game row;
    tw_srv_reply reply;
    tw_match *full = tw_srv_history_match(srv, id, &row, &reply);
    if (!full)
        return reply;
    think_job job = {full, -1, NULL};
    return think(srv, run_analysis, &job, row.id);
}

tw_srv_reply tw_srv_history_hint(tw_srv *srv, const char *id, const char *step_text)
{
    tw_history_game row;
    tw_srv_reply reply;
    tw_match *full = tw_srv_history_match(srv, id, &row, &reply);
    if (!full)
        return reply;
    long long step = tw_srv_query_number(step_text, 0, full->count);
    if (step < 0)
        reply = tw_srv_bad_step(full->count);
    else
        reply = hint_at(srv, full, (int)step);
    full->game->free(full);
    return reply;
}
