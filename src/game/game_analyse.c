/* The analysis of a game, written once for every game over the table
 * (trickwood/game.h): replays the actions from the start and, before each
 * decision the game judges, asks the table's estimate for the chance of
 * every legal action from the acting seat's view only. What the terminal's
 * `analyse` prints and what the web server's analysis endpoints answer
 * both come from here. */
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"

/* Clamps a chance to 0..1 (the Duet's estimate rates a win with a higher
 * score a little above 1). */
static double chance(double p)
{
    return p < 0.0 ? 0.0 : p > 1.0 ? 1.0 : p;
}

/* Judges a decision from its two chances: what the choice gave up (the
 * best's value minus the played one's, 0 when the played one's is
 * higher), and whether that is more than noise: at least
 * TW_GAME_NOTABLE_COST and more than the two values' margins together, so
 * a game that followed every hint lists nothing. */
static void judge(tw_game_decision *d)
{
    double gap = d->c_best.value - d->c_played.value;
    d->cost = d->played != d->best && gap > 0 ? gap : 0.0;
    d->notable = d->cost >= TW_GAME_NOTABLE_COST && d->cost > d->c_best.value_margin + d->c_played.value_margin;
}

/* Ranks the costliest decisions: at most top of the notable ones, the
 * earlier first among equal costs. */
static void rank_costliest(tw_game_analysis *a, int top)
{
    for (int r = 1; r <= top; r++) {
        int pick = -1;
        for (int i = 0; i < a->count; i++) {
            const tw_game_decision *d = &a->decisions[i];
            if (d->rank || !d->notable)
                continue;
            if (pick < 0 || d->cost > a->decisions[pick].cost)
                pick = i;
        }
        if (pick < 0)
            return;
        a->decisions[pick].rank = r;
    }
}

tw_match *tw_match_at_step(const tw_match *m, int step)
{
    tw_match *at = m->game->restart(m);
    for (int i = 0; at && i < step && i < m->count; i++)
        if (m->game->apply(at, m->actions[i], NULL) != TW_OK) {
            m->game->free(at);
            at = NULL;
        }
    return at;
}

tw_error tw_game_analyse(const tw_match *m, int viewer, int samples, int top, tw_game_analysis *out)
{
    const tw_game *game = m->game;
    memset(out, 0, sizeof *out);
    out->samples = samples > 0 ? samples : game->analyse_samples;
    if (m->count > 0 && !(out->decisions = calloc((size_t)m->count, sizeof *out->decisions)))
        return TW_ERR_NOMEM;
    tw_match *at = game->restart(m);
    if (!at) {
        tw_game_analysis_free(out);
        return TW_ERR_NOMEM;
    }
    tw_error err = TW_OK;
    for (int i = 0; i < m->count && err == TW_OK; i++) {
        int seat = game->to_act(at);
        tw_game_action acts[TW_GAME_MAX_ACTIONS];
        tw_game_chance c[TW_GAME_MAX_ACTIONS];
        int best = 0, played = -1;
        int n = viewer < 0 || seat == viewer ? game->estimate(at, m->actions[i], out->samples, acts, c, &best) : 0;
        for (int k = 0; k < n; k++)
            if (acts[k] == m->actions[i])
                played = k;
        if (n > 0 && played >= 0) {
            tw_game_decision *d = &out->decisions[out->count++];
            d->step = i;
            d->seat = seat;
            d->options = n;
            d->played = acts[played];
            d->best = acts[best];
            d->c_played = c[played];
            d->c_best = c[best];
            d->c_played.p = chance(d->c_played.p);
            d->c_best.p = chance(d->c_best.p);
            judge(d);
        }
        err = game->apply(at, m->actions[i], NULL);
    }
    game->free(at);
    if (err != TW_OK) {
        tw_game_analysis_free(out);
        return err;
    }
    rank_costliest(out, top);
    return TW_OK;
}

void tw_game_analysis_free(tw_game_analysis *a)
{
    free(a->decisions);
    a->decisions = NULL;
    a->count = 0;
}

/* One decision as JSON; at is the match just before it. */
static json_t *decision_json(const tw_match *at, const tw_game_decision *d)
{
    char played[48], best[48];
    at->game->format(at, d->played, played, (int)sizeof played);
    at->game->format(at, d->best, best, (int)sizeof best);
    json_t *where = at->game->where_json(at);
    return json_pack("{s:i, s:i, s:o, s:i, s:s, s:f, s:f, s:s, s:f, s:f, s:f, s:f, s:f, s:f, s:b, s:o}", "step",
                     d->step, "seat", d->seat, "where", where ? where : json_null(), "options", d->options, "played",
                     played, "p_played", d->c_played.p, "margin_played", d->c_played.margin, "best", best, "p_best",
                     d->c_best.p, "margin_best", d->c_best.margin, "p_before", d->c_best.p, "value_played",
                     d->c_played.value, "value_best", d->c_best.value, "cost", d->cost, "notable", d->notable, "rank",
                     d->rank ? json_integer(d->rank) : json_null());
}

/* The ranked steps, costliest first. */
static json_t *costliest_json(const tw_game_analysis *a)
{
    json_t *list = json_array();
    for (int r = 1; list; r++) {
        int found = 0;
        for (int i = 0; i < a->count && !found; i++)
            if (a->decisions[i].rank == r) {
                json_array_append_new(list, json_integer(a->decisions[i].step));
                found = 1;
            }
        if (!found)
            break;
    }
    return list;
}

json_t *tw_game_analyse_json(const tw_match *m, int viewer, int samples, int top)
{
    const tw_game *game = m->game;
    tw_game_analysis a;
    if (tw_game_analyse(m, viewer, samples, top, &a) != TW_OK)
        return NULL;
    json_t *list = json_array();
    tw_match *at = game->restart(m);
    int next = 0;
    for (int i = 0; list && at && i < m->count && next < a.count; i++) {
        if (a.decisions[next].step == i) {
            json_t *d = decision_json(at, &a.decisions[next++]);
            if (!d || json_array_append_new(list, d) != 0) {
                json_decref(list);
                list = NULL;
            }
        }
        if (game->apply(at, m->actions[i], NULL) != TW_OK) {
            json_decref(list);
            list = NULL;
        }
    }
    json_t *out = NULL;
    if (list && at)
        out = json_pack("{s:s, s:s, s:i, s:i, s:b, s:o, s:o}", "game", game->record_name, "chance_of", game->chance_of,
                        "samples", a.samples, "steps", m->count, "over", tw_match_is_over(m), "decisions", list,
                        "costliest", costliest_json(&a));
    else
        json_decref(list);
    game->free(at);
    tw_game_analysis_free(&a);
    return out;
}
