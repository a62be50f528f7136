/* Small statistics helpers for simulations and benchmarks: Wilson score
 * intervals for win rates and exact integer tallies (count, sum, sum of
 * squares) whose mean and standard deviation do not depend on the order in
 * which values were added. */
#ifndef TRICKWOOD_STATS_H
#define TRICKWOOD_STATS_H

#include <stdint.h>

/* z for a two-sided 95% interval. */
#define TW_Z95 1.959963984540054

/* Wilson score interval of a proportion: successes out of n trials at
 * normal quantile z (TW_Z95 for 95%). Sets *lo and *hi inside [0, 1]; with
 * n == 0 the interval is [0, 1]. */
void tw_wilson_interval(long long successes, long long n, double z, double *lo, double *hi);

/* An exact tally of integer values. Merging tallies or adding values in
 * any order gives the same totals, so parallel runs reduce to identical
 * figures. */
typedef struct {
    long long count;
    long long sum;
    long long sum_sq;
} tw_tally;

/* Adds one value. */
void tw_tally_add(tw_tally *tally, long long value);
/* Adds every value of another tally. */
void tw_tally_merge(tw_tally *into, const tw_tally *from);
/* Mean of the values (0 when empty). */
double tw_tally_mean(const tw_tally *tally);
/* Sample standard deviation (n - 1 in the denominator; 0 below 2 values). */
double tw_tally_sd(const tw_tally *tally);

/* Maps x through the straight lines between the points (from[i], to[i])
 * (from increasing, n >= 1 of them; x clamped to the first and last, so
 * beyond them the map is flat at their value). *slope (may be NULL)
 * receives the slope of the line used (0 with a single point). The
 * calibration maps of both games' hints are such points. */
double tw_through_points(const double *from, const double *to, int n, double x, double *slope);

#endif
