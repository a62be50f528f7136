/* For Northwood! abilities: each of the 12 characters of
 * data/characters.json, with its edge cases (short or empty piles, nothing
 * to do, choices of order), plus the once-per-visit and
 * one-per-dialogue limits. After an ability the statement is revealed at
 * once, so most checks look at the discard: "... moved cards, statement". */
#include <string.h>

#include "nw_fixture.h"
#include "test.h"

/* The fixture's rulers: fief 3 is the King of Flowers (trump Flowers);
 * fiefs 1..5 are neutral unless a test says otherwise. */

/* ---- Jack of Claws ------------------------------------------------------ */

TEST(nw_ability_jack_of_claws_draws_to_eight)
{
    tw_nw_state s;
    fx_ready(&s, 3, NULL, "1C 2C 3C 4C 5C", "6E 7E 8E 1L", "", "", TW_NW_PILE_DECK);
    int deck = s.deck_n;
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 3C 4C 5C 1L 7E 8E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "6E");
    CHECK_INT(s.deck_n, deck - 4);
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK(s.slots[0].exhausted);
    CHECK_STR(fx_legal(&s), "respond 7E, respond 8E");
    /* A full hand draws nothing; the slot is still used. */
    fx_ready(&s, 3, NULL, "1C 2C 3C 4C 5C 6C 7C 8C", "6E 7E", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 3C 4C 5C 6C 7C 8C");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "7E");
    CHECK(s.slots[0].exhausted);
}

TEST(nw_ability_jack_of_claws_short_deck)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    /* Three cards left: two are drawn, the last is the statement. */
    fx_ready(&s, 3, NULL, "1C 2C 3C 4C 5C 6C", "6E 7E 8E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 3C 4C 5C 6C 7E 8E");
    CHECK_INT(s.deck_n, 0);
    CHECK_STR(fx_discard_top(&s), "6E");
    REQUIRE(FX_RUN_EV(&s, "respond 7E", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_VISIT_END, -1), 1);
    CHECK_INT(s.phase, TW_NW_PHASE_CHOOSE_FIEF);
    /* Two cards left for five places: both drawn, the deck is empty and
     * the visit ends at once. */
    memset(&ev, 0, sizeof ev);
    fx_ready(&s, 3, NULL, "1C 2C 3C", "6E 7E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_STATEMENT, -1), 0);
    int at = fx_find_event(&ev, TW_NW_EV_VISIT_END, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 3);
    CHECK_INT(ev.items[at].b, 0);
    CHECK_INT(s.fiefs[3].status, TW_NW_FIEF_LOST);
    int drawn = 0;
    for (int i = 0; i < at; i++)
        drawn += ev.items[i].type == TW_NW_EV_MOVE && ev.items[i].from == TW_NW_PILE_DECK;
    CHECK_INT(drawn, 2);
}

/* ---- Jack of Flowers ---------------------------------------------------- */

