/* The strong Fox in the Forest Duet bot's estimate: perfect-information
 * Monte Carlo over the seat's view. Each sample re-deals what the seat
 * cannot see (the partner's unknown cards, never in a suit the partner
 * showed it lacks, and the deck) with tw_fox_determinize, then the
 * open-hands round search values every legal action on that deal. The
 * mean over the samples is the action's estimated chance of winning. */
#include <math.h>
#include <string.h>

#include "trickwood/fox_bots.h"

/* Adds each action's open-hands value over `samples` deals of the view
 * (seeded from seed) to sum[i], and its square to sum2[i] (may be NULL).
 * The table is cleared first: the answer depends on the view and seed. */
static void sample_values(tw_fox_search *search, const tw_fox_view *view, uint64_t seed, int samples,
                          long long nodes_per_sample, const tw_fox_action *actions, int n, double *sum, double *sum2)
{
    double values[TW_FOX_MAX_ACTIONS];
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    tw_fox_search_clear(search);
    for (int k = 0; k < samples; k++) {
        uint64_t hi = tw_rng_next(&rng);
        tw_fox_state deal;
        tw_fox_determinize(view, (hi << 32) | tw_rng_next(&rng), &deal);
        tw_fox_search_deepen(search, &deal, actions, n, nodes_per_sample, values, NULL);
        for (int i = 0; i < n; i++) {
            sum[i] += values[i];
            if (sum2)
                sum2[i] += values[i] * values[i];
        }
    }
}

int tw_fox_estimate_actions(tw_fox_search *search, const tw_fox_view *view, uint64_t seed, int samples,
                            long long nodes_per_sample, const tw_fox_action *actions, int n, double *p)
{
    for (int i = 0; i < n; i++)
        p[i] = 0.0;
    if (n <= 0)
        return -1;
    if (samples < 1)
        samples = 1;
    sample_values(search, view, seed, samples, nodes_per_sample, actions, n, p, NULL);
    int best = 0;
    for (int i = 0; i < n; i++) {
        p[i] /= samples;
        if (p[i] > p[best])
            best = i;
    }
    return best;
}

/* ---- Chances: the one estimator behind hints ------------------------------------ */

/* Calibration of the search estimate as a frequency: the estimate's logit
 * x becomes a * x + b, by level, fitted on the hints of games that
 * followed the hints, against how those games ended (docs/bots.md). The search
 * scores its horizon with weights fitted on rule-bot games, which win
 * less often than the strong bot, so the raw estimate runs low. Proven
 * outcomes (0: every deal lost, 1: every deal won) stay. *slope receives
 * the map's derivative at p (for margins). */
static double calibrated_chance(double p, int level, double *slope)
{
    /* the maps fitted by `bench --parts calibration --games 1000 --seed
     * 700000` on the hints of games that followed the hints (what it
     * prints under "Calibration maps fitted on these games") */
    static const double a[TW_FOX_LEVELS] = {0.8436, 0.6072, 0.9690};
    static const double b[TW_FOX_LEVELS] = {1.8816, 1.6131, 0.8302};
    *slope = 0;
    if (p <= 0.0)
        return 0.0;
    if (p >= 1.0)
        return 1.0;
    int i = level >= 1 && level <= TW_FOX_LEVELS ? level - 1 : 0;
    double q = p < 0.01 ? 0.01 : p > 0.99 ? 0.99 : p;
    double out = 1.0 / (1.0 + exp(-(a[i] * log(q / (1.0 - q)) + b[i])));
    *slope = a[i] * out * (1 - out) / (q * (1 - q));
    return out;
}

uint64_t tw_fox_view_seed(const tw_fox_view *view)
{
    const tw_fox_state *v = &view->visible;
    int partner = 1 - view->seat;
    uint64_t h = tw_mix64(0x666f78ULL ^ (uint64_t)view->seat << 40 ^ (uint64_t)v->round << 48);
    h = tw_mix64(h ^ tw_fox_view_unseen(view));
    h = tw_mix64(h ^ ((uint64_t)v->known[partner] | (uint64_t)v->void_suits[partner] << 32 |
                      (uint64_t)tw_fox_hand_count(v, partner) << 40));
    return h;
}

/* Whether two views of one seat show the same position (what the seat
 * sees of the hands, the trick, the decree, the pending choice, the path). */
