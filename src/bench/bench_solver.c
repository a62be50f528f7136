/* The exact visit solver's latency (bench --parts solver): p50, p99 and
 * the largest CPU time per visit-start question (the thread's own time, so
 * that other work on the machine does not count), with and without abilities,
 * and against the same solver without its subset programme. */
#include <stdlib.h>
#include <string.h>

#include "bench/bench_solver.h"
#include "sim/sim.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_files.h"

/* The clairvoyant bot's budget per question. */
#define SOLVER_BUDGET 2000000

/* Whether a state is the start of a visit: its first decision after the
 * substitutes, nothing answered yet. */
static int visit_start(const tw_nw_state *s)
{
    return s->visiting >= 0 && s->score_n == 0 && !s->run.active &&
           (s->phase == TW_NW_PHASE_BEFORE_STATEMENT || s->phase == TW_NW_PHASE_RESPONSE) &&
           tw_nw_hand_count(s) == TW_NW_HAND_SIZE;
}

/* Plays random games of one setup until `count` visit starts are kept
 * in out (a visit is kept once, at its first decision). */
static void collect_visits(const tw_nw_catalog *catalog, tw_nw_setup setup, uint64_t seed, int count,
                           tw_nw_state *out)
{
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    int kept = 0;
    for (uint64_t game = 0; kept < count; game++) {
        tw_nw_state s;
        tw_nw_config cfg = {setup, TW_NW_MEDAL_BRONZE, tw_mix64(seed + game), 0, TW_NW_VARIANT_MEDALS, 0};
        if (tw_nw_new(&s, catalog, &cfg, NULL) != TW_OK)
            return;
        int last_kept = -1;
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        while (!tw_nw_is_over(&s) && kept < count) {
            if (visit_start(&s) && s.visiting != last_kept) {
                out[kept++] = s;
                last_kept = s.visiting;
            }
            if (s.visiting < 0)
                last_kept = -1;
            int n = tw_nw_legal_actions(&s, acts);
            /* never stop the game early: it would end the sample */
            int pick = (int)tw_rng_below(&rng, (uint32_t)n);
            if (TW_NW_ACTION_KIND(acts[pick]) == TW_NW_ACT_STOP)
                pick = 0;
            tw_nw_apply(&s, acts[pick], NULL);
        }
    }
}

/* Compares two doubles, for qsort. */
static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Times the solver on each state and adds a row {deal, abilities, solver,
 * questions, yes, cut_off, p50_ms, p99_ms, max_ms, mean_ms, nodes}: nodes
 * is the search nodes of all the questions (the same on any machine). */
static void time_row(json_t *rows, FILE *log, const char *deal, int abilities, int programme,
                     const tw_nw_state *states, int count)
{
    tw_nw_solver *solver = tw_nw_solver_new(TW_NW_SOLVER_TABLE_LOG2);
    double *ms = malloc((size_t)(count > 0 ? count : 1) * sizeof *ms);
    if (!solver || !ms) {
        tw_nw_solver_free(solver);
        free(ms);
        return;
    }
    tw_nw_solver_set_budget(solver, SOLVER_BUDGET);
    tw_nw_solver_set_dp(solver, programme);
    int yes = 0, cut = 0;
    double total = 0;
    long long nodes_before = tw_nw_solver_nodes(solver);
    for (int i = 0; i < count; i++) {
        tw_nw_state s = states[i];
        if (!abilities)
            for (int slot = 0; slot < TW_NW_SLOTS; slot++)
                s.slots[slot].exhausted = 1;
        double t0 = tw_sim_thread_cpu();
        yes += tw_nw_solve_visit(solver, &s);
        ms[i] = (tw_sim_thread_cpu() - t0) * 1000.0;
        total += ms[i];
        cut += tw_nw_solver_aborted(solver);
    }
    qsort(ms, (size_t)count, sizeof *ms, by_value);
    double p50 = count ? ms[count / 2] : 0, p99 = count ? ms[(count * 99) / 100] : 0,
           max = count ? ms[count - 1] : 0;
    long long nodes = tw_nw_solver_nodes(solver) - nodes_before;
    json_array_append_new(rows, json_pack("{s:s, s:b, s:s, s:i, s:i, s:i, s:f, s:f, s:f, s:f, s:I}", "deal", deal,
                                          "abilities", abilities, "solver", programme ? "programme" : "search",
                                          "questions", count, "yes", yes, "cut_off", cut, "p50_ms", p50, "p99_ms",
                                          p99, "max_ms", max, "mean_ms", count ? total / count : 0.0, "nodes",
                                          (json_int_t)nodes));
    if (log)
        fprintf(log, "  %-5s %-9s %-9s %6d %6d %7d %9.3f %9.3f %9.1f %9.3f %12lld\n", deal,
                abilities ? "ready" : "spent", programme ? "programme" : "search", count, yes, cut, p50, p99, max,
                count ? total / count : 0.0, nodes);
    free(ms);
    tw_nw_solver_free(solver);
}

json_t *tw_bench_solver(uint64_t seed, int visits, int reference, FILE *log)
{
    tw_nw_catalog *catalog = malloc(sizeof *catalog);
    tw_nw_state *states = malloc((size_t)visits * sizeof *states);
    json_t *rows = json_array();
    tw_diag diag;
    if (!catalog || !states || !rows || tw_nw_catalog_load_default(catalog, &diag) != TW_OK) {
        free(catalog);
        free(states);
        json_decref(rows);
        return NULL;
    }
    if (log)
        fprintf(log, "\nExact visit solver, one question per visit start, CPU time (random play, seed %llu, budget %d nodes):\n"
                     "  deal  allies    solver    questions  yes cut off   p50 ms    p99 ms    max ms   mean ms        nodes\n",
                (unsigned long long)seed, SOLVER_BUDGET);
    static const struct {
        const char *name;
        tw_nw_setup setup;
    } deals[] = {{"intro", TW_NW_SETUP_INTRO}, {"full", TW_NW_SETUP_FULL}};
    for (int d = 0; d < 2; d++) {
        collect_visits(catalog, deals[d].setup, seed + (uint64_t)d, visits, states);
        int few = reference < visits ? reference : visits;
        time_row(rows, log, deals[d].name, 1, 1, states, visits);
        time_row(rows, log, deals[d].name, 1, 0, states, few);
        time_row(rows, log, deals[d].name, 0, 1, states, visits);
        time_row(rows, log, deals[d].name, 0, 0, states, few);
    }
    free(states);
    free(catalog);
    return json_pack("{s:I, s:i, s:i, s:o}", "seed", (json_int_t)seed, "visits", visits, "budget", SOLVER_BUDGET,
                     "rows", rows);
}
