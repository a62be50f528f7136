/* The For Northwood! screen: plain text lines redrawn before each
 * decision, built from the player's view so nothing hidden leaks. Cards,
 * suits and characters are written as nw_words.c writes them. */
#include <stdio.h>
#include <string.h>

#include "play/northwood/nw_cli.h"

#define T(id) tw_nw_cli_text(cli->lang, (id))

/* Appends a card to a list in buf, with a space before it unless first. */
static void append_card(const tw_cli *cli, char *buf, size_t size, int card)
{
    char one[48];
    tw_nw_cli_card(cli, card, one, sizeof one);
    size_t len = strlen(buf);
    snprintf(buf + len, size - len, "%s%s", len ? " " : "", one);
}

/* A horizontal rule between screens (the compact layout has none: its
 * bold header starts each screen). */
static void rule(tw_cli *cli)
{
    const char *bar = tw_term_symbol(&cli->term, "\xe2\x94\x80", "-");
    if (cli->compact) {
        fputc('\n', cli->out);
        return;
    }
    fputc('\n', cli->out);
    for (int i = 0; i < 72; i++)
        fputs(bar, cli->out);
    fputc('\n', cli->out);
}

/* Status text of a fief (short: the words of the compact layout). */
static void fief_status(const tw_cli *cli, const tw_nw_state *s, int f, int short_form, char *out, size_t size)
{
    int shift = short_form ? NW_T_STC_UNVISITED - NW_T_ST_UNVISITED : 0;
#define ST(id) T((tw_nw_text_id)((id) + shift))
    const tw_nw_fief *fi = &s->fiefs[f];
    const tw_term *t = &cli->term;
    switch (fi->status) {
    case TW_NW_FIEF_NEUTRAL:
        if (s->visiting == f)
            snprintf(out, size, "%s%s%s", tw_term_style(t, TW_STYLE_YELLOW), ST(NW_T_ST_VISITING),
                     tw_term_style(t, TW_STYLE_RESET));
        else
            snprintf(out, size, "%s", ST(NW_T_ST_UNVISITED));
        break;
    case TW_NW_FIEF_FRIENDLY: {
        char text[128];
        if (fi->sub_slot >= 0)
            snprintf(text, sizeof text, ST(NW_T_ST_FRIENDLY_SUB), fi->sub_slot);
        else if (!fi->ruler_present)
            snprintf(text, sizeof text, "%s", ST(NW_T_ST_FRIENDLY_GONE));
        else
            snprintf(text, sizeof text, "%s", ST(NW_T_ST_FRIENDLY));
        snprintf(out, size, "%s%s%s", tw_term_style(t, TW_STYLE_GREEN), text, tw_term_style(t, TW_STYLE_RESET));
        break;
    }
    default:
        snprintf(out, size, "%s%s%s", tw_term_style(t, TW_STYLE_RED), ST(NW_T_ST_LOST),
                 tw_term_style(t, TW_STYLE_RESET));
        break;
    }
#undef ST
}

