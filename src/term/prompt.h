/* Game-independent prompts: reading one answer per line (scripted input
 * works), numbered choice lists, and recognising numbers and words. The
 * game decides what a word means; this module only reads and matches. */
#ifndef TRICKWOOD_TERM_PROMPT_H
#define TRICKWOOD_TERM_PROMPT_H

#include <stddef.h>
#include <stdio.h>

#include "term/term.h"

#define TW_PROMPT_LINE 256

/* Results of tw_prompt_number() that are not a choice. */
enum { TW_PROMPT_NOT_NUMBER = -1, TW_PROMPT_OUT_OF_RANGE = -2 };

/* Reads one line into buf without its line ending, with surrounding spaces
 * removed. A longer line is cut at size - 1 and the rest skipped. Returns 1
 * when a line was read (a last line without a newline counts), 0 at the end
 * of input. */
int tw_prompt_read(FILE *in, char *buf, size_t size);

/* Reads a choice number from text: returns the index 0..count-1 for an
 * answer 1..count, TW_PROMPT_OUT_OF_RANGE for another number (its value in
 * *value when value is not NULL), TW_PROMPT_NOT_NUMBER for anything else. */
int tw_prompt_number(const char *text, int count, long *value);

/* Whether text equals one of the NULL-terminated words, ignoring ASCII
 * case. */
int tw_prompt_word(const char *text, const char *const *words);

/* Lowercases the ASCII letters of text in place; returns text. */
char *tw_prompt_lower(char *text);

/* A word of another language and the word it stands for. */
typedef struct {
    const char *from;
    const char *to;
} tw_prompt_alias;

/* Rewrites a lowercased answer word by word into out: a word found in
 * words (ended by a NULL from) becomes its "to"; a card, a number then one
 * letter, gets its letter changed by letters (pairs "from to", e.g. "gcye":
 * g becomes c, y becomes e). Returns 1 when anything changed, else 0. */
int tw_prompt_translate(const char *text, const tw_prompt_alias *words, const char *letters, char *out, size_t size);

/* Copies a typed answer into out with each of the n suit symbols
 * (symbols[i], UTF-8) written as letters[i]; a symbol right after a
 * letter (a card copied from the screen, "7c" then the symbol) is left
 * out instead. Returns 1 when a symbol was found, else 0. */
int tw_prompt_unsymbol(const char *text, const char *const *symbols, const char *letters, int n, char *out,
                       size_t size);

/* Prints choices as "  1. label" lines, numbers in bold. */
void tw_prompt_list(FILE *out, const tw_term *term, const char *const *labels, int count);
/* Numbered choices two to a line when each fits half of width (compact
 * screens); else one to a line. */
void tw_prompt_list_columns(FILE *out, const tw_term *term, const char *const *labels, int count, int width);

/* Prints the question mark line that waits for an answer, e.g. "> ". */
void tw_prompt_ask(FILE *out, const tw_term *term, const char *question);

#endif
