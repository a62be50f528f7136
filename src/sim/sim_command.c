/* `trickwood sim northwood|fox`: options, then the run (sim_play.c, with
 * the game's tallies from sim_nw.c or sim_fox.c), then a summary as text,
 * one JSON object or CSV rows.
 *
 * Nothing that depends on timing goes into --json or --csv, so equal
 * options and seeds give byte-identical output whatever --jobs is. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/sim.h"
#include "trickwood/fox_bots.h"
#include "trickwood/fox_files.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_files.h"

const tw_msg tw_cli_sim_help = {{
    "  sim northwood|fox [OPTIONS]    play many games with bots and summarise them\n"
    "      --games N                  games to play (default: 10000; k and M suffixes work)\n"
    "      --seed N                   seed of the run, 0 to 2^53-1 (default: 1)\n"
    "      --jobs N                   threads (default: every core); the results do not depend on it\n"
    "      --json | --csv             one JSON object, or one CSV row per game\n"
    "      --quiet                    no progress bar\n"
    "      --shard K/N                play only shard K of N of the run's games (the same games as in the\n"
    "                                 whole run); with --json, sim-merge adds the N shards up\n"
    "    northwood: --bot random|greedy|strong|clairvoyant|hint (default: greedy),\n"
    "               --intro | --full, --medal bronze|silver|gold (default: bronze),\n"
    "               --iterations N, --rollouts N (search effort of the strong bot),\n"
    "               --characters-csv FILE (one row per character dealt in each game)\n"
    "    fox:       --bot random|rule|strong|open-hands|hint (both seats, default: rule)\n"
    "               or --bots A,B (seat 0, seat 1), --level 1|2|3 (default: 1), --board FILE,\n"
    "               --samples N, --nodes N (search effort of strong and open-hands)\n",
    "  sim northwood|fox [OPTIONS]    jouer de nombreuses parties avec des robots et les résumer\n"
    "      --games N                  parties à jouer (par défaut : 10000 ; suffixes k et M acceptés)\n"
    "      --seed N                   graine de la série, de 0 à 2^53-1 (par défaut : 1)\n"
    "      --jobs N                   fils d'exécution (par défaut : tous les cœurs) ; sans effet sur les résultats\n"
    "      --json | --csv             un objet JSON, ou une ligne CSV par partie\n"
    "      --quiet                    pas de barre de progression\n"
    "      --shard K/N                ne jouer que la part K sur N des parties de la série (les mêmes parties\n"
    "                                 que dans la série entière) ; avec --json, sim-merge additionne les N parts\n"
    "    northwood : --bot random|greedy|strong|clairvoyant|hint (par défaut : greedy),\n"
    "                --intro | --full, --medal bronze|silver|gold (par défaut : bronze),\n"
    "                --iterations N, --rollouts N (effort de recherche du robot strong),\n"
    "                --characters-csv FICHIER (une ligne par personnage distribué dans chaque partie)\n"
    "    fox :       --bot random|rule|strong|open-hands|hint (les deux places, par défaut : rule)\n"
    "                ou --bots A,B (place 0, place 1), --level 1|2|3 (par défaut : 1), --board FICHIER,\n"
    "                --samples N, --nodes N (effort de recherche de strong et open-hands)\n",
}};

/* Messages of sim and bench. */
typedef enum {
    SIM_T_NEED_GAME = 0,
    SIM_T_UNKNOWN_GAME,
    SIM_T_BAD_NW_BOT,
    SIM_T_BAD_FOX_BOT,
    SIM_T_BAD_BOTS,
    SIM_T_BAD_MEDAL,
    SIM_T_BAD_LEVEL,
    SIM_T_BAD_NUMBER,
    SIM_T_BOTH_FORMATS,
    SIM_T_NOT_FOR_GAME,
    SIM_T_BOARD,
    SIM_T_FAILED,
    SIM_T_CHARACTERS_FILE,
    SIM_T_BAD_SHARD,
    SIM_T_COUNT
} sim_text_id;

