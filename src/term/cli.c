/* What every command runs with: the display options (language, symbols,
 * colours, width, layout), printing to the player and errors, wrapping a
 * game's lines at the screen's width, and the reading of a command's
 * options. */
#define _DEFAULT_SOURCE /* realpath */
#include "term/cli.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define COMPACT_WIDTH 80  /* the compact layout's width when the terminal's is unknown */
#define ROOMY_COLS 100    /* a terminal smaller than this ... */
#define ROOMY_ROWS 40     /* ... or this gets the compact layout */
#define MIN_WIDTH 40
#define MAX_WIDTH 1000

/* Prints a message to the player. */
void tw_cli_printf(tw_cli *cli, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(cli->out, fmt, ap);
    va_end(ap);
}

/* Prints an error line. */
void tw_cli_errorf(tw_cli *cli, const char *fmt, ...)
{
    fputs(tw_text(cli->lang, TW_T_ERROR_PREFIX), cli->err);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(cli->err, fmt, ap);
    va_end(ap);
    fputc('\n', cli->err);
}

/* Prints a JSON document and frees it. */
int tw_cli_print_json(tw_cli *cli, json_t *root)
{
    int bad = !root || json_dumpf(root, cli->out, JSON_INDENT(2)) != 0;
    fputc('\n', cli->out);
    json_decref(root);
    return bad ? TW_EXIT_FAIL : TW_EXIT_OK;
}

/* Reports a command-line error and the usage hint. */
int tw_cli_usage_error(tw_cli *cli, const char *usage, const char *fmt, ...)
{
    fputs(tw_text(cli->lang, TW_T_ERROR_PREFIX), cli->err);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(cli->err, fmt, ap);
    va_end(ap);
    fputc('\n', cli->err);
    if (usage) {
        fputs(tw_text(cli->lang, TW_T_USAGE_HEAD), cli->err);
        fputs(usage, cli->err);
    }
    fprintf(cli->err, tw_text(cli->lang, TW_T_SEE_HELP), tw_cli_prog(cli));
    return TW_EXIT_USAGE;
}

/* Matches "--name VALUE" or "--name=VALUE". */
int tw_cli_opt_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return 1;
    }
    if (arg[n] != '\0')
        return 0;
    if (*i + 1 >= argc)
        return -1;
    *value = argv[++*i];
    return 1;
}

/* Matches a display option with a value: 1 with *value set, 0 when
 * argv[*i] is another option, -1 after reporting a missing value. */
static int display_value(tw_cli *cli, int argc, char **argv, int *i, const char *name, const char **value)
{
    int got = tw_cli_opt_value(argc, argv, i, name, value);
    if (got < 0)
        tw_cli_usage_error(cli, NULL, tw_text(cli->lang, TW_T_MISSING_VALUE), name);
    return got;
}

/* Reads --width N: a whole number of columns from MIN_WIDTH to
 * MAX_WIDTH. Returns 1, 0 when argv[*i] is another option, -1 after
 * reporting a bad value. */
static int width_option(tw_cli *cli, int argc, char **argv, int *i)
{
    const char *value = NULL;
    int got = display_value(cli, argc, argv, i, "--width", &value);
    if (got <= 0)
        return got;
    char *end = NULL;
    long width = strtol(value, &end, 10);
    if (!value[0] || *end || width < MIN_WIDTH || width > MAX_WIDTH) {
        tw_cli_usage_error(cli, NULL, tw_text(cli->lang, TW_T_BAD_WIDTH), MIN_WIDTH, MAX_WIDTH, value);
        return -1;
    }
    cli->width = (int)width;
    cli->width_given = 1;
    return 1;
}

/* Handles --lang, --ascii, --no-color, --width and --compact. */
int tw_cli_display_option(tw_cli *cli, int argc, char **argv, int *i)
{
    const char *value = NULL;
    if (strcmp(argv[*i], "--compact") == 0) {
        cli->compact = 1;
        cli->width_given = 1;
        return 1;
    }
    int width = width_option(cli, argc, argv, i);
    if (width)
        return width;
    if (strcmp(argv[*i], "--ascii") == 0) {
        cli->ascii = 1;
        return 1;
    }
    if (strcmp(argv[*i], "--no-color") == 0 || strcmp(argv[*i], "--no-colour") == 0) {
        cli->no_color = 1;
        return 1;
    }
    int got = display_value(cli, argc, argv, i, "--lang", &value);
    if (got <= 0)
        return got;
    int lang = tw_term_lang_parse(value);
    if (lang < 0) {
        tw_cli_usage_error(cli, NULL, tw_text(cli->lang, TW_T_BAD_LANG), value);
        return -1;
    }
    cli->lang = (tw_lang)lang;
    return 1;
}

