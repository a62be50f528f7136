/* For Northwood! bots: random, greedy, strong (information-set Monte Carlo
 * tree search inside visits, rollout estimates for the choice of fief) and
 * clairvoyant (the exact solver on the true state).
 *
 * Every bot but the clairvoyant one decides from tw_nw_view only: it sees
 * what the player sees, and samples the rest with tw_nw_determinize. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai/nw_solve_bot.h"
#include "trickwood/nw_bots.h"
#include "trickwood/stats.h"

#define ISMCTS_ITERATIONS 3000
#define FIEF_ROLLOUTS 96 /* rollouts per candidate fief, with this hand and a fresh one */
#define MAX_NODES 40000
#define MAX_EDGES 200000
#define CHILD_TABLE_SIZE (1 << 17) /* outcome nodes by (edge, observation); a power of two above MAX_NODES */

/* An action out of an information set, with its statistics. */
typedef struct {
    tw_nw_action action;
    uint32_t visits;
    float wins;
} edge;

/* A link of the tree: the outcome node of an edge for an observation. The
 * key is kept in the link so that a lookup reads one place in memory. */
typedef struct {
    uint64_t obs;
    int32_t edge;
    int32_t node; /* -1: an empty slot */
} child_link;

/* An information set: what the player knows after a line of actions. */
typedef struct {
    uint64_t obs;
    int32_t edge_start;
    uint32_t visits;
    uint8_t nedges;
    uint8_t expanded;
} node;

struct tw_nw_bot {
    tw_nw_bot_kind kind;
    int iterations;    /* ISMCTS iterations per decision */
    int fief_rollouts; /* rollouts per fief when choosing one */
    tw_rng rng;
    tw_nw_solver *solver;
    long long unsettled; /* clairvoyant: solver questions cut off by the budget */
    node *nodes;
    edge *edges;
    child_link *children; /* CHILD_TABLE_SIZE slots; node -1 when empty */
    int nnodes, nedges;
    int last_edge; /* the root edge played at the last decision, -1 when none */
    /* the solve bots: the counting's scratch, its settings, and its work */
    nw_solve_scratch *solve;
    nw_solve_settings solve_set;
    long long solve_decisions, solve_orders, solve_aborted;
};

static const char *const BOT_NAMES[TW_NW_BOT_KINDS] = {"random", "greedy", "strong", "clairvoyant",
                                                         "hint",   "solve",  "solve-light"};

/* Parses a bot name; -1 when unknown. */
int tw_nw_bot_kind_from_name(const char *name)
{
    for (int i = 0; i < TW_NW_BOT_KINDS; i++)
        if (strcmp(BOT_NAMES[i], name) == 0)
            return i;
    return -1;
}

/* The name of a bot kind, "?" when out of range. */
const char *tw_nw_bot_kind_name(tw_nw_bot_kind kind)
{
    return (unsigned)kind < TW_NW_BOT_KINDS ? BOT_NAMES[kind] : "?";
}

/* The kind a bot was created with. */
tw_nw_bot_kind tw_nw_bot_kind_of(const tw_nw_bot *bot)
{
    return bot->kind;
}

/* How many of the clairvoyant bot's solver questions ran out of budget. */
long long tw_nw_bot_unsettled(const tw_nw_bot *bot)
{
    return bot->unsettled;
}

/* The clairvoyant bot's node budget per solver question, and the larger
 * one a question that ran out of it gets once more (about 20 s of CPU at
 * most; the solver's node rate is about 10 million a second). */
#define CLAIRVOYANT_BUDGET 2000000LL
#define CLAIRVOYANT_RETRY_BUDGET 200000000LL

/* Asks the solver whether a visit can end on target, counting a question
 * cut off by both budgets (its "no" is then not an answer). */
static int clairvoyant_solve(tw_nw_bot *bot, const tw_nw_state *s, tw_nw_action *first)
{
    int ok = tw_nw_solve_line(bot->solver, s, first);
    if (tw_nw_solver_aborted(bot->solver)) {
        /* the rare question that ran out gets a larger budget once */
        tw_nw_solver_set_budget(bot->solver, CLAIRVOYANT_RETRY_BUDGET);
        ok = tw_nw_solve_line(bot->solver, s, first);
        if (tw_nw_solver_aborted(bot->solver))
            bot->unsettled++;
        tw_nw_solver_set_budget(bot->solver, CLAIRVOYANT_BUDGET);
    }
    return ok;
}

/* Gives the bot its search tree pools if it has none yet; 0 when out of
 * memory. */
static int search_memory(tw_nw_bot *bot)
{
    if (!bot->nodes)
        bot->nodes = malloc(MAX_NODES * sizeof *bot->nodes);
    if (!bot->edges)
        bot->edges = malloc(MAX_EDGES * sizeof *bot->edges);
    if (!bot->children)
        bot->children = malloc(CHILD_TABLE_SIZE * sizeof *bot->children);
    return bot->nodes && bot->edges && bot->children;
}

/* Whether a kind is one of the solve bots. */
static int solve_kind(tw_nw_bot_kind kind)
{
    return kind == TW_NW_BOT_SOLVE || kind == TW_NW_BOT_SOLVE_LIGHT;
}

/* The solve bots' settings: deck orders at most per decision, solver
 * nodes per question, and the iterations of the search that breaks ties
 * (docs/bots-northwood.md, "The solve bots"). */
#define SOLVE_ORDERS 48
#define SOLVE_BUDGET 200000LL
#define SOLVE_ITERATIONS 1000
#define SOLVE_LIGHT_ORDERS 16
#define SOLVE_LIGHT_BUDGET 50000LL
#define SOLVE_LIGHT_ITERATIONS 1000

/* Creates a bot with the scratch memory its kind needs. */
tw_nw_bot *tw_nw_bot_new(tw_nw_bot_kind kind, uint64_t seed)
{
    tw_nw_bot *bot = calloc(1, sizeof *bot);
    if (!bot)
        return NULL;
    bot->kind = kind;
    bot->iterations = ISMCTS_ITERATIONS;
    bot->fief_rollouts = FIEF_ROLLOUTS;
    tw_rng_seed(&bot->rng, seed);
    bot->last_edge = -1;
    /* the clairvoyant bot plays as the strong one from a view */
    int ok = kind == TW_NW_BOT_RANDOM || kind == TW_NW_BOT_GREEDY || search_memory(bot);
    if (ok && kind == TW_NW_BOT_CLAIRVOYANT) {
        bot->solver = tw_nw_solver_new(TW_NW_SOLVER_TABLE_LOG2);
        ok = bot->solver != NULL;
    }
    if (ok && solve_kind(kind)) {
        bot->solve = nw_solve_scratch_new();
        ok = bot->solve != NULL;
        int light = kind == TW_NW_BOT_SOLVE_LIGHT;
        bot->iterations = light ? SOLVE_LIGHT_ITERATIONS : SOLVE_ITERATIONS;
        tw_nw_bot_set_orders(bot, light ? SOLVE_LIGHT_ORDERS : SOLVE_ORDERS,
                             light ? SOLVE_LIGHT_BUDGET : SOLVE_BUDGET);
    }
    if (!ok) {
        tw_nw_bot_free(bot);
        return NULL;
    }
    return bot;
}

/* Sets how hard the strong bot searches (0 keeps a value). */
void tw_nw_bot_set_effort(tw_nw_bot *bot, int iterations, int fief_rollouts)
{
    if (iterations > 0)
        bot->iterations = iterations;
    if (fief_rollouts > 0)
        bot->fief_rollouts = fief_rollouts;
}

/* Sets how hard the solve bots count (0 keeps a value). */
void tw_nw_bot_set_orders(tw_nw_bot *bot, int orders, long long nodes)
{
    if (orders > 0) {
        bot->solve_set.max_orders = orders > NW_SOLVE_MAX_ORDERS ? NW_SOLVE_MAX_ORDERS : orders;
        bot->solve_set.min_orders = bot->solve_set.max_orders / 2 < 4 ? 4 : bot->solve_set.max_orders / 2;
    }
    if (nodes > 0)
        bot->solve_set.budget = nodes;
}

/* The solve bots' work since the bot was made. */
void tw_nw_bot_solve_stats(const tw_nw_bot *bot, long long *decisions, long long *orders, long long *aborted)
{
    if (decisions)
        *decisions = bot->solve_decisions;
    if (orders)
        *orders = bot->solve_orders;
    if (aborted)
        *aborted = bot->solve_aborted;
}

