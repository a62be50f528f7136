/* One game at this terminal, written once for every game over the game
 * interface (trickwood/game.h). What differs between games (the screen,
 * the choices in words, the narration of events, the game's files and
 * options) is a table of hooks, tw_cli_ui, that each game's terminal
 * module fills (play/northwood/nw_play.c, play/fox/fox_play.c).
 *
 * A session is one game at this terminal: the match (applied through the
 * game's table), the seats played by people here (the others by a bot of
 * the game, asked for each decision), what each person has not been told
 * yet, and the files written after every action. The loop that plays it
 * is play.h; the save files saves.h; the history history_cli.h. */
#ifndef TRICKWOOD_PLAY_SESSION_H
#define TRICKWOOD_PLAY_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "term/cli.h"
#include "trickwood/game.h"

#define TW_CLI_PATH 1024
#define TW_CLI_BACKLOG 48 /* actions a seat may not have been told yet */
#define TW_CLI_DEAL (-1)  /* "action" of the deal, told like an action */

/* The flow messages every game words its own way; a game's table maps
 * each to one of its own messages (-1: the game has none). */
typedef enum {
    TW_CLI_M_HINT_LINE,       /* the line under the choices */
    TW_CLI_M_SAVE_AT,         /* %s: the autosave */
    TW_CLI_M_RECORD_AT,       /* %s %s: the record */
    TW_CLI_M_FINISHED_SAVED,  /* %s: the autosave */
    TW_CLI_M_NO_SAVE,         /* %s: no such save */
    TW_CLI_M_SINCE,           /* heading of what a person is told */
    TW_CLI_M_HIDE,            /* %d %d: hand-over, hide your hand */
    TW_CLI_M_HANDOVER,        /* %d %d: hand-over, the next player */
    TW_CLI_M_REPLAY_TITLE,    /* %s %d: the file, its actions */
    TW_CLI_M_REPLAY_WAIT,     /* the prompt between steps */
    TW_CLI_M_REPLAY_STOPPED,  /* %d %d: step, steps */
    TW_CLI_M_GAME_NAME,       /* the game's name */
    TW_CLI_M_COUNT
} tw_cli_msg;

typedef struct tw_cli_session tw_cli_session;

/* A game as the list of saves shows it (saves.c): its setup as a short
 * key for file names ("full-silver", "level1"), its setup and how far it
 * has gone in the player's words, and both as JSON objects (owned by the
 * caller once set; NULL when out of memory). */
typedef struct {
    char key[64];
    char setup[160];
    char progress[160];
    json_t *setup_json;
    json_t *progress_json;
} tw_cli_about;

/* What a game's terminal module provides. Hooks get the session; the
 * game's own data (the record it was started or loaded from) is
 * ss->data. A seat of -1 means everyone (replays). */
