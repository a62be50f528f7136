/* In-process runs of the trickwood program for tests. */
#define _POSIX_C_SOURCE 200809L
#include "cli_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "test.h"

/* Runs tw_cli_main with in-memory streams. */
tw_test_cli_result tw_test_cli_run(const char *input, const char *const *args)
{
    tw_test_cli_result r = {0, NULL, NULL};
    char *argv[40];
    int argc = 0;
    argv[argc++] = (char *)"trickwood";
    for (int i = 0; args[i] && argc < 39; i++)
        argv[argc++] = (char *)args[i];
    argv[argc] = NULL;
    size_t out_len = 0, err_len = 0;
    FILE *in = input[0] ? fmemopen((void *)input, strlen(input), "r") : fopen("/dev/null", "r");
    FILE *out = open_memstream(&r.out, &out_len);
    FILE *err = open_memstream(&r.err, &err_len);
    if (!in || !out || !err) {
        tw_test_fail(__FILE__, __LINE__, "cannot open in-memory streams");
        r.code = -1;
    } else {
        r.code = tw_cli_main(argc, argv, in, out, err);
    }
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    if (err)
        fclose(err);
    return r;
}

/* Frees what a run captured. */
void tw_test_cli_free(tw_test_cli_result *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

/* An input of n lines all saying answer. */
char *tw_test_repeat_lines(const char *answer, int n)
{
    size_t len = strlen(answer) + 1;
    char *text = malloc(len * (size_t)n + 1);
    if (!text)
        return NULL;
    for (int i = 0; i < n; i++) {
        memcpy(text + len * (size_t)i, answer, len - 1);
        text[len * (size_t)i + len - 1] = '\n';
    }
    text[len * (size_t)n] = '\0';
    return text;
}

/* Copies the rest of the line after marker into out. */
int tw_test_line_after(const char *text, const char *marker, char *out, size_t size)
{
    const char *at = strstr(text, marker);
    if (!at)
        return 0;
    at += strlen(marker);
    size_t n = strcspn(at, "\n");
    if (n >= size)
        n = size - 1;
    memcpy(out, at, n);
    out[n] = '\0';
    return 1;
}

/* Points the default save folder at a scratch folder. */
void tw_test_scratch_xdg(const char *name)
{
    setenv("XDG_DATA_HOME", tw_test_tmp(name), 1);
}

/* Reports a game file that did not load or replay. */
int tw_test_file_loaded(const char *path, tw_error load, const tw_diag *diag, tw_error replay)
{
    if (load != TW_OK) {
        char text[800];
        tw_diag_format(diag, text, sizeof text);
        tw_test_fail(__FILE__, __LINE__, "cannot load %s: %s", path, text);
        return -1;
    }
    if (replay != TW_OK) {
        tw_test_fail(__FILE__, __LINE__, "cannot replay %s", path);
        return -1;
    }
    return 0;
}
