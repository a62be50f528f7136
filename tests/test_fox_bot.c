/* The rule-based Fox in the Forest Duet partner: legal actions only,
 * decisions from a view only, deterministic by seed, sensible choices in
 * built positions, and a win rate well above random play. */
#include <string.h>

#include "test.h"
#include "test_fox_fixture.h"
#include "trickwood/fox_bots.h"

/* The bot's choice for the seat to act. */
static tw_fox_action bot_choice(const tw_fox_state *s, uint64_t seed)
{
    tw_fox_view v;
    tw_fox_view_of(s, tw_fox_to_act(s), &v);
    tw_fox_action a = TW_FOX_NO_ACTION;
    if (tw_fox_rule_bot_choose(&v, seed, &a) != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "the bot refused to choose");
    return a;
}

/* The bot's choice in the record notation. */
static const char *bot_text(const tw_fox_state *s, uint64_t seed)
{
    static char text[48];
    tw_fox_action_format(s, bot_choice(s, seed), text, sizeof text);
    return text;
}

TEST(fox_bot_legal_deterministic_and_view_only)
{
    for (int g = 0; g < 12; g++) {
        tw_fox_state s;
        tw_fox_config cfg = {1 + g % 3, g & 1, 300 + (uint64_t)g};
        REQUIRE(tw_fox_new(&s, fox_board(cfg.level), &cfg, NULL) == TW_OK);
        int step = 0;
        while (!tw_fox_is_over(&s)) {
            int seat = tw_fox_to_act(&s);
            tw_fox_view v, other;
            tw_fox_view_of(&s, seat, &v);
            tw_fox_action a, again, alt;
            REQUIRE(tw_fox_rule_bot_choose(&v, (uint64_t)step, &a) == TW_OK);
            REQUIRE(tw_fox_is_legal(&s, a));
            REQUIRE(tw_fox_rule_bot_choose(&v, (uint64_t)step, &again) == TW_OK);
            CHECK(a == again);
            /* The partner's hand and the deck re-dealt: same view, same choice. */
            if (step % 5 == 0) {
                tw_fox_state d;
                tw_fox_determinize(&v, 99 + (uint64_t)step, &d);
                tw_fox_view_of(&d, seat, &other);
                CHECK(memcmp(&other, &v, sizeof v) == 0);
                REQUIRE(tw_fox_rule_bot_choose(&other, (uint64_t)step, &alt) == TW_OK);
                CHECK(alt == a);
                tw_fox_view_of(&s, 1 - seat, &other);
                CHECK_INT(tw_fox_rule_bot_choose(&other, 0, &alt), TW_ERR_PHASE);
            }
            REQUIRE(tw_fox_apply(&s, a, NULL) == TW_OK);
            step++;
        }
    }
}

TEST(fox_bot_same_seed_same_game)
{
    tw_fox_config cfg = {2, 0, 4242};
    tw_fox_state a, b;
    REQUIRE(tw_fox_rule_bot_play(fox_board(2), &cfg, 17, &a) == TW_OK);
    REQUIRE(tw_fox_rule_bot_play(fox_board(2), &cfg, 17, &b) == TW_OK);
    CHECK(tw_fox_is_over(&a));
    CHECK(memcmp(&a, &b, sizeof a) == 0);
}

TEST(fox_bot_follower_takes_the_last_gem)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R 6R", "6D 4D 2R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    fox_set_gems(&s, "0 0 0 0 0 0 0 0 0 0 1");
    REQUIRE(fox_sound(&s));
    REQUIRE(fox_do(&s, "play 2D", NULL) == TW_OK);
    /* 6D wins and moves 3 + 2 = 5 onto the last gem; 4D would move away. */
    CHECK_STR(bot_text(&s, 1), "play 6D");
}

TEST(fox_bot_follower_avoids_losing_off_the_path)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R 6R", "6D 1D 2R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    fox_set_forest(&s, 2, 2, 0);
    fox_set_gems(&s, "0 0 1 1 0 0 1 1 0 0 0");
    s.path.token = 2;
    REQUIRE(fox_sound(&s));
    REQUIRE(fox_do(&s, "play 2D", NULL) == TW_OK);
    /* 6D would win and move 5 toward +5, past the last space 3 with no
     * forest token left: the game would be lost. 1D loses the trick. */
    CHECK_STR(bot_text(&s, 1), "play 1D");
}

TEST(fox_bot_gazelle_and_musician_choices_aim_at_gems)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"5D 4R", "8D 6S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    fox_set_gems(&s, "0 0 0 0 0 0 0 1 0 0 0");
    REQUIRE(fox_sound(&s));
    REQUIRE(fox_do(&s, "play 5D", NULL) == TW_OK);
    REQUIRE(fox_do(&s, "play 8D", NULL) == TW_OK);
    /* 1 + 2 footprints: ignoring 5D lands on the gem at +2. */
    CHECK_STR(bot_text(&s, 1), "ignore 5D");
    fox_setup g = {.hands = {"1D 4R", "6D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &g));
    fox_set_gems(&s, "0 0 0 1 0 0 0 0 0 0 0");
    REQUIRE(fox_sound(&s));
    REQUIRE(fox_do(&s, "play 1D", NULL) == TW_OK);
    REQUIRE(fox_do(&s, "play 6D", NULL) == TW_OK);
    /* The gem is at -2, away from the winner (seat 1). */
    CHECK_STR(bot_text(&s, 1), "direction toward-partner");
}

TEST(fox_bot_forest_goes_to_the_far_end)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D", "6D"}, .decree = "10S", .leader = 0, .dealer = 1};
    REQUIRE(fox_build(&s, &f));
    s.path.token = -4;
    REQUIRE(fox_sound(&s));
    REQUIRE(fox_do(&s, "play 2D", NULL) == TW_OK);
    REQUIRE(fox_do(&s, "play 6D", NULL) == TW_OK);
    REQUIRE(s.phase == TW_FOX_PHASE_FOREST);
    CHECK_INT(s.path.token, 1);
    CHECK_STR(bot_text(&s, 1), "forest left");
}

TEST(fox_bot_foxes_exchange_to_win_the_needed_trick)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"8D 4R", "3R 6R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    fox_set_gems(&s, "0 0 0 0 0 0 0 0 0 1 0");
    REQUIRE(fox_sound(&s));
    REQUIRE(fox_do(&s, "play 8D", NULL) == TW_OK);
    REQUIRE(fox_do(&s, "play 3R", NULL) == TW_OK);
    CHECK_STR(bot_text(&s, 1), "fox self");
    REQUIRE(fox_do(&s, "fox self", NULL) == TW_OK);
    /* Only with roses as trump does 3R win and move 4 toward the last gem. */
    CHECK_STR(bot_text(&s, 1), "exchange 6R");
}

TEST(fox_bot_wins_far_more_than_random_play)
{
    int games = 24, wins = 0;
    for (int g = 0; g < games; g++) {
        tw_fox_config cfg = {1, g & 1, 9000 + (uint64_t)g};
        tw_fox_state s;
        REQUIRE(tw_fox_rule_bot_play(fox_board(1), &cfg, (uint64_t)g, &s) == TW_OK);
        REQUIRE(fox_sound(&s));
        wins += tw_fox_is_won(&s);
    }
    printf("   fox rule bot: %d of %d level-1 games won\n", wins, games);
    CHECK(wins >= games / 4);
}
