/* The database file of the history and of the server's games: opening
 * it, its schema and the migrations that bring an older file to today's,
 * the ids of its rows, and the small SQL helpers its users share. Two
 * tables: games (configuration, seed, seat tokens, partner, times, the
 * last activity, and for finished games the result and the record;
 * archived games are marked, and deleted only with the server's
 * --delete-archived-after) and actions (one row per
 * action, in order). A SQLite file runs with synchronous=FULL in WAL
 * mode, so a committed row survives a crash; a PostgreSQL database
 * (a postgresql:// URI) gets the same tables through the same
 * statements (src/history/sql.h), its schema version in the table
 * schema_version rather than SQLite's user_version. */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "history/history.h"
#include "trickwood/system.h"

static const char ID_ALPHABET[] = "abcdefghijkmnpqrstuvwxyz23456789";
static const char TOKEN_ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
#define ID_LENGTH 12
#define TOKEN_LENGTH 32

static const char *const SCHEMA =
    "CREATE TABLE IF NOT EXISTS games ("
    " id TEXT PRIMARY KEY,"
    " game TEXT NOT NULL,"
    " config TEXT NOT NULL,"
    " seed BIGINT NOT NULL,"
    " token0 TEXT NOT NULL,"
    " token1 TEXT,"
    " join_code TEXT,"
    " partner TEXT NOT NULL,"
    " created_at TEXT NOT NULL,"
    " finished_at TEXT,"
    " result TEXT,"
    " record TEXT);"
    "CREATE TABLE IF NOT EXISTS actions ("
    " game_id TEXT NOT NULL REFERENCES games(id),"
    " seq INTEGER NOT NULL,"
    " seat INTEGER NOT NULL,"
    " action TEXT NOT NULL,"
    " PRIMARY KEY (game_id, seq));"
    "CREATE INDEX IF NOT EXISTS games_finished ON games(finished_at);"
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);";

/* SQLite numbers the rows of games by itself (rowid: the history's order
 * among games finished at the same time); PostgreSQL gets a column of
 * that name, so that the same statements run on both. */
static const char *const PG_ROWID = "ALTER TABLE games ADD COLUMN IF NOT EXISTS rowid BIGSERIAL;";

/* Schema version 1: a game's last activity (created, joined, last
 * action; milliseconds since 1970) and when it was archived. Games
 * stored before it count as active at the upgrade (the statement after
 * these, with the time bound): their action times were never stored, and
 * none should be archived for that. */
static const char *const MIGRATE_1 =
    "ALTER TABLE games ADD COLUMN active_at BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN archived_at TEXT;";
static const char *const MIGRATE_1_NOW = "UPDATE games SET active_at = ?";

/* The live games (unfinished, not archived) by last activity: the count
 * at start and the sweep read this index only. */
static const char *const LIVE_INDEX =
    "CREATE INDEX IF NOT EXISTS games_live ON games(active_at) WHERE finished_at IS NULL AND archived_at IS NULL;";

/* Schema version 2: where a game was played. A finished game of the
 * terminal carries the name of its save ("terminal:FILE"), unique, so
 * that adding it twice keeps one row; games of the server have none. */
static const char *const MIGRATE_2 = "ALTER TABLE games ADD COLUMN source TEXT;";

/* The index that keeps one row per terminal game. */
static const char *const SOURCE_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS games_source ON games(source);";

/* The newest schema this program knows (MIGRATE_2): a database of a
 * newer one was written by a newer trickwood and is refused. */
#define SCHEMA_KNOWN 2
/* Problems of quick_check said in a refusal, at most. */
#define CHECK_LINES 3
/* The PostgreSQL advisory lock held while a process creates or upgrades
 * the tables (two processes starting at once do it once). */
#define SCHEMA_LOCK "727100"

/* Sets every game's last activity to now (MIGRATE_1). 1 on success. */
static int migrate_now(tw_sql *db)
{
    tw_sql_stmt *st = tw_sql_prepare(db, MIGRATE_1_NOW);
    int ok = st && tw_sql_bind_int64(st, 1, tw_now_ms()) && tw_sql_step(st) == TW_SQL_DONE;
    tw_sql_finalize(st);
    return ok;
}

