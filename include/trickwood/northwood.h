/* For Northwood! rules engine.
 *
 * The state is a plain fixed-size value: copying it clones the game. Every
 * decision is an action from tw_nw_legal_actions(); tw_nw_apply() refuses
 * anything else with an error code and leaves the state unchanged. Shuffles
 * use the RNG inside the state, so a game is rebuilt from its seed, its
 * configuration and its actions. */
#ifndef TRICKWOOD_NORTHWOOD_H
#define TRICKWOOD_NORTHWOOD_H

#include <stddef.h>
#include <stdint.h>

#include "trickwood/core.h"

/* ---- Cards ------------------------------------------------------------ */

/* Dialogue cards are numbered 0..31: suit * 8 + (value - 1). */
enum { TW_NW_CLAWS = 0, TW_NW_FLOWERS = 1, TW_NW_LEAVES = 2, TW_NW_EYES = 3 };
#define TW_NW_SUITS 4
#define TW_NW_VALUES 8
#define TW_NW_CARDS 32
#define TW_NW_NO_CARD 0xFF /* an unknown or absent card */
#define TW_NW_CARD(suit, value) ((uint8_t)((suit) * 8 + (value) - 1))
#define TW_NW_SUIT(card) ((card) >> 3)
#define TW_NW_VALUE(card) (((card) & 7) + 1)

#define TW_NW_FIEFS 8
#define TW_NW_SLOTS 4
#define TW_NW_HAND_SIZE 8
#define TW_NW_MAX_STEPS 8     /* steps in one character's ability */
#define TW_NW_MAX_PROGRAM 16  /* steps in a running ability (after a copy) */

/* Stars won by a friendly fief, by target (= fief index). */
extern const uint8_t tw_nw_stars[TW_NW_FIEFS];
/* The four outermost fiefs (targets 0, 1, 6 and 7) that the expert rule
 * asks the player to win too, one bit per fief. */
#define TW_NW_OUTER_FIEFS 0xC3u
/* Fiefs that carry a hidden star in the hidden-stars variant. */
#define TW_NW_HIDDEN_STARS 3

/* ---- Abilities as data ------------------------------------------------ */

/* Effect step operations. A character's ability is a list of steps that the
 * engine runs in order. Every step does as much as it can: a step that
 * cannot be carried out at all does nothing. */
typedef enum {
    TW_NW_OP_MOVE_TOP = 1,    /* a=from pile, b=to pile, c=count: move top cards one at a time */
    TW_NW_OP_DRAW_UP_TO = 2,  /* c=size: draw until the hand holds c cards */
    TW_NW_OP_CHOOSE_MOVE = 3, /* b=to pile, c=count: the player moves c chosen hand cards */
    TW_NW_OP_MOVE_SUIT = 4,   /* a=suit ref, b=to pile: every hand card of that suit, order chosen */
    TW_NW_OP_MOVE_HIGHEST = 5,/* b=to pile: every hand card of the highest value, order chosen */
    TW_NW_OP_MOVE_PAIR_SUM = 6,/* b=to pile, c=sum: two chosen hand cards whose values add to c */
    TW_NW_OP_NAME_SUIT = 7,   /* the player names a suit (the "named" suit ref) */
    TW_NW_OP_PEEK = 8,        /* c=count: the player looks at the top cards of the deck */
    TW_NW_OP_EXCHANGE_TOP = 9,/* the player swaps a hand card with the top card of the deck */
    TW_NW_OP_SWAP_RULER = 10, /* c=distance: swap the visited ruler with a neutral fief's ruler */
    TW_NW_OP_COPY_RULER = 11, /* run the visited ruler's ability */
    TW_NW_OP_DRAW_UNTIL_SUIT = 12, /* a=suit ref: draw one card at a time until one of that suit
                                      comes; after any other card the player may stop */
    TW_NW_OP_MOVE_LOWEST = 13,     /* b=to pile: one hand card of the lowest value (chosen among
                                      ties); remembers its value */
    TW_NW_OP_DRAW_VALUE = 14,      /* draw as many cards as the remembered value */
    TW_NW_OP_SEARCH_VALUE = 15,    /* the player names a value by picking a hand card; every deck
                                      card of that value goes to the hand, then the deck is shuffled */
    TW_NW_OP_MOVE_DUPLICATES = 16, /* b=to pile: the player moves hand cards, one at a time, until
                                      no two share a value */
    TW_NW_OP_MOVE_HAND_COUNT_VALUE = 17, /* b=to pile: one hand card whose value equals the number
                                            of cards in hand (counted when the step starts) */
    TW_NW_OP_MOVE_VALUES = 18,     /* a=value mask (bit v-1), b=to pile: every hand card of those
                                      values, order chosen */
    TW_NW_OP_REPEAT = 19,          /* c=body length: run the next c steps once, and once more for
                                      each other exhausted ally (counted now) */
    TW_NW_OP_MOVE_SUM = 20,        /* b=to pile: hand cards whose values add up exactly to the
                                      remembered value, picked one at a time */
    TW_NW_OP_AFTER_RESPONSE = 21,  /* the steps after this one wait for the next response and run
                                      right after it, remembering its value */
    TW_NW_OP_SKIP_IF = 22,         /* a=0 even / 1 odd, c=count: skip the next c steps when the
                                      remembered value has that parity */
    TW_NW_OP_MOVE_VISIT = 23,      /* move the visit to the nearest unvisited fief up or down */
    TW_NW_OP_READY_ALLY = 24,      /* ready one other exhausted ally (mandatory when there is one) */
    TW_NW_OP_SWAP_TOP = 25         /* a=pile: the player may swap a hand card with that pile's top
                                      card when both have the same value */
} tw_nw_op;
#define TW_NW_OP_LAST TW_NW_OP_SWAP_TOP

