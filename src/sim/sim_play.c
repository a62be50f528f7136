/* The simulation's play loop, written once over the game interface
 * (trickwood/game.h): each game starts from the run's configuration and
 * its own seed, a bot made for it holds each seat, and the game's tally
 * table (tw_sim_kind) notes what the game did. Results are reduced in game
 * order (sim_run.c), so a run's output depends only on its options. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

/* Far more decisions than any game takes: a bot that goes past it loops. */
#define MAX_DECISIONS 5000

/* A size rounded up so that what follows stays aligned for any member. */
#define ALIGNED(size) (((size) + 15) / 16 * 16)
/* Where a game's own part of the result starts. */
#define HEAD_SIZE ALIGNED(sizeof(tw_sim_head))

/* The run: the game, the settings, the configurations and the totals. */
typedef struct {
    const tw_sim_kind *kind;
    const tw_game *game;
    const tw_sim_common *common;
    const tw_sim_options *opt;
    json_t *config[2]; /* by first dealer (one for a game of one seat) */
    /* the kind's observe when these options need it, else NULL */
    void (*observe)(void *result, const tw_match *m, tw_game_action action);
    tw_sim_totals *totals;
    pthread_mutex_t error_lock;
} sim_run;

/* Keeps the first (lowest) failing game with its reason, from any
 * worker; returns -1. */
static int fail_game(sim_run *run, long long game, const char *why)
{
    tw_sim_totals *t = run->totals;
    pthread_mutex_lock(&run->error_lock);
    if (t->failed_game < 0 || game < t->failed_game) {
        t->failed_game = game;
        snprintf(t->error, sizeof t->error, "game %lld: %s", game, why);
    }
    pthread_mutex_unlock(&run->error_lock);
    return -1;
}

/* Gives each seat a bot seeded from the game seed: the worker's bot of
 * the last game reseeded when it can be (a random bot), else a new one.
 * -1 when one cannot be made. */
static int new_bots(sim_run *run, uint64_t seed, tw_game_bot *bots[2])
{
    const tw_game *g = run->game;
    int status = 0;
    for (int seat = 0; seat < g->seats; seat++) {
        uint64_t bot_seed = tw_sim_bot_seed(seed, seat);
        if (bots[seat] && g->bot_reseed && g->bot_reseed(bots[seat], bot_seed) == TW_OK)
            continue;
        g->bot_free(bots[seat]);
        bots[seat] = g->bot_new(run->opt->bots[seat], bot_seed);
        if (!bots[seat])
            status = -1;
        else if (run->kind->tune)
            run->kind->tune(bots[seat], run->opt);
    }
    return status;
}

/* Records that the bot in the seat to act chose an illegal action (or
 * none); returns -1. */
static int illegal_choice(sim_run *run, long long game, const tw_match *m, tw_game_action a)
{
    char text[48], why[96];
    run->game->format(m, a, text, (int)sizeof text);
    snprintf(why, sizeof why, "the bot in seat %d chose an illegal action (%s)", run->game->to_act(m), text);
    return fail_game(run, game, why);
}

/* Plays the match to its end with the bots, in the game's own loop
 * (bot_play) when it has one, else one table call at a time; 0, or -1
 * with the failure recorded. */
static int play_out(sim_run *run, long long game, tw_match *m, tw_game_bot *bots[2], tw_sim_head *head,
                    void *result)
{
    const tw_game *g = run->game;
    if (g->bot_play) {
        int applied = 0;
        tw_game_action refused = 0;
        tw_error err = g->bot_play(m, bots, MAX_DECISIONS, run->observe, result, &applied, &refused);
        head->decisions = (uint32_t)applied;
        if (err != TW_OK)
            return illegal_choice(run, game, m, refused);
    } else {
        while (g->to_act(m) >= 0 && head->decisions < MAX_DECISIONS) {
            tw_game_action a = 0;
            tw_error err = g->bot_choose(bots[g->to_act(m)], m, &a);
            if (err == TW_OK && run->observe)
                run->observe(result, m, a);
            if (err != TW_OK || g->apply(m, a, NULL) != TW_OK)
                return illegal_choice(run, game, m, a);
            head->decisions++;
        }
    }
    return g->to_act(m) >= 0 ? fail_game(run, game, "the game did not end") : 0;
}

/* A worker's matches, one by first dealer, dealt again for each of its
 * games when the game can (redeal), and its bots by seat, reseeded when
 * they can be (bot_reseed): a game of random bots allocates nothing. */
typedef struct {
    tw_match *match[2];
    tw_game_bot *bots[2];
} sim_worker;

/* Makes a worker's (empty) scratch. */
static void *worker_new(void *ctx, int w)
{
    (void)ctx;
    (void)w;
    return calloc(1, sizeof(sim_worker));
}

/* Frees a worker's matches and scratch. */
static void worker_free(void *ctx, void *scratch)
{
    sim_run *run = ctx;
    sim_worker *worker = scratch;
    for (int i = 0; i < 2; i++) {
        run->game->free(worker->match[i]);
        run->game->bot_free(worker->bots[i]);
    }
    free(worker);
}

/* The match for a game: the worker's match for this first dealer dealt
 * again with the seed, or a new one (kept for the next game when the game
 * can deal again); NULL with the failure recorded when it cannot start. */
