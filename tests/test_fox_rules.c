/* The Fox in the Forest Duet rules, from built positions: the deal,
 * following suit, who wins a trick, moving the team token, forest tokens,
 * gems, round ends, the end of the game and the score. */
#include <string.h>

#include "test.h"
#include "test_fox_fixture.h"

#define IDX(space) TW_FOX_SPACE_INDEX(space)

TEST(fox_rules_footprints_table)
{
    static const int expected[TW_FOX_RANKS] = {0, 3, 2, 1, 1, 2, 0, 2, 0, 3};
    for (int rank = 1; rank <= TW_FOX_RANKS; rank++)
        for (int suit = 0; suit < TW_FOX_SUITS; suit++)
            CHECK_INT(tw_fox_card_footprints(TW_FOX_CARD(suit, rank)), expected[rank - 1]);
}

TEST(fox_rules_new_game_setup_by_level)
{
    static const int gems[4] = {0, 12, 13, 16};
    static const int forest[4] = {0, 4, 3, 3};
    for (int level = 1; level <= 3; level++) {
        for (int dealer = 0; dealer < 2; dealer++) {
            tw_fox_state s;
            tw_fox_events ev;
            ev.count = ev.overflow = 0;
            tw_fox_config cfg = {level, dealer, 77 + (uint64_t)level};
            REQUIRE(tw_fox_new(&s, fox_board(level), &cfg, &ev) == TW_OK);
            fox_sound(&s);
            CHECK_INT(tw_popcount32(s.hand[0]), 11);
            CHECK_INT(tw_popcount32(s.hand[1]), 11);
            CHECK_INT(tw_popcount32(s.deck), 7);
            CHECK(s.decree < TW_FOX_CARDS);
            CHECK_INT(s.round, 1);
            CHECK_INT(s.leader, 1 - dealer);
            CHECK_INT(tw_fox_to_act(&s), 1 - dealer);
            CHECK_INT(s.path.token, 0);
            CHECK_INT(tw_fox_gems_on_board(&s), gems[level]);
            CHECK_INT(s.path.gems_placed, gems[level]);
            CHECK_INT(s.path.forest_left, forest[level]);
            CHECK_INT(s.phase, TW_FOX_PHASE_PLAY);
            /* 22 cards dealt, one turned up as the decree. */
            int to_hands = 0, to_decree = 0;
            for (int i = 0; i < ev.count; i++)
                if (ev.items[i].type == TW_FOX_EV_MOVE) {
                    to_hands += ev.items[i].to <= TW_FOX_ZONE_HAND1;
                    to_decree += ev.items[i].to == TW_FOX_ZONE_DECREE && ev.items[i].card == s.decree;
                }
            CHECK_INT(to_hands, 22);
            CHECK_INT(to_decree, 1);
            CHECK_INT(fox_count_events(&ev, TW_FOX_EV_ROUND_START), 1);
        }
    }
    /* Bad configurations are refused. */
    tw_fox_state s;
    tw_fox_config bad_level = {4, 0, 1}, bad_dealer = {1, 2, 1};
    CHECK_INT(tw_fox_new(&s, fox_board(1), &bad_level, NULL), TW_ERR_ARG);
    CHECK_INT(tw_fox_new(&s, fox_board(1), &bad_dealer, NULL), TW_ERR_ARG);
}

TEST(fox_rules_same_seed_same_deal)
{
    tw_fox_state a, b, c;
    tw_fox_config cfg = {1, 0, 1234};
    REQUIRE(tw_fox_new(&a, fox_board(1), &cfg, NULL) == TW_OK);
    REQUIRE(tw_fox_new(&b, fox_board(1), &cfg, NULL) == TW_OK);
    cfg.seed = 1235;
    REQUIRE(tw_fox_new(&c, fox_board(1), &cfg, NULL) == TW_OK);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    CHECK(a.hand[0] != c.hand[0] || a.decree != c.decree);
}

