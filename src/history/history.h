/* The history of finished games, a service below both front ends: the
 * terminal (`trickwood history`, a game that ends at the terminal) and
 * the web server (GET /api/history..., a game that ends in the browser)
 * both call it. The modules:
 *
 *   sql.h, sql*.c     the SQL layer: one API, a SQLite and a PostgreSQL
 *                     back end (every statement written once for both)
 *   history_db.c      the database: opening, its schema and the
 *                     migrations of older ones, ids, transactions
 *   history_store.c   finished games: the list, one game's record, adding
 *                     a finished match (kept once by its source)
 *   history_totals.c  the totals per game and setup, "play this deal again"
 *
 * One database (a SQLite file by default, or a PostgreSQL database given
 * by a postgresql:// URI) holds the history and the server's live games: a game
 * is one row of the table games from its creation on, finished once it
 * has a result and a record; its actions are the rows of the table
 * actions. This room owns the file and its schema; the server keeps its
 * statements on games in play (seats, actions, archiving) in
 * src/server/srv_store.c. What a result means (its score, its setup, the
 * medal reached) comes from the game's table (tw_game.history_facts):
 * nothing here is written for one game. */
#ifndef TRICKWOOD_HISTORY_HISTORY_H
#define TRICKWOOD_HISTORY_HISTORY_H

#include <jansson.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "history/sql.h"
#include "trickwood/game.h"

/* ---- The database file (history_db.c) ------------------------------------- */

/* An open database: one connection (a SQLite file or a PostgreSQL
 * database, src/history/sql.h), shared under a mutex. */
typedef struct tw_history_db tw_history_db;
struct tw_history_db {
    tw_sql *db;
    pthread_mutex_t lock;
    int lock_fd; /* the lock file of whoever opened it alone (the server), or -1 */
    int file_fd; /* the database file itself, locked (flock) when opened alone, or -1 */
    /* Called (under the lock) when a write failed, before it is rolled
     * back: the server logs its cause (NULL: nothing). */
    void (*on_failure)(tw_history_db *h);
};

/* Opens (creating when needed) the database at path (a SQLite file, or
 * a postgresql:// URI) and its tables, bringing an older one to today's
 * schema (version 1: the games' last activity and archiving; 2: the
 * source of a game added from elsewhere); a file in WAL mode with a busy
 * timeout of 5 seconds, so that a terminal and a server can both write
 * in short transactions. lock_fd
 * (-1 for none) is a lock the caller holds on the file: the database
 * keeps it and lets it go when closed (also when the opening fails).
 * Returns 0, or -1 with a message in err. */
int tw_history_db_open(tw_history_db *h, const char *path, int lock_fd, char *err, size_t err_size);
/* The same for the one program that holds the file alone (the server):
 * besides, before anything is written, locks a database file itself
 * (flock on its inode: a second server reaching it through a symbolic or
 * hard link is refused) and runs SQLite's quick_check (a damaged file is
 * refused with its findings); a PostgreSQL database takes no lock
 * (several servers may share it). Both opens refuse a file of a newer
 * schema than this program knows, before writing anything. */
int tw_history_db_open_alone(tw_history_db *h, const char *path, int lock_fd, char *err, size_t err_size);
/* Closes the database, then lets its lock go. */
void tw_history_db_close(tw_history_db *h);

/* A new game id, and a new seat token: the keys of a row of games. 0,
 * or -1 without a random source. */
int tw_history_new_id(char out[32]);
int tw_history_new_token(char out[64]);

/* Ends a transaction begun (began) under the database's lock: commits
 * when every step went well (ok), else rolls back; then unlocks.
 * Returns whether it was committed. */
int tw_history_db_end(tw_history_db *h, int ok, int began);

/* ---- Finished games (history_store.c) -------------------------------------- */

/* One finished game's row. Texts are empty when NULL in the database. */
typedef struct {
    char id[32];
    char game[16];
    char config[512];
    uint64_t seed;
    char partner[16];
    char created_at[32];
    char finished_at[32];
} tw_history_game;

/* Finished games, newest first, as a JSON array of {id, game, created_at,
 * finished_at, config, result, seed, origin ("web", "import" or
 * "terminal")}; game may be NULL for every game, limit -1 for all. */
json_t *tw_history_list(tw_history_db *h, const char *game, int limit);
/* A finished game's stored record and result texts (caller frees both),
 * its row in *row. Returns 1 when found and finished, 0 when not, -1 on
 * error. */
int tw_history_record(tw_history_db *h, const char *id, char **record, char **result, tw_history_game *row);
/* The sources of the games added from elsewhere already stored, as a
 * JSON object whose keys are the sources (NULL on error). */
json_t *tw_history_sources(tw_history_db *h);
/* Adds a finished match to the history of an open database: config as
 * the history shows it, seed, partner ("none", a bot's name or "human"),
 * source ("terminal:FILE", "import:HASH": a game of the same source
 * already stored is kept as it is), when it finished (ISO time, or NULL:
 * now; also its creation time, which is not kept elsewhere); where names
 * the database in the message of a failed write ("the database FILE").
 * Returns 1 when added, 0 when it was there already, -1 with a message
 * in err. */
int tw_history_add_to(tw_history_db *h, const char *where, const tw_match *m, json_t *config, uint64_t seed,
                      const char *partner, const char *source, const char *when, char *err, size_t err_size);
/* The same, with the notes of the record stored too (an imported record
 * file's; NULL or empty: none). */
int tw_history_add_noted(tw_history_db *h, const char *where, const tw_match *m, const json_t *notes,
                         json_t *config, uint64_t seed, const char *partner, const char *source, const char *when,
                         char *err, size_t err_size);
/* Replaces the stored record text of a finished game (its notes
 * changed), only while it is still the text `was` the change was made
 * from (so that two changes made at once never lose one). 1 when stored,
 * 0 when no finished game has this id or its record is no longer `was`,
 * -1 on error. */
int tw_history_set_record(tw_history_db *h, const char *id, const char *was, const char *record);
/* The same into the database at db_path, beside a server that may be
 * running on it (the terminal adding a game that ended there). */
int tw_history_add(const char *db_path, const tw_match *m, json_t *config, uint64_t seed, const char *partner,
                   const char *source, const char *when, char *err, size_t err_size);

/* ---- Totals and "deal again" (history_totals.c) ------------------------------ */

/* The totals over a list of finished games (as tw_history_list gives
 * them, newest first), per game (only: one record name, or NULL for
 * every game): {"games": [{game, played, won, win_rate, best, average,
 * streak {current, best}, groups {KEY: {played, won}}, reached
 * (Northwood: per medal reached), setups [{setup, group, config, again,
 * the same counts, results [{id, finished_at, score, won}] oldest first,
 * the latest 40}]}]} (docs/web-api.md). */
json_t *tw_history_totals(json_t *games, const char *only);
/* Adds to each listed game its "setup" key and "again": the create
 * request that deals the same game again ({"game", the options, "seed"}),
 * or null when the web cannot (the terminal's own characters or board). */
void tw_history_annotate(json_t *games);
/* The create request that deals a finished game again, from an object
 * {game, config, result, seed} (a listed game): NULL when the web cannot
 * (or the game is unknown). setup (may be NULL) gets the setup's key
 * ("" when unknown). */
json_t *tw_history_again(json_t *item, char *setup, size_t size);

#endif
