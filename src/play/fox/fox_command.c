/* `trickwood fox`: a new Fox in the Forest Duet game from its options
 * (level, board, who plays), played by the loop of play.h with the game's
 * terminal table (fox_play.c). */
#include <stdlib.h>
#include <string.h>

#include "play/fox/fox_cli.h"
#include "play/play.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))
#define G(id) tw_text(cli->lang, (id))

/* One option of `fox`: who plays, --level (the returns of
 * tw_cli_text_option). */
static int fox_option(tw_cli *cli, void *ctx, const char *usage, int argc, char **argv, int *i)
{
    tw_fox_cli_options *o = ctx;
    const char *v = NULL;
    int got = tw_fox_cli_players_option(cli, ctx, usage, argc, argv, i);
    if (got || (got = tw_cli_opt_value(argc, argv, i, "--level", &v)) == 0)
        return got;
    if (got < 0)
        return -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--level");
    o->level = tw_fox_cli_parse_small(v, TW_FOX_LEVELS);
    if (o->level < 0)
        return -tw_cli_usage_error(cli, usage, T(FX_T_BAD_LEVEL), v);
    return 1;
}

/* Loads the board: --board FILE, or the level's default. Returns 0 or an
 * exit code; board_ref gets the default's file name, or "" to embed. */
static int load_board(tw_cli *cli, const tw_fox_cli_options *o, tw_fox_board *board, char *board_ref, size_t size)
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

/* Starts the match of a new game on the board. Returns 0 or an exit code. */
static int start_match(tw_cli_session *ss, const tw_fox_cli_options *o, const tw_fox_board *board, const char *board_ref)
{
    tw_cli *cli = ss->cli;
    tw_diag diag;
    tw_fox_config config = {o->level, (int)(tw_mix64(o->seed ^ 0xDEA1ULL) & 1), o->seed};
    ss->seed = o->seed;
    if (tw_fox_record_init(tw_fox_cli_record(ss), board, board_ref, &config) != TW_OK)
        return TW_EXIT_FAIL;
    tw_fox_cli_record(ss)->players = o->players;
    tw_fox_cli_set_players(ss);
    if (tw_cli_session_start(ss, &diag) != 0) {
        tw_cli_errorf(cli, "%s", T(FX_T_SETUP_FAILED));
        return TW_EXIT_FAIL;
    }
    return 0;
}

/* `trickwood fox`: starts a new game. */
int tw_cli_fox(tw_cli *cli, int argc, char **argv)
{
    tw_fox_cli_options o;
    memset(&o, 0, sizeof o);
    o.level = 1;
    snprintf(o.players.partner, sizeof o.players.partner, "rule");
    const tw_cli_text_opt files[] = {{"--board", &o.board}, {"--save", &o.save},
                                     {"--record", &o.record}, {"--events", &o.events}, {NULL, NULL}};
    const tw_cli_args args = {tw_msg_get(&tw_fox_cli_fox_help, cli->lang), T(FX_T_BAD_SEED), &o.seed, &o.seed_given,
                              files, fox_option, &o, NULL};
    int code = tw_cli_read_args(cli, &args, argc, argv);
    if (code)
        return code;
    tw_cli_setup_term(cli);
    tw_cli_wrap_begin(cli);
    if (!o.seed_given)
        o.seed = tw_cli_clock_seed();
    tw_cli_session *ss = tw_cli_session_new(cli, &tw_fox_cli_ui);
    tw_fox_board *board = calloc(1, sizeof *board);
    if (ss)
        tw_fox_cli_set_strict(ss, o.strict_look_back);
    if (!ss || !board) {
        tw_cli_session_free(ss);
        free(board);
        return TW_EXIT_FAIL;
    }
    char board_ref[256];
    code = load_board(cli, &o, board, board_ref, sizeof board_ref);
    if (!code)
        code = tw_cli_session_paths(ss, o.save, o.record, o.events);
    if (!code)
        code = start_match(ss, &o, board, board_ref);
    if (!code) {
        if (o.save) /* a players file of an earlier version there is stale */
            tw_fox_cli_players_file_stale(ss);
        tw_cli_printf(cli, T(FX_T_NEW_GAME), T(FX_T_GAME_NAME), o.level, (unsigned long long)o.seed,
                      (unsigned long long)o.seed);
        tw_fox_cli_show_players(ss);
        tw_fox_cli_board_note(cli, board);
        code = tw_cli_play_new(ss);
    }
    tw_cli_session_free(ss);
    free(board);
    return code;
}