TEST(nw_ability_jack_of_flowers_discards_trumps)
{
    tw_nw_state s;
    fx_ready(&s, 3, NULL, "1F 4F 7F 2C 3L", "6C", "2E", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 1"));
    CHECK_INT(s.phase, TW_NW_PHASE_ABILITY);
    CHECK_INT(s.run.choice, TW_NW_CHOICE_CARD);
    CHECK_STR(fx_legal(&s), "pick 1F, pick 4F, pick 7F");
    REQUIRE(FX_RUN(&s, "pick 7F"));
    CHECK_STR(fx_legal(&s), "pick 1F, pick 4F");
    CHECK_INT(FX_TRY(&s, "pick 7F"), TW_ERR_ILLEGAL);
    CHECK_INT(FX_TRY(&s, "pick 2C"), TW_ERR_ILLEGAL);
    REQUIRE(FX_RUN(&s, "pick 1F")); /* 4F follows by itself */
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "2E 7F 1F 4F 6C");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "2C 3L");
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    /* One trump: moved without asking. */
    fx_ready(&s, 3, NULL, "5F 2C", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 1"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "5F 6C");
    /* No trump: nothing happens, the ally is still used. */
    fx_ready(&s, 3, NULL, "2C 3L", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 1"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "6C");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "2C 3L");
    CHECK(s.slots[1].exhausted);
    /* Trump is the visited ruler's suit: at fief 1 (King of Claws) the
     * Claws go. */
    fx_ready(&s, 1, NULL, "1F 4F 2C 3L", "6E", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 1"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "2C 6E");
}

/* ---- Jack of Leaves ----------------------------------------------------- */

TEST(nw_ability_jack_of_leaves_swaps_rulers)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, NULL, "2L", "3E", "", "1C 2C", TW_NW_PILE_DECK);
    fx_status(&s, 2, TW_NW_FIEF_FRIENDLY);
    REQUIRE(FX_RUN_EV(&s, "activate 2", &ev));
    CHECK_STR(fx_legal(&s), "fief 1, fief 4, fief 5");
    CHECK_INT(tw_nw_trump(&s), TW_NW_FLOWERS);
    REQUIRE(FX_RUN_EV(&s, "fief 5", &ev));
    CHECK_STR(fx_id(&s.fiefs[3].ruler), "king-of-leaves");
    CHECK_STR(fx_id(&s.fiefs[5].ruler), "king-of-flowers");
    CHECK_INT(s.visiting, 3);
    CHECK_INT(tw_nw_trump(&s), TW_NW_LEAVES);
    int at = fx_find_event(&ev, TW_NW_EV_RULER_SWAP, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 3);
    CHECK_INT(ev.items[at].b, 5);
    /* 2L now scores as a trump; the score is 3, fief 3's target. */
    CHECK_STR(fx_discard_top(&s), "3E");
    REQUIRE(FX_RUN(&s, "respond 2L"));
    CHECK_INT(s.fiefs[3].status, TW_NW_FIEF_FRIENDLY);
    CHECK_STR(fx_id(&s.fiefs[3].ruler), "king-of-leaves");
    CHECK_INT(s.fiefs[5].status, TW_NW_FIEF_NEUTRAL);
    CHECK_STR(fx_id(&s.fiefs[5].ruler), "king-of-flowers");
    CHECK_INT(tw_nw_stars_won(&s), 2 + 1);
}

