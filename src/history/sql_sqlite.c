/* The SQLite back end of the SQL layer (sql.h): a file opened read-write
 * (created owner-only: it holds seat tokens), fully serialised, with a
 * busy timeout of 5 seconds; statements are SQLite's own, which already
 * read the placeholders ? and ?N. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "history/sql.h"

/* A SQLite connection. */
typedef struct {
    tw_sql base;
    sqlite3 *db;
} lite_db;

/* A SQLite statement. */
typedef struct {
    tw_sql_stmt base;
    sqlite3_stmt *st;
} lite_stmt;

/* The SQLite handle of a connection. */
static sqlite3 *handle(tw_sql *db)
{
    return ((lite_db *)db)->db;
}

/* The SQLite statement of a statement. */
static sqlite3_stmt *stmt(tw_sql_stmt *st)
{
    return ((lite_stmt *)st)->st;
}

/* Records the outcome of a call: its message and extended code on
 * failure (rc not one of ok, ok2), nothing else. Returns whether it
 * went well. */
static int note(tw_sql *db, int rc, int ok, int ok2)
{
    if (rc == ok || rc == ok2) {
        tw_sql_set_error(db, NULL, NULL);
        return 1;
    }
    char code[16];
    snprintf(code, sizeof code, "%d", sqlite3_extended_errcode(handle(db)));
    tw_sql_set_error(db, sqlite3_errmsg(handle(db)), code);
    return 0;
}

/* Closes the connection. */
static void lite_close(tw_sql *db)
{
    sqlite3_close(handle(db));
    free(db);
}

/* Prepares a statement. */
static tw_sql_stmt *lite_prepare(tw_sql *db, const char *sql)
{
    sqlite3_stmt *raw = NULL;
    if (!note(db, sqlite3_prepare_v2(handle(db), sql, -1, &raw, NULL), SQLITE_OK, SQLITE_OK))
        return NULL;
    lite_stmt *st = calloc(1, sizeof *st);
    if (!st) {
        sqlite3_finalize(raw);
        tw_sql_set_error(db, "out of memory", "7");
        return NULL;
    }
    st->base.db = db;
    st->st = raw;
    return &st->base;
}

/* Binds a text (copied), or NULL. */
static int lite_bind_text(tw_sql_stmt *st, int col, const char *text)
{
    int rc = text ? sqlite3_bind_text(stmt(st), col, text, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(stmt(st), col);
    return note(st->db, rc, SQLITE_OK, SQLITE_OK);
}

/* Binds a whole number. */
static int lite_bind_int64(tw_sql_stmt *st, int col, long long value)
{
    return note(st->db, sqlite3_bind_int64(stmt(st), col, (sqlite3_int64)value), SQLITE_OK, SQLITE_OK);
}

/* Runs the statement or moves to its next row. */
static int lite_step(tw_sql_stmt *st)
{
    int rc = sqlite3_step(stmt(st));
    if (!note(st->db, rc, SQLITE_ROW, SQLITE_DONE))
        return TW_SQL_ERROR;
    return rc == SQLITE_ROW ? TW_SQL_ROW : TW_SQL_DONE;
}

/* A text column, NULL for NULL. */
static const char *lite_column_text(tw_sql_stmt *st, int col)
{
    return (const char *)sqlite3_column_text(stmt(st), col);
}

/* A number column. */
static long long lite_column_int64(tw_sql_stmt *st, int col)
{
    return (long long)sqlite3_column_int64(stmt(st), col);
}

/* Makes the statement ready to run again. */
static void lite_reset(tw_sql_stmt *st)
{
    sqlite3_reset(stmt(st));
}

/* Frees the statement. */
static void lite_finalize(tw_sql_stmt *st)
{
    sqlite3_finalize(stmt(st));
    free(st);
}

/* Runs statements without results. */
static int lite_exec(tw_sql *db, const char *sql)
{
    char *msg = NULL;
    int rc = sqlite3_exec(handle(db), sql, NULL, NULL, &msg);
    int ok = note(db, rc, SQLITE_OK, SQLITE_OK);
    if (!ok && msg)
        tw_sql_set_error(db, msg, db->code);
    sqlite3_free(msg);
    return ok;
}

/* Rows changed by the last write. */
static int lite_changes(tw_sql *db)
{
    return sqlite3_changes(handle(db));
}

static const tw_sql_ops LITE_OPS = {lite_close,  lite_prepare,      lite_bind_text,   lite_bind_int64,
                                    lite_step,   lite_column_text,  lite_column_int64, lite_reset,
                                    lite_finalize, lite_exec,       lite_changes};

/* Opens (creating owner-only when missing) the SQLite file at path;
 * refuses a file this user cannot write. */
tw_sql *tw_sql_sqlite_open(const char *path, char *err, size_t err_size)
{
    lite_db *db = calloc(1, sizeof *db);
    if (!db) {
        snprintf(err, err_size, "cannot open the database %s: out of memory", path);
        return NULL;
    }
    db->base.ops = &LITE_OPS;
    db->base.kind = TW_SQL_SQLITE;
    snprintf(db->base.name, sizeof db->base.name, "%s", path);
    mode_t old = umask(077); /* the file holds seat tokens: owner only */
    int rc = sqlite3_open_v2(path, &db->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL);
    umask(old);
    if (rc != SQLITE_OK) {
        snprintf(err, err_size, "cannot open the database %s: %s", path,
                 db->db ? sqlite3_errmsg(db->db) : sqlite3_errstr(rc));
        sqlite3_close(db->db);
        free(db);
        return NULL;
    }
    sqlite3_busy_timeout(db->db, 5000);
    if (sqlite3_db_readonly(db->db, "main") == 1) {
        snprintf(err, err_size, "the database %s cannot be written (the file is read-only for this user)", path);
        lite_close(&db->base);
        return NULL;
    }
    return &db->base;
}
