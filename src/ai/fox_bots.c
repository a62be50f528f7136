/* The Fox in the Forest Duet bot registry: creates bots of each kind and
 * routes decisions and hints to them. The searches live in fox_strong.c
 * (from a view) and fox_open.c (open hands). */
#include <stdlib.h>
#include <string.h>

#include "trickwood/fox_bots.h"

struct tw_fox_bot {
    tw_fox_bot_kind kind;
    tw_rng rng;
};

static const char *const kind_names[TW_FOX_BOT_KINDS] = {"random", "rule", "strong", "open-hands"};

int tw_fox_bot_kind_from_name(const char *name)
{
    if (!name)
        return -1;
    for (int k = 0; k < TW_FOX_BOT_KINDS; k++)
        if (strcmp(name, kind_names[k]) == 0)
            return k;
    return -1;
}

const char *tw_fox_bot_kind_name(tw_fox_bot_kind kind)
{
    return (int)kind >= 0 && (int)kind < TW_FOX_BOT_KINDS ? kind_names[kind] : "?";
}

tw_fox_bot *tw_fox_bot_new(tw_fox_bot_kind kind, uint64_t seed)
{
    if ((int)kind < 0 || (int)kind >= TW_FOX_BOT_KINDS)
        return NULL;
    tw_fox_bot *bot = calloc(1, sizeof *bot);
    if (!bot)
        return NULL;
    bot->kind = kind;
    tw_rng_seed(&bot->rng, seed);
    return bot;
}

void tw_fox_bot_free(tw_fox_bot *bot)
{
    free(bot);
}

tw_fox_bot_kind tw_fox_bot_kind_of(const tw_fox_bot *bot)
{
    return bot->kind;
}

/* A fresh 64-bit seed from the bot's own generator. */
static uint64_t next_seed(tw_fox_bot *bot)
{
    uint64_t hi = tw_rng_next(&bot->rng);
    return (hi << 32) | tw_rng_next(&bot->rng);
}

/* Uniform choice among the legal actions of the view's seat. */
static tw_error choose_random(tw_fox_bot *bot, const tw_fox_view *view, tw_fox_action *out)
{
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_view_legal_actions(view, list);
    if (n == 0)
        return TW_ERR_PHASE;
    *out = list[tw_rng_below(&bot->rng, (uint32_t)n)];
    return TW_OK;
}

tw_error tw_fox_bot_choose_from_view(tw_fox_bot *bot, const tw_fox_view *view, tw_fox_action *out)
{
    if (tw_fox_to_act(&view->visible) != view->seat)
        return TW_ERR_PHASE;
    switch (bot->kind) {
    case TW_FOX_BOT_RANDOM:
        return choose_random(bot, view, out);
    case TW_FOX_BOT_RULE:
    case TW_FOX_BOT_STRONG:
    case TW_FOX_BOT_OPEN_HANDS:
    default:
        return tw_fox_rule_bot_choose(view, next_seed(bot), out);
    }
}

tw_error tw_fox_bot_choose(tw_fox_bot *bot, const tw_fox_state *state, tw_fox_action *out)
{
    int seat = tw_fox_to_act(state);
    if (seat < 0)
        return TW_ERR_GAME_OVER;
    tw_fox_view view;
    tw_fox_view_of(state, seat, &view);
    return tw_fox_bot_choose_from_view(bot, &view, out);
}

/* Plays a determinized game to its end with the rule bot in both seats;
 * returns 1 when the team wins. */
static int rule_rollout(tw_fox_state *s, uint64_t seed)
{
    uint64_t step = 0;
    while (!tw_fox_is_over(s)) {
        tw_fox_view v;
        tw_fox_view_of(s, tw_fox_to_act(s), &v);
        tw_fox_action a;
        if (tw_fox_rule_bot_choose(&v, tw_mix64(seed + step++), &a) != TW_OK || tw_fox_apply(s, a, NULL) != TW_OK)
            return 0;
    }
    return tw_fox_is_won(s);
}

tw_fox_hint tw_fox_hint_for(tw_fox_bot *bot, const tw_fox_view *view)
{
    tw_fox_hint hint = {TW_FOX_NO_ACTION, -1.0, 0};
    if (tw_fox_to_act(&view->visible) != view->seat)
        return hint;
    if (tw_fox_rule_bot_choose(view, next_seed(bot), &hint.action) != TW_OK)
        return hint;
    int wins = 0, n = 16;
    for (int i = 0; i < n; i++) {
        tw_fox_state s;
        tw_fox_determinize(view, next_seed(bot), &s);
        if (tw_fox_apply(&s, hint.action, NULL) == TW_OK)
            wins += rule_rollout(&s, next_seed(bot));
    }
    hint.p_win = (double)wins / n;
    hint.samples = n;
    return hint;
}
