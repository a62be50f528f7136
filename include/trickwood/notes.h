/* Notes on the steps of a game record: a player's comment on any step,
 * kept in the record's optional "notes" member (docs/formats.md), read
 * the same way by both games' records and shown by both replays. Notes
 * are a JSON array of {"step": K, "text": "..."} in increasing step
 * order; step K is the table after the record's first K actions (0: the
 * deal, before any action). */
#ifndef TRICKWOOD_NOTES_H
#define TRICKWOOD_NOTES_H

#include <jansson.h>

#include "trickwood/json_util.h"

/* Longest note, in characters (Unicode code points). */
#define TW_NOTE_MAX_CHARS 280

/* What may be wrong with a note's text. */
typedef enum { TW_NOTE_OK, TW_NOTE_EMPTY, TW_NOTE_CONTROL, TW_NOTE_TOO_LONG } tw_note_fault;

/* Checks a note's text: one line of 1 to TW_NOTE_MAX_CHARS characters of
 * UTF-8, without control characters. */
tw_note_fault tw_note_check(const char *text);
/* Why a note's text is refused (an English phrase), or NULL when it is
 * fine. */
const char *tw_note_text_problem(const char *text);

/* Checks a record's "notes" member (absent is fine) for a record of
 * steps actions; a problem is reported through jr at its field. */
tw_error tw_notes_check(tw_jr *jr, json_t *root, int steps);

/* The notes of a record text that was loaded already (so checked): a new
 * array, empty when the record has none; NULL when out of memory. */
json_t *tw_notes_of_record(const char *text);

/* The text of the note at step, or NULL. */
const char *tw_notes_at(const json_t *notes, int step);

/* Sets the note at step to text (kept in step order), or removes it when
 * text is NULL or empty. The caller checks the text first
 * (tw_note_text_problem). 0, or -1 when out of memory. */
int tw_notes_set(json_t *notes, int step, const char *text);

/* Adds notes (when the array is not empty) as the last member of a record
 * text that a game's record_json wrote (one object ending in "}\n"). */
tw_error tw_notes_append(tw_buf *record, const json_t *notes);

/* A record text with its notes replaced by notes (none when the array is
 * empty), every other member kept as it was, into out. TW_ERR_PARSE when
 * text is not a JSON object. */
tw_error tw_notes_replace(const char *text, const json_t *notes, tw_buf *out);

#endif