TEST(nw_ability_jack_of_leaves_reach)
{
    tw_nw_state s;
    fx_ready(&s, 3, NULL, "2L 5C", "3E", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 2"));
    CHECK_STR(fx_legal(&s), "fief 1, fief 2, fief 4, fief 5");
    fx_ready(&s, 0, NULL, "2L 5C", "3E", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 2"));
    CHECK_STR(fx_legal(&s), "fief 1, fief 2");
    fx_ready(&s, 7, NULL, "2L 5C", "3E", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 2"));
    CHECK_STR(fx_legal(&s), "fief 5, fief 6");
    /* One candidate: swapped without asking. */
    fx_ready(&s, 0, NULL, "2L 5C", "3E", "", "", TW_NW_PILE_DECK);
    fx_status(&s, 1, TW_NW_FIEF_LOST);
    REQUIRE(FX_RUN(&s, "activate 2"));
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK_STR(fx_id(&s.fiefs[0].ruler), "queen-of-flowers");
    CHECK_STR(fx_id(&s.fiefs[2].ruler), "queen-of-claws");
    /* None within reach: nothing, the ally is used, the statement comes. */
    fx_ready(&s, 0, NULL, "2L 5C", "3E", "", "", TW_NW_PILE_DECK);
    fx_status(&s, 1, TW_NW_FIEF_FRIENDLY);
    fx_status(&s, 2, TW_NW_FIEF_LOST);
    REQUIRE(FX_RUN(&s, "activate 2"));
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK(s.slots[2].exhausted);
    CHECK_STR(fx_id(&s.fiefs[0].ruler), "queen-of-claws");
    CHECK_STR(fx_id(&s.fiefs[1].ruler), "king-of-claws");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "5C 2L");
}

/* ---- Jack of Eyes ------------------------------------------------------- */

TEST(nw_ability_jack_of_eyes_draw_then_discard)
{
    tw_nw_state s;
    fx_ready(&s, 3, NULL, "1C 2C 3C", "4E 5E 6E", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 3"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 3C 5E 6E");
    CHECK_STR(fx_legal(&s), "pick 1C, pick 2C, pick 3C, pick 5E, pick 6E");
    REQUIRE(FX_RUN(&s, "pick 6E"));
    CHECK_STR(fx_legal(&s), "pick 1C, pick 2C, pick 3C, pick 5E");
    REQUIRE(FX_RUN(&s, "pick 2C"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 3C 5E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "6E 2C 4E");
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
}

TEST(nw_ability_jack_of_eyes_short_deck)
{
    /* One deck card: drawn, then two discards, then the visit ends. */
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, NULL, "1C 2C 3C", "6E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 3", &ev));
    CHECK_INT(s.phase, TW_NW_PHASE_ABILITY);
    CHECK_INT(s.deck_n, 0);
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 3C 6E");
    REQUIRE(FX_RUN_EV(&s, "pick 1C; pick 6E", &ev));
    CHECK_INT(s.phase, TW_NW_PHASE_CHOOSE_FIEF);
    CHECK_INT(s.fiefs[3].status, TW_NW_FIEF_LOST);
    int order[2], n = 0;
    for (int i = 0; i < ev.count && n < 2; i++)
        if (ev.items[i].type == TW_NW_EV_MOVE && ev.items[i].from == TW_NW_PILE_HAND &&
            ev.items[i].to == TW_NW_PILE_DISCARD)
            order[n++] = ev.items[i].card;
    REQUIRE(n == 2);
    CHECK_INT(order[0], fx_card("1C"));
    CHECK_INT(order[1], fx_card("6E"));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_STATEMENT, -1), 0);
}

/* ---- Queen of Claws ----------------------------------------------------- */

TEST(nw_ability_queen_of_claws_takes_three_tops)
{
    tw_nw_state s;
    fx_ready(&s, 3, "queen-of-claws", "1C 2C", "5E 6E", "3F 4F", "7L 8L", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 4F 8L 6E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "3F 5E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "7L");
    CHECK_INT(tw_nw_score(&s), 1);
    /* Empty score pile: deck and discard only. */
    fx_ready(&s, 3, "queen-of-claws", "1C 2C", "5E 6E", "3F 4F", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 4F 6E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "3F 5E");
    CHECK_INT(tw_nw_score(&s), 0);
    /* Start of a visit: only the deck. */
    fx_ready(&s, 3, "queen-of-claws", "1C 2C", "5E 6E", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 6E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "5E");
    /* The last deck card taken: the visit ends (score 2 = fief 2's target,
     * taken from 3). */
    tw_nw_events ev = {0};
    fx_ready(&s, 2, "queen-of-claws", "1C", "6E", "4F", "1L 2L 3L", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    int at = fx_find_event(&ev, TW_NW_EV_VISIT_END, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].c, 2);
    CHECK_INT(s.fiefs[2].status, TW_NW_FIEF_FRIENDLY);
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_MOVE, fx_card("4F")) >= 1, 1);
}

/* ---- King of Claws ------------------------------------------------------ */

TEST(nw_ability_king_of_claws_scores_highest)
{
    tw_nw_state s;
    fx_ready(&s, 3, "king-of-claws", "8C 8E 3F 2L", "6C", "", "1C", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "pick 8C, pick 8E");
    REQUIRE(FX_RUN(&s, "pick 8E"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "1C 8E 8C");
    CHECK_INT(tw_nw_score(&s), 3);
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "3F 2L");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "6C");
    /* A single highest card goes without asking. */
    fx_ready(&s, 3, "king-of-claws", "7C 3F", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "7C");
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    /* Three tied. */
    fx_ready(&s, 3, "king-of-claws", "5C 5F 5L 2E", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0; pick 5L; pick 5C"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "5L 5C 5F");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "2E");
}