/* Frees a bot and its scratch memory. */
void tw_nw_bot_free(tw_nw_bot *bot)
{
    if (!bot)
        return;
    nw_solve_scratch_free(bot->solve);
    tw_nw_solver_free(bot->solver);
    free(bot->nodes);
    free(bot->edges);
    free(bot->children);
    free(bot);
}

/* ---- Shared heuristics ---------------------------------------------------- */

/* Whether answering card to the current statement scores. */
static int response_scores(const tw_nw_state *s, int card)
{
    return tw_nw_answer_scores(card, s->discard[s->discard_n - 1], tw_nw_trump(s));
}

/* A uniform choice among the actions, never "stop" unless it is the only
 * one: a random player plays on. */
static tw_nw_action random_action(const tw_nw_action *acts, int n, tw_rng *rng)
{
    tw_nw_action a;
    do
        a = acts[tw_rng_below(rng, (uint32_t)n)];
    while (TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP && n > 1);
    return a;
}

/* Whether answering the last statement with `response` ends the visit on
 * target. Deciding it here spares the engine the end of the visit (and
 * the shuffle and deal of the next one), which the searches never look at. */
static int last_response_hits(const tw_nw_state *s, tw_nw_action response)
{
    return s->score_n + response_scores(s, TW_NW_ACTION_ARG(response)) == s->visiting;
}


/* The undecided fiefs of a state, as a bit set. */
static unsigned neutral_fiefs(const tw_nw_state *v)
{
    unsigned open = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (v->fiefs[f].status == TW_NW_FIEF_NEUTRAL)
            open |= 1u << f;
    return open;
}

/* Whether the visit under way has ended (or the game with it). */
static int visit_over(const tw_nw_state *s)
{
    return s->visiting < 0 || s->phase == TW_NW_PHASE_GAME_OVER;
}

/* Whether the visit that ended in s made its fief friendly. `open` holds
 * the fiefs that were neutral while it was under way: the one that is
 * not any more is the fief the visit ended on, which need not be the one
 * where it began (Prince of Leaves moves a visit). */
static int visit_won(unsigned open, const tw_nw_state *s)
{
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if ((open & (1u << f)) && s->fiefs[f].status != TW_NW_FIEF_NEUTRAL)
            return s->fiefs[f].status == TW_NW_FIEF_FRIENDLY;
    return 0;
}

/* Picks a response: score while below target, avoid scoring at or above
 * it. Among equals, keep strong cards when still needing points (play the
 * lowest scorer) and shed strong cards otherwise. */
static tw_nw_action greedy_response(const tw_nw_state *s, const tw_nw_action *acts, int n)
{
    int target = s->visiting;
    int want = s->score_n < target;
    int best = -1, best_key = 0;
    for (int i = 0; i < n; i++) {
        if (TW_NW_ACTION_KIND(acts[i]) != TW_NW_ACT_RESPOND)
            continue;
        int card = TW_NW_ACTION_ARG(acts[i]);
        int match = response_scores(s, card) == want;
        int value = TW_NW_VALUE(card);
        int trumpish = TW_NW_SUIT(card) == tw_nw_trump(s);
        /* prefer matching; then when scoring, lowest non-trump; when not, highest */
        int key = match * 1000 + (want ? (100 - value - trumpish * 20) : (value + trumpish * 20));
        if (best < 0 || key > best_key) {
            best = i;
            best_key = key;
        }
    }
    return best >= 0 ? acts[best] : acts[0];
}

/* The rough scoring power of one card against a trump suit: a trump card
 * scores against most statements, another card the more often the higher
 * it is. */
static double card_power(int card, int trump)
{
    return TW_NW_SUIT(card) == trump ? 0.55 + 0.05 * TW_NW_VALUE(card) : (TW_NW_VALUE(card) - 1) / 14.0;
}

/* A rough count of the points a hand scores against a trump suit. */
static double natural_score(uint32_t hand, int trump)
{
    double points = 0;
    for (; hand; hand &= hand - 1)
        points += card_power(tw_lowest_bit32(hand), trump);
    return points;
}

/* Greedy: the fief whose target is closest to the hand's natural score
 * (more stars break ties), no substitutes, no abilities, score-aware
 * responses, first option for any ability choice. */
static tw_nw_action greedy_choose(const tw_nw_state *s, const tw_nw_action *acts, int n)
{
    switch (s->phase) {
    case TW_NW_PHASE_CHOOSE_FIEF: {
        int best = 0;
        double best_key = -1e9;
        for (int i = 0; i < n; i++) {
            if (TW_NW_ACTION_KIND(acts[i]) != TW_NW_ACT_VISIT)
                continue;
            int f = TW_NW_ACTION_ARG(acts[i]);
            double gap = fabs(natural_score(s->hand, s->fiefs[f].ruler.suit) - f);
            double key = -gap + 0.01 * tw_nw_stars[f];
            if (key > best_key) {
                best_key = key;
                best = i;
            }
        }
        return acts[best];
    }
    case TW_NW_PHASE_SUBSTITUTES:
        return TW_NW_ACTION(TW_NW_ACT_BEGIN, 0);
    case TW_NW_PHASE_BEFORE_STATEMENT:
        return TW_NW_ACTION(TW_NW_ACT_PROCEED, 0);
    case TW_NW_PHASE_RESPONSE:
        return greedy_response(s, acts, n);
    default:
        for (int i = 0; i < n; i++)
            if (TW_NW_ACTION_KIND(acts[i]) != TW_NW_ACT_STOP)
                return acts[i];
        return acts[0];
    }
}

/* Whether a card picked for this step leaves the hand for a pile other
 * than the score (a discard, or the deck): the pick decides which card
 * the hand loses. */
static int pick_sheds_card(const tw_nw_step *st)
{
    return tw_nw_step_has(st->op, TW_NW_STEP_PICKS_WHICH) && st->b != TW_NW_PILE_SCORE &&
           st->b != TW_NW_PILE_HAND;
}

/* A rollout's choice inside an ability, aimed at the target: cards that
 * leave the hand are the weakest while the hand is short of points and
 * the strongest while it has too many; a named suit, a new ruler, a swap
 * with a pile's top card (or passing it) is the one that brings the
 * hand's power closest to the points still needed; a fief the visit moves
 * to is judged against its own target; a draw goes on while the hand is
 * short of points; a value searched for is high while short, low
 * otherwise. Choices that only order cards, put a card back on the deck
 * or ready an ally are random. */
static tw_nw_action rollout_ability_choice(const tw_nw_state *s, const tw_nw_action *acts, int n, tw_rng *rng)
{
    int trump = tw_nw_trump(s);
    double need = s->visiting - s->score_n;
    int best = -1;
    double best_key = 0;
    const tw_nw_step *st = &s->run.program[s->run.pc];
    double power = natural_score(s->hand, trump);
    int short_of_points = power < need;
    int sheds = pick_sheds_card(st);
    for (int i = 0; i < n; i++) {
        int kind = TW_NW_ACTION_KIND(acts[i]), arg = TW_NW_ACTION_ARG(acts[i]);
        double key;
        if (kind == TW_NW_ACT_PICK_CARD && sheds) {
            key = short_of_points ? -card_power(arg, trump) : card_power(arg, trump);
        } else if (kind == TW_NW_ACT_PICK_CARD && st->op == TW_NW_OP_SWAP_TOP) {
            int top = tw_nw_pile_top(s, st->a);
            uint32_t hand = s->hand & ~(1u << arg);
            if (top != TW_NW_NO_CARD)
                hand |= 1u << top;
            key = -fabs(natural_score(hand, trump) - need);
        } else if (kind == TW_NW_ACT_PICK_CARD && st->op == TW_NW_OP_SEARCH_VALUE) {
            key = short_of_points ? TW_NW_VALUE(arg) : -TW_NW_VALUE(arg);
        } else if (kind == TW_NW_ACT_PASS && st->op == TW_NW_OP_SWAP_TOP) {
            key = -fabs(power - need);
        } else if (kind == TW_NW_ACT_CONTINUE) {
            key = short_of_points ? 1 : -1;
        } else if (kind == TW_NW_ACT_PASS && s->run.choice == TW_NW_CHOICE_CONTINUE) {
            key = 0;
        } else if (kind == TW_NW_ACT_NAME_SUIT) {
            key = -fabs(natural_score(s->hand & ~(0xFFu << (8 * arg)), trump) - need);
        } else if (kind == TW_NW_ACT_PICK_FIEF && st->op == TW_NW_OP_MOVE_VISIT) {
            key = -fabs(natural_score(s->hand, s->fiefs[arg].ruler.suit) - (arg - s->score_n));
        } else if (kind == TW_NW_ACT_PICK_FIEF) {
            key = -fabs(natural_score(s->hand, s->fiefs[arg].ruler.suit) - need);
        } else {
            continue;
        }
        if (best < 0 || key > best_key) {
            best = i;
            best_key = key;
        }
    }
    return best >= 0 ? acts[best] : random_action(acts, n, rng);
}

