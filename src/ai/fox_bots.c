/* The Fox in the Forest Duet bot registry: creates bots of each kind and
 * routes decisions and hints to them. The searches live in fox_strong.c
 * (from a view) and fox_open.c (open hands). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/fox_bots.h"

#define OPEN_NODES 5000   /* open-hands: nodes per decision */
#define SAMPLES 16        /* strong: determinized deals per decision */
#define SAMPLE_NODES 1000 /* strong: nodes per deal */
#define HINT_SAMPLE_FACTOR 8 /* hints look at more deals than a move (128 by default) */
#define SEARCH_TABLE_BITS 14
#define BLUEPRINT_TABLE_BITS 10
#define PARTNER_ACTION_NODES 500 /* partner model: nodes per action and deal when the partner answers */
#define BLUEPRINT_SAMPLES 4      /* partner model: the blueprint's deals */
#define BLUEPRINT_NODES 250      /* partner model: the blueprint's nodes per deal */
#define NOISY_ONE_IN 5           /* noisy: a random action one decision in this many */
#define LEAD_TEMPERATURE 0.05    /* partner model: temperature of the weights by the partner's lead */

struct tw_fox_bot {
    tw_fox_bot_kind kind;
    tw_rng rng;
    tw_fox_search *search; /* strong and open-hands */
    tw_fox_search *blueprint; /* the partner model's blueprint */
    long long open_nodes;
    int samples;
    long long sample_nodes;
};

static const char *const kind_names[TW_FOX_BOT_LAST + 1] = {"random", "rule", "strong", "open-hands", "hint",
                                                            "partner-model", "noisy"};

int tw_fox_bot_kind_from_name(const char *name)
{
    if (!name)
        return -1;
    for (int k = 0; k <= TW_FOX_BOT_LAST; k++)
        if (strcmp(name, kind_names[k]) == 0)
            return k;
    return -1;
}

const char *tw_fox_bot_kind_name(tw_fox_bot_kind kind)
{
    return (int)kind >= 0 && (int)kind <= TW_FOX_BOT_LAST ? kind_names[kind] : "?";
}

tw_fox_bot *tw_fox_bot_new(tw_fox_bot_kind kind, uint64_t seed)
{
    if ((int)kind < 0 || (int)kind > TW_FOX_BOT_LAST)
        return NULL;
    tw_fox_bot *bot = calloc(1, sizeof *bot);
    if (!bot)
        return NULL;
    bot->kind = kind;
    tw_rng_seed(&bot->rng, seed);
    bot->open_nodes = OPEN_NODES;
    bot->samples = SAMPLES;
    bot->sample_nodes = SAMPLE_NODES;
    if (kind != TW_FOX_BOT_RANDOM && kind != TW_FOX_BOT_RULE && kind != TW_FOX_BOT_NOISY) {
        bot->search = tw_fox_search_new(SEARCH_TABLE_BITS);
        if (kind == TW_FOX_BOT_PARTNER)
            bot->blueprint = tw_fox_search_new(BLUEPRINT_TABLE_BITS);
        if (!bot->search || (kind == TW_FOX_BOT_PARTNER && !bot->blueprint)) {
            tw_fox_bot_free(bot);
            return NULL;
        }
    }
    return bot;
}

void tw_fox_bot_set_effort(tw_fox_bot *bot, long long open_nodes, int samples, long long sample_nodes)
{
    if (open_nodes > 0)
        bot->open_nodes = open_nodes;
    if (samples > 0)
        bot->samples = samples;
    if (sample_nodes > 0)
        bot->sample_nodes = sample_nodes;
}

