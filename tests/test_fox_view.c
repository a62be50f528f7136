/* Per-seat views and determinization for The Fox in the Forest Duet: the
 * partner's hand and the deck never show; re-dealt states respect what the
 * seat knows (shown voids, cards it gave, the public decree exchanges). */
#include <string.h>

#include "test.h"
#include "test_fox_fixture.h"

TEST(fox_view_hides_partner_hand_deck_and_rng)
{
    tw_fox_state s;
    tw_fox_config cfg = {1, 0, 42};
    REQUIRE(tw_fox_new(&s, fox_board(1), &cfg, NULL) == TW_OK);
    for (int seat = 0; seat < 2; seat++) {
        tw_fox_view v;
        tw_fox_view_of(&s, seat, &v);
        CHECK_INT(v.seat, seat);
        CHECK(v.visible.hand[seat] == s.hand[seat]);
        CHECK_INT(v.visible.hand[1 - seat], 0);
        CHECK_INT(v.visible.deck, 0);
        CHECK_INT(v.visible.rng.state, 0);
        CHECK_INT(v.visible.rng.inc, 0);
        CHECK_INT(v.visible.decree, s.decree);
        CHECK_INT(tw_fox_hand_count(&v.visible, 1 - seat), 11);
        CHECK(tw_fox_view_unseen(&v) == (s.hand[1 - seat] | s.deck));
    }
}

TEST(fox_view_legal_actions_only_for_the_seat_to_act)
{
    tw_fox_state s;
    tw_fox_config cfg = {2, 1, 7};
    REQUIRE(tw_fox_new(&s, fox_board(2), &cfg, NULL) == TW_OK);
    int actor = tw_fox_to_act(&s);
    tw_fox_view v;
    tw_fox_action a[TW_FOX_MAX_ACTIONS], b[TW_FOX_MAX_ACTIONS];
    tw_fox_view_of(&s, actor, &v);
    int n = tw_fox_legal_actions(&s, a);
    CHECK_INT(tw_fox_view_legal_actions(&v, b), n);
    CHECK(memcmp(a, b, (size_t)n * sizeof a[0]) == 0);
    tw_fox_view_of(&s, 1 - actor, &v);
    CHECK_INT(tw_fox_view_legal_actions(&v, b), 0);
}

/* A position after seat 1 showed it has no doves and received 2R in a
 * Gift; seat 0 leads the next trick. */
static int position_with_knowledge(tw_fox_state *s)
{
    fox_setup f = {.hands = {"7D 2R 4R 4D 1S", "6R 8S 2S 5S 3R"}, .decree = "10S", .leader = 0,
                   .deck = "1R 5R 7R 9S 3S 6S 1D"};
    if (!fox_build(s, &f))
        return 0;
    if (fox_do(s, "play 7D", NULL) || fox_do(s, "gift 2R", NULL) || fox_do(s, "gift 5S", NULL) ||
        fox_do(s, "play 8S", NULL))
        return 0;
    return fox_sound(s);
}

TEST(fox_view_known_cards_and_voids_are_shared_knowledge)
{
    tw_fox_state s;
    REQUIRE(position_with_knowledge(&s));
    CHECK_INT(s.void_suits[1], 1 << TW_FOX_DOVES);
    CHECK(s.known[1] == fox_cards("2R"));
    CHECK(s.known[0] == fox_cards("5S"));
    tw_fox_view v0, v1;
    tw_fox_view_of(&s, 0, &v0);
    tw_fox_view_of(&s, 1, &v1);
    CHECK(v0.visible.hand[1] == fox_cards("2R"));
    CHECK(v1.visible.hand[0] == fox_cards("5S"));
    CHECK_INT(tw_fox_hand_count(&v0.visible, 1), tw_popcount32(s.hand[1]));
}

TEST(fox_view_determinize_respects_voids_and_known_cards)
{
    tw_fox_state s;
    REQUIRE(position_with_knowledge(&s));
    tw_fox_view v;
    tw_fox_view_of(&s, 0, &v);
    uint32_t seen_partner = 0;
    int different = 0;
    for (uint64_t seed = 0; seed < 300; seed++) {
        tw_fox_state d;
        tw_fox_determinize(&v, seed, &d);
        if (!fox_sound(&d))
            return;
        CHECK(d.hand[0] == s.hand[0]);
        CHECK(d.hand[1] & fox_cards("2R"));
        CHECK((d.hand[1] & TW_FOX_SUIT_MASK(TW_FOX_DOVES)) == 0);
        CHECK_INT(tw_popcount32(d.hand[1]), tw_popcount32(s.hand[1]));
        CHECK(d.decree == s.decree && d.set_aside == s.set_aside);
        /* Nothing the seat sees changes. */
        tw_fox_view again;
        tw_fox_view_of(&d, 0, &again);
        CHECK(memcmp(&again, &v, sizeof v) == 0);
        seen_partner |= d.hand[1];
        different += d.hand[1] != s.hand[1];
    }
    CHECK(different > 0);
    /* Every unseen non-dove card shows up in some deal. */
    uint32_t candidates = tw_fox_view_unseen(&v) & ~TW_FOX_SUIT_MASK(TW_FOX_DOVES);
    CHECK((seen_partner & candidates) == candidates);
}