/* ---- Queen of Flowers --------------------------------------------------- */

TEST(nw_ability_queen_of_flowers_retracts)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "queen-of-flowers", "4F 5F", "6C", "", "1C 2C 3E", TW_NW_PILE_DECK);
    int deck = s.deck_n;
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "1C 2C");
    CHECK_INT(tw_nw_score(&s), 2);
    /* 3E went on the deck and is at once the ruler's statement. */
    int moved = fx_find_event(&ev, TW_NW_EV_MOVE, 0);
    REQUIRE(moved >= 0);
    CHECK_INT(ev.items[moved].card, fx_card("3E"));
    CHECK_INT(ev.items[moved].from, TW_NW_PILE_SCORE);
    CHECK_INT(ev.items[moved].to, TW_NW_PILE_DECK);
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "3E");
    CHECK_INT(s.deck_n, deck);
    CHECK_INT(s.deck[s.deck_n - 1], fx_card("6C"));
    /* Empty score pile: nothing. */
    fx_ready(&s, 3, "queen-of-flowers", "4F 5F", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "6C");
    CHECK_INT(tw_nw_score(&s), 0);
    CHECK(s.slots[0].exhausted);
}

/* ---- King of Flowers ---------------------------------------------------- */

TEST(nw_ability_king_of_flowers_pair_of_nine)
{
    tw_nw_state s;
    fx_ready(&s, 3, "king-of-flowers", "1C 8F 4L 5E 2F", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "pick 1C, pick 8F, pick 4L, pick 5E");
    REQUIRE(FX_RUN(&s, "pick 5E")); /* 4L is the only partner */
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "5E 4L 6C");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2F 8F");
    fx_ready(&s, 3, "king-of-flowers", "1C 8F 4L 5E 2F", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0; pick 8F"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "8F 1C 6C");
    /* Two partners: the player picks. */
    fx_ready(&s, 3, "king-of-flowers", "1C 8F 8L 3E", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0; pick 1C"));
    CHECK_STR(fx_legal(&s), "pick 8F, pick 8L");
    REQUIRE(FX_RUN(&s, "pick 8L"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "1C 8L 6C");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "8F 3E");
    /* No pair: nothing. */
    fx_ready(&s, 3, "king-of-flowers", "1C 2C 3C 4E", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "6C");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 3C 4E");
    CHECK(s.slots[0].exhausted);
}

/* ---- King of Leaves ----------------------------------------------------- */

TEST(nw_ability_king_of_leaves_exchange)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "king-of-leaves", "1C 2C 3F", "5L 7E", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    /* The top card is seen; the exchange is mandatory (no way to skip). */
    int peek = fx_find_event(&ev, TW_NW_EV_PEEK, 0);
    REQUIRE(peek >= 0);
    CHECK_INT(ev.items[peek].card, fx_card("7E"));
    CHECK_INT(ev.items[peek].a, 0);
    CHECK_STR(fx_known(&s), "7E");
    CHECK_STR(fx_legal(&s), "pick 1C, pick 2C, pick 3F");
    REQUIRE(FX_RUN_EV(&s, "pick 3F", &ev));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 7E");
    /* The hand card went on the deck top and is the statement at once. */
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "3F");
    CHECK_INT(s.deck[s.deck_n - 1], fx_card("5L"));
    CHECK_STR(fx_known(&s), "");
    /* A single hand card is exchanged without asking. */
    fx_ready(&s, 3, "king-of-leaves", "1C", "5L 7E", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "7E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "1C");
}

/* ---- Queen of Eyes ------------------------------------------------------ */

