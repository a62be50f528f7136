/* One server per database, and a database that cannot be written: a
 * second `trickwood serve` on the same file refuses to start and names
 * the file and the first server's pid; a read-only database is refused at
 * start with a message instead of a server that answers 500. */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test.h"
#include "test_server_client.h"

/* The uid and gid a root test drops to, so that file modes apply. */
#define NOBODY 65534

/* Runs `trickwood serve --port 0 --db db` as a child (as nobody when
 * as_nobody and the tests run as root) for at most ten seconds; its
 * standard output and error go to out. Returns its exit code, or -1 when
 * it had to be killed (it kept serving). */
static int run_serve(const char *db, int as_nobody, char *out, size_t size)
{
    int pipefd[2];
    if (pipe(pipefd) != 0)
        return -2;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(pipefd[1], 1);
        dup2(pipefd[1], 2);
        close(pipefd[0]);
        close(pipefd[1]);
        if (as_nobody && geteuid() == 0 && (setgid(NOBODY) != 0 || setuid(NOBODY) != 0))
            _exit(126);
        const char *args[] = {"trickwood", "serve", "--port", "0", "--db", db, "--lang", "en", NULL};
        execv(tw_ts_binary(), (char *const *)args);
        _exit(127);
    }
    close(pipefd[1]);
    if (pid < 0) {
        close(pipefd[0]);
        return -2;
    }
    size_t len = 0;
    out[0] = '\0';
    long long deadline = tw_ts_now_ms() + 10000;
    for (;;) {
        struct pollfd p = {pipefd[0], POLLIN, 0};
        long long left = deadline - tw_ts_now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            break;
        ssize_t n = read(pipefd[0], out + len, size - 1 - len);
        if (n <= 0)
            break;
        len += (size_t)n;
        out[len] = '\0';
        if (strstr(out, "is serving"))
            break; /* it started: the defect */
    }
    close(pipefd[0]);
    int status;
    for (int i = 0; i < 100; i++) {
        if (waitpid(pid, &status, WNOHANG) == pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        usleep(20000);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return -1;
}

TEST(server_store_second_server_on_one_database_refuses)
{
    tw_ts_server s;
    const char *db = tw_test_tmp("one-server.db");
    char db_path[512];
    snprintf(db_path, sizeof db_path, "%s", db);
    REQUIRE(tw_ts_start(&s, db_path, NULL) == 0);
    char out[4096];
    int code = run_serve(db_path, 0, out, sizeof out);
    CHECK_INT(code, 1);
    CHECK_CONTAINS(out, db_path);
    char pid[32];
    snprintf(pid, sizeof pid, "pid %d", (int)s.pid);
    CHECK_CONTAINS(out, pid);
    CHECK(!strstr(out, "is serving"));
    /* The first server goes on as before. */
    json_t *reply;
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", &reply), 201);
    json_decref(reply);
    CHECK_INT(tw_ts_stop(&s), 0);
    /* Once it stopped, the next one starts. */
    REQUIRE(tw_ts_start(&s, db_path, NULL) == 0);
    CHECK_INT(tw_ts_stop(&s), 0);
    /* After a crash too: the lock goes with the process. */
    REQUIRE(tw_ts_start(&s, db_path, NULL) == 0);
    tw_ts_kill(&s);
    REQUIRE(tw_ts_start(&s, db_path, NULL) == 0);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* A PostgreSQL database that cannot be reached: serve refuses to start
 * (exit 1), naming the URI without its password (in the user part or
 * as a parameter) and saying libpq's reason. Port 1 of the loopback
 * address: nothing listens there. */
TEST(server_store_unreachable_postgresql_is_refused_without_its_password)
{
    char out[4096];
    int code = run_serve("postgresql://alice:s3cret@127.0.0.1:1/tw?connect_timeout=3&password=hidden2", 0, out,
                         sizeof out);
    CHECK_INT(code, 1);
    CHECK_CONTAINS(out, "cannot open the database postgresql://alice@127.0.0.1:1/tw?connect_timeout=3&password=:");
    CHECK_CONTAINS(out, "Connection refused");
    CHECK(!strstr(out, "s3cret"));
    CHECK(!strstr(out, "hidden2"));
    CHECK(!strstr(out, "is serving"));
}

TEST(server_store_read_only_database_is_refused_at_start)
{
    /* A folder anyone may enter and write (the lock file goes there),
     * with a database only its owner, root, may write. */
    char dir[] = "/tmp/trickwood-readonly-XXXXXX";
    REQUIRE(mkdtemp(dir) != NULL);
    chmod(dir, 0777);
    char db[600];
    snprintf(db, sizeof db, "%s/games.db", dir);
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    json_t *reply;
    CHECK_INT(tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\"}", &reply), 201);
    json_decref(reply);
    CHECK_INT(tw_ts_stop(&s), 0);
    CHECK(chmod(db, 0444) == 0);
    char lock[700];
    snprintf(lock, sizeof lock, "%s.lock", db);
    chmod(lock, 0666);
    char out[4096];
    int code = run_serve(db, 1, out, sizeof out);
    CHECK_INT(code, 1);
    CHECK_CONTAINS(out, db);
    CHECK_CONTAINS(out, "cannot be written");
    CHECK(!strstr(out, "is serving"));
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
}
