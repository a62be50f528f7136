/* The event log of a terminal game in which decisions were taken back
 * (session.h): the log of the actions that stand, as the game's table
 * writes it, with one line for every undo of the session at the point
 * where it happened, and every line numbered again. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "play/session.h"

/* The number of lines of the event log of the match's first `at`
 * actions; -1 when it cannot be built. */
static long lines_before(const tw_match *m, int at)
{
    const tw_game *game = m->game;
    tw_match *prefix = at < m->count ? tw_match_undo(m, m->count - at) : NULL;
    tw_buf buf = {0};
    long lines = -1;
    if ((prefix || at >= m->count) && game->event_log(prefix ? prefix : m, &buf) == TW_OK) {
        lines = 0;
        for (size_t i = 0; i < buf.len; i++)
            lines += buf.data[i] == '\n';
    }
    tw_buf_free(&buf);
    if (prefix)
        game->free(prefix);
    return lines;
}

/* Appends one line, numbered seq. */
static void append_line(tw_buf *out, json_t *line, long seq)
{
    json_object_set_new(line, "seq", json_integer(seq));
    char *text = json_dumps(line, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (text) {
        tw_buf_append(out, text, strlen(text));
        tw_buf_append(out, "\n", 1);
    }
    free(text);
}

/* Appends the lines of the undos that happened after `line` lines of the
 * log; *next is the first undo not written yet. */
static void append_undos(const tw_cli_session *ss, const long *at_line, long line, size_t *next, long *seq,
                         tw_buf *out)
{
    while (*next < json_array_size(ss->undos) && at_line[*next] == line) {
        json_t *undo = json_array_get(ss->undos, *next);
        json_t *obj = json_pack("{s:i, s:n, s:s, s:O}", "seq", 0, "action", "type", "undo", "actions",
                                json_object_get(undo, "actions"));
        if (obj)
            append_line(out, obj, (*seq)++);
        json_decref(obj);
        (*next)++;
    }
}

tw_error tw_cli_undo_event_log(const tw_cli_session *ss, tw_buf *buf)
{
    const tw_match *m = ss->match;
    size_t undos = json_array_size(ss->undos);
    if (!undos)
        return m->game->event_log(m, buf);
    tw_buf full = {0};
    long *at_line = calloc(undos, sizeof *at_line);
    tw_error err = at_line ? m->game->event_log(m, &full) : TW_ERR_NOMEM;
    for (size_t i = 0; err == TW_OK && i < undos; i++) {
        int at = (int)json_integer_value(json_object_get(json_array_get(ss->undos, i), "at"));
        at_line[i] = i && at == json_integer_value(json_object_get(json_array_get(ss->undos, i - 1), "at"))
                         ? at_line[i - 1]
                         : lines_before(m, at);
        if (at_line[i] < 0)
            err = TW_ERR_NOMEM;
    }
    size_t next = 0;
    long line = 0, seq = 0;
    const char *p = full.data;
    while (err == TW_OK && p && *p) {
        append_undos(ss, at_line, line, &next, &seq, buf);
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        json_t *obj = json_loadb(p, len, JSON_DECODE_ANY, NULL);
        if (json_is_object(obj))
            append_line(buf, obj, seq++);
        json_decref(obj);
        line++;
        p = end ? end + 1 : NULL;
    }
    if (err == TW_OK)
        append_undos(ss, at_line, line, &next, &seq, buf);
    if (err == TW_OK && buf->failed)
        err = TW_ERR_NOMEM;
    free(at_line);
    tw_buf_free(&full);
    return err;
}
