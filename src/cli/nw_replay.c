/* `trickwood replay FILE`: steps through a game record, showing the screen
 * and the action taken at each step, and ends with the result. Enter (or
 * any line of piped input) moves one step; --auto, "a" or the end of input
 * runs to the end without waiting; "q" stops. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli/nw_cli.h"
#include "cli/prompt.h"

#define T(id) tw_nw_cli_text(cli->lang, (id))
#define G(id) tw_text(cli->lang, (id))

/* Replays the record one action at a time. */
static int replay_steps(tw_cli *cli, const tw_nw_record *rec, int automatic)
{
    tw_nw_state state;
    if (tw_nw_new(&state, &rec->catalog, &rec->config, NULL) != TW_OK)
        return TW_EXIT_FAIL;
    tw_nw_events *events = calloc(1, sizeof *events);
    if (!events)
        return TW_EXIT_FAIL;
    int code = TW_EXIT_OK;
    for (int i = 0; i < rec->count; i++) {
        tw_nw_cli_draw(cli, &state, &rec->catalog, rec->config.seed);
        char label[512], notation[32];
        tw_nw_cli_label(cli, &state, &rec->catalog, rec->actions[i], label, sizeof label);
        tw_nw_action_format(rec->actions[i], notation, sizeof notation);
        fputc('\n', cli->out);
        fputs(tw_term_style(&cli->term, TW_STYLE_BOLD), cli->out);
        tw_cli_printf(cli, T(NW_T_REPLAY_STEP), i + 1, rec->count, label, notation);
        fputs(tw_term_style(&cli->term, TW_STYLE_RESET), cli->out);
        tw_nw_state before = state;
        events->count = 0;
        events->overflow = 0;
        if (tw_nw_apply(&state, rec->actions[i], events) != TW_OK) {
            code = TW_EXIT_FAIL; /* the loader replayed it already; kept for safety */
            break;
        }
        tw_nw_cli_narrate(cli, &before, &state, &rec->catalog, events);
        if (!automatic && i + 1 < rec->count && !tw_cli_replay_wait(cli, T(NW_T_REPLAY_WAIT), &automatic)) {
            tw_cli_printf(cli, T(NW_T_REPLAY_STOPPED), i + 1, rec->count);
            free(events);
            return TW_EXIT_OK;
        }
    }
    free(events);
    if (code != TW_EXIT_OK)
        return code;
    tw_nw_cli_draw(cli, &state, &rec->catalog, rec->config.seed);
    if (tw_nw_is_over(&state))
        tw_nw_cli_result(cli, &state);
    tw_cli_printf(cli, "%s", T(NW_T_REPLAY_END));
    return TW_EXIT_OK;
}

/* `trickwood replay FILE [--auto]`. */
int tw_cli_replay(tw_cli *cli, int argc, char **argv)
{
    const char *usage = tw_msg_get(&tw_nw_cli_replay_help, cli->lang);
    const char *file;
    int automatic;
    int bad = tw_cli_replay_args(cli, argc, argv, usage, &file, &automatic);
    if (bad)
        return bad;
    tw_nw_record *rec = calloc(1, sizeof *rec);
    if (!rec)
        return TW_EXIT_FAIL;
    tw_diag diag;
    int code;
    if (tw_nw_record_load(rec, file, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        code = TW_EXIT_FAIL;
    } else {
        tw_cli_printf(cli, T(NW_T_REPLAY_TITLE), file, rec->count);
        code = replay_steps(cli, rec, automatic);
    }
    tw_nw_record_free(rec);
    free(rec);
    return code;
}
