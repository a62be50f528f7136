/* Random play over many seeds: invariants after every action. */
#include "test.h"
#include "trickwood/nw_files.h"

static tw_nw_catalog catalog;

/* Loads the default catalog once. */
static const tw_nw_catalog *default_catalog(void)
{
    if (!catalog.count) {
        tw_diag d;
        if (tw_nw_catalog_load_default(&catalog, &d) != TW_OK) {
            char buf[600];
            tw_diag_format(&d, buf, sizeof buf);
            tw_test_fail(__FILE__, __LINE__, "%s", buf);
        }
    }
    return &catalog;
}

/* Number of crown characters in a catalog. */
static int crown_count(const tw_nw_catalog *c)
{
    int crown = 0;
    for (int i = 0; i < c->count; i++)
        crown += c->entries[i].crown;
    return crown;
}

TEST(nw_smoke_catalog_loads)
{
    /* DATA.md: 24 characters, the 12 intro ones and 12 crown ones */
    const tw_nw_catalog *c = default_catalog();
    CHECK_INT(c->count, 24);
    CHECK_INT(crown_count(c), 12);
}

TEST(nw_smoke_random_games)
{
    const tw_nw_catalog *c = default_catalog();
    REQUIRE(c->count == 24 && crown_count(c) == 12);
    tw_rng pick;
    tw_rng_seed(&pick, 99);
    long wins = 0, actions_total = 0;
    for (int g = 0; g < 2000; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {g % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, (uint64_t)g, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, c, &cfg, NULL) == TW_OK);
        int steps = 0;
        while (!tw_nw_is_over(&s) && steps < 2000) {
            const char *why = NULL;
            if (!tw_nw_check_invariants(&s, &why)) {
                tw_test_fail(__FILE__, __LINE__, "game %d step %d: %s", g, steps, why);
                return;
            }
            tw_nw_action acts[TW_NW_MAX_ACTIONS];
            int n = tw_nw_legal_actions(&s, acts);
            REQUIRE(n > 0);
            tw_nw_action a = acts[tw_rng_below(&pick, (uint32_t)n)];
            REQUIRE(tw_nw_apply(&s, a, NULL) == TW_OK);
            steps++;
        }
        CHECK(tw_nw_is_over(&s));
        actions_total += steps;
        wins += tw_nw_is_won(&s);
    }
    printf("   smoke: %ld actions, %ld wins\n", actions_total, wins);
}
