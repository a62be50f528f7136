/* The part of `bench`'s random intro game that no engine can remove: the
 * nine shuffles every game deals (the rulers, then 32 cards at each of the
 * eight visits) and the player's own random picks, one draw per pick with
 * the very bounds the engine's lists gave. It first plays GAMES games
 * through the engine as scripts/nw-random-loop.c does (seed 1, the same
 * games as `bench`'s line "For Northwood! intro, never stopping"),
 * recording the size of every list the player drew from; then it times,
 * in turns on the thread's CPU clock, the same games through the engine
 * and this floor alone, and prints both and their ratio.
 *
 *   make build/release/trickwood
 *   cc -O2 -Iinclude -o /tmp/nw-intro-floor scripts/nw-intro-floor.c \
 *       build/release/libtrickwood.a -ljansson -lm
 *   /tmp/nw-intro-floor 200000
 *
 * docs/benchmarks.md ("The ceiling") gives the reading it serves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trickwood/northwood.h"
#include "trickwood/nw_files.h"

/* The thread's CPU time in seconds. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Plays the games through the engine, as nw-random-loop does; when
 * `bounds` is not NULL, writes the size of every list drawn from (a pick
 * drawn again because it was "stop" writes its size again). Returns the
 * number of draws, or -1 when the engine refused. */
static long long play_engine(const tw_nw_catalog *catalog, long long games, uint8_t *bounds, long long *stars)
{
    tw_rng pick;
    tw_rng_seed(&pick, 1);
    long long draws = 0;
    *stars = 0;
    for (long long g = 0; g < games; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, tw_mix64(1 + (uint64_t)g), 0, TW_NW_VARIANT_MEDALS, 0};
        if (tw_nw_new(&s, catalog, &cfg, NULL) != TW_OK)
            return -1;
        while (!tw_nw_is_over(&s)) {
            tw_nw_action acts[TW_NW_MAX_ACTIONS];
            int n = tw_nw_legal_actions(&s, acts);
            if (bounds)
                bounds[draws] = (uint8_t)n;
            draws++;
            tw_nw_action a = acts[tw_rng_below(&pick, (uint32_t)n)];
            while (n > 1 && TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP) {
                if (bounds)
                    bounds[draws] = (uint8_t)n;
                draws++;
                a = acts[tw_rng_below(&pick, (uint32_t)n)];
            }
            if (tw_nw_apply(&s, a, NULL) != TW_OK)
                return -1;
        }
        *stars += tw_nw_stars_won(&s);
    }
    return draws;
}

/* The floor of the same games: per game the engine's generator seeded as
 * tw_nw_new seeds it, eight items and then eight decks of 32 cards
 * shuffled, and the player's draws with the recorded bounds. Returns a
 * sum of what was drawn, so that nothing is left out by the compiler. */
static uint64_t play_floor(long long games, const uint8_t *bounds, long long draws)
{
    static const uint8_t order[TW_NW_CARDS] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                               11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                               22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
    tw_rng pick;
    tw_rng_seed(&pick, 1);
    uint64_t sum = 0;
    for (long long g = 0; g < games; g++) {
        tw_rng rng;
        uint8_t items[TW_NW_CARDS];
        tw_rng_seed(&rng, tw_mix64(1 + (uint64_t)g));
        memcpy(items, order, TW_NW_FIEFS);
        tw_rng_shuffle_u8(&rng, items, TW_NW_FIEFS);
        for (int visit = 0; visit < TW_NW_FIEFS; visit++) {
            memcpy(items, order, sizeof items);
            tw_rng_shuffle_u8(&rng, items, TW_NW_CARDS);
            sum += items[TW_NW_CARDS - 1];
        }
    }
    for (long long i = 0; i < draws; i++)
        sum += tw_rng_below(&pick, bounds[i]);
    return sum;
}

/* Records the bounds, then times both sides in turns and prints them. */
int main(int argc, char **argv)
{
    long long games = argc > 1 ? atoll(argv[1]) : 200000;
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    static tw_nw_catalog catalog;
    tw_diag diag;
    if (games < 1 || games > 10000000 || rounds < 1 || tw_nw_catalog_load_default(&catalog, &diag) != TW_OK) {
        fprintf(stderr, "usage: nw-intro-floor GAMES [ROUNDS] (at most 10,000,000 games; the default catalog must load)\n");
        return 1;
    }
    long long stars;
    long long draws = play_engine(&catalog, games, NULL, &stars);
    uint8_t *bounds = draws > 0 ? malloc((size_t)draws) : NULL;
    if (!bounds || play_engine(&catalog, games, bounds, &stars) != draws) {
        fprintf(stderr, "nw-intro-floor: the engine refused a game, or out of memory\n");
        return 1;
    }
    double engine_best = 1e9, floor_best = 1e9;
    uint64_t sum = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = cpu_now();
        play_engine(&catalog, games, NULL, &stars);
        double t1 = cpu_now();
        sum += play_floor(games, bounds, draws);
        double t2 = cpu_now();
        engine_best = t1 - t0 < engine_best ? t1 - t0 : engine_best;
        floor_best = t2 - t1 < floor_best ? t2 - t1 : floor_best;
    }
    printf("%lld games, %lld draws, %lld stars (check %llu)\n", games, draws, stars, (unsigned long long)(sum % 1000));
    printf("engine %.3f s, floor %.3f s (best of %d, CPU): the floor is %.1f%% of the engine's time\n", engine_best,
           floor_best, rounds, 100.0 * floor_best / engine_best);
    free(bounds);
    return 0;
}
