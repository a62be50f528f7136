/* Builds For Northwood! situations for tests and prints them as text. */
#include <stdio.h>
#include <string.h>

#include "nw_fixture.h"
#include "test.h"
#include "trickwood/nw_files.h"

static tw_nw_catalog fixture_catalog;

/* Loads data/characters.json the first time it is asked for. */
const tw_nw_catalog *fx_catalog(void)
{
    if (!fixture_catalog.count) {
        tw_diag d;
        if (tw_nw_catalog_load_default(&fixture_catalog, &d) != TW_OK) {
            char buf[700];
            tw_diag_format(&d, buf, sizeof buf);
            tw_test_fail(__FILE__, __LINE__, "cannot load the catalog: %s", buf);
        }
    }
    return &fixture_catalog;
}

/* Finds a character of the default catalog. */
int fx_index(const char *id)
{
    int i = tw_nw_catalog_find(fx_catalog(), id);
    if (i < 0) {
        tw_test_fail(__FILE__, __LINE__, "unknown character '%s'", id);
        return 0;
    }
    return i;
}

/* Copies a catalog entry into a character in play. */
void fx_character_from(tw_nw_character *out, const tw_nw_catalog *catalog, int index)
{
    tw_nw_character_from_catalog(out, catalog, index);
}

/* Copies a default-catalog character by id. */
void fx_character(tw_nw_character *out, const char *id)
{
    fx_character_from(out, fx_catalog(), fx_index(id));
}

/* The id of a character in play. */
const char *fx_id(const tw_nw_character *ch)
{
    const tw_nw_catalog *c = fx_catalog();
    return ch->catalog_index < c->count ? c->entries[ch->catalog_index].id : "?";
}

/* Parses one card code. */
int fx_card(const char *code)
{
    int card = tw_nw_card_parse(code);
    if (card < 0) {
        tw_test_fail(__FILE__, __LINE__, "bad card code '%s'", code);
        return 0;
    }
    return card;
}

/* Parses a list of card codes into an array; returns the count or -1. */
static int parse_list(const char *codes, uint8_t *out)
{
    int n = 0;
    const char *p = codes ? codes : "";
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char code[8];
        int len = 0;
        while (p[len] && p[len] != ' ' && len < 7) {
            code[len] = p[len];
            len++;
        }
        code[len] = '\0';
        p += len;
        int card = tw_nw_card_parse(code);
        if (card < 0 || n >= TW_NW_CARDS) {
            tw_test_fail(__FILE__, __LINE__, "bad card code '%s' in \"%s\"", code, codes);
            return -1;
        }
        out[n++] = (uint8_t)card;
    }
    return n;
}

/* The set of cards in a list. */
uint32_t fx_mask(const char *codes)
{
    uint8_t cards[TW_NW_CARDS];
    int n = parse_list(codes, cards);
    uint32_t mask = 0;
    for (int i = 0; i < n; i++)
        mask |= 1u << cards[i];
    return mask;
}

/* A sound default situation between visits. */
void fx_blank(tw_nw_state *s, const char *rulers)
{
    static const char *const default_rulers[TW_NW_FIEFS] = {
        "queen-of-claws", "king-of-claws", "queen-of-flowers", "king-of-flowers",
        "queen-of-leaves", "king-of-leaves", "queen-of-eyes", "king-of-eyes"};
    static const char *const jacks[TW_NW_SLOTS] = {"jack-of-claws", "jack-of-flowers", "jack-of-leaves",
                                                   "jack-of-eyes"};
    memset(s, 0, sizeof *s);
    tw_rng_seed(&s->rng, 1);
    s->setup = TW_NW_SETUP_INTRO;
    s->medal = TW_NW_MEDAL_BRONZE;
    s->phase = TW_NW_PHASE_CHOOSE_FIEF;
    s->visiting = -1;
    char ids[TW_NW_FIEFS][48];
    int count = 0;
    if (rulers) {
        const char *p = rulers;
        while (*p && count < TW_NW_FIEFS) {
            while (*p == ' ')
                p++;
            int len = 0;
            while (p[len] && p[len] != ' ' && len < 47)
                len++;
            if (!len)
                break;
            memcpy(ids[count], p, (size_t)len);
            ids[count][len] = '\0';
            count++;
            p += len;
        }
        if (count != TW_NW_FIEFS)
            tw_test_fail(__FILE__, __LINE__, "fx_blank wants 8 rulers, got \"%s\"", rulers);
    }
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        fx_character(&s->fiefs[f].ruler, rulers && f < count ? ids[f] : default_rulers[f]);
        s->fiefs[f].status = TW_NW_FIEF_NEUTRAL;
        s->fiefs[f].ruler_present = 1;
        s->fiefs[f].sub_slot = -1;
    }
    for (int i = 0; i < TW_NW_SLOTS; i++) {
        fx_character(&s->slots[i].ally, jacks[i]);
        s->slots[i].sub_fief = -1;
    }
    s->run.first_pick = TW_NW_NO_CARD;
    s->run.named_suit = TW_NW_NO_CARD;
    for (int c = 0; c < TW_NW_CARDS; c++)
        s->deck[c] = (uint8_t)c;
    s->deck_n = TW_NW_CARDS;
    for (int i = 0; i < TW_NW_HAND_SIZE; i++)
        s->hand |= 1u << s->deck[--s->deck_n];
}

