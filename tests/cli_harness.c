/* In-process runs of the trickwood program for tests. */
#define _POSIX_C_SOURCE 200809L
#include "cli_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
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
