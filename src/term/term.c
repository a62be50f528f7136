/* Terminal style: colours, UTF-8 or ASCII symbols, language from the
 * environment, padding by display width. */
#define _POSIX_C_SOURCE 200809L
#include "term/term.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static const char *const STYLE_CODES[TW_STYLE_COUNT] = {
    "\033[0m", "\033[1m", "\033[2m", "\033[31m", "\033[32m", "\033[33m", "\033[34m", "\033[35m", "\033[36m",
};

/* The first non-empty environment variable among names, or NULL. */
static const char *first_env(const char *const *names)
{
    for (int i = 0; names[i]; i++) {
        const char *v = getenv(names[i]);
        if (v && *v)
            return v;
    }
    return NULL;
}

/* Case-insensitive search for needle in text (ASCII only). */
static int contains_nocase(const char *text, const char *needle)
{
    size_t n = strlen(needle);
    for (; *text; text++) {
        size_t k = 0;
        while (k < n && text[k]) {
            char a = text[k], b = needle[k];
            if (a >= 'A' && a <= 'Z')
                a = (char)(a - 'A' + 'a');
            if (b >= 'A' && b <= 'Z')
                b = (char)(b - 'A' + 'a');
            if (a != b)
                break;
            k++;
        }
        if (k == n)
            return 1;
    }
    return 0;
}

/* Whether the locale asks for UTF-8. */
int tw_term_locale_utf8(void)
{
    static const char *const names[] = {"LC_ALL", "LC_CTYPE", "LANG", NULL};
    const char *v = first_env(names);
    return v && (contains_nocase(v, "utf-8") || contains_nocase(v, "utf8"));
}

/* The language the environment asks for. */
tw_lang tw_term_env_lang(void)
{
    static const char *const names[] = {"LC_ALL", "LC_MESSAGES", "LANG", NULL};
    const char *v = first_env(names);
    if (v && (v[0] == 'f' || v[0] == 'F') && (v[1] == 'r' || v[1] == 'R'))
        return TW_LANG_FR;
    return TW_LANG_EN;
}

/* Parses a language code. */
int tw_term_lang_parse(const char *text)
{
    if (!text)
        return -1;
    if (strcmp(text, "en") == 0)
        return TW_LANG_EN;
    if (strcmp(text, "fr") == 0)
        return TW_LANG_FR;
    return -1;
}

/* Decides whether to colour and which symbols to draw. */
void tw_term_setup(tw_term *term, FILE *out, int force_ascii, int no_color)
{
    const char *no_color_env = getenv("NO_COLOR");
    const char *term_env = getenv("TERM");
    int fd = out ? fileno(out) : -1;
    term->color = !no_color && fd >= 0 && isatty(fd) && !(no_color_env && *no_color_env) &&
                  !(term_env && strcmp(term_env, "dumb") == 0);
    term->utf8 = !force_ascii && tw_term_locale_utf8();
}

/* Escape sequence of a style when colours are on. */
const char *tw_term_style(const tw_term *term, tw_style style)
{
    if (!term->color || style < 0 || style >= TW_STYLE_COUNT)
        return "";
    return STYLE_CODES[style];
}

/* UTF-8 symbol or its ASCII fallback. */
const char *tw_term_symbol(const tw_term *term, const char *utf8, const char *ascii)
{
    return term->utf8 ? utf8 : ascii;
}

/* Counts display columns: continuation bytes and escapes do not count. */
int tw_term_width(const char *text)
{
    int width = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == 0x1b) {
            while (p[1] && !((p[1] >= 'A' && p[1] <= 'Z') || (p[1] >= 'a' && p[1] <= 'z')))
                p++;
            if (p[1])
                p++;
            continue;
        }
        if ((*p & 0xC0) != 0x80)
            width++;
    }
    return width;
}