TEST(fox_rules_follower_must_follow_suit)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R", "6D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK(fox_is_listed(&s, "play 2D"));
    CHECK(fox_is_listed(&s, "play 4R"));
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK(fox_is_listed(&s, "play 6D"));
    CHECK(!fox_is_listed(&s, "play 8S"));
    tw_fox_state before = s;
    CHECK_INT(fox_do(&s, "play 8S", NULL), TW_ERR_ILLEGAL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    CHECK_INT(fox_do(&s, "play 6D", NULL), TW_OK);
    CHECK_INT(s.void_suits[1], 0);
    fox_sound(&s);
}

TEST(fox_rules_void_follower_plays_anything_and_shows_the_void)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R", "6R 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK(fox_is_listed(&s, "play 6R"));
    CHECK(fox_is_listed(&s, "play 8S"));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "play 6R", &ev), TW_OK);
    CHECK_INT(s.void_suits[1], 1 << TW_FOX_DOVES);
    /* An off-suit card does not win, even higher: the leader wins and the
     * token goes 3 + 2 spaces toward seat 0's end (-5), where side A has
     * one gem square: that gem is collected. */
    const tw_fox_event *won = fox_find_event(&ev, TW_FOX_EV_TRICK_WON);
    REQUIRE(won);
    CHECK_INT(won->a, 0);
    CHECK_INT(s.path.token, -5);
    CHECK_INT(s.path.gems[IDX(-5)], 0);
    CHECK_INT(s.path.gems_collected, 1);
    CHECK_INT(s.leader, 0);
    fox_sound(&s);
}

TEST(fox_rules_higher_card_of_led_suit_wins_and_token_moves_to_winner)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R", "6D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "play 2D", &ev), TW_OK);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_PLAY), 1);
    CHECK_INT(fox_do(&s, "play 6D", &ev), TW_OK);
    /* 6D beats 2D; 3 + 2 footprints toward seat 1 (+5): its one gem
     * (side A) is collected. */
    CHECK_INT(s.path.token, 5);
    CHECK_INT(s.path.gems[IDX(5)], 0);
    CHECK_INT(s.leader, 1);
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK_INT(s.tricks_done, 10);
    CHECK(s.set_aside & fox_cards("2D 6D"));
    const tw_fox_event *tok = fox_find_event(&ev, TW_FOX_EV_TOKEN);
    REQUIRE(tok);
    CHECK_INT(tok->a, IDX(0));
    CHECK_INT(tok->b, IDX(5));
    CHECK_INT(tok->c, 5);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_GEM_COLLECT), 1);
    int aside = 0;
    for (int i = 0; i < ev.count; i++)
        aside += ev.items[i].type == TW_FOX_EV_MOVE && ev.items[i].to == TW_FOX_ZONE_ASIDE;
    CHECK_INT(aside, 2);
    fox_sound(&s);
}

TEST(fox_rules_trump_beats_led_suit)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"8D 4R", "2S 6R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 8D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 2S", NULL), TW_OK);
    CHECK_INT(s.last_winner, 1);
    CHECK_INT(s.path.token, 5);
    fox_sound(&s);
}

TEST(fox_rules_higher_trump_wins_when_both_are_trump)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"6S 4R", "4S 2D"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 6S", NULL), TW_OK);
    CHECK(!fox_is_listed(&s, "play 2D"));
    CHECK_INT(fox_do(&s, "play 4S", NULL), TW_OK);
    /* 6S wins; 2 + 1 footprints toward seat 0: space -3, where side A
     * has two gem squares, one of them collected. */
    CHECK_INT(s.last_winner, 0);
    CHECK_INT(s.path.token, -3);
    CHECK_INT(s.path.gems[IDX(-3)], 1);
    fox_sound(&s);
}

