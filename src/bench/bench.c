/* `trickwood bench`: the figures of docs/benchmarks.md.
 *
 * - random play on one core through each engine's own API (legal
 *   actions, then apply, with the benchmark's own RNG picking), in games
 *   per second of CPU time, for both games. This part stays on the
 *   engines on purpose: it measures the engine's raw speed (the project's
 *   targets, and the ratio against a bare loop such as the shuffles
 *   alone), which the game interface's calls and bookkeeping (the action
 *   list, the match's allocation) would blur; For Northwood! without
 *   abilities by a bare reference loop, by the engine and by a lean
 *   engine with the engine's interface and no other rule, on the same
 *   deals, with the ratios of their rates (bench_plain.c, bench_lean.c:
 *   the lean engine's ratio is the most this interface allows); then the
 *   same random games
 *   through the game interface, one loop for both games (the way sim,
 *   the terminal and the server play), with its ratio to the engine's
 *   loop;
 * - each bot's win rate (with a 95% interval) and its CPU milliseconds per
 *   decision, through the simulation (sim_play.c: the game interface);
 * - how long hints take;
 * - the peak resident memory of long random simulations through the game
 *   interface, each in a child process, to show that it does not grow
 *   with the number of games. */
/* wait4() is a BSD/Linux call: it gives the child's own peak memory. */
#define _DEFAULT_SOURCE 1
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/bench_plain.h"
#include "bench/bench_calibration.h"
#include "bench/bench_solver.h"
#include "sim/sim.h"
#include "sim/sim_fox.h"
#include "sim/sim_nw.h"
#include "trickwood/fox_bots.h"
#include "trickwood/fox_files.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_files.h"

const tw_msg tw_cli_bench_help = {{
    "  bench [OPTIONS]                measure speed, bot strength, hint times and memory\n"
    "      --json                     one JSON object (figures only)\n"
    "      --parts LIST               among random,bots,hints,memory,solver (default: all) and\n"
    "                                 calibration (only when asked: the hints' chances against outcomes)\n"
    "      --games N                  games per configuration for the quick bots (default: 10000;\n"
    "                                 calibration: games of each game, default 200)\n"
    "      --search-games N           the same for the searching bots (default: as many as fit\n"
    "                                 in --search-seconds per configuration)\n"
    "      --search-seconds S         time per configuration for the searching bots (default: 20)\n"
    "      --full                     10000 games for every bot: takes hours\n"
    "      --seconds S                time of each random-play measure (default: 2)\n"
    "      --memory-games N           games of the long memory run (default: 1000000)\n"
    "      --visits N                 visit starts per deal timed by the solver part (default: 2000)\n"
    "      --bots LIST                only these bots (names of either game)\n"
    "      --game NAME                calibration: only northwood or fox (default: both)\n"
    "      --medal M, --variant V, --expert\n"
    "                                 calibration: the goal of the For Northwood! games, as for sim\n"
    "      --seed N, --jobs N, --quiet as for sim\n",
    "  bench [OPTIONS]                mesurer vitesse, force des robots, durée des conseils et mémoire\n"
    "      --json                     un objet JSON (les mesures seules)\n"
    "      --parts LISTE              parmi random,bots,hints,memory,solver (par défaut : toutes) et\n"
    "                                 calibration (seulement sur demande : les chances des conseils face aux résultats)\n"
    "      --games N                  parties par configuration pour les robots rapides (par défaut : 10000 ;\n"
    "                                 calibration : parties de chaque jeu, 200 par défaut)\n"
    "      --search-games N           idem pour les robots qui cherchent (par défaut : autant qu'il en tient\n"
    "                                 en --search-seconds par configuration)\n"
    "      --search-seconds S         durée par configuration pour les robots qui cherchent (par défaut : 20)\n"
    "      --full                     10000 parties pour chaque robot : prend des heures\n"
    "      --seconds S                durée de chaque mesure de jeu au hasard (par défaut : 2)\n"
    "      --memory-games N           parties de la longue série mémoire (par défaut : 1000000)\n"
    "      --visits N                 débuts de visite par donne chronométrés par la partie solver (par défaut : 2000)\n"
    "      --bots LISTE               seulement ces robots (noms de l'un ou l'autre jeu)\n"
    "      --game NOM                 calibration : seulement northwood ou fox (par défaut : les deux)\n"
    "      --medal M, --variant V, --expert\n"
    "                                 calibration : le but des parties de Norbois, comme pour sim\n"
    "      --seed N, --jobs N, --quiet comme pour sim\n",
}};

/* Targets from the project's issue. */
#define NW_RANDOM_TARGET 500000.0
#define FOX_RANDOM_TARGET 150000.0
#define DECISION_MS_TARGET 50.0
#define HINT_MS_TARGET 100.0
#define GAP_TARGET 0.5
#define PLAIN_RATIO_TARGET 0.8 /* the engine's share of the bare loop's rate, no abilities */

enum { PART_RANDOM = 1, PART_BOTS = 2, PART_HINTS = 4, PART_MEMORY = 8, PART_SOLVER = 16, PART_ALL = 31, PART_CALIBRATION = 32 };

/* Bench messages (errors only: the report itself is for developers). */
typedef enum {
    B_T_BAD_NUMBER = 0,
    B_T_BAD_PART,
    B_T_BAD_BOT,
    B_T_BAD_GAME,
    B_T_BAD_MEDAL,
    B_T_BAD_VARIANT,
    B_T_SETUP,
    B_T_COUNT
} bench_text_id;

static const tw_msg bench_text[B_T_COUNT] = {
    [B_T_BAD_NUMBER] = {{"%s takes a number from %g to %g, not '%s'", "%s attend un nombre de %g à %g, pas « %s »"}},
    [B_T_BAD_PART] = {{"--parts takes names among random, bots, hints, memory, solver and calibration, not '%s'",
                       "--parts attend des noms parmi random, bots, hints, memory, solver et calibration, pas « %s »"}},
    [B_T_BAD_BOT] = {{"--bots: '%s' is not a bot of either game", "--bots : « %s » n'est un robot d'aucun des deux jeux"}},
    [B_T_BAD_GAME] = {{"--game takes northwood or fox, not '%s'", "--game attend northwood ou fox, pas « %s »"}},
    [B_T_BAD_MEDAL] = {{"--medal takes bronze, silver or gold, not '%s'", "--medal attend bronze, silver ou gold, pas « %s »"}},
    [B_T_BAD_VARIANT] = {{"--variant takes medals or hidden-stars, not '%s'",
                          "--variant attend medals ou hidden-stars, pas « %s »"}},
    [B_T_SETUP] = {{"the benchmark cannot start: %s", "le banc d'essai ne peut pas démarrer : %s"}},
};

/* A bench message in the player's language. */
static const char *bt(const tw_cli *cli, bench_text_id id)
{
    return tw_msg_get(&bench_text[id], cli->lang);
}

/* The options. */
typedef struct {
    int json;
    int quiet;
    unsigned parts;
    long long games;
    int games_given;         /* --games was given (calibration has its own default) */
    long long search_games;  /* 0: by time */
    double search_seconds;
    double seconds;
    long long memory_games;
    int visits;              /* visit starts per deal for the solver part */
    uint64_t seed;
    int jobs;
    unsigned nw_bots;        /* bit per tw_nw_bot_kind */
    unsigned fox_bots;       /* bit per tw_fox_bot_kind */
    unsigned cal_games;      /* games the calibration plays: TW_CAL_NORTHWOOD, TW_CAL_FOX */
    tw_bench_cal_goal cal_goal; /* the calibration's For Northwood! goal (--medal, --variant, --expert) */
} bench_args;

/* What the run prints as it goes and collects for --json. */
typedef struct {
    tw_cli *cli;
    const bench_args *args;
    FILE *log;      /* human report, or NULL with --json */
    FILE *progress; /* progress bars, or NULL */
    json_t *root;
} bench;

