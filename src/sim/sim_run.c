/* The simulation runner: worker threads play chunks of games, the calling
 * thread reduces the results in game order and draws the progress bar.
 *
 * Chunk k goes to whichever worker asks first, into slot k % SLOTS; a
 * worker may only start chunk k once chunk k - SLOTS has been reduced, so
 * at most SLOTS chunks of results exist at any time. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim/sim.h"

/* Chunks in flight per worker. */
#define SLOTS_PER_JOB 4
/* Seconds between progress redraws. */
#define PROGRESS_PERIOD 0.1

/* Shared state of one run. */
typedef struct {
    const tw_sim_spec *spec;
    long long nchunks;
    int nslots;
    unsigned char *buffers;   /* nslots * chunk * result_size bytes */
    unsigned char *ready;     /* per slot: 1 when its chunk is played */
    unsigned char *failed;    /* per slot: 1 when a game of it failed */
    long long next_chunk;     /* next chunk to hand out */
    long long reduced;        /* chunks reduced so far */
    int stop;                 /* set on failure: hand out nothing more */
    int timed_out;            /* the deadline passed: hand out nothing more */
    pthread_mutex_t lock;
    pthread_cond_t chunk_done;  /* a worker finished a chunk */
    pthread_cond_t slot_free;   /* the reducer freed a slot */
    atomic_llong games_done;  /* for the progress bar */
    double cpu_seconds;       /* CPU time of the chunks played so far */
} run_state;

/* What each worker thread gets. */
typedef struct {
    run_state *run;
    void *scratch;
} worker_arg;

/* Monotonic clock in seconds. */
double tw_sim_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the calling thread in seconds: unlike wall time it does not
 * count time lost to other processes on a busy machine. */