TEST(nw_ability_queen_of_eyes_sees_three)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "queen-of-eyes", "1F 2F", "3L 4C 5C 6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_PEEK, -1), 3);
    /* Order unchanged: 6C is the statement, 5C and 4C stay known. */
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "6C");
    CHECK_STR(fx_known(&s), "4C 5C");
    CHECK_INT(s.deck[s.deck_n - 1], fx_card("5C"));
    CHECK_INT(s.deck[s.deck_n - 2], fx_card("4C"));
    CHECK_INT(s.deck[s.deck_n - 3], fx_card("3L"));
    tw_nw_view v;
    tw_nw_view_of(&s, &v);
    CHECK_INT(v.visible.deck[s.deck_n - 1], fx_card("5C"));
    CHECK_INT(v.visible.deck[s.deck_n - 2], fx_card("4C"));
    CHECK_INT(v.visible.deck[s.deck_n - 3], TW_NW_NO_CARD);
    /* Still known after the next statement. */
    REQUIRE(FX_RUN(&s, "respond 1F; proceed"));
    CHECK_STR(fx_known(&s), "4C");
    /* A deck of two: both seen. */
    fx_ready(&s, 3, "queen-of-eyes", "1F 2F", "4C 5C", "", "", TW_NW_PILE_DISCARD);
    memset(&ev, 0, sizeof ev);
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_PEEK, -1), 2);
    CHECK_STR(fx_discard_top(&s), "5C");
    CHECK_STR(fx_known(&s), "4C");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1F 2F");
}

/* ---- King of Eyes ------------------------------------------------------- */

TEST(nw_ability_king_of_eyes_names_a_suit)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "king-of-eyes", "1C 2C 3F 4L", "5E 6C 7C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_INT(s.run.choice, TW_NW_CHOICE_SUIT);
    CHECK_STR(fx_legal(&s), "name claws, name flowers, name leaves, name eyes");
    REQUIRE(FX_RUN_EV(&s, "name claws", &ev));
    int named = fx_find_event(&ev, TW_NW_EV_NAME_SUIT, 0);
    REQUIRE(named >= 0);
    CHECK_INT(ev.items[named].a, TW_NW_CLAWS);
    CHECK_STR(fx_legal(&s), "pick 1C, pick 2C, pick 6C, pick 7C");
    REQUIRE(FX_RUN(&s, "pick 7C; pick 1C; pick 6C"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "7C 1C 6C 2C 5E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "3F 4L");
    /* A suit that is not held after the draw: nothing discarded. */
    fx_ready(&s, 3, "king-of-eyes", "1C 2C 3F 4L", "5E 6C 7C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0; name eyes"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 6C 7C 3F 4L");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "5E");
    /* Emptying the hand ends the visit. */
    memset(&ev, 0, sizeof ev);
    fx_ready(&s, 3, "king-of-eyes", "1C 2C", "5E 3C 4C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN_EV(&s, "activate 0; name claws; pick 4C; pick 1C; pick 3C", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_STATEMENT, -1), 0);
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_VISIT_END, -1), 1);
    CHECK_INT(s.phase, TW_NW_PHASE_CHOOSE_FIEF);
    /* A deck of one: one card drawn, then the discards, then the end. */
    memset(&ev, 0, sizeof ev);
    fx_ready(&s, 3, "king-of-eyes", "1C 2F", "4C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 0; name claws; pick 4C", &ev));
    int end = fx_find_event(&ev, TW_NW_EV_VISIT_END, 0);
    REQUIRE(end >= 0);
    int discarded = 0;
    for (int i = 0; i < end; i++)
        if (ev.items[i].type == TW_NW_EV_MOVE && ev.items[i].from == TW_NW_PILE_HAND)
            discarded |= 1 << (ev.items[i].card == fx_card("4C") ? 0 : ev.items[i].card == fx_card("1C") ? 1 : 2);
    CHECK_INT(discarded, 3);
}