/* Prints one line of the human report. */
static void say(bench *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(bench *b, const char *fmt, ...)
{
    if (!b->log)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(b->log, fmt, ap);
    va_end(ap);
    fflush(b->log);
}

/* Parses a decimal number in [min, max]. */
static int parse_real(const char *text, double min, double max, double *out)
{
    char *end = NULL;
    double v = strtod(text, &end);
    if (!text[0] || !end || *end != '\0' || !(v >= min && v <= max))
        return -1;
    *out = v;
    return 0;
}

/* Parses --parts. */
static int parse_parts(const char *text, unsigned *out)
{
    static const char *const NAMES[] = {"random", "bots", "hints", "memory", "solver", "calibration"};
    unsigned parts = 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int found = -1;
        for (int i = 0; i < 6; i++)
            if (strcmp(tok, NAMES[i]) == 0)
                found = i;
        if (found < 0)
            return -1;
        parts |= 1u << found;
    }
    if (!parts)
        return -1;
    *out = parts;
    return 0;
}

/* Parses --bots: names of either game's bots. */
static int parse_bots(const char *text, unsigned *nw, unsigned *fox, char *bad, size_t bad_size)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    *nw = *fox = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int a = tw_nw_bot_kind_from_name(tok), b = tw_fox_bot_kind_from_name(tok);
        if (a < 0 && b < 0) {
            snprintf(bad, bad_size, "%s", tok);
            return -1;
        }
        if (a >= 0)
            *nw |= 1u << a;
        if (b >= 0)
            *fox |= 1u << b;
    }
    return 0;
}

/* Reads the options; returns 0 or an exit code after a printed error. */
static int parse_args(tw_cli *cli, int argc, char **argv, bench_args *a)
{
    const char *usage = tw_msg_get(&tw_cli_bench_help, cli->lang);
    memset(a, 0, sizeof *a);
    a->parts = PART_ALL;
    a->visits = 2000;
    a->games = 10000;
    a->search_seconds = 20;
    a->seconds = 2;
    a->memory_games = 1000000;
    a->seed = 1;
    a->jobs = tw_sim_cpu_count();
    a->nw_bots = 0xF;
    a->fox_bots = 0xF;
    a->cal_games = TW_CAL_NORTHWOOD | TW_CAL_FOX;
    a->cal_goal = (tw_bench_cal_goal){TW_NW_MEDAL_BRONZE, TW_NW_VARIANT_MEDALS, 0};
    for (int i = 1; i < argc; i++) {
        const char *v = NULL, *arg = argv[i];
        int got;
        long long n;
        double x;
        if ((got = tw_cli_display_option(cli, argc, argv, &i)) != 0) {
            if (got < 0)
                return TW_EXIT_USAGE;
            continue;
        }
        if (strcmp(arg, "--json") == 0) {
            a->json = 1;
            continue;
        }
        if (strcmp(arg, "--quiet") == 0 || strcmp(arg, "-q") == 0) {
            a->quiet = 1;
            continue;
        }
        if (strcmp(arg, "--full") == 0) {
            a->games = 10000;
            a->search_games = 10000;
            continue;
        }
        static const char *const COUNTS[] = {"--games", "--search-games", "--memory-games", "--seed", "--jobs", "--visits"};
        static const char *const REALS[] = {"--seconds", "--search-seconds"};
        int handled = 0;
        for (int k = 0; k < 6 && !handled; k++) {
            if ((got = tw_cli_opt_value(argc, argv, &i, COUNTS[k], &v)) == 0)
                continue;
            handled = 1;
            if (got < 0)
                return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), COUNTS[k]);
            long long max = k == 3 ? (1LL << 53) - 1 : k == 4 ? 256 : k == 5 ? 1000000 : 1000000000LL;
            long long min = k == 3 ? 0 : 1;
            if (tw_sim_parse_count(v, min, max, &n) != 0)
                return tw_cli_usage_error(cli, usage, bt(cli, B_T_BAD_NUMBER), COUNTS[k], (double)min, (double)max, v);
            if (k == 0)
                a->games = n, a->games_given = 1;
            else if (k == 1)
                a->search_games = n;
            else if (k == 2)
                a->memory_games = n;
            else if (k == 3)
                a->seed = (uint64_t)n;
            else if (k == 4)
                a->jobs = (int)n;
            else
                a->visits = (int)n;
        }
        for (int k = 0; k < 2 && !handled; k++) {
            if ((got = tw_cli_opt_value(argc, argv, &i, REALS[k], &v)) == 0)
                continue;
            handled = 1;
            if (got < 0)
                return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), REALS[k]);
            if (parse_real(v, 0.001, 86400, &x) != 0)
                return tw_cli_usage_error(cli, usage, bt(cli, B_T_BAD_NUMBER), REALS[k], 0.001, 86400.0, v);
            if (k == 0)
                a->seconds = x;
            else
                a->search_seconds = x;
        }
        if (handled)
            continue;
        if ((got = tw_cli_opt_value(argc, argv, &i, "--parts", &v)) != 0) {
            if (got < 0)
                return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), "--parts");
            if (parse_parts(v, &a->parts) != 0)
                return tw_cli_usage_error(cli, usage, bt(cli, B_T_BAD_PART), v);
            continue;
        }
        if ((got = tw_cli_opt_value(argc, argv, &i, "--bots", &v)) != 0) {
            char bad[64];
            if (got < 0)
                return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), "--bots");
            if (parse_bots(v, &a->nw_bots, &a->fox_bots, bad, sizeof bad) != 0)
                return tw_cli_usage_error(cli, usage, bt(cli, B_T_BAD_BOT), bad);
            continue;
        }
        if ((got = tw_cli_opt_value(argc, argv, &i, "--game", &v)) != 0) {
            if (got < 0)
                return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), "--game");
            if (strcmp(v, "northwood") == 0)
                a->cal_games = TW_CAL_NORTHWOOD;
            else if (strcmp(v, "fox") == 0)
                a->cal_games = TW_CAL_FOX;
            else
                return tw_cli_usage_error(cli, usage, bt(cli, B_T_BAD_GAME), v);
            continue;
        }
        if ((got = tw_cli_opt_value(argc, argv, &i, "--medal", &v)) != 0) {
            int medal = got > 0 ? tw_nw_medal_from_key(v) : -1;
            if (got < 0)
                return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), "--medal");
            if (medal < TW_NW_MEDAL_BRONZE)
                return tw_cli_usage_error(cli, usage, bt(cli, B_T_BAD_MEDAL), v);
            a->cal_goal.medal = medal;
            continue;
        }
        if ((got = tw_cli_opt_value(argc, argv, &i, "--variant", &v)) != 0) {
            int variant = got > 0 ? tw_nw_variant_from_key(v) : -1;
            if (got < 0)
                return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), "--variant");
            if (variant < 0)
                return tw_cli_usage_error(cli, usage, bt(cli, B_T_BAD_VARIANT), v);
            a->cal_goal.variant = variant;
            continue;
        }
        if (strcmp(arg, "--expert") == 0) {
            a->cal_goal.expert = 1;
            continue;
        }
        if (arg[0] == '-')
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_UNKNOWN_OPTION), arg);
        return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_EXTRA_ARGUMENT), arg);
    }
    return 0;
}

/* ---- Machine ----------------------------------------------------------------- */

/* The CPU model from /proc/cpuinfo ("unknown" elsewhere). */
static void cpu_model(char *out, size_t size)
{
    snprintf(out, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0)
            continue;
        const char *colon = strchr(line, ':');
        if (!colon)
            break;
        colon++;
        while (*colon == ' ' || *colon == '\t')
            colon++;
        snprintf(out, size, "%s", colon);
        out[strcspn(out, "\n")] = '\0';
        break;
    }
    fclose(f);
}

