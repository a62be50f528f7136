/* `trickwood replay FILE`, written once for every game over the game
 * interface and the game's terminal table (play.h): steps through a game
 * record, showing the screen before each action (every hand: a replay is
 * watched after the game), the action in words and in record notation,
 * and what it did; it ends with the result. Enter (or an empty line of
 * piped input) moves one step on, "b" one step back, "step N" to any
 * step, and the game's own words to where a part of the game begins
 * ("visit 3"; "round 2", "trick 5"); --auto, "a" or the end of input
 * runs to the end without waiting; "q" stops. "note TEXT" keeps a note
 * on the step shown in the record file (trickwood/notes.h), shown under
 * that step from then on. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "trickwood/notes.h"
#include "term/cli.h"
#include "play/play.h"
#include "term/prompt.h"

#define G(id) tw_text(cli->lang, (id))

/* The help of `replay`, for every game. */
const tw_msg tw_cli_replay_help = {{
    "  replay FILE [--auto]           step through a game record of either game: Enter for each step,\n"
    "                                 --auto to run to the end without waiting\n",
    "  replay FICHIER [--auto]        revoir un enregistrement de l'un ou l'autre jeu pas à pas : Entrée\n"
    "                                 à chaque étape, --auto pour aller jusqu'au bout sans attendre\n",
}};

static const char *const WORDS_AUTO[] = {"a", "auto", NULL};
static const char *const WORDS_STOP[] = {"q", "quit", "quitter", "stop", NULL};
static const char *const WORDS_BACK[] = {"b", "back", "retour", "precedent", "précédent", NULL};
static const char *const WORDS_NEXT[] = {"f", "n", "forward", "next", "avant", "suivant", NULL};
static const char *const WORDS_STEP[] = {"step", "go", "etape", "étape", NULL};
static const char *const WORDS_HELP[] = {"help", "?", "h", "aide", NULL};

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

#define M(id) tw_cli_msg_text(ss, (id))

/* The notes of the record replayed and the file they are kept in. */
typedef struct {
    json_t *list;
    const char *path;
} replay_notes;

/* Prints the note at step, if there is one. */
static void show_note(tw_cli *cli, const replay_notes *notes, int step)
{
    const char *text = tw_notes_at(notes->list, step);
    if (!text)
        return;
    tw_cli_printf(cli, "%s", tw_term_style(&cli->term, TW_STYLE_CYAN));
    tw_cli_printf(cli, G(TW_T_REPLAY_NOTE), text);
    tw_cli_printf(cli, "%s", tw_term_style(&cli->term, TW_STYLE_RESET));
}

/* The text after "note" when line is a note command ("note", then
 * nothing or a space and the note), else NULL. */
static const char *note_command(const char *line)
{
    line += strspn(line, " \t");
    if (strncasecmp(line, "note", 4) != 0 || (line[4] && line[4] != ' ' && line[4] != '\t'))
        return NULL;
    return line + 4 + strspn(line + 4, " \t");
}

/* Sets (or with an empty text removes) the note at step and writes the
 * record file again, atomically, with every other member as it was. */
static void save_note(tw_cli *cli, replay_notes *notes, int step, const char *typed)
{
    char text[TW_NOTE_MAX_CHARS * 4 + 16];
    snprintf(text, sizeof text, "%s", typed);
    size_t n = strlen(text);
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t'))
        text[--n] = '\0';
    tw_note_fault fault = n ? tw_note_check(text) : TW_NOTE_OK;
    if (fault != TW_NOTE_OK) {
        tw_cli_printf(cli, G(fault == TW_NOTE_TOO_LONG ? TW_T_NOTE_TOO_LONG : TW_T_NOTE_ONE_LINE), TW_NOTE_MAX_CHARS);
        return;
    }
    tw_diag diag;
    tw_diag_init(&diag, notes->path);
    char *file = tw_read_file(notes->path, NULL, &diag);
    tw_buf out = {0};
    int ok = file && tw_notes_set(notes->list, step, n ? text : NULL) == 0 &&
             tw_notes_replace(file, notes->list, &out) == TW_OK &&
             tw_write_file_atomic(notes->path, out.data, out.len) == TW_OK;
    free(file);
    tw_buf_free(&out);
    if (!ok)
        tw_cli_printf(cli, G(TW_T_REPLAY_NOTE_FAILED), notes->path);
    else
        tw_cli_printf(cli, G(n ? TW_T_REPLAY_NOTE_SAVED : TW_T_REPLAY_NOTE_REMOVED), step, notes->path);
}

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

/* Splits a replay command into its lowercased word and its number (-1
 * when there is none, or it is not a whole number). */
static void split_command(const char *line, char *word, size_t size, long *number)
{
    char copy[TW_PROMPT_LINE];
    snprintf(copy, sizeof copy, "%s", line);
    tw_prompt_lower(copy);
    char *rest = copy + strcspn(copy, " \t");
    *number = -1;
    if (*rest) {
        *rest++ = '\0';
        char *end;
        long n = strtol(rest, &end, 10);
        if (end != rest && n >= 0 && !*(end + strspn(end, " \t")))
            *number = n;
    }
    snprintf(word, size, "%s", copy);
}

