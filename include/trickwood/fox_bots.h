/* Bots for The Fox in the Forest Duet. A bot decides for one seat from
 * that seat's view only (tw_fox_view): it never sees the partner's hand or
 * the deck. The open-hands bot is the exception by design: it reads the
 * whole state (both hands, the deck) and so bounds what any pair of
 * players can do. See docs/bots.md. */
#ifndef TRICKWOOD_FOX_BOTS_H
#define TRICKWOOD_FOX_BOTS_H

#include "trickwood/foxduet.h"

/* The rule-based partner: it values where the team token would land after
 * the trick (gems, forest tokens, the risk of running off the path, gems
 * within reach), follows to the best outcome, and leads the card whose
 * outcome is best on average over deals of the partner's hand that fit
 * what it has seen (the partner modelled as the same bot). Abilities:
 * Gazelle and Musician choices by the same landing value; Foxes swaps the
 * decree when it helps the trick or its hand; Gift gives away its least
 * useful card; the end-of-round forest token goes to the end farther from
 * the team token. Deterministic: equal views and seeds give equal
 * actions. Returns TW_ERR_PHASE when the view's seat is not to act. */
tw_error tw_fox_rule_bot_choose(const tw_fox_view *view, uint64_t seed, tw_fox_action *out);

/* Plays a whole game with the rule bot in both seats (each deciding from
 * its own view); final receives the ended game. Returns an error only when
 * the board and configuration cannot start a game. */
tw_error tw_fox_rule_bot_play(const tw_fox_board *board, const tw_fox_config *config, uint64_t bot_seed,
                              tw_fox_state *final);

/* ---- Open-hands round search ------------------------------------------ */

/* With both hands, the deck and the decree known, the rest of a round is a
 * deterministic problem for one team. The search explores it (every card
 * and ability choice of both seats) up to a number of trick ends or the
 * round's end, scoring each leaf with tw_fox_eval; the next round's deal
 * is never looked at. Scratch memory: a transposition table. */
typedef struct tw_fox_search tw_fox_search;

/* Estimated chance that the team wins from a full state, from the gems
 * still needed, the tricks and forest tokens left and where the gems lie
 * around the token: 0 when lost or out of reach, 1 (a little more for a
 * higher score) when won. */
double tw_fox_eval(const tw_fox_state *state);
/* Creates a search with a table of 2^log2_entries entries (4..26). */
tw_fox_search *tw_fox_search_new(int log2_entries);
/* Frees a search (NULL is fine). */
void tw_fox_search_free(tw_fox_search *search);
/* Empties the table. */
void tw_fox_search_clear(tw_fox_search *search);
/* Limits each following query to this many nodes (< 0: no limit). */
void tw_fox_search_set_budget(tw_fox_search *search, long long nodes_per_query);
/* Whether the last query ran out of budget (its values are then unusable). */
int tw_fox_search_aborted(const tw_fox_search *search);
/* Nodes visited since the search was created (for benchmarks). */
long long tw_fox_search_nodes(const tw_fox_search *search);
/* Values each of the n actions (legal in the full state) by the best the
 * team can reach within `tricks` trick ends (stopping at the round's end);
 * fills values[i] and returns the index of the best, or -1 when the
 * budget ran out. */
int tw_fox_search_actions(tw_fox_search *search, const tw_fox_state *state, int tricks,
                          const tw_fox_action *actions, int n, double *values);
/* The best value the team can reach from a full state within `tricks`
 * trick ends (as a chance of winning); when the budget runs out, the
 * state's own evaluation. */
double tw_fox_search_value(tw_fox_search *search, const tw_fox_state *state, int tricks);
/* Iterative deepening: searches 1, 2, ... tricks ahead until the round's
 * end, a sure win or node_budget nodes in all (< 0: no limit); values[]
 * hold the deepest complete search. Returns the index of the best action
 * and stores the tricks searched in *tricks_out (may be NULL; 0 when not
 * even one trick fit the budget: values[] then hold tw_fox_eval of the
 * state each action leads to). */