/* The 1-minute load average (-1 when unknown): a busy machine lowers wall
 * times, which is why rates are given per second of CPU. */
static double load_average(void)
{
    double load = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &load) != 1)
            load = -1;
        fclose(f);
    }
    return load;
}

/* Records the machine, the date and the load. */
static void bench_machine(bench *b)
{
    char model[256], date[64];
    cpu_model(model, sizeof model);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    double load = load_average();
    json_t *m = json_object();
    json_object_set_new(m, "cpus", json_integer(tw_sim_cpu_count()));
    json_object_set_new(m, "model", json_string(model));
    json_object_set_new(m, "date", json_string(date));
    json_object_set_new(m, "load_average_1min", json_real(load));
    json_object_set_new(b->root, "machine", m);
    say(b, "Machine: %d online cores, %s; %s; load average %.2f at start\n", tw_sim_cpu_count(), model, date, load);
}

/* ---- Random play on one core -------------------------------------------------------- */

/* Written on each engine's API, not on the game interface, on purpose:
 * these figures are the engines' raw speed (see the top of this file). */

/* A random-play measure: games per CPU second and per wall second. */
typedef struct {
    double cpu_rate;
    double wall_rate;
    double decisions;   /* per game */
    long long games;
} rate;

/* Plays games first..first+count-1 of a measure and adds their decisions;
 * returns 0, or -1 when a game cannot start. */
typedef int (*batch_fn)(void *ctx, long long first, int count, long long *decisions);

/* Runs batches of `batch` games until about `seconds` of CPU time have
 * passed, and reports the rates. */
static rate measure_rate(batch_fn play, void *ctx, int batch, double seconds)
{
    rate r = {0, 0, 0, 0};
    long long decisions = 0;
    double cpu0 = tw_sim_thread_cpu(), wall0 = tw_sim_now(), cpu = 0;
    do {
        if (play(ctx, r.games, batch, &decisions) != 0)
            return r;
        r.games += batch;
        cpu = tw_sim_thread_cpu() - cpu0;
    } while (cpu < seconds);
    double wall = tw_sim_now() - wall0;
    r.cpu_rate = (double)r.games / cpu;
    r.wall_rate = wall > 0 ? (double)r.games / wall : 0;
    r.decisions = (double)decisions / (double)r.games;
    return r;
}

/* A rate from its totals (0 where nothing was timed). */
static rate rate_of(long long games, long long decisions, double cpu, double wall)
{
    rate r = {cpu > 0 ? (double)games / cpu : 0, wall > 0 ? (double)games / wall : 0,
              games ? (double)decisions / (double)games : 0, games};
    return r;
}

/* The most measures timed side by side (measure_sides). */
#define MAX_SIDES 3

/* Times measures side by side: batches of `batch` games of each, in
 * turn (the same game numbers), each on its own CPU clock, until all
 * together have run about `sides` x seconds. Alternating keeps the
 * ratios of their rates fair on a machine whose speed drifts. Returns 0,
 * or -1 when a batch fails. */
static int measure_sides(int sides, const batch_fn *play, void *const *ctx, int batch, double seconds, rate *out)
{
    long long games = 0, decisions[MAX_SIDES] = {0};
    double cpu[MAX_SIDES] = {0}, wall[MAX_SIDES] = {0}, cpu_total = 0;
    int status = 0;
    while (status == 0 && cpu_total < sides * seconds) {
        for (int i = 0; i < sides && status == 0; i++) {
            double cpu0 = tw_sim_thread_cpu(), wall0 = tw_sim_now();
            status = play[i](ctx[i], games, batch, &decisions[i]);
            double spent = tw_sim_thread_cpu() - cpu0;
            cpu[i] += spent;
            cpu_total += spent;
            wall[i] += tw_sim_now() - wall0;
        }
        games += batch;
    }
    for (int i = 0; i < sides; i++)
        out[i] = rate_of(games, decisions[i], cpu[i], wall[i]);
    return status;
}

/* Two measures side by side (measure_sides). */
static int measure_pair(batch_fn a, void *ctx_a, batch_fn b, void *ctx_b, int batch, double seconds, rate *ra,
                        rate *rb)
{
    const batch_fn play[2] = {a, b};
    void *const ctx[2] = {ctx_a, ctx_b};
    rate out[2];
    int status = measure_sides(2, play, ctx, batch, seconds, out);
    *ra = out[0];
    *rb = out[1];
    return status;
}

/* Random For Northwood! play: the deal, the seed of the run, whether the
 * player may stop, the generator of the picks, and an event buffer that
 * every call fills (NULL: no events, as search and simulation play). */
typedef struct {
    const tw_nw_catalog *catalog;
    int setup;
    int allow_stop;
    uint64_t seed;
    tw_rng pick;
    tw_nw_events *events;
} nw_random_ctx;

/* Plays random For Northwood! games. With allow_stop the pick is uniform
 * over every legal action, stopping the game included; without, the
 * player never stops and visits all 8 fiefs. */
static int nw_random_batch(void *ctx, long long first, int count, long long *decisions)
{
    nw_random_ctx *c = ctx;
    for (long long g = first; g < first + count; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {(tw_nw_setup)c->setup, TW_NW_MEDAL_BRONZE, tw_mix64(c->seed + (uint64_t)g), 0, TW_NW_VARIANT_MEDALS, 0};
        if (c->events)
            c->events->count = c->events->overflow = 0;
        if (tw_nw_new(&s, c->catalog, &cfg, c->events) != TW_OK)
            return -1;
        while (!tw_nw_is_over(&s)) {
            tw_nw_action acts[TW_NW_MAX_ACTIONS];
            int n = tw_nw_legal_actions(&s, acts);
            tw_nw_action a = acts[tw_rng_below(&c->pick, (uint32_t)n)];
            while (!c->allow_stop && n > 1 && TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP)
                a = acts[tw_rng_below(&c->pick, (uint32_t)n)];
            if (c->events)
                c->events->count = c->events->overflow = 0;
            tw_nw_apply(&s, a, c->events);
            (*decisions)++;
        }
    }
    return 0;
}

/* Random For Northwood! games per CPU second, for about `seconds`. */
static rate nw_random_rate(const tw_nw_catalog *catalog, int setup, int allow_stop, double seconds, uint64_t seed)
{
    nw_random_ctx c = {catalog, setup, allow_stop, seed, {0, 0}, NULL};
    tw_rng_seed(&c.pick, seed);
    return measure_rate(nw_random_batch, &c, 1000, seconds);
}

/* The cost of For Northwood!'s own randomness, without any play: per
 * intro game the engine seeds its generator, shuffles the 8 rulers and
 * shuffles the 32 dialogue cards for each of the 8 visits, with the same
 * calls as tw_nw_new and the end of a visit. Whatever the rest of the
 * engine costs, random games cannot go faster than this. ctx is the seed
 * of the run. */
static int nw_shuffle_batch(void *ctx, long long first, int count, long long *decisions)
{
    (void)decisions;
    uint64_t seed = *(const uint64_t *)ctx;
    volatile unsigned sink = 0; /* read from, so the shuffles cannot be left out */
    for (long long g = first; g < first + count; g++) {
        tw_rng rng;
        tw_rng_seed(&rng, tw_mix64(seed + (uint64_t)g));
        uint8_t rulers[TW_NW_FIEFS], deck[TW_NW_CARDS];
        for (int i = 0; i < TW_NW_FIEFS; i++)
            rulers[i] = (uint8_t)i;
        tw_rng_shuffle_u8(&rng, rulers, TW_NW_FIEFS);
        for (int visit = 0; visit < TW_NW_FIEFS; visit++) {
            for (int i = 0; i < TW_NW_CARDS; i++)
                deck[i] = (uint8_t)i;
            tw_rng_shuffle_u8(&rng, deck, TW_NW_CARDS);
            sink += deck[TW_NW_CARDS - 1];
        }
        sink += rulers[0];
    }
    (void)sink; /* clang counts only a read as a use */
    return 0;
}

