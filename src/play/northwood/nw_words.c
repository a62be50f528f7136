/* For Northwood!'s words on the screen, in the choices and in the
 * narration: suits, cards, characters (with the crown mark and the ruler a
 * character copies), abilities and stars.
 *
 * Suit symbols (single-width, no emoji): Claws ♠ (red), Flowers ✿
 * (magenta), Leaves ♣ (green), Eyes ◉ (cyan); ASCII fallback: the letters
 * typed for cards, C F L E in English (the record's), G F L Y in French
 * (Griffes, Fleurs, feuiLles, Yeux: no two alike). */
#include <stdio.h>
#include <string.h>

#include "play/northwood/nw_cli.h"
#include "term/prompt.h"

#define T(id) tw_nw_cli_text(cli->lang, (id))

static const char *const SUIT_UTF8[TW_NW_SUITS] = {"\xe2\x99\xa0", "\xe2\x9c\xbf", "\xe2\x99\xa3", "\xe2\x97\x89"};
static const char *const SUIT_ASCII[2][TW_NW_SUITS] = {{"C", "F", "L", "E"}, {"G", "F", "L", "Y"}};
static const tw_style SUIT_STYLE[TW_NW_SUITS] = {TW_STYLE_RED, TW_STYLE_MAGENTA, TW_STYLE_GREEN, TW_STYLE_CYAN};

/* The symbol of a suit. */
const char *tw_nw_cli_suit_symbol(const tw_cli *cli, int suit)
{
    if (suit < 0 || suit >= TW_NW_SUITS)
        return "?";
    return tw_term_symbol(&cli->term, SUIT_UTF8[suit], SUIT_ASCII[cli->lang == TW_LANG_FR][suit]);
}

/* The name of a suit. */
const char *tw_nw_cli_suit_name(const tw_cli *cli, int suit)
{
    if (suit < 0 || suit >= TW_NW_SUITS)
        return "?";
    return T((tw_nw_text_id)(NW_T_SUIT_CLAWS + suit));
}

/* A card: value, the letter typed for its suit, then its suit symbol,
 * coloured ("7C\u2660"; "7C" in ASCII). */
void tw_nw_cli_card(const tw_cli *cli, int card, char *out, size_t size)
{
    int known = card >= 0 && card < TW_NW_CARDS, suit = known ? TW_NW_SUIT(card) : 0;
    tw_term_card(&cli->term, known ? TW_NW_VALUE(card) : -1, SUIT_STYLE[suit], tw_nw_cli_suit_symbol(cli, suit),
                 SUIT_ASCII[cli->lang == TW_LANG_FR][suit], out, size);
}

/* Rewrites the suit symbols of a typed answer as the record's letters
 * ("7\u2660" becomes "7c"; "7c\u2660", copied from the screen, "7c"), into
 * out. */
void tw_nw_cli_unsymbol(const char *typed, char *out, size_t size)
{
    static const char LETTERS[TW_NW_SUITS] = {'c', 'f', 'l', 'e'};
    tw_prompt_unsymbol(typed, SUIT_UTF8, LETTERS, TW_NW_SUITS, out, size);
}

/* The crown mark: a crowned piece in UTF-8, a caret in ASCII. */
const char *tw_nw_cli_crown_mark(const tw_cli *cli)
{
    return tw_term_symbol(&cli->term, "\xe2\x99\x9b", "^");
}

/* Whether a character is one of the crown cards. */
int tw_nw_cli_is_crown(const tw_nw_catalog *catalog, const tw_nw_character *ch)
{
    return ch->catalog_index < catalog->count && catalog->entries[ch->catalog_index].crown;
}

/* A character's name (player's language), suit symbol and crown mark. */
void tw_nw_cli_character(const tw_cli *cli, const tw_nw_catalog *catalog, const tw_nw_character *ch, char *out,
                         size_t size)
{
    const char *name = "?";
    if (ch->catalog_index < catalog->count)
        name = catalog->entries[ch->catalog_index].name[cli->lang];
    if (!name[0] && ch->catalog_index < catalog->count)
        name = catalog->entries[ch->catalog_index].name[TW_LANG_EN];
    int crown = tw_nw_cli_is_crown(catalog, ch);
    snprintf(out, size, "%s %s%s%s%s%s", name, tw_term_style(&cli->term, SUIT_STYLE[ch->suit % TW_NW_SUITS]),
             tw_nw_cli_suit_symbol(cli, ch->suit), tw_term_style(&cli->term, TW_STYLE_RESET), crown ? " " : "",
             crown ? tw_nw_cli_crown_mark(cli) : "");
}

/* The ability text of a character in the player's language. */
const char *tw_nw_cli_ability_text(const tw_cli *cli, const tw_nw_catalog *catalog, const tw_nw_character *ch)
{
    if (ch->catalog_index >= catalog->count)
        return "";
    const tw_nw_catalog_entry *e = &catalog->entries[ch->catalog_index];
    return e->text[cli->lang][0] ? e->text[cli->lang] : e->text[TW_LANG_EN];
}

/* The visited ruler when ch copies it (Queen of Leaves), else NULL. */
const tw_nw_character *tw_nw_cli_copied_ruler(const tw_nw_state *state, const tw_nw_character *ch)
{
    if (state->visiting < 0 || state->visiting >= TW_NW_FIEFS)
        return NULL;
    for (int i = 0; i < ch->nsteps && i < TW_NW_MAX_STEPS; i++)
        if (ch->steps[i].op == TW_NW_OP_COPY_RULER)
            return &state->fiefs[state->visiting].ruler;
    return NULL;
}

