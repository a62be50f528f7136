/* The five abilities of The Fox in the Forest Duet with their timing:
 * Musician, Foxes, Gazelle, Gift and Royal Heir, from built positions. */
#include <string.h>

#include "test.h"
#include "test_fox_fixture.h"

#define IDX(space) TW_FOX_SPACE_INDEX(space)

TEST(fox_ability_musician_winner_chooses_direction)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"1D 4R", "6D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 1D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_DIRECTION);
    CHECK_INT(tw_fox_to_act(&s), 1); /* the winner */
    CHECK(fox_is_listed(&s, "direction toward-winner"));
    CHECK(fox_is_listed(&s, "direction toward-partner"));
    CHECK_INT(s.path.token, 0);
    fox_sound(&s);
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "direction toward-partner", &ev), TW_OK);
    CHECK_INT(s.path.token, -2); /* 0 + 2 footprints, toward seat 0 */
    CHECK_INT(s.path.gems_collected, 1);
    const tw_fox_event *d = fox_find_event(&ev, TW_FOX_EV_DIRECTION);
    REQUIRE(d);
    CHECK_INT(d->a, 1);
    CHECK_INT(d->b, 0);
    CHECK_INT(s.leader, 1); /* the winner still leads next */
    fox_sound(&s);
}

TEST(fox_ability_musician_toward_winner_is_the_usual_move)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"1D 4R", "6D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 1D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 6D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "direction toward-winner", NULL), TW_OK);
    CHECK_INT(s.path.token, 2);
    fox_sound(&s);
}

TEST(fox_ability_foxes_exchange_changes_who_wins)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"8D 4R", "3R 6R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 8D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 3R", NULL), TW_OK); /* no doves: any card */
    CHECK_INT(s.phase, TW_FOX_PHASE_FOX_TARGET);
    CHECK_INT(tw_fox_to_act(&s), 1);
    /* Without an exchange the off-suit 3R would lose. */
    CHECK_INT(tw_fox_trick_winner(&s), 0);
    CHECK_INT(fox_do(&s, "fox self", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_FOX_EXCHANGE);
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK(fox_is_listed(&s, "keep"));
    CHECK(fox_is_listed(&s, "exchange 6R"));
    CHECK(!fox_is_listed(&s, "exchange 4R"));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "exchange 6R", &ev), TW_OK);
    /* Roses are trump now: 3R wins; 2 + 2 footprints toward +5. */
    CHECK_INT(s.decree, fox_card("6R"));
    CHECK_INT(tw_fox_trump(&s), TW_FOX_ROSES);
    CHECK_INT(s.last_winner, 1);
    CHECK_INT(s.path.token, 4);
    CHECK(s.hand[1] == fox_cards("10S"));
    CHECK(s.known[1] == fox_cards("10S")); /* the old decree is known to both */
    int swaps = 0;
    for (int i = 0; i < ev.count; i++)
        if (ev.items[i].type == TW_FOX_EV_MOVE &&
            ((ev.items[i].card == fox_card("6R") && ev.items[i].to == TW_FOX_ZONE_DECREE) ||
             (ev.items[i].card == fox_card("10S") && ev.items[i].to == TW_FOX_ZONE_HAND1)))
            swaps++;
    CHECK_INT(swaps, 2);
    fox_sound(&s);
}

TEST(fox_ability_foxes_exchange_is_optional)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"8D 4R", "3R 6R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 8D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 3R", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "fox self", NULL), TW_OK);
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "keep", &ev), TW_OK);
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_KEEP), 1);
    CHECK_INT(s.decree, fox_card("10S"));
    CHECK_INT(s.last_winner, 0);
    CHECK_INT(s.path.token, -4);
    fox_sound(&s);
}

TEST(fox_ability_foxes_led_exchange_comes_before_the_follower_plays)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"3D 4R", "6D 8S"}, .decree = "10R", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 3D", NULL), TW_OK);
    CHECK_INT(tw_fox_to_act(&s), 0);
    CHECK_INT(fox_do(&s, "fox partner", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_FOX_EXCHANGE);
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK(fox_is_listed(&s, "exchange 8S"));
    CHECK(fox_is_listed(&s, "exchange 6D"));
    CHECK_INT(fox_do(&s, "exchange 8S", NULL), TW_OK);
    CHECK_INT(tw_fox_trump(&s), TW_FOX_STARS);
    CHECK_INT(s.phase, TW_FOX_PHASE_PLAY);
    CHECK_INT(tw_fox_to_act(&s), 1);
    /* The led suit stays doves: the follower must still follow. */
    CHECK(fox_is_listed(&s, "play 6D"));
    CHECK(!fox_is_listed(&s, "play 10R"));
    CHECK(s.known[1] == fox_cards("10R"));
    fox_sound(&s);
    CHECK_INT(fox_do(&s, "play 6D", NULL), TW_OK);
    CHECK_INT(s.last_winner, 1);
    fox_sound(&s);
}

