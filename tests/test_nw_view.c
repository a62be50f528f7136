/* For Northwood! hidden information: the player's view hides the unseen
 * deck cards and the RNG; cards the player has seen stay known; and
 * determinize re-deals only what the player cannot locate. Also the view
 * as JSON (web API) for what the crown characters bring. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "nw_fixture.h"
#include "test.h"
#include "trickwood/nw_files.h"

/* Deck cards the player has not seen, as a set. */
static uint32_t unseen_deck(const tw_nw_state *s)
{
    uint32_t set = 0;
    for (int i = 0; i < s->deck_n; i++)
        if (!(s->deck_known & (1u << i)))
            set |= 1u << s->deck[i];
    return set;
}

/* Checks a view against its state: visible parts equal, hidden parts
 * hidden. */
static void check_view(const tw_nw_state *s, const tw_nw_view *v)
{
    static const tw_rng zero_rng;
    CHECK(memcmp(&v->visible.rng, &zero_rng, sizeof zero_rng) == 0);
    CHECK_INT(v->visible.hand, s->hand);
    CHECK_STR(fx_pile(&v->visible, TW_NW_PILE_DISCARD), fx_pile(s, TW_NW_PILE_DISCARD));
    CHECK_STR(fx_pile(&v->visible, TW_NW_PILE_SCORE), fx_pile(s, TW_NW_PILE_SCORE));
    CHECK_INT(v->visible.deck_n, s->deck_n);
    CHECK_INT(v->visible.deck_known, s->deck_known);
    for (int i = 0; i < TW_NW_CARDS; i++) {
        if (i >= s->deck_n)
            CHECK_INT(v->visible.deck[i], 0);
        else if (s->deck_known & (1u << i))
            CHECK_INT(v->visible.deck[i], s->deck[i]);
        else
            CHECK_INT(v->visible.deck[i], TW_NW_NO_CARD);
    }
    CHECK_INT(tw_nw_view_unseen(v), unseen_deck(s));
    tw_nw_action a[TW_NW_MAX_ACTIONS], b[TW_NW_MAX_ACTIONS];
    int na = tw_nw_legal_actions(s, a), nb = tw_nw_view_legal_actions(v, b);
    CHECK_INT(na, nb);
    CHECK(na == nb && memcmp(a, b, (size_t)na * sizeof a[0]) == 0);
}

/* Checks a determinized state against the view it came from. */
static void check_determinized(const tw_nw_state *real, const tw_nw_view *v, const tw_nw_state *d)
{
    FX_SOUND(d);
    CHECK_INT(d->hand, real->hand);
    CHECK_STR(fx_pile(d, TW_NW_PILE_DISCARD), fx_pile(real, TW_NW_PILE_DISCARD));
    CHECK_STR(fx_pile(d, TW_NW_PILE_SCORE), fx_pile(real, TW_NW_PILE_SCORE));
    CHECK_INT(d->deck_n, real->deck_n);
    CHECK_INT(d->deck_known, real->deck_known);
    CHECK_INT(d->phase, real->phase);
    CHECK_INT(d->visiting, real->visiting);
    uint32_t dealt = 0;
    for (int i = 0; i < d->deck_n; i++) {
        if (real->deck_known & (1u << i))
            CHECK_INT(d->deck[i], real->deck[i]);
        else
            dealt |= 1u << d->deck[i];
    }
    CHECK_INT(dealt, tw_nw_view_unseen(v));
    CHECK_INT(tw_popcount32(dealt), real->deck_n - tw_popcount32(real->deck_known));
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        CHECK_INT(d->fiefs[f].status, real->fiefs[f].status);
        CHECK_INT(d->fiefs[f].ruler.catalog_index, real->fiefs[f].ruler.catalog_index);
    }
    tw_nw_action a[TW_NW_MAX_ACTIONS], b[TW_NW_MAX_ACTIONS];
    int na = tw_nw_legal_actions(real, a), nb = tw_nw_legal_actions(d, b);
    CHECK(na == nb && memcmp(a, b, (size_t)na * sizeof a[0]) == 0);
}

