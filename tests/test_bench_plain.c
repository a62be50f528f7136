/* `bench`'s For Northwood! without abilities (src/cli/bench_plain.c): the
 * bare reference loop and the engine must play the very same games (the
 * same deals, the same picks, the same results) for any seed, or their
 * ratio of rates would compare different work. */
#include <jansson.h>
#include <string.h>

#include "cli/bench_plain.h"
#include "cli_harness.h"
#include "nw_fixture.h"
#include "test.h"

/* Plays `games` games on each side from one seed (in two batches, as
 * bench does) and fills both totals. */
static void play_both(uint64_t seed, int games, tw_bench_plain_totals *ref, tw_bench_plain_totals *engine)
{
    tw_bench_plain ref_side, engine_side;
    memset(ref, 0, sizeof *ref);
    memset(engine, 0, sizeof *engine);
    CHECK_INT(tw_bench_plain_init(&ref_side, fx_catalog(), seed), 0);
    CHECK_INT(tw_bench_plain_init(&engine_side, fx_catalog(), seed), 0);
    int half = games / 2;
    tw_bench_plain_reference(&ref_side, 0, half, ref);
    CHECK_INT(tw_bench_plain_engine(&engine_side, 0, half, engine), 0);
    tw_bench_plain_reference(&ref_side, half, games - half, ref);
    CHECK_INT(tw_bench_plain_engine(&engine_side, half, games - half, engine), 0);
}

TEST(bench_plain_same_games)
{
    const uint64_t seeds[] = {1, 7, 123456789};
    int games = TW_TEST_ASAN ? 100 : 1000;
    tw_bench_plain_totals first_ref;
    memset(&first_ref, 0, sizeof first_ref);
    for (int i = 0; i < 3; i++) {
        tw_bench_plain_totals ref, engine;
        play_both(seeds[i], games, &ref, &engine);
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
    json_decref(root);
    tw_test_cli_free(&r);
}
