/* `bench --parts calibration`: whether the chances hints show come true
 * as often as they say, for both games. */
#ifndef TRICKWOOD_BENCH_BENCH_CALIBRATION_H
#define TRICKWOOD_BENCH_BENCH_CALIBRATION_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>

/* The games a calibration run plays (bits). */
#define TW_CAL_NORTHWOOD 1u
#define TW_CAL_FOX 2u

/* Plays `games` seeded games of each game in `which` (TW_CAL_NORTHWOOD,
 * TW_CAL_FOX or both; one alone serves to refit that game's maps) (For Northwood! intro deal
 * aiming for goal, NULL: bronze; the Duet at levels 1, 2, 3 in turn), seeds seed,
 * seed + 1, ..., every real decision following the hint, on `jobs`
 * threads. Each hint's chances are kept with what then happened: the
 * visit's target hit or not, the goal reached or not, the Duet won or
 * not. Prints per bin of 10 points the mean chance shown and the observed
 * frequency with counts, and the calibration maps fitted on these games,
 * to log (may be NULL); returns the figures as JSON with
 * calibration_max_error (the largest gap over bins of at least 200
 * chances), or NULL when a game could not start or memory ran out. */
/* The For Northwood! goal the calibration's games aim for (the hints'
 * medal chance is the chance of this goal): the intro deal with a medal,
 * a variant (tw_nw_variant) and the expert rule. */
typedef struct {
    int medal;   /* tw_nw_medal */
    int variant; /* tw_nw_variant */
    int expert;
} tw_bench_cal_goal;

json_t *tw_bench_calibration(uint64_t seed, int games, int jobs, unsigned which, const tw_bench_cal_goal *goal,
                             FILE *log);

#endif
