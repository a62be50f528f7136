/* For Northwood! rules: following suit, scoring, the end of a visit,
 * friendly and lost fiefs, substitutes, the reset between visits, the end
 * of the game, medals, stopping early and both setups. Each test builds
 * its situation with the fixture and checks the piles, in order. */
#include <stdlib.h>
#include <string.h>

#include "nw_fixture.h"
#include "test.h"
#include "trickwood/nw_files.h"

/* Fiefs of the fixture's default rulers used below: fief 1 King of Claws
 * (trump Claws), fief 2 Queen of Flowers (Flowers), fief 6 Queen of Eyes
 * (Eyes). */

/* A visit of fief in before_statement with all allies exhausted, the hand
 * and the deck top as given (deck bottom-first, other cards below). */
static void dialogue_ready(tw_nw_state *s, int fief, const char *hand, const char *deck_top, const char *score)
{
    fx_blank(s, NULL);
    fx_cards(s, hand, deck_top, "", score, TW_NW_PILE_DECK);
    fx_visit(s, fief, TW_NW_PHASE_BEFORE_STATEMENT);
}

/* Answers statement with response while visiting fief and reports whether
 * it scored, checking where the card went. */
static int answer(int fief, const char *hand, const char *statement, const char *response)
{
    tw_nw_state s;
    dialogue_ready(&s, fief, hand, statement, "");
    if (!FX_RUN(&s, "proceed"))
        return -1;
    CHECK_INT(tw_nw_statement(&s), fx_card(statement));
    char act[32];
    snprintf(act, sizeof act, "respond %s", response);
    if (!FX_RUN(&s, act))
        return -1;
    char both[16];
    snprintf(both, sizeof both, "%s %s", statement, response);
    if (s.score_n) {
        CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), response);
        CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), statement);
    } else {
        CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), both);
    }
    CHECK_INT(tw_nw_score(&s), s.score_n);
    CHECK(!(s.hand & fx_mask(response)));
    return s.score_n;
}

TEST(nw_rules_follow_suit_when_able)
{
    tw_nw_state s;
    dialogue_ready(&s, 6, "2C 6C 3F 5E", "4C", "");
    REQUIRE(FX_RUN(&s, "proceed"));
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK_STR(fx_legal(&s), "respond 2C, respond 6C");
    tw_nw_state before;
    memcpy(&before, &s, sizeof s);
    CHECK_INT(FX_TRY(&s, "respond 5E"), TW_ERR_ILLEGAL);
    CHECK_INT(FX_TRY(&s, "respond 3F"), TW_ERR_ILLEGAL);
    CHECK_INT(FX_TRY(&s, "respond 7C"), TW_ERR_ILLEGAL); /* not in hand */
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* Without the statement's suit, anything goes. */
    dialogue_ready(&s, 6, "2L 3F 5E", "4C", "");
    REQUIRE(FX_RUN(&s, "proceed"));
    CHECK_STR(fx_legal(&s), "respond 3F, respond 2L, respond 5E");
}

TEST(nw_rules_scoring)
{
    /* Visiting fief 6: trump is Eyes. */
    CHECK_INT(answer(6, "2C 6C 3F", "4C", "6C"), 1);  /* higher, same suit */
    CHECK_INT(answer(6, "2C 6C 3F", "4C", "2C"), 0);  /* lower, same suit */
    CHECK_INT(answer(6, "3F 5E 2L", "4C", "5E"), 1);  /* trump on a non-trump statement */
    CHECK_INT(answer(6, "3F 1E 2L", "4C", "1E"), 1);  /* even a low trump */
    CHECK_INT(answer(6, "3F 5E 2L", "4C", "3F"), 0);  /* off-suit, not trump */
    CHECK_INT(answer(6, "3F 5E 8L", "4C", "8L"), 0);  /* values do not matter off-suit */
    CHECK_INT(answer(6, "3E 7E 2C", "5E", "3E"), 0);  /* lower trump on a trump statement */
    CHECK_INT(answer(6, "3E 7E 2C", "5E", "7E"), 1);  /* higher trump on a trump statement */
    CHECK_INT(answer(6, "2C 8F", "5E", "8F"), 0);     /* off-suit on a trump statement */
    /* Visiting fief 1: trump is Claws. */
    CHECK_INT(answer(1, "3F 1C", "8E", "1C"), 1);
    CHECK_INT(answer(1, "3F 1C", "8E", "3F"), 0);
    CHECK_INT(answer(1, "3C 1E", "2C", "3C"), 1);
}

TEST(nw_rules_owl_examples)
{
    /* The rulebook's Owl: a ruler of Eyes, hand 5L 1E 7E 8F. */
    tw_nw_state s;
    dialogue_ready(&s, 6, "5L 1E 7E 8F", "7L", "");
    REQUIRE(FX_RUN(&s, "proceed"));
    CHECK_STR(fx_legal(&s), "respond 5L");
    CHECK_INT(answer(6, "5L 1E 7E 8F", "7L", "5L"), 0);

    dialogue_ready(&s, 6, "5L 1E 7E 8F", "2E", "");
    REQUIRE(FX_RUN(&s, "proceed"));
    CHECK_STR(fx_legal(&s), "respond 1E, respond 7E");
    CHECK_INT(answer(6, "5L 1E 7E 8F", "2E", "7E"), 1);
    CHECK_INT(answer(6, "5L 1E 7E 8F", "2E", "1E"), 0);

    dialogue_ready(&s, 6, "5L 1E 7E 8F", "3C", "");
    REQUIRE(FX_RUN(&s, "proceed"));
    CHECK_STR(fx_legal(&s), "respond 8F, respond 5L, respond 1E, respond 7E");
    CHECK_INT(answer(6, "5L 1E 7E 8F", "3C", "1E"), 1);
    CHECK_INT(answer(6, "5L 1E 7E 8F", "3C", "7E"), 1);
    CHECK_INT(answer(6, "5L 1E 7E 8F", "3C", "8F"), 0);
    CHECK_INT(answer(6, "5L 1E 7E 8F", "3C", "5L"), 0);
}

