/* For Northwood! crown characters: each of the 12 crown abilities of
 * data/characters.json with the official FAQ rulings and edge cases, their
 * interactions with the Queen of Leaves, the Jacks and substitutes, and
 * "visit decided" (its simple cases and random play; the exhaustive check
 * is in test_nw_decided.c). After an ability the statement is revealed at once, so most
 * checks look at the discard: "... moved cards, statement". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/nw_files.h"
#include "nw_fixture.h"
#include "test.h"

/* The fixture's rulers: fief 3 is the King of Flowers (trump Flowers),
 * fief 4 the Queen of Leaves (trump Leaves); every fief is neutral unless
 * a test says otherwise. */

/* The top n cards of the discard pile as text, bottom-first (the rest of
 * the pile holds the cards a test put nowhere). */
static const char *discard_tail(const tw_nw_state *s, int n)
{
    static char text[128];
    text[0] = '\0';
    for (int i = s->discard_n - n < 0 ? 0 : s->discard_n - n; i < s->discard_n; i++) {
        char code[4];
        tw_nw_card_code(s->discard[i], code);
        if (text[0])
            strcat(text, " ");
        strcat(text, code);
    }
    return text;
}

/* ---- Prince of Claws ------------------------------------------------------ */

TEST(nw_crown_prince_of_claws_draws_until_trump)
{
    tw_nw_state s;
    fx_ready(&s, 3, "prince-of-claws", "1C 2C", "8E 7F 6E 5L 4C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    /* The first card comes without asking; then go on or stop. */
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 4C");
    CHECK_INT(s.run.choice, TW_NW_CHOICE_CONTINUE);
    CHECK_STR(fx_legal(&s), "continue, pass");
    CHECK_INT(FX_TRY(&s, "pick 1C"), TW_ERR_ILLEGAL);
    REQUIRE(FX_RUN(&s, "continue; continue"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 4C 5L 6E");
    /* 7F is a trump (the King of Flowers rules): it stays and ends it. */
    REQUIRE(FX_RUN(&s, "continue"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 4C 7F 5L 6E");
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK_STR(fx_discard_top(&s), "8E");
    /* Stopping at once keeps the one card drawn. */
    fx_ready(&s, 3, "prince-of-claws", "1C 2C", "8E 7F 6E 5L 4C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0; pass"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 4C");
    CHECK_STR(fx_discard_top(&s), "5L");
    /* A trump on top: drawn, and the ability ends with no question. */
    fx_ready(&s, 3, "prince-of-claws", "1C 2C", "8E 3F", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 3F");
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    /* Trump is the current ruler's suit: at the King of Claws' fief a
     * Claws card ends it. */
    fx_ready(&s, 1, "prince-of-claws", "1E 2E", "8E 4C 5L", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0; continue"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "4C 5L 1E 2E");
    CHECK_STR(fx_discard_top(&s), "8E");
}

TEST(nw_crown_prince_of_claws_draws_the_deck_dry)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "prince-of-claws", "1C 2C", "5L 4C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 0; continue", &ev));
    /* The deck ran out: the visit ends at once, with no statement. */
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_STATEMENT, -1), 0);
    int at = fx_find_event(&ev, TW_NW_EV_VISIT_END, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 3);
    CHECK_INT(ev.items[at].b, 0);
    CHECK_INT(s.fiefs[3].status, TW_NW_FIEF_LOST);
    CHECK_INT(s.phase, TW_NW_PHASE_CHOOSE_FIEF);
}

/* ---- Lady of Claws -------------------------------------------------------- */

TEST(nw_crown_lady_of_claws_lowest_then_draw_its_value)
{
    tw_nw_state s;
    fx_ready(&s, 3, "lady-of-claws", "2C 2E 5L 7F", "8E 1F 3C 4C 6E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    /* Two cards tie for lowest: the player chooses. */
    CHECK_STR(fx_legal(&s), "pick 2C, pick 2E");
    REQUIRE(FX_RUN(&s, "pick 2E"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "2C 4C 7F 5L 6E");
    CHECK_STR(discard_tail(&s, 2), "2E 3C");
    /* One lowest card: no question. */
    fx_ready(&s, 3, "lady-of-claws", "1L 5L 7F", "8E 1F 3C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "3C 7F 5L");
    CHECK_STR(discard_tail(&s, 2), "1L 1F");
}

TEST(nw_crown_lady_of_claws_value_above_the_deck)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    /* The lowest card is a 5 and the deck holds 3: all three are drawn and
     * the empty deck ends the visit. */
    fx_ready(&s, 3, "lady-of-claws", "5C 6C", "1E 2E 3E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    int end = fx_find_event(&ev, TW_NW_EV_VISIT_END, 0);
    REQUIRE(end >= 0);
    int drawn = 0;
    for (int i = 0; i < end; i++)
        drawn += ev.items[i].type == TW_NW_EV_MOVE && ev.items[i].from == TW_NW_PILE_DECK;
    CHECK_INT(drawn, 3);
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_STATEMENT, -1), 0);
}

/* ---- Baron of Claws ------------------------------------------------------- */

TEST(nw_crown_baron_of_claws_searches_and_shuffles)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "baron-of-claws", "3C 5L", "3E 8F 3F 1C 7E 2L", "", "", TW_NW_PILE_DISCARD);
    fx_known_top(&s, 2); /* the player had seen 7E and 2L */
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "pick 3C, pick 5L");
    tw_rng rng = s.rng;
    REQUIRE(FX_RUN_EV(&s, "pick 3C", &ev));
    /* Every 3 of the deck is taken; the picked card stays in hand. */
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "3C 3F 5L 3E");
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_SHUFFLE, -1), 1);
    /* The rest is shuffled with the game's RNG, and the statement is the
     * new top. */
    uint8_t rest[4] = {(uint8_t)fx_card("8F"), (uint8_t)fx_card("1C"), (uint8_t)fx_card("7E"),
                       (uint8_t)fx_card("2L")};
    tw_rng_shuffle_u8(&rng, rest, 4);
    char top[4];
    tw_nw_card_code(rest[3], top);
    CHECK_STR(fx_discard_top(&s), top);
    CHECK_INT(s.deck_n, 3);
    /* Nothing in the deck is known any more. */
    CHECK_STR(fx_known(&s), "");
    tw_nw_view view;
    tw_nw_view_of(&s, &view);
    for (int i = 0; i < view.visible.deck_n; i++)
        CHECK_INT(view.visible.deck[i], TW_NW_NO_CARD);
}

