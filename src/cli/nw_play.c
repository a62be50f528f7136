/* `trickwood northwood` and `trickwood resume`: the For Northwood! game in
 * the terminal. Each decision redraws the screen, lists the legal actions
 * as numbered choices and reads one answer per line; after every action the
 * game is saved as a record (and, on request, a second record copy and an
 * event log). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/nw_cli.h"
#include "trickwood/nw_bots.h"
#include "trickwood/paths.h"
#include "cli/prompt.h"

#define T(id) tw_nw_cli_text(cli->lang, (id))
#define G(id) tw_text(cli->lang, (id))

#define PATH_SIZE 1024
#define MAX_CHARACTER_FILES 16
#define SAVE_NAME "northwood-save.json"

/* A game being played: the record that grows with each action, the state
 * it leads to, and the files written after every action. */
typedef struct {
    tw_cli *cli;
    tw_nw_record rec;
    tw_nw_state state;
    char save_path[PATH_SIZE];
    char record_path[PATH_SIZE]; /* empty when not asked */
    char events_path[PATH_SIZE]; /* empty when not asked */
    int warned[3];               /* a write failure was already reported */
    tw_nw_events events;         /* events of the last action */
    tw_nw_bot *hint_bot;         /* made on the first hint */
} nw_session;

/* Writes one file and reports the first failure for it. */
static void save_one(nw_session *ss, int which, const char *path, tw_error err)
{
    tw_cli_note_write(ss->cli, &ss->warned[which], path, err);
}

/* Saves the autosave, the record copy and the event log. */
static void save_all(nw_session *ss)
{
    save_one(ss, 0, ss->save_path, tw_nw_record_save(&ss->rec, ss->save_path));
    if (ss->record_path[0])
        save_one(ss, 1, ss->record_path, tw_nw_record_save(&ss->rec, ss->record_path));
    if (ss->events_path[0])
        save_one(ss, 2, ss->events_path, tw_nw_event_log_save(&ss->rec, ss->events_path));
}

/* Where the files of a finished game are. */
static void finish(nw_session *ss)
{
    tw_cli *cli = ss->cli;
    tw_nw_cli_draw(cli, &ss->state, &ss->rec.catalog, ss->rec.config.seed);
    tw_nw_cli_result(cli, &ss->state);
    save_all(ss);
    const char *record = ss->record_path[0] ? ss->record_path : ss->save_path;
    tw_cli_printf(cli, T(NW_T_RECORD_AT), record, record);
    if (ss->events_path[0])
        tw_cli_printf(cli, T(NW_T_EVENTS_AT), ss->events_path);
    tw_cli_printf(cli, T(NW_T_FINISHED_SAVED), ss->save_path);
}

/* Saves and tells how to continue (end of input or quit). */
static void leave(nw_session *ss, int end_of_input)
{
    tw_cli *cli = ss->cli;
    save_all(ss);
    tw_cli_printf(cli, G(end_of_input ? TW_T_EOF_SAVED : TW_T_QUIT_SAVED), ss->save_path);
    tw_cli_printf(cli, G(TW_T_RESUME_HINT), ss->save_path);
}

/* Prints the question and the numbered choices. */
static void show_choices(nw_session *ss, const tw_nw_action *actions, int count)
{
    tw_cli *cli = ss->cli;
    char question[512];
    char labels[TW_NW_MAX_ACTIONS][512];
    const char *pointers[TW_NW_MAX_ACTIONS];
    tw_nw_cli_question(cli, &ss->state, &ss->rec.catalog, question, sizeof question);
    for (int i = 0; i < count; i++)
        if (TW_NW_ACTION_KIND(actions[i]) == TW_NW_ACT_FINISH)
            tw_nw_cli_decided(cli, &ss->state);
    for (int i = 0; i < count; i++) {
        tw_nw_cli_label(cli, &ss->state, &ss->rec.catalog, actions[i], labels[i], sizeof labels[i]);
        pointers[i] = labels[i];
    }
    tw_cli_printf(cli, "\n%s%s%s\n", tw_term_style(&cli->term, TW_STYLE_BOLD), question,
                  tw_term_style(&cli->term, TW_STYLE_RESET));
    tw_prompt_list(cli->out, &cli->term, pointers, count);
    tw_cli_printf(cli, "%s", T(NW_T_HINT));
}

/* Outcome of asking for one decision. */
enum { ASK_ACTION, ASK_QUIT, ASK_EOF };

