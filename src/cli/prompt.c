/* Reading answers and listing numbered choices. */
#include "cli/prompt.h"

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

/* Prints a numbered list. */
void tw_prompt_list(FILE *out, const tw_term *term, const char *const *labels, int count)
{
    int width = count >= 10 ? 2 : 1;
    for (int i = 0; i < count; i++)
        fprintf(out, "  %s%*d.%s %s\n", tw_term_style(term, TW_STYLE_BOLD), width, i + 1,
                tw_term_style(term, TW_STYLE_RESET), labels[i]);
}

/* Prints the waiting line. */
void tw_prompt_ask(FILE *out, const tw_term *term, const char *question)
{
    fprintf(out, "%s%s%s ", tw_term_style(term, TW_STYLE_BOLD), question, tw_term_style(term, TW_STYLE_RESET));
    fflush(out);
}