/* Piles named by steps and events. */
typedef enum {
    TW_NW_PILE_HAND = 0,
    TW_NW_PILE_DECK = 1,
    TW_NW_PILE_DISCARD = 2,
    TW_NW_PILE_SCORE = 3
} tw_nw_pile;

/* Suit references: 0..3 are suits; these two are resolved at run time. */
#define TW_NW_SUITREF_TRUMP 4
#define TW_NW_SUITREF_NAMED 5

/* One effect step. */
typedef struct {
    uint8_t op; /* tw_nw_op */
    uint8_t a;
    uint8_t b;
    uint8_t c;
} tw_nw_step;

/* A character card in play: its catalog entry (for names and texts), its
 * suit and a copy of its ability program. */
typedef struct {
    uint16_t catalog_index;
    uint8_t suit;
    uint8_t nsteps;
    tw_nw_step steps[TW_NW_MAX_STEPS];
} tw_nw_character;

/* A delayed trigger (Baron of Eyes): steps that wait for the next response
 * and then run with the response's value remembered. */
typedef struct {
    uint8_t active;
    uint8_t slot; /* ally slot whose ability armed it */
    uint8_t len;
    tw_nw_step steps[TW_NW_MAX_PROGRAM];
} tw_nw_trigger;

/* ---- State -------------------------------------------------------------- */

typedef enum { TW_NW_SETUP_INTRO = 0, TW_NW_SETUP_FULL = 1 } tw_nw_setup;
typedef enum { TW_NW_MEDAL_NONE = 0, TW_NW_MEDAL_BRONZE = 1, TW_NW_MEDAL_SILVER = 2, TW_NW_MEDAL_GOLD = 3 } tw_nw_medal;
/* How a game is scored (docs/rules-notes.md, "Variants"): the published
 * game's medals, or the first edition's hidden stars, where three fiefs
 * chosen at random carry a star the player cannot see and the game is won
 * when every one of them is friendly at the end. */
typedef enum { TW_NW_VARIANT_MEDALS = 0, TW_NW_VARIANT_HIDDEN_STARS = 1 } tw_nw_variant;
/* Stars needed for a medal (bronze 16, silver 18, gold 20). */
int tw_nw_medal_threshold(tw_nw_medal medal);

typedef enum {
    TW_NW_FIEF_NEUTRAL = 0, /* not yet visited */
    TW_NW_FIEF_FRIENDLY = 1,
    TW_NW_FIEF_LOST = 2
} tw_nw_fief_status;

typedef struct {
    tw_nw_character ruler;
    uint8_t status;        /* tw_nw_fief_status */
    uint8_t ruler_present; /* 0 once the ruler is removed from the game */
    int8_t sub_slot;       /* ally slot this ruler covers this visit, or -1 */
} tw_nw_fief;

typedef struct {
    tw_nw_character ally;
    int8_t sub_fief;   /* fief whose ruler substitutes on this slot, or -1 */
    uint8_t exhausted; /* ability used this visit */
} tw_nw_slot;

/* Where the game is waiting. */
typedef enum {
    TW_NW_PHASE_CHOOSE_FIEF = 0,  /* pick an unvisited fief */
    TW_NW_PHASE_SUBSTITUTES = 1,  /* bring in friendly rulers, then begin */
    TW_NW_PHASE_BEFORE_STATEMENT = 2, /* activate an ability or proceed */
    TW_NW_PHASE_RESPONSE = 3,     /* answer the statement on top of the discard */
    TW_NW_PHASE_ABILITY = 4,      /* a running ability waits for a choice */
    TW_NW_PHASE_GAME_OVER = 5
} tw_nw_phase;

