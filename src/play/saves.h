/* Saved games in the terminal (saves.c): the folder of saves, a file of
 * its own for each new game, `trickwood saves`, the pick of `resume`. */
#ifndef TRICKWOOD_PLAY_SAVES_H
#define TRICKWOOD_PLAY_SAVES_H

#include <stddef.h>

#include "play/session.h"

/* `trickwood saves [--json] [--finished]` and its help. */
int tw_cli_saves(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_saves_help;
/* Creates the folder of saves and moves the autosaves of earlier
 * versions into it (quiet: says nothing). Returns 0, or -1 when there is
 * no save folder. */
int tw_cli_saves_prepare(tw_cli *cli, int quiet);
/* `resume` without a file: the one unfinished save, or the one the
 * player picks from the list (Enter or no answer: the newest). Returns 0
 * with its path in out, -1 when the player left without one, or an exit
 * code (no save). */
int tw_cli_saves_choose(tw_cli *cli, char *out, size_t size);
/* Names the save of a new game (its match made) in the folder of saves,
 * a file no other game has. Returns 0, or -1. */
int tw_cli_saves_name(tw_cli_session *ss);
/* Asks before a new game replaces the unfinished game saved at path.
 * Returns 0 to go on, or an exit code after saying why not. */
int tw_cli_saves_guard(tw_cli *cli, const char *path);
/* Whether a file name is that of a game file (".json", not a players
 * file of an earlier version beside a save). */
int tw_cli_saves_game_file(const char *name);
/* A finished game saved in the folder of saves moves to its "finished"
 * folder (ss->save_path follows). */
void tw_cli_saves_finished(tw_cli_session *ss);

#endif
