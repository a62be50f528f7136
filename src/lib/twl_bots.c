/* The shared library's bots, the hints' estimator and For Northwood!'s
 * exact solver (trickwood/libtrickwood.h), over the game interface's held
 * bots and analysis and over trickwood/nw_bots.h's solver. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/northwood.h"
#include "trickwood/nw_bots.h"
#include "twl_internal.h"

/* The list of a game's bot names, for messages. */
static void bot_names(const twl_game *game, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; game->table->bot_names[i]; i++) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", i ? ", " : "", game->table->bot_names[i]);
    }
}

/* A bot by name. */
int twl_bot_new(const twl_game *game, const char *name, uint64_t seed, twl_bot **out)
{
    if (!out)
        return twl_fail(TW_ERR_ARG, "twl_bot_new: out is NULL");
    *out = NULL;
    if (!game)
        return twl_fail(TW_ERR_ARG, "twl_bot_new: the game is NULL");
    int known = 0;
    for (int i = 0; name && game->table->bot_names[i]; i++)
        known |= strcmp(name, game->table->bot_names[i]) == 0;
    if (!known) {
        char names[160];
        bot_names(game, names, sizeof names);
        return twl_fail(TW_ERR_ARG, "%s has no bot '%s' (bots: %s)", game->table->title[TW_LANG_EN],
                        name ? name : "(null)", names);
    }
    twl_bot *bot = malloc(sizeof *bot);
    tw_game_bot *held = bot ? game->table->bot_new(name, seed) : NULL;
    if (!held) {
        free(bot);
        return twl_fail(TW_ERR_NOMEM, "out of memory");
    }
    bot->game = game;
    bot->table = game->table;
    bot->held = held;
    *out = bot;
    return twl_ok();
}

/* Frees a bot. */
void twl_bot_free(twl_bot *bot)
{
    if (!bot)
        return;
    bot->table->bot_free(bot->held);
    free(bot);
}

/* Checks a bot and a state of the same game (what names the function). */
static int check_pair(const twl_bot *bot, const twl_state *state, const char *what)
{
    if (!bot)
        return twl_fail(TW_ERR_ARG, "%s: the bot is NULL", what);
    int err = twl_check_state(state, what);
    if (err)
        return err;
    if (bot->game->table != state->game->table)
        return twl_fail(TW_ERR_ARG, "the bot plays %s, the state is of %s", bot->game->table->title[TW_LANG_EN],
                        state->game->table->title[TW_LANG_EN]);
    return TWL_OK;
}

/* The bot's action. */
int twl_bot_choose(twl_bot *bot, const twl_state *state, int *action)
{
    if (!action)
        return twl_fail(TW_ERR_ARG, "twl_bot_choose: the action is NULL");
    int err = check_pair(bot, state, "twl_bot_choose");
    if (err)
        return err;
    tw_game_action a;
    tw_error e = bot->game->table->bot_choose(bot->held, state->match, &a);
    if (e != TW_OK)
        return twl_fail(e, "the bot has no action: %s", e == TW_ERR_GAME_OVER ? "the game is over" : tw_error_name(e));
    *action = twl_action_number(a);
    return twl_ok();
}

/* Plays the bot in every seat until the end or max_actions. */
int twl_bot_play(twl_bot *bot, twl_state *state, int max_actions, int *applied)
{
    int err = check_pair(bot, state, "twl_bot_play");
    if (err)
        return err;
    tw_game_bot *bots[TW_UNDO_SEATS] = {bot->held, bot->held, bot->held, bot->held};
    int done = 0;
    tw_game_action refused = 0;
    tw_error e = bot->game->table->bot_play(state->match, bots, max_actions < 0 ? INT_MAX : max_actions, NULL, NULL,
                                            &done, &refused);
    if (applied)
        *applied = done;
    if (e != TW_OK)
        return twl_fail(e, "the bot's action %d was refused: %s", twl_action_number(refused), tw_error_name(e));
    return twl_ok();
}