TEST(fox_view_gift_pick_hidden_and_determinized)
{
    tw_fox_state s;
    fox_setup f = {.hands = {"7D 2R 4R", "6D 8S 2S"}, .decree = "10S", .leader = 0};
    REQUIRE(fox_build(&s, &f));
    REQUIRE(fox_do(&s, "play 7D", NULL) == TW_OK);
    REQUIRE(fox_do(&s, "gift 4R", NULL) == TW_OK);
    tw_fox_view v;
    tw_fox_view_of(&s, 1, &v);
    CHECK_INT(v.visible.gift_pick[0], TW_FOX_NO_CARD);
    int picks_seen = 0;
    for (uint64_t seed = 0; seed < 50; seed++) {
        tw_fox_state d;
        tw_fox_determinize(&v, seed, &d);
        REQUIRE(fox_sound(&d));
        CHECK(d.gift_pick[0] < TW_FOX_CARDS && (d.hand[0] & (1u << d.gift_pick[0])));
        picks_seen += d.gift_pick[0] != fox_card("4R");
        CHECK_INT(fox_do(&d, "gift 2S", NULL), TW_OK);
        fox_sound(&d);
    }
    CHECK(picks_seen > 0);
}

TEST(fox_view_events_for_a_seat_hide_partner_cards)
{
    tw_fox_state s;
    tw_fox_events ev;
    ev.count = ev.overflow = 0;
    tw_fox_config cfg = {1, 0, 3};
    REQUIRE(tw_fox_new(&s, fox_board(1), &cfg, &ev) == TW_OK);
    int hidden = 0, shown = 0;
    for (int i = 0; i < ev.count; i++) {
        tw_fox_event out;
        int visible = tw_fox_event_for_seat(&ev.items[i], 0, &out);
        if (ev.items[i].type != TW_FOX_EV_MOVE)
            continue;
        if (ev.items[i].to == TW_FOX_ZONE_HAND1) {
            CHECK(!visible);
            CHECK_INT(out.card, TW_FOX_NO_CARD);
            hidden++;
        } else {
            CHECK(visible);
            CHECK_INT(out.card, ev.items[i].card);
            shown++;
        }
    }
    CHECK_INT(hidden, 11);
    CHECK_INT(shown, 12); /* own hand and the decree */
    tw_fox_event pick = {TW_FOX_EV_GIFT_PICK, 5, 0, 0, 1, 0, 0}, out;
    CHECK(!tw_fox_event_for_seat(&pick, 0, &out));
    CHECK(tw_fox_event_for_seat(&pick, 1, &out));
}

TEST(fox_view_partner_hand_never_in_view_during_play)
{
    tw_rng pick;
    tw_rng_seed(&pick, 11);
    for (int g = 0; g < 40; g++) {
        tw_fox_state s;
        tw_fox_config cfg = {1 + g % 3, g & 1, 500 + (uint64_t)g};
        REQUIRE(tw_fox_new(&s, fox_board(cfg.level), &cfg, NULL) == TW_OK);
        while (!tw_fox_is_over(&s)) {
            for (int seat = 0; seat < 2; seat++) {
                tw_fox_view v;
                tw_fox_view_of(&s, seat, &v);
                CHECK(v.visible.hand[1 - seat] == s.known[1 - seat]);
                CHECK_INT(v.visible.deck, 0);
                CHECK((tw_fox_view_unseen(&v) & s.hand[seat]) == 0);
                CHECK((s.hand[1 - seat] & ~s.known[1 - seat] & ~tw_fox_view_unseen(&v)) == 0);
            }
            tw_fox_action a[TW_FOX_MAX_ACTIONS];
            int n = tw_fox_legal_actions(&s, a);
            REQUIRE(n > 0);
            REQUIRE(tw_fox_apply(&s, a[tw_rng_below(&pick, (uint32_t)n)], NULL) == TW_OK);
        }
    }
}

/* The board in a view's JSON carries the note that the web page shows:
 * where side A's layout comes from, and that side B is a reconstruction. */
TEST(fox_view_json_board_note_says_where_the_layout_comes_from)
{
    for (int level = 1; level <= 3; level += 2) {
        tw_fox_state s;
        tw_fox_config cfg = {level, 0, 8};
        REQUIRE(tw_fox_new(&s, fox_board(level), &cfg, NULL) == TW_OK);
        tw_fox_view v;
        tw_fox_view_of(&s, 0, &v);
        json_t *j = tw_fox_view_json(&v, fox_board(level));
        REQUIRE(j);
        json_t *board = json_object_get(j, "board");
        json_t *note = json_object_get(board, "note");
        const char *en = json_string_value(json_object_get(note, "en"));
        const char *fr = json_string_value(json_object_get(note, "fr"));
        REQUIRE(en && fr);
        CHECK_INT(json_is_true(json_object_get(board, "reconstructed")), level != 1);
        CHECK_CONTAINS(en, level == 1 ? "public web implementation" : "reconstruction");
        CHECK_CONTAINS(fr, level == 1 ? "adaptation web publique" : "reconstitution");
        CHECK(!strstr(en, "--board") && !strstr(fr, "--board")); /* a terminal option: not for the browser */
        json_decref(j);
    }
}