/* ---- Queen of Leaves ---------------------------------------------------- */

/* A rich situation where every ability has something to do: visiting fief
 * 3 whose ruler is ruler, slot 0 holding ally. */
static void rich(tw_nw_state *s, const char *ruler, const char *ally)
{
    fx_ready(s, 3, ally, "1C 8F 4L 5E 8C 2E 7F", "1E 6F 7E 6L", "3L 5L", "7C 2L", TW_NW_PILE_DECK);
    fx_ruler(s, 3, ruler);
}

/* Compares what two abilities did: piles, hand, rulers, phase. */
static void same_outcome(const tw_nw_state *a, const tw_nw_state *b, const char *who)
{
    static const int piles[4] = {TW_NW_PILE_HAND, TW_NW_PILE_DECK, TW_NW_PILE_DISCARD, TW_NW_PILE_SCORE};
    for (int p = 0; p < 4; p++)
        if (strcmp(fx_pile(a, piles[p]), fx_pile(b, piles[p])) != 0)
            tw_test_fail(__FILE__, __LINE__, "copying %s: pile %d is \"%s\", directly \"%s\"", who, p,
                         fx_pile(a, piles[p]), fx_pile(b, piles[p]));
    if (strcmp(fx_known(a), fx_known(b)) != 0)
        tw_test_fail(__FILE__, __LINE__, "copying %s: known \"%s\", directly \"%s\"", who, fx_known(a), fx_known(b));
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (a->fiefs[f].ruler.catalog_index != b->fiefs[f].ruler.catalog_index)
            tw_test_fail(__FILE__, __LINE__, "copying %s: fief %d ruler differs", who, f);
    CHECK_INT(a->phase, b->phase);
    CHECK_INT(a->visiting, b->visiting);
}

TEST(nw_ability_queen_of_leaves_copies_every_ruler)
{
    const tw_nw_catalog *cat = fx_catalog();
    int copied = 0;
    for (int i = 0; i < cat->count; i++) {
        const char *id = cat->entries[i].id;
        if (strcmp(id, "queen-of-leaves") == 0)
            continue;
        tw_nw_state viaq, direct, idle;
        rich(&viaq, id, "queen-of-leaves");
        rich(&direct, id, id);
        rich(&idle, id, NULL);
        REQUIRE(FX_RUN(&viaq, "activate 0"));
        REQUIRE(FX_RUN(&direct, "activate 0"));
        REQUIRE(FX_RUN(&idle, "proceed"));
        /* Same choices on both sides: always the first offered. */
        for (int guard = 0; guard < 20 && viaq.phase == TW_NW_PHASE_ABILITY; guard++) {
            tw_nw_action a[TW_NW_MAX_ACTIONS], b[TW_NW_MAX_ACTIONS];
            int na = tw_nw_legal_actions(&viaq, a), nb = tw_nw_legal_actions(&direct, b);
            CHECK_INT(na, nb);
            REQUIRE(na > 0 && nb > 0 && a[0] == b[0]);
            REQUIRE(tw_nw_apply(&viaq, a[0], NULL) == TW_OK);
            REQUIRE(tw_nw_apply(&direct, b[0], NULL) == TW_OK);
        }
        FX_SOUND(&viaq);
        same_outcome(&viaq, &direct, id);
        CHECK(viaq.slots[0].exhausted);
        CHECK(!viaq.slots[1].exhausted && !viaq.slots[2].exhausted && !viaq.slots[3].exhausted);
        /* The copy did something (compared with no ability at all). */
        int changed = strcmp(fx_pile(&viaq, TW_NW_PILE_HAND), fx_pile(&idle, TW_NW_PILE_HAND)) != 0 ||
                      strcmp(fx_pile(&viaq, TW_NW_PILE_DISCARD), fx_pile(&idle, TW_NW_PILE_DISCARD)) != 0 ||
                      strcmp(fx_known(&viaq), fx_known(&idle)) != 0 ||
                      viaq.fiefs[3].ruler.catalog_index != idle.fiefs[3].ruler.catalog_index ||
                      viaq.visiting != idle.visiting || viaq.trigger.active != idle.trigger.active;
        if (!changed)
            tw_test_fail(__FILE__, __LINE__, "copying %s changed nothing", id);
        copied++;
    }
    CHECK_INT(copied, cat->count - 1); /* every character but the Queen herself */
}

