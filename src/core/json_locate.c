/* Finds the line of a value inside JSON text. jansson reports the line of
 * syntax errors but keeps no positions for values, so content errors found
 * after parsing use this small scanner to point at the right line. The text
 * has already been parsed successfully when this runs, so the scanner only
 * needs to skip well-formed JSON. */
#include "trickwood/io.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *p;
    int line;
} scanner;

/* Skips white space, counting new lines. */
static void skip_ws(scanner *s)
{
    while (*s->p && isspace((unsigned char)*s->p)) {
        if (*s->p == '\n')
            s->line++;
        s->p++;
    }
}

/* Skips a string starting at its opening quote; copies up to cap-1 bytes of
 * its raw content into out when out is not NULL. */
static void skip_string(scanner *s, char *out, size_t cap)
{
    size_t n = 0;
    s->p++; /* opening quote */
    while (*s->p && *s->p != '"') {
        if (*s->p == '\\' && s->p[1])
            s->p++;
        if (out && n + 1 < cap)
            out[n++] = *s->p;
        s->p++;
    }
    if (*s->p == '"')
        s->p++;
    if (out)
        out[n] = '\0';
}

/* Skips one JSON value of any kind. */
static void skip_value(scanner *s)
{
    skip_ws(s);
    char c = *s->p;
    if (c == '"') {
        skip_string(s, NULL, 0);
    } else if (c == '{' || c == '[') {
        int depth = 0;
        while (*s->p) {
            char d = *s->p;
            if (d == '"') {
                skip_string(s, NULL, 0);
                continue;
            }
            if (d == '\n')
                s->line++;
            if (d == '{' || d == '[')
                depth++;
            if (d == '}' || d == ']') {
                depth--;
                if (depth == 0) {
                    s->p++;
                    return;
                }
            }
            s->p++;
        }
    } else {
        while (*s->p && !strchr(",]} \t\r\n", *s->p))
            s->p++;
    }
}

/* Moves into the member named key of the object at the cursor. */
static int enter_key(scanner *s, const char *key)
{
    skip_ws(s);
    if (*s->p != '{')
        return 0;
    s->p++;
    for (;;) {
        skip_ws(s);
        if (*s->p != '"')
            return 0;
        char name[128];
        skip_string(s, name, sizeof name);
        skip_ws(s);
        if (*s->p != ':')
            return 0;
        s->p++;
        skip_ws(s);
        if (strcmp(name, key) == 0)
            return 1;
        skip_value(s);
        skip_ws(s);
        if (*s->p != ',')
            return 0;
        s->p++;
    }
}

/* Moves into element index of the array at the cursor. */
static int enter_index(scanner *s, long index)
{
    skip_ws(s);
    if (*s->p != '[')
        return 0;
    s->p++;
    for (long i = 0;; i++) {
        skip_ws(s);
        if (*s->p == ']')
            return 0;
        if (i == index)
            return 1;
        skip_value(s);
        skip_ws(s);
        if (*s->p != ',')
            return 0;
        s->p++;
    }
}

/* Walks the path segment by segment and reports the line reached. */
int tw_json_locate_line(const char *text, const char *path)
{
    scanner s = {text, 1};
    const char *q = path ? path : "";
    while (*q) {
        if (*q == '.') {
            q++;
            continue;
        }
        if (*q == '[') {
            char *end;
            long index = strtol(q + 1, &end, 10);
            if (*end != ']' || !enter_index(&s, index))
                return 0;
            q = end + 1;
            continue;
        }
        char key[128];
        size_t n = 0;
        while (*q && *q != '.' && *q != '[' && n + 1 < sizeof key)
            key[n++] = *q++;
        key[n] = '\0';
        if (!enter_key(&s, key))
            return 0;
    }
    skip_ws(&s);
    return s.line;
}
