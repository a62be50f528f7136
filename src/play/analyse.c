/* `trickwood analyse RECORD`, for every game: reads the record (or save),
 * asks the library's analysis (tw_game_analyse, which judges each
 * decision from the acting seat's view with the game's estimator) and
 * prints the costliest decisions with the game's own words (the hooks
 * analyse_title, analyse_item and analyse_end of tw_cli_ui). */
#include <stdlib.h>
#include <string.h>

#include "play/games.h"
#include "play/play.h"

#define DEFAULT_TOP 5

const tw_msg tw_cli_analyse_help = {{
    "  analyse RECORD [OPTIONS]       name the decisions of a game (either game) that cost the most\n"
    "      --samples N                search effort: For Northwood! 50 deals a unit, the Duet deals per\n"
    "                                 decision (default: a hint's, 60 and 128; with another value the\n"
    "                                 figures are no longer the hint's)\n"
    "      --top N                    how many decisions to list (default 5)\n"
    "      --lang en|fr, --ascii, --no-color   as for the games\n",
    "  analyse ENREGISTREMENT [OPTIONS] montrer les décisions d'une partie (l'un ou l'autre jeu) qui ont coûté le plus\n"
    "      --samples N                effort : Les Fiefs, 50 donnes par unité ; le Duo, donnes par décision\n"
    "                                 (par défaut celui d'un conseil, 60 et 128 ; avec une autre valeur\n"
    "                                 les chiffres ne sont plus ceux du conseil)\n"
    "      --top N                    nombre de décisions à montrer (5 par défaut)\n"
    "      --lang en|fr, --ascii, --no-color   comme pour les jeux\n",
}};

/* Parses a positive whole number option value; -1 when it is not one up
 * to max. */
static int positive(const char *text, int max)
{
    char *end;
    long v = strtol(text, &end, 10);
    return (*text && !*end && v > 0 && v <= max) ? (int)v : -1;
}

/* Prints the ranked decisions of an analysis, costliest first, each with
 * the session's match set to the position before it. Returns how many,
 * or -1 when out of memory. */
static int print_ranked(tw_cli_session *ss, const tw_game_analysis *a)
{
    tw_match *full = ss->match;
    int found = 0;
    for (int r = 1;; r++) {
        const tw_game_decision *d = NULL;
        for (int i = 0; i < a->count && !d; i++)
            if (a->decisions[i].rank == r)
                d = &a->decisions[i];
        if (!d)
            break;
        tw_match *at = tw_match_at_step(full, d->step);
        if (!at) {
            found = -1;
            break;
        }
        ss->match = at;
        ss->ui->analyse_item(ss, r, d);
        ss->match = full;
        full->game->free(at);
        found++;
    }
    return found;
}

/* `trickwood analyse RECORD [--samples N] [--top N]`. */
int tw_cli_analyse(tw_cli *cli, int argc, char **argv)
{
    const char *usage = "analyse RECORD [--samples N] [--top N] [--lang en|fr]";
    const char *path = NULL;
    int samples = 0, top = DEFAULT_TOP;
    for (int i = 1; i < argc; i++) {
        int shown = tw_cli_display_option(cli, argc, argv, &i);
        if (shown < 0)
            return TW_EXIT_USAGE;
        if (shown > 0)
            continue;
        if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc) {
            if ((samples = positive(argv[++i], 10000)) < 0)
                return tw_cli_usage_error(cli, usage, "--samples takes a whole number from 1 to 10000");
        } else if (strcmp(argv[i], "--top") == 0 && i + 1 < argc) {
            if ((top = positive(argv[++i], 100)) < 0)
                return tw_cli_usage_error(cli, usage, "--top takes a whole number from 1 to 100");
        } else if (argv[i][0] == '-') {
            return tw_cli_usage_error(cli, usage, "unknown option %s", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return tw_cli_usage_error(cli, usage, "only one record file, please");
        }
    }
    if (!path)
        return tw_cli_usage_error(cli, usage, "which record? give its file");
    const tw_cli_ui *ui = tw_cli_ui_of_file(path);
    /* A file of no game: the first game's loader says what is wrong. */
    tw_cli_session *ss = tw_cli_session_new(cli, ui ? ui : tw_cli_games[0]);
    if (!ss)
        return TW_EXIT_FAIL;
    snprintf(ss->save_path, sizeof ss->save_path, "%s", path);
    int code = tw_cli_session_load(ss, 0);
    tw_game_analysis a;
    if (!code && tw_game_analyse(ss->match, -1, samples, top, &a) != TW_OK) {
        tw_cli_errorf(cli, "%s: the game could not be analysed (out of memory, or an action that cannot be replayed)",
                      path);
        code = TW_EXIT_FAIL;
    }
    if (!code) {
        ss->ui->analyse_title(ss, path, a.count, a.samples);
        int found = print_ranked(ss, &a);
        if (found < 0)
            code = TW_EXIT_FAIL;
        else
            ss->ui->analyse_end(ss, found);
        tw_game_analysis_free(&a);
    }
    tw_cli_session_free(ss);
    return code;
}
