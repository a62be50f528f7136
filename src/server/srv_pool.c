/* The worker pool: a fixed number of threads that run hints and bot
 * decisions, the server's only long computations. A request thread hands
 * its job over and waits, so however many hints are asked at once, no
 * more than the hint threads think at the same time, and the rest of
 * the machine stays free for state requests and moves. Hints and bot
 * decisions have threads of their own: the hint threads run at the
 * lowest priority Linux gives an unprivileged thread (SCHED_IDLE: they
 * get a core only when nothing else of the server wants it), the bot
 * threads at nice 10, since a move waits for its bot. An unprivileged
 * thread cannot come back from SCHED_IDLE (nor from a higher nice
 * value), hence the separate threads. A flood of hints on one table
 * thus never queues another table's moves behind it, nor takes the
 * cores from its state requests. */
#define _GNU_SOURCE
#include <sched.h>
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
    struct pool_job *next;
} pool_job;

/* Jobs waiting, first come first served. */
typedef struct {
    pool_job *head, *tail;
    unsigned waiting;
} pool_queue;

/* One worker thread and the jobs it takes. */
typedef struct {
    tw_srv_pool *pool;
    int bots; /* takes bot decisions (else hints) */
    pthread_t id;
} pool_thread;

struct tw_srv_pool {
    pthread_mutex_t lock;
    pthread_cond_t work;  /* a job was queued, or the pool stops */
    pthread_cond_t done;  /* a job finished, or room was made */
    pool_queue hints;     /* hints and analyses waiting */
    pool_queue bots;      /* bot decisions waiting */
    unsigned queue;       /* most hints that may wait */
    int stopping;
    unsigned threads;
    pool_thread *all;
};

/* Takes the first job of a queue, or NULL (the pool's lock is held). */
static pool_job *queue_take(pool_queue *q)
{
    pool_job *job = q->head;
    if (!job)
        return NULL;
    q->head = job->next;
    if (!q->head)
        q->tail = NULL;
    q->waiting--;
    return job;
}

/* Puts a job at the end of a queue (the pool's lock is held). */
static void queue_put(pool_queue *q, pool_job *job)
{
    if (q->tail)
        q->tail->next = job;
    else
        q->head = job;
    q->tail = job;
    q->waiting++;
}

/* Drops every job of a queue: their callers get -1 (the pool's lock is held). */
static void queue_cancel(pool_queue *q)
{
    for (pool_job *job = q->head; job; job = job->next) {
        job->cancelled = 1;
        job->done = 1;
    }
    q->head = q->tail = NULL;
    q->waiting = 0;
}

/* The calling thread's id for the scheduler calls (Linux's per-thread
 * id; the process where there is none, as in the browser's build, which
 * starts no worker). */
static id_t thread_id(void)
{
#ifdef SYS_gettid
    return (id_t)syscall(SYS_gettid);
#else
    return (id_t)getpid();
#endif
}

/* Puts the calling thread at the lowest priority an unprivileged thread
 * may take: SCHED_IDLE, or nice 19 where that is refused. */
static void lowest_priority(void)
{
    struct sched_param none = {0};
    id_t tid = thread_id();
    if (sched_setscheduler((pid_t)tid, SCHED_IDLE, &none) != 0)
        setpriority(PRIO_PROCESS, tid, 19);
}

/* A worker: takes the jobs of its kind in order until the pool stops
 * and its queue is empty. */
static void *worker(void *cls)
{
    pool_thread *self = cls;
    tw_srv_pool *pool = self->pool;
    pool_queue *q = self->bots ? &pool->bots : &pool->hints;
    /* Per-thread on Linux: only this worker runs at the lower priority. */
    if (self->bots)
        setpriority(PRIO_PROCESS, thread_id(), 10);
    else
        lowest_priority();
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        pool_job *job;
        while (!(job = queue_take(q)) && !pool->stopping)
            pthread_cond_wait(&pool->work, &pool->lock);
        if (!job)
            break;
        pthread_mutex_unlock(&pool->lock);
        job->fn(job->arg);
        pthread_mutex_lock(&pool->lock);
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
    unsigned count = 2 * workers + 1; /* workers for hints, workers + 1 for bots */
    pool->all = calloc(count, sizeof *pool->all);
    if (!pool->all) {
        free(pool);
        return NULL;
    }
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->work, NULL);
    pthread_cond_init(&pool->done, NULL);
    pool->queue = queue;
    /* Workers take no signals: SIGINT and SIGTERM are for the main
     * thread's sigwait (a worker would end the process instead). */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    for (unsigned i = 0; i < count; i++) {
        pool_thread *t = &pool->all[pool->threads];
        t->pool = pool;
        t->bots = i >= workers;
        if (pthread_create(&t->id, NULL, worker, t) == 0)
            pool->threads++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    /* Threads are made hint threads first: both kinds are there when
     * the first is a hint thread and the last a bot thread. */
    if (pool->threads == 0 || pool->all[0].bots || !pool->all[pool->threads - 1].bots) {
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
    queue_cancel(&pool->hints);
    queue_cancel(&pool->bots);
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
        pthread_join(pool->all[i].id, NULL);
    pthread_cond_destroy(&pool->work);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->lock);
    free(pool->all);
    free(pool);
}

int tw_srv_pool_run(tw_srv_pool *pool, void (*fn)(void *arg), void *arg, int may_refuse)
{
    if (!pool) {
        fn(arg);
        return 0;
    }
    pool_job job = {fn, arg, 0, 0, NULL};
    pthread_mutex_lock(&pool->lock);
    if (pool->stopping || (may_refuse && pool->hints.waiting >= pool->queue)) {
        pthread_mutex_unlock(&pool->lock);
        return -1; /* a full queue, or the server is stopping: no new long computation */
    }
    queue_put(may_refuse ? &pool->hints : &pool->bots, &job);
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
