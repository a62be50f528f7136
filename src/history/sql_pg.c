/* The PostgreSQL back end of the SQL layer (sql.h), through libpq: a
 * connection from a postgresql:// URI; a statement's placeholders ? and
 * ?N become $N (outside quoted texts), SQLite's index hint "INDEXED BY
 * NAME" is dropped (PostgreSQL's planner picks by itself), its texts are sent typed text, its
 * numbers bigint, and it runs with PQexecParams, its rows read from the
 * result. A broken connection (the server restarted) is reset before the
 * next statement. Notices (CREATE ... IF NOT EXISTS skipping) are not
 * printed. */
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/sql.h"

/* The type ids of the parameters sent (PostgreSQL's pg_type). */
#define OID_INT8 20
#define OID_TEXT 25
/* Parameters of one statement, at most. */
#define MAX_PARAMS 16

/* A PostgreSQL connection. */
typedef struct {
    tw_sql base;
    PGconn *conn;
    int changes;
} pg_db;

/* A PostgreSQL statement: its SQL with $N placeholders, the values
 * bound, and the result being read. */
typedef struct {
    tw_sql_stmt base;
    char *sql;
    int params;
    char *values[MAX_PARAMS];
    Oid types[MAX_PARAMS];
    PGresult *res;
    int ran, row, rows;
} pg_stmt;

/* The libpq connection of a connection. */
static PGconn *conn_of(tw_sql *db)
{
    return ((pg_db *)db)->conn;
}

/* Drops notices: the server's NOTICE lines are no failures. */
static void quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

/* Records a result's failure (or the connection's when res is NULL).
 * Returns 0. */
static int fail(tw_sql *db, const PGresult *res)
{
    const char *msg = res ? PQresultErrorMessage(res) : NULL;
    if (!msg || !*msg)
        msg = PQerrorMessage(conn_of(db));
    const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
    tw_sql_set_error(db, msg && *msg ? msg : "unknown PostgreSQL error", state ? state : "08000");
    return 0;
}

/* Resets a broken connection (the database restarted) before a call. */
static void revive(tw_sql *db)
{
    if (PQstatus(conn_of(db)) == CONNECTION_BAD)
        PQreset(conn_of(db));
}

/* Closes the connection. */
static void pg_close(tw_sql *db)
{
    PQfinish(conn_of(db));
    free(db);
}

/* Writes sql with ? and ?N turned into $N (quoted texts left alone) into
 * a new string; *params gets the highest number. NULL when out of memory
 * or a number is out of range. */
static char *translate(const char *sql, int *params)
{
    size_t n = strlen(sql);
    char *out = malloc(n * 3 + 1);
    if (!out)
        return NULL;
    char *o = out;
    int next = 0, quote = 0;
    *params = 0;
    for (const char *p = sql; *p; p++) {
        if (quote) {
            quote = *p != '\'';
            *o++ = *p;
            continue;
        }
        if (*p == '\'') {
            quote = 1;
            *o++ = *p;
            continue;
        }
        if (strncmp(p, "INDEXED BY ", 11) == 0) { /* SQLite's index hint: PostgreSQL's planner picks */
            p += 11;
            while (p[1] && p[1] != ' ')
                p++;
            continue;
        }
        if (*p != '?') {
            *o++ = *p;
            continue;
        }
        int k = 0;
        while (p[1] >= '0' && p[1] <= '9' && k < 1000)
            k = k * 10 + (*++p - '0');
        if (!k)
            k = next + 1;
        if (k > MAX_PARAMS) {
            free(out);
            return NULL;
        }
        next = k > next ? k : next;
        o += sprintf(o, "$%d", k);
    }
    *o = '\0';
    *params = next;
    return out;
}

/* Prepares a statement (checked by the database when it first runs). */
static tw_sql_stmt *pg_prepare(tw_sql *db, const char *sql)
{
    pg_stmt *st = calloc(1, sizeof *st);
    if (st)
        st->sql = translate(sql, &st->params);
    if (!st || !st->sql) {
        free(st);
        tw_sql_set_error(db, "cannot prepare a statement (out of memory, or too many parameters)", "54000");
        return NULL;
    }
    st->base.db = db;
    tw_sql_set_error(db, NULL, NULL);
    return &st->base;
}

/* Keeps a bound value (copied; NULL for SQL NULL) and its type. */
static int bind(tw_sql_stmt *base, int col, const char *text, Oid type)
{
    pg_stmt *st = (pg_stmt *)base;
    if (col < 1 || col > MAX_PARAMS) {
        tw_sql_set_error(base->db, "parameter number out of range", "42P02");
        return 0;
    }
    free(st->values[col - 1]);
    st->values[col - 1] = text ? strdup(text) : NULL;
    st->types[col - 1] = type;
    if (text && !st->values[col - 1]) {
        tw_sql_set_error(base->db, "out of memory", "53200");
        return 0;
    }
    return 1;
}

/* Binds a text, or NULL (typed text). */
static int pg_bind_text(tw_sql_stmt *st, int col, const char *text)
{
    return bind(st, col, text, OID_TEXT);
}

/* Binds a whole number (bigint). */
static int pg_bind_int64(tw_sql_stmt *st, int col, long long value)
{
    char text[24];
    snprintf(text, sizeof text, "%lld", value);
    return bind(st, col, text, OID_INT8);
}