/* Random Fox play: the board, the level, the seed of the run, the
 * generator of the picks and an optional event buffer. */
typedef struct {
    const tw_fox_board *board;
    int level;
    uint64_t seed;
    tw_rng pick;
    tw_fox_events *events; /* filled by every call, or NULL */
} fox_random_ctx;

/* Plays random Fox games (both seats random); the first dealer alternates. */
static int fox_random_batch(void *ctx, long long first, int count, long long *decisions)
{
    fox_random_ctx *c = ctx;
    for (long long g = first; g < first + count; g++) {
        tw_fox_state s;
        tw_fox_config cfg = {c->level, (int)(g & 1), tw_mix64(c->seed + (uint64_t)g)};
        if (c->events)
            c->events->count = c->events->overflow = 0;
        if (tw_fox_new(&s, c->board, &cfg, c->events) != TW_OK)
            return -1;
        while (!tw_fox_is_over(&s)) {
            tw_fox_action acts[TW_FOX_MAX_ACTIONS];
            int n = tw_fox_legal_actions(&s, acts);
            if (c->events)
                c->events->count = c->events->overflow = 0;
            tw_fox_apply(&s, acts[tw_rng_below(&c->pick, (uint32_t)n)], c->events);
            (*decisions)++;
        }
    }
    return 0;
}

/* Random Fox games per CPU second, for about `seconds`. */
static rate fox_random_rate(const tw_fox_board *board, int level, double seconds, uint64_t seed)
{
    fox_random_ctx c = {board, level, seed, {0, 0}, NULL};
    tw_rng_seed(&c.pick, seed);
    return measure_rate(fox_random_batch, &c, 1000, seconds);
}

/* Random play through the game interface: the game, its configuration
 * and the seed of the run. The same loop for every game. */
typedef struct {
    const tw_game *game;
    json_t *config;
    uint64_t seed;
} game_random_ctx;

/* Plays random games through the game interface: each game starts from
 * the configuration and its own seed, and a held random bot (the one
 * sim --bot random uses) picks every action of every seat. */
static int game_random_batch(void *ctx, long long first, int count, long long *decisions)
{
    game_random_ctx *c = ctx;
    const tw_game *g = c->game;
    for (long long i = first; i < first + count; i++) {
        uint64_t seed = tw_mix64(c->seed + (uint64_t)i) >> 11; /* seeds of games are at most 2^53 - 1 */
        tw_diag diag;
        tw_match *m = g->start(c->config, seed, &diag);
        tw_game_bot *bot = m ? g->bot_new("random", seed) : NULL;
        tw_game_action a;
        int status = bot ? 0 : -1;
        while (status == 0 && g->to_act(m) >= 0) {
            if (g->bot_choose(bot, m, &a) != TW_OK || g->apply(m, a, NULL) != TW_OK)
                status = -1;
            (*decisions)++;
        }
        g->bot_free(bot);
        if (m)
            g->free(m);
        if (status != 0)
            return -1;
    }
    return 0;
}

/* Random games per CPU second through the game interface, for about
 * `seconds`; config is borrowed. */
static rate game_random_rate(const char *key, json_t *config, double seconds, uint64_t seed)
{
    game_random_ctx c = {tw_game_find(key), config, seed};
    rate none = {0, 0, 0, 0};
    return c.game ? measure_rate(game_random_batch, &c, 1000, seconds) : none;
}

/* A rate as a JSON object. */
static json_t *rate_json(const rate *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "games_per_cpu_s", json_real(r->cpu_rate));
    json_object_set_new(o, "games_per_wall_s", json_real(r->wall_rate));
    json_object_set_new(o, "decisions_per_game", json_real(r->decisions));
    json_object_set_new(o, "games", json_integer(r->games));
    return o;
}

/* Prints one random-play line against a target (0: none). */
static void say_rate(bench *b, const char *what, const rate *r, double target)
{
    say(b, "  %-42s %10.0f games/s (%.0f wall), %.1f decisions/game", what, r->cpu_rate, r->wall_rate, r->decisions);
    if (target > 0)
        say(b, "  target %.0f: %s (%.0f%%)", target, r->cpu_rate >= target ? "met" : "NOT met",
            100.0 * r->cpu_rate / target);
    say(b, "\n");
}

/* One side of the game without abilities (bench_plain.h), as a measure:
 * its player and what its games gave. */
typedef struct {
    tw_bench_plain side;
    tw_bench_plain_totals totals;
} plain_ctx;

/* The bare reference loop as a batch of a measure. */
static int plain_reference_batch(void *ctx, long long first, int count, long long *decisions)
{
    plain_ctx *c = ctx;
    long long before = c->totals.picks;
    tw_bench_plain_reference(&c->side, first, count, &c->totals);
    *decisions += c->totals.picks - before;
    return 0;
}

/* The engine's loop as a batch of a measure. */
static int plain_engine_batch(void *ctx, long long first, int count, long long *decisions)
{
    plain_ctx *c = ctx;
    long long before = c->totals.picks;
    int status = tw_bench_plain_engine(&c->side, first, count, &c->totals);
    *decisions += c->totals.picks - before;
    return status;
}

/* The lean engine's loop (bench_lean.h) as a batch of a measure. */
static int plain_lean_batch(void *ctx, long long first, int count, long long *decisions)
{
    plain_ctx *c = ctx;
    long long before = c->totals.picks;
    int status = tw_bench_plain_lean(&c->side, first, count, &c->totals);
    *decisions += c->totals.picks - before;
    return status;
}

/* For Northwood! without abilities: the bare reference loop, the engine
 * and the lean engine (bench_lean.h) play the same games side by side
 * (measure_sides). Prints the rates, the engine's and the lean engine's
 * shares of the reference's rate, and whether all three gave the same
 * results. Returns 0, or -1 with the error printed. */
static int bench_plain(bench *b, const tw_nw_catalog *catalog)
{
    const bench_args *a = b->args;
    plain_ctx sides[3];
    memset(sides, 0, sizeof sides);
    const batch_fn play[3] = {plain_reference_batch, plain_engine_batch, plain_lean_batch};
    void *const ctx[3] = {&sides[0], &sides[1], &sides[2]};
    rate rates[3];
    int status = 0;
    for (int i = 0; i < 3 && status == 0; i++)
        status = tw_bench_plain_init(&sides[i].side, catalog, a->seed);
    if (status != 0 || measure_sides(3, play, ctx, 1000, a->seconds, rates) != 0) {
        tw_cli_errorf(b->cli, bt(b->cli, B_T_SETUP), "For Northwood! without abilities");
        return -1;
    }
    const rate *ref = &rates[0], *engine = &rates[1], *lean = &rates[2];
    int same = memcmp(&sides[0].totals, &sides[1].totals, sizeof sides[0].totals) == 0 &&
               memcmp(&sides[0].totals, &sides[2].totals, sizeof sides[0].totals) == 0;
    double ratio = ref->cpu_rate > 0 ? engine->cpu_rate / ref->cpu_rate : 0;
    double lean_ratio = ref->cpu_rate > 0 ? lean->cpu_rate / ref->cpu_rate : 0;
    say(b, "  %-42s %10.0f games/s (a bare loop: bitmask hand, the engine's generator and deals)\n",
        "For Northwood! no abilities, reference", ref->cpu_rate);
    say(b, "  %-42s %10.0f games/s, %.2f of the reference (target %.2f: %s), same results: %s\n",
        "For Northwood! no abilities, engine", engine->cpu_rate, ratio, PLAIN_RATIO_TARGET,
        ratio >= PLAIN_RATIO_TARGET ? "met" : "NOT met", same ? "yes" : "NO");
    say(b, "  %-42s %10.0f games/s, %.2f of the reference (the engine's interface, no other rule)\n",
        "For Northwood! no abilities, lean engine", lean->cpu_rate, lean_ratio);
    json_t *o = json_object();
    json_object_set_new(o, "reference", rate_json(ref));
    json_object_set_new(o, "engine", rate_json(engine));
    json_object_set_new(o, "lean_engine", rate_json(lean));
    json_object_set_new(o, "engine_of_reference", json_real(ratio));
    json_object_set_new(o, "lean_engine_of_reference", json_real(lean_ratio));
    json_object_set_new(o, "target", json_real(PLAIN_RATIO_TARGET));
    json_object_set_new(o, "same_results", json_boolean(same));
    json_object_set_new(o, "stars_per_game", json_real(sides[1].totals.games ? (double)sides[1].totals.stars /
                                                                                    (double)sides[1].totals.games
                                                                              : 0));
    json_object_set_new(b->root, "northwood_no_ability", o);
    return 0;
}

