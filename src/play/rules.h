/* The rules of every game at the terminal (rules.c): `trickwood rules
 * [GAME] [--cards]`, and `rules` at a game's prompt. The text is the one
 * shipped in the data folder (data/rules/GAME.LANG.md, read through
 * tw_game_rules_text; its markup: docs/rules-text.md) and the card list
 * comes from the game's own data (tw_game.cards_json), shown by the game's
 * terminal module (tw_cli_ui.card_list). */
#ifndef TRICKWOOD_PLAY_RULES_H
#define TRICKWOOD_PLAY_RULES_H

#include "play/session.h"

/* `trickwood rules [northwood|fox] [--cards] [display options]`. */
int tw_cli_rules(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_rules_help;

/* The messages of `rules` and of the card lists of each game
 * (nw_card_list.c, fox_card_list.c), for the tests' check of the tables. */
extern const tw_msg tw_cli_rules_texts[];
extern const int tw_cli_rules_text_count;
extern const tw_msg tw_nw_cli_card_list_texts[];
extern const int tw_nw_cli_card_list_text_count;
extern const tw_msg tw_fox_cli_card_list_texts[];
extern const int tw_fox_cli_card_list_text_count;

/* A rules command typed at a game's prompt: "rules" (the sections),
 * "rules N" (section N), "rules cards" (every card of the game, from the
 * session's own data). Returns 1 when text was one (and it was done), 0
 * when it is something else. */
int tw_cli_rules_word(tw_cli_session *ss, const char *text);
/* The line the help of a game adds about the rules command. */
const char *tw_cli_rules_hint(const tw_cli *cli);

/* Prints a rules text in the markup subset of docs/rules-text.md,
 * wrapped at width columns (at most 80): the whole text when section is
 * 0, else only the section-th "## " section (1-based). Returns the number
 * of "## " sections of the text. */
int tw_cli_rules_print(tw_cli *cli, const char *text, int section, int width);

#endif