/* The cards a search moved, as codes in the order of the events, and the
 * same from the event log's lines (both written "3C 3F 3E"). */
static void searched_order(const tw_nw_events *ev, char *events_text, char *log_text)
{
    events_text[0] = log_text[0] = '\0';
    for (int i = 0; i < ev->count; i++)
        if (ev->items[i].type == TW_NW_EV_MOVE && ev->items[i].from == TW_NW_PILE_DECK &&
            ev->items[i].to == TW_NW_PILE_HAND) {
            char code[4];
            tw_nw_card_code(ev->items[i].card, code);
            strcat(strcat(events_text, events_text[0] ? " " : ""), code);
        }
    tw_buf buf = {0};
    int seq = 0;
    tw_nw_events_to_jsonl(ev, TW_NW_NO_ACTION, &seq, &buf);
    for (const char *line = buf.data; line && *line;) {
        const char *end = strchr(line, '\n');
        char one[160] = "";
        snprintf(one, sizeof one, "%.*s", (int)(end - line), line);
        const char *card = strstr(one, "\"card\":\"");
        if (strstr(one, "\"type\":\"move\"") && strstr(one, "\"from\":\"deck\",\"to\":\"hand\"") && card)
            strncat(strcat(log_text, log_text[0] ? " " : ""), card + strlen("\"card\":\""), 2);
        line = end + 1;
    }
    tw_buf_free(&buf);
}

TEST(nw_crown_baron_of_claws_moves_in_card_order)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    /* From the top the deck's 3s lie 3C, 3E, 3F; in card order (suit then
     * value: Claws, Flowers, Leaves, Eyes) they are 3C, 3F, 3E. */
    fx_ready(&s, 3, "baron-of-claws", "3L 5L", "3F 8F 3E 1C 3C 7E 2L", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    REQUIRE(FX_RUN_EV(&s, "pick 3L", &ev));
    char events_text[64], log_text[64];
    searched_order(&ev, events_text, log_text);
    /* The move events (the terminal's text follows them) and the log's
     * lines both in card order, not deck order. */
    CHECK_STR(events_text, "3C 3F 3E");
    CHECK_STR(log_text, "3C 3F 3E");
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_SHUFFLE, -1), 1);
}

TEST(nw_crown_baron_of_claws_finds_nothing)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "baron-of-claws", "4C", "3E 8F 1C 7E 2L", "", "", TW_NW_PILE_DISCARD);
    fx_known_top(&s, 1);
    /* A single card: no question; no 4 in the deck, shuffled anyway. */
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "4C");
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_SHUFFLE, -1), 1);
    CHECK_INT(s.deck_n, 4);
    CHECK_STR(fx_known(&s), "");
}

/* ---- Prince of Flowers ---------------------------------------------------- */

