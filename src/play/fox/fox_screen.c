/* The Fox in the Forest Duet screen: plain text lines redrawn before each
 * decision, built from the viewer's view so nothing hidden leaks.
 *
 * Suit symbols (single-width, no emoji): Doves ☁ (cyan), Roses ♦ (red),
 * Stars ★ (yellow); ASCII fallback: the record letters D, R, S. The path
 * runs from -5 (player 1's end, left) to 5 (player 2's end, right). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "play/fox/fox_cli.h"
#include "term/prompt.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))

static const char *const SUIT_UTF8[TW_FOX_SUITS] = {"\xe2\x98\x81", "\xe2\x99\xa6", "\xe2\x98\x85"};
static const char *const SUIT_ASCII[TW_FOX_SUITS] = {"D", "R", "S"};
static const tw_style SUIT_STYLE[TW_FOX_SUITS] = {TW_STYLE_CYAN, TW_STYLE_RED, TW_STYLE_YELLOW};

#define CELL 5      /* display columns of one path space */
#define ROW_HEAD 10 /* columns before the first space */
#define WIDTH 72    /* screen width the lines aim for */

/* The name of a seat in one grammatical form, seen by look. */
const char *tw_fox_cli_name(const tw_cli *cli, const tw_fox_look *look, int seat, int form, int self_ref, char *out,
                            size_t size)
{
    enum { YOU, PARTNER, PLAYER, YOURSELF, THEMSELF };
    static const tw_fox_text_id ids[3][5] = {
        {FX_T_YOU_SUBJ, FX_T_PARTNER_SUBJ, FX_T_PLAYER_SUBJ, FX_T_YOURSELF, FX_T_THEMSELF},
        {FX_T_YOU_OBJ, FX_T_PARTNER_OBJ, FX_T_PLAYER_OBJ, FX_T_YOURSELF, FX_T_THEMSELF},
        {FX_T_TO_YOU, FX_T_TO_PARTNER, FX_T_TO_PLAYER, FX_T_TO_YOURSELF, FX_T_TO_THEMSELF},
    };
    int kind;
    if (self_ref >= 0 && seat == self_ref)
        kind = seat == look->viewer ? YOURSELF : THEMSELF;
    else if (seat == look->viewer)
        kind = YOU;
    else if (look->viewer >= 0 && !look->hotseat)
        kind = PARTNER;
    else
        kind = PLAYER;
    if (form < 0 || form > 2)
        form = TW_FOX_OBJECT;
    snprintf(out, size, T(ids[form][kind]), seat + 1);
    return out;
}

/* The symbol of a suit. */
const char *tw_fox_cli_suit_symbol(const tw_cli *cli, int suit)
{
    if (suit < 0 || suit >= TW_FOX_SUITS)
        return "?";
    return tw_term_symbol(&cli->term, SUIT_UTF8[suit], SUIT_ASCII[suit]);
}

/* A card: rank, the letter typed for its suit, then its suit symbol,
 * coloured ("7D\u2601"; "7D" in ASCII). */
void tw_fox_cli_card(const tw_cli *cli, int card, char *out, size_t size)
{
    int known = card >= 0 && card < TW_FOX_CARDS, suit = known ? TW_FOX_SUIT(card) : 0;
    tw_term_card(&cli->term, known ? TW_FOX_RANK(card) : -1, SUIT_STYLE[suit], tw_fox_cli_suit_symbol(cli, suit),
                 SUIT_ASCII[suit], out, size);
}

/* Rewrites the suit symbols of a typed answer as the record's letters
 * ("7\u2601" becomes "7d"), into out. */
void tw_fox_cli_unsymbol(const char *typed, char *out, size_t size)
{
    static const char LETTERS[TW_FOX_SUITS] = {'d', 'r', 's'};
    tw_prompt_unsymbol(typed, SUIT_UTF8, LETTERS, TW_FOX_SUITS, out, size);
}

/* A count with its noun from the game's table (one: the singular's id,
 * followed by the plural's). Returns out. */
