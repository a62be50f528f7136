/* The Fox in the Forest Duet files: boards, game records, event logs and
 * position files (formats in docs/fox-formats.md). Every loader reports
 * bad input through a tw_diag naming the file, line and field; nothing is
 * half-loaded on error. */
#ifndef TRICKWOOD_FOX_FILES_H
#define TRICKWOOD_FOX_FILES_H

#include <jansson.h>
#include <stddef.h>

#include "trickwood/foxduet.h"
#include "trickwood/io.h"

/* Seeds are limited to 0 .. 2^53-1 so that any JSON reader keeps them exact. */
#define TW_FOX_MAX_SEED ((1ULL << 53) - 1)

/* ---- Boards ------------------------------------------------------------- */

/* Reads a board from JSON text; name is used in diagnostics. */
tw_error tw_fox_board_from_text(tw_fox_board *board, const char *text, const char *name, tw_diag *diag);
/* Reads a board file. */
tw_error tw_fox_board_load(tw_fox_board *board, const char *path, tw_diag *diag);
/* Path of a default board file: data/boards/<file>. */
void tw_fox_board_default_path(const char *file, char *out, size_t size);
/* Loads the default board of a level (1: side A, 2 and 3: side B). */
tw_error tw_fox_board_load_level(tw_fox_board *board, int level, tw_diag *diag);
/* Checks that a board can be played at a level (it has gems there);
 * otherwise diag explains and TW_ERR_ARG is returned. */
tw_error tw_fox_board_check_level(const tw_fox_board *board, int level, tw_diag *diag);
/* Serialises a board in the board file format. */
tw_error tw_fox_board_to_json(const tw_fox_board *board, tw_buf *buf);
/* What a UI must show with a board: its note (what a reconstruction
 * estimates, or where another layout comes from), else "". */
const char *tw_fox_board_notice(const tw_fox_board *board, tw_lang lang);

/* ---- Game records ------------------------------------------------------- */

/* Who plays a game at one screen, as the terminal game keeps it in its
 * records: two people taking turns (hotseat), or one person in `seat` and
 * a built-in partner in the other seat. partner names a bot that decides
 * from its own view: "rule", "random" or "strong" (the names of
 * tw_fox_bot_kind_from_name, open-hands excepted). */
typedef struct {
    int hotseat;
    int seat; /* 0 or 1: the person's seat when playing with the partner */
    char partner[16];
} tw_fox_players;

/* The record version writers use. Version 2 came with side A taken from a
 * public source; readers still take version 1, where the board name
 * "side-a.json" (or no board at level 1) means the old reconstructed side
 * A, now in data/boards/TW_FOX_OLD_SIDE_A_FILE, so old games replay as
 * they were played. */
#define TW_FOX_RECORD_VERSION 2
#define TW_FOX_OLD_SIDE_A_FILE "side-a-reconstruction-2026.json"

/* A game record: everything needed to rebuild a game. Replaying the actions
 * from tw_fox_new(board, config) must give the same game. The board is
 * written either by file name (board_ref, resolved under data/boards/ when
 * it holds no '/') or, when board_ref is empty, embedded in the record.
 * Who plays is optional: has_players says whether players is written (and
 * whether the loaded file had it); tw_fox_record_init leaves it unset. */
typedef struct {
    tw_fox_config config;
    tw_fox_board board;
    char board_ref[256];
    int has_players;
    tw_fox_players players;
    tw_fox_action *actions; /* heap array */
    int count;
    int cap;
} tw_fox_record;

/* Starts an empty record. board_ref may be NULL or "" (embed the board). */
tw_error tw_fox_record_init(tw_fox_record *rec, const tw_fox_board *board, const char *board_ref,
                            const tw_fox_config *config);
/* Appends an action. */
tw_error tw_fox_record_push(tw_fox_record *rec, tw_fox_action action);
/* Frees the action list. */
void tw_fox_record_free(tw_fox_record *rec);
/* Rebuilds the game from the record's first n actions (n < 0: all). An
 * action that is not legal where it stands is reported with field
 * "actions[i]" in diag (when diag is not NULL). */
tw_error tw_fox_record_replay(const tw_fox_record *rec, int n, tw_fox_state *out, tw_diag *diag);
/* Whether a record may name this built-in partner in its players. */
int tw_fox_players_partner_ok(const char *partner);
/* Serialises the record as JSON (with a "players" object when has_players
 * is set, and a "result" object when the replayed game is over). Returns
 * TW_ERR_ARG for players a reader would refuse. The caller frees buf with
 * tw_buf_free. */
tw_error tw_fox_record_to_json(const tw_fox_record *rec, tw_buf *buf);
/* Writes the record to path atomically. */
tw_error tw_fox_record_save(const tw_fox_record *rec, const char *path);
/* Loads a record from JSON text: checks every field (players included)
 * and replays every action; on error diag names the line and field. */
tw_error tw_fox_record_from_text(tw_fox_record *rec, const char *text, const char *name, tw_diag *diag);
/* Loads a record file. */
tw_error tw_fox_record_load(tw_fox_record *rec, const char *path, tw_diag *diag);

/* ---- Event logs --------------------------------------------------------- */

/* Appends the JSON lines of a batch of events. seq numbers events across
 * the whole log and is advanced; step is the index of the action that
 * caused them (-1 for the setup) and action_text its notation (NULL for
 * the setup). seat -1 writes every card; seat 0 or 1 writes what that
 * seat may see (hidden cards become null). */
void tw_fox_events_to_jsonl(const tw_fox_events *events, int step, const char *action_text, int seat, int *seq,
                            tw_buf *buf);
/* Builds the event log of a record by replaying it (seat as above). */
tw_error tw_fox_record_event_log(const tw_fox_record *rec, int seat, tw_buf *buf);
/* Writes the full event log of a record to path atomically. */
tw_error tw_fox_event_log_save(const tw_fox_record *rec, const char *path);

/* ---- Position files ----------------------------------------------------- */

/* Serialises any state (mid-trick, mid-ability, between rounds, over) as
 * JSON. The RNG is stored so that the game goes on exactly as it would. */
tw_error tw_fox_position_to_json(const tw_fox_state *state, tw_buf *buf);
/* Writes a position file atomically. */
tw_error tw_fox_position_save(const tw_fox_state *state, const char *path);
/* Reads a position from JSON text. The result passes
 * tw_fox_check_invariants or an error names the field. */
tw_error tw_fox_position_from_text(tw_fox_state *state, const char *text, const char *name, tw_diag *diag);
/* Reads a position file. */
tw_error tw_fox_position_load(tw_fox_state *state, const char *path, tw_diag *diag);

/* ---- Views as JSON (web API) -------------------------------------------- */

/* One seat's view as a JSON object (fields in docs/web-api.md): round,
 * trick, phase, who acts, the board (names and notice from board, gems and
 * forest cover from the view), decree, the seat's hand, what it knows of
 * the partner's hand, the trick in progress, a pending choice and the
 * result. Reads nothing but the view and the board, so the partner's
 * unknown cards, the deck and the partner's secret Gift pick never appear.
 * Returns a new reference, or NULL when memory ran out. */
json_t *tw_fox_view_json(const tw_fox_view *view, const tw_fox_board *board);
/* The deck's ten ranks for the rules' card list (docs/web-api.md, GET
 * /api/rules/fox): rank, footprints, and the odd ranks' ability name and
 * text in both languages. NULL when memory ran out. */
json_t *tw_fox_cards_json(void);

#endif
