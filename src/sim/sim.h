/* Bulk simulation: `trickwood sim` and `sim-merge`; `trickwood bench`
 * (src/bench/) measures through the same runner and play loop.
 *
 * The runner plays games 0..N-1 on worker threads and hands every game's
 * result to a reducer in game order, whatever the number of threads, so a
 * run's output depends only on its options and seed. Games are handed out
 * in chunks; at most a fixed number of chunks are in flight, so memory
 * stays the same however many games are played. */
#ifndef TRICKWOOD_SIM_SIM_H
#define TRICKWOOD_SIM_SIM_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "term/cli.h"
#include "trickwood/game.h"
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
    /* When not NULL, gets the CPU time the workers spent on their chunks,
     * summed (timed once per chunk, not per game). */
    double *cpu_seconds;
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
/* CPU time used by the whole process (every thread), in seconds. */
double tw_sim_process_cpu(void);

/* Seed of game i of a run with seed S: depends on (S, i) only, and fits in
 * 53 bits so that records and JSON readers keep it exact. */
uint64_t tw_sim_game_seed(uint64_t seed, long long game);
/* Seed of the bot in seat `seat` of a game (derived from the game seed). */
uint64_t tw_sim_bot_seed(uint64_t game_seed, int seat);

/* Games per chunk for a run: at most max, and small enough that each of
 * the jobs gets several chunks. */
int tw_sim_chunk_size(long long games, int jobs, int max);

/* Parses a whole number in [min, max] (digits only, or with a k/M suffix
 * for thousands/millions); returns 0 on success, -1 otherwise. */
int tw_sim_parse_count(const char *text, long long min, long long max, long long *out);

/* Draws a progress bar line (bar, done/total, rate, ETA) on a terminal
 * stream; done == total ends the line. */
void tw_sim_draw_progress(FILE *to, long long done, long long total, double elapsed_s);

/* ---- Simulations over the game interface (sim_play.c) ------------------ */

/* What a run prints on its output stream besides the totals. */
typedef enum { TW_SIM_OUT_TEXT = 0, TW_SIM_OUT_JSON = 1, TW_SIM_OUT_CSV = 2 } tw_sim_output;

/* Common settings of a run. */
typedef struct {
    long long games;
    long long first; /* the run plays games first..first+games-1 of its seed (a shard: --shard) */
    uint64_t seed;
    int jobs;
    FILE *csv;       /* rows go here (header first) when not NULL */
    FILE *progress;  /* progress bar, or NULL */
    double deadline; /* stop handing out games after this tw_sim_now() (0: none) */
} tw_sim_common;

/* What the command line chose for the games themselves: the bots by
 * seat, and the game's own options (its kind's options_size bytes, a
 * type of the game's own, in its sim header). */
typedef struct {
    const char *bots[2];  /* the game's bot names, by seat */
    void *game;
} tw_sim_options;

/* A run's totals, reduced in game order: what every game has, then the
 * game's own tallies (its kind's tally_size bytes, a type of the game's
 * own, made by tw_sim_play; free them with tw_sim_totals_free). */
typedef struct {
    long long games;
    tw_tally decisions;                         /* per game */
    double game_seconds;                        /* CPU time of the workers' chunks of games, summed */
    double elapsed;                             /* wall time of the run */
    long long failed_game;                      /* first game that failed, or -1 */
    char error[160];
    void *tally;
} tw_sim_totals;

/* Frees the game's tallies of a run's totals (the totals themselves are
 * the caller's). */
void tw_sim_totals_free(tw_sim_totals *totals);

/* What every game's result holds, before the game's own part. */
typedef struct {
    uint64_t seed;
    uint32_t decisions;
    uint8_t dealer;      /* the seat that dealt first (games of two seats) */
} tw_sim_head;

/* One array of exact counts in the totals (long longs, a tw_tally being
 * three), as a shard writes it and sim-merge adds it up: its JSON name,
 * where it starts (in tw_sim_totals for the counts every game has, in the
 * game's tallies for its own) and how many counts it holds. */
typedef struct {
    const char *name;
    size_t offset;
    int count;
} tw_sim_field;

/* How one of a game's own options is written on the command line: a
 * flag, or a text or a whole number (1 to 10000000) follows. */
typedef enum { TW_SIM_FLAG, TW_SIM_TEXT, TW_SIM_NUMBER } tw_sim_value;

/* One of a game's own options of `sim`. */
typedef struct {
    const char *name;
    tw_sim_value value;
} tw_sim_option;

