/* For Northwood! hidden information: the player's view hides the unseen
 * deck cards and the RNG; cards the player has seen stay known; and
 * determinize re-deals only what the player cannot locate. */
#include <string.h>

#include "nw_fixture.h"
#include "test.h"

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
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 42, 0};
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
    tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_GOLD, 5, 0};
    REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
    tw_nw_view_of(&s, &v);
    tw_nw_state d;
    tw_nw_determinize(&v, 3, &d);
    check_determinized(&s, &v, &d);
}
