/* `trickwood replay FILE`, written once for every game over the game
 * interface and the game's terminal table (play.h): steps through a game
 * record, showing the screen before each action (every hand: a replay is
 * watched after the game), the action in words and in record notation,
 * and what it did; it ends with the result. Enter (or any line of piped
 * input) moves one step; --auto, "a" or the end of input runs to the end
 * without waiting; "q" stops. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/play.h"
#include "cli/prompt.h"

#define G(id) tw_text(cli->lang, (id))

static const char *const WORDS_AUTO[] = {"a", "auto", NULL};
static const char *const WORDS_STOP[] = {"q", "quit", "quitter", "stop", NULL};

/* The --auto option of `replay`. */
static int auto_option(tw_cli *cli, void *automatic, const char *usage, int argc, char **argv, int *i)
{
    (void)cli, (void)usage, (void)argc;
    if (strcmp(argv[*i], "--auto") != 0)
        return 0;
    *(int *)automatic = 1;
    return 1;
}

/* Reads `replay FILE [--auto]`. */
int tw_cli_replay_args(tw_cli *cli, int argc, char **argv, const char *usage, const char **file, int *automatic)
{
    *file = NULL;
    *automatic = 0;
    const tw_cli_args args = {.usage = usage, .option = auto_option, .ctx = automatic, .file = file};
    int bad = tw_cli_read_args(cli, &args, argc, argv);
    if (bad)
        return bad;
    if (!*file)
        return tw_cli_usage_error(cli, usage, G(TW_T_MISSING_ARGUMENT), "FILE");
    tw_cli_setup_term(cli);
    tw_cli_wrap_begin(cli);
    return 0;
}

/* Waits between steps. */
int tw_cli_replay_wait(tw_cli *cli, const char *prompt, int *automatic)
{
    char line[TW_PROMPT_LINE];
    tw_prompt_ask(cli->out, &cli->term, prompt);
    tw_cli_flush(cli);
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

#define M(id) tw_cli_msg_text(ss, (id))

/* Shows one step: the screen, the action, what it did. Returns 0, or -1
 * when the action does not apply (the loader replayed it already). */
static int replay_one(tw_cli_session *ss, int step, int steps, tw_game_action action)
{
    tw_cli *cli = ss->cli;
    const tw_game *game = ss->ui->game;
    ss->ui->draw(ss, -1, 1);
    char label[512], notation[48];
    ss->ui->label(ss, -1, action, label, sizeof label);
    game->format(ss->match, action, notation, (int)sizeof notation);
    fputc('\n', cli->out);
    fputs(tw_term_style(&cli->term, TW_STYLE_BOLD), cli->out);
    ss->ui->replay_step(ss, step, steps, label, notation);
    fputs(tw_term_style(&cli->term, TW_STYLE_RESET), cli->out);
    tw_match *before = game->clone(ss->match);
    int ok = before && game->apply(ss->match, action, NULL) == TW_OK;
    if (ok)
        ss->ui->narrate(ss, -1, before, action);
    game->free(before);
    return ok ? 0 : -1;
}

/* Replays the actions one at a time from the start (ss->match). */
static int replay_steps(tw_cli_session *ss, const tw_game_action *actions, int count, int automatic)
{
    tw_cli *cli = ss->cli;
    if (ss->ui->replay_intro)
        ss->ui->replay_intro(ss);
    for (int i = 0; i < count; i++) {
        if (replay_one(ss, i + 1, count, actions[i]) != 0)
            return TW_EXIT_FAIL;
        if (!automatic && i + 1 < count && !tw_cli_replay_wait(cli, M(TW_CLI_M_REPLAY_WAIT), &automatic)) {
            tw_cli_printf(cli, M(TW_CLI_M_REPLAY_STOPPED), i + 1, count);
            return TW_EXIT_OK;
        }
    }
    ss->ui->draw(ss, -1, 1);
    if (tw_match_is_over(ss->match))
        ss->ui->result(ss);
    tw_cli_printf(cli, "%s", G(TW_T_REPLAY_END));
    return TW_EXIT_OK;
}

/* The match at the start of a record: the record of full without its
 * actions (and so without its result). NULL, diag set, when it fails. */
static tw_match *match_at_start(tw_cli_session *ss, const tw_match *full, tw_diag *diag)
{
    const tw_game *game = ss->ui->game;
    tw_buf buf = {0};
    json_t *root = game->record_json(full, &buf) == TW_OK ? json_loads(buf.data, 0, NULL) : NULL;
    char *text = NULL;
    if (root) {
        json_object_del(root, "result");
        json_object_set_new(root, "actions", json_array());
        text = json_dumps(root, 0);
    }
    tw_diag_init(diag, ss->save_path);
    tw_match *m = text ? game->from_record(text, ss->save_path, diag) : NULL;
    free(text);
    json_decref(root);
    tw_buf_free(&buf);
    return m;
}

/* `trickwood replay FILE [--auto]` for one game. */
int tw_cli_play_replay(tw_cli *cli, const tw_cli_ui *ui, int argc, char **argv)
{
    const char *file;
    int automatic;
    int bad = tw_cli_replay_args(cli, argc, argv, tw_msg_get(&tw_cli_replay_help, cli->lang), &file, &automatic);
    if (bad)
        return bad;
    tw_cli_session *ss = tw_cli_session_new(cli, ui);
    if (!ss)
        return TW_EXIT_FAIL;
    snprintf(ss->save_path, sizeof ss->save_path, "%s", file);
    int code = tw_cli_session_load(ss, 0);
    tw_match *full = ss->match;
    if (!code) {
        tw_diag diag;
        tw_cli_printf(cli, M(TW_CLI_M_REPLAY_TITLE), file, full->count);
        ss->match = match_at_start(ss, full, &diag);
        code = ss->match ? replay_steps(ss, full->actions, full->count, automatic) : TW_EXIT_FAIL;
    }
    if (full && full != ss->match)
        ui->game->free(full);
    tw_cli_session_free(ss);
    return code;
}