TEST(nw_rules_dialogue_goes_on)
{
    /* After a dialogue that empties neither hand nor deck, a new one starts
     * with the offer of abilities, the statement on the deck top. */
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_cards(&s, "2C 6C 3F", "1L 4C", "", "", TW_NW_PILE_DECK);
    fx_visit(&s, 6, TW_NW_PHASE_BEFORE_STATEMENT);
    CHECK_STR(fx_legal(&s), "proceed, activate 0, activate 1, activate 2, activate 3");
    REQUIRE(FX_RUN(&s, "proceed; respond 6C"));
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
    CHECK_INT(s.deck_n, 28);
    REQUIRE(FX_RUN(&s, "proceed"));
    CHECK_INT(tw_nw_statement(&s), fx_card("1L"));
    REQUIRE(FX_RUN(&s, "respond 3F"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "4C 1L 3F");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "6C");
    /* With every ally exhausted the statement comes at once. */
    fx_blank(&s, NULL);
    fx_cards(&s, "2C 6C 3F", "1L 4C", "", "", TW_NW_PILE_DECK);
    fx_visit(&s, 6, TW_NW_PHASE_BEFORE_STATEMENT);
    for (int i = 0; i < TW_NW_SLOTS; i++)
        fx_exhaust(&s, i);
    REQUIRE(FX_RUN(&s, "proceed; respond 6C"));
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK_INT(tw_nw_statement(&s), fx_card("1L"));
}

/* Checks the state right after a visit of fief ended (not the last one). */
static void check_after_visit(const tw_nw_state *s, int fief, int friendly)
{
    CHECK_INT(s->phase, TW_NW_PHASE_CHOOSE_FIEF);
    CHECK_INT(s->visiting, -1);
    CHECK_INT(s->fiefs[fief].status, friendly ? TW_NW_FIEF_FRIENDLY : TW_NW_FIEF_LOST);
    CHECK_INT(s->fiefs[fief].ruler_present, friendly);
    CHECK_INT(tw_nw_hand_count(s), 8);
    CHECK_INT(s->deck_n, 24);
    CHECK_INT(s->discard_n, 0);
    CHECK_INT(s->score_n, 0);
    CHECK_INT(s->deck_known, 0);
    for (int i = 0; i < TW_NW_SLOTS; i++) {
        CHECK_INT(s->slots[i].exhausted, 0);
        CHECK_INT(s->slots[i].sub_fief, -1);
    }
    FX_SOUND(s);
}

TEST(nw_rules_visit_ends_when_hand_empties)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    dialogue_ready(&s, 6, "3F", "4C", "");
    REQUIRE(FX_RUN_EV(&s, "proceed; respond 3F", &ev));
    check_after_visit(&s, 6, 0);
    int at = fx_find_event(&ev, TW_NW_EV_VISIT_END, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 6);
    CHECK_INT(ev.items[at].b, 0);
    CHECK_INT(ev.items[at].c, 0);
    at = fx_find_event(&ev, TW_NW_EV_REMOVED, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 6);
    CHECK_INT(tw_nw_stars_won(&s), 0);
    CHECK_INT(tw_nw_stars_possible(&s), 20 - 3);
}

TEST(nw_rules_visit_ends_when_deck_empties)
{
    /* The deck holds only the statement: the visit ends after the dialogue
     * although two cards remain in hand. */
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_blank(&s, NULL);
    fx_cards(&s, "3F 5F 6F", "4C", "", "1E", TW_NW_PILE_DISCARD);
    fx_visit(&s, 1, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "proceed"));
    CHECK_INT(s.deck_n, 0);
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    /* 3F does not score: the score stays 1, the target of fief 1. */
    REQUIRE(FX_RUN_EV(&s, "respond 3F", &ev));
    check_after_visit(&s, 1, 1);
    int at = fx_find_event(&ev, TW_NW_EV_VISIT_END, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].b, 1);
    CHECK_INT(ev.items[at].c, 1);
    CHECK_INT(tw_nw_stars_won(&s), 3);
}

