/* Bulk simulation and benchmarks: `trickwood sim` and `trickwood bench`.
 *
 * The runner plays games 0..N-1 on worker threads and hands every game's
 * result to a reducer in game order, whatever the number of threads, so a
 * run's output depends only on its options and seed. Games are handed out
 * in chunks; at most a fixed number of chunks are in flight, so memory
 * stays the same however many games are played. */
#ifndef TRICKWOOD_CLI_SIM_H
#define TRICKWOOD_CLI_SIM_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"
#include "trickwood/foxduet.h"
#include "trickwood/stats.h"

/* What the runner needs to know about one simulation. */
typedef struct {
    long long games;      /* games to play */
    int jobs;             /* worker threads (>= 1) */
    int chunk;            /* games per chunk handed to a worker (>= 1) */
    size_t result_size;   /* bytes of one game's result */
    void *ctx;            /* passed to every callback */
    /* Creates worker w's private scratch (bots and the like); NULL when
     * out of memory. May be NULL when workers need nothing. */
    void *(*worker_new)(void *ctx, int w);
    /* Frees what worker_new made. */
    void (*worker_free)(void *ctx, void *scratch);
    /* Plays game `game` into result (zeroed beforehand). Returns 0, or -1
     * on an error (the run stops). Called from worker threads. */
    int (*play)(void *ctx, void *scratch, long long game, void *result);
    /* Takes one game's result; called in game order on the calling thread. */
    void (*reduce)(void *ctx, long long game, const void *result);
    FILE *progress;       /* where to draw a progress bar, or NULL */
    double deadline;      /* tw_sim_now() after which no new chunk starts (0: none) */
} tw_sim_spec;

/* Runs a simulation. Returns 0 when every game was played (or, with a
 * deadline, every game of the chunks started before it: always the first
 * games, in order), -1 when a game failed or memory ran out. *elapsed_s
 * (may be NULL) gets the wall time. */
int tw_sim_run(const tw_sim_spec *spec, double *elapsed_s);

/* Number of online processors (at least 1). */
int tw_sim_cpu_count(void);
/* Monotonic clock in seconds. */
double tw_sim_now(void);
/* CPU time used by the calling thread, in seconds. */
double tw_sim_thread_cpu(void);

/* Seed of game i of a run with seed S: depends on (S, i) only, and fits in
 * 53 bits so that records and JSON readers keep it exact. */
uint64_t tw_sim_game_seed(uint64_t seed, long long game);
/* Seed of the bot in seat `seat` of a game (derived from the game seed). */
uint64_t tw_sim_bot_seed(uint64_t game_seed, int seat);

/* Keeps the first (lowest) failing game of a run and its reason, from any
 * worker thread: *failed_game (-1 when none yet) and error (size bytes)
 * are updated under lock. */
void tw_sim_note_failure(pthread_mutex_t *lock, long long *failed_game, char *error, size_t size, long long game,
                         const char *why);

/* Games per chunk for a run: at most max, and small enough that each of
 * the jobs gets several chunks. */
int tw_sim_chunk_size(long long games, int jobs, int max);

/* Parses a whole number in [min, max] (digits only, or with a k/M suffix
 * for thousands/millions); returns 0 on success, -1 otherwise. */
int tw_sim_parse_count(const char *text, long long min, long long max, long long *out);

/* Draws a progress bar line (bar, done/total, rate, ETA) on a terminal
 * stream; done == total ends the line. */
void tw_sim_draw_progress(FILE *to, long long done, long long total, double elapsed_s);

/* ---- Per-game simulations (sim_nw.c, sim_fox.c) ------------------------ */

/* What a run prints on its output stream besides the totals. */
typedef enum { TW_SIM_OUT_TEXT = 0, TW_SIM_OUT_JSON = 1, TW_SIM_OUT_CSV = 2, TW_SIM_OUT_NONE = 3 } tw_sim_output;

