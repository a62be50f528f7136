/* The open-hands round search, the strong bot's estimates and hints in
 * built positions: the last gem, a loss off the path, a lost cause, the
 * evaluation's bounds. */
#include <string.h>

#include "test.h"
#include "test_fox_fixture.h"
#include "trickwood/fox_bots.h"

/* The choice of a bot kind for the seat to act, in the record notation. */
static const char *choice_text(tw_fox_bot_kind kind, const tw_fox_state *s)
{
    static char text[48];
    tw_fox_bot *bot = tw_fox_bot_new(kind, 5);
    tw_fox_action a = TW_FOX_NO_ACTION;
    if (!bot || tw_fox_bot_choose(bot, s, &a) != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "%s bot refused to choose", tw_fox_bot_kind_name(kind));
    tw_fox_bot_free(bot);
    tw_fox_action_format(s, a, text, sizeof text);
    return text;
}

/* Index of an action (record notation) in a list, or -1. */
static int find_action(const tw_fox_state *s, const tw_fox_action *list, int n, const char *text)
{
    tw_fox_action a;
    if (tw_fox_action_parse(s, text, &a) != 0)
        return -1;
    for (int i = 0; i < n; i++)
        if (list[i] == a)
            return i;
    return -1;
}

/* The follower can take the last gem with 6D (3 + 2 steps onto +5). */
static int last_gem_position(tw_fox_state *s)
{
    fox_setup f = {.hands = {"2D 4R 6R", "6D 4D 2R"}, .decree = "10S", .leader = 0};
    if (!fox_build(s, &f))
        return 0;
    fox_set_gems(s, "0 0 0 0 0 0 0 0 0 0 1");
    return fox_sound(s) && fox_do(s, "play 2D", NULL) == TW_OK;
}