/* What a running ability is waiting for (in TW_NW_PHASE_ABILITY). */
typedef enum {
    TW_NW_CHOICE_NONE = 0,
    TW_NW_CHOICE_CARD = 1,      /* pick a hand card (among run.pending) */
    TW_NW_CHOICE_SUIT = 2,      /* name a suit */
    TW_NW_CHOICE_FIEF = 3,      /* pick a fief (among run.pending bits) */
    TW_NW_CHOICE_SLOT = 4,      /* pick an ally slot (among run.pending bits) */
    TW_NW_CHOICE_CONTINUE = 5   /* go on (draw another card) or pass */
} tw_nw_choice;

/* The interpreter of a running ability. */
typedef struct {
    uint8_t active;
    uint8_t slot;         /* ally slot that was activated */
    uint8_t pc;           /* next step */
    uint8_t len;
    uint8_t choice;       /* tw_nw_choice */
    uint8_t left;         /* cards still to move in the current step */
    uint8_t first_pick;   /* first card of a pair, or TW_NW_NO_CARD */
    uint8_t named_suit;   /* suit named by NAME_SUIT, or TW_NW_NO_CARD */
    uint8_t step_started; /* the current step has computed its card set */
    uint8_t may_pass;     /* the current choice may be declined (pass) */
    uint8_t memo;         /* the remembered value (cards moved, lowest card, response) */
    uint8_t repeat_left;  /* more runs of the repeated body */
    uint8_t repeat_start; /* first step of the repeated body */
    uint8_t repeat_end;   /* step after the repeated body */
    uint8_t triggered;    /* this run is a delayed trigger, after a response */
    uint32_t pending;     /* cards (or fiefs, slots) the player may pick now */
    tw_nw_step program[TW_NW_MAX_PROGRAM];
} tw_nw_run;

typedef struct {
    tw_rng rng;
    uint8_t setup;     /* tw_nw_setup */
    uint8_t medal;     /* the medal the player aims for */
    uint8_t phase;     /* tw_nw_phase */
    int8_t visiting;   /* fief being visited, or -1 */
    uint8_t stopped;   /* the player ended the game early */
    uint8_t ability_this_dialogue; /* an ability was used before this statement */
    uint8_t offer_finish; /* the game offers "finish" once a visit is decided */
    uint8_t variant;   /* tw_nw_variant: how the game is scored */
    uint8_t expert;    /* the expert rule: the outer fiefs must be won too */
    /* Hidden-stars variant: the fiefs carrying a star, one bit per fief.
     * Secret until the game ends: a view carries 0 before then. */
    uint8_t star_fiefs;
    /* Kept by the engine from the fief statuses: the player can see that
     * the game's goal is out of reach (the medal's stars, an outer fief
     * under the expert rule, or fewer than three fiefs left that could
     * hold the hidden stars). Read by every action list for "stop";
     * tw_nw_recount sets it, tw_nw_check_invariants checks it. */
    uint8_t goal_lost;
    /* A challenge's limits (docs/formats.md, "Challenges"): friendly
     * rulers may not substitute; at most max_allies of the four allies
     * may ever use their ability (0: no limit; allies_used, one bit per
     * slot, are those that did); the fiefs of must_win (one bit per fief)
     * must be friendly at the end for the game to be won. A limit makes
     * the forbidden actions illegal; must_win decides the win. */
    uint8_t no_substitutes;
    uint8_t max_allies;
    uint8_t allies_used;
    uint8_t must_win;
    tw_nw_fief fiefs[TW_NW_FIEFS];
    tw_nw_slot slots[TW_NW_SLOTS];
    /* Dialogue cards. Piles are bottom-first arrays: the top is the last.
     * Entries past a pile's count are scratch (the engine may write
     * there). */
    uint8_t deck[TW_NW_CARDS];
    uint8_t deck_n;
    uint32_t deck_known;  /* bit i: the player knows the card at deck[i] */
    uint32_t hand;        /* bit per card */
    uint8_t discard[TW_NW_CARDS];
    uint8_t discard_n;
    uint8_t score[TW_NW_CARDS];
    uint8_t score_n;
    tw_nw_run run;
    tw_nw_trigger trigger; /* armed by a delayed ability, fired by the next response */
    /* Kept by the engine from the fief statuses, so that every action list
     * need not read all eight: the stars of the lost fiefs. Code that sets
     * fief statuses itself (loaders, tests, tools) calls
     * tw_nw_recount afterwards; tw_nw_check_invariants checks it. */
    uint8_t stars_lost;
    /* Kept by the engine too: the statement waiting for an answer (the
     * top of the discard pile) in the response phase, TW_NW_NO_CARD in
     * every other phase. The action list and the response read it here:
     * found through the discard pile's count, which moves with whether
     * the last answer scored, every decision waited on a chain of loads.
     * Code that sets the piles or the phase itself calls tw_nw_recount
     * afterwards; tw_nw_check_invariants checks it. */
    uint8_t statement;
} tw_nw_state;