/* The header line (shorter in the compact layout). */
static void draw_header(tw_cli *cli, const tw_nw_state *s, uint64_t seed)
{
    const tw_term *t = &cli->term;
    char star[8];
    tw_nw_cli_stars(cli, 1, star, sizeof star);
    char goal[160];
    tw_nw_cli_state_goal(cli, s, 1, goal, sizeof goal);
    fputs(tw_term_style(t, TW_STYLE_BOLD), cli->out);
    const char *setup = T(s->setup == TW_NW_SETUP_FULL ? (cli->compact ? NW_T_SETUP_FULL_SHORT : NW_T_SETUP_FULL)
                                                       : (cli->compact ? NW_T_SETUP_INTRO_SHORT : NW_T_SETUP_INTRO));
    if (s->variant == TW_NW_VARIANT_HIDDEN_STARS) {
        /* the medal's stars decide nothing here: the fiefs won and lost do */
        int friendly = 0, lost = 0;
        for (int f = 0; f < TW_NW_FIEFS; f++) {
            friendly += s->fiefs[f].status == TW_NW_FIEF_FRIENDLY;
            lost += s->fiefs[f].status == TW_NW_FIEF_LOST;
        }
        tw_cli_printf(cli, T(cli->compact ? NW_T_HEADER_HIDDEN_COMPACT : NW_T_HEADER_HIDDEN), T(NW_T_GAME_NAME),
                      (unsigned long long)seed, setup, goal, friendly, lost);
    } else if (cli->compact) {
        tw_cli_printf(cli, T(NW_T_HEADER_COMPACT), T(NW_T_GAME_NAME), (unsigned long long)seed, setup, goal,
                      tw_nw_stars_won(s), star, tw_nw_stars_possible(s));
    } else {
        tw_cli_printf(cli, T(NW_T_HEADER), T(NW_T_GAME_NAME), (unsigned long long)seed, setup, goal,
                      tw_nw_stars_won(s), tw_nw_stars_possible(s));
    }
    fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
    fputc('\n', cli->out);
}

/* Whether the screen should show a fief ruler's ability: the visited
 * ruler (a copier can use it) and friendly rulers free to substitute,
 * unless a choice below carries it; never in the compact layout (the
 * choices and `cards` do). */
static int ruler_text_shown(const tw_cli *cli, const tw_nw_state *s, int f)
{
    const tw_nw_fief *fi = &s->fiefs[f];
    if (cli->compact || !fi->ruler_present || tw_nw_cli_label_shows(s, &fi->ruler))
        return 0;
    return s->visiting == f || (fi->status == TW_NW_FIEF_FRIENDLY && fi->sub_slot < 0);
}

/* The eight fiefs in the compact layout: two columns (0 to 3, then 4 to
 * 7), each fief its number (its target), stars, ruler and a short status;
 * no ability texts. */
static void draw_fiefs_compact(tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog)
{
    for (int row = 0; row < TW_NW_FIEFS / 2; row++)
        for (int half = 0; half < 2; half++) {
            int f = row + half * TW_NW_FIEFS / 2;
            char num[16], stars[32], ruler[160], status[160];
            snprintf(num, sizeof num, "%d", f);
            tw_nw_cli_fief_stars(cli, s, f, stars, sizeof stars);
            tw_nw_cli_character(cli, catalog, &s->fiefs[f].ruler, ruler, sizeof ruler);
            fief_status(cli, s, f, 1, status, sizeof status);
            tw_term_pad(cli->out, num, 2);
            tw_term_pad(cli->out, stars, 5);
            tw_term_pad(cli->out, ruler, 23);
            fputc(' ', cli->out);
            if (half == 0) {
                tw_term_pad(cli->out, status, 9);
            } else {
                fputs(status, cli->out);
                fputc('\n', cli->out);
            }
        }
}

/* The eight fiefs, one line each, with the ability of the rulers that can
 * act (the visited one and the possible substitutes). */
