/* Runs the trickwood program in-process for tests: argv, piped input,
 * captured output and exit code. */
#ifndef TRICKWOOD_TEST_CLI_HARNESS_H
#define TRICKWOOD_TEST_CLI_HARNESS_H

#include <stddef.h>

#include "trickwood/io.h"

/* What one run of the program gave (free with tw_test_cli_free). */
typedef struct {
    int code;
    char *out;
    char *err;
} tw_test_cli_result;

/* Runs `trickwood ARGS...` (args NULL-terminated) with input text. */
tw_test_cli_result tw_test_cli_run(const char *input, const char *const *args);
/* Frees the captured output. */
void tw_test_cli_free(tw_test_cli_result *r);

/* An input of n lines all saying answer (free it), or NULL. */
char *tw_test_repeat_lines(const char *answer, int n);
/* Copies the rest of the line after marker in text into out; 0 when the
 * marker is not there. */
int tw_test_line_after(const char *text, const char *marker, char *out, size_t size);
/* Points the default save folder at a scratch folder of the tests. */
void tw_test_scratch_xdg(const char *name);
/* Checks that a game file loaded and replayed (err from its loader, diag
 * from the load): reports a failure naming path and returns -1, else 0. */
int tw_test_file_loaded(const char *path, tw_error load, const tw_diag *diag, tw_error replay);

#endif
