/* `trickwood resume` and `trickwood replay` for every game: the file's
 * "game" field says which game it holds, and the command goes on with that
 * game's terminal table (play.h). A file of no known game goes to the
 * first game, For Northwood!, whose loader explains what is wrong with
 * it. `resume` without a file takes the autosave written last. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/fox_cli.h"
#include "cli/play.h"
#include "trickwood/paths.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))

#define MAX_ARGS 64

/* The help of `resume` and `replay`, for every game. */
const tw_msg tw_cli_resume_help = {{
    "  resume [FILE] [OPTIONS]        continue a saved game of either game\n"
    "                                 (default: the most recent autosave)\n"
    "      --record FILE, --events FILE as for northwood and fox\n"
    "      --hotseat, --seat 1|2, --partner NAME  Fox: change who plays (default: as saved)\n",
    "  resume [FICHIER] [OPTIONS]     reprendre une partie enregistrée de l'un ou l'autre jeu\n"
    "                                 (par défaut : la sauvegarde automatique la plus récente)\n"
    "      --record FICHIER, --events FICHIER comme pour northwood et fox\n"
    "      --hotseat, --seat 1|2, --partner NOM  Renard : changer qui joue (par défaut : comme enregistré)\n",
}};

const tw_msg tw_cli_replay_help = {{
    "  replay FILE [--auto]           step through a game record of either game: Enter for each step,\n"
    "                                 --auto to run to the end without waiting\n",
    "  replay FICHIER [--auto]        revoir un enregistrement de l'un ou l'autre jeu pas à pas : Entrée\n"
    "                                 à chaque étape, --auto pour aller jusqu'au bout sans attendre\n",
}};

/* Finds the file argument: the first word that is neither an option nor
 * the value of one (value_options lists the options that take one).
 * Returns its index or -1. */
static int find_file_arg(int argc, char **argv, const char *const *value_options)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || !arg[1])
            return i;
        if (strchr(arg, '='))
            continue;
        for (int k = 0; value_options[k]; k++)
            if (strcmp(arg, value_options[k]) == 0) {
                i++;
                break;
            }
    }
    return -1;
}

/* Reads the time a file was last written into out; returns 0, or -1 when
 * the file does not exist. */
static int modified_at(const char *path, struct timespec *out)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    *out = st.st_mtim;
    return 0;
}

/* Whether a is later than b. */
static int later(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec != b->tv_sec ? a->tv_sec > b->tv_sec : a->tv_nsec > b->tv_nsec;
}

/* The games' terminal tables, the first being the fallback. */
static const tw_cli_ui *const games[] = {&tw_nw_cli_ui, &tw_fox_cli_ui};
#define GAMES ((int)(sizeof games / sizeof games[0]))

/* The table of the game a file holds, from its "game" field. */
const tw_cli_ui *tw_cli_ui_of_file(const char *path)
{
    json_error_t error;
    json_t *root = json_load_file(path, 0, &error);
    const char *game = root ? json_string_value(json_object_get(root, "game")) : NULL;
    const tw_cli_ui *ui = NULL;
    for (int g = 0; game && g < GAMES; g++)
        if (strcmp(game, games[g]->file_game) == 0)
            ui = games[g];
    json_decref(root);
    return ui;
}

/* The table of the game a file holds; the first game (whose loader
 * explains what is wrong) when it holds none. */
static const tw_cli_ui *ui_of_file(const char *path)
{
    const tw_cli_ui *ui = tw_cli_ui_of_file(path);
    return ui ? ui : games[0];
}

/* Resumes with FILE added after the other arguments. */
static int resume_with_file(tw_cli *cli, const tw_cli_ui *ui, int argc, char **argv, char *file)
{
    char *args[MAX_ARGS + 2];
    int n = 0;
    for (int i = 0; i < argc && n < MAX_ARGS; i++)
        args[n++] = argv[i];
    args[n++] = file;
    args[n] = NULL;
    return tw_cli_play_resume(cli, ui, n, args);
}

/* `trickwood resume [FILE] [OPTIONS]`. */
int tw_cli_game_resume(tw_cli *cli, int argc, char **argv)
{
    static const char *const value_options[] = {"--record", "--events", "--lang", "--seat", "--partner", NULL};
    int at = find_file_arg(argc, argv, value_options);
    if (at >= 0)
        return tw_cli_play_resume(cli, ui_of_file(argv[at]), argc, argv);
    char paths[GAMES][TW_CLI_PATH];
    for (int g = 0; g < GAMES; g++)
        if (tw_path_save_file(games[g]->save_name, 0, paths[g], sizeof paths[g]) != 0)
            return tw_cli_play_resume(cli, games[0], argc, argv); /* it explains that there is no save folder */
    int latest = -1;
    struct timespec latest_time = {0, 0}, t;
    for (int g = 0; g < GAMES; g++)
        if (modified_at(paths[g], &t) == 0 && (latest < 0 || later(&t, &latest_time))) {
            latest = g;
            latest_time = t;
        }
    if (latest < 0) {
        tw_cli_errorf(cli, T(FX_T_NO_SAVE_EITHER), paths[0], paths[1]);
        return TW_EXIT_FAIL;
    }
    return resume_with_file(cli, games[latest], argc, argv, paths[latest]);
}

/* `trickwood replay FILE [--auto]`. */
int tw_cli_game_replay(tw_cli *cli, int argc, char **argv)
{
    static const char *const value_options[] = {"--lang", NULL};
    int at = find_file_arg(argc, argv, value_options);
    return tw_cli_play_replay(cli, at >= 0 ? ui_of_file(argv[at]) : games[0], argc, argv);
}
