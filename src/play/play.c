/* The play loop of every game in the terminal (play.h): each decision of a
 * person redraws that person's screen, lists the legal actions as numbered
 * choices and reads one answer per line (a number, the record notation, a
 * game's shorthand, or a command: help, hint, quit and the game's own);
 * the other seats are played by a bot of the game from their own view.
 * After every action the game is saved as a record (and, on request, a
 * record copy and an event log). Two people at one screen hand over
 * between their turns, and each is told only what their seat may see. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/history_cli.h"
#include "play/play.h"
#include "play/rules.h"
#include "play/saves.h"
#include "play/tutorial.h"
#include "term/prompt.h"
#include "trickwood/paths.h"

#define G(id) tw_text(cli->lang, (id))
#define M(id) tw_cli_msg_text(ss, (id))

static const char *const WORDS_HELP[] = {"help", "?", "h", "aide", NULL};
static const char *const WORDS_QUIT[] = {"quit", "q", "exit", "quitter", NULL};
static const char *const WORDS_HINT[] = {"hint", "indice", "conseil", NULL};
static const char *const WORDS_CARDS[] = {"cards", "cartes", "abilities", "capacités", "capacites", NULL};
static const char *const WORDS_UNDO[] = {"undo", "annuler", "defaire", "défaire", NULL};

/* The help of `resume`, for every game. */
const tw_msg tw_cli_resume_help = {{
    "  resume [FILE] [OPTIONS]        continue a saved game of either game\n"
    "                                 (default: the one saved game, or the one you pick)\n"
    "      --record FILE, --events FILE as for northwood and fox\n"
    "      --hotseat, --seat 1|2, --partner NAME  Fox: change who plays (default: as saved)\n"
    "      --strict-look-back         Fox: no looking at earlier tricks (see fox)\n",
    "  resume [FICHIER] [OPTIONS]     reprendre une partie enregistrée de l'un ou l'autre jeu\n"
    "                                 (par défaut : la seule partie enregistrée, ou celle choisie)\n"
    "      --record FICHIER, --events FICHIER comme pour northwood et fox\n"
    "      --hotseat, --seat 1|2, --partner NOM  Renard : changer qui joue (par défaut : comme enregistré)\n"
    "      --strict-look-back         Renard : pas de regard sur les plis passés (voir fox)\n",
}};

/* Outcome of asking for one answer. */
enum { ASK_ACTION, ASK_QUIT, ASK_EOF, ASK_UNDONE };

/* Clears the screen, or prints a separator on a pipe. */
void tw_cli_clear_screen(tw_cli *cli)
{
    if (tw_cli_out_is_tty(cli)) {
        fputs("\033[H\033[2J\033[3J", cli->out);
        return;
    }
    fputc('\n', cli->out);
    for (int i = 0; i < 72; i++)
        fputc('=', cli->out);
    fputs("\n\n", cli->out);
}

/* Copies an optional path into a session field. */
static void set_path(char *field, const char *path)
{
    snprintf(field, TW_CLI_PATH, "%s", path ? path : "");
}

/* Sets the files of a session. */
int tw_cli_session_paths(tw_cli_session *ss, const char *save, const char *record, const char *events)
{
    tw_cli *cli = ss->cli;
    if (save) {
        int code = tw_cli_saves_guard(cli, save);
        if (code)
            return code;
        set_path(ss->save_path, save);
        tw_path_make_parent(ss->save_path); /* a failure shows when saving */
    } else if (tw_cli_saves_prepare(cli, 0) != 0) {
        tw_cli_errorf(cli, "%s", G(TW_T_NO_SAVE_DIR));
        return TW_EXIT_FAIL;
    }
    set_path(ss->record_path, record);
    set_path(ss->events_path, events);
    return 0;
}

/* ---- Files ---------------------------------------------------------------- */

/* Writes one file of the game (the record, or the event log) atomically
 * and reports the first failure for it. */