/* The rollouts' response: the card after which the rest of the hand's
 * rough power (natural_score) is closest to the points still needed; never
 * one that goes past the target when another does not. */
static tw_nw_action aiming_response(const tw_nw_state *s, const tw_nw_action *acts, int n)
{
    int trump = tw_nw_trump(s);
    int need = s->visiting - s->score_n;
    int best = -1;
    double best_key = 0;
    for (int i = 0; i < n; i++) {
        if (TW_NW_ACTION_KIND(acts[i]) != TW_NW_ACT_RESPOND)
            continue;
        int card = TW_NW_ACTION_ARG(acts[i]);
        int scores = response_scores(s, card);
        int need_after = need - scores;
        double key = -fabs(natural_score(s->hand & ~(1u << card), trump) - need_after);
        if (need_after < 0)
            key -= 100;
        /* among equals: score with low cards, shed high ones */
        key -= 0.001 * TW_NW_VALUE(card) * (scores ? 1 : -1);
        if (best < 0 || key > best_key) {
            best = i;
            best_key = key;
        }
    }
    return best >= 0 ? acts[best] : acts[0];
}

/* How far the hand's rough power is from the points the visit still needs. */
static double off_target(const tw_nw_state *s)
{
    return fabs(natural_score(s->hand, tw_nw_trump(s)) - (s->visiting - s->score_n));
}

#define ROLLOUT_ABILITY_MARGIN 0.25 /* an ability must bring the hand this much closer to the need */

/* The rollouts' use of abilities: when the hand is off its target, each
 * ready ability is tried on a copy (its choices made by
 * rollout_ability_choice, the unseen deck cards shuffled first: the player
 * does not know their order) and the one that brings the hand's power
 * closest to the need is used; none when none helps by the margin. */
static tw_nw_action rollout_ability(const tw_nw_state *s, const tw_nw_action *acts, int n, tw_rng *rng)
{
    tw_nw_action best = TW_NW_ACTION(TW_NW_ACT_PROCEED, 0);
    double best_off = off_target(s) - ROLLOUT_ABILITY_MARGIN;
    if (best_off <= 0)
        return best;
    for (int i = 0; i < n; i++) {
        if (TW_NW_ACTION_KIND(acts[i]) != TW_NW_ACT_ACTIVATE)
            continue;
        tw_nw_state t = *s;
        uint8_t pos[TW_NW_CARDS], cards[TW_NW_CARDS];
        int k = 0;
        for (int j = 0; j < t.deck_n; j++)
            if (!(t.deck_known & (1u << j))) {
                pos[k] = (uint8_t)j;
                cards[k++] = t.deck[j];
            }
        tw_rng_shuffle_u8(rng, cards, k);
        for (int j = 0; j < k; j++)
            t.deck[pos[j]] = cards[j];
        if (tw_nw_apply(&t, acts[i], NULL) != TW_OK)
            continue;
        tw_nw_action choice[TW_NW_MAX_ACTIONS];
        while (t.phase == TW_NW_PHASE_ABILITY) {
            int m = tw_nw_legal_actions(&t, choice);
            if (tw_nw_apply(&t, rollout_ability_choice(&t, choice, m, rng), NULL) != TW_OK)
                break;
        }
        if (visit_over(&t) || t.phase == TW_NW_PHASE_ABILITY)
            continue; /* the ability ended the visit: judged by the search, not here */
        double off = off_target(&t);
        if (off < best_off) {
            best_off = off;
            best = acts[i];
        }
    }
    return best;
}

/* Plays the visit to its end with a quick policy that aims at the target;
 * returns 1 when the visit ends on target (the target of the fief it ends
 * on: an ability may move it). Responses keep the hand's power
 * matched to the points still needed (aiming_response), an ability is
 * used when it brings the hand closer to that need (rollout_ability), and
 * the choices inside abilities aim the same way (rollout_ability_choice).
 * This policy is what the search sees past its tree, so its quality sets
 * the bot's strength (docs/bots-northwood.md). */
static int rollout_visit(tw_nw_state *s, tw_rng *rng)
{
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    unsigned open = neutral_fiefs(s);
    while (!visit_over(s)) {
        int n = tw_nw_legal_actions(s, acts);
        tw_nw_action a;
        if (s->phase == TW_NW_PHASE_RESPONSE) {
            a = aiming_response(s, acts, n);
            if (tw_nw_last_statement(s))
                return last_response_hits(s, a);
        } else if (s->phase == TW_NW_PHASE_BEFORE_STATEMENT) {
            a = n > 1 ? rollout_ability(s, acts, n, rng) : TW_NW_ACTION(TW_NW_ACT_PROCEED, 0);
        } else if (s->phase == TW_NW_PHASE_SUBSTITUTES) {
            a = TW_NW_ACTION(TW_NW_ACT_BEGIN, 0);
        } else if (s->phase == TW_NW_PHASE_ABILITY) {
            a = rollout_ability_choice(s, acts, n, rng);
        } else {
            a = random_action(acts, n, rng);
        }
        if (tw_nw_apply(s, a, NULL) != TW_OK)
            return 0;
    }
    return visit_won(open, s);
}

/* ---- Observation hash (what the player sees) ------------------------------ */

/* Folds a value into a hash. */
static inline uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

/* What the player needs to know of the discard pile's top card: its suit,
 * and while a statement waits for an answer, which cards of the hand
 * would score against it. Statements that leave the same choices fall
 * into one class, so that the search tree does not branch on every card
 * the deck can reveal (up to 24 children after each statement) and
 * reaches deeper into the visit with the same iterations. */
static uint64_t discard_top_class(const tw_nw_state *s)
{
    int top = s->discard[s->discard_n - 1];
    uint64_t cls = (uint64_t)TW_NW_SUIT(top) | 1ULL << 40;
    if (s->phase == TW_NW_PHASE_RESPONSE) {
        int trump = tw_nw_trump(s);
        uint32_t scoring = 0;
        for (uint32_t hand = s->hand; hand; hand &= hand - 1) {
            int card = tw_lowest_bit32(hand);
            if (tw_nw_answer_scores(card, top, trump))
                scoring |= 1u << card;
        }
        cls |= (uint64_t)scoring << 8;
    }
    return cls;
}

/* Hashes what the player sees of a state, the discard pile's top card by
 * its class (discard_top_class): two states with the same key call for
 * the same decisions in the search tree. */
static uint64_t observation_key(const tw_nw_state *s)
{
    uint64_t h = 77;
    h = mix(h, (uint64_t)s->phase | (uint64_t)(uint8_t)s->visiting << 8 | (uint64_t)s->deck_n << 16);
    h = mix(h, s->hand);
    h = mix(h, (uint64_t)s->discard_n | (uint64_t)s->score_n << 8);
    if (s->discard_n)
        h = mix(h, discard_top_class(s));
    if (s->score_n)
        h = mix(h, s->score[s->score_n - 1]);
    h = mix(h, s->deck_known);
    /* known positions are all below deck_n (an engine invariant) */
    for (uint32_t known = s->deck_known; known; known &= known - 1) {
        int i = tw_lowest_bit32(known);
        h = mix(h, (uint64_t)i << 8 | s->deck[i]);
    }
    uint64_t slots = 0;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        slots |= ((uint64_t)s->slots[i].exhausted | (uint64_t)(uint8_t)s->slots[i].sub_fief << 8) << (16 * i);
    h = mix(h, slots);
    uint64_t rulers[2] = {0, 0};
    for (int f = 0; f < TW_NW_FIEFS; f++)
        rulers[f / 4] |= (uint64_t)s->fiefs[f].ruler.catalog_index << (16 * (f % 4));
    h = mix(h, rulers[0]);
    h = mix(h, rulers[1]);
    h = mix(h, (uint64_t)s->run.pc | (uint64_t)s->run.choice << 8 | (uint64_t)s->run.pending << 16);
    /* a running ability's registers and a delayed trigger waiting for the
     * next answer change what the coming choices do */
    const tw_nw_run *r = &s->run;
    h = mix(h, (uint64_t)r->active | (uint64_t)r->slot << 8 | (uint64_t)r->left << 16 | (uint64_t)r->named_suit << 24 |
                   (uint64_t)r->memo << 32 | (uint64_t)r->may_pass << 40 | (uint64_t)r->repeat_left << 48 |
                   (uint64_t)r->triggered << 56);
    h = mix(h, (uint64_t)s->trigger.active | (uint64_t)s->trigger.slot << 8 | (uint64_t)s->ability_this_dialogue << 16);
    return h;
}

