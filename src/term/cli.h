/* The context every subcommand runs in (its streams, the player's
 * language, the terminal's style and layout) and small helpers for option
 * parsing and output: reading the display options, printing, wrapping
 * lines at the screen's width, holding output back. The program's table
 * of commands is src/cli/commands.h. */
#ifndef TRICKWOOD_TERM_CLI_H
#define TRICKWOOD_TERM_CLI_H

#include <jansson.h>
#include <stdio.h>

#include "term/term.h"
#include "trickwood/io.h"
#include "term/text.h"
#include "trickwood/core.h"

#define TW_VERSION "0.1.0"

/* Exit codes of the program. */
enum { TW_EXIT_OK = 0, TW_EXIT_FAIL = 1, TW_EXIT_USAGE = 2 };

typedef struct tw_cli tw_cli;

/* A subcommand: its name, its entry and its help text (synopsis and
 * options, by language) for the help page. argv[0] is the subcommand name. */
typedef struct {
    const char *name;
    int (*run)(tw_cli *cli, int argc, char **argv);
    const tw_msg *help;
} tw_cli_command;

/* What a subcommand runs with: its streams, the player's language and the
 * terminal style (colours, symbols). */
struct tw_cli {
    FILE *in;
    FILE *out;
    FILE *err;
    tw_lang lang;
    tw_term term;
    int ascii;    /* --ascii given */
    int no_color; /* --no-color given */
    /* The screen's layout: width > 0 wraps every line of a game at that
     * many columns, at word boundaries (--width N, or the terminal's
     * width); compact draws the short screen of small terminals
     * (--compact, or a terminal under 100x40). */
    int width;
    int compact;
    int width_given;   /* --width or --compact given */
    char prog[512];    /* how to run this program again ("trickwood" when installed) */
    FILE *screen;      /* the real output while out collects lines to wrap (NULL: none) */
    char *held;        /* what out collected (tw_cli_flush writes it) */
    size_t held_len;
    /* The program's commands (the table tw_cli_main runs them from), for
     * a command that runs another: `history --again N` starts the game's
     * own command. */
    const tw_cli_command *commands;
    int command_count;
};

/* Matches option `name` at argv[*i], as "--name VALUE" or "--name=VALUE".
 * Returns 1 and sets *value (advancing *i past a separate value), 0 when
 * argv[*i] is another option, -1 when the value is missing. */
int tw_cli_opt_value(int argc, char **argv, int *i, const char *name, const char **value);

/* A game seed from the clock, within the range records keep exactly
 * (0 to TW_MAX_SEED). */
uint64_t tw_cli_clock_seed(void);
/* Parses a --seed value: digits only, at most TW_MAX_SEED. Returns 0, or
 * -1 when the text is not such a number. */
int tw_cli_parse_seed(const char *text, uint64_t *out);

/* Handles the display options every game command takes (--lang, --ascii,
 * --no-color). Returns 1 when argv[*i] was one of them, 0 when not, -1 on a
 * bad value (the message is already printed). */
int tw_cli_display_option(tw_cli *cli, int argc, char **argv, int *i);

/* Sets up the terminal style from the output stream and the options. */
void tw_cli_setup_term(tw_cli *cli);

/* Whether the player's output is a terminal (the real one when lines are
 * being collected for wrapping). */
int tw_cli_out_is_tty(const tw_cli *cli);
/* Starts collecting the output of a game so that its lines are wrapped at
 * cli->width (nothing when the width is 0): called once the display
 * options are read. */
void tw_cli_wrap_begin(tw_cli *cli);
/* Writes what was collected, each line wrapped at cli->width; called
 * before every read of an answer and at the end. */
void tw_cli_flush(tw_cli *cli);
/* Stops collecting (after a last flush). */
void tw_cli_wrap_end(tw_cli *cli);

/* What is printed between tw_cli_capture_begin and tw_cli_capture_end is
 * held in memory instead of going out, for the caller to lay out. */
typedef struct {
    FILE *real; /* the output to restore; NULL: nothing is being held */
    FILE *held; /* collects the text */
    char *text; /* the text held (after tw_cli_capture_end; free it) */
    size_t len;
} tw_cli_capture;
/* Starts holding what is printed; 0, or -1 when memory ran out (the text
 * then goes out as it comes, and tw_cli_capture_end returns NULL). */
