/* The analysis of a game (tw_game_analyse, game_analyse.c) for both games:
 * every judged decision's chances come from the game's one per-action
 * estimator at that position (the same figure the estimator gives when
 * asked directly), the costliest are ranked by cost, a seat's analysis
 * holds only its own decisions, and the Duet's estimate reads only the
 * acting seat's view (two deals the seat cannot tell apart give the same
 * figures). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "trickwood/fox_bots.h"
#include "trickwood/foxduet.h"
#include "trickwood/game.h"
#include "trickwood/nw_bots.h"
#include "trickwood/northwood.h"

/* Plays a match of game with its "rule"/"greedy" bot until over or limit
 * actions; NULL on failure. */
static tw_match *played(const tw_game *game, const char *bot, uint64_t seed, int limit)
{
    tw_diag d;
    tw_match *m = game->start(NULL, seed, &d);
    while (m && !tw_match_is_over(m) && m->count < limit) {
        tw_game_action a;
        if (tw_match_bot_action(m, bot, seed + (uint64_t)m->count, &a) != TW_OK || game->apply(m, a, NULL) != TW_OK) {
            game->free(m);
            return NULL;
        }
    }
    return m;
}

/* Checks what every analysis must hold: chances in 0..1, the best at
 * the played one's when they are the same action, the cost the gap of
 * the values, ranks given to the costliest notable ones (cost at least
 * TW_GAME_NOTABLE_COST and more than the margins) in order of cost. */
static void check_sound(const tw_game_analysis *a, int top)
{
    int ranked = 0;
    double last = 2.0;
    for (int r = 1; r <= top; r++)
        for (int i = 0; i < a->count; i++) {
            const tw_game_decision *d = &a->decisions[i];
            if (d->rank != r)
                continue;
            double cost = d->cost;
            CHECK(d->notable);
            CHECK(cost >= TW_GAME_NOTABLE_COST);
            CHECK(cost > d->c_best.value_margin + d->c_played.value_margin);
            CHECK(cost <= last);
            last = cost;
            ranked++;
        }
    for (int i = 0; i < a->count; i++) {
        const tw_game_decision *d = &a->decisions[i];
        CHECK(d->c_played.p >= 0 && d->c_played.p <= 1 && d->c_best.p >= 0 && d->c_best.p <= 1);
        CHECK(d->c_played.margin >= 0 && d->c_best.margin >= 0);
        if (d->played == d->best)
            CHECK(d->c_best.p == d->c_played.p && d->cost == 0);
        else
            CHECK(fabs(d->cost - (d->c_best.value > d->c_played.value ? d->c_best.value - d->c_played.value : 0)) <
                  1e-12);
        CHECK(d->options >= 2);
        CHECK(d->rank >= 0 && d->rank <= top);
        if (i > 0)
            CHECK(d->step > a->decisions[i - 1].step);
        /* an unranked decision is noise (not notable), or there was no
         * room left and it costs no more than the last ranked one */
        if (!d->rank)
            CHECK(!d->notable || (ranked == top && d->cost <= last));
    }
}