/* ---- ISMCTS ---------------------------------------------------------------- */

/* Adds an unexpanded node; -1 when the pool is full. */
static int new_node(tw_nw_bot *bot, uint64_t obs)
{
    if (bot->nnodes >= MAX_NODES)
        return -1;
    node *nd = &bot->nodes[bot->nnodes];
    memset(nd, 0, sizeof *nd);
    nd->obs = obs;
    nd->edge_start = -1;
    return bot->nnodes++;
}

/* Whether the choice waiting is only the order of cards that all move
 * (every card of a suit, every highest card, every card of some values):
 * the same cards end in the
 * same pile whatever the order, which decides no more than the pile's top
 * card. */
static int order_only_choice(const tw_nw_state *s)
{
    if (s->phase != TW_NW_PHASE_ABILITY || s->run.choice != TW_NW_CHOICE_CARD || s->run.pc >= s->run.len)
        return 0;
    return tw_nw_step_has(s->run.program[s->run.pc].op, TW_NW_STEP_PICKS_ORDER);
}

/* Creates the edges of a node from the legal actions (no "stop"). With
 * one_order, an order-only choice gets a single edge (the lowest card
 * first), so that the search does not spread its iterations over orders
 * that lead to the same cards in the same piles. With `only` (not 0) the
 * node gets that one edge. */
static int expand(tw_nw_bot *bot, int index, const tw_nw_state *s, int one_order, tw_nw_action only)
{
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    if (only) {
        acts[0] = only;
        n = 1;
    }
    if (one_order && n > 1 && order_only_choice(s))
        n = 1; /* actions are listed lowest card first */
    if (bot->nedges + n > MAX_EDGES)
        return 0;
    node *nd = &bot->nodes[index];
    nd->edge_start = bot->nedges;
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (TW_NW_ACTION_KIND(acts[i]) == TW_NW_ACT_STOP)
            continue;
        edge *e = &bot->edges[bot->nedges++];
        e->action = acts[i];
        e->visits = 0;
        e->wins = 0;
        count++;
    }
    nd->nedges = (uint8_t)count;
    nd->expanded = 1;
    return 1;
}

/* UCB1 choice among a node's edges; untried edges first. */
static int select_edge(tw_nw_bot *bot, const node *nd)
{
    int best = 0;
    double best_score = -1;
    double log_n = log((double)nd->visits + 1.0);
    for (int i = 0; i < nd->nedges; i++) {
        const edge *e = &bot->edges[nd->edge_start + i];
        double score;
        if (e->visits == 0)
            score = 1e9 + tw_rng_below(&bot->rng, 1000);
        else
            score = e->wins / e->visits + 0.7 * sqrt(log_n / e->visits);
        if (score > best_score) {
            best_score = score;
            best = i;
        }
    }
    return nd->edge_start + best;
}

/* Empties the tree: no nodes, no edges, no outcome links. */
static void clear_tree(tw_nw_bot *bot)
{
    bot->nnodes = 0;
    bot->nedges = 0;
    for (int i = 0; i < CHILD_TABLE_SIZE; i++)
        bot->children[i].node = -1;
}

/* The slot of the children table where the outcome node of edge_index
 * for obs is, or the empty slot where it would go (linear probing; the
 * table is never more than a third full). */
static size_t child_slot(const tw_nw_bot *bot, int edge_index, uint64_t obs)
{
    size_t slot = (size_t)(mix(obs, (uint64_t)edge_index) >> 20) & (CHILD_TABLE_SIZE - 1);
    for (;;) {
        const child_link *link = &bot->children[slot];
        if (link->node < 0 || (link->obs == obs && link->edge == edge_index))
            return slot;
        slot = (slot + 1) & (CHILD_TABLE_SIZE - 1);
    }
}

/* Finds (or adds) the outcome node of an edge for an observation. */
static int outcome_node(tw_nw_bot *bot, int edge_index, uint64_t obs, int *created)
{
    *created = 0;
    size_t slot = child_slot(bot, edge_index, obs);
    if (bot->children[slot].node >= 0)
        return bot->children[slot].node;
    int c = new_node(bot, obs);
    if (c < 0)
        return -1;
    bot->children[slot] = (child_link){obs, edge_index, c};
    *created = 1;
    return c;
}

/* The node of the tree kept from the last decision that matches what the
 * player sees now: the child, under the edge played last, with the same
 * observation. -1 when there is none or the pools are half used. */
static int reused_root(const tw_nw_bot *bot, const tw_nw_view *view)
{
    if (bot->last_edge < 0 || bot->nnodes > MAX_NODES / 2 || bot->nedges > MAX_EDGES / 2)
        return -1;
    return bot->children[child_slot(bot, bot->last_edge, observation_key(&view->visible))].node;
}

/* Whether the root's most tried edge can no longer change in the
 * iterations left (the lead is larger than what is left). */
static int decision_settled(const tw_nw_bot *bot, int root, int left)
{
    const node *nd = &bot->nodes[root];
    uint32_t first = 0, second = 0;
    for (int i = 0; i < nd->nedges; i++) {
        uint32_t v = bot->edges[nd->edge_start + i].visits;
        if (v > first) {
            second = first;
            first = v;
        } else if (v > second) {
            second = v;
        }
    }
    return first - second > (uint32_t)left;
}

/* Runs ISMCTS for the visit in progress and returns the root node, whose
 * edges hold the statistics. When deciding, the search goes on from the
 * tree of the last decision when it holds the current information set
 * (the statistics gathered there count too), and it stops as soon as the
 * most tried root action is settled; otherwise it starts afresh and runs
 * every iteration (estimates want every edge's value): from a fresh tree
 * both find the same most tried action, since a settled one stays first.
 * With `only` (an action; 0 for none) the root has that single edge: at
 * the fief choice, the search of one fief's visit. */
static int ismcts(tw_nw_bot *bot, const tw_nw_view *view, int iterations, int deciding, tw_nw_action only)
{
    /* the visit's fief can change on the way (Prince of Leaves): the
     * visit is over when no fief is visited, and won when the fief that
     * left the neutral ones is friendly */
    unsigned open = neutral_fiefs(&view->visible);
    int root = deciding ? reused_root(bot, view) : -1;
    bot->last_edge = -1;
    if (root < 0) {
        clear_tree(bot);
        root = new_node(bot, observation_key(&view->visible));
    }
    int path_edges[256];
    for (int it = 0; it < iterations; it++) {
        if (deciding && it % 128 == 127 && decision_settled(bot, root, iterations - it))
            break;
        tw_nw_state s;
        tw_nw_determinize(view, tw_rng_next(&bot->rng) | (uint64_t)tw_rng_next(&bot->rng) << 32, &s);
        int cur = root, depth = 0, created = 0;
        double reward;
        for (;;) {
            /* at the fief choice the root is before the visit */
            if (visit_over(&s) && !(cur == root && only)) {
                reward = visit_won(open, &s);
                break;
            }
            node *nd = &bot->nodes[cur];
            if (!nd->expanded && !expand(bot, cur, &s, 1, cur == root ? only : 0)) {
                reward = rollout_visit(&s, &bot->rng);
                break;
            }
            nd = &bot->nodes[cur];
            if (nd->nedges == 0) {
                reward = 0;
                break;
            }
            int e = select_edge(bot, nd);
            if (depth < 256)
                path_edges[depth++] = e;
            nd->visits++;
            if (tw_nw_last_statement(&s) && TW_NW_ACTION_KIND(bot->edges[e].action) == TW_NW_ACT_RESPOND &&
                tw_nw_is_legal(&s, bot->edges[e].action)) {
                reward = last_response_hits(&s, bot->edges[e].action);
                break;
            }
            if (tw_nw_apply(&s, bot->edges[e].action, NULL) != TW_OK) {
                /* an action of another state of the class: not here */
                if (depth > 0 && path_edges[depth - 1] == e)
                    depth--;
                reward = rollout_visit(&s, &bot->rng);
                break;
            }
            if (visit_over(&s)) {
                reward = visit_won(open, &s);
                break;
            }
            int child = outcome_node(bot, e, observation_key(&s), &created);
            if (child < 0 || created) {
                reward = rollout_visit(&s, &bot->rng);
                break;
            }
            cur = child;
        }
        for (int i = 0; i < depth; i++) {
            bot->edges[path_edges[i]].visits++;
            bot->edges[path_edges[i]].wins += (float)reward;
        }
    }
    return root;
}

