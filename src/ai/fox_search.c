/* The open-hands round search for The Fox in the Forest Duet: with both
 * hands, the deck and the decree known, the rest of a round is a
 * deterministic one-team problem (both seats cooperate), solved by a
 * depth-first search over every legal action, abilities included.
 *
 * The next round's deal is not known, so the search stops at the round's
 * end (or earlier, after a number of tricks) and scores the position with
 * tw_fox_eval, an estimate of the chance that the team still wins. It
 * prunes with an upper bound of that estimate (at most one gem per trick,
 * forest tokens never come back), keeps a transposition table keyed on the
 * hands, decree, trick, pending choices and path, and stops at a node
 * budget. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/fox_bots.h"

/* Search values are logits of the estimated chance of winning (the
 * logistic function is monotone, so the best logit is the best chance).
 * Ended games sit far outside: a win is worth a little more when the hands
 * still hold more cards (a higher score); a loss, or a position where the
 * gems needed outnumber the tricks left, is the lowest value. */
#define WIN_LOGIT 100.0
#define WIN_CARD_BONUS 0.01
#define LOSS_LOGIT (-100.0)
#define EXACT_DEPTH 15 /* stored depth of a result that reached the round's end */

/* ---- Evaluation ----------------------------------------------------------- */

/* Weights of the logistic estimate, fitted by maximum likelihood on the
 * trick boundaries of 9,000 rule-bot games (3,000 per level); see
 * docs/bots.md. */
typedef struct {
    double bias;
    double needed;  /* per gem still needed (on the board and still to come) */
    double tricks;  /* per trick left in the game */
    double forest;  /* per forest token left */
    double length;  /* per uncovered path space */
    double edge;    /* the token on an end's last space or the one before */
    double on_gem;  /* the token's space still holds a gem */
} eval_weights;

static const eval_weights weights = {
    .bias = -3.9918,
    .needed = -0.5330,
    .tricks = 0.3377,
    .forest = -0.1961,
    .length = 0.4749,
    .edge = -0.3221,
    .on_gem = 0.3252,
};

/* Gems added at each end of round 1 and 2 (one per (+) slot). */
static int plus_count(const tw_fox_path *p)
{
    int n = 0;
    for (int i = 0; i < TW_FOX_SPACES; i++)
        n += p->plus[i] ? 1 : 0;
    return n;
}

/* Tricks left in the game from a state at a trick boundary (or inside a
 * trick, which then counts as left). */
static int tricks_left(const tw_fox_state *s)
{
    return (TW_FOX_ROUNDS - s->round) * TW_FOX_TRICKS + (TW_FOX_TRICKS - s->tricks_done);
}

/* Round ends still to add gems (the ends of rounds 1 and 2 not yet past). */
static int adds_left(const tw_fox_state *s)
{
    int n = TW_FOX_ROUNDS - s->round;
    if (s->tricks_done >= TW_FOX_TRICKS && n > 0)
        n--; /* this round's gems are already on the board */
    return n;
}

/* Gems the team still has to collect to win; plus is plus_count of the
 * board (fixed for a game, so a search reads it once per query). */
static int gems_needed(const tw_fox_state *s, int plus)
{
    return tw_fox_gems_on_board(s) + adds_left(s) * plus;
}

/* The forest part of the logit with f tokens left (each token placed
 * covers one more space). */
static double forest_logit(const tw_fox_path *p, int f)
{
    int length = TW_FOX_SPACES - p->covered[0] - p->covered[1] - (p->forest_left - f);
    return weights.forest * f + weights.length * length;
}

/* The token's part of the logit: next to an end, on a gem. */
static double token_logit(const tw_fox_state *s)
{
    const tw_fox_path *p = &s->path;
    int left = tw_fox_last_space(s, TW_FOX_END_LEFT), right = tw_fox_last_space(s, TW_FOX_END_RIGHT);
    int edge = p->token - left <= 1 || right - p->token <= 1;
    int on_gem = p->gems[TW_FOX_SPACE_INDEX(p->token)] > 0;
    return weights.edge * edge + weights.on_gem * on_gem;
}

/* The largest value token_logit can take. */
static double token_logit_max(void)
{
    return (weights.edge > 0 ? weights.edge : 0) + (weights.on_gem > 0 ? weights.on_gem : 0);
}