/* Common settings of a run. */
typedef struct {
    long long games;
    uint64_t seed;
    int jobs;
    FILE *csv;       /* rows go here (header first) when not NULL */
    FILE *progress;  /* progress bar, or NULL */
    double deadline; /* stop handing out games after this tw_sim_now() (0: none) */
} tw_sim_common;

#define TW_SIM_NW_MAX_STARS 20

/* For Northwood! run settings. iterations/rollouts tune the strong bot
 * (0: its defaults). characters receives one CSV row per character dealt
 * in each game (sim --characters-csv, docs/simulation.md). */
typedef struct {
    int bot;         /* tw_nw_bot_kind */
    int setup;       /* tw_nw_setup */
    int medal;       /* tw_nw_medal the games aim for (and win_rate is about) */
    int iterations;
    int rollouts;
    FILE *characters; /* per-game character rows go here (header first) when not NULL */
} tw_sim_nw_options;

/* For Northwood! totals, reduced in game order. */
typedef struct {
    long long games;
    long long wins[4];                          /* by medal 1..3: stars reached its threshold */
    tw_tally stars;
    long long stars_hist[TW_SIM_NW_MAX_STARS + 1];
    long long friendly[8];                      /* by target: the fief ended friendly */
    long long visited[8];                       /* by target: the fief was visited */
    long long stopped;                          /* games the bot ended early */
    tw_tally decisions;                         /* per game */
    double game_seconds;                        /* CPU time inside games, summed over workers */
    double elapsed;                             /* wall time of the run */
    long long failed_game;                      /* first game that failed, or -1 */
    char error[160];
} tw_sim_nw_totals;

/* Plays a For Northwood! run. Returns 0, or -1 with totals->error set. */
int tw_sim_nw_run(const tw_sim_common *common, const tw_sim_nw_options *opt, tw_sim_nw_totals *totals);

/* Runs one game kind's simulation with the common settings: quick bots
 * share out games in large chunks, searching ones (slow) in chunks of one
 * so that every worker keeps busy until the end. On failure error gets
 * "out of memory" unless it already says why. Returns as tw_sim_run. */
int tw_sim_run_games(const tw_sim_common *common, int slow, size_t result_size, void *ctx,
                     int (*play)(void *ctx, void *scratch, long long game, void *result),
                     void (*reduce)(void *ctx, long long game, const void *result), double *elapsed_s,
                     char *error, size_t error_size);

#define TW_SIM_FOX_MAX_SCORE 99

/* Fox Duet run settings: a bot kind per seat, the level and the board.
 * samples/nodes tune the searching bots (0: their defaults). */
typedef struct {
    int bots[2];                 /* tw_fox_bot_kind by seat */
    int level;                   /* 1..3 */
    const tw_fox_board *board;
    int samples;                 /* strong: deals per decision */
    long long nodes;             /* strong: nodes per deal; open-hands: nodes per decision */
} tw_sim_fox_options;

/* Fox Duet totals, reduced in game order. */
typedef struct {
    long long games;
    long long wins;
    tw_tally score;                             /* 0 for a lost game */
    long long score_hist[TW_SIM_FOX_MAX_SCORE + 1];
    long long won_in_round[4];                  /* by round 1..3 */
    long long lost_path_in_round[4];            /* off the path with no forest token, by round */
    long long lost_time;                        /* gems left after round 3 */
    tw_tally gems;                              /* gems collected per game */
    tw_tally decisions;
    double game_seconds;
    double elapsed;
    long long failed_game;
    char error[160];
} tw_sim_fox_totals;

/* Plays a Fox Duet run. Returns 0, or -1 with totals->error set. */
int tw_sim_fox_run(const tw_sim_common *common, const tw_sim_fox_options *opt, tw_sim_fox_totals *totals);

/* The `sim` subcommand and its help text. */
int tw_cli_sim(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_sim_help;

/* The `bench` subcommand and its help text. */
int tw_cli_bench(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_bench_help;

#endif
