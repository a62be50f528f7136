/* The Fox in the Forest Duet rules engine (cooperative, two seats).
 *
 * Same shape as the For Northwood! engine: the state is a plain fixed-size
 * value (copying it clones the game, no heap inside); every decision is an
 * action from tw_fox_legal_actions() for the seat tw_fox_to_act() names;
 * tw_fox_apply() refuses anything else with an error code and leaves the
 * state unchanged; shuffles use the RNG inside the state, so a game is
 * rebuilt from its board, configuration, seed and actions.
 *
 * Seats are 0 and 1. Path spaces are numbered -5..5 (0 is the circled start
 * space); seat 0's end of the path is -5, seat 1's end is +5, so "toward
 * seat 0" means toward lower numbers. Arrays indexed by space use
 * space + 5 (TW_FOX_SPACE_INDEX). See docs/foxduet.md for the rulings. */
#ifndef TRICKWOOD_FOXDUET_H
#define TRICKWOOD_FOXDUET_H

#include <stddef.h>
#include <stdint.h>

#include "trickwood/core.h"

/* ---- Cards ------------------------------------------------------------ */

/* Cards are numbered 0..29: suit * 10 + (rank - 1). */
enum { TW_FOX_DOVES = 0, TW_FOX_ROSES = 1, TW_FOX_STARS = 2 };
#define TW_FOX_SUITS 3
#define TW_FOX_RANKS 10
#define TW_FOX_CARDS 30
#define TW_FOX_ALL_CARDS ((1u << TW_FOX_CARDS) - 1u)
#define TW_FOX_NO_CARD 0xFF /* an unknown or absent card */
#define TW_FOX_CARD(suit, rank) ((uint8_t)((suit) * 10 + (rank) - 1))
#define TW_FOX_SUIT(card) ((card) / 10)
#define TW_FOX_RANK(card) ((card) % 10 + 1)
/* The set of the ten cards of a suit. */
#define TW_FOX_SUIT_MASK(suit) (0x3FFu << ((suit) * 10))

#define TW_FOX_HAND_SIZE 11
#define TW_FOX_DECK_SIZE 7  /* face-down cards left after the deal (the decree is the 8th) */
#define TW_FOX_TRICKS 11    /* tricks in a round */
#define TW_FOX_ROUNDS 3

/* Ranks with an ability (every odd rank). */
enum {
    TW_FOX_MUSICIAN = 1,   /* the trick winner picks the direction */
    TW_FOX_FOXES = 3,      /* a player may swap a hand card with the decree */
    TW_FOX_GAZELLE = 5,    /* the trick winner may ignore a card's footprints */
    TW_FOX_GIFT = 7,       /* each player gives the other a card */
    TW_FOX_ROYAL_HEIR = 9  /* when led, the follower need not follow suit */
};

/* Footprints (movement value) by rank - 1, the same in every suit:
 * 1:0 2:3 3:2 4:1 5:1 6:2 7:0 8:2 9:0 10:3 (DATA.md). */
extern const uint8_t tw_fox_footprints[TW_FOX_RANKS];
/* Footprints of a card. */
int tw_fox_card_footprints(int card);

/* ---- Boards and levels -------------------------------------------------- */

#define TW_FOX_SPACES 11
#define TW_FOX_MIN_SPACE (-5)
#define TW_FOX_MAX_SPACE 5
#define TW_FOX_SPACE_INDEX(space) ((space) + 5)
#define TW_FOX_INDEX_SPACE(index) ((index) - 5)
#define TW_FOX_MAX_GEMS_PER_SLOT 9

/* A board side as loaded from a board file (docs/fox-formats.md): the gem
 * slot of each path space with its printed squares and diamonds and its
 * (+) mark. Names and notes are in English [0] and French [1]. */
typedef struct {
    char id[48];            /* short name, e.g. "side-a" */
    char name[2][64];
    uint8_t reconstructed;  /* the layout is a reconstruction, not the print */
    char note[2][320];      /* what the program shows about the board */
    uint8_t squares[TW_FOX_SPACES];
    uint8_t diamonds[TW_FOX_SPACES];
    uint8_t plus[TW_FOX_SPACES];
} tw_fox_board;

/* Difficulty levels 1..3. The mapping lives in code (fox_level.c):
 * level 1: side A, squares only, 4 forest tokens, 10 points;
 * level 2: side B, squares only, 3 forest tokens, 20 points;
 * level 3: side B, squares and diamonds, 3 forest tokens, 30 points. */
