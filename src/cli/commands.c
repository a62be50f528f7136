/* The program's commands: the table of subcommands (adding a command is
 * one line here, and its module in its room: src/play/, src/sim/...),
 * whose order is the order of the help page, and tw_cli_main, which
 * dispatches argv[1] through it; help and version. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "cli/commands.h"
#include "play/fox/fox_cli.h"
#include "play/history_cli.h"
#include "play/northwood/nw_cli.h"
#include "play/play.h"
#include "play/rules.h"
#include "play/saves.h"
#include "play/tutorial.h"
#include "sim/sim.h"
#include "term/cli.h"

const tw_msg tw_cli_help_help = {{"  help | --help                  this page\n",
                                  "  help | --help                  cette page\n"}};
const tw_msg tw_cli_version_help = {{"  --version                      the program version\n",
                                     "  --version                      la version du programme\n"}};

const tw_cli_command tw_cli_commands[] = {
    {"northwood", tw_cli_northwood, &tw_nw_cli_northwood_help},
    {"challenges", tw_cli_challenges, &tw_nw_cli_challenges_help},
    {"fox", tw_cli_fox, &tw_fox_cli_fox_help},
    {"tutorial", tw_cli_tutorial, &tw_cli_tutorial_help},
    {"rules", tw_cli_rules, &tw_cli_rules_help},
    {"resume", tw_cli_game_resume, &tw_cli_resume_help},
    {"replay", tw_cli_game_replay, &tw_cli_replay_help},
    {"saves", tw_cli_saves, &tw_cli_saves_help},
    {"history", tw_cli_history, &tw_cli_history_help},
    {"analyse", tw_cli_analyse, &tw_cli_analyse_help},
    {"sim", tw_cli_sim, &tw_cli_sim_help},
    {"sim-merge", tw_cli_sim_merge, &tw_cli_sim_merge_help},
    {"bench", tw_cli_bench, &tw_cli_bench_help},
    {"serve", tw_cli_serve, &tw_srv_serve_help},
    {"help", tw_cli_help, &tw_cli_help_help},
    {"version", tw_cli_version, &tw_cli_version_help},
};

const int tw_cli_command_count = (int)(sizeof tw_cli_commands / sizeof tw_cli_commands[0]);

/* Prints the usage of every command to a stream. */
void tw_cli_print_usage(tw_cli *cli, FILE *to)
{
    fputs(tw_text(cli->lang, TW_T_USAGE_HEAD), to);
    fputc('\n', to);
    fputs(tw_text(cli->lang, TW_T_COMMANDS), to);
    for (int i = 0; i < tw_cli_command_count; i++)
        if (tw_cli_commands[i].help)
            fputs(tw_msg_get(tw_cli_commands[i].help, cli->lang), to);
    fputc('\n', to);
    fputs(tw_text(cli->lang, TW_T_DISPLAY_OPTIONS), to);
}

/* `trickwood help`. */
int tw_cli_help(tw_cli *cli, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    tw_cli_print_usage(cli, cli->out);
    return TW_EXIT_OK;
}

/* `trickwood --version`. */
int tw_cli_version(tw_cli *cli, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(cli->out, "trickwood %s\n", TW_VERSION);
    return TW_EXIT_OK;
}

/* Finds the language early so that even errors about the command line
 * come in the player's language: the last valid --lang wins. */
static tw_lang early_lang(int argc, char **argv)
{
    tw_lang lang = tw_term_env_lang();
    for (int i = 1; i < argc; i++) {
        const char *value = NULL;
        if (strncmp(argv[i], "--lang=", 7) == 0)
            value = argv[i] + 7;
        else if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            value = argv[i + 1];
        int parsed = tw_term_lang_parse(value);
        if (parsed >= 0)
            lang = (tw_lang)parsed;
    }
    return lang;
}

/* Dispatches to the subcommand named by argv[1]. */
int tw_cli_main(int argc, char **argv, FILE *in, FILE *out, FILE *err)
{
    tw_cli cli;
    memset(&cli, 0, sizeof cli);
    cli.in = in;
    cli.out = out;
    cli.err = err;
    cli.commands = tw_cli_commands;
    cli.command_count = tw_cli_command_count;
    tw_cli_program_name(argc > 0 ? argv[0] : NULL, getenv("PATH"), cli.prog, sizeof cli.prog);
    cli.lang = early_lang(argc, argv);
    tw_cli_setup_term(&cli);
    if (argc < 2) {
        tw_cli_print_usage(&cli, err);
        return TW_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)
        name = "help";
    else if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0)
        name = "version";
    for (int i = 0; i < tw_cli_command_count; i++)
        if (strcmp(tw_cli_commands[i].name, name) == 0) {
            int code = tw_cli_commands[i].run(&cli, argc - 1, argv + 1);
            tw_cli_wrap_end(&cli);
            fflush(out);
            fflush(err);
            return code;
        }
    return tw_cli_usage_error(&cli, NULL, tw_text(cli.lang, TW_T_UNKNOWN_COMMAND), argv[1]);
}