char *tw_fox_cli_count(const tw_cli *cli, int n, tw_fox_text_id one, char *out, size_t size)
{
    return tw_msg_count(&tw_fox_cli_table[one], cli->lang, n, out, size);
}

/* "1 space", "3 spaces". */
void tw_fox_cli_spaces(const tw_cli *cli, int n, char *out, size_t size)
{
    tw_fox_cli_count(cli, n, FX_T_SPACE_ONE, out, size);
}

/* A card with suit name, ability and footprints. */
void tw_fox_cli_card_long(const tw_cli *cli, int card, char *out, size_t size)
{
    if (card < 0 || card >= TW_FOX_CARDS) {
        snprintf(out, size, "?");
        return;
    }
    char code[48], steps[48];
    tw_fox_cli_card(cli, card, code, sizeof code);
    tw_fox_cli_count(cli, tw_fox_card_footprints(card), FX_T_FOOTPRINT_ONE, steps, sizeof steps);
    const char *suit = tw_fox_suit_name(TW_FOX_SUIT(card), cli->lang);
    const char *ability = tw_fox_ability_name(TW_FOX_RANK(card), cli->lang);
    if (cli->compact) /* as the compact hand shows it: "9D Royal Heir [0]" */
        snprintf(out, size, "%s%s%s [%d]", code, ability[0] ? " " : "", ability, tw_fox_card_footprints(card));
    else if (ability[0])
        snprintf(out, size, T(FX_T_CARD_LONG_ABILITY), code, suit, ability, steps);
    else
        snprintf(out, size, T(FX_T_CARD_LONG), code, suit, steps);
}

/* The trick the screen names: the one being played, or after the game's
 * end the last one played (a game lost on trick 10 shows trick 10). */
int tw_fox_cli_trick_number(const tw_fox_state *s)
{
    int number = s->phase == TW_FOX_PHASE_GAME_OVER ? s->tricks_done : s->tricks_done + 1;
    return number < 1 ? 1 : number > TW_FOX_TRICKS ? TW_FOX_TRICKS : number;
}

/* A horizontal rule between screens (the compact layout has none: its
 * bold header starts each screen). */
static void rule(tw_cli *cli)
{
    const char *bar = tw_term_symbol(&cli->term, "\xe2\x94\x80", "-");
    fputc('\n', cli->out);
    if (cli->compact)
        return;
    for (int i = 0; i < WIDTH; i++)
        fputs(bar, cli->out);
    fputc('\n', cli->out);
}

/* The board's name in the player's language. */
static const char *board_name(const tw_cli *cli, const tw_fox_board *board)
{
    if (board->name[cli->lang][0])
        return board->name[cli->lang];
    return board->name[TW_LANG_EN][0] ? board->name[TW_LANG_EN] : board->id;
}

/* What the screen's board line adds after the name: the reconstruction
 * mark, a pointer to the note of a board that has one, or nothing. */
static const char *board_mark(const tw_cli *cli, const tw_fox_board *board)
{
    if (board->reconstructed)
        return T(FX_T_BOARD_RECONSTRUCTED);
    return tw_fox_board_notice(board, cli->lang)[0] ? T(FX_T_BOARD_SOURCED) : "";
}

/* The board's name and note in full. */
void tw_fox_cli_board_note(tw_cli *cli, const tw_fox_board *board)
{
    const char *note = tw_fox_board_notice(board, cli->lang);
    if (!note[0]) {
        tw_cli_printf(cli, T(FX_T_BOARD_LINE), board_name(cli, board), "");
        return;
    }
    char text[512];
    snprintf(text, sizeof text, T(FX_T_BOARD_NOTE), board_name(cli, board), note);
    text[strcspn(text, "\n")] = '\0';
    tw_term_wrap(cli->out, text, 0, WIDTH);
}

/* Whether a path index is covered by a forest token. */
static int covered(const tw_fox_path *p, int index)
{
    return index < p->covered[0] || index >= TW_FOX_SPACES - p->covered[1];
}

