/* The database file of the history and of the server's games: opening
 * it, its schema and the migrations that bring an older file to today's,
 * the ids of its rows, and the small SQL helpers its users share. Two
 * tables: games (configuration, seed, seat tokens, partner, times, the
 * last activity, and for finished games the result and the record;
 * archived games are marked, and deleted only with the server's
 * --delete-archived-after) and actions (one row per
 * action, in order). The file runs with synchronous=FULL in WAL mode, so
 * a committed row survives a crash. */
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
    " seed INTEGER NOT NULL,"
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

/* Schema version 1 (PRAGMA user_version): a game's last activity
 * (created, joined, last action; milliseconds since 1970) and when it was
 * archived. Games stored before it count as active at the upgrade: their
 * action times were never stored, and none should be archived for that. */
static const char *const MIGRATE_1 =
    "ALTER TABLE games ADD COLUMN active_at INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN archived_at TEXT;"
    "UPDATE games SET active_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER);"
    "PRAGMA user_version = 1;";

/* The live games (unfinished, not archived) by last activity: the count
 * at start and the sweep read this index only. */
static const char *const LIVE_INDEX =
    "CREATE INDEX IF NOT EXISTS games_live ON games(active_at) WHERE finished_at IS NULL AND archived_at IS NULL;";

/* Schema version 2: where a game was played. A finished game of the
 * terminal carries the name of its save ("terminal:FILE"), unique, so
 * that adding it twice keeps one row; games of the server have none. */
static const char *const MIGRATE_2 =
    "ALTER TABLE games ADD COLUMN source TEXT;"
    "PRAGMA user_version = 2;";

/* The index that keeps one row per terminal game. */
static const char *const SOURCE_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS games_source ON games(source);";

/* The newest schema this program knows (MIGRATE_2): a database of a
 * newer one was written by a newer trickwood and is refused. */
#define SCHEMA_KNOWN 2
/* Problems of quick_check said in a refusal, at most. */
#define CHECK_LINES 3

/* The schema version (PRAGMA user_version), or -1. */
static int schema_version(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    int version = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return version;
}

/* Brings the schema to today's version, in one transaction (the version
 * is read inside it: a server and a terminal opening an older file at
 * once upgrade it once). 1 on success. */
static int migrate(sqlite3 *db, char **msg)
{
    int version = schema_version(db);
    if (version < 0)
        return 0;
    if (version < 2) {
        if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, msg) != SQLITE_OK)
            return 0;
        version = schema_version(db);
        int ok = version >= 0;
        if (ok && version < 1)
            ok = sqlite3_exec(db, MIGRATE_1, NULL, NULL, msg) == SQLITE_OK;
        if (ok && version < 2)
            ok = sqlite3_exec(db, MIGRATE_2, NULL, NULL, msg) == SQLITE_OK;
        if (!ok) {
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            return 0;
        }
        if (sqlite3_exec(db, "COMMIT", NULL, NULL, msg) != SQLITE_OK)
            return 0;
    }
    return sqlite3_exec(db, LIVE_INDEX, NULL, NULL, msg) == SQLITE_OK &&
           sqlite3_exec(db, SOURCE_INDEX, NULL, NULL, msg) == SQLITE_OK;
}

/* Closes the connection, then lets the locks go (the lock file and the
 * file's own). */
