/* Text forms of For Northwood! values used in files: card codes, action
 * notation and the keys naming suits, piles, phases and so on. */
#include <stdio.h>
#include <string.h>

#include "trickwood/northwood.h"

static const char SUIT_LETTERS[] = "CFLE";

static const char *const SUIT_KEYS[] = {"claws", "flowers", "leaves", "eyes"};
static const char *const PILE_KEYS[] = {"hand", "deck", "discard", "score"};
static const char *const PHASE_KEYS[] = {"choose_fief", "substitutes", "before_statement",
                                         "response", "ability", "game_over"};
static const char *const STATUS_KEYS[] = {"neutral", "friendly", "lost"};
static const char *const MEDAL_KEYS[] = {"none", "bronze", "silver", "gold"};
static const char *const VARIANT_KEYS[] = {"medals", "hidden-stars"};
static const char *const CHOICE_KEYS[] = {"none", "card", "suit", "fief", "ally", "continue"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

const char *tw_nw_suit_key(int suit) { return tw_key_of(SUIT_KEYS, COUNT(SUIT_KEYS), suit); }
const char *tw_nw_pile_key(int pile) { return tw_key_of(PILE_KEYS, COUNT(PILE_KEYS), pile); }
const char *tw_nw_phase_key(int phase) { return tw_key_of(PHASE_KEYS, COUNT(PHASE_KEYS), phase); }
const char *tw_nw_status_key(int status) { return tw_key_of(STATUS_KEYS, COUNT(STATUS_KEYS), status); }
const char *tw_nw_medal_key(int medal) { return tw_key_of(MEDAL_KEYS, COUNT(MEDAL_KEYS), medal); }
const char *tw_nw_variant_key(int variant) { return tw_key_of(VARIANT_KEYS, COUNT(VARIANT_KEYS), variant); }
const char *tw_nw_choice_key(int choice) { return tw_key_of(CHOICE_KEYS, COUNT(CHOICE_KEYS), choice); }
int tw_nw_suit_from_key(const char *key) { return tw_key_find(SUIT_KEYS, COUNT(SUIT_KEYS), key); }
int tw_nw_pile_from_key(const char *key) { return tw_key_find(PILE_KEYS, COUNT(PILE_KEYS), key); }
int tw_nw_phase_from_key(const char *key) { return tw_key_find(PHASE_KEYS, COUNT(PHASE_KEYS), key); }
int tw_nw_status_from_key(const char *key) { return tw_key_find(STATUS_KEYS, COUNT(STATUS_KEYS), key); }
int tw_nw_medal_from_key(const char *key) { return tw_key_find(MEDAL_KEYS, COUNT(MEDAL_KEYS), key); }
int tw_nw_variant_from_key(const char *key) { return tw_key_find(VARIANT_KEYS, COUNT(VARIANT_KEYS), key); }
int tw_nw_choice_from_key(const char *key) { return tw_key_find(CHOICE_KEYS, COUNT(CHOICE_KEYS), key); }

/* The name of an operation in files: its row's key (tw_nw_step_kinds). */
const char *tw_nw_op_key(int op)
{
    const tw_nw_step_kind *kind = tw_nw_step_kind_of(op);
    return kind ? kind->key : NULL;
}

/* The operation a name in files stands for, or -1. */
int tw_nw_op_from_key(const char *key)
{
    for (int op = 1; key && op <= TW_NW_OP_LAST; op++)
        if (strcmp(tw_nw_step_kinds[op].key, key) == 0)
            return op;
    return -1;
}

/* Writes a card code such as "7E". */
void tw_nw_card_code(int card, char out[4])
{
    if (card < 0 || card >= TW_NW_CARDS) {
        snprintf(out, 4, "??");
        return;
    }
    out[0] = (char)('0' + TW_NW_VALUE(card));
    out[1] = SUIT_LETTERS[TW_NW_SUIT(card)];
    out[2] = '\0';
}

/* Parses "7E" (letters in either case); -1 when it is not a card. */
int tw_nw_card_parse(const char *text)
{
    if (!text || strlen(text) != 2 || text[0] < '1' || text[0] > '8')
        return -1;
    char letter = text[1];
    if (letter >= 'a' && letter <= 'z')
        letter = (char)(letter - 'a' + 'A');
    const char *at = strchr(SUIT_LETTERS, letter);
    if (!at || !*at)
        return -1;
    return TW_NW_CARD((int)(at - SUIT_LETTERS), text[0] - '0');
}

/* Writes the record notation of an action. */
char *tw_nw_action_format(tw_nw_action action, char *out, int size)
{
    int arg = TW_NW_ACTION_ARG(action);
    char card[4];
    switch (TW_NW_ACTION_KIND(action)) {
    case TW_NW_ACT_VISIT: snprintf(out, (size_t)size, "visit %d", arg); break;
    case TW_NW_ACT_SUBSTITUTE: snprintf(out, (size_t)size, "substitute %d %d", arg / TW_NW_SLOTS, arg % TW_NW_SLOTS); break;
    case TW_NW_ACT_BEGIN: snprintf(out, (size_t)size, "begin"); break;
    case TW_NW_ACT_ACTIVATE: snprintf(out, (size_t)size, "activate %d", arg); break;
    case TW_NW_ACT_PROCEED: snprintf(out, (size_t)size, "proceed"); break;
    case TW_NW_ACT_RESPOND: tw_nw_card_code(arg, card); snprintf(out, (size_t)size, "respond %s", card); break;
    case TW_NW_ACT_PICK_CARD: tw_nw_card_code(arg, card); snprintf(out, (size_t)size, "pick %s", card); break;
    case TW_NW_ACT_NAME_SUIT: snprintf(out, (size_t)size, "name %s", arg < 4 ? SUIT_KEYS[arg] : "?"); break;
    case TW_NW_ACT_PICK_FIEF: snprintf(out, (size_t)size, "fief %d", arg); break;
    case TW_NW_ACT_STOP: snprintf(out, (size_t)size, "stop"); break;
    case TW_NW_ACT_PICK_SLOT: snprintf(out, (size_t)size, "ally %d", arg); break;
    case TW_NW_ACT_CONTINUE: snprintf(out, (size_t)size, "continue"); break;
    case TW_NW_ACT_PASS: snprintf(out, (size_t)size, "pass"); break;
    case TW_NW_ACT_FINISH: snprintf(out, (size_t)size, "finish"); break;
    default: snprintf(out, (size_t)size, "unknown"); break;
    }
    return out;
}

/* Parses a small integer in [0, limit). */
static int parse_index(const char *text, int limit)
{
    if (!text || !*text)
        return -1;
    int value = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9' || value > 1000)
            return -1;
        value = value * 10 + (*p - '0');
    }
    return value < limit ? value : -1;
}

