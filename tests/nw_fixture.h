/* Test fixture for For Northwood!: builds any situation directly (rulers,
 * fief statuses, allies, substitutes, hand, deck order, piles, phase) and
 * prints piles and legal actions as short texts for comparisons.
 *
 * Card lists are texts of card codes such as "1C 2F 7E". Piles (deck,
 * discard, score) are written bottom-first: the last code is the top.
 * Characters are named by their catalog id ("king-of-claws"). */
#ifndef TRICKWOOD_TEST_NW_FIXTURE_H
#define TRICKWOOD_TEST_NW_FIXTURE_H

#include "trickwood/northwood.h"

/* The default catalog (data/characters.json), loaded once. */
const tw_nw_catalog *fx_catalog(void);
/* Catalog index of a character id; fails the test and returns 0 if unknown. */
int fx_index(const char *id);
/* Fills a character in play from a catalog entry (as the engine does). */
void fx_character_from(tw_nw_character *out, const tw_nw_catalog *catalog, int index);
/* Fills a character in play from a default-catalog id. */
void fx_character(tw_nw_character *out, const char *id);
/* Catalog id of a character in play (default catalog), or "?". */
const char *fx_id(const tw_nw_character *ch);

/* One card from its code ("7E"); fails the test and returns 0 if bad. */
int fx_card(const char *code);
/* Set of the cards in a list. */
uint32_t fx_mask(const char *codes);

/* A sound quiet state: the four Jacks as allies (slot 0 Claws, 1 Flowers,
 * 2 Leaves, 3 Eyes), rulers from a list of 8 ids (NULL: Queen of Claws,
 * King of Claws, Queen of Flowers, King of Flowers, Queen of Leaves, King of
 * Leaves, Queen of Eyes, King of Eyes on fiefs 0..7), all fiefs neutral,
 * medal bronze, deck 1C..8E bottom-first with the top 8 in hand, phase
 * choose_fief, RNG seeded with 1. */
void fx_blank(tw_nw_state *s, const char *rulers);

/* Puts every card where the lists say. deck is bottom-first. Cards named
 * nowhere go to the bottom of the pile rest (TW_NW_PILE_DECK or
 * TW_NW_PILE_DISCARD) in card order. Deck cards become unknown. Returns 1,
 * or 0 (and fails the test) on a bad or repeated code. */
int fx_cards(tw_nw_state *s, const char *hand, const char *deck, const char *discard, const char *score, int rest);

/* Sets a fief's ruler. */
void fx_ruler(tw_nw_state *s, int fief, const char *id);
/* Sets a slot's ally. */
void fx_ally(tw_nw_state *s, int slot, const char *id);
/* Sets a fief's status: neutral and friendly keep the ruler present, lost
 * removes it. */
void fx_status(tw_nw_state *s, int fief, int status);
/* Marks a friendly fief whose ruler already left the game (it substituted
 * on an earlier visit). */
void fx_gone(tw_nw_state *s, int fief);
/* Puts the ruler of a friendly fief on a slot as a substitute. */
void fx_sub(tw_nw_state *s, int fief, int slot);
/* Marks a slot's ability as used this visit. */
void fx_exhaust(tw_nw_state *s, int slot);
/* Starts a visit of fief in the given phase (substitutes, before_statement
 * or response; in response the discard top is the statement). */
void fx_visit(tw_nw_state *s, int fief, int phase);
/* A visit of fief in before_statement from fx_blank, with ally (NULL:
 * keep the Jack of Claws) on slot 0 and the cards as fx_cards takes them;
 * checked for soundness. */
void fx_ready(tw_nw_state *s, int fief, const char *ally, const char *hand, const char *deck, const char *discard,
              const char *score, int rest);
/* The top of the discard pile as a code ("" when empty; a static buffer). */
const char *fx_discard_top(const tw_nw_state *s);
/* Marks the top n deck cards as known to the player. */
void fx_known_top(tw_nw_state *s, int n);

/* A pile as text, bottom-first (hand: in card order). Returns one of a few
 * rotating static buffers. */
const char *fx_pile(const tw_nw_state *s, int pile);
/* The known deck cards as text, bottom-first ("" when none). */
const char *fx_known(const tw_nw_state *s);
/* The legal actions as text, comma-separated, in the engine's order. */
const char *fx_legal(const tw_nw_state *s);

/* Applies one action written in the record notation; returns the engine's
 * answer (a test failure when the text does not parse). */
tw_error fx_try_at(const char *file, int line, tw_nw_state *s, const char *action, tw_nw_events *events);
/* Applies actions separated by ';'; fails the test at the first refusal and
 * at any broken invariant. Returns 1 when all applied. */
int fx_run_at(const char *file, int line, tw_nw_state *s, const char *script, tw_nw_events *events);
/* Checks the engine's invariants; fails the test with the reason. */
int fx_sound_at(const char *file, int line, const tw_nw_state *s);

#define FX_TRY(s, action) fx_try_at(__FILE__, __LINE__, (s), (action), NULL)
#define FX_RUN(s, script) fx_run_at(__FILE__, __LINE__, (s), (script), NULL)
#define FX_RUN_EV(s, script, ev) fx_run_at(__FILE__, __LINE__, (s), (script), (ev))
#define FX_SOUND(s) fx_sound_at(__FILE__, __LINE__, (s))

/* Number of events of a type (and, when card >= 0, about that card). */
int fx_count_events(const tw_nw_events *events, int type, int card);
/* Index of the first event of a type after index from, or -1. */
int fx_find_event(const tw_nw_events *events, int type, int from);

#endif