TEST(nw_view_hides_deck_and_rng)
{
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 42, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
    tw_nw_view v;
    tw_nw_view_of(&s, &v);
    check_view(&s, &v);
    for (int i = 0; i < s.deck_n; i++)
        CHECK_INT(v.visible.deck[i], TW_NW_NO_CARD);
    CHECK_INT(tw_popcount32(tw_nw_view_unseen(&v)), 24);
    CHECK_INT(tw_nw_view_unseen(&v) & s.hand, 0);
    /* Play a little and look again. */
    REQUIRE(FX_RUN(&s, "visit 3; proceed"));
    tw_nw_view_of(&s, &v);
    check_view(&s, &v);
    CHECK_INT(tw_popcount32(tw_nw_view_unseen(&v)), 23);
}

TEST(nw_view_same_for_any_hidden_order)
{
    /* Two games that differ only in what the player cannot see (unseen
     * deck order, stale slots above the deck top, the RNG) give the same
     * view, byte for byte. */
    tw_nw_state a;
    fx_blank(&a, NULL);
    fx_ally(&a, 0, "queen-of-eyes");
    fx_cards(&a, "1F 2F 3F", "1C 2C 3C 4C 5C 6C", "7E", "8E", TW_NW_PILE_DECK);
    fx_visit(&a, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&a, "activate 0")); /* 5C 4C known, 6C the statement */
    tw_nw_state b;
    memcpy(&b, &a, sizeof a);
    tw_rng_seed(&b.rng, 999);
    /* Reverse the unknown part of the deck. */
    int lo = 0, hi = b.deck_n - 3;
    while (lo < hi) {
        uint8_t t = b.deck[lo];
        b.deck[lo] = b.deck[hi];
        b.deck[hi] = t;
        lo++;
        hi--;
    }
    for (int i = b.deck_n; i < TW_NW_CARDS; i++)
        b.deck[i] = (uint8_t)(31 - i);
    FX_SOUND(&b);
    REQUIRE(strcmp(fx_pile(&a, TW_NW_PILE_DECK), fx_pile(&b, TW_NW_PILE_DECK)) != 0);
    tw_nw_view va, vb;
    memset(&va, 0, sizeof va);
    memset(&vb, 0, sizeof vb);
    tw_nw_view_of(&a, &va);
    tw_nw_view_of(&b, &vb);
    CHECK(memcmp(&va, &vb, sizeof va) == 0);
    check_view(&a, &va);
}

