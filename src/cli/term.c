/* Terminal style: colours, UTF-8 or ASCII symbols, language from the
 * environment, padding by display width. */
#define _POSIX_C_SOURCE 200809L
#include "cli/term.h"

#include <stdlib.h>
#include <string.h>
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

/* A card as rank and suit symbol, styled. */
void tw_term_card(const tw_term *t, int rank, int style, const char *symbol, char *out, size_t size)
{
    if (rank < 0)
        snprintf(out, size, "?");
    else
        snprintf(out, size, "%s%d%s%s", tw_term_style(t, style), rank, symbol, tw_term_style(t, TW_STYLE_RESET));
}