static void draw_fiefs(tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog)
{
    const tw_term *t = &cli->term;
    if (cli->compact) {
        draw_fiefs_compact(cli, s, catalog);
        return;
    }
    tw_cli_printf(cli, "%s%s%s\n", tw_term_style(t, TW_STYLE_BOLD), T(NW_T_FIEFS_TITLE),
                  tw_term_style(t, TW_STYLE_RESET));
    fputs("    ", cli->out);
    tw_term_pad(cli->out, T(NW_T_COL_FIEF), 6);
    tw_term_pad(cli->out, T(NW_T_COL_TARGET), 8);
    tw_term_pad(cli->out, T(NW_T_COL_STARS), 9);
    tw_term_pad(cli->out, T(NW_T_COL_RULER), 26);
    fprintf(cli->out, "%s\n", T(NW_T_COL_STATUS));
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        char num[16], stars[32], ruler[160], status[160];
        const char *mark = s->visiting == f ? tw_term_symbol(t, "\xe2\x96\xb6", ">") : " ";
        snprintf(num, sizeof num, "%d", f);
        tw_nw_cli_fief_stars(cli, s, f, stars, sizeof stars);
        tw_nw_cli_character(cli, catalog, &s->fiefs[f].ruler, ruler, sizeof ruler);
        fief_status(cli, s, f, 0, status, sizeof status);
        fprintf(cli->out, "  %s ", mark);
        tw_term_pad(cli->out, num, 6);
        tw_term_pad(cli->out, num, 8); /* the target is the fief's number */
        tw_term_pad(cli->out, stars, 9);
        tw_term_pad(cli->out, ruler, 25);
        fprintf(cli->out, " %s\n", status);
        if (ruler_text_shown(cli, s, f)) {
            fputs(tw_term_style(t, TW_STYLE_DIM), cli->out);
            tw_term_wrap(cli->out, tw_nw_cli_ability_text(cli, catalog, &s->fiefs[f].ruler), 10, 78);
            fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
        }
    }
}

/* Whether a crown card is on the table (a ruler still in play or an ally). */
static int crown_on_table(const tw_nw_state *s, const tw_nw_catalog *catalog)
{
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (s->fiefs[f].ruler_present && tw_nw_cli_is_crown(catalog, &s->fiefs[f].ruler))
            return 1;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        if (tw_nw_cli_is_crown(catalog, &s->slots[slot].ally))
            return 1;
    return 0;
}

/* The compact form of the four slots: two to a line, no texts. */
static void draw_slots_compact(tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog)
{
    const tw_term *t = &cli->term;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        const tw_nw_slot *sl = &s->slots[slot];
        char name[160], ally[160], who[400], item[480];
        tw_nw_cli_character(cli, catalog, tw_nw_slot_character(s, slot), name, sizeof name);
        snprintf(who, sizeof who, "%s", name);
        if (sl->sub_fief >= 0) {
            char sub[200];
            tw_nw_cli_character(cli, catalog, &sl->ally, ally, sizeof ally);
            snprintf(sub, sizeof sub, T(NW_T_SUB_FOR), ally);
            snprintf(who, sizeof who, "%s %s", name, sub);
        }
        snprintf(item, sizeof item, T(NW_T_SLOT_COMPACT), slot, who, sl->exhausted ? T(NW_T_USED) : T(NW_T_READY));
        fputs(slot % 2 ? "  " : "", cli->out);
        fputs(tw_term_style(t, sl->exhausted ? TW_STYLE_DIM : TW_STYLE_RESET), cli->out);
        if (slot % 2 == 0)
            tw_term_pad(cli->out, item, 38);
        else
            fputs(item, cli->out);
        fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
        if (slot % 2)
            fputc('\n', cli->out);
    }
}

/* The four ability slots: active character, ready or used, text unless a
 * choice below carries it (and, for a copier during a visit, which
 * ability it would copy). */
