/* The For Northwood! terminal game: its command, its table for the play
 * loop, its words, the screen, the choices and the message table. */
#ifndef TRICKWOOD_PLAY_NW_CLI_H
#define TRICKWOOD_PLAY_NW_CLI_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "term/cli.h"
#include "play/session.h"
#include "trickwood/nw_files.h"

/* ---- Commands (nw_command.c) --------------------------------------------- */

/* `trickwood northwood` (a new game); resume, replay and analyse are the
 * generic ones of play.h with tw_nw_cli_ui (the list of games.c). */
int tw_cli_northwood(tw_cli *cli, int argc, char **argv);
/* `trickwood challenges`: the shipped challenges, their ratings and the
 * player's best (nw_challenges.c), and its help. */
int tw_cli_challenges(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_nw_cli_challenges_help;
extern const tw_msg tw_nw_cli_northwood_help;

/* ---- The game's terminal table (nw_play.c) -------------------------------- */

/* The game's terminal hooks, in the list of terminal games (games.c). */
extern const tw_cli_ui tw_nw_cli_ui;

/* The game's table (src/game/game_northwood.c). */
extern const tw_game tw_game_northwood;
/* The record behind a session of the game: the one it was started or
 * loaded from (its configuration, seed and characters). */
tw_nw_record *tw_nw_cli_record(const tw_cli_session *ss);

/* ---- Messages (nw_messages.c) ------------------------------------------ */

typedef enum {
    NW_T_GAME_NAME = 0,
    NW_T_SUIT_CLAWS, NW_T_SUIT_FLOWERS, NW_T_SUIT_LEAVES, NW_T_SUIT_EYES,
    NW_T_MEDAL_NONE, NW_T_MEDAL_BRONZE, NW_T_MEDAL_SILVER, NW_T_MEDAL_GOLD,
    NW_T_SETUP_INTRO, NW_T_SETUP_FULL, NW_T_SETUP_INTRO_SHORT, NW_T_SETUP_FULL_SHORT,
    NW_T_PILE_HAND, NW_T_PILE_DECK, NW_T_PILE_DISCARD, NW_T_PILE_SCORE,
    /* screen */
    NW_T_HEADER,
    NW_T_FIEFS_TITLE, NW_T_COL_FIEF, NW_T_COL_TARGET, NW_T_COL_STARS, NW_T_COL_RULER, NW_T_COL_STATUS,
    NW_T_ST_UNVISITED, NW_T_ST_VISITING, NW_T_ST_FRIENDLY, NW_T_ST_FRIENDLY_SUB, NW_T_ST_FRIENDLY_GONE,
    NW_T_ST_LOST,
    /* the same six, short, for the compact layout */
    NW_T_STC_UNVISITED, NW_T_STC_VISITING, NW_T_STC_FRIENDLY, NW_T_STC_FRIENDLY_SUB, NW_T_STC_FRIENDLY_GONE,
    NW_T_STC_LOST,
    NW_T_ALLIES_TITLE, NW_T_SLOT, NW_T_SUB_FOR, NW_T_READY, NW_T_USED,
    NW_T_VISIT_LINE, NW_T_STATEMENT_LINE, NW_T_KNOWN_DECK, NW_T_KNOWN_ITEM, NW_T_PILES_LINE, NW_T_HAND,
    NW_T_PILES_TITLE, NW_T_DISCARD_PILE, NW_T_SCORE_PILE, NW_T_EMPTY,
    NW_T_RESULT_STARS, NW_T_RESULT_MEDAL, NW_T_RESULT_WON, NW_T_RESULT_LOST, NW_T_RESULT_STOPPED,
    NW_T_RULES, NW_T_CROWN_WORD, NW_T_CROWN_LEGEND, NW_T_TRIGGER_ARMED, NW_T_TRIGGER_ARMED_SHORT, NW_T_DECIDED_HIT, NW_T_DECIDED_MISS,
    NW_T_DECIDED_HIT_SHORT, NW_T_DECIDED_MISS_SHORT, NW_T_Q_RESPONSE_SHORT,
    NW_T_COPYING, NW_T_COPY_NOW, NW_T_HEADER_COMPACT, NW_T_SLOT_COMPACT, NW_T_VISIT_COMPACT,
    NW_T_CARDS_TITLE, NW_T_CARDS_FIEF, NW_T_CARDS_SLOT, NW_T_CARDS_WAITING,
    /* questions */
    NW_T_Q_CHOOSE_FIEF, NW_T_Q_SUBSTITUTES, NW_T_Q_BEFORE, NW_T_Q_RESPONSE, NW_T_Q_CHOOSE_MOVE,
    NW_T_Q_MOVE_ORDER, NW_T_Q_PAIR_FIRST, NW_T_Q_PAIR_SECOND, NW_T_Q_EXCHANGE, NW_T_Q_NAME_SUIT,
    NW_T_Q_SWAP, NW_T_Q_GENERIC, NW_T_HINT,
    NW_T_Q_CONTINUE, NW_T_Q_LOWEST, NW_T_Q_SEARCH, NW_T_Q_DUPLICATES, NW_T_Q_HAND_COUNT, NW_T_Q_VALUES,
    NW_T_Q_REPEAT_MORE, NW_T_Q_REPEAT_LAST, NW_T_Q_SUM, NW_T_Q_TRIGGER_ODD, NW_T_Q_MOVE_VISIT, NW_T_Q_READY,
    NW_T_Q_SWAP_TOP,
    /* choice labels */
    NW_T_L_VISIT, NW_T_L_SUBSTITUTE, NW_T_L_SUBSTITUTE_AGAIN, NW_T_L_BEGIN, NW_T_L_PROCEED, NW_T_L_ACTIVATE, NW_T_L_RESPOND_SCORES,
    NW_T_L_RESPOND_NO, NW_T_L_DISCARD, NW_T_L_PICK_TO, NW_T_L_EXCHANGE, NW_T_L_NAME, NW_T_L_SWAP, NW_T_L_STOP,
    NW_T_L_ACTIVATE_SHORT, NW_T_L_ACTIVATE_COPY_SHORT, NW_T_L_ACTIVATE_COPY, NW_T_L_CONTINUE, NW_T_L_STOP_DRAWING, NW_T_L_PASS_SWAP, NW_T_L_PASS, NW_T_L_LOWEST,
    NW_T_L_SEARCH, NW_T_L_SWAP_TOP, NW_T_L_MOVE_LEFT, NW_T_L_MOVE_RIGHT, NW_T_L_READY, NW_T_L_FINISH_HIT,
    NW_T_L_FINISH_MISS, NW_T_L_THEN_DRAW, NW_T_L_THEN_DISCARD,
    /* reasons for refusing an answer */
    NW_T_E_NOT_IN_HAND, NW_T_E_FOLLOW, NW_T_E_VISITED, NW_T_E_EXHAUSTED, NW_T_E_NOT_CANDIDATE,
    NW_T_E_NOT_NOW, NW_T_E_STOP, NW_T_E_FINISH, NW_T_E_PASS,
    /* narration */
    NW_T_N_VISIT, NW_T_N_SUBSTITUTE, NW_T_N_ABILITY, NW_T_N_MOVE, NW_T_N_PEEK, NW_T_N_NAME, NW_T_N_SWAP,
    NW_T_N_RESPONSE_SCORES, NW_T_N_RESPONSE_NO, NW_T_N_VISIT_WON, NW_T_N_VISIT_LOST, NW_T_N_SUB_LEAVES,
    NW_T_N_NEW_HAND, NW_T_N_DECK_SHUFFLED, NW_T_N_VISIT_MOVE, NW_T_N_READY, NW_T_N_TRIGGER_ARMED,
    NW_T_N_TRIGGER_EVEN, NW_T_N_TRIGGER_ODD, NW_T_N_TRIGGER_LOST, NW_T_N_DECIDED_HIT, NW_T_N_DECIDED_MISS,
    NW_T_N_EARLY_WON, NW_T_N_EARLY_LOST,
    /* game flow */
    NW_T_NEW_GAME, NW_T_FULL_KNOWN, NW_T_FULL_REFUSED, NW_T_SETUP_FAILED,
    NW_T_NO_SAVE, NW_T_BAD_SEED, NW_T_BAD_MEDAL, NW_T_RECORD_AT,
    NW_T_SAVE_AT, NW_T_FINISHED_SAVED, NW_T_ABOUT_SETUP, NW_T_ABOUT_PROGRESS, NW_T_ABOUT_OVER, NW_T_HISTORY_SCORE,
    NW_T_STARS_WON_ONE, NW_T_STARS_WON_MANY, /* a singular is followed by its plural */
    /* replay */
    NW_T_REPLAY_TITLE, NW_T_REPLAY_STEP, NW_T_REPLAY_WAIT, NW_T_REPLAY_STOPPED,
    /* hints and analysis */
    NW_T_H_THINKING, NW_T_H_ACTION, NW_T_H_VISIT_ODDS, NW_T_H_FIEF_ODDS, NW_T_H_MEDAL_ODDS,
    NW_T_A_TITLE, NW_T_A_ITEM, NW_T_A_ITEM_FIEF, NW_T_A_NONE, NW_T_A_RESULT, NW_T_A_NOT_OVER,
    /* the variants */
    NW_T_GOAL_MEDAL, NW_T_GOAL_HIDDEN, NW_T_GOAL_EXPERT, NW_T_HEADER_HIDDEN, NW_T_HEADER_HIDDEN_COMPACT,
    NW_T_RESULT_HIDDEN, NW_T_H_GOAL_ODDS, NW_T_BAD_VARIANT, NW_T_STAR_HIDDEN, NW_T_HIDDEN_GAIN,
    NW_T_COUNT
} tw_nw_text_id;

/* The Northwood message table (for checks in tests). */
extern const tw_msg tw_nw_cli_table[NW_T_COUNT];

/* A Northwood message in a language. */
const char *tw_nw_cli_text(tw_lang lang, tw_nw_text_id id);

/* ---- Words (nw_words.c) ------------------------------------------------ */

/* The symbol of a suit (UTF-8 or ASCII letter). */
const char *tw_nw_cli_suit_symbol(const tw_cli *cli, int suit);
/* The name of a suit in the player's language. */
const char *tw_nw_cli_suit_name(const tw_cli *cli, int suit);
/* A card as value + suit symbol, coloured by suit when colours are on. */
void tw_nw_cli_card(const tw_cli *cli, int card, char *out, size_t size);
/* Writes the suit symbols of a typed answer as the record's letters. */
void tw_nw_cli_unsymbol(const char *typed, char *out, size_t size);
/* In French, contracts "à" and "de" before a character's title ("au
 * Prince des Griffes"), in place; English text is left as it is. */
void tw_nw_cli_french_articles(const tw_cli *cli, char *text, size_t size);
/* A character as "name symbol", e.g. "King of Eyes ◉"; a crown card also
 * gets the crown mark, e.g. "Baron of Eyes ◉ ♛". */
void tw_nw_cli_character(const tw_cli *cli, const tw_nw_catalog *catalog, const tw_nw_character *ch, char *out,
                         size_t size);
/* The crown mark (UTF-8 or ASCII). */
const char *tw_nw_cli_crown_mark(const tw_cli *cli);
/* Whether a character is a crown card. */
int tw_nw_cli_is_crown(const tw_nw_catalog *catalog, const tw_nw_character *ch);
/* The ability text of a character in the player's language. */
const char *tw_nw_cli_ability_text(const tw_cli *cli, const tw_nw_catalog *catalog, const tw_nw_character *ch);
/* The compact layout's line under its choices for an action that uses an
 * ability whose text its label leaves out ("Jack of Claws: Draw cards
 * until..."): 1, or 0 for any other action. */
int tw_nw_cli_ability_line(const tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog,
                           tw_nw_action action, char *out, size_t size);
/* The ruler whose ability a character copies now (Queen of Leaves: the
 * visited ruler), or NULL when the character copies nothing. */
const tw_nw_character *tw_nw_cli_copied_ruler(const tw_nw_state *state, const tw_nw_character *ch);
/* The name of the character acting on a slot, with the ruler it copies
 * ("Queen of Leaves ♣, using the ability of Prince of Claws ♠ ♛"). */
void tw_nw_cli_acting_name(const tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog, int slot,
                           char *out, size_t size);
/* A star count drawn as stars. */
void tw_nw_cli_stars(const tw_cli *cli, int count, char *out, size_t size);
/* What fief f's column of stars shows: its stars with the medals; with
 * the hidden stars, "?" until the end, then a star on the fiefs that held
 * one. */
void tw_nw_cli_fief_stars(const tw_cli *cli, const tw_nw_state *s, int f, char *out, size_t size);
/* The goal of a game in words: "bronze (16★)" (with `symbol`, else "16
 * stars"), "the 3 hidden stars", followed under the expert rule by the
 * outer fiefs. medal is a tw_nw_medal, variant a tw_nw_variant. */
void tw_nw_cli_goal_words(const tw_cli *cli, int variant, int expert, int medal, int symbol, char *out, size_t size);
/* The goal of a game's state in words (tw_nw_cli_goal_words). */
void tw_nw_cli_state_goal(const tw_cli *cli, const tw_nw_state *s, int symbol, char *out, size_t size);

/* ---- Screen (nw_screen.c) ----------------------------------------------- */

/* Draws the whole screen: header, fiefs, allies, visit and hand. Only what
 * the player may see is shown. */
void tw_nw_cli_draw(tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog, uint64_t seed);
/* Says that the visit is decided (sure to hit or to miss its target) and
 * that it may be finished; called when "finish" is legal. */
void tw_nw_cli_decided(tw_cli *cli, const tw_nw_state *state);
/* Shows the discard and score piles in full, bottom to top. */
void tw_nw_cli_piles(tw_cli_session *ss);
/* Explains the rules and the commands. */
void tw_nw_cli_rules(tw_cli *cli);
/* Tells what the events of one action did, in a few lines. */
void tw_nw_cli_narrate(tw_cli *cli, const tw_nw_state *before, const tw_nw_state *after,
                       const tw_nw_catalog *catalog, const tw_nw_events *events);
/* Shows the result of a finished game. */
void tw_nw_cli_result(tw_cli_session *ss);

/* ---- Hints and analysis (nw_analyse.c) ----------------------------------- */

/* Prints a hint of the game's table (tw_game.hint_json: the action in
 * record notation, "p_target", "p_medal"), worked out from the player's
 * view only: the action in words with its odds for the visit and the
 * medal. */
void tw_nw_cli_hint(tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog, json_t *hint);
/* `analyse`: the heading, one of the costliest decisions (ss->match is
 * the position before it) and the end (the result), as tw_cli_ui's
 * analyse hooks. */
void tw_nw_cli_analyse_title(tw_cli_session *ss, const char *path, int examined, int samples);
void tw_nw_cli_analyse_item(tw_cli_session *ss, int rank, const tw_game_decision *d);
void tw_nw_cli_analyse_end(tw_cli_session *ss, int found);

/* ---- Choices (nw_choices.c) --------------------------------------------- */

/* What the player is asked now. */
void tw_nw_cli_question(const tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog, char *out,
                        size_t size);
/* A readable description of a legal action. */
void tw_nw_cli_label(const tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog,
                     tw_nw_action action, char *out, size_t size);

/* Reads a lowercased word as an action: a bare card such as "7e", a suit
 * name, an answer word of the current decision, or the record notation.
 * Returns 0, or -1 when the word is none of them. */
int tw_nw_cli_word_action(tw_cli_session *ss, const char *word, tw_game_action *out);
/* Says why a well-formed action (typed as typed) is not legal now. */
void tw_nw_cli_refusal(tw_cli_session *ss, tw_game_action action, const char *typed, char *reason, size_t size);

/* Whether the labels of the decision now carry the ability of ch (a
 * substitute, an ability to use, an ally to make ready): the screen then
 * leaves it out, so that each ability is printed once. */
int tw_nw_cli_label_shows(const tw_nw_state *state, const tw_nw_character *ch);
/* Lists every character on the table with its ability (`cards`). */
void tw_nw_cli_cards(tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog);

/* Whether a response would win a point (an aid: the rules are open). */
int tw_nw_cli_response_scores(const tw_nw_state *state, int card);

/* ---- The rules' card list (nw_card_list.c) --------------------------- */

/* Prints every character of a card list (tw_game.cards_json), grouped,
 * with its suit, title and ability, wrapped at width columns. */
void tw_nw_cli_card_list(tw_cli *cli, json_t *cards, int width);

#endif