static void close_all(tw_history_db *h)
{
    if (h->db)
        sqlite3_close(h->db);
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

/* Checks, before anything is written, that this program knows the
 * database's schema (not newer than SCHEMA_KNOWN) and, when check is
 * set, that SQLite's quick_check finds it whole: every page, every
 * record's format, no index entry missing its row. 0, or -1 with a
 * message. */
static int check_database(sqlite3 *db, const char *path, int check, char *err, size_t err_size)
{
    int version = schema_version(db);
    if (version < 0) {
        snprintf(err, err_size, "cannot use the database %s: %s", path, sqlite3_errmsg(db));
        return -1;
    }
    if (version > SCHEMA_KNOWN) {
        snprintf(err, err_size,
                 "the database %s has schema version %d, newer than this trickwood knows (%d): a newer trickwood "
                 "wrote it; use that version, or give another --db (nothing was written)",
                 path, version, SCHEMA_KNOWN);
        return -1;
    }
    if (!check)
        return 0;
    sqlite3_stmt *st = NULL;
    char problems[400] = "";
    int lines = 0, rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(3)", -1, &st, NULL);
    while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *line = (const char *)sqlite3_column_text(st, 0);
        if (line && strcmp(line, "ok") != 0 && lines++ < CHECK_LINES) {
            size_t n = strlen(problems);
            snprintf(problems + n, sizeof problems - n, "%s%s", n ? "; " : "", line);
        }
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && !lines)
        snprintf(problems, sizeof problems, "%s", sqlite3_errmsg(db));
    if (!lines && rc == SQLITE_DONE)
        return 0;
    snprintf(err, err_size,
             "the database %s is damaged (SQLite's quick_check: %s); restore it from a backup, or move it aside "
             "(with its -wal file) and start afresh",
             path, problems);
    return -1;
}

/* Opens the file, checks it (alone: the file's own lock and quick_check
 * too), sets durability options and creates or upgrades the tables. */
static int open_db(tw_history_db *h, const char *path, int lock_fd, int alone, char *err, size_t err_size)
{
    memset(h, 0, sizeof *h);
    pthread_mutex_init(&h->lock, NULL);
    h->lock_fd = lock_fd;
    h->file_fd = -1;
    err[0] = '\0';
    mode_t old = umask(077); /* the file holds seat tokens: owner only */
    int rc = sqlite3_open_v2(path, &h->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL);
    umask(old);
    if (rc != SQLITE_OK) {
        snprintf(err, err_size, "cannot open the database %s: %s", path,
                 h->db ? sqlite3_errmsg(h->db) : sqlite3_errstr(rc));
        return open_failed(h);
    }
    sqlite3_busy_timeout(h->db, 5000);
    char *msg = NULL;
    if (sqlite3_db_readonly(h->db, "main") == 1) {
        snprintf(err, err_size, "the database %s cannot be written (the file is read-only for this user)", path);
        return open_failed(h);
    }
    /* the file exists from here on (SQLite made it): lock it, before
     * anything is written */
    if (alone && (h->file_fd = lock_file(path, err, err_size)) < 0 && err[0])
        return open_failed(h);
    if (check_database(h->db, path, alone, err, err_size) != 0)
        return open_failed(h);
    if (sqlite3_exec(h->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;", NULL, NULL,
                     &msg) != SQLITE_OK ||
        sqlite3_exec(h->db, SCHEMA, NULL, NULL, &msg) != SQLITE_OK || !migrate(h->db, &msg)) {
        if (msg)
            snprintf(err, err_size, "cannot use the database %s: %s", path, msg);
        sqlite3_free(msg);
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

/* Copies a text column (empty for NULL). */
void tw_history_db_text(sqlite3_stmt *st, int col, char *out, size_t size)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

/* Binds a text, or NULL for an empty or missing one. */
int tw_history_db_bind(sqlite3_stmt *st, int col, const char *text)
{
    if (!text || !*text)
        return sqlite3_bind_null(st, col);
    return sqlite3_bind_text(st, col, text, -1, SQLITE_TRANSIENT);
}

/* Runs one statement without results. */
int tw_history_db_exec(sqlite3 *db, const char *sql)
{
    return sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK;
}

/* Commits or rolls back, then unlocks. */
int tw_history_db_end(tw_history_db *h, int ok, int began)
{
    if (ok)
        ok = tw_history_db_exec(h->db, "COMMIT");
    if (!ok && h->on_failure)
        h->on_failure(h);
    if (!ok && began)
        tw_history_db_exec(h->db, "ROLLBACK");
    pthread_mutex_unlock(&h->lock);
    return ok;
}
