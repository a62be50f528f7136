/* SQLite storage of the web server. Two tables: games (configuration,
 * seed, seat tokens, partner, times, the last activity, and for finished
 * games the result and the record; archived games are marked, and
 * deleted only with --delete-archived-after) and actions (one row per action, in order). The
 * database runs with synchronous=FULL in WAL mode, and an action's row is
 * committed before the HTTP reply, so a killed server loses nothing it
 * acknowledged. One connection is shared under a mutex. One server at a
 * time: the file FILE.lock next to the database is locked (flock) for as
 * long as the server runs and holds its pid, and so is the database
 * file itself, so that a second server reaching the same file by
 * another name (a symbolic or hard link) is refused too. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/server.h"

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

/* Copies a text column (empty for NULL). */
static void column_text(sqlite3_stmt *st, int col, char *out, size_t size)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

/* Binds a text, or NULL for an empty or missing one. */
static int bind_text_or_null(sqlite3_stmt *st, int col, const char *text)
{
    if (!text || !*text)
        return sqlite3_bind_null(st, col);
    return sqlite3_bind_text(st, col, text, -1, SQLITE_TRANSIENT);
}

/* Takes the lock file next to the database (path.lock) and writes this
 * process's pid in it. Returns its descriptor, or -1 with a message:
 * another server holds it (named by pid), or the folder cannot be
 * written. */
