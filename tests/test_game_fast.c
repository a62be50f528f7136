/* What the simulator's fast paths promise (trickwood/game.h, nw_bots.h):
 * the quick bots (random, and For Northwood!'s greedy) choose from the
 * state exactly what they choose from the player's view; bot_play plays
 * the same game as bot_choose then apply; redeal gives the match start
 * gives; bot_reseed gives the bot bot_new gives. */
#include <stdlib.h>
#include <string.h>

#include "cli_harness.h"
#include "test.h"
#include "trickwood/fox_bots.h"
#include "trickwood/game.h"
#include "trickwood/nw_bots.h"

/* Positions compared per game kind: every decision of this many games. */
#define GAMES (TW_TEST_ASAN ? 40 : 300)

/* The engine's state behind a match (read only). */
static const tw_nw_state *nw_state_of(const tw_match *m)
{
    return m->game->state(m);
}

/* The Duet's state behind a match (read only). */
static const tw_fox_state *fox_state_of(const tw_match *m)
{
    return m->game->state(m);
}

TEST(game_fast_nw_quick_bots_choose_the_same_from_state_and_view)
{
    /* Along whole games, at every decision: the engine's random and greedy
     * bots deciding from the state (no view) against twins deciding from
     * the view, and the game interface's held bot (random: no view at
     * all) against the engine's bot of its kind from the view. */
    const tw_game *g = tw_game_find("northwood");
    REQUIRE(g);
    json_t *configs[2] = {json_pack("{s:s, s:b}", "setup", "intro", "finish", 0),
                          json_pack("{s:s, s:b}", "setup", "full", "finish", 0)};
    static const tw_nw_bot_kind kinds[] = {TW_NW_BOT_RANDOM, TW_NW_BOT_GREEDY};
    long long compared = 0;
    int differ_from_first = 0;
    for (int k = 0; k < 2; k++)
        for (int game = 0; game < GAMES; game++) {
            uint64_t seed = 7000 + (uint64_t)game, bot_seed = seed * 3 + 1;
            tw_diag diag;
            tw_match *m = g->start(configs[game & 1], seed, &diag);
            tw_nw_bot *from_state = tw_nw_bot_new(kinds[k], bot_seed);
            tw_nw_bot *from_view = tw_nw_bot_new(kinds[k], bot_seed);
            tw_game_bot *held = g->bot_new(tw_nw_bot_kind_name(kinds[k]), bot_seed);
            tw_nw_bot *twin = tw_nw_bot_new(kinds[k], bot_seed); /* the held bot's twin, from the view */
            REQUIRE(m && from_state && from_view && held && twin);
            tw_game_action first = 0;
            while (g->to_act(m) >= 0) {
                tw_nw_view view;
                tw_nw_view_of(nw_state_of(m), &view);
                tw_nw_action a = tw_nw_bot_choose(from_state, nw_state_of(m));
                tw_nw_action b = tw_nw_bot_choose_from_view(from_view, &view);
                tw_game_action c = 0;
                CHECK_INT(g->bot_choose(held, m, &c), TW_OK);
                tw_nw_action d = tw_nw_bot_choose_from_view(twin, &view);
                if (a != b || c != d) {
                    tw_test_fail(__FILE__, __LINE__, "%s: game %d decision %d: state %d, view %d; held %d, view %d",
                                 tw_nw_bot_kind_name(kinds[k]), game, m->count, a, b, c, d);
                    break;
                }
                if (m->count == 0 && game == 0)
                    first = a;
                differ_from_first += m->count == 0 && a != first;
                compared++;
                REQUIRE(g->apply(m, a, NULL) == TW_OK);
            }
            g->bot_free(held);
            tw_nw_bot_free(from_state);
            tw_nw_bot_free(from_view);
            tw_nw_bot_free(twin);
            g->free(m);
        }
    CHECK(compared > 2LL * GAMES * 100); /* about 150 decisions a game */
    CHECK(differ_from_first > 0);        /* the positions really differ */
    json_decref(configs[0]);
    json_decref(configs[1]);
}

TEST(game_fast_fox_random_bot_chooses_the_same_from_state_and_view)
{
    /* The interface's held random bot picks among the state's legal
     * actions; the engine's random bot of the same seed, from the acting
     * seat's view, must pick the same at every decision, both seats, at
     * every level. */
    const tw_game *g = tw_game_find("fox");
    REQUIRE(g);
    long long compared = 0;
    for (int game = 0; game < GAMES; game++) {
        json_t *config = json_pack("{s:i, s:i}", "level", 1 + game % 3, "dealer", game & 1);
        tw_diag diag;
        tw_match *m = g->start(config, 500 + (uint64_t)game, &diag);
        json_decref(config);
        REQUIRE(m);
        tw_game_bot *held[2];
        tw_fox_bot *twin[2];
        for (int seat = 0; seat < 2; seat++) {
            held[seat] = g->bot_new("random", 40 + (uint64_t)(game * 2 + seat));
            twin[seat] = tw_fox_bot_new(TW_FOX_BOT_RANDOM, 40 + (uint64_t)(game * 2 + seat));
            REQUIRE(held[seat] && twin[seat]);
        }
        int seat;
        while ((seat = g->to_act(m)) >= 0) {
            tw_fox_view view;
            tw_fox_view_of(fox_state_of(m), seat, &view);
            tw_game_action a = 0;
            tw_fox_action b = TW_FOX_NO_ACTION;
            CHECK_INT(g->bot_choose(held[seat], m, &a), TW_OK);
            CHECK_INT(tw_fox_bot_choose_from_view(twin[seat], &view, &b), TW_OK);
            if (a != b) {
                tw_test_fail(__FILE__, __LINE__, "game %d decision %d: state %d, view %d", game, m->count, a, b);
                break;
            }
            compared++;
            REQUIRE(g->apply(m, a, NULL) == TW_OK);
        }
        for (seat = 0; seat < 2; seat++) {
            g->bot_free(held[seat]);
            tw_fox_bot_free(twin[seat]);
        }
        g->free(m);
    }
    CHECK(compared > (long long)GAMES * 40); /* about 50 decisions a game */
}

