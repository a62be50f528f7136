/* Helpers for reading and writing JSON files with jansson, shared by both
 * games' loaders: every error becomes a tw_diag naming the file, the line
 * (found with tw_json_locate_line) and the field path ("a.b[3].c"). */
#ifndef TRICKWOOD_JSON_UTIL_H
#define TRICKWOOD_JSON_UTIL_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "trickwood/io.h"

/* A JSON reader: the source text (for line numbers), the diagnostic that
 * receives the first error, and how a missing required member is reported
 * (on its object's line either way). By default the field is the object
 * and the message names the member ("config": "missing field 'setup'");
 * with missing_at_member set, the field is the member's own path
 * ("config.setup": "missing (this field is required)"), as For Northwood!
 * records and positions report it. */
typedef struct {
    const char *text;
    tw_diag *diag;
    int missing_at_member;
} tw_jr;

/* Parses text into *root (caller json_decref's it). On a syntax error the
 * diagnostic gets the line and jansson's message. diag must already carry
 * the file name (tw_diag_init). */
tw_error tw_jr_parse(const char *text, tw_diag *diag, json_t **root);

/* Joins a field path and a key: ("a.b", "c") -> "a.b.c", ("", "c") -> "c". */
void tw_jr_path(char *out, size_t size, const char *path, const char *key);
/* Joins a field path and a list index: ("a", 3) -> "a[3]". */
void tw_jr_index(char *out, size_t size, const char *path, size_t index);

/* Reports an error about the value at path (printf-style message) and
 * returns TW_ERR_PARSE. */
tw_error tw_jr_fail(tw_jr *jr, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Checks that obj (at path) is an object holding only the listed keys
 * (a NULL-terminated list); an unknown key is reported with the list. */
tw_error tw_jr_object(tw_jr *jr, json_t *obj, const char *path, const char *const *allowed);

/* Fetches obj[key] into *out, NULL when absent. A missing key is an error
 * when required. For values the typed readers below do not cover. */
tw_error tw_jr_member(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, json_t **out);

/* Reads obj[key] as a whole number in [lo, hi]. A missing key is an error
 * when required, else *out = fallback. */
tw_error tw_jr_int(tw_jr *jr, json_t *obj, const char *path, const char *key, long long lo, long long hi,
                   int required, long long fallback, long long *out);
/* Reads obj[key] as true/false. */
tw_error tw_jr_bool(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, int fallback,
                    int *out);
/* Reads obj[key] as one of the texts names[0 .. count - 1] and sets *out
 * to its index (NULL entries, values no file may name, are skipped); a
 * missing key gives fallback when not required. For enumerations such as
 * suits or phases. */
tw_error tw_jr_choice(tw_jr *jr, json_t *obj, const char *path, const char *key, const char *const *names,
                      int count, int required, int fallback, int *out);
/* Reads obj[key] as a text of at most size - 1 bytes into out. */
tw_error tw_jr_string(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, char *out,
                      size_t size);
/* Reads obj[key] as {"en": "...", "fr": "..."} into en and fr (each of
 * size bytes). Missing and not required: both texts are empty. */
tw_error tw_jr_text_pair(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, char *en,
                         char *fr, size_t size);
/* Reads obj[key] as a 64-bit number written as 1 to 16 hexadecimal digits
 * in a text (a JSON number cannot hold every 64-bit value exactly), such
 * as a random generator's state. The key is required. */
tw_error tw_jr_hex64(tw_jr *jr, json_t *obj, const char *path, const char *key, uint64_t *out);
/* Checks the "format" and "version" fields of a file's root object
 * (a missing one is reported as tw_jr says, see missing_at_member). */
tw_error tw_jr_header(tw_jr *jr, json_t *root, const char *format, int version);

/* Appends text to buf as a JSON string literal: quotes, backslashes and
 * control characters escaped, other bytes (UTF-8 included) as they are.
 * For writers that print their JSON by hand. */
void tw_json_put_string(tw_buf *buf, const char *text);

/* Serialises a JSON value (2-space indent, keys in insertion order, a
 * final new line) onto buf. Returns TW_ERR_NOMEM on failure. */
tw_error tw_json_dump_to(json_t *value, tw_buf *buf);

#endif
