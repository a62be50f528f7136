/* Game-independent terminal pieces: whether to colour (TTY, NO_COLOR),
 * whether to draw UTF-8 symbols or their ASCII fallbacks, the player's
 * language from the environment, and column padding that counts UTF-8
 * characters rather than bytes. Output stays plain lines, so it works piped. */
#ifndef TRICKWOOD_TERM_TERM_H
#define TRICKWOOD_TERM_TERM_H

#include <stdio.h>

#include "trickwood/core.h"

/* Text styles (ANSI SGR). */
typedef enum {
    TW_STYLE_RESET = 0,
    TW_STYLE_BOLD,
    TW_STYLE_DIM,
    TW_STYLE_RED,
    TW_STYLE_GREEN,
    TW_STYLE_YELLOW,
    TW_STYLE_BLUE,
    TW_STYLE_MAGENTA,
    TW_STYLE_CYAN,
    TW_STYLE_COUNT
} tw_style;

/* How the terminal is drawn. */
typedef struct {
    int color; /* emit ANSI colour codes */
    int utf8;  /* draw UTF-8 symbols; else ASCII fallbacks */
} tw_term;

/* Decides colours and symbols: colour only when out is a terminal, NO_COLOR
 * is unset, TERM is not "dumb" and no_color is 0; UTF-8 only when the
 * locale says UTF-8 and force_ascii is 0. */
void tw_term_setup(tw_term *term, FILE *out, int force_ascii, int no_color);

/* Whether the locale (LC_ALL, LC_CTYPE, LANG, first one set) is UTF-8. */
int tw_term_locale_utf8(void);

/* The player's language from LC_ALL, LC_MESSAGES or LANG (first one set):
 * French when it starts with "fr", else English. */
tw_lang tw_term_env_lang(void);

/* Parses "en" or "fr"; returns -1 for anything else. */
int tw_term_lang_parse(const char *text);

/* The escape sequence of a style, or "" without colours. */
const char *tw_term_style(const tw_term *term, tw_style style);

/* Picks the UTF-8 or the ASCII form of a symbol. */
const char *tw_term_symbol(const tw_term *term, const char *utf8, const char *ascii);

/* Display width of text: UTF-8 characters counted once, ANSI escapes not
 * at all. */
int tw_term_width(const char *text);

/* Cuts text (of size bytes) to at most width display columns, ending it
 * with an ellipsis (the terminal's: "…" or "...") when it was longer. */
void tw_term_cut(const tw_term *term, char *text, size_t size, int width);

/* Prints text and pads it with spaces to width display columns. */
void tw_term_pad(FILE *out, const char *text, int width);

/* Prints text word-wrapped to width display columns, each line starting
 * with indent spaces and ending with a newline. */
void tw_term_wrap(FILE *out, const char *text, int indent, int width);

/* The size of the terminal out is (columns and rows); 0 when out is not
 * a terminal or its size is unknown. */
int tw_term_size(FILE *out, int *cols, int *rows);

/* The path as a shell would take it back: itself when it holds only
 * letters, digits and / . _ - + = @ % , : ~; else between single quotes
 * (a quote inside written '\''), in out. A quoted path is never wrapped
 * in its middle by tw_term_wrap_block, and pastes back as one word. */
const char *tw_term_shell_quoted(const char *path, char *out, size_t size);
/* Room for a quoted path (a path of up to 1 KiB, each quote written as 4). */
#define TW_PATH_QUOTED 4200
/* Prints a block of lines (len bytes), each wrapped at width display
 * columns at spaces only, never inside a word: a line that fits is left
 * as it is; the rest of a longer one continues under its first word
 * (after a list number "12. " when it has one). A word wider than the
 * width stands alone. A last line without a newline stays without one. */
void tw_term_wrap_block(FILE *out, const char *text, size_t len, int width);

/* Writes x with one decimal, rounded half up (5.25 is "5.3"), with the
 * language's decimal mark ("5,3" in French): the rule and the look of the
 * web history's averages too (web/js/i18n.js, decimalOne). */
void tw_term_decimal1(tw_lang lang, double x, char *out, size_t size);

/* Writes a card as its rank, then (when letter is given and the symbol is
 * not already that letter) the letter a player types for its suit, then
 * its suit symbol, in the suit's style ("7C\u2660": 7 of the suit typed
 * C). A rank below 0 writes "?". */
void tw_term_card(const tw_term *t, int rank, int style, const char *symbol, const char *letter, char *out,
                  size_t size);

#endif
