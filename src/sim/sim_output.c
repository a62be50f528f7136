/* Output helpers shared by the games' summaries (sim.h): win rates with
 * their Wilson interval as JSON or text, shares and percentages,
 * histogram bars, and the timing lines of the human output. */
#include <jansson.h>
#include <stdio.h>

#include "sim/sim.h"

/* Adds wins, win_rate and win_rate_ci95 for wins out of games. */
void tw_sim_json_rate(json_t *obj, long long wins, long long games)
{
    double lo, hi;
    tw_wilson_interval(wins, games, TW_Z95, &lo, &hi);
    json_object_set_new(obj, "wins", json_integer(wins));
    json_object_set_new(obj, "win_rate", json_real(tw_sim_share(wins, games)));
    json_object_set_new(obj, "win_rate_ci95", json_pack("[f, f]", lo, hi));
}

/* part / whole, 0 when whole is 0. */
double tw_sim_share(long long part, long long whole)
{
    return whole ? (double)part / (double)whole : 0.0;
}

/* 100 * part / whole, 0 when whole is 0. */
double tw_sim_percent(long long part, long long whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* Prints a JSON object, indented, and frees it. */
void tw_sim_json_print(FILE *out, json_t *obj)
{
    json_dumpf(obj, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', out);
    json_decref(obj);
}

/* One row: label, count, share of games, with a bar scaled to top. */
void tw_sim_text_bar(FILE *out, const char *label, long long count, long long games, long long top)
{
    enum { WIDTH = 40 };
    int len = top > 0 ? (int)((double)count * WIDTH / (double)top + 0.5) : 0;
    char bar[WIDTH + 1];
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < len ? '#' : ' ';
    bar[WIDTH] = '\0';
    fprintf(out, "  %-9s |%s| %6.2f%%  %lld\n", label, bar, tw_sim_percent(count, games), count);
}

/* A win rate with its interval, as "12.34% [11.70%, 13.00%]". */
void tw_sim_text_rate(FILE *out, long long wins, long long games)
{
    double lo, hi;
    tw_wilson_interval(wins, games, TW_Z95, &lo, &hi);
    fprintf(out, "%8lld  %7.3f%%  [%.3f%%, %.3f%%]\n", wins, tw_sim_percent(wins, games), 100.0 * lo, 100.0 * hi);
}

/* The timing lines (human output only: they vary from run to run). */
void tw_sim_text_timing(FILE *out, const tw_sim_totals *t, int jobs)
{
    double per_decision = t->decisions.sum ? 1000.0 * t->game_seconds / (double)t->decisions.sum : 0.0;
    fprintf(out, "Decisions per game: %.1f, %.4f ms of CPU per decision (bot and engine)\n",
            tw_tally_mean(&t->decisions), per_decision);
    fprintf(out, "Took %.2f s on %d thread%s (%.0f games/s)\n", t->elapsed, jobs, jobs == 1 ? "" : "s",
            t->elapsed > 0 ? (double)t->games / t->elapsed : 0.0);
}
