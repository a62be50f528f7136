/* `trickwood sim GAME`: options, then the run (sim_play.c, with the
 * game's tallies from its own table in the list of sim_games.c), then a
 * summary as text, one JSON object or CSV rows. Nothing here is written
 * for one game.
 *
 * Nothing that depends on timing goes into --json or --csv, so equal
 * options and seeds give byte-identical output whatever --jobs is. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/sim.h"

/* Messages of sim. */
typedef enum {
    SIM_T_NEED_GAME = 0,
    SIM_T_UNKNOWN_GAME,
    SIM_T_OR,
    SIM_T_BAD_NUMBER,
    SIM_T_BOTH_FORMATS,
    SIM_T_NOT_FOR_GAME,
    SIM_T_FAILED,
    SIM_T_BAD_SHARD,
    SIM_T_COUNT
} sim_text_id;

static const tw_msg sim_text[SIM_T_COUNT] = {
    [SIM_T_NEED_GAME] = {{"sim needs a game: %s", "sim attend un jeu : %s"}},
    [SIM_T_UNKNOWN_GAME] = {{"unknown game '%s' (%s)", "jeu inconnu « %s » (%s)"}},
    [SIM_T_OR] = {{" or ", " ou "}},
    [SIM_T_BAD_NUMBER] = {{"%s takes a whole number from %lld to %lld, not '%s'",
                           "%s attend un nombre entier de %lld à %lld, pas « %s »"}},
    [SIM_T_BOTH_FORMATS] = {{"--json and --csv cannot be used together", "--json et --csv ne vont pas ensemble"}},
    [SIM_T_NOT_FOR_GAME] = {{"option %s is not for sim %s", "l'option %s ne s'applique pas à sim %s"}},
    [SIM_T_FAILED] = {{"the simulation stopped: %s", "la simulation s'est arrêtée : %s"}},
    [SIM_T_BAD_SHARD] = {{"--shard takes K/N, shard K of N with 1 <= K <= N <= 1000000, not '%s'",
                          "--shard attend K/N, la part K sur N avec 1 <= K <= N <= 1000000, pas « %s »"}},
};

/* A sim message in the player's language. */
static const char *st(const tw_cli *cli, sim_text_id id)
{
    return tw_msg_get(&sim_text[id], cli->lang);
}

/* The games' keys for a message: "a, b or c" in the player's language. */
static void game_keys(const tw_cli *cli, char *out, size_t size)
{
    out[0] = '\0';
    for (int k = 0; k < tw_sim_kind_count; k++) {
        size_t len = strlen(out);
        const char *sep = k == 0 ? "" : k == tw_sim_kind_count - 1 ? st(cli, SIM_T_OR) : ", ";
        snprintf(out + len, size - len, "%s%s", sep, tw_sim_kinds[k]->game->key);
    }
}

/* Everything the command line chose. */
typedef struct {
    const tw_sim_kind *kind;
    tw_sim_common common;
    tw_sim_options opt;          /* opt.game: the kind's own options (owned) */
    tw_sim_shard shard;          /* --shard K/N (count 0: the whole run) */
    int output;  /* tw_sim_output */
    int quiet;
} sim_args;

/* Parses a number option's value; prints the error and returns -1 when
 * it is not a whole number in range. */
static int number_option(tw_cli *cli, const char *usage, const char *name, const char *value, long long min,
                         long long max, long long *out)
{
    if (tw_sim_parse_count(value, min, max, out) == 0)
        return 0;
    tw_cli_usage_error(cli, usage, st(cli, SIM_T_BAD_NUMBER), name, min, max, value);
    return -1;
}

/* Matches one of a game's own options at argv[*i] (*got as
 * tw_cli_opt_value answers, 1 for a flag): returns its index in the
 * game's list, or -1 for another option. */
static int game_option(const tw_sim_kind *kind, int argc, char **argv, int *i, const char **value, int *got)
{
    for (int k = 0; kind->options[k].name; k++) {
        if (kind->options[k].value == TW_SIM_FLAG)
            *got = strcmp(argv[*i], kind->options[k].name) == 0;
        else
            *got = tw_cli_opt_value(argc, argv, i, kind->options[k].name, value);
        if (*got != 0)
            return k;
    }
    return -1;
}