typedef struct {
    const tw_game *game;
    const char *file_game;          /* the "game" field of its files */
    const char *save_name;          /* the one autosave of earlier versions */
    const tw_msg *texts;            /* the game's message table */
    int msg[TW_CLI_M_COUNT];        /* the index in it of each flow message */
    int wrap_question;              /* wrap the question at 78 columns */
    int tell_deal;                  /* the deal is told like an action */
    const char *const *extra_words; /* a game's own command (piles, board) */

    /* The game's data (ss->data: size bytes, zeroed) and what frees what
     * it holds (NULL: nothing). */
    size_t data_size;
    void (*data_free)(void *data);
    /* Reads a save or record into the data (resume is 0 for a replay) and
     * sets ss->seed. 0, or -1 with diag set. */
    int (*load)(tw_cli_session *ss, const char *path, int resume, tw_diag *diag);
    /* The record of the data (as started or loaded): the match is made
     * from it. */
    tw_error (*data_record)(tw_cli_session *ss, tw_buf *buf);
    /* The record as saved, when the game's own (tw_game.record_json) does
     * not hold all (NULL: that one). */
    tw_error (*record_text)(tw_cli_session *ss, tw_buf *buf);
    /* Describes the game of ss->match for the list of saves. */
    void (*describe)(tw_cli_session *ss, tw_cli_about *about);
    /* After the autosave was written (NULL: nothing to do). */
    void (*saved)(tw_cli_session *ss);

    /* A resume option of the game (argv[*i]; data: the session's data),
     * as tw_cli_args.option. NULL: none. */
    int (*resume_option)(tw_cli *cli, void *data, const char *usage, int argc, char **argv, int *i);
    /* After "resuming": what the game says then (NULL: nothing). */
    void (*resumed)(tw_cli_session *ss);

    /* The screen of a seat, with its hand or without. */
    void (*draw)(tw_cli_session *ss, int seat, int show_hand);
    /* What the seat to act is asked (may print a note before it). */
    void (*question)(tw_cli_session *ss, int seat, char *out, size_t size);
    /* A legal action in words. */
    void (*label)(tw_cli_session *ss, int seat, tw_game_action action, char *out, size_t size);
    /* Reads a lowercased word as an action (record notation, a bare card
     * or name): 0, or -1 when it is none. */
    int (*parse)(tw_cli_session *ss, const char *word, tw_game_action *out);
    /* Why a well-formed action is not legal now, in the player's words. */
    void (*refusal)(tw_cli_session *ss, tw_game_action action, const char *typed, char *out, size_t size);
    /* The rules and commands; the game's own command. */
    void (*rules)(tw_cli *cli);
    void (*extra)(tw_cli_session *ss);
    /* `cards` (cartes): every character or card ability of the game, with
     * what it does (NULL: none). */
    void (*cards)(tw_cli_session *ss);
    /* The rules' card list (`rules --cards`, `rules cards`): every card of
     * the game from tw_game.cards_json, its words wrapped at width
     * columns. */
    void (*card_list)(tw_cli *cli, json_t *cards, int width);
    /* Prints the hint of the game's table (tw_game.hint_json) for seat. */
    void (*hint)(tw_cli_session *ss, int seat, json_t *hint);
    /* Tells seat what an action did (before: the match before it), or the
     * deal (action TW_CLI_DEAL, before: the match as dealt). */
    void (*narrate)(tw_cli_session *ss, int seat, const tw_match *before, int action);
    /* The one-line text of the ability an action uses, when its compact
     * label leaves the text out (For Northwood!'s use of a character;
     * the Duet's labels name an odd card's ability and its screens use
     * the 24 rows): the compact layout shows it under its choices (NULL,
     * or 0 returned: none). */
    int (*ability_line)(tw_cli_session *ss, int seat, tw_game_action action, char *out, size_t size);
    /* Called before a seat is told what happened since its last screen
     * (NULL: nothing): the Duet's strict look-back rule clears the screen
     * there. */
    void (*news_begin)(tw_cli_session *ss, int seat);
    /* The result of a finished game. */
    void (*result)(tw_cli_session *ss);
    /* A replay: what it says before the first step (NULL: nothing), and
     * the line of one step. */
    void (*replay_intro)(tw_cli_session *ss);
    void (*replay_step)(tw_cli_session *ss, int step, int steps, const char *label, const char *notation);

    /* ---- The history (history_cli.c) ---- */
    /* The configuration the history keeps of a finished game, in the
     * server's form (tw_game.new_config's, without "partner"). */
    json_t *(*history_config)(tw_cli_session *ss);
    /* The options of this game's command that deal a game again from the
     * web API's create options (tw_game_facts.again), without --seed. */
    void (*again_args)(json_t *again, char *out, size_t size);
    /* A stored configuration in words ("full deal, aiming for silver"). */
    void (*setup_words)(tw_cli *cli, json_t *config, char *out, size_t size);
    /* A group or a reached mark of tw_game_facts in words ("silver",
     * "level 2"). */
    void (*group_words)(tw_cli *cli, const char *group, char *out, size_t size);
    /* A stored result's score in words ("22 stars, silver reached"). */
    void (*score_words)(tw_cli *cli, json_t *result, char *out, size_t size);
    /* A replay's jump to where a part of the game begins: word (lowercased)
     * and number n (-1: none) as typed ("visit 3"; "round 2", "trick 5"),
     * the record's actions from start (the match before the first), and
     * the step shown now (1-based). Returns the step to show (1-based),
     * -1 when the record has no such part, -2 when word is not one of the
     * game's. NULL: the game has none. */
    int (*replay_jump)(tw_cli_session *ss, const tw_match *start, const tw_game_action *actions, int count, int step,
                       const char *word, long n);
    /* `analyse` (analyse.c): the heading (the file, the decisions judged,
     * the sampled deals per decision), one of the costliest decisions
     * (rank from 1; ss->match is the position just before it) and the
     * end (found: how many were listed; ss->match is the whole game). */
    void (*analyse_title)(tw_cli_session *ss, const char *path, int examined, int samples);
    void (*analyse_item)(tw_cli_session *ss, int rank, const tw_game_decision *d);
    void (*analyse_end)(tw_cli_session *ss, int found);
} tw_cli_ui;