TEST(nw_rules_visit_ends_after_ability)
{
    tw_nw_state s;
    /* Jack of Claws draws the last two deck cards: the visit ends before
     * any statement. */
    fx_blank(&s, NULL);
    fx_cards(&s, "3F 5F", "2C 8C", "", "", TW_NW_PILE_DISCARD);
    fx_visit(&s, 0, TW_NW_PHASE_BEFORE_STATEMENT);
    tw_nw_events ev = {0};
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_STATEMENT, -1), 0);
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_VISIT_END, -1), 1);
    check_after_visit(&s, 0, 1); /* score 0 = target 0 */
    /* Jack of Flowers discards the whole hand (all trumps): the visit ends. */
    fx_blank(&s, NULL);
    fx_cards(&s, "3F 5F", "2C 8C", "", "1C 2E", TW_NW_PILE_DECK);
    fx_visit(&s, 2, TW_NW_PHASE_BEFORE_STATEMENT);
    memset(&ev, 0, sizeof ev);
    REQUIRE(FX_RUN_EV(&s, "activate 1; pick 5F", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_STATEMENT, -1), 0);
    check_after_visit(&s, 2, 1); /* score 2 = target 2 */
}

TEST(nw_rules_friendly_needs_exact_score)
{
    for (int target = 0; target < TW_NW_FIEFS; target++)
        for (int delta = -1; delta <= 1; delta++) {
            int score = target + delta;
            if (score < 0)
                continue;
            /* score - 1 cards already scored, then a scoring response; or
             * score cards already and a non-scoring one. */
            static const char *const pile = "1C 2C 3C 4C 5C 6C 7C 8C";
            tw_nw_state s;
            fx_blank(&s, NULL);
            char sc[64];
            int held = score > 0 ? score - 1 : 0;
            snprintf(sc, sizeof sc, "%.*s", held ? held * 3 - 1 : 0, pile);
            /* The visited fief's ruler decides trump; put a Leaves ruler
             * everywhere so that a Leaves response scores. */
            fx_ruler(&s, target, "king-of-leaves");
            fx_cards(&s, score > 0 ? "1L" : "1F", "4E", "", sc, TW_NW_PILE_DECK);
            fx_visit(&s, target, TW_NW_PHASE_BEFORE_STATEMENT);
            REQUIRE(FX_RUN(&s, "proceed"));
            REQUIRE(FX_RUN(&s, score > 0 ? "respond 1L" : "respond 1F"));
            check_after_visit(&s, target, delta == 0);
            CHECK_INT(tw_nw_stars_won(&s), delta == 0 ? tw_nw_stars[target] : 0);
        }
}