/* The game whose own option is at argv[*i], the run's game first:
 * returns its index in that game's list (*owner set), or -1 for no
 * game's. */
static int any_game_option(const sim_args *a, int argc, char **argv, int *i, const char **value, int *got,
                           const tw_sim_kind **owner)
{
    *owner = a->kind;
    int k = game_option(a->kind, argc, argv, i, value, got);
    for (int g = 0; k < 0 && g < tw_sim_kind_count; g++)
        if (tw_sim_kinds[g] != a->kind && (k = game_option(tw_sim_kinds[g], argc, argv, i, value, got)) >= 0)
            *owner = tw_sim_kinds[g];
    return k;
}

/* Stores the run's game's own option k with its value v; returns 0, or
 * the exit code after a printed error. */
static int set_game_option(tw_cli *cli, const char *usage, sim_args *a, int k, const char *v)
{
    long long number = 0;
    const tw_sim_option *o = &a->kind->options[k];
    if (o->value == TW_SIM_NUMBER && number_option(cli, usage, o->name, v, 1, 10000000, &number) < 0)
        return TW_EXIT_USAGE;
    return a->kind->set_option(cli, usage, &a->opt, k, v, number);
}

/* The game named by argv[1], its own options at their defaults; 0, or
 * the exit code after a printed error. */
static int choose_game(tw_cli *cli, const char *usage, int argc, char **argv, sim_args *a)
{
    char keys[200];
    game_keys(cli, keys, sizeof keys);
    if (argc < 2 || argv[1][0] == '-')
        return tw_cli_usage_error(cli, usage, st(cli, SIM_T_NEED_GAME), keys);
    if (!(a->kind = tw_sim_kind_of(argv[1])))
        return tw_cli_usage_error(cli, usage, st(cli, SIM_T_UNKNOWN_GAME), argv[1], keys);
    if (!(a->opt.game = calloc(1, a->kind->options_size))) {
        tw_cli_errorf(cli, st(cli, SIM_T_FAILED), "out of memory");
        return TW_EXIT_FAIL;
    }
    a->kind->defaults(&a->opt);
    a->opt.bots[0] = a->opt.bots[1] = a->kind->default_bot;
    return 0;
}

/* Reads the options; returns 0, or the exit code after a printed error. */
static int parse_args(tw_cli *cli, int argc, char **argv, sim_args *a)
{
    const char *usage = tw_msg_get(&tw_cli_sim_help, cli->lang);
    memset(a, 0, sizeof *a);
    a->common.games = 10000;
    a->common.seed = 1;
    a->common.jobs = tw_sim_cpu_count();
    int chosen = choose_game(cli, usage, argc, argv, a);
    if (chosen != 0)
        return chosen;
    const char *game_name = argv[1];
    const tw_sim_kind *owner = NULL;
    int json = 0, csv = 0;
    for (int i = 2; i < argc; i++) {
        const char *v = NULL;
        const char *arg = argv[i];
        int got, k;
        long long number;
        if ((got = tw_cli_display_option(cli, argc, argv, &i)) != 0) {
            if (got < 0)
                return TW_EXIT_USAGE;
        } else if (strcmp(arg, "--json") == 0) {
            json = 1;
        } else if (strcmp(arg, "--csv") == 0) {
            csv = 1;
        } else if (strcmp(arg, "--quiet") == 0 || strcmp(arg, "-q") == 0) {
            a->quiet = 1;
        } else if ((got = tw_cli_opt_value(argc, argv, &i, "--games", &v)) != 0) {
            if (got < 0 || number_option(cli, usage, "--games", v, 1, 1000000000000LL, &number) < 0)
                goto missing_or_bad;
            a->common.games = number;
        } else if ((got = tw_cli_opt_value(argc, argv, &i, "--seed", &v)) != 0) {
            if (got < 0 || number_option(cli, usage, "--seed", v, 0, (1LL << 53) - 1, &number) < 0)
                goto missing_or_bad;
            a->common.seed = (uint64_t)number;
        } else if ((got = tw_cli_opt_value(argc, argv, &i, "--jobs", &v)) != 0) {
            if (got < 0 || number_option(cli, usage, "--jobs", v, 1, 256, &number) < 0)
                goto missing_or_bad;
            a->common.jobs = (int)number;
        } else if ((got = tw_cli_opt_value(argc, argv, &i, "--shard", &v)) != 0) {
            if (got < 0)
                goto missing_or_bad;
            if (tw_sim_shard_parse(v, &a->shard) != 0)
                return tw_cli_usage_error(cli, usage, st(cli, SIM_T_BAD_SHARD), v);
        } else if ((got = tw_cli_opt_value(argc, argv, &i, "--bot", &v)) != 0) {
            if (got < 0)
                goto missing_or_bad;
            if (!(a->opt.bots[0] = a->opt.bots[1] = tw_sim_bot_name(a->kind, v)))
                return tw_cli_usage_error(cli, usage, tw_msg_get(a->kind->bad_bot, cli->lang), v);
        } else if ((k = any_game_option(a, argc, argv, &i, &v, &got, &owner)) >= 0) {
            if (got < 0)
                goto missing_or_bad;
            if (owner != a->kind)
                return tw_cli_usage_error(cli, usage, st(cli, SIM_T_NOT_FOR_GAME), owner->options[k].name, game_name);
            int code = set_game_option(cli, usage, a, k, v);
            if (code != 0)
                return code;
        } else if (arg[0] == '-') {
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_UNKNOWN_OPTION), arg);
        } else {
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_EXTRA_ARGUMENT), arg);
        }
        continue;
    missing_or_bad:
        /* a bad number was already reported; a missing value was not */
        if (got < 0) {
            char name[32];
            snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), name);
        }
        return TW_EXIT_USAGE;
    }
    if (json && csv)
        return tw_cli_usage_error(cli, usage, "%s", st(cli, SIM_T_BOTH_FORMATS));
    if (a->shard.count) {
        a->shard.total = a->common.games;
        tw_sim_shard_range(&a->shard, &a->common.first, &a->common.games);
    }
    a->output = json ? TW_SIM_OUT_JSON : csv ? TW_SIM_OUT_CSV : TW_SIM_OUT_TEXT;
    return 0;
}

