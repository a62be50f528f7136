/* One interface for every game: a table of functions per game (in the
 * spirit of OpenSpiel's Game/State and Lua's library tables) and a match,
 * one game being played with the data it needs (characters, board) and its
 * actions so far. Front ends (terminal, server, simulation) hold a
 * `const tw_game *` and a `tw_match *` and never branch on which game it
 * is; each engine's own header stays for code that needs its detail
 * (screens, bots).
 *
 * Actions are the engines' 16-bit action numbers. Configurations, views,
 * results and events are JSON, in the forms docs/web-api.md describes. */
#ifndef TRICKWOOD_GAME_H
#define TRICKWOOD_GAME_H

#include <jansson.h>
#include <stdint.h>

#include "trickwood/core.h"
#include "trickwood/io.h"

#define TW_GAME_MAX_ACTIONS 64 /* at least every engine's legal-action bound */

typedef uint16_t tw_game_action;
typedef struct tw_match tw_match;
/* A bot held by whoever plays a seat (a partner, a simulation): created
 * once, asked for each decision, so a searching bot keeps what it learnt. */
typedef struct tw_game_bot tw_game_bot;

/* One option of a new game as people choose it (the web API's create
 * request): a text among choices (the first when left out), or, with
 * choices NULL, a whole number from lo to hi (lo when left out), or with
 * flag set, true or false (false when left out). With named set, a
 * number option may also be given as a short name (letters, digits and
 * '-': a shipped challenge's id), which the game checks when it starts. */
typedef struct {
    const char *key;
    const char *const *choices; /* NULL-terminated, or NULL for a number */
    int lo, hi;
    int flag;  /* a true/false option */
    int named; /* a number option that also takes a name */
} tw_game_option;

/* What the history's totals and "play this deal again" need to know of
 * one finished game (tw_game.history_facts). */
typedef struct {
    char setup[64];   /* the setup's key ("full-silver", "level2"): games of one key are counted together */
    char group[32];   /* wins are also counted per group: Northwood's goal (medal aimed for, hidden-stars, "-expert"), the Duet's level ("2") */
    char reached[16]; /* what the game reached: Northwood's medal ("none" to "gold"); "" for the Duet */
    int score;        /* Northwood's stars, the Duet's score */
    int won;
    json_t *again;    /* the create options (web API, without seed) that deal it again; NULL when a game was
                       * played with the terminal's own characters or board. The caller owns it. */
} tw_game_facts;

/* One action's chance as an analysis shows it (tw_game.estimate). */
typedef struct {
    double p;            /* chance (0..1) of the outcome the game's analysis names (tw_game.chance_of) */
    double margin;       /* its margin: 95% of the estimator's own spread */
    double value;        /* what the choice is judged by: p, except at For Northwood!'s choice of a
                          * fief, where it is the chance of the medal (an easy target is not a
                          * better choice) */
    double value_margin; /* value's margin */
} tw_game_chance;

