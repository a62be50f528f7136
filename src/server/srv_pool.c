/* The worker pool: a fixed number of threads that run hints and bot
 * decisions, the server's only long computations. A request thread hands
 * its job over and waits, so however many hints are asked at once, no
 * more than the pool's threads think at the same time, and the rest of
 * the machine stays free for state requests and moves. The workers run
 * at a lower priority (nice 10) for the same reason. A bot's decision,
 * which a move waits for, goes before every hint waiting, so a flood of
 * hints on one table never queues another table's moves behind it. */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "server/server.h"

/* One job: what to run and whether it is done. Lives on the waiting
 * caller's stack. */
typedef struct pool_job {
    void (*fn)(void *arg);
    void *arg;
    int done;
    int cancelled; /* dropped unrun: the server is stopping */
    int urgent;    /* a bot's decision (else a hint) */
    struct pool_job *next;
} pool_job;

struct tw_srv_pool {
    pthread_mutex_t lock;
    pthread_cond_t work;  /* a job was queued, or the pool stops */
    pthread_cond_t done;  /* a job finished, or room was made */
    pool_job *head, *tail;
    pool_job *urgent;     /* the last bot decision queued (they come first, in order); NULL when none waits */
    unsigned waiting;     /* jobs queued, not yet taken */
    unsigned queue;       /* most jobs that may wait */
    unsigned hinting;     /* hints running now */
    unsigned hint_threads; /* most hints running at once (--workers) */
    int stopping;
    unsigned threads;
    pthread_t *ids;
};

/* Takes the next job a worker may run now (the pool's lock is held): a
 * bot's decision, or a hint while fewer than hint_threads think. */
static pool_job *take_job(tw_srv_pool *pool)
{
    pool_job *job = pool->head;
    if (!job || (!job->urgent && pool->hinting >= pool->hint_threads))
        return NULL;
    pool->head = job->next;
    if (!pool->head)
        pool->tail = NULL;
    if (pool->urgent == job)
        pool->urgent = NULL;
    pool->waiting--;
    if (!job->urgent)
        pool->hinting++;
    return job;
}

/* A worker: takes jobs in order until the pool stops and the queue is
 * empty. There is one thread more than hints may use, so a bot's
 * decision finds a thread even while every hint thread thinks. */
static void *worker(void *cls)
{
    tw_srv_pool *pool = cls;
    /* Per-thread on Linux: only this worker runs at the lower priority. */
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        pool_job *job;
        while (!(job = take_job(pool)) && !(pool->stopping && !pool->head))
            pthread_cond_wait(&pool->work, &pool->lock);
        if (!job)
            break;
        pthread_mutex_unlock(&pool->lock);
        job->fn(job->arg);
        pthread_mutex_lock(&pool->lock);
        if (!job->urgent) {
            pool->hinting--;
            pthread_cond_broadcast(&pool->work); /* a hint may start now */
        }
        job->done = 1;
        pthread_cond_broadcast(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

tw_srv_pool *tw_srv_pool_start(unsigned workers, unsigned queue)
{
    if (workers == 0)
        workers = 1;
    tw_srv_pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pool->ids = calloc(workers + 1, sizeof *pool->ids);
    if (!pool->ids) {
        free(pool);
        return NULL;
    }
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->work, NULL);
    pthread_cond_init(&pool->done, NULL);
    pool->queue = queue;
    pool->hint_threads = workers;
    /* Workers take no signals: SIGINT and SIGTERM are for the main
     * thread's sigwait (a worker would end the process instead). */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    for (unsigned i = 0; i < workers + 1; i++) {
        if (pthread_create(&pool->ids[i], NULL, worker, pool) != 0)
            break;
        pool->threads++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pool->threads == 0) {
        tw_srv_pool_stop(pool);
        return NULL;
    }
    return pool;
}

void tw_srv_pool_cancel(tw_srv_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->stopping = 1;
    for (pool_job *job = pool->head; job; job = job->next) {
        job->cancelled = 1;
        job->done = 1;
    }
    pool->head = pool->tail = pool->urgent = NULL;
    pool->waiting = 0;
    pthread_cond_broadcast(&pool->work);
    pthread_cond_broadcast(&pool->done);
    pthread_mutex_unlock(&pool->lock);
}

void tw_srv_pool_stop(tw_srv_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->stopping = 1;
    pthread_cond_broadcast(&pool->work);
    pthread_mutex_unlock(&pool->lock);
    for (unsigned i = 0; i < pool->threads; i++)
        pthread_join(pool->ids[i], NULL);
    pthread_cond_destroy(&pool->work);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->lock);
    free(pool->ids);
    free(pool);
}

int tw_srv_pool_run(tw_srv_pool *pool, void (*fn)(void *arg), void *arg, int may_refuse)
{
    if (!pool) {
        fn(arg);
        return 0;
    }
    pool_job job = {fn, arg, 0, 0, !may_refuse, NULL};
    pthread_mutex_lock(&pool->lock);
    if (may_refuse && pool->waiting >= pool->queue && !pool->stopping) {
        pthread_mutex_unlock(&pool->lock);
        return -1;
    }
    if (pool->stopping) {
        pthread_mutex_unlock(&pool->lock);
        return -1; /* the server is stopping: no new long computation */
    }
    if (!may_refuse) {
        /* A bot's decision: after the ones waiting, before every hint. */
        pool_job **at = pool->urgent ? &pool->urgent->next : &pool->head;
        job.next = *at;
        *at = &job;
        if (!job.next)
            pool->tail = &job;
        pool->urgent = &job;
    } else {
        if (pool->tail)
            pool->tail->next = &job;
        else
            pool->head = &job;
        pool->tail = &job;
    }
    pool->waiting++;
    pthread_cond_broadcast(&pool->work);
    while (!job.done)
        pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    return job.cancelled ? -1 : 0;
}

/* A bot decision handed to a worker. */
typedef struct {
    tw_game_bot *bot;
    const tw_match *match;
    tw_game_action *action;
    tw_error rc;
} bot_job;

/* Runs a bot decision (on a worker), from the seat to act's view. */
static void run_bot(void *cls)
{
    bot_job *job = cls;
    job->rc = job->match->game->bot_choose(job->bot, job->match, job->action);
}

tw_error tw_srv_bot_choose(tw_srv *srv, tw_game_bot *bot, const tw_match *m, tw_game_action *action)
{
    bot_job job = {bot, m, action, TW_OK};
    if (tw_srv_pool_run(srv->pool, run_bot, &job, 0) != 0)
        return TW_ERR_ARG; /* dropped: the server is stopping */
    return job.rc;
}
