/* `trickwood fox` and the Fox side of `trickwood resume`: The Fox in the
 * Forest Duet in the terminal, with the built-in partner or two people at
 * one screen (hotseat). Each decision of a person redraws that person's
 * screen, lists the legal actions as numbered choices and reads one answer
 * per line; the partner decides from its own view only. After every
 * action the game is saved as a record (and, on request, a record copy
 * and an event log).
 *
 * Who plays is saved in the record's "players" member. Earlier versions
 * kept it in a side file beside the autosave (foxduet-save.players.json):
 * a save without "players" is resumed with that file's players, and the
 * file is removed once the save holds them. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/fox_cli.h"
#include "trickwood/paths.h"
#include "cli/prompt.h"
#include "trickwood/fox_bots.h"
#include "trickwood/json_util.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))
#define G(id) tw_text(cli->lang, (id))

#define PATH_SIZE 1024
#define BACKLOG 48 /* actions a seat may not have seen yet */

/* Which bots of the registry may be the partner: those that decide from
 * their own view only (open-hands reads both hands: it may not). */
static int partner_kind(const char *name)
{
    int kind = tw_fox_bot_kind_from_name(name);
    return kind == TW_FOX_BOT_OPEN_HANDS ? -1 : kind;
}

/* One action as a seat will be told about it. */
typedef struct {
    tw_fox_state before;
    tw_fox_state after;
    tw_fox_events events;
} fox_told;

/* Actions a seat has not been told about yet. */
typedef struct {
    fox_told items[BACKLOG];
    int count;
} fox_backlog;

/* Who plays: two people at one screen, or one person and a partner. */
typedef struct {
    int hotseat;
    int seat;    /* the person's seat (0 or 1) with the built-in partner */
    int partner; /* a tw_fox_bot_kind */
} fox_players;

/* A game being played. */
typedef struct {
    tw_cli *cli;
    tw_fox_record rec;
    tw_fox_state state;
    fox_players players;
    int last_seat; /* whose hand was on the screen last, -1 for nobody */
    char save_path[PATH_SIZE];
    char players_path[PATH_SIZE]; /* an earlier version's players file; empty once removed */
    char record_path[PATH_SIZE];  /* empty when not asked */
    char events_path[PATH_SIZE];  /* empty when not asked */
    int warned[3];                /* a write failure was already reported */
    fox_backlog backlog[2];
    tw_fox_bot *hint_bot; /* made on the first hint */
} fox_session;

/* ---- Files ---------------------------------------------------------------- */

/* The players file that earlier versions wrote beside a save: "x.json"
 * gives "x.players.json". */
static void players_path_for(const char *save, char *out, size_t size)
{
    size_t len = strlen(save);
    if (len > 5 && strcmp(save + len - 5, ".json") == 0)
        len -= 5;
    snprintf(out, size, "%.*s.players.json", (int)len, save);
}

/* Reads an earlier version's players file; a missing file leaves p as it
 * is. *found tells whether the file was there. */
static tw_error players_file_load(fox_players *p, const char *path, int *found, tw_diag *diag)
{
    tw_diag_init(diag, path);
    *found = access(path, F_OK) == 0;
    if (!*found)
        return TW_OK;
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return TW_ERR_IO;
    json_t *root = NULL;
    tw_error err = tw_jr_parse(text, diag, &root);
    tw_jr jr = {text, diag, 0};
    static const char *const keys[] = {"format", "version", "hotseat", "seat", "partner", NULL};
    int hotseat = 0;
    long long seat = 1;
    char partner[32] = "rule";
    if (!err)
        err = tw_jr_header(&jr, root, "trickwood-fox-players", 1);
    if (!err)
        err = tw_jr_object(&jr, root, "", keys);
    if (!err)
        err = tw_jr_bool(&jr, root, "", "hotseat", 0, 0, &hotseat);
    if (!err)
        err = tw_jr_int(&jr, root, "", "seat", 1, 2, 0, 1, &seat);
    if (!err)
        err = tw_jr_string(&jr, root, "", "partner", 0, partner, sizeof partner);
    int kind = partner_kind(partner);
    if (!err && kind < 0)
        err = tw_jr_fail(&jr, "partner", "must name a built-in partner such as \"rule\" or \"random\"");
    if (!err) {
        p->hotseat = hotseat;
        p->seat = (int)seat - 1;
        p->partner = kind;
    }
    json_decref(root);
    free(text);
    return err;
}