TEST(fox_rules_move_past_the_end_places_forest_and_resets_without_collecting)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R", "6D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    s.path.token = 2;
    fox_set_gems(&s, "2 1 1 1 1 1 1 1 1 1 2"); /* the start space has a gem too */
    REQUIRE(fox_sound(&s));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", &ev), TW_OK); /* 5 steps toward +5 from 2: past the end */
    CHECK_INT(s.path.token, 0);
    CHECK_INT(s.path.covered[1], 1);
    CHECK_INT(s.path.covered[0], 0);
    CHECK_INT(s.path.forest_left, 3);
    CHECK_INT(tw_fox_last_space(&s, TW_FOX_END_RIGHT), 4);
    /* The two gems of the covered space slid to space 4. */
    CHECK_INT(s.path.gems[IDX(5)], 0);
    CHECK_INT(s.path.gems[IDX(4)], 3);
    /* No gem is collected after a reset, even on a gem space. */
    CHECK_INT(s.path.gems[IDX(0)], 1);
    CHECK_INT(s.path.gems_collected, 0);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_OFF_PATH), 1);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_FOREST), 1);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_GEM_COLLECT), 0);
    const tw_fox_event *slide = fox_find_event(&ev, TW_FOX_EV_GEM_SLIDE);
    REQUIRE(slide);
    CHECK_INT(slide->a, IDX(5));
    CHECK_INT(slide->b, IDX(4));
    CHECK_INT(slide->c, 2);
    CHECK(!tw_fox_is_over(&s));
    fox_sound(&s);
}

TEST(fox_rules_landing_exactly_on_the_last_space_is_on_the_path)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R", "6D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    fox_set_forest(&s, 0, 1, 3);
    fox_set_gems(&s, "2 1 1 1 1 0 1 1 1 3 0");
    s.path.token = -1;
    REQUIRE(fox_sound(&s));
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", NULL), TW_OK); /* -1 + 5 = 4, the last uncovered space */
    CHECK_INT(s.path.token, 4);
    CHECK_INT(s.path.covered[1], 1);
    CHECK_INT(s.path.gems[IDX(4)], 2);
    fox_sound(&s);
}

TEST(fox_rules_collect_without_moving)
{
    tw_fox_state s;
    /* 1D (Musician) and 9D (Royal Heir) have no footprints. */
    fox_setup f = {.hands = {"1D 4R 6R", "9D 8S 2R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    s.path.token = -1;
    fox_set_gems(&s, "0 0 0 0 2 0 0 0 1 0 0");
    REQUIRE(fox_sound(&s));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "play 1D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 9D", &ev), TW_OK);
    /* No movement, so the Musician has nothing to choose. */
    CHECK_INT(s.phase, TW_FOX_PHASE_PLAY);
    CHECK_INT(s.path.token, -1);
    CHECK_INT(s.path.gems[IDX(-1)], 1);
    CHECK_INT(s.path.gems_collected, 1);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_GEM_COLLECT), 1);
    fox_sound(&s);
}

TEST(fox_rules_last_gem_wins_at_once_mid_round)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R 6R", "6D 8S 2R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    fox_set_gems(&s, "0 0 0 0 0 0 0 0 0 0 1");
    s.path.gems_collected = 11;
    s.path.gems_placed = 12;
    REQUIRE(fox_sound(&s));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", &ev), TW_OK);
    CHECK(tw_fox_is_over(&s));
    CHECK(tw_fox_is_won(&s));
    CHECK_INT(s.end, TW_FOX_END_WON);
    CHECK_INT(tw_fox_to_act(&s), -1);
    /* Level 1: 10, + 4 cards still in hands, + 10 (won before round 3),
     * + 3 x 4 forest tokens. */
    CHECK_INT(tw_fox_score(&s), 10 + 4 + 10 + 12);
    const tw_fox_event *end = fox_find_event(&ev, TW_FOX_EV_GAME_END);
    REQUIRE(end);
    CHECK_INT(end->a, TW_FOX_END_WON);
    CHECK_INT(end->b, 36);
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    CHECK_INT(tw_fox_legal_actions(&s, list), 0);
    tw_fox_state before = s;
    CHECK_INT(fox_do(&s, "play 4R", NULL), TW_ERR_GAME_OVER);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    fox_sound(&s);
}

TEST(fox_rules_no_forest_token_left_loses)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R", "6D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    fox_set_forest(&s, 2, 2, 0);
    fox_set_gems(&s, "0 0 1 1 1 0 1 1 1 0 0");
    s.path.token = 1;
    REQUIRE(fox_sound(&s));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", &ev), TW_OK); /* 1 + 5 = 6, past the last space 3 */
    CHECK(tw_fox_is_over(&s));
    CHECK(!tw_fox_is_won(&s));
    CHECK_INT(s.end, TW_FOX_END_LOST_PATH);
    CHECK_INT(tw_fox_score(&s), 0);
    CHECK_INT(s.path.covered[1], 2);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_OFF_PATH), 1);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_FOREST), 0);
    fox_sound(&s);
}

