/* The SQL layer below the history and the server's store: one small API
 * of connections and statements, two back ends.
 *
 *   sql.c         the common part: opening by target, the placeholders
 *                 written ?, ?N; the calls dispatched to a back end
 *   sql_sqlite.c  SQLite, the embedded default (a file; no set-up)
 *   sql_pg.c      PostgreSQL through libpq (a postgresql:// or postgres://
 *                 URI); absent from the WebAssembly build (TW_NO_PG)
 *
 * Every statement is written once, in the subset both databases run
 * (INSERT ... ON CONFLICT, BIGINT, TEXT, CASE rather than max(a, b)), with
 * the placeholders ? or ?N (1-based), which the PostgreSQL back end turns
 * into $N. A text bound is typed text, a number bigint, so that PostgreSQL
 * knows each parameter's type. Statements run one at a time on a
 * connection: the callers hold their own lock around each use. */
#ifndef TRICKWOOD_HISTORY_SQL_H
#define TRICKWOOD_HISTORY_SQL_H

#include <stddef.h>

/* An open connection, and a statement prepared on it. */
typedef struct tw_sql tw_sql;
typedef struct tw_sql_stmt tw_sql_stmt;

/* Which database a connection reaches. */
typedef enum { TW_SQL_SQLITE, TW_SQL_PG } tw_sql_kind;

/* What tw_sql_step found. */
enum { TW_SQL_ERROR = -1, TW_SQL_DONE = 0, TW_SQL_ROW = 1 };

/* The calls of one back end (sql_sqlite.c, sql_pg.c). */
typedef struct {
    void (*close)(tw_sql *db);
    tw_sql_stmt *(*prepare)(tw_sql *db, const char *sql);
    int (*bind_text)(tw_sql_stmt *st, int col, const char *text);
    int (*bind_int64)(tw_sql_stmt *st, int col, long long value);
    int (*step)(tw_sql_stmt *st);
    const char *(*column_text)(tw_sql_stmt *st, int col);
    long long (*column_int64)(tw_sql_stmt *st, int col);
    void (*reset)(tw_sql_stmt *st);
    void (*finalize)(tw_sql_stmt *st);
    int (*exec)(tw_sql *db, const char *sql);
    int (*changes)(tw_sql *db);
} tw_sql_ops;

/* The head of every back end's connection. */
struct tw_sql {
    const tw_sql_ops *ops;
    tw_sql_kind kind;
    char name[256];  /* what messages call it: the file, or the URI without its password */
    char error[512]; /* the last failure's message, "" after a success */
    char code[16];   /* the last failure's code (SQLite's number, PostgreSQL's SQLSTATE), "" when none */
};

/* The head of every back end's statement. */
struct tw_sql_stmt {
    tw_sql *db;
};

/* Whether a --db target names a PostgreSQL database (postgresql:// or
 * postgres://) rather than a file. */
int tw_sql_is_uri(const char *target);
/* Opens a connection: a PostgreSQL URI, or else the SQLite file at the
 * path (created owner-only when missing). Returns NULL with a message in
 * err (naming the target). */
tw_sql *tw_sql_open(const char *target, char *err, size_t err_size);
/* Closes a connection (NULL: nothing). */
void tw_sql_close(tw_sql *db);

/* Prepares one statement; NULL on error (tw_sql_error says why). */
tw_sql_stmt *tw_sql_prepare(tw_sql *db, const char *sql);
/* Binds a text (NULL: SQL NULL), a whole number, or NULL (typed text) at
 * a 1-based position. 1 on success. */
int tw_sql_bind_text(tw_sql_stmt *st, int col, const char *text);
int tw_sql_bind_int64(tw_sql_stmt *st, int col, long long value);
int tw_sql_bind_null(tw_sql_stmt *st, int col);
/* Binds a text, or NULL for an empty or missing one. */
int tw_sql_bind_opt(tw_sql_stmt *st, int col, const char *text);
/* Runs the statement, or moves to its next row: TW_SQL_ROW, TW_SQL_DONE
 * or TW_SQL_ERROR. */
int tw_sql_step(tw_sql_stmt *st);
/* A column of the current row: its text (NULL for NULL; valid until the
 * next step), or its number (0 for NULL). */
const char *tw_sql_column_text(tw_sql_stmt *st, int col);
long long tw_sql_column_int64(tw_sql_stmt *st, int col);
/* Copies a text column into out (empty for NULL). */
void tw_sql_column_copy(tw_sql_stmt *st, int col, char *out, size_t size);
/* Makes a statement ready to run again, its bindings kept until bound anew. */
void tw_sql_reset(tw_sql_stmt *st);
/* Frees a statement (NULL: nothing). */
void tw_sql_finalize(tw_sql_stmt *st);
/* Rows changed by the last INSERT, UPDATE or DELETE run. */
int tw_sql_changes(tw_sql *db);

/* Runs statements without parameters or results (several, separated by
 * semicolons). 1 on success. */
int tw_sql_exec(tw_sql *db, const char *sql);
/* Begins a write transaction (SQLite: BEGIN IMMEDIATE, taking the write
 * lock at once), commits it, rolls it back. 1 on success. */
int tw_sql_begin(tw_sql *db);
int tw_sql_commit(tw_sql *db);
int tw_sql_rollback(tw_sql *db);

/* The last failure's message ("" when the last call went well). */
const char *tw_sql_error(tw_sql *db);
/* Whether the last call failed in the database (an I/O error, a full
 * disk, a broken connection), as opposed to a statement that ran and
 * matched nothing. */
int tw_sql_failed(tw_sql *db);
/* Records a failure's message and code (the back ends), or clears it
 * (msg NULL). */
void tw_sql_set_error(tw_sql *db, const char *msg, const char *code);

/* The schema version of the database (SQLite: PRAGMA user_version;
 * PostgreSQL: the one row of the table schema_version, 0 when it has
 * none yet), or -1 on error; and setting it, inside the migration's
 * transaction. */
int tw_sql_schema_version(tw_sql *db);
int tw_sql_set_schema_version(tw_sql *db, int version);

/* The back ends' openings (sql_sqlite.c, sql_pg.c). */
tw_sql *tw_sql_sqlite_open(const char *path, char *err, size_t err_size);
tw_sql *tw_sql_pg_open(const char *uri, char *err, size_t err_size);

#endif