TEST(game_analyse_northwood_uses_the_estimator_of_each_position)
{
    const tw_game *game = tw_game_find("northwood");
    REQUIRE(game);
    tw_match *m = played(game, "greedy", 21, 400);
    REQUIRE(m);
    tw_game_analysis a, again;
    REQUIRE(tw_game_analyse(m, -1, 12, 5, &a) == TW_OK);
    REQUIRE(tw_game_analyse(m, -1, 12, 5, &again) == TW_OK);
    CHECK(a.count > 5);
    CHECK_INT(a.samples, 12);
    CHECK_INT(again.count, a.count);
    CHECK(memcmp(a.decisions, again.decisions, (size_t)a.count * sizeof *a.decisions) == 0);
    check_sound(&a, 5);
    /* Three decisions asked of the estimator directly, at the same
     * position, give the same figures. */
    for (int k = 0; k < a.count; k += a.count / 3 + 1) {
        const tw_game_decision *d = &a.decisions[k];
        tw_match *at = tw_match_at_step(m, d->step);
        REQUIRE(at);
        const tw_nw_state *s = game->state(at);
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        double p[TW_NW_MAX_ACTIONS], margin[TW_NW_MAX_ACTIONS];
        int n = tw_nw_legal_actions(s, acts);
        CHECK_INT(n, d->options);
        /* any seed: the estimator seeds its search from the view */
        tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, tw_mix64(77 + 7919u * (uint64_t)d->step));
        tw_nw_view *view = malloc(sizeof *view);
        REQUIRE(bot && view);
        tw_nw_view_of(s, view);
        int best = tw_nw_estimate_actions(bot, view, acts, n, 12, p, margin);
        CHECK_INT(acts[best], d->best);
        CHECK(fabs(p[best] - d->c_best.p) < 1e-12);
        CHECK(fabs(margin[best] - d->c_best.margin) < 1e-12);
        for (int i = 0; i < n; i++)
            if (acts[i] == d->played)
                CHECK(fabs(p[i] - d->c_played.p) < 1e-12);
        free(view);
        tw_nw_bot_free(bot);
        game->free(at);
    }
    /* The JSON form holds the same decisions, in record notation. */
    json_t *j = tw_game_analyse_json(m, -1, 12, 5);
    REQUIRE(j);
    CHECK_STR(json_string_value(json_object_get(j, "chance_of")), "target");
    json_t *list = json_object_get(j, "decisions");
    CHECK_INT((int)json_array_size(list), a.count);
    json_t *first = json_array_get(list, 0);
    char text[48];
    tw_match *at = tw_match_at_step(m, a.decisions[0].step);
    REQUIRE(at);
    game->format(at, a.decisions[0].played, text, sizeof text);
    CHECK_STR(json_string_value(json_object_get(first, "played")), text);
    CHECK(json_object_get(json_object_get(first, "where"), "score") != NULL);
    game->free(at);
    json_decref(j);
    tw_game_analysis_free(&a);
    tw_game_analysis_free(&again);
    game->free(m);
}

TEST(game_analyse_fox_judges_each_seat_from_its_own_view)
{
    const tw_game *game = tw_game_find("fox");
    REQUIRE(game);
    tw_match *m = played(game, "rule", 8, 10000);
    REQUIRE(m);
    CHECK(tw_match_is_over(m));
    tw_game_analysis all, mine[2];
    REQUIRE(tw_game_analyse(m, -1, 4, 5, &all) == TW_OK);
    check_sound(&all, 5);
    int seen[2] = {0, 0};
    for (int seat = 0; seat < 2; seat++) {
        REQUIRE(tw_game_analyse(m, seat, 4, 5, &mine[seat]) == TW_OK);
        for (int i = 0; i < mine[seat].count; i++)
            CHECK_INT(mine[seat].decisions[i].seat, seat);
    }
    /* The seats' analyses split the whole one, with the same figures. */
    CHECK_INT(mine[0].count + mine[1].count, all.count);
    for (int i = 0; i < all.count; i++) {
        const tw_game_decision *d = &all.decisions[i];
        REQUIRE(d->seat == 0 || d->seat == 1);
        const tw_game_decision *o = &mine[d->seat].decisions[seen[d->seat]++];
        CHECK_INT(o->step, d->step);
        CHECK_INT(o->best, d->best);
        CHECK(o->c_best.p == d->c_best.p && o->c_played.p == d->c_played.p);
    }
    for (int seat = 0; seat < 2; seat++)
        tw_game_analysis_free(&mine[seat]);
    /* The estimate hook gives the same figures for a deal the acting
     * seat cannot tell from the real one (the partner's hand and the
     * deck re-dealt around its view). */
    for (int k = 0; k < all.count; k += all.count / 4 + 1) {
        const tw_game_decision *d = &all.decisions[k];
        tw_match *at = tw_match_at_step(m, d->step), *other = tw_match_at_step(m, d->step);
        REQUIRE(at && other);
        tw_fox_view view;
        tw_fox_view_of(game->state(at), d->seat, &view);
        tw_fox_state *swapped = (tw_fox_state *)game->state(other);
        tw_fox_determinize(&view, 1234 + (uint64_t)k, swapped);
        tw_game_action acts[2][TW_GAME_MAX_ACTIONS];
        tw_game_chance p[2][TW_GAME_MAX_ACTIONS];
        int best[2];
        int n0 = game->estimate(at, d->played, 4, acts[0], p[0], &best[0]);
        int n1 = game->estimate(other, d->played, 4, acts[1], p[1], &best[1]);
        CHECK_INT(n0, d->options);
        CHECK_INT(n1, n0);
        CHECK_INT(best[1], best[0]);
        CHECK(memcmp(p[0], p[1], (size_t)n0 * sizeof p[0][0]) == 0);
        game->free(at);
        game->free(other);
    }
    json_t *j = tw_game_analyse_json(m, -1, 4, 5);
    REQUIRE(j);
    CHECK_STR(json_string_value(json_object_get(j, "chance_of")), "win");
    CHECK(json_is_true(json_object_get(j, "over")));
    json_t *where = json_object_get(json_array_get(json_object_get(j, "decisions"), 0), "where");
    CHECK(json_integer_value(json_object_get(where, "round")) >= 1);
    json_decref(j);
    tw_game_analysis_free(&all);
    game->free(m);
}

