/* Helpers to build Fox in the Forest Duet situations directly for tests:
 * hands, decree, trick and path from short texts. */
#ifndef TRICKWOOD_TEST_FOX_FIXTURE_H
#define TRICKWOOD_TEST_FOX_FIXTURE_H

#include "trickwood/fox_files.h"

/* Parses one card code ("7R"); records a test failure and returns 0 when
 * it is not a card. */
int fox_card(const char *code);
/* Parses a list of card codes separated by spaces ("1D 2R 10S"). */
uint32_t fox_cards(const char *list);

/* What to build. Hands must have sizes that fit one point of a round:
 * both hold 11 - tricks_done cards, less the card each put in the trick. */
typedef struct {
    int level;              /* 0 means 1 */
    const char *hands[2];
    const char *decree;
    const char *trick;      /* cards already in the trick, led card first (NULL: none) */
    int leader;
    int dealer;
    int round;              /* 0 means 1 */
    const char *deck;       /* the 7 deck cards (NULL: the lowest free cards) */
} fox_setup;

/* Builds a state in the play phase with the level's default board and
 * forest tokens; the remaining cards go to the finished tricks. Returns 1
 * on success; 0 (and a test failure) when the setup is inconsistent. */
int fox_build(tw_fox_state *s, const fox_setup *setup);
/* Sets the gems of the 11 slots from "a b c ..." (spaces -5..5); gems
 * placed becomes gems on board + gems collected. */
void fox_set_gems(tw_fox_state *s, const char *counts);
/* Covers spaces at each end and sets the forest tokens left; the start
 * count becomes left + covered. */
void fox_set_forest(tw_fox_state *s, int covered_left, int covered_right, int forest_left);
/* Applies an action written in the record notation. Returns the engine's
 * answer (-1 and a test failure when the text is not an action). */
int fox_do(tw_fox_state *s, const char *action, tw_fox_events *events);
/* Checks the invariants; records a test failure with the reason. */
int fox_sound(const tw_fox_state *s);
/* Number of events of a type, and the first one (or NULL). */
int fox_count_events(const tw_fox_events *events, int type);
const tw_fox_event *fox_find_event(const tw_fox_events *events, int type);
/* The default board of a level (loaded once). */
const tw_fox_board *fox_board(int level);
/* Whether an action (record notation) is in the legal list now. */
int fox_is_listed(const tw_fox_state *s, const char *action);

#endif
