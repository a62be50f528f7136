/* For Northwood! bots and solver: legal moves only, decisions from the
 * view only, determinism by seed, the solver against a plain search, and
 * the odds that hints report. */
#include <limits.h>
#include <stdlib.h>

#include "nw_fixture.h"
#include "test.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_files.h"

static tw_nw_catalog catalog;

/* The default characters, loaded once. */
static const tw_nw_catalog *cat(void)
{
    if (!catalog.count) {
        tw_diag d;
        if (tw_nw_catalog_load_default(&catalog, &d) != TW_OK)
            tw_test_fail(__FILE__, __LINE__, "cannot load the default characters");
    }
    return &catalog;
}

/* Plays a game with a bot; fails the test on an illegal action. Returns
 * the stars won, or -1. */
static int play_game(tw_nw_bot_kind kind, uint64_t seed, tw_nw_setup setup, tw_nw_state *final)
{
    tw_nw_state s;
    tw_nw_config cfg = {setup, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
    if (tw_nw_new(&s, cat(), &cfg, NULL) != TW_OK)
        return -1;
    tw_nw_bot *bot = tw_nw_bot_new(kind, seed * 31 + 7);
    if (!bot)
        return -1;
    tw_nw_bot_set_effort(bot, 300, 24); /* lighter search keeps the suite fast */
    int steps = 0;
    while (!tw_nw_is_over(&s) && steps < 3000) {
        tw_nw_action a = tw_nw_bot_choose(bot, &s);
        if (!tw_nw_is_legal(&s, a)) {
            char text[32];
            tw_test_fail(__FILE__, __LINE__, "%s bot chose illegal '%s' (seed %llu)", tw_nw_bot_kind_name(kind),
                         tw_nw_action_format(a, text, sizeof text), (unsigned long long)seed);
            tw_nw_bot_free(bot);
            return -1;
        }
        tw_nw_apply(&s, a, NULL);
        steps++;
    }
    tw_nw_bot_free(bot);
    if (final)
        *final = s;
    return tw_nw_is_over(&s) ? tw_nw_stars_won(&s) : -1;
}

TEST(nw_bots_names_round_trip)
{
    for (int k = 0; k < TW_NW_BOT_KINDS; k++)
        CHECK_INT(tw_nw_bot_kind_from_name(tw_nw_bot_kind_name((tw_nw_bot_kind)k)), k);
    CHECK_STR(tw_nw_bot_kind_name(TW_NW_BOT_KINDS), "?");
    CHECK_INT(tw_nw_bot_kind_from_name("nobody"), -1);
}

TEST(nw_bots_play_legal_whole_games)
{
    for (uint64_t seed = 1; seed <= 200; seed++) {
        CHECK(play_game(TW_NW_BOT_RANDOM, seed, seed % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, NULL) >= 0);
        CHECK(play_game(TW_NW_BOT_GREEDY, seed, seed % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, NULL) >= 0);
    }
    for (uint64_t seed = 1; seed <= 2; seed++)
        CHECK(play_game(TW_NW_BOT_STRONG, seed, seed % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, NULL) >= 0);
    /* the clairvoyant bot sees the deck: it should make most fiefs friendly */
    CHECK(play_game(TW_NW_BOT_CLAIRVOYANT, 1, TW_NW_SETUP_INTRO, NULL) >= 16);
}

TEST(nw_bots_are_deterministic_by_seed)
{
    tw_nw_state a, b;
    REQUIRE(play_game(TW_NW_BOT_STRONG, 5, TW_NW_SETUP_INTRO, &a) >= 0);
    REQUIRE(play_game(TW_NW_BOT_STRONG, 5, TW_NW_SETUP_INTRO, &b) >= 0);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
}

/* Plays a few random actions into a game so that the state is mid-visit. */
static void advance(tw_nw_state *s, uint64_t seed, int steps)
{
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    for (int i = 0; i < steps && !tw_nw_is_over(s); i++) {
        int n = tw_nw_legal_actions(s, acts);
        tw_nw_apply(s, acts[tw_rng_below(&rng, (uint32_t)n)], NULL);
    }
}

/* Fills b with a state of a's view whose hidden cards are dealt again
 * from seed; 1 when its deck order differs from a's. */
static int hidden_twin(const tw_nw_state *a, uint64_t seed, tw_nw_state *b)
{
    tw_nw_view view;
    tw_nw_view_of(a, &view);
    tw_nw_determinize(&view, seed, b);
    return memcmp(a->deck, b->deck, a->deck_n) != 0;
}

/* Two bots of a kind made with one seed decide on states a and b (the
 * same view, other hidden cards): the test fails when they differ or the
 * action is not legal. With decisions and orders (not NULL), the first
 * bot's solve figures (tw_nw_bot_solve_stats). */
static void decide_alike(tw_nw_bot_kind k, uint64_t bot_seed, const tw_nw_state *a, const tw_nw_state *b,
                         uint64_t seed, long long *decisions, long long *orders)
{
    tw_nw_bot *x = tw_nw_bot_new(k, bot_seed);
    tw_nw_bot *y = tw_nw_bot_new(k, bot_seed);
    REQUIRE(x && y);
    tw_nw_action ax = tw_nw_bot_choose(x, a), ay = tw_nw_bot_choose(y, b);
    CHECK(tw_nw_is_legal(a, ax));
    if (ax != ay)
        tw_test_fail(__FILE__, __LINE__, "%s bot decided differently on hidden cards (seed %llu)",
                     tw_nw_bot_kind_name(k), (unsigned long long)seed);
    if (decisions && orders)
        tw_nw_bot_solve_stats(x, decisions, orders, NULL);
    tw_nw_bot_free(x);
    tw_nw_bot_free(y);
}

TEST(nw_bots_decide_from_the_view_only)
{
    /* Two states with the same view but different hidden deck orders must
     * get the same decision from every bot that plays from views. */
    int differing = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        tw_nw_state a;
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&a, cat(), &cfg, NULL) == TW_OK);
        advance(&a, seed, (int)(seed % 7) * 3 + 1);
        if (tw_nw_is_over(&a))
            continue;
        tw_nw_state b;
        differing += hidden_twin(&a, seed + 1000, &b);
        static const tw_nw_bot_kind kinds[] = {TW_NW_BOT_RANDOM, TW_NW_BOT_GREEDY, TW_NW_BOT_STRONG,
                                               TW_NW_BOT_SOLVE, TW_NW_BOT_SOLVE_LIGHT};
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
            tw_nw_bot_kind k = kinds[i];
            decide_alike(k, 99, &a, &b, seed, NULL, NULL);
        }
    }
    CHECK(differing > 5); /* the test really compared different hidden decks */
}

