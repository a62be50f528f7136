/* The shared library's C API (trickwood/libtrickwood.h): caller mistakes
 * return error codes with a reason and never abort; a whole game of each
 * game through it agrees with the game interface; copies, resampling,
 * the vector of games and the bots. */
#include <stdlib.h>

#include "test.h"
#include "trickwood/core.h"
#include "trickwood/game.h"
#include "trickwood/libtrickwood.h"

TEST(twl_refuses_caller_mistakes)
{
    twl_game *g = NULL;
    twl_state *s = NULL;
    CHECK_INT(twl_game_new("chess", NULL, &g), TW_ERR_ARG);
    CHECK(g == NULL);
    CHECK_CONTAINS(twl_last_error(), "unknown game 'chess'");
    CHECK_INT(twl_game_new(NULL, NULL, &g), TW_ERR_ARG);
    CHECK_INT(twl_game_new("fox", NULL, NULL), TW_ERR_ARG);
    CHECK_INT(twl_game_new("fox", "{\"level\": 9}", &g), TW_ERR_PARSE);
    CHECK_CONTAINS(twl_last_error(), "option 'level'");
    CHECK_INT(twl_game_new("fox", "{not json", &g), TW_ERR_PARSE);
    CHECK_INT(twl_game_new("northwood", "[1]", &g), TW_ERR_PARSE);
    CHECK_INT(twl_state_new(NULL, 1, &s), TW_ERR_ARG);
    CHECK_INT(twl_state_apply(NULL, 0), TW_ERR_ARG);
    CHECK_INT(twl_state_current_player(NULL), -2);
    CHECK_INT(twl_state_legal_actions(NULL, NULL, 0), -TW_ERR_ARG);
    CHECK_INT(twl_state_view_json(NULL, 0, NULL, 0), -TW_ERR_ARG);
    CHECK_INT(twl_state_clone(NULL, &s), TW_ERR_ARG);
    CHECK_INT(twl_vec_step(NULL, NULL, NULL, NULL, NULL, NULL, NULL), TW_ERR_ARG);
    CHECK_INT(twl_bot_choose(NULL, NULL, NULL), TW_ERR_ARG);
    twl_state_free(NULL);
    twl_game_free(NULL);
    twl_bot_free(NULL);
    twl_vec_free(NULL);

    REQUIRE(twl_game_new("fox", "{\"level\": 2}", &g) == TWL_OK);
    CHECK_INT(twl_state_new(g, TW_MAX_SEED + 1, &s), TW_ERR_ARG);
    CHECK_CONTAINS(twl_last_error(), "seed");
    REQUIRE(twl_state_new(g, 4, &s) == TWL_OK);
    float obs[8];
    CHECK_INT(twl_state_observation(s, 0, obs, 8), TW_ERR_ARG);
    CHECK_INT(twl_state_observation(s, 2, obs, 8), TW_ERR_ARG);
    CHECK_CONTAINS(twl_last_error(), "seat 2 does not exist");
    uint8_t mask[3];
    CHECK_INT(twl_state_legal_mask(s, mask, 3), TW_ERR_ARG);
    int32_t few[1];
    CHECK(twl_state_legal_actions(s, few, 1) < 0);
    CHECK_INT(twl_state_apply(s, -1), TW_ERR_ARG);
    CHECK_INT(twl_state_apply(s, twl_game_num_actions(g)), TW_ERR_ARG);
    char before[8192], after[8192];
    twl_state_view_json(s, 0, before, sizeof before);
    int32_t legal[64];
    int n = twl_state_legal_actions(s, legal, 64);
    REQUIRE(n > 0);
    int illegal = 0;
    for (int i = 0; i < n && legal[i] == illegal; i++)
        illegal++;
    CHECK_INT(twl_state_apply(s, illegal), TW_ERR_ILLEGAL);
    CHECK_CONTAINS(twl_last_error(), "legal now");
    twl_state_view_json(s, 0, after, sizeof after);
    CHECK_STR(after, before);
    int reachable;
    CHECK_INT(twl_state_solve_visit(s, &reachable, NULL, 0), TW_ERR_ARG);
    twl_game *nw = NULL;
    twl_bot *bot = NULL;
    REQUIRE(twl_game_new("northwood", NULL, &nw) == TWL_OK);
    REQUIRE(twl_bot_new(nw, "greedy", 1, &bot) == TWL_OK);
    int action;
    CHECK_INT(twl_bot_choose(bot, s, &action), TW_ERR_ARG);
    CHECK_CONTAINS(twl_last_error(), "the state is of The Fox in the Forest Duet");
    twl_bot *none = bot;
    CHECK_INT(twl_bot_new(nw, "rule", 1, &none), TW_ERR_ARG);
    CHECK(none == NULL);
    twl_bot_free(bot);
    /* a text that does not fit is cut, and its whole length returned */
    char small[5];
    int len = twl_state_view_json(s, 0, small, sizeof small);
    CHECK_INT(len, (long long)strlen(before));
    CHECK_INT((long long)strlen(small), 4);
    twl_state_free(s);
    twl_game_free(nw);
    twl_game_free(g);
}