/* Lays out all 32 cards. */
int fx_cards(tw_nw_state *s, const char *hand, const char *deck, const char *discard, const char *score, int rest)
{
    uint8_t lists[4][TW_NW_CARDS];
    const char *texts[4] = {hand, deck, discard, score};
    int counts[4];
    uint32_t used = 0;
    for (int p = 0; p < 4; p++) {
        counts[p] = parse_list(texts[p], lists[p]);
        if (counts[p] < 0)
            return 0;
        for (int i = 0; i < counts[p]; i++) {
            if (used & (1u << lists[p][i])) {
                char code[4];
                tw_nw_card_code(lists[p][i], code);
                tw_test_fail(__FILE__, __LINE__, "card %s is placed twice", code);
                return 0;
            }
            used |= 1u << lists[p][i];
        }
    }
    uint8_t filler[TW_NW_CARDS];
    int nfill = 0;
    for (int c = 0; c < TW_NW_CARDS; c++)
        if (!(used & (1u << c)))
            filler[nfill++] = (uint8_t)c;
    s->hand = 0;
    for (int i = 0; i < counts[0]; i++)
        s->hand |= 1u << lists[0][i];
    s->deck_n = s->discard_n = s->score_n = 0;
    s->deck_known = 0;
    memset(s->deck, 0, sizeof s->deck);
    memset(s->discard, 0, sizeof s->discard);
    memset(s->score, 0, sizeof s->score);
    if (rest == TW_NW_PILE_DECK)
        for (int i = 0; i < nfill; i++)
            s->deck[s->deck_n++] = filler[i];
    else
        for (int i = 0; i < nfill; i++)
            s->discard[s->discard_n++] = filler[i];
    for (int i = 0; i < counts[1]; i++)
        s->deck[s->deck_n++] = lists[1][i];
    for (int i = 0; i < counts[2]; i++)
        s->discard[s->discard_n++] = lists[2][i];
    for (int i = 0; i < counts[3]; i++)
        s->score[s->score_n++] = lists[3][i];
    tw_nw_recount(s); /* the statement the engine keeps, if a response is awaited */
    return 1;
}

/* Sets the ruler of a fief. */
void fx_ruler(tw_nw_state *s, int fief, const char *id)
{
    fx_character(&s->fiefs[fief].ruler, id);
}

/* Sets the ally of a slot. */
void fx_ally(tw_nw_state *s, int slot, const char *id)
{
    fx_character(&s->slots[slot].ally, id);
}

/* Sets a fief status, keeping ruler presence consistent. */
void fx_status(tw_nw_state *s, int fief, int status)
{
    s->fiefs[fief].status = (uint8_t)status;
    s->fiefs[fief].ruler_present = status != TW_NW_FIEF_LOST;
    tw_nw_recount(s);
}

/* A friendly fief whose ruler has left the game. */
void fx_gone(tw_nw_state *s, int fief)
{
    s->fiefs[fief].status = TW_NW_FIEF_FRIENDLY;
    s->fiefs[fief].ruler_present = 0;
}

/* Pairs a friendly ruler with a slot. */
void fx_sub(tw_nw_state *s, int fief, int slot)
{
    s->fiefs[fief].sub_slot = (int8_t)slot;
    s->slots[slot].sub_fief = (int8_t)fief;
}

/* Exhausts a slot. */
void fx_exhaust(tw_nw_state *s, int slot)
{
    s->slots[slot].exhausted = 1;
}

/* Enters a visit phase directly. */
void fx_visit(tw_nw_state *s, int fief, int phase)
{
    s->visiting = (int8_t)fief;
    s->phase = (uint8_t)phase;
    tw_nw_recount(s); /* the statement the engine keeps in the response phase */
}

/* Marks the top of the deck as known. */
void fx_known_top(tw_nw_state *s, int n)
{
    for (int i = 0; i < n && i < s->deck_n; i++)
        s->deck_known |= 1u << (s->deck_n - 1 - i);
}

static char text_buffers[8][256];
static int text_next;

/* Returns a fresh rotating buffer. */
static char *next_buffer(void)
{
    char *b = text_buffers[text_next++ % 8];
    b[0] = '\0';
    return b;
}