/* Whether the visit under way in `before` ended friendly in `after`, on
 * whichever fief it ended (Prince of Leaves moves a visit): the fief that
 * is no longer neutral. */
static int visit_ended_friendly(const tw_nw_state *before, const tw_nw_state *after)
{
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (before->fiefs[f].status == TW_NW_FIEF_NEUTRAL && after->fiefs[f].status != TW_NW_FIEF_NEUTRAL)
            return after->fiefs[f].status == TW_NW_FIEF_FRIENDLY;
    return 0;
}

/* A plain search with no table and no bounds, for checking the solver:
 * whether some line of play ends the visit (wherever it has moved) with
 * its fief friendly; -1 when it needed more than *budget nodes. */
static int plain_search_within(const tw_nw_state *s, long *budget)
{
    if (--*budget < 0)
        return -1;
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    for (int i = 0; i < n; i++) {
        if (TW_NW_ACTION_KIND(acts[i]) == TW_NW_ACT_STOP)
            continue;
        tw_nw_state next = *s;
        tw_nw_apply(&next, acts[i], NULL);
        int ok = next.visiting < 0 ? visit_ended_friendly(s, &next) : plain_search_within(&next, budget);
        if (ok != 0)
            return ok;
    }
    return 0;
}

/* The plain search without a budget. */
static int plain_search(const tw_nw_state *s)
{
    long budget = LONG_MAX;
    return plain_search_within(s, &budget);
}

TEST(nw_solver_agrees_with_a_plain_search)
{
    tw_nw_solver *solver = tw_nw_solver_new(16);
    REQUIRE(solver);
    int compared = 0, reachable = 0;
    tw_rng rng;
    tw_rng_seed(&rng, 4242);
    for (uint64_t seed = 0; seed < 400 && compared < 150; seed++) {
        tw_nw_state s;
        tw_nw_config cfg = {seed % 3 ? TW_NW_SETUP_INTRO : TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, cat(), &cfg, NULL) == TW_OK);
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        /* walk into a visit and play until few cards are left in hand */
        for (int i = 0; i < 200 && !tw_nw_is_over(&s); i++) {
            if (s.visiting >= 0 && s.phase != TW_NW_PHASE_SUBSTITUTES && tw_nw_hand_count(&s) <= 2 &&
                tw_rng_below(&rng, 2) == 0)
                break;
            int n = tw_nw_legal_actions(&s, acts);
            tw_nw_apply(&s, acts[tw_rng_below(&rng, (uint32_t)n)], NULL);
        }
        if (s.visiting < 0 || tw_nw_is_over(&s) || tw_nw_hand_count(&s) > 2)
            continue;
        int expected = plain_search(&s);
        CHECK_INT(tw_nw_solve_visit(solver, &s), expected);
        compared++;
        reachable += expected;
    }
    CHECK(compared >= 100);
    CHECK(reachable > 10 && reachable < compared - 10); /* both answers were exercised */
    tw_nw_solver_free(solver);
}

/* A position inside a visit reached by random play from a seeded deal
 * (intro or full); with spend, every ally is marked spent when no ability
 * is running, so that only answers are left. 0 when the game ended first. */