static int take_lock(const char *path, char *err, size_t err_size)
{
    char lock_path[1200];
    snprintf(lock_path, sizeof lock_path, "%s.lock", path);
    int fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        snprintf(err, err_size, "the database %s cannot be written: cannot create its lock file %s: %s", path,
                 lock_path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        char pid[32] = "";
        ssize_t n = pread(fd, pid, sizeof pid - 1, 0);
        pid[n > 0 ? n : 0] = '\0';
        pid[strcspn(pid, "\n")] = '\0';
        snprintf(err, err_size,
                 "the database %s is in use by another trickwood serve (pid %s, lock file %s); stop that server "
                 "first or give another --db",
                 path, pid[0] ? pid : "unknown", lock_path);
        close(fd);
        return -1;
    }
    char pid[32];
    int len = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)len, 0) != len) {
        snprintf(err, err_size, "the database %s cannot be written: cannot write its lock file %s: %s", path,
                 lock_path, strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

/* Locks the database file itself (flock on its inode, whatever name
 * reached it): a link to a database another server holds is refused.
 * flock, not fcntl: SQLite's own locks are fcntl locks, which a close
 * of any descriptor of the file would drop; a flock lock stays with its
 * descriptor, held until the store closes. Returns the descriptor, or
 * -1 with a message (err empty when the file cannot even be opened:
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
 * database's schema (not newer than SCHEMA_KNOWN) and, for the server
 * (check set), that SQLite's quick_check finds it whole: every page,
 * every record's format, no index entry missing its row. 0, or -1
 * with a message. */
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

/* Checks that the database can really be written: a read-only file or
 * folder, or a full disk, shows here rather than at the first move. */
static int check_writable(sqlite3 *db, const char *path, char *err, size_t err_size)
{
    char *msg = NULL;
    if (sqlite3_exec(db, "INSERT OR REPLACE INTO meta (key, value) VALUES ('opened_at', datetime('now'))", NULL,
                     NULL, &msg) != SQLITE_OK) {
        snprintf(err, err_size, "the database %s cannot be written: %s", path, msg ? msg : "unknown error");
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

/* Undoes a failed open: the connection and the lock file. Returns -1. */
static int open_failed(tw_srv_store *store)
{
    sqlite3_close(store->db);
    store->db = NULL;
    if (store->lock_fd >= 0)
        close(store->lock_fd);
    store->lock_fd = -1;
    if (store->file_fd >= 0)
        close(store->file_fd);
    store->file_fd = -1;
    return -1;
}

/* Opens the file (taking the server's lock when lock is set), sets
 * durability options and creates or upgrades the tables. */
static int open_db(tw_srv_store *store, const char *path, int lock, char *err, size_t err_size)
{
    memset(store, 0, sizeof *store);
    pthread_mutex_init(&store->lock, NULL);
    store->file_fd = -1;
    store->lock_fd = lock ? take_lock(path, err, err_size) : -1;
    if (lock && store->lock_fd < 0)
        return -1;
    mode_t old = umask(077); /* the file holds seat tokens: owner only */
    int rc = sqlite3_open_v2(path, &store->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                             NULL);
    umask(old);
    if (rc != SQLITE_OK) {
        snprintf(err, err_size, "cannot open the database %s: %s", path,
                 store->db ? sqlite3_errmsg(store->db) : sqlite3_errstr(rc));
        return open_failed(store);
    }
    sqlite3_busy_timeout(store->db, 5000);
    char *msg = NULL;
    if (sqlite3_db_readonly(store->db, "main") == 1) {
        snprintf(err, err_size, "the database %s cannot be written (the file is read-only for this user)", path);
        return open_failed(store);
    }
    /* the file exists from here on (SQLite made it): lock it, before
     * anything is written */
    if (lock && (store->file_fd = lock_file(path, err, err_size)) < 0 && err[0])
        return open_failed(store);
    if (check_database(store->db, path, lock, err, err_size) != 0)
        return open_failed(store);
    if (sqlite3_exec(store->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;", NULL,
                     NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(store->db, SCHEMA, NULL, NULL, &msg) != SQLITE_OK || !migrate(store->db, &msg) ||
        (lock && check_writable(store->db, path, err, err_size) != 0)) {
        if (msg)
            snprintf(err, err_size, "cannot use the database %s: %s", path, msg);
        sqlite3_free(msg);
        return open_failed(store);
    }
    return 0;
}

/* Opens the server's database, holding its lock. */
int tw_srv_store_open(tw_srv_store *store, const char *path, char *err, size_t err_size)
{
    return open_db(store, path, 1, err, err_size);
}

/* Opens the database beside a server that may hold it (no lock). */
int tw_srv_store_open_shared(tw_srv_store *store, const char *path, char *err, size_t err_size)
{
    return open_db(store, path, 0, err, err_size);
}

int tw_srv_store_private(const char *path, char *fixed, size_t fixed_size, char *failed, size_t failed_size)
{
    static const char *const suffixes[] = {"", "-wal", "-shm"};
    int changed = 0;
    fixed[0] = failed[0] = '\0';
    for (int i = 0; i < 3; i++) {
        char name[1200];
        struct stat st;
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        if (stat(name, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 077) == 0)
            continue;
        unsigned old = (unsigned)(st.st_mode & 07777);
        size_t n = strlen(fixed), m = strlen(failed);
        if (chmod(name, st.st_mode & 0700) == 0) {
            snprintf(fixed + n, fixed_size - n, "%s%s (%04o)", n ? ", " : "", name, old);
            changed++;
        } else {
            snprintf(failed + m, failed_size - m, "%s%s (%04o: %s)", m ? ", " : "", name, old, strerror(errno));
        }
    }
    return changed;
}

/* Closes the connection, then lets the lock go (another server may start). */
void tw_srv_store_close(tw_srv_store *store)
{
    if (store->db)
        sqlite3_close(store->db);
    store->db = NULL;
    if (store->lock_fd >= 0)
        close(store->lock_fd);
    store->lock_fd = -1;
    if (store->file_fd >= 0)
        close(store->file_fd);
    store->file_fd = -1;
    pthread_mutex_destroy(&store->lock);
}

/* After a write that failed: when SQLite reported an error (a full
 * disk, an I/O error, a locked or damaged file; not a refusal such as
 * an archived game's), writes its cause to standard error, for the
 * server's own store only, at most once per 10 seconds (the others
 * counted in the next line): a failing store is never silent. Call
 * under the store's lock, right after the failed call. */
static void note_failure(tw_srv_store *store)
{
    int rc = sqlite3_extended_errcode(store->db);
    int primary = rc & 0xff;
    if (store->lock_fd < 0 || primary == SQLITE_OK || primary == SQLITE_ROW || primary == SQLITE_DONE)
        return;
    const char *file = sqlite3_db_filename(store->db, "main");
    tw_srv_log_throttled("store",
                         "could not write to the database %s: %s (SQLite error %d); the request was refused and "
                         "nothing changed",
                         file && *file ? file : "(unknown)", sqlite3_errmsg(store->db), rc);
}

/* Inserts the games row of a new game. */
int tw_srv_store_add_game(tw_srv_store *store, const tw_srv_game_row *row)
{
    static const char *const sql = "INSERT INTO games (id, game, config, seed, token0, token1, join_code, partner,"
                                   " created_at, active_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    int ok = sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_text(st, 1, row->id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, row->game, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 3, row->config, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)row->seed);
        sqlite3_bind_text(st, 5, row->token[0], -1, SQLITE_TRANSIENT);
        bind_text_or_null(st, 6, row->token[1]);
        bind_text_or_null(st, 7, row->join_code);
        sqlite3_bind_text(st, 8, row->partner, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 9, row->created_at, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 10, row->active_ms ? row->active_ms : tw_srv_now_ms());
        ok = sqlite3_step(st) == SQLITE_DONE;
    }
    sqlite3_finalize(st);
    if (!ok)
        note_failure(store);
    pthread_mutex_unlock(&store->lock);
    return ok ? 0 : -1;
}

/* Records who holds seat 1. */
int tw_srv_store_set_seat(tw_srv_store *store, const char *id, const char *token1, const char *join_code,
                          const char *partner, const char *config)
{
    static const char *const sql = "UPDATE games SET token1 = ?, join_code = ?, partner = ?, config = ?, active_at = ?"
                                   " WHERE id = ? AND archived_at IS NULL";
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    int ok = sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        bind_text_or_null(st, 1, token1);
        bind_text_or_null(st, 2, join_code);
        sqlite3_bind_text(st, 3, partner, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 4, config, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 5, tw_srv_now_ms());
        sqlite3_bind_text(st, 6, id, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(store->db) == 1;
    }
    sqlite3_finalize(st);
    if (!ok)
        note_failure(store);
    pthread_mutex_unlock(&store->lock);
    return ok ? 0 : -1;
}

/* Runs one statement without results; 1 on success. */
static int exec_ok(sqlite3 *db, const char *sql)
{
    return sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK;
}

/* Ends a transaction begun (began) under the store's lock: commits when
 * every step went well (ok), else rolls back; then unlocks. Returns
 * whether it was committed. */
static int end_transaction(tw_srv_store *store, int ok, int began)
{
    if (ok)
        ok = exec_ok(store->db, "COMMIT");
    if (!ok)
        note_failure(store);
    if (!ok && began)
        exec_ok(store->db, "ROLLBACK");
    pthread_mutex_unlock(&store->lock);
    return ok;
}

/* Inserts an action row (and the finish), committed as one transaction. */
int tw_srv_store_add_action(tw_srv_store *store, const char *id, int seq, int seat, const char *action,
                            const char *result_json, const char *record_json, const char *finished_at)
{
    pthread_mutex_lock(&store->lock);
    int ok = exec_ok(store->db, "BEGIN IMMEDIATE");
    int began = ok;
    sqlite3_stmt *st = NULL;
    if (ok) {
        ok = sqlite3_prepare_v2(store->db, "INSERT INTO actions (game_id, seq, seat, action) VALUES (?, ?, ?, ?)", -1,
                                &st, NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(st, 2, seq);
            sqlite3_bind_int(st, 3, seat);
            sqlite3_bind_text(st, 4, action, -1, SQLITE_TRANSIENT);
            ok = sqlite3_step(st) == SQLITE_DONE;
        }
        sqlite3_finalize(st);
        st = NULL;
    }
    if (ok) {
        ok = sqlite3_prepare_v2(store->db,
                                record_json ? "UPDATE games SET active_at = ?1, finished_at = ?3, result = ?4,"
                                              " record = ?5 WHERE id = ?2 AND archived_at IS NULL"
                                            : "UPDATE games SET active_at = ?1 WHERE id = ?2 AND archived_at IS NULL",
                                -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_int64(st, 1, tw_srv_now_ms());
            sqlite3_bind_text(st, 2, id, -1, SQLITE_TRANSIENT);
            if (record_json) {
                sqlite3_bind_text(st, 3, finished_at, -1, SQLITE_TRANSIENT);
                sqlite3_bind_text(st, 4, result_json, -1, SQLITE_TRANSIENT);
                sqlite3_bind_text(st, 5, record_json, -1, SQLITE_TRANSIENT);
            }
            ok = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(store->db) == 1;
        }
        sqlite3_finalize(st);
    }
    ok = end_transaction(store, ok, began);
    return ok ? 0 : -1;
}

int tw_srv_store_take_back(tw_srv_store *store, const char *id, int keep)
{
    pthread_mutex_lock(&store->lock);
    int ok = exec_ok(store->db, "BEGIN IMMEDIATE");
    int began = ok;
    sqlite3_stmt *st = NULL;
    if (ok) {
        ok = sqlite3_prepare_v2(store->db,
                                "UPDATE games SET active_at = ?1 WHERE id = ?2 AND archived_at IS NULL"
                                " AND finished_at IS NULL",
                                -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_int64(st, 1, tw_srv_now_ms());
            sqlite3_bind_text(st, 2, id, -1, SQLITE_TRANSIENT);
            ok = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(store->db) == 1;
        }
        sqlite3_finalize(st);
        st = NULL;
    }
    if (ok) {
        ok = sqlite3_prepare_v2(store->db, "DELETE FROM actions WHERE game_id = ? AND seq >= ?", -1, &st, NULL) ==
             SQLITE_OK;
        if (ok) {
            sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(st, 2, keep);
            ok = sqlite3_step(st) == SQLITE_DONE;
        }
        sqlite3_finalize(st);
    }
    ok = end_transaction(store, ok, began);
    return ok ? 0 : -1;
}

/* Fills a row from the columns of SELECT_GAME. */
static void read_row(sqlite3_stmt *st, tw_srv_game_row *row)
{
    memset(row, 0, sizeof *row);
    column_text(st, 0, row->id, sizeof row->id);
    column_text(st, 1, row->game, sizeof row->game);
    column_text(st, 2, row->config, sizeof row->config);
    row->seed = (uint64_t)sqlite3_column_int64(st, 3);
    column_text(st, 4, row->token[0], sizeof row->token[0]);
    column_text(st, 5, row->token[1], sizeof row->token[1]);
    column_text(st, 6, row->join_code, sizeof row->join_code);
    column_text(st, 7, row->partner, sizeof row->partner);
    column_text(st, 8, row->created_at, sizeof row->created_at);
    column_text(st, 9, row->finished_at, sizeof row->finished_at);
    column_text(st, 10, row->archived_at, sizeof row->archived_at);
    row->active_ms = sqlite3_column_int64(st, 11);
}

#define SELECT_GAME                                                                                               \
    "SELECT id, game, config, seed, token0, token1, join_code, partner, created_at, finished_at, archived_at," \
    " active_at FROM games WHERE id = ?"

/* Reads one game row. */
int tw_srv_store_get_game(tw_srv_store *store, const char *id, tw_srv_game_row *row)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    int found = -1;
    if (sqlite3_prepare_v2(store->db, SELECT_GAME, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
        int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            read_row(st, row);
            found = 1;
        } else if (rc == SQLITE_DONE) {
            found = 0;
        }
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&store->lock);
    return found;
}

/* Calls fn for each stored action of a game, in order. */
int tw_srv_store_actions(tw_srv_store *store, const char *id, void (*fn)(void *ctx, int seat, const char *action),
                         void *ctx)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    int count = -1;
    if (sqlite3_prepare_v2(store->db, "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq", -1, &st,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
        count = 0;
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            const unsigned char *t = sqlite3_column_text(st, 1);
            fn(ctx, sqlite3_column_int(st, 0), t ? (const char *)t : "");
            count++;
        }
        if (rc != SQLITE_DONE)
            count = -1;
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&store->lock);
    return count;
}

/* The number of live games, from the index of live games. */
int tw_srv_store_count_live(tw_srv_store *store)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    int count = -1;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT count(*) FROM games INDEXED BY games_live"
                           " WHERE finished_at IS NULL AND archived_at IS NULL",
                           -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        count = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    pthread_mutex_unlock(&store->lock);
    return count;
}

/* The condition of a stale live game, with the cuts as ?1 (any game) and
 * ?2 (seat 1 open). The range on active_at (below the later cut) lets
 * the index of live games find them without a full scan. */
#define STALE_WHERE                                                                                          \
    " finished_at IS NULL AND archived_at IS NULL AND active_at < max(?1, ?2)"                              \
    " AND (active_at < ?1 OR partner = 'open')"

/* Ids of stale live games, oldest activity first. */
int tw_srv_store_stale(tw_srv_store *store, long long cut_ms, long long unjoined_cut_ms, char (*ids)[32], int max)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    int n = -1;
    if (sqlite3_prepare_v2(store->db, "SELECT id FROM games INDEXED BY games_live WHERE" STALE_WHERE " LIMIT ?3", -1,
                           &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, cut_ms);
        sqlite3_bind_int64(st, 2, unjoined_cut_ms);
        sqlite3_bind_int(st, 3, max);
        n = 0;
        while (n < max && sqlite3_step(st) == SQLITE_ROW)
            column_text(st, 0, ids[n++], 32);
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&store->lock);
    return n;
}

