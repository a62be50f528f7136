/* Whole-file reads, atomic writes and diagnostics. */
#define _POSIX_C_SOURCE 200809L
#include "trickwood/io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Copies src into a fixed-size field, always NUL-terminating. */
static void copy_field(char *dst, size_t size, const char *src)
{
    if (!src)
        src = "";
    snprintf(dst, size, "%s", src);
}

/* Clears a diagnostic and records the file name. */
void tw_diag_init(tw_diag *diag, const char *file)
{
    if (!diag)
        return;
    memset(diag, 0, sizeof *diag);
    copy_field(diag->file, sizeof diag->file, file);
}

/* Fills the location and message of a diagnostic. */
tw_error tw_diag_set(tw_diag *diag, int line, const char *field, const char *fmt, ...)
{
    if (!diag)
        return TW_ERR_PARSE;
    diag->line = line;
    copy_field(diag->field, sizeof diag->field, field);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(diag->message, sizeof diag->message, fmt, ap);
    va_end(ap);
    return TW_ERR_PARSE;
}

/* Renders a diagnostic the way compilers do: file:line: field: message. */
void tw_diag_format(const tw_diag *diag, char *buf, size_t size)
{
    char where[320];
    if (diag->line > 0)
        snprintf(where, sizeof where, "%s:%d", diag->file, diag->line);
    else
        snprintf(where, sizeof where, "%s", diag->file);
    if (diag->field[0])
        snprintf(buf, size, "%s: field '%s': %s", where, diag->field, diag->message);
    else
        snprintf(buf, size, "%s: %s", where, diag->message);
}

/* Reads a file fully into memory. */
char *tw_read_file(const char *path, size_t *len_out, tw_diag *diag)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        tw_diag_set(diag, 0, NULL, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *data = malloc(cap);
    while (data) {
        size_t got = fread(data + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
        if (len + 1 >= cap) {
            char *bigger = realloc(data, cap * 2);
            if (!bigger) {
                free(data);
                data = NULL;
                break;
            }
            data = bigger;
            cap *= 2;
        }
    }
    int read_error = ferror(f);
    fclose(f);
    if (!data) {
        tw_diag_set(diag, 0, NULL, "out of memory while reading");
        return NULL;
    }
    if (read_error) {
        free(data);
        tw_diag_set(diag, 0, NULL, "read error");
        return NULL;
    }
    data[len] = '\0';
    if (memchr(data, '\0', len)) {
        free(data);
        tw_diag_set(diag, 0, NULL, "file contains a NUL byte; it is not a text file");
        return NULL;
    }
    if (len_out)
        *len_out = len;
    return data;
}

/* Writes through a temporary file and renames it over the target, so a
 * crash never leaves a half-written file behind. */
tw_error tw_write_file_atomic(const char *path, const char *data, size_t len)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp)
        return TW_ERR_NOMEM;
    snprintf(tmp, plen + 32, "%s.tmp.%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        free(tmp);
        return TW_ERR_IO;
    }
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        done += (size_t)n;
    }
    int ok = done == len && fsync(fd) == 0;
    if (close(fd) != 0)
        ok = 0;
    if (ok && rename(tmp, path) != 0)
        ok = 0;
    if (!ok)
        unlink(tmp);
    free(tmp);
    return ok ? TW_OK : TW_ERR_IO;
}

/* Makes sure the buffer can take extra more bytes plus a NUL. */
static int buf_reserve(tw_buf *buf, size_t extra)
{
    if (buf->failed)
        return 0;
    if (buf->len + extra + 1 <= buf->cap)
        return 1;
    size_t cap = buf->cap ? buf->cap : 256;
    while (cap < buf->len + extra + 1)
        cap *= 2;
    char *bigger = realloc(buf->data, cap);
    if (!bigger) {
        buf->failed = 1;
        return 0;
    }
    buf->data = bigger;
    buf->cap = cap;
    return 1;
}

/* Appends raw bytes, keeping the buffer NUL-terminated. */
void tw_buf_append(tw_buf *buf, const char *data, size_t len)
{
    if (!buf_reserve(buf, len))
        return;
    memcpy(buf->data + buf->len, data, len);
    buf->len += len;
    buf->data[buf->len] = '\0';
}

/* Appends formatted text. */
void tw_buf_printf(tw_buf *buf, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need >= 0 && buf_reserve(buf, (size_t)need)) {
        vsnprintf(buf->data + buf->len, (size_t)need + 1, fmt, ap2);
        buf->len += (size_t)need;
    }
    va_end(ap2);
}

/* Releases the buffer. */
void tw_buf_free(tw_buf *buf)
{
    free(buf->data);
    memset(buf, 0, sizeof *buf);
}
