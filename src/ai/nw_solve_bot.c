/* For Northwood! determinize-and-solve counting: inside a visit nothing is
 * left to chance once the deck order is known, so each action of a
 * decision is scored by how many deck orders, dealt from the player's view
 * (tw_nw_determinize), still let the visit end on target after it, each
 * order solved exactly (tw_nw_solve_actions). The number of orders adapts
 * to the decision: few when every action scores the same in every order,
 * more while the best is close to the next, and no more once it is clear. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai/nw_solve_bot.h"

/* A lead counts as clear at this many paired standard deviations. */
#define CLEAR_Z 2.0
/* ...and when it is at least this many orders (in half-order units: 2 a
 * whole order). */
#define CLEAR_LEAD 4

struct nw_solve_scratch {
    tw_nw_solver *solver;
    long long questions;
};

/* Creates the scratch memory (the solver with the project's table). */
nw_solve_scratch *nw_solve_scratch_new(void)
{
    nw_solve_scratch *sc = calloc(1, sizeof *sc);
    if (!sc)
        return NULL;
    sc->solver = tw_nw_solver_new(TW_NW_SOLVER_TABLE_LOG2);
    if (!sc->solver) {
        free(sc);
        return NULL;
    }
    return sc;
}

/* Frees the scratch memory. */
void nw_solve_scratch_free(nw_solve_scratch *sc)
{
    if (!sc)
        return;
    tw_nw_solver_free(sc->solver);
    free(sc);
}

/* Nodes the solver has searched since the scratch was made. */
long long nw_solve_scratch_nodes(const nw_solve_scratch *sc)
{
    return tw_nw_solver_nodes(sc->solver);
}

/* Solves one dealt order: val[i] is 2 when the target stays reachable
 * after acts[i], 0 when not, 1 when the question ran out of budget (half a
 * success: not known). A first question on the state itself spares the
 * per-action ones when nothing reaches the target. Returns the questions
 * that ran out. */
static int solve_order(nw_solve_scratch *sc, const tw_nw_state *s, const tw_nw_action *acts, int n, uint8_t *val)
{
    int aborted = 0;
    memset(val, 0, (size_t)n);
    int any = tw_nw_solve_visit(sc->solver, s);
    sc->questions++;
    if (tw_nw_solver_aborted(sc->solver))
        aborted++;
    else if (!any)
        return 0;
    for (int i = 0; i < n; i++) {
        if (TW_NW_ACTION_KIND(acts[i]) == TW_NW_ACT_STOP)
            continue; /* the bots never stop in a visit */
        uint8_t ok = 0;
        tw_nw_solve_actions(sc->solver, s, &acts[i], 1, &ok);
        sc->questions++;
        if (tw_nw_solver_aborted(sc->solver)) {
            aborted++;
            val[i] = 1;
        } else {
            val[i] = ok ? 2 : 0;
        }
    }
    return aborted;
}

/* The index of the highest score (the first among equals; "stop" only
 * when it is the only action). */
static int best_index(const tw_nw_action *acts, const int *score, int n)
{
    int best = -1;
    for (int i = 0; i < n; i++)
        if (TW_NW_ACTION_KIND(acts[i]) != TW_NW_ACT_STOP && (best < 0 || score[i] > score[best]))
            best = i;
    return best < 0 ? 0 : best;
}

/* Whether the best action is clear after `orders` orders with `left` more
 * allowed: against each other action, its lead over the orders dealt is
 * larger than what the orders left could take back, or it is CLEAR_Z
 * paired standard deviations and at least CLEAR_LEAD; an action that
 * scored exactly as the best in every order so far does not hold the stop
 * back (the tie is broken apart). */
static int lead_clear(uint8_t val[][TW_NW_MAX_ACTIONS], int orders, int left, const tw_nw_action *acts,
                      const int *score, int n, int best)
{
    for (int j = 0; j < n; j++) {
        if (j == best || TW_NW_ACTION_KIND(acts[j]) == TW_NW_ACT_STOP)
            continue;
        int lead = score[best] - score[j];
        long sq = 0;
        for (int o = 0; o < orders; o++) {
            int d = val[o][best] - val[o][j];
            sq += d * d;
        }
        if (sq == 0 || lead > 2 * left)
            continue;
        if (lead < CLEAR_LEAD || lead < CLEAR_Z * sqrt((double)sq))
            return 0;
    }
    return 1;
}

/* Counts the orders after which each action keeps the target reachable. */
void nw_solve_actions(nw_solve_scratch *sc, const nw_solve_settings *set, const tw_nw_view *view,
                      const tw_nw_action *acts, int n, tw_rng *rng, nw_solve_count *out)
{
    static _Thread_local uint8_t val[NW_SOLVE_MAX_ORDERS][TW_NW_MAX_ACTIONS];
    memset(out, 0, sizeof *out);
    int max = set->max_orders < 1 ? 1 : set->max_orders > NW_SOLVE_MAX_ORDERS ? NW_SOLVE_MAX_ORDERS : set->max_orders;
    int min = set->min_orders < 1 ? 1 : set->min_orders > max ? max : set->min_orders;
    tw_nw_solver_set_budget(sc->solver, set->budget);
    int discriminating = 0; /* orders in which the actions did not all score the same */
    for (int o = 0; o < max; o++) {
        /* after min_orders: stop when every action has scored alike in
         * every order (the choice decides nothing the orders see) or when
         * the best is clear */
        if (o >= min && (discriminating == 0 || lead_clear(val, o, max - o, acts, out->score, n, best_index(acts, out->score, n))))
            break;
        tw_nw_state s;
        tw_nw_determinize(view, tw_rng_next(rng) | (uint64_t)tw_rng_next(rng) << 32, &s);
        out->aborted += solve_order(sc, &s, acts, n, val[o]);
        int alike = 1, first = -1;
        for (int i = 0; i < n; i++) {
            out->score[i] += val[o][i];
            if (TW_NW_ACTION_KIND(acts[i]) == TW_NW_ACT_STOP)
                continue;
            if (first < 0)
                first = val[o][i];
            alike &= val[o][i] == first;
        }
        discriminating += !alike;
        out->orders++;
    }
    out->best = best_index(acts, out->score, n);
}
