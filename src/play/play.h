/* Playing, resuming and replaying a game in the terminal, written once for
 * every game over its session (session.h): the play loop (play.c, with
 * the undo's event log in play_undo.c), `resume` and `replay` for one
 * game (play.c, replay.c) and for whichever game a file holds
 * (dispatch.c), and `analyse` (analyse.c). */
#ifndef TRICKWOOD_PLAY_PLAY_H
#define TRICKWOOD_PLAY_PLAY_H

#include "play/session.h"

/* Sets the autosave and the optional copies. With --save FILE (save),
 * asks before replacing an unfinished game there; without, prepares the
 * folder of saves (the file is named when the game starts). Returns 0 or
 * an exit code (no save folder, or the player keeps the other game). */
int tw_cli_session_paths(tw_cli_session *ss, const char *save, const char *record, const char *events);

/* Plays a new game whose session is ready (match, seats, paths): says
 * where it is saved, tells the deal, saves, plays. Returns the exit code. */
int tw_cli_play_new(tw_cli_session *ss);
/* Takes back the last decision of a person at this screen (and the bot
 * actions after it) when no hidden card was shown since, says what was
 * taken back (or why nothing was), notes it for the event log and saves.
 * Returns 0 when something was taken back, else -1. */
int tw_cli_undo(tw_cli_session *ss);
/* `trickwood resume [FILE]` for one game. */
int tw_cli_play_resume(tw_cli *cli, const tw_cli_ui *ui, int argc, char **argv);
/* `trickwood replay FILE [--auto]` for one game. */
int tw_cli_play_replay(tw_cli *cli, const tw_cli_ui *ui, int argc, char **argv);
/* Reads the arguments of `replay FILE [--auto]` (and the display options).
 * Returns 0 with *file and *automatic set, or an exit code after printing
 * the usage error (replay.c). */
int tw_cli_replay_args(tw_cli *cli, int argc, char **argv, const char *usage, const char **file, int *automatic);

/* `trickwood resume [FILE]` and `trickwood replay FILE` for every game
 * (dispatch.c): they read the file's "game" field and go on with that
 * game. resume without FILE takes the one game saved, or asks which. */
int tw_cli_game_resume(tw_cli *cli, int argc, char **argv);
int tw_cli_game_replay(tw_cli *cli, int argc, char **argv);
/* The help of `resume` (play.c) and `replay` (replay.c). */
extern const tw_msg tw_cli_resume_help;
extern const tw_msg tw_cli_replay_help;

/* `trickwood analyse RECORD [--samples N] [--top N]`, for either game,
 * and its help (analyse.c). */
int tw_cli_analyse(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_analyse_help;

/* Clears a terminal (and its scrollback) so that the last player's hand
 * cannot be read; on a pipe it prints a separator instead. */
void tw_cli_clear_screen(tw_cli *cli);

#endif
