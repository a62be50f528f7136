/* The front door of the server: a thread of our own accepts every
 * connection, counts it against the limits per address and in all,
 * and holds it until its request head has come in whole, and its body
 * too when that is small (TW_SRV_FRONT_BODY at most). It only peeks
 * at the bytes (recv with MSG_PEEK), checks the head (srv_head.c) and
 * then hands the connection, bytes untouched, to libmicrohttpd
 * (MHD_add_connection), which reads the same head again and runs the
 * request. A head that fails the check is answered here with the
 * server's JSON error, so libmicrohttpd never sees one it would answer
 * with its own HTML page; a head not complete within --timeout seconds
 * is answered 408 (or closed without a word when nothing came). Every
 * reply carries Connection: close (srv_http.c), so a connection carries
 * one request and every request passes this check.
 *
 * Connections waiting for their head sit in an epoll set (edge
 * triggered); a sweep every SWEEP_MS closes those past their deadline.
 * A connection is counted for its address from its accept until it
 * closes: here, or in libmicrohttpd, which tells when it closes one
 * (tw_srv_front_closed). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server/server.h"

/* How often the deadlines are looked at, in milliseconds. */
#define SWEEP_MS 200
/* After a refusal, what the client still sends is read and dropped for
 * this long at most (so that closing does not reset the connection
 * before the client has read the reply), and at most LINGER_BYTES. */
#define LINGER_MS 2000
#define LINGER_BYTES (1024 * 1024)
/* Bytes a head may cost in peeks in all: every piece that comes in makes
 * us read the head again from its start, so a head sent a byte at a time
 * would cost its length squared. A head of 8 KiB in 1.5 KiB pieces
 * costs about 30 KiB. */
#define PEEK_BUDGET (64 * TW_SRV_HEAD_MAX)
/* While the server is full, a connection still waiting for its head
 * after this long (a slow or idle one: a real client sends its head at
 * once) is closed to make room for a new one. */
#define ROOM_AFTER_MS 2000
/* Buckets of the table of counts per address. */
#define ADDRESS_BUCKETS 1024

/* The connections open from one address. */
typedef struct address_count {
    char key[TW_SRV_ADDRESS_TEXT];
    unsigned count;
    struct address_count *next;
} address_count;

/* A connection whose head has not come in whole yet, or which was
 * refused and is being closed (lingering). */
typedef struct pending {
    int fd;
    struct sockaddr_storage addr;
    socklen_t addr_len;
    char key[TW_SRV_ADDRESS_TEXT];
    long long deadline; /* tw_mono_ms */
    long long since;    /* accepted at (tw_mono_ms) */
    size_t peeked;      /* bytes read by peeks so far */
    int watched;        /* in the epoll set */
    int lingering;      /* the reply went out: reading what is left, then closing */
    int body_wait;      /* the head is whole and right: waiting for its small body */
    int continued;      /* a 100 Continue was sent (the client asked for one before its body) */
    size_t drained;     /* bytes read and dropped while lingering */
    struct pending *prev, *next;
} pending;

struct tw_srv_front {
    tw_srv *srv;
    struct MHD_Daemon *daemon;
    int listen_fd;
    int epoll_fd;
    int wake_fd; /* an eventfd: written to wake the thread (a slot freed, or stop) */
    pthread_t thread;
    int started;
    /* Shared with libmicrohttpd's threads, under lock: */
    pthread_mutex_t lock;
    address_count *buckets[ADDRESS_BUCKETS];
    unsigned open; /* connections open in all, here and in libmicrohttpd */
    int full;      /* accepting stopped at --max-connections: wake the thread when one closes */
    /* The thread's own: */
    pending *list;
    int accept_later; /* accept failed for want of descriptors: try again at the next sweep */
    char buf[TW_SRV_HEAD_MAX + TW_SRV_FRONT_BODY + 1]; /* a head and a small body */
};

/* ---- Counts per address ---------------------------------------------------- */