/* The edge of node `index` that plays action, or -1 when it has none. */
static int edge_for(const tw_nw_bot *bot, int index, tw_nw_action action)
{
    const node *nd = &bot->nodes[index];
    for (int i = 0; i < nd->nedges; i++)
        if (bot->edges[nd->edge_start + i].action == action)
            return nd->edge_start + i;
    return -1;
}

/* The root edge tried most often, or -1 when the root has none. */
static int most_tried_edge(const tw_nw_bot *bot, int root)
{
    const node *nd = &bot->nodes[root];
    int best = -1;
    for (int i = 0; i < nd->nedges; i++) {
        int e = nd->edge_start + i;
        if (best < 0 || bot->edges[e].visits > bot->edges[best].visits)
            best = e;
    }
    return best;
}

/* ---- Fief choice ------------------------------------------------------------- */

/* How often the strong bot makes a fief friendly, by target, measured over
 * 300 intro games (seed 7) with this rollout policy and 3,000 iterations
 * (the 10,000-game figures are in docs/benchmarks.md): the base rate of a
 * fief left for later, used by the fief choice and by the medal odds of
 * hints. */
static const double STRONG_TARGET_RATE[TW_NW_FIEFS] = {0.80, 0.92, 0.92, 0.91, 0.85, 0.88, 0.85, 0.84};

/* Chance that the fiefs in `open` (a bit set) bring at least `need` more
 * stars, fief f being won with chance rate[f], each independently. */
static double stars_reach_chance(const double *rate, unsigned open, int need)
{
    if (need <= 0)
        return 1.0;
    double dist[21] = {0}; /* dist[k]: chance of exactly k more stars */
    dist[0] = 1;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        if (!(open & (1u << f)))
            continue;
        for (int k = 20; k >= 0; k--) {
            double gain = k >= tw_nw_stars[f] ? dist[k - tw_nw_stars[f]] * rate[f] : 0;
            dist[k] = dist[k] * (1 - rate[f]) + gain;
        }
    }
    double total = 0;
    for (int k = need; k <= 20; k++)
        total += dist[k];
    return total;
}

/* Chance of the game's goal when each undecided fief f ends friendly with
 * chance rate[f], each independently (friendly fiefs are won, lost ones
 * are not): the medal's stars; or every hidden star, whose three fiefs the
 * player cannot see, so that any three fiefs are as likely to hold them;
 * and under the expert rule every outer fief as well. */
static double goal_chance(const tw_nw_state *v, const double *rate)
{
    unsigned open = neutral_fiefs(v);
    double won[TW_NW_FIEFS], outer = 1;
    int sure_stars = tw_nw_stars_won(v);
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        won[f] = (open >> f & 1) ? rate[f] : v->fiefs[f].status == TW_NW_FIEF_FRIENDLY;
        if (v->expert && (TW_NW_OUTER_FIEFS >> f & 1)) {
            /* the rule asks for the fief: the goal is reached only with it */
            outer *= won[f];
            if (open >> f & 1)
                sure_stars += tw_nw_stars[f];
            won[f] = 1;
            open &= ~(1u << f);
        }
    }
    if (outer <= 0)
        return 0;
    if (v->variant == TW_NW_VARIANT_HIDDEN_STARS) {
        /* the chance that three fiefs drawn at random are all won: the sum
         * over every three fiefs of the product of their chances (the
         * third elementary symmetric sum), over the 56 ways to draw them */
        double sums[TW_NW_HIDDEN_STARS + 1] = {1, 0, 0, 0};
        for (int f = 0; f < TW_NW_FIEFS; f++)
            for (int k = TW_NW_HIDDEN_STARS; k >= 1; k--)
                sums[k] += sums[k - 1] * won[f];
        return outer * sums[TW_NW_HIDDEN_STARS] / 56.0;
    }
    return outer * stars_reach_chance(won, open, tw_nw_medal_threshold(v->medal) - sure_stars);
}

/* Chance of reaching the game's goal when fief `fief` is visited now with
 * chance p of hitting its target, the other undecided fiefs being won at
 * their base rates. */
static double medal_chance_after(const tw_nw_state *v, int fief, double p)
{
    if (v->variant == TW_NW_VARIANT_MEDALS && !v->expert) {
        /* the medals alone, as this bot has always counted them */
        unsigned others = neutral_fiefs(v) & ~(1u << fief);
        int need = tw_nw_medal_threshold(v->medal) - tw_nw_stars_won(v);
        return p * stars_reach_chance(STRONG_TARGET_RATE, others, need - tw_nw_stars[fief]) +
               (1 - p) * stars_reach_chance(STRONG_TARGET_RATE, others, need);
    }
    double rate[TW_NW_FIEFS];
    memcpy(rate, STRONG_TARGET_RATE, sizeof rate);
    rate[fief] = p;
    return goal_chance(v, rate);
}

/* How much winning fief f counts towards the game's goal, for ordering
 * fiefs: its stars with the medals; with the hidden stars, a fief known
 * to hold one (the clairvoyant bot sees them) counts 4, any other 1; under
 * the expert rule an outer fief counts 4. */
static int fief_weight(const tw_nw_state *v, int f)
{
    if (v->expert && (TW_NW_OUTER_FIEFS >> f & 1))
        return 4;
    if (v->variant == TW_NW_VARIANT_HIDDEN_STARS)
        return (v->star_fiefs >> f & 1) ? 4 : 1;
    return tw_nw_stars[f];
}

/* Estimated chance of hitting fief f's target if visited now with this
 * hand, and with a fresh random hand (the base rate of leaving it for
 * later), by rollouts over determinized deals. */
static void fief_odds(tw_nw_bot *bot, const tw_nw_view *view, int fief, int rollouts, double *now, double *later)
{
    int hit_now = 0, hit_later = 0;
    for (int r = 0; r < rollouts; r++) {
        tw_nw_state s;
        tw_nw_determinize(view, tw_rng_next(&bot->rng), &s);
        tw_nw_state fresh = s;
        if (tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_VISIT, fief), NULL) == TW_OK) {
            if (s.phase == TW_NW_PHASE_SUBSTITUTES)
                tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_BEGIN, 0), NULL);
            hit_now += rollout_visit(&s, &bot->rng);
        }
        /* a fresh hand: put the hand back among the deck cards and redeal */
        uint8_t cards[TW_NW_CARDS];
        int n = 0;
        for (int c = 0; c < TW_NW_CARDS; c++)
            cards[n++] = (uint8_t)c;
        tw_rng_shuffle_u8(&bot->rng, cards, TW_NW_CARDS);
        fresh.hand = 0;
        for (int i = 0; i < TW_NW_HAND_SIZE; i++)
            fresh.hand |= 1u << cards[i];
        for (int i = 0; i < TW_NW_CARDS - TW_NW_HAND_SIZE; i++)
            fresh.deck[i] = cards[TW_NW_HAND_SIZE + i];
        fresh.deck_n = TW_NW_CARDS - TW_NW_HAND_SIZE;
        fresh.deck_known = 0;
        if (tw_nw_apply(&fresh, TW_NW_ACTION(TW_NW_ACT_VISIT, fief), NULL) == TW_OK) {
            if (fresh.phase == TW_NW_PHASE_SUBSTITUTES)
                tw_nw_apply(&fresh, TW_NW_ACTION(TW_NW_ACT_BEGIN, 0), NULL);
            hit_later += rollout_visit(&fresh, &bot->rng);
        }
    }
    *now = (double)hit_now / rollouts;
    *later = (double)hit_later / rollouts;
}

