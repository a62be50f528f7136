/* Test runner: runs every registered test (or those whose name contains an
 * argument) and ends with the line "N passed, N failed". */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "test.h"

#define MAX_TESTS 2048

static struct {
    const char *name;
    tw_test_fn fn;
} tests[MAX_TESTS];
static int test_count;
static int current_failures;
static const char *current_name;
static char tmp_dir[256];

/* Adds a test to the table. */
void tw_test_register(const char *name, tw_test_fn fn)
{
    if (test_count < MAX_TESTS) {
        tests[test_count].name = name;
        tests[test_count].fn = fn;
        test_count++;
    }
}

/* Prints a failure; only the first few per test to keep output short. */
void tw_test_fail(const char *file, int line, const char *fmt, ...)
{
    current_failures++;
    if (current_failures > 10)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL %s (%s:%d): ", current_name, file, line);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
}

/* Returns data/NAME, using TRICKWOOD_DATA when set. */
const char *tw_test_data(const char *name)
{
    static char path[4][512];
    static int next;
    const char *dir = getenv("TRICKWOOD_DATA");
    char *out = path[next++ % 4];
    snprintf(out, 512, "%s/%s", dir ? dir : TW_DATA_DIR, name);
    return out;
}

/* Returns a path inside the run's scratch folder. */
const char *tw_test_tmp(const char *name)
{
    static char path[4][512];
    static int next;
    char *out = path[next++ % 4];
    snprintf(out, 512, "%s/%s", tmp_dir, name);
    return out;
}

/* Orders tests by name so runs are stable. */
static int by_name(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    return strcmp(x, y);
}

int main(int argc, char **argv)
{
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/trickwood-tests-XXXXXX");
    if (!mkdtemp(tmp_dir)) {
        perror("mkdtemp");
        return 2;
    }
    /* Games finished by the tests go to a history in the scratch folder,
     * never to the user's (a test may point it elsewhere). */
    char xdg[600];
    snprintf(xdg, sizeof xdg, "%s/xdg-default", tmp_dir);
    setenv("XDG_DATA_HOME", xdg, 1);
    qsort(tests, (size_t)test_count, sizeof tests[0], by_name);
    /* TW_TEST_TIMES=1 prints each test's wall time (to find what makes a
     * suite slow) */
    int show_times = getenv("TW_TEST_TIMES") != NULL;
    int passed = 0, failed = 0;
    for (int i = 0; i < test_count; i++) {
        int wanted = argc < 2;
        for (int a = 1; a < argc; a++)
            if (strstr(tests[i].name, argv[a]))
                wanted = 1;
        if (!wanted)
            continue;
        current_name = tests[i].name;
        current_failures = 0;
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        tests[i].fn();
        clock_gettime(CLOCK_MONOTONIC, &end);
        if (show_times)
            fprintf(stderr, "   time %s: %.1f s\n", tests[i].name,
                    (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
        if (current_failures)
            failed++;
        else
            passed++;
    }
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmp_dir);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