/* ---- Catalog of characters --------------------------------------------- */

typedef enum { TW_NW_INTRO_NONE = 0, TW_NW_INTRO_ALLY = 1, TW_NW_INTRO_RULER = 2 } tw_nw_intro_role;

/* One character known to the engine, with its texts in both languages. */
typedef struct {
    char id[48];
    uint8_t suit;
    uint8_t intro_role; /* tw_nw_intro_role */
    uint8_t crown;      /* a crown card (full game only) */
    char name[2][64];   /* by tw_lang */
    char title[2][64];
    char text[2][256];
    uint8_t nsteps;
    tw_nw_step steps[TW_NW_MAX_STEPS];
} tw_nw_catalog_entry;

#define TW_NW_MAX_CATALOG 64

/* The characters the engine knows: the defaults from data/ plus any the
 * user adds or replaces (a character file entry whose id is already in the
 * catalog replaces that entry in its place). Setup deals from it; the UI
 * reads names and texts from it. */
typedef struct {
    int count;
    uint64_t from_user; /* bit i: entry i came from a user's file (added or replaced) */
    tw_nw_catalog_entry entries[TW_NW_MAX_CATALOG];
} tw_nw_catalog;

/* ---- Events ------------------------------------------------------------- */

typedef enum {
    TW_NW_EV_MOVE = 1,        /* card moved: card, from, to (tw_nw_pile) */
    TW_NW_EV_SHUFFLE = 2,     /* the deck was shuffled */
    TW_NW_EV_VISIT = 3,       /* a: fief chosen */
    TW_NW_EV_SUBSTITUTE = 4,  /* a: fief whose ruler, b: onto slot */
    TW_NW_EV_ABILITY = 5,     /* a: slot activated */
    TW_NW_EV_STATEMENT = 6,   /* card: the ruler's statement */
    TW_NW_EV_RESPONSE = 7,    /* card: response, a: 1 if it scored */
    TW_NW_EV_VISIT_END = 8,   /* a: fief, b: 1 if friendly, c: score */
    TW_NW_EV_RULER_SWAP = 9,  /* a, b: fiefs whose rulers swapped */
    TW_NW_EV_NAME_SUIT = 10,  /* a: suit named */
    TW_NW_EV_PEEK = 11,       /* card seen at deck position a from the top (0 = top) */
    TW_NW_EV_REMOVED = 12,    /* a: fief whose ruler left the game */
    TW_NW_EV_GAME_END = 13,   /* a: stars, b: 1 if stopped early */
    TW_NW_EV_ABILITY_END = 14, /* a: slot whose ability finished */
    TW_NW_EV_VISIT_MOVE = 15, /* a: fief left, b: fief now visited */
    TW_NW_EV_READY = 16,      /* a: slot made ready again */
    TW_NW_EV_TRIGGER = 17,    /* a: slot, b: 0 armed, 1 fires now, 2 lost (the visit ended) */
    TW_NW_EV_DECIDED = 18,    /* a: fief, b: 1 if sure to hit: the player finished a decided visit */
    TW_NW_EV_STARS = 19       /* hidden stars turned over at the end: a: their fiefs (bit per fief), b: how many are friendly */
} tw_nw_event_type;

/* An event (trickwood/core.h); its type is a tw_nw_event_type. */
typedef tw_event tw_nw_event;

#define TW_NW_MAX_EVENTS 160

/* Events produced by one call. Pass NULL where events are not wanted. */
typedef struct {
    int count;
    int overflow; /* events beyond the buffer were dropped */
    tw_nw_event items[TW_NW_MAX_EVENTS];
} tw_nw_events;

/* ---- Step kinds: one row per operation -------------------------------- */

/* Every tw_nw_op has one row in tw_nw_step_kinds (src/northwood/nw_ability.c):
 * its name in files, its fields, the choice it waits for, how it runs, and
 * what bots and views know of it. The file reader and writer, the
 * soundness and position checks, the bots' bounds and the view all read
 * the row; none of them lists the operations. */

/* What a field of a step holds in files. */
typedef enum {
    TW_NW_FIELD_PILE = 1,    /* a pile name among the row's `piles` (bit per tw_nw_pile) */
    TW_NW_FIELD_SUITREF = 2, /* a suit, "trump" or "named": the first `hi` of those six names */
    TW_NW_FIELD_INT = 3,     /* a whole number from lo to hi; when `optional`, `fallback` if absent */
    TW_NW_FIELD_VALUES = 4,  /* a non-empty list of distinct card values, kept as a mask (bit v-1) */
    TW_NW_FIELD_PARITY = 5,  /* "even" (0) or "odd" (1) */
    TW_NW_FIELD_SPAN = 6     /* a number of the steps that follow (lo to hi), all inside the list */
} tw_nw_field_type;