int tw_fox_search_deepen(tw_fox_search *search, const tw_fox_state *state, const tw_fox_action *actions, int n,
                         long long node_budget, double *values, int *tricks_out);

/* ---- Estimates from a view (the strong bot) ------------------------------ */

/* Perfect-information Monte Carlo: over `samples` deals of what the view's
 * seat cannot see (tw_fox_determinize, seeded from seed), the open-hands
 * search values each of the n actions (legal for the view's seat) with at
 * most nodes_per_sample nodes per deal. Fills p[i] with the mean estimated
 * chance of winning after actions[i] (a win slightly above 1 when the
 * score is higher) and returns the index of the best, or -1 when n is 0.
 * Only the view is read, so equal views and seeds give equal answers. */
int tw_fox_estimate_actions(tw_fox_search *search, const tw_fox_view *view, uint64_t seed, int samples,
                            long long nodes_per_sample, const tw_fox_action *actions, int n, double *p);

/* The alternative that was measured against the sampling above (see
 * docs/bots.md): single-observer information-set MCTS. `iterations` deals
 * walk one tree shared by all deals down to `horizon` trick ends, each
 * new node scored by a short open-hands search; exploration is the UCB
 * constant. Fills p[i] with the mean value through actions[i] and returns
 * the index of the most visited. */
int tw_fox_ismcts_estimate(tw_fox_search *search, const tw_fox_view *view, uint64_t seed, int iterations,
                           int horizon, double exploration, const tw_fox_action *actions, int n, double *p);

/* How hard the estimate with a partner model works: deals per decision,
 * nodes per deal when the partner does not answer, nodes per action and
 * deal when it does, the blueprint's deals and nodes per deal, and the
 * temperature of the weights of deals by the partner's lead (0: deals are
 * not weighted). */
typedef struct {
    int samples;
    long long nodes;
    long long nodes_per_action;
    int blueprint_samples;
    long long blueprint_nodes;
    double lead_temperature;
} tw_fox_partner_effort;

/* The sampling of tw_fox_estimate_actions with a model of the partner:
 * on each deal, when an action leaves the partner to play the trick's
 * second card, that card is the blueprint's (the same sampling at the
 * blueprint's effort, from the partner's own view of the deal, on the
 * scratch search `blueprint`), and the open-hands search values what
 * follows; when the seat follows its partner's lead, each deal counts in
 * proportion to how likely the blueprint, from the partner's view of the
 * deal before the lead, found that lead. Fills p[i] with the (weighted)
 * mean value after actions[i] and returns the
 * index of the best (-1 when n is 0). Only the view is read. */
int tw_fox_estimate_with_partner(tw_fox_search *search, tw_fox_search *blueprint, const tw_fox_view *view,
                                 uint64_t seed, const tw_fox_partner_effort *effort, const tw_fox_action *actions,
                                 int n, double *p);

/* ---- Bot registry -------------------------------------------------------- */

typedef enum {
    TW_FOX_BOT_RANDOM = 0,     /* uniform among legal actions */
    TW_FOX_BOT_RULE = 1,       /* the rule-based partner above */
    TW_FOX_BOT_STRONG = 2,     /* search over determinizations of the view */
    TW_FOX_BOT_OPEN_HANDS = 3, /* sees both hands and the deck: an upper bound */
    TW_FOX_BOT_HINT = 4,       /* plays the hint's move: the strong bot's, with deals seeded by the view */
    TW_FOX_BOT_PARTNER = 5,    /* the strong sampling with the partner's answers from its own view */
    TW_FOX_BOT_NOISY = 6       /* a human-like partner: the rule bot, with a random action one time in five */
} tw_fox_bot_kind;

/* The last kind number. */
#define TW_FOX_BOT_LAST TW_FOX_BOT_NOISY

/* The kinds the benchmarks compare (the hint bot is the strong one). */
#define TW_FOX_BOT_KINDS 4

typedef struct tw_fox_bot tw_fox_bot;

/* Parses "random", "rule", "strong", "open-hands", "hint", "partner-model",
 * "noisy"; -1 when unknown. */