/* Prints and records the cost of an event buffer for one game: the same
 * random games without and with a buffer filled by every call. */
static void say_events(bench *b, json_t *list, const char *key, const char *label, const rate *without,
                       const rate *with)
{
    double cost = with->cpu_rate > 0 ? without->cpu_rate / with->cpu_rate - 1 : 0;
    say(b, "  %-42s %10.0f games/s, %10.0f with events: events cost %+.1f%%\n", label, without->cpu_rate,
        with->cpu_rate, 100 * cost);
    json_t *o = json_object();
    json_object_set_new(o, "without", rate_json(without));
    json_object_set_new(o, "with", rate_json(with));
    json_object_set_new(o, "extra_time", json_real(cost));
    json_object_set_new(list, key, o);
}

/* What passing an event buffer costs: random For Northwood! intro games
 * and Fox level-1 games, without and with events, side by side
 * (measure_pair). Returns 0, or -1 with the error printed. */
static int bench_events(bench *b, const tw_nw_catalog *catalog)
{
    const bench_args *a = b->args;
    static tw_nw_events nw_events;
    static tw_fox_events fox_events;
    nw_random_ctx nw_off = {catalog, TW_NW_SETUP_INTRO, 0, a->seed, {0, 0}, NULL};
    nw_random_ctx nw_on = {catalog, TW_NW_SETUP_INTRO, 0, a->seed, {0, 0}, &nw_events};
    tw_rng_seed(&nw_off.pick, a->seed);
    tw_rng_seed(&nw_on.pick, a->seed);
    rate nw_without, nw_with, fox_without, fox_with;
    tw_fox_board board;
    tw_diag diag;
    int status = measure_pair(nw_random_batch, &nw_off, nw_random_batch, &nw_on, 1000, a->seconds / 2, &nw_without,
                              &nw_with);
    if (status == 0)
        status = tw_fox_board_load_level(&board, 1, &diag) == TW_OK ? 0 : -1;
    if (status == 0) {
        fox_random_ctx fox_off = {&board, 1, a->seed, {0, 0}, NULL};
        fox_random_ctx fox_on = {&board, 1, a->seed, {0, 0}, &fox_events};
        tw_rng_seed(&fox_off.pick, a->seed);
        tw_rng_seed(&fox_on.pick, a->seed);
        status = measure_pair(fox_random_batch, &fox_off, fox_random_batch, &fox_on, 1000, a->seconds / 2,
                              &fox_without, &fox_with);
    }
    if (status != 0) {
        tw_cli_errorf(b->cli, bt(b->cli, B_T_SETUP), "random play with events");
        return -1;
    }
    say(b, "Event buffers (the same random games without and with one, side by side), per second of CPU:\n");
    json_t *list = json_object();
    say_events(b, list, "northwood_intro", "For Northwood! intro", &nw_without, &nw_with);
    say_events(b, list, "fox_level1", "Fox Duet level 1", &fox_without, &fox_with);
    json_object_set_new(b->root, "events_cost", list);
    return 0;
}

/* Random play for both games. */
static int bench_random(bench *b, const tw_nw_catalog *catalog)
{
    const bench_args *a = b->args;
    say(b, "\nRandom play on one core, public API (legal actions + apply), per second of CPU:\n");
    rate nw_intro = nw_random_rate(catalog, TW_NW_SETUP_INTRO, 0, a->seconds, a->seed);
    say_rate(b, "For Northwood! intro, never stopping", &nw_intro, NW_RANDOM_TARGET);
    rate nw_stop = nw_random_rate(catalog, TW_NW_SETUP_INTRO, 1, a->seconds, a->seed);
    say_rate(b, "For Northwood! intro, stop is a choice too", &nw_stop, 0);
    rate nw_full = nw_random_rate(catalog, TW_NW_SETUP_FULL, 0, a->seconds, a->seed);
    say_rate(b, "For Northwood! full deal, never stopping", &nw_full, 0);
    uint64_t floor_seed = a->seed;
    rate floor = measure_rate(nw_shuffle_batch, &floor_seed, 10000, a->seconds / 2);
    say(b, "  %-42s %10.0f games/s (the engine's 9 shuffles per intro game, no play)\n",
        "For Northwood! shuffles alone", floor.cpu_rate);
    json_object_set_new(b->root, "northwood_shuffle_floor_games_per_s", json_real(floor.cpu_rate));
    json_object_set_new(b->root, "northwood_random_games_per_s", json_real(nw_intro.cpu_rate));
    json_object_set_new(b->root, "northwood_random_target", json_real(NW_RANDOM_TARGET));
    json_t *nw = json_object();
    json_object_set_new(nw, "intro", rate_json(&nw_intro));
    json_object_set_new(nw, "intro_stop_allowed", rate_json(&nw_stop));
    json_object_set_new(nw, "full", rate_json(&nw_full));
    json_object_set_new(b->root, "northwood_random", nw);
    if (bench_plain(b, catalog) != 0)
        return -1;

    json_t *fox = json_object();
    for (int level = 1; level <= TW_FOX_LEVELS; level++) {
        tw_fox_board board;
        tw_diag diag;
        if (tw_fox_board_load_level(&board, level, &diag) != TW_OK) {
            char text[600];
            tw_diag_format(&diag, text, sizeof text);
            tw_cli_errorf(b->cli, bt(b->cli, B_T_SETUP), text);
            json_decref(fox);
            return -1;
        }
        rate r = fox_random_rate(&board, level, a->seconds, a->seed);
        char what[64], key[16];
        snprintf(what, sizeof what, "Fox Duet level %d", level);
        say_rate(b, what, &r, level == 1 ? FOX_RANDOM_TARGET : 0);
        if (level == 1)
            json_object_set_new(b->root, "fox_random_games_per_s", json_real(r.cpu_rate));
        snprintf(key, sizeof key, "level%d", level);
        json_object_set_new(fox, key, rate_json(&r));
    }
    json_object_set_new(b->root, "fox_random_target", json_real(FOX_RANDOM_TARGET));
    json_object_set_new(b->root, "fox_random", fox);

    /* the same games through the game interface, the way sim, the
     * terminal and the server play them (one loop for both games) */
    say(b, "Through the game interface (start, held random bot, apply), per second of CPU:\n");
    static const struct {
        const char *key, *label, *config;
        int engine; /* 0: Northwood intro, 1: Fox level 1 */
    } through[] = {{"northwood", "For Northwood! intro", "{\"setup\": \"intro\", \"finish\": false}", 0},
                   {"fox", "Fox Duet level 1", "{\"level\": 1}", 1}};
    json_t *interface = json_object();
    for (int i = 0; i < 2; i++) {
        json_t *config = json_loads(through[i].config, 0, NULL);
        rate r = game_random_rate(through[i].key, config, a->seconds, a->seed);
        json_decref(config);
        double engine = through[i].engine == 0 ? nw_intro.cpu_rate
                                               : json_real_value(json_object_get(b->root, "fox_random_games_per_s"));
        say(b, "  %-42s %10.0f games/s, %.2f of the engine's own loop above\n", through[i].label, r.cpu_rate,
            engine > 0 ? r.cpu_rate / engine : 0.0);
        json_t *o = rate_json(&r);
        json_object_set_new(o, "of_engine_loop", json_real(engine > 0 ? r.cpu_rate / engine : 0.0));
        json_object_set_new(interface, through[i].key, o);
    }
    json_object_set_new(b->root, "random_through_interface", interface);
    return bench_events(b, catalog);
}

