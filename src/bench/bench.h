/* `trickwood bench` (bench.c): speed, bot strength, hint times and
 * memory, over the simulation of src/sim/ and each engine's own API; its
 * parts are bench_plain.c and bench_lean.c (the bare and lean reference
 * loops), bench_solver.c and bench_calibration.c. */
#ifndef TRICKWOOD_BENCH_BENCH_H
#define TRICKWOOD_BENCH_BENCH_H

#include "term/cli.h"

/* The `bench` subcommand and its help text. */
int tw_cli_bench(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_bench_help;

#endif
