/* For Northwood! files: the character catalog, game records, event logs
 * and position files. Every loader reports bad input through a tw_diag
 * naming the file, line and field; nothing is half-loaded on error. */
#ifndef TRICKWOOD_NW_FILES_H
#define TRICKWOOD_NW_FILES_H

#include <jansson.h>

#include "trickwood/io.h"
#include "trickwood/northwood.h"
#include "trickwood/nw_challenge.h"

/* ---- Characters --------------------------------------------------------- */

/* Adds the characters of a character file (JSON, see docs/formats.md) to
 * the catalog. On error the catalog is left as it was. */
tw_error tw_nw_catalog_add_file(tw_nw_catalog *catalog, const char *path, tw_diag *diag);
/* Adds characters from JSON text; name is used in diagnostics. */
tw_error tw_nw_catalog_add_text(tw_nw_catalog *catalog, const char *text, const char *name, tw_diag *diag);
/* Empties the catalog and loads data/characters.json. */
tw_error tw_nw_catalog_load_default(tw_nw_catalog *catalog, tw_diag *diag);
/* Index of the character with this id, or -1. */
int tw_nw_catalog_find(const tw_nw_catalog *catalog, const char *id);
/* Number of catalog characters of a suit. */
int tw_nw_catalog_suit_count(const tw_nw_catalog *catalog, int suit);


/* ---- Game records ------------------------------------------------------- */

/* A game record: everything needed to rebuild a game. Replaying the actions
 * from tw_nw_new(catalog, config) must give the same game. The catalog is
 * the default characters plus any the user added; those extra characters
 * (index >= extra_from) are stored inside the record file so that it
 * replays anywhere. Seeds are limited to 0 .. 2^53-1 so that any JSON
 * reader keeps them exact. */
typedef struct {
    tw_nw_config config;
    tw_nw_catalog catalog;
    int extra_from;
    tw_nw_action *actions; /* heap array */
    int count;
    int cap;
    /* A challenge's game: the challenge (its setup and limits replay with
     * the record, and the file carries it whole); has_challenge 0: none.
     * Set it after tw_nw_record_init (tw_nw_record_set_challenge). */
    int has_challenge;
    tw_nw_challenge challenge;
} tw_nw_record;


/* Starts an empty record (copies the catalog). extra_from is the index of
 * the first user-added character (catalog->count when there are none).
 * Returns TW_ERR_ARG for a seed above TW_MAX_SEED, a bad medal or setup,
 * or extra_from outside 0 .. catalog->count. */
tw_error tw_nw_record_init(tw_nw_record *rec, const tw_nw_catalog *catalog, int extra_from,
                           const tw_nw_config *config);
/* Makes the record a game of a challenge (its configuration's goal is
 * the challenge's). */
void tw_nw_record_set_challenge(tw_nw_record *rec, const tw_nw_challenge *challenge);
/* The fixed setup a record's game starts from (NULL: none). */
const tw_nw_fixed *tw_nw_record_fixed(const tw_nw_record *rec);
/* Appends an action (not checked: replay checks legality). */
tw_error tw_nw_record_push(tw_nw_record *rec, tw_nw_action action);
/* Frees the action list. */
void tw_nw_record_free(tw_nw_record *rec);
/* Rebuilds the game from the record's first n actions (n < 0: all).
 * An action that is not legal where it stands is reported in diag (when
 * not NULL) with the field "actions[i]" and a reason; diag->file is left as
 * the caller set it and the line is 0, since a record in memory has no
 * text. Returns TW_ERR_ARG when n > count or the setup fails. */
tw_error tw_nw_record_replay(const tw_nw_record *rec, int n, tw_nw_state *out, tw_diag *diag);
/* Serialises the record as JSON (with a "result" object when the replayed
 * game is over). The caller frees buf with tw_buf_free. Returns
 * TW_ERR_ILLEGAL when the actions do not replay. */
tw_error tw_nw_record_to_json(const tw_nw_record *rec, tw_buf *buf);
/* Writes the record to path atomically. */
tw_error tw_nw_record_save(const tw_nw_record *rec, const char *path);
/* Loads a record from JSON text: checks every field and replays every
 * action; on error diag names the line and field and rec is untouched.
 * On success rec is overwritten (free it with tw_nw_record_free). The
 * catalog is the default one (tw_nw_catalog_load_default) plus the
 * characters stored in the record. */