/* Builds the last trick of round 1: seat 0 leads 2D, seat 1 follows 6D
 * and wins, moving 5 toward +5 from token. */
static int last_trick(tw_fox_state *s, int token, int round)
{
    fox_setup f = {.hands = {"2D", "6D"}, .decree = "10S", .leader = 0, .dealer = 1, .round = round};
    if (!fox_build(s, &f))
        return 0;
    s->path.token = (int8_t)token;
    return fox_sound(s);
}

TEST(fox_rules_end_of_round_adds_gems_and_asks_for_the_forest_end)
{
    tw_fox_state s;
    REQUIRE(last_trick(&s, -4, 1));
    fox_set_gems(&s, "2 0 1 1 1 0 1 1 1 1 2");
    REQUIRE(fox_sound(&s));
    int before_placed = s.path.gems_placed;
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", &ev), TW_OK);
    /* Token -4 + 5 = 1: collects there; then the round ends and each of
     * side A's five (+) slots (-4, -2, -1, 1, 3) gets one gem; the other
     * slots keep theirs. */
    CHECK_INT(s.path.token, 1);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_ROUND_END), 1);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_GEM_ADD), 5);
    CHECK_INT(s.path.gems_placed, before_placed + 5);
    CHECK_INT(s.path.gems[IDX(-4)], 1);
    CHECK_INT(s.path.gems[IDX(-1)], 2);
    CHECK_INT(s.path.gems[IDX(1)], 1); /* collected, then one added */
    CHECK_INT(s.path.gems[IDX(3)], 2);
    CHECK_INT(s.path.gems[IDX(0)], 0);
    CHECK_INT(s.path.gems[IDX(4)], 1);
    CHECK_INT(s.phase, TW_FOX_PHASE_FOREST);
    CHECK_INT(tw_fox_to_act(&s), 1); /* the winner of the last trick decides */
    CHECK(fox_is_listed(&s, "forest left"));
    CHECK(fox_is_listed(&s, "forest right"));
    fox_sound(&s);
    CHECK_INT(fox_do(&s, "forest left", &ev), TW_OK);
    CHECK_INT(s.path.covered[0], 1);
    CHECK_INT(s.path.forest_left, 3);
    CHECK_INT(s.path.gems[IDX(-5)], 0);
    CHECK_INT(s.path.gems[IDX(-4)], 3); /* the two gems of -5 slid there */
    /* The token stays; the other seat deals round 2; the non-dealer leads. */
    CHECK_INT(s.path.token, 1);
    CHECK_INT(s.round, 2);
    CHECK_INT(s.dealer, 0);
    CHECK_INT(s.leader, 1);
    CHECK_INT(s.tricks_done, 0);
    CHECK_INT(tw_popcount32(s.hand[0]), 11);
    CHECK_INT(tw_popcount32(s.hand[1]), 11);
    CHECK_INT(s.set_aside, 0);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_SHUFFLE), 1);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_ROUND_START), 1);
    fox_sound(&s);
}

TEST(fox_rules_end_of_round_forest_goes_to_other_end_when_token_stands_there)
{
    tw_fox_state s;
    REQUIRE(last_trick(&s, 0, 1));
    fox_set_gems(&s, "1 0 0 0 0 0 0 0 0 0 0");
    REQUIRE(fox_sound(&s));
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", NULL), TW_OK);
    REQUIRE(s.path.token == 5);
    REQUIRE(s.phase == TW_FOX_PHASE_FOREST);
    CHECK_INT(fox_do(&s, "forest right", NULL), TW_OK);
    /* The token stands on the right end's last space: the forest token
     * covers the left end instead, and the token does not move. */
    CHECK_INT(s.path.covered[1], 0);
    CHECK_INT(s.path.covered[0], 1);
    CHECK_INT(s.path.token, 5);
    CHECK_INT(s.path.gems[IDX(-4)], 2); /* one (+) gem, one slid from -5 */
    fox_sound(&s);
}

