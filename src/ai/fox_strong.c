/* The strong Fox in the Forest Duet bot's estimate: perfect-information
 * Monte Carlo over the seat's view. Each sample re-deals what the seat
 * cannot see (the partner's unknown cards, never in a suit the partner
 * showed it lacks, and the deck) with tw_fox_determinize, then the
 * open-hands round search values every legal action on that deal. The
 * mean over the samples is the action's estimated chance of winning. */
#include "trickwood/fox_bots.h"

int tw_fox_estimate_actions(tw_fox_search *search, const tw_fox_view *view, uint64_t seed, int samples,
                            long long nodes_per_sample, const tw_fox_action *actions, int n, double *p)
{
    double values[TW_FOX_MAX_ACTIONS];
    for (int i = 0; i < n; i++)
        p[i] = 0.0;
    if (n <= 0)
        return -1;
    if (samples < 1)
        samples = 1;
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    /* A clean table: the answer then depends on the view and seed alone. */
    tw_fox_search_clear(search);
    for (int k = 0; k < samples; k++) {
        uint64_t hi = tw_rng_next(&rng);
        tw_fox_state deal;
        tw_fox_determinize(view, (hi << 32) | tw_rng_next(&rng), &deal);
        tw_fox_search_deepen(search, &deal, actions, n, nodes_per_sample, values, NULL);
        for (int i = 0; i < n; i++)
            p[i] += values[i];
    }
    int best = 0;
    for (int i = 0; i < n; i++) {
        p[i] /= samples;
        if (p[i] > p[best])
            best = i;
    }
    return best;
}