/* Removes the players file of earlier versions beside the save, once the
 * save holds the players (a file left by an older game there is stale
 * too). Tried once per session; a missing file is fine. */
static void players_file_retire(fox_session *ss)
{
    if (!ss->players_path[0])
        return;
    (void)unlink(ss->players_path);
    ss->players_path[0] = '\0';
}

/* Reads who plays from a loaded record (its reader checked the values). */
static tw_error players_from_record(const tw_fox_record *rec, const char *file, fox_players *out, tw_diag *diag)
{
    int kind = partner_kind(rec->players.partner);
    tw_diag_init(diag, file);
    if (kind < 0)
        return tw_diag_set(diag, 0, "players.partner", "\"%s\" is not a built-in partner of this program",
                           rec->players.partner);
    out->hotseat = rec->players.hotseat;
    out->seat = rec->players.seat;
    out->partner = kind;
    return TW_OK;
}

/* Puts who plays into the record, so that every save carries it. */
static void players_to_record(fox_session *ss)
{
    tw_fox_players *p = &ss->rec.players;
    memset(p, 0, sizeof *p);
    p->hotseat = ss->players.hotseat;
    p->seat = ss->players.seat;
    snprintf(p->partner, sizeof p->partner, "%s", tw_fox_bot_kind_name((tw_fox_bot_kind)ss->players.partner));
    ss->rec.has_players = 1;
}

/* Writes one file and reports the first failure for it. */
static void save_one(fox_session *ss, int which, const char *path, tw_error err)
{
    tw_cli_note_write(ss->cli, &ss->warned[which], path, err);
}

/* Saves the autosave, the record copy and the event log. */
static void save_all(fox_session *ss)
{
    tw_error err = tw_fox_record_save(&ss->rec, ss->save_path);
    save_one(ss, 0, ss->save_path, err);
    if (err == TW_OK)
        players_file_retire(ss);
    if (ss->record_path[0])
        save_one(ss, 1, ss->record_path, tw_fox_record_save(&ss->rec, ss->record_path));
    if (ss->events_path[0])
        save_one(ss, 2, ss->events_path, tw_fox_event_log_save(&ss->rec, ss->events_path));
}

/* ---- Telling what happened ------------------------------------------------- */

/* Keeps an action for a seat to be told about; the oldest is dropped when
 * the list is full (it cannot be in a real game). */
static void backlog_push(fox_backlog *b, const fox_told *told)
{
    if (b->count == BACKLOG) {
        memmove(&b->items[0], &b->items[1], sizeof b->items[0] * (BACKLOG - 1));
        b->count--;
    }
    b->items[b->count++] = *told;
}

/* Tells a seat what happened since its last screen, as it may see it. */
static void tell(fox_session *ss, int seat)
{
    tw_cli *cli = ss->cli;
    fox_backlog *b = &ss->backlog[seat];
    if (!b->count)
        return;
    tw_fox_look look = {seat, ss->players.hotseat};
    fputc('\n', cli->out);
    tw_cli_printf(cli, "%s%s%s", tw_term_style(&cli->term, TW_STYLE_BOLD), T(FX_T_SINCE),
                  tw_term_style(&cli->term, TW_STYLE_RESET));
    for (int i = 0; i < b->count; i++)
        tw_fox_cli_narrate(cli, &look, &b->items[i].before, &b->items[i].after, &b->items[i].events);
    b->count = 0;
}

