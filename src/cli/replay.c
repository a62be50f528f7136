/* What `trickwood replay FILE` does the same way for every game: reading
 * its arguments and waiting between steps. Enter (or any line of piped
 * input) moves one step; --auto, "a" or the end of input runs to the end
 * without waiting; "q" stops. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/prompt.h"

#define G(id) tw_text(cli->lang, (id))

static const char *const WORDS_AUTO[] = {"a", "auto", NULL};
static const char *const WORDS_STOP[] = {"q", "quit", "quitter", "stop", NULL};

/* Reads `replay FILE [--auto]`. */
int tw_cli_replay_args(tw_cli *cli, int argc, char **argv, const char *usage, const char **file, int *automatic)
{
    *file = NULL;
    *automatic = 0;
    for (int i = 1; i < argc; i++) {
        int got = tw_cli_display_option(cli, argc, argv, &i);
        if (got < 0)
            return TW_EXIT_USAGE;
        if (got > 0)
            continue;
        if (strcmp(argv[i], "--auto") == 0)
            *automatic = 1;
        else if (argv[i][0] == '-' && argv[i][1])
            return tw_cli_usage_error(cli, usage, G(TW_T_UNKNOWN_OPTION), argv[i]);
        else if (!*file)
            *file = argv[i];
        else
            return tw_cli_usage_error(cli, usage, G(TW_T_EXTRA_ARGUMENT), argv[i]);
    }
    if (!*file)
        return tw_cli_usage_error(cli, usage, G(TW_T_MISSING_ARGUMENT), "FILE");
    tw_cli_setup_term(cli);
    return 0;
}

/* Waits between steps. */
int tw_cli_replay_wait(tw_cli *cli, const char *prompt, int *automatic)
{
    char line[TW_PROMPT_LINE];
    tw_prompt_ask(cli->out, &cli->term, prompt);
    int got = tw_prompt_read(cli->in, line, sizeof line);
    if (!got || !isatty(fileno(cli->in)))
        fputc('\n', cli->out); /* piped input is not echoed by a terminal */
    if (!got) {
        *automatic = 1;
        return 1;
    }
    if (tw_prompt_word(line, WORDS_STOP))
        return 0;
    if (tw_prompt_word(line, WORDS_AUTO))
        *automatic = 1;
    return 1;
}
