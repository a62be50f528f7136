/* One side of `bench`'s For Northwood! game without abilities, alone, for
 * timing one build against another from outside (scripts/time-in-turn.sh) and for
 * profiles: "engine" plays GAMES games through the public API as
 * `tw_bench_plain_engine` does, "reference" plays them in the bare loop
 * of `tw_bench_plain_reference` (src/bench/bench_plain.c, seed 1), "lean"
 * through the lean engine of src/bench/bench_lean.c. It prints the games,
 * the stars and the check hash of the games, which must be equal for
 * every side and every build:
 *
 *   make build/release/trickwood
 *   cc -O2 -Iinclude -Isrc -o /tmp/nw-plain-loop scripts/nw-plain-loop.c \
 *       build/release/src/bench/bench_plain.o build/release/src/bench/bench_lean.o \
 *       build/release/libtrickwood.a -ljansson -lm
 *   /tmp/nw-plain-loop engine 400000
 *
 * docs/benchmarks.md ("Engine speed", "The ceiling") gives the
 * comparisons it serves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_plain.h"
#include "trickwood/nw_files.h"

/* Plays one side and prints its totals. */
int main(int argc, char **argv)
{
    static tw_nw_catalog catalog;
    tw_diag diag;
    int engine = argc > 1 && strcmp(argv[1], "engine") == 0;
    int reference = argc > 1 && strcmp(argv[1], "reference") == 0;
    int lean = argc > 1 && strcmp(argv[1], "lean") == 0;
    long long games = argc > 2 ? atoll(argv[2]) : 100000;
    if ((!engine && !reference && !lean) || games < 1 || games > 1000000000 ||
        tw_nw_catalog_load_default(&catalog, &diag) != TW_OK) {
        fprintf(stderr, "usage: nw-plain-loop engine|reference|lean GAMES (and the default catalog must load)\n");
        return 1;
    }
    tw_bench_plain side;
    tw_bench_plain_totals totals;
    memset(&totals, 0, sizeof totals);
    if (tw_bench_plain_init(&side, &catalog, 1) != 0) {
        fprintf(stderr, "nw-plain-loop: the catalog has fewer than eight intro rulers\n");
        return 1;
    }
    /* in batches, as bench plays them (an int count per call) */
    for (long long first = 0; first < games; first += 1000) {
        int count = games - first < 1000 ? (int)(games - first) : 1000;
        if (reference)
            tw_bench_plain_reference(&side, first, count, &totals);
        else if ((lean ? tw_bench_plain_lean : tw_bench_plain_engine)(&side, first, count, &totals) != 0) {
            fprintf(stderr, "nw-plain-loop: the engine refused an action\n");
            return 1;
        }
    }
    printf("%lld games, %lld stars, check %016llx\n", totals.games, totals.stars, (unsigned long long)totals.check);
    return 0;
}