void tw_fox_bot_free(tw_fox_bot *bot)
{
    if (!bot)
        return;
    tw_fox_search_free(bot->search);
    tw_fox_search_free(bot->blueprint);
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

/* The strong bot: the action with the best mean estimate over
 * determinized deals of the view, seeded by the bot's own generator or,
 * for the hint's move (view_seeded), by the view (tw_fox_view_seed). */
static tw_error choose_strong(tw_fox_bot *bot, const tw_fox_view *view, int view_seeded, tw_fox_action *out)
{
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    double p[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_view_legal_actions(view, list);
    if (n == 0)
        return TW_ERR_PHASE;
    uint64_t seed = view_seeded ? tw_fox_view_seed(view) : next_seed(bot);
    if (n == 1) {
        *out = list[0];
        return TW_OK;
    }
    int best = tw_fox_estimate_actions(bot->search, view, seed, bot->samples, bot->sample_nodes, list, n, p);
    *out = list[best];
    return TW_OK;
}

/* The strong sampling with the partner modelled (tw_fox_estimate_with_partner)
 * at the bot's effort, seeded by the bot's own generator. */
static tw_error choose_partner_model(tw_fox_bot *bot, const tw_fox_view *view, tw_fox_action *out)
{
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    double p[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_view_legal_actions(view, list);
    if (n == 0)
        return TW_ERR_PHASE;
    uint64_t seed = next_seed(bot);
    if (n == 1) {
        *out = list[0];
        return TW_OK;
    }
    long long per_action = bot->sample_nodes * PARTNER_ACTION_NODES / SAMPLE_NODES;
    tw_fox_partner_effort effort = {bot->samples, bot->sample_nodes, per_action > 0 ? per_action : 1,
                                    BLUEPRINT_SAMPLES, BLUEPRINT_NODES, LEAD_TEMPERATURE};
    int best = tw_fox_estimate_with_partner(bot->search, bot->blueprint, view, seed, &effort, list, n, p);
    *out = list[best];
    return TW_OK;
}

tw_error tw_fox_bot_choose_from_view(tw_fox_bot *bot, const tw_fox_view *view, tw_fox_action *out)
{
    if (tw_fox_to_act(&view->visible) != view->seat)
        return TW_ERR_PHASE;
    switch (bot->kind) {
    case TW_FOX_BOT_RANDOM:
        return choose_random(bot, view, out);
    case TW_FOX_BOT_STRONG:
    case TW_FOX_BOT_OPEN_HANDS:
        return choose_strong(bot, view, 0, out);
    case TW_FOX_BOT_HINT:
        return choose_strong(bot, view, 1, out);
    case TW_FOX_BOT_PARTNER:
        return choose_partner_model(bot, view, out);
    case TW_FOX_BOT_NOISY:
        /* A partner that mostly plays sensibly and sometimes slips. */
        if (tw_rng_below(&bot->rng, NOISY_ONE_IN) == 0)
            return choose_random(bot, view, out);
        return tw_fox_rule_bot_choose(view, next_seed(bot), out);
    case TW_FOX_BOT_RULE:
    default:
        return tw_fox_rule_bot_choose(view, next_seed(bot), out);
    }
}

/* The effort of a hint from a bot with the default effort (what the
 * analysis of a game uses, so that it shows the hints' figures). */
tw_fox_effort tw_fox_hint_effort(void)
{
    tw_fox_effort effort = {SAMPLES, HINT_SAMPLE_FACTOR * SAMPLES, SAMPLE_NODES};
    return effort;
}

/* Open hands: the best action of the round search on the full state. */
static tw_error choose_open(tw_fox_bot *bot, const tw_fox_state *state, tw_fox_action *out)
{
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    double values[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_legal_actions(state, list);
    if (n == 0)
        return TW_ERR_GAME_OVER;
    if (n == 1) {
        *out = list[0];
        return TW_OK;
    }
    int best = tw_fox_search_deepen(bot->search, state, list, n, bot->open_nodes, values, NULL);
    *out = list[best];
    return TW_OK;
}

tw_error tw_fox_bot_choose(tw_fox_bot *bot, const tw_fox_state *state, tw_fox_action *out)
{
    int seat = tw_fox_to_act(state);
    if (seat < 0)
        return TW_ERR_GAME_OVER;
    if (bot->kind == TW_FOX_BOT_OPEN_HANDS)
        return choose_open(bot, state, out);
    tw_fox_view view;
    tw_fox_view_of(state, seat, &view);
    return tw_fox_bot_choose_from_view(bot, &view, out);
}

tw_fox_hint tw_fox_hint_for(tw_fox_bot *bot, const tw_fox_view *view)
{
    tw_fox_hint hint = {TW_FOX_NO_ACTION, -1.0, 0, 0, 0};
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    double p[TW_FOX_MAX_ACTIONS], margin[TW_FOX_MAX_ACTIONS], raw[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_view_legal_actions(view, list);
    if (n == 0)
        return hint;
    if (!bot->search) {
        bot->search = tw_fox_search_new(SEARCH_TABLE_BITS);
        if (!bot->search)
            return hint;
    }
    tw_fox_effort effort = {bot->samples, HINT_SAMPLE_FACTOR * bot->samples, bot->sample_nodes};
    int best = tw_fox_estimate_chances(bot->search, view, &effort, list, n, 0, p, margin, raw);
    hint.action = list[best];
    hint.p_win = p[best];
    hint.margin = margin[best];
    hint.raw = raw[best];
    hint.samples = effort.chance_samples;
    return hint;
}