/* The table of one game. */
typedef struct tw_game {
    const char *key;      /* "northwood" or "fox": in files, URLs and options */
    const char *title[2]; /* by tw_lang */
    int seats;            /* seats that act: 1 (solo) or 2 */

    /* Starts a match from a configuration object (NULL: the defaults) and a
     * seed. On a bad configuration returns NULL and diag names the field. */
    tw_match *(*start)(json_t *config, uint64_t seed, tw_diag *diag);
    /* Rebuilds a match from a game record's text (every action replayed). */
    tw_match *(*from_record)(const char *text, const char *name, tw_diag *diag);

    /* The seat to act, or -1 when the game is over. */
    int (*to_act)(const tw_match *m);
    /* The legal actions now (at most TW_GAME_MAX_ACTIONS); 0 when over. */
    int (*legal)(const tw_match *m, tw_game_action *out);
    /* Applies a legal action, appending its events as JSON lines (the full
     * log, every card shown) when lines is not NULL. Refuses anything else
     * with TW_ERR_ILLEGAL and leaves the match as it was. */
    tw_error (*apply)(tw_match *m, tw_game_action action, tw_buf *lines);
    /* Why an action text is refused now, in English, ending with the legal
     * actions (an empty text when it is legal). */
    void (*reason)(const tw_match *m, const char *text, char *out, size_t size);

    /* The record notation of an action ("respond 7E", "play 3R"). */
    void (*format)(const tw_match *m, tw_game_action action, char *out, int size);
    /* Parses the record notation; 0 on success, -1 if not an action here. */
    int (*parse)(const tw_match *m, const char *text, tw_game_action *out);

    /* What a seat may see, as JSON (never a hidden card); the Duet's
     * also has the last finished trick of the round ("last_trick"). */
    json_t *(*view_json)(const tw_match *m, int seat);
    /* The result once over, as in records (For Northwood! {"stars",
     * "medal", "won", "stopped"}, the Duet {"end", "won", "score",
     * "round", "gems_left"}), else NULL. */
    json_t *(*result_json)(const tw_match *m);
    /* The configuration the match was started with. */
    json_t *(*config_json)(const tw_match *m);
    /* The game record (configuration, seed, actions) as JSON text. */
    tw_error (*record_json)(const tw_match *m, tw_buf *buf);
    /* The bots' names, NULL-terminated; the first is the default partner. */
    const char *const *bot_names;
    /* A named bot whose own random choices come from seed; NULL for an
     * unknown name (or out of memory). */
    tw_game_bot *(*bot_new)(const char *name, uint64_t seed);
    /* The bot's action for the seat to act, decided from that seat's view
     * only (the study bots that see everything, Northwood's clairvoyant
     * and the Duet's open-hands, excepted by design). TW_ERR_GAME_OVER
     * when nobody is to act. */
    tw_error (*bot_choose)(tw_game_bot *bot, const tw_match *m, tw_game_action *out);
    /* Frees a bot (NULL is fine). */
    void (*bot_free)(tw_game_bot *bot);
    /* A hint for the seat to act, from its view only, as JSON: {"action":
     * record notation, the game's chances (null when unknown), "samples"};
     * NULL when over or out of memory. The hint's search seeds its random
     * choices from the view, so the same position gives the same hint.
     * Slow (a search): callers run it on a copy (clone) outside any lock. */
    json_t *(*hint_json)(const tw_match *m);
    /* A copy of the match (its own memory), or NULL when out of memory. */
    tw_match *(*clone)(const tw_match *m);
    /* Checks the engine's invariants; 1 when sound, else 0 and why. */
    int (*check)(const tw_match *m, const char **why);
    /* Frees a match (NULL is fine). */
    void (*free)(tw_match *m);
    /* ---- What the web server needs (docs/web-api.md) ---- */
    /* The game's name in records, the web API and the server's database
     * ("northwood", "foxduet"). */
    const char *record_name;
    /* The options of a new game, in the order the API lists them; the
     * list ends with a NULL key. */
    const tw_game_option *options;
    /* The bots that may hold the second seat of a table, NULL-terminated;
     * NULL for a game of one seat. */
    const char *const *partner_bots;
    /* The configuration of a new game from chosen options (an object of
     * valid members of options; missing ones take their default) and the
     * seed: what start takes, in the form the server stores and its
     * history shows (the Duet's first dealer follows from the seed, as
     * in the terminal game). NULL when out of memory. */
    json_t *(*new_config)(json_t *options, uint64_t seed);
    /* A configuration the server stored, in the form start takes now (a
     * new reference): older forms keep their meaning (a level-1 Duet
     * game stored without "board" was played on the old side A). */
    json_t *(*stored_config)(json_t *stored);
    /* Applies a legal action as apply does, writing its events as seat
     * may see them (-1: every card), numbered from *seq on: a card seat
     * may not see is null, and so is the text of an action hidden from
     * it (see action_hidden). With shown (may be NULL), *shown is set as
     * apply_reveals answers: whether the action showed a hidden card. */
    tw_error (*apply_seen)(tw_match *m, tw_game_action action, int seat, int *seq, tw_buf *lines, int *shown);
    /* Whether seat may not yet see applied action index (the Duet: the
     * partner's Gift pick while the second pick is awaited). */
    int (*action_hidden)(const tw_match *m, int index, int seat);
    /* Everything, for the replay of a finished game: the view with no
     * card hidden (the deck, both hands). */
    json_t *(*open_view_json)(const tw_match *m);
    /* A new match with the same configuration, data and seed and no
     * action applied (NULL when out of memory). */
    tw_match *(*restart)(const tw_match *m);
    /* The facts of a finished game from its stored configuration and
     * result (as the history lists them). 0, or -1 when they are not
     * this game's. */
    int (*history_facts)(json_t *config, json_t *result, tw_game_facts *out);

    /* ---- Analysis (game_analyse.c walks a game with these) ---- */
    /* Judges the decision of the seat to act before action played, from
     * that seat's view only (never a hidden card): fills actions with the
     * legal actions and chances with their chances (0..1) of the
     * outcome the game's analysis measures (chance_of: at least the
     * played action's and the best's; the Duet leaves the others 0),
     * with the game's
     * one per-action estimator, the one its hints use (at the effort
     * samples: the game's analyse_samples is the hint's), and *best with
     * the estimator's best, the strong bot's move. The estimator seeds
     * its random choices from the view, so equal views give equal
     * figures. Returns how many actions, or 0 when the decision is not
     * judged (one option only, or a choice the game does not judge). */
    int (*estimate)(const tw_match *m, tw_game_action played, int samples, tw_game_action *actions,
                    tw_game_chance *chances, int *best);
    /* What the chances of estimate are of: "target" (For Northwood!: the
     * visited fief's target) or "win" (the Duet: winning the game). */
    const char *chance_of;
    /* Sampled deals per decision when the caller names none. */
    int analyse_samples;
    /* Where the seat to act stands, in public terms, for an analysis:
     * For Northwood! {"fief": k or null when choosing one, "score": cards
     * in the score pile}, the Duet {"round", "trick"}. */
    json_t *(*where_json)(const tw_match *m);

    /* ---- What front ends that know the game need (terminal, simulator) ---- */
    /* The engine's own state (a tw_nw_state, a tw_fox_state), read only,
     * for a front end that draws it with the engine's header (the
     * terminal's screens). */
    const void *(*state)(const tw_match *m);
    /* The full event log of the match (the deal, then every action; every
     * card shown) as JSON lines, as the event log files hold it. */
    tw_error (*event_log)(const tw_match *m, tw_buf *buf);
    /* Starts a match as start does, on a board of the caller's (a
     * tw_fox_board, copied into the match; board_ref names it in the
     * record) instead of the level's: the simulator's --board. NULL in a
     * game without boards. */
    tw_match *(*start_on_board)(json_t *config, const void *board, const char *board_ref, uint64_t seed,
                                tw_diag *diag);

    /* ---- Undo (tw_match_undo_depth, tw_match_undo) ---- */
    /* Applies a legal action as apply does (no events written) and tells
     * whether it showed a seat a card that was hidden from it: a card
     * dealt, drawn, turned as a statement or peeked at (For Northwood!),
     * a card dealt, played, exchanged or given (the Duet). 1 or 0; -1
     * when the action is refused (the match is then as it was). */
    int (*apply_reveals)(tw_match *m, tw_game_action action);
    /* Plays on with held bots (bots[seat] for each seat to act) until the
     * game is over or max_actions more actions were applied: the same
     * actions as bot_choose then apply in a loop, in the engine's own loop
     * (the simulator's: no call through the table per decision). observe
     * (may be NULL) gets each action before it is applied. *applied gets
     * the actions applied. Returns TW_OK, or the bot's or apply's error
     * with the match as it was before the refused action, in *refused. */
    tw_error (*bot_play)(tw_match *m, tw_game_bot *const *bots, int max_actions,
                         void (*observe)(void *ctx, const tw_match *m, tw_game_action action), void *ctx,
                         int *applied, tw_game_action *refused);
    /* Deals the match again in place with another seed, its actions
     * forgotten: the match start would give with the same configuration
     * (and data) and this seed, without allocating (the simulator keeps
     * one match per worker). TW_ERR_ARG for a seed above 2^53-1 (the
     * match is then as it was). */
    tw_error (*redeal)(tw_match *m, uint64_t seed);
    /* Makes a held bot what bot_new(its name, seed) would make, in place,
     * when it holds nothing but its generator (the random bot): TW_OK;
     * TW_ERR_ARG for any other bot, which stays as it was. */
    tw_error (*bot_reseed)(tw_game_bot *bot, uint64_t seed);
    /* The game's cards as the rules' card list shows them (a JSON array,
     * names and texts in both languages; docs/web-api.md, GET
     * /api/rules/GAME): a match's own cards (the characters its record
     * brought) or, with m NULL, the game's data. NULL with diag set when
     * the data cannot be read. */
    json_t *(*cards_json)(const tw_match *m, tw_diag *diag);
    /* The game's shipped challenges as a JSON array (docs/web-api.md, GET
     * /api/challenges), or NULL when it has none (the member is NULL) or
     * they cannot be read (diag set). */
    json_t *(*challenges_json)(tw_diag *diag);
} tw_game;