/* Brings the schema to today's version, in one transaction (the version
 * is read inside it: a server and a terminal opening an older file at
 * once upgrade it once). 1 on success. */
static int migrate(tw_sql *db)
{
    int version = tw_sql_schema_version(db);
    if (version < 0)
        return 0;
    if (version < SCHEMA_KNOWN) {
        if (!tw_sql_begin(db))
            return 0;
        version = tw_sql_schema_version(db);
        int ok = version >= 0;
        if (ok && version < 1)
            ok = tw_sql_exec(db, MIGRATE_1) && migrate_now(db);
        if (ok && version < 2)
            ok = tw_sql_exec(db, MIGRATE_2);
        if (ok)
            ok = tw_sql_set_schema_version(db, SCHEMA_KNOWN);
        if (!ok) {
            tw_sql_rollback(db);
            return 0;
        }
        if (!tw_sql_commit(db))
            return 0;
    }
    return tw_sql_exec(db, LIVE_INDEX) && tw_sql_exec(db, SOURCE_INDEX);
}

/* Creates the tables or brings them up to date: under an advisory lock
 * on PostgreSQL (several processes may start at once; SQLite's
 * migration is one write transaction already). 1 on success. */
static int make_schema(tw_sql *db)
{
    int pg = db->kind == TW_SQL_PG;
    if (pg && !tw_sql_exec(db, "SELECT pg_advisory_lock(" SCHEMA_LOCK ")"))
        return 0;
    int ok = tw_sql_exec(db, SCHEMA) && (!pg || tw_sql_exec(db, PG_ROWID)) && migrate(db);
    if (pg) {
        char error[sizeof db->error], code[sizeof db->code];
        snprintf(error, sizeof error, "%s", db->error);
        snprintf(code, sizeof code, "%s", db->code);
        tw_sql_exec(db, "SELECT pg_advisory_unlock(" SCHEMA_LOCK ")");
        if (!ok)
            tw_sql_set_error(db, error, code);
    }
    return ok;
}

/* Closes the connection, then lets the locks go (the lock file and the
 * file's own). */
static void close_all(tw_history_db *h)
{
    tw_sql_close(h->db);
    h->db = NULL;
    if (h->lock_fd >= 0)
        close(h->lock_fd);
    h->lock_fd = -1;
    if (h->file_fd >= 0)
        close(h->file_fd);
    h->file_fd = -1;
}

/* Undoes a failed open: the connection and the locks. Returns -1. */
static int open_failed(tw_history_db *h)
{
    close_all(h);
    return -1;
}

/* Locks the database file itself (flock on its inode, whatever name
 * reached it): a link to a database another server holds is refused.
 * flock, not fcntl: SQLite's own locks are fcntl locks, which a close
 * of any descriptor of the file would drop; a flock lock stays with its
 * descriptor, held until the database closes. Returns the descriptor,
 * or -1 with a message (err empty when the file cannot even be opened:
 * SQLite's own open then says why). */
static int lock_file(const char *path, char *err, size_t err_size)
{
    err[0] = '\0';
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    char real[PATH_MAX];
    int other = realpath(path, real) && strcmp(real, path) != 0;
    snprintf(err, err_size,
             "the database %s is in use by another trickwood serve: the same file%s%s is open in a running server "
             "(a symbolic or hard link reaches one database by two names); stop that server first or give another "
             "--db",
             path, other ? ", as " : "", other ? real : "");
    close(fd);
    return -1;
}

/* SQLite's quick_check of a file: every page, every record's format, no
 * index entry missing its row. 0, or -1 with a message. */
static int quick_check(tw_sql *db, const char *path, char *err, size_t err_size)
{
    char problems[400] = "";
    int lines = 0, rc = TW_SQL_ERROR;
    tw_sql_stmt *st = tw_sql_prepare(db, "PRAGMA quick_check(3)");
    while (st && (rc = tw_sql_step(st)) == TW_SQL_ROW) {
        const char *line = tw_sql_column_text(st, 0);
        if (line && strcmp(line, "ok") != 0 && lines++ < CHECK_LINES) {
            size_t n = strlen(problems);
            snprintf(problems + n, sizeof problems - n, "%s%s", n ? "; " : "", line);
        }
    }
    tw_sql_finalize(st);
    if (rc != TW_SQL_DONE && !lines)
        snprintf(problems, sizeof problems, "%s", tw_sql_error(db));
    if (!lines && rc == TW_SQL_DONE)
        return 0;
    snprintf(err, err_size,
             "the database %s is damaged (SQLite's quick_check: %s); restore it from a backup, or move it aside "
             "(with its -wal file) and start afresh",
             path, problems);
    return -1;
}

