/* The rules at the terminal (rules.h): the text shipped in the data folder
 * printed in plain lines that fit 80 columns, paged on a terminal, and each
 * game's card list from its own data. The markup it reads is a small
 * subset of Markdown (docs/rules-text.md): "# " the title, "## " a section,
 * "### " a heading inside one, paragraphs, "- " and "1. " list items (an
 * item indented by three spaces sits inside the one above), "> " an
 * example, and **bold** and `code` inside lines. Written once for every
 * game over the list of terminal games. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/games.h"
#include "play/rules.h"
#include "term/prompt.h"

#define MAX_WIDTH 78 /* the widest line, so that the text fits 80 columns */

const tw_msg tw_cli_rules_help = {{
    "  rules [GAME] [--cards]         the full rules of a game (GAME: northwood or fox), or with --cards\n"
    "                                 every card and its ability (at a game's prompt: rules, rules N, rules cards)\n",
    "  rules [JEU] [--cards]          les règles complètes d'un jeu (JEU : northwood ou fox), ou avec --cards\n"
    "                                 chaque carte et sa capacité (à l'invite d'une partie : règles, règles N,\n"
    "                                 règles cartes)\n",
}};

typedef enum {
    RT_USAGE,
    RT_INDEX,
    RT_INDEX_GAME,
    RT_INDEX_CARDS,
    RT_UNKNOWN_GAME,
    RT_NO_TEXT,
    RT_NO_CARDS,
    RT_CONTENTS,
    RT_CONTENTS_ITEM,
    RT_CONTENTS_CARDS,
    RT_NO_SECTION,
    RT_MORE,
    RT_HINT,
    RT_COUNT
} rules_text_id;

/* The messages of `rules`, in English and French. */
const tw_msg tw_cli_rules_texts[RT_COUNT] = {
    [RT_USAGE] = {{"  %s rules [northwood|fox] [--cards] [--lang en|fr] [--width N]\n",
                   "  %s rules [northwood|fox] [--cards] [--lang en|fr] [--width N]\n"}},
    [RT_INDEX] = {{"The rules that come with Trickwood, in English and French:\n",
                   "Les règles fournies avec Trickwood, en français et en anglais :\n"}},
    [RT_INDEX_GAME] = {{"  %s rules %-17s the rules of %s\n", "  %s rules %-17s les règles de %s\n"}},
    [RT_INDEX_CARDS] = {{"  %s rules %-17s its cards and their abilities\n",
                         "  %s rules %-17s ses cartes et leurs capacités\n"}},
    [RT_UNKNOWN_GAME] = {{"rules: '%s' is not a game of this program; its games are %s",
                          "rules : « %s » n'est pas un jeu de ce programme ; ses jeux sont %s"}},
    [RT_NO_TEXT] = {{"the rules cannot be read: %s", "impossible de lire les règles : %s"}},
    [RT_NO_CARDS] = {{"the card list cannot be read: %s", "impossible de lire la liste des cartes : %s"}},
    [RT_CONTENTS] = {{"The rules, section by section (type rules N to read one):\n",
                      "Les règles, partie par partie (tapez règles N pour en lire une) :\n"}},
    [RT_CONTENTS_ITEM] = {{"  %2d. %s\n", "  %2d. %s\n"}},
    [RT_CONTENTS_CARDS] = {{"  rules cards: every card of the game and its ability\n",
                            "  règles cartes : chaque carte du jeu et sa capacité\n"}},
    [RT_NO_SECTION] = {{"There is no section %s: the rules have sections 1 to %d (rules shows them).\n",
                        "Il n'y a pas de partie %s : les règles ont les parties 1 à %d (règles les montre).\n"}},
    [RT_MORE] = {{"-- Enter: more, q: stop --", "-- Entrée : la suite, q : arrêter --"}},
    [RT_HINT] = {{"rules shows the full rules, a section at a time; rules cards, every card.\n",
                  "règles montre les règles complètes, partie par partie ; règles cartes, chaque carte.\n"}},
};