/* Plays a match out with bot_choose then apply, one table call at a
 * time; returns the actions applied. */
static int play_by_table(tw_match *m, tw_game_bot *const *bots)
{
    const tw_game *g = m->game;
    int seat, n = 0;
    while ((seat = g->to_act(m)) >= 0) {
        tw_game_action a = 0;
        if (g->bot_choose(bots[seat], m, &a) != TW_OK || g->apply(m, a, NULL) != TW_OK)
            return -1;
        n++;
    }
    return n;
}

/* Counts the actions bot_play shows its observer. */
static void count_observed(void *ctx, const tw_match *m, tw_game_action action)
{
    (void)m;
    (void)action;
    ++*(int *)ctx;
}

TEST(game_fast_bot_play_redeal_and_reseed_match_the_slow_way)
{
    /* For each game and quick bot: a new match and new bots played with
     * bot_choose and apply, against one match dealt again (redeal) and
     * bots reseeded in place, played with bot_play: the same actions,
     * the same records. */
    static const char *const bots_of[2][2] = {{"random", "greedy"}, {"random", "rule"}};
    for (int gi = 0; gi < 2; gi++) {
        const tw_game *g = tw_game_find(gi == 0 ? "northwood" : "fox");
        REQUIRE(g && g->bot_play && g->redeal && g->bot_reseed);
        for (int b = 0; b < 2; b++) {
            tw_diag diag;
            tw_match *reused = g->start(NULL, 1, &diag);
            tw_game_bot *kept[2] = {g->bot_new(bots_of[gi][b], 1), g->bot_new(bots_of[gi][b], 2)};
            REQUIRE(reused && kept[0] && kept[1]);
            for (int game = 0; game < (TW_TEST_ASAN ? 6 : 25); game++) {
                uint64_t seed = 900 + (uint64_t)game * 13;
                tw_match *fresh = g->start(NULL, seed, &diag);
                tw_game_bot *bots[2] = {g->bot_new(bots_of[gi][b], seed), g->bot_new(bots_of[gi][b], seed + 1)};
                REQUIRE(fresh && bots[0] && bots[1]);
                int slow = play_by_table(fresh, bots);
                CHECK_INT(g->redeal(reused, seed), TW_OK);
                for (int seat = 0; seat < 2; seat++) {
                    /* the random bot reseeds in place; any other is made anew */
                    if (g->bot_reseed(kept[seat], seed + (uint64_t)seat) != TW_OK) {
                        CHECK(strcmp(bots_of[gi][b], "random") != 0);
                        g->bot_free(kept[seat]);
                        kept[seat] = g->bot_new(bots_of[gi][b], seed + (uint64_t)seat);
                        REQUIRE(kept[seat]);
                    }
                }
                int applied = -1, observed = 0;
                tw_game_action refused = 0;
                CHECK_INT(g->bot_play(reused, kept, 5000, count_observed, &observed, &applied, &refused), TW_OK);
                CHECK(slow > 0);
                CHECK_INT(applied, slow);
                CHECK_INT(observed, slow);
                CHECK_INT(reused->count, fresh->count);
                CHECK(memcmp(reused->actions, fresh->actions, (size_t)fresh->count * sizeof *fresh->actions) == 0);
                tw_buf x = {0}, y = {0};
                CHECK(g->record_json(reused, &x) == TW_OK && g->record_json(fresh, &y) == TW_OK);
                CHECK(x.data && y.data && strcmp(x.data, y.data) == 0);
                tw_buf_free(&x);
                tw_buf_free(&y);
                g->bot_free(bots[0]);
                g->bot_free(bots[1]);
                g->free(fresh);
            }
            /* bot_play stops after max_actions, and redeal refuses a seed past 2^53 - 1 */
            CHECK_INT(g->redeal(reused, 5), TW_OK);
            int applied = -1;
            tw_game_action refused = 0;
            CHECK_INT(g->bot_play(reused, kept, 3, NULL, NULL, &applied, &refused), TW_OK);
            CHECK_INT(applied, 3);
            CHECK(g->to_act(reused) >= 0);
            CHECK_INT(g->redeal(reused, TW_MAX_SEED + 1), TW_ERR_ARG);
            CHECK_INT(reused->count, 3);
            g->bot_free(kept[0]);
            g->bot_free(kept[1]);
            g->free(reused);
        }
    }
}

TEST(game_fast_bench_compares_sims_loop_with_the_engines)
{
    /* bench --parts random plays random games through sim's own loop too,
     * and gives their rate as a share of the engine's loop (both games) */
    const char *args[] = {"bench", "--json", "--parts", "random", "--seconds", "0.01", NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_INT(r.code, 0);
    json_t *root = json_loads(r.out ? r.out : "", 0, NULL);
    json_t *through = json_object_get(root, "random_through_sim");
    static const char *const games[] = {"northwood", "fox"};
    for (int i = 0; i < 2; i++) {
        json_t *o = json_object_get(through, games[i]);
        CHECK(json_real_value(json_object_get(o, "games_per_cpu_s")) > 0);
        CHECK(json_integer_value(json_object_get(o, "games")) > 0);
        CHECK(json_real_value(json_object_get(o, "of_engine_loop")) > 0);
    }
    json_decref(root);
    tw_test_cli_free(&r);
}