int tw_cli_capture_begin(tw_cli *cli, tw_cli_capture *c);
/* Stops holding and gives the output back; returns the text held (free
 * it with free), or NULL when nothing was held. */
char *tw_cli_capture_end(tw_cli *cli, tw_cli_capture *c);

/* Lines printed between tw_cli_join_begin and tw_cli_join_end come out as
 * one line (each line's leading spaces dropped, a separator between
 * them), which the screen then wraps at its width: the compact layout
 * runs short lines together this way. */
typedef struct {
    const char *separator;
    tw_cli_capture lines; /* the lines collected */
} tw_cli_joined;
/* Starts joining lines (when memory runs out, lines go out as they are). */
void tw_cli_join_begin(tw_cli *cli, tw_cli_joined *j, const char *separator);
/* Writes the lines collected since tw_cli_join_begin as one line. */
void tw_cli_join_end(tw_cli *cli, tw_cli_joined *j);

/* How to run this program again, for messages such as "Continue it with:
 * trickwood resume": "trickwood" when argv0 has no slash (found on the
 * PATH) or is the program a PATH folder holds, else argv0 as typed (a
 * checkout's ./build/release/trickwood). path is the PATH to search. */
void tw_cli_program_name(const char *argv0, const char *path, char *out, size_t size);
/* cli->prog, or "trickwood" when it is empty. */
const char *tw_cli_prog(const tw_cli *cli);

/* Prints to the player (cli->out); fmt comes from a message table. */
void tw_cli_printf(tw_cli *cli, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints an error line to cli->err. */
void tw_cli_errorf(tw_cli *cli, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints a JSON document (indented, then a newline) and frees it; the
 * exit code (TW_EXIT_FAIL when root is NULL or cannot be written). */
int tw_cli_print_json(tw_cli *cli, json_t *root);

/* An option that takes a text value, and where the value goes. */
typedef struct {
    const char *name; /* "--save"; NULL ends a list */
    const char **value;
} tw_cli_text_opt;
/* If argv[*i] is one of the options (a list ended by a NULL name), stores
 * its value and returns 1; returns 0 when none matched, or a negated exit
 * code after printing the usage error when the value is missing. */
int tw_cli_text_option(tw_cli *cli, int argc, char **argv, int *i, const char *usage, const tw_cli_text_opt *opts);
/* Reads `--seed N` at argv[*i] into *seed and sets *given: the same
 * returns as tw_cli_text_option; bad_seed is the game's message for a bad
 * number (printf arguments: the largest seed, the text). */
int tw_cli_seed_option(tw_cli *cli, int argc, char **argv, int *i, const char *usage, const char *bad_seed,
                       uint64_t *seed, int *given);

/* Reports a failed write of a game file once (until a write of it works
 * again): *warned remembers that it was said. */
void tw_cli_note_write(tw_cli *cli, int *warned, const char *path, tw_error err);

/* The arguments of a game command: the display options (--lang, --ascii,
 * --no-color), --seed when seed is set, the text-valued options of files,
 * the game's own options (option, with ctx; the returns of
 * tw_cli_text_option; NULL: none) and one FILE when file is set (else no
 * argument). */
typedef struct {
    const char *usage;
    const char *bad_seed; /* the game's message for a bad --seed */
    uint64_t *seed;
    int *seed_given;
    const tw_cli_text_opt *files;
    int (*option)(tw_cli *cli, void *ctx, const char *usage, int argc, char **argv, int *i);
    void *ctx;
    const char **file;
} tw_cli_args;
/* Reads a game command's arguments. Returns 0, or an exit code after
 * printing the usage error. */
int tw_cli_read_args(tw_cli *cli, const tw_cli_args *a, int argc, char **argv);

/* Prints a diagnostic about a bad file (file:line: field 'x': message). */
void tw_cli_report_diag(tw_cli *cli, const tw_diag *diag);

/* Reports a bad command line: the message, then a hint to see the usage.
 * Returns TW_EXIT_USAGE. */
int tw_cli_usage_error(tw_cli *cli, const char *usage, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