const int tw_cli_rules_text_count = RT_COUNT;

#define R(id) tw_msg_get(&tw_cli_rules_texts[id], cli->lang)

static const char *const WORDS_RULES[] = {"rules", "regles", "règles", NULL};
static const char *const WORDS_CARDS[] = {"cards", "cartes", NULL};

/* ---- The markup ------------------------------------------------------------ */

typedef enum { BLOCK_NONE, BLOCK_PARA, BLOCK_ITEM, BLOCK_QUOTE } block_kind;

/* A rules text being printed: where it goes, which section is wanted,
 * and the block (paragraph, list item or example) being gathered. */
typedef struct {
    tw_cli *cli;
    int width;
    int wanted;  /* the section printed; 0: all */
    int section; /* the section the text is in (0: before the first "## ") */
    block_kind kind;
    block_kind last; /* the kind of the block printed last (NONE after a heading) */
    int level;       /* a list item's depth */
    char marker[16]; /* a list item's "-" or "12." */
    int bold;        /* inside **bold** (a span may run over several lines) */
    tw_buf text;
} rules_out;

/* Whether the part of the text being read is printed. */
static int shown(const rules_out *r)
{
    return r->wanted == 0 || r->section == r->wanted;
}

/* Appends a line's words with its inline markup turned into terminal
 * styles: **bold** (bold on a terminal, plain elsewhere), `code` plain. */
static void append_inline(rules_out *r, const char *line)
{
    const tw_term *t = &r->cli->term;
    if (r->text.len == 0)
        r->bold = 0;
    else
        tw_buf_append(&r->text, " ", 1);
    for (const char *p = line; *p; p++) {
        if (p[0] == '*' && p[1] == '*') {
            r->bold = !r->bold;
            const char *style = tw_term_style(t, r->bold ? TW_STYLE_BOLD : TW_STYLE_RESET);
            tw_buf_append(&r->text, style, strlen(style));
            p++;
        } else if (*p != '`') {
            tw_buf_append(&r->text, p, 1);
        }
    }
}

/* Prints text word-wrapped at width columns: the first line after first,
 * the next ones after next (both prefixes of spaces or marks). */
static void wrap(FILE *out, const char *first, const char *next, const char *text, int width)
{
    const char *prefix = first;
    int col = -1; /* -1: nothing on the line yet */
    char word[512];
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (n == 0)
            break;
        snprintf(word, sizeof word, "%.*s", (int)n, p);
        p += n;
        int w = tw_term_width(word);
        if (col >= 0 && col + 1 + w > width) {
            fputc('\n', out);
            prefix = next;
            col = -1;
        }
        if (col < 0) {
            fputs(prefix, out);
            col = tw_term_width(prefix);
        } else {
            fputc(' ', out);
            col++;
        }
        fputs(word, out);
        col += w;
    }
    if (col >= 0)
        fputc('\n', out);
}

/* Prints the block gathered so far, if any, and starts none. */
static void end_block(rules_out *r)
{
    if (r->kind == BLOCK_NONE)
        return;
    FILE *out = r->cli->out;
    if (shown(r) && r->text.data && !r->text.failed) {
        int in_list = r->kind == BLOCK_ITEM && r->last == BLOCK_ITEM;
        if (r->last != BLOCK_NONE && !in_list)
            fputc('\n', out);
        char first[64], next[64];
        if (r->kind == BLOCK_ITEM) {
            int base = 2 + 3 * r->level;
            int mark = (int)strlen(r->marker);
            snprintf(first, sizeof first, "%*s%s ", base, "", r->marker);
            snprintf(next, sizeof next, "%*s", base + mark + 1, "");
        } else if (r->kind == BLOCK_QUOTE) {
            snprintf(first, sizeof first, "  | ");
            snprintf(next, sizeof next, "  | ");
        } else {
            first[0] = next[0] = '\0';
        }
        wrap(out, first, next, r->text.data, r->width);
        fputs(tw_term_style(&r->cli->term, TW_STYLE_RESET), out);
        r->last = r->kind;
    }
    r->kind = BLOCK_NONE;
    r->text.len = 0;
    if (r->text.data)
        r->text.data[0] = '\0';
}

