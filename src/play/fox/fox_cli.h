/* The Fox in the Forest Duet terminal game: its command (fox), its table
 * for the play loop with the Fox side of resume and replay, the screen,
 * the choices, the narration of events and the message table. Every
 * screen is drawn for one seat from what that seat may see; the other
 * seat's hand is never printed while a game is played (replays, made
 * after the fact, show both hands). */
#ifndef TRICKWOOD_PLAY_FOX_CLI_H
#define TRICKWOOD_PLAY_FOX_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "term/cli.h"
#include "play/session.h"
#include "trickwood/fox_files.h"

/* ---- Commands (fox_command.c) ------------------------------------------ */

/* `trickwood fox`: a new game; resume and replay are the generic ones of
 * play.h with tw_fox_cli_ui (the list of games.c). */
int tw_cli_fox(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_fox_cli_fox_help;

/* ---- The game's terminal table and who plays (fox_play.c) --------------- */

/* The game's terminal hooks, in the list of terminal games (games.c). */
extern const tw_cli_ui tw_fox_cli_ui;

/* The game's table (src/game/game_fox.c). */
extern const tw_game tw_game_fox;

/* File name of the Fox autosave in the save folder. */
#define TW_FOX_CLI_SAVE_NAME "foxduet-save.json"

/* Options of `fox` and of the Fox side of `resume`. */
typedef struct {
    int level;
    uint64_t seed;
    int seed_given;
    tw_fox_players players; /* who plays */
    int hotseat_given, seat_given, partner_given;
    int strict_look_back; /* the rulebook's look-back rule (--strict-look-back) */
    const char *board;
    const char *save;
    const char *record;
    const char *events;
} tw_fox_cli_options;

/* The record behind a session of the game: the one it was started or
 * loaded from (board, configuration, who plays). */
tw_fox_record *tw_fox_cli_record(const tw_cli_session *ss);
/* Reads the options shared by `fox` and `resume` (--hotseat, --seat,
 * --partner) into the tw_fox_cli_options at ctx. Returns 1 when argv[*i]
 * was one of them, 0 when not, or an exit code (negated) on a bad value. */
int tw_fox_cli_players_option(tw_cli *cli, void *ctx, const char *usage, int argc, char **argv, int *i);
/* Plays the session's game under the rulebook's look-back rule: before
 * the news of a trick's end, the screen (and a terminal's scrollback) is
 * cleared, so that earlier tricks cannot be looked at. */
void tw_fox_cli_set_strict(tw_cli_session *ss, int on);
/* Parses "1" or "2" (seat) or "1".."3" (level): "1" to max; -1 otherwise. */
int tw_fox_cli_parse_small(const char *text, int max);
/* Who plays (checked), kept in the record with the partner's own name
 * (every save carries it), sets the session's seats. */
void tw_fox_cli_set_players(tw_cli_session *ss);
/* Says who plays. */
void tw_fox_cli_show_players(tw_cli_session *ss);
/* A players file of an earlier version beside a new game's save is
 * stale: the first save removes it. */
void tw_fox_cli_players_file_stale(tw_cli_session *ss);


/* ---- Messages (fox_messages.c) ----------------------------------------- */

typedef enum {
    FX_T_GAME_NAME = 0,
    /* names of the seats */
    FX_T_YOU_SUBJ, FX_T_YOU_OBJ, FX_T_PARTNER_SUBJ, FX_T_PARTNER_OBJ, FX_T_PLAYER_SUBJ, FX_T_PLAYER_OBJ,
    FX_T_YOURSELF, FX_T_THEMSELF, FX_T_TO_YOU, FX_T_TO_PARTNER, FX_T_TO_PLAYER, FX_T_TO_YOURSELF,
    FX_T_TO_THEMSELF, FX_T_PLAYER_N, FX_T_TAG_YOU, FX_T_TAG_PARTNER,
    FX_T_FOOTPRINT_ONE, FX_T_FOOTPRINT_MANY, FX_T_SPACE_ONE, FX_T_SPACE_MANY, FX_T_CARD_LONG,
    FX_T_CARD_LONG_ABILITY, FX_T_PARTNER_RULE, FX_T_PARTNER_RANDOM, FX_T_PARTNER_STRONG,
    /* screen */
    FX_T_HEADER, FX_T_BOARD_LINE, FX_T_BOARD_RECONSTRUCTED, FX_T_BOARD_SOURCED, FX_T_ROW_SPACE, FX_T_ROW_PATH,
    FX_T_ROW_GEMS, FX_T_END_LEFT, FX_T_END_RIGHT, FX_T_LEGEND, FX_T_FOREST_LINE, FX_T_DECREE_LINE, FX_T_TRICK_EMPTY_YOU,
    FX_T_TRICK_EMPTY_OTHER, FX_T_TRICK_HEAD, FX_T_LED_YOU, FX_T_LED_OTHER, FX_T_FOLLOWED_YOU,
    FX_T_FOLLOWED_OTHER, FX_T_TRICK_WINNER, FX_T_OTHER_HOLDS, FX_T_OTHER_HOLDS_SHORT, FX_T_OTHER_KNOWN, FX_T_HAND_TITLE,
    FX_T_HAND_OF, FX_T_NO_CARDS, FX_T_BETWEEN_ROUNDS,
    /* questions */
    FX_T_Q_LEAD, FX_T_Q_FOLLOW, FX_T_Q_FOLLOW_FREE, FX_T_Q_FOX_TARGET, FX_T_Q_FOX_EXCHANGE, FX_T_Q_GIFT_FIRST,
    FX_T_Q_GIFT_SECOND, FX_T_Q_IGNORE, FX_T_Q_DIRECTION, FX_T_Q_FOREST, FX_T_HINT,
    /* choice labels and outcomes */
    FX_T_L_PLAY, FX_T_L_PLAY_TAKES, FX_T_L_PLAY_TAKES_SHORT, FX_T_L_FOX_SELF, FX_T_L_FOX_OTHER, FX_T_L_KEEP, FX_T_L_KEEP_SHORT, FX_T_L_EXCHANGE, FX_T_L_EXCHANGE_SAME, FX_T_L_EXCHANGE_SHORT,
    FX_T_L_GIFT, FX_T_L_IGNORE_NONE, FX_T_L_IGNORE_ONE, FX_T_L_IGNORE_BOTH, FX_T_L_TOWARD_YOU,
    FX_T_L_TOWARD_OTHER, FX_T_L_FOREST, FX_T_L_FOREST_MOVED, FX_T_O_LAND, FX_T_O_COLLECT, FX_T_O_WIN,
    FX_T_O_OFF, FX_T_O_LOST, FX_T_O_DIRECTION_NEXT,
    /* refusals */
    FX_T_E_NOT_IN_HAND, FX_T_E_FOLLOW, FX_T_E_NOT_NOW,
    /* narration */
    FX_T_N_ROUND_START, FX_T_N_DECREE, FX_T_N_PLAY_YOU, FX_T_N_PLAY_OTHER, FX_T_N_FOX_YOU, FX_T_N_FOX_OTHER,
    FX_T_N_KEEP_YOU, FX_T_N_KEEP_OTHER, FX_T_N_EXCHANGE_YOU, FX_T_N_EXCHANGE_OTHER, FX_T_N_GIFT_PICK_YOU,
    FX_T_N_GIFT_PICK_OTHER, FX_T_N_GIFT_PICK_SEEN, FX_T_N_RECEIVE_YOU, FX_T_N_RECEIVE_OTHER, FX_T_N_WON_YOU,
    FX_T_N_WON_OTHER, FX_T_N_IGNORE_NONE_YOU, FX_T_N_IGNORE_NONE_OTHER, FX_T_N_IGNORE_YOU,
    FX_T_N_IGNORE_OTHER, FX_T_N_DIRECTION_YOU, FX_T_N_DIRECTION_OTHER, FX_T_N_TOKEN, FX_T_N_TOKEN_STAYS,
    FX_T_CARDS_TITLE, FX_T_STATUS_COMPACT, FX_T_N_OFF_PATH, FX_T_N_FOREST_SIDE_YOU, FX_T_N_FOREST_SIDE_OTHER, FX_T_N_FOREST, FX_T_N_RESET, FX_T_N_SLIDE, FX_T_N_COLLECT, FX_T_N_NO_GEM,
    FX_T_N_ROUND_END, FX_T_GEMS_ONE, FX_T_GEMS_MANY, FX_T_TOKENS_ONE, FX_T_TOKENS_MANY, FX_T_N_GEMS_ADDED, FX_T_N_GAME_WON, FX_T_N_GAME_LOST_PATH, FX_T_N_GAME_LOST_TIME,
    FX_T_AND,
    /* results */
    FX_T_RESULT_WON, FX_T_RESULT_SCORE, FX_T_RESULT_LOST_PATH, FX_T_RESULT_LOST_TIME,
    FX_T_RULES, FX_T_RULES_TAIL,
    /* game flow */
    FX_T_NEW_GAME, FX_T_SEATS_PARTNER, FX_T_SEATS_HOTSEAT, FX_T_BOARD_NOTE, FX_T_SAVE_AT,
    FX_T_RECORD_AT, FX_T_FINISHED_SAVED, FX_T_NO_SAVE,
    FX_T_ABOUT_SETUP, FX_T_ABOUT_PROGRESS, FX_T_ABOUT_OVER, FX_T_HISTORY_SCORE, FX_T_HISTORY_BOARD, FX_T_BAD_SEED, FX_T_BAD_LEVEL, FX_T_BAD_SEAT, FX_T_BAD_PARTNER, FX_T_SINCE,
    FX_T_HIDE, FX_T_HANDOVER, FX_T_SETUP_FAILED, FX_T_PLAYERS_FILE_USED,
    /* replay */
    FX_T_REPLAY_TITLE, FX_T_REPLAY_STEP, FX_T_REPLAY_WAIT, FX_T_REPLAY_STOPPED,
    FX_T_H_ACTION, FX_T_H_ODDS,
    /* analyse */
    FX_T_A_TITLE, FX_T_A_NOT_OVER, FX_T_A_ITEM, FX_T_A_NONE,
    FX_T_COUNT
} tw_fox_text_id;

/* The Fox message table (for checks in tests). */
extern const tw_msg tw_fox_cli_table[FX_T_COUNT];

/* A Fox message in a language. */
const char *tw_fox_cli_text(tw_lang lang, tw_fox_text_id id);

/* ---- Who is looking (fox_screen.c) ------------------------------------- */

/* Whose screen is drawn and how the other seat is called: "you" for the
 * viewer; "your partner" with the built-in partner; "player N" in
 * hotseat games and in replays (viewer -1: nobody in particular). */
typedef struct {
    int viewer;  /* 0 or 1, or -1 for everyone */
    int hotseat; /* the other seat is a person at the same screen */
} tw_fox_look;

/* Grammatical forms of a seat's name: subject ("You", "Your partner",
 * "Player 2"), object ("you", "your partner", "player 2") and with "to"
 * ("to you", "au joueur 2": French joins the article). */
enum { TW_FOX_SUBJECT = 0, TW_FOX_OBJECT = 1, TW_FOX_DATIVE = 2 };

/* The name of a seat as seen by look. self_ref names the seat that acts in
 * the sentence: when seat is that actor, "yourself" or "themself" is
 * used instead (pass -1 when no one acts). Returns out. */
const char *tw_fox_cli_name(const tw_cli *cli, const tw_fox_look *look, int seat, int form, int self_ref, char *out,
                            size_t size);

/* ---- Screen (fox_screen.c) ---------------------------------------------- */

/* The symbol of a suit (UTF-8, or the letter D, R or S). */
const char *tw_fox_cli_suit_symbol(const tw_cli *cli, int suit);
/* A card as rank + suit symbol, coloured by suit when colours are on. */
void tw_fox_cli_card(const tw_cli *cli, int card, char *out, size_t size);
/* Writes the suit symbols of a typed answer as the record's letters. */
void tw_fox_cli_unsymbol(const char *typed, char *out, size_t size);
/* A card with its suit name, ability and footprints, e.g.
 * "7R Roses (Gift, 0 footprints)"; in the compact layout as its hand
 * shows it, "7R Gift [0]". */
void tw_fox_cli_card_long(const tw_cli *cli, int card, char *out, size_t size);
/* "3 spaces", "1 space" in the player's language. */
void tw_fox_cli_spaces(const tw_cli *cli, int n, char *out, size_t size);
/* The abilities of the odd ranks (the help, and `cards`). */
void tw_fox_cli_abilities(tw_cli *cli);
/* The trick a screen names: the one being played, or once the game is
 * over the last one played. */
int tw_fox_cli_trick_number(const tw_fox_state *s);
/* A count with its noun from the Fox table ("1 gem", "3 gems"): one is
 * the singular's id, the plural's is the next. Returns out. */
char *tw_fox_cli_count(const tw_cli *cli, int n, tw_fox_text_id one, char *out, size_t size);
/* Draws the screen for look: header, board, path, forest tokens and gems,
 * decree and trump, the trick, the other seat's card count, and the
 * viewer's hand (both hands when look->viewer is -1; no hand when
 * show_hand is 0). state must be the full state; only what the viewer
 * may see is printed. */
void tw_fox_cli_draw(tw_cli *cli, const tw_fox_state *state, const tw_fox_board *board, uint64_t seed,
                     const tw_fox_look *look, int show_hand);
/* Prints the board's name and its note (reconstruction) in full. */
void tw_fox_cli_board_note(tw_cli *cli, const tw_fox_board *board);
/* Explains the rules, the abilities and the words the game understands. */
void tw_fox_cli_rules(tw_cli *cli);
/* Shows the result of an ended game (with the score of a win). */
void tw_fox_cli_result(tw_cli_session *ss);
/* `analyse` (fox_analyse.c): the heading, one of the costliest decisions
 * (ss->match is the position before it) and the end (the result), as
 * tw_cli_ui's analyse hooks. */
void tw_fox_cli_analyse_title(tw_cli_session *ss, const char *path, int examined, int samples);
void tw_fox_cli_analyse_item(tw_cli_session *ss, int rank, const tw_game_decision *d);
void tw_fox_cli_analyse_end(tw_cli_session *ss, int found);

/* ---- Narration (fox_narrate.c) ------------------------------------------ */

/* Tells what the events of one action did, as look's viewer may see them:
 * cards played, ability choices, trick winners, token moves, forest
 * tokens, gems, round and game ends. before and after are the full
 * states around the action. */
void tw_fox_cli_narrate(tw_cli *cli, const tw_fox_look *look, const tw_fox_state *before,
                        const tw_fox_state *after, const tw_fox_events *events);

/* ---- Choices (fox_choices.c) -------------------------------------------- */

/* Reads a lowercased word as an action: the record notation ("play 7r",
 * "gift 5s", "forest left"...), a bare card such as "7r" (play, give or
 * swap it) or an answer word of the current decision. Returns 0, or -1
 * when the word is none of them. */
int tw_fox_cli_word_action(tw_cli_session *ss, const char *word, tw_game_action *out);
/* Says why a well-formed action (typed as typed) is not legal now. */
void tw_fox_cli_refusal(tw_cli_session *ss, tw_game_action action, const char *typed, char *reason, size_t size);

/* What the seat to act is asked now (state is the full state). */
void tw_fox_cli_question(const tw_cli *cli, const tw_fox_look *look, const tw_fox_state *state, char *out,
                         size_t size);
/* A readable description of a legal action of the seat to act. */
void tw_fox_cli_label(const tw_cli *cli, const tw_fox_look *look, const tw_fox_state *state,
                      tw_fox_action action, char *out, size_t size);

/* The rules' card list (fox_card_list.c): the ten ranks of a card list
 * (tw_game.cards_json) with their footprints and abilities, wrapped at
 * width columns. */
void tw_fox_cli_card_list(tw_cli *cli, json_t *cards, int width);

#endif