/* The row title, padded. */
static void row_head(tw_cli *cli, tw_fox_text_id id)
{
    fputs("  ", cli->out);
    tw_term_pad(cli->out, T(id), ROW_HEAD - 2);
}

/* The path: which end is whose, the spaces, the token and forest tokens,
 * the gems of each slot with its (+) mark. */
static void draw_path(tw_cli *cli, const tw_fox_state *s, const tw_fox_look *look)
{
    const tw_term *t = &cli->term;
    const tw_fox_path *p = &s->path;
    char name[2][64], left[160], right[160];
    for (int seat = 0; seat < 2; seat++) {
        tw_fox_look plain = {-1, 1};
        tw_fox_cli_name(cli, &plain, seat, TW_FOX_OBJECT, -1, name[seat], sizeof name[seat]);
    }
    const char *tag[2] = {"", ""};
    if (look->viewer >= 0) {
        tag[look->viewer] = T(FX_T_TAG_YOU);
        tag[1 - look->viewer] = T(FX_T_TAG_PARTNER);
    }
    snprintf(left, sizeof left, T(FX_T_END_LEFT), tw_term_symbol(t, "\xe2\x86\x90", "<-"), name[0], tag[0]);
    snprintf(right, sizeof right, T(FX_T_END_RIGHT), name[1], tag[1], tw_term_symbol(t, "\xe2\x86\x92", "->"));
    int gap = TW_FOX_SPACES * CELL - tw_term_width(left) - tw_term_width(right);
    fprintf(cli->out, "%*s%s%*s%s\n", ROW_HEAD, "", left, gap < 2 ? 2 : gap, "", right);

    row_head(cli, FX_T_ROW_SPACE);
    for (int i = 0; i < TW_FOX_SPACES; i++)
        fprintf(cli->out, i + 1 < TW_FOX_SPACES ? "%3d  " : "%3d", TW_FOX_INDEX_SPACE(i));
    fputc('\n', cli->out);

    row_head(cli, FX_T_ROW_PATH);
    const char *forest = tw_term_symbol(t, "[\xe2\x96\x93\xe2\x96\x93\xe2\x96\x93]", "[###]");
    const char *token = tw_term_symbol(t, "[ \xe2\x97\x8f ]", "[ @ ]");
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        if (covered(p, i))
            fprintf(cli->out, "%s%s%s", tw_term_style(t, TW_STYLE_GREEN), forest, tw_term_style(t, TW_STYLE_RESET));
        else if (TW_FOX_INDEX_SPACE(i) == p->token)
            fprintf(cli->out, "%s%s%s", tw_term_style(t, TW_STYLE_BOLD), token, tw_term_style(t, TW_STYLE_RESET));
        else
            fputs("[   ]", cli->out);
    }
    fputc('\n', cli->out);

    row_head(cli, FX_T_ROW_GEMS);
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        if (covered(p, i)) {
            fputs(i + 1 < TW_FOX_SPACES ? "  -  " : "  -", cli->out);
            continue;
        }
        const char *mark = p->plus[i] ? "+" : (i + 1 < TW_FOX_SPACES ? " " : "");
        const char *after = i + 1 < TW_FOX_SPACES ? " " : "";
        if (p->gems[i])
            fprintf(cli->out, "%s%3d%s%s%s", tw_term_style(t, TW_STYLE_MAGENTA), p->gems[i], mark,
                    tw_term_style(t, TW_STYLE_RESET), after);
        else
            fprintf(cli->out, "  %s%s%s", tw_term_symbol(t, "\xc2\xb7", "."), mark, after);
    }
    fputc('\n', cli->out);
    if (!cli->compact)
        tw_cli_printf(cli, T(FX_T_LEGEND), token, forest);
}