/* The bucket of an address (FNV-1a of its text). */
static address_count **bucket_of(tw_srv_front *f, const char *key)
{
    unsigned h = 2166136261u;
    for (const char *s = key; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return &f->buckets[h % ADDRESS_BUCKETS];
}

/* Counts one more connection from key, unless the address already has
 * --max-per-client open. 1 when counted, 0 when refused or out of
 * memory. Call with the lock held. */
static int count_one(tw_srv_front *f, const char *key)
{
    address_count **b = bucket_of(f, key), *c = *b;
    while (c && strcmp(c->key, key) != 0)
        c = c->next;
    if (c && c->count >= f->srv->limits.max_per_client)
        return 0;
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c)
            return 0;
        snprintf(c->key, sizeof c->key, "%s", key);
        c->next = *b;
        *b = c;
    }
    c->count++;
    f->open++;
    return 1;
}

/* Counts one connection from key less (forgetting the address at 0) and
 * wakes the thread when that frees a slot it waits for. Call with the
 * lock held. */
static void uncount_one(tw_srv_front *f, const char *key)
{
    address_count **at = bucket_of(f, key);
    while (*at && strcmp((*at)->key, key) != 0)
        at = &(*at)->next;
    if (!*at)
        return; /* not counted: cannot happen */
    address_count *c = *at;
    if (--c->count == 0) {
        *at = c->next;
        free(c);
    }
    f->open--;
    if (f->full && f->open < f->srv->limits.max_connections) {
        f->full = 0;
        uint64_t one = 1;
        if (write(f->wake_fd, &one, sizeof one) < 0) {
            /* the counter is already non-zero: the thread wakes anyway */
        }
    }
}

void tw_srv_front_closed(tw_srv_front *f, const struct sockaddr *sa)
{
    char key[TW_SRV_ADDRESS_TEXT];
    tw_srv_address_text(sa, key, sizeof key);
    pthread_mutex_lock(&f->lock);
    uncount_one(f, key);
    pthread_mutex_unlock(&f->lock);
}

/* ---- Connections waiting for their head ------------------------------------ */

/* Puts a waiting connection in the epoll set (once), to hear of the
 * bytes that come next. 0, or -1. */
static int watch(tw_srv_front *f, pending *p)
{
    if (p->watched)
        return 0;
    /* Bytes that came before are reported at the next wait. */
    struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP | EPOLLET, .data.ptr = p};
    if (epoll_ctl(f->epoll_fd, EPOLL_CTL_ADD, p->fd, &ev) != 0)
        return -1;
    p->watched = 1;
    return 0;
}

/* Takes a waiting connection out of the list and the epoll set. */
static void unlink_pending(tw_srv_front *f, pending *p)
{
    if (p->watched)
        epoll_ctl(f->epoll_fd, EPOLL_CTL_DEL, p->fd, NULL);
    if (p->prev)
        p->prev->next = p->next;
    else
        f->list = p->next;
    if (p->next)
        p->next->prev = p->prev;
}

/* Closes a waiting connection and forgets it. */
static void drop(tw_srv_front *f, pending *p)
{
    unlink_pending(f, p);
    close(p->fd);
    pthread_mutex_lock(&f->lock);
    uncount_one(f, p->key);
    pthread_mutex_unlock(&f->lock);
    free(p);
}

/* The reason phrase of the statuses answered here. */
static const char *reason_of(int status)
{
    switch (status) {
    case 400: return "Bad Request";
    case 408: return "Request Timeout";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 431: return "Request Header Fields Too Large";
    case 505: return "HTTP Version Not Supported";
    default: return "Error";
    }
}

/* Reads and drops what the client of a refused connection still sends;
 * closes it at the end of its data, on an error, or past LINGER_BYTES. */
static void drain(tw_srv_front *f, pending *p)
{
    for (;;) {
        ssize_t n = recv(p->fd, f->buf, sizeof f->buf, MSG_DONTWAIT);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        p->drained += n > 0 ? (size_t)n : 0;
        if (n <= 0 || p->drained > LINGER_BYTES) {
            drop(f, p);
            return;
        }
    }
}

/* Answers a refused request with the server's JSON error (headers only
 * for HEAD), ends our side of the connection, and lingers on it. */
