/* Shared JSON reading helpers: field checks that report the file, line and
 * field of the first problem. */
#include "trickwood/json_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tw_error tw_jr_parse(const char *text, tw_diag *diag, json_t **root)
{
    json_error_t jerr;
    *root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    if (!*root)
        return tw_diag_set(diag, jerr.line > 0 ? jerr.line : 0, NULL, "not valid JSON: %s", jerr.text);
    return TW_OK;
}

void tw_jr_path(char *out, size_t size, const char *path, const char *key)
{
    if (!path || !*path)
        snprintf(out, size, "%s", key);
    else
        snprintf(out, size, "%s.%s", path, key);
}

void tw_jr_index(char *out, size_t size, const char *path, size_t index)
{
    snprintf(out, size, "%s[%zu]", path ? path : "", index);
}

tw_error tw_jr_fail(tw_jr *jr, const char *path, const char *fmt, ...)
{
    char message[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    return tw_diag_set(jr->diag, tw_json_locate_line(jr->text, path ? path : ""), path, "%s", message);
}

/* Writes the non-NULL names[0 .. count - 1] into out, comma separated and
 * each in double quotes when quoted; a list too long for out ends with
 * "...". For messages that say what is allowed. */
static void join_names(char *out, size_t size, const char *const *names, int count, int quoted)
{
    const char *quote = quoted ? "\"" : "";
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        if (!names[i])
            continue;
        const char *sep = len ? ", " : "";
        /* Keeps room for a final ", ..." and the terminating NUL. */
        if (len + strlen(sep) + strlen(names[i]) + 2 * strlen(quote) + 6 > size) {
            snprintf(out + len, size - len, "%s...", sep);
            return;
        }
        len += (size_t)snprintf(out + len, size - len, "%s%s%s%s", sep, quote, names[i], quote);
    }
}

tw_error tw_jr_object(tw_jr *jr, json_t *obj, const char *path, const char *const *allowed)
{
    if (!json_is_object(obj))
        return tw_jr_fail(jr, path, "must be an object");
    int count = 0;
    while (allowed[count])
        count++;
    const char *key;
    json_t *value;
    json_object_foreach(obj, key, value) {
        int ok = 0;
        for (int i = 0; i < count; i++)
            if (strcmp(allowed[i], key) == 0)
                ok = 1;
        if (!ok) {
            char sub[256], list[192];
            tw_jr_path(sub, sizeof sub, path, key);
            join_names(list, sizeof list, allowed, count, 0);
            return tw_jr_fail(jr, sub, "unknown field '%s' (allowed here: %s)", key, list);
        }
    }
    return TW_OK;
}

/* Looks up obj[key] and writes its path into sub; reports a missing
 * required key the way jr asks (see tw_jr in json_util.h). */
static json_t *field(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, tw_error *err,
                     char *sub, size_t size)
{
    tw_jr_path(sub, size, path, key);
    json_t *v = json_object_get(obj, key);
    *err = TW_OK;
    if (v || !required)
        return v;
    if (jr->missing_at_member)
        *err = tw_diag_set(jr->diag, tw_json_locate_line(jr->text, path ? path : ""), sub,
                           "missing (this field is required)");
    else
        *err = tw_jr_fail(jr, path, "missing field '%s'", key);
    return v;
}

tw_error tw_jr_member(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, json_t **out)
{
    char sub[256];
    tw_error err;
    *out = field(jr, obj, path, key, required, &err, sub, sizeof sub);
    return err;
}

tw_error tw_jr_int(tw_jr *jr, json_t *obj, const char *path, const char *key, long long lo, long long hi,
                   int required, long long fallback, long long *out)
{
    char sub[256];
    tw_error err;
    json_t *v = field(jr, obj, path, key, required, &err, sub, sizeof sub);
    if (err)
        return err;
    if (!v) {
        *out = fallback;
        return TW_OK;
    }
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return tw_jr_fail(jr, sub, "must be a whole number from %lld to %lld", lo, hi);
    *out = json_integer_value(v);
    return TW_OK;
}

tw_error tw_jr_bool(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, int fallback,
                    int *out)
{
    char sub[256];
    tw_error err;
    json_t *v = field(jr, obj, path, key, required, &err, sub, sizeof sub);
    if (err)
        return err;
    if (!v) {
        *out = fallback;
        return TW_OK;
    }
    if (!json_is_boolean(v))
        return tw_jr_fail(jr, sub, "must be true or false");
    *out = json_is_true(v);
    return TW_OK;
}