static void draw_slots(tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog)
{
    const tw_term *t = &cli->term;
    if (cli->compact) {
        draw_slots_compact(cli, s, catalog);
        return;
    }
    tw_cli_printf(cli, "%s%s%s\n", tw_term_style(t, TW_STYLE_BOLD), T(NW_T_ALLIES_TITLE),
                  tw_term_style(t, TW_STYLE_RESET));
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        const tw_nw_slot *sl = &s->slots[slot];
        const tw_nw_character *ch = tw_nw_slot_character(s, slot);
        char name[160], slot_name[64], who[320];
        tw_nw_cli_character(cli, catalog, ch, name, sizeof name);
        if (tw_nw_cli_is_crown(catalog, ch)) {
            size_t len = strlen(name);
            snprintf(name + len, sizeof name - len, " %s", T(NW_T_CROWN_WORD));
        }
        snprintf(slot_name, sizeof slot_name, T(NW_T_SLOT), slot);
        if (sl->sub_fief >= 0) {
            char ally[160], sub[200];
            tw_nw_cli_character(cli, catalog, &sl->ally, ally, sizeof ally);
            snprintf(sub, sizeof sub, T(NW_T_SUB_FOR), ally);
            snprintf(who, sizeof who, "%s %s", name, sub);
        } else {
            snprintf(who, sizeof who, "%s", name);
        }
        const char *state = sl->exhausted ? T(NW_T_USED) : T(NW_T_READY);
        fprintf(cli->out, "    %s ", slot_name);
        tw_term_pad(cli->out, who, 44);
        fprintf(cli->out, " %s[%s]%s\n", tw_term_style(t, sl->exhausted ? TW_STYLE_DIM : TW_STYLE_GREEN), state,
                tw_term_style(t, TW_STYLE_RESET));
        fputs(tw_term_style(t, TW_STYLE_DIM), cli->out);
        if (!tw_nw_cli_label_shows(s, ch))
            tw_term_wrap(cli->out, tw_nw_cli_ability_text(cli, catalog, ch), 8, 78);
        const tw_nw_character *copied = tw_nw_cli_copied_ruler(s, ch);
        if (copied) {
            char ruler[160], line[600];
            tw_nw_cli_character(cli, catalog, copied, ruler, sizeof ruler);
            snprintf(line, sizeof line, T(NW_T_COPY_NOW), ruler);
            tw_nw_cli_french_articles(cli, line, sizeof line);
            tw_term_wrap(cli->out, line, 8, 78);
        }
        fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
    }
    if (crown_on_table(s, catalog)) {
        fputs("    ", cli->out);
        tw_cli_printf(cli, T(NW_T_CROWN_LEGEND), tw_nw_cli_crown_mark(cli));
    }
}

/* The visit: trump, statement, score, deck, known cards, pile tops. */
static void draw_visit(tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog)
{
    if (s->visiting < 0)
        return;
    const tw_term *t = &cli->term;
    int f = s->visiting;
    int trump = tw_nw_trump(s);
    char ruler[128], deck[64], dtop[48] = "-", stop[48] = "-";
    tw_nw_cli_character(cli, catalog, &s->fiefs[f].ruler, ruler, sizeof ruler);
    tw_text_count(cli->lang, s->deck_n, TW_T_CARDS_ONE, deck, sizeof deck);
    if (s->discard_n)
        tw_nw_cli_card(cli, s->discard[s->discard_n - 1], dtop, sizeof dtop);
    if (s->score_n)
        tw_nw_cli_card(cli, s->score[s->score_n - 1], stop, sizeof stop);
    fputs(tw_term_style(t, TW_STYLE_BOLD), cli->out);
    if (cli->compact)
        tw_cli_printf(cli, T(NW_T_VISIT_COMPACT), f, tw_nw_cli_suit_symbol(cli, trump), tw_nw_cli_suit_name(cli, trump),
                      tw_nw_score(s), f, s->deck_n, s->discard_n, dtop, stop);
    else
        tw_cli_printf(cli, T(NW_T_VISIT_LINE), f, ruler, tw_nw_cli_suit_symbol(cli, trump),
                      tw_nw_cli_suit_name(cli, trump), tw_nw_score(s), f, deck);
    fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
    int statement = tw_nw_statement(s);
    if (statement != TW_NW_NO_CARD) {
        char card[48];
        tw_nw_cli_card(cli, statement, card, sizeof card);
        tw_cli_printf(cli, T(NW_T_STATEMENT_LINE), card);
    }
    char known[512] = "";
    for (int i = 0; i < s->deck_n; i++) {
        int pos = s->deck_n - 1 - i;
        if (!(s->deck_known & (1u << pos)) || s->deck[pos] == TW_NW_NO_CARD)
            continue;
        char card[48], item[96];
        tw_nw_cli_card(cli, s->deck[pos], card, sizeof card);
        snprintf(item, sizeof item, T(NW_T_KNOWN_ITEM), i + 1, card);
        size_t len = strlen(known);
        snprintf(known + len, sizeof known - len, "%s%s", len ? ", " : "", item);
    }
    if (known[0])
        tw_cli_printf(cli, T(NW_T_KNOWN_DECK), known);
    if (!cli->compact)
        tw_cli_printf(cli, T(NW_T_PILES_LINE), s->discard_n, dtop, s->score_n, stop);
    if (s->trigger.active && s->trigger.slot < TW_NW_SLOTS) {
        char name[320];
        tw_nw_cli_acting_name(cli, s, catalog, s->trigger.slot, name, sizeof name);
        fputs(tw_term_style(t, TW_STYLE_YELLOW), cli->out);
        tw_cli_printf(cli, T(cli->compact ? NW_T_TRIGGER_ARMED_SHORT : NW_T_TRIGGER_ARMED), name);
        fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
    }
}

