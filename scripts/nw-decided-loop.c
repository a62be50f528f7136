/* Asks tw_nw_visit_decided at every decision in a visit of random games
 * (half intro, half full deal, seeds from 77) and prints how many were
 * asked, decided and decided as hits, for timing one build of the library
 * against another and checking that they answer alike:
 *
 *   cc -O2 -Iinclude -o /tmp/nw-decided-loop scripts/nw-decided-loop.c \
 *       build/release/libtrickwood.a -ljansson -lm
 *   time /tmp/nw-decided-loop 300
 *
 * docs/rules-notes.md ("finish") gives the figures it served. */
#include <stdio.h>
#include <stdlib.h>

#include "trickwood/northwood.h"
#include "trickwood/nw_files.h"

/* Plays the games, asks at every decision of a visit, prints the totals. */
int main(int argc, char **argv)
{
    static tw_nw_catalog catalog;
    tw_diag diag;
    long long games = argc > 1 ? atoll(argv[1]) : 300;
    if (games < 1 || tw_nw_catalog_load_default(&catalog, &diag) != TW_OK) {
        fprintf(stderr, "usage: nw-decided-loop GAMES (and the default catalog must load)\n");
        return 1;
    }
    tw_rng pick;
    tw_rng_seed(&pick, 5);
    long long asked = 0, decided = 0, hits = 0;
    for (long long g = 0; g < games; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {g % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE,
                            tw_mix64(77 + (uint64_t)g), 0, TW_NW_VARIANT_MEDALS, 0};
        if (tw_nw_new(&s, &catalog, &cfg, NULL) != TW_OK)
            return 1;
        while (!tw_nw_is_over(&s)) {
            int hit = 0;
            if (s.visiting >= 0) {
                asked++;
                if (tw_nw_visit_decided(&s, &hit)) {
                    decided++;
                    hits += hit;
                }
            }
            tw_nw_action acts[TW_NW_MAX_ACTIONS];
            int n = tw_nw_legal_actions(&s, acts);
            tw_nw_action a = acts[tw_rng_below(&pick, (uint32_t)n)];
            while (n > 1 && TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP)
                a = acts[tw_rng_below(&pick, (uint32_t)n)];
            if (tw_nw_apply(&s, a, NULL) != TW_OK)
                return 1;
        }
    }
    printf("%lld asked, %lld decided, %lld hit\n", asked, decided, hits);
    return 0;
}