/* Checks, before anything is written, that this program knows the
 * database's schema (not newer than SCHEMA_KNOWN) and, when check is
 * set, that a SQLite file is whole (quick_check; PostgreSQL checks its
 * own pages). 0, or -1 with a message. */
static int check_database(tw_sql *db, const char *path, int check, char *err, size_t err_size)
{
    int version = tw_sql_schema_version(db);
    if (version < 0) {
        snprintf(err, err_size, "cannot use the database %s: %s", path, tw_sql_error(db));
        return -1;
    }
    if (version > SCHEMA_KNOWN) {
        snprintf(err, err_size,
                 "the database %s has schema version %d, newer than this trickwood knows (%d): a newer trickwood "
                 "wrote it; use that version, or give another --db (nothing was written)",
                 path, version, SCHEMA_KNOWN);
        return -1;
    }
    if (!check || db->kind != TW_SQL_SQLITE)
        return 0;
    return quick_check(db, path, err, err_size);
}

/* Opens the database (a file, or a PostgreSQL URI), checks it (alone:
 * a file's own lock and quick_check too), sets a file's durability
 * options and creates or upgrades the tables. */
static int open_db(tw_history_db *h, const char *path, int lock_fd, int alone, char *err, size_t err_size)
{
    memset(h, 0, sizeof *h);
    pthread_mutex_init(&h->lock, NULL);
    h->lock_fd = lock_fd;
    h->file_fd = -1;
    err[0] = '\0';
    if (!(h->db = tw_sql_open(path, err, err_size)))
        return open_failed(h);
    const char *name = h->db->name; /* a URI without its password */
    int lite = h->db->kind == TW_SQL_SQLITE;
    /* the file exists from here on (SQLite made it): lock it, before
     * anything is written */
    if (lite && alone && (h->file_fd = lock_file(path, err, err_size)) < 0 && err[0])
        return open_failed(h);
    if (check_database(h->db, name, alone, err, err_size) != 0)
        return open_failed(h);
    if ((lite && !tw_sql_exec(h->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")) ||
        !make_schema(h->db)) {
        snprintf(err, err_size, "cannot use the database %s: %s", name, tw_sql_error(h->db));
        return open_failed(h);
    }
    return 0;
}

/* Opens the database beside others (a terminal beside a server). */
int tw_history_db_open(tw_history_db *h, const char *path, int lock_fd, char *err, size_t err_size)
{
    return open_db(h, path, lock_fd, 0, err, err_size);
}

/* Opens the database for the one program that holds it (the server). */
int tw_history_db_open_alone(tw_history_db *h, const char *path, int lock_fd, char *err, size_t err_size)
{
    return open_db(h, path, lock_fd, 1, err, err_size);
}

/* Closes the connection, then lets the lock go (another server may start). */
void tw_history_db_close(tw_history_db *h)
{
    close_all(h);
    pthread_mutex_destroy(&h->lock);
}

/* A new game id (12 characters). */
int tw_history_new_id(char out[32])
{
    return tw_random_text(out, ID_LENGTH, ID_ALPHABET);
}

/* A new seat token (32 characters). */
int tw_history_new_token(char out[64])
{
    return tw_random_text(out, TOKEN_LENGTH, TOKEN_ALPHABET);
}

/* Commits or rolls back, then unlocks. */
int tw_history_db_end(tw_history_db *h, int ok, int began)
{
    if (ok)
        ok = tw_sql_commit(h->db);
    if (!ok && h->on_failure)
        h->on_failure(h);
    if (!ok && began)
        tw_sql_rollback(h->db);
    pthread_mutex_unlock(&h->lock);
    return ok;
}