/* What differs from game to game in a simulation: its options on the
 * command line, how its matches start, how hard its bots search, and its
 * tallies (what a finished match adds, their text, JSON and CSV). The
 * play loop itself is written once over the game interface
 * (sim_play.c); the games are listed once, in sim_games.c. */
typedef struct tw_sim_kind {
    const tw_game *game;  /* its key names the game on the command line */
    size_t result_size;   /* the game's own part of one game's result */
    size_t options_size;  /* the game's own options (tw_sim_options.game) */
    size_t tally_size;    /* the game's own tallies (tw_sim_totals.tally) */
    const char *default_bot; /* the bot of every seat unless --bot says */
    const tw_msg *bad_bot;   /* "unknown bot '%s' (...)" */
    /* Its own options (a NULL name ends the list). */
    const tw_sim_option *options;
    /* Sets the game's defaults in opt->game (zeroed beforehand). */
    void (*defaults)(tw_sim_options *opt);
    /* Stores option k of the list with its value v (number: a NUMBER's
     * value); 0, or the exit code after a printed error (usage: the help,
     * for tw_cli_usage_error). */
    int (*set_option)(tw_cli *cli, const char *usage, tw_sim_options *opt, int k, const char *v, long long number);
    /* Gets what the options name ready before the run (files, boards;
     * NULL: nothing); 0, or the exit code after a printed error. */
    int (*prepare)(tw_cli *cli, tw_sim_options *opt);
    /* Lets it go after the run (NULL: nothing); returns code, or an exit
     * code after a printed error when code was 0. */
    int (*release)(tw_cli *cli, tw_sim_options *opt, int code);
    /* Whether the bots search (slow: games are handed out one by one). */
    int (*slow)(const tw_sim_options *opt);
    /* The configuration a game starts with when seat `dealer` deals first
     * (a new reference; NULL when out of memory). */
    json_t *(*config)(const tw_sim_options *opt, int dealer);
    /* Starts a match (NULL: the game's start). */
    tw_match *(*start)(const tw_sim_options *opt, json_t *config, uint64_t seed, tw_diag *diag);
    /* Sets a new bot's search effort from the options (NULL: none). */
    void (*tune)(tw_game_bot *bot, const tw_sim_options *opt);
    /* Notes what a new match dealt (NULL: nothing). */
    void (*begin)(void *result, const tw_match *m);
    /* Notes an action about to be applied (NULL: nothing). */
    void (*observe)(void *result, const tw_match *m, tw_game_action action);
    /* Whether these options need observe at all (NULL: always); a run
     * that does not need it skips a call per decision. */
    int (*observing)(const tw_sim_options *opt);
    /* Notes how the match ended. */
    void (*finish)(void *result, const tw_match *m);
    /* Notes what a seat's bot reports once the game is over (NULL:
     * nothing). */
    void (*bot_done)(void *result, tw_game_bot *bot);
    /* Adds one game to the game's tallies. */
    void (*add)(tw_sim_totals *t, const tw_sim_head *head, const void *result);
    /* Writes the CSV headers (common->csv, opt->characters when set). */
    void (*csv_header)(const tw_sim_common *common, const tw_sim_options *opt);
    /* Writes one game's CSV rows. */
    void (*csv_rows)(const tw_sim_common *common, const tw_sim_options *opt, long long game, const tw_sim_head *head,
                     const void *result);
    /* The summary as one JSON object. */
    json_t *(*json)(const tw_sim_common *common, const tw_sim_options *opt, const tw_sim_totals *t);
    /* The summary for people. */
    void (*text)(FILE *out, const tw_sim_common *common, const tw_sim_options *opt, const tw_sim_totals *t);
    /* The game's exact counts (a NULL name ends the list): what a shard's
     * output holds so that sim-merge can add shards up (sim_shard.c). */
    const tw_sim_field *fields;
    /* The game's options that decide its games, as a JSON object's members
     * (added to o): a shard records them, sim-merge compares them. */
    void (*options_json)(json_t *o, const tw_sim_options *opt);
    /* Reads them back (sim-merge) into opt->game (zeroed beforehand): 0,
     * or -1 with the member at fault named in why. */
    int (*options_read)(json_t *o, tw_sim_options *opt, char *why, size_t size);
} tw_sim_kind;

/* The games of `sim` and `sim-merge`, in the order of the help
 * (sim_games.c), and how many there are. */
