/* For Northwood!: "this visit is decided" (tw_nw_visit_decided) against
 * the exhaustive check of tests/nw_exhaustive.c, in both directions, on
 * small built positions: any ally, a ready Baron of Claws (whose shuffle
 * is dealt in every order), and abilities that draw without growing the
 * hand (Prince of Eyes, Jack of Eyes) with many unseen cards. The answer
 * reads only what the player sees. */
#include <string.h>

#include "nw_exhaustive.h"
#include "nw_fixture.h"
#include "test.h"

#define EXH_BUDGET 3000000L /* actions the exhaustive check may apply per position */

/* The kind of small position to build. */
typedef struct {
    int hand_max, deck_min, deck_max, score_max;
    const char *ally;    /* slot 0's ally; NULL: any character, or none */
    int second_ready;    /* 1: slot 1 is ready too, with any character */
    int rest;            /* where the cards named nowhere go (deck or discard) */
} position_shape;

/* A random character id of the default catalog. */
static const char *any_character(tw_rng *rng)
{
    const tw_nw_catalog *cat = fx_catalog();
    return cat->entries[tw_rng_below(rng, (uint32_t)cat->count)].id;
}

/* Builds a random small position in a visit: a few cards in hand, deck
 * and score, the rest where the shape says, a random fief and statuses,
 * slot 0 ready with the shape's ally (or any one, or none), maybe the top
 * deck cards known. Returns 0 when the draw gave no sound position. */
static int random_position(tw_rng *rng, const position_shape *shape, tw_nw_state *s)
{
    fx_blank(s, NULL);
    uint8_t order[TW_NW_CARDS];
    for (int i = 0; i < TW_NW_CARDS; i++)
        order[i] = (uint8_t)i;
    tw_rng_shuffle_u8(rng, order, TW_NW_CARDS);
    int h = 1 + (int)tw_rng_below(rng, (uint32_t)shape->hand_max);
    int d = shape->deck_min + (int)tw_rng_below(rng, (uint32_t)(shape->deck_max - shape->deck_min + 1));
    int sc = (int)tw_rng_below(rng, (uint32_t)shape->score_max + 1);
    char hand[128] = "", deck[128] = "", score[128] = "", code[4];
    for (int i = 0; i < h + d + sc; i++) {
        tw_nw_card_code(order[i], code);
        char *to = i < h ? hand : i < h + d ? deck : score;
        strcat(to, code);
        strcat(to, " ");
    }
    int fief = (int)tw_rng_below(rng, 8);
    for (int f = 0; f < 8; f++)
        if (f != fief && tw_rng_below(rng, 2))
            fx_status(s, f, tw_rng_below(rng, 2) ? TW_NW_FIEF_FRIENDLY : TW_NW_FIEF_LOST);
    int with_ally = shape->ally || tw_rng_below(rng, 3) != 0;
    if (with_ally)
        fx_ally(s, 0, shape->ally ? shape->ally : any_character(rng));
    if (shape->second_ready)
        fx_ally(s, 1, any_character(rng));
    fx_cards(s, hand, deck, "", score, shape->rest);
    if (s->discard_n == 0 && !with_ally)
        return 0; /* an answer needs a statement */
    for (int slot = with_ally ? 1 + shape->second_ready : 0; slot < 4; slot++)
        fx_exhaust(s, slot);
    fx_visit(s, fief, with_ally ? TW_NW_PHASE_BEFORE_STATEMENT : TW_NW_PHASE_RESPONSE);
    if (tw_rng_below(rng, 2))
        fx_known_top(s, (int)tw_rng_below(rng, (uint32_t)s->deck_n + 1));
    return tw_nw_check_invariants(s, NULL);
}

/* Tallies of one comparison run. */
typedef struct {
    int compared, decided, open, unknown;
} agreement;

/* Compares the engine's answer with the exhaustive check on `trials`
 * positions of a shape: every decided position is answered decided with
 * its outcome, every open one not decided, and the answer does not
 * change when the unseen cards lie in another order. */