/* Reads answers until one is a legal action, quit, or the input ends. */
static int ask(nw_session *ss, const tw_nw_action *actions, int count, tw_nw_action *chosen)
{
    tw_cli *cli = ss->cli;
    int echo = !isatty(fileno(cli->in));
    for (;;) {
        char ask_text[64], line[TW_PROMPT_LINE], reason[256];
        snprintf(ask_text, sizeof ask_text, G(TW_T_ASK), count);
        tw_prompt_ask(cli->out, &cli->term, ask_text);
        if (!tw_prompt_read(cli->in, line, sizeof line))
            return ASK_EOF;
        if (echo)
            tw_cli_printf(cli, "%s\n", line);
        switch (tw_nw_cli_parse(cli, &ss->state, line, actions, count, chosen, reason, sizeof reason)) {
        case TW_NW_INPUT_ACTION: return ASK_ACTION;
        case TW_NW_INPUT_QUIT: return ASK_QUIT;
        case TW_NW_INPUT_HELP:
            tw_nw_cli_rules(cli);
            show_choices(ss, actions, count);
            break;
        case TW_NW_INPUT_PILES: tw_nw_cli_piles(cli, &ss->state); break;
        case TW_NW_INPUT_HINT:
            if (!ss->hint_bot)
                ss->hint_bot = tw_nw_bot_new(TW_NW_BOT_STRONG, tw_mix64(ss->rec.config.seed ^ 0x68696e74ULL));
            if (ss->hint_bot)
                tw_nw_cli_hint(cli, ss->hint_bot, &ss->state, &ss->rec.catalog);
            break;
        default:
            tw_cli_printf(cli, "  %s%s%s\n", tw_term_style(&cli->term, TW_STYLE_YELLOW), reason,
                          tw_term_style(&cli->term, TW_STYLE_RESET));
            break;
        }
    }
}

/* Plays until the game ends, the player quits or the input ends. */
static int play_loop(nw_session *ss)
{
    tw_cli *cli = ss->cli;
    for (;;) {
        if (tw_nw_is_over(&ss->state)) {
            finish(ss);
            return TW_EXIT_OK;
        }
        tw_nw_cli_draw(cli, &ss->state, &ss->rec.catalog, ss->rec.config.seed);
        tw_nw_action actions[TW_NW_MAX_ACTIONS];
        int count = tw_nw_legal_actions(&ss->state, actions);
        show_choices(ss, actions, count);
        tw_nw_action chosen = 0;
        int got = ask(ss, actions, count, &chosen);
        if (got != ASK_ACTION) {
            leave(ss, got == ASK_EOF);
            return TW_EXIT_OK;
        }
        tw_nw_state before = ss->state;
        ss->events.count = 0;
        ss->events.overflow = 0;
        if (tw_nw_apply(&ss->state, chosen, &ss->events) != TW_OK || tw_nw_record_push(&ss->rec, chosen) != TW_OK) {
            ss->state = before; /* cannot happen for a listed action; keep the game sound */
            continue;
        }
        fputc('\n', cli->out);
        tw_nw_cli_narrate(cli, &before, &ss->state, &ss->rec.catalog, &ss->events);
        save_all(ss);
    }
}

/* Parses a medal name (English keys, French names too). */
static int parse_medal(const char *text)
{
    int medal = tw_nw_medal_from_key(text);
    if (medal >= TW_NW_MEDAL_BRONZE)
        return medal;
    if (strcmp(text, "argent") == 0)
        return TW_NW_MEDAL_SILVER;
    if (strcmp(text, "or") == 0)
        return TW_NW_MEDAL_GOLD;
    return -1;
}

/* Options of `northwood`. */
typedef struct {
    tw_nw_config config;
    int seed_given;
    const char *characters[MAX_CHARACTER_FILES];
    int ncharacters;
    const char *save;
    const char *record;
    const char *events;
} nw_options;