static tw_error save_one(tw_cli_session *ss, int which, const char *path)
{
    tw_buf buf = {0};
    const tw_game *game = ss->ui->game;
    tw_error err = which == 2           ? tw_cli_undo_event_log(ss, &buf)
                   : ss->ui->record_text ? ss->ui->record_text(ss, &buf)
                                         : game->record_json(ss->match, &buf);
    if (err == TW_OK)
        err = tw_write_file_atomic(path, buf.data ? buf.data : "", buf.len);
    tw_buf_free(&buf);
    tw_cli_note_write(ss->cli, &ss->warned[which], path, err);
    return err;
}

/* Saves the autosave, the record copy and the event log. */
static void save_all(tw_cli_session *ss)
{
    if (save_one(ss, 0, ss->save_path) == TW_OK && ss->ui->saved)
        ss->ui->saved(ss);
    if (ss->record_path[0])
        save_one(ss, 1, ss->record_path);
    if (ss->events_path[0])
        save_one(ss, 2, ss->events_path);
}

/* ---- Telling what happened ------------------------------------------------ */

/* Keeps an action (before: the match before it) for every person to be
 * told, each with a copy; the oldest is dropped when a list is full (it
 * cannot be in a real game). */
static void told_push(tw_cli_session *ss, const tw_match *before, int action)
{
    const tw_game *game = ss->ui->game;
    for (int seat = 0; seat < 2; seat++) {
        tw_match *copy = ss->person[seat] ? game->clone(before) : NULL;
        if (!copy)
            continue;
        tw_cli_told *list = ss->told[seat];
        if (ss->told_count[seat] == TW_CLI_BACKLOG) {
            game->free(list[0].before);
            memmove(&list[0], &list[1], sizeof list[0] * (TW_CLI_BACKLOG - 1));
            ss->told_count[seat]--;
        }
        list[ss->told_count[seat]++] = (tw_cli_told){copy, action};
    }
}

/* Tells a seat what happened since its last screen, as it may see it. */
static void tell(tw_cli_session *ss, int seat)
{
    tw_cli *cli = ss->cli;
    if (!ss->told_count[seat])
        return;
    if (ss->ui->news_begin)
        ss->ui->news_begin(ss, seat);
    if (!cli->compact) /* compact: the news comes right under the hand */
        fputc('\n', cli->out);
    if (ss->ui->msg[TW_CLI_M_SINCE] >= 0 && !cli->compact)
        tw_cli_printf(cli, "%s%s%s", tw_term_style(&cli->term, TW_STYLE_BOLD), M(TW_CLI_M_SINCE),
                      tw_term_style(&cli->term, TW_STYLE_RESET));
    /* In the compact layout the news runs together as one paragraph, so
     * that the end of a round, told move by move, still leaves the board
     * and the choices on a screen of 24 rows. */
    tw_cli_joined news = {0};
    if (cli->compact)
        tw_cli_join_begin(cli, &news, " ");
    for (int i = 0; i < ss->told_count[seat]; i++)
        ss->ui->narrate(ss, seat, ss->told[seat][i].before, ss->told[seat][i].action);
    tw_cli_told_clear(ss, seat);
    tw_cli_join_end(cli, &news);
}

/* Applies an action of the seat to act through the game's table, keeps it
 * for the people at the screen, and saves. Returns 0, or -1 when it was
 * refused (the game stays as it was). */
static int play_action(tw_cli_session *ss, tw_game_action action)
{
    const tw_game *game = ss->ui->game;
    tw_match *before = game->clone(ss->match);
    if (!before || game->apply(ss->match, action, NULL) != TW_OK) {
        game->free(before);
        return -1;
    }
    told_push(ss, before, action);
    game->free(before);
    save_all(ss);
    return 0;
}

/* ---- The other seats ------------------------------------------------------ */

/* The bot's seed for the next action: from the game's seed and the number
 * of actions, so that a resumed game goes on as it would have. */
static uint64_t partner_seed(const tw_cli_session *ss)
{
    return tw_mix64(ss->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)ss->match->count + 1);
}

/* The game's bot decides for the seat to act from its own view and plays.
 * A bot made for each decision keeps every decision a function of the
 * view and the seed alone. */
