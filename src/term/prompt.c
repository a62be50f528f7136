/* Reading answers and listing numbered choices. */
#include "term/prompt.h"

#include <ctype.h>
#include <string.h>

/* Reads a line, trims it; 0 at end of input. */
int tw_prompt_read(FILE *in, char *buf, size_t size)
{
    if (!size)
        return 0;
    buf[0] = '\0';
    size_t len = 0;
    int c, any = 0;
    while ((c = fgetc(in)) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (len + 1 < size)
            buf[len++] = (char)c;
    }
    if (!any)
        return 0;
    buf[len] = '\0';
    while (len > 0 && (buf[len - 1] == ' ' || buf[len - 1] == '\t' || buf[len - 1] == '\r'))
        buf[--len] = '\0';
    size_t start = 0;
    while (buf[start] == ' ' || buf[start] == '\t')
        start++;
    if (start)
        memmove(buf, buf + start, len - start + 1);
    return 1;
}

/* Recognises a choice number. */
int tw_prompt_number(const char *text, int count, long *value)
{
    if (!text[0])
        return TW_PROMPT_NOT_NUMBER;
    long v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return TW_PROMPT_NOT_NUMBER;
        if (v < 1000000)
            v = v * 10 + (*p - '0');
    }
    if (value)
        *value = v;
    if (v < 1 || v > count)
        return TW_PROMPT_OUT_OF_RANGE;
    return (int)(v - 1);
}

/* Compares two strings ignoring ASCII case. */
static int equal_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z')
            x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (char)(y - 'A' + 'a');
        if (x != y)
            return 0;
    }
    return *a == *b;
}

/* Matches text against a word list. */
int tw_prompt_word(const char *text, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (equal_nocase(text, words[i]))
            return 1;
    return 0;
}

/* Lowercases ASCII letters. */
char *tw_prompt_lower(char *text)
{
    for (char *p = text; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
    return text;
}

/* A card word's new letter ("7g" with "gc": "7c"), or 0 when the word is
 * not a number then one letter of letters. */
static char card_letter(const char *word, size_t len, const char *letters)
{
    size_t digits = 0;
    while (digits < len && word[digits] >= '0' && word[digits] <= '9')
        digits++;
    if (digits == 0 || digits + 1 != len)
        return 0;
    for (size_t i = 0; letters[i] && letters[i + 1]; i += 2)
        if (letters[i] == word[digits])
            return letters[i + 1];
    return 0;
}

/* Rewrites an answer word by word. */
int tw_prompt_translate(const char *text, const tw_prompt_alias *words, const char *letters, char *out, size_t size)
{
    size_t at = 0;
    int changed = 0;
    out[0] = '\0';
    while (*text) {
        size_t spaces = strspn(text, " "), len = strcspn(text + spaces, " ");
        const char *word = text + spaces, *put = word;
        size_t put_len = len;
        char card[16];
        char letter = letters ? card_letter(word, len, letters) : 0;
        if (letter && len < sizeof card) {
            memcpy(card, word, len);
            card[len - 1] = letter;
            card[len] = '\0';
            put = card;
        }
        for (int i = 0; !letter && words && words[i].from; i++)
            if (strlen(words[i].from) == len && memcmp(words[i].from, word, len) == 0) {
                put = words[i].to;
                put_len = strlen(put);
                break;
            }
        changed |= put != word;
        int n = snprintf(out + at, size - at, "%.*s%.*s", (int)spaces, text, (int)put_len, put);
        if (n < 0 || (size_t)n >= size - at)
            break;
        at += (size_t)n;
        text = word + len;
    }
    return changed;
}

/* Writes suit symbols as letters (see prompt.h). */
int tw_prompt_unsymbol(const char *text, const char *const *symbols, const char *letters, int n, char *out,
                       size_t size)
{
    size_t at = 0;
    int found = 0;
    if (size == 0)
        return 0;
    while (*text && at + 1 < size) {
        int which = -1;
        size_t len = 0;
        for (int i = 0; i < n && which < 0; i++) {
            len = strlen(symbols[i]);
            if (len && strncmp(text, symbols[i], len) == 0)
                which = i;
        }
        if (which < 0) {
            out[at++] = *text++;
            continue;
        }
        found = 1;
        text += len;
        int after_letter = at > 0 && isalpha((unsigned char)out[at - 1]);
        if (!after_letter)
            out[at++] = letters[which];
    }
    out[at] = '\0';
    return found;
}

/* Prints a numbered list. */
/* Prints a choice's number, "  N. " (digits: its width), in bold. */
static void choice_number(FILE *out, const tw_term *term, int digits, int number)
{
    fprintf(out, "  %s%*d.%s ", tw_term_style(term, TW_STYLE_BOLD), digits, number,
            tw_term_style(term, TW_STYLE_RESET));
}

void tw_prompt_list(FILE *out, const tw_term *term, const char *const *labels, int count)
{
    int digits = count >= 10 ? 2 : 1;
    for (int i = 0; i < count; i++) {
        choice_number(out, term, digits, i + 1);
        fprintf(out, "%s\n", labels[i]);
    }
}

/* Prints numbered choices two to a line, down the first column then the
 * second, when every one fits half of width (the compact layout of small
 * terminals); else one to a line, as tw_prompt_list. */
void tw_prompt_list_columns(FILE *out, const tw_term *term, const char *const *labels, int count, int width)
{
    int number = count >= 10 ? 2 : 1;
    int column = width / 2;
    int widest = 0;
    for (int i = 0; i < count; i++) {
        int w = tw_term_width(labels[i]) + number + 4; /* "  N. label" and a space between columns */
        widest = w > widest ? w : widest;
    }
    if (count < 4 || width <= 0 || widest > column) {
        tw_prompt_list(out, term, labels, count);
        return;
    }
    int rows = (count + 1) / 2;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < 2; c++) {
            int i = r + c * rows;
            if (i >= count)
                break;
            choice_number(out, term, number, i + 1);
            if (c == 0 && i + rows < count)
                tw_term_pad(out, labels[i], column - number - 4);
            else
                fputs(labels[i], out);
        }
        fputc('\n', out);
    }
}

/* Prints the waiting line. */
void tw_prompt_ask(FILE *out, const tw_term *term, const char *question)
{
    fprintf(out, "%s%s%s ", tw_term_style(term, TW_STYLE_BOLD), question, tw_term_style(term, TW_STYLE_RESET));
    fflush(out);
}