static int random_visit_position(uint64_t seed, tw_rng *rng, int max_hand, int spend, tw_nw_state *out)
{
    tw_nw_config cfg = {seed % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
    if (tw_nw_new(out, cat(), &cfg, NULL) != TW_OK)
        return 0;
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    for (int i = 0; i < 400 && !tw_nw_is_over(out); i++) {
        if (out->visiting >= 0 && out->phase != TW_NW_PHASE_SUBSTITUTES && tw_nw_hand_count(out) <= max_hand &&
            tw_rng_below(rng, 3) == 0)
            break;
        int n = tw_nw_legal_actions(out, acts);
        tw_nw_apply(out, acts[tw_rng_below(rng, (uint32_t)n)], NULL);
    }
    if (out->visiting < 0 || tw_nw_is_over(out) || tw_nw_hand_count(out) > max_hand)
        return 0;
    if (spend && !out->run.active)
        for (int slot = 0; slot < TW_NW_SLOTS; slot++)
            out->slots[slot].exhausted = 1;
    return 1;
}

TEST(nw_solver_agrees_with_a_plain_search_with_allies_ready)
{
    /* The table's key (pile cards below those abilities could take left
     * out), the bounds (the scoring ceiling) and the order of the search
     * against a search with none of them, on positions with up to four
     * cards in hand and the allies as the game left them, both deals. */
    tw_nw_solver *solver = tw_nw_solver_new(16);
    REQUIRE(solver);
    tw_rng rng;
    tw_rng_seed(&rng, 31337);
    int compared = 0, yes = 0, with_allies = 0;
    for (uint64_t seed = 1; seed <= 3000 && compared < 600; seed++) {
        tw_nw_state s;
        if (!random_visit_position(seed * 13 + 5, &rng, 4, 0, &s))
            continue;
        long budget = 200000;
        int expected = plain_search_within(&s, &budget);
        if (expected < 0)
            continue;
        int ready = 0;
        for (int slot = 0; slot < TW_NW_SLOTS; slot++)
            ready += !s.slots[slot].exhausted;
        CHECK_INT(tw_nw_solve_visit(solver, &s), expected);
        compared++;
        yes += expected;
        with_allies += ready > 0;
    }
    CHECK(compared >= 400);
    CHECK(with_allies >= compared / 2);
    CHECK(yes > compared / 10 && yes < compared - compared / 10);
    tw_nw_solver_free(solver);
}

TEST(nw_solver_tells_apart_generator_states_when_a_shuffle_may_come)
{
    /* Baron of Claws shuffles the deck, so while he may still run, the
     * generator's state decides what comes after: the same position with
     * other generator states, asked of one solver in turn (its table kept
     * from question to question), against the search without a table. */
    tw_nw_solver *solver = tw_nw_solver_new(16);
    REQUIRE(solver);
    tw_rng rng;
    tw_rng_seed(&rng, 4242);
    int compared = 0, told_apart = 0;
    for (uint64_t seed = 1; seed <= 4000 && compared < 300; seed++) {
        tw_nw_state s;
        if (!random_visit_position(seed * 2 + 1, &rng, 5, 0, &s) || s.run.active ||
            (s.phase != TW_NW_PHASE_BEFORE_STATEMENT && s.phase != TW_NW_PHASE_RESPONSE) || s.deck_n < 3 ||
            s.slots[0].sub_fief >= 0)
            continue;
        fx_ally(&s, 0, "baron-of-claws");
        s.slots[0].exhausted = 0;
        int answers[4], complete = 1;
        for (int k = 0; k < 4 && complete; k++) {
            tw_rng_seed(&s.rng, seed * 7 + (uint64_t)k);
            long budget = 300000;
            answers[k] = plain_search_within(&s, &budget);
            complete = answers[k] >= 0;
        }
        if (!complete)
            continue;
        for (int k = 0; k < 4; k++) {
            tw_rng_seed(&s.rng, seed * 7 + (uint64_t)k);
            CHECK_INT(tw_nw_solve_visit(solver, &s), answers[k]);
        }
        compared++;
        told_apart += answers[0] != answers[1] || answers[0] != answers[2] || answers[0] != answers[3];
    }
    CHECK(compared >= 100);
    CHECK(told_apart > 0); /* positions where the shuffle decides */
    tw_nw_solver_free(solver);
}

/* Picks the ally for slot 1 of a position (seed: the position's), given
 * the index of the one on slot 0 in its list. */
typedef const char *(*partner_pick)(tw_rng *rng, int first, uint64_t seed);

/* Compares the solver with the search without table or bounds on
 * positions inside visits with up to four cards in hand (random play from
 * seeds 3, 5, 7, ...): one of `firsts` (n of them) put on slot 0, ready,
 * and the ally pick gives on slot 1, spent or not, until `want` positions
 * were compared. Counts the positions compared, the yes answers and how
 * many had each of `firsts` (by_first). */
static void compare_pairs_of_allies(uint64_t rng_seed, const char *const *firsts, int n, partner_pick pick, int want,
                                    int *compared, int *yes, int *by_first)
{
    tw_nw_solver *solver = tw_nw_solver_new(16);
    REQUIRE(solver);
    tw_rng rng;
    tw_rng_seed(&rng, rng_seed);
    *compared = *yes = 0;
    for (int i = 0; i < n; i++)
        by_first[i] = 0;
    for (uint64_t seed = 1; seed <= 9000 && *compared < want; seed++) {
        tw_nw_state s;
        if (!random_visit_position(seed * 2 + 1, &rng, 4, 0, &s) || s.run.active ||
            (s.phase != TW_NW_PHASE_BEFORE_STATEMENT && s.phase != TW_NW_PHASE_RESPONSE) ||
            s.slots[0].sub_fief >= 0 || s.slots[1].sub_fief >= 0)
            continue;
        int first = (int)tw_rng_below(&rng, (uint32_t)n);
        fx_ally(&s, 0, firsts[first]);
        s.slots[0].exhausted = 0;
        fx_ally(&s, 1, pick(&rng, first, seed));
        s.slots[1].exhausted = (uint8_t)tw_rng_below(&rng, 2);
        long budget = 300000;
        int expected = plain_search_within(&s, &budget);
        if (expected < 0)
            continue;
        CHECK_INT(tw_nw_solve_visit(solver, &s), expected);
        (*compared)++;
        *yes += expected;
        by_first[first]++;
    }
    tw_nw_solver_free(solver);
}

/* Next to Queen of Leaves (first 0), half the time an ally that changes
 * the ruler she would copy; else an ally that reads or changes the piles,
 * the ruler or the hand. */
static const char *partner_of_leaves(tw_rng *rng, int first, uint64_t seed)
{
    static const char *const partners[] = {"queen-of-claws", "queen-of-flowers", "baron-of-leaves",
                                           "prince-of-eyes",  "jack-of-leaves",   "prince-of-claws",
                                           "king-of-claws",   "queen-of-leaves",  "lady-of-claws"};
    if (first == 0 && tw_rng_below(rng, 2))
        return seed % 2 ? "jack-of-leaves" : "prince-of-leaves";
    return partners[tw_rng_below(rng, (uint32_t)(sizeof partners / sizeof partners[0]))];
}

TEST(nw_solver_agrees_with_a_plain_search_when_allies_can_be_readied_or_copy)
{
    /* The bounds and the key when Lady of Leaves may ready a spent ally
     * (one more run of the most any other ally could do) and when Queen
     * of Leaves copies the visited ruler (that ruler's ability when nothing
     * can change the ruler): positions inside full-deal visits with up to
     * four cards in hand, Lady or Queen of Leaves put on slot 0 and an ally
     * that reads or changes the piles, the ruler or the hand on slot 1,
     * spent or ready, against the search without table or bounds. */
    static const char *const firsts[] = {"queen-of-leaves", "lady-of-leaves"};
    int compared, yes, by_first[2];
    compare_pairs_of_allies(5151, firsts, 2, partner_of_leaves, 800, &compared, &yes, by_first);
    CHECK(compared >= 300);
    CHECK(by_first[1] >= compared / 4 && by_first[0] >= compared / 4);
    CHECK(yes > compared / 10 && yes < compared - compared / 10);
}

/* An ally that draws, takes cards or counts the spent allies. */
static const char *partner_that_draws(tw_rng *rng, int first, uint64_t seed)
{
    static const char *const partners[] = {"jack-of-claws", "lady-of-eyes",  "prince-of-claws", "queen-of-claws",
                                           "prince-of-eyes", "jack-of-eyes", "lady-of-claws",   "king-of-claws"};
    (void)first;
    (void)seed;
    return partners[tw_rng_below(rng, (uint32_t)(sizeof partners / sizeof partners[0]))];
}

TEST(nw_solver_agrees_with_a_plain_search_with_highest_cards_or_idle_abilities)
{
    /* King of Claws moves the hand's highest cards to the score pile: the
     * bounds count as many as the hand holds of one value plus the cards
     * that may come into it. An activation that changes nothing (Queen of
     * Eyes, or an ability with nothing to act on) is not searched, unless
     * an ability counts the spent allies (Prince of Eyes). Positions inside
     * full-deal visits with up to four cards in hand, one of them on slot
     * 0 and an ally that draws, takes cards or counts the spent ones on
     * slot 1, against the search without table or bounds. */
    static const char *const firsts[] = {"king-of-claws", "queen-of-eyes", "jack-of-flowers", "baron-of-flowers"};
    int compared, yes, by_first[4];
    compare_pairs_of_allies(6262, firsts, 4, partner_that_draws, 800, &compared, &yes, by_first);
    CHECK(compared >= 300);
    CHECK(by_first[0] >= compared / 8);
    CHECK(yes > compared / 10 && yes < compared - compared / 10);
}

/* The answer the plain search and the solver give for a position. */
static void check_answer(tw_nw_solver *solver, const tw_nw_state *s, int expected)
{
    CHECK_INT(plain_search(s), expected);
    CHECK_INT(tw_nw_solve_visit(solver, s), expected);
}

/* A visit of fief from fx_blank, ruled by `ruler`, with the four allies
 * given, the hand and the deck (bottom-first; the other cards in the
 * discard pile); `friendly` (or -1) is a friendly fief ruled by
 * `friend_ruler`. */
static void visit_with(tw_nw_state *s, int fief, const char *ruler, const char *const allies[TW_NW_SLOTS],
                       int friendly, const char *friend_ruler, const char *hand, const char *deck, int phase)
{
    fx_blank(s, NULL);
    fx_ruler(s, fief, ruler);
    if (friendly >= 0) {
        fx_ruler(s, friendly, friend_ruler);
        fx_status(s, friendly, TW_NW_FIEF_FRIENDLY);
    }
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        fx_ally(s, slot, allies[slot]);
    REQUIRE(fx_cards(s, hand, deck, "", "", TW_NW_PILE_DISCARD));
    fx_visit(s, fief, phase);
    FX_SOUND(s);
}

TEST(nw_solver_tries_an_idle_ability_when_the_spent_allies_count)
{
    /* Queen of Eyes changes nothing in a search that sees the deck, so the
     * solver does not try her, except when an ability counts the spent
     * allies: here Prince of Eyes discards and draws once more for her,
     * which alone reaches the Leaves trumps 7L and 8L for the two points
     * of fief 2. Used first, she lets Prince of Eyes, next, dig two deep. */
    static const char *const allies[] = {"queen-of-eyes", "prince-of-eyes", "queen-of-eyes", "queen-of-eyes"};
    tw_nw_state s;
    visit_with(&s, 2, "king-of-leaves", allies, -1, NULL, "1C 1F 1E", "4C 3C 8L 7L 2E", TW_NW_PHASE_BEFORE_STATEMENT);
    tw_nw_solver *solver = tw_nw_solver_new(16);
    REQUIRE(solver);
    check_answer(solver, &s, 1);
    tw_nw_action first = 0;
    CHECK_INT(tw_nw_solve_line(solver, &s, &first), 1);
    CHECK_INT(first, TW_NW_ACTION(TW_NW_ACT_ACTIVATE, 0));
    /* without Prince of Eyes she can do nothing: the visit misses */
    fx_ally(&s, 1, "queen-of-eyes");
    check_answer(solver, &s, 0);
    tw_nw_solver_free(solver);
}

TEST(nw_solver_counts_the_substitutes_before_they_come_in)
{
    /* Before the substitutes come in, a friendly ruler may take an ally's
     * place: the bounds cannot come from the allies on the slots. Four
     * Queens of Eyes can do nothing, and no answer scores (Leaves are
     * trump), but King of Claws, ruler of friendly fief 0, brought in as a
     * substitute moves 8E to the score pile for the one point of fief 1. */
    static const char *const allies[] = {"queen-of-eyes", "queen-of-eyes", "queen-of-eyes", "queen-of-eyes"};
    tw_nw_state s;
    visit_with(&s, 1, "king-of-leaves", allies, 0, "king-of-claws", "1F 2F 8E", "7F 6F 5F 4F 3F",
               TW_NW_PHASE_SUBSTITUTES);
    tw_nw_solver *solver = tw_nw_solver_new(16);
    REQUIRE(solver);
    check_answer(solver, &s, 1);
    /* without the substitute the visit misses */
    tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_BEGIN, 0), NULL);
    check_answer(solver, &s, 0);
    tw_nw_solver_free(solver);
}

