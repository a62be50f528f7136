/* The forest path: moving the team token, forest tokens covering the ends,
 * gems sliding, being added and being collected. */
#include "fox_internal.h"

/* Covers the last uncovered space of an end with a forest token from the
 * supply; gems on its slot slide one slot toward the centre. */
static void cover_end(tw_fox_state *s, int end, tw_fox_events *events)
{
    tw_fox_path *p = &s->path;
    int index = TW_FOX_SPACE_INDEX(tw_fox_last_space(s, end));
    p->covered[end]++;
    p->forest_left--;
    fox_emit(events, TW_FOX_EV_FOREST, TW_FOX_NO_CARD, 0, 0, (uint8_t)end, (uint8_t)index, p->forest_left);
    if (p->gems[index]) {
        int to = index + (end == TW_FOX_END_LEFT ? 1 : -1);
        uint8_t count = p->gems[index];
        p->gems[to] = (uint8_t)(p->gems[to] + count);
        p->gems[index] = 0;
        fox_emit(events, TW_FOX_EV_GEM_SLIDE, TW_FOX_NO_CARD, 0, 0, (uint8_t)index, (uint8_t)to, count);
    }
}

/* Ends the game with a result and reports it. */
void fox_end_game(tw_fox_state *s, int end, tw_fox_events *events)
{
    s->phase = TW_FOX_PHASE_GAME_OVER;
    s->end = (uint8_t)end;
    fox_emit(events, TW_FOX_EV_GAME_END, TW_FOX_NO_CARD, 0, 0, (uint8_t)end, (uint8_t)tw_fox_score(s), s->round);
}

/* Moves the token after a trick. Moving past the last uncovered space of
 * the end puts a forest token there and sends the token back to the start
 * (no gem is collected then); with no forest token left the game is lost.
 * Otherwise the token's space gives one gem if its slot has any, even
 * when the token did not move; the last gem wins at once. */
void fox_path_move(tw_fox_state *s, int toward, int steps, tw_fox_events *events)
{
    tw_fox_path *p = &s->path;
    int dir = toward == 0 ? -1 : 1;
    int from = p->token;
    int target = from + dir * steps;
    int last = tw_fox_last_space(s, toward == 0 ? TW_FOX_END_LEFT : TW_FOX_END_RIGHT);
    int off = dir < 0 ? target < last : target > last;
    if (off) {
        fox_emit(events, TW_FOX_EV_OFF_PATH, TW_FOX_NO_CARD, 0, 0, (uint8_t)toward,
                 (uint8_t)TW_FOX_SPACE_INDEX(from), (uint8_t)steps);
        if (p->forest_left == 0) {
            fox_end_game(s, TW_FOX_END_LOST_PATH, events);
            return;
        }
        cover_end(s, toward == 0 ? TW_FOX_END_LEFT : TW_FOX_END_RIGHT, events);
        p->token = 0;
        fox_emit(events, TW_FOX_EV_TOKEN, TW_FOX_NO_CARD, 0, 0, (uint8_t)TW_FOX_SPACE_INDEX(from),
                 (uint8_t)TW_FOX_SPACE_INDEX(0), 0);
        return;
    }
    p->token = (int8_t)target;
    fox_emit(events, TW_FOX_EV_TOKEN, TW_FOX_NO_CARD, 0, 0, (uint8_t)TW_FOX_SPACE_INDEX(from),
             (uint8_t)TW_FOX_SPACE_INDEX(target), (uint8_t)steps);
    int index = TW_FOX_SPACE_INDEX(target);
    if (p->gems[index]) {
        p->gems[index]--;
        p->gems_collected++;
        int left = tw_fox_gems_on_board(s);
        fox_emit(events, TW_FOX_EV_GEM_COLLECT, TW_FOX_NO_CARD, 0, 0, (uint8_t)index, (uint8_t)left, 0);
        if (left == 0)
            fox_end_game(s, TW_FOX_END_WON, events);
    }
}

/* Adds one gem to each (+) slot. A (+) slot whose space is covered passes
 * its gem to the last uncovered space of that end (the slide rule; see
 * docs/foxduet.md). */
void fox_path_add_round_gems(tw_fox_state *s, tw_fox_events *events)
{
    tw_fox_path *p = &s->path;
    int low = TW_FOX_SPACE_INDEX(tw_fox_last_space(s, TW_FOX_END_LEFT));
    int high = TW_FOX_SPACE_INDEX(tw_fox_last_space(s, TW_FOX_END_RIGHT));
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        if (!p->plus[i])
            continue;
        int land = i < low ? low : i > high ? high : i;
        p->gems[land]++;
        p->gems_placed++;
        fox_emit(events, TW_FOX_EV_GEM_ADD, TW_FOX_NO_CARD, 0, 0, (uint8_t)i, (uint8_t)land, 0);
    }
}

/* Places the end-of-round forest token. */
void fox_path_end_round_forest(tw_fox_state *s, int end, tw_fox_events *events)
{
    if (s->path.forest_left == 0)
        return;
    if (s->path.token == tw_fox_last_space(s, end))
        end = 1 - end;
    cover_end(s, end, events);
}

/* Runs the move on a copy of the state and reports what happened. */
void tw_fox_preview_move(const tw_fox_state *state, int toward, int steps, tw_fox_move_preview *out)
{
    tw_fox_state copy = *state;
    copy.phase = TW_FOX_PHASE_PLAY;
    copy.end = TW_FOX_END_NONE;
    fox_path_move(&copy, toward & 1, steps, NULL);
    out->after = copy.path;
    out->space = copy.path.token;
    out->lost = copy.end == TW_FOX_END_LOST_PATH;
    out->off_path = out->lost || copy.path.covered[0] != state->path.covered[0] ||
                    copy.path.covered[1] != state->path.covered[1];
    out->collects = copy.path.gems_collected != state->path.gems_collected;
    out->wins = copy.end == TW_FOX_END_WON;
}
