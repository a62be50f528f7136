/* Runs the trickwood program in-process for tests: argv, piped input,
 * captured output and exit code. */
#ifndef TRICKWOOD_TEST_CLI_HARNESS_H
#define TRICKWOOD_TEST_CLI_HARNESS_H

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

#endif
