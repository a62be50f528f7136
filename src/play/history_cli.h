/* The history of finished games in the terminal (history_cli.c, over
 * the service of src/history/): adding a
 * game that ends here, `trickwood history`. */
#ifndef TRICKWOOD_PLAY_HISTORY_CLI_H
#define TRICKWOOD_PLAY_HISTORY_CLI_H

#include "play/session.h"

/* `trickwood history [--json] [--game G] [--again N] [--db FILE]` and its help. */
int tw_cli_history(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_history_help;
/* After a game ended at this terminal: adds it to the history (the
 * server's database; a save that cannot be added stays in saves/finished
 * and is added by the next `trickwood history`) and says how to play
 * the same deal again. */
void tw_cli_history_finished(tw_cli_session *ss);
/* Adds the finished saves (saves/finished) that the database at db does
 * not have yet: games whose adding failed when they ended, and games
 * finished before the terminal kept a history (`history`, and `serve` on
 * its default database). */
void tw_cli_history_import(tw_cli *cli, const char *db);
/* The finished games of the default history (one record name, or NULL
 * for every game), newest first, as tw_history_list gives them; NULL when
 * the history cannot be opened. */
json_t *tw_cli_history_games(tw_cli *cli, const char *game);

#endif