TEST(twl_games_agree_with_the_game_interface)
{
    const char *keys[] = {"northwood", "fox"};
    for (int k = 0; k < 2; k++) {
        twl_game *g = NULL;
        twl_state *s = NULL;
        REQUIRE(twl_game_new(keys[k], NULL, &g) == TWL_OK);
        REQUIRE(twl_state_new(g, 12, &s) == TWL_OK);
        const tw_game *t = tw_game_find(keys[k]);
        json_t *config = k == 0 ? json_pack("{s:b}", "finish", 0) : NULL;
        tw_match *m = t->start(config, 12, NULL);
        json_decref(config);
        REQUIRE(m != NULL);
        tw_rng rng;
        tw_rng_seed(&rng, 3);
        while (!twl_state_is_terminal(s)) {
            int32_t legal[64];
            tw_game_action acts[TW_GAME_MAX_ACTIONS];
            int n = twl_state_legal_actions(s, legal, 64);
            REQUIRE(n == t->legal(m, acts));
            CHECK_INT(twl_state_current_player(s), t->to_act(m));
            int a = legal[tw_rng_below(&rng, (uint32_t)n)];
            twl_state *copy = NULL;
            REQUIRE(twl_state_clone(s, &copy) == TWL_OK);
            REQUIRE(twl_state_apply(s, a) == TWL_OK);
            char text[64];
            twl_state_action_to_string(copy, a, text, sizeof text);
            tw_game_action ea;
            REQUIRE(t->parse(m, text, &ea) == 0);
            REQUIRE(t->apply(m, ea, NULL) == TW_OK);
            CHECK_INT(twl_state_move_number(copy) + 1, twl_state_move_number(s));
            twl_state *sample = NULL;
            REQUIRE(twl_state_resample(copy, twl_state_current_player(copy), (uint64_t)n, &sample) == TWL_OK);
            CHECK_INT(twl_state_check(sample), TWL_OK);
            CHECK(twl_state_record_json(sample, NULL, 0) < 0);
            twl_state_free(sample);
            twl_state_free(copy);
            CHECK_INT(twl_state_check(s), TWL_OK);
        }
        CHECK(tw_match_is_over(m));
        CHECK_INT(twl_state_apply(s, 0), TW_ERR_GAME_OVER);
        t->free(m);
        twl_state_free(s);
        twl_game_free(g);
    }
}

TEST(twl_vector_and_bots)
{
    twl_game *g = NULL;
    twl_vec *v = NULL;
    REQUIRE(twl_game_new("fox", NULL, &g) == TWL_OK);
    CHECK_INT(twl_vec_new(g, 0, 1, &v), TW_ERR_ARG);
    REQUIRE(twl_vec_new(g, 8, 1, &v) == TWL_OK);
    int64_t episodes = 0;
    CHECK_INT(twl_vec_random_steps(v, TW_TEST_ASAN ? 2000 : 20000, 5, &episodes), TWL_OK);
    CHECK(episodes > 0);
    int32_t legal[8 * TWL_MAX_LEGAL], counts[8], actions[8], players[8];
    double rewards[8];
    uint8_t dones[8];
    CHECK_INT(twl_vec_legal(v, legal, counts), TWL_OK);
    for (int i = 0; i < 8; i++)
        actions[i] = legal[i * TWL_MAX_LEGAL + counts[i] - 1];
    CHECK_INT(twl_vec_step(v, actions, rewards, dones, players, NULL, NULL), TWL_OK);
    for (int i = 0; i < 8; i++)
        CHECK(players[i] == twl_state_current_player(twl_vec_state(v, i)));
    CHECK(twl_vec_state(v, 8) == NULL);
    twl_vec_free(v);
    for (int b = 0; twl_game_bot_name(g, b); b++) {
        twl_bot *bot = NULL;
        twl_state *s = NULL;
        REQUIRE(twl_bot_new(g, twl_game_bot_name(g, b), 2, &bot) == TWL_OK);
        REQUIRE(twl_state_new(g, 2, &s) == TWL_OK);
        int action, applied = 0;
        CHECK_INT(twl_bot_choose(bot, s, &action), TWL_OK);
        CHECK_INT(twl_state_apply(s, action), TWL_OK);
        CHECK_INT(twl_bot_play(bot, s, 3, &applied), TWL_OK);
        CHECK_INT(applied, 3);
        twl_state_free(s);
        twl_bot_free(bot);
    }
    twl_game_free(g);
}