TEST(nw_rules_substitutes_flow)
{
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_status(&s, 0, TW_NW_FIEF_FRIENDLY); /* Queen of Claws */
    fx_status(&s, 1, TW_NW_FIEF_FRIENDLY); /* King of Claws */
    fx_status(&s, 2, TW_NW_FIEF_LOST);
    fx_gone(&s, 3); /* friendly, but its ruler already left */
    fx_cards(&s, "1F 2F 3F 4L 5L 6L 7E 8E", "", "", "", TW_NW_PILE_DECK);
    REQUIRE(FX_SOUND(&s));
    REQUIRE(FX_RUN(&s, "visit 5"));
    CHECK_INT(s.phase, TW_NW_PHASE_SUBSTITUTES);
    CHECK_STR(fx_legal(&s), "begin, substitute 0 0, substitute 0 1, substitute 0 2, substitute 0 3, "
                            "substitute 1 0, substitute 1 1, substitute 1 2, substitute 1 3");
    REQUIRE(FX_RUN(&s, "substitute 1 2"));
    CHECK_INT(s.phase, TW_NW_PHASE_SUBSTITUTES);
    CHECK_STR(fx_legal(&s), "begin, substitute 0 0, substitute 0 1, substitute 0 3");
    tw_nw_state before;
    memcpy(&before, &s, sizeof s);
    CHECK_INT(FX_TRY(&s, "substitute 0 2"), TW_ERR_ILLEGAL); /* slot taken */
    CHECK_INT(FX_TRY(&s, "substitute 1 3"), TW_ERR_ILLEGAL); /* ruler placed */
    CHECK_INT(FX_TRY(&s, "substitute 2 3"), TW_ERR_ILLEGAL); /* lost fief */
    CHECK_INT(FX_TRY(&s, "substitute 3 3"), TW_ERR_ILLEGAL); /* ruler gone */
    CHECK_INT(FX_TRY(&s, "proceed"), TW_ERR_ILLEGAL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* The last free ruler placed: the phase ends by itself. */
    REQUIRE(FX_RUN(&s, "substitute 0 0"));
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
    CHECK_STR(fx_id(tw_nw_slot_character(&s, 0)), "queen-of-claws");
    CHECK_STR(fx_id(tw_nw_slot_character(&s, 1)), "jack-of-flowers");
    CHECK_STR(fx_id(tw_nw_slot_character(&s, 2)), "king-of-claws");
    CHECK_STR(fx_id(tw_nw_slot_character(&s, 3)), "jack-of-eyes");
    /* The substitute's ability is used from its slot: King of Claws. */
    REQUIRE(FX_RUN(&s, "activate 2"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "8E");
    CHECK(s.slots[2].exhausted);

    /* "begin" ends the substitutes phase early. */
    fx_blank(&s, NULL);
    fx_status(&s, 0, TW_NW_FIEF_FRIENDLY);
    REQUIRE(FX_RUN(&s, "visit 1"));
    CHECK_STR(fx_legal(&s), "begin, substitute 0 0, substitute 0 1, substitute 0 2, substitute 0 3");
    REQUIRE(FX_RUN(&s, "begin"));
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
    CHECK_INT(s.fiefs[0].sub_slot, -1);

    /* No friendly ruler present: straight to the dialogue. */
    fx_blank(&s, NULL);
    fx_gone(&s, 0);
    fx_status(&s, 1, TW_NW_FIEF_LOST);
    REQUIRE(FX_RUN(&s, "visit 2"));
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
}

TEST(nw_rules_substitutes_leave_after_visit)
{
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_status(&s, 0, TW_NW_FIEF_FRIENDLY);
    fx_status(&s, 1, TW_NW_FIEF_FRIENDLY);
    fx_status(&s, 3, TW_NW_FIEF_FRIENDLY); /* stays home */
    fx_sub(&s, 0, 0);                      /* used */
    fx_sub(&s, 1, 2);                      /* not used */
    fx_exhaust(&s, 0);
    fx_exhaust(&s, 3);
    fx_cards(&s, "3F", "", "4C", "1L 2L", TW_NW_PILE_DECK);
    fx_visit(&s, 5, TW_NW_PHASE_RESPONSE);
    REQUIRE(FX_SOUND(&s));
    REQUIRE(FX_RUN(&s, "respond 3F"));
    check_after_visit(&s, 5, 0);
    for (int f = 0; f < 2; f++) {
        CHECK_INT(s.fiefs[f].status, TW_NW_FIEF_FRIENDLY);
        CHECK_INT(s.fiefs[f].ruler_present, 0);
        CHECK_INT(s.fiefs[f].sub_slot, -1);
    }
    CHECK_INT(s.fiefs[3].ruler_present, 1);
    CHECK_STR(fx_id(tw_nw_slot_character(&s, 0)), "jack-of-claws");
    CHECK_STR(fx_id(tw_nw_slot_character(&s, 2)), "jack-of-leaves");
    /* Their fiefs still count. */
    CHECK_INT(tw_nw_stars_won(&s), 4 + 3 + 1);
    /* Next visit: only the ruler of fief 3 may substitute. */
    REQUIRE(FX_RUN(&s, "visit 6"));
    CHECK_STR(fx_legal(&s), "begin, substitute 3 0, substitute 3 1, substitute 3 2, substitute 3 3");
}

TEST(nw_rules_reset_between_visits)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_blank(&s, NULL);
    fx_cards(&s, "3F", "1E 2E 3E", "4C 5C 6C", "1L 2L", TW_NW_PILE_DECK);
    fx_known_top(&s, 3);
    fx_exhaust(&s, 0);
    fx_exhaust(&s, 1);
    fx_exhaust(&s, 3);
    fx_visit(&s, 4, TW_NW_PHASE_RESPONSE);
    REQUIRE(FX_SOUND(&s));
    int deck_before = s.deck_n;
    REQUIRE(FX_RUN_EV(&s, "respond 3F", &ev));
    check_after_visit(&s, 4, 0);
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_SHUFFLE, -1), 1);
    /* Every card went back to the deck, then 8 were drawn. */
    int back = 0, drawn = 0;
    for (int i = 0; i < ev.count; i++) {
        const tw_nw_event *e = &ev.items[i];
        if (e->type == TW_NW_EV_MOVE && e->to == TW_NW_PILE_DECK)
            back++;
        if (e->type == TW_NW_EV_MOVE && e->from == TW_NW_PILE_DECK && e->to == TW_NW_PILE_HAND)
            drawn++;
    }
    CHECK_INT(back, TW_NW_CARDS - deck_before);
    CHECK_INT(drawn, 8);
    /* The new deck is a shuffle, not the old order. */
    int same = 0;
    for (int i = 0; i < 24; i++)
        same += s.deck[i] == i;
    CHECK(same < 24);
}

/* Plays the last dialogue of the last visit (fief 7) with the other
 * statuses given as 7 letters (F friendly, L lost) and returns the state. */
static void last_visit(tw_nw_state *s, const char *statuses, int friendly, int medal)
{
    fx_blank(s, NULL);
    s->medal = (uint8_t)medal;
    for (int f = 0; f < 7; f++)
        fx_status(s, f, statuses[f] == 'F' ? TW_NW_FIEF_FRIENDLY : TW_NW_FIEF_LOST);
    fx_cards(s, "3F", "", "4C", friendly ? "1L 2L 3L 4L 5L 6L 7L" : "1L 2L", TW_NW_PILE_DECK);
    fx_visit(s, 7, TW_NW_PHASE_RESPONSE);
    FX_RUN(s, "respond 3F");
}