/* ---- Bots ------------------------------------------------------------------- */

/* Sets the game count and deadline of one configuration. */
static void plan_run(const bench *b, int searching, tw_sim_common *common)
{
    const bench_args *a = b->args;
    memset(common, 0, sizeof *common);
    common->seed = a->seed;
    common->jobs = a->jobs;
    common->progress = b->progress;
    if (!searching) {
        common->games = a->games;
    } else if (a->search_games > 0) {
        common->games = a->search_games;
    } else {
        /* as many games as fit in the time; no bar, its total means nothing */
        common->games = 1000000;
        common->deadline = tw_sim_now() + a->search_seconds;
        common->progress = NULL;
    }
}

/* Plays one configuration of bots through the simulation (sim_play.c);
 * searching bots get the time-boxed game count. Returns 0, or -1 with the
 * error printed. */
static int bench_run(const bench *b, const tw_sim_kind *kind, const tw_sim_options *opt, tw_sim_totals *t)
{
    tw_sim_common common;
    plan_run(b, kind->slow(opt), &common);
    if (tw_sim_play(kind, &common, opt, t) == 0)
        return 0;
    tw_cli_errorf(b->cli, bt(b->cli, B_T_SETUP), t->error);
    tw_sim_totals_free(t);
    return -1;
}

/* The random games of `sim` (sim_play.c: the runner, the game interface,
 * the tallies) on one worker, against the engine's own loop measured
 * above (its rate in the JSON under engine_key): games per second of the
 * process's CPU, so the reducing thread counts too. About `seconds` long. */
static void bench_sim_loop(bench *b, const tw_sim_kind *kind, void *game_options, const char *label,
                           const char *engine_key)
{
    double engine = json_real_value(json_object_get(b->root, engine_key));
    tw_sim_options opt = {.bots = {"random", "random"}, .game = game_options};
    tw_sim_common common = {.games = engine > 0 ? (long long)(engine * b->args->seconds) + 1 : 1000,
                            .seed = b->args->seed, .jobs = 1};
    tw_sim_totals *t = malloc(sizeof *t);
    double cpu0 = tw_sim_process_cpu();
    int ok = t && tw_sim_play(kind, &common, &opt, t) == 0;
    double cpu = tw_sim_process_cpu() - cpu0, per_s = ok && cpu > 0 ? (double)common.games / cpu : 0;
    if (t)
        tw_sim_totals_free(t);
    free(t);
    say(b, "  %-42s %10.0f games/s, %.2f of the engine's own loop above\n", label, per_s, engine > 0 ? per_s / engine : 0.0);
    json_t *o = json_pack("{s:f, s:I, s:f}", "games_per_cpu_s", per_s, "games", (json_int_t)common.games,
                          "of_engine_loop", engine > 0 ? per_s / engine : 0.0);
    json_t *all = json_object_get(b->root, "random_through_sim");
    if (!all)
        json_object_set_new(b->root, "random_through_sim", all = json_object());
    json_object_set_new(all, kind->game->key, o);
}

/* Random play through sim for both games (after bench_random). */
static void bench_sim_loops(bench *b)
{
    say(b, "Through sim's loop (runner, game interface, tallies; one worker), per second of the process's CPU:\n");
    tw_sim_nw_options nw = {.setup = TW_NW_SETUP_INTRO, .medal = TW_NW_MEDAL_BRONZE};
    tw_sim_fox_options fox = {.level = 1};
    bench_sim_loop(b, &tw_sim_northwood, &nw, "For Northwood! intro, sim --bot random", "northwood_random_games_per_s");
    bench_sim_loop(b, &tw_sim_fox, &fox, "Fox Duet level 1, sim --bot random", "fox_random_games_per_s");
}

/* Adds rate, interval and timing fields of one bot run. */
static void bot_fields(json_t *o, long long wins, long long games, const tw_tally *decisions, double seconds)
{
    json_object_set_new(o, "games", json_integer(games));
    tw_sim_json_rate(o, wins, games);
    json_object_set_new(o, "ms_per_decision", json_real(decisions->sum ? 1000.0 * seconds / (double)decisions->sum : 0));
    json_object_set_new(o, "decisions_per_game", json_real(tw_tally_mean(decisions)));
}

/* Win rate as "12.34% [11.7, 13.0]". */
static void say_win(bench *b, long long wins, long long games)
{
    double lo, hi;
    tw_wilson_interval(wins, games, TW_Z95, &lo, &hi);
    say(b, "%6.2f%% [%5.2f, %5.2f]", games ? 100.0 * (double)wins / (double)games : 0.0, 100 * lo, 100 * hi);
}

/* Every chosen Northwood bot on both deals. The bots never read the
 * medal the game aims for (only hints do), so one run per deal gives the
 * three medals' win rates. Returns the bronze intro win rates by kind
 * (-1 when not run) for the strong bot's gap. */
static int bench_nw_bots(bench *b, double bronze_intro[TW_NW_BOT_KINDS], double ms_intro[TW_NW_BOT_KINDS])
{
    const bench_args *a = b->args;
    json_t *list = json_array();
    say(b, "\nFor Northwood! bots (win rate [95%% interval] by medal; CPU ms per decision):\n");
    for (int kind = 0; kind < TW_NW_BOT_KINDS; kind++) {
        bronze_intro[kind] = -1;
        ms_intro[kind] = -1;
        if (!(a->nw_bots & (1u << kind)))
            continue;
        for (int setup = TW_NW_SETUP_INTRO; setup <= TW_NW_SETUP_FULL; setup++) {
            tw_sim_nw_options nw = {.setup = setup, .medal = TW_NW_MEDAL_BRONZE};
            tw_sim_options opt = {.game = &nw};
            tw_sim_totals t;
            opt.bots[0] = tw_nw_bot_kind_name((tw_nw_bot_kind)kind);
            if (bench_run(b, &tw_sim_northwood, &opt, &t) != 0) {
                json_decref(list);
                return -1;
            }
            const tw_sim_nw_tally *tally = t.tally;
            double ms = t.decisions.sum ? 1000.0 * t.game_seconds / (double)t.decisions.sum : 0;
            json_t *o = json_object();
            json_object_set_new(o, "bot", json_string(tw_nw_bot_kind_name((tw_nw_bot_kind)kind)));
            json_object_set_new(o, "setup", json_string(setup == TW_NW_SETUP_FULL ? "full" : "intro"));
            bot_fields(o, tally->wins[TW_NW_MEDAL_BRONZE], t.games, &t.decisions, t.game_seconds);
            json_object_set_new(o, "mean_stars", json_real(tw_tally_mean(&tally->stars)));
            json_t *medals = json_object();
            say(b, "  %-11s %-5s %7lld games  mean stars %5.2f  ms/decision %8.3f\n",
                tw_nw_bot_kind_name((tw_nw_bot_kind)kind), setup == TW_NW_SETUP_FULL ? "full" : "intro", t.games,
                tw_tally_mean(&tally->stars), ms);
            for (int m = TW_NW_MEDAL_BRONZE; m <= TW_NW_MEDAL_GOLD; m++) {
                json_t *one = json_object();
                bot_fields(one, tally->wins[m], t.games, &t.decisions, t.game_seconds);
                json_object_del(one, "ms_per_decision");
                json_object_del(one, "decisions_per_game");
                json_object_set_new(medals, tw_nw_medal_key(m), one);
                say(b, "      %-6s ", tw_nw_medal_key(m));
                say_win(b, tally->wins[m], t.games);
                say(b, "\n");
            }
            json_object_set_new(o, "medals", medals);
            json_t *targets = json_array();
            for (int f = 0; f < TW_NW_FIEFS; f++)
                json_array_append_new(targets, json_real(t.games ? (double)tally->friendly[f] / (double)t.games : 0));
            json_object_set_new(o, "friendly_rate_by_target", targets);
            json_array_append_new(list, o);
            if (setup == TW_NW_SETUP_INTRO) {
                bronze_intro[kind] = t.games ? (double)tally->wins[TW_NW_MEDAL_BRONZE] / (double)t.games : 0;
                ms_intro[kind] = ms;
            }
            tw_sim_totals_free(&t);
        }
    }
    json_object_set_new(b->root, "northwood_bots", list);
    return 0;
}