/* Says that the visit is decided and may be finished; called when
 * "finish" is among the legal actions. */
void tw_nw_cli_decided(tw_cli *cli, const tw_nw_state *state)
{
    const tw_term *t = &cli->term;
    int hit = 0;
    if (state->visiting < 0 || !tw_nw_visit_decided(state, &hit))
        return;
    fputs(tw_term_style(t, hit ? TW_STYLE_GREEN : TW_STYLE_RED), cli->out);
    int text = cli->compact ? (hit ? NW_T_DECIDED_HIT_SHORT : NW_T_DECIDED_MISS_SHORT)
                            : (hit ? NW_T_DECIDED_HIT : NW_T_DECIDED_MISS);
    tw_cli_printf(cli, T(text), state->visiting);
    fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
}

/* The hand, sorted by suit then value, suits apart. */
static void draw_hand(tw_cli *cli, const tw_nw_state *s)
{
    char hand[512] = "";
    for (int suit = 0; suit < TW_NW_SUITS; suit++) {
        uint32_t cards = s->hand & (0xFFu << (suit * 8));
        if (!cards)
            continue;
        size_t len = strlen(hand);
        if (len)
            snprintf(hand + len, sizeof hand - len, "  ");
        char group[256] = "";
        for (int c = suit * 8; c < suit * 8 + 8; c++)
            if (cards & (1u << c))
                append_card(cli, group, sizeof group, c);
        len = strlen(hand);
        snprintf(hand + len, sizeof hand - len, "%s", group);
    }
    fputs(tw_term_style(&cli->term, TW_STYLE_BOLD), cli->out);
    tw_cli_printf(cli, T(NW_T_HAND), tw_nw_hand_count(s), hand);
    fputs(tw_term_style(&cli->term, TW_STYLE_RESET), cli->out);
}

/* Draws the screen from the player's view. */
void tw_nw_cli_draw(tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog, uint64_t seed)
{
    tw_nw_view view;
    tw_nw_view_of(state, &view);
    const tw_nw_state *s = &view.visible;
    rule(cli);
    draw_header(cli, s, seed);
    draw_fiefs(cli, s, catalog);
    draw_slots(cli, s, catalog);
    draw_visit(cli, s, catalog);
    if (!tw_nw_is_over(s))
        draw_hand(cli, s);
}

/* Prints one line of `cards`, wrapped under its start. */
static void cards_line(tw_cli *cli, const char *text)
{
    char line[1024];
    snprintf(line, sizeof line, "  %s", text);
    tw_term_wrap(cli->out, line, 4, 78);
}

/* Lists every character on the table with its ability, each once: the
 * rulers still in their fiefs, then the characters on the four slots
 * (and an ally a substitute replaces for this visit). */
