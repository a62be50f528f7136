# A throwaway PostgreSQL cluster for the tests (sourced, not run):
#
#   . tests/pg/cluster.sh
#   pg_cluster_start DIR [TCP_PORT]   # sets PG_URI (unix socket in DIR/sock)
#   ...
#   pg_cluster_stop
#
# The cluster lives in DIR/data, made by Debian's initdb; it listens on a
# unix socket in DIR/sock (mode 0700) and, when TCP_PORT is given, on
# 127.0.0.1:TCP_PORT too; its one role is "postgres", trusted (nobody
# else can reach the socket's folder). PostgreSQL refuses to run as root:
# as root, initdb and pg_ctl run as the system user postgres (made by the
# Debian package); else as the current user. fsync is off: what the tests
# check is that serve loses nothing the database committed, not the
# database's own crash safety, and the machine is shared.
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}

# Runs a command as the cluster's owner.
pg_as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# Starts the cluster in $1 (a new empty folder); $2: an optional TCP port
# on 127.0.0.1. Sets PG_DIR, PG_SOCK and PG_URI (database tw). Returns
# non-zero with a message when PostgreSQL is missing or does not start.
pg_cluster_start() {
    PG_DIR=$1
    if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
        echo "PostgreSQL's initdb not found (apt-get install postgresql)" >&2
        return 1
    fi
    PG_SOCK=$PG_DIR/sock
    mkdir -p "$PG_DIR/data" "$PG_SOCK"
    chmod 755 "$PG_DIR"
    chmod 700 "$PG_DIR/data" "$PG_SOCK"
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres "$PG_DIR/data" "$PG_SOCK"
    fi
    pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --no-instructions \
        >"$PG_DIR/initdb.log" 2>&1 || {
        cat "$PG_DIR/initdb.log" >&2
        return 1
    }
    listen="''"
    [ -n "${2:-}" ] && listen="'127.0.0.1'"
    port=${2:-5432}
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/data/server.log" -w -t 30 \
        -o "-c listen_addresses=$listen -c port=$port -c unix_socket_directories='$PG_SOCK' -c fsync=off -c max_connections=200" \
        start >/dev/null || {
        cat "$PG_DIR/data/server.log" >&2
        return 1
    }
    pg_as_owner "$PG_BIN/createdb" -h "$PG_SOCK" -p "$port" -U postgres tw || return 1
    PG_URI="postgresql:///tw?host=$PG_SOCK&port=$port&user=postgres"
    PG_PORT=$port
    export PG_URI
}

# Stops the cluster started by pg_cluster_start (fast: the data is thrown away).
pg_cluster_stop() {
    [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ] &&
        pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1
    return 0
}

# For a test part: starts a cluster in a new temporary folder $work
# (removed, the cluster stopped, when the script exits); when it does not
# start, prints "TAG: PostgreSQL did not start" and a failed summary, and
# returns non-zero.
pg_cluster_for_test() {
    work=$(mktemp -d /tmp/trickwood-pg-XXXXXX)
    chmod 755 "$work" # the cluster's owner (postgres, as root) goes through it
    trap 'pg_cluster_stop; rm -rf "$work"' EXIT INT TERM
    if ! pg_cluster_start "$work/pg"; then
        echo "$1: PostgreSQL did not start"
        echo "0 passed, 1 failed"
        return 1
    fi
}
