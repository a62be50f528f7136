/* A game at this terminal (session.h): a session holds the game's table,
 * its data and its match, and what each person at the screen has not been
 * told yet. The play loop (play.c), the replay, the saves and the history
 * all work on sessions. */
#include <stdlib.h>

#include "play/session.h"

/* A game's flow message. */
const char *tw_cli_msg_text(const tw_cli_session *ss, tw_cli_msg id)
{
    int game_id = ss->ui->msg[id];
    return game_id < 0 ? "" : tw_msg_get(&ss->ui->texts[game_id], ss->cli->lang);
}

/* The engine's state of the match. */
const void *tw_cli_state(const tw_cli_session *ss)
{
    return ss->ui->game->state(ss->match);
}

/* Whether both seats are people at this screen. */
int tw_cli_hotseat(const tw_cli_session *ss)
{
    return ss->person[0] && ss->person[1];
}

/* A new session with the game's empty data. */
const struct tw_tutorial *tw_cli_next_coach;

tw_cli_session *tw_cli_session_new(tw_cli *cli, const tw_cli_ui *ui)
{
    tw_cli_session *ss = calloc(1, sizeof *ss);
    if (!ss)
        return NULL;
    ss->cli = cli;
    ss->ui = ui;
    ss->last_seat = -1;
    ss->person[0] = 1;
    ss->coach = tw_cli_next_coach;
    tw_cli_next_coach = NULL;
    ss->data = calloc(1, ui->data_size);
    if (!ss->data) {
        free(ss);
        return NULL;
    }
    return ss;
}

/* Forgets what a seat was not told. */
void tw_cli_told_clear(tw_cli_session *ss, int seat)
{
    for (int i = 0; i < ss->told_count[seat]; i++)
        ss->ui->game->free(ss->told[seat][i].before);
    ss->told_count[seat] = 0;
}

/* Frees a session, its match and its data. */
void tw_cli_session_free(tw_cli_session *ss)
{
    if (!ss)
        return;
    tw_cli_told_clear(ss, 0);
    tw_cli_told_clear(ss, 1);
    json_decref(ss->undos);
    if (ss->match)
        ss->ui->game->free(ss->match);
    if (ss->ui->data_free)
        ss->ui->data_free(ss->data);
    free(ss->data);
    free(ss);
}

/* Makes the match from the game's data. */
int tw_cli_session_start(tw_cli_session *ss, tw_diag *diag)
{
    tw_buf text = {0};
    tw_diag_init(diag, ss->save_path);
    if (ss->ui->data_record(ss, &text) == TW_OK)
        ss->match = ss->ui->game->from_record(text.data, ss->save_path, diag);
    tw_buf_free(&text);
    return ss->match ? 0 : -1;
}

/* Reads the save or record at ss->save_path and makes the match from it
 * (resume: to play on; else to replay). Returns 0 or an exit code after
 * reporting what is wrong with the file. */
int tw_cli_session_load(tw_cli_session *ss, int resume)
{
    tw_diag diag;
    int bad = ss->ui->load(ss, ss->save_path, resume, &diag) != 0 || tw_cli_session_start(ss, &diag) != 0;
    if (bad)
        tw_cli_report_diag(ss->cli, &diag);
    return bad ? TW_EXIT_FAIL : 0;
}