void tw_nw_cli_cards(tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog)
{
    char name[160], status[160], line[900];
    tw_cli_printf(cli, "%s", T(NW_T_CARDS_TITLE));
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        const tw_nw_fief *fi = &state->fiefs[f];
        if (!fi->ruler_present || fi->sub_slot >= 0) /* gone, or listed on its slot */
            continue;
        tw_nw_cli_character(cli, catalog, &fi->ruler, name, sizeof name);
        fief_status(cli, state, f, 0, status, sizeof status);
        snprintf(line, sizeof line, T(NW_T_CARDS_FIEF), f, name, status,
                 tw_nw_cli_ability_text(cli, catalog, &fi->ruler));
        cards_line(cli, line);
    }
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        const tw_nw_slot *sl = &state->slots[slot];
        const tw_nw_character *ch = tw_nw_slot_character(state, slot);
        tw_nw_cli_character(cli, catalog, ch, name, sizeof name);
        snprintf(line, sizeof line, T(NW_T_CARDS_SLOT), slot, name, tw_nw_cli_ability_text(cli, catalog, ch));
        cards_line(cli, line);
        if (sl->sub_fief >= 0) {
            tw_nw_cli_character(cli, catalog, &sl->ally, name, sizeof name);
            snprintf(line, sizeof line, T(NW_T_CARDS_WAITING), slot, name,
                     tw_nw_cli_ability_text(cli, catalog, &sl->ally));
            cards_line(cli, line);
        }
    }
    if (crown_on_table(state, catalog)) {
        fputs("  ", cli->out);
        tw_cli_printf(cli, T(NW_T_CROWN_LEGEND), tw_nw_cli_crown_mark(cli));
    }
}

/* Lists a pile bottom to top. */
static void list_pile(tw_cli *cli, const uint8_t *pile, int n, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        append_card(cli, out, size, pile[i]);
    if (!n)
        snprintf(out, size, "%s", T(NW_T_EMPTY));
}

/* Shows both open piles in full. */
void tw_nw_cli_piles(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    const tw_nw_state *state = tw_cli_state(ss);
    char list[1024];
    tw_cli_printf(cli, "%s", T(NW_T_PILES_TITLE));
    list_pile(cli, state->discard, state->discard_n, list, sizeof list);
    tw_cli_printf(cli, T(NW_T_DISCARD_PILE), state->discard_n, list);
    list_pile(cli, state->score, state->score_n, list, sizeof list);
    tw_cli_printf(cli, T(NW_T_SCORE_PILE), state->score_n, list);
}

/* Prints the rules summary. */
void tw_nw_cli_rules(tw_cli *cli)
{
    fputs(T(NW_T_RULES), cli->out);
}

/* Shows the final result. */
void tw_nw_cli_result(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    const tw_nw_state *state = tw_cli_state(ss);
    const tw_term *t = &cli->term;
    int stars = tw_nw_stars_won(state);
    char goal[160];
    tw_nw_cli_state_goal(cli, state, 0, goal, sizeof goal);
    fputc('\n', cli->out);
    fputs(tw_term_style(t, TW_STYLE_BOLD), cli->out);
    if (state->variant == TW_NW_VARIANT_HIDDEN_STARS) {
        char fiefs[32] = "";
        int found = 0;
        for (int f = 0, len = 0; f < TW_NW_FIEFS; f++)
            if (state->star_fiefs >> f & 1) {
                len += snprintf(fiefs + len, sizeof fiefs - (size_t)len, "%s%d", len ? ", " : "", f);
                found += state->fiefs[f].status == TW_NW_FIEF_FRIENDLY;
            }
        tw_cli_printf(cli, T(NW_T_RESULT_HIDDEN), found, fiefs);
        fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
    } else {
        tw_cli_printf(cli, T(NW_T_RESULT_STARS), stars);
        fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
        tw_cli_printf(cli, T(NW_T_RESULT_MEDAL), T((tw_nw_text_id)(NW_T_MEDAL_NONE + tw_nw_medal_for(stars))));
    }
    if (state->stopped)
        tw_cli_printf(cli, "%s", T(NW_T_RESULT_STOPPED));
    int won = tw_nw_is_won(state);
    fputs(tw_term_style(t, won ? TW_STYLE_GREEN : TW_STYLE_RED), cli->out);
    tw_cli_printf(cli, T(won ? NW_T_RESULT_WON : NW_T_RESULT_LOST), goal);
    fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
}