/* Sets colours and symbols for the output stream, and the layout: the
 * options given, else the terminal's size (compact under ROOMY_COLS x
 * ROOMY_ROWS, lines wrapped at its width). */
void tw_cli_setup_term(tw_cli *cli)
{
    FILE *real = cli->screen ? cli->screen : cli->out;
    tw_term_setup(&cli->term, real, cli->ascii, cli->no_color);
    int cols = 0, rows = 0;
    if (!cli->width_given && tw_term_size(real, &cols, &rows)) {
        cli->width = cols;
        cli->compact = cols < ROOMY_COLS || rows < ROOMY_ROWS;
    }
    if (cli->compact && !cli->width)
        cli->width = COMPACT_WIDTH;
}

/* Whether the real output is a terminal. */
int tw_cli_out_is_tty(const tw_cli *cli)
{
    FILE *real = cli->screen ? cli->screen : cli->out;
    int fd = real ? fileno(real) : -1;
    return fd >= 0 && isatty(fd);
}

/* Collects the output in memory until the next flush. */
void tw_cli_wrap_begin(tw_cli *cli)
{
    if (cli->width <= 0 || cli->screen)
        return;
    FILE *held = open_memstream(&cli->held, &cli->held_len);
    if (!held)
        return; /* lines then go out unwrapped */
    cli->screen = cli->out;
    cli->out = held;
}

/* Writes what was collected, wrapped, and collects again. */
void tw_cli_flush(tw_cli *cli)
{
    if (!cli->screen) {
        fflush(cli->out);
        return;
    }
    fclose(cli->out);
    tw_term_wrap_block(cli->screen, cli->held ? cli->held : "", cli->held_len, cli->width);
    fflush(cli->screen);
    free(cli->held);
    cli->held = NULL;
    cli->held_len = 0;
    cli->out = open_memstream(&cli->held, &cli->held_len);
    if (!cli->out) { /* out of memory: go on unwrapped */
        cli->out = cli->screen;
        cli->screen = NULL;
    }
}

/* Stops collecting. */
void tw_cli_wrap_end(tw_cli *cli)
{
    if (!cli->screen)
        return;
    tw_cli_flush(cli);
    if (!cli->screen)
        return;
    fclose(cli->out);
    free(cli->held);
    cli->held = NULL;
    cli->held_len = 0;
    cli->out = cli->screen;
    cli->screen = NULL;
}

/* Starts holding what is printed; see cli.h. */
int tw_cli_capture_begin(tw_cli *cli, tw_cli_capture *c)
{
    c->text = NULL;
    c->len = 0;
    c->held = open_memstream(&c->text, &c->len);
    c->real = c->held ? cli->out : NULL;
    if (!c->held)
        return -1;
    cli->out = c->held;
    return 0;
}

/* Stops holding and returns the text; see cli.h. */
char *tw_cli_capture_end(tw_cli *cli, tw_cli_capture *c)
{
    if (!c->real)
        return NULL;
    fclose(c->held);
    cli->out = c->real;
    c->real = NULL;
    return c->text;
}

/* Starts joining lines; see cli.h. */
void tw_cli_join_begin(tw_cli *cli, tw_cli_joined *j, const char *separator)
{
    j->separator = separator;
    tw_cli_capture_begin(cli, &j->lines);
}

/* Writes the joined lines; see cli.h. */
void tw_cli_join_end(tw_cli *cli, tw_cli_joined *j)
{
    char *text = tw_cli_capture_end(cli, &j->lines);
    if (!text)
        return;
    size_t len = j->lines.len;
    int started = 0;
    for (size_t at = 0; at < len;) {
        size_t end = at;
        while (end < len && text[end] != '\n')
            end++;
        size_t from = at;
        while (from < end && text[from] == ' ')
            from++;
        if (from < end) {
            if (started)
                fputs(j->separator, cli->out);
            fwrite(text + from, 1, end - from, cli->out);
            started = 1;
        }
        at = end + 1;
    }
    if (started)
        fputc('\n', cli->out);
    free(text);
}

/* Whether path names the same file as the one at real_self. */
static int same_file(const char *path, const char *real_self)
{
    char real[PATH_MAX];
    return realpath(path, real) && strcmp(real, real_self) == 0;
}