TEST(nw_rules_game_end_and_stars)
{
    CHECK_INT(tw_nw_stars[0] + tw_nw_stars[7], 8);
    static const uint8_t expected[8] = {4, 3, 2, 1, 1, 2, 3, 4};
    for (int f = 0; f < 8; f++)
        CHECK_INT(tw_nw_stars[f], expected[f]);
    tw_nw_state s;
    tw_nw_events ev = {0};
    /* Each fief alone. */
    for (int only = 0; only < 8; only++) {
        char st[8] = "LLLLLLL";
        if (only < 7)
            st[only] = 'F';
        last_visit(&s, st, only == 7, TW_NW_MEDAL_BRONZE);
        CHECK_INT(s.phase, TW_NW_PHASE_GAME_OVER);
        CHECK_INT(tw_nw_stars_won(&s), expected[only]);
    }
    last_visit(&s, "FFFFFFF", 1, TW_NW_MEDAL_GOLD);
    CHECK(tw_nw_is_over(&s));
    CHECK_INT(tw_nw_stars_won(&s), 20);
    CHECK(tw_nw_is_won(&s));
    CHECK_INT(s.stopped, 0);
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    CHECK_INT(tw_nw_legal_actions(&s, acts), 0);
    tw_nw_state before;
    memcpy(&before, &s, sizeof s);
    CHECK_INT(FX_TRY(&s, "visit 0"), TW_ERR_GAME_OVER);
    CHECK_INT(FX_TRY(&s, "stop"), TW_ERR_GAME_OVER);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* The rulebook's example: 4 + 3 + 2 + 1 + 2 + 4 = 16 (fiefs 4 and 6 lost). */
    fx_blank(&s, NULL);
    s.medal = TW_NW_MEDAL_BRONZE;
    const char *st = "FFFFLFL";
    for (int f = 0; f < 7; f++)
        fx_status(&s, f, st[f] == 'F' ? TW_NW_FIEF_FRIENDLY : TW_NW_FIEF_LOST);
    fx_cards(&s, "3F", "", "4C", "1L 2L 3L 4L 5L 6L 7L", TW_NW_PILE_DECK);
    fx_visit(&s, 7, TW_NW_PHASE_RESPONSE);
    REQUIRE(FX_RUN_EV(&s, "respond 3F", &ev));
    CHECK_INT(tw_nw_stars_won(&s), 16);
    CHECK(tw_nw_is_won(&s));
    int at = fx_find_event(&ev, TW_NW_EV_GAME_END, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 16);
    CHECK_INT(ev.items[at].b, 0);
    s.medal = TW_NW_MEDAL_SILVER;
    CHECK(!tw_nw_is_won(&s));
    s.medal = TW_NW_MEDAL_GOLD;
    CHECK(!tw_nw_is_won(&s));
}

TEST(nw_rules_medals)
{
    CHECK_INT(tw_nw_medal_threshold(TW_NW_MEDAL_BRONZE), 16);
    CHECK_INT(tw_nw_medal_threshold(TW_NW_MEDAL_SILVER), 18);
    CHECK_INT(tw_nw_medal_threshold(TW_NW_MEDAL_GOLD), 20);
    CHECK_INT(tw_nw_medal_for(15), TW_NW_MEDAL_NONE);
    CHECK_INT(tw_nw_medal_for(16), TW_NW_MEDAL_BRONZE);
    CHECK_INT(tw_nw_medal_for(17), TW_NW_MEDAL_BRONZE);
    CHECK_INT(tw_nw_medal_for(18), TW_NW_MEDAL_SILVER);
    CHECK_INT(tw_nw_medal_for(19), TW_NW_MEDAL_SILVER);
    CHECK_INT(tw_nw_medal_for(20), TW_NW_MEDAL_GOLD);
    tw_nw_state s;
    /* 18 stars: fiefs 3 and 4 lost. */
    static const int medals[3] = {TW_NW_MEDAL_BRONZE, TW_NW_MEDAL_SILVER, TW_NW_MEDAL_GOLD};
    static const struct {
        const char *statuses;
        int last;
        int stars;
    } games[] = {{"FFFLLFF", 1, 18}, {"FFFFFFF", 0, 16}, {"LFFLFFF", 1, 15}, {"FFFFFFF", 1, 20},
                 {"FFFFLFF", 1, 19}};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
        for (int m = 0; m < 3; m++) {
            last_visit(&s, games[g].statuses, games[g].last, medals[m]);
            CHECK_INT(tw_nw_stars_won(&s), games[g].stars);
            CHECK_INT(tw_nw_is_won(&s), games[g].stars >= tw_nw_medal_threshold(medals[m]));
        }
    /* Not won before the end, even with enough stars. */
    fx_blank(&s, NULL);
    for (int f = 0; f < 7; f++)
        fx_status(&s, f, TW_NW_FIEF_FRIENDLY);
    CHECK_INT(tw_nw_stars_won(&s), 16);
    CHECK(!tw_nw_is_won(&s));
}

/* Whether "stop" is among the legal actions. */
static int stop_listed(const tw_nw_state *s)
{
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == TW_NW_ACTION(TW_NW_ACT_STOP, 0))
            return 1;
    return 0;
}