TEST(nw_solver_subset_programme_agrees_with_the_search)
{
    /* The subset programme for the answers-only rest of a visit against
     * the same solver searching every node, on thousands of positions,
     * with abilities left and with every ally spent; and against the
     * plain search on small hands. */
    tw_nw_solver *fast = tw_nw_solver_new(16), *slow = tw_nw_solver_new(16);
    REQUIRE(fast && slow);
    tw_nw_solver_set_dp(slow, 0);
    tw_nw_solver_set_budget(slow, 20000);
    tw_rng rng;
    tw_rng_seed(&rng, 977);
    int compared = 0, yes = 0, plain = 0;
    for (uint64_t seed = 1; seed <= 4000; seed++) {
        tw_nw_state s;
        int spend = (int)(seed % 2);
        if (!random_visit_position(seed, &rng, spend ? 7 : 5, spend, &s))
            continue;
        int reference = tw_nw_solve_visit(slow, &s);
        if (tw_nw_solver_aborted(slow))
            continue;
        int answer = tw_nw_solve_visit(fast, &s);
        /* asked again, with the table full of the first question's
         * entries, the answer stays the same */
        CHECK_INT(tw_nw_solve_visit(fast, &s), answer);
        if (answer != reference)
            tw_test_fail(__FILE__, __LINE__, "seed %llu: programme %d, search %d", (unsigned long long)seed, answer,
                         reference);
        if (tw_nw_hand_count(&s) <= 3) {
            CHECK_INT(answer, plain_search(&s));
            plain++;
        }
        compared++;
        yes += answer;
    }
    CHECK(compared >= 2000);
    CHECK(plain >= 300);
    CHECK(yes > compared / 10 && yes < compared - compared / 10); /* both answers were exercised */
    tw_nw_solver_free(fast);
    tw_nw_solver_free(slow);
}