void tw_term_cut(const tw_term *term, char *text, size_t size, int width)
{
    if (tw_term_width(text) <= width)
        return;
    const char *dots = tw_term_symbol(term, "…", "...");
    int room = width - tw_term_width(dots), used = 0;
    size_t at = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if ((*p & 0xC0) != 0x80) {
            if (used == room)
                break;
            used++;
        }
        at = (size_t)(p - (const unsigned char *)text) + 1;
    }
    while (at > 0 && ((unsigned char)text[at] & 0xC0) == 0x80) /* end on a whole character */
        at--;
    snprintf(text + at, size - at, "%s", dots);
}

/* Prints text padded to a display width. */
void tw_term_pad(FILE *out, const char *text, int width)
{
    fputs(text, out);
    for (int w = tw_term_width(text); w < width; w++)
        fputc(' ', out);
}

/* Prints text in lines of at most width columns (a longer word stands
 * alone on its line). */
void tw_term_wrap(FILE *out, const char *text, int indent, int width)
{
    int column = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, " ");
        /* French puts a space before ; : ! ? and a closing quote: keep
         * such a sign on the line of the word before it. */
        while (p[len] == ' ') {
            const char *next = p + len + 1;
            size_t next_len = strcspn(next, " ");
            int sign = (next_len == 1 && strchr(";:!?", next[0])) || (next_len == 2 && memcmp(next, "\xc2\xbb", 2) == 0);
            if (!sign)
                break;
            len += 1 + next_len;
        }
        char word[512];
        size_t n = len < sizeof word - 1 ? len : sizeof word - 1;
        memcpy(word, p, n);
        word[n] = '\0';
        int w = tw_term_width(word);
        if (column > 0 && column + 1 + w > width) {
            fputc('\n', out);
            column = 0;
        }
        if (column == 0) {
            fprintf(out, "%*s", indent, "");
            column = indent;
        } else {
            fputc(' ', out);
            column++;
        }
        fwrite(p, 1, len, out);
        column += w;
        p += len;
    }
    if (column > 0)
        fputc('\n', out);
}

/* The terminal's columns and rows. */
int tw_term_size(FILE *out, int *cols, int *rows)
{
    struct winsize ws;
    int fd = out ? fileno(out) : -1;
    *cols = *rows = 0;
    if (fd < 0 || !isatty(fd) || ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0)
        return 0;
    *cols = ws.ws_col;
    *rows = ws.ws_row;
    return 1;
}

/* The bytes of an escape sequence starting at p (ESC ... letter). */
static size_t escape_len(const char *p, size_t n)
{
    size_t i = 1;
    while (i < n && !((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= 'a' && p[i] <= 'z')))
        i++;
    return i < n ? i + 1 : n;
}

/* Display width of n bytes of text. */
static int span_width(const char *p, size_t n)
{
    int width = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == 0x1b) {
            i += escape_len(p + i, n - i) - 1;
            continue;
        }
        if (((unsigned char)p[i] & 0xC0) != 0x80)
            width++;
    }
    return width;
}

/* Whether p[i] lies inside a quoted path: a span opened by a single
 * quote that starts a word and is followed by '/' (how
 * tw_term_shell_quoted writes a path that holds spaces), up to the next
 * single quote. A French apostrophe ("l'étape") opens nothing. */
static int inside_quoted_path(const char *p, size_t i)
{
    int inside = 0;
    for (size_t k = 0; k < i; k++)
        if (p[k] == '\'') {
            if (!inside && p[k + 1] == '/' && (k == 0 || p[k - 1] == ' '))
                inside = 1;
            else if (inside)
                inside = 0;
        }
    return inside;
}

/* Whether the space at p[i] may end a line: not inside a quoted path,
 * nor when what follows is a lone French sign (; : ! ? or a closing
 * quote) that belongs to the word before it. */
static int may_break(const char *p, size_t n, size_t i)
{
    if (inside_quoted_path(p, i))
        return 0;
    size_t j = i + 1, k = j;
    while (k < n && p[k] != ' ')
        k++;
    if (k - j == 1 && strchr(";:!?", p[j]))
        return 0;
    return !(k - j == 2 && memcmp(p + j, "\xc2\xbb", 2) == 0);
}