/* Tells what one action did. Card moves are told only inside abilities
 * (statements, answers and deals have their own lines). */
void tw_nw_cli_narrate(tw_cli *cli, const tw_nw_state *before, const tw_nw_state *after,
                       const tw_nw_catalog *catalog, const tw_nw_events *events)
{
    int in_ability = before->phase == TW_NW_PHASE_ABILITY;
    int last_statement = tw_nw_statement(before);
    int last_response = TW_NW_NO_CARD;
    int decided = 0;
    int score = before->score_n;
    for (int i = 0; i < events->count; i++) {
        const tw_nw_event *ev = &events->items[i];
        char a[320], b[160], card[48];
        tw_nw_cli_card(cli, ev->card, card, sizeof card);
        switch (ev->type) {
        case TW_NW_EV_VISIT:
            tw_nw_cli_character(cli, catalog, &after->fiefs[ev->a].ruler, a, sizeof a);
            tw_cli_printf(cli, T(NW_T_N_VISIT), ev->a, ev->a, a,
                          tw_nw_cli_suit_name(cli, after->fiefs[ev->a].ruler.suit));
            break;
        case TW_NW_EV_SUBSTITUTE:
            tw_nw_cli_character(cli, catalog, &after->fiefs[ev->a].ruler, a, sizeof a);
            tw_nw_cli_character(cli, catalog, &after->slots[ev->b].ally, b, sizeof b);
            tw_cli_printf(cli, T(NW_T_N_SUBSTITUTE), a, b, ev->b);
            break;
        case TW_NW_EV_ABILITY:
            in_ability = 1;
            tw_nw_cli_acting_name(cli, before, catalog, ev->a, a, sizeof a);
            char call[512];
            snprintf(call, sizeof call, T(NW_T_N_ABILITY), a);
            tw_nw_cli_french_articles(cli, call, sizeof call);
            tw_cli_printf(cli, "%s", call);
            break;
        case TW_NW_EV_ABILITY_END:
            in_ability = 0;
            break;
        case TW_NW_EV_MOVE:
            if (ev->to == TW_NW_PILE_SCORE)
                score++;
            else if (ev->from == TW_NW_PILE_SCORE)
                score--;
            if (in_ability)
                tw_cli_printf(cli, T(NW_T_N_MOVE), card, T((tw_nw_text_id)(NW_T_PILE_HAND + ev->from % 4)),
                              T((tw_nw_text_id)(NW_T_PILE_HAND + ev->to % 4)));
            break;
        case TW_NW_EV_STATEMENT:
            last_statement = ev->card;
            break;
        case TW_NW_EV_PEEK:
            tw_cli_printf(cli, T(NW_T_N_PEEK), card, ev->a + 1);
            break;
        case TW_NW_EV_NAME_SUIT:
            tw_cli_printf(cli, T(NW_T_N_NAME), tw_nw_cli_suit_name(cli, ev->a));
            break;
        case TW_NW_EV_RULER_SWAP:
            tw_nw_cli_character(cli, catalog, &after->fiefs[ev->a].ruler, a, sizeof a);
            tw_nw_cli_character(cli, catalog, &after->fiefs[ev->b].ruler, b, sizeof b);
            tw_cli_printf(cli, T(NW_T_N_SWAP), a, ev->a, b, ev->b,
                          tw_nw_cli_suit_name(cli, after->fiefs[ev->a].ruler.suit));
            break;
        case TW_NW_EV_RESPONSE: {
            char said[48];
            tw_nw_cli_card(cli, last_statement, said, sizeof said);
            tw_cli_printf(cli, T(ev->a ? NW_T_N_RESPONSE_SCORES : NW_T_N_RESPONSE_NO), card, said, score);
            last_response = ev->card;
            break;
        }
        case TW_NW_EV_VISIT_MOVE:
            tw_nw_cli_character(cli, catalog, &after->fiefs[ev->b % TW_NW_FIEFS].ruler, a, sizeof a);
            tw_cli_printf(cli, T(NW_T_N_VISIT_MOVE), ev->a, ev->b, ev->b, a,
                          tw_nw_cli_suit_name(cli, after->fiefs[ev->b % TW_NW_FIEFS].ruler.suit));
            break;
        case TW_NW_EV_READY:
            tw_nw_cli_character(cli, catalog, tw_nw_slot_character(before, ev->a % TW_NW_SLOTS), a, sizeof a);
            tw_cli_printf(cli, T(NW_T_N_READY), a, ev->a);
            break;
        case TW_NW_EV_TRIGGER: {
            tw_nw_cli_acting_name(cli, before, catalog, ev->a, a, sizeof a);
            if (ev->b == 0) {
                tw_cli_printf(cli, T(NW_T_N_TRIGGER_ARMED), a);
            } else if (ev->b == 1) {
                in_ability = 1;
                char answer[48];
                tw_nw_cli_card(cli, last_response, answer, sizeof answer);
                int odd = last_response != TW_NW_NO_CARD && (TW_NW_VALUE(last_response) & 1);
                tw_cli_printf(cli, T(odd ? NW_T_N_TRIGGER_ODD : NW_T_N_TRIGGER_EVEN), a, answer);
            } else {
                tw_cli_printf(cli, T(NW_T_N_TRIGGER_LOST), a);
            }
            break;
        }
        case TW_NW_EV_DECIDED:
            decided = 1;
            tw_cli_printf(cli, T(ev->b ? NW_T_N_DECIDED_HIT : NW_T_N_DECIDED_MISS), ev->a);
            break;
        case TW_NW_EV_VISIT_END:
            tw_nw_cli_character(cli, catalog, &after->fiefs[ev->a].ruler, a, sizeof a);
            if (after->variant == TW_NW_VARIANT_HIDDEN_STARS)
                snprintf(b, sizeof b, "%s", T(NW_T_HIDDEN_GAIN));
            else
                tw_text_count(cli->lang, tw_nw_stars[ev->a % TW_NW_FIEFS], TW_T_STARS_ONE, b, sizeof b);
            if (decided && ev->b)
                tw_cli_printf(cli, T(NW_T_N_EARLY_WON), a, b);
            else if (decided)
                tw_cli_printf(cli, T(NW_T_N_EARLY_LOST), a);
            else if (ev->b)
                tw_cli_printf(cli, T(NW_T_N_VISIT_WON), ev->a, ev->c, ev->a, a, b);
            else
                tw_cli_printf(cli, T(NW_T_N_VISIT_LOST), ev->a, ev->c, ev->a, a);
            in_ability = 0;
            break;
        case TW_NW_EV_REMOVED:
            if (after->fiefs[ev->a].status == TW_NW_FIEF_FRIENDLY) {
                tw_nw_cli_character(cli, catalog, &after->fiefs[ev->a].ruler, a, sizeof a);
                tw_cli_printf(cli, T(NW_T_N_SUB_LEAVES), a, ev->a);
            }
            break;
        case TW_NW_EV_SHUFFLE:
            tw_cli_printf(cli, "%s", T(in_ability ? NW_T_N_DECK_SHUFFLED : NW_T_N_NEW_HAND));
            break;
        default:
            break;
        }
    }
}
