/* Wilson intervals, exact integer tallies and maps through points
 * (include/trickwood/stats.h). */
#include <math.h>

#include "trickwood/stats.h"

/* Wilson score interval: centre and half-width from the observed share,
 * clamped to [0, 1] against rounding. */
void tw_wilson_interval(long long successes, long long n, double z, double *lo, double *hi)
{
    if (n <= 0 || successes < 0 || successes > n) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    double nn = (double)n;
    double p = (double)successes / nn;
    double z2 = z * z;
    double denom = 1.0 + z2 / nn;
    double centre = (p + z2 / (2.0 * nn)) / denom;
    double half = z * sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn)) / denom;
    double a = centre - half, b = centre + half;
    /* exact ends: no successes gives 0, all successes gives 1 */
    if (successes == 0)
        a = 0.0;
    if (successes == n)
        b = 1.0;
    *lo = a < 0.0 ? 0.0 : a;
    *hi = b > 1.0 ? 1.0 : b;
}

/* Adds one value to the running totals. */
void tw_tally_add(tw_tally *tally, long long value)
{
    tally->count++;
    tally->sum += value;
    tally->sum_sq += value * value;
}

/* Adds another tally's totals. */
void tw_tally_merge(tw_tally *into, const tw_tally *from)
{
    into->count += from->count;
    into->sum += from->sum;
    into->sum_sq += from->sum_sq;
}

/* Mean from the exact totals. */
double tw_tally_mean(const tw_tally *tally)
{
    return tally->count ? (double)tally->sum / (double)tally->count : 0.0;
}

/* Sample standard deviation from the exact totals: n*sumsq - sum^2 is
 * computed in floating point from exact integers, then clamped at 0. */
double tw_tally_sd(const tw_tally *tally)
{
    if (tally->count < 2)
        return 0.0;
    double n = (double)tally->count;
    double s = (double)tally->sum;
    double var = ((double)tally->sum_sq - s * s / n) / (n - 1.0);
    return var > 0.0 ? sqrt(var) : 0.0;
}

double tw_through_points(const double *from, const double *to, int n, double x, double *slope)
{
    if (n < 2) {
        if (slope)
            *slope = 0;
        return n == 1 ? to[0] : x;
    }
    int i = 0;
    if (x <= from[0])
        x = from[0];
    if (x >= from[n - 1])
        x = from[n - 1];
    while (i < n - 2 && x > from[i + 1])
        i++;
    double k = (to[i + 1] - to[i]) / (from[i + 1] - from[i]);
    if (slope)
        *slope = k;
    return to[i] + k * (x - from[i]);
}