static agreement compare_on(const position_shape *shape, uint64_t seed, int trials)
{
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    agreement a = {0, 0, 0, 0};
    for (int trial = 0; trial < trials; trial++) {
        tw_nw_state s;
        if (!random_position(&rng, shape, &s))
            continue;
        unsigned truth = nw_exhaustive_outcomes(&s, EXH_BUDGET);
        if (truth == NW_EXH_UNKNOWN) {
            a.unknown++;
            continue;
        }
        int hit = -1;
        int says = tw_nw_visit_decided(&s, &hit);
        a.compared++;
        if (truth == NW_EXH_HIT || truth == NW_EXH_MISS) {
            a.decided++;
            if (!says || hit != (truth == NW_EXH_HIT))
                tw_test_fail(__FILE__, __LINE__, "trial %d (seed %llu): decided %s, the engine says %d (hit %d)",
                             trial, (unsigned long long)seed, truth == NW_EXH_HIT ? "hit" : "miss", says, hit);
        } else {
            a.open++;
            if (says)
                tw_test_fail(__FILE__, __LINE__, "trial %d (seed %llu): open, the engine says decided", trial,
                             (unsigned long long)seed);
        }
        /* the same view with the unseen cards in another order */
        tw_nw_view view;
        tw_nw_view_of(&s, &view);
        tw_nw_state other;
        tw_nw_determinize(&view, seed + (uint64_t)trial, &other);
        int other_hit = -1;
        CHECK_INT(tw_nw_visit_decided(&other, &other_hit), says);
        if (says)
            CHECK_INT(other_hit, hit);
    }
    return a;
}

/* Any ally or none, few cards: both answers are common. */
TEST(nw_decided_agrees_with_exhaustive_check_any_ally)
{
    position_shape shape = {3, 1, 4, 4, NULL, 0, TW_NW_PILE_DISCARD};
    agreement a = compare_on(&shape, 2026, 400);
    CHECK(a.compared >= 300);
    CHECK(a.decided >= 30);
    CHECK(a.open >= 30);
}

/* A ready Baron of Claws (alone or with another ready ally): its shuffle
 * is a chance node the answer weighs in every order. */
TEST(nw_decided_agrees_with_exhaustive_check_baron_of_claws)
{
    position_shape alone = {3, 2, 5, 4, "baron-of-claws", 0, TW_NW_PILE_DISCARD};
    agreement a = compare_on(&alone, 31, 300);
    position_shape pair = {2, 2, 4, 3, "baron-of-claws", 1, TW_NW_PILE_DISCARD};
    agreement b = compare_on(&pair, 32, 150);
    CHECK(a.compared >= 250);
    CHECK(a.decided >= 40);
    CHECK(a.open >= 40);
    CHECK(b.compared >= 100);
    CHECK(b.decided >= 15);
}

/* The allies that draw as many cards as they discard. */
static const char *const draw_discard[] = {"prince-of-eyes", "jack-of-eyes"};

/* Abilities that draw as many cards as they discard, with up to ten
 * cards in the deck: the hand's net growth bounds the answers. Under
 * AddressSanitizer, four times slower here, 60 positions of each. */
TEST(nw_decided_agrees_with_exhaustive_check_draw_and_discard)
{
    const int trials = TW_TEST_ASAN ? 60 : 150;
    for (int i = 0; i < 2; i++) {
        position_shape shape = {2, 6, 10, 4, draw_discard[i], 0, TW_NW_PILE_DISCARD};
        agreement a = compare_on(&shape, 40 + (uint64_t)i, trials);
        CHECK(a.compared >= trials * 4 / 5);
        CHECK(a.decided >= trials * 4 / 15);
        CHECK(a.open >= trials / 10);
    }
}

/* A blank game with ally on slot 0, the only ally still ready. */
static void only_ready(tw_nw_state *s, const char *ally)
{
    fx_blank(s, NULL);
    fx_ally(s, 0, ally);
    for (int slot = 1; slot < 4; slot++)
        fx_exhaust(s, slot);
}

/* The case that ran the search out of its budget: target 7, score 1, one
 * card in hand, only a Prince of Eyes ready, twenty cards unseen. The
 * Prince discards one card and draws one (four times, the three other
 * allies being used), so one answer at most is left: a sure miss, decided
 * at once. */
TEST(nw_decided_prince_of_eyes_with_one_card_left)
{
    tw_nw_state s;
    only_ready(&s, "prince-of-eyes");
    fx_cards(&s, "8L", "", "1C 2C 3C 4C 5C 6C 7C 8C 1F 2F", "5E", TW_NW_PILE_DECK);
    fx_visit(&s, 7, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_SOUND(&s));
    CHECK_INT(s.deck_n, 20);
    int hit = -1;
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 1);
    CHECK_INT(hit, 0);
    /* With the Jack of Eyes (draw two, discard two) the same. */
    fx_ally(&s, 0, "jack-of-eyes");
    hit = -1;
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 1);
    CHECK_INT(hit, 0);
    /* The Lady of Eyes draws two and discards at least one: three answers
     * at most, a score of 4 at most: decided too. */
    fx_ally(&s, 0, "lady-of-eyes");
    hit = -1;
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 1);
    CHECK_INT(hit, 0);
    /* The Prince of Claws may draw the whole deck: no such bound, and
     * the visit is open. */
    fx_ally(&s, 0, "prince-of-claws");
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 0);
}