static int partner_move(tw_cli_session *ss)
{
    tw_game_action actions[TW_GAME_MAX_ACTIONS];
    int count = ss->ui->game->legal(ss->match, actions);
    if (count <= 0)
        return -1;
    tw_game_action chosen = actions[0];
    if (tw_match_bot_action(ss->match, ss->partner, partner_seed(ss), &chosen) != TW_OK)
        chosen = actions[0];
    int legal = 0;
    for (int i = 0; i < count; i++)
        legal |= actions[i] == chosen;
    return play_action(ss, legal ? chosen : actions[0]);
}

/* ---- Asking the people ---------------------------------------------------- */

/* Whether answers are echoed (piped input is not shown by a terminal). */
static int echo_input(const tw_cli *cli)
{
    return !isatty(fileno(cli->in));
}

/* The compact layout's labels name an ability without its text: one line
 * under the choices keeps the text of the highlighted choice, the first
 * that uses an ability, cut to the width ("» 2: Draw cards until..."). */
static void ability_line(tw_cli_session *ss, int seat, const tw_game_action *actions, int count)
{
    tw_cli *cli = ss->cli;
    char text[600], line[700];
    for (int i = 0; ss->ui->ability_line && i < count; i++) {
        if (!ss->ui->ability_line(ss, seat, actions[i], text, sizeof text))
            continue;
        snprintf(line, sizeof line, "  %s %d: %s", tw_term_symbol(&cli->term, "»", ">"), i + 1, text);
        tw_term_cut(&cli->term, line, sizeof line, (cli->width > 0 ? cli->width : 80) - 1);
        tw_cli_printf(cli, "%s%s%s\n", tw_term_style(&cli->term, TW_STYLE_DIM), line,
                      tw_term_style(&cli->term, TW_STYLE_RESET));
        return;
    }
}

/* Prints the question and the numbered choices. */
static void show_choices(tw_cli_session *ss, int seat, const tw_game_action *actions, int count)
{
    tw_cli *cli = ss->cli;
    char question[512];
    char labels[TW_GAME_MAX_ACTIONS][512];
    const char *pointers[TW_GAME_MAX_ACTIONS];
    ss->ui->question(ss, seat, question, sizeof question);
    for (int i = 0; i < count; i++) {
        ss->ui->label(ss, seat, actions[i], labels[i], sizeof labels[i]);
        pointers[i] = labels[i];
    }
    if (!cli->compact) /* compact: the question follows the news at once */
        fputc('\n', cli->out);
    if (ss->ui->wrap_question) {
        fputs(tw_term_style(&cli->term, TW_STYLE_BOLD), cli->out);
        tw_term_wrap(cli->out, question, 0, 78);
        fputs(tw_term_style(&cli->term, TW_STYLE_RESET), cli->out);
    } else {
        tw_cli_printf(cli, "%s%s%s\n", tw_term_style(&cli->term, TW_STYLE_BOLD), question,
                      tw_term_style(&cli->term, TW_STYLE_RESET));
    }
    if (cli->compact) {
        tw_prompt_list_columns(cli->out, &cli->term, pointers, count, cli->width > 0 ? cli->width : 80);
        ability_line(ss, seat, actions, count);
    } else {
        tw_prompt_list(cli->out, &cli->term, pointers, count);
    }
    /* the words one may type: under every question, or under the first
     * only on a compact screen (help lists them again) */
    if (!cli->compact || ss->questions == 0)
        tw_cli_printf(cli, "%s", M(TW_CLI_M_HINT_LINE));
    ss->questions++;
}

/* Reads one answer as an action. Returns ASK_ACTION with *chosen, or -1
 * with why it is refused in reason (empty after a command was done). */