/* The columns a continuation line starts at: the line's indent, and the
 * number of a list item ("  3. ") when it has one. */
static int hanging_indent(const char *p, size_t n)
{
    size_t i = 0;
    while (i < n && p[i] == ' ')
        i++;
    size_t d = i;
    while (d < n && p[d] >= '0' && p[d] <= '9')
        d++;
    if (d > i && d + 1 < n && p[d] == '.' && p[d + 1] == ' ')
        return (int)(d + 2);
    return (int)i;
}

/* Prints one line (no newline in it) wrapped at width. */
static void wrap_line(FILE *out, const char *p, size_t n, int width)
{
    if (span_width(p, n) <= width) {
        fwrite(p, 1, n, out);
        return;
    }
    int hang = hanging_indent(p, n);
    if (hang > width / 2)
        hang = 0;
    size_t start = 0;
    int lead = 0; /* spaces printed before the segment */
    while (start < n) {
        size_t i = start, cut = 0;
        int column = lead;
        while (i < n && p[i] == ' ' && start == 0) /* a first line keeps its indent */
            column++, i++;
        size_t content = i;
        for (; i < n; i++) {
            if (p[i] == 0x1b) {
                i += escape_len(p + i, n - i) - 1;
                continue;
            }
            if (p[i] == ' ' && i > content && may_break(p, n, i)) {
                if (column <= width || !cut)
                    cut = i;
                if (column > width)
                    break;
            }
            if (((unsigned char)p[i] & 0xC0) != 0x80)
                column++;
        }
        if (i >= n && column <= width)
            cut = n;
        if (!cut)
            cut = n;
        size_t end = cut;
        while (end > start && p[end - 1] == ' ')
            end--;
        fprintf(out, "%*s", lead, "");
        fwrite(p + start, 1, end - start, out);
        start = cut;
        while (start < n && p[start] == ' ')
            start++;
        if (start < n)
            fputc('\n', out);
        lead = hang;
    }
}

const char *tw_term_shell_quoted(const char *path, char *out, size_t size)
{
    int plain = *path != 0;
    for (const char *c = path; *c && plain; c++)
        plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                strchr("/._-+=@%,:~", *c) != NULL;
    if (plain || size < 3)
        return path;
    size_t n = 0;
    out[n++] = '\'';
    for (const char *c = path; *c && n + 5 < size; c++) {
        if (*c == '\'') { /* ends the quote, an escaped quote, opens again */
            memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            out[n++] = *c;
        }
    }
    out[n++] = '\'';
    out[n] = 0;
    return out;
}

/* Prints a block of lines, each wrapped at width. */
void tw_term_wrap_block(FILE *out, const char *text, size_t len, int width)
{
    size_t at = 0;
    while (at < len) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        if (width > 0)
            wrap_line(out, text + at, n, width);
        else
            fwrite(text + at, 1, n, out);
        if (nl)
            fputc('\n', out);
        at += n + (nl ? 1 : 0);
    }
}

/* A card as rank, typed letter and suit symbol, styled. */
void tw_term_card(const tw_term *t, int rank, int style, const char *symbol, const char *letter, char *out,
                  size_t size)
{
    if (!letter || strcmp(letter, symbol) == 0)
        letter = "";
    if (rank < 0)
        snprintf(out, size, "?");
    else
        snprintf(out, size, "%s%d%s%s%s", tw_term_style(t, style), rank, letter, symbol,
                 tw_term_style(t, TW_STYLE_RESET));
}

/* One decimal, rounded half up, with the language's mark (see term.h). */
void tw_term_decimal1(tw_lang lang, double x, char *out, size_t size)
{
    long tenths = (long)floor(x * 10 + 0.5);
    long whole = tenths / 10, tenth = labs(tenths % 10);
    snprintf(out, size, "%s%ld%s%ld", tenths < 0 && whole == 0 ? "-" : "", whole, lang == TW_LANG_FR ? "," : ".", tenth);
}