#define TW_FOX_LEVELS 3
typedef struct {
    const char *board_file;  /* default board file name under data/boards/ */
    uint8_t diamonds;        /* gems are placed for diamonds too */
    uint8_t forest_tokens;
    uint8_t base_score;
} tw_fox_level_info;
/* The setup of a level (1..3), or NULL for another number. */
const tw_fox_level_info *tw_fox_level(int level);
/* Gems the board starts with at a level (squares, plus diamonds at level 3). */
int tw_fox_board_start_gems(const tw_fox_board *board, int level);

/* ---- State -------------------------------------------------------------- */

/* Where the game is waiting. */
typedef enum {
    TW_FOX_PHASE_PLAY = 0,          /* the leader or the follower plays a card */
    TW_FOX_PHASE_FOX_TARGET = 1,    /* who played the Foxes names self or partner */
    TW_FOX_PHASE_FOX_EXCHANGE = 2,  /* the named seat swaps a card with the decree, or keeps */
    TW_FOX_PHASE_GIFT_FIRST = 3,    /* who played the Gift picks the card to give */
    TW_FOX_PHASE_GIFT_SECOND = 4,   /* the partner picks, not knowing the first pick */
    TW_FOX_PHASE_IGNORE = 5,        /* the trick winner picks footprints to ignore (Gazelle) */
    TW_FOX_PHASE_DIRECTION = 6,     /* the trick winner picks the direction (Musician) */
    TW_FOX_PHASE_FOREST = 7,        /* end of round 1 or 2: the end that gets a forest token */
    TW_FOX_PHASE_GAME_OVER = 8
} tw_fox_phase;

/* How the game ended. */
typedef enum {
    TW_FOX_END_NONE = 0,
    TW_FOX_END_WON = 1,        /* the last gem was collected */
    TW_FOX_END_LOST_PATH = 2,  /* off the path with no forest token left */
    TW_FOX_END_LOST_TIME = 3   /* gems left after round 3 */
} tw_fox_end;

/* Directions the Musician's winner may choose. */
enum { TW_FOX_TOWARD_WINNER = 0, TW_FOX_TOWARD_PARTNER = 1 };
/* Path ends, named by the seat sitting there: END_LEFT is -5 (seat 0). */
enum { TW_FOX_END_LEFT = 0, TW_FOX_END_RIGHT = 1 };

/* The path and its gems. */
typedef struct {
    int8_t token;                  /* team token space, -5..5 */
    uint8_t covered[2];            /* spaces covered by forest tokens from each end */
    uint8_t forest_left;           /* forest tokens still in the supply */
    uint8_t forest_start;          /* forest tokens at the start of the game */
    uint8_t gems[TW_FOX_SPACES];   /* gems on the slot of each space */
    uint8_t plus[TW_FOX_SPACES];   /* slot has a (+) mark */
    uint8_t gems_placed;           /* gems put on the board so far (setup and (+)) */
    uint8_t gems_collected;
} tw_fox_path;

/* The whole game. hand[] and deck are card sets (bit per card); the deck
 * is the 7 face-down cards under the decree, never drawn during a round.
 * known[s] are cards in seat s's hand that the partner knows are there
 * (given in a Gift, taken from the decree); void_suits[s] are suits in
 * which seat s holds no card outside known[s] (it failed to follow one).
 * Both are shared knowledge of the two players. */
typedef struct {
    tw_rng rng;
    uint8_t level;         /* 1..3 */
    uint8_t phase;         /* tw_fox_phase */
    uint8_t round;         /* 1..3 */
    uint8_t dealer;        /* seat that dealt this round */
    uint8_t leader;        /* seat that leads (led) the current trick */
    uint8_t tricks_done;   /* tricks finished this round, 0..11 */
    uint8_t trick_n;       /* cards in the current trick, 0..2 */
    uint8_t trick[2];      /* [0] the led card, [1] the follower's card */
    uint8_t decree;        /* the face-up decree card; its suit is trump */
    uint32_t hand[2];
    uint32_t deck;
    uint32_t set_aside;    /* cards of finished tricks this round */
    uint32_t known[2];
    uint8_t void_suits[2]; /* bit per suit */
    /* Pending choices. */
    uint8_t actor;         /* seat deciding in an ability or forest phase */
    uint8_t fox_seat;      /* who played the Foxes being resolved */
    uint8_t gift_seat;     /* who played the Gift being resolved */
    uint8_t gift_pick[2];  /* card each seat chose to give, or TW_FOX_NO_CARD */
    uint8_t winner;        /* winner of the trick being resolved */
    uint8_t ignore_mask;   /* bit 0: led card ignored, bit 1: follower's card ignored */
    uint8_t toward;        /* seat whose end the token moves toward */
    uint8_t last_winner;   /* winner of the last finished trick */
    uint8_t end;           /* tw_fox_end once the game is over */
    tw_fox_path path;
} tw_fox_state;