static int same_position(const tw_fox_state *a, const tw_fox_state *b)
{
    return a->hand[0] == b->hand[0] && a->hand[1] == b->hand[1] && a->known[0] == b->known[0] &&
           a->known[1] == b->known[1] && a->set_aside == b->set_aside && a->phase == b->phase &&
           a->actor == b->actor && a->trick_n == b->trick_n && a->trick[0] == b->trick[0] &&
           a->trick[1] == b->trick[1] && a->decree == b->decree && a->tricks_done == b->tricks_done &&
           a->leader == b->leader && a->gift_pick[0] == b->gift_pick[0] && a->gift_pick[1] == b->gift_pick[1] &&
           a->round == b->round && memcmp(&a->path, &b->path, sizeof a->path) == 0;
}

/* Whether the seat learns nothing from action a and acts again: on two
 * deals of the view, the seat is still to act, no card leaves the unseen
 * ones and the views after it are the same. *after receives that view. */
static int quiet_action(const tw_fox_view *view, tw_fox_action a, tw_fox_view *after)
{
    uint64_t seed = tw_fox_view_seed(view);
    tw_fox_view other;
    for (int k = 0; k < 2; k++) {
        tw_fox_state s;
        tw_fox_determinize(view, tw_mix64(seed + (uint64_t)k), &s);
        if (tw_fox_apply(&s, a, NULL) != TW_OK || tw_fox_to_act(&s) != view->seat)
            return 0;
        tw_fox_view_of(&s, view->seat, k == 0 ? after : &other);
    }
    if (tw_fox_view_unseen(view) & ~tw_fox_view_unseen(after))
        return 0;
    return tw_fox_view_seed(after) == tw_fox_view_seed(&other) && same_position(&after->visible, &other.visible);
}

/* Fills the raw chances (mean search values over the deals, and their
 * standard errors) of the actions; returns the strong bot's move. depth
 * counts the quiet decisions followed. */
static int raw_chances(tw_fox_search *search, const tw_fox_view *view, const tw_fox_effort *effort,
                       const tw_fox_action *actions, int n, int depth, int every, double *q, double *se)
{
    uint64_t seed = tw_fox_view_seed(view);
    double sum[TW_FOX_MAX_ACTIONS] = {0}, sum2[TW_FOX_MAX_ACTIONS] = {0};
    int strong = 0;
    if (n > 1)
        strong = tw_fox_estimate_actions(search, view, seed, effort->move_samples, effort->nodes, actions, n, q);
    int samples = effort->chance_samples;
    sample_values(search, view, seed ^ 0x6368616e6365ULL, samples, effort->nodes, actions, n, sum, sum2);
    for (int i = 0; i < n; i++) {
        q[i] = sum[i] / samples;
        double var = sum2[i] / samples - q[i] * q[i];
        se[i] = var > 0 && samples > 1 ? sqrt(var / (samples - 1)) : 0;
    }
    for (int i = 0; i < n && depth < TW_FOX_CHAIN_DEPTH; i++) {
        tw_fox_view after;
        if ((every || i == strong) && quiet_action(view, actions[i], &after)) {
            tw_fox_action next[TW_FOX_MAX_ACTIONS];
            double nq[TW_FOX_MAX_ACTIONS], nse[TW_FOX_MAX_ACTIONS];
            int m = tw_fox_view_legal_actions(&after, next);
            if (m <= 0)
                continue;
            int k = raw_chances(search, &after, effort, next, m, depth + 1, 0, nq, nse);
            q[i] = nq[k];
            se[i] = nse[k];
        }
    }
    return strong;
}

int tw_fox_estimate_chances(tw_fox_search *search, const tw_fox_view *view, const tw_fox_effort *effort,
                            const tw_fox_action *actions, int n, int every, double *p, double *margin, double *raw)
{
    double q[TW_FOX_MAX_ACTIONS], se[TW_FOX_MAX_ACTIONS];
    for (int i = 0; i < n; i++)
        p[i] = margin[i] = 0;
    if (n <= 0)
        return -1;
    int strong = raw_chances(search, view, effort, actions, n, 0, every, q, se);
    for (int i = 0; i < n; i++) {
        if (!every && i != strong)
            continue;
        double slope;
        p[i] = calibrated_chance(q[i], view->visible.level, &slope);
        margin[i] = 1.96 * se[i] * slope;
        if (raw)
            raw[i] = q[i];
    }
    return strong;
}