TEST(fox_bots_search_values_the_winning_card)
{
    tw_fox_state s;
    REQUIRE(last_gem_position(&s));
    tw_fox_search *search = tw_fox_search_new(12);
    REQUIRE(search != NULL);
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    double v[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_legal_actions(&s, list);
    REQUIRE(n == 2); /* 6D or 4D: diamonds must be followed */
    int best = tw_fox_search_actions(search, &s, 1, list, n, v);
    int win = find_action(&s, list, n, "play 6D"), other = find_action(&s, list, n, "play 4D");
    REQUIRE(win >= 0 && other >= 0);
    CHECK_INT(best, win);
    CHECK(v[win] >= 1.0);
    CHECK(v[other] >= 0.0 && v[other] < 1.0);
    CHECK(!tw_fox_search_aborted(search));
    /* From a fresh deal, a budget too small for two tricks aborts and says
     * so; deepening then keeps what the last complete depth found. */
    tw_fox_config cfg = {1, 0, 8};
    tw_fox_state start;
    REQUIRE(tw_fox_new(&start, fox_board(1), &cfg, NULL) == TW_OK);
    n = tw_fox_legal_actions(&start, list);
    tw_fox_search_clear(search);
    tw_fox_search_set_budget(search, 10);
    CHECK_INT(tw_fox_search_actions(search, &start, 2, list, n, v), -1);
    CHECK(tw_fox_search_aborted(search));
    long long before = tw_fox_search_nodes(search);
    CHECK(before > 0);
    int tricks = -1;
    best = tw_fox_search_deepen(search, &start, list, n, 3000, v, &tricks);
    CHECK(tricks >= 1 && tricks < TW_FOX_TRICKS);
    CHECK(best >= 0 && best < n);
    CHECK(v[best] > 0.0 && v[best] < 1.0);
    CHECK(tw_fox_search_nodes(search) > before);
    /* One node is not enough for one trick: each action's resulting state
     * is evaluated as it stands (a lead leaves the path unchanged). */
    best = tw_fox_search_deepen(search, &start, list, n, 1, v, &tricks);
    CHECK_INT(tricks, 0);
    for (int i = 0; i < n; i++) {
        tw_fox_state t = start;
        REQUIRE(tw_fox_apply(&t, list[i], NULL) == TW_OK);
        CHECK(v[i] == tw_fox_eval(&t));
        CHECK(v[i] > 0.0 && v[i] < 1.0);
    }
    tw_fox_search_free(search);
    CHECK_STR(choice_text(TW_FOX_BOT_OPEN_HANDS, &s), "play 6D");
    CHECK_STR(choice_text(TW_FOX_BOT_STRONG, &s), "play 6D");
}

TEST(fox_bots_search_avoids_losing_off_the_path)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R 6R", "6D 1D 2R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    fox_set_forest(&s, 2, 2, 0);
    fox_set_gems(&s, "0 0 1 1 0 0 1 1 0 0 0");
    s.path.token = 2;
    REQUIRE(fox_sound(&s));
    REQUIRE(fox_do(&s, "play 2D", NULL) == TW_OK);
    /* 6D wins and moves 5 past the last space with no forest token: lost. */
    CHECK_STR(choice_text(TW_FOX_BOT_OPEN_HANDS, &s), "play 1D");
    CHECK_STR(choice_text(TW_FOX_BOT_STRONG, &s), "play 1D");
    tw_fox_search *search = tw_fox_search_new(12);
    REQUIRE(search != NULL);
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    double v[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_legal_actions(&s, list);
    REQUIRE(tw_fox_search_actions(search, &s, 3, list, n, v) >= 0);
    int lose = find_action(&s, list, n, "play 6D");
    REQUIRE(lose >= 0);
    CHECK(v[lose] == 0.0);
    tw_fox_search_free(search);
}

TEST(fox_bots_hint_is_legal_with_a_probability)
{
    /* Along a few games at each level: legal action, chance in [0, 1]. */
    for (int level = 1; level <= TW_FOX_LEVELS; level++) {
        tw_fox_config cfg = {level, level & 1, 6100 + (uint64_t)level};
        tw_fox_state s;
        REQUIRE(tw_fox_new(&s, fox_board(level), &cfg, NULL) == TW_OK);
        tw_fox_bot *bot = tw_fox_bot_new(TW_FOX_BOT_RULE, 11);
        REQUIRE(bot != NULL);
        tw_fox_bot_set_effort(bot, 0, 3, 150);
        int step = 0;
        while (!tw_fox_is_over(&s)) {
            tw_fox_view v;
            tw_fox_view_of(&s, tw_fox_to_act(&s), &v);
            if (step % 9 == 0) {
                tw_fox_hint h = tw_fox_hint_for(bot, &v);
                CHECK(tw_fox_is_legal(&s, h.action));
                CHECK(h.p_win >= 0.0 && h.p_win <= 1.0);
                CHECK(h.samples > 0);
            }
            tw_fox_action a;
            REQUIRE(tw_fox_bot_choose(bot, &s, &a) == TW_OK);
            REQUIRE(tw_fox_apply(&s, a, NULL) == TW_OK);
            step++;
        }
        tw_fox_bot_free(bot);
    }
}

TEST(fox_bots_hint_sees_a_sure_win_and_a_lost_cause)
{
    tw_fox_state s;
    REQUIRE(last_gem_position(&s));
    tw_fox_view v;
    tw_fox_view_of(&s, 1, &v);
    tw_fox_bot *bot = tw_fox_bot_new(TW_FOX_BOT_STRONG, 2);
    REQUIRE(bot != NULL);
    tw_fox_hint h = tw_fox_hint_for(bot, &v);
    char text[48];
    CHECK_STR(tw_fox_action_format(&s, h.action, text, sizeof text), "play 6D");
    CHECK(h.p_win == 1.0);
    /* Round 3, two tricks left, five gems on the board: nothing can win. */
    fox_setup f = {.hands = {"2D 4R", "6D 4D"}, .decree = "10S", .leader = 0, .round = 3};
    REQUIRE(fox_build(&s, &f));
    fox_set_gems(&s, "1 0 1 0 1 0 1 0 1 0 0");
    REQUIRE(fox_sound(&s));
    CHECK(tw_fox_eval(&s) == 0.0);
    tw_fox_view_of(&s, 0, &v);
    h = tw_fox_hint_for(bot, &v);
    CHECK(tw_fox_is_legal(&s, h.action));
    CHECK(h.p_win == 0.0);
    tw_fox_bot_free(bot);
}

TEST(fox_bots_eval_bounds_and_order)
{
    tw_fox_config cfg = {2, 0, 55};
    tw_fox_state s;
    REQUIRE(tw_fox_new(&s, fox_board(2), &cfg, NULL) == TW_OK);
    double start = tw_fox_eval(&s);
    CHECK(start > 0.0 && start < 1.0);
    /* One gem fewer on the board is better; a forest token fewer is worse. */
    tw_fox_state fewer = s;
    for (int i = 0; i < TW_FOX_SPACES; i++)
        if (fewer.path.gems[i]) {
            fewer.path.gems[i]--;
            fewer.path.gems_collected++;
            break;
        }
    CHECK(tw_fox_eval(&fewer) > start);
    tw_fox_state poorer = s;
    poorer.path.forest_left--;
    poorer.path.covered[0]++;
    CHECK(tw_fox_eval(&poorer) < start);
    tw_fox_state ended = s;
    ended.phase = TW_FOX_PHASE_GAME_OVER;
    ended.end = TW_FOX_END_LOST_PATH;
    CHECK(tw_fox_eval(&ended) == 0.0);
    ended.end = TW_FOX_END_WON;
    CHECK(tw_fox_eval(&ended) >= 1.0);
}

TEST(fox_bots_ismcts_alternative_finds_the_last_gem)
{
    tw_fox_state s;
    REQUIRE(last_gem_position(&s));
    tw_fox_view v;
    tw_fox_view_of(&s, 1, &v);
    tw_fox_search *search = tw_fox_search_new(12);
    REQUIRE(search != NULL);
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    double p[TW_FOX_MAX_ACTIONS], again[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_view_legal_actions(&v, list);
    REQUIRE(n == 2);
    int best = tw_fox_ismcts_estimate(search, &v, 9, 60, 2, 0.2, list, n, p);
    CHECK_INT(best, find_action(&s, list, n, "play 6D"));
    CHECK(p[best] >= 1.0);
    CHECK(p[1 - best] >= 0.0 && p[1 - best] < 1.0);
    /* Same view and seed, same estimates. */
    CHECK_INT(tw_fox_ismcts_estimate(search, &v, 9, 60, 2, 0.2, list, n, again), best);
    CHECK(memcmp(p, again, sizeof(double) * (size_t)n) == 0);
    tw_fox_search_free(search);
}