/* The same position for every target from 3 on: with one card in hand
 * and abilities that draw only as many as they discard, one answer at
 * most is left, a score of 2 at most, so each is a sure miss. Counting
 * the draws alone (the Prince's four runs, the Jack's two cards) would
 * allow 5 or 3 answers and leave the twenty unseen cards to the search,
 * which does not settle them (checked with the bound switched off): this
 * asks the net growth bound itself. */
TEST(nw_decided_net_growth_settles_every_target_above_two)
{
    for (int i = 0; i < 2; i++) {
        tw_nw_state s;
        only_ready(&s, draw_discard[i]);
        fx_cards(&s, "8L", "", "1C 2C 3C 4C 5C 6C 7C 8C 1F 2F", "5E", TW_NW_PILE_DECK);
        for (int fief = 3; fief < 8; fief++) {
            fx_visit(&s, fief, TW_NW_PHASE_BEFORE_STATEMENT);
            REQUIRE(FX_SOUND(&s));
            int hit = -1;
            if (tw_nw_visit_decided(&s, &hit) != 1 || hit != 0)
                tw_test_fail(__FILE__, __LINE__, "%s, target %d: not decided as a miss (hit %d)", draw_discard[i],
                             fief, hit);
        }
    }
}

/* A Baron of Claws that decides the visit through its shuffle: fief 0
 * (target 0, Claws trump), nothing scored; the hand's 1F scores against no
 * statement left (the other Flowers are in the discard), and the Baron
 * can only bring the last 1s to the hand: 1C is trump and would score
 * on any non-Claws statement, so the visit is open; without 1C unseen it
 * is a sure hit, whatever order the shuffle leaves. */
TEST(nw_decided_baron_of_claws_shuffle)
{
    tw_nw_state s;
    only_ready(&s, "baron-of-claws");
    fx_cards(&s, "1F", "1C 8E 7E", "", "", TW_NW_PILE_DISCARD);
    fx_visit(&s, 0, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_SOUND(&s));
    int hit = -1;
    CHECK_INT(nw_exhaustive_outcomes(&s, EXH_BUDGET), NW_EXH_HIT | NW_EXH_MISS);
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 0);
    fx_cards(&s, "1F", "1E 8E 7E", "", "", TW_NW_PILE_DISCARD);
    fx_visit(&s, 0, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_SOUND(&s));
    CHECK_INT(nw_exhaustive_outcomes(&s, EXH_BUDGET), NW_EXH_HIT);
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 1);
    CHECK_INT(hit, 1);
}

/* Two lines that differ only in the ruler a Jack of Leaves brought to the
 * visited fief (so in the trump) are different positions for the search:
 * fief 4 under the Prince of Eyes (Eyes trump), one point scored, 3C 7C 6L
 * in hand, 1C to answer. 3C scores on it; then swapping in the Jack of
 * Claws from fief 6 makes Claws trump: 7C on the 3F known on top of the
 * deck, 6L on a lower Leaves make the target. The search once mixed up such
 * lines and called the visit a sure miss. */
TEST(nw_decided_tells_apart_lines_with_another_trump)
{
    tw_nw_state s;
    fx_blank(&s, "lady-of-claws lady-of-flowers king-of-eyes baron-of-flowers prince-of-eyes lady-of-leaves "
                 "jack-of-claws baron-of-leaves");
    s.setup = TW_NW_SETUP_FULL; /* as in the game where it was met: the same witnesses */
    fx_status(&s, 1, TW_NW_FIEF_FRIENDLY);
    fx_status(&s, 7, TW_NW_FIEF_LOST);
    fx_ally(&s, 0, "jack-of-leaves");
    fx_ally(&s, 1, "queen-of-eyes");
    fx_ally(&s, 2, "jack-of-flowers");
    fx_ally(&s, 3, "queen-of-claws");
    fx_sub(&s, 1, 3);
    for (int slot = 1; slot < 4; slot++)
        fx_exhaust(&s, slot);
    fx_cards(&s, "3C 7C 6L", "3F", "8C 2F 5E 4C 7F 1F 4E 6C 1C", "5F", TW_NW_PILE_DECK);
    fx_visit(&s, 4, TW_NW_PHASE_RESPONSE);
    fx_known_top(&s, 1);
    REQUIRE(FX_SOUND(&s));
    CHECK_STR(fx_known(&s), "3F");
    int hit = -1;
    CHECK_INT(nw_exhaustive_outcomes(&s, EXH_BUDGET), NW_EXH_HIT | NW_EXH_MISS);
    CHECK_INT(tw_nw_visit_decided(&s, &hit), 0);
}

/* Compares the engine's answer with the exhaustive check on one built
 * position for every target (the fief visited, 0 to 7, its ruler setting
 * the trump); counts the decided and the open ones. */
