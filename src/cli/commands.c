/* The table of subcommands: adding a command is one line here (and its
 * module under src/cli/). Order is the order of the help page. */
#include "cli/cli.h"
#include "cli/fox_cli.h"
#include "cli/nw_cli.h"
#include "cli/play.h"
#include "server/server.h"
#include "cli/sim.h"

const tw_cli_command tw_cli_commands[] = {
    {"northwood", tw_cli_northwood, &tw_nw_cli_northwood_help},
    {"fox", tw_cli_fox, &tw_fox_cli_fox_help},
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