tw_error tw_jr_choice(tw_jr *jr, json_t *obj, const char *path, const char *key, const char *const *names,
                      int count, int required, int fallback, int *out)
{
    char sub[256], list[192];
    tw_error err;
    json_t *v = field(jr, obj, path, key, required, &err, sub, sizeof sub);
    if (err)
        return err;
    if (!v) {
        *out = fallback;
        return TW_OK;
    }
    for (int i = 0; i < count; i++)
        if (names[i] && json_is_string(v) && strcmp(json_string_value(v), names[i]) == 0) {
            *out = i;
            return TW_OK;
        }
    join_names(list, sizeof list, names, count, 1);
    return tw_jr_fail(jr, sub, "must be one of %s", list);
}

tw_error tw_jr_string(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, char *out,
                      size_t size)
{
    char sub[256];
    tw_error err;
    json_t *v = field(jr, obj, path, key, required, &err, sub, sizeof sub);
    if (err)
        return err;
    if (!v) {
        out[0] = '\0';
        return TW_OK;
    }
    if (!json_is_string(v))
        return tw_jr_fail(jr, sub, "must be a text in double quotes");
    if (json_string_length(v) >= size)
        return tw_jr_fail(jr, sub, "is too long (at most %zu bytes)", size - 1);
    snprintf(out, size, "%s", json_string_value(v));
    return TW_OK;
}

tw_error tw_jr_text_pair(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, char *en,
                         char *fr, size_t size)
{
    static const char *const langs[] = {"en", "fr", NULL};
    char sub[256];
    tw_error err;
    json_t *v = field(jr, obj, path, key, required, &err, sub, sizeof sub);
    en[0] = fr[0] = '\0';
    if (err || !v)
        return err;
    if (!json_is_object(v))
        return tw_jr_fail(jr, sub, "must be an object with \"en\" and \"fr\" texts");
    if ((err = tw_jr_object(jr, v, sub, langs)) || (err = tw_jr_string(jr, v, sub, "en", 1, en, size)) ||
        (err = tw_jr_string(jr, v, sub, "fr", 1, fr, size)))
        return err;
    return TW_OK;
}

tw_error tw_jr_hex64(tw_jr *jr, json_t *obj, const char *path, const char *key, uint64_t *out)
{
    char sub[256];
    tw_error err;
    json_t *v = field(jr, obj, path, key, 1, &err, sub, sizeof sub);
    if (err)
        return err;
    const char *hex = json_is_string(v) ? json_string_value(v) : "";
    size_t len = strlen(hex);
    if (len < 1 || len > 16 || strspn(hex, "0123456789abcdefABCDEF") != len)
        return tw_jr_fail(jr, sub, "must be 1 to 16 hexadecimal digits in a text, such as \"853c49e6748fea9b\"");
    *out = (uint64_t)strtoull(hex, NULL, 16);
    return TW_OK;
}

tw_error tw_jr_header(tw_jr *jr, json_t *root, const char *format, int version)
{
    json_t *v;
    if (!json_is_object(root))
        return tw_jr_fail(jr, "", "the file must hold one JSON object");
    json_t *f = json_object_get(root, "format");
    if (!f && jr->missing_at_member)
        return tw_jr_member(jr, root, "", "format", 1, &v); /* reports it missing */
    if (!f)
        return tw_jr_fail(jr, "", "field 'format' must be \"%s\"", format);
    if (!json_is_string(f) || strcmp(json_string_value(f), format) != 0)
        return tw_jr_fail(jr, "format", "must be \"%s\"", format);
    v = json_object_get(root, "version");
    if (!v && jr->missing_at_member)
        return tw_jr_member(jr, root, "", "version", 1, &v); /* reports it missing */
    if (!v)
        return tw_jr_fail(jr, "", "field 'version' must be %d", version);
    if (!json_is_integer(v) || json_integer_value(v) != version)
        return tw_jr_fail(jr, "version", "must be %d (the version this program reads)", version);
    return TW_OK;
}

void tw_json_put_string(tw_buf *buf, const char *text)
{
    tw_buf_append(buf, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\')
            tw_buf_printf(buf, "\\%c", *p);
        else if (*p < 0x20)
            tw_buf_printf(buf, "\\u%04x", *p);
        else
            tw_buf_append(buf, (const char *)p, 1);
    }
    tw_buf_append(buf, "\"", 1);
}

tw_error tw_json_dump_to(json_t *value, tw_buf *buf)
{
    char *text = json_dumps(value, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    if (!text)
        return TW_ERR_NOMEM;
    tw_buf_printf(buf, "%s\n", text);
    free(text);
    return buf->failed ? TW_ERR_NOMEM : TW_OK;
}