/* The trick so far (or who leads, or the pause between rounds). */
static void draw_trick(tw_cli *cli, const tw_fox_state *s, const tw_fox_look *look)
{
    int number = tw_fox_cli_trick_number(s);
    char who[64];
    if (s->phase == TW_FOX_PHASE_GAME_OVER)
        return;
    if (s->phase == TW_FOX_PHASE_FOREST) {
        tw_cli_printf(cli, T(FX_T_BETWEEN_ROUNDS), s->round);
        return;
    }
    if (s->trick_n == 0) {
        if (s->leader == look->viewer) {
            tw_cli_printf(cli, T(FX_T_TRICK_EMPTY_YOU), number);
        } else {
            tw_fox_cli_name(cli, look, s->leader, TW_FOX_OBJECT, -1, who, sizeof who);
            tw_cli_printf(cli, T(FX_T_TRICK_EMPTY_OTHER), number, who);
        }
        return;
    }
    char text[512] = "";
    for (int i = 0; i < s->trick_n && i < 2; i++) {
        int seat = tw_fox_trick_seat(s, i);
        char card[160], part[256];
        tw_fox_cli_card_long(cli, s->trick[i], card, sizeof card);
        if (seat == look->viewer) {
            snprintf(part, sizeof part, T(i == 0 ? FX_T_LED_YOU : FX_T_FOLLOWED_YOU), card);
        } else {
            tw_fox_cli_name(cli, look, seat, TW_FOX_OBJECT, -1, who, sizeof who);
            snprintf(part, sizeof part, T(i == 0 ? FX_T_LED_OTHER : FX_T_FOLLOWED_OTHER), who, card);
        }
        size_t len = strlen(text);
        snprintf(text + len, sizeof text - len, "%s%s", len ? "; " : "", part);
    }
    char line[640];
    snprintf(line, sizeof line, T(FX_T_TRICK_HEAD), number, text);
    line[strcspn(line, "\n")] = '\0';
    tw_term_wrap(cli->out, line, 0, WIDTH);
    if (s->phase == TW_FOX_PHASE_IGNORE || s->phase == TW_FOX_PHASE_DIRECTION) {
        tw_fox_cli_name(cli, look, s->winner, TW_FOX_OBJECT, -1, who, sizeof who);
        tw_cli_printf(cli, T(FX_T_TRICK_WINNER), who);
    }
}

/* One hand in the compact layout: the title, then on the same line each
 * card with its footprints, suits apart (`cards` names the abilities). */
static void draw_hand_compact(tw_cli *cli, uint32_t hand, const char *title)
{
    const tw_term *t = &cli->term;
    fputs(tw_term_style(t, TW_STYLE_BOLD), cli->out);
    fprintf(cli->out, "%.*s", (int)strcspn(title, "\n"), title);
    fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
    for (int suit = 0; suit < TW_FOX_SUITS; suit++) {
        int first = 1;
        for (int c = suit * 10; c < suit * 10 + 10; c++) {
            if (!(hand & TW_FOX_SUIT_MASK(suit) & (1u << c)))
                continue;
            char code[48];
            tw_fox_cli_card(cli, c, code, sizeof code);
            fprintf(cli->out, "%s%s[%d]", first ? "  " : " ", code, tw_fox_card_footprints(c));
            first = 0;
        }
    }
    fputc('\n', cli->out);
}

/* One hand: a title, then one line per suit (wrapped), each card with its
 * footprints and its ability name. */
