/* The trickwood program: its table of subcommands and its entry. The real
 * entry point is tw_cli_main() so that tests can drive the program with
 * in-memory streams; main.c only calls it. */
#ifndef TRICKWOOD_CLI_COMMANDS_H
#define TRICKWOOD_CLI_COMMANDS_H

#include <stdio.h>

#include "term/cli.h"

/* The subcommand table (commands.c) and its length (tw_cli_command is
 * term/cli.h's: tw_cli_main hands the table to every command it runs). */
extern const tw_cli_command tw_cli_commands[];
extern const int tw_cli_command_count;

/* The program: dispatches argv[1] to a subcommand. Returns the exit code. */
int tw_cli_main(int argc, char **argv, FILE *in, FILE *out, FILE *err);

/* Subcommands of the program itself, with their help texts. */
int tw_cli_help(tw_cli *cli, int argc, char **argv);
int tw_cli_version(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_help_help;
extern const tw_msg tw_cli_version_help;

/* Prints the help page: usage, every command with its options, the
 * display options. */
void tw_cli_print_usage(tw_cli *cli, FILE *to);

/* `trickwood serve` (serve.c): the command, its help text and the server's
 * messages (English and French). */
int tw_cli_serve(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_srv_serve_help;
extern const tw_msg tw_srv_texts[];
extern const int tw_srv_text_count;

#endif
