/* A fixed amount of random For Northwood! play, for timing one build of
 * the library against another from outside (scripts/time-in-turn.sh), and for callgrind.
 *
 * It plays GAMES random intro games exactly as `trickwood bench` does on
 * its line "For Northwood! intro, never stopping" (seed 1: the same deals
 * and the same picks), then prints the games, the decisions and the stars
 * won in total, which must be equal for every build. With a second
 * argument "events" every call fills an event buffer (the cost of
 * events). It uses only the public API, so the same file builds against
 * older libraries:
 *
 *   cc -O2 -Iinclude -o /tmp/nw-random-loop scripts/nw-random-loop.c \
 *       build/release/libtrickwood.a -ljansson -lm
 *   /tmp/nw-random-loop 100000
 *
 * docs/benchmarks.md gives the comparison it serves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/northwood.h"
#include "trickwood/nw_files.h"

/* Plays the games and prints the totals. */
int main(int argc, char **argv)
{
    long long games = argc > 1 ? atoll(argv[1]) : 100000;
    static tw_nw_events buffer;
    tw_nw_events *events = argc > 2 && strcmp(argv[2], "events") == 0 ? &buffer : NULL;
    uint64_t seed = 1;
    static tw_nw_catalog catalog;
    tw_diag diag;
    if (games < 1 || tw_nw_catalog_load_default(&catalog, &diag) != TW_OK) {
        fprintf(stderr, "usage: nw-random-loop GAMES (and the default catalog must load)\n");
        return 1;
    }
    tw_rng pick;
    tw_rng_seed(&pick, seed);
    long long decisions = 0, stars = 0;
    for (long long g = 0; g < games; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, tw_mix64(seed + (uint64_t)g), 0, TW_NW_VARIANT_MEDALS, 0};
        if (events)
            events->count = events->overflow = 0;
        if (tw_nw_new(&s, &catalog, &cfg, events) != TW_OK)
            return 1;
        while (!tw_nw_is_over(&s)) {
            tw_nw_action acts[TW_NW_MAX_ACTIONS];
            int n = tw_nw_legal_actions(&s, acts);
            tw_nw_action a = acts[tw_rng_below(&pick, (uint32_t)n)];
            while (n > 1 && TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP)
                a = acts[tw_rng_below(&pick, (uint32_t)n)];
            if (events)
                events->count = events->overflow = 0;
            if (tw_nw_apply(&s, a, events) != TW_OK)
                return 1;
            decisions++;
        }
        stars += tw_nw_stars_won(&s);
    }
    printf("%lld games, %lld decisions, %lld stars\n", games, decisions, stars);
    return 0;
}