/* The character acting on a slot, with the ruler it copies if any. */
void tw_nw_cli_acting_name(const tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog, int slot,
                           char *out, size_t size)
{
    const tw_nw_character *ch = tw_nw_slot_character(state, slot % TW_NW_SLOTS);
    const tw_nw_character *copied = tw_nw_cli_copied_ruler(state, ch);
    char name[160], other[160];
    tw_nw_cli_character(cli, catalog, ch, name, sizeof name);
    if (!copied || copied == ch) {
        snprintf(out, size, "%s", name);
        return;
    }
    tw_nw_cli_character(cli, catalog, copied, other, sizeof other);
    snprintf(out, size, T(NW_T_COPYING), name, other);
    tw_nw_cli_french_articles(cli, out, size);
}

/* Stars as symbols. */
void tw_nw_cli_stars(const tw_cli *cli, int count, char *out, size_t size)
{
    const char *star = tw_term_symbol(&cli->term, "\xe2\x98\x85", "*");
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        int n = snprintf(out + len, size - len, "%s", star);
        if (n < 0 || (size_t)n >= size - len)
            break;
        len += (size_t)n;
    }
}

/* What fief f's column of stars shows. */
void tw_nw_cli_fief_stars(const tw_cli *cli, const tw_nw_state *s, int f, char *out, size_t size)
{
    if (s->variant != TW_NW_VARIANT_HIDDEN_STARS) {
        tw_nw_cli_stars(cli, tw_nw_stars[f], out, size);
        return;
    }
    if (tw_nw_is_over(s))
        tw_nw_cli_stars(cli, (s->star_fiefs >> f) & 1, out, size);
    else
        snprintf(out, size, "%s", tw_nw_cli_text(cli->lang, NW_T_STAR_HIDDEN));
}

/* The goal in words. */
void tw_nw_cli_goal_words(const tw_cli *cli, int variant, int expert, int medal, int symbol, char *out, size_t size)
{
    char goal[128], stars[32];
    if (variant == TW_NW_VARIANT_HIDDEN_STARS) {
        snprintf(goal, sizeof goal, "%s", tw_nw_cli_text(cli->lang, NW_T_GOAL_HIDDEN));
    } else {
        int m = medal >= TW_NW_MEDAL_BRONZE && medal <= TW_NW_MEDAL_GOLD ? medal : TW_NW_MEDAL_BRONZE;
        const char *name = tw_nw_cli_text(cli->lang, NW_T_MEDAL_NONE + m);
        int need = tw_nw_medal_threshold((tw_nw_medal)m);
        if (symbol) {
            tw_nw_cli_stars(cli, 1, stars, sizeof stars);
            snprintf(goal, sizeof goal, tw_nw_cli_text(cli->lang, NW_T_GOAL_MEDAL), name, need, stars);
        } else {
            tw_text_count(cli->lang, need, TW_T_STARS_ONE, stars, sizeof stars);
            snprintf(goal, sizeof goal, "%s (%s)", name, stars);
        }
    }
    if (expert)
        snprintf(out, size, tw_nw_cli_text(cli->lang, NW_T_GOAL_EXPERT), goal);
    else
        snprintf(out, size, "%s", goal);
}

/* The goal of a state in words. */
void tw_nw_cli_state_goal(const tw_cli *cli, const tw_nw_state *s, int symbol, char *out, size_t size)
{
    tw_nw_cli_goal_words(cli, s->variant, s->expert, s->medal, symbol, out, size);
}

/* Whether text starts with a French character title followed by a space
 * or the end; returns its gender (1 masculine, 2 feminine) or 0. */
static int french_title_at(const char *text)
{
    static const char *const male[] = {"Roi", "Valet", "Prince", "Baron"}, *const female[] = {"Reine", "Dame"};
    for (int g = 0; g < 2; g++) {
        const char *const *list = g ? female : male;
        for (int i = 0; i < (g ? 2 : 4); i++) {
            size_t n = strlen(list[i]);
            if (strncmp(text, list[i], n) == 0 && (text[n] == ' ' || text[n] == '\0'))
                return g + 1;
        }
    }
    return 0;
}

/* In a French text, contracts "à" and "de" before a character's title ("à
 * Prince des Griffes": "au Prince des Griffes"; "de Reine des Fleurs":
 * "de la Reine des Fleurs"), in place. English text is left as it is. */
void tw_nw_cli_french_articles(const tw_cli *cli, char *text, size_t size)
{
    if (cli->lang != TW_LANG_FR || size == 0)
        return;
    char out[1024];
    size_t at = 0;
    for (size_t i = 0; text[i] && at + 8 < sizeof out;) {
        int word_start = i == 0 || text[i - 1] == ' ' || text[i - 1] == '(';
        int to = word_start && strncmp(text + i, "\xc3\xa0 ", 3) == 0, of = word_start && strncmp(text + i, "de ", 3) == 0;
        int gender = to || of ? french_title_at(text + i + 3) : 0;
        if (gender) {
            const char *with = to ? (gender == 1 ? "au " : "\xc3\xa0 la ") : (gender == 1 ? "du " : "de la ");
            size_t n = strlen(with);
            memcpy(out + at, with, n);
            at += n;
            i += 3;
            continue;
        }
        out[at++] = text[i++];
    }
    out[at] = '\0';
    snprintf(text, size, "%s", out);
}
