/* The strong Fox in the Forest Duet bot's estimate: perfect-information
 * Monte Carlo over the seat's view. Each sample re-deals what the seat
 * cannot see (the partner's unknown cards, never in a suit the partner
 * showed it lacks, and the deck) with tw_fox_determinize, then the
 * open-hands round search values every legal action on that deal. The
 * mean over the samples is the action's estimated chance of winning. */
#include <math.h>
#include <string.h>

#include "trickwood/fox_bots.h"
#include "trickwood/stats.h"

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

/* Calibration of the search estimate as a frequency, by level: the
 * estimate, clamped to [0.01, 0.99], is mapped through straight lines
 * between fitted points (by twentieth of the estimate: its mean and how
 * often the games then were won, on the hints of games that followed the
 * hints; neighbouring twentieths merged while the frequency does not
 * rise; beyond the first and last points, their frequency). The search
 * scores its horizon with weights fitted on rule-bot games, which win
 * less often than the strong bot, so the raw estimate runs low. The
 * points are what `bench --parts calibration --game fox --games 2000
 * --seed 700000` prints under "Calibration maps fitted on these games"
 * (docs/bots.md). */
#define CAL_MAX_POINTS 20
typedef struct {
    int n;
    double value[CAL_MAX_POINTS], freq[CAL_MAX_POINTS];
} calibration_points;

static const calibration_points CALIBRATION[TW_FOX_LEVELS] = {
    {14,
     {0.1259, 0.2947, 0.3828, 0.4299, 0.5087, 0.5808, 0.6263, 0.6762, 0.7261, 0.7757, 0.8230, 0.8712, 0.9225, 0.9760},
     {0.3571, 0.6512, 0.7475, 0.8394, 0.8703, 0.9135, 0.9371, 0.9381, 0.9514, 0.9587, 0.9630, 0.9701, 0.9718, 0.9792}},
    {10,
     {0.0674, 0.1737, 0.3184, 0.4840, 0.6015, 0.7147, 0.8171, 0.8847, 0.9306, 0.9657},
     {0.0000, 0.2500, 0.3846, 0.4783, 0.6176, 0.8992, 0.9096, 0.9559, 0.9661, 0.9813}},
    {15,
     {0.0761, 0.2302, 0.3299, 0.3763, 0.4301, 0.5107, 0.5798, 0.6295, 0.6820, 0.7274, 0.7761, 0.8274, 0.8738, 0.9221, 0.9730},
     {0.0000, 0.0600, 0.3182, 0.3636, 0.4167, 0.6258, 0.6429, 0.7232, 0.8132, 0.8476, 0.8750, 0.9103, 0.9340, 0.9597, 0.9791}},
};

/* The estimate p as a frequency at this level (proven outcomes, 0: every
 * deal lost, 1: every deal won, stay); *slope receives the map's
 * derivative at p (for margins). */
static double calibrated_chance(double p, int level, double *slope)
{
    *slope = 0;
    if (p <= 0.0)
        return 0.0;
    if (p >= 1.0)
        return 1.0;
    const calibration_points *map = &CALIBRATION[level >= 1 && level <= TW_FOX_LEVELS ? level - 1 : 0];
    double q = p < 0.01 ? 0.01 : p > 0.99 ? 0.99 : p;
    return tw_through_points(map->value, map->freq, map->n, q, slope);
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