TEST(nw_crown_prince_of_flowers_keeps_one_of_each_value)
{
    tw_nw_state s;
    fx_ready(&s, 3, "prince-of-flowers", "2C 2F 2E 5L 5E 7F", "1C 3C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "pick 2C, pick 2F, pick 5L, pick 2E, pick 5E");
    REQUIRE(FX_RUN(&s, "pick 2F"));
    CHECK_STR(fx_legal(&s), "pick 2C, pick 5L, pick 2E, pick 5E");
    REQUIRE(FX_RUN(&s, "pick 5E"));
    CHECK_STR(fx_legal(&s), "pick 2C, pick 2E");
    /* The player keeps 2E by discarding 2C; the order is theirs. */
    REQUIRE(FX_RUN(&s, "pick 2C"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "7F 5L 2E");
    CHECK_STR(discard_tail(&s, 4), "2F 5E 2C 3C");
    /* All values distinct: nothing to do. */
    fx_ready(&s, 3, "prince-of-flowers", "1C 2F 3L", "1E 3C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2F 3L");
    CHECK_STR(discard_tail(&s, 1), "3C");
}

/* ---- Lady of Flowers ------------------------------------------------------ */

TEST(nw_crown_lady_of_flowers_value_of_the_hand_count)
{
    tw_nw_state s;
    fx_ready(&s, 3, "lady-of-flowers", "4C 4E 1L 7F", "1E 3C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "pick 4C, pick 4E");
    REQUIRE(FX_RUN(&s, "pick 4E"));
    CHECK_STR(discard_tail(&s, 2), "4E 3C");
    /* Counted before the discard: three cards, so the 3 goes, not the 2. */
    fx_ready(&s, 3, "lady-of-flowers", "3C 2E 8L", "1E 5C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "8L 2E");
    CHECK_STR(discard_tail(&s, 2), "3C 5C");
    /* No card of that value: nothing happens. */
    fx_ready(&s, 3, "lady-of-flowers", "1C 2E 8L", "1E 5C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 8L 2E");
    CHECK_STR(discard_tail(&s, 1), "5C");
    CHECK_INT(s.discard[s.discard_n - 2] != fx_card("1C"), 1);
    CHECK(s.slots[0].exhausted);
}

/* ---- Baron of Flowers ----------------------------------------------------- */

TEST(nw_crown_baron_of_flowers_discards_low_cards)
{
    tw_nw_state s;
    fx_ready(&s, 3, "baron-of-flowers", "1C 2E 3F 4L 8F", "1E 5C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "pick 1C, pick 3F, pick 2E");
    REQUIRE(FX_RUN(&s, "pick 3F; pick 1C")); /* 2E follows by itself */
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "8F 4L");
    CHECK_STR(discard_tail(&s, 4), "3F 1C 2E 5C");
    /* Every card is 4 or more: nothing. */
    fx_ready(&s, 3, "baron-of-flowers", "4C 5E 8F", "1E 5C", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "4C 8F 5E");
    CHECK_STR(discard_tail(&s, 1), "5C");
}

/* ---- Prince of Eyes ------------------------------------------------------- */

TEST(nw_crown_prince_of_eyes_once_plus_other_exhausted)
{
    for (int others = 0; others <= 3; others++) {
        tw_nw_state s;
        fx_ready(&s, 3, "prince-of-eyes", "1C 2C", "1L 2L 3L 4L 5L 6L", "", "", TW_NW_PILE_DISCARD);
        for (int slot = 1; slot <= others; slot++)
            fx_exhaust(&s, slot);
        int discarded = s.discard_n;
        REQUIRE(FX_RUN(&s, "activate 0"));
        int rounds = 0;
        while (s.phase == TW_NW_PHASE_ABILITY && rounds < 10) {
            CHECK_INT(s.run.choice, TW_NW_CHOICE_CARD);
            /* Discard the highest card held: after the first round that is
             * the card just drawn, which the FAQ allows. */
            char act[16], code[4];
            tw_nw_card_code(31 - __builtin_clz(s.hand), code);
            snprintf(act, sizeof act, "pick %s", code);
            REQUIRE(FX_RUN(&s, act));
            rounds++;
        }
        CHECK_INT(rounds, 1 + others);
        /* Each round discarded one card and drew one. */
        CHECK_INT(tw_nw_hand_count(&s), 2);
        CHECK_INT(s.deck_n, 6 - (1 + others) - 1);
        CHECK_INT(s.discard_n - discarded, 1 + others + 1); /* the discards and the statement */
    }
}

TEST(nw_crown_prince_of_eyes_discards_a_card_just_drawn)
{
    tw_nw_state s;
    fx_ready(&s, 3, "prince-of-eyes", "1C 2C", "4E 5E 6E 7E 8E", "", "", TW_NW_PILE_DISCARD);
    fx_exhaust(&s, 1);
    fx_exhaust(&s, 2);
    REQUIRE(FX_RUN(&s, "activate 0; pick 1C"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "2C 8E");
    REQUIRE(FX_RUN(&s, "pick 8E; pick 2C"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "6E 7E");
    CHECK_STR(discard_tail(&s, 4), "1C 8E 2C 5E");
}

/* ---- Lady of Eyes --------------------------------------------------------- */

TEST(nw_crown_lady_of_eyes_discards_a_set_of_the_drawn_total)
{
    tw_nw_state s;
    fx_ready(&s, 3, "lady-of-eyes", "1C 2C 4L 8F", "7E 3E 2E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    /* Drew 2E and 3E: total 5. Every card of some set adding to 5. */
    CHECK_STR(fx_legal(&s), "pick 1C, pick 2C, pick 4L, pick 2E, pick 3E");
    REQUIRE(FX_RUN(&s, "pick 4L")); /* 1 left: only 1C completes it */
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "2C 8F 2E 3E");
    CHECK_STR(discard_tail(&s, 3), "4L 1C 7E");
    /* A set of three cards. */
    fx_ready(&s, 3, "lady-of-eyes", "1C 2C 4L 8F", "7E 3E 2E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0; pick 2E"));
    CHECK_STR(fx_legal(&s), "pick 1C, pick 2C, pick 3E");
    REQUIRE(FX_RUN(&s, "pick 1C"));
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK_STR(discard_tail(&s, 4), "2E 1C 2C 7E");
}

TEST(nw_crown_lady_of_eyes_only_the_drawn_pair_fits)
{
    tw_nw_state s;
    fx_ready(&s, 3, "lady-of-eyes", "8C 8F", "5E 1E 4E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "pick 1E, pick 4E");
    REQUIRE(FX_RUN(&s, "pick 1E"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "8C 8F");
    CHECK_STR(discard_tail(&s, 3), "1E 4E 5E");
    /* One card left in the deck: it alone is the total, and it goes. */
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "lady-of-eyes", "1C 3C", "2E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    int at = fx_find_event(&ev, TW_NW_EV_VISIT_END, 0);
    REQUIRE(at >= 0);
    int discarded = 0;
    for (int i = 0; i < at; i++)
        discarded += ev.items[i].type == TW_NW_EV_MOVE && ev.items[i].card == fx_card("2E") &&
                     ev.items[i].to == TW_NW_PILE_DISCARD;
    CHECK_INT(discarded, 1);
}

/* ---- Baron of Eyes -------------------------------------------------------- */

TEST(nw_crown_baron_of_eyes_even_draws_odd_discards)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "baron-of-eyes", "2C 3C 5L", "1E 4E 6E 7E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 0", &ev));
    CHECK(s.trigger.active);
    CHECK_INT(s.trigger.slot, 0);
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_TRIGGER, -1), 1);
    CHECK_STR(fx_discard_top(&s), "7E");
    /* Even answer: a card is drawn right after it. */
    REQUIRE(FX_RUN(&s, "respond 2C"));
    CHECK(!s.trigger.active);
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "3C 5L 6E");
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
    /* Odd answer: the player discards a card of their choice. */
    fx_ready(&s, 3, "baron-of-eyes", "2C 3C 5L", "1E 4E 6E 7E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0; respond 3C"));
    CHECK_INT(s.phase, TW_NW_PHASE_ABILITY);
    CHECK_STR(fx_legal(&s), "pick 2C, pick 5L");
    REQUIRE(FX_RUN(&s, "pick 5L"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "2C");
    CHECK_STR(discard_tail(&s, 3), "7E 3C 5L");
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
    /* Scoring does not matter: a trump 2 scores and still draws. */
    fx_ready(&s, 3, "baron-of-eyes", "2F 3C", "1E 4E 6E 7E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0; respond 2F"));
    CHECK_INT(s.score_n, 1);
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "3C 6E");
}