TEST(fox_ability_foxes_with_empty_hands)
{
    /* Follower's last card: neither hand has a card, so nothing to swap. */
    tw_fox_state s;
    fox_setup f = {.hands = {"8D", "3D"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 8D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 3D", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_FOX_TARGET);
    CHECK_INT(fox_do(&s, "fox self", NULL), TW_OK);
    CHECK(s.phase != TW_FOX_PHASE_FOX_EXCHANGE);
    CHECK_INT(s.tricks_done, 11);
    fox_sound(&s);
    /* Leader's last card: the partner still holds one and may swap it. */
    fox_setup g = {.hands = {"3D", "6R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &g));
    CHECK_INT(fox_do(&s, "play 3D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "fox partner", NULL), TW_OK);
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK_INT(fox_do(&s, "exchange 6R", NULL), TW_OK);
    CHECK(s.hand[1] == fox_cards("10S"));
    CHECK_INT(fox_do(&s, "play 10S", NULL), TW_OK); /* roses are trump now: 10S is off-suit */
    CHECK_INT(s.last_winner, 0);
    fox_sound(&s);
}

TEST(fox_ability_gazelle_ignores_one_card)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"5D 4R", "8D 6S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 5D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 8D", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_IGNORE);
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK(fox_is_listed(&s, "ignore none"));
    CHECK(fox_is_listed(&s, "ignore 5D"));
    CHECK(fox_is_listed(&s, "ignore 8D"));
    CHECK(!fox_is_listed(&s, "ignore 5D 8D"));
    tw_fox_state before = s;
    CHECK_INT(fox_do(&s, "ignore both", NULL), TW_ERR_ILLEGAL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    CHECK_INT(fox_do(&s, "ignore 8D", NULL), TW_OK);
    CHECK_INT(s.path.token, 1); /* only 5D's one footprint */
    fox_sound(&s);
}

TEST(fox_ability_gazelle_ignore_none_moves_the_full_sum)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"5D 4R", "8D 6S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 5D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 8D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "ignore none", NULL), TW_OK);
    CHECK_INT(s.path.token, 3);
    fox_sound(&s);
}

TEST(fox_ability_two_gazelles_may_ignore_both)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"5D 4R", "5S 6S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    s.path.token = -1;
    REQUIRE(fox_sound(&s));
    CHECK_INT(fox_do(&s, "play 5D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 5S", NULL), TW_OK); /* trump Gazelle wins */
    CHECK_INT(s.phase, TW_FOX_PHASE_IGNORE);
    CHECK_INT(tw_fox_to_act(&s), 1);
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    CHECK_INT(tw_fox_legal_actions(&s, list), 4);
    CHECK(fox_is_listed(&s, "ignore 5D 5S"));
    CHECK(fox_is_listed(&s, "ignore 5S"));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "ignore 5D 5S", &ev), TW_OK);
    const tw_fox_event *ig = fox_find_event(&ev, TW_FOX_EV_IGNORE);
    REQUIRE(ig);
    CHECK_INT(ig->b, 3);
    /* No movement: the gem of space -1 is collected where the token is. */
    CHECK_INT(s.path.token, -1);
    CHECK_INT(s.path.gems[IDX(-1)], 0);
    CHECK_INT(s.path.gems_collected, 1);
    fox_sound(&s);
}

TEST(fox_ability_musician_and_gazelle_in_one_trick)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"1D 4R", "5D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 1D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 5D", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_IGNORE);
    tw_fox_state skip = s;
    CHECK_INT(fox_do(&s, "ignore none", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_DIRECTION);
    CHECK_INT(fox_do(&s, "direction toward-partner", NULL), TW_OK);
    CHECK_INT(s.path.token, -1);
    fox_sound(&s);
    /* Ignoring the Gazelle's footprint leaves nothing to move: no direction
     * to choose. */
    CHECK_INT(fox_do(&skip, "ignore 5D", NULL), TW_OK);
    CHECK_INT(skip.phase, TW_FOX_PHASE_PLAY);
    CHECK_INT(skip.path.token, 0);
    fox_sound(&skip);
}