TEST(nw_rules_stop_when_medal_out_of_reach)
{
    /* Every combination of lost fiefs among 0..3, for each medal. */
    static const int medals[3] = {TW_NW_MEDAL_BRONZE, TW_NW_MEDAL_SILVER, TW_NW_MEDAL_GOLD};
    for (int m = 0; m < 3; m++)
        for (int lost = 0; lost < 16; lost++) {
            tw_nw_state s;
            fx_blank(&s, NULL);
            s.medal = (uint8_t)medals[m];
            int possible = 20;
            for (int f = 0; f < 4; f++)
                if (lost & (1 << f)) {
                    fx_status(&s, f, TW_NW_FIEF_LOST);
                    possible -= tw_nw_stars[f];
                }
            CHECK_INT(tw_nw_stars_possible(&s), possible);
            int out = possible < tw_nw_medal_threshold(medals[m]);
            CHECK_INT(stop_listed(&s), out);
            CHECK_INT(tw_nw_is_legal(&s, TW_NW_ACTION(TW_NW_ACT_STOP, 0)), out);
            tw_nw_state before;
    memcpy(&before, &s, sizeof s);
            if (!out) {
                CHECK_INT(FX_TRY(&s, "stop"), TW_ERR_ILLEGAL);
                CHECK(memcmp(&before, &s, sizeof s) == 0);
            }
        }
    /* Offered in every visit phase but not while an ability waits. */
    tw_nw_state s;
    fx_blank(&s, NULL);
    s.medal = TW_NW_MEDAL_GOLD;
    fx_status(&s, 3, TW_NW_FIEF_LOST);
    fx_status(&s, 0, TW_NW_FIEF_FRIENDLY);
    CHECK(stop_listed(&s));
    REQUIRE(FX_RUN(&s, "visit 5"));
    CHECK_INT(s.phase, TW_NW_PHASE_SUBSTITUTES);
    CHECK(stop_listed(&s));
    REQUIRE(FX_RUN(&s, "begin"));
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
    CHECK(stop_listed(&s));
    /* Jack of Eyes: draw 2, then a choice of discards. */
    tw_nw_state mid = s;
    REQUIRE(FX_RUN(&mid, "activate 3"));
    CHECK_INT(mid.phase, TW_NW_PHASE_ABILITY);
    CHECK(!stop_listed(&mid));
    CHECK_INT(FX_TRY(&mid, "stop"), TW_ERR_ILLEGAL);
    REQUIRE(FX_RUN(&s, "proceed"));
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK(stop_listed(&s));
    tw_nw_events ev = {0};
    REQUIRE(FX_RUN_EV(&s, "stop", &ev));
    CHECK(tw_nw_is_over(&s));
    CHECK_INT(s.stopped, 1);
    CHECK(!tw_nw_is_won(&s));
    int at = fx_find_event(&ev, TW_NW_EV_GAME_END, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 4);
    CHECK_INT(ev.items[at].b, 1);
}

/* Whether a character of the catalog is an intro Jack/ruler by id. */
static int id_starts(const tw_nw_catalog *c, int index, const char *prefix)
{
    return strncmp(c->entries[index].id, prefix, strlen(prefix)) == 0;
}

TEST(nw_rules_intro_setup)
{
    const tw_nw_catalog *cat = fx_catalog();
    REQUIRE(cat->count == 24); /* the intro deals from the 12 intro characters among them */
    int arrangements_differ = 0;
    tw_nw_state first;
    memset(&first, 0, sizeof first);
    for (uint64_t seed = 1; seed <= 30; seed++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_SILVER, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, cat, &cfg, NULL) == TW_OK);
        REQUIRE(FX_SOUND(&s));
        CHECK_INT(s.phase, TW_NW_PHASE_CHOOSE_FIEF);
        CHECK_INT(s.medal, TW_NW_MEDAL_SILVER);
        CHECK_INT(s.visiting, -1);
        CHECK_INT(tw_nw_hand_count(&s), 8);
        CHECK_INT(s.deck_n, 24);
        CHECK_INT(s.discard_n + s.score_n, 0);
        int suits = 0;
        for (int i = 0; i < TW_NW_SLOTS; i++) {
            CHECK(id_starts(cat, s.slots[i].ally.catalog_index, "jack-of-"));
            suits |= 1 << s.slots[i].ally.suit;
            CHECK_INT(s.slots[i].sub_fief, -1);
            CHECK_INT(s.slots[i].exhausted, 0);
        }
        CHECK_INT(suits, 15);
        int used = 0;
        for (int f = 0; f < TW_NW_FIEFS; f++) {
            int idx = s.fiefs[f].ruler.catalog_index;
            CHECK(id_starts(cat, idx, "king-of-") || id_starts(cat, idx, "queen-of-"));
            CHECK(!(used & (1 << idx)));
            used |= 1 << idx;
            CHECK_INT(s.fiefs[f].status, TW_NW_FIEF_NEUTRAL);
            CHECK_INT(s.fiefs[f].ruler_present, 1);
            CHECK_INT(s.fiefs[f].ruler.suit, cat->entries[idx].suit);
            CHECK_INT(s.fiefs[f].ruler.nsteps, cat->entries[idx].nsteps);
        }
        if (seed == 1)
            first = s;
        else
            for (int f = 0; f < TW_NW_FIEFS; f++)
                if (s.fiefs[f].ruler.catalog_index != first.fiefs[f].ruler.catalog_index) {
                    arrangements_differ++;
                    break;
                }
        /* The same seed gives the same game. */
        tw_nw_state again;
        REQUIRE(tw_nw_new(&again, cat, &cfg, NULL) == TW_OK);
        CHECK_STR(fx_pile(&again, TW_NW_PILE_DECK), fx_pile(&s, TW_NW_PILE_DECK));
        CHECK_INT(again.hand, s.hand);
        for (int f = 0; f < TW_NW_FIEFS; f++)
            CHECK_INT(again.fiefs[f].ruler.catalog_index, s.fiefs[f].ruler.catalog_index);
    }
    CHECK(arrangements_differ >= 25);
    /* A bad medal is refused. */
    tw_nw_state s;
    tw_nw_config bad = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_NONE, 1, 0, TW_NW_VARIANT_MEDALS, 0};
    CHECK_INT(tw_nw_new(&s, cat, &bad, NULL), TW_ERR_ARG);
}