#define TW_NW_STEP_FIELDS 3 /* fields of a step at most: one each for a, b and c */

/* One field of a step: its name in files, the byte that keeps it (0: a,
 * 1: b, 2: c) and its type. A NULL key ends the row's fields. */
typedef struct {
    const char *key;
    uint8_t at;
    uint8_t type;     /* tw_nw_field_type */
    uint8_t piles;    /* PILE: the piles it may name */
    uint8_t lo, hi;   /* INT, SPAN: the range; SUITREF: hi names */
    uint8_t optional; /* INT: may be left out */
    uint8_t fallback; /* INT: the value when left out */
    uint8_t sound;    /* the values the engine can run (bit v for value v); 0: any */
} tw_nw_step_field;

/* The cards a step moves, as bots bound what it can do. */
typedef enum {
    TW_NW_MOVES_NONE = 0,
    TW_NW_MOVES_TOP = 1,       /* top cards of pile a onto pile b */
    TW_NW_MOVES_DRAW = 2,      /* deck cards into the hand */
    TW_NW_MOVES_HAND = 3,      /* hand cards onto pile b */
    TW_NW_MOVES_SWAP_DECK = 4, /* one hand card for the deck's top card */
    TW_NW_MOVES_SWAP_PILE = 5  /* one hand card for the top card of pile a */
} tw_nw_moves;

/* How many cards it moves at most (`upto`): a number, or one of these. */
#define TW_NW_UPTO_C 0xFF      /* the step's c */
#define TW_NW_UPTO_VALUES 0xFE /* four for each value of the mask in a */
#define TW_NW_UPTO_DECK 0xFD   /* the whole deck, one card at a time */

/* Traits of a step kind (bits of `traits`). */
enum {
    TW_NW_STEP_MAY_PASS = 1 << 0,       /* its choice may be declined ("pass") */
    TW_NW_STEP_DISTINCT = 1 << 1,       /* piles a and b must differ */
    TW_NW_STEP_PICKS_WHICH = 1 << 2,    /* the player picks which hand cards leave */
    TW_NW_STEP_PICKS_ORDER = 1 << 3,    /* every such card leaves: the player picks only the order */
    TW_NW_STEP_HIGHEST = 1 << 4,        /* the cards it moves are the highest held */
    TW_NW_STEP_SHUFFLES = 1 << 5,       /* it shuffles the deck */
    TW_NW_STEP_COPIES = 1 << 6,         /* it runs the visited ruler's ability */
    TW_NW_STEP_REPEATS = 1 << 7,        /* it runs the next c steps again for each other exhausted ally */
    TW_NW_STEP_MOVES_VISIT = 1 << 8,    /* it moves the visit to another fief */
    TW_NW_STEP_CHANGES_TRUMP = 1 << 9,  /* it can change the visited ruler, so the trump */
    TW_NW_STEP_READIES = 1 << 10,       /* it readies another ally */
    TW_NW_STEP_EXACT = 1 << 11          /* it moves exactly `upto` cards, or all its pile holds when fewer */
};

/* One step kind. The three run functions are the engine's own (the
 * ability interpreter calls them): begin sets the step up when it starts
 * and does all the work of a step without choices (returns 1 when it
 * rewrote the program, as a copy does); needs says whether the step waits
 * for a choice now (1, with run.pending filled) or has finished (0);
 * choose carries out one choice. */
typedef struct {
    const char *key; /* name in files */
    tw_nw_step_field fields[TW_NW_STEP_FIELDS];
    uint8_t choice;  /* the tw_nw_choice it waits for; TW_NW_CHOICE_NONE: it never waits */
    uint8_t moves;   /* tw_nw_moves */
    uint8_t upto;    /* how many cards it moves at most */
    uint16_t traits; /* TW_NW_STEP_* */
    int (*begin)(tw_nw_state *s, tw_nw_step st, tw_nw_events *events);
    int (*needs)(tw_nw_state *s, tw_nw_step st);
    void (*choose)(tw_nw_state *s, tw_nw_step st, int value, tw_nw_events *events);
} tw_nw_step_kind;

/* The rows, by operation; row 0 names no operation. */
extern const tw_nw_step_kind tw_nw_step_kinds[TW_NW_OP_LAST + 1];

/* The row of an operation, or NULL for a value that names none. */
static inline const tw_nw_step_kind *tw_nw_step_kind_of(int op)
{
    return op >= 1 && op <= TW_NW_OP_LAST ? &tw_nw_step_kinds[op] : NULL;
}

