/* The program's entry: language and display options shared by every
 * command, dispatch through the command table, help and version. */
#include "cli/cli.h"

#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const tw_msg tw_cli_help_help = {{"  help | --help                  this page\n",
                                  "  help | --help                  cette page\n"}};
const tw_msg tw_cli_version_help = {{"  --version                      the program version\n",
                                     "  --version                      la version du programme\n"}};

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
    fputs(tw_text(cli->lang, TW_T_SEE_HELP), cli->err);
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

/* Handles --lang, --ascii and --no-color. */
int tw_cli_display_option(tw_cli *cli, int argc, char **argv, int *i)
{
    const char *value = NULL;
    if (strcmp(argv[*i], "--ascii") == 0) {
        cli->ascii = 1;
        return 1;
    }
    if (strcmp(argv[*i], "--no-color") == 0 || strcmp(argv[*i], "--no-colour") == 0) {
        cli->no_color = 1;
        return 1;
    }
    int got = tw_cli_opt_value(argc, argv, i, "--lang", &value);
    if (got < 0) {
        tw_cli_usage_error(cli, NULL, tw_text(cli->lang, TW_T_MISSING_VALUE), "--lang");
        return -1;
    }
    if (got == 0)
        return 0;
    int lang = tw_term_lang_parse(value);
    if (lang < 0) {
        tw_cli_usage_error(cli, NULL, tw_text(cli->lang, TW_T_BAD_LANG), value);
        return -1;
    }
    cli->lang = (tw_lang)lang;
    return 1;
}

/* Sets colours and symbols for the output stream. */
void tw_cli_setup_term(tw_cli *cli)
{
    tw_term_setup(&cli->term, cli->out, cli->ascii, cli->no_color);
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
            fflush(out);
            fflush(err);
            return code;
        }
    return tw_cli_usage_error(&cli, NULL, tw_text(cli.lang, TW_T_UNKNOWN_COMMAND), argv[1]);
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
