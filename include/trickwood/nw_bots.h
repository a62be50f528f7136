/* For Northwood! bots, the exact visit solver and hints.
 *
 * Bots decide from the player's view only (tw_nw_view); the clairvoyant
 * bot is the exception by design: it reads the full state, deck order
 * included, and so bounds what any real player can do. */
#ifndef TRICKWOOD_NW_BOTS_H
#define TRICKWOOD_NW_BOTS_H

#include "trickwood/northwood.h"

/* ---- Exact solver ------------------------------------------------------ */

/* Scratch memory for the solver (a transposition table). */
typedef struct tw_nw_solver tw_nw_solver;

/* The table size the project's solvers use: 2^19 entries (4 MB, in pairs
 * of two entries that share a cache line). With pairs, the hardest
 * full-deal visit start of the benchmark needs 2.02 M nodes with 2^18
 * entries and 1.80 M with 2^19, in about the same time per question
 * (docs/bots-northwood.md). */
#define TW_NW_SOLVER_TABLE_LOG2 19
/* Creates a solver with a table of 2^log2_entries entries. */
tw_nw_solver *tw_nw_solver_new(int log2_entries);
/* Frees a solver. */
void tw_nw_solver_free(tw_nw_solver *solver);
/* Whether the visit in progress can still end exactly on target when every
 * card is known (perfect information). The target is the fief visited at
 * the end: an ability that moves the visit (Prince of Leaves) moves the
 * target with it. Between visits it answers 0. */
int tw_nw_solve_visit(tw_nw_solver *solver, const tw_nw_state *state);
/* Like tw_nw_solve_visit, and when the answer is yes, *first is the first
 * action of a line of play that ends the visit on target. */
int tw_nw_solve_line(tw_nw_solver *solver, const tw_nw_state *state, tw_nw_action *first);
/* Fills ok[i] (for each of the n legal actions) with whether the target is
 * still reachable after that action. Returns how many are. */
int tw_nw_solve_actions(tw_nw_solver *solver, const tw_nw_state *state, const tw_nw_action *actions, int n,
                        uint8_t *ok);
/* Limits each following query to this many nodes (< 0: no limit). A
 * query that runs out answers 0 and tw_nw_solver_aborted() says so. */
void tw_nw_solver_set_budget(tw_nw_solver *solver, long long nodes_per_query);
/* Turns the subset programme for the answers-only rest of a visit on (the
 * default) or off (every node searched: the reference for tests). */
void tw_nw_solver_set_dp(tw_nw_solver *solver, int on);
/* Whether the last query ran out of budget. */
int tw_nw_solver_aborted(const tw_nw_solver *solver);
/* Nodes the solver has visited since it was created (for benchmarks). */
long long tw_nw_solver_nodes(const tw_nw_solver *solver);

/* ---- Bots ---------------------------------------------------------------- */

typedef enum {
    TW_NW_BOT_RANDOM = 0,     /* uniform among legal actions */
    TW_NW_BOT_GREEDY = 1,     /* simple sensible rules */
    TW_NW_BOT_STRONG = 2,     /* information-set Monte Carlo tree search over determinized deals */
    TW_NW_BOT_CLAIRVOYANT = 3, /* sees the deck order: an upper bound */
    TW_NW_BOT_HINT = 4,        /* plays the hint's move: the strong bot's, from a fresh search seeded by the view */
    TW_NW_BOT_SOLVE = 5,       /* inside a visit: deck orders dealt from the view, each solved exactly; the
                                  action that keeps the target reachable in the most orders (fief: as strong) */
    TW_NW_BOT_SOLVE_LIGHT = 6  /* the same with fewer orders and a smaller budget: for studies of many games */
} tw_nw_bot_kind;

/* How many bot kinds there are (names included). */
#define TW_NW_BOT_KINDS 7

typedef struct tw_nw_bot tw_nw_bot;

/* Parses "random", "greedy", "strong", "clairvoyant", "hint", "solve",
 * "solve-light"; -1 when unknown. */
int tw_nw_bot_kind_from_name(const char *name);
/* Name of a bot kind. */
const char *tw_nw_bot_kind_name(tw_nw_bot_kind kind);
/* The kind a bot was created with. */
tw_nw_bot_kind tw_nw_bot_kind_of(const tw_nw_bot *bot);
/* The clairvoyant bot's solver questions that ran out of their budget
 * (2,000,000 nodes, then 200,000,000 for a question that ran out of the
 * first) since the bot was made: each is a decision taken without an
 * exact answer (0 for the other bots). */