/* Whether an operation has a trait (TW_NW_STEP_*); 0 for an unknown one. */
static inline int tw_nw_step_has(int op, unsigned trait)
{
    const tw_nw_step_kind *kind = tw_nw_step_kind_of(op);
    return kind && (kind->traits & trait) != 0;
}

/* The byte of a step that keeps a field (0: a, 1: b, 2: c). */
static inline int tw_nw_step_at(const tw_nw_step *st, int at)
{
    return at == 0 ? st->a : at == 1 ? st->b : st->c;
}

/* ---- Actions ------------------------------------------------------------ */

/* An action is kind << 8 | argument. */
typedef uint16_t tw_nw_action;

typedef enum {
    TW_NW_ACT_VISIT = 1,      /* arg: fief */
    TW_NW_ACT_SUBSTITUTE = 2, /* arg: fief * 4 + slot */
    TW_NW_ACT_BEGIN = 3,      /* done bringing in substitutes */
    TW_NW_ACT_ACTIVATE = 4,   /* arg: ally slot */
    TW_NW_ACT_PROCEED = 5,    /* no ability now: reveal the statement */
    TW_NW_ACT_RESPOND = 6,    /* arg: card */
    TW_NW_ACT_PICK_CARD = 7,  /* arg: card (ability choice) */
    TW_NW_ACT_NAME_SUIT = 8,  /* arg: suit */
    TW_NW_ACT_PICK_FIEF = 9,  /* arg: fief (ability choice) */
    TW_NW_ACT_STOP = 10,      /* end the game: the chosen medal is out of reach */
    TW_NW_ACT_PICK_SLOT = 11, /* arg: ally slot (ability choice) */
    TW_NW_ACT_CONTINUE = 12,  /* go on with a repeated draw (ability choice) */
    TW_NW_ACT_PASS = 13,      /* decline an optional choice, or stop a repeated draw */
    TW_NW_ACT_FINISH = 14     /* end a decided visit now with its certain outcome */
} tw_nw_action_kind;

#define TW_NW_ACTION(kind, arg) ((tw_nw_action)(((kind) << 8) | (arg)))
#define TW_NW_ACTION_KIND(action) ((action) >> 8)
#define TW_NW_ACTION_ARG(action) ((action) & 0xFF)
#define TW_NW_MAX_ACTIONS 64

/* ---- Engine ------------------------------------------------------------- */

/* A challenge's fixed setup and limits (all zero: none). Character
 * entries are catalog indices + 1 (0: dealt as usual); cards are dialogue
 * cards + 1. */
typedef struct {
    uint8_t allies[TW_NW_SLOTS];   /* the ally of each slot */
    uint8_t rulers[TW_NW_FIEFS];   /* the ruler of each fief */
    uint8_t aside[TW_NW_MAX_CATALOG]; /* characters never dealt */
    uint8_t aside_n;
    uint8_t hand[TW_NW_HAND_SIZE]; /* cards surely in the first hand */
    uint8_t hand_n;
    uint8_t deck_top[TW_NW_CARDS - TW_NW_HAND_SIZE]; /* the deck's first cards after the deal, top first */
    uint8_t deck_top_n;
    uint8_t no_substitutes;
    uint8_t max_allies;            /* 0: no limit */
    uint8_t must_win;              /* fiefs to win, one bit per fief */
} tw_nw_fixed;

/* Configuration of a new game. */
typedef struct {
    tw_nw_setup setup;
    tw_nw_medal medal;
    uint64_t seed;
    int offer_finish; /* list "finish" when a visit's outcome is certain (play) */
    tw_nw_variant variant; /* how the game is scored (medals by default) */
    int expert;            /* the expert rule: win the outer fiefs too */
} tw_nw_config;

/* Starts a game: sets up characters (intro or full deal from the catalog),
 * shuffles and deals a hand of 8. Returns TW_ERR_ARG when the catalog cannot
 * fill the setup (for example fewer than 3 characters in a suit) or when a
 * character it deals has data out of range (a catalog built in code; the
 * characters set aside are not checked, as they never enter the game). */
tw_error tw_nw_new(tw_nw_state *state, const tw_nw_catalog *catalog, const tw_nw_config *config,
                   tw_nw_events *events);

/* Checks a challenge's fixed setup (config->fixed) against a catalog:
 * every character known and dealt once at most (allies one of each
 * suit, rulers at most two of a suit, from the introductory set in an
 * intro game), every card at most once, and enough characters left to
 * deal the rest. Returns 1 when the setup can be dealt, else 0 with a
 * reason in why (size bytes). tw_nw_new refuses what this refuses. */