/* Fills p[i] with the estimated chance of hitting the target of the fief
 * that actions[i] visits (0 for other actions) and returns the index of
 * the action that gives the best chance of the chosen medal (ties: the
 * most stars gained over leaving the fief for later). The chance is the
 * fief's base rate moved by how much better this hand does there than a
 * fresh hand, both by rollouts: the rollouts play worse than the bot, so
 * only their difference is trusted. */
static int choose_fief(tw_nw_bot *bot, const tw_nw_view *view, const tw_nw_action *acts, int n, int rollouts,
                       double *p)
{
    const tw_nw_state *v = &view->visible;
    int best = 0;
    double best_key = -1e9;
    for (int i = 0; i < n; i++) {
        p[i] = 0;
        if (TW_NW_ACTION_KIND(acts[i]) != TW_NW_ACT_VISIT)
            continue;
        int f = TW_NW_ACTION_ARG(acts[i]);
        double now, later;
        fief_odds(bot, view, f, rollouts, &now, &later);
        double advantage = now - later;
        p[i] = STRONG_TARGET_RATE[f] + advantage;
        p[i] = p[i] < 0 ? 0 : p[i] > 1 ? 1 : p[i];
        double key = medal_chance_after(v, f, p[i]) + 0.001 * fief_weight(v, f) * advantage;
        if (key > best_key) {
            best_key = key;
            best = i;
        }
    }
    return best;
}

/* The strong bot's fief: the best chance of the chosen medal. */
static tw_nw_action strong_choose_fief(tw_nw_bot *bot, const tw_nw_view *view, const tw_nw_action *acts, int n)
{
    double p[TW_NW_MAX_ACTIONS];
    return acts[choose_fief(bot, view, acts, n, bot->fief_rollouts, p)];
}

/* ---- Solve -------------------------------------------------------------------- */

/* Whether an action spends a character for the rest of the game (an ally's
 * or a substitute's ability, a ruler brought in): between actions that
 * keep the target reachable in as many orders, the solve bots keep it. */
static int spends(tw_nw_action a)
{
    int kind = TW_NW_ACTION_KIND(a);
    return kind == TW_NW_ACT_ACTIVATE || kind == TW_NW_ACT_SUBSTITUTE;
}

/* The solve bots' decision inside a visit (n > 1 legal actions): the
 * action that keeps the target reachable in the most deck orders dealt
 * from the view, each solved exactly. Among equals: one that spends no
 * character, then the one the strong bot's search (the bot's iterations)
 * tries most; when no order reaches the target, the strong bot's move. */
static tw_nw_action solve_choose(tw_nw_bot *bot, const tw_nw_view *view, const tw_nw_action *acts, int n)
{
    nw_solve_count c;
    nw_solve_actions(bot->solve, &bot->solve_set, view, acts, n, &bot->rng, &c);
    bot->solve_decisions++;
    bot->solve_orders += c.orders;
    bot->solve_aborted += c.aborted;
    bot->last_edge = -1;
    int top = c.score[c.best];
    int tied[TW_NW_MAX_ACTIONS], ntied = 0, keeping = 0;
    for (int i = 0; i < n; i++)
        if (c.score[i] == top && TW_NW_ACTION_KIND(acts[i]) != TW_NW_ACT_STOP) {
            tied[ntied++] = i;
            keeping += !spends(acts[i]);
        }
    if (keeping > 0 && keeping < ntied) {
        /* keep the characters that are not needed more than others */
        int k = 0;
        for (int i = 0; i < ntied; i++)
            if (!spends(acts[tied[i]]))
                tied[k++] = tied[i];
        ntied = k;
    }
    if (top > 0 && (ntied == 1 || order_only_choice(&view->visible) || bot->iterations <= 0))
        return acts[tied[0]];
    /* the strong bot's preference among the tied actions (all of them
     * when no order reaches the target) */
    int root = ismcts(bot, view, bot->iterations, 1, 0);
    int best = -1;
    for (int i = 0; i < ntied; i++) {
        int e = edge_for(bot, root, acts[tied[i]]);
        if (e >= 0 && (best < 0 || bot->edges[e].visits > bot->edges[best].visits))
            best = e;
    }
    if (top == 0)
        best = most_tried_edge(bot, root);
    bot->last_edge = best;
    return best >= 0 ? bot->edges[best].action : acts[tied[0]];
}

/* ---- Strong and clairvoyant ------------------------------------------------- */

/* The strong bot's decision from a view. */
static tw_nw_action strong_choose(tw_nw_bot *bot, const tw_nw_view *view)
{
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_view_legal_actions(view, acts);
    const tw_nw_state *v = &view->visible;
    if (v->phase == TW_NW_PHASE_CHOOSE_FIEF) {
        bot->last_edge = -1;
        return n == 1 ? acts[0] : strong_choose_fief(bot, view, acts, n);
    }
    if (n == 1) {
        /* a forced move: follow it in the kept tree when it is there */
        int root = reused_root(bot, view);
        bot->last_edge = root >= 0 ? edge_for(bot, root, acts[0]) : -1;
        return acts[0];
    }
    if (solve_kind(bot->kind) && v->visiting >= 0)
        return solve_choose(bot, view, acts, n);
    int root = ismcts(bot, view, bot->iterations, 1, 0);
    int best = most_tried_edge(bot, root);
    bot->last_edge = best;
    return best >= 0 ? bot->edges[best].action : acts[0];
}

/* Clairvoyant: the exact solver on the true state. In a visit it keeps the
 * target reachable; between visits it takes the reachable fief with the
 * most stars (edges first). */
static tw_nw_action clairvoyant_choose(tw_nw_bot *bot, const tw_nw_state *s)
{
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    if (n == 1)
        return acts[0];
    tw_nw_solver_set_budget(bot->solver, CLAIRVOYANT_BUDGET);
    if (s->phase == TW_NW_PHASE_CHOOSE_FIEF) {
        /* fiefs by stars, most first (in action order among equals); the
         * first reachable one is the choice, so the others need no search */
        for (int stars = 4; stars >= 1; stars--)
            for (int i = 0; i < n; i++) {
                if (TW_NW_ACTION_KIND(acts[i]) != TW_NW_ACT_VISIT)
                    continue;
                int f = TW_NW_ACTION_ARG(acts[i]);
                if (fief_weight(s, f) != stars)
                    continue;
                tw_nw_state next = *s;
                tw_nw_apply(&next, acts[i], NULL);
                /* with substitutes available, trying without them first is
                 * enough to know the fief is reachable in the common case */
                if (clairvoyant_solve(bot, &next, NULL))
                    return acts[i];
            }
        return greedy_choose(s, acts, n);
    }
    /* substitutes only when the visit cannot be won without them */
    if (s->phase == TW_NW_PHASE_SUBSTITUTES) {
        tw_nw_state next = *s;
        tw_nw_apply(&next, TW_NW_ACTION(TW_NW_ACT_BEGIN, 0), NULL);
        if (clairvoyant_solve(bot, &next, NULL))
            return TW_NW_ACTION(TW_NW_ACT_BEGIN, 0);
    }
    tw_nw_action first;
    if (s->visiting >= 0 && clairvoyant_solve(bot, s, &first))
        return first;
    return greedy_choose(s, acts, n);
}

/* ---- Entry points -------------------------------------------------------------- */

/* Whether a bot is one of the quick ones (random, greedy): they read only
 * what the player sees in any state (the legal actions, the hand, the
 * fiefs and their rulers, the statement being answered, the score pile),
 * never the deck, so they choose the same from the state as from its view. */
static int quick_kind(const tw_nw_bot *bot)
{
    return bot->kind == TW_NW_BOT_RANDOM || bot->kind == TW_NW_BOT_GREEDY;
}

/* The quick bots' choice among the legal actions of s (a state or a
 * view's visible part). */
static tw_nw_action quick_choose(tw_nw_bot *bot, const tw_nw_state *s, const tw_nw_action *acts, int n)
{
    return bot->kind == TW_NW_BOT_RANDOM ? random_action(acts, n, &bot->rng) : greedy_choose(s, acts, n);
}

tw_nw_action tw_nw_bot_choose_from_view(tw_nw_bot *bot, const tw_nw_view *view)
{
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_view_legal_actions(view, acts);
    if (n <= 0)
        return 0;
    if (quick_kind(bot))
        return quick_choose(bot, &view->visible, acts, n);
    if (bot->kind == TW_NW_BOT_HINT) {
        /* the hint's move: a fresh strong decision seeded by the view */
        tw_rng_seed(&bot->rng, tw_nw_view_seed(view));
        bot->last_edge = -1;
    }
    return strong_choose(bot, view);
}

