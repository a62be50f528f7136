/* Undo marks (tw_undo_marks_*): kept action by action, and built again
 * after an undo, they give at every step of random games of both games
 * the depth that replaying the whole game gives, for every set of seats. */
#include <stdlib.h>

#include "test.h"
#include "trickwood/core.h"
#include "trickwood/game.h"

/* The depth worked out the long way, as tw_match_undo_depth did before
 * the marks: play every action again from the start, remembering the
 * last action that showed a hidden card and the last decision of a seat
 * in seats after it. */
static int replayed_depth(const tw_match *m, unsigned seats)
{
    if (tw_match_is_over(m))
        return 0;
    tw_match *copy = m->game->restart(m);
    int last_reveal = 0, last_decision = -1;
    for (int i = 0; copy && i < m->count; i++) {
        int seat = m->game->to_act(copy);
        if (m->game->apply_reveals(copy, m->actions[i]) != 0) {
            last_reveal = i + 1;
            last_decision = -1;
        } else if (seat >= 0 && (seats >> seat & 1u)) {
            last_decision = i;
        }
    }
    if (!copy)
        return 0;
    m->game->free(copy);
    return last_decision >= last_reveal ? m->count - last_decision : 0;
}

/* Plays one game at random, noting each action in the marks, and
 * compares the marks' depth with the replayed one for seats 0, 1 and
 * both at every step; now and then takes the whole depth back and
 * builds the marks again. Returns the steps checked with a depth above 0. */
static int play_and_compare(const tw_game *game, uint64_t seed, tw_rng *rng)
{
    tw_diag d;
    tw_match *m = game->start(NULL, seed, &d);
    tw_undo_marks u;
    tw_undo_marks_clear(&u);
    int deep = 0;
    for (int step = 0; m && step < 2000; step++) {
        for (unsigned seats = 1; seats <= 3; seats++) {
            int want = replayed_depth(m, seats), got = tw_undo_marks_depth(&u, m, seats);
            CHECK_INT(got, want);
            CHECK_INT(tw_match_undo_depth(m, seats), want);
            deep += seats == 1 && want > 0;
        }
        if (tw_match_is_over(m))
            break;
        int depth = tw_undo_marks_depth(&u, m, 1u << game->to_act(m));
        if (depth > 0 && tw_rng_below(rng, 4) == 0) {
            tw_match *back = tw_match_undo(m, depth);
            CHECK(back != NULL);
            if (!back)
                break;
            game->free(m);
            m = back;
            CHECK(tw_undo_marks_build(&u, m) == TW_OK);
            CHECK_INT(u.count, m->count);
            continue;
        }
        tw_game_action acts[TW_GAME_MAX_ACTIONS];
        int count = game->legal(m, acts);
        tw_game_action a = acts[tw_rng_below(rng, (uint32_t)count)];
        tw_match *copy = game->clone(m), *before = game->clone(m);
        CHECK(copy && before);
        if (!copy || !before)
            break;
        int shown = game->apply_reveals(copy, a), seen = -1, seq = 0;
        tw_buf lines = {0};
        CHECK(game->apply_seen(m, a, -1, &seq, &lines, &seen) == TW_OK);
        tw_buf_free(&lines);
        CHECK_INT(seen, shown); /* apply_seen tells what apply_reveals tells */
        CHECK(tw_undo_marks_note(&u, before, seen) == TW_OK);
        game->free(copy);
        game->free(before);
        CHECK_INT(u.count, m->count);
    }
    CHECK(m != NULL);
    if (m) {
        tw_undo_marks stale = u;
        stale.count--;
        CHECK_INT(tw_undo_marks_depth(&stale, m, 1u), -1); /* marks of another version are refused */
        game->free(m);
    }
    return deep;
}

TEST(undo_marks_match_replayed_depth_in_random_games)
{
    tw_rng rng;
    tw_rng_seed(&rng, 20261124);
    int games = TW_TEST_ASAN ? 4 : 12;
    for (int g = 0; g < tw_game_count; g++) {
        int deep = 0;
        for (int i = 0; i < games; i++)
            deep += play_and_compare(tw_games[g], 1000 + (uint64_t)i, &rng);
        CHECK(deep > 10); /* the games had something to take back */
    }
}