/* The program's name for messages. */
const char *tw_cli_prog(const tw_cli *cli)
{
    return cli->prog[0] ? cli->prog : "trickwood";
}

/* How to run this program again. */
void tw_cli_program_name(const char *argv0, const char *path, char *out, size_t size)
{
    snprintf(out, size, "trickwood");
    if (!argv0 || !strchr(argv0, '/'))
        return;
    char self[PATH_MAX];
    if (!realpath(argv0, self)) {
        snprintf(out, size, "%s", argv0);
        return;
    }
    const char *base = strrchr(argv0, '/') + 1;
    const char *dir = path ? path : "";
    while (*dir) {
        size_t n = strcspn(dir, ":");
        char candidate[PATH_MAX];
        if (n > 0 && n + strlen(base) + 2 < sizeof candidate) {
            snprintf(candidate, sizeof candidate, "%.*s/%s", (int)n, dir, base);
            if (same_file(candidate, self)) {
                snprintf(out, size, "%s", base);
                return;
            }
        }
        dir += n + (dir[n] == ':');
    }
    snprintf(out, size, "%s", argv0);
}

/* A seed from the clock, within the range records keep exactly. */
uint64_t tw_cli_clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t mixed = tw_mix64((uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32));
    return mixed & TW_MAX_SEED;
}

/* Parses a seed: digits only, at most TW_MAX_SEED. */
int tw_cli_parse_seed(const char *text, uint64_t *out)
{
    if (!text[0] || strlen(text) > 16)
        return -1;
    uint64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (v > TW_MAX_SEED)
        return -1;
    *out = v;
    return 0;
}

/* Prints a diagnostic about a bad file. */
void tw_cli_report_diag(tw_cli *cli, const tw_diag *diag)
{
    char text[800];
    tw_diag_format(diag, text, sizeof text);
    tw_cli_errorf(cli, "%s", text);
}

/* Reads one of a list of text-valued options. */
int tw_cli_text_option(tw_cli *cli, int argc, char **argv, int *i, const char *usage, const tw_cli_text_opt *opts)
{
    for (; opts->name; opts++) {
        const char *v = NULL;
        int got = tw_cli_opt_value(argc, argv, i, opts->name, &v);
        if (got < 0)
            return -tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), opts->name);
        if (got > 0) {
            *opts->value = v;
            return 1;
        }
    }
    return 0;
}

/* Reads --seed N. */
int tw_cli_seed_option(tw_cli *cli, int argc, char **argv, int *i, const char *usage, const char *bad_seed,
                       uint64_t *seed, int *given)
{
    const char *v = NULL;
    int got = tw_cli_opt_value(argc, argv, i, "--seed", &v);
    if (got < 0)
        return -tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), "--seed");
    if (got == 0)
        return 0;
    if (tw_cli_parse_seed(v, seed) != 0)
        return -tw_cli_usage_error(cli, usage, bad_seed, (unsigned long long)TW_MAX_SEED, v);
    *given = 1;
    return 1;
}

/* Reports the first failure of writes to one file. */
void tw_cli_note_write(tw_cli *cli, int *warned, const char *path, tw_error err)
{
    if (err != TW_OK && !*warned)
        tw_cli_errorf(cli, tw_text(cli->lang, TW_T_SAVE_FAILED), path);
    *warned = err != TW_OK;
}

/* Reads a game command's arguments. */
int tw_cli_read_args(tw_cli *cli, const tw_cli_args *a, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        int got = tw_cli_display_option(cli, argc, argv, &i);
        if (got < 0)
            return TW_EXIT_USAGE;
        if (!got && a->seed)
            got = tw_cli_seed_option(cli, argc, argv, &i, a->usage, a->bad_seed, a->seed, a->seed_given);
        if (!got && a->option)
            got = a->option(cli, a->ctx, a->usage, argc, argv, &i);
        if (!got && a->files)
            got = tw_cli_text_option(cli, argc, argv, &i, a->usage, a->files);
        if (got < 0)
            return -got;
        if (got)
            continue;
        if (argv[i][0] == '-' && (argv[i][1] || !a->file))
            return tw_cli_usage_error(cli, a->usage, tw_text(cli->lang, TW_T_UNKNOWN_OPTION), argv[i]);
        if (!a->file || *a->file)
            return tw_cli_usage_error(cli, a->usage, tw_text(cli->lang, TW_T_EXTRA_ARGUMENT), argv[i]);
        *a->file = argv[i];
    }
    return 0;
}