/* A bot's decision: from the state for the clairvoyant bot, and for the
 * quick bots, which read nothing hidden (no view to copy: simulations
 * make millions of these decisions; tests/test_nw_bots.c checks that they
 * choose as from the view); from the player's view for the strong bot. */
tw_nw_action tw_nw_bot_choose(tw_nw_bot *bot, const tw_nw_state *state)
{
    if (bot->kind == TW_NW_BOT_CLAIRVOYANT)
        return clairvoyant_choose(bot, state);
    if (quick_kind(bot)) {
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        int n = tw_nw_legal_actions(state, acts);
        return n > 0 ? quick_choose(bot, state, acts, n) : 0;
    }
    tw_nw_view view;
    tw_nw_view_of(state, &view);
    return tw_nw_bot_choose_from_view(bot, &view);
}

/* ---- Chances: the one estimator behind hints and analysis ------------------------ */

/* The chance shown with a move is the estimated probability of hitting the
 * target of the visit (at the fief choice: of the fief visited) when the
 * player goes on with the strong bot's play, from the view only:
 *  - an action after which the player learns nothing (a fief chosen, a
 *    substitute, an ally readied before the statement, an answer followed
 *    by an ability offer...) is worth what the next decision is worth: the
 *    chance of the strong bot's move there, computed the same way (a chain
 *    of such decisions is followed up to CHAIN_DEPTH). So the chance shown
 *    at one decision is the one shown at the next when nothing was learnt
 *    in between: the same function of the same view.
 *  - any other action is worth its edge in the strong bot's own search
 *    (ISMCTS from a fresh tree, the bot's iterations, seeded from the view:
 *    equal views give equal figures wherever they are asked), mapped by the
 *    calibration below; its margin is 1.96 standard errors of that mean.
 * The strong bot's move is the most tried edge of that search, which is
 * what a fresh strong bot seeded from the view plays. */

#define ITERATIONS_PER_SAMPLE 50 /* "samples" 60 = 3,000 iterations: the strong bot's own */
#define HINT_SAMPLES 60
#define CHAIN_DEPTH 8
#define Z95 1.96
/* Calibration of a search value as a frequency, fitted on the games of
 * `bench --parts calibration --game northwood --games 3000 --seed 500000` (what it prints
 * under "Calibration maps fitted on these games"; docs/bots-northwood.md
 * says how to refit): the search value, clamped to [0.01, 0.99], is
 * mapped through straight lines between these points (by twentieth of the
 * value: its mean and how often the target was then hit, neighbouring
 * twentieths merged while the frequency does not rise; beyond the first
 * and last points, their frequency). Sure values (0, 1) stay. */
#define CAL_POINTS 20
static const double CAL_VALUE[CAL_POINTS] = {0.0286, 0.0778, 0.1261, 0.1758, 0.2263, 0.2778, 0.3267,
                                             0.3776, 0.4276, 0.4772, 0.5260, 0.5758, 0.6252, 0.6749,
                                             0.7246, 0.7740, 0.8241, 0.8751, 0.9261, 0.9753};
static const double CAL_FREQ[CAL_POINTS] = {0.0421, 0.0959, 0.2192, 0.2946, 0.4088, 0.4748, 0.5736,
                                            0.6185, 0.6905, 0.7572, 0.7962, 0.8467, 0.8789, 0.9080,
                                            0.9259, 0.9392, 0.9410, 0.9437, 0.9656, 0.9949};
/* The goal model as a frequency: logit(m) becomes a * logit(m) + b, m
 * clamped to [0.01, 0.99], with a and b fitted by maximum likelihood for
 * each kind of goal, since the goal is a different question under each
 * scoring (docs/bots-northwood.md says on which games each was fitted and
 * how to refit): [variant][expert rule]. */
typedef struct {
    double a, b;
} goal_map;
static const goal_map CAL_GOAL[2][2] = {
    /* medals: bench --parts calibration --game northwood --games 3000 --seed 500000 (bronze) */
    {{0.8160, 0.4094},
     /* medals, expert rule: the mean of two fits, ... --games 500 --seed
     * 2200000 --expert and --seed 2400000 --expert */
     {0.6754, 0.5828}},
    /* hidden stars: the mean of two fits, ... --games 500 --seed 2200000
     * --variant hidden-stars and --seed 2400000 --variant hidden-stars */
    {{1.0445, 0.1527},
     /* hidden stars, expert rule: ... --games 500 --seed 2200000
     * --variant hidden-stars --expert */
     {0.7627, 0.4530}},
};

/* A seed for the estimates of one view: a hash of everything the player
 * sees (and nothing else), so the figures depend on the view alone. The
 * "finish" offer is left out: searched states never offer it, and a view
 * reached in the search must match the one the game then shows. */
uint64_t tw_nw_view_seed(const tw_nw_view *view)
{
    const tw_nw_state *v = &view->visible;
    uint64_t h = observation_key(v);
    for (int i = 0; i < v->discard_n; i++)
        h = mix(h, (uint64_t)v->discard[i] | (uint64_t)i << 8);
    for (int i = 0; i < v->score_n; i++)
        h = mix(h, (uint64_t)v->score[i] | (uint64_t)i << 8 | 1ULL << 40);
    for (int f = 0; f < TW_NW_FIEFS; f++)
        h = mix(h, (uint64_t)v->fiefs[f].status | (uint64_t)f << 8 | (uint64_t)(uint8_t)v->fiefs[f].sub_slot << 16);
    return mix(h, (uint64_t)v->medal | (uint64_t)v->setup << 8 | (uint64_t)v->stopped << 16 |
                      (uint64_t)v->variant << 24 | (uint64_t)v->expert << 32);
}

/* A raw estimate: a mean and the number of deals behind it (INFINITY when
 * the value is certain, 0 when nothing backs it). */
typedef struct {
    double q, weight;
} raw_chance;

/* Whether the player learns nothing from action a: on two deals of the
 * view it leaves the visit going, no card leaves the unseen ones, and the
 * views after it are the same. *after receives that view. */
static int quiet_action(const tw_nw_view *view, tw_nw_action a, tw_nw_view *after)
{
    int kind = TW_NW_ACTION_KIND(a);
    if (kind == TW_NW_ACT_STOP || kind == TW_NW_ACT_FINISH)
        return 0;
    uint64_t seed = tw_nw_view_seed(view);
    tw_nw_state s;
    tw_nw_view other;
    for (int k = 0; k < 2; k++) {
        tw_nw_determinize(view, tw_mix64(seed + (uint64_t)k), &s);
        if (tw_nw_apply(&s, a, NULL) != TW_OK || visit_over(&s))
            return 0;
        tw_nw_view_of(&s, k == 0 ? after : &other);
    }
    if (tw_nw_view_unseen(view) & ~tw_nw_view_unseen(after))
        return 0;
    return tw_nw_view_seed(after) == tw_nw_view_seed(&other);
}

static int raw_chances(tw_nw_bot *bot, const tw_nw_view *view, const tw_nw_action *acts, int n, int iterations,
                       int depth, int every, raw_chance *out);

/* The raw chance of a view: that of the strong bot's move there. */
static raw_chance view_chance(tw_nw_bot *bot, const tw_nw_view *view, int iterations, int depth)
{
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    raw_chance q[TW_NW_MAX_ACTIONS];
    int n = tw_nw_view_legal_actions(view, acts);
    if (n <= 0)
        return (raw_chance){0, 0};
    return q[raw_chances(bot, view, acts, n, iterations, depth, 0, q)];
}

/* The raw chance of visiting a fief now (action a at the fief choice):
 * the view after it when that teaches nothing, else the one edge of a
 * search of that visit. */
static raw_chance fief_chance(tw_nw_bot *bot, const tw_nw_view *view, tw_nw_action a, int iterations, int depth)
{
    tw_nw_view after;
    if (depth < CHAIN_DEPTH && quiet_action(view, a, &after))
        return view_chance(bot, &after, iterations, depth + 1);
    tw_rng_seed(&bot->rng, tw_nw_view_seed(view) ^ a);
    int root = ismcts(bot, view, iterations, 0, a);
    int e = edge_for(bot, root, a);
    if (e < 0 || bot->edges[e].visits == 0)
        return (raw_chance){0, 0};
    return (raw_chance){bot->edges[e].wins / bot->edges[e].visits, bot->edges[e].visits};
}