TEST(nw_solver_programme_lines_end_on_target)
{
    /* With every ally spent, following the programme's first answers to
     * the end makes the fief friendly whenever it said the target can be
     * hit. */
    tw_nw_solver *solver = tw_nw_solver_new(16);
    REQUIRE(solver);
    tw_rng rng;
    tw_rng_seed(&rng, 31);
    int followed = 0;
    for (uint64_t seed = 1; seed <= 600; seed++) {
        tw_nw_state s;
        if (!random_visit_position(seed, &rng, 8, 1, &s) || s.phase != TW_NW_PHASE_RESPONSE || s.trigger.active)
            continue;
        int fief = s.visiting;
        tw_nw_action first;
        if (!tw_nw_solve_line(solver, &s, &first))
            continue;
        while (s.visiting == fief) {
            REQUIRE(tw_nw_solve_line(solver, &s, &first));
            REQUIRE(tw_nw_apply(&s, first, NULL) == TW_OK);
        }
        CHECK_INT(s.fiefs[fief].status, TW_NW_FIEF_FRIENDLY);
        followed++;
    }
    CHECK(followed >= 50);
    tw_nw_solver_free(solver);
}

TEST(nw_solver_lines_with_abilities_hold_to_the_end)
{
    /* From visit starts of intro and full deals (allies ready), the line
     * the solver gives is followed to the end with the same solver (its
     * table full of earlier questions): while it said yes it keeps saying
     * yes, and the fief ends friendly. */
    tw_nw_solver *solver = tw_nw_solver_new(18);
    REQUIRE(solver);
    int followed = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        tw_nw_state s;
        tw_nw_config cfg = {seed % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, cat(), &cfg, NULL) == TW_OK);
        for (int f = 0; f < TW_NW_FIEFS; f += 3) {
            tw_nw_state t = s;
            REQUIRE(tw_nw_apply(&t, TW_NW_ACTION(TW_NW_ACT_VISIT, f), NULL) == TW_OK);
            if (t.phase == TW_NW_PHASE_SUBSTITUTES)
                REQUIRE(tw_nw_apply(&t, TW_NW_ACTION(TW_NW_ACT_BEGIN, 0), NULL) == TW_OK);
            tw_nw_solver_set_budget(solver, 100000);
            tw_nw_action first;
            if (!tw_nw_solve_line(solver, &t, &first))
                continue; /* a no, or cut off: only yes lines are followed */
            tw_nw_state before = t;
            int cut = 0;
            while (t.visiting >= 0 && !cut) {
                int yes = tw_nw_solve_line(solver, &t, &first);
                cut = tw_nw_solver_aborted(solver);
                if (cut)
                    break;
                REQUIRE(yes);
                before = t;
                REQUIRE(tw_nw_apply(&t, first, NULL) == TW_OK);
            }
            if (cut)
                continue;
            CHECK(visit_ended_friendly(&before, &t));
            followed++;
        }
    }
    CHECK(followed >= 40);
    tw_nw_solver_free(solver);
}