TEST(fox_ability_gift_led_swaps_secret_picks)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"7D 2R 4R", "6D 8S 2S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 7D", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_GIFT_FIRST);
    CHECK_INT(tw_fox_to_act(&s), 0);
    CHECK(fox_is_listed(&s, "gift 2R"));
    CHECK(!fox_is_listed(&s, "gift 7D"));
    CHECK_INT(fox_do(&s, "gift 2R", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_GIFT_SECOND);
    CHECK_INT(tw_fox_to_act(&s), 1);
    /* The second player does not see the first pick. */
    tw_fox_view v1, v0;
    tw_fox_view_of(&s, 1, &v1);
    tw_fox_view_of(&s, 0, &v0);
    CHECK_INT(v1.visible.gift_pick[0], TW_FOX_NO_CARD);
    CHECK_INT(v0.visible.gift_pick[0], fox_card("2R"));
    CHECK(!(v1.visible.hand[0] & fox_cards("2R")));
    fox_sound(&s);
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "gift 8S", &ev), TW_OK);
    CHECK(s.hand[0] == fox_cards("4R 8S"));
    CHECK(s.hand[1] == fox_cards("6D 2S 2R"));
    CHECK(s.known[0] == fox_cards("8S"));
    CHECK(s.known[1] == fox_cards("2R"));
    CHECK_INT(fox_count_events(&ev, TW_FOX_EV_GIFT_PICK), 1);
    int gifts = 0;
    for (int i = 0; i < ev.count; i++)
        gifts += ev.items[i].type == TW_FOX_EV_MOVE && ev.items[i].from <= TW_FOX_ZONE_HAND1 &&
                 ev.items[i].to <= TW_FOX_ZONE_HAND1;
    CHECK_INT(gifts, 2);
    /* The follower plays next and must still follow doves. */
    CHECK_INT(s.phase, TW_FOX_PHASE_PLAY);
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK(fox_is_listed(&s, "play 6D"));
    CHECK(!fox_is_listed(&s, "play 2R"));
    fox_sound(&s);
}

TEST(fox_ability_gift_followed_picks_start_with_its_player)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R", "7D 8S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 7D", NULL), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_GIFT_FIRST);
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK_INT(fox_do(&s, "gift 8S", NULL), TW_OK);
    CHECK_INT(tw_fox_to_act(&s), 0);
    CHECK_INT(fox_do(&s, "gift 4R", NULL), TW_OK);
    CHECK(s.hand[0] == fox_cards("8S"));
    CHECK(s.hand[1] == fox_cards("4R"));
    /* Then the trick is decided: 7D beats 2D; 3 + 0 toward +5. */
    CHECK_INT(s.last_winner, 1);
    CHECK_INT(s.path.token, 3);
    fox_sound(&s);
}

TEST(fox_ability_gift_with_an_empty_hand_does_nothing)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"7D", "6D"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    tw_fox_events ev;
    CHECK_INT(fox_do(&s, "play 7D", &ev), TW_OK);
    CHECK_INT(s.phase, TW_FOX_PHASE_PLAY);
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK(s.hand[1] == fox_cards("6D"));
    fox_sound(&s);
    fox_setup g = {.hands = {"2D", "7D"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &g));
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 7D", NULL), TW_OK);
    CHECK(s.phase != TW_FOX_PHASE_GIFT_FIRST);
    CHECK_INT(s.tricks_done, 11);
    fox_sound(&s);
}

TEST(fox_ability_royal_heir_led_frees_the_follower)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"9D 4R", "6D 8R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 9D", NULL), TW_OK);
    CHECK(fox_is_listed(&s, "play 6D"));
    CHECK(fox_is_listed(&s, "play 8R"));
    CHECK_INT(fox_do(&s, "play 8R", NULL), TW_OK);
    /* Not following here shows nothing about the follower's doves. */
    CHECK_INT(s.void_suits[1], 0);
    CHECK_INT(s.last_winner, 0); /* 8R is off-suit and not trump */
    CHECK_INT(s.path.token, -2);
    fox_sound(&s);
}

TEST(fox_ability_royal_heir_led_and_followed_in_suit)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"9D 4R", "10D 8R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 9D", NULL), TW_OK);
    CHECK_INT(fox_do(&s, "play 10D", NULL), TW_OK); /* the follower may still follow */
    CHECK_INT(s.last_winner, 1);
    CHECK_INT(s.path.token, 3);
    fox_sound(&s);
}

TEST(fox_ability_royal_heir_following_has_no_effect)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"2D 4R", "9D 8R"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    CHECK_INT(fox_do(&s, "play 2D", NULL), TW_OK);
    CHECK(fox_is_listed(&s, "play 9D"));
    CHECK(!fox_is_listed(&s, "play 8R"));
    CHECK_INT(fox_do(&s, "play 9D", NULL), TW_OK);
    CHECK_INT(s.last_winner, 1);
    CHECK_INT(s.path.token, 3);
    /* Next trick: the winner leads; a 9 played second frees nobody. */
    fox_sound(&s);
}
