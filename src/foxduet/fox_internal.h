/* Internal helpers shared by the Fox in the Forest Duet engine modules. */
#ifndef TRICKWOOD_FOX_INTERNAL_H
#define TRICKWOOD_FOX_INTERNAL_H

#include "trickwood/foxduet.h"

/* Appends an event when an event buffer was given. Inline, so that play
 * without events (search, simulation) pays one test and no call, and
 * play with events writes the event in place, without a call either. */
static inline void fox_emit(tw_fox_events *events, uint8_t type, uint8_t card, uint8_t from, uint8_t to, uint8_t a,
                            uint8_t b, uint8_t c)
{
    if (events)
        tw_event_record(events->items, &events->count, TW_FOX_MAX_EVENTS, &events->overflow, type, card, from, to, a,
                        b, c);
}

/* Hand zone of a seat. */
#define FOX_HAND_ZONE(seat) ((uint8_t)(TW_FOX_ZONE_HAND0 + (seat)))

/* Moves the team token after a trick: steps toward the end of seat
 * `toward`, with forest tokens, resets, gem collection and the win or loss
 * that may follow. Sets s->phase to GAME_OVER when the game ends. */
void fox_path_move(tw_fox_state *s, int toward, int steps, tw_fox_events *events);
/* End of round 1 or 2, step 1: one gem on each (+) slot. */
void fox_path_add_round_gems(tw_fox_state *s, tw_fox_events *events);
/* End of round, step 2: a forest token at the chosen end (the other end
 * when the team token stands on the chosen end's last space). */
void fox_path_end_round_forest(tw_fox_state *s, int end, tw_fox_events *events);
/* Ends the game with a result. */
void fox_end_game(tw_fox_state *s, int end, tw_fox_events *events);

#endif