TEST(nw_solver_lines_really_end_on_target)
{
    /* For each fief of a new game: when the solver says the visit can end
     * on target, following its own line of play must make the fief
     * friendly. */
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 1, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, cat(), &cfg, NULL) == TW_OK);
    tw_nw_solver *solver = tw_nw_solver_new(16);
    REQUIRE(solver);
    int checked = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        tw_nw_state t = s;
        REQUIRE(tw_nw_apply(&t, TW_NW_ACTION(TW_NW_ACT_VISIT, f), NULL) == TW_OK);
        tw_nw_solver_set_budget(solver, 60000);
        int reachable = tw_nw_solve_visit(solver, &t);
        if (tw_nw_solver_aborted(solver))
            continue; /* too long to settle here; other fiefs are checked */
        checked++;
        while (t.visiting == f && reachable) {
            tw_nw_action first;
            REQUIRE(tw_nw_solve_line(solver, &t, &first));
            REQUIRE(tw_nw_apply(&t, first, NULL) == TW_OK);
        }
        if (reachable)
            CHECK_INT(t.fiefs[f].status, TW_NW_FIEF_FRIENDLY);
    }
    CHECK(checked >= 4);
    tw_nw_solver_free(solver);
}

TEST(nw_solver_stops_at_its_node_budget)
{
    /* A query that runs out of budget stops there (answer 0, aborted)
     * instead of searching on without a limit. */
    tw_nw_solver *solver = tw_nw_solver_new(16);
    REQUIRE(solver);
    int aborted = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, cat(), &cfg, NULL) == TW_OK);
        for (int f = 0; f < TW_NW_FIEFS; f++) {
            tw_nw_state t = s;
            REQUIRE(tw_nw_apply(&t, TW_NW_ACTION(TW_NW_ACT_VISIT, f), NULL) == TW_OK);
            if (t.phase == TW_NW_PHASE_SUBSTITUTES)
                continue;
            tw_nw_solver_set_budget(solver, 300);
            long long before = tw_nw_solver_nodes(solver);
            int answer = tw_nw_solve_visit(solver, &t);
            long long used = tw_nw_solver_nodes(solver) - before;
            if (tw_nw_solver_aborted(solver)) {
                aborted++;
                CHECK_INT(answer, 0);
                if (used > 301)
                    tw_test_fail(__FILE__, __LINE__, "a query with a budget of 300 nodes searched %lld (seed %llu)",
                                 used, (unsigned long long)seed);
            }
        }
    }
    CHECK(aborted > 10); /* the budget really ran out in many queries */
    tw_nw_solver_set_budget(solver, -1);
    tw_nw_solver_free(solver);
}