/* Applies an action of the seat to act, records it, keeps its events for
 * the people at the screen, and saves. Returns 0, or -1 when the engine
 * refused it (the game stays as it was). */
static int play_action(fox_session *ss, tw_fox_action action)
{
    fox_told *told = calloc(1, sizeof *told);
    if (!told)
        return -1;
    told->before = ss->state;
    if (tw_fox_apply(&ss->state, action, &told->events) != TW_OK) {
        free(told);
        return -1;
    }
    if (tw_fox_record_push(&ss->rec, action) != TW_OK) {
        ss->state = told->before;
        free(told);
        return -1;
    }
    told->after = ss->state;
    for (int seat = 0; seat < 2; seat++)
        if (ss->players.hotseat || seat == ss->players.seat)
            backlog_push(&ss->backlog[seat], told);
    free(told);
    save_all(ss);
    return 0;
}

/* ---- The partner -------------------------------------------------------- */

/* The partner's seed for the next action: from the game's seed and the
 * number of actions, so that a resumed game goes on as it would have. */
static uint64_t partner_seed(const fox_session *ss)
{
    return tw_mix64(ss->rec.config.seed * 0x9E3779B97F4A7C15ULL + (uint64_t)ss->rec.count + 1);
}

/* The built-in partner decides from its own view and plays. A fresh bot
 * for each decision keeps every decision a function of the view and the
 * seed alone. */
static int partner_move(fox_session *ss, int seat)
{
    tw_fox_view view;
    tw_fox_view_of(&ss->state, seat, &view);
    tw_fox_action actions[TW_FOX_MAX_ACTIONS];
    int count = tw_fox_view_legal_actions(&view, actions);
    if (count <= 0)
        return -1;
    tw_fox_action chosen = actions[0];
    tw_fox_bot *bot = tw_fox_bot_new((tw_fox_bot_kind)ss->players.partner, partner_seed(ss));
    if (!bot || tw_fox_bot_choose_from_view(bot, &view, &chosen) != TW_OK || !tw_fox_is_legal(&ss->state, chosen))
        chosen = actions[0];
    tw_fox_bot_free(bot);
    return play_action(ss, chosen);
}

/* ---- Asking the people ---------------------------------------------------- */

/* Outcome of asking for one answer. */
enum { ASK_ACTION, ASK_QUIT, ASK_EOF };

/* Whether answers are echoed (piped input is not shown by a terminal). */
static int echo_input(const tw_cli *cli)
{
    return !isatty(fileno(cli->in));
}

/* Prints the question and the numbered choices. */
static void show_choices(fox_session *ss, const tw_fox_look *look, const tw_fox_action *actions, int count)
{
    tw_cli *cli = ss->cli;
    char question[512];
    char labels[TW_FOX_MAX_ACTIONS][512];
    const char *pointers[TW_FOX_MAX_ACTIONS];
    tw_fox_cli_question(cli, look, &ss->state, question, sizeof question);
    for (int i = 0; i < count; i++) {
        tw_fox_cli_label(cli, look, &ss->state, actions[i], labels[i], sizeof labels[i]);
        pointers[i] = labels[i];
    }
    fputc('\n', cli->out);
    fputs(tw_term_style(&cli->term, TW_STYLE_BOLD), cli->out);
    tw_term_wrap(cli->out, question, 0, 78);
    fputs(tw_term_style(&cli->term, TW_STYLE_RESET), cli->out);
    tw_prompt_list(cli->out, &cli->term, pointers, count);
    tw_cli_printf(cli, "%s", T(FX_T_HINT));
}

/* Prints the strong bot's advice for the seat to act, worked out from that
 * seat's view only (never the partner's hand or the deck). */