static void draw_hand(tw_cli *cli, uint32_t hand, const char *title)
{
    const tw_term *t = &cli->term;
    if (cli->compact) {
        draw_hand_compact(cli, hand, title);
        return;
    }
    fputs(tw_term_style(t, TW_STYLE_BOLD), cli->out);
    fputs(title, cli->out);
    fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
    if (!hand) {
        tw_cli_printf(cli, "%s", T(FX_T_NO_CARDS));
        return;
    }
    for (int suit = 0; suit < TW_FOX_SUITS; suit++) {
        uint32_t cards = hand & TW_FOX_SUIT_MASK(suit);
        if (!cards)
            continue;
        char head[64];
        snprintf(head, sizeof head, "%s %s", tw_fox_suit_name(suit, cli->lang), tw_fox_cli_suit_symbol(cli, suit));
        fputs("  ", cli->out);
        tw_term_pad(cli->out, head, 11);
        int column = 13;
        for (int c = suit * 10; c < suit * 10 + 10; c++) {
            if (!(cards & (1u << c)))
                continue;
            char code[48], entry[128];
            tw_fox_cli_card(cli, c, code, sizeof code);
            const char *ability = tw_fox_ability_name(TW_FOX_RANK(c), cli->lang);
            snprintf(entry, sizeof entry, "%s[%d]%s%s", code, tw_fox_card_footprints(c), ability[0] ? " " : "",
                     ability);
            int w = tw_term_width(entry);
            if (column > 13 && column + 2 + w > WIDTH) {
                fprintf(cli->out, "\n%13s", "");
                column = 13;
            }
            if (column > 13) {
                fputs("  ", cli->out);
                column += 2;
            }
            fputs(entry, cli->out);
            column += w;
        }
        fputc('\n', cli->out);
    }
}

/* The other seat: how many cards it holds and which of them the viewer
 * knows (given in a Gift, or the decree it took). */
static void draw_other(tw_cli *cli, const tw_fox_state *s, const tw_fox_look *look)
{
    int other = 1 - look->viewer;
    char who[64];
    tw_fox_cli_name(cli, look, other, TW_FOX_SUBJECT, -1, who, sizeof who);
    char cards[64];
    tw_text_count(cli->lang, tw_fox_hand_count(s, other), TW_T_CARDS_ONE, cards, sizeof cards);
    tw_cli_printf(cli, T(cli->compact ? FX_T_OTHER_HOLDS_SHORT : FX_T_OTHER_HOLDS), who, cards);
    uint32_t known = s->known[other] & s->hand[other];
    if (!known)
        return;
    char list[256] = "";
    for (int c = 0; c < TW_FOX_CARDS; c++)
        if (known & (1u << c)) {
            char code[48];
            tw_fox_cli_card(cli, c, code, sizeof code);
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s%s", len ? " " : "", code);
        }
    tw_cli_printf(cli, T(FX_T_OTHER_KNOWN), list);
}

/* Draws the screen for look. */
void tw_fox_cli_draw(tw_cli *cli, const tw_fox_state *state, const tw_fox_board *board, uint64_t seed,
                     const tw_fox_look *look, int show_hand)
{
    const tw_term *t = &cli->term;
    tw_fox_view view;
    const tw_fox_state *s = state;
    if (look->viewer >= 0) {
        tw_fox_view_of(state, look->viewer, &view);
        s = &view.visible;
    }
    rule(cli);
    int number = tw_fox_cli_trick_number(s);
    fputs(tw_term_style(t, TW_STYLE_BOLD), cli->out);
    tw_cli_printf(cli, T(FX_T_HEADER), T(FX_T_GAME_NAME), s->level, (unsigned long long)seed, s->round, number);
    fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
    fputc('\n', cli->out);
    if (!cli->compact)
        tw_cli_printf(cli, T(FX_T_BOARD_LINE), board_name(cli, board), board_mark(cli, board));
    draw_path(cli, s, look);
    char decree[160];
    int trump = tw_fox_trump(s);
    if (cli->compact) { /* forest tokens, gems, decree and trump on one line */
        tw_fox_cli_card(cli, s->decree, decree, sizeof decree);
        tw_cli_printf(cli, T(FX_T_STATUS_COMPACT), s->path.forest_left, s->path.forest_start,
                      tw_fox_gems_on_board(s), s->path.gems_collected, decree, tw_fox_cli_suit_symbol(cli, trump),
                      tw_fox_suit_name(trump, cli->lang));
    } else {
        tw_cli_printf(cli, T(FX_T_FOREST_LINE), s->path.forest_left, s->path.forest_start, tw_fox_gems_on_board(s),
                      s->path.gems_collected);
        tw_fox_cli_card_long(cli, s->decree, decree, sizeof decree);
        tw_cli_printf(cli, T(FX_T_DECREE_LINE), decree, tw_fox_cli_suit_symbol(cli, trump),
                      tw_fox_suit_name(trump, cli->lang));
    }
    /* compact: the trick and what the other seat holds on one line */
    tw_cli_joined trick_line = {0};
    if (cli->compact && look->viewer >= 0)
        tw_cli_join_begin(cli, &trick_line, " | ");
    draw_trick(cli, s, look);
    if (look->viewer >= 0) {
        draw_other(cli, s, look);
        tw_cli_join_end(cli, &trick_line);
        if (show_hand) {
            char title[128];
            char cards[64];
            tw_text_count(cli->lang, tw_fox_hand_count(s, look->viewer), TW_T_CARDS_ONE, cards, sizeof cards);
            snprintf(title, sizeof title, T(FX_T_HAND_TITLE), cards);
            draw_hand(cli, s->hand[look->viewer], title);
        }
        return;
    }
    if (!show_hand)
        return;
    for (int seat = 0; seat < 2; seat++) {
        char title[128];
        char cards[64];
        tw_text_count(cli->lang, tw_fox_hand_count(s, seat), TW_T_CARDS_ONE, cards, sizeof cards);
        snprintf(title, sizeof title, T(FX_T_HAND_OF), seat + 1, cards);
        draw_hand(cli, s->hand[seat], title);
    }
}