TEST(nw_strong_bot_answers_the_last_statement_on_target)
{
    /* The deck is empty, so this statement (5C, trump Flowers) is the
     * visit's last: the score ends on target 3 only with the right answer,
     * 7C (scores) from 2 points, 2C (does not) from 3. */
    for (int have = 2; have <= 3; have++) {
        tw_nw_state s;
        fx_blank(&s, NULL);
        REQUIRE(fx_cards(&s, "2C 7C", "", "5C", have == 2 ? "1L 2L" : "1L 2L 3L", TW_NW_PILE_DISCARD));
        fx_visit(&s, 3, TW_NW_PHASE_RESPONSE);
        REQUIRE(FX_SOUND(&s));
        REQUIRE(s.deck_n == 0 && s.score_n == have);
        tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, 5);
        REQUIRE(bot);
        tw_nw_action a = tw_nw_bot_choose(bot, &s);
        CHECK_INT(a, TW_NW_ACTION(TW_NW_ACT_RESPOND, fx_card(have == 2 ? "7C" : "2C")));
        REQUIRE(tw_nw_apply(&s, a, NULL) == TW_OK);
        CHECK_INT(s.fiefs[3].status, TW_NW_FIEF_FRIENDLY);
        tw_nw_bot_free(bot);
    }
}

TEST(nw_hint_odds_are_probabilities_and_medal_odds_follow_the_stars)
{
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_GOLD, 3, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, cat(), &cfg, NULL) == TW_OK);
    tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, 1);
    REQUIRE(bot);
    tw_nw_view view;
    tw_nw_view_of(&s, &view);
    tw_nw_hint h = tw_nw_hint_for(bot, &view);
    CHECK(tw_nw_is_legal(&s, h.action));
    CHECK(h.p_target >= 0 && h.p_target <= 1);
    CHECK(h.p_medal >= 0 && h.p_medal <= 1);
    /* gold needs every fief: once one is lost the medal odds are zero */
    tw_nw_state lost = s;
    lost.fiefs[3].status = TW_NW_FIEF_LOST;
    lost.fiefs[3].ruler_present = 0;
    tw_nw_recount(&lost);
    tw_nw_view_of(&lost, &view);
    h = tw_nw_hint_for(bot, &view);
    CHECK(h.p_medal == 0.0);
    /* bronze already reached by friendly fiefs: certain */
    tw_nw_state won = s;
    won.medal = TW_NW_MEDAL_BRONZE;
    for (int f = 0; f < 6; f++)
        won.fiefs[f].status = TW_NW_FIEF_FRIENDLY; /* 4+3+2+1+1+2 = 13 */
    won.fiefs[7].status = TW_NW_FIEF_FRIENDLY;     /* +4 = 17 */
    tw_nw_view_of(&won, &view);
    h = tw_nw_hint_for(bot, &view);
    CHECK(h.p_medal > 0.999);
    tw_nw_bot_free(bot);
}

TEST(nw_hints_work_with_every_bot_kind)
{
    /* a hint may be asked of any bot: the search memory comes on demand */
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 11, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, cat(), &cfg, NULL) == TW_OK);
    advance(&s, 11, 3); /* into the first visit */
    REQUIRE(s.visiting >= 0);
    tw_nw_view view;
    tw_nw_view_of(&s, &view);
    for (int k = TW_NW_BOT_RANDOM; k <= TW_NW_BOT_CLAIRVOYANT; k++) {
        tw_nw_bot *bot = tw_nw_bot_new((tw_nw_bot_kind)k, 5);
        REQUIRE(bot);
        tw_nw_hint h = tw_nw_hint_for(bot, &view);
        CHECK(tw_nw_is_legal(&s, h.action));
        CHECK(h.p_target >= 0 && h.p_target <= 1);
        CHECK(h.samples > 0);
        tw_nw_bot_free(bot);
    }
}

