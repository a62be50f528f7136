/* Internal helpers shared by the For Northwood! engine modules. */
#ifndef TRICKWOOD_NW_INTERNAL_H
#define TRICKWOOD_NW_INTERNAL_H

#include "trickwood/northwood.h"

/* Appends an event when an event buffer was given. */
void nw_emit(tw_nw_events *events, uint8_t type, uint8_t card, uint8_t from, uint8_t to,
             uint8_t a, uint8_t b, uint8_t c);

/* Moves the top card of a pile (deck, discard or score) to another pile or
 * the hand. Returns the card, or TW_NW_NO_CARD when the pile is empty.
 * Cards put on the deck this way are known to the player. */
int nw_move_top(tw_nw_state *s, int from, int to, tw_nw_events *events);
/* Moves a hand card onto a pile (or the deck, where it is known). */
void nw_move_from_hand(tw_nw_state *s, int card, int to, tw_nw_events *events);

/* Starts the ability of a slot (the slot is already exhausted). */
void nw_ability_start(tw_nw_state *s, int slot, tw_nw_events *events);
/* Feeds a player's choice to the running ability. value is a card, suit or
 * fief depending on the choice asked. The caller checked legality. */
void nw_ability_choose(tw_nw_state *s, int value, tw_nw_events *events);

/* Called when an ability has fully resolved: ends the visit if the hand or
 * deck is empty, otherwise reveals the statement. */
void nw_after_ability(tw_nw_state *s, tw_nw_events *events);

#endif
