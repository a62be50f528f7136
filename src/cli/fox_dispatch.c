/* `trickwood resume` and `trickwood replay` for both games: the file's
 * "game" field says which game it holds, and the command goes on in that
 * game's module. A file that is not a Fox file goes to For Northwood!,
 * whose loader explains what is wrong with it. `resume` without a file
 * takes the autosave written last. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/fox_cli.h"
#include "cli/nw_cli.h"
#include "trickwood/paths.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))

#define PATH_SIZE 1024
#define NW_SAVE_NAME "northwood-save.json"
#define MAX_ARGS 64

/* Which game a file holds, from its "game" field. */
tw_cli_game tw_fox_cli_file_game(const char *path)
{
    json_error_t error;
    json_t *root = json_load_file(path, 0, &error);
    if (!root)
        return TW_CLI_GAME_UNKNOWN;
    const char *game = json_string_value(json_object_get(root, "game"));
    tw_cli_game result = TW_CLI_GAME_UNKNOWN;
    if (game && strcmp(game, "foxduet") == 0)
        result = TW_CLI_GAME_FOXDUET;
    else if (game && strcmp(game, "northwood") == 0)
        result = TW_CLI_GAME_NORTHWOOD;
    json_decref(root);
    return result;
}

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

/* Runs a command with FILE added after its other arguments. */
static int run_with_file(tw_cli *cli, int (*run)(tw_cli *, int, char **), int argc, char **argv, char *file)
{
    char *args[MAX_ARGS + 2];
    int n = 0;
    for (int i = 0; i < argc && n < MAX_ARGS; i++)
        args[n++] = argv[i];
    args[n++] = file;
    args[n] = NULL;
    return run(cli, n, args);
}

/* `trickwood resume [FILE] [OPTIONS]`. */
int tw_cli_game_resume(tw_cli *cli, int argc, char **argv)
{
    static const char *const value_options[] = {"--record", "--events", "--lang", "--seat", "--partner", NULL};
    int at = find_file_arg(argc, argv, value_options);
    if (at >= 0)
        return tw_fox_cli_file_game(argv[at]) == TW_CLI_GAME_FOXDUET ? tw_cli_fox_resume(cli, argc, argv)
                                                                      : tw_cli_resume(cli, argc, argv);
    char nw[PATH_SIZE], fox[PATH_SIZE];
    if (tw_path_save_file(NW_SAVE_NAME, 0, nw, sizeof nw) != 0 ||
        tw_path_save_file(TW_FOX_CLI_SAVE_NAME, 0, fox, sizeof fox) != 0)
        return tw_cli_resume(cli, argc, argv); /* it explains that there is no save folder */
    struct timespec nw_time, fox_time;
    int has_nw = modified_at(nw, &nw_time) == 0;
    int has_fox = modified_at(fox, &fox_time) == 0;
    if (!has_nw && !has_fox) {
        tw_cli_errorf(cli, T(FX_T_NO_SAVE_EITHER), nw, fox);
        return TW_EXIT_FAIL;
    }
    if (has_fox && (!has_nw || later(&fox_time, &nw_time)))
        return run_with_file(cli, tw_cli_fox_resume, argc, argv, fox);
    return run_with_file(cli, tw_cli_resume, argc, argv, nw);
}

/* `trickwood replay FILE [--auto]`. */
int tw_cli_game_replay(tw_cli *cli, int argc, char **argv)
{
    static const char *const value_options[] = {"--lang", NULL};
    int at = find_file_arg(argc, argv, value_options);
    if (at >= 0 && tw_fox_cli_file_game(argv[at]) == TW_CLI_GAME_FOXDUET)
        return tw_cli_fox_replay(cli, argc, argv);
    return tw_cli_replay(cli, argc, argv);
}