static int read_answer(tw_cli_session *ss, int seat, const char *text, const tw_game_action *actions, int count,
                       tw_game_action *chosen, char *reason, size_t size)
{
    tw_cli *cli = ss->cli;
    reason[0] = '\0';
    if (!text[0] && count == 1) { /* Enter takes the only choice */
        *chosen = actions[0];
        return ASK_ACTION;
    }
    if (!text[0]) {
        snprintf(reason, size, G(TW_T_EMPTY_ANSWER), count);
        return -1;
    }
    long value = 0;
    int index = tw_prompt_number(text, count, &value);
    if (index >= 0) {
        *chosen = actions[index];
        return ASK_ACTION;
    }
    if (index == TW_PROMPT_OUT_OF_RANGE) {
        snprintf(reason, size, G(TW_T_NOT_A_CHOICE), text, count); /* as typed, however long */
        return -1;
    }
    if (tw_prompt_word(text, WORDS_HELP)) {
        ss->ui->rules(cli);
        tw_cli_printf(cli, "%s", tw_cli_rules_hint(cli));
        show_choices(ss, seat, actions, count);
        return -1;
    }
    if (tw_cli_rules_word(ss, text))
        return -1;
    if (tw_prompt_word(text, ss->ui->extra_words)) {
        ss->ui->extra(ss);
        return -1;
    }
    if (ss->ui->cards && tw_prompt_word(text, WORDS_CARDS)) {
        ss->ui->cards(ss);
        return -1;
    }
    if (tw_prompt_word(text, WORDS_QUIT))
        return ASK_QUIT;
    if (tw_prompt_word(text, WORDS_UNDO))
        return tw_cli_undo(ss) == 0 ? ASK_UNDONE : -1;
    if (tw_prompt_word(text, WORDS_HINT)) {
        json_t *hint = ss->ui->game->hint_json(ss->match);
        if (hint)
            ss->ui->hint(ss, seat, hint);
        json_decref(hint);
        return -1;
    }
    char word[TW_PROMPT_LINE];
    snprintf(word, sizeof word, "%s", text);
    tw_prompt_lower(word);
    tw_game_action parsed;
    if (ss->ui->parse(ss, word, &parsed) != 0) {
        snprintf(reason, size, G(TW_T_NOT_UNDERSTOOD), text, count);
        return -1;
    }
    for (int i = 0; i < count; i++)
        if (actions[i] == parsed) {
            *chosen = parsed;
            return ASK_ACTION;
        }
    ss->ui->refusal(ss, parsed, text, reason, size);
    return -1;
}

/* Set by Ctrl-C (SIGINT) while a game is played: the read in progress
 * ends and the game leaves as at the end of input, saved, saying so. */
static volatile sig_atomic_t interrupted;

/* SIGINT while playing: only notes it (the read returns, see above). */
static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* Reads answers until one is a legal action, quit, or the input ends. */
static int ask(tw_cli_session *ss, int seat, const tw_game_action *actions, int count, tw_game_action *chosen)
{
    tw_cli *cli = ss->cli;
    for (;;) {
        char ask_text[64], line[TW_PROMPT_LINE], reason[256];
        snprintf(ask_text, sizeof ask_text, G(count == 1 ? TW_T_ASK_ONE : TW_T_ASK), count);
        tw_prompt_ask(cli->out, &cli->term, ask_text);
        tw_cli_flush(cli);
        if (interrupted || !tw_prompt_read(cli->in, line, sizeof line) || interrupted)
            return ASK_EOF;
        if (echo_input(cli))
            tw_cli_printf(cli, "%s\n", line);
        int got = read_answer(ss, seat, line, actions, count, chosen, reason, sizeof reason);
        if (got == ASK_ACTION && ss->coach && !tw_tutorial_cli_allows(ss, seat, *chosen))
            continue; /* not the lesson's: the coach said why */
        if (got >= 0)
            return got;
        if (reason[0])
            tw_cli_printf(cli, "  %s%s%s\n", tw_term_style(&cli->term, TW_STYLE_YELLOW), reason,
                          tw_term_style(&cli->term, TW_STYLE_RESET));
    }
}