TEST(fox_rules_end_of_round_without_forest_tokens_deals_at_once)
{
    tw_fox_state s;
    REQUIRE(last_trick(&s, -2, 2));
    fox_set_forest(&s, 2, 1, 0);
    fox_set_gems(&s, "0 0 3 0 0 0 0 0 0 0 0");
    REQUIRE(fox_sound(&s));
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", NULL), TW_OK);
    CHECK_INT(s.path.token, 3);
    CHECK_INT(s.round, 3);
    CHECK_INT(s.phase, TW_FOX_PHASE_PLAY);
    /* Side A's (+) slot at -4 is covered: its gem went to -3, the last
     * space of that end; the uncovered (+) slots got one each. */
    CHECK_INT(s.path.gems[IDX(-4)], 0);
    CHECK_INT(s.path.gems[IDX(-3)], 4);
    CHECK_INT(s.path.gems[IDX(-2)], 1);
    CHECK_INT(s.path.gems[IDX(3)], 1);
    CHECK_INT(s.path.gems[IDX(4)], 0);
    fox_sound(&s);
}

TEST(fox_rules_gems_left_after_round_three_lose)
{
    tw_fox_state s;
    REQUIRE(last_trick(&s, -4, 3));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", &ev), TW_OK);
    CHECK(tw_fox_is_over(&s));
    CHECK_INT(s.end, TW_FOX_END_LOST_TIME);
    CHECK_INT(tw_fox_score(&s), 0);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_GEM_ADD), 0);
    fox_sound(&s);
}

/* Wins a game at a level and round with hands of the given size left,
 * and returns the score. */
static int win_score(int level, int round, int forest_left, int covered)
{
    tw_fox_state s;
    fox_setup f = {.level = level, .hands = {"2D 4R 6R", "6D 8S 2R"}, .decree = "10S", .leader = 0, .round = round};
    if (!fox_build(&s, &f))
        return -1;
    fox_set_forest(&s, covered, 0, forest_left);
    fox_set_gems(&s, "0 0 0 0 0 0 0 0 0 0 1");
    if (!fox_sound(&s) || fox_do(&s, "play 2D", NULL) != TW_OK || fox_do(&s, "play 6D", NULL) != TW_OK)
        return -1;
    if (!tw_fox_is_won(&s))
        return -2;
    return tw_fox_score(&s);
}

TEST(fox_rules_victory_score_by_level)
{
    /* 4 cards left in hands in every case. */
    CHECK_INT(win_score(1, 3, 4, 0), 10 + 4 + 0 + 12);
    CHECK_INT(win_score(1, 2, 2, 2), 10 + 4 + 10 + 6);
    CHECK_INT(win_score(1, 1, 4, 0), 10 + 4 + 10 + 12);
    CHECK_INT(win_score(2, 3, 1, 2), 20 + 4 + 0 + 3);
    CHECK_INT(win_score(2, 2, 3, 0), 20 + 4 + 10 + 9);
    CHECK_INT(win_score(3, 3, 0, 3), 30 + 4 + 0 + 0);
    CHECK_INT(win_score(3, 2, 2, 1), 30 + 4 + 10 + 6);
}

TEST(fox_rules_illegal_actions_are_refused_without_change)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R", "6D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    const char *bad[] = {"play 6D", "play 3S", "keep", "fox self", "gift 2D", "ignore none",
                         "direction toward-winner", "forest left", "exchange 2D"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tw_fox_state before = s;
        CHECK(fox_do(&s, bad[i], NULL) == TW_ERR_ILLEGAL);
        CHECK(memcmp(&before, &s, sizeof s) == 0);
    }
    tw_fox_state before = s;
    CHECK_INT(tw_fox_apply(&s, TW_FOX_ACTION(TW_FOX_ACT_PLAY, 200), NULL), TW_ERR_ILLEGAL);
    CHECK_INT(tw_fox_apply(&s, TW_FOX_ACTION(99, 0), NULL), TW_ERR_ILLEGAL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
}