/* Builds a catalog with per_suit[s] characters of each suit, dealt into
 * the list round-robin by suit; each has a "draw (1 + suit)" ability so
 * that rulers can be told apart by their steps. */
static void build_catalog(tw_nw_catalog *cat, const int per_suit[4])
{
    memset(cat, 0, sizeof *cat);
    for (int k = 0; k < 8; k++)
        for (int s = 0; s < 4; s++) {
            if (k >= per_suit[s])
                continue;
            tw_nw_catalog_entry *e = &cat->entries[cat->count++];
            snprintf(e->id, sizeof e->id, "s%d-%d", s, k);
            e->suit = (uint8_t)s;
            e->crown = 1;
            snprintf(e->name[0], sizeof e->name[0], "S%d-%d", s, k);
            snprintf(e->name[1], sizeof e->name[1], "S%d-%d", s, k);
            e->nsteps = 1;
            e->steps[0].op = TW_NW_OP_MOVE_TOP;
            e->steps[0].a = TW_NW_PILE_DECK;
            e->steps[0].b = TW_NW_PILE_HAND;
            e->steps[0].c = (uint8_t)(1 + s);
        }
}

TEST(nw_rules_full_setup_deal)
{
    tw_nw_catalog cat;
    static const int six[4] = {6, 6, 6, 6};
    build_catalog(&cat, six);
    REQUIRE(cat.count == 24);
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, &cat, &cfg, NULL) == TW_OK);
        REQUIRE(FX_SOUND(&s));
        CHECK_INT(s.setup, TW_NW_SETUP_FULL);
        /* The deal order is the seeded shuffle of the catalog indices. */
        tw_rng rng;
        tw_rng_seed(&rng, seed);
        uint8_t order[24];
        for (int i = 0; i < 24; i++)
            order[i] = (uint8_t)i;
        tw_rng_shuffle_u8(&rng, order, 24);
        int seen[4] = {0, 0, 0, 0}, allies = 0, rulers = 0;
        int used[24] = {0};
        for (int k = 0; k < 24; k++) {
            int idx = order[k], suit = cat.entries[idx].suit;
            int nth = ++seen[suit];
            if (allies == 4 && rulers == 8)
                break;
            if (nth == 1) {
                CHECK_INT(s.slots[allies].ally.catalog_index, idx);
                CHECK_INT(s.slots[allies].ally.suit, suit);
                allies++;
            } else if (nth <= 3) {
                CHECK_INT(s.fiefs[rulers].ruler.catalog_index, idx);
                rulers++;
            }
            used[idx] = nth <= 3;
        }
        CHECK_INT(allies, 4);
        CHECK_INT(rulers, 8);
        /* One ally and two rulers per suit; set-aside characters unused. */
        int per_suit_allies[4] = {0}, per_suit_rulers[4] = {0};
        for (int i = 0; i < 4; i++)
            per_suit_allies[s.slots[i].ally.suit]++;
        for (int f = 0; f < 8; f++) {
            per_suit_rulers[s.fiefs[f].ruler.suit]++;
            CHECK(used[s.fiefs[f].ruler.catalog_index]);
            CHECK_INT(s.fiefs[f].ruler.nsteps, 1);
            CHECK_INT(s.fiefs[f].ruler.steps[0].c, 1 + s.fiefs[f].ruler.suit);
        }
        for (int i = 0; i < 4; i++) {
            CHECK_INT(per_suit_allies[i], 1);
            CHECK_INT(per_suit_rulers[i], 2);
        }
    }
    /* The 24 default characters: 12 dealt, each at most once, and over
     * many seeds every one of them (crown cards included) comes up both as
     * an ally and as a ruler. */
    int as_ally = 0, as_ruler = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
        int used = 0, count = 0;
        for (int i = 0; i < 4; i++) {
            used |= 1 << s.slots[i].ally.catalog_index;
            as_ally |= 1 << s.slots[i].ally.catalog_index;
        }
        for (int f = 0; f < 8; f++) {
            used |= 1 << s.fiefs[f].ruler.catalog_index;
            as_ruler |= 1 << s.fiefs[f].ruler.catalog_index;
        }
        for (int i = 0; i < 24; i++)
            count += (used >> i) & 1;
        CHECK_INT(count, 12);
    }
    CHECK_INT(as_ally, 0xFFFFFF);
    CHECK_INT(as_ruler, 0xFFFFFF);
}

TEST(nw_rules_full_setup_needs_three_per_suit)
{
    tw_nw_catalog cat;
    static const int short_suit[4] = {6, 6, 6, 2};
    build_catalog(&cat, short_suit);
    REQUIRE(cat.count == 20);
    for (uint64_t seed = 1; seed <= 10; seed++) {
        tw_nw_state s;
        memset(&s, 0x5A, sizeof s);
        tw_nw_state before;
    memcpy(&before, &s, sizeof s);
        tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        CHECK_INT(tw_nw_new(&s, &cat, &cfg, NULL), TW_ERR_ARG);
        CHECK(memcmp(&before, &s, sizeof s) == 0);
    }
    static const int three[4] = {3, 3, 3, 3};
    build_catalog(&cat, three);
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, 7, 0, TW_NW_VARIANT_MEDALS, 0};
    CHECK_INT(tw_nw_new(&s, &cat, &cfg, NULL), TW_OK);
    /* The intro setup needs the intro roles. */
    cfg.setup = TW_NW_SETUP_INTRO;
    CHECK_INT(tw_nw_new(&s, &cat, &cfg, NULL), TW_ERR_ARG);
}