static void show_hint(fox_session *ss, const tw_fox_look *look)
{
    tw_cli *cli = ss->cli;
    if (!ss->hint_bot)
        ss->hint_bot = tw_fox_bot_new(TW_FOX_BOT_STRONG, tw_mix64(ss->rec.config.seed ^ 0x68696e74ULL));
    if (!ss->hint_bot)
        return;
    tw_fox_view view;
    tw_fox_view_of(&ss->state, tw_fox_to_act(&ss->state), &view);
    tw_fox_hint hint = tw_fox_hint_for(ss->hint_bot, &view);
    char label[512];
    tw_fox_cli_label(cli, look, &ss->state, hint.action, label, sizeof label);
    tw_cli_printf(cli, T(FX_T_H_ACTION), label);
    tw_cli_printf(cli, T(FX_T_H_ODDS), (int)(hint.p_win * 100.0 + 0.5), hint.samples);
}

/* Reads answers until one is a legal action, quit, or the input ends. */
static int ask(fox_session *ss, const tw_fox_look *look, const tw_fox_action *actions, int count,
               tw_fox_action *chosen)
{
    tw_cli *cli = ss->cli;
    for (;;) {
        char ask_text[64], line[TW_PROMPT_LINE], reason[256];
        snprintf(ask_text, sizeof ask_text, G(TW_T_ASK), count);
        tw_prompt_ask(cli->out, &cli->term, ask_text);
        if (!tw_prompt_read(cli->in, line, sizeof line))
            return ASK_EOF;
        if (echo_input(cli))
            tw_cli_printf(cli, "%s\n", line);
        switch (tw_fox_cli_parse(cli, &ss->state, line, actions, count, chosen, reason, sizeof reason)) {
        case TW_FOX_INPUT_ACTION: return ASK_ACTION;
        case TW_FOX_INPUT_QUIT: return ASK_QUIT;
        case TW_FOX_INPUT_HELP:
            tw_fox_cli_rules(cli);
            show_choices(ss, look, actions, count);
            break;
        case TW_FOX_INPUT_BOARD: tw_fox_cli_board_note(cli, &ss->rec.board); break;
        case TW_FOX_INPUT_HINT: show_hint(ss, look); break;
        default:
            tw_cli_printf(cli, "  %s%s%s\n", tw_term_style(&cli->term, TW_STYLE_YELLOW), reason,
                          tw_term_style(&cli->term, TW_STYLE_RESET));
            break;
        }
    }
}

/* Waits for Enter (any line); quit words and the end of input leave. */
static int wait_enter(fox_session *ss, const char *prompt)
{
    static const char *const quit_words[] = {"quit", "q", "exit", "quitter", NULL};
    tw_cli *cli = ss->cli;
    char line[TW_PROMPT_LINE];
    tw_prompt_ask(cli->out, &cli->term, prompt);
    if (!tw_prompt_read(cli->in, line, sizeof line))
        return ASK_EOF;
    if (echo_input(cli))
        tw_cli_printf(cli, "%s\n", line);
    return tw_prompt_word(line, quit_words) ? ASK_QUIT : ASK_ACTION;
}

/* Hotseat: the last player sees what their action did and hides their
 * hand; the screen is cleared; the next player says they are ready. */
static int hand_over(fox_session *ss, int seat)
{
    tw_cli *cli = ss->cli;
    char prompt[256];
    if (ss->last_seat >= 0) {
        tell(ss, ss->last_seat);
        fputc('\n', cli->out);
        snprintf(prompt, sizeof prompt, T(FX_T_HIDE), ss->last_seat + 1, seat + 1);
        int got = wait_enter(ss, prompt);
        if (got != ASK_ACTION)
            return got;
    }
    tw_fox_cli_clear(cli);
    snprintf(prompt, sizeof prompt, T(FX_T_HANDOVER), seat + 1, seat + 1);
    return wait_enter(ss, prompt);
}

/* ---- The game ---------------------------------------------------------- */