/* Asks where to go after showing step `step` of count: returns the step
 * to show next (count + 1: the end), or 0 to stop. Help and bad answers
 * are answered here. */
static int replay_ask(tw_cli_session *ss, const tw_match *start, const tw_game_action *actions, int count, int step,
                      int *automatic, replay_notes *notes)
{
    tw_cli *cli = ss->cli;
    for (;;) {
        /* room for a note of TW_NOTE_MAX_CHARS characters of up to 4 bytes: a
         * longer line is cut, but still too long to be kept */
        char line[TW_NOTE_MAX_CHARS * 4 + 16], word[64];
        long n;
        tw_prompt_ask(cli->out, &cli->term, M(TW_CLI_M_REPLAY_WAIT));
        tw_cli_flush(cli); /* on a terminal the step and the prompt were held to be wrapped */
        int got = tw_prompt_read(cli->in, line, sizeof line);
        if (!got || !isatty(fileno(cli->in)))
            fputc('\n', cli->out); /* piped input is not echoed by a terminal */
        if (!got || tw_prompt_word(line, WORDS_AUTO)) {
            *automatic = 1;
            return step + 1;
        }
        const char *note = note_command(line);
        if (note) {
            save_note(cli, notes, step, note);
            continue;
        }
        split_command(line, word, sizeof word, &n);
        if (tw_prompt_word(line, WORDS_STOP))
            return 0;
        if (!word[0] || tw_prompt_word(line, WORDS_NEXT))
            return step + 1;
        if (tw_prompt_word(line, WORDS_BACK))
            return step > 1 ? step - 1 : 1;
        if (tw_prompt_word(line, WORDS_HELP)) {
            tw_cli_printf(cli, "%s", G(TW_T_REPLAY_HELP));
            continue;
        }
        int to = -2;
        if (tw_prompt_word(word, WORDS_STEP))
            to = n >= 1 && n <= count ? (int)n : -1;
        else if (ss->ui->replay_jump)
            to = ss->ui->replay_jump(ss, start, actions, count, step, word, n);
        if (to >= 1)
            return to;
        tw_cli_printf(cli, "  %s", tw_term_style(&cli->term, TW_STYLE_YELLOW));
        tw_cli_printf(cli, G(to == -1 ? TW_T_REPLAY_NO_STEP : TW_T_REPLAY_UNKNOWN), line);
        tw_cli_printf(cli, "%s\n", tw_term_style(&cli->term, TW_STYLE_RESET));
    }
}

/* Puts the session's match at the start of step `step`: the first
 * step - 1 actions of full applied. 0, or -1 when out of memory. */
static int replay_seek(tw_cli_session *ss, const tw_match *full, int step)
{
    if (ss->match->count == step - 1)
        return 0;
    tw_match *m = tw_match_undo(full, full->count - (step - 1));
    if (!m)
        return -1;
    ss->ui->game->free(ss->match);
    ss->match = m;
    return 0;
}

/* Shows the actions of full one step at a time from the start (ss->match),
 * moving as the viewer asks. */
static int replay_steps(tw_cli_session *ss, const tw_match *full, int automatic, replay_notes *notes)
{
    tw_cli *cli = ss->cli;
    int count = full->count;
    tw_match *start = ss->ui->game->clone(ss->match);
    if (!start)
        return TW_EXIT_FAIL;
    if (ss->ui->replay_intro)
        ss->ui->replay_intro(ss);
    show_note(cli, notes, 0);
    int step = 1, code = TW_EXIT_OK;
    while (step <= count) {
        if (replay_seek(ss, full, step) != 0 || replay_one(ss, step, count, full->actions[step - 1]) != 0) {
            code = TW_EXIT_FAIL;
            break;
        }
        show_note(cli, notes, step);
        int next = automatic || step == count ? step + 1
                                              : replay_ask(ss, start, full->actions, count, step, &automatic, notes);
        if (!next) {
            tw_cli_printf(cli, M(TW_CLI_M_REPLAY_STOPPED), step, count);
            break;
        }
        step = next;
    }
    if (step > count) {
        ss->ui->draw(ss, -1, 1);
        if (tw_match_is_over(ss->match))
            ss->ui->result(ss);
        tw_cli_printf(cli, "%s", G(TW_T_REPLAY_END));
    }
    ss->ui->game->free(start);
    return code;
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
        tw_diag_init(&diag, file);
        char *text = tw_read_file(file, NULL, &diag);
        replay_notes notes = {text ? tw_notes_of_record(text) : json_array(), file};
        free(text);
        code = ss->match && notes.list ? replay_steps(ss, full, automatic, &notes) : TW_EXIT_FAIL;
        json_decref(notes.list);
    }
    if (full && full != ss->match)
        ui->game->free(full);
    tw_cli_session_free(ss);
    return code;
}