/* Logit from the counts and the token's part. */
static double logit_of(int needed, int left, double forest, double token)
{
    if (needed <= 0)
        return WIN_LOGIT;
    if (needed > left)
        return LOSS_LOGIT; /* at most one gem per trick */
    return weights.bias + weights.needed * needed + weights.tricks * left + forest + token;
}

/* The search value of a state (a logit, or the value of an ended game);
 * plus as for gems_needed. */
static double eval_logit(const tw_fox_state *s, int plus)
{
    if (tw_fox_is_over(s)) {
        if (!tw_fox_is_won(s))
            return LOSS_LOGIT;
        int cards = tw_fox_hand_count(s, 0) + tw_fox_hand_count(s, 1);
        int early = s->round < TW_FOX_ROUNDS ? 2 * TW_FOX_HAND_SIZE : 0;
        return WIN_LOGIT + WIN_CARD_BONUS * (cards + early);
    }
    return logit_of(gems_needed(s, plus), tricks_left(s), forest_logit(&s->path, s->path.forest_left), token_logit(s));
}

/* Turns a search value into a chance of winning (a win with a higher
 * score a little above 1). */
static double logit_chance(double x)
{
    if (x >= WIN_LOGIT)
        return 1.0 + 0.01 * (x - WIN_LOGIT);
    if (x <= LOSS_LOGIT)
        return 0.0;
    return 1.0 / (1.0 + exp(-x));
}

double tw_fox_eval(const tw_fox_state *state)
{
    return logit_chance(eval_logit(state, plus_count(&state->path)));
}

/* ---- Transposition table ------------------------------------------------ */

enum { BOUND_EXACT = 0, BOUND_UPPER = 1 };

typedef struct {
    uint64_t key;
    float value;
    uint16_t best;  /* best action found, or TW_FOX_NO_ACTION */
    uint8_t depth;  /* trick ends searched below this node */
    uint8_t bound;
} tt_entry;

struct tw_fox_search {
    tt_entry *table;
    uint64_t mask;
    long long budget;      /* nodes per query, < 0 unlimited */
    long long query_nodes;
    long long total_nodes;
    int aborted;
    int root_round;
    int plus;              /* plus_count of the query's board */
    int stop_tricks;       /* a trick boundary at this count is a leaf */
};

tw_fox_search *tw_fox_search_new(int log2_entries)
{
    if (log2_entries < 4)
        log2_entries = 4;
    if (log2_entries > 26)
        log2_entries = 26;
    tw_fox_search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->table = calloc((size_t)1 << log2_entries, sizeof *s->table);
    if (!s->table) {
        free(s);
        return NULL;
    }
    s->mask = ((uint64_t)1 << log2_entries) - 1;
    s->budget = -1;
    return s;
}

void tw_fox_search_free(tw_fox_search *search)
{
    if (!search)
        return;
    free(search->table);
    free(search);
}

void tw_fox_search_clear(tw_fox_search *search)
{
    memset(search->table, 0, (size_t)(search->mask + 1) * sizeof *search->table);
}

void tw_fox_search_set_budget(tw_fox_search *search, long long nodes_per_query)
{
    search->budget = nodes_per_query;
}

int tw_fox_search_aborted(const tw_fox_search *search)
{
    return search->aborted;
}

long long tw_fox_search_nodes(const tw_fox_search *search)
{
    return search->total_nodes;
}

/* Hash of everything that decides the rest of the round: hands, decree,
 * trick and pending choices, path. (Knowledge fields do not change what
 * the open-hands team can do; the deck never changes within a round.) */