/* The abilities of the odd ranks, one wrapped paragraph each. */
void tw_fox_cli_abilities(tw_cli *cli)
{
    for (int rank = 1; rank <= TW_FOX_RANKS; rank += 2) {
        char text[512];
        snprintf(text, sizeof text, "%d %s: %s", rank, tw_fox_ability_name(rank, cli->lang),
                 tw_fox_ability_text(rank, cli->lang));
        tw_term_wrap(cli->out, text, 2, WIDTH + 6);
    }
}

/* Prints the rules summary, the abilities and the answers. */
void tw_fox_cli_rules(tw_cli *cli)
{
    fputs(T(FX_T_RULES), cli->out);
    tw_fox_cli_abilities(cli);
    fputs(T(FX_T_RULES_TAIL), cli->out);
}

/* Shows how the game ended, with the score of a win. */
void tw_fox_cli_result(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    const tw_fox_state *state = tw_cli_state(ss);
    const tw_term *t = &cli->term;
    fputc('\n', cli->out);
    if (tw_fox_is_won(state)) {
        const tw_fox_level_info *info = tw_fox_level(state->level);
        int base = info ? info->base_score : 0;
        int cards = tw_fox_hand_count(state, 0) + tw_fox_hand_count(state, 1);
        int early = state->round < TW_FOX_ROUNDS ? 10 : 0;
        int forest = 3 * state->path.forest_left;
        fputs(tw_term_style(t, TW_STYLE_GREEN), cli->out);
        fputs(tw_term_style(t, TW_STYLE_BOLD), cli->out);
        tw_cli_printf(cli, T(FX_T_RESULT_WON), state->round);
        fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
        tw_cli_printf(cli, T(FX_T_RESULT_SCORE), tw_fox_score(state), base, state->level, cards, early, forest);
        return;
    }
    char gems[64];
    tw_fox_cli_count(cli, tw_fox_gems_on_board(state), FX_T_GEMS_ONE, gems, sizeof gems);
    fputs(tw_term_style(t, TW_STYLE_RED), cli->out);
    if (state->end == TW_FOX_END_LOST_PATH)
        tw_cli_printf(cli, T(FX_T_RESULT_LOST_PATH), state->round, gems);
    else
        tw_cli_printf(cli, T(FX_T_RESULT_LOST_TIME), state->round, gems);
    fputs(tw_term_style(t, TW_STYLE_RESET), cli->out);
}
