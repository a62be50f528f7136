/* `bench`'s For Northwood! without abilities (src/bench/bench_plain.c,
 * src/bench/bench_lean.c): the bare reference loop, the engine and the lean
 * engine must play the very same games (the same deals, the same picks,
 * the same results) for any seed, or their ratios of rates would compare
 * different work; and the lean engine must keep the engine's rules for
 * this game, or its rate would not bound the engine's. */
#include <jansson.h>
#include <string.h>

#include "bench/bench_lean.h"
#include "bench/bench_plain.h"
#include "cli_harness.h"
#include "nw_fixture.h"
#include "test.h"

/* Plays `games` games on each side from one seed (in two batches, as
 * bench does) and fills the three totals. */
static void play_all(uint64_t seed, int games, tw_bench_plain_totals *ref, tw_bench_plain_totals *engine,
                     tw_bench_plain_totals *lean)
{
    tw_bench_plain ref_side, engine_side, lean_side;
    memset(ref, 0, sizeof *ref);
    memset(engine, 0, sizeof *engine);
    memset(lean, 0, sizeof *lean);
    CHECK_INT(tw_bench_plain_init(&ref_side, fx_catalog(), seed), 0);
    CHECK_INT(tw_bench_plain_init(&engine_side, fx_catalog(), seed), 0);
    CHECK_INT(tw_bench_plain_init(&lean_side, fx_catalog(), seed), 0);
    int half = games / 2;
    tw_bench_plain_reference(&ref_side, 0, half, ref);
    CHECK_INT(tw_bench_plain_engine(&engine_side, 0, half, engine), 0);
    CHECK_INT(tw_bench_plain_lean(&lean_side, 0, half, lean), 0);
    tw_bench_plain_reference(&ref_side, half, games - half, ref);
    CHECK_INT(tw_bench_plain_engine(&engine_side, half, games - half, engine), 0);
    CHECK_INT(tw_bench_plain_lean(&lean_side, half, games - half, lean), 0);
}

TEST(bench_plain_same_games)
{
    const uint64_t seeds[] = {1, 7, 123456789};
    int games = TW_TEST_ASAN ? 100 : 1000;
    tw_bench_plain_totals first_ref;
    memset(&first_ref, 0, sizeof first_ref);
    for (int i = 0; i < 3; i++) {
        tw_bench_plain_totals ref, engine, lean;
        play_all(seeds[i], games, &ref, &engine, &lean);
        CHECK(memcmp(&lean, &ref, sizeof lean) == 0);
        CHECK_INT(ref.games, games);
        CHECK_INT(engine.games, games);
        /* 8 fiefs and 8 answers per visit, on both sides */
        CHECK_INT(ref.picks, (long long)games * 72);
        CHECK_INT(engine.picks, ref.picks);
        CHECK_INT(engine.stars, ref.stars);
        CHECK_INT(engine.check, ref.check);
        for (int f = 0; f < TW_NW_FIEFS; f++)
            CHECK_INT(engine.friendly[f], ref.friendly[f]);
        /* random answers make some fiefs friendly (about 1.9 stars a game) */
        CHECK(ref.stars > games);
        if (i == 0)
            first_ref = ref;
        else /* another seed gives other games: the totals do tell games apart */
            CHECK(ref.check != first_ref.check);
    }
}