/* Parses the record notation written by tw_nw_action_format. */
int tw_nw_action_parse(const char *text, tw_nw_action *out)
{
    char verb[16] = "", a[16] = "", b[16] = "", extra[2] = "";
    int n = sscanf(text, "%15s %15s %15s %1s", verb, a, b, extra);
    if (n < 1 || n > 3)
        return -1;
    int x, y;
    if (strcmp(verb, "visit") == 0 && n == 2 && (x = parse_index(a, TW_NW_FIEFS)) >= 0)
        *out = TW_NW_ACTION(TW_NW_ACT_VISIT, x);
    else if (strcmp(verb, "substitute") == 0 && n == 3 && (x = parse_index(a, TW_NW_FIEFS)) >= 0 &&
             (y = parse_index(b, TW_NW_SLOTS)) >= 0)
        *out = TW_NW_ACTION(TW_NW_ACT_SUBSTITUTE, x * TW_NW_SLOTS + y);
    else if (strcmp(verb, "begin") == 0 && n == 1)
        *out = TW_NW_ACTION(TW_NW_ACT_BEGIN, 0);
    else if (strcmp(verb, "activate") == 0 && n == 2 && (x = parse_index(a, TW_NW_SLOTS)) >= 0)
        *out = TW_NW_ACTION(TW_NW_ACT_ACTIVATE, x);
    else if (strcmp(verb, "proceed") == 0 && n == 1)
        *out = TW_NW_ACTION(TW_NW_ACT_PROCEED, 0);
    else if (strcmp(verb, "respond") == 0 && n == 2 && (x = tw_nw_card_parse(a)) >= 0)
        *out = TW_NW_ACTION(TW_NW_ACT_RESPOND, x);
    else if (strcmp(verb, "pick") == 0 && n == 2 && (x = tw_nw_card_parse(a)) >= 0)
        *out = TW_NW_ACTION(TW_NW_ACT_PICK_CARD, x);
    else if (strcmp(verb, "name") == 0 && n == 2 && (x = tw_nw_suit_from_key(a)) >= 0)
        *out = TW_NW_ACTION(TW_NW_ACT_NAME_SUIT, x);
    else if (strcmp(verb, "fief") == 0 && n == 2 && (x = parse_index(a, TW_NW_FIEFS)) >= 0)
        *out = TW_NW_ACTION(TW_NW_ACT_PICK_FIEF, x);
    else if (strcmp(verb, "stop") == 0 && n == 1)
        *out = TW_NW_ACTION(TW_NW_ACT_STOP, 0);
    else if (strcmp(verb, "ally") == 0 && n == 2 && (x = parse_index(a, TW_NW_SLOTS)) >= 0)
        *out = TW_NW_ACTION(TW_NW_ACT_PICK_SLOT, x);
    else if (strcmp(verb, "continue") == 0 && n == 1)
        *out = TW_NW_ACTION(TW_NW_ACT_CONTINUE, 0);
    else if (strcmp(verb, "pass") == 0 && n == 1)
        *out = TW_NW_ACTION(TW_NW_ACT_PASS, 0);
    else if (strcmp(verb, "finish") == 0 && n == 1)
        *out = TW_NW_ACTION(TW_NW_ACT_FINISH, 0);
    else
        return -1;
    return 0;
}