double tw_sim_thread_cpu(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return tw_sim_now();
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the process, every thread summed. */
double tw_sim_process_cpu(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return tw_sim_now();
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Online processors, from sysconf. */
int tw_sim_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

/* splitmix-style derivation: the game index is spread by an odd constant
 * before mixing, so neighbouring games get unrelated seeds. */
uint64_t tw_sim_game_seed(uint64_t seed, long long game)
{
    uint64_t x = tw_mix64(seed ^ 0x6a09e667f3bcc909ULL) + (uint64_t)game * 0x9e3779b97f4a7c15ULL;
    return tw_mix64(x) & ((1ULL << 53) - 1);
}

/* A bot's seed: the game seed mixed with the seat, away from the game's
 * own stream. */
uint64_t tw_sim_bot_seed(uint64_t game_seed, int seat)
{
    return tw_mix64(game_seed ^ (0xb5ad4eceda1ce2a9ULL * (uint64_t)(seat + 1)));
}

/* Chunks of at most max games, small enough that every worker gets about
 * eight of them. */
int tw_sim_chunk_size(long long games, int jobs, int max)
{
    long long per = games / ((long long)(jobs < 1 ? 1 : jobs) * 8);
    if (per > max)
        per = max;
    return per < 1 ? 1 : (int)per;
}

/* Parses digits with an optional k or M suffix. */
int tw_sim_parse_count(const char *text, long long min, long long max, long long *out)
{
    if (!text || !*text)
        return -1;
    long long value = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (value > (max > 0 ? max : 0) / 10 + 1)
            return -1;
        value = value * 10 + (*p - '0');
    }
    if (p == text)
        return -1;
    long long scale = 1;
    if (*p == 'k' || *p == 'K')
        scale = 1000, p++;
    else if (*p == 'M' || *p == 'm')
        scale = 1000000, p++;
    if (*p != '\0')
        return -1;
    if (value > max / scale)
        return -1;
    value *= scale;
    if (value < min || value > max)
        return -1;
    *out = value;
    return 0;
}

/* Formats seconds as m:ss or h:mm:ss. */
static void format_duration(double seconds, char *out, size_t size)
{
    if (seconds < 0 || seconds > 359999)
        seconds = 359999;
    long s = (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(out, size, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
    else
        snprintf(out, size, "%ld:%02ld", s / 60, s % 60);
}

/* One progress line: [#####.....] done/total pct rate ETA, redrawn in
 * place with a carriage return. */
void tw_sim_draw_progress(FILE *to, long long done, long long total, double elapsed_s)
{
    enum { WIDTH = 30 };
    double share = total > 0 ? (double)done / (double)total : 1.0;
    int filled = (int)(share * WIDTH);
    char bar[WIDTH + 1];
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[WIDTH] = '\0';
    double rate = elapsed_s > 0 ? (double)done / elapsed_s : 0.0;
    char eta[32] = "?";
    if (rate > 0)
        format_duration((double)(total - done) / rate, eta, sizeof eta);
    if (done >= total)
        format_duration(elapsed_s, eta, sizeof eta);
    fprintf(to, "\r[%s] %lld/%lld %5.1f%%  %.0f games/s  %s %s\033[K", bar, done, total, share * 100.0, rate,
            done >= total ? "took" : "ETA", eta);
    if (done >= total)
        fputc('\n', to);
    fflush(to);
}

/* Where the results of slot s start. */
static unsigned char *slot_buffer(run_state *run, int s)
{
    return run->buffers + (size_t)s * (size_t)run->spec->chunk * run->spec->result_size;
}

/* Worker loop: take the next chunk when its slot is free, play its games,
 * mark it ready. */
static void *worker_main(void *p)
{
    worker_arg *arg = p;
    run_state *run = arg->run;
    const tw_sim_spec *spec = run->spec;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        while (!run->stop && run->next_chunk < run->nchunks && run->next_chunk >= run->reduced + run->nslots)
            pthread_cond_wait(&run->slot_free, &run->lock);
        if (spec->deadline > 0 && tw_sim_now() >= spec->deadline) {
            run->timed_out = 1;
            pthread_cond_broadcast(&run->chunk_done);
        }
        if (run->stop || run->timed_out || run->next_chunk >= run->nchunks) {
            pthread_mutex_unlock(&run->lock);
            return NULL;
        }
        long long k = run->next_chunk++;
        pthread_mutex_unlock(&run->lock);

        int s = (int)(k % run->nslots);
        unsigned char *buf = slot_buffer(run, s);
        long long first = k * spec->chunk;
        long long last = first + spec->chunk;
        if (last > spec->games)
            last = spec->games;
        int bad = 0;
        double cpu_start = spec->cpu_seconds ? tw_sim_thread_cpu() : 0;
        long long g = first;
        for (; g < last && !bad; g++) {
            void *result = buf + (size_t)(g - first) * spec->result_size;
            memset(result, 0, spec->result_size);
            if (spec->play(spec->ctx, arg->scratch, g, result) != 0)
                bad = 1;
        }
        atomic_fetch_add(&run->games_done, g - first); /* once per chunk: an atomic add per game costs */
        double cpu = spec->cpu_seconds ? tw_sim_thread_cpu() - cpu_start : 0;

        pthread_mutex_lock(&run->lock);
        run->cpu_seconds += cpu;
        run->failed[s] = (unsigned char)bad;
        run->ready[s] = 1;
        if (bad)
            run->stop = 1;
        pthread_cond_broadcast(&run->chunk_done);
        if (bad)
            pthread_cond_broadcast(&run->slot_free);
        pthread_mutex_unlock(&run->lock);
    }
}

/* Waits for chunk k (in slot s), redrawing the progress bar meanwhile.
 * Called with the lock held; returns with it held: 0 when the chunk is
 * ready, -1 when the run failed and 1 when the deadline passed before the
 * chunk was handed out. */
static int wait_for_chunk(run_state *run, long long k, int s, double start, double *last_draw)
{
    const tw_sim_spec *spec = run->spec;
    while (!run->ready[s]) {
        if (run->stop && k >= run->next_chunk)
            return -1;
        if (run->timed_out && k >= run->next_chunk)
            return 1;
        struct timespec until; /* on the monotonic clock (chunk_done's): a step of the wall clock does not stall it */
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += (long)(PROGRESS_PERIOD * 1e9);
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec += 1;
            until.tv_nsec -= 1000000000L;
        }
        int rc = pthread_cond_timedwait(&run->chunk_done, &run->lock, &until);
        if (spec->progress && (rc == ETIMEDOUT || tw_sim_now() - *last_draw >= PROGRESS_PERIOD)) {
            double now = tw_sim_now();
            tw_sim_draw_progress(spec->progress, atomic_load(&run->games_done), spec->games, now - start);
            *last_draw = now;
        }
    }
    return 0;
}

/* Runs the games and reduces them in order. */
int tw_sim_run(const tw_sim_spec *spec, double *elapsed_s)
{
    double start = tw_sim_now();
    if (elapsed_s)
        *elapsed_s = 0;
    if (spec->games <= 0)
        return 0;
    run_state run;
    memset(&run, 0, sizeof run);
    run.spec = spec;
    run.nchunks = (spec->games + spec->chunk - 1) / spec->chunk;
    int jobs = spec->jobs < 1 ? 1 : spec->jobs;
    if (jobs > run.nchunks)
        jobs = (int)run.nchunks;
    run.nslots = jobs * SLOTS_PER_JOB;
    run.buffers = malloc((size_t)run.nslots * (size_t)spec->chunk * spec->result_size);
    run.ready = calloc((size_t)run.nslots, 1);
    run.failed = calloc((size_t)run.nslots, 1);
    worker_arg *args = calloc((size_t)jobs, sizeof *args);
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    int status = 0, started = 0;
    if (!run.buffers || !run.ready || !run.failed || !args || !threads)
        status = -1;
    for (int w = 0; w < jobs && status == 0; w++) {
        args[w].run = &run;
        if (spec->worker_new) {
            args[w].scratch = spec->worker_new(spec->ctx, w);
            if (!args[w].scratch)
                status = -1;
        }
    }
    pthread_mutex_init(&run.lock, NULL);
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&run.chunk_done, &monotonic);
    pthread_condattr_destroy(&monotonic);
    pthread_cond_init(&run.slot_free, NULL);
    atomic_init(&run.games_done, 0);
    for (int w = 0; w < jobs && status == 0; w++) {
        if (pthread_create(&threads[w], NULL, worker_main, &args[w]) != 0) {
            status = -1;
            break;
        }
        started++;
    }
    if (status != 0) {
        pthread_mutex_lock(&run.lock);
        run.stop = 1;
        pthread_cond_broadcast(&run.slot_free);
        pthread_mutex_unlock(&run.lock);
    }

    double last_draw = start;
    for (long long k = 0; k < run.nchunks && status == 0; k++) {
        int s = (int)(k % run.nslots);
        pthread_mutex_lock(&run.lock);
        int waited = wait_for_chunk(&run, k, s, start, &last_draw);
        int bad = waited < 0 || (waited == 0 && run.failed[s]);
        pthread_mutex_unlock(&run.lock);
        if (waited > 0)
            break;
        if (bad) {
            status = -1;
            break;
        }
        unsigned char *buf = slot_buffer(&run, s);
        long long first = k * spec->chunk;
        long long last = first + spec->chunk;
        if (last > spec->games)
            last = spec->games;
        for (long long g = first; g < last; g++)
            spec->reduce(spec->ctx, g, buf + (size_t)(g - first) * spec->result_size);
        pthread_mutex_lock(&run.lock);
        run.ready[s] = 0;
        run.reduced = k + 1;
        pthread_cond_broadcast(&run.slot_free);
        pthread_mutex_unlock(&run.lock);
    }
    if (status != 0) {
        pthread_mutex_lock(&run.lock);
        run.stop = 1;
        pthread_cond_broadcast(&run.slot_free);
        pthread_mutex_unlock(&run.lock);
    }
    for (int w = 0; w < started; w++)
        pthread_join(threads[w], NULL);
    double elapsed = tw_sim_now() - start;
    if (spec->progress && status == 0 && !run.timed_out)
        tw_sim_draw_progress(spec->progress, spec->games, spec->games, elapsed);
    else if (spec->progress)
        fputc('\n', spec->progress);
    for (int w = 0; w < jobs && args; w++)
        if (args[w].scratch && spec->worker_free)
            spec->worker_free(spec->ctx, args[w].scratch);
    pthread_cond_destroy(&run.slot_free);
    pthread_cond_destroy(&run.chunk_done);
    pthread_mutex_destroy(&run.lock);
    free(threads);
    free(args);
    free(run.failed);
    free(run.ready);
    free(run.buffers);
    if (elapsed_s)
        *elapsed_s = elapsed;
    if (spec->cpu_seconds)
        *spec->cpu_seconds = run.cpu_seconds;
    return status;
}
