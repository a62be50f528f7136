/* Asks tw_nw_visit_decided at every decision in a visit of random games
 * (half intro, half full deal, seeds from 77) and prints how many were
 * asked, decided and decided as hits, for timing one build of the library
 * against another and checking that they answer alike:
 *
 *   cc -O2 -Iinclude -Isrc -Itests -o /tmp/nw-decided-loop scripts/nw-decided-loop.c \
 *       tests/nw_exhaustive.c build/release/libtrickwood.a -ljansson -lm
 *   time /tmp/nw-decided-loop 300
 *
 * With a budget (`/tmp/nw-decided-loop 300 20000`), each answer at a
 * dialogue's decision is also compared with the exhaustive check of
 * tests/nw_exhaustive.c, where it settles the position within that many
 * actions: the totals then say how many positions it settled, how many of
 * them are decided, and how many the engine missed (decided, the engine
 * says not) or got wrong (the engine says decided, the check disagrees),
 * with a line for each of those.
 *
 * It also counts the complete searches (the nodes they used) and the
 * answers whose search ran out of its budget; `/tmp/nw-decided-loop 300 0
 * run-outs` prints a line for each of those (fief, score, hand, deck,
 * unseen cards, the allies ready).
 *
 * docs/rules-notes.md ("A decided visit") gives the figures it served. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nw_exhaustive.h"
#include "trickwood/northwood.h"
#include "trickwood/nw_files.h"
#include "northwood/nw_internal.h"

/* Totals of a run. */
typedef struct {
    long long asked, decided, hits;
    long long settled, exact_decided, missed, wrong;
    long long run_outs, searched, search_nodes;
} loop_totals;

/* Prints one position the engine answered differently from the check. */
static void report(const char *what, long long game, const tw_nw_state *s, const tw_nw_catalog *catalog)
{
    tw_nw_view view;
    tw_nw_view_of(s, &view);
    printf("%s: game %lld fief %d score %d hand %d deck %d unseen %d ready:", what, game, s->visiting, s->score_n,
           tw_nw_hand_count(s), s->deck_n, __builtin_popcount(tw_nw_view_unseen(&view)));
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        if (!s->slots[slot].exhausted) {
            int index = tw_nw_slot_character(s, slot)->catalog_index;
            printf(" %s", index < catalog->count ? catalog->entries[index].id : "?");
        }
    printf("\n");
}

/* Compares the engine's answer with the exhaustive check. */
static void check_answer(loop_totals *t, long budget, long long game, const tw_nw_state *s, int says, int hit,
                         const tw_nw_catalog *catalog)
{
    if (s->phase != TW_NW_PHASE_BEFORE_STATEMENT && s->phase != TW_NW_PHASE_RESPONSE)
        return;
    unsigned truth = nw_exhaustive_outcomes(s, budget);
    if (truth == NW_EXH_UNKNOWN)
        return;
    t->settled++;
    int decided = truth == NW_EXH_HIT || truth == NW_EXH_MISS;
    t->exact_decided += decided;
    if (decided && !says) {
        t->missed++;
        report("missed", game, s, catalog);
    } else if (says && (!decided || hit != (truth == NW_EXH_HIT))) {
        t->wrong++;
        report("wrong", game, s, catalog);
    }
}

/* Plays the games, asks at every decision of a visit, prints the totals. */
int main(int argc, char **argv)
{
    static tw_nw_catalog catalog;
    tw_diag diag;
    long long games = argc > 1 ? atoll(argv[1]) : 300;
    long budget = argc > 2 ? atol(argv[2]) : 0;
    int show_run_outs = argc > 3 && strcmp(argv[3], "run-outs") == 0;
    if (games < 1 || budget < 0 || tw_nw_catalog_load_default(&catalog, &diag) != TW_OK) {
        fprintf(stderr, "usage: nw-decided-loop GAMES [BUDGET [run-outs]] (and the default catalog must load)\n");
        return 1;
    }
    tw_rng pick;
    tw_rng_seed(&pick, 5);
    loop_totals t = {0};
    for (long long g = 0; g < games; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {g % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE,
                            tw_mix64(77 + (uint64_t)g), 0, TW_NW_VARIANT_MEDALS, 0};
        if (tw_nw_new(&s, &catalog, &cfg, NULL) != TW_OK)
            return 1;
        while (!tw_nw_is_over(&s)) {
            int hit = 0;
            if (s.visiting >= 0) {
                t.asked++;
                int says = tw_nw_visit_decided(&s, &hit);
                if (says) {
                    t.decided++;
                    t.hits += hit;
                }
                nw_decided_trace trace = nw_decided_last();
                if (trace.by == NW_DECIDED_BY_SEARCH || trace.by == NW_DECIDED_BY_RUN_OUT) {
                    t.searched++;
                    t.search_nodes += trace.nodes;
                }
                if (trace.by == NW_DECIDED_BY_RUN_OUT) {
                    t.run_outs++;
                    if (show_run_outs)
                        report("run-out", g, &s, &catalog);
                }
                if (budget)
                    check_answer(&t, budget, g, &s, says, hit, &catalog);
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
    printf("%lld asked, %lld decided, %lld hit\n", t.asked, t.decided, t.hits);
    printf("complete searches %lld (%lld nodes), budget run-outs %lld\n", t.searched, t.search_nodes, t.run_outs);
    if (budget)
        printf("exhaustive check (budget %ld): %lld settled, %lld of them decided; the engine missed %lld, "
               "got %lld wrong\n",
               budget, t.settled, t.exact_decided, t.missed, t.wrong);
    return 0;
}