static uint64_t state_key(const tw_fox_state *s)
{
    const tw_fox_path *p = &s->path;
    uint64_t h = tw_mix64(((uint64_t)s->hand[0] << 32) | s->hand[1]);
    h = tw_mix64(h ^ ((uint64_t)s->decree | (uint64_t)s->trick_n << 8 | (uint64_t)s->trick[0] << 16 |
                      (uint64_t)s->trick[1] << 24 | (uint64_t)s->phase << 32 | (uint64_t)s->actor << 40 |
                      (uint64_t)s->leader << 44 | (uint64_t)s->winner << 48 | (uint64_t)s->ignore_mask << 52 |
                      (uint64_t)s->toward << 56 | (uint64_t)s->round << 60));
    h = tw_mix64(h ^ ((uint64_t)s->gift_pick[0] | (uint64_t)s->gift_pick[1] << 8 | (uint64_t)s->fox_seat << 16 |
                      (uint64_t)s->gift_seat << 20 | (uint64_t)(uint8_t)p->token << 24 |
                      (uint64_t)p->covered[0] << 32 | (uint64_t)p->covered[1] << 40 |
                      (uint64_t)p->forest_left << 48 | (uint64_t)s->tricks_done << 56));
    uint64_t g = 0;
    for (int i = 0; i < TW_FOX_SPACES; i++)
        g = g * 31 + p->gems[i];
    return tw_mix64(h ^ g);
}

/* ---- Search --------------------------------------------------------------- */

/* Whether a state is a leaf of the current search, and its value then. */
static int leaf_value(const tw_fox_search *S, const tw_fox_state *s, double *value)
{
    if (tw_fox_is_over(s) || s->round != S->root_round) {
        *value = eval_logit(s, S->plus);
        return 1;
    }
    if (s->phase == TW_FOX_PHASE_PLAY && s->trick_n == 0 && s->tricks_done >= S->stop_tricks) {
        *value = eval_logit(s, S->plus);
        return 1;
    }
    return 0;
}

/* Trick ends between a state and the search horizon (the round's end
 * counts as reaching everything). */
static int depth_left(const tw_fox_search *S, const tw_fox_state *s)
{
    if (S->stop_tricks >= TW_FOX_TRICKS)
        return EXACT_DEPTH;
    return S->stop_tricks - s->tricks_done;
}

/* The best any leaf below s can score: every trick to the horizon
 * collects a gem, forest tokens are never regained, the best token part. */
static double upper_bound(const tw_fox_search *S, const tw_fox_state *s)
{
    int stop = S->stop_tricks < TW_FOX_TRICKS ? S->stop_tricks : TW_FOX_TRICKS;
    int k = stop - s->tricks_done;
    if (k < 0)
        k = 0;
    int needed = gems_needed(s, S->plus) - k;
    if (needed <= 0)
        return WIN_LOGIT + WIN_CARD_BONUS * 4 * TW_FOX_HAND_SIZE;
    /* the forest part is linear in the tokens kept, so its best is at
     * keeping none or all of them */
    double forest = forest_logit(&s->path, 0);
    double keep_all = forest_logit(&s->path, s->path.forest_left);
    if (keep_all > forest)
        forest = keep_all;
    return logit_of(needed, tricks_left(s) - k, forest, token_logit_max());
}

/* Puts the table's best action first. */
static void order_actions(tw_fox_action *list, int n, uint16_t first)
{
    for (int i = 1; i < n; i++)
        if (list[i] == first) {
            tw_fox_action t = list[0];
            list[0] = list[i];
            list[i] = t;
            return;
        }
}

/* Depth-first search below s: the best leaf value, or an upper bound of
 * it not above alpha when nothing beats alpha (fail-low). */