/* Archives the listed games that are still stale, in one transaction. */
int tw_srv_store_delete_archived(tw_srv_store *store, const char *before_iso)
{
    static const char *const sql[2] = {
        "DELETE FROM actions WHERE game_id IN (SELECT id FROM games WHERE archived_at IS NOT NULL"
        " AND finished_at IS NULL AND archived_at < ?1)",
        "DELETE FROM games WHERE archived_at IS NOT NULL AND finished_at IS NULL AND archived_at < ?1"};
    pthread_mutex_lock(&store->lock);
    int ok = exec_ok(store->db, "BEGIN IMMEDIATE");
    int began = ok, count = 0;
    for (int i = 0; ok && i < 2; i++) {
        sqlite3_stmt *st = NULL;
        ok = sqlite3_prepare_v2(store->db, sql[i], -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_text(st, 1, before_iso, -1, SQLITE_TRANSIENT);
            ok = sqlite3_step(st) == SQLITE_DONE;
            count = sqlite3_changes(store->db);
        }
        sqlite3_finalize(st);
    }
    ok = end_transaction(store, ok, began);
    return ok ? count : -1;
}

int tw_srv_store_archive(tw_srv_store *store, char (*ids)[32], int n, long long cut_ms, long long unjoined_cut_ms,
                         const char *archived_at, int *done)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    int count = 0;
    int ok = exec_ok(store->db, "BEGIN IMMEDIATE");
    int began = ok;
    if (ok)
        ok = sqlite3_prepare_v2(store->db, "UPDATE games SET archived_at = ?3 WHERE id = ?4 AND" STALE_WHERE, -1, &st,
                                NULL) == SQLITE_OK;
    for (int i = 0; ok && i < n; i++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, cut_ms);
        sqlite3_bind_int64(st, 2, unjoined_cut_ms);
        sqlite3_bind_text(st, 3, archived_at, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 4, ids[i], -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(st) == SQLITE_DONE;
        done[i] = ok && sqlite3_changes(store->db) == 1;
        count += done[i];
    }
    sqlite3_finalize(st);
    ok = end_transaction(store, ok, began);
    if (!ok)
        memset(done, 0, (size_t)n * sizeof *done);
    return ok ? count : -1;
}