/* ---- Events ------------------------------------------------------------- */

/* Card zones named by events. */
typedef enum {
    TW_FOX_ZONE_HAND0 = 0,
    TW_FOX_ZONE_HAND1 = 1,
    TW_FOX_ZONE_DECK = 2,
    TW_FOX_ZONE_DECREE = 3,
    TW_FOX_ZONE_TRICK = 4,
    TW_FOX_ZONE_ASIDE = 5  /* finished tricks, face down */
} tw_fox_zone;

/* Event types. Spaces in events are indexes 0..10 (space + 5). */
typedef enum {
    TW_FOX_EV_MOVE = 1,         /* card moved from zone to zone */
    TW_FOX_EV_SHUFFLE = 2,      /* all 30 cards were shuffled; a: round */
    TW_FOX_EV_ROUND_START = 3,  /* a: round, b: dealer, c: leader */
    TW_FOX_EV_PLAY = 4,         /* card played by seat a (b: 0 led, 1 followed) */
    TW_FOX_EV_FOX_TARGET = 5,   /* seat a named seat b for the decree exchange */
    TW_FOX_EV_KEEP = 6,         /* seat a kept the decree */
    TW_FOX_EV_GIFT_PICK = 7,    /* seat a chose card to give (secret until both chose) */
    TW_FOX_EV_TRICK_WON = 8,    /* seat a won trick number b (1..11); card: the winning card */
    TW_FOX_EV_IGNORE = 9,       /* seat a ignores footprints: b = mask (bit 0 led card, bit 1 follower's) */
    TW_FOX_EV_DIRECTION = 10,   /* seat a chose toward seat b */
    TW_FOX_EV_TOKEN = 11,       /* team token from index a to index b, c steps */
    TW_FOX_EV_OFF_PATH = 12,    /* moving past end a (seat) with c steps left; token back to start */
    TW_FOX_EV_FOREST = 13,      /* forest token placed at end a on index b; c tokens left */
    TW_FOX_EV_GEM_SLIDE = 14,   /* c gems slid from index a to index b */
    TW_FOX_EV_GEM_ADD = 15,     /* one gem added on index a ((+) slot, or b: slid there) */
    TW_FOX_EV_GEM_COLLECT = 16, /* one gem collected from index a; b gems left on board */
    TW_FOX_EV_ROUND_END = 17,   /* a: round */
    TW_FOX_EV_GAME_END = 18     /* a: tw_fox_end, b: score (0 when lost), c: round */
} tw_fox_event_type;

/* An event (trickwood/core.h); its type is a tw_fox_event_type. */
typedef tw_event tw_fox_event;

#define TW_FOX_MAX_EVENTS 128

/* Events produced by one call. Pass NULL where events are not wanted. */
typedef struct {
    int count;
    int overflow; /* events beyond the buffer were dropped */
    tw_fox_event items[TW_FOX_MAX_EVENTS];
} tw_fox_events;

/* What seat may see of an event: out is the event with the card replaced
 * by TW_FOX_NO_CARD when seat may not see it (a card dealt to or moving
 * inside the partner's hand, the deck, the partner's secret Gift pick).
 * Returns 1 when the card stayed visible. */
int tw_fox_event_for_seat(const tw_fox_event *event, int seat, tw_fox_event *out);

/* ---- Actions ------------------------------------------------------------ */

/* An action is kind << 8 | argument. */
typedef uint16_t tw_fox_action;

typedef enum {
    TW_FOX_ACT_PLAY = 1,      /* arg: card */
    TW_FOX_ACT_FOX = 2,       /* arg: 0 self, 1 partner */
    TW_FOX_ACT_EXCHANGE = 3,  /* arg: hand card that becomes the decree */
    TW_FOX_ACT_KEEP = 4,      /* leave the decree as it is */
    TW_FOX_ACT_GIFT = 5,      /* arg: hand card to give */
    TW_FOX_ACT_IGNORE = 6,    /* arg: mask, bit 0 led card, bit 1 follower's card */
    TW_FOX_ACT_DIRECTION = 7, /* arg: TW_FOX_TOWARD_WINNER or TW_FOX_TOWARD_PARTNER */
    TW_FOX_ACT_FOREST = 8     /* arg: TW_FOX_END_LEFT or TW_FOX_END_RIGHT */
} tw_fox_action_kind;