static tw_match *game_match(sim_run *run, sim_worker *worker, int dealer, uint64_t seed, long long game)
{
    tw_match *m = worker->match[dealer];
    if (m && run->game->redeal(m, seed) == TW_OK)
        return m;
    run->game->free(m);
    worker->match[dealer] = NULL;
    json_t *config = run->config[dealer];
    tw_diag diag;
    memset(&diag, 0, sizeof diag); /* tw_diag_init would print the file name */
    m = run->kind->start ? run->kind->start(run->opt, config, seed, &diag) : run->game->start(config, seed, &diag);
    if (!m) {
        char why[120];
        snprintf(why, sizeof why, "cannot start: %s %s", diag.field, diag.message);
        fail_game(run, game, why);
    } else if (run->game->redeal) {
        worker->match[dealer] = m;
    }
    return m;
}

/* Plays one game with fresh bots seeded from the game seed, so the game is
 * the same whichever worker plays it. In a game of two seats the first
 * dealer comes from the seed too, so both seats deal first equally often. */
static int play_game(void *ctx, void *scratch, long long index, void *out)
{
    sim_run *run = ctx;
    long long game = run->common->first + index; /* the game's number in the seed's sequence */
    tw_sim_head *head = out;
    void *result = (unsigned char *)out + HEAD_SIZE;
    head->seed = tw_sim_game_seed(run->common->seed, game);
    head->dealer = run->game->seats > 1 ? (uint8_t)(tw_mix64(head->seed) & 1) : 0;
    sim_worker *worker = scratch;
    tw_match *m = game_match(run, worker, head->dealer, head->seed, game);
    if (!m)
        return -1;
    if (run->kind->begin)
        run->kind->begin(result, m);
    tw_game_bot **bots = worker->bots;
    int status = new_bots(run, head->seed, bots) == 0 ? 0 : fail_game(run, game, "out of memory for the bots");
    if (status == 0)
        status = play_out(run, game, m, bots, head, result);
    for (int seat = 0; seat < 2 && run->kind->bot_done; seat++)
        if (bots[seat])
            run->kind->bot_done(result, bots[seat]);
    run->kind->finish(result, m);
    if (!run->game->redeal)
        run->game->free(m);
    return status;
}

/* Adds one game to the totals and writes its CSV rows. */
static void reduce_game(void *ctx, long long index, const void *in)
{
    sim_run *run = ctx;
    long long game = run->common->first + index;
    const tw_sim_head *head = in;
    const void *result = (const unsigned char *)in + HEAD_SIZE;
    tw_sim_totals *t = run->totals;
    t->games++;
    tw_tally_add(&t->decisions, head->decisions);
    run->kind->add(t, head, result);
    run->kind->csv_rows(run->common, run->opt, game, head, result);
}

/* Plays a run: configurations, CSV headers, then the games on the
 * runner, quick bots sharing out games in large chunks, searching ones
 * (slow) in chunks of one so that every worker keeps busy to the end. */
int tw_sim_play(const tw_sim_kind *kind, const tw_sim_common *common, const tw_sim_options *opt,
                tw_sim_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    totals->failed_game = -1;
    if (!(totals->tally = calloc(1, kind->tally_size)))
        snprintf(totals->error, sizeof totals->error, "out of memory");
    sim_run run;
    memset(&run, 0, sizeof run);
    run.kind = kind;
    run.game = kind->game;
    run.common = common;
    run.opt = opt;
    run.totals = totals;
    if (!kind->observing || kind->observing(opt))
        run.observe = kind->observe;
    int configs = kind->game->seats > 1 ? 2 : 1;
    for (int d = 0; d < configs && !totals->error[0]; d++)
        if (!(run.config[d] = kind->config(opt, d)))
            snprintf(totals->error, sizeof totals->error, "out of memory");
    int status = totals->error[0] ? -1 : 0;
    if (status == 0) {
        kind->csv_header(common, opt);
        pthread_mutex_init(&run.error_lock, NULL);
        tw_sim_spec spec = {
            .games = common->games,
            .jobs = common->jobs,
            .chunk = tw_sim_chunk_size(common->games, common->jobs, kind->slow(opt) ? 1 : 1024),
            .result_size = HEAD_SIZE + ALIGNED(kind->result_size), /* results follow each other */
            .ctx = &run,
            .worker_new = worker_new,
            .worker_free = worker_free,
            .play = play_game,
            .reduce = reduce_game,
            .progress = common->progress,
            .deadline = common->deadline,
            .cpu_seconds = &totals->game_seconds,
        };
        status = tw_sim_run(&spec, &totals->elapsed);
        if (status != 0 && !totals->error[0])
            snprintf(totals->error, sizeof totals->error, "out of memory");
        pthread_mutex_destroy(&run.error_lock);
    }
    json_decref(run.config[0]);
    json_decref(run.config[1]);
    return status;
}

/* Frees the game's tallies. */
void tw_sim_totals_free(tw_sim_totals *totals)
{
    free(totals->tally);
    totals->tally = NULL;
}

/* The game's own spelling of a bot name, from its table's names. */
const char *tw_sim_bot_name(const tw_sim_kind *kind, const char *name)
{
    const char *const *names = kind->game->bot_names;
    for (int i = 0; name && names[i]; i++)
        if (strcmp(names[i], name) == 0)
            return names[i];
    return NULL;
}