/* The end: what happened last, the final screen, the result and the files. */
static int finish(fox_session *ss)
{
    tw_cli *cli = ss->cli;
    int viewer = ss->players.hotseat ? (ss->last_seat >= 0 ? ss->last_seat : 0) : ss->players.seat;
    tell(ss, viewer);
    tw_fox_look look = {viewer, ss->players.hotseat};
    tw_fox_cli_draw(cli, &ss->state, &ss->rec.board, ss->rec.config.seed, &look, !ss->players.hotseat);
    tw_fox_cli_result(cli, &ss->state);
    save_all(ss);
    const char *record = ss->record_path[0] ? ss->record_path : ss->save_path;
    tw_cli_printf(cli, T(FX_T_RECORD_AT), record, record);
    if (ss->events_path[0])
        tw_cli_printf(cli, T(FX_T_EVENTS_AT), ss->events_path);
    tw_cli_printf(cli, T(FX_T_FINISHED_SAVED), ss->save_path);
    return TW_EXIT_OK;
}

/* Saves and tells how to continue (end of input or quit). */
static int leave(fox_session *ss, int end_of_input)
{
    tw_cli *cli = ss->cli;
    save_all(ss);
    tw_cli_printf(cli, G(end_of_input ? TW_T_EOF_SAVED : TW_T_QUIT_SAVED), ss->save_path);
    tw_cli_printf(cli, G(TW_T_RESUME_HINT), ss->save_path);
    return TW_EXIT_OK;
}

/* Plays until the game ends, a player quits or the input ends. */
static int play_loop(fox_session *ss)
{
    tw_cli *cli = ss->cli;
    for (;;) {
        if (tw_fox_is_over(&ss->state))
            return finish(ss);
        int seat = tw_fox_to_act(&ss->state);
        if (!ss->players.hotseat && seat != ss->players.seat) {
            if (partner_move(ss, seat) != 0)
                return TW_EXIT_FAIL; /* cannot happen: the partner picks a listed action */
            continue;
        }
        if (ss->players.hotseat && seat != ss->last_seat) {
            int got = hand_over(ss, seat);
            if (got != ASK_ACTION)
                return leave(ss, got == ASK_EOF);
        }
        ss->last_seat = seat;
        tw_fox_look look = {seat, ss->players.hotseat};
        tell(ss, seat);
        tw_fox_cli_draw(cli, &ss->state, &ss->rec.board, ss->rec.config.seed, &look, 1);
        tw_fox_action actions[TW_FOX_MAX_ACTIONS];
        int count = tw_fox_legal_actions(&ss->state, actions);
        show_choices(ss, &look, actions, count);
        tw_fox_action chosen = 0;
        int got = ask(ss, &look, actions, count, &chosen);
        if (got != ASK_ACTION)
            return leave(ss, got == ASK_EOF);
        play_action(ss, chosen);
    }
}

/* Says who plays. */
static void show_players(fox_session *ss)
{
    tw_cli *cli = ss->cli;
    if (ss->players.hotseat) {
        tw_cli_printf(cli, "%s", T(FX_T_SEATS_HOTSEAT));
        return;
    }
    const char *name = tw_fox_bot_kind_name((tw_fox_bot_kind)ss->players.partner);
    if (ss->players.partner == TW_FOX_BOT_RULE)
        name = T(FX_T_PARTNER_RULE);
    else if (ss->players.partner == TW_FOX_BOT_RANDOM)
        name = T(FX_T_PARTNER_RANDOM);
    else if (ss->players.partner == TW_FOX_BOT_STRONG)
        name = T(FX_T_PARTNER_STRONG);
    tw_cli_printf(cli, T(FX_T_SEATS_PARTNER), ss->players.seat + 1, 2 - ss->players.seat, name);
}

/* ---- Options --------------------------------------------------------------- */

/* Parses "1" or "2" (seat) or "1".."3" (level); -1 otherwise. */
static int parse_small(const char *text, int max)
{
    if (text[0] < '1' || text[0] > '0' + max || text[1])
        return -1;
    return text[0] - '0';
}