int tw_nw_fixed_setup_ok(const tw_nw_catalog *catalog, const tw_nw_config *config, const tw_nw_fixed *fixed,
                         char *why, size_t size);
/* Starts a game as tw_nw_new does, with a challenge's fixed setup and
 * limits (fixed may be NULL: none). Returns TW_ERR_ARG when
 * tw_nw_fixed_setup_ok refuses the setup. */
tw_error tw_nw_new_fixed(tw_nw_state *state, const tw_nw_catalog *catalog, const tw_nw_config *config,
                         const tw_nw_fixed *fixed, tw_nw_events *events);

/* Fills actions (at least TW_NW_MAX_ACTIONS long) with the legal actions and
 * returns their count; 0 when the game is over. Entries past the count
 * may be written too (scratch: the lists are built without branches). */
int tw_nw_legal_actions(const tw_nw_state *state, tw_nw_action *actions);

/* Tells whether one action is legal now. */
int tw_nw_is_legal(const tw_nw_state *state, tw_nw_action action);

/* Applies a legal action and runs the game forward to the next decision.
 * An illegal action returns an error and leaves the state unchanged. */
tw_error tw_nw_apply(tw_nw_state *state, tw_nw_action action, tw_nw_events *events);

/* The trump suit: the visited ruler's suit, or -1 between visits. */
int tw_nw_trump(const tw_nw_state *state);

/* Whether answering card to statement scores a point when trump is the
 * ruler's suit: a higher card of the statement's suit, or a trump card
 * against a statement that is not trump. The one statement of this rule,
 * for the engine, the bots, the solver and the screens. */
static inline int tw_nw_answer_scores(int card, int statement, int trump)
{
    /* & and | rather than && and ||: no branch on a random card */
    return ((TW_NW_SUIT(card) == TW_NW_SUIT(statement)) & (TW_NW_VALUE(card) > TW_NW_VALUE(statement))) |
           ((TW_NW_SUIT(statement) != trump) & (TW_NW_SUIT(card) == trump));
}

/* The cards of a hand that may answer a statement: those of its suit when
 * the hand holds any, else every card. */
static inline uint32_t tw_nw_answers_allowed(uint32_t hand, int statement)
{
    uint32_t follow = hand & (0xFFu << (TW_NW_SUIT(statement) * 8));
    /* follow when possible, else the whole hand; written without a branch
     * (whether a hand holds the suit is a coin the processor cannot guess):
     * the mask is all ones when follow is empty */
    return follow | (hand & (0u - (uint32_t)(follow == 0)));
}

/* Whether the statement waiting for an answer is surely the visit's last
 * decision: once it is answered the hand or the deck is empty, and no
 * delayed effect (Baron of Eyes) waits for the answer (an even answer
 * would draw a card and could let the visit go on). */
static inline int tw_nw_last_statement(const tw_nw_state *state)
{
    return state->phase == TW_NW_PHASE_RESPONSE && !state->trigger.active &&
           (state->deck_n == 0 || (state->hand & (state->hand - 1)) == 0);
}
/* The top card of the discard or score pile, or TW_NW_NO_CARD when that
 * pile is empty (or another pile is named). */
static inline int tw_nw_pile_top(const tw_nw_state *state, int pile)
{
    if (pile == TW_NW_PILE_DISCARD && state->discard_n)
        return state->discard[state->discard_n - 1];
    if (pile == TW_NW_PILE_SCORE && state->score_n)
        return state->score[state->score_n - 1];
    return TW_NW_NO_CARD;
}
/* Cards in the score pile (the visit's current score). */
int tw_nw_score(const tw_nw_state *state);
/* Stars from friendly fiefs so far. */
int tw_nw_stars_won(const tw_nw_state *state);
/* Highest star total still possible (friendly + undecided fiefs). */
int tw_nw_stars_possible(const tw_nw_state *state);
/* Highest medal reached by a star total. */
tw_nw_medal tw_nw_medal_for(int stars);
/* Whether the game has ended (inline: every play loop asks it). */
static inline int tw_nw_is_over(const tw_nw_state *state)
{
    return state->phase == TW_NW_PHASE_GAME_OVER;
}
/* Whether the visit under way is decided: no choice of the player and no
 * order of the cards they cannot see can change whether it hits its
 * target. Reads only what the player sees. Returns 1 with *hit set (1 sure
 * to hit, 0 sure to miss) when decided, 0 when not (or outside a visit, in
 * the middle of an ability, or when the proof does not fit the search
 * budget, the one way a decided visit is missed: the answer is never
 * wrong; shuffles are weighed in every order; see docs/rules-notes.md). */
int tw_nw_visit_decided(const tw_nw_state *state, int *hit);
/* Whether the ended game reached its goal: the chosen medal (medals) or
 * every hidden star friendly (hidden stars), and under the expert rule
 * the four outer fiefs friendly as well. */