/* Runs the statement at its first step, then moves along its rows. */
static int pg_step(tw_sql_stmt *base)
{
    pg_stmt *st = (pg_stmt *)base;
    tw_sql *db = base->db;
    if (!st->ran) {
        revive(db);
        st->ran = 1;
        st->row = -1;
        st->res = PQexecParams(conn_of(db), st->sql, st->params, st->types, (const char *const *)st->values, NULL,
                               NULL, 0);
        ExecStatusType status = st->res ? PQresultStatus(st->res) : PGRES_FATAL_ERROR;
        if (status == PGRES_COMMAND_OK) {
            ((pg_db *)db)->changes = atoi(PQcmdTuples(st->res));
            tw_sql_set_error(db, NULL, NULL);
            return TW_SQL_DONE;
        }
        if (status != PGRES_TUPLES_OK) {
            fail(db, st->res);
            return TW_SQL_ERROR;
        }
        st->rows = PQntuples(st->res);
        ((pg_db *)db)->changes = atoi(PQcmdTuples(st->res)); /* INSERT ... RETURNING */
        tw_sql_set_error(db, NULL, NULL);
    }
    if (!st->res || PQresultStatus(st->res) != PGRES_TUPLES_OK)
        return TW_SQL_DONE;
    return ++st->row < st->rows ? TW_SQL_ROW : TW_SQL_DONE;
}

/* A text column of the current row, NULL for NULL. */
static const char *pg_column_text(tw_sql_stmt *base, int col)
{
    pg_stmt *st = (pg_stmt *)base;
    if (!st->res || st->row < 0 || st->row >= st->rows || col < 0 || col >= PQnfields(st->res) ||
        PQgetisnull(st->res, st->row, col))
        return NULL;
    return PQgetvalue(st->res, st->row, col);
}

/* A number column of the current row (0 for NULL). */
static long long pg_column_int64(tw_sql_stmt *st, int col)
{
    const char *t = pg_column_text(st, col);
    return t ? strtoll(t, NULL, 10) : 0;
}

/* Forgets the result: the next step runs the statement again. */
static void pg_reset(tw_sql_stmt *base)
{
    pg_stmt *st = (pg_stmt *)base;
    PQclear(st->res);
    st->res = NULL;
    st->ran = 0;
}

/* Frees the statement, its values and result. */
static void pg_finalize(tw_sql_stmt *base)
{
    pg_stmt *st = (pg_stmt *)base;
    pg_reset(base);
    for (int i = 0; i < MAX_PARAMS; i++)
        free(st->values[i]);
    free(st->sql);
    free(st);
}

/* Runs statements without parameters (the simple protocol: several at once). */
static int pg_exec(tw_sql *db, const char *sql)
{
    revive(db);
    PGresult *res = PQexec(conn_of(db), sql);
    ExecStatusType status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    int ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    if (ok) {
        ((pg_db *)db)->changes = atoi(PQcmdTuples(res));
        tw_sql_set_error(db, NULL, NULL);
    } else {
        fail(db, res);
    }
    PQclear(res);
    return ok;
}

/* Rows changed by the last write. */
static int pg_changes(tw_sql *db)
{
    return ((pg_db *)db)->changes;
}

static const tw_sql_ops PG_OPS = {pg_close,    pg_prepare,     pg_bind_text,    pg_bind_int64,
                                  pg_step,     pg_column_text, pg_column_int64, pg_reset,
                                  pg_finalize, pg_exec,        pg_changes};

/* Blanks the value of every password=... parameter of a URI's query. */
static void hide_password_parameter(char *uri)
{
    char *query = strchr(uri, '?');
    for (char *p = query; p && (p = strstr(p, "password=")) != NULL; p += 9) {
        if (p[-1] != '?' && p[-1] != '&')
            continue;
        char *end = p + 9 + strcspn(p + 9, "&");
        memmove(p + 9, end, strlen(end) + 1);
    }
}

/* The URI as messages show it: without the password of its user part
 * nor of a password= parameter. */
static void public_name(const char *uri, char *out, size_t size)
{
    snprintf(out, size, "%s", uri);
    hide_password_parameter(out);
    char *start = strstr(out, "://");
    if (!start)
        return;
    start += 3;
    char *at = strchr(start, '@');
    char *slash = strchr(start, '/');
    if (!at || (slash && slash < at))
        return;
    char *colon = memchr(start, ':', (size_t)(at - start));
    if (colon)
        memmove(colon, at, strlen(at) + 1);
}

/* Connects to the database the URI names. */
tw_sql *tw_sql_pg_open(const char *uri, char *err, size_t err_size)
{
    pg_db *db = calloc(1, sizeof *db);
    if (!db) {
        snprintf(err, err_size, "cannot open the database: out of memory");
        return NULL;
    }
    db->base.ops = &PG_OPS;
    db->base.kind = TW_SQL_PG;
    public_name(uri, db->base.name, sizeof db->base.name);
    db->conn = PQconnectdb(uri);
    if (!db->conn || PQstatus(db->conn) != CONNECTION_OK) {
        snprintf(err, err_size, "cannot open the database %s: %s", db->base.name,
                 db->conn ? PQerrorMessage(db->conn) : "out of memory");
        size_t n = strlen(err);
        while (n && (err[n - 1] == '\n' || err[n - 1] == ' '))
            err[--n] = '\0';
        pg_close(&db->base);
        return NULL;
    }
    PQsetNoticeProcessor(db->conn, quiet, NULL);
    return &db->base;
}