int tw_fox_bot_kind_from_name(const char *name);
/* Name of a bot kind ("?" for an unknown value). */
const char *tw_fox_bot_kind_name(tw_fox_bot_kind kind);
/* Creates a bot; its own random choices come from seed. NULL when out of
 * memory or for an unknown kind. */
tw_fox_bot *tw_fox_bot_new(tw_fox_bot_kind kind, uint64_t seed);
/* Sets how hard the searching bots work (0 keeps a value): nodes per
 * decision for open-hands, and for strong the determinized deals per
 * decision and nodes per deal. */
void tw_fox_bot_set_effort(tw_fox_bot *bot, long long open_nodes, int samples, long long sample_nodes);
/* Frees a bot (NULL is fine). */
void tw_fox_bot_free(tw_fox_bot *bot);
/* The kind a bot was created with. */
tw_fox_bot_kind tw_fox_bot_kind_of(const tw_fox_bot *bot);
/* Decides for the seat to act. All kinds except open-hands look only at
 * tw_fox_view_of(state, seat); open-hands reads the state. Returns
 * TW_ERR_GAME_OVER when nobody is to act. */
tw_error tw_fox_bot_choose(tw_fox_bot *bot, const tw_fox_state *state, tw_fox_action *out);
/* Decides from a view (the view's seat must be to act, else TW_ERR_PHASE).
 * Open-hands has no full state here and plays as the strong bot. */
tw_error tw_fox_bot_choose_from_view(tw_fox_bot *bot, const tw_fox_view *view, tw_fox_action *out);

/* ---- Chances and hints ------------------------------------------------------ */

/* Every chance the program shows for the Duet means one thing: the
 * estimated probability that the team wins the game if it goes on with
 * the strong bot's play, from the seat's view only: the open-hands search
 * values averaged over deals of what the seat cannot see, mapped to a
 * frequency by a calibration fitted on strong games (docs/bots.md). An
 * action after which the seat learns nothing and acts again is worth what
 * its next decision is worth. */

/* How hard the estimator works: deals for the move (the strong bot's 16),
 * deals for the chances, nodes per deal. */
typedef struct {
    int move_samples;
    int chance_samples;
    long long nodes;
} tw_fox_effort;

#define TW_FOX_CHAIN_DEPTH 4

/* The seed the estimator uses for a view: a hash of what the seat cannot
 * see and what it knows of it, so decisions between which nothing is
 * learnt sample the same deals. */
uint64_t tw_fox_view_seed(const tw_fox_view *view);

/* The estimator: returns the index of the strong bot's move (the best of
 * tw_fox_estimate_actions at effort->move_samples deals, seeded with
 * tw_fox_view_seed), and fills p[i] with the chance of winning after
 * actions[i], margin[i] with its margin (1.96 standard errors over the
 * deals, through the calibration) and raw[i] (may be NULL) with the mean
 * search value before calibration. Without every, only the strong move's
 * entries are filled (the others are 0). Equal views give equal figures. */
int tw_fox_estimate_chances(tw_fox_search *search, const tw_fox_view *view, const tw_fox_effort *effort,
                            const tw_fox_action *actions, int n, int every, double *p, double *margin, double *raw);

/* A recommended action (the strong bot's move) for a seat with the
 * estimated chance that the team wins the game from here, its margin,
 * the search value before calibration, and how many determinized deals
 * the chance rests on. action is TW_FOX_NO_ACTION (p_win -1) when the
 * view's seat is not to act. */
typedef struct {
    tw_fox_action action;
    double p_win;
    int samples;
    double margin;
    double raw;
} tw_fox_hint;

/* The effort of a hint from a bot with the default effort: the analysis
 * of a game judges every decision with it, so it shows the hints' figures. */
tw_fox_effort tw_fox_hint_effort(void);
/* Hint from a view, whatever the bot's kind (it uses the strong search at
 * the bot's effort, eight times the deals for the chance). */
tw_fox_hint tw_fox_hint_for(tw_fox_bot *bot, const tw_fox_view *view);

#endif