#define TW_FOX_ACTION(kind, arg) ((tw_fox_action)(((kind) << 8) | (arg)))
#define TW_FOX_ACTION_KIND(action) ((action) >> 8)
#define TW_FOX_ACTION_ARG(action) ((action) & 0xFF)
#define TW_FOX_MAX_ACTIONS 16
#define TW_FOX_NO_ACTION 0xFFFF

/* ---- Engine ------------------------------------------------------------- */

/* Configuration of a new game. */
typedef struct {
    int level;       /* 1..3 */
    int dealer;      /* seat that deals round 1 (0 or 1) */
    uint64_t seed;
} tw_fox_config;

/* Starts a game on a board: gems by the level, forest tokens, team token
 * on the start, then shuffles and deals round 1. Returns TW_ERR_ARG for a
 * bad level or dealer, or a board with no gem at that level. */
tw_error tw_fox_new(tw_fox_state *state, const tw_fox_board *board, const tw_fox_config *config,
                    tw_fox_events *events);

/* The seat that decides next, or -1 when the game is over. */
int tw_fox_to_act(const tw_fox_state *state);

/* Fills actions (at least TW_FOX_MAX_ACTIONS long) with the legal actions
 * of the seat to act and returns their count; 0 when the game is over. */
int tw_fox_legal_actions(const tw_fox_state *state, tw_fox_action *actions);

/* Tells whether one action is legal now (for the seat to act). */
int tw_fox_is_legal(const tw_fox_state *state, tw_fox_action action);

/* Applies a legal action for the seat to act and runs the game forward to
 * the next decision. Anything else returns an error (TW_ERR_ILLEGAL,
 * TW_ERR_GAME_OVER) and leaves the state unchanged. */
tw_error tw_fox_apply(tw_fox_state *state, tw_fox_action action, tw_fox_events *events);

/* The trump suit (the decree card's suit). */
int tw_fox_trump(const tw_fox_state *state);
/* Cards in a seat's hand (also right in a view, for the partner). */
int tw_fox_hand_count(const tw_fox_state *state, int seat);
/* Which seat played trick slot i (0 = led card, 1 = follower's card). */
int tw_fox_trick_seat(const tw_fox_state *state, int i);
/* Cards the follower may play now (the whole hand when no suit must be
 * followed). Only meaningful in the play phase. */
uint32_t tw_fox_playable(const tw_fox_state *state, int seat);
/* Who wins the trick in progress with the current trump (both cards
 * played), or -1 when the trick is not complete. */
int tw_fox_trick_winner(const tw_fox_state *state);
/* Footprints the current trick would move the team token, after the
 * ignores chosen so far. */
int tw_fox_trick_steps(const tw_fox_state *state);
/* The last uncovered space at an end (TW_FOX_END_LEFT / _RIGHT). Inline:
 * the searches ask it at every node. */
static inline int tw_fox_last_space(const tw_fox_state *state, int end)
{
    if (end == TW_FOX_END_LEFT)
        return TW_FOX_MIN_SPACE + state->path.covered[0];
    return TW_FOX_MAX_SPACE - state->path.covered[1];
}
/* Gems still on the board. Inline, as tw_fox_last_space. */
static inline int tw_fox_gems_on_board(const tw_fox_state *state)
{
    int n = 0;
    for (int i = 0; i < TW_FOX_SPACES; i++)
        n += state->path.gems[i];
    return n;
}

/* What moving the team token would do, without changing the state: for
 * hints, bots and UIs. */
typedef struct {
    tw_fox_path after;   /* the path once the move is done */
    int8_t space;        /* where the token ends (0 after a reset) */
    uint8_t off_path;    /* it went past an end: forest token placed, back to start */
    uint8_t lost;        /* past an end with no forest token left */
    uint8_t collects;    /* a gem is collected */
    uint8_t wins;        /* that gem was the last one */
} tw_fox_move_preview;
/* Previews moving steps spaces toward seat toward's end. */
void tw_fox_preview_move(const tw_fox_state *state, int toward, int steps, tw_fox_move_preview *out);
/* Whether the game has ended, and whether it was won. Inline, as
 * tw_fox_last_space. */
