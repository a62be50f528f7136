/* Text forms of Fox in the Forest Duet values: card codes, the action
 * notation used in records, the keys used in files, and the names and
 * ability texts players read (English and French, in our own words). */
#include <stdio.h>
#include <string.h>

#include "trickwood/foxduet.h"

static const char SUIT_LETTERS[] = "DRS";
static const char *const SUIT_KEYS[] = {"doves", "roses", "stars"};
static const char *const ZONE_KEYS[] = {"hand0", "hand1", "deck", "decree", "trick", "aside"};
static const char *const PHASE_KEYS[] = {"play", "fox_target", "fox_exchange", "gift_first", "gift_second",
                                         "ignore", "direction", "forest", "game_over"};
static const char *const END_KEYS[] = {"none", "won", "lost_path", "lost_time"};
static const char *const EVENT_KEYS[] = {NULL, "move", "shuffle", "round_start", "play", "fox_target", "keep",
                                         "gift_pick", "trick_won", "ignore", "direction", "token", "off_path",
                                         "forest", "gem_slide", "gem_add", "gem_collect", "round_end", "game_end"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

const char *tw_fox_suit_key(int suit) { return tw_key_of(SUIT_KEYS, COUNT(SUIT_KEYS), suit); }
const char *tw_fox_zone_key(int zone) { return tw_key_of(ZONE_KEYS, COUNT(ZONE_KEYS), zone); }
const char *tw_fox_phase_key(int phase) { return tw_key_of(PHASE_KEYS, COUNT(PHASE_KEYS), phase); }
const char *tw_fox_end_key(int end) { return tw_key_of(END_KEYS, COUNT(END_KEYS), end); }
const char *tw_fox_event_key(int type) { return tw_key_of(EVENT_KEYS, COUNT(EVENT_KEYS), type); }
int tw_fox_suit_from_key(const char *key) { return tw_key_find(SUIT_KEYS, COUNT(SUIT_KEYS), key); }
int tw_fox_zone_from_key(const char *key) { return tw_key_find(ZONE_KEYS, COUNT(ZONE_KEYS), key); }
int tw_fox_phase_from_key(const char *key) { return tw_key_find(PHASE_KEYS, COUNT(PHASE_KEYS), key); }
int tw_fox_end_from_key(const char *key) { return tw_key_find(END_KEYS, COUNT(END_KEYS), key); }
int tw_fox_event_from_key(const char *key) { return tw_key_find(EVENT_KEYS, COUNT(EVENT_KEYS), key); }

/* Writes "7R", "10S"... or "??" for a value that is not a card. */
void tw_fox_card_code(int card, char out[4])
{
    if (card < 0 || card >= TW_FOX_CARDS) {
        snprintf(out, 4, "??");
        return;
    }
    snprintf(out, 4, "%d%c", TW_FOX_RANK(card), SUIT_LETTERS[TW_FOX_SUIT(card)]);
}

/* Parses "7R" or "10s"; -1 when it is not a card. */
int tw_fox_card_parse(const char *text)
{
    if (!text)
        return -1;
    size_t len = strlen(text);
    if (len < 2 || len > 3)
        return -1;
    int rank = 0;
    for (size_t i = 0; i + 1 < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
        rank = rank * 10 + (text[i] - '0');
    }
    if (rank < 1 || rank > TW_FOX_RANKS || (len == 3 && text[0] == '0'))
        return -1;
    char letter = text[len - 1];
    if (letter >= 'a' && letter <= 'z')
        letter = (char)(letter - 'a' + 'A');
    const char *at = strchr(SUIT_LETTERS, letter);
    if (!at || !*at)
        return -1;
    return TW_FOX_CARD((int)(at - SUIT_LETTERS), rank);
}

/* Writes the ignore notation: the ignored cards by code when the state
 * holds the trick, else "led"/"followed". */
static void format_ignore(const tw_fox_state *state, int mask, char *out, int size)
{
    if (mask == 0) {
        snprintf(out, (size_t)size, "ignore none");
        return;
    }
    char part[2][12] = {"", ""};
    for (int i = 0; i < 2; i++) {
        if (!(mask & (1 << i)))
            continue;
        if (state && state->trick_n > i && state->trick[i] < TW_FOX_CARDS)
            tw_fox_card_code(state->trick[i], part[i]);
        else
            snprintf(part[i], sizeof part[i], "%s", i == 0 ? "led" : "followed");
    }
    if (mask == 3)
        snprintf(out, (size_t)size, "ignore %s %s", part[0], part[1]);
    else
        snprintf(out, (size_t)size, "ignore %s", mask == 1 ? part[0] : part[1]);
}

char *tw_fox_action_format(const tw_fox_state *state, tw_fox_action action, char *out, int size)
{
    int arg = TW_FOX_ACTION_ARG(action);
    char card[4];
    tw_fox_card_code(arg, card);
    switch (TW_FOX_ACTION_KIND(action)) {
    case TW_FOX_ACT_PLAY: snprintf(out, (size_t)size, "play %s", card); break;
    case TW_FOX_ACT_FOX: snprintf(out, (size_t)size, "fox %s", arg == 0 ? "self" : "partner"); break;
    case TW_FOX_ACT_EXCHANGE: snprintf(out, (size_t)size, "exchange %s", card); break;
    case TW_FOX_ACT_KEEP: snprintf(out, (size_t)size, "keep"); break;
    case TW_FOX_ACT_GIFT: snprintf(out, (size_t)size, "gift %s", card); break;
    case TW_FOX_ACT_IGNORE: format_ignore(state, arg, out, size); break;
    case TW_FOX_ACT_DIRECTION:
        snprintf(out, (size_t)size, "direction %s", arg == TW_FOX_TOWARD_WINNER ? "toward-winner" : "toward-partner");
        break;
    case TW_FOX_ACT_FOREST: snprintf(out, (size_t)size, "forest %s", arg == TW_FOX_END_LEFT ? "left" : "right"); break;
    default: snprintf(out, (size_t)size, "unknown"); break;
    }
    return out;
}

/* Which trick slot a word of the ignore notation names: "led",
 * "followed", or a card of the current trick. -1 when none. */
static int ignore_slot(const tw_fox_state *state, const char *word)
{
    if (strcmp(word, "led") == 0)
        return 0;
    if (strcmp(word, "followed") == 0)
        return 1;
    int card = tw_fox_card_parse(word);
    if (card < 0 || !state)
        return -1;
    for (int i = 0; i < state->trick_n && i < 2; i++)
        if (state->trick[i] == card)
            return i;
    return -1;
}

int tw_fox_action_parse(const tw_fox_state *state, const char *text, tw_fox_action *out)
{
    char verb[16] = "", a[16] = "", b[16] = "", extra[2] = "";
    if (!text)
        return -1;
    int n = sscanf(text, "%15s %15s %15s %1s", verb, a, b, extra);
    if (n < 1 || n > 3)
        return -1;
    int x;
    if (strcmp(verb, "play") == 0 && n == 2 && (x = tw_fox_card_parse(a)) >= 0)
        *out = TW_FOX_ACTION(TW_FOX_ACT_PLAY, x);
    else if (strcmp(verb, "fox") == 0 && n == 2 && (strcmp(a, "self") == 0 || strcmp(a, "partner") == 0))
        *out = TW_FOX_ACTION(TW_FOX_ACT_FOX, strcmp(a, "self") == 0 ? 0 : 1);
    else if (strcmp(verb, "exchange") == 0 && n == 2 && (x = tw_fox_card_parse(a)) >= 0)
        *out = TW_FOX_ACTION(TW_FOX_ACT_EXCHANGE, x);
    else if (strcmp(verb, "keep") == 0 && n == 1)
        *out = TW_FOX_ACTION(TW_FOX_ACT_KEEP, 0);
    else if (strcmp(verb, "gift") == 0 && n == 2 && (x = tw_fox_card_parse(a)) >= 0)
        *out = TW_FOX_ACTION(TW_FOX_ACT_GIFT, x);
    else if (strcmp(verb, "ignore") == 0 && n == 2 && strcmp(a, "none") == 0)
        *out = TW_FOX_ACTION(TW_FOX_ACT_IGNORE, 0);
    else if (strcmp(verb, "ignore") == 0 && n == 2 && strcmp(a, "both") == 0)
        *out = TW_FOX_ACTION(TW_FOX_ACT_IGNORE, 3);
    else if (strcmp(verb, "ignore") == 0 && n >= 2) {
        int first = ignore_slot(state, a);
        int second = n == 3 ? ignore_slot(state, b) : first;
        if (first < 0 || second < 0 || (n == 3 && first == second))
            return -1;
        *out = TW_FOX_ACTION(TW_FOX_ACT_IGNORE, (1 << first) | (1 << second));
    } else if (strcmp(verb, "direction") == 0 && n == 2 &&
               (strcmp(a, "toward-winner") == 0 || strcmp(a, "toward-partner") == 0))
        *out = TW_FOX_ACTION(TW_FOX_ACT_DIRECTION,
                             strcmp(a, "toward-winner") == 0 ? TW_FOX_TOWARD_WINNER : TW_FOX_TOWARD_PARTNER);
    else if (strcmp(verb, "forest") == 0 && n == 2 && (strcmp(a, "left") == 0 || strcmp(a, "right") == 0))
        *out = TW_FOX_ACTION(TW_FOX_ACT_FOREST, strcmp(a, "left") == 0 ? TW_FOX_END_LEFT : TW_FOX_END_RIGHT);
    else
        return -1;
    return 0;
}

/* ---- Player-facing names ---------------------------------------------- */

static const char *const SUIT_NAMES[2][TW_FOX_SUITS] = {
    {"Doves", "Roses", "Stars"},
    {"Colombes", "Roses", "Étoiles"},
};

static const char *const ABILITY_NAMES[2][5] = {
    {"Musician", "Foxes", "Gazelle", "Gift", "Royal Heir"},
    {"Musicien", "Renards", "Gazelle", "Présent", "Prince/Princesse"},
};

static const char *const ABILITY_TEXTS[2][5] = {
    {"The trick's winner decides whether the team token goes toward them or toward their partner.",
     "Whoever plays it names themself or their partner; that player may at once swap one hand card for the "
     "decree card. A new trump suit may change who takes this trick.",
     "The trick's winner may leave out the footprints of one card of the trick (with two Gazelles, of one card "
     "or of both).",
     "Straight away, if both players still hold cards, each secretly chooses one card and hands it to the "
     "other at the same moment.",
     "When this card opens a trick, the other player may play any card, even with the led suit in hand."},
    {"Le gagnant du pli décide si le jeton d'équipe avance vers lui ou vers son partenaire.",
     "Celui qui la joue se désigne lui-même ou désigne son partenaire ; ce joueur peut aussitôt troquer une "
     "carte de sa main contre la carte décret. Un nouvel atout peut changer le gagnant du pli.",
     "Le gagnant du pli peut ne pas compter les empreintes d'une carte du pli (avec deux Gazelles, d'une carte "
     "ou des deux).",
     "Tout de suite, si les deux joueurs ont encore des cartes, chacun choisit en secret une carte et la passe "
     "à l'autre au même moment.",
     "Quand cette carte ouvre un pli, l'autre joueur peut jouer n'importe quelle carte, même s'il a la couleur "
     "demandée."},
};

const char *tw_fox_suit_name(int suit, tw_lang lang)
{
    if (suit < 0 || suit >= TW_FOX_SUITS)
        return "?";
    return SUIT_NAMES[lang == TW_LANG_FR][suit];
}

const char *tw_fox_ability_name(int rank, tw_lang lang)
{
    if (rank < 1 || rank > TW_FOX_RANKS || rank % 2 == 0)
        return "";
    return ABILITY_NAMES[lang == TW_LANG_FR][rank / 2];
}

const char *tw_fox_ability_text(int rank, tw_lang lang)
{
    if (rank < 1 || rank > TW_FOX_RANKS || rank % 2 == 0)
        return "";
    return ABILITY_TEXTS[lang == TW_LANG_FR][rank / 2];
}