/* Reads the options of `northwood`; returns 0 or an exit code. */
static int parse_play_options(tw_cli *cli, int argc, char **argv, nw_options *o)
{
    const char *usage = tw_msg_get(&tw_nw_cli_northwood_help, cli->lang);
    const tw_cli_text_opt files[] = {{"--save", &o->save}, {"--record", &o->record}, {"--events", &o->events}, {NULL, NULL}};
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        int got;
        got = tw_cli_game_option(cli, argc, argv, &i, usage, T(NW_T_BAD_SEED), &o->config.seed, &o->seed_given, files);
        if (got) {
            if (got < 0)
                return -got;
            continue;
        }
        if (strcmp(argv[i], "--intro") == 0) {
            o->config.setup = TW_NW_SETUP_INTRO;
        } else if (strcmp(argv[i], "--full") == 0) {
            o->config.setup = TW_NW_SETUP_FULL;
        } else if ((got = tw_cli_opt_value(argc, argv, &i, "--medal", &v)) != 0) {
            if (got < 0)
                return tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--medal");
            int medal = parse_medal(v);
            if (medal < 0)
                return tw_cli_usage_error(cli, usage, T(NW_T_BAD_MEDAL), v);
            o->config.medal = (tw_nw_medal)medal;
        } else if ((got = tw_cli_opt_value(argc, argv, &i, "--characters", &v)) != 0) {
            if (got < 0)
                return tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--characters");
            if (o->ncharacters < MAX_CHARACTER_FILES)
                o->characters[o->ncharacters++] = v;
        } else if (argv[i][0] == '-') {
            return tw_cli_usage_error(cli, usage, G(TW_T_UNKNOWN_OPTION), argv[i]);
        } else {
            return tw_cli_usage_error(cli, usage, G(TW_T_EXTRA_ARGUMENT), argv[i]);
        }
    }
    return 0;
}

/* Loads the default characters and the user's files. Returns 0 or an exit
 * code; *extra_from is where the user's characters start. */