/* Prints a heading of level 1 to 3, underlined for the first two. */
static void heading(rules_out *r, int level, const char *title)
{
    end_block(r);
    if (level == 2)
        r->section++;
    if (!shown(r) || (level == 1 && r->wanted))
        return;
    FILE *out = r->cli->out;
    if (r->last != BLOCK_NONE || level > 1)
        fputc('\n', out);
    r->kind = BLOCK_PARA;
    append_inline(r, title);
    fputs(tw_term_style(&r->cli->term, TW_STYLE_BOLD), out);
    wrap(out, "", "", r->text.data ? r->text.data : "", r->width);
    fputs(tw_term_style(&r->cli->term, TW_STYLE_RESET), out);
    if (level < 3) {
        int w = tw_term_width(title);
        for (int i = 0; i < (w < r->width ? w : r->width); i++)
            fputc(level == 1 ? '=' : '-', out);
        fputc('\n', out);
    }
    r->kind = BLOCK_NONE;
    r->text.len = 0;
    r->last = BLOCK_NONE;
}

/* Whether rest starts a numbered item ("12. "); its marker goes to mark. */
static int numbered(const char *rest, char *mark, size_t size)
{
    size_t digits = strspn(rest, "0123456789");
    if (digits == 0 || digits > 3 || rest[digits] != '.' || rest[digits + 1] != ' ')
        return 0;
    snprintf(mark, size, "%.*s", (int)digits + 1, rest);
    return 1;
}

/* Reads one line of the text. */
static void rules_line(rules_out *r, const char *line)
{
    size_t indent = strspn(line, " ");
    const char *rest = line + indent;
    if (!*rest) {
        end_block(r);
        return;
    }
    if (indent == 0 && rest[0] == '#') {
        int level = (int)strspn(rest, "#");
        if (level <= 3 && rest[level] == ' ') {
            heading(r, level, rest + level + 1);
            return;
        }
    }
    char mark[16];
    if (rest[0] == '>' && (rest[1] == ' ' || !rest[1])) {
        if (r->kind != BLOCK_QUOTE)
            end_block(r);
        r->kind = BLOCK_QUOTE;
        append_inline(r, rest[1] ? rest + 2 : "");
    } else if ((rest[0] == '-' && rest[1] == ' ') || numbered(rest, mark, sizeof mark)) {
        end_block(r);
        r->kind = BLOCK_ITEM;
        r->level = (int)indent / 3;
        snprintf(r->marker, sizeof r->marker, "%s", rest[0] == '-' ? "-" : mark);
        append_inline(r, rest + (rest[0] == '-' ? 2 : strlen(mark) + 1));
    } else {
        if (r->kind == BLOCK_NONE)
            r->kind = BLOCK_PARA;
        append_inline(r, rest);
    }
}

/* Prints a rules text, or one of its sections. */
int tw_cli_rules_print(tw_cli *cli, const char *text, int section, int width)
{
    rules_out r = {.cli = cli, .width = width > 0 && width < MAX_WIDTH ? width : MAX_WIDTH, .wanted = section};
    char line[2048];
    for (const char *p = text; p && *p;) {
        size_t n = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
        rules_line(&r, line);
        p += n;
        if (*p == '\n')
            p++;
    }
    end_block(&r);
    tw_buf_free(&r.text);
    return r.section;
}

/* ---- The command ----------------------------------------------------------- */

/* Writes held text to the screen a page at a time, asking before each
 * next page (q stops). */