/* ---- The solve bots ---------------------------------------------------------- */

TEST(nw_solve_bots_play_legal_whole_games)
{
    /* intro and full deals (the crown characters included) */
    for (uint64_t seed = 1; seed <= 4; seed++) {
        tw_nw_state end;
        CHECK(play_game(TW_NW_BOT_SOLVE_LIGHT, seed, seed % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, &end) >= 0);
        const char *why = NULL;
        CHECK(tw_nw_check_invariants(&end, &why));
    }
    for (uint64_t seed = 5; seed <= 6; seed++)
        CHECK(play_game(TW_NW_BOT_SOLVE, seed, seed % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, NULL) >= 0);
}

TEST(nw_solve_bots_are_deterministic_by_seed)
{
    for (int k = TW_NW_BOT_SOLVE; k <= TW_NW_BOT_SOLVE_LIGHT; k++) {
        tw_nw_state a, b;
        REQUIRE(play_game((tw_nw_bot_kind)k, 8, TW_NW_SETUP_INTRO, &a) >= 0);
        REQUIRE(play_game((tw_nw_bot_kind)k, 8, TW_NW_SETUP_INTRO, &b) >= 0);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
    }
}

TEST(nw_solve_bots_decide_from_the_view_only_inside_visits)
{
    /* Positions inside visits (where the solve bots count orders), each
     * with a second state of the same view and another hidden deck order:
     * the decision must not change. */
    int compared = 0, differing = 0;
    for (uint64_t seed = 1; seed <= 40 && compared < 16; seed++) {
        tw_nw_state a;
        tw_nw_config cfg = {seed % 3 ? TW_NW_SETUP_INTRO : TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, 0,
                            TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&a, cat(), &cfg, NULL) == TW_OK);
        advance(&a, seed, 3 + (int)(seed % 9));
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        if (tw_nw_is_over(&a) || a.visiting < 0 || tw_nw_legal_actions(&a, acts) < 2)
            continue;
        tw_nw_state b;
        differing += hidden_twin(&a, seed + 2000, &b);
        compared++;
        for (int k = TW_NW_BOT_SOLVE; k <= TW_NW_BOT_SOLVE_LIGHT; k++) {
            long long decisions = 0, orders = 0;
            decide_alike((tw_nw_bot_kind)k, 77, &a, &b, seed, &decisions, &orders);
            CHECK_INT(decisions, 1); /* the decision was counted over orders */
            CHECK(orders >= 1 && orders <= 64);
        }
    }
    CHECK(compared >= 10);
    CHECK(differing >= compared / 2); /* the hidden decks really differed */
}

TEST(nw_solve_bot_finds_the_line_that_needs_an_idle_ability_first)
{
    /* The position of nw_solver_tries_an_idle_ability_when_the_spent_allies_count
     * with the deck order known to the player: only Queen of Eyes first
     * (an ability that does nothing by itself), then Prince of Eyes digging
     * two deep, reaches the two points of fief 2. The solve bot finds the
     * line and follows it to a friendly fief; the greedy bot, which judges
     * actions by rules and uses no ability, misses. */
    static const char *const allies[] = {"queen-of-eyes", "prince-of-eyes", "queen-of-eyes", "queen-of-eyes"};
    tw_nw_state start;
    visit_with(&start, 2, "king-of-leaves", allies, -1, NULL, "1C 1F 1E", "4C 3C 8L 7L 2E",
               TW_NW_PHASE_BEFORE_STATEMENT);
    fx_known_top(&start, start.deck_n);
    for (int k = TW_NW_BOT_SOLVE; k <= TW_NW_BOT_SOLVE_LIGHT; k++) {
        tw_nw_state s = start;
        tw_nw_bot *bot = tw_nw_bot_new((tw_nw_bot_kind)k, 3);
        REQUIRE(bot);
        tw_nw_action first = tw_nw_bot_choose(bot, &s);
        CHECK(TW_NW_ACTION_KIND(first) == TW_NW_ACT_ACTIVATE && TW_NW_ACTION_ARG(first) != 1);
        for (int steps = 0; s.visiting >= 0 && steps < 100; steps++)
            REQUIRE(tw_nw_apply(&s, tw_nw_bot_choose(bot, &s), NULL) == TW_OK);
        CHECK_INT(s.fiefs[2].status, TW_NW_FIEF_FRIENDLY);
        tw_nw_bot_free(bot);
    }
    tw_nw_state s = start;
    tw_nw_bot *greedy = tw_nw_bot_new(TW_NW_BOT_GREEDY, 3);
    REQUIRE(greedy);
    for (int steps = 0; s.visiting >= 0 && steps < 100; steps++)
        REQUIRE(tw_nw_apply(&s, tw_nw_bot_choose(greedy, &s), NULL) == TW_OK);
    CHECK(s.fiefs[2].status != TW_NW_FIEF_FRIENDLY);
    tw_nw_bot_free(greedy);
}