/* Parses stored JSON text (written by this server); null when broken. */
static json_t *stored_json(const unsigned char *text)
{
    json_t *v = text ? json_loads((const char *)text, 0, NULL) : NULL;
    return v ? v : json_null();
}

/* A text column as a C string (NULL for NULL). */
static const char *column_str(sqlite3_stmt *st, int col)
{
    return (const char *)sqlite3_column_text(st, col);
}

/* Where a finished game came from, by its source: "web" (none), an
 * imported record file ("import:..."), or the terminal. */
static const char *source_origin(const char *source)
{
    if (!source)
        return "web";
    return strncmp(source, "import:", 7) == 0 ? "import" : "terminal";
}

/* The history list, newest first. */
json_t *tw_srv_store_history(tw_srv_store *store, const char *game, int limit)
{
    json_t *list = json_array();
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    const char *sql = "SELECT id, game, created_at, finished_at, config, result, seed, source FROM games"
                      " WHERE finished_at IS NOT NULL AND (?1 IS NULL OR game = ?1)"
                      " ORDER BY finished_at DESC, rowid DESC LIMIT ?2";
    if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) == SQLITE_OK) {
        bind_text_or_null(st, 1, game);
        sqlite3_bind_int(st, 2, limit);
        while (sqlite3_step(st) == SQLITE_ROW) {
            json_t *item = json_pack("{s:s?, s:s?, s:s?, s:s?, s:o, s:o, s:I, s:s}", "id", column_str(st, 0), "game",
                                     column_str(st, 1), "created_at", column_str(st, 2), "finished_at",
                                     column_str(st, 3), "config", stored_json(sqlite3_column_text(st, 4)),
                                     "result", stored_json(sqlite3_column_text(st, 5)), "seed",
                                     (json_int_t)sqlite3_column_int64(st, 6),
                                     "origin", source_origin(column_str(st, 7)));
            if (item)
                json_array_append_new(list, item);
        }
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&store->lock);
    return list;
}

