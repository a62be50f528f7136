/* Information-set Monte Carlo tree search (single observer) for The Fox in
 * the Forest Duet, the alternative to the strong bot's sampling that was
 * measured against it (docs/bots.md). Each iteration re-deals what the
 * seat cannot see, walks down one tree shared by every deal (only the
 * actions legal in that deal count), adds one node and scores it with a
 * short open-hands search to a horizon a few tricks ahead. Both seats
 * maximise the same value: the game is cooperative. */
#include <math.h>
#include <stdlib.h>

#include "trickwood/fox_bots.h"

#define NO_NODE (-1)
#define LEAF_NODES 400 /* node budget of the search that scores a new node */

typedef struct {
    uint16_t action;   /* action leading here from the parent */
    int32_t child;     /* first child, or NO_NODE */
    int32_t sibling;   /* next child of the same parent, or NO_NODE */
    uint32_t visits;
    uint32_t avail;    /* times the action was legal when the parent was visited */
    double total;      /* sum of the values backed up through this node */
} mc_node;

/* The child of node with this action, or NO_NODE. */
static int32_t find_child(const mc_node *nodes, int32_t node, uint16_t action)
{
    for (int32_t c = nodes[node].child; c != NO_NODE; c = nodes[c].sibling)
        if (nodes[c].action == action)
            return c;
    return NO_NODE;
}

/* Whether a state lies beyond the horizon: the game or round ended, or
 * the trick count reached stop at a trick boundary. */
static int past_horizon(const tw_fox_state *s, int round, int stop)
{
    if (tw_fox_is_over(s) || s->round != round)
        return 1;
    return s->phase == TW_FOX_PHASE_PLAY && s->trick_n == 0 && s->tricks_done >= stop;
}

int tw_fox_ismcts_estimate(tw_fox_search *search, const tw_fox_view *view, uint64_t seed, int iterations,
                           int horizon, double exploration, const tw_fox_action *actions, int n, double *p)
{
    if (n <= 0)
        return -1;
    if (iterations < 1)
        iterations = 1;
    mc_node *nodes = malloc(((size_t)iterations + 1) * sizeof *nodes);
    if (!nodes)
        return 0;
    int32_t used = 1;
    nodes[0] = (mc_node){TW_FOX_NO_ACTION, NO_NODE, NO_NODE, 0, 0, 0.0};
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    tw_fox_search_set_budget(search, LEAF_NODES);
    tw_fox_search_clear(search); /* the answer depends on the view and seed alone */
    int round = view->visible.round;
    int stop = view->visible.tricks_done + (horizon < 1 ? 1 : horizon);
    int32_t path[256];
    for (int it = 0; it < iterations; it++) {
        uint64_t hi = tw_rng_next(&rng);
        tw_fox_state s;
        tw_fox_determinize(view, (hi << 32) | tw_rng_next(&rng), &s);
        int32_t node = 0;
        int depth = 0;
        path[depth++] = 0;
        double value;
        for (;;) {
            if (past_horizon(&s, round, stop)) {
                value = tw_fox_eval(&s);
                break;
            }
            tw_fox_action list[TW_FOX_MAX_ACTIONS];
            int m = tw_fox_legal_actions(&s, list);
            if (node == 0) /* the root's actions are the seat's own: the given list */
                m = n;
            tw_fox_action untried[TW_FOX_MAX_ACTIONS];
            int u = 0;
            int32_t pick = NO_NODE;
            double best = -1e300;
            for (int i = 0; i < m; i++) {
                tw_fox_action a = node == 0 ? actions[i] : list[i];
                int32_t c = find_child(nodes, node, a);
                if (c == NO_NODE) {
                    untried[u++] = a;
                    continue;
                }
                nodes[c].avail++;
                double ucb = nodes[c].total / nodes[c].visits +
                             exploration * sqrt(log((double)nodes[c].avail) / nodes[c].visits);
                if (ucb > best) {
                    best = ucb;
                    pick = c;
                }
            }
            if (u > 0 && used < iterations + 1 && depth < 255) {
                tw_fox_action a = untried[tw_rng_below(&rng, (uint32_t)u)];
                int32_t c = used++;
                nodes[c] = (mc_node){a, NO_NODE, nodes[node].child, 0, 1, 0.0};
                nodes[node].child = c;
                tw_fox_apply(&s, a, NULL);
                path[depth++] = c;
                value = past_horizon(&s, round, stop) ? tw_fox_eval(&s)
                                                      : tw_fox_search_value(search, &s, stop - s.tricks_done);
                break;
            }
            if (pick == NO_NODE || depth >= 255) {
                value = tw_fox_eval(&s);
                break;
            }
            tw_fox_apply(&s, nodes[pick].action, NULL);
            node = pick;
            path[depth++] = pick;
        }
        for (int i = 0; i < depth; i++) {
            nodes[path[i]].visits++;
            nodes[path[i]].total += value;
        }
    }
    int best = 0;
    uint32_t most = 0;
    for (int i = 0; i < n; i++) {
        int32_t c = find_child(nodes, 0, actions[i]);
        p[i] = c != NO_NODE && nodes[c].visits ? nodes[c].total / nodes[c].visits : 0.0;
        uint32_t v = c != NO_NODE ? nodes[c].visits : 0;
        if (v > most) {
            most = v;
            best = i;
        }
    }
    free(nodes);
    return best;
}
