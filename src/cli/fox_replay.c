/* The Fox side of `trickwood replay FILE`: steps through a game record,
 * showing the screen before each action (both hands: a replay is watched
 * after the game), the action in words and in record notation, and what
 * it did; it ends with the result. Enter (or any line of piped input)
 * moves one step; --auto, "a" or the end of input runs to the end without
 * waiting; "q" stops. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli/fox_cli.h"
#include "cli/prompt.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))
#define G(id) tw_text(cli->lang, (id))

/* Replays the record one action at a time. */
static int replay_steps(tw_cli *cli, const tw_fox_record *rec, int automatic)
{
    tw_fox_state state;
    tw_fox_events *events = calloc(1, sizeof *events);
    if (!events)
        return TW_EXIT_FAIL;
    if (tw_fox_new(&state, &rec->board, &rec->config, events) != TW_OK) {
        free(events);
        return TW_EXIT_FAIL;
    }
    const tw_fox_look look = {-1, 1};
    tw_fox_cli_narrate(cli, &look, &state, &state, events);
    for (int i = 0; i < rec->count; i++) {
        tw_fox_cli_draw(cli, &state, &rec->board, rec->config.seed, &look, 1);
        char label[512], notation[48], who[64];
        int seat = tw_fox_to_act(&state);
        tw_fox_cli_label(cli, &look, &state, rec->actions[i], label, sizeof label);
        tw_fox_action_format(&state, rec->actions[i], notation, sizeof notation);
        snprintf(who, sizeof who, T(FX_T_PLAYER_N), seat + 1);
        fputc('\n', cli->out);
        fputs(tw_term_style(&cli->term, TW_STYLE_BOLD), cli->out);
        tw_cli_printf(cli, T(FX_T_REPLAY_STEP), i + 1, rec->count, who, label, notation);
        fputs(tw_term_style(&cli->term, TW_STYLE_RESET), cli->out);
        tw_fox_state before = state;
        events->count = 0;
        events->overflow = 0;
        if (tw_fox_apply(&state, rec->actions[i], events) != TW_OK) {
            free(events); /* the loader replayed it already; kept for safety */
            return TW_EXIT_FAIL;
        }
        tw_fox_cli_narrate(cli, &look, &before, &state, events);
        if (!automatic && i + 1 < rec->count && !tw_cli_replay_wait(cli, T(FX_T_REPLAY_WAIT), &automatic)) {
            tw_cli_printf(cli, T(FX_T_REPLAY_STOPPED), i + 1, rec->count);
            free(events);
            return TW_EXIT_OK;
        }
    }
    free(events);
    tw_fox_cli_draw(cli, &state, &rec->board, rec->config.seed, &look, 1);
    if (tw_fox_is_over(&state))
        tw_fox_cli_result(cli, &state);
    tw_cli_printf(cli, "%s", T(FX_T_REPLAY_END));
    return TW_EXIT_OK;
}

/* The Fox side of `trickwood replay FILE [--auto]`. */
int tw_cli_fox_replay(tw_cli *cli, int argc, char **argv)
{
    const char *usage = tw_msg_get(&tw_fox_cli_replay_help, cli->lang);
    const char *file;
    int automatic;
    int bad = tw_cli_replay_args(cli, argc, argv, usage, &file, &automatic);
    if (bad)
        return bad;
    tw_fox_record *rec = calloc(1, sizeof *rec);
    if (!rec)
        return TW_EXIT_FAIL;
    tw_diag diag;
    int code;
    if (tw_fox_record_load(rec, file, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        code = TW_EXIT_FAIL;
    } else {
        tw_cli_printf(cli, T(FX_T_REPLAY_TITLE), file, rec->count);
        tw_fox_cli_board_note(cli, &rec->board);
        code = replay_steps(cli, rec, automatic);
    }
    tw_fox_record_free(rec);
    free(rec);
    return code;
}