TEST(bench_plain_in_json)
{
    const char *args[] = {"bench", "--json", "--parts", "random", "--seconds", "0.01", NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_INT(r.code, 0);
    json_error_t error;
    json_t *root = r.out ? json_loads(r.out, 0, &error) : NULL;
    CHECK(root != NULL);
    json_t *plain = json_object_get(root, "northwood_no_ability");
    CHECK(json_is_true(json_object_get(plain, "same_results")));
    CHECK(json_real_value(json_object_get(plain, "engine_of_reference")) > 0);
    CHECK(json_real_value(json_object_get(json_object_get(plain, "reference"), "games_per_cpu_s")) > 0);
    CHECK(json_real_value(json_object_get(json_object_get(plain, "engine"), "decisions_per_game")) == 72.0);
    CHECK(json_real_value(json_object_get(json_object_get(plain, "lean_engine"), "decisions_per_game")) == 72.0);
    CHECK(json_real_value(json_object_get(plain, "lean_engine_of_reference")) > 0);
    json_decref(root);
    tw_test_cli_free(&r);
}

/* The engine's list with the allies' activations left out: the lean
 * engine offers none (the player of this game never calls an ally). */
static int engine_list_without_allies(const tw_nw_state *s, tw_nw_action *out)
{
    tw_nw_action all[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, all), kept = 0;
    for (int i = 0; i < n; i++)
        if (TW_NW_ACTION_KIND(all[i]) != TW_NW_ACT_ACTIVATE)
            out[kept++] = all[i];
    return kept;
}

/* Every action code the lean engine accepts is one it lists, and every
 * one it lists it accepts (each tried on a copy). */
static void check_lean_legality(const tw_bench_lean *g, const tw_nw_action *listed, int n)
{
    for (int kind = 0; kind <= TW_NW_ACT_FINISH + 1; kind++)
        for (int arg = 0; arg < 40; arg++) {
            tw_nw_action a = TW_NW_ACTION(kind, arg);
            int in_list = 0;
            for (int i = 0; i < n; i++)
                in_list |= listed[i] == a;
            tw_bench_lean copy = *g;
            int accepted = tw_bench_lean_apply(&copy, a) == 0;
            CHECK_INT(accepted, in_list);
            if (!accepted) /* a refused action leaves the game as it was */
                CHECK(memcmp(&copy, g, sizeof copy) == 0);
        }
}

/* The lean engine and the engine side by side, decision by decision, on
 * random play that may also stop: the same lists (the engine's without
 * activations), the same hands, statements and phases, the same end. The
 * engine's "begin" after a friendly visit (a phase for substitutes, which
 * the lean engine does not have) is applied to the engine alone. */
TEST(bench_lean_keeps_the_engine_rules)
{
    tw_bench_plain side;
    CHECK_INT(tw_bench_plain_init(&side, fx_catalog(), 11), 0);
    tw_rng pick;
    tw_rng_seed(&pick, 5);
    int games = TW_TEST_ASAN ? 20 : 200, stopped = 0, friendly = 0;
    for (int g = 0; g < games; g++) {
        uint64_t seed = tw_mix64((uint64_t)g + 99);
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        CHECK_INT(tw_nw_new(&s, fx_catalog(), &cfg, NULL), TW_OK);
        tw_bench_lean lean;
        tw_bench_lean_new(&lean, seed, side.ruler_suits);
        int steps = 0;
        while (!tw_nw_is_over(&s) && steps++ < 1000) {
            if (s.phase == TW_NW_PHASE_SUBSTITUTES) {
                CHECK_INT(tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_BEGIN, 0), NULL), TW_OK);
                continue;
            }
            tw_nw_action expected[TW_NW_MAX_ACTIONS], got[TW_NW_MAX_ACTIONS];
            int n = engine_list_without_allies(&s, expected);
            int m = tw_bench_lean_list(&lean, got);
            CHECK_INT(m, n);
            CHECK(m == n && memcmp(got, expected, (size_t)n * sizeof got[0]) == 0);
            CHECK_INT(lean.phase, s.phase);
            CHECK_INT(lean.hand, s.hand);
            CHECK_INT(lean.statement, s.statement);
            check_lean_legality(&lean, got, m);
            if (m != n || m < 1)
                break;
            tw_nw_action a = got[tw_rng_below(&pick, (uint32_t)m)];
            stopped += TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP;
            CHECK_INT(tw_nw_apply(&s, a, NULL), TW_OK);
            CHECK_INT(tw_bench_lean_apply(&lean, a), 0);
        }
        CHECK(tw_nw_is_over(&s));
        CHECK_INT(lean.phase, TW_NW_PHASE_GAME_OVER);
        unsigned engine_friendly = 0;
        for (int f = 0; f < TW_NW_FIEFS; f++)
            engine_friendly |= (unsigned)(s.fiefs[f].status == TW_NW_FIEF_FRIENDLY) << f;
        CHECK_INT(lean.friendly, engine_friendly);
        friendly += engine_friendly != 0;
    }
    /* the random player stopped some games and won fiefs in others */
    CHECK(stopped > 0);
    CHECK(friendly > 0);
}