/* Raw chances of the n actions of a view; returns the index of the strong
 * bot's move. With every, each action gets its chance; otherwise only the
 * strong bot's move does (a hint needs no more). depth counts the quiet
 * decisions followed so far. */
static int raw_chances(tw_nw_bot *bot, const tw_nw_view *view, const tw_nw_action *acts, int n, int iterations,
                       int depth, int every, raw_chance *out)
{
    const tw_nw_state *v = &view->visible;
    int strong = 0;
    for (int i = 0; i < n; i++)
        out[i] = (raw_chance){0, 0};
    tw_rng_seed(&bot->rng, tw_nw_view_seed(view));
    bot->last_edge = -1;
    if (v->phase == TW_NW_PHASE_CHOOSE_FIEF) {
        double rough[TW_NW_MAX_ACTIONS];
        if (n > 1)
            strong = choose_fief(bot, view, acts, n, bot->fief_rollouts, rough);
        for (int i = 0; i < n; i++)
            if ((every || i == strong) && TW_NW_ACTION_KIND(acts[i]) == TW_NW_ACT_VISIT)
                out[i] = fief_chance(bot, view, acts[i], iterations, depth);
        return strong;
    }
    int root = ismcts(bot, view, iterations, 0, 0);
    int best = most_tried_edge(bot, root);
    int decided = -1, hit = 0; /* -1: not asked yet (the proof is a search) */
    for (int i = 0; i < n; i++) {
        int e = edge_for(bot, root, acts[i]);
        if (e >= 0 && bot->edges[e].visits)
            out[i] = (raw_chance){bot->edges[e].wins / bot->edges[e].visits, bot->edges[e].visits};
        if (e >= 0 && e == best)
            strong = i;
        /* "finish" ends a decided visit with its certain outcome; the
         * search never sees it (determinized states do not offer it) */
        if (TW_NW_ACTION_KIND(acts[i]) == TW_NW_ACT_FINISH) {
            if (decided < 0)
                decided = tw_nw_visit_decided(v, &hit);
            out[i] = (raw_chance){decided && hit, INFINITY};
        }
    }
    /* an order-only choice has one edge: every order ends the same */
    if (order_only_choice(v))
        for (int i = 0; i < n; i++)
            if (edge_for(bot, root, acts[i]) < 0)
                out[i] = out[strong];
    for (int i = 0; i < n && depth < CHAIN_DEPTH; i++) {
        tw_nw_view after;
        if ((every || i == strong) && quiet_action(view, acts[i], &after))
            out[i] = view_chance(bot, &after, iterations, depth + 1);
    }
    return strong;
}

/* A search value as the medal model reads it: clamped to [0.01, 0.99]
 * unless sure (the model's calibration was fitted that way). */
static double model_input(double q)
{
    return q <= 0 || q >= 1 ? q : q < 0.01 ? 0.01 : q > 0.99 ? 0.99 : q;
}

/* A raw estimate as a frequency (CAL_VALUE, CAL_FREQ), and its margin:
 * 1.96 standard errors of the mean, carried through the map. */
static double calibrated(raw_chance r, double *margin)
{
    double q = r.q < 0 ? 0 : r.q > 1 ? 1 : r.q;
    double se = r.weight > 0 ? sqrt(q * (1 - q) / r.weight) : 0.5;
    if (q <= 0.0 || q >= 1.0) {
        /* every deal agreed: the rule of three bounds the other outcome */
        *margin = r.weight > 0 ? (isfinite(r.weight) ? 3.0 / r.weight : 0) : 0.5;
        if (*margin > 1)
            *margin = 1;
        return q;
    }
    double slope;
    double p = tw_through_points(CAL_VALUE, CAL_FREQ, CAL_POINTS, q, &slope);
    *margin = Z95 * se * slope;
    if (*margin > 1)
        *margin = 1;
    return p;
}

int tw_nw_estimate_actions(tw_nw_bot *bot, const tw_nw_view *view, const tw_nw_action *actions, int n, int samples,
                           double *p, double *margin)
{
    raw_chance raw[TW_NW_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        p[i] = 0;
        if (margin)
            margin[i] = 0;
    }
    if (n <= 0 || !search_memory(bot))
        return 0;
    int iterations = (samples > 0 ? samples : HINT_SAMPLES) * ITERATIONS_PER_SAMPLE;
    int strong = raw_chances(bot, view, actions, n, iterations, 0, 1, raw);
    for (int i = 0; i < n; i++) {
        double m;
        p[i] = calibrated(raw[i], &m);
        if (margin)
            margin[i] = m;
    }
    return strong;
}

/* Chance of reaching the chosen medal with fief `current` (-1: none) won
 * at p_current and every other undecided fief at its base rate. */
static double medal_odds(const tw_nw_state *v, int current, double p_current)
{
    if (current < 0 || v->fiefs[current].status != TW_NW_FIEF_NEUTRAL)
        return goal_chance(v, STRONG_TARGET_RATE);
    return medal_chance_after(v, current, p_current);
}

/* The medal model's own value (before calibration) for tw_nw_medal_chance. */
static double medal_model(const tw_nw_view *view, tw_nw_action action, double p_target)
{
    const tw_nw_state *v = &view->visible;
    int current = v->visiting;
    if (v->phase == TW_NW_PHASE_CHOOSE_FIEF)
        current = TW_NW_ACTION_KIND(action) == TW_NW_ACT_VISIT ? TW_NW_ACTION_ARG(action) : -1;
    if (TW_NW_ACTION_KIND(action) == TW_NW_ACT_STOP)
        return tw_nw_goal_met(v);
    return medal_odds(v, current, current >= 0 ? p_target : 0);
}

/* The goal model's value m as a frequency, through the map of the goal
 * the game is scored by (CAL_GOAL); sure values stay. */
static double medal_calibrated(const tw_nw_state *v, double m)
{
    if (m <= 0.0 || m >= 1.0)
        return m;
    const goal_map *map = &CAL_GOAL[v->variant == TW_NW_VARIANT_HIDDEN_STARS][v->expert != 0];
    double c = m < 0.01 ? 0.01 : m > 0.99 ? 0.99 : m;
    return 1.0 / (1.0 + exp(-(map->a * log(c / (1.0 - c)) + map->b)));
}

double tw_nw_medal_chance(const tw_nw_view *view, tw_nw_action action, double p_target)
{
    /* the model reads the search value: undo the target's calibration */
    double q = p_target <= 0 || p_target >= 1 ? p_target
                                              : tw_through_points(CAL_FREQ, CAL_VALUE, CAL_POINTS, p_target, NULL);
    return medal_calibrated(&view->visible, medal_model(view, action, model_input(q)));
}

/* A hint: the strong bot's move with its target and medal chances. */
tw_nw_hint tw_nw_hint_for(tw_nw_bot *bot, const tw_nw_view *view)
{
    tw_nw_hint hint = {0, -1, 0, -1, 0, -1, -1, 0};
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    raw_chance raw[TW_NW_MAX_ACTIONS];
    int n = tw_nw_view_legal_actions(view, acts);
    if (n <= 0 || !search_memory(bot))
        return hint;
    int iterations = HINT_SAMPLES * ITERATIONS_PER_SAMPLE;
    int best = raw_chances(bot, view, acts, n, iterations, 0, 0, raw);
    hint.action = acts[best];
    const tw_nw_state *v = &view->visible;
    int in_visit = v->visiting >= 0 || TW_NW_ACTION_KIND(acts[best]) == TW_NW_ACT_VISIT;
    double p = calibrated(raw[best], &hint.margin_target);
    hint.p_target = in_visit ? p : -1;
    hint.raw_target = in_visit ? raw[best].q : -1;
    if (!in_visit)
        hint.margin_target = 0;
    double q = in_visit ? model_input(raw[best].q) : 0;
    hint.raw_medal = medal_model(view, hint.action, q);
    hint.p_medal = medal_calibrated(v, hint.raw_medal);
    /* the medal's margin: the medal chance at the target chance's margin
     * either side (the model is linear in the target chance) */
    double spread = in_visit ? medal_calibrated(v, medal_model(view, hint.action, 1)) -
                                   medal_calibrated(v, medal_model(view, hint.action, 0))
                             : 0;
    hint.margin_medal = fabs(spread) * hint.margin_target;
    hint.samples = iterations;
    return hint;
}