static void page_out(tw_cli *cli, const char *text, int rows)
{
    int line = 0;
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        fwrite(p, 1, n, cli->out);
        fputc('\n', cli->out);
        p += n;
        if (*p == '\n')
            p++;
        if (++line < rows - 1 || !*p)
            continue;
        fputs(R(RT_MORE), cli->out);
        fflush(cli->out);
        char answer[64];
        if (!fgets(answer, sizeof answer, cli->in) || answer[0] == 'q' || answer[0] == 'Q')
            return;
        fputs("\033[1A\r\033[2K", cli->out); /* the prompt's line gives its room to the text */
        line = 0;
    }
}

/* The games of `rules` as "northwood (For Northwood!) or fox (...)". */
static void game_names(tw_cli *cli, char *out, size_t size)
{
    out[0] = '\0';
    for (int g = 0; g < tw_cli_game_count; g++) {
        size_t n = strlen(out);
        const char *sep = g == 0 ? "" : g + 1 == tw_cli_game_count ? tw_text(cli->lang, TW_T_OR) : ", ";
        snprintf(out + n, size - n, "%s%s (%s)", sep, tw_cli_games[g]->game->key,
                 tw_cli_games[g]->game->title[cli->lang]);
    }
}

/* Prints a game's card list (a match's own cards, or the game's data when
 * m is NULL). 0, or -1 after saying why it cannot. */
static int print_cards(tw_cli *cli, const tw_cli_ui *ui, const tw_match *m)
{
    tw_diag diag;
    tw_diag_init(&diag, "");
    json_t *cards = ui->game->cards_json ? ui->game->cards_json(m, &diag) : NULL;
    if (!cards || !ui->card_list) {
        char why[700];
        tw_diag_format(&diag, why, sizeof why);
        tw_cli_errorf(cli, R(RT_NO_CARDS), why);
        json_decref(cards);
        return -1;
    }
    ui->card_list(cli, cards, cli->width > 0 && cli->width < MAX_WIDTH ? cli->width : MAX_WIDTH);
    json_decref(cards);
    return 0;
}

/* A game's rules text in the player's language (free it), or NULL after
 * saying why it cannot be read. */
static char *read_rules(tw_cli *cli, const tw_cli_ui *ui)
{
    tw_diag diag;
    char *text = tw_game_rules_text(ui->game, cli->lang, &diag);
    if (!text) {
        char why[700];
        tw_diag_format(&diag, why, sizeof why);
        tw_cli_errorf(cli, R(RT_NO_TEXT), why);
    }
    return text;
}

/* Prints a game's rules (section 0: all of them; -1: the list of
 * sections). Returns the number of sections, or -1 after saying why the
 * text cannot be read. */
static int print_rules(tw_cli *cli, const tw_cli_ui *ui, int section)
{
    char *text = read_rules(cli, ui);
    if (!text)
        return -1;
    int sections = 0;
    if (section >= 0) {
        sections = tw_cli_rules_print(cli, text, section, cli->width);
    } else {
        tw_cli_printf(cli, "%s", R(RT_CONTENTS));
        for (const char *p = text; (p = strstr(p, "\n## ")) != NULL; p += 4) {
            size_t n = strcspn(p + 4, "\n");
            char title[200];
            snprintf(title, sizeof title, "%.*s", (int)(n < sizeof title ? n : sizeof title - 1), p + 4);
            tw_cli_printf(cli, R(RT_CONTENTS_ITEM), ++sections, title);
        }
        tw_cli_printf(cli, "%s", R(RT_CONTENTS_CARDS));
    }
    free(text);
    return sections;
}

/* The number of sections of a game's rules, or -1 after saying why the
 * text cannot be read. */
static int section_count(tw_cli *cli, const tw_cli_ui *ui)
{
    char *text = read_rules(cli, ui);
    if (!text)
        return -1;
    int count = 0;
    for (const char *p = text; (p = strstr(p, "\n## ")) != NULL; p += 4)
        count++;
    free(text);
    return count;
}