/* Appends a card code to a space-separated list. */
static void append_card(char *buf, int card)
{
    char code[4];
    tw_nw_card_code(card, code);
    if (buf[0])
        strcat(buf, " ");
    strcat(buf, code);
}

/* Writes a pile bottom-first. */
const char *fx_pile(const tw_nw_state *s, int pile)
{
    char *b = next_buffer();
    switch (pile) {
    case TW_NW_PILE_HAND:
        for (int c = 0; c < TW_NW_CARDS; c++)
            if (s->hand & (1u << c))
                append_card(b, c);
        break;
    case TW_NW_PILE_DECK:
        for (int i = 0; i < s->deck_n && i < TW_NW_CARDS; i++)
            append_card(b, s->deck[i]);
        break;
    case TW_NW_PILE_DISCARD:
        for (int i = 0; i < s->discard_n && i < TW_NW_CARDS; i++)
            append_card(b, s->discard[i]);
        break;
    case TW_NW_PILE_SCORE:
        for (int i = 0; i < s->score_n && i < TW_NW_CARDS; i++)
            append_card(b, s->score[i]);
        break;
    default:
        break;
    }
    return b;
}

/* Writes the known deck cards bottom-first. */
const char *fx_known(const tw_nw_state *s)
{
    char *b = next_buffer();
    for (int i = 0; i < s->deck_n && i < TW_NW_CARDS; i++)
        if (s->deck_known & (1u << i))
            append_card(b, s->deck[i]);
    return b;
}

/* Writes the legal actions. */
const char *fx_legal(const tw_nw_state *s)
{
    char *b = next_buffer();
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    for (int i = 0; i < n; i++) {
        char one[32];
        tw_nw_action_format(acts[i], one, sizeof one);
        if (strlen(b) + strlen(one) + 3 >= 256)
            break;
        if (i)
            strcat(b, ", ");
        strcat(b, one);
    }
    return b;
}

/* Parses and applies one action. */
tw_error fx_try_at(const char *file, int line, tw_nw_state *s, const char *action, tw_nw_events *events)
{
    tw_nw_action a;
    if (tw_nw_action_parse(action, &a) != 0) {
        tw_test_fail(file, line, "'%s' is not an action", action);
        return TW_ERR_ARG;
    }
    return tw_nw_apply(s, a, events);
}

/* Applies a ';'-separated script of actions. */
int fx_run_at(const char *file, int line, tw_nw_state *s, const char *script, tw_nw_events *events)
{
    char copy[512];
    snprintf(copy, sizeof copy, "%s", script);
    char *save = NULL;
    for (char *one = strtok_r(copy, ";", &save); one; one = strtok_r(NULL, ";", &save)) {
        while (*one == ' ')
            one++;
        tw_error err = fx_try_at(file, line, s, one, events);
        if (err != TW_OK) {
            tw_test_fail(file, line, "'%s' refused (%s); legal: %s", one, tw_error_name(err), fx_legal(s));
            return 0;
        }
        if (!fx_sound_at(file, line, s))
            return 0;
    }
    return 1;
}

/* Checks invariants with a located failure. */
int fx_sound_at(const char *file, int line, const tw_nw_state *s)
{
    const char *why = NULL;
    if (!tw_nw_check_invariants(s, &why)) {
        tw_test_fail(file, line, "invariants broken: %s", why ? why : "?");
        return 0;
    }
    return 1;
}

/* Counts events of a type (and card). */
int fx_count_events(const tw_nw_events *events, int type, int card)
{
    int n = 0;
    for (int i = 0; i < events->count; i++)
        if (events->items[i].type == type && (card < 0 || events->items[i].card == card))
            n++;
    return n;
}

/* Finds the next event of a type. */
int fx_find_event(const tw_nw_events *events, int type, int from)
{
    for (int i = from < 0 ? 0 : from; i < events->count; i++)
        if (events->items[i].type == type)
            return i;
    return -1;
}

/* A visit in before_statement with an ally on slot 0 and given cards. */
void fx_ready(tw_nw_state *s, int fief, const char *ally, const char *hand, const char *deck, const char *discard,
              const char *score, int rest)
{
    fx_blank(s, NULL);
    if (ally)
        fx_ally(s, 0, ally);
    fx_cards(s, hand, deck, discard, score, rest);
    fx_visit(s, fief, TW_NW_PHASE_BEFORE_STATEMENT);
    fx_sound_at(__FILE__, __LINE__, s);
}

/* The top of the discard pile as a code. */
const char *fx_discard_top(const tw_nw_state *s)
{
    static char code[4];
    if (!s->discard_n)
        return "";
    tw_nw_card_code(s->discard[s->discard_n - 1], code);
    return code;
}