TEST(nw_view_keeps_seen_cards)
{
    tw_nw_state s;
    tw_nw_view v;
    /* Queen of Eyes: the two cards under the statement stay known, in
     * place, through later dialogues. */
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "queen-of-eyes");
    fx_cards(&s, "1F 2F 3F", "1C 2C 4C 5C 6C", "", "", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0"));
    tw_nw_view_of(&s, &v);
    check_view(&s, &v);
    CHECK_INT(v.visible.deck[s.deck_n - 1], fx_card("5C"));
    CHECK_INT(v.visible.deck[s.deck_n - 2], fx_card("4C"));
    CHECK_INT(v.visible.deck[s.deck_n - 3], TW_NW_NO_CARD);
    REQUIRE(FX_RUN(&s, "respond 1F; activate 3")); /* Jack of Eyes draws both known cards */
    CHECK_STR(fx_known(&s), "");
    CHECK(s.hand & fx_mask("4C 5C"));

    /* King of Leaves: while the exchange waits, the top card is known. */
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "king-of-leaves");
    fx_cards(&s, "1F 2F 3F", "1C 7E", "", "", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0"));
    REQUIRE(s.phase == TW_NW_PHASE_ABILITY);
    tw_nw_view_of(&s, &v);
    check_view(&s, &v);
    CHECK_INT(v.visible.deck[s.deck_n - 1], fx_card("7E"));
    CHECK_INT(tw_nw_view_unseen(&v) & fx_mask("7E"), 0);

    /* Cards put back on the deck by an ability stay known below the
     * statement: a two-card retraction (a data-driven ability of the kind
     * the crown characters may bring) leaves the lower card known. */
    fx_blank(&s, NULL);
    tw_nw_character *ch = &s.slots[0].ally;
    ch->nsteps = 1;
    ch->steps[0].op = TW_NW_OP_MOVE_TOP;
    ch->steps[0].a = TW_NW_PILE_SCORE;
    ch->steps[0].b = TW_NW_PILE_DECK;
    ch->steps[0].c = 2;
    fx_cards(&s, "1F 2F 3F", "1C", "", "5L 3E 2C", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_DISCARD), "3E");
    CHECK_STR(fx_pile(&s, TW_NW_PILE_SCORE), "5L");
    CHECK_STR(fx_known(&s), "2C");
    tw_nw_view_of(&s, &v);
    check_view(&s, &v);
    CHECK_INT(v.visible.deck[s.deck_n - 1], fx_card("2C"));

    /* The same with the Queen of Flowers' step and an exchange, held by a
     * pause (naming a suit) before the statement. */
    fx_blank(&s, NULL);
    ch = &s.slots[0].ally;
    fx_character(ch, "queen-of-flowers");
    ch->steps[ch->nsteps++].op = TW_NW_OP_NAME_SUIT;
    fx_cards(&s, "1F 2F 3F", "1C", "", "5L 3E", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0"));
    REQUIRE(s.phase == TW_NW_PHASE_ABILITY);
    tw_nw_view_of(&s, &v);
    check_view(&s, &v);
    CHECK_INT(v.visible.deck[s.deck_n - 1], fx_card("3E"));
    CHECK_INT(v.visible.deck[s.deck_n - 2], TW_NW_NO_CARD);

    fx_blank(&s, NULL);
    ch = &s.slots[0].ally;
    fx_character(ch, "king-of-leaves");
    ch->steps[ch->nsteps++].op = TW_NW_OP_NAME_SUIT;
    fx_cards(&s, "1F 2F 3F", "1C 7E", "", "", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0; pick 2F"));
    REQUIRE(s.phase == TW_NW_PHASE_ABILITY);
    tw_nw_view_of(&s, &v);
    check_view(&s, &v);
    CHECK_INT(v.visible.deck[s.deck_n - 1], fx_card("2F"));
    CHECK_INT(v.visible.deck[s.deck_n - 2], TW_NW_NO_CARD);
    CHECK(v.visible.hand & fx_mask("7E"));
}

TEST(nw_view_determinize)
{
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "queen-of-eyes");
    fx_cards(&s, "1F 2F 3F 8C", "1C 2C 4C 5C 6C", "7E 6E", "8E", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0"));
    tw_nw_view v;
    tw_nw_view_of(&s, &v);
    int top_values = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        tw_nw_state d;
        tw_nw_determinize(&v, seed, &d);
        check_determinized(&s, &v, &d);
        CHECK_INT(d.deck[d.deck_n - 1], fx_card("5C"));
        top_values |= 1 << (d.deck[d.deck_n - 3] & 31);
        /* The determinized game plays on like the real one. */
        tw_nw_state real = s;
        REQUIRE(FX_RUN(&d, "respond 8C; proceed"));
        REQUIRE(FX_RUN(&real, "respond 8C; proceed"));
        CHECK_INT(tw_nw_statement(&d), tw_nw_statement(&real));
    }
    /* The highest unknown position gets many different cards. */
    CHECK(tw_popcount32((uint32_t)top_values) > 5);
    /* Different seeds, different deals; the same seed, the same deal. */
    tw_nw_state d1, d2, d3;
    tw_nw_determinize(&v, 1, &d1);
    tw_nw_determinize(&v, 2, &d2);
    tw_nw_determinize(&v, 1, &d3);
    CHECK(strcmp(fx_pile(&d1, TW_NW_PILE_DECK), fx_pile(&d2, TW_NW_PILE_DECK)) != 0);
    CHECK_STR(fx_pile(&d1, TW_NW_PILE_DECK), fx_pile(&d3, TW_NW_PILE_DECK));
}

TEST(nw_view_determinize_mid_ability)
{
    /* King of Leaves waiting for the exchange: the top card is known, so
     * every determinized state gives the same hand after the pick. */
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "king-of-leaves");
    fx_cards(&s, "1F 2F 3F", "1C 7E", "", "", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0"));
    tw_nw_view v;
    tw_nw_view_of(&s, &v);
    for (uint64_t seed = 10; seed < 20; seed++) {
        tw_nw_state d;
        tw_nw_determinize(&v, seed, &d);
        check_determinized(&s, &v, &d);
        REQUIRE(FX_RUN(&d, "pick 2F"));
        CHECK_STR(fx_pile(&d, TW_NW_PILE_HAND), "1F 3F 7E");
        CHECK_STR(fx_pile(&d, TW_NW_PILE_DISCARD), "2F");
    }
    /* Between visits and at the game's end too. */
    tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_GOLD, 5, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
    tw_nw_view_of(&s, &v);
    tw_nw_state d;
    tw_nw_determinize(&v, 3, &d);
    check_determinized(&s, &v, &d);
}