static void compare_every_target(tw_nw_state *s, int phase, agreement *a)
{
    for (int fief = 0; fief < 8; fief++) {
        fx_visit(s, fief, phase);
        REQUIRE(FX_SOUND(s));
        unsigned truth = nw_exhaustive_outcomes(s, EXH_BUDGET);
        CHECK(truth != NW_EXH_UNKNOWN);
        int hit = -1, says = tw_nw_visit_decided(s, &hit);
        a->compared++;
        if (truth == NW_EXH_HIT || truth == NW_EXH_MISS) {
            a->decided++;
            if (!says || hit != (truth == NW_EXH_HIT))
                tw_test_fail(__FILE__, __LINE__, "fief %d: decided %s, the engine says %d (hit %d)", fief,
                             truth == NW_EXH_HIT ? "hit" : "miss", says, hit);
        } else if (truth == (NW_EXH_HIT | NW_EXH_MISS)) {
            a->open++;
            if (says)
                tw_test_fail(__FILE__, __LINE__, "fief %d: open, the engine says decided", fief);
        }
    }
}

/* The kind the issue named, small enough for the exhaustive check: one
 * point scored, one card in hand, only a Prince of Eyes (or a Jack of
 * Eyes) ready, eight cards unseen in the deck. The draws bring no more
 * answers, so above a target of 2 the visit is a sure miss; below, it
 * depends. Every target is compared with the exhaustive check. */
TEST(nw_decided_draw_without_growth_one_card_every_target)
{
    for (int i = 0; i < 2; i++) {
        tw_nw_state s;
        only_ready(&s, draw_discard[i]);
        fx_cards(&s, "8L", "1C 3C 6C 2F 7F 4L 2E 6E", "", "5E", TW_NW_PILE_DISCARD);
        agreement a = {0, 0, 0, 0};
        compare_every_target(&s, TW_NW_PHASE_BEFORE_STATEMENT, &a);
        CHECK_INT(a.compared, 8);
        CHECK(a.decided >= 5); /* targets 3 to 7 at least: sure misses */
        CHECK(a.open >= 1);
        /* target 7: decided at once, a sure miss */
        fx_visit(&s, 7, TW_NW_PHASE_BEFORE_STATEMENT);
        int hit = -1;
        CHECK_INT(tw_nw_visit_decided(&s, &hit), 1);
        CHECK_INT(hit, 0);
    }
}

/* A ready Baron of Claws on small built positions: two cards in hand, a
 * few in the deck sharing their values, so the shuffle after the search
 * matters; every target compared with the exhaustive check (which deals
 * the shuffle in every order). Under AddressSanitizer, one deck. */
TEST(nw_decided_baron_of_claws_every_target)
{
    static const char *const decks[] = {"3C 3E 8E 2L 6F", "5C 5F 3L 1E 7E 2C"};
    const int ndecks = TW_TEST_ASAN ? 1 : 2; /* the exhaustive check is slow under AddressSanitizer */
    int decided = 0, open = 0;
    for (int i = 0; i < ndecks; i++) {
        tw_nw_state s;
        only_ready(&s, "baron-of-claws");
        fx_cards(&s, "3F 5L", decks[i], "", i == 1 ? "4C" : "", TW_NW_PILE_DISCARD);
        agreement a = {0, 0, 0, 0};
        compare_every_target(&s, TW_NW_PHASE_BEFORE_STATEMENT, &a);
        CHECK_INT(a.compared, 8);
        decided += a.decided;
        open += a.open;
    }
    CHECK(decided >= 4 * ndecks);
    CHECK(open >= 2 * ndecks);
}

/* Allies the score bounds of every search node reason about: discards
 * from the hand only (Jack and King of Flowers: only the hand cards that
 * beat a statement still possible can score), cards to the score pile
 * (King of Claws), pile tops taken or put back (Queen of Claws, Queen of
 * Flowers: the piles' order counts), draws counted gross (Lady and King
 * of Eyes), a ruler copied (Queen of Leaves). */
TEST(nw_decided_agrees_with_exhaustive_check_score_bounds)
{
    static const char *const allies[] = {"jack-of-flowers", "king-of-flowers", "king-of-claws", "queen-of-claws",
                                         "queen-of-flowers", "lady-of-eyes",   "king-of-eyes",  "queen-of-leaves"};
    const int trials = TW_TEST_ASAN ? 25 : 60;
    int decided = 0, open = 0;
    for (int i = 0; i < 8; i++) {
        position_shape shape = {3, 2, 6, 4, allies[i], 0, TW_NW_PILE_DISCARD};
        agreement a = compare_on(&shape, 70 + (uint64_t)i, trials);
        CHECK(a.compared >= trials * 3 / 5);
        decided += a.decided;
        open += a.open;
    }
    CHECK(decided >= trials);
    CHECK(open >= trials);
}