/* Waits for Enter (any line); quit words and the end of input leave. */
static int wait_enter(tw_cli_session *ss, const char *prompt)
{
    tw_cli *cli = ss->cli;
    char line[TW_PROMPT_LINE];
    tw_prompt_ask(cli->out, &cli->term, prompt);
    tw_cli_flush(cli);
    if (interrupted || !tw_prompt_read(cli->in, line, sizeof line) || interrupted)
        return ASK_EOF;
    if (echo_input(cli))
        tw_cli_printf(cli, "%s\n", line);
    return tw_prompt_word(line, WORDS_QUIT) ? ASK_QUIT : ASK_ACTION;
}

/* Two people at one screen: the last player sees what their action did
 * and hides their hand; the screen is cleared; the next player says they
 * are ready. */
static int hand_over(tw_cli_session *ss, int seat)
{
    tw_cli *cli = ss->cli;
    char prompt[256];
    if (ss->last_seat >= 0) {
        tell(ss, ss->last_seat);
        fputc('\n', cli->out);
        snprintf(prompt, sizeof prompt, M(TW_CLI_M_HIDE), ss->last_seat + 1, seat + 1);
        int got = wait_enter(ss, prompt);
        if (got != ASK_ACTION)
            return got;
    }
    tw_cli_clear_screen(cli);
    snprintf(prompt, sizeof prompt, M(TW_CLI_M_HANDOVER), seat + 1, seat + 1);
    return wait_enter(ss, prompt);
}

/* ---- Undo ------------------------------------------------------------------ */

/* The record notation of the last n actions of m, each formatted in the
 * game as it was then (from back, the match without them), as a JSON
 * array and joined with ", " in text. */
static json_t *taken_back(const tw_match *m, const tw_match *back, int n, char *text, size_t size)
{
    const tw_game *game = m->game;
    tw_match *copy = game->clone(back);
    json_t *list = json_array();
    text[0] = '\0';
    for (int i = m->count - n; copy && list && i < m->count; i++) {
        char one[48];
        game->format(copy, m->actions[i], one, (int)sizeof one);
        json_array_append_new(list, json_string(one));
        size_t len = strlen(text);
        snprintf(text + len, size - len, "%s%s", len ? ", " : "", one);
        game->apply(copy, m->actions[i], NULL);
    }
    game->free(copy);
    return list;
}

int tw_cli_undo(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    unsigned seats = (ss->person[0] ? 1u : 0u) | (ss->person[1] ? 2u : 0u);
    int n = tw_match_undo_depth(ss->match, seats);
    tw_match *back = n > 0 ? tw_match_undo(ss->match, n) : NULL;
    if (!back) {
        tw_cli_printf(cli, "  %s%s%s\n", tw_term_style(&cli->term, TW_STYLE_YELLOW), G(TW_T_UNDO_NONE),
                      tw_term_style(&cli->term, TW_STYLE_RESET));
        return -1;
    }
    char text[512];
    json_t *list = taken_back(ss->match, back, n, text, sizeof text);
    if (!ss->undos)
        ss->undos = json_array();
    for (size_t i = 0; i < json_array_size(ss->undos); i++) { /* an undo further back moves the earlier ones */
        json_t *at = json_object_get(json_array_get(ss->undos, i), "at");
        if (json_integer_value(at) > back->count)
            json_integer_set(at, back->count);
    }
    json_array_append_new(ss->undos, json_pack("{s:i, s:o}", "at", back->count, "actions", list ? list : json_array()));
    ss->ui->game->free(ss->match);
    ss->match = back;
    tw_cli_told_clear(ss, 0);
    tw_cli_told_clear(ss, 1);
    save_all(ss);
    tw_cli_printf(cli, "\n");
    tw_cli_printf(cli, G(TW_T_UNDO_DONE), text);
    return 0;
}

/* ---- The game ------------------------------------------------------------- */