static inline int tw_fox_is_over(const tw_fox_state *state)
{
    return state->phase == TW_FOX_PHASE_GAME_OVER;
}
static inline int tw_fox_is_won(const tw_fox_state *state)
{
    return state->phase == TW_FOX_PHASE_GAME_OVER && state->end == TW_FOX_END_WON;
}
/* Victory score of an ended game: 10/20/30 by level, +1 per card still in
 * the hands, +10 for a win before round 3, +3 per unused forest token;
 * 0 when the game was lost or is not over. */
int tw_fox_score(const tw_fox_state *state);
/* Checks internal consistency (30 cards each in exactly one zone, gems on
 * board + collected = placed, and so on); returns 1 when sound, else 0 and
 * a reason in why (may be NULL). */
int tw_fox_check_invariants(const tw_fox_state *state, const char **why);

/* ---- Hidden information ------------------------------------------------- */

/* What one seat may see: the state with the partner's hand reduced to the
 * cards this seat knows are there (known[partner]), the deck emptied, the
 * partner's secret Gift pick hidden and the RNG cleared. The cards of
 * earlier tricks (set_aside) stay: both players saw them played (a UI must
 * not show them again, see docs/foxduet.md). */
typedef struct {
    uint8_t seat;
    tw_fox_state visible;
} tw_fox_view;

/* Builds a seat's view of a state. */
void tw_fox_view_of(const tw_fox_state *state, int seat, tw_fox_view *view);
/* Legal actions from a view: the real list when the view's seat is to act,
 * 0 otherwise. */
int tw_fox_view_legal_actions(const tw_fox_view *view, tw_fox_action *actions);
/* Cards the seat cannot locate: in the partner's hand (not known) or in
 * the deck. */
uint32_t tw_fox_view_unseen(const tw_fox_view *view);
/* Makes a full state consistent with everything the seat has seen: the
 * unseen cards are dealt at random to the partner's hand (never in a suit
 * the partner showed it lacks) and the deck; known partner cards stay; a
 * hidden Gift pick is drawn from the partner's hand; the RNG is seeded
 * from seed. */
void tw_fox_determinize(const tw_fox_view *view, uint64_t seed, tw_fox_state *out);

/* ---- Text forms --------------------------------------------------------- */

/* Writes a card as rank + suit letter, for example "7R", "10S", "3D". */
void tw_fox_card_code(int card, char out[4]);
/* Parses a card code (letters in either case); returns the card or -1. */
int tw_fox_card_parse(const char *text);
/* Writes an action in the record notation, for example "play 7R",
 * "fox self", "exchange 3D", "keep", "gift 5S", "ignore none",
 * "ignore 5D 2R", "direction toward-winner", "forest left". The ignore
 * notation names cards, so it needs the state (may be NULL: then "led" and
 * "followed" are written). Returns out. */
char *tw_fox_action_format(const tw_fox_state *state, tw_fox_action action, char *out, int size);
/* Explains in English why an action is refused now (for example "you must
 * follow the led suit (doves) while you hold a card of it"); writes an empty
 * text when it is legal. */
void tw_fox_illegal_reason(const tw_fox_state *state, tw_fox_action action, char *out, size_t size);
/* Parses the record notation; the state resolves the cards named by
 * "ignore" (may be NULL when the text uses "led"/"followed"). Returns 0 on
 * success, -1 if not an action. */
int tw_fox_action_parse(const tw_fox_state *state, const char *text, tw_fox_action *out);

/* Names used in files. Each returns NULL for an out-of-range value. */
const char *tw_fox_suit_key(int suit);
const char *tw_fox_zone_key(int zone);
const char *tw_fox_phase_key(int phase);
const char *tw_fox_end_key(int end);
const char *tw_fox_event_key(int type);
/* Inverse lookups; return -1 when the name is unknown. */
int tw_fox_suit_from_key(const char *key);
int tw_fox_zone_from_key(const char *key);
int tw_fox_phase_from_key(const char *key);
int tw_fox_end_from_key(const char *key);
int tw_fox_event_from_key(const char *key);
/* Names of cards, suits and abilities for players, by language. */
const char *tw_fox_suit_name(int suit, tw_lang lang);
const char *tw_fox_ability_name(int rank, tw_lang lang);
/* One-line description of a rank's ability in the project's own words,
 * or "" for even ranks. */
const char *tw_fox_ability_text(int rank, tw_lang lang);

#endif