TEST(nw_rules_new_refuses_bad_input)
{
    tw_nw_state s;
    tw_nw_config cfg = {(tw_nw_setup)7, TW_NW_MEDAL_BRONZE, 1, 0, TW_NW_VARIANT_MEDALS, 0};
    CHECK_INT(tw_nw_new(&s, fx_catalog(), &cfg, NULL), TW_ERR_ARG);
    cfg.setup = TW_NW_SETUP_INTRO;
    cfg.medal = (tw_nw_medal)9;
    CHECK_INT(tw_nw_new(&s, fx_catalog(), &cfg, NULL), TW_ERR_ARG);
    cfg.medal = TW_NW_MEDAL_BRONZE;
    CHECK_INT(tw_nw_new(&s, NULL, &cfg, NULL), TW_ERR_ARG);
    CHECK_INT(tw_nw_new(&s, fx_catalog(), NULL, NULL), TW_ERR_ARG);
    /* Characters built in code with out-of-range data are refused rather
     * than played (a bad suit or pile would break the game). */
    static tw_nw_catalog cat;
    cat = *fx_catalog();
    cat.entries[tw_nw_catalog_find(&cat, "king-of-eyes")].suit = 4;
    CHECK_INT(tw_nw_new(&s, &cat, &cfg, NULL), TW_ERR_ARG);
    cat = *fx_catalog();
    int qc = tw_nw_catalog_find(&cat, "queen-of-claws");
    REQUIRE(qc >= 0);
    cat.entries[qc].steps[0].b = 9; /* to no pile */
    CHECK_INT(tw_nw_new(&s, &cat, &cfg, NULL), TW_ERR_ARG);
    cat = *fx_catalog();
    cat.entries[qc].steps[1].op = 40;
    CHECK_INT(tw_nw_new(&s, &cat, &cfg, NULL), TW_ERR_ARG);
    cat = *fx_catalog();
    CHECK_INT(tw_nw_new(&s, &cat, &cfg, NULL), TW_OK);
    /* Only the characters dealt are checked: a broken character that the
     * intro never deals does not stop an intro game, and the full deal
     * refuses it in the games that deal it. */
    int unused = -1;
    for (int i = 0; i < cat.count && unused < 0; i++)
        if (cat.entries[i].intro_role == TW_NW_INTRO_NONE && cat.entries[i].nsteps > 0)
            unused = i;
    REQUIRE(unused >= 0);
    cat.entries[unused].steps[0].op = 40;
    CHECK_INT(tw_nw_new(&s, &cat, &cfg, NULL), TW_OK);
    tw_nw_config full = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, 1, 0, TW_NW_VARIANT_MEDALS, 0};
    int refused = 0, dealt = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        full.seed = seed;
        tw_error err = tw_nw_new(&s, &cat, &full, NULL);
        refused += err == TW_ERR_ARG;
        if (err == TW_OK) {
            int in_play = 0;
            for (int i = 0; i < TW_NW_SLOTS; i++)
                in_play |= s.slots[i].ally.catalog_index == unused;
            for (int f = 0; f < TW_NW_FIEFS; f++)
                in_play |= s.fiefs[f].ruler.catalog_index == unused;
            dealt += in_play;
        }
    }
    CHECK(refused > 0 && refused < 40);
    CHECK_INT(dealt, 0);
    /* a bad suit met while dealing is refused before it counts a suit
     * (AddressSanitizer would see the count written out of range) */
    cat.entries[unused].suit = 7;
    refused = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        full.seed = seed;
        refused += tw_nw_new(&s, &cat, &full, NULL) == TW_ERR_ARG;
    }
    CHECK(refused > 0);
}

TEST(nw_rules_intro_one_ally_per_suit)
{
    /* A second intro ally of Claws added by a user does not push out the
     * Jack of Eyes: the first intro ally of each suit is taken. */
    static tw_nw_catalog cat;
    cat = *fx_catalog();
    tw_nw_catalog_entry extra = cat.entries[tw_nw_catalog_find(&cat, "jack-of-claws")];
    snprintf(extra.id, sizeof extra.id, "%s", "second-claws-ally");
    cat.entries[cat.count++] = extra;
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 3, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, &cat, &cfg, NULL) == TW_OK);
    for (int i = 0; i < TW_NW_SLOTS; i++)
        CHECK_INT(s.slots[i].ally.suit, i);
    CHECK_STR(cat.entries[s.slots[0].ally.catalog_index].id, "jack-of-claws");
    CHECK_STR(cat.entries[s.slots[3].ally.catalog_index].id, "jack-of-eyes");
    /* No intro ally of a suit at all: refused. */
    cat = *fx_catalog();
    cat.entries[tw_nw_catalog_find(&cat, "jack-of-eyes")].intro_role = TW_NW_INTRO_NONE;
    CHECK_INT(tw_nw_new(&s, &cat, &cfg, NULL), TW_ERR_ARG);
}