static void refuse(tw_srv_front *f, pending *p, int status, const char *code, const char *message, int head)
{
    tw_srv_reply r = tw_srv_error(status, code, "%s", message);
    char *body = r.body ? json_dumps(r.body, JSON_COMPACT) : NULL;
    json_decref(r.body);
    char text[4096];
    int n = snprintf(text, sizeof text,
                     "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: %zu\r\n"
                     "Cache-Control: no-store\r\nConnection: close\r\n",
                     status, reason_of(status), body ? strlen(body) : 0);
    for (int i = 0; i < TW_SRV_SECURITY_HEADERS && n > 0 && (size_t)n < sizeof text; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "%s: %s\r\n", tw_srv_security_headers[i][0],
                      tw_srv_security_headers[i][1]);
    if (n > 0 && (size_t)n < sizeof text)
        n += snprintf(text + n, sizeof text - (size_t)n, "\r\n%s", head || !body ? "" : body);
    free(body);
    if (n > 0 && (size_t)n < sizeof text) {
        /* A reply this small fits in the socket's buffer; if it does not,
         * the client kept its window shut and gets what went. */
        if (send(p->fd, text, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
            drop(f, p);
            return;
        }
    }
    shutdown(p->fd, SHUT_WR);
    p->lingering = 1;
    p->deadline = tw_mono_ms() + LINGER_MS;
    if (watch(f, p) != 0)
        drop(f, p);
    else
        drain(f, p);
}

/* Hands a connection whose head passed the check to libmicrohttpd. It
 * stays counted until libmicrohttpd says it closed it (from the moment
 * it is handed over, so that a slow libmicrohttpd never lets an address
 * past its limit). libmicrohttpd drops a connection it was handed
 * without a word only when out of memory (or over its own connection
 * limit, set above ours); that connection would then stay counted. */
static void hand_off(tw_srv_front *f, pending *p)
{
    unlink_pending(f, p);
    /* The socket is libmicrohttpd's from here, closed by it even on failure. */
    if (MHD_add_connection(f->daemon, p->fd, (const struct sockaddr *)&p->addr, p->addr_len) != MHD_YES) {
        tw_srv_log_throttled("front:hand-off", "a connection from %s could not be handed to libmicrohttpd: %s",
                             p->key, strerror(errno));
        pthread_mutex_lock(&f->lock);
        uncount_one(f, p->key); /* no notice of its closing will come */
        pthread_mutex_unlock(&f->lock);
    }
    free(p);
}

/* Looks at what a waiting connection received: its head whole and
 * right, with its small body whole (handed off), wrong (refused), or
 * not yet whole (waits in the epoll set). A body over TW_SRV_FRONT_BODY
 * goes with its head, counted by srv_http.c against --max-bodies. */
static void examine(tw_srv_front *f, pending *p, unsigned events)
{
    if (p->lingering) {
        drain(f, p);
        return;
    }
    ssize_t n;
    do
        n = recv(p->fd, f->buf, sizeof f->buf, MSG_PEEK | MSG_DONTWAIT);
    while (n < 0 && errno == EINTR);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        if (watch(f, p) != 0)
            drop(f, p);
        return;
    }
    if (n <= 0) { /* closed (or failed) before sending a request */
        drop(f, p);
        return;
    }
    p->peeked += (size_t)n;
    tw_srv_head head;
    tw_srv_head_verdict v = tw_srv_head_check(f->buf, (size_t)n, &head);
    if (v == TW_SRV_HEAD_OK) {
        size_t have = (size_t)n - head.length; /* body bytes in already */
        int small = head.body_length <= TW_SRV_FRONT_BODY;
        if (!small || have >= head.body_length || (events & (EPOLLRDHUP | EPOLLHUP))) {
            hand_off(f, p); /* (a body cut short: libmicrohttpd closes it) */
            return;
        }
        p->body_wait = 1;
        if (head.expect_continue && head.http11 && !p->continued) {
            /* the client sends its body only once told to (or after a
             * wait of its own): tell it now (libmicrohttpd may say it
             * again; a client reads any number of 1xx replies) */
            static const char go_on[] = "HTTP/1.1 100 Continue\r\n\r\n";
            p->continued = 1;
            if (send(p->fd, go_on, sizeof go_on - 1, MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
                drop(f, p);
                return;
            }
        }
        if (p->peeked <= PEEK_BUDGET) { /* wait for the rest of the body */
            if (watch(f, p) != 0)
                drop(f, p);
            return;
        }
        head.status = 400;
        head.code = "bad_request";
        snprintf(head.message, sizeof head.message, "the request body came in too many small pieces");
    }
    if (v == TW_SRV_HEAD_MORE) {
        const char *why = events & (EPOLLRDHUP | EPOLLHUP) ? "the request ended before its head was complete"
                          : p->peeked > PEEK_BUDGET       ? "the request head came in too many small pieces"
                                                          : NULL;
        if (!why) { /* wait for more */
            if (watch(f, p) != 0)
                drop(f, p);
            return;
        }
        head.status = 400;
        head.code = "bad_request";
        snprintf(head.message, sizeof head.message, "%s", why);
    }
    char key[24];
    snprintf(key, sizeof key, "front:%d", head.status);
    tw_srv_log_throttled(key, "refused a request from %s: %d %s", p->key, head.status, head.message);
    refuse(f, p, head.status, head.code, head.message, head.head_method);
}

/* Makes room for a new connection while the server is full: closes the
 * connection that has waited longest for its head (or small body), if it has waited
 * ROOM_AFTER_MS at least, or one lingering after a refusal. The slots
 * held by slow heads are so never lost to the clients that send theirs
 * at once. 1 when one was closed. */
static int make_room(tw_srv_front *f)
{
    long long now = tw_mono_ms();
    pending *oldest = NULL;
    for (pending *p = f->list; p; p = p->next)
        if (p->lingering || now - p->since >= ROOM_AFTER_MS)
            oldest = p; /* the list is newest first */
    if (!oldest)
        return 0;
    tw_srv_log_throttled("front:room", "closed a connection from %s that was %s, to make room for a new one",
                         oldest->key,
                         oldest->lingering ? "closing"
                         : oldest->body_wait ? "slow to send its request body"
                                             : "slow to send its request head");
    drop(f, oldest);
    return 1;
}

/* Accepts every connection waiting in the listen queue, while the
 * server has room (made when full by closing a slow one, make_room): a connection from an address that already has
 * --max-per-client open is closed at once, with no reply. */
static void accept_all(tw_srv_front *f)
{
    const tw_srv_limits *l = &f->srv->limits;
    f->accept_later = 0;
    for (;;) {
        pthread_mutex_lock(&f->lock);
        f->full = f->open >= l->max_connections;
        int full = f->full;
        pthread_mutex_unlock(&f->lock);
        if (full && make_room(f))
            continue;
        if (full) {
            /* the others wait in the listen queue; a waiting head may
             * grow old enough to make room: look again at the sweep */
            f->accept_later = f->list != NULL;
            return;
        }
        pending *p = calloc(1, sizeof *p);
        if (!p) {
            f->accept_later = 1;
            return;
        }
        p->addr_len = sizeof p->addr;
        p->fd = accept4(f->listen_fd, (struct sockaddr *)&p->addr, &p->addr_len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (p->fd < 0) {
            int e = errno;
            free(p);
            if (e == EINTR || e == ECONNABORTED)
                continue;
            if (e != EAGAIN && e != EWOULDBLOCK) {
                tw_srv_log_throttled("front:accept", "cannot accept a connection: %s", strerror(e));
                f->accept_later = 1;
            }
            return;
        }
        tw_srv_address_text((const struct sockaddr *)&p->addr, p->key, sizeof p->key);
        pthread_mutex_lock(&f->lock);
        int counted = count_one(f, p->key);
        pthread_mutex_unlock(&f->lock);
        if (!counted) {
            tw_srv_log_throttled("front:per-client", "refused a connection from %s: it has %u open already",
                                 p->key, l->max_per_client);
            close(p->fd);
            free(p);
            continue;
        }
        p->since = tw_mono_ms();
        p->deadline = p->since + (long long)l->timeout * 1000;
        p->next = f->list;
        if (f->list)
            f->list->prev = p;
        f->list = p;
        /* The head has often come with the connection: look at once. */
        examine(f, p, 0);
    }
}

/* Closes the waiting connections past their deadline: a head begun but
 * not whole is answered 408, a connection that sent nothing is closed
 * without a word (a browser may open one ahead of a request it may
 * never make); one lingering after a refusal is closed. */
static void sweep(tw_srv_front *f)
{
    long long now = tw_mono_ms();
    pending *next;
    for (pending *p = f->list; p; p = next) {
        next = p->next;
        if (now < p->deadline)
            continue;
        char b;
        if (p->lingering || recv(p->fd, &b, 1, MSG_PEEK | MSG_DONTWAIT) <= 0) {
            drop(f, p);
            continue;
        }
        char message[120];
        snprintf(message, sizeof message, "the request %s was not complete within %u seconds",
                 p->body_wait ? "body" : "head", f->srv->limits.timeout);
        tw_srv_log_throttled("front:timeout", "closed a slow request from %s: %s", p->key, message);
        refuse(f, p, 408, "request_timeout", message, 0);
    }
}

/* The thread: waits for connections and bytes, and sweeps. */
static void *front_main(void *arg)
{
    tw_srv_front *f = arg;
    struct epoll_event events[64];
    long long next_sweep = tw_mono_ms() + SWEEP_MS;
    while (!atomic_load(&f->srv->stopping)) {
        int n = epoll_wait(f->epoll_fd, events, 64, SWEEP_MS);
        for (int i = 0; i < n; i++) {
            if (events[i].data.ptr == &f->listen_fd) {
                accept_all(f);
            } else if (events[i].data.ptr == &f->wake_fd) {
                uint64_t count;
                if (read(f->wake_fd, &count, sizeof count) < 0) {
                    /* nothing to read: woken already */
                }
                accept_all(f);
            } else {
                examine(f, events[i].data.ptr, events[i].events);
            }
        }
        if (tw_mono_ms() >= next_sweep) {
            sweep(f);
            next_sweep = tw_mono_ms() + SWEEP_MS;
            if (f->accept_later)
                accept_all(f);
        }
    }
    while (f->list)
        drop(f, f->list);
    return NULL;
}

tw_srv_front *tw_srv_front_new(tw_srv *srv, int listen_fd)
{
    tw_srv_front *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->srv = srv;
    f->listen_fd = listen_fd;
    pthread_mutex_init(&f->lock, NULL);
    f->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    f->wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    int flags = fcntl(listen_fd, F_GETFL);
    struct epoll_event on_listen = {.events = EPOLLIN | EPOLLET, .data.ptr = &f->listen_fd};
    struct epoll_event on_wake = {.events = EPOLLIN, .data.ptr = &f->wake_fd};
    if (f->epoll_fd < 0 || f->wake_fd < 0 || flags < 0 || fcntl(listen_fd, F_SETFL, flags | O_NONBLOCK) != 0 ||
        epoll_ctl(f->epoll_fd, EPOLL_CTL_ADD, listen_fd, &on_listen) != 0 ||
        epoll_ctl(f->epoll_fd, EPOLL_CTL_ADD, f->wake_fd, &on_wake) != 0) {
        tw_srv_front_free(f);
        return NULL;
    }
    return f;
}

int tw_srv_front_start(tw_srv_front *f, struct MHD_Daemon *daemon)
{
    f->daemon = daemon;
    if (pthread_create(&f->thread, NULL, front_main, f) != 0)
        return -1;
    f->started = 1;
    return 0;
}

void tw_srv_front_stop(tw_srv_front *f)
{
    if (!f || !f->started)
        return;
    uint64_t one = 1;
    if (write(f->wake_fd, &one, sizeof one) < 0) {
        /* the thread still sees the flag within SWEEP_MS */
    }
    pthread_join(f->thread, NULL);
    f->started = 0;
    close(f->listen_fd);
}

void tw_srv_front_free(tw_srv_front *f)
{
    if (!f)
        return;
    tw_srv_front_stop(f);
    if (f->epoll_fd >= 0)
        close(f->epoll_fd);
    if (f->wake_fd >= 0)
        close(f->wake_fd);
    for (int i = 0; i < ADDRESS_BUCKETS; i++)
        while (f->buckets[i]) {
            address_count *c = f->buckets[i];
            f->buckets[i] = c->next;
            free(c);
        }
    pthread_mutex_destroy(&f->lock);
    free(f);
}