long long tw_nw_bot_unsettled(const tw_nw_bot *bot);
/* Creates a bot; its own random choices come from seed. */
tw_nw_bot *tw_nw_bot_new(tw_nw_bot_kind kind, uint64_t seed);
/* Sets how hard the strong bot searches: ISMCTS iterations per decision
 * in a visit, and rollouts per fief when choosing where to go (0 keeps a
 * value). */
void tw_nw_bot_set_effort(tw_nw_bot *bot, int iterations, int fief_rollouts);
/* Sets how hard the solve bots count: at most `orders` deck orders per
 * decision in a visit (at most 64; a quarter of it, at least 4, before any
 * early stop) and `nodes` solver nodes per question (0 keeps a value). The
 * iterations of tw_nw_bot_set_effort are, for them, those of the search
 * that breaks ties and plays when no order reaches the target. */
void tw_nw_bot_set_orders(tw_nw_bot *bot, int orders, long long nodes);
/* The solve bots' work since the bot was made: decisions counted by
 * orders, orders dealt, solver questions that ran out of budget (NULL
 * skips a figure; 0 for the other bots). */
void tw_nw_bot_solve_stats(const tw_nw_bot *bot, long long *decisions, long long *orders, long long *aborted);
/* Frees a bot. */
void tw_nw_bot_free(tw_nw_bot *bot);
/* Chooses the next action. The strong bot looks only at
 * tw_nw_view_of(state); the clairvoyant one reads the state itself; the
 * random and greedy bots read the state without copying it into a view,
 * as they read nothing a view hides (their choice is the same from the
 * view, which tests check). */
tw_nw_action tw_nw_bot_choose(tw_nw_bot *bot, const tw_nw_state *state);
/* Chooses from a view (not available to the clairvoyant bot, which then
 * plays as the strong bot). */
tw_nw_action tw_nw_bot_choose_from_view(tw_nw_bot *bot, const tw_nw_view *view);

/* ---- Chances and hints ------------------------------------------------------ */

/* Every chance the program shows for For Northwood! means one thing: the
 * estimated probability of hitting the target of the visit (at the fief
 * choice: of the fief the move visits) if the player goes on with the
 * strong bot's play from here, computed from the player's view only. It
 * comes with a margin (95%: 1.96 standard errors of the sampled mean). An
 * action after which the player learns nothing is worth exactly what the
 * next decision is then shown as worth. See docs/bots-northwood.md. */

/* A recommended action (the strong bot's move) with its chances. */
typedef struct {
    tw_nw_action action;
    double p_target;      /* -1 when not in a visit and no fief is chosen */
    double margin_target; /* 0 when p_target is -1 */
    double p_medal;       /* chance of reaching the chosen medal */
    double margin_medal;
    double raw_target;    /* the search value before calibration (-1 with p_target) */
    double raw_medal;     /* the medal model's value before calibration */
    int samples; /* search iterations (deals) behind each search value */
} tw_nw_hint;

/* The estimator: fills p[i] with the chance of hitting the target after
 * actions[i] (0 for actions that visit nothing or stop the game), and
 * margin[i] (may be NULL) with its margin; returns the index of the
 * strong bot's move. samples sets the effort (samples * 50 search
 * iterations; 60 is the hint's and the strong bot's own). Only the view is
 * read, and the random choices are seeded from it, so equal views give
 * equal figures whatever bot is passed (its memory is only scratch). */
int tw_nw_estimate_actions(tw_nw_bot *bot, const tw_nw_view *view, const tw_nw_action *actions, int n, int samples,
                           double *p, double *margin);
/* The chance of reaching the chosen medal when action is played with
 * chance p_target of hitting its target (at the fief choice, the fief it
 * visits): a model where every other undecided fief is won at the strong
 * bot's measured rate for its target, independently, mapped to a
 * frequency by a calibration fitted on strong games. */
double tw_nw_medal_chance(const tw_nw_view *view, tw_nw_action action, double p_target);
/* The seed the estimator uses for a view: a hash of what the player sees.
 * A strong bot created with this seed plays the hint's move. */
uint64_t tw_nw_view_seed(const tw_nw_view *view);
/* Recommends the strong bot's move from the view, with its chances (the
 * estimator above at the hint's effort). */
tw_nw_hint tw_nw_hint_for(tw_nw_bot *bot, const tw_nw_view *view);

#endif