extern const tw_sim_kind *const tw_sim_kinds[];
extern const int tw_sim_kind_count;
/* The game of a key (tw_game.key, as the command line names it), or NULL. */
const tw_sim_kind *tw_sim_kind_of(const char *key);
/* The game's own spelling of a bot name, or NULL when it has no such bot
 * (sim_play.c). */
const char *tw_sim_bot_name(const tw_sim_kind *kind, const char *name);

/* The help lines of sim every game shares, after its first line. */
#define TW_SIM_HELP_EN                                                                                              \
    "      --games N                  games to play (default: 10000; k and M suffixes work)\n"                    \
    "      --seed N                   seed of the run, 0 to 2^53-1 (default: 1)\n"                                \
    "      --jobs N                   threads (default: every core); the results do not depend on it\n"          \
    "      --json | --csv             one JSON object, or one CSV row per game\n"                                 \
    "      --quiet                    no progress bar\n"                                                          \
    "      --shard K/N                play only shard K of N of the run's games (the same games as in the\n"     \
    "                                 whole run); with --json, sim-merge adds the N shards up\n"
#define TW_SIM_HELP_FR                                                                                              \
    "      --games N                  parties à jouer (par défaut : 10000 ; suffixes k et M acceptés)\n"          \
    "      --seed N                   graine de la série, de 0 à 2^53-1 (par défaut : 1)\n"                       \
    "      --jobs N                   fils d'exécution (par défaut : tous les cœurs) ; sans effet sur les résultats\n" \
    "      --json | --csv             un objet JSON, ou une ligne CSV par partie\n"                               \
    "      --quiet                    pas de barre de progression\n"                                              \
    "      --shard K/N                ne jouer que la part K sur N des parties de la série (les mêmes parties\n" \
    "                                 que dans la série entière) ; avec --json, sim-merge additionne les N parts\n"

/* Plays a run of one game. Returns 0, or -1 with totals->error set. */
int tw_sim_play(const tw_sim_kind *kind, const tw_sim_common *common, const tw_sim_options *opt,
                tw_sim_totals *totals);

/* Output helpers shared by the games' summaries (sim_output.c). */
/* Adds wins, win_rate and win_rate_ci95 for wins out of games. */
void tw_sim_json_rate(json_t *obj, long long wins, long long games);
/* Prints a summary object as sim --json does (indented) and frees it. */
void tw_sim_json_print(FILE *out, json_t *obj);
/* A share, and a percentage (0 when out of nothing). */
double tw_sim_share(long long part, long long whole);
double tw_sim_percent(long long part, long long whole);
/* One histogram row: label, count, share of games, with a bar scaled to top. */
void tw_sim_text_bar(FILE *out, const char *label, long long count, long long games, long long top);
/* A win rate with its interval, as "12.34% [11.70%, 13.00%]". */
void tw_sim_text_rate(FILE *out, long long wins, long long games);
/* The timing lines (human output only: they vary from run to run). */
void tw_sim_text_timing(FILE *out, const tw_sim_totals *t, int jobs);

/* ---- Shards (sim_shard.c) ----------------------------------------------- */

/* A run cut into shards: shard index (1..count) of count plays games
 * first..first+games-1 of the whole run's total, as contiguous ranges, so
 * that the shards' CSV rows in shard order are the whole run's. */
typedef struct {
    int index, count;  /* 0 when the run is not a shard */
    long long total;   /* games of the whole run */
} tw_sim_shard;

/* Parses "K/N" (1 <= K <= N <= 1000000); 0, or -1. */
int tw_sim_shard_parse(const char *text, tw_sim_shard *shard);
/* The first game of a shard and its number of games. */
void tw_sim_shard_range(const tw_sim_shard *shard, long long *first, long long *games);
/* Adds what sim-merge needs to a shard's --json summary: "shard", "build",
 * "options" and the exact counts ("tallies"). */
void tw_sim_shard_json(json_t *o, const tw_sim_kind *kind, const tw_sim_common *common, const tw_sim_options *opt,
                       const tw_sim_shard *shard, const tw_sim_totals *t);
/* The build a shard records: the version and a hash of the program file. */
const char *tw_sim_build(void);

/* The `sim-merge` subcommand and its help text (sim_shard.c). */
int tw_cli_sim_merge(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_sim_merge_help;

/* The `sim` subcommand (sim_command.c) and its help text (sim_games.c). */
int tw_cli_sim(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_sim_help;

#endif