static const tw_msg sim_text[SIM_T_COUNT] = {
    [SIM_T_NEED_GAME] = {{"sim needs a game: northwood or fox", "sim attend un jeu : northwood ou fox"}},
    [SIM_T_UNKNOWN_GAME] = {{"unknown game '%s' (northwood or fox)", "jeu inconnu « %s » (northwood ou fox)"}},
    [SIM_T_BAD_NW_BOT] = {{"unknown For Northwood! bot '%s' (random, greedy, strong, clairvoyant or hint)",
                           "robot inconnu pour Norbois « %s » (random, greedy, strong, clairvoyant ou hint)"}},
    [SIM_T_BAD_FOX_BOT] = {{"unknown Fox Duet bot '%s' (random, rule, strong, open-hands or hint)",
                            "robot inconnu pour Fox Duo « %s » (random, rule, strong, open-hands ou hint)"}},
    [SIM_T_BAD_BOTS] = {{"--bots takes two bot names separated by a comma, not '%s'",
                         "--bots attend deux noms de robots séparés par une virgule, pas « %s »"}},
    [SIM_T_BAD_MEDAL] = {{"--medal takes bronze, silver or gold, not '%s'",
                          "--medal attend bronze, silver ou gold, pas « %s »"}},
    [SIM_T_BAD_LEVEL] = {{"--level takes 1, 2 or 3, not '%s'", "--level attend 1, 2 ou 3, pas « %s »"}},
    [SIM_T_BAD_NUMBER] = {{"%s takes a whole number from %lld to %lld, not '%s'",
                           "%s attend un nombre entier de %lld à %lld, pas « %s »"}},
    [SIM_T_BOTH_FORMATS] = {{"--json and --csv cannot be used together", "--json et --csv ne vont pas ensemble"}},
    [SIM_T_NOT_FOR_GAME] = {{"option %s is not for sim %s", "l'option %s ne s'applique pas à sim %s"}},
    [SIM_T_BOARD] = {{"cannot use the board: %s", "plateau inutilisable : %s"}},
    [SIM_T_FAILED] = {{"the simulation stopped: %s", "la simulation s'est arrêtée : %s"}},
    [SIM_T_CHARACTERS_FILE] = {{"cannot write the characters file %s", "impossible d'écrire le fichier de personnages %s"}},
    [SIM_T_BAD_SHARD] = {{"--shard takes K/N, shard K of N with 1 <= K <= N <= 1000000, not '%s'",
                          "--shard attend K/N, la part K sur N avec 1 <= K <= N <= 1000000, pas « %s »"}},
};

/* A sim message in the player's language. */
static const char *st(const tw_cli *cli, sim_text_id id)
{
    return tw_msg_get(&sim_text[id], cli->lang);
}

enum { GAME_NORTHWOOD = 0, GAME_FOX = 1 };

/* The games' tally tables, by GAME_ value. */
static const tw_sim_kind *const sim_kinds[] = {&tw_sim_northwood, &tw_sim_fox};

/* Everything the command line chose. */
typedef struct {
    int game;
    tw_sim_common common;
    tw_sim_options opt;
    tw_fox_board board;
    const char *board_path;
    const char *characters_path; /* --characters-csv FILE, or NULL */
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

/* The game's own spelling of a bot name, or NULL when it has no such bot. */
static const char *bot_name(int game, const char *name)
{
    const char *const *names = sim_kinds[game]->game->bot_names;
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], name) == 0)
            return names[i];
    return NULL;
}

/* Parses "A,B" into two Fox bot names. */
static int parse_bot_pair(const char *text, const char *bots[2])
{
    const char *comma = strchr(text, ',');
    if (!comma || strchr(comma + 1, ','))
        return -1;
    char first[32];
    size_t n = (size_t)(comma - text);
    if (n == 0 || n >= sizeof first)
        return -1;
    memcpy(first, text, n);
    first[n] = '\0';
    bots[0] = bot_name(GAME_FOX, first);
    bots[1] = bot_name(GAME_FOX, comma + 1);
    return bots[0] && bots[1] ? 0 : -1;
}

/* The options that belong to one game: a flag, or a text or a number
 * follows. */
enum { G_INTRO, G_FULL, G_MEDAL, G_CHARACTERS, G_ITERATIONS, G_ROLLOUTS, G_BOTS, G_LEVEL, G_BOARD, G_SAMPLES, G_NODES,
       G_COUNT };
