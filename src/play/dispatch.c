/* `trickwood resume` and `trickwood replay` for every game: the file's
 * "game" field says which game it holds, and the command goes on with that
 * game's terminal table (games.h). A file naming a game this program
 * does not play is refused with the games it plays; a file that names no
 * game goes to the first game, For Northwood!, whose loader explains what
 * is wrong with it. `resume` without a file takes the one game saved, or asks which
 * (saves.c). */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "play/games.h"
#include "play/play.h"
#include "play/saves.h"
#include "trickwood/io.h"

#define MAX_ARGS 64

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

/* Whether a file names in its "game" field a game this program does not
 * play; says so, naming the file and line, the field and every game it plays
 * ("northwood" (For Northwood!) or "foxduet" (...)), and returns 1. */
static int unknown_game(tw_cli *cli, const char *path)
{
    json_error_t error;
    json_t *root = json_load_file(path, 0, &error);
    const char *game = json_is_object(root) ? json_string_value(json_object_get(root, "game")) : NULL;
    int unknown = game && !tw_cli_ui_of_file_game(game);
    if (unknown) {
        char *text = tw_read_file(path, NULL, NULL);
        int line = text ? tw_json_locate_line(text, "game") : 0;
        free(text);
        char where[1200];
        snprintf(where, sizeof where, line > 0 ? "%s:%d" : "%s", path, line);
        char games[400] = "";
        for (int g = 0; g < tw_cli_game_count; g++) {
            size_t n = strlen(games);
            snprintf(games + n, sizeof games - n, "%s\"%s\" (%s)", g == 0 ? "" : g + 1 == tw_cli_game_count ? tw_text(cli->lang, TW_T_OR) : ", ",
                     tw_cli_games[g]->file_game, tw_cli_games[g]->game->title[cli->lang]);
        }
        tw_cli_errorf(cli, tw_text(cli->lang, TW_T_UNKNOWN_GAME), where, game, games);
    }
    json_decref(root);
    return unknown;
}

/* The table of the game a file holds; the first game (whose loader
 * explains what is wrong) when it holds none. */
static const tw_cli_ui *ui_of_file(const char *path)
{
    const tw_cli_ui *ui = tw_cli_ui_of_file(path);
    return ui ? ui : tw_cli_games[0];
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

/* Whether arg is one of the options of resume (for either game). */
static int resume_option_known(const char *arg, const char *const *value_options)
{
    static const char *const flags[] = {"--hotseat", NULL};
    for (int k = 0; flags[k]; k++)
        if (strcmp(arg, flags[k]) == 0)
            return 1;
    for (int k = 0; value_options[k]; k++) {
        size_t n = strlen(value_options[k]);
        if (strncmp(arg, value_options[k], n) == 0 && (arg[n] == '\0' || arg[n] == '='))
            return 1;
    }
    return 0;
}

/* Checks the options of resume before it asks which game: an unknown
 * option, or one without its value, is a usage error. Returns 0 or the
 * exit code. */
static int resume_check_options(tw_cli *cli, int argc, char **argv, const char *const *value_options)
{
    const char *usage = tw_msg_get(&tw_cli_resume_help, cli->lang);
    for (int i = 1; i < argc; i++) {
        int display = tw_cli_display_option(cli, argc, argv, &i);
        if (display < 0)
            return TW_EXIT_USAGE;
        if (display || argv[i][0] != '-' || !argv[i][1])
            continue;
        if (!resume_option_known(argv[i], value_options))
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_UNKNOWN_OPTION), argv[i]);
        if (!strchr(argv[i], '=') && strcmp(argv[i], "--hotseat") != 0 && ++i >= argc)
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), argv[i - 1]);
    }
    return 0;
}

/* `trickwood resume [FILE] [OPTIONS]`. */
int tw_cli_game_resume(tw_cli *cli, int argc, char **argv)
{
    static const char *const value_options[] = {"--record", "--events", "--lang", "--width", "--seat", "--partner", NULL};
    int at = find_file_arg(argc, argv, value_options);
    if (at >= 0 && unknown_game(cli, argv[at]))
        return TW_EXIT_FAIL;
    if (at >= 0)
        return tw_cli_play_resume(cli, ui_of_file(argv[at]), argc, argv);
    int bad = resume_check_options(cli, argc, argv, value_options);
    if (bad)
        return bad;
    char path[TW_CLI_PATH];
    int code = tw_cli_saves_choose(cli, path, sizeof path);
    if (code)
        return code < 0 ? TW_EXIT_OK : code;
    return resume_with_file(cli, ui_of_file(path), argc, argv, path);
}

/* `trickwood replay FILE [--auto]`. */
int tw_cli_game_replay(tw_cli *cli, int argc, char **argv)
{
    static const char *const value_options[] = {"--lang", "--width", NULL};
    int at = find_file_arg(argc, argv, value_options);
    if (at >= 0 && unknown_game(cli, argv[at]))
        return TW_EXIT_FAIL;
    return tw_cli_play_replay(cli, at >= 0 ? ui_of_file(argv[at]) : tw_cli_games[0], argc, argv);
}