/* Options of `fox` and of the Fox side of `resume`. */
typedef struct {
    int level;
    uint64_t seed;
    int seed_given;
    fox_players players;
    int hotseat_given, seat_given, partner_given;
    const char *board;
    const char *save;
    const char *record;
    const char *events;
    const char *file; /* resume: the save to continue */
} fox_options;

/* Reads the options shared by `fox` and `resume`. Returns 1 when argv[*i]
 * was one of them, 0 when not, or an exit code (negated) on a bad value. */
static int players_option(tw_cli *cli, const char *usage, int argc, char **argv, int *i, fox_options *o)
{
    const char *v = NULL;
    int got;
    if (strcmp(argv[*i], "--hotseat") == 0) {
        o->players.hotseat = 1;
        o->hotseat_given = 1;
        return 1;
    }
    if ((got = tw_cli_opt_value(argc, argv, i, "--seat", &v)) != 0) {
        if (got < 0)
            return -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--seat");
        int seat = parse_small(v, 2);
        if (seat < 0)
            return -tw_cli_usage_error(cli, usage, T(FX_T_BAD_SEAT), v);
        o->players.seat = seat - 1;
        o->seat_given = 1;
        return 1;
    }
    if ((got = tw_cli_opt_value(argc, argv, i, "--partner", &v)) != 0) {
        if (got < 0)
            return -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--partner");
        int kind = partner_kind(v);
        if (kind < 0)
            return -tw_cli_usage_error(cli, usage, T(FX_T_BAD_PARTNER), v);
        o->players.partner = kind;
        o->partner_given = 1;
        return 1;
    }
    const tw_cli_text_opt files[] = {{"--record", &o->record}, {"--events", &o->events}, {NULL, NULL}};
    return tw_cli_text_option(cli, argc, argv, i, usage, files);
}

/* Reads the options of `fox`; returns 0 or an exit code. */
static int parse_fox_options(tw_cli *cli, int argc, char **argv, fox_options *o)
{
    const char *usage = tw_msg_get(&tw_fox_cli_fox_help, cli->lang);
    const tw_cli_text_opt files[] = {{"--board", &o->board}, {"--save", &o->save}, {NULL, NULL}};
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        int got;
        got = players_option(cli, usage, argc, argv, &i, o);
        if (!got)
            got = tw_cli_game_option(cli, argc, argv, &i, usage, T(FX_T_BAD_SEED), &o->seed, &o->seed_given, files);
        if (got) {
            if (got < 0)
                return -got;
            continue;
        }
        if ((got = tw_cli_opt_value(argc, argv, &i, "--level", &v)) != 0) {
            if (got < 0)
                return tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--level");
            o->level = parse_small(v, TW_FOX_LEVELS);
            if (o->level < 0)
                return tw_cli_usage_error(cli, usage, T(FX_T_BAD_LEVEL), v);
        } else if (argv[i][0] == '-') {
            return tw_cli_usage_error(cli, usage, G(TW_T_UNKNOWN_OPTION), argv[i]);
        } else {
            return tw_cli_usage_error(cli, usage, G(TW_T_EXTRA_ARGUMENT), argv[i]);
        }
    }
    return 0;
}

/* Copies an optional path into a session field. */
static void set_path(char *field, const char *path)
{
    snprintf(field, PATH_SIZE, "%s", path ? path : "");
}

/* Loads the board: --board FILE, or the level's default. Returns 0 or an
 * exit code; board_ref gets the default's file name, or "" to embed. */