static int load_catalog(tw_cli *cli, const nw_options *o, tw_nw_catalog *catalog, int *extra_from)
{
    tw_diag diag;
    if (tw_nw_catalog_load_default(catalog, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        return TW_EXIT_FAIL;
    }
    *extra_from = catalog->count;
    for (int i = 0; i < o->ncharacters; i++)
        if (tw_nw_catalog_add_file(catalog, o->characters[i], &diag) != TW_OK) {
            tw_cli_report_diag(cli, &diag);
            return TW_EXIT_FAIL;
        }
    return 0;
}

/* For the full deal: says how many characters of each suit it deals
 * from, and refuses when a suit has fewer than 3. Returns 0 or an exit
 * code. */
static int check_full_deal(tw_cli *cli, const tw_nw_catalog *catalog)
{
    char counts[256] = "";
    for (int suit = 0; suit < TW_NW_SUITS; suit++) {
        int n = tw_nw_catalog_suit_count(catalog, suit);
        size_t len = strlen(counts);
        snprintf(counts + len, sizeof counts - len, "%s%s %d", suit ? ", " : "", tw_nw_cli_suit_name(cli, suit), n);
    }
    tw_cli_printf(cli, T(NW_T_FULL_KNOWN), catalog->count, counts);
    for (int suit = 0; suit < TW_NW_SUITS; suit++) {
        int n = tw_nw_catalog_suit_count(catalog, suit);
        if (n < 3) {
            tw_cli_errorf(cli, T(NW_T_FULL_REFUSED), tw_nw_cli_suit_name(cli, suit), n);
            return TW_EXIT_FAIL;
        }
    }
    return 0;
}

/* Fills the default autosave path; reports when there is none. */
static int default_save_path(tw_cli *cli, char *out, size_t size)
{
    if (tw_path_save_file(SAVE_NAME, 1, out, size) != 0) {
        tw_cli_errorf(cli, "%s", G(TW_T_NO_SAVE_DIR));
        return TW_EXIT_FAIL;
    }
    return 0;
}

/* Copies an optional path into a session field. */
static void set_path(char *field, const char *path)
{
    snprintf(field, PATH_SIZE, "%s", path ? path : "");
}

/* `trickwood northwood`: starts a new game. */
int tw_cli_northwood(tw_cli *cli, int argc, char **argv)
{
    nw_options o;
    memset(&o, 0, sizeof o);
    o.config.setup = TW_NW_SETUP_INTRO;
    o.config.medal = TW_NW_MEDAL_BRONZE;
    o.config.offer_finish = 1; /* a person plays: decided visits may be finished */
    int code = parse_play_options(cli, argc, argv, &o);
    if (code)
        return code;
    tw_cli_setup_term(cli);
    if (!o.seed_given)
        o.config.seed = tw_cli_clock_seed();

    nw_session *ss = calloc(1, sizeof *ss);
    tw_nw_catalog *catalog = calloc(1, sizeof *catalog);
    if (!ss || !catalog) {
        free(ss);
        free(catalog);
        return TW_EXIT_FAIL;
    }
    ss->cli = cli;
    int extra_from = 0;
    code = load_catalog(cli, &o, catalog, &extra_from);
    if (!code && o.config.setup == TW_NW_SETUP_FULL)
        code = check_full_deal(cli, catalog);
    if (!code && o.save) {
        set_path(ss->save_path, o.save);
        tw_path_make_parent(ss->save_path); /* a failure shows when saving */
    }
    else if (!code)
        code = default_save_path(cli, ss->save_path, sizeof ss->save_path);
    if (!code && tw_nw_record_init(&ss->rec, catalog, extra_from, &o.config) != TW_OK)
        code = TW_EXIT_FAIL;
    if (!code && tw_nw_new(&ss->state, &ss->rec.catalog, &o.config, NULL) != TW_OK) {
        tw_cli_errorf(cli, T(NW_T_SETUP_FAILED), T(o.config.setup == TW_NW_SETUP_FULL ? NW_T_SETUP_FULL : NW_T_SETUP_INTRO));
        code = TW_EXIT_FAIL;
    }
    if (!code) {
        set_path(ss->record_path, o.record);
        set_path(ss->events_path, o.events);
        tw_cli_printf(cli, T(NW_T_NEW_GAME), (unsigned long long)o.config.seed, (unsigned long long)o.config.seed);
        tw_cli_printf(cli, T(NW_T_SAVE_AT), ss->save_path);
        save_all(ss);
        code = play_loop(ss);
    }
    tw_nw_record_free(&ss->rec);
    tw_nw_bot_free(ss->hint_bot);
    free(ss);
    free(catalog);
    return code;
}

/* `trickwood resume [FILE]`: continues a saved game. */
int tw_cli_resume(tw_cli *cli, int argc, char **argv)
{
    const char *usage = tw_msg_get(&tw_nw_cli_resume_help, cli->lang);
    const char *file = NULL, *record = NULL, *events = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        int got;
        if ((got = tw_cli_display_option(cli, argc, argv, &i)) != 0) {
            if (got < 0)
                return TW_EXIT_USAGE;
        } else if ((got = tw_cli_opt_value(argc, argv, &i, "--record", &v)) != 0) {
            if (got < 0)
                return tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--record");
            record = v;
        } else if ((got = tw_cli_opt_value(argc, argv, &i, "--events", &v)) != 0) {
            if (got < 0)
                return tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--events");
            events = v;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return tw_cli_usage_error(cli, usage, G(TW_T_UNKNOWN_OPTION), argv[i]);
        } else if (!file) {
            file = argv[i];
        } else {
            return tw_cli_usage_error(cli, usage, G(TW_T_EXTRA_ARGUMENT), argv[i]);
        }
    }
    tw_cli_setup_term(cli);
    nw_session *ss = calloc(1, sizeof *ss);
    if (!ss)
        return TW_EXIT_FAIL;
    ss->cli = cli;
    int code = 0;
    if (file)
        set_path(ss->save_path, file);
    else
        code = default_save_path(cli, ss->save_path, sizeof ss->save_path);
    if (!code && access(ss->save_path, F_OK) != 0) {
        tw_cli_errorf(cli, T(NW_T_NO_SAVE), ss->save_path);
        code = TW_EXIT_FAIL;
    }
    tw_diag diag;
    if (!code && tw_nw_record_load(&ss->rec, ss->save_path, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        code = TW_EXIT_FAIL;
    }
    if (!code) {
        ss->rec.config.offer_finish = 1; /* a person plays on: offer "finish" as a new game does */
        tw_diag_init(&diag, ss->save_path);
        if (tw_nw_record_replay(&ss->rec, -1, &ss->state, &diag) != TW_OK) {
            tw_cli_report_diag(cli, &diag);
            code = TW_EXIT_FAIL;
        }
    }
    if (!code) {
        set_path(ss->record_path, record);
        set_path(ss->events_path, events);
        tw_cli_printf(cli, T(NW_T_RESUMING), ss->save_path, ss->rec.count);
        if (tw_nw_is_over(&ss->state))
            tw_cli_printf(cli, "%s", T(NW_T_RESUME_FINISHED));
        code = play_loop(ss);
    }
    tw_nw_record_free(&ss->rec);
    tw_nw_bot_free(ss->hint_bot);
    free(ss);
    return code;
}