/* Lists the games whose rules come with the program. */
static void print_index(tw_cli *cli)
{
    tw_cli_printf(cli, "%s", R(RT_INDEX));
    for (int g = 0; g < tw_cli_game_count; g++) {
        const tw_game *game = tw_cli_games[g]->game;
        tw_cli_printf(cli, R(RT_INDEX_GAME), tw_cli_prog(cli), game->key, game->title[cli->lang]);
        char with_cards[64];
        snprintf(with_cards, sizeof with_cards, "%s --cards", game->key);
        tw_cli_printf(cli, R(RT_INDEX_CARDS), tw_cli_prog(cli), with_cards);
    }
}

/* `trickwood rules [GAME] [--cards]`. */
int tw_cli_rules(tw_cli *cli, int argc, char **argv)
{
    char usage[200];
    snprintf(usage, sizeof usage, R(RT_USAGE), tw_cli_prog(cli));
    const char *name = NULL;
    int cards = 0;
    for (int i = 1; i < argc; i++) {
        int got = tw_cli_display_option(cli, argc, argv, &i);
        if (got < 0)
            return TW_EXIT_USAGE;
        if (got)
            continue;
        if (strcmp(argv[i], "--cards") == 0)
            cards = 1;
        else if (argv[i][0] == '-')
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_UNKNOWN_OPTION), argv[i]);
        else if (name)
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_EXTRA_ARGUMENT), argv[i]);
        else
            name = argv[i];
    }
    tw_cli_setup_term(cli);
    const tw_cli_ui *ui = NULL;
    for (int g = 0; name && g < tw_cli_game_count; g++)
        if (strcmp(tw_cli_games[g]->game->key, name) == 0 || strcmp(tw_cli_games[g]->file_game, name) == 0)
            ui = tw_cli_games[g];
    if (name && !ui) {
        char games[400];
        game_names(cli, games, sizeof games);
        return tw_cli_usage_error(cli, usage, R(RT_UNKNOWN_GAME), name, games);
    }
    if (!ui) {
        print_index(cli);
        return TW_EXIT_OK;
    }
    int cols = 0, rows = 0;
    int paged = tw_cli_out_is_tty(cli) && cli->in && isatty(fileno(cli->in)) && tw_term_size(cli->out, &cols, &rows) &&
                rows > 4;
    tw_cli_capture held;
    int holding = paged && tw_cli_capture_begin(cli, &held) == 0;
    int ok = cards ? print_cards(cli, ui, NULL) == 0 : print_rules(cli, ui, 0) >= 0;
    if (holding) {
        char *text = tw_cli_capture_end(cli, &held);
        if (text)
            page_out(cli, text, rows);
        free(text);
    }
    return ok ? TW_EXIT_OK : TW_EXIT_FAIL;
}

/* ---- At a game's prompt ---------------------------------------------------- */

/* `rules`, `rules N` and `rules cards` typed at a game's prompt. */
int tw_cli_rules_word(tw_cli_session *ss, const char *text)
{
    tw_cli *cli = ss->cli;
    char first[32] = "", second[32] = "", extra[2] = "";
    if (sscanf(text, "%31s %31s %1s", first, second, extra) < 1 || extra[0] || !tw_prompt_word(first, WORDS_RULES))
        return 0;
    if (!second[0]) {
        print_rules(cli, ss->ui, -1);
        return 1;
    }
    if (tw_prompt_word(second, WORDS_CARDS)) {
        print_cards(cli, ss->ui, ss->match);
        return 1;
    }
    char *end = NULL;
    long n = strtol(second, &end, 10);
    int sections = section_count(cli, ss->ui);
    if (sections < 0)
        return 1;
    if (*end || n < 1 || n > sections)
        tw_cli_printf(cli, R(RT_NO_SECTION), second, sections);
    else
        print_rules(cli, ss->ui, (int)n);
    return 1;
}

/* The line the help adds about `rules`. */
const char *tw_cli_rules_hint(const tw_cli *cli)
{
    return R(RT_HINT);
}
