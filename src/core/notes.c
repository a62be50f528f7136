/* Notes on the steps of a game record (trickwood/notes.h): checking them
 * when a record is read, finding and changing them, and writing them
 * after the rest of a record. */
#include "trickwood/notes.h"

#include <stdio.h>
#include <string.h>

/* Counts the characters of a UTF-8 text (jansson checked its encoding),
 * or returns -1 at a control character (C0, DEL or C1: a note is one
 * line, shown as it is on a terminal). */
static long note_chars(const char *text)
{
    long n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p < 0x20 || *p == 0x7f || (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
            return -1;
        if ((*p & 0xc0) != 0x80)
            n++;
    }
    return n;
}

tw_note_fault tw_note_check(const char *text)
{
    if (!text || !*text)
        return TW_NOTE_EMPTY;
    long n = note_chars(text);
    return n < 0 ? TW_NOTE_CONTROL : n > TW_NOTE_MAX_CHARS ? TW_NOTE_TOO_LONG : TW_NOTE_OK;
}

const char *tw_note_text_problem(const char *text)
{
    static const char *const why[] = {
        [TW_NOTE_EMPTY] = "must not be empty",
        [TW_NOTE_CONTROL] = "must be one line without control characters",
        [TW_NOTE_TOO_LONG] = "is too long (at most 280 characters)",
    };
    tw_note_fault fault = tw_note_check(text);
    return fault == TW_NOTE_OK ? NULL : why[fault];
}

tw_error tw_notes_check(tw_jr *jr, json_t *root, int steps)
{
    static const char *const keys[] = {"step", "text", NULL};
    json_t *notes = json_object_get(root, "notes");
    if (!notes)
        return TW_OK;
    if (!json_is_array(notes))
        return tw_jr_fail(jr, "notes", "must be a list of notes such as {\"step\": 3, \"text\": \"why I played this\"}");
    long long previous = -1;
    for (size_t i = 0; i < json_array_size(notes); i++) {
        json_t *note = json_array_get(notes, i);
        char path[32], field[48];
        long long step;
        tw_error err;
        tw_jr_index(path, sizeof path, "notes", i);
        if (!json_is_object(note))
            return tw_jr_fail(jr, path, "must be an object {\"step\": a step, \"text\": the note}");
        if ((err = tw_jr_object(jr, note, path, keys)) || (err = tw_jr_int(jr, note, path, "step", 0, steps, 1, 0, &step)))
            return err;
        tw_jr_path(field, sizeof field, path, "step");
        if (step <= previous)
            return tw_jr_fail(jr, field, "must come after the step of the note before (%lld): one note a step, in order",
                              previous);
        previous = step;
        json_t *text;
        if ((err = tw_jr_member(jr, note, path, "text", 1, &text)))
            return err;
        tw_jr_path(field, sizeof field, path, "text");
        const char *problem = json_is_string(text) ? tw_note_text_problem(json_string_value(text)) : "must be a text";
        if (problem)
            return tw_jr_fail(jr, field, "%s", problem);
    }
    return TW_OK;
}

json_t *tw_notes_of_record(const char *text)
{
    json_t *root = json_loads(text, 0, NULL);
    json_t *notes = json_is_object(root) ? json_object_get(root, "notes") : NULL;
    json_t *out = json_is_array(notes) ? json_deep_copy(notes) : json_array();
    json_decref(root);
    return out;
}

const char *tw_notes_at(const json_t *notes, int step)
{
    for (size_t i = 0; i < json_array_size(notes); i++) {
        json_t *note = json_array_get(notes, i);
        if (json_integer_value(json_object_get(note, "step")) == step)
            return json_string_value(json_object_get(note, "text"));
    }
    return NULL;
}

int tw_notes_set(json_t *notes, int step, const char *text)
{
    size_t i = 0;
    while (i < json_array_size(notes) && json_integer_value(json_object_get(json_array_get(notes, i), "step")) < step)
        i++;
    json_t *here = json_array_get(notes, i);
    if (here && json_integer_value(json_object_get(here, "step")) == step)
        json_array_remove(notes, i);
    if (!text || !*text)
        return 0;
    json_t *note = json_pack("{s:i, s:s}", "step", step, "text", text);
    return note && json_array_insert_new(notes, i, note) == 0 ? 0 : -1;
}

tw_error tw_notes_append(tw_buf *record, const json_t *notes)
{
    if (json_array_size(notes) == 0)
        return record->failed ? TW_ERR_NOMEM : TW_OK;
    size_t end = record->len;
    while (end > 0 && record->data[end - 1] != '}')
        end--;
    if (!end)
        return TW_ERR_ARG;
    end--; /* the closing brace */
    while (end > 0 && (record->data[end - 1] == '\n' || record->data[end - 1] == ' '))
        end--;
    record->len = end; /* just after the last member */
    tw_buf_printf(record, ",\n  \"notes\": [");
    for (size_t i = 0; i < json_array_size(notes); i++) {
        json_t *note = json_array_get(notes, i);
        tw_buf_printf(record, "%s\n    {\"step\": %lld, \"text\": ", i ? "," : "",
                      (long long)json_integer_value(json_object_get(note, "step")));
        tw_json_put_string(record, json_string_value(json_object_get(note, "text")));
        tw_buf_printf(record, "}");
    }
    tw_buf_printf(record, "\n  ]\n}\n");
    return record->failed ? TW_ERR_NOMEM : TW_OK;
}

tw_error tw_notes_replace(const char *text, const json_t *notes, tw_buf *out)
{
    json_t *root = json_loads(text, 0, NULL);
    if (!json_is_object(root)) {
        json_decref(root);
        return TW_ERR_PARSE;
    }
    json_object_del(root, "notes");
    tw_error err = tw_json_dump_to(root, out);
    json_decref(root);
    return err ? err : tw_notes_append(out, notes);
}
