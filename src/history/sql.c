/* The common part of the SQL layer (sql.h): opening by target, the calls
 * dispatched to a connection's back end, transactions and the schema
 * version, which differ by back end only in their SQL. */
#include <stdio.h>
#include <string.h>

#include "history/sql.h"

int tw_sql_is_uri(const char *target)
{
    return target && (strncmp(target, "postgresql://", 13) == 0 || strncmp(target, "postgres://", 11) == 0);
}

/* Opens a PostgreSQL URI or a SQLite file. */
tw_sql *tw_sql_open(const char *target, char *err, size_t err_size)
{
    if (tw_sql_is_uri(target)) {
#ifdef TW_NO_PG
        snprintf(err, err_size, "cannot use the database %.40s...: this build has no PostgreSQL", target);
        return NULL;
#else
        return tw_sql_pg_open(target, err, err_size);
#endif
    }
    return tw_sql_sqlite_open(target, err, err_size);
}

void tw_sql_close(tw_sql *db)
{
    if (db)
        db->ops->close(db);
}

tw_sql_stmt *tw_sql_prepare(tw_sql *db, const char *sql)
{
    return db->ops->prepare(db, sql);
}

int tw_sql_bind_text(tw_sql_stmt *st, int col, const char *text)
{
    return st->db->ops->bind_text(st, col, text);
}

int tw_sql_bind_int64(tw_sql_stmt *st, int col, long long value)
{
    return st->db->ops->bind_int64(st, col, value);
}

int tw_sql_bind_null(tw_sql_stmt *st, int col)
{
    return st->db->ops->bind_text(st, col, NULL);
}

int tw_sql_bind_opt(tw_sql_stmt *st, int col, const char *text)
{
    return tw_sql_bind_text(st, col, text && *text ? text : NULL);
}

int tw_sql_step(tw_sql_stmt *st)
{
    return st->db->ops->step(st);
}

const char *tw_sql_column_text(tw_sql_stmt *st, int col)
{
    return st->db->ops->column_text(st, col);
}

long long tw_sql_column_int64(tw_sql_stmt *st, int col)
{
    return st->db->ops->column_int64(st, col);
}

void tw_sql_column_copy(tw_sql_stmt *st, int col, char *out, size_t size)
{
    const char *t = tw_sql_column_text(st, col);
    snprintf(out, size, "%s", t ? t : "");
}

void tw_sql_reset(tw_sql_stmt *st)
{
    st->db->ops->reset(st);
}

void tw_sql_finalize(tw_sql_stmt *st)
{
    if (st)
        st->db->ops->finalize(st);
}

int tw_sql_changes(tw_sql *db)
{
    return db->ops->changes(db);
}

int tw_sql_exec(tw_sql *db, const char *sql)
{
    return db->ops->exec(db, sql);
}

/* SQLite takes the write lock at BEGIN IMMEDIATE (no deadlock of two
 * readers both upgrading); PostgreSQL locks rows as they are written. */
int tw_sql_begin(tw_sql *db)
{
    return tw_sql_exec(db, db->kind == TW_SQL_SQLITE ? "BEGIN IMMEDIATE" : "BEGIN");
}

int tw_sql_commit(tw_sql *db)
{
    return tw_sql_exec(db, "COMMIT");
}

/* Rolls back, keeping the message of the failure that led to it. */
int tw_sql_rollback(tw_sql *db)
{
    char error[sizeof db->error], code[sizeof db->code];
    snprintf(error, sizeof error, "%s", db->error);
    snprintf(code, sizeof code, "%s", db->code);
    int ok = tw_sql_exec(db, "ROLLBACK");
    if (error[0])
        tw_sql_set_error(db, error, code);
    return ok;
}

const char *tw_sql_error(tw_sql *db)
{
    return db->error;
}

int tw_sql_failed(tw_sql *db)
{
    return db->error[0] != '\0';
}

void tw_sql_set_error(tw_sql *db, const char *msg, const char *code)
{
    snprintf(db->error, sizeof db->error, "%s", msg ? msg : "");
    snprintf(db->code, sizeof db->code, "%s", msg && code ? code : "");
    size_t n = strlen(db->error);
    while (n && (db->error[n - 1] == '\n' || db->error[n - 1] == ' '))
        db->error[--n] = '\0';
}

/* Reads one whole number from a query without parameters; -1 on error,
 * none when it has no row. */
static int query_int(tw_sql *db, const char *sql, int none)
{
    tw_sql_stmt *st = tw_sql_prepare(db, sql);
    int value = -1;
    if (st) {
        int rc = tw_sql_step(st);
        value = rc == TW_SQL_ROW ? (int)tw_sql_column_int64(st, 0) : rc == TW_SQL_DONE ? none : -1;
    }
    tw_sql_finalize(st);
    return value;
}

int tw_sql_schema_version(tw_sql *db)
{
    if (db->kind == TW_SQL_SQLITE)
        return query_int(db, "PRAGMA user_version", -1);
    if (!tw_sql_exec(db, "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)"))
        return -1;
    return query_int(db, "SELECT max(version) FROM schema_version", 0);
}

int tw_sql_set_schema_version(tw_sql *db, int version)
{
    char sql[96];
    if (db->kind == TW_SQL_SQLITE) {
        snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
        return tw_sql_exec(db, sql);
    }
    snprintf(sql, sizeof sql, "DELETE FROM schema_version; INSERT INTO schema_version (version) VALUES (%d)", version);
    return tw_sql_exec(db, sql);
}