/* What every match holds first; the engines' matches extend it. */
struct tw_match {
    const tw_game *game;
    int count;               /* actions applied */
    int cap;
    tw_game_action *actions; /* every action applied, in order */
};

/* The games, in menu order, and their number. */
extern const tw_game *const tw_games[];
extern const int tw_game_count;
/* The game with this key ("northwood", "fox"), or NULL. */
const tw_game *tw_game_find(const char *key);
/* The game with this record name ("northwood", "foxduet"), or NULL. */
const tw_game *tw_game_find_record_name(const char *name);

/* The rules of a game in a language, as shipped with the program: the
 * text of data/rules/KEY.LANG.md in the data folder (the markup subset of
 * docs/rules-text.md), NUL-terminated (free it); NULL with diag set when
 * it cannot be read (game_rules.c). */
char *tw_game_rules_text(const tw_game *g, tw_lang lang, tw_diag *diag);
/* The rules page of a game for the web: {"game", "title": {en, fr},
 * "text": {en, fr}, "cards": [...]} (cards from g->cards_json(m)); NULL
 * with diag set when a file cannot be read. */
json_t *tw_game_rules_json(const tw_game *g, const tw_match *m, tw_diag *diag);

/* Applies an action given in the record notation, checking it first:
 * returns TW_OK, or TW_ERR_ILLEGAL with the reason in why. Written once
 * for every game over the table. */