/* The end: what happened last, the final screen, the result and the files. */
static int finish(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    int hotseat = tw_cli_hotseat(ss);
    int viewer = hotseat ? (ss->last_seat >= 0 ? ss->last_seat : 0) : (ss->person[0] ? 0 : 1);
    tell(ss, viewer);
    ss->ui->draw(ss, viewer, !hotseat);
    ss->ui->result(ss);
    save_all(ss);
    tw_cli_saves_finished(ss);
    char quoted[2][TW_PATH_QUOTED];
    const char *record = tw_term_shell_quoted(ss->record_path[0] ? ss->record_path : ss->save_path, quoted[0],
                                              sizeof quoted[0]);
    tw_cli_printf(cli, M(TW_CLI_M_RECORD_AT), record, tw_cli_prog(cli), record);
    if (ss->events_path[0])
        tw_cli_printf(cli, G(TW_T_EVENTS_AT), tw_term_shell_quoted(ss->events_path, quoted[1], sizeof quoted[1]));
    tw_cli_printf(cli, M(TW_CLI_M_FINISHED_SAVED), tw_term_shell_quoted(ss->save_path, quoted[1], sizeof quoted[1]));
    tw_cli_history_finished(ss);
    return TW_EXIT_OK;
}

/* Saves and tells how to continue (end of input or quit). */
static int leave(tw_cli_session *ss, int end_of_input)
{
    tw_cli *cli = ss->cli;
    save_all(ss);
    int text = interrupted ? TW_T_INTERRUPT_SAVED : end_of_input ? TW_T_EOF_SAVED : TW_T_QUIT_SAVED;
    char quoted[TW_PATH_QUOTED];
    const char *path = tw_term_shell_quoted(ss->save_path, quoted, sizeof quoted); /* pastes back whole */
    tw_cli_printf(cli, G(text), path);
    tw_cli_printf(cli, G(TW_T_RESUME_HINT), tw_cli_prog(cli), path);
    return TW_EXIT_OK;
}

/* Rows below which the compact layout tells the news under the board. */
#define COMPACT_NEWS_UNDER_BOARD 3

/* The compact screen: short news (the last answer, a card drawn) comes
 * right above the question, under the board; longer news (the end of a
 * round told move by move) comes above the board, so that on a terminal
 * of 24 rows the board, the hand and the choices stay on screen together
 * while the start of the news scrolls up. */
static void draw_and_tell_compact(tw_cli_session *ss, int seat)
{
    tw_cli *cli = ss->cli;
    tw_cli_capture held;
    if (tw_cli_capture_begin(cli, &held) != 0) { /* out of memory: as it comes */
        ss->ui->draw(ss, seat, 1);
        tell(ss, seat);
        return;
    }
    tell(ss, seat);
    char *news = tw_cli_capture_end(cli, &held);
    int width = cli->width > 0 ? cli->width : 80;
    int rows = (tw_term_width(news ? news : "") + width - 1) / width;
    if (rows > COMPACT_NEWS_UNDER_BOARD) {
        fputs(news ? news : "", cli->out);
        ss->ui->draw(ss, seat, 1);
    } else {
        ss->ui->draw(ss, seat, 1);
        fputs(news ? news : "", cli->out);
    }
    free(news);
}

/* Plays until the game ends, a player quits or the input ends. */
static int play_loop_inner(tw_cli_session *ss);

/* Plays until the game ends or the player leaves, with Ctrl-C taken as
 * leaving (the game saved and how to go on said, as at the end of input)
 * instead of killing the program. */
static int play_loop(tw_cli_session *ss)
{
    struct sigaction on = {0}, before;
    on.sa_handler = on_interrupt; /* no SA_RESTART: the read in progress returns */
    sigemptyset(&on.sa_mask);
    interrupted = 0;
    int caught = sigaction(SIGINT, &on, &before) == 0;
    int code = play_loop_inner(ss);
    if (caught)
        sigaction(SIGINT, &before, NULL);
    interrupted = 0;
    return code;
}