/* Copies a text column into a new string (NULL for NULL). */
static char *column_dup(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return t ? strdup((const char *)t) : NULL;
}

/* The stored record and result of a finished game. */
int tw_srv_store_finished(tw_srv_store *store, const char *id, char **record, char **result, tw_srv_game_row *row)
{
    *record = NULL;
    *result = NULL;
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    int found = -1;
    const char *sql = "SELECT id, game, config, seed, token0, token1, join_code, partner, created_at, finished_at,"
                      " record, result FROM games WHERE id = ? AND finished_at IS NOT NULL";
    if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
        int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            read_row(st, row);
            *record = column_dup(st, 10);
            *result = column_dup(st, 11);
            found = *record && *result ? 1 : -1;
        } else if (rc == SQLITE_DONE) {
            found = 0;
        }
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&store->lock);
    if (found != 1) {
        free(*record);
        free(*result);
        *record = *result = NULL;
    }
    return found;
}

/* Inserts one action row of a finished game (the statement prepared). */
static int insert_action(sqlite3_stmt *st, const char *id, int seq, int seat, const char *action)
{
    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, seq);
    sqlite3_bind_int(st, 3, seat);
    sqlite3_bind_text(st, 4, action, -1, SQLITE_TRANSIENT);
    return sqlite3_step(st) == SQLITE_DONE;
}

