/* The terminal games: one list, read by every command that takes a file
 * of any game (resume, replay, analyse), by the saves and by the
 * history. Adding a game is its line in games.c. */
#ifndef TRICKWOOD_PLAY_GAMES_H
#define TRICKWOOD_PLAY_GAMES_H

#include "play/session.h"

/* The terminal games, the first being the one a file of no known game
 * goes to (its loader explains what is wrong with the file), and how
 * many there are. */
extern const tw_cli_ui *const tw_cli_games[];
extern const int tw_cli_game_count;

/* The table of the game a record or save holds, from its "game" field;
 * NULL when it names no game of this program. */
const tw_cli_ui *tw_cli_ui_of_file(const char *path);
/* The terminal table of a game by its files' "game" name, or NULL. */
const tw_cli_ui *tw_cli_ui_of_file_game(const char *file_game);
/* The table of a game by its record name (tw_game.record_name, as the
 * history keeps it), or NULL. */
const tw_cli_ui *tw_cli_ui_of_game(const char *record_name);

#endif