/* The estimator's chances of the legal actions. */
int twl_state_estimate(const twl_state *state, int samples, int played, int32_t *actions, double *p,
                       double *margin, int cap, int32_t *best)
{
    int err = twl_check_state(state, "twl_state_estimate");
    if (err)
        return -err;
    const tw_game *t = state->game->table;
    if (tw_match_is_over(state->match))
        return -twl_fail(TW_ERR_GAME_OVER, "the game is over: nothing to estimate");
    int32_t legal[TW_GAME_MAX_ACTIONS];
    int n = twl_legal_numbers(state->match, legal);
    if (!actions || !p || !best || cap < n)
        return -twl_fail(TW_ERR_ARG, "twl_state_estimate: room for %d actions needed", n);
    int played_ok = played == -1;
    for (int i = 0; i < n; i++)
        played_ok |= legal[i] == played;
    if (!played_ok)
        return -twl_fail(TW_ERR_ILLEGAL, "action %d is not legal now", played);
    tw_game_action acts[TW_GAME_MAX_ACTIONS];
    tw_game_chance chances[TW_GAME_MAX_ACTIONS];
    int best_index = -1;
    tw_game_action judged = twl_engine_action(played == -1 ? legal[0] : played);
    int k = t->estimate(state->match, judged, samples > 0 ? samples : t->analyse_samples, acts, chances, &best_index);
    if (k <= 0)
        return twl_ok();
    int fox = state->game->kind == TWL_FOX;
    for (int i = 0; i < k; i++) {
        actions[i] = twl_action_number(acts[i]);
        int given = !fox || acts[i] == judged || i == best_index;
        p[i] = given ? chances[i].p : -1;
        if (margin)
            margin[i] = given ? chances[i].margin : -1;
    }
    *best = best_index >= 0 && best_index < k ? actions[best_index] : -1;
    twl_ok();
    return k;
}

/* The hint for the acting seat. */
int twl_state_hint_json(const twl_state *state, char *out, size_t size)
{
    int err = twl_check_state(state, "twl_state_hint_json");
    if (err)
        return -err;
    if (tw_match_is_over(state->match))
        return -twl_fail(TW_ERR_GAME_OVER, "the game is over: no hint");
    json_t *hint = state->game->table->hint_json(state->match);
    if (!hint)
        return -twl_fail(TW_ERR_NOMEM, "out of memory");
    char *text = json_dumps(hint, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(hint);
    if (!text)
        return -twl_fail(TW_ERR_NOMEM, "out of memory");
    size_t len = strlen(text);
    if (out && size) {
        size_t c = len < size - 1 ? len : size - 1;
        memcpy(out, text, c);
        out[c] = '\0';
    }
    free(text);
    twl_ok();
    return (int)len;
}

/* For Northwood!'s exact solver on the true state. */
int twl_state_solve_visit(const twl_state *state, int *reachable, uint8_t *ok, int cap)
{
    int err = twl_check_state(state, "twl_state_solve_visit");
    if (err)
        return err;
    if (state->game->kind != TWL_NORTHWOOD)
        return twl_fail(TW_ERR_ARG, "the exact visit solver is For Northwood!'s, not %s's",
                        state->game->table->title[TW_LANG_EN]);
    const tw_nw_state *s = state->game->table->state(state->match);
    if (s->visiting < 0 || tw_nw_is_over(s))
        return twl_fail(TW_ERR_PHASE, "no visit is under way: the solver answers during a visit");
    if (!reachable)
        return twl_fail(TW_ERR_ARG, "twl_state_solve_visit: reachable is NULL");
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    if (ok && cap < n)
        return twl_fail(TW_ERR_ARG, "twl_state_solve_visit: room for %d answers needed", n);
    tw_nw_solver *solver = tw_nw_solver_new(TW_NW_SOLVER_TABLE_LOG2);
    if (!solver)
        return twl_fail(TW_ERR_NOMEM, "out of memory");
    *reachable = tw_nw_solve_visit(solver, s);
    if (ok) {
        /* in the order of twl_state_legal_actions (ascending numbers) */
        int32_t order[TW_GAME_MAX_ACTIONS];
        twl_legal_numbers(state->match, order);
        for (int i = 0; i < n; i++)
            acts[i] = twl_engine_action(order[i]);
        tw_nw_solve_actions(solver, s, acts, n, ok);
    }
    tw_nw_solver_free(solver);
    return twl_ok();
}