/* Adds a game finished elsewhere (the terminal) with its actions, in one
 * short transaction; a row of the same source already there is kept. */
int tw_srv_store_add_finished(tw_srv_store *store, const tw_srv_game_row *row, const char *source,
                              const char *result_json, const char *record_json, int count, const int *seats,
                              char (*actions)[48])
{
    static const char *const sql =
        "INSERT OR IGNORE INTO games (id, game, config, seed, token0, partner, created_at, active_at, finished_at,"
        " result, record, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    pthread_mutex_lock(&store->lock);
    int ok = exec_ok(store->db, "BEGIN IMMEDIATE");
    int began = ok, added = 0;
    sqlite3_stmt *st = NULL;
    if (ok && (ok = sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) == SQLITE_OK)) {
        const char *texts[] = {row->id, row->game, row->config};
        for (int k = 0; k < 3; k++)
            sqlite3_bind_text(st, k + 1, texts[k], -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)row->seed);
        sqlite3_bind_text(st, 5, row->token[0], -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 6, row->partner, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 7, row->created_at, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 8, row->active_ms ? row->active_ms : tw_srv_now_ms());
        sqlite3_bind_text(st, 9, row->finished_at, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 10, result_json, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 11, record_json, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 12, source, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(st) == SQLITE_DONE;
        added = ok && sqlite3_changes(store->db) == 1;
    }
    sqlite3_finalize(st);
    st = NULL;
    if (ok && added &&
        (ok = sqlite3_prepare_v2(store->db, "INSERT INTO actions (game_id, seq, seat, action) VALUES (?, ?, ?, ?)",
                                 -1, &st, NULL) == SQLITE_OK))
        for (int i = 0; ok && i < count; i++)
            ok = insert_action(st, row->id, i, seats[i], actions[i]);
    sqlite3_finalize(st);
    ok = end_transaction(store, ok, began);
    return ok ? added : -1;
}

/* The sources already stored (the terminal's games), as object keys. */
json_t *tw_srv_store_sources(tw_srv_store *store)
{
    json_t *set = json_object();
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st = NULL;
    int rc = SQLITE_ERROR;
    if (set && sqlite3_prepare_v2(store->db, "SELECT source FROM games WHERE source IS NOT NULL", -1, &st, NULL) ==
                   SQLITE_OK)
        while ((rc = sqlite3_step(st)) == SQLITE_ROW)
            json_object_set_new(set, column_str(st, 0), json_true());
    sqlite3_finalize(st);
    pthread_mutex_unlock(&store->lock);
    if (rc != SQLITE_DONE) {
        json_decref(set);
        return NULL;
    }
    return set;
}