static int load_board(tw_cli *cli, const fox_options *o, tw_fox_board *board, char *board_ref, size_t size)
{
    tw_diag diag;
    board_ref[0] = '\0';
    if (o->board) {
        if (tw_fox_board_load(board, o->board, &diag) != TW_OK) {
            tw_cli_report_diag(cli, &diag);
            return TW_EXIT_FAIL;
        }
        tw_diag_init(&diag, o->board);
        if (tw_fox_board_check_level(board, o->level, &diag) != TW_OK) {
            tw_cli_report_diag(cli, &diag);
            return TW_EXIT_FAIL;
        }
        return 0;
    }
    if (tw_fox_board_load_level(board, o->level, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        return TW_EXIT_FAIL;
    }
    snprintf(board_ref, size, "%s", tw_fox_level(o->level)->board_file);
    return 0;
}

/* Frees a session. */
static void session_free(fox_session *ss)
{
    if (!ss)
        return;
    tw_fox_record_free(&ss->rec);
    tw_fox_bot_free(ss->hint_bot);
    free(ss);
}

/* `trickwood fox`: starts a new game. */
int tw_cli_fox(tw_cli *cli, int argc, char **argv)
{
    fox_options o;
    memset(&o, 0, sizeof o);
    o.level = 1;
    o.players.partner = TW_FOX_BOT_RULE;
    int code = parse_fox_options(cli, argc, argv, &o);
    if (code)
        return code;
    tw_cli_setup_term(cli);
    if (!o.seed_given)
        o.seed = tw_cli_clock_seed();
    fox_session *ss = calloc(1, sizeof *ss);
    tw_fox_board *board = calloc(1, sizeof *board);
    tw_fox_events *events = calloc(1, sizeof *events);
    if (!ss || !board || !events) {
        free(ss);
        free(board);
        free(events);
        return TW_EXIT_FAIL;
    }
    ss->cli = cli;
    ss->players = o.players;
    ss->last_seat = -1;
    char board_ref[256];
    code = load_board(cli, &o, board, board_ref, sizeof board_ref);
    if (!code && o.save) {
        set_path(ss->save_path, o.save);
        tw_path_make_parent(ss->save_path); /* a failure shows when saving */
    } else if (!code && tw_path_save_file(TW_FOX_CLI_SAVE_NAME, 1, ss->save_path, sizeof ss->save_path) != 0) {
        tw_cli_errorf(cli, "%s", G(TW_T_NO_SAVE_DIR));
        code = TW_EXIT_FAIL;
    }
    tw_fox_config config = {o.level, (int)(tw_mix64(o.seed ^ 0xDEA1ULL) & 1), o.seed};
    if (!code && tw_fox_record_init(&ss->rec, board, board_ref, &config) != TW_OK)
        code = TW_EXIT_FAIL;
    if (!code)
        players_to_record(ss);
    if (!code && tw_fox_new(&ss->state, board, &config, events) != TW_OK) {
        tw_cli_errorf(cli, "%s", T(FX_T_SETUP_FAILED));
        code = TW_EXIT_FAIL;
    }
    if (!code) {
        set_path(ss->record_path, o.record);
        set_path(ss->events_path, o.events);
        players_path_for(ss->save_path, ss->players_path, sizeof ss->players_path);
        tw_cli_printf(cli, T(FX_T_NEW_GAME), T(FX_T_GAME_NAME), o.level, (unsigned long long)o.seed,
                      (unsigned long long)o.seed);
        show_players(ss);
        tw_fox_cli_board_note(cli, board);
        tw_cli_printf(cli, T(FX_T_SAVE_AT), ss->save_path);
        fox_told *setup = calloc(1, sizeof *setup);
        if (setup) {
            setup->before = ss->state;
            setup->after = ss->state;
            setup->events = *events;
            for (int seat = 0; seat < 2; seat++)
                if (ss->players.hotseat || seat == ss->players.seat)
                    backlog_push(&ss->backlog[seat], setup);
            free(setup);
        }
        save_all(ss);
        code = play_loop(ss);
    }
    session_free(ss);
    free(board);
    free(events);
    return code;
}

/* Who plays a resumed game: the record's players; for a save without them
 * (an earlier version's), the players file beside it, else the defaults
 * (player 1 with the rule partner). *from_file tells whether that file
 * was read. */
static tw_error resume_players(fox_session *ss, int *from_file, tw_diag *diag)
{
    ss->players.hotseat = 0;
    ss->players.seat = 0;
    ss->players.partner = TW_FOX_BOT_RULE;
    if (ss->rec.has_players)
        return players_from_record(&ss->rec, ss->save_path, &ss->players, diag);
    return players_file_load(&ss->players, ss->players_path, from_file, diag);
}

/* Applies the --hotseat, --seat and --partner options of `resume`: --seat
 * or --partner without --hotseat means a game with the built-in partner. */
static void change_players(fox_players *p, const fox_options *o)
{
    if (o->hotseat_given)
        p->hotseat = 1;
    if (o->seat_given) {
        p->seat = o->players.seat;
        if (!o->hotseat_given)
            p->hotseat = 0;
    }
    if (o->partner_given) {
        p->partner = o->players.partner;
        if (!o->hotseat_given)
            p->hotseat = 0;
    }
}

/* The Fox side of `trickwood resume FILE`: continues a saved game. */
int tw_cli_fox_resume(tw_cli *cli, int argc, char **argv)
{
    const char *usage = tw_msg_get(&tw_fox_cli_resume_help, cli->lang);
    fox_options o;
    memset(&o, 0, sizeof o);
    for (int i = 1; i < argc; i++) {
        int got;
        if ((got = tw_cli_display_option(cli, argc, argv, &i)) != 0) {
            if (got < 0)
                return TW_EXIT_USAGE;
        } else if ((got = players_option(cli, usage, argc, argv, &i, &o)) != 0) {
            if (got < 0)
                return -got;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return tw_cli_usage_error(cli, usage, G(TW_T_UNKNOWN_OPTION), argv[i]);
        } else if (!o.file) {
            o.file = argv[i];
        } else {
            return tw_cli_usage_error(cli, usage, G(TW_T_EXTRA_ARGUMENT), argv[i]);
        }
    }
    if (!o.file)
        return tw_cli_usage_error(cli, usage, G(TW_T_MISSING_ARGUMENT), "FILE");
    tw_cli_setup_term(cli);
    fox_session *ss = calloc(1, sizeof *ss);
    if (!ss)
        return TW_EXIT_FAIL;
    ss->cli = cli;
    ss->last_seat = -1;
    set_path(ss->save_path, o.file);
    players_path_for(ss->save_path, ss->players_path, sizeof ss->players_path);
    int code = 0;
    tw_diag diag;
    if (access(ss->save_path, F_OK) != 0) {
        tw_cli_errorf(cli, T(FX_T_NO_SAVE), ss->save_path);
        code = TW_EXIT_FAIL;
    }
    if (!code && tw_fox_record_load(&ss->rec, ss->save_path, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        code = TW_EXIT_FAIL;
    }
    if (!code) {
        tw_diag_init(&diag, ss->save_path);
        if (tw_fox_record_replay(&ss->rec, -1, &ss->state, &diag) != TW_OK) {
            tw_cli_report_diag(cli, &diag);
            code = TW_EXIT_FAIL;
        }
    }
    int from_file = 0;
    if (!code && resume_players(ss, &from_file, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        code = TW_EXIT_FAIL;
    }
    if (!code) {
        change_players(&ss->players, &o);
        players_to_record(ss);
        set_path(ss->record_path, o.record);
        set_path(ss->events_path, o.events);
        tw_cli_printf(cli, T(FX_T_RESUMING), ss->save_path, ss->rec.count);
        if (from_file)
            tw_cli_printf(cli, T(FX_T_PLAYERS_FILE_USED), ss->players_path);
        show_players(ss);
        tw_fox_cli_board_note(cli, &ss->rec.board);
        if (tw_fox_is_over(&ss->state))
            tw_cli_printf(cli, "%s", T(FX_T_RESUME_FINISHED));
        code = play_loop(ss);
    }
    session_free(ss);
    return code;
}