/* Prints the run's summary as the options ask (text or JSON; CSV rows
 * were written as the games were played). */
static void print_summary(tw_cli *cli, const sim_args *a, const tw_sim_totals *totals)
{
    const tw_sim_kind *kind = a->kind;
    if (a->output == TW_SIM_OUT_JSON) {
        json_t *summary = kind->json(&a->common, &a->opt, totals);
        if (a->shard.count)
            tw_sim_shard_json(summary, kind, &a->common, &a->opt, &a->shard, totals);
        tw_sim_json_print(cli->out, summary);
    } else if (a->output == TW_SIM_OUT_TEXT) {
        if (a->shard.count)
            fprintf(cli->out, "Shard %d/%d of a run of %lld games: games %lld to %lld\n\n", a->shard.index,
                    a->shard.count, a->shard.total, a->common.first, a->common.first + a->common.games - 1);
        kind->text(cli->out, &a->common, &a->opt, totals);
    }
}

/* `trickwood sim GAME [OPTIONS]`. */
int tw_cli_sim(tw_cli *cli, int argc, char **argv)
{
    sim_args a;
    int code = parse_args(cli, argc, argv, &a);
    if (code == 0 && a.kind->prepare)
        code = a.kind->prepare(cli, &a.opt);
    if (code != 0) {
        free(a.opt.game);
        return code;
    }
    if (!a.quiet) {
        int fd = fileno(cli->err);
        if (fd >= 0 && isatty(fd))
            a.common.progress = cli->err;
    }
    if (a.output == TW_SIM_OUT_CSV)
        a.common.csv = cli->out;
    tw_sim_totals *totals = malloc(sizeof *totals);
    if (!totals)
        code = TW_EXIT_FAIL;
    if (code == 0 && tw_sim_play(a.kind, &a.common, &a.opt, totals) != 0) {
        tw_cli_errorf(cli, st(cli, SIM_T_FAILED), totals->error);
        code = TW_EXIT_FAIL;
    }
    if (a.kind->release)
        code = a.kind->release(cli, &a.opt, code);
    if (code == 0)
        print_summary(cli, &a, totals);
    if (totals)
        tw_sim_totals_free(totals);
    free(totals);
    free(a.opt.game);
    return code;
}
