/* Storage of the web server's games in play (SQLite, or PostgreSQL
 * through the same statements: src/history/sql.h), in the database
 * that src/history/ owns (its tables games and actions, their
 * schema and migrations: history_db.c): a new game, its seats, its
 * actions, an undo, the count of live games and the archiving sweep. An
 * action's row is committed before the HTTP reply, so a killed server
 * loses nothing it acknowledged. One connection is shared under a mutex.
 * On a SQLite file, one server at a time: the file FILE.lock next to the database is
 * locked (flock) for as long as the server runs and holds its pid, and
 * so is the database file itself (tw_history_db_open_alone), so that a
 * second server reaching the same file by another name (a symbolic or
 * hard link) is refused too. Archived games are deleted only with
 * --delete-archived-after; a failed write logs its cause. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/server.h"

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

/* Checks that the database can really be written: a read-only file or
 * folder, or a full disk, shows here rather than at the first move. */
static int check_writable(tw_sql *db, const char *name, char *err, size_t err_size)
{
    char now[32];
    tw_now_iso(now);
    tw_sql_stmt *st = tw_sql_prepare(db, "INSERT INTO meta (key, value) VALUES ('opened_at', ?)"
                                         " ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    int ok = st && tw_sql_bind_text(st, 1, now) && tw_sql_step(st) == TW_SQL_DONE;
    tw_sql_finalize(st);
    if (!ok) {
        snprintf(err, err_size, "the database %s cannot be written: %s", name,
                 tw_sql_failed(db) ? tw_sql_error(db) : "unknown error");
        return -1;
    }
    return 0;
}

/* After a write that failed: when the database reported an error (a
 * full disk, an I/O error, a locked or damaged file, a lost connection;
 * not a refusal such as an archived game's), writes its cause to
 * standard error, at most once per 10 seconds (the others counted in
 * the next line): a failing store is never silent. Called under the
 * store's lock, right after the failed call (the database's on_failure,
 * and below). */
static void note_failure(tw_srv_store *store)
{
    tw_sql *db = store->db;
    if (!tw_sql_failed(db))
        return;
    tw_srv_log_throttled("store",
                         "could not write to the database %s: %s (%s error %s); the request was refused and "
                         "nothing changed",
                         db->name[0] ? db->name : "(unknown)", tw_sql_error(db),
                         db->kind == TW_SQL_SQLITE ? "SQLite" : "PostgreSQL", db->code);
}

/* Opens the server's database: a file first takes its lock file, then
 * opens the file itself, alone (src/history/: the file's own lock, its
 * schema known and quick_check, its tables brought up to date); a
 * PostgreSQL database takes no lock (several servers share it). Then a
 * check that it can be written. */
int tw_srv_store_open(tw_srv_store *store, const char *path, char *err, size_t err_size)
{
    int fd = tw_sql_is_uri(path) ? -1 : take_lock(path, err, err_size);
    if (fd < 0 && !tw_sql_is_uri(path)) {
        memset(store, 0, sizeof *store);
        pthread_mutex_init(&store->lock, NULL);
        store->lock_fd = -1;
        store->file_fd = -1;
        return -1;
    }
    if (tw_history_db_open_alone(store, path, fd, err, err_size) != 0)
        return -1;
    if (check_writable(store->db, store->db->name, err, err_size) != 0) {
        tw_history_db_close(store);
        return -1;
    }
    store->on_failure = note_failure;
    return 0;
}

/* Takes the group's and others' bits off the database files (server.h). */
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

/* Closes the database and lets its lock go (another server may start). */
void tw_srv_store_close(tw_srv_store *store)
{
    tw_history_db_close(store);
}

/* Runs a prepared write with its bindings made (ok: they all went
 * well), wanting one row changed when one is set. 1 on success. */
static int run_write(tw_srv_store *store, tw_sql_stmt *st, int ok, int one)
{
    ok = ok && st && tw_sql_step(st) == TW_SQL_DONE && (!one || tw_sql_changes(store->db) == 1);
    tw_sql_finalize(st);
    return ok;
}

/* Inserts the games row of a new game. */
int tw_srv_store_add_game(tw_srv_store *store, const tw_srv_game_row *row)
{
    static const char *const sql = "INSERT INTO games (id, game, config, seed, token0, token1, join_code, partner,"
                                   " created_at, active_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    pthread_mutex_lock(&store->lock);
    tw_sql_stmt *st = tw_sql_prepare(store->db, sql);
    int ok = st && tw_sql_bind_text(st, 1, row->id) && tw_sql_bind_text(st, 2, row->game) &&
             tw_sql_bind_text(st, 3, row->config) && tw_sql_bind_int64(st, 4, (long long)row->seed) &&
             tw_sql_bind_text(st, 5, row->token[0]) && tw_sql_bind_opt(st, 6, row->token[1]) &&
             tw_sql_bind_opt(st, 7, row->join_code) && tw_sql_bind_text(st, 8, row->partner) &&
             tw_sql_bind_text(st, 9, row->created_at) &&
             tw_sql_bind_int64(st, 10, row->active_ms ? row->active_ms : tw_now_ms());
    ok = run_write(store, st, ok, 0);
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
    tw_sql_stmt *st = tw_sql_prepare(store->db, sql);
    int ok = st && tw_sql_bind_opt(st, 1, token1) && tw_sql_bind_opt(st, 2, join_code) &&
             tw_sql_bind_text(st, 3, partner) && tw_sql_bind_text(st, 4, config) &&
             tw_sql_bind_int64(st, 5, tw_now_ms()) && tw_sql_bind_text(st, 6, id);
    ok = run_write(store, st, ok, 1);
    if (!ok)
        note_failure(store);
    pthread_mutex_unlock(&store->lock);
    return ok ? 0 : -1;
}

/* Inserts an action row (and the finish), committed as one transaction. */
int tw_srv_store_add_action(tw_srv_store *store, const char *id, int seq, int seat, const char *action,
                            const char *result_json, const char *record_json, const char *finished_at)
{
    pthread_mutex_lock(&store->lock);
    tw_sql *db = store->db;
    int ok = tw_sql_begin(db);
    int began = ok;
    if (ok) {
        tw_sql_stmt *st = tw_sql_prepare(db, "INSERT INTO actions (game_id, seq, seat, action) VALUES (?, ?, ?, ?)");
        ok = st && tw_sql_bind_text(st, 1, id) && tw_sql_bind_int64(st, 2, seq) && tw_sql_bind_int64(st, 3, seat) &&
             tw_sql_bind_text(st, 4, action);
        ok = run_write(store, st, ok, 0);
    }
    if (ok) {
        tw_sql_stmt *st = tw_sql_prepare(db, record_json ? "UPDATE games SET active_at = ?1, finished_at = ?3, result = ?4,"
                                                           " record = ?5 WHERE id = ?2 AND archived_at IS NULL"
                                                         : "UPDATE games SET active_at = ?1 WHERE id = ?2 AND archived_at IS NULL");
        ok = st && tw_sql_bind_int64(st, 1, tw_now_ms()) && tw_sql_bind_text(st, 2, id);
        if (ok && record_json)
            ok = tw_sql_bind_text(st, 3, finished_at) && tw_sql_bind_text(st, 4, result_json) &&
                 tw_sql_bind_text(st, 5, record_json);
        ok = run_write(store, st, ok, 1);
    }
    ok = tw_history_db_end(store, ok, began);
    return ok ? 0 : -1;
}

/* Forgets the actions of a game from seq `keep` on (an undo). */
int tw_srv_store_take_back(tw_srv_store *store, const char *id, int keep)
{
    pthread_mutex_lock(&store->lock);
    tw_sql *db = store->db;
    int ok = tw_sql_begin(db);
    int began = ok;
    if (ok) {
        tw_sql_stmt *st = tw_sql_prepare(db, "UPDATE games SET active_at = ?1 WHERE id = ?2 AND archived_at IS NULL"
                                             " AND finished_at IS NULL");
        ok = st && tw_sql_bind_int64(st, 1, tw_now_ms()) && tw_sql_bind_text(st, 2, id);
        ok = run_write(store, st, ok, 1);
    }
    if (ok) {
        tw_sql_stmt *st = tw_sql_prepare(db, "DELETE FROM actions WHERE game_id = ? AND seq >= ?");
        ok = st && tw_sql_bind_text(st, 1, id) && tw_sql_bind_int64(st, 2, keep);
        ok = run_write(store, st, ok, 0);
    }
    ok = tw_history_db_end(store, ok, began);
    return ok ? 0 : -1;
}

/* Fills a row from the columns of SELECT_GAME. */
static void read_row(tw_sql_stmt *st, tw_srv_game_row *row)
{
    memset(row, 0, sizeof *row);
    tw_sql_column_copy(st, 0, row->id, sizeof row->id);
    tw_sql_column_copy(st, 1, row->game, sizeof row->game);
    tw_sql_column_copy(st, 2, row->config, sizeof row->config);
    row->seed = (uint64_t)tw_sql_column_int64(st, 3);
    tw_sql_column_copy(st, 4, row->token[0], sizeof row->token[0]);
    tw_sql_column_copy(st, 5, row->token[1], sizeof row->token[1]);
    tw_sql_column_copy(st, 6, row->join_code, sizeof row->join_code);
    tw_sql_column_copy(st, 7, row->partner, sizeof row->partner);
    tw_sql_column_copy(st, 8, row->created_at, sizeof row->created_at);
    tw_sql_column_copy(st, 9, row->finished_at, sizeof row->finished_at);
    tw_sql_column_copy(st, 10, row->archived_at, sizeof row->archived_at);
    row->active_ms = tw_sql_column_int64(st, 11);
}

#define SELECT_GAME                                                                                               \
    "SELECT id, game, config, seed, token0, token1, join_code, partner, created_at, finished_at, archived_at," \
    " active_at FROM games WHERE id = ?"

/* Reads one game row. */
int tw_srv_store_get_game(tw_srv_store *store, const char *id, tw_srv_game_row *row)
{
    pthread_mutex_lock(&store->lock);
    int found = -1;
    tw_sql_stmt *st = tw_sql_prepare(store->db, SELECT_GAME);
    if (st && tw_sql_bind_text(st, 1, id)) {
        int rc = tw_sql_step(st);
        if (rc == TW_SQL_ROW) {
            read_row(st, row);
            found = 1;
        } else if (rc == TW_SQL_DONE) {
            found = 0;
        }
    }
    tw_sql_finalize(st);
    pthread_mutex_unlock(&store->lock);
    return found;
}

/* Calls fn for each stored action of a game, in order. */
int tw_srv_store_actions(tw_srv_store *store, const char *id, void (*fn)(void *ctx, int seat, const char *action),
                         void *ctx)
{
    pthread_mutex_lock(&store->lock);
    int count = -1;
    tw_sql_stmt *st = tw_sql_prepare(store->db, "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq");
    if (st && tw_sql_bind_text(st, 1, id)) {
        count = 0;
        int rc;
        while ((rc = tw_sql_step(st)) == TW_SQL_ROW) {
            const char *t = tw_sql_column_text(st, 1);
            fn(ctx, (int)tw_sql_column_int64(st, 0), t ? t : "");
            count++;
        }
        if (rc != TW_SQL_DONE)
            count = -1;
    }
    tw_sql_finalize(st);
    pthread_mutex_unlock(&store->lock);
    return count;
}

/* The number of live games, from the index of live games. */
int tw_srv_store_count_live(tw_srv_store *store)
{
    pthread_mutex_lock(&store->lock);
    int count = -1;
    tw_sql_stmt *st = tw_sql_prepare(store->db, "SELECT count(*) FROM games INDEXED BY games_live"
                                                " WHERE finished_at IS NULL AND archived_at IS NULL");
    if (st && tw_sql_step(st) == TW_SQL_ROW)
        count = (int)tw_sql_column_int64(st, 0);
    tw_sql_finalize(st);
    pthread_mutex_unlock(&store->lock);
    return count;
}

/* The condition of a stale live game, with the cuts as ?1 (any game) and
 * ?2 (seat 1 open). The range on active_at (below the later cut) lets
 * the index of live games find them without a full scan. */
#define STALE_WHERE                                                                                          \
    " finished_at IS NULL AND archived_at IS NULL AND active_at < CASE WHEN ?1 > ?2 THEN ?1 ELSE ?2 END"   \
    " AND (active_at < ?1 OR partner = 'open')"

/* Ids of stale live games, oldest activity first. */
int tw_srv_store_stale(tw_srv_store *store, long long cut_ms, long long unjoined_cut_ms, char (*ids)[32], int max)
{
    pthread_mutex_lock(&store->lock);
    int n = -1;
    tw_sql_stmt *st = tw_sql_prepare(store->db, "SELECT id FROM games INDEXED BY games_live WHERE" STALE_WHERE
                                                " ORDER BY active_at LIMIT ?3");
    if (st && tw_sql_bind_int64(st, 1, cut_ms) && tw_sql_bind_int64(st, 2, unjoined_cut_ms) &&
        tw_sql_bind_int64(st, 3, max)) {
        n = 0;
        while (n < max && tw_sql_step(st) == TW_SQL_ROW)
            tw_sql_column_copy(st, 0, ids[n++], 32);
    }
    tw_sql_finalize(st);
    pthread_mutex_unlock(&store->lock);
    return n;
}

/* Deletes the games archived before a time, with their actions (never a
 * finished game), in one transaction. Returns how many, or -1. */
int tw_srv_store_delete_archived(tw_srv_store *store, const char *before_iso)
{
    static const char *const sql[2] = {
        "DELETE FROM actions WHERE game_id IN (SELECT id FROM games WHERE archived_at IS NOT NULL"
        " AND finished_at IS NULL AND archived_at < ?1)",
        "DELETE FROM games WHERE archived_at IS NOT NULL AND finished_at IS NULL AND archived_at < ?1"};
    pthread_mutex_lock(&store->lock);
    int ok = tw_sql_begin(store->db);
    int began = ok, count = 0;
    for (int i = 0; ok && i < 2; i++) {
        tw_sql_stmt *st = tw_sql_prepare(store->db, sql[i]);
        ok = run_write(store, st, st && tw_sql_bind_text(st, 1, before_iso), 0);
        count = tw_sql_changes(store->db);
    }
    ok = tw_history_db_end(store, ok, began);
    return ok ? count : -1;
}

/* Archives the listed games that are still stale, in one transaction. */
int tw_srv_store_archive(tw_srv_store *store, char (*ids)[32], int n, long long cut_ms, long long unjoined_cut_ms,
                         const char *archived_at, int *done)
{
    pthread_mutex_lock(&store->lock);
    int count = 0;
    int ok = tw_sql_begin(store->db);
    int began = ok;
    tw_sql_stmt *st = ok ? tw_sql_prepare(store->db, "UPDATE games SET archived_at = ?3 WHERE id = ?4 AND" STALE_WHERE)
                         : NULL;
    ok = st != NULL;
    for (int i = 0; ok && i < n; i++) {
        tw_sql_reset(st);
        ok = tw_sql_bind_int64(st, 1, cut_ms) && tw_sql_bind_int64(st, 2, unjoined_cut_ms) &&
             tw_sql_bind_text(st, 3, archived_at) && tw_sql_bind_text(st, 4, ids[i]) &&
             tw_sql_step(st) == TW_SQL_DONE;
        done[i] = ok && tw_sql_changes(store->db) == 1;
        count += done[i];
    }
    tw_sql_finalize(st);
    ok = tw_history_db_end(store, ok, began);
    if (!ok)
        memset(done, 0, (size_t)n * sizeof *done);
    return ok ? count : -1;
}