tw_error tw_match_act_text(tw_match *m, const char *text, tw_buf *lines, char *why, size_t size);
/* Whether the match is over. */
int tw_match_is_over(const tw_match *m);
/* One action from a bot made for this decision only (TW_ERR_ARG for an
 * unknown bot name): bot_new, bot_choose, bot_free. */
tw_error tw_match_bot_action(const tw_match *m, const char *bot, uint64_t seed, tw_game_action *out);
/* The engine's own bot behind a held one (a tw_nw_bot, a tw_fox_bot), for
 * code that sets its search effort with the engine's header; NULL for the
 * random bot, which holds none (it picks among the legal actions without
 * making a view, as the engine's random bot would with the same seed). */
void *tw_game_bot_engine(tw_game_bot *bot);
/* How many of the last actions an undo takes back: every action since
 * the last decision of a seat in seats (bit i: seat i) made after the
 * last action that showed a hidden card, so that nothing a seat has seen
 * can be chosen again. 0 when there is no such decision, or when the
 * game is over (a finished game stands). Replays the match (cheap next
 * to a person's decision; not for simulations). */
int tw_match_undo_depth(const tw_match *m, unsigned seats);
/* What an undo may take back, kept action by action so that asking
 * costs no replay (the server asks at every state request): the same
 * answers as tw_match_undo_depth. Seats from 0 to TW_UNDO_SEATS - 1. */
#define TW_UNDO_SEATS 4
typedef struct {
    int count;       /* actions accounted for; -1: unknown (build again) */
    int last_reveal; /* actions up to the last one that showed a hidden card */
    int last_decision[TW_UNDO_SEATS]; /* each seat's last action after it, -1: none */
} tw_undo_marks;
/* Marks for a match with no action yet. */
void tw_undo_marks_clear(tw_undo_marks *u);
/* Accounts for one more action: taken by seat (-1: nobody), and whether
 * it showed a hidden card (apply_reveals: nonzero, a refusal too). */