enum { FLAG, TEXT, NUMBER };
static const struct {
    const char *name;
    int game;
    int value;
} game_options[G_COUNT] = {
    [G_INTRO] = {"--intro", GAME_NORTHWOOD, FLAG},
    [G_FULL] = {"--full", GAME_NORTHWOOD, FLAG},
    [G_MEDAL] = {"--medal", GAME_NORTHWOOD, TEXT},
    [G_CHARACTERS] = {"--characters-csv", GAME_NORTHWOOD, TEXT},
    [G_ITERATIONS] = {"--iterations", GAME_NORTHWOOD, NUMBER},
    [G_ROLLOUTS] = {"--rollouts", GAME_NORTHWOOD, NUMBER},
    [G_BOTS] = {"--bots", GAME_FOX, TEXT},
    [G_LEVEL] = {"--level", GAME_FOX, TEXT},
    [G_BOARD] = {"--board", GAME_FOX, TEXT},
    [G_SAMPLES] = {"--samples", GAME_FOX, NUMBER},
    [G_NODES] = {"--nodes", GAME_FOX, NUMBER},
};

/* Matches one game's option at argv[*i] (*got as tw_cli_opt_value answers,
 * 1 for a flag): returns its G_ index, or -1 for another option. */
static int game_option(int argc, char **argv, int *i, const char **value, int *got)
{
    for (int k = 0; k < G_COUNT; k++) {
        if (game_options[k].value == FLAG)
            *got = strcmp(argv[*i], game_options[k].name) == 0;
        else
            *got = tw_cli_opt_value(argc, argv, i, game_options[k].name, value);
        if (*got != 0)
            return k;
    }
    return -1;
}

/* Stores one game's option k with its value v; returns 0, or the exit
 * code after a printed error. */