/* The loop itself: one decision after another. */
static int play_loop_inner(tw_cli_session *ss)
{
    const tw_game *game = ss->ui->game;
    for (;;) {
        int seat = game->to_act(ss->match);
        if (seat < 0)
            return finish(ss);
        if (!ss->person[seat]) {
            if (partner_move(ss) != 0)
                return TW_EXIT_FAIL; /* cannot happen: the bot picks a listed action */
            continue;
        }
        if (tw_cli_hotseat(ss) && seat != ss->last_seat) {
            int got = hand_over(ss, seat);
            if (got != ASK_ACTION)
                return leave(ss, got == ASK_EOF);
        }
        ss->last_seat = seat;
        if (ss->cli->compact) {
            draw_and_tell_compact(ss, seat);
        } else {
            tell(ss, seat);
            ss->ui->draw(ss, seat, 1);
        }
        tw_game_action actions[TW_GAME_MAX_ACTIONS];
        int count = game->legal(ss->match, actions);
        if (ss->coach)
            tw_tutorial_cli_say(ss, seat);
        show_choices(ss, seat, actions, count);
        tw_game_action chosen = 0;
        int got = ask(ss, seat, actions, count, &chosen);
        if (got == ASK_UNDONE)
            continue;
        if (got != ASK_ACTION)
            return leave(ss, got == ASK_EOF);
        play_action(ss, chosen);
    }
}

/* Plays a new game (its save named now when no --save was given). */
int tw_cli_play_new(tw_cli_session *ss)
{
    tw_tutorial_cli_offer(ss);
    if (!ss->save_path[0] && tw_cli_saves_name(ss) != 0) {
        tw_cli_errorf(ss->cli, "%s", tw_text(ss->cli->lang, TW_T_NO_SAVE_DIR));
        return TW_EXIT_FAIL;
    }
    char quoted[TW_PATH_QUOTED];
    tw_cli_printf(ss->cli, M(TW_CLI_M_SAVE_AT), tw_term_shell_quoted(ss->save_path, quoted, sizeof quoted));
    if (ss->ui->tell_deal)
        told_push(ss, ss->match, TW_CLI_DEAL);
    save_all(ss);
    return play_loop(ss);
}

/* Opens a saved game: its file, its record, its match. Returns 0 or an
 * exit code. */
static int resume_open(tw_cli_session *ss, const char *file, const char *record, const char *events)
{
    tw_cli *cli = ss->cli;
    set_path(ss->save_path, file);
    set_path(ss->record_path, record);
    set_path(ss->events_path, events);
    if (access(ss->save_path, F_OK) != 0) {
        tw_cli_errorf(cli, M(TW_CLI_M_NO_SAVE), ss->save_path);
        fprintf(cli->err, G(TW_T_SEE_SAVES), tw_cli_prog(cli)); /* an old autosave has moved, say */
        return TW_EXIT_FAIL;
    }
    return tw_cli_session_load(ss, 1);
}

/* `trickwood resume [FILE]`: continues a saved game. */
int tw_cli_play_resume(tw_cli *cli, const tw_cli_ui *ui, int argc, char **argv)
{
    const char *usage = tw_msg_get(&tw_cli_resume_help, cli->lang);
    tw_cli_session *ss = tw_cli_session_new(cli, ui);
    if (!ss)
        return TW_EXIT_FAIL;
    const char *file = NULL, *record = NULL, *events = NULL;
    const tw_cli_text_opt files[] = {{"--record", &record}, {"--events", &events}, {NULL, NULL}};
    const tw_cli_args args = {.usage = usage, .files = files, .option = ui->resume_option, .ctx = ss->data, .file = &file};
    int code = tw_cli_read_args(cli, &args, argc, argv);
    if (!code) {
        tw_cli_setup_term(cli);
        tw_cli_wrap_begin(cli);
        code = resume_open(ss, file, record, events);
    }
    if (!code) {
        int one = tw_lang_singular(cli->lang, ss->match->count);
        tw_cli_printf(cli, G(one ? TW_T_RESUMING_ONE : TW_T_RESUMING), ss->save_path, ss->match->count);
        if (ui->resumed)
            ui->resumed(ss);
        if (tw_match_is_over(ss->match))
            tw_cli_printf(cli, "%s", G(TW_T_RESUME_FINISHED));
        /* a tutorial's game saved during its lessons: the coach goes on */
        tw_tutorial *coach = tw_tutorial_cli_resume(ss);
        code = play_loop(ss);
        tw_tutorial_free(coach);
    }
    tw_cli_session_free(ss);
    return code;
}