/* ---- The view as JSON ----------------------------------------------------- */

/* The view JSON of a state (the caller decrefs); fails the test on NULL. */
static json_t *view_json_of(const tw_nw_state *s)
{
    tw_nw_view v;
    tw_nw_view_of(s, &v);
    json_t *j = tw_nw_view_json(&v, fx_catalog());
    if (!j)
        tw_test_fail(__FILE__, __LINE__, "no view JSON");
    return j;
}

/* A member's value as compact JSON text, in a rotating static buffer. */
static const char *member_text(json_t *obj, const char *key)
{
    static char out[4][1024];
    static int next;
    char *buf = out[next++ % 4];
    json_t *v = json_object_get(obj, key);
    char *text = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    snprintf(buf, 1024, "%s", text ? text : "(missing)");
    free(text);
    return buf;
}

/* The "crown" flag of a character object. */
static int crown_of(json_t *character)
{
    return json_is_true(json_object_get(character, "crown"));
}

TEST(nw_view_json_crown_characters_and_choices)
{
    /* Lady of Leaves: draws, then makes slot 1 or slot 2 ready again. */
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "lady-of-leaves");
    fx_ruler(&s, 5, "baron-of-flowers");
    fx_exhaust(&s, 1);
    fx_exhaust(&s, 2);
    fx_cards(&s, "1F 2F 3F", "1C 2C 4C 5C 6C", "", "", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0"));
    REQUIRE(s.phase == TW_NW_PHASE_ABILITY && s.run.choice == TW_NW_CHOICE_SLOT);
    json_t *j = view_json_of(&s);
    REQUIRE(j);
    json_t *ab = json_object_get(j, "ability");
    CHECK_STR(member_text(ab, "choice"), "\"ally\"");
    CHECK_STR(member_text(ab, "pending"), "[1,2]");
    CHECK_STR(member_text(ab, "may_pass"), "false");
    CHECK_STR(member_text(ab, "triggered"), "false");
    json_t *ch = json_object_get(ab, "character");
    CHECK_STR(member_text(ch, "id"), "\"lady-of-leaves\"");
    CHECK(crown_of(ch));
    CHECK_STR(member_text(ch, "title"), "{\"en\":\"\",\"fr\":\"\"}"); /* crown cards have no known title */
    CHECK(strlen(json_string_value(json_object_get(json_object_get(ch, "text"), "en"))) > 10);
    CHECK(strlen(json_string_value(json_object_get(json_object_get(ch, "text"), "fr"))) > 10);
    /* Every character carries its flag: allies, the slot's active one, rulers. */
    json_t *slots = json_object_get(j, "slots");
    CHECK(crown_of(json_object_get(json_array_get(slots, 0), "ally")));
    CHECK(crown_of(json_object_get(json_array_get(slots, 0), "active")));
    CHECK(!crown_of(json_object_get(json_array_get(slots, 1), "ally")));
    json_t *fiefs = json_object_get(j, "fiefs");
    CHECK(crown_of(json_object_get(json_array_get(fiefs, 5), "ruler")));
    CHECK(!crown_of(json_object_get(json_array_get(fiefs, 0), "ruler")));
    CHECK(json_object_get(json_object_get(json_array_get(fiefs, 0), "ruler"), "crown") != NULL);
    CHECK_STR(member_text(j, "trigger"), "null");
    CHECK_STR(member_text(j, "offer_finish"), "false");
    CHECK_STR(member_text(j, "decided"), "null");
    json_decref(j);

    /* Prince of Claws: 5C is not of the trump suit (flowers, fief 2), so it
     * asks whether to draw on; nothing to pick, and it may be passed. */
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "prince-of-claws");
    fx_cards(&s, "1C 2C 3C", "1F 4F 5C", "", "", TW_NW_PILE_DECK);
    fx_visit(&s, 2, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0"));
    REQUIRE(s.phase == TW_NW_PHASE_ABILITY && s.run.choice == TW_NW_CHOICE_CONTINUE);
    j = view_json_of(&s);
    REQUIRE(j);
    ab = json_object_get(j, "ability");
    CHECK_STR(member_text(ab, "choice"), "\"continue\"");
    CHECK_STR(member_text(ab, "pending"), "[]");
    CHECK_STR(member_text(ab, "may_pass"), "true");
    json_decref(j);

    /* Baron of Leaves: a card of the discard top's value, or pass. */
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "baron-of-leaves");
    fx_cards(&s, "4C 4F 7E", "1F 2F 3F", "4L", "", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0"));
    REQUIRE(s.phase == TW_NW_PHASE_ABILITY && s.run.may_pass);
    j = view_json_of(&s);
    REQUIRE(j);
    ab = json_object_get(j, "ability");
    CHECK_STR(member_text(ab, "choice"), "\"card\"");
    CHECK_STR(member_text(ab, "pending"), "[\"4C\",\"4F\"]");
    CHECK_STR(member_text(ab, "may_pass"), "true");
    json_decref(j);
}

