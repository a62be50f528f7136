/* The Duet's strong estimate with a model of the partner: sampling over
 * the seat's view as in fox_strong.c, but where the partner answers the
 * seat's action in the same trick (the seat leads, the partner follows),
 * the partner's card is not chosen by the open-hands search, which would
 * let it see the seat's hand, but by a blueprint of the partner: a cheap
 * run of the same sampling from the partner's own view of that deal (its
 * hand, the seat's hand hidden). The rest of the round after that answer
 * is searched open-handed as before. When the seat follows its partner's
 * lead, each deal is weighted by how likely the blueprint found that lead
 * from the partner's view of the deal (importance weights: a belief over
 * the partner's hand from what it played). */
#include <math.h>
#include <string.h>

#include "trickwood/fox_bots.h"

/* Whether, in a full state, the partner of seat is to play the second
 * card of the trick (so that its answer is what the blueprint models). */
static int partner_answers(const tw_fox_state *s, int seat)
{
    return !tw_fox_is_over(s) && s->phase == TW_FOX_PHASE_PLAY && s->trick_n == 1 && tw_fox_to_act(s) == 1 - seat;
}

/* The partner's card in a full state, chosen from its own view by the
 * blueprint (the sampling at the blueprint's effort, seeded from seed). */
static tw_fox_action blueprint_answer(tw_fox_search *blue, const tw_fox_state *s, uint64_t seed,
                                      const tw_fox_partner_effort *effort)
{
    tw_fox_view pv;
    tw_fox_view_of(s, tw_fox_to_act(s), &pv);
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    double q[TW_FOX_MAX_ACTIONS];
    int m = tw_fox_view_legal_actions(&pv, list);
    if (m <= 1)
        return m == 1 ? list[0] : TW_FOX_NO_ACTION;
    int best = tw_fox_estimate_actions(blue, &pv, seed, effort->blueprint_samples, effort->blueprint_nodes, list, m, q);
    return list[best];
}

/* Whether the view's seat follows a card its partner led that changed
 * nothing else when played (not the Foxes or the Gift, whose abilities
 * act at once): the deal before that lead is then the deal with the card
 * back in the partner's hand. */
static int follows_plain_lead(const tw_fox_view *view)
{
    const tw_fox_state *v = &view->visible;
    if (v->phase != TW_FOX_PHASE_PLAY || v->trick_n != 1 || v->leader != 1 - view->seat)
        return 0;
    int rank = TW_FOX_RANK(v->trick[0]);
    return rank != TW_FOX_FOXES && rank != TW_FOX_GIFT;
}

/* How likely the partner's lead was in a deal, relative to its best lead:
 * the blueprint values each card the partner could have led from its own
 * view before the lead, and the weight is exp((value of the card led -
 * best value) / temperature). */
static double lead_weight(tw_fox_search *blue, const tw_fox_state *deal, uint64_t seed,
                          const tw_fox_partner_effort *effort)
{
    tw_fox_state before = *deal;
    int partner = deal->leader, led = deal->trick[0];
    before.hand[partner] |= 1u << led;
    before.trick_n = 0;
    tw_fox_view pv;
    tw_fox_view_of(&before, partner, &pv);
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    double q[TW_FOX_MAX_ACTIONS];
    int m = tw_fox_view_legal_actions(&pv, list);
    if (m <= 1)
        return 1.0;
    int best = tw_fox_estimate_actions(blue, &pv, seed, effort->blueprint_samples, effort->blueprint_nodes, list, m, q);
    for (int i = 0; i < m; i++)
        if (TW_FOX_ACTION_ARG(list[i]) == led && TW_FOX_ACTION_KIND(list[i]) == TW_FOX_ACT_PLAY)
            return exp((q[i] - q[best]) / effort->lead_temperature);
    return 1.0;
}

/* Iterative deepening on one full state: the value of the deepest search
 * (1, 2, ... tricks ahead, to the round's end) that fit node_budget nodes
 * in all, or the state's evaluation when none did. */
static double deepen_value(tw_fox_search *search, const tw_fox_state *s, long long node_budget)
{
    double value = tw_fox_eval(s);
    long long start = tw_fox_search_nodes(search);
    int max_tricks = TW_FOX_TRICKS - s->tricks_done;
    if (max_tricks < 1)
        max_tricks = 1;
    for (int tricks = 1; tricks <= max_tricks; tricks++) {
        long long left = node_budget - (tw_fox_search_nodes(search) - start);
        if (left <= 0)
            break;
        tw_fox_search_set_budget(search, left);
        double v = tw_fox_search_value(search, s, tricks);
        if (tw_fox_search_aborted(search))
            break;
        value = v;
        if (value >= 1.0)
            break;
    }
    return value;
}

int tw_fox_estimate_with_partner(tw_fox_search *search, tw_fox_search *blueprint, const tw_fox_view *view,
                                 uint64_t seed, const tw_fox_partner_effort *effort, const tw_fox_action *actions,
                                 int n, double *p)
{
    for (int i = 0; i < n; i++)
        p[i] = 0.0;
    if (n <= 0)
        return -1;
    int samples = effort->samples < 1 ? 1 : effort->samples;
    int seat = view->seat;
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    tw_fox_search_clear(search); /* the answer depends on the view and seed alone */
    double values[TW_FOX_MAX_ACTIONS];
    int weigh = effort->lead_temperature > 0 && follows_plain_lead(view);
    double total = 0.0;
    for (int k = 0; k < samples; k++) {
        uint64_t hi = tw_rng_next(&rng);
        uint64_t deal_seed = (hi << 32) | tw_rng_next(&rng);
        tw_fox_state deal;
        tw_fox_determinize(view, deal_seed, &deal);
        double w = weigh ? lead_weight(blueprint, &deal, tw_mix64(deal_seed ^ 0x6c656164ULL), effort) : 1.0;
        total += w;
        int answered = 0;
        for (int i = 0; i < n; i++) {
            tw_fox_state t = deal;
            if (tw_fox_apply(&t, actions[i], NULL) == TW_OK && partner_answers(&t, seat))
                answered = 1;
        }
        if (!answered) {
            /* Nothing of the partner's is modelled here: the plain sampling. */
            tw_fox_search_deepen(search, &deal, actions, n, effort->nodes, values, NULL);
        } else {
            for (int i = 0; i < n; i++) {
                tw_fox_state t = deal;
                if (tw_fox_apply(&t, actions[i], NULL) != TW_OK) {
                    values[i] = 0.0;
                    continue;
                }
                if (partner_answers(&t, seat)) {
                    tw_fox_action b = blueprint_answer(blueprint, &t, tw_mix64(deal_seed ^ (uint64_t)i), effort);
                    if (b != TW_FOX_NO_ACTION)
                        tw_fox_apply(&t, b, NULL);
                }
                values[i] = deepen_value(search, &t, effort->nodes_per_action);
            }
        }
        for (int i = 0; i < n; i++)
            p[i] += w * values[i];
    }
    int best = 0;
    for (int i = 0; i < n; i++) {
        p[i] /= total > 0 ? total : 1.0;
        if (p[i] > p[best])
            best = i;
    }
    return best;
}