/* Every chosen Fox bot (the same kind in both seats) at levels 1-3. */
static int bench_fox_bots(bench *b)
{
    const bench_args *a = b->args;
    json_t *list = json_array();
    say(b, "\nFox Duet bots, the same bot in both seats (win rate [95%% interval]; CPU ms per decision):\n");
    for (int kind = 0; kind < TW_FOX_BOT_KINDS; kind++) {
        if (!(a->fox_bots & (1u << kind)))
            continue;
        for (int level = 1; level <= TW_FOX_LEVELS; level++) {
            tw_sim_fox_options fox = {.level = level};
            tw_sim_options opt = {.game = &fox};
            tw_sim_totals t;
            opt.bots[0] = opt.bots[1] = tw_fox_bot_kind_name((tw_fox_bot_kind)kind);
            if (bench_run(b, &tw_sim_fox, &opt, &t) != 0) {
                json_decref(list);
                return -1;
            }
            const tw_sim_fox_tally *tally = t.tally;
            json_t *o = json_object();
            json_object_set_new(o, "bot", json_string(tw_fox_bot_kind_name((tw_fox_bot_kind)kind)));
            json_object_set_new(o, "level", json_integer(level));
            bot_fields(o, tally->wins, t.games, &t.decisions, t.game_seconds);
            json_object_set_new(o, "mean_score", json_real(tw_tally_mean(&tally->score)));
            json_array_append_new(list, o);
            say(b, "  %-11s level %d %7lld games  ", tw_fox_bot_kind_name((tw_fox_bot_kind)kind), level, t.games);
            say_win(b, tally->wins, t.games);
            say(b, "  ms/decision %8.3f\n", t.decisions.sum ? 1000.0 * t.game_seconds / (double)t.decisions.sum : 0);
            tw_sim_totals_free(&t);
        }
    }
    json_object_set_new(b->root, "fox_bots", list);
    return 0;
}

/* The strong bot's share of the gap between greedy and clairvoyant at
 * bronze on intro games, when all three ran. */
static void bench_gap(bench *b, const double bronze[TW_NW_BOT_KINDS], const double ms[TW_NW_BOT_KINDS])
{
    if (bronze[TW_NW_BOT_GREEDY] < 0 || bronze[TW_NW_BOT_STRONG] < 0 || bronze[TW_NW_BOT_CLAIRVOYANT] < 0)
        return;
    double gap = bronze[TW_NW_BOT_CLAIRVOYANT] - bronze[TW_NW_BOT_GREEDY];
    double closed = gap > 0 ? (bronze[TW_NW_BOT_STRONG] - bronze[TW_NW_BOT_GREEDY]) / gap : 0;
    json_t *o = json_object();
    json_object_set_new(o, "gap_closed", json_real(closed));
    json_object_set_new(o, "gap_closed_target", json_real(GAP_TARGET));
    json_object_set_new(o, "ms_per_decision", json_real(ms[TW_NW_BOT_STRONG]));
    json_object_set_new(o, "ms_per_decision_target", json_real(DECISION_MS_TARGET));
    json_object_set_new(b->root, "northwood_strong", o);
    say(b, "\nStrong bot, bronze, intro: closes %.0f%% of the greedy-clairvoyant gap (target %.0f%%: %s), "
           "%.1f ms per decision (target %.0f: %s)\n",
        100 * closed, 100 * GAP_TARGET, closed >= GAP_TARGET ? "met" : "NOT met", ms[TW_NW_BOT_STRONG],
        DECISION_MS_TARGET, ms[TW_NW_BOT_STRONG] <= DECISION_MS_TARGET ? "met" : "NOT met");
}

/* ---- Hints ------------------------------------------------------------------- */

/* Times of a series of hints. */
typedef struct {
    int count;
    double sum_ms;
    double max_ms;
    int over;  /* slower than the target */
} hint_times;

/* Adds one hint time. */
static void hint_add(hint_times *h, double ms)
{
    h->count++;
    h->sum_ms += ms;
    if (ms > h->max_ms)
        h->max_ms = ms;
    h->over += ms > HINT_MS_TARGET;
}

/* The times as JSON. */
static json_t *hint_json(const hint_times *h)
{
    json_t *o = json_object();
    json_object_set_new(o, "positions", json_integer(h->count));
    json_object_set_new(o, "mean_ms", json_real(h->count ? h->sum_ms / h->count : 0));
    json_object_set_new(o, "max_ms", json_real(h->max_ms));
    json_object_set_new(o, "over_target", json_integer(h->over));
    json_object_set_new(o, "target_ms", json_real(HINT_MS_TARGET));
    return o;
}

/* Asks for hints at positions of greedy Northwood games and rule-bot Fox
 * games (every 7th decision), timing each on the CPU. */
static int bench_hints(bench *b, const tw_nw_catalog *catalog)
{
    enum { POSITIONS = 60, EVERY = 7 };
    const bench_args *a = b->args;
    hint_times nw = {0, 0, 0, 0}, fox = {0, 0, 0, 0};
    tw_nw_bot *player = tw_nw_bot_new(TW_NW_BOT_GREEDY, a->seed);
    tw_nw_bot *hinter = tw_nw_bot_new(TW_NW_BOT_STRONG, a->seed ^ 0x68696e74ULL);
    int status = player && hinter ? 0 : -1;
    for (long long g = 0; status == 0 && nw.count < POSITIONS; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, tw_sim_game_seed(a->seed, g), 0, TW_NW_VARIANT_MEDALS, 0};
        if (tw_nw_new(&s, catalog, &cfg, NULL) != TW_OK)
            status = -1;
        for (int d = 0; status == 0 && !tw_nw_is_over(&s) && nw.count < POSITIONS; d++) {
            if (d % EVERY == 3) {
                tw_nw_view view;
                tw_nw_view_of(&s, &view);
                double t0 = tw_sim_thread_cpu();
                (void)tw_nw_hint_for(hinter, &view);
                hint_add(&nw, 1000.0 * (tw_sim_thread_cpu() - t0));
            }
            if (tw_nw_apply(&s, tw_nw_bot_choose(player, &s), NULL) != TW_OK)
                status = -1;
        }
    }
    tw_nw_bot_free(player);
    tw_nw_bot_free(hinter);

    tw_fox_board board;
    tw_diag diag;
    if (status == 0 && tw_fox_board_load_level(&board, 1, &diag) != TW_OK)
        status = -1;
    tw_fox_bot *fox_hinter = status == 0 ? tw_fox_bot_new(TW_FOX_BOT_STRONG, a->seed ^ 0x68696e74ULL) : NULL;
    tw_fox_bot *players[2] = {NULL, NULL};
    if (status == 0) {
        players[0] = tw_fox_bot_new(TW_FOX_BOT_RULE, a->seed);
        players[1] = tw_fox_bot_new(TW_FOX_BOT_RULE, a->seed + 1);
        if (!fox_hinter || !players[0] || !players[1])
            status = -1;
    }
    for (long long g = 0; status == 0 && fox.count < POSITIONS; g++) {
        tw_fox_state s;
        tw_fox_config cfg = {1, (int)(g & 1), tw_sim_game_seed(a->seed, g)};
        if (tw_fox_new(&s, &board, &cfg, NULL) != TW_OK)
            status = -1;
        for (int d = 0; status == 0 && !tw_fox_is_over(&s) && fox.count < POSITIONS; d++) {
            int seat = tw_fox_to_act(&s);
            if (d % EVERY == 3) {
                tw_fox_view view;
                tw_fox_view_of(&s, seat, &view);
                double t0 = tw_sim_thread_cpu();
                (void)tw_fox_hint_for(fox_hinter, &view);
                hint_add(&fox, 1000.0 * (tw_sim_thread_cpu() - t0));
            }
            tw_fox_action act;
            if (tw_fox_bot_choose(players[seat], &s, &act) != TW_OK || tw_fox_apply(&s, act, NULL) != TW_OK)
                status = -1;
        }
    }
    tw_fox_bot_free(fox_hinter);
    tw_fox_bot_free(players[0]);
    tw_fox_bot_free(players[1]);
    if (status != 0) {
        tw_cli_errorf(b->cli, bt(b->cli, B_T_SETUP), "hint positions");
        return -1;
    }
    json_t *o = json_object();
    json_object_set_new(o, "northwood", hint_json(&nw));
    json_object_set_new(o, "fox", hint_json(&fox));
    json_object_set_new(b->root, "hints", o);
    say(b, "\nHints (CPU time, one thread; target under %.0f ms):\n", HINT_MS_TARGET);
    say(b, "  For Northwood!  %d positions: mean %.1f ms, max %.1f ms, %d over the target\n", nw.count,
        nw.count ? nw.sum_ms / nw.count : 0, nw.max_ms, nw.over);
    say(b, "  Fox Duet        %d positions: mean %.1f ms, max %.1f ms, %d over the target\n", fox.count,
        fox.count ? fox.sum_ms / fox.count : 0, fox.max_ms, fox.over);
    return 0;
}