TEST(nw_view_json_trigger)
{
    /* Baron of Eyes arms its trigger; the statement 6C comes at once. */
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_ally(&s, 2, "baron-of-eyes");
    fx_cards(&s, "1F 2F 3F", "1C 2C 4C 5C 6C", "", "", TW_NW_PILE_DECK);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 2"));
    REQUIRE(s.phase == TW_NW_PHASE_RESPONSE && s.trigger.active);
    json_t *j = view_json_of(&s);
    REQUIRE(j);
    json_t *t = json_object_get(j, "trigger");
    CHECK_STR(member_text(t, "slot"), "2");
    CHECK_STR(member_text(t, "waits_for"), "\"response\"");
    CHECK_STR(member_text(json_object_get(t, "character"), "id"), "\"baron-of-eyes\"");
    CHECK(crown_of(json_object_get(t, "character")));
    CHECK_STR(member_text(j, "ability"), "null");
    CHECK_STR(member_text(j, "statement"), "\"6C\"");
    json_decref(j);
    /* An odd answer: the trigger fires and waits for the card to discard. */
    REQUIRE(FX_RUN(&s, "respond 1F"));
    REQUIRE(s.phase == TW_NW_PHASE_ABILITY && s.run.triggered);
    j = view_json_of(&s);
    REQUIRE(j);
    CHECK_STR(member_text(j, "trigger"), "null");
    json_t *ab = json_object_get(j, "ability");
    CHECK_STR(member_text(ab, "slot"), "2");
    CHECK_STR(member_text(ab, "triggered"), "true");
    CHECK_STR(member_text(ab, "choice"), "\"card\"");
    CHECK_STR(member_text(ab, "pending"), "[\"2F\",\"3F\"]");
    json_decref(j);
}

/* The last visit of a game (fiefs 0 to 6 lost), answering 8C with 1C, the
 * last card in hand, with `scored` cards already in the score pile. */
static void last_answer(tw_nw_state *s, const char *score)
{
    fx_blank(s, NULL);
    for (int f = 0; f < 7; f++)
        fx_status(s, f, TW_NW_FIEF_LOST);
    fx_cards(s, "1C", "", "8C", score, TW_NW_PILE_DECK);
    fx_visit(s, 7, TW_NW_PHASE_RESPONSE);
}

