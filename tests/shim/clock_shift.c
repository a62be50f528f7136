/* A shim for the server tests (LD_PRELOAD into `trickwood serve`): moves
 * the wall clock (CLOCK_REALTIME) by the number of seconds written in
 * the file named by TW_TEST_CLOCK_SHIFT_FILE, read at every call, so a
 * test can step the wall clock of one process back or forth without
 * touching the machine's. The monotonic clock is left alone. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* The shift in seconds the file says now (0 without one). */
static long long shift_seconds(void)
{
    const char *path = getenv("TW_TEST_CLOCK_SHIFT_FILE");
    FILE *f = path ? fopen(path, "r") : NULL;
    long long shift = 0;
    if (f) {
        if (fscanf(f, "%lld", &shift) != 1)
            shift = 0;
        fclose(f);
    }
    return shift;
}

/* clock_gettime with the wall clocks shifted. */
int clock_gettime(clockid_t id, struct timespec *ts)
{
    static int (*real)(clockid_t, struct timespec *);
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "clock_gettime");
    int rc = real(id, ts);
    if (rc == 0 && (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE))
        ts->tv_sec += (time_t)shift_seconds();
    return rc;
}

/* time with the wall clock shifted. */
time_t time(time_t *out)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    if (out)
        *out = ts.tv_sec;
    return ts.tv_sec;
}