TEST(nw_ability_queen_of_leaves_examples)
{
    tw_nw_state s;
    /* As a substitute at the King of Claws' fief: the highest card scores. */
    fx_blank(&s, NULL);
    fx_status(&s, 4, TW_NW_FIEF_FRIENDLY); /* Queen of Leaves */
    fx_cards(&s, "1C 2C 3F 7E 6F 5E 4L 2E", "6C", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "visit 1; substitute 4 1"));
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 1"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "7E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "6C");
    /* Copying another Queen of Leaves: nothing happens. */
    rich(&s, "queen-of-leaves", "queen-of-leaves");
    tw_nw_state idle = s;
    REQUIRE(FX_RUN(&s, "activate 0"));
    REQUIRE(FX_RUN(&idle, "proceed"));
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    same_outcome(&s, &idle, "queen-of-leaves");
    CHECK(s.slots[0].exhausted);
    /* At a Jack of Leaves' fief (full game), the copy swaps rulers. */
    rich(&s, "jack-of-leaves", "queen-of-leaves");
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "fief 1, fief 2, fief 4, fief 5");
    REQUIRE(FX_RUN(&s, "fief 4"));
    CHECK_STR(fx_id(&s.fiefs[3].ruler), "queen-of-leaves");
    CHECK_STR(fx_id(&s.fiefs[4].ruler), "jack-of-leaves");
}

/* ---- Limits ------------------------------------------------------------- */

TEST(nw_ability_once_per_visit_one_per_dialogue)
{
    tw_nw_state s;
    fx_ready(&s, 3, NULL, "1C 2C 3C 4C 5C 6C 7C 8C", "", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_RUN(&s, "activate 0"));
    /* After an ability the statement comes at once: no second ability. */
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    tw_nw_state before;
    memcpy(&before, &s, sizeof s);
    CHECK_INT(FX_TRY(&s, "activate 1"), TW_ERR_ILLEGAL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    REQUIRE(FX_RUN(&s, "respond 1C"));
    CHECK_STR(fx_legal(&s), "proceed, activate 1, activate 2, activate 3");
    memcpy(&before, &s, sizeof s);
    CHECK_INT(FX_TRY(&s, "activate 0"), TW_ERR_ILLEGAL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    REQUIRE(FX_RUN(&s, "activate 1; respond 2C; activate 3"));
    REQUIRE(s.phase == TW_NW_PHASE_ABILITY);
    REQUIRE(FX_RUN(&s, "pick 3C; pick 4C; respond 5E"));
    CHECK_STR(fx_legal(&s), "proceed, activate 2");
    REQUIRE(FX_RUN(&s, "activate 2"));
    REQUIRE(s.phase == TW_NW_PHASE_ABILITY);
    REQUIRE(FX_RUN(&s, "fief 2"));
    /* Everything used: the next dialogue opens on the statement. */
    REQUIRE(FX_RUN(&s, "respond 6E"));
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK_STR(fx_legal(&s), "respond 5C, respond 6C, respond 7C, respond 8C");
    /* A substitute is usable once too. */
    fx_blank(&s, NULL);
    fx_status(&s, 1, TW_NW_FIEF_FRIENDLY);
    REQUIRE(FX_RUN(&s, "visit 3; substitute 1 0; activate 0"));
    REQUIRE(FX_RUN(&s, "respond 7E"));
    CHECK_STR(fx_legal(&s), "proceed, activate 1, activate 2, activate 3");
}
