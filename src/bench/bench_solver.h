/* `bench --parts solver`: how long the exact For Northwood! visit solver
 * takes per question, at the start of visits reached by random play. */
#ifndef TRICKWOOD_BENCH_BENCH_SOLVER_H
#define TRICKWOOD_BENCH_BENCH_SOLVER_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>

/* Collects `visits` visit starts per deal (intro, full) from random play
 * with this seed and times the solver on each: with the allies ready,
 * with every ally spent (answers only), and on the first `reference` of
 * each, with the subset programme and the passes turned off (the search
 * of every node). Prints a table
 * to log (may be NULL) and returns the figures as JSON (NULL when out of
 * memory). */
json_t *tw_bench_solver(uint64_t seed, int visits, int reference, FILE *log);

#endif