TEST(nw_crown_baron_of_eyes_with_one_card_left)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    /* Even: the draw comes before the end check, so the visit goes on. */
    fx_ready(&s, 3, "baron-of-eyes", "2C", "1E 4E 6E 7E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 0; respond 2C", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_VISIT_END, -1), 0);
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "6E");
    CHECK_INT(s.visiting, 3);
    /* Odd: nothing to discard, the empty hand ends the visit. */
    memset(&ev, 0, sizeof ev);
    fx_ready(&s, 3, "baron-of-eyes", "3C", "1E 4E 6E 7E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN_EV(&s, "activate 0; respond 3C", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_VISIT_END, -1), 1);
    CHECK_INT(s.fiefs[3].status, TW_NW_FIEF_LOST);
}

TEST(nw_crown_baron_of_eyes_lost_when_the_visit_ends_first)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    /* Score 3 of target 3 with a hand that can never score: the visit is
     * decided; finishing it drops the armed effect. */
    fx_ready(&s, 3, "baron-of-eyes", "1C", "4E 7E", "", "5F 6F 7F", TW_NW_PILE_DISCARD);
    s.offer_finish = 1;
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK(s.trigger.active);
    CHECK_CONTAINS(fx_legal(&s), "finish");
    REQUIRE(FX_RUN_EV(&s, "finish", &ev));
    int lost = fx_find_event(&ev, TW_NW_EV_TRIGGER, 0);
    REQUIRE(lost >= 0);
    CHECK_INT(ev.items[lost].b, 2);
    CHECK(!s.trigger.active);
    CHECK_INT(s.fiefs[3].status, TW_NW_FIEF_FRIENDLY);
}