TEST(game_analyse_shows_the_hints_figures)
{
    /* At the game's own effort, the analysis of a decision gives the move
     * and the chance (with its margin) that a hint gives at the same
     * position: the two never disagree. */
    const tw_game *fox = tw_game_find("fox");
    REQUIRE(fox);
    tw_match *m = played(fox, "rule", 21, 30);
    REQUIRE(m);
    int compared = 0;
    for (int step = 0; step < m->count && compared < 4; step += 7) {
        tw_match *at = tw_match_at_step(m, step);
        REQUIRE(at);
        const tw_fox_state *s = fox->state(at);
        int seat = tw_fox_to_act(s);
        tw_game_action acts[TW_GAME_MAX_ACTIONS];
        tw_game_chance c[TW_GAME_MAX_ACTIONS];
        int best = -1;
        int n = seat >= 0 ? fox->estimate(at, m->actions[step], fox->analyse_samples, acts, c, &best) : 0;
        if (n > 0) {
            tw_fox_view view;
            tw_fox_view_of(s, seat, &view);
            tw_fox_bot *bot = tw_fox_bot_new(TW_FOX_BOT_STRONG, 99);
            REQUIRE(bot);
            tw_fox_hint hint = tw_fox_hint_for(bot, &view);
            CHECK_INT(hint.action, acts[best]);
            CHECK(fabs(hint.p_win - c[best].p) < 1e-9);
            CHECK(fabs(hint.margin - c[best].margin) < 1e-9);
            tw_fox_bot_free(bot);
            compared++;
        }
        fox->free(at);
    }
    CHECK(compared >= 2);
    fox->free(m);

    const tw_game *nw = tw_game_find("northwood");
    REQUIRE(nw);
    m = played(nw, "greedy", 5, 40);
    REQUIRE(m);
    compared = 0;
    for (int step = 0; step < m->count && compared < 3; step += 5) {
        tw_match *at = tw_match_at_step(m, step);
        REQUIRE(at);
        const tw_nw_state *s = nw->state(at);
        tw_game_action acts[TW_GAME_MAX_ACTIONS];
        tw_game_chance c[TW_GAME_MAX_ACTIONS];
        int best = -1;
        int n = nw->estimate(at, m->actions[step], nw->analyse_samples, acts, c, &best);
        if (n > 0 && s->phase != TW_NW_PHASE_CHOOSE_FIEF) {
            tw_nw_view *view = malloc(sizeof *view);
            REQUIRE(view);
            tw_nw_view_of(s, view);
            tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, 99);
            REQUIRE(bot);
            tw_nw_hint hint = tw_nw_hint_for(bot, view);
            CHECK_INT(hint.action, acts[best]);
            CHECK(fabs(hint.p_target - c[best].p) < 1e-9);
            CHECK(fabs(hint.margin_target - c[best].margin) < 1e-9);
            tw_nw_bot_free(bot);
            free(view);
            compared++;
        }
        nw->free(at);
    }
    CHECK(compared >= 2);
    nw->free(m);
}
