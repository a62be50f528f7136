/* Player-facing text by language. Every message lives in a table with one
 * entry per language, indexed by a message id; code picks the text with
 * the player's language and never spells player text inline. This header
 * holds the mechanism and the game-independent messages; each game keeps
 * its own table the same way. */
#ifndef TRICKWOOD_TERM_TEXT_H
#define TRICKWOOD_TERM_TEXT_H

#include <stddef.h>

#include "trickwood/core.h"

/* One message in every language, indexed by tw_lang. */
typedef struct {
    const char *text[2];
} tw_msg;

/* The text of a message in a language (English when the language is
 * missing). */
const char *tw_msg_get(const tw_msg *msg, tw_lang lang);

/* Checks a table: every entry has both languages and both texts use the
 * same printf conversions in the same order. Returns -1 when sound, else
 * the index of the first bad entry. */
int tw_msg_table_check(const tw_msg *table, int count);

/* Game-independent messages. */
typedef enum {
    TW_T_USAGE_HEAD = 0,
    TW_T_COMMANDS,
    TW_T_UNKNOWN_COMMAND,
    TW_T_SEE_HELP,
    TW_T_MISSING_VALUE,
    TW_T_UNKNOWN_OPTION,
    TW_T_UNKNOWN_GAME,
    TW_T_OR,
    TW_T_EXTRA_ARGUMENT,
    TW_T_MISSING_ARGUMENT,
    TW_T_BAD_LANG,
    TW_T_DISPLAY_OPTIONS,
    TW_T_NOT_A_CHOICE,
    TW_T_NOT_UNDERSTOOD,
    TW_T_EMPTY_ANSWER,
    TW_T_ASK,
    TW_T_EOF_SAVED,
    TW_T_QUIT_SAVED,
    TW_T_INTERRUPT_SAVED,
    TW_T_RESUME_HINT,
    TW_T_SAVE_FAILED,
    TW_T_NO_SAVE_DIR,
    TW_T_ERROR_PREFIX,
    TW_T_EVENTS_AT,
    TW_T_RESUMING,
    TW_T_RESUME_FINISHED,
    TW_T_REPLAY_END,
    TW_T_SAVES_TITLE,
    TW_T_FINISHED_TITLE,
    TW_T_SAVES_ITEM,
    TW_T_SAVES_NONE,
    TW_T_SAVES_UNREADABLE,
    TW_T_SAVE_NOT_FILE,
    TW_T_SAVE_NO_GAME,
    TW_T_SAVES_HOW,
    TW_T_NO_SAVES,
    TW_T_PICK_SAVE,
    TW_T_PICK_NEWEST,
    TW_T_PICK_AGAIN,
    TW_T_MIGRATED,
    TW_T_REPLACE_ASK,
    TW_T_REPLACE_REFUSED,
    TW_T_YES_NO,
    TW_T_DELETE_ASK,
    TW_T_DELETE_KEPT,
    TW_T_DELETED,
    TW_T_DELETE_RANGE,
    TW_T_SEE_SAVES,
    TW_T_BAD_WIDTH,
    TW_T_ASK_ONE,
    TW_T_RESUMING_ONE,
    TW_T_CARDS_ONE, /* each singular is followed by its plural */
    TW_T_CARDS_MANY,
    TW_T_STARS_ONE,
    TW_T_STARS_MANY,
    TW_T_UNDO_NONE,
    TW_T_UNDO_DONE,
    TW_T_REPLAY_HELP,
    TW_T_REPLAY_NO_STEP,
    TW_T_REPLAY_UNKNOWN,
    TW_T_REPLAY_NOTE,
    TW_T_REPLAY_NOTE_SAVED,
    TW_T_REPLAY_NOTE_REMOVED,
    TW_T_REPLAY_NOTE_FAILED,
    TW_T_NOTE_TOO_LONG,
    TW_T_NOTE_ONE_LINE,
    TW_T_COUNT
} tw_text_id;

/* The table of game-independent messages. */
extern const tw_msg tw_text_table[TW_T_COUNT];

/* A game-independent message in a language. */
const char *tw_text(tw_lang lang, tw_text_id id);

/* Whether a count takes the singular: 1 in English, 0 and 1 in French
 * ("0 carte", "1 carte", "2 cartes"; "0 cards", "1 card"). */
int tw_lang_singular(tw_lang lang, int n);

/* A count with its noun in the singular or the plural
 * (tw_lang_singular: "1 card", "3 cards"): one points at the singular's
 * message, the plural's is the next of its table. Returns out. */
char *tw_msg_count(const tw_msg *one, tw_lang lang, int n, char *out, size_t size);
/* The same with the game-independent messages: one is the id of the
 * singular. */
char *tw_text_count(tw_lang lang, int n, tw_text_id one, char *out, size_t size);

#endif