tw_error tw_nw_record_from_text(tw_nw_record *rec, const char *text, const char *name, tw_diag *diag);
/* Loads a record file. */
tw_error tw_nw_record_load(tw_nw_record *rec, const char *path, tw_diag *diag);

/* Explains in English why an action is not legal in a state, for example
 * "the player must follow suit (claws)", naming the phase the game is in.
 * Writes an empty text when the action is legal. */
void tw_nw_illegal_reason(const tw_nw_state *state, tw_nw_action action, char *out, size_t size);

/* Appends one character as a JSON object in the character file schema
 * (what tw_nw_catalog_add_text reads back to an equal entry). indent is
 * put before every line but the first. Returns -1 when the entry holds a
 * value no file can express (unknown suit, operation or pile). */
int tw_nw_catalog_entry_to_json(const tw_nw_catalog_entry *entry, const char *indent, tw_buf *buf);
/* Appends a whole character file holding the catalog entries from index
 * "from" on. Returns TW_ERR_ARG for a bad entry or range. */
tw_error tw_nw_catalog_to_json(const tw_nw_catalog *catalog, int from, tw_buf *buf);
/* Appends a list of effect steps as a JSON array of step objects (the
 * "steps" schema of character files). Returns -1 when a step has an
 * unknown operation, pile or suit (nothing sensible can be written). */
int tw_nw_steps_to_json(const tw_nw_step *steps, int n, tw_buf *buf);

/* ---- Event logs --------------------------------------------------------- */

/* Appends the JSON lines for a batch of events. seq numbers events across
 * the whole log and is advanced; action is the action that caused them
 * (TW_NW_NO_ACTION for the setup). */
#define TW_NW_NO_ACTION 0xFFFF
void tw_nw_events_to_jsonl(const tw_nw_events *events, tw_nw_action action, int *seq, tw_buf *buf);
/* Builds the complete event log of a record by replaying it: the setup's
 * events first, then those of each action. Returns TW_ERR_ILLEGAL when an
 * action does not replay, TW_ERR_NOMEM when the buffer could not grow. */
tw_error tw_nw_record_event_log(const tw_nw_record *rec, tw_buf *buf);
/* Writes the event log of a record to path atomically. */
tw_error tw_nw_event_log_save(const tw_nw_record *rec, const char *path);
/* The lowercase key of an event type used in event logs ("move",
 * "visit_end"...), or NULL for an unknown type. */
const char *tw_nw_event_key(int type);

/* ---- Position files ----------------------------------------------------- */

/* Serialises any state (mid-visit, mid-ability, between visits) as JSON.
 * Characters are named by catalog id. The RNG is stored so that the game
 * goes on exactly as it would have. Returns TW_ERR_ARG when the state is
 * not sound (tw_nw_check_invariants) or names a character outside the
 * catalog. */
tw_error tw_nw_position_to_json(const tw_nw_state *state, const tw_nw_catalog *catalog, tw_buf *buf);
/* Writes a position file atomically. */
tw_error tw_nw_position_save(const tw_nw_state *state, const tw_nw_catalog *catalog, const char *path);
/* Reads a position from JSON text; characters are looked up in catalog.
 * The result passes tw_nw_check_invariants and its phase is coherent, or an
 * error names the field; state is only written on success. */
tw_error tw_nw_position_from_text(tw_nw_state *state, const tw_nw_catalog *catalog, const char *text,
                                  const char *name, tw_diag *diag);
/* Reads a position file. */
tw_error tw_nw_position_load(tw_nw_state *state, const tw_nw_catalog *catalog, const char *path, tw_diag *diag);

/* ---- Views as JSON (web API) -------------------------------------------- */

/* The player's view as a JSON object (fields in docs/web-api.md): phase,
 * fiefs with their rulers' names and texts from the catalog in English and
 * French, ally slots, hand, pile contents, the known deck positions only,
 * the statement and a pending ability choice. Reads nothing but the view,
 * so unseen deck cards and the RNG never appear. Returns a new reference,
 * or NULL when a character is not in the catalog or memory ran out. */
json_t *tw_nw_view_json(const tw_nw_view *view, const tw_nw_catalog *catalog);
/* Every character of a catalog, in its order, for the rules' card list
 * (docs/web-api.md, GET /api/rules/northwood): the fields of a character
 * of the view, and "intro" ("ally" or "ruler") for the introductory set.
 * NULL when memory ran out. */
json_t *tw_nw_catalog_cards_json(const tw_nw_catalog *catalog);

#endif