/* ---- Prince of Leaves ----------------------------------------------------- */

TEST(nw_crown_prince_of_leaves_moves_the_visit)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "prince-of-leaves", "1C 2C", "8E 7E 6E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "fief 2, fief 4");
    REQUIRE(FX_RUN_EV(&s, "fief 4", &ev));
    int at = fx_find_event(&ev, TW_NW_EV_VISIT_MOVE, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 3);
    CHECK_INT(ev.items[at].b, 4);
    /* The Queen of Leaves' fief: its ruler and trump (Leaves) from now on;
     * the fief left stays unvisited. */
    CHECK_INT(s.visiting, 4);
    CHECK_INT(tw_nw_trump(&s), TW_NW_LEAVES);
    CHECK_INT(s.fiefs[3].status, TW_NW_FIEF_NEUTRAL);
    /* Visited fiefs are skipped, whether friendly or lost. */
    fx_ready(&s, 3, "prince-of-leaves", "1C 2C", "8E 7E 6E", "", "", TW_NW_PILE_DISCARD);
    fx_status(&s, 4, TW_NW_FIEF_FRIENDLY);
    fx_status(&s, 2, TW_NW_FIEF_LOST);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "fief 1, fief 5");
}

TEST(nw_crown_prince_of_leaves_at_the_ends)
{
    tw_nw_state s;
    /* Fief 0: only upwards, taken without asking (no wrap-around). */
    fx_ready(&s, 0, "prince-of-leaves", "1C 2C", "8E 7E 6E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_INT(s.visiting, 1);
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    /* Fief 7: only downwards, past visited fiefs. */
    fx_ready(&s, 7, "prince-of-leaves", "1C 2C", "8E 7E 6E", "", "", TW_NW_PILE_DISCARD);
    fx_status(&s, 6, TW_NW_FIEF_LOST);
    fx_status(&s, 5, TW_NW_FIEF_FRIENDLY);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_INT(s.visiting, 4);
    /* No unvisited fief on either side: nothing happens. */
    fx_ready(&s, 3, "prince-of-leaves", "1C 2C", "8E 7E 6E", "", "", TW_NW_PILE_DISCARD);
    for (int f = 0; f < 8; f++)
        if (f != 3)
            fx_status(&s, f, f % 2 ? TW_NW_FIEF_LOST : TW_NW_FIEF_FRIENDLY);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_INT(s.visiting, 3);
    CHECK(s.slots[0].exhausted);
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
}

TEST(nw_crown_prince_of_leaves_new_fief_is_won_or_lost)
{
    tw_nw_state s;
    /* From fief 1 the only unvisited fief is 0 (target 0): a visit that
     * scores nothing wins fief 0; fief 1 stays unvisited. */
    fx_ready(&s, 1, "prince-of-leaves", "1F", "8E", "", "", TW_NW_PILE_DISCARD);
    for (int f = 2; f < 8; f++)
        fx_status(&s, f, TW_NW_FIEF_LOST);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_INT(tw_nw_trump(&s), TW_NW_CLAWS); /* the Queen of Claws rules fief 0 */
    REQUIRE(FX_RUN(&s, "respond 1F"));
    CHECK_INT(s.fiefs[0].status, TW_NW_FIEF_FRIENDLY);
    CHECK_INT(s.fiefs[1].status, TW_NW_FIEF_NEUTRAL);
    CHECK_INT(s.phase, TW_NW_PHASE_CHOOSE_FIEF);
    CHECK_STR(fx_legal(&s), "visit 1, stop"); /* six fiefs lost: no medal left */
}

/* ---- Lady of Leaves ------------------------------------------------------- */

TEST(nw_crown_lady_of_leaves_draws_and_readies_another)
{
    tw_nw_state s;
    tw_nw_events ev = {0};
    fx_ready(&s, 3, "lady-of-leaves", "1C 2C", "8E 7E 6E", "", "", TW_NW_PILE_DISCARD);
    fx_exhaust(&s, 1);
    fx_exhaust(&s, 3);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 6E");
    /* Never herself: slot 0 is not offered. */
    CHECK_STR(fx_legal(&s), "ally 1, ally 3");
    CHECK_INT(FX_TRY(&s, "ally 0"), TW_ERR_ILLEGAL);
    REQUIRE(FX_RUN_EV(&s, "ally 3", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_READY, -1), 1);
    CHECK(!s.slots[3].exhausted);
    CHECK(s.slots[1].exhausted);
    CHECK(s.slots[0].exhausted);
    /* The readied ally can act in the next dialogue. */
    REQUIRE(FX_RUN(&s, "respond 6E"));
    CHECK_STR(fx_legal(&s), "proceed, activate 2, activate 3");
    /* One exhausted ally: readied without a question. */
    fx_ready(&s, 3, "lady-of-leaves", "1C 2C", "8E 7E 6E", "", "", TW_NW_PILE_DISCARD);
    fx_exhaust(&s, 2);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK(!s.slots[2].exhausted);
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    /* None exhausted: she still draws. */
    fx_ready(&s, 3, "lady-of-leaves", "1C 2C", "8E 7E 6E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 6E");
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
}

/* ---- Baron of Leaves ------------------------------------------------------ */

TEST(nw_crown_baron_of_leaves_two_optional_swaps)
{
    tw_nw_state s;
    fx_ready(&s, 3, "baron-of-leaves", "4C 4F 7L", "1E 5C", "4E", "7E", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "pick 4C, pick 4F, pass");
    REQUIRE(FX_RUN(&s, "pick 4F"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "4C 7L 4E");
    /* Then the score pile: one card out, one in, the score unchanged. */
    CHECK_STR(fx_legal(&s), "pick 7L, pass");
    REQUIRE(FX_RUN(&s, "pick 7L"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "4C 4E 7E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "7L");
    CHECK_INT(tw_nw_score(&s), 1);
    CHECK_STR(discard_tail(&s, 2), "4F 5C");
    /* Pass the first, take the second. */
    fx_ready(&s, 3, "baron-of-leaves", "4C 7L", "1E 5C", "4E", "7E", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "pick 4C, pass");
    REQUIRE(FX_RUN(&s, "pass; pick 7L"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "4C 7E");
    CHECK_STR(discard_tail(&s, 2), "4E 5C");
    /* No matching value anywhere: nothing to ask. */
    fx_ready(&s, 3, "baron-of-leaves", "4C 7L", "1E 5C", "2E", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_INT(s.phase, TW_NW_PHASE_RESPONSE);
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "4C 7L");
}

/* ---- Interactions --------------------------------------------------------- */

/* A visit of fief 3 (ruler ruler_id) where friendly fief 5's ruler, the
 * Queen of Leaves, substitutes on slot 2. */
static void queen_copies(tw_nw_state *s, const char *ruler_id, const char *hand, const char *deck)
{
    fx_blank(s, NULL);
    fx_ruler(s, 3, ruler_id);
    fx_ruler(s, 5, "queen-of-leaves");
    fx_status(s, 5, TW_NW_FIEF_FRIENDLY);
    fx_cards(s, hand, deck, "", "", TW_NW_PILE_DISCARD);
    fx_visit(s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    fx_sub(s, 5, 2);
    FX_SOUND(s);
}

TEST(nw_crown_queen_of_leaves_copies_crown_rulers)
{
    tw_nw_state s;
    /* Lady of Leaves copied: readies an ally other than the Queen's slot. */
    queen_copies(&s, "lady-of-leaves", "1C 2C", "8E 7E 6E");
    fx_exhaust(&s, 0);
    fx_exhaust(&s, 1);
    REQUIRE(FX_RUN(&s, "activate 2"));
    CHECK_STR(fx_legal(&s), "ally 0, ally 1");
    REQUIRE(FX_RUN(&s, "ally 1"));
    CHECK(!s.slots[1].exhausted);
    CHECK(s.slots[2].exhausted);
    /* Baron of Eyes copied: the delayed effect still comes. */
    queen_copies(&s, "baron-of-eyes", "2C 3C", "1E 4E 6E 7E");
    REQUIRE(FX_RUN(&s, "activate 2"));
    CHECK(s.trigger.active);
    CHECK_INT(s.trigger.slot, 2);
    REQUIRE(FX_RUN(&s, "respond 2C"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "3C 6E");
    /* Prince of Leaves copied: the visit moves. */
    queen_copies(&s, "prince-of-leaves", "1C 2C", "8E 7E 6E");
    REQUIRE(FX_RUN(&s, "activate 2; fief 2"));
    CHECK_INT(s.visiting, 2);
}

TEST(nw_crown_jack_and_queen_after_a_moved_visit)
{
    tw_nw_state s;
    /* Prince of Leaves moves fief 3 (Flowers) to fief 4 (Queen of Leaves'
     * fief, trump Leaves); the Jack of Flowers then discards Leaves. */
    fx_ready(&s, 3, "prince-of-leaves", "1C 2L 3F 5L", "8E 7E 6E 5E", "", "", TW_NW_PILE_DISCARD);
    REQUIRE(FX_RUN(&s, "activate 0; fief 4; respond 1C; activate 1"));
    CHECK_STR(fx_legal(&s), "pick 2L, pick 5L");
    REQUIRE(FX_RUN(&s, "pick 5L"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "3F");
    CHECK_STR(discard_tail(&s, 3), "5L 2L 6E");
    /* A substitute Queen of Leaves copies the ruler of the fief the visit
     * moved to: here the King of Leaves (fief 5) after a move from 4. */
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "prince-of-leaves");
    fx_ruler(&s, 6, "queen-of-leaves");
    fx_status(&s, 6, TW_NW_FIEF_FRIENDLY);
    fx_status(&s, 3, TW_NW_FIEF_LOST);
    fx_cards(&s, "1C 2C 3C", "8E 7E 6E 5E", "", "", TW_NW_PILE_DISCARD);
    fx_visit(&s, 4, TW_NW_PHASE_BEFORE_STATEMENT);
    fx_sub(&s, 6, 1);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_legal(&s), "fief 2, fief 5"); /* fief 3 was lost: skipped */
    REQUIRE(FX_RUN(&s, "fief 5"));
    REQUIRE(FX_RUN(&s, "respond 1C; activate 1"));
    /* King of Leaves copied: look at the top card and exchange it. */
    CHECK_INT(s.run.choice, TW_NW_CHOICE_CARD);
    CHECK_STR(fx_known(&s), "6E");
}

TEST(nw_crown_substitute_carries_a_crown_ability)
{
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_ruler(&s, 6, "prince-of-claws");
    fx_status(&s, 6, TW_NW_FIEF_FRIENDLY);
    fx_cards(&s, "1C 2C", "8E 7F 6E 5L", "", "", TW_NW_PILE_DISCARD);
    fx_visit(&s, 3, TW_NW_PHASE_SUBSTITUTES);
    REQUIRE(FX_RUN(&s, "substitute 6 1; activate 1"));
    CHECK_INT(s.run.choice, TW_NW_CHOICE_CONTINUE);
    REQUIRE(FX_RUN(&s, "continue"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "1C 2C 5L 6E");
    CHECK_STR(fx_legal(&s), "continue, pass");
}

/* ---- Visit decided ---------------------------------------------------------- */

TEST(nw_crown_decided_simple_cases)
{
    tw_nw_state s;
    int hit = -1;
    /* Fief 0 with a card already scored and no ally ready: sure to miss. */
    fx_blank(&s, NULL);
    fx_cards(&s, "1C 2C", "8E 7E 6E", "5E", "4F", TW_NW_PILE_DISCARD);
    for (int slot = 0; slot < 4; slot++)
        fx_exhaust(&s, slot);
    fx_visit(&s, 0, TW_NW_PHASE_RESPONSE);
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 1);
    CHECK_INT(hit, 0);
    /* The same with the Queen of Claws able to take the score back: open. */
    fx_blank(&s, NULL);
    fx_ruler(&s, 2, "queen-of-claws");
    fx_status(&s, 2, TW_NW_FIEF_FRIENDLY);
    fx_cards(&s, "1C 2C", "8E 7E 6E", "5E", "4F", TW_NW_PILE_DISCARD);
    fx_visit(&s, 0, TW_NW_PHASE_BEFORE_STATEMENT);
    fx_sub(&s, 2, 0);
    for (int slot = 1; slot < 4; slot++)
        fx_exhaust(&s, slot);
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 0);
    /* Target reached and a hand that can never score (1C: no lower Claws,
     * Claws not trump at fief 4): sure to hit. */
    fx_blank(&s, NULL);
    fx_cards(&s, "1C", "8E 7E", "5E", "5F 6F 7F 8F", TW_NW_PILE_DISCARD);
    for (int slot = 0; slot < 4; slot++)
        fx_exhaust(&s, slot);
    fx_visit(&s, 4, TW_NW_PHASE_RESPONSE);
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 1);
    CHECK_INT(hit, 1);
    /* "finish" is offered only when the game offers it. */
    CHECK(strstr(fx_legal(&s), "finish") == NULL);
    s.offer_finish = 1;
    CHECK_STR(fx_legal(&s), "respond 1C, finish");
    tw_nw_events ev = {0};
    REQUIRE(FX_RUN_EV(&s, "finish", &ev));
    CHECK_INT(fx_count_events(&ev, TW_NW_EV_DECIDED, -1), 1);
    CHECK_INT(s.fiefs[4].status, TW_NW_FIEF_FRIENDLY);
    CHECK_INT(s.phase, TW_NW_PHASE_CHOOSE_FIEF);
    /* Outside a visit nothing is decided, and finish is refused. */
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 0);
    CHECK_INT(FX_TRY(&s, "finish"), TW_ERR_ILLEGAL);
}

/* The comparison with an exhaustive check, over every deck order and every
 * line of play, is in tests/test_nw_decided.c. */

/* ---- Records ---------------------------------------------------------------- */

/* A record of a game dealt from a catalog where a user's file replaced a
 * default character carries that character and replays the same game. */
TEST(nw_crown_record_keeps_a_replaced_character)
{
    static tw_nw_catalog cat;
    cat = *fx_catalog();
    static const char *text =
        "{\"format\": \"trickwood-characters\", \"version\": 1, \"characters\": [\n"
        "  {\"id\": \"baron-of-flowers\", \"suit\": \"flowers\", \"crown\": true,\n"
        "   \"name\": {\"en\": \"House Baron\", \"fr\": \"Baron maison\"},\n"
        "   \"text\": {\"en\": \"Draw 2 cards.\", \"fr\": \"Piochez 2 cartes.\"},\n"
        "   \"steps\": [{\"op\": \"draw\", \"count\": 2}]}]}\n";
    tw_diag d;
    REQUIRE(tw_nw_catalog_add_text(&cat, text, "house.json", &d) == TW_OK);
    static tw_nw_record rec, back;
    tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, 99, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_record_init(&rec, &cat, 24, &cfg) == TW_OK);
    tw_nw_state s;
    REQUIRE(tw_nw_new(&s, &cat, &cfg, NULL) == TW_OK);
    for (int i = 0; i < 30 && !tw_nw_is_over(&s); i++) {
        tw_nw_action a[TW_NW_MAX_ACTIONS];
        REQUIRE(tw_nw_legal_actions(&s, a) > 0);
        REQUIRE(tw_nw_apply(&s, a[0], NULL) == TW_OK);
        REQUIRE(tw_nw_record_push(&rec, a[0]) == TW_OK);
    }
    tw_buf json = {0};
    REQUIRE(tw_nw_record_to_json(&rec, &json) == TW_OK);
    CHECK_CONTAINS(json.data, "House Baron");
    CHECK_CONTAINS(json.data, "\"default_characters\": 24");
    REQUIRE(tw_nw_record_from_text(&back, json.data, "rec.json", &d) == TW_OK);
    int at = tw_nw_catalog_find(&back.catalog, "baron-of-flowers");
    REQUIRE(at >= 0);
    CHECK_STR(back.catalog.entries[at].name[0], "House Baron");
    tw_nw_state again;
    REQUIRE(tw_nw_record_replay(&back, -1, &again, NULL) == TW_OK);
    CHECK(memcmp(&again, &s, sizeof s) == 0);
    tw_buf_free(&json);
    tw_nw_record_free(&rec);
    tw_nw_record_free(&back);
}

/* Over random full-deal games, every visit called decided ends the way the
 * answer said, however it is played on (random play from the real deal).
 * Half the games under AddressSanitizer, where the search is slow. */
TEST(nw_crown_decided_holds_in_random_play)
{
    tw_rng rng;
    tw_rng_seed(&rng, 77);
    int checked = 0;
    const int games = TW_TEST_ASAN ? 30 : 60;
    for (int g = 0; g < games; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, 500u + (uint64_t)g, 1, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
        while (!tw_nw_is_over(&s)) {
            int hit = -1;
            if (tw_nw_visit_decided(&s, &hit)) {
                checked++;
                for (int k = 0; k < 3; k++) {
                    tw_nw_state t = s;
                    int fief = t.visiting;
                    while (t.visiting >= 0 && t.phase != TW_NW_PHASE_GAME_OVER) {
                        tw_nw_action a[TW_NW_MAX_ACTIONS], playable[TW_NW_MAX_ACTIONS];
                        int n = tw_nw_legal_actions(&t, a), m = 0;
                        for (int i = 0; i < n; i++)
                            if (TW_NW_ACTION_KIND(a[i]) != TW_NW_ACT_STOP &&
                                TW_NW_ACTION_KIND(a[i]) != TW_NW_ACT_FINISH)
                                playable[m++] = a[i];
                        REQUIRE(m > 0);
                        fief = t.visiting;
                        REQUIRE(tw_nw_apply(&t, playable[tw_rng_below(&rng, (uint32_t)m)], NULL) == TW_OK);
                    }
                    CHECK_INT(t.fiefs[fief].status, hit ? TW_NW_FIEF_FRIENDLY : TW_NW_FIEF_LOST);
                }
            }
            tw_nw_action a[TW_NW_MAX_ACTIONS];
            int n = tw_nw_legal_actions(&s, a);
            REQUIRE(n > 0);
            REQUIRE(tw_nw_apply(&s, a[tw_rng_below(&rng, (uint32_t)n)], NULL) == TW_OK);
            REQUIRE(FX_SOUND(&s));
        }
    }
    CHECK(checked >= games * 5 / 3);
}
