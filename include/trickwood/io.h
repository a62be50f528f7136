/* Trickwood file helpers: whole-file reads, atomic writes, diagnostics that
 * name the file, line and field, and JSON helpers built on jansson. */
#ifndef TRICKWOOD_IO_H
#define TRICKWOOD_IO_H

#include <stdarg.h>
#include <stddef.h>

#include "trickwood/core.h"

/* A diagnostic about bad input: where it is (file, line, field) and what is
 * wrong. line is 0 when unknown; field is empty when not about one field. */
typedef struct {
    char file[256];
    int line;
    char field[128];
    char message[256];
} tw_diag;

/* Clears a diagnostic and sets the file it is about. */
void tw_diag_init(tw_diag *diag, const char *file);
/* Fills a diagnostic (printf-style message) and returns TW_ERR_PARSE. */
tw_error tw_diag_set(tw_diag *diag, int line, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Formats a diagnostic as "file:line: field 'x': message" into buf. */
void tw_diag_format(const tw_diag *diag, char *buf, size_t size);

/* Reads a whole file into a new NUL-terminated buffer (caller frees).
 * Returns NULL and fills diag on failure. */
char *tw_read_file(const char *path, size_t *len_out, tw_diag *diag);

/* Writes data to path atomically: a temporary file in the same folder is
 * written, flushed and renamed over path. Returns TW_OK or TW_ERR_IO. */
tw_error tw_write_file_atomic(const char *path, const char *data, size_t len);

/* Returns the line (1-based) where the JSON value at path starts in text,
 * or 0 when it cannot be found. path uses dots and brackets, for example
 * "fiefs[3].ruler" or "actions[12]". An empty path is the root value. */
int tw_json_locate_line(const char *text, const char *path);

/* Folder holding the program's data files (characters.json, boards/):
 * $TRICKWOOD_DATA when set, else a data/ folder found next to the
 * program (../data, ../../data or ./data from its folder), else the
 * folder the program was built from. */
const char *tw_data_dir(void);

/* A growable text buffer for building output. */
typedef struct {
    char *data;
    size_t len;
    size_t cap;
    int failed; /* set when an allocation failed; appends then do nothing */
} tw_buf;

/* Appends printf-style text to the buffer. */
void tw_buf_printf(tw_buf *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends raw bytes. */
void tw_buf_append(tw_buf *buf, const char *data, size_t len);
/* Frees the buffer's memory and clears it. */
void tw_buf_free(tw_buf *buf);

#endif