TEST(nw_view_json_finish_and_decided)
{
    /* 1C cannot beat 8C, so the score stays where it is: 7 cards hit the
     * target of fief 7, 6 miss it. Either way the visit is decided. */
    tw_nw_state s;
    last_answer(&s, "1F 2F 3F 4F 5F 6F 7F");
    json_t *j = view_json_of(&s);
    REQUIRE(j);
    CHECK_STR(member_text(j, "offer_finish"), "false");
    CHECK_STR(member_text(j, "decided"), "null"); /* not asked: the game does not offer "finish" */
    json_decref(j);
    s.offer_finish = 1;
    j = view_json_of(&s);
    REQUIRE(j);
    CHECK_STR(member_text(j, "offer_finish"), "true");
    CHECK_STR(member_text(j, "decided"), "{\"hit\":true}");
    json_decref(j);
    CHECK_STR(fx_legal(&s), "respond 1C, stop, finish");

    last_answer(&s, "1F 2F 3F 4F 5F 6F");
    s.offer_finish = 1;
    j = view_json_of(&s);
    REQUIRE(j);
    CHECK_STR(member_text(j, "decided"), "{\"hit\":false}");
    json_decref(j);

    /* Two cards and a choice: 8E (trump) scores, 1C does not; still open. */
    fx_blank(&s, NULL);
    for (int f = 0; f < 7; f++)
        fx_status(&s, f, TW_NW_FIEF_LOST);
    fx_cards(&s, "1C 8E", "", "5L", "1F 2F 3F 4F 5F 6F", TW_NW_PILE_DECK);
    fx_visit(&s, 7, TW_NW_PHASE_RESPONSE);
    s.offer_finish = 1;
    int hit;
    CHECK(!tw_nw_visit_decided(&s, &hit));
    j = view_json_of(&s);
    REQUIRE(j);
    CHECK_STR(member_text(j, "offer_finish"), "true");
    CHECK_STR(member_text(j, "decided"), "null");
    json_decref(j);
}

/* Unseen deck cards named anywhere in a JSON text (as "7E" strings). */
static uint32_t named_cards(const char *text, uint32_t among)
{
    uint32_t found = 0;
    for (int c = 0; c < TW_NW_CARDS; c++) {
        char code[4], quoted[8];
        tw_nw_card_code(c, code);
        snprintf(quoted, sizeof quoted, "\"%s\"", code);
        if ((among & (1u << c)) && strstr(text, quoted))
            found |= 1u << c;
    }
    return found;
}

TEST(nw_view_json_hides_the_deck_order)
{
    /* Crown states: a trigger armed, a moved visit, a search that shuffled
     * the deck. The text names no unseen card and is the same whatever the
     * unseen order and the RNG. */
    static const char *const allies[] = {"baron-of-eyes", "prince-of-leaves", "baron-of-claws"};
    static const char *const scripts[] = {"activate 0", "activate 0; fief 4", "activate 0; pick 2F"};
    for (int k = 0; k < 3; k++) {
        tw_nw_state a;
        fx_blank(&a, NULL);
        fx_ally(&a, 0, allies[k]);
        fx_cards(&a, "1F 2F 3F", "2C 1C 4C 5C 6C 7C", "", "", TW_NW_PILE_DECK);
        fx_visit(&a, 3, TW_NW_PHASE_BEFORE_STATEMENT);
        REQUIRE(FX_RUN(&a, scripts[k]));
        tw_nw_state b = a;
        tw_rng_seed(&b.rng, 77);
        /* Reverse the unseen deck cards among themselves. */
        int pos[TW_NW_CARDS], n = 0;
        for (int i = 0; i < b.deck_n; i++)
            if (!(b.deck_known & (1u << i)))
                pos[n++] = i;
        for (int i = 0; i < n / 2; i++) {
            uint8_t t = b.deck[pos[i]];
            b.deck[pos[i]] = b.deck[pos[n - 1 - i]];
            b.deck[pos[n - 1 - i]] = t;
        }
        FX_SOUND(&b);
        REQUIRE(n > 2);
        json_t *ja = view_json_of(&a), *jb = view_json_of(&b);
        REQUIRE(ja && jb);
        char *ta = json_dumps(ja, JSON_COMPACT), *tb = json_dumps(jb, JSON_COMPACT);
        REQUIRE(ta && tb);
        CHECK_STR(ta, tb);
        tw_nw_view v;
        tw_nw_view_of(&a, &v);
        CHECK_INT(named_cards(ta, tw_nw_view_unseen(&v)), 0);
        if (k == 0)
            CHECK(json_object_get(ja, "trigger") && !json_is_null(json_object_get(ja, "trigger")));
        if (k == 1)
            CHECK_STR(member_text(ja, "visiting"), "4");
        if (k == 2)
            CHECK_STR(member_text(ja, "deck_known"), "[]");
        free(ta);
        free(tb);
        json_decref(ja);
        json_decref(jb);
    }
}