static int set_game_option(tw_cli *cli, const char *usage, sim_args *a, int k, const char *v)
{
    long long number = 0;
    if (game_options[k].value == NUMBER && number_option(cli, usage, game_options[k].name, v, 1, 10000000, &number) < 0)
        return TW_EXIT_USAGE;
    int medal = k == G_MEDAL ? tw_nw_medal_from_key(v) : 0;
    switch (k) {
    case G_INTRO:
    case G_FULL:
        a->opt.setup = k == G_FULL ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO;
        break;
    case G_MEDAL:
        if (medal < TW_NW_MEDAL_BRONZE)
            return tw_cli_usage_error(cli, usage, st(cli, SIM_T_BAD_MEDAL), v);
        a->opt.medal = medal;
        break;
    case G_CHARACTERS:
        a->characters_path = v;
        break;
    case G_BOTS:
        if (parse_bot_pair(v, a->opt.bots) < 0)
            return tw_cli_usage_error(cli, usage, st(cli, SIM_T_BAD_BOTS), v);
        break;
    case G_LEVEL:
        if (strlen(v) != 1 || v[0] < '1' || v[0] > '3')
            return tw_cli_usage_error(cli, usage, st(cli, SIM_T_BAD_LEVEL), v);
        a->opt.level = v[0] - '0';
        break;
    case G_BOARD:
        a->board_path = v;
        break;
    case G_ITERATIONS:
        a->opt.iterations = (int)number;
        break;
    case G_ROLLOUTS:
        a->opt.rollouts = (int)number;
        break;
    case G_SAMPLES:
        a->opt.samples = (int)number;
        break;
    default:
        a->opt.nodes = number;
        break;
    }
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
    a->opt.setup = TW_NW_SETUP_INTRO;
    a->opt.medal = TW_NW_MEDAL_BRONZE;
    a->opt.level = 1;
    if (argc < 2 || argv[1][0] == '-')
        return tw_cli_usage_error(cli, usage, "%s", st(cli, SIM_T_NEED_GAME));
    if (strcmp(argv[1], "northwood") == 0)
        a->game = GAME_NORTHWOOD;
    else if (strcmp(argv[1], "fox") == 0)
        a->game = GAME_FOX;
    else
        return tw_cli_usage_error(cli, usage, st(cli, SIM_T_UNKNOWN_GAME), argv[1]);
    a->opt.bots[0] = a->opt.bots[1] = a->game == GAME_NORTHWOOD ? "greedy" : "rule";
    const char *game_name = argv[1];
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
            if (!(a->opt.bots[0] = a->opt.bots[1] = bot_name(a->game, v)))
                return tw_cli_usage_error(cli, usage,
                                          st(cli, a->game == GAME_NORTHWOOD ? SIM_T_BAD_NW_BOT : SIM_T_BAD_FOX_BOT), v);
        } else if ((k = game_option(argc, argv, &i, &v, &got)) >= 0) {
            if (got < 0)
                goto missing_or_bad;
            if (a->game != game_options[k].game)
                return tw_cli_usage_error(cli, usage, st(cli, SIM_T_NOT_FOR_GAME), game_options[k].name, game_name);
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

/* Loads the Fox board: the --board file checked against the level, or the
 * level's default board. Returns 0, or prints the problem and returns 1. */
static int load_board(tw_cli *cli, sim_args *a)
{
    tw_diag diag;
    tw_diag_init(&diag, a->board_path ? a->board_path : "");
    tw_error err = a->board_path ? tw_fox_board_load(&a->board, a->board_path, &diag)
                                 : tw_fox_board_load_level(&a->board, a->opt.level, &diag);
    if (err == TW_OK)
        err = tw_fox_board_check_level(&a->board, a->opt.level, &diag);
    if (err != TW_OK) {
        char text[700];
        tw_diag_format(&diag, text, sizeof text);
        tw_cli_errorf(cli, st(cli, SIM_T_BOARD), text);
        return TW_EXIT_FAIL;
    }
    a->opt.board = &a->board;
    a->opt.own_board = a->board_path != NULL;
    return 0;
}

/* Opens the --characters-csv file and loads the characters' names for it;
 * returns 0, or prints the problem and returns an exit code. */
static int open_characters(tw_cli *cli, sim_args *a, tw_nw_catalog **catalog)
{
    tw_diag diag;
    *catalog = malloc(sizeof **catalog);
    if (!*catalog || tw_nw_catalog_load_default(*catalog, &diag) != TW_OK) {
        char text[700] = "out of memory";
        if (*catalog)
            tw_diag_format(&diag, text, sizeof text);
        tw_cli_errorf(cli, st(cli, SIM_T_FAILED), text);
        return TW_EXIT_FAIL;
    }
    a->opt.catalog = *catalog;
    if (!(a->opt.characters = fopen(a->characters_path, "w"))) {
        tw_cli_errorf(cli, st(cli, SIM_T_CHARACTERS_FILE), a->characters_path);
        return TW_EXIT_FAIL;
    }
    return 0;
}

/* `trickwood sim northwood|fox [OPTIONS]`. */
int tw_cli_sim(tw_cli *cli, int argc, char **argv)
{
    sim_args a;
    int code = parse_args(cli, argc, argv, &a);
    if (code != 0)
        return code;
    if (a.game == GAME_FOX && (code = load_board(cli, &a)) != 0)
        return code;
    if (!a.quiet) {
        int fd = fileno(cli->err);
        if (fd >= 0 && isatty(fd))
            a.common.progress = cli->err;
    }
    if (a.output == TW_SIM_OUT_CSV)
        a.common.csv = cli->out;
    const tw_sim_kind *kind = sim_kinds[a.game];
    tw_nw_catalog *catalog = NULL;
    tw_sim_totals *totals = malloc(sizeof *totals);
    if (!totals)
        code = TW_EXIT_FAIL;
    else if (a.characters_path)
        code = open_characters(cli, &a, &catalog);
    if (code == 0 && tw_sim_play(kind, &a.common, &a.opt, totals) != 0) {
        tw_cli_errorf(cli, st(cli, SIM_T_FAILED), totals->error);
        code = TW_EXIT_FAIL;
    }
    if (a.opt.characters && fclose(a.opt.characters) != 0 && code == 0) {
        tw_cli_errorf(cli, st(cli, SIM_T_CHARACTERS_FILE), a.characters_path);
        code = TW_EXIT_FAIL;
    }
    if (code == 0 && a.output == TW_SIM_OUT_JSON) {
        json_t *summary = kind->json(&a.common, &a.opt, totals);
        if (a.shard.count)
            tw_sim_shard_json(summary, kind, &a.common, &a.opt, &a.shard, totals);
        tw_sim_json_print(cli->out, summary);
    } else if (code == 0 && a.output == TW_SIM_OUT_TEXT) {
        if (a.shard.count)
            fprintf(cli->out, "Shard %d/%d of a run of %lld games: games %lld to %lld\n\n", a.shard.index,
                    a.shard.count, a.shard.total, a.common.first, a.common.first + a.common.games - 1);
        kind->text(cli->out, &a.common, &a.opt, totals);
    }
    free(catalog);
    free(totals);
    return code;
}