/* ---- Memory --------------------------------------------------------------------- */

/* Peak resident memory (KiB) of a child process that runs `games` random
 * Northwood games through the simulation runner (0 games: the child does
 * nothing, which gives what it inherits). Returns -1 on failure. */
static long child_peak_rss(const bench *b, long long games)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int code = 0;
        if (games > 0) {
            tw_sim_common common;
            memset(&common, 0, sizeof common);
            common.games = games;
            common.seed = b->args->seed;
            common.jobs = b->args->jobs;
            tw_sim_nw_options nw = {.setup = TW_NW_SETUP_INTRO, .medal = TW_NW_MEDAL_BRONZE};
            tw_sim_options opt = {.bots = {"random", NULL}, .game = &nw};
            tw_sim_totals *t = malloc(sizeof *t);
            code = !t || tw_sim_play(&tw_sim_northwood, &common, &opt, t) != 0 || t->games != games;
            if (t)
                tw_sim_totals_free(t);
            free(t);
        }
        _exit(code);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return usage.ru_maxrss;
}

/* Peak memory of a short and a long random simulation. */
static int bench_memory(bench *b)
{
    long long long_games = b->args->memory_games;
    long long short_games = long_games / 100 > 0 ? long_games / 100 : 1;
    double t0 = tw_sim_now();
    long base = child_peak_rss(b, 0);
    long small = child_peak_rss(b, short_games);
    long large = child_peak_rss(b, long_games);
    double took = tw_sim_now() - t0;
    if (base < 0 || small < 0 || large < 0) {
        tw_cli_errorf(b->cli, bt(b->cli, B_T_SETUP), "memory child process");
        return -1;
    }
    json_t *o = json_object();
    json_object_set_new(o, "inherited_kib", json_integer(base));
    json_object_set_new(o, "short_games", json_integer(short_games));
    json_object_set_new(o, "short_peak_kib", json_integer(small));
    json_object_set_new(o, "long_games", json_integer(long_games));
    json_object_set_new(o, "long_peak_kib", json_integer(large));
    json_object_set_new(o, "growth_kib", json_integer(large - small));
    json_object_set_new(o, "jobs", json_integer(b->args->jobs));
    json_object_set_new(b->root, "memory", o);
    say(b, "\nPeak resident memory of random Northwood simulations (child processes, %d threads):\n",
        b->args->jobs);
    say(b, "  nothing run (inherited) %8ld KiB\n  %9lld games %13ld KiB\n  %9lld games %13ld KiB  "
           "(growth %ld KiB; %.1f s)\n",
        base, short_games, small, long_games, large, large - small, took);
    return 0;
}

/* ---- The command ------------------------------------------------------------------ */

/* `trickwood bench [OPTIONS]`. */
int tw_cli_bench(tw_cli *cli, int argc, char **argv)
{
    bench_args a;
    int code = parse_args(cli, argc, argv, &a);
    if (code != 0)
        return code;
    bench b;
    memset(&b, 0, sizeof b);
    b.cli = cli;
    b.args = &a;
    b.log = a.json ? NULL : cli->out;
    if (!a.quiet) {
        int fd = fileno(cli->err);
        if (fd >= 0 && isatty(fd))
            b.progress = cli->err;
    }
    b.root = json_object();
    tw_nw_catalog *catalog = malloc(sizeof *catalog);
    tw_diag diag;
    if (!catalog || !b.root || tw_nw_catalog_load_default(catalog, &diag) != TW_OK) {
        char text[600] = "out of memory";
        if (catalog)
            tw_diag_format(&diag, text, sizeof text);
        tw_cli_errorf(cli, bt(cli, B_T_SETUP), text);
        free(catalog);
        json_decref(b.root);
        return TW_EXIT_FAIL;
    }
    bench_machine(&b);
    int status = 0;
    /* memory first: the child processes then inherit the least */
    if (status == 0 && (a.parts & PART_MEMORY))
        status = bench_memory(&b);
    if (status == 0 && (a.parts & PART_RANDOM))
        status = bench_random(&b, catalog);
    if (status == 0 && (a.parts & PART_RANDOM))
        bench_sim_loops(&b);
    if (status == 0 && (a.parts & PART_BOTS)) {
        double bronze[TW_NW_BOT_KINDS], ms[TW_NW_BOT_KINDS];
        status = bench_nw_bots(&b, bronze, ms);
        if (status == 0)
            bench_gap(&b, bronze, ms);
        if (status == 0)
            status = bench_fox_bots(&b);
    }
    if (status == 0 && (a.parts & PART_SOLVER)) {
        json_t *solver = tw_bench_solver(a.seed, a.visits, a.visits < 200 ? a.visits : 200, b.log);
        if (solver)
            json_object_set_new(b.root, "solver", solver);
        else
            status = -1;
    }
    if (status == 0 && (a.parts & PART_HINTS))
        status = bench_hints(&b, catalog);
    if (status == 0 && (a.parts & PART_CALIBRATION)) {
        json_t *cal = tw_bench_calibration(a.seed, a.games_given ? (int)a.games : 200, a.jobs, a.cal_games,
                                           &a.cal_goal, b.log);
        if (cal) {
            json_object_set(b.root, "calibration_max_error", json_object_get(cal, "calibration_max_error"));
            json_object_set(b.root, "calibration_max_error_by_chances",
                            json_object_get(cal, "calibration_max_error_by_chances"));
            json_object_set_new(b.root, "calibration", cal);
        } else {
            status = -1;
        }
    }
    if (status == 0 && a.json) {
        json_dumpf(b.root, cli->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        fputc('\n', cli->out);
    }
    json_decref(b.root);
    free(catalog);
    return status == 0 ? TW_EXIT_OK : TW_EXIT_FAIL;
}