static double search_node(tw_fox_search *S, const tw_fox_state *s, double alpha, uint16_t *best_out)
{
    double leaf;
    if (leaf_value(S, s, &leaf))
        return leaf;
    if (S->budget >= 0 && S->query_nodes >= S->budget) {
        S->aborted = 1;
        return 0;
    }
    S->query_nodes++;
    S->total_nodes++;
    double ub = upper_bound(S, s);
    if (ub <= alpha)
        return ub;
    int depth = depth_left(S, s);
    /* The follower's card of the horizon's last trick: its children are
     * mostly leaves and it is rarely reached twice, so the table is
     * skipped there (it would cost a cache miss per node). */
    int use_table = !(depth == 1 && s->phase == TW_FOX_PHASE_PLAY && s->trick_n == 1);
    uint64_t key = use_table ? state_key(s) : 0;
    tt_entry scratch = {0, 0.0f, TW_FOX_NO_ACTION, 0, 0};
    tt_entry *e = use_table ? &S->table[key & S->mask] : &scratch;
    uint16_t hint = TW_FOX_NO_ACTION;
    if (use_table && e->key == key) {
        hint = e->best;
        if (e->depth >= depth) {
            if (e->bound == BOUND_EXACT) {
                if (best_out)
                    *best_out = e->best;
                return e->value;
            }
            if (e->value <= alpha)
                return e->value;
        }
    }
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_legal_actions(s, list);
    if (hint != TW_FOX_NO_ACTION)
        order_actions(list, n, hint);
    double best = LOSS_LOGIT - 1;
    uint16_t best_action = list[0];
    for (int i = 0; i < n; i++) {
        tw_fox_state t = *s;
        tw_fox_apply(&t, list[i], NULL);
        double v = search_node(S, &t, best > alpha ? best : alpha, NULL);
        if (S->aborted)
            return 0;
        if (v > best) {
            best = v;
            best_action = list[i];
        }
        if (best >= WIN_LOGIT || best >= ub)
            break;
    }
    e->key = key;
    e->value = (float)best;
    e->best = best_action;
    e->depth = (uint8_t)depth;
    e->bound = best > alpha ? BOUND_EXACT : BOUND_UPPER;
    if (best_out)
        *best_out = best_action;
    return best;
}

int tw_fox_search_actions(tw_fox_search *search, const tw_fox_state *state, int tricks,
                          const tw_fox_action *actions, int n, double *values)
{
    search->aborted = 0;
    search->query_nodes = 0;
    search->root_round = state->round;
    search->plus = plus_count(&state->path);
    search->stop_tricks = state->tricks_done + (tricks < 1 ? 1 : tricks);
    int best = 0;
    for (int i = 0; i < n; i++) {
        tw_fox_state t = *state;
        if (tw_fox_apply(&t, actions[i], NULL) != TW_OK) {
            values[i] = LOSS_LOGIT - 1;
            continue;
        }
        values[i] = search_node(search, &t, LOSS_LOGIT - 1, NULL);
        if (search->aborted)
            return -1;
        if (values[i] > values[best])
            best = i;
    }
    for (int i = 0; i < n; i++)
        values[i] = logit_chance(values[i]);
    return best;
}


int tw_fox_search_deepen(tw_fox_search *search, const tw_fox_state *state, const tw_fox_action *actions, int n,
                         long long node_budget, double *values, int *tricks_out)
{
    double trial[TW_FOX_MAX_ACTIONS];
    int best = 0, reached = 0;
    for (int i = 0; i < n; i++)
        values[i] = 0.0;
    long long used = 0;
    int max_tricks = TW_FOX_TRICKS - state->tricks_done;
    if (max_tricks < 1)
        max_tricks = 1;
    for (int tricks = 1; tricks <= max_tricks; tricks++) {
        long long left = node_budget < 0 ? -1 : node_budget - used;
        if (node_budget >= 0 && left <= 0)
            break;
        tw_fox_search_set_budget(search, left);
        int b = tw_fox_search_actions(search, state, tricks, actions, n, trial);
        used += search->query_nodes;
        if (b < 0)
            break;
        best = b;
        reached = tricks;
        memcpy(values, trial, (size_t)n * sizeof *values);
        if (values[best] >= 1.0)
            break; /* a sure win: looking deeper cannot do better */
    }
    if (reached == 0) {
        /* Not even one trick fit: each action's resulting state as it stands. */
        for (int i = 0; i < n; i++) {
            tw_fox_state t = *state;
            values[i] = tw_fox_apply(&t, actions[i], NULL) == TW_OK ? tw_fox_eval(&t) : 0.0;
            if (values[i] > values[best])
                best = i;
        }
    }
    if (tricks_out)
        *tricks_out = reached;
    return best;
}

double tw_fox_search_value(tw_fox_search *search, const tw_fox_state *state, int tricks)
{
    search->aborted = 0;
    search->query_nodes = 0;
    search->root_round = state->round;
    search->plus = plus_count(&state->path);
    search->stop_tricks = state->tricks_done + (tricks < 1 ? 1 : tricks);
    double v;
    if (!leaf_value(search, state, &v))
        v = search_node(search, state, LOSS_LOGIT - 1, NULL);
    if (search->aborted)
        v = eval_logit(state, search->plus);
    return logit_chance(v);
}