void tw_undo_marks_add(tw_undo_marks *u, int seat, int shown);
/* Works the marks out for m by playing its actions again from the
 * start. TW_OK, or an error with u->count -1. */
tw_error tw_undo_marks_build(tw_undo_marks *u, const tw_match *m);
/* Accounts for an action about to be applied to before (marks of before),
 * which shows a hidden card or not (shown, as apply_seen or apply_reveals
 * tell it). TW_OK, or TW_ERR_ARG with u->count -1 when the marks are not
 * before's or shown is negative (a refusal). */
tw_error tw_undo_marks_note(tw_undo_marks *u, const tw_match *before, int shown);
/* tw_match_undo_depth(m, seats) from marks of m; -1 when the marks are
 * not m's (their count differs): build them again. */
int tw_undo_marks_depth(const tw_undo_marks *u, const tw_match *m, unsigned seats);
/* A new match: m without its last n actions, rebuilt from the start
 * with the rest (the same configuration, data and seed), so the actions
 * that stand play as they did. NULL when n is not from 1 to m's action
 * count, or out of memory. Callers check n against tw_match_undo_depth. */
tw_match *tw_match_undo(const tw_match *m, int n);
/* Remembers an applied action (used by the engines' apply). Returns
 * TW_ERR_NOMEM when the list cannot grow. */
tw_error tw_match_push(tw_match *m, tw_game_action action);

/* ---- Analysis of a game (game_analyse.c) ---- */

/* Decisions that cost less than this are noise, never among the costliest. */
#define TW_GAME_NOTABLE_COST 0.05

/* One judged decision of a game. */
typedef struct {
    int step;                 /* actions before it: the replay step that shows it */
    int seat;                 /* the seat that decided */
    int options;              /* legal actions then */
    tw_game_action played, best; /* best: the estimator's (the strong bot's) choice */
    tw_game_chance c_played, c_best; /* the chances after each; c_best.p is the chance before */
    double cost;              /* what the choice gave up: best's value minus played's (0 when none) */
    int notable;              /* the cost is at least TW_GAME_NOTABLE_COST and more than the two
                               * values' margins together (not the estimator's noise) */
    int rank;                 /* 1, 2... among the costliest; 0 when not one of them */
} tw_game_decision;

/* The analysis of a game's actions so far. */
typedef struct {
    tw_game_decision *decisions; /* in the order played */
    int count;
    int samples;
} tw_game_analysis;

/* Walks m's actions from the start and judges each decision with the
 * table's estimate, from the acting seat's view at that point: every
 * seat's decisions when viewer is -1 (a finished game, or a record read
 * in the terminal), else only those of seat viewer (the rest of an
 * unfinished game stays unknown to it). Every figure depends on the
 * view at its decision only, so an analysis is reproducible and agrees
 * with the hint of the same position. The costliest (at least TW_GAME_NOTABLE_COST, at most
 * top, the earlier first among equals) get a rank. samples <= 0: the
 * game's analyse_samples. Returns TW_OK, TW_ERR_NOMEM, or the error of
 * replaying a stored action. */
tw_error tw_game_analyse(const tw_match *m, int viewer, int samples, int top, tw_game_analysis *out);
/* A new match of m's game rebuilt from the start to just before action
 * step (0..m->count): the position a replay shows at that step. NULL when
 * out of memory or when an action cannot be applied again. */
tw_match *tw_match_at_step(const tw_match *m, int step);
/* Frees what an analysis holds (the struct itself is the caller's). */
void tw_game_analysis_free(tw_game_analysis *a);
/* The same walk as JSON (docs/web-api.md, "Analysis"): {"game",
 * "chance_of", "samples", "steps", "over", "decisions": [{"step",
 * "seat", "where", "options", "played", "p_played", "best", "p_best",
 * "p_before", "cost", "rank"}], "costliest": [steps]}; cost is p_best -
 * p_played, or 0 when that is negative. NULL when out of memory or when
 * a stored action cannot be replayed. */
json_t *tw_game_analyse_json(const tw_match *m, int viewer, int samples, int top);

#endif