/* One action a seat has not been told about yet. */
typedef struct {
    tw_match *before; /* a copy of the match before it */
    int action;       /* or TW_CLI_DEAL */
} tw_cli_told;

/* A game being played (or replayed) at this terminal. */
struct tw_cli_session {
    tw_cli *cli;
    const tw_cli_ui *ui;
    void *data; /* the game's */
    tw_match *match;
    uint64_t seed;
    int person[2];       /* the seats played by people at this screen */
    const char *partner; /* the bot that plays the other seats */
    int last_seat;       /* whose hand was on the screen last, -1: nobody */
    char save_path[TW_CLI_PATH];
    char record_path[TW_CLI_PATH]; /* empty when not asked */
    char events_path[TW_CLI_PATH]; /* empty when not asked */
    int warned[3];                 /* a write failure was already reported */
    tw_cli_told told[2][TW_CLI_BACKLOG];
    int told_count[2];
    /* The undos of this session, oldest first, for the event log:
     * [{"at": actions standing after it, "actions": [taken back, in
     * the record notation]}]; NULL before the first. */
    json_t *undos;
    int questions; /* questions asked so far (compact screens name the words once) */
    /* The tutorial this game follows (play/tutorial.h), or NULL; whether
     * its end was said. */
    const struct tw_tutorial *coach;
    int coach_ended;
};

/* The engine's state of the session's match (tw_game.state). */
const void *tw_cli_state(const tw_cli_session *ss);
/* A game's flow message in the player's language ("" when it has none). */
const char *tw_cli_msg_text(const tw_cli_session *ss, tw_cli_msg id);
/* Whether two people share the screen (each hides their hand). */
int tw_cli_hotseat(const tw_cli_session *ss);

/* The tutorial the next new session follows (tutorial_cli.c sets it
 * before it runs the game's command; tw_cli_session_new takes it). */
extern const struct tw_tutorial *tw_cli_next_coach;
/* A new session (NULL when out of memory); free with tw_cli_session_free. */
tw_cli_session *tw_cli_session_new(tw_cli *cli, const tw_cli_ui *ui);
void tw_cli_session_free(tw_cli_session *ss);
/* Forgets what a seat was not told yet (frees the copies of the match). */
void tw_cli_told_clear(tw_cli_session *ss, int seat);
/* Makes ss->match from the game's data (ui->data_record). Returns 0, or
 * -1 with diag set (the record does not start a game). */
int tw_cli_session_start(tw_cli_session *ss, tw_diag *diag);
/* Reads the save or record at ss->save_path and makes the match from it
 * (resume: to play on; else to replay). Returns 0 or an exit code after
 * reporting what is wrong with the file. */
int tw_cli_session_load(tw_cli_session *ss, int resume);
/* The event log of the session's match with a line for every undo of
 * the session ({"type": "undo", "actions": [...]}) where it happened,
 * every line numbered again (play_undo.c). */
tw_error tw_cli_undo_event_log(const tw_cli_session *ss, tw_buf *buf);

#endif