int tw_nw_is_won(const tw_nw_state *state);
/* Whether the fiefs made friendly so far meet the game's goal (what
 * tw_nw_is_won asks of an ended game). Reads the star fiefs: on a view
 * before the end it answers only for the medals. */
int tw_nw_goal_met(const tw_nw_state *state);
/* Whether the player can see that the goal is out of reach (the game
 * may then be stopped): reads only what the player sees. */
int tw_nw_goal_out_of_reach(const tw_nw_state *state);
/* Deals the fiefs of the hidden stars for a seed: three distinct fiefs
 * drawn by a generator of their own, so that a seed deals the same cards
 * whichever the scoring. Returns one bit per fief. */
uint8_t tw_nw_deal_star_fiefs(uint64_t seed);
/* The character whose ability slot offers now (substitute or ally). */
const tw_nw_character *tw_nw_slot_character(const tw_nw_state *state, int slot);
/* Puts catalog entry `index` into a character in play, as a new game
 * does: for code that builds positions (loaders, tests, tools). */
void tw_nw_character_from_catalog(tw_nw_character *out, const tw_nw_catalog *catalog, int index);
/* Number of cards in the hand. */
int tw_nw_hand_count(const tw_nw_state *state);
/* The statement being answered (top of discard in the response phase), or TW_NW_NO_CARD. */
int tw_nw_statement(const tw_nw_state *state);
/* Sets the values the engine keeps from the rest of the state: the stars
 * of the lost fiefs (state->stars_lost, from the fief statuses) and the
 * statement waiting for an answer (state->statement, from the phase and
 * the discard pile). For code that sets fief statuses, piles or the
 * phase itself (loaders, tests, tools), once it is done. */
void tw_nw_recount(tw_nw_state *state);
/* Checks internal consistency (each card in exactly one zone, and so on);
 * returns 1 when sound, else 0 and a reason in why (may be NULL). */
int tw_nw_check_invariants(const tw_nw_state *state, const char **why);

/* ---- Hidden information ------------------------------------------------- */

/* What the player may see: the state with the unseen deck cards replaced by
 * TW_NW_NO_CARD and the RNG cleared, so nothing about future shuffles or
 * the deck order leaks. Legal actions can be listed from a view. */
typedef struct {
    tw_nw_state visible;
} tw_nw_view;

/* Builds the player's view of a state. */
void tw_nw_view_of(const tw_nw_state *state, tw_nw_view *view);
/* Legal actions from a view (the same list the real state has). */
int tw_nw_view_legal_actions(const tw_nw_view *view, tw_nw_action *actions);
/* Cards the player cannot locate: not in hand, discard, score or a known
 * deck position. */
uint32_t tw_nw_view_unseen(const tw_nw_view *view);
/* Makes a full state consistent with the view: the unseen cards are dealt
 * at random into the unknown deck positions, known cards stay put, and the
 * state gets a fresh RNG seeded from seed. */
void tw_nw_determinize(const tw_nw_view *view, uint64_t seed, tw_nw_state *out);

/* ---- Text forms --------------------------------------------------------- */

/* Writes a card as value + suit letter, for example "7E" (C, F, L, E). */
void tw_nw_card_code(int card, char out[4]);
/* Parses a card code; returns the card or -1. */
int tw_nw_card_parse(const char *text);
/* Writes an action in the record notation, for example "visit 3",
 * "substitute 2 0", "respond 7E". Returns out. */
char *tw_nw_action_format(tw_nw_action action, char *out, int size);
/* Parses the record notation; returns 0 on success, -1 if not an action. */
int tw_nw_action_parse(const char *text, tw_nw_action *out);

/* Names used in files: suits ("claws"...), piles ("hand"...), phases,
 * statuses, medals, ops. Each returns NULL for an out-of-range value. */
const char *tw_nw_suit_key(int suit);
const char *tw_nw_pile_key(int pile);
const char *tw_nw_phase_key(int phase);
const char *tw_nw_status_key(int status);
const char *tw_nw_medal_key(int medal);
const char *tw_nw_variant_key(int variant);
const char *tw_nw_op_key(int op);
const char *tw_nw_choice_key(int choice);
/* Inverse lookups; return -1 when the name is unknown. */
int tw_nw_suit_from_key(const char *key);
int tw_nw_pile_from_key(const char *key);
int tw_nw_phase_from_key(const char *key);
int tw_nw_status_from_key(const char *key);
int tw_nw_medal_from_key(const char *key);
int tw_nw_variant_from_key(const char *key);
int tw_nw_op_from_key(const char *key);
int tw_nw_choice_from_key(const char *key);

#endif
