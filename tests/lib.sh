# Shell helpers of the test scripts that start a server (tests/e2e/run.sh,
# tests/e2e/run-site.sh, tests/wasm/run.sh). Source it (after defining
# fail MESSAGE, which prints and exits), then call:
#   tw_free_port            prints a free loopback port, picked by the kernel
#   tw_wait_for URL [SECS]  waits until URL answers 200 (default 15 s); 0 or 1
#   tw_stop_server          stops the process whose pid is in $pid (if any)
#   tw_browser_ready E2E ART TAG   Chromium, node and the npm packages
#   tw_native_ready ROOT ART       build/trickwood
#   tw_serve ROOT LOG [OPTION...]  starts build/trickwood serve on a free loopback
#                           port with a database in a new folder $tmp, waits for it;
#                           sets $port, $pid and $tmp (removed by tw_stop_server)

# A free port on the loopback interface.
tw_free_port() {
    node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close();});'
}

# Polls URL every 100 ms until it answers 200, for at most SECS seconds.
tw_wait_for() {
    node -e '
const url = process.argv[1];
const end = Date.now() + Number(process.argv[2]) * 1000;
(async function poll() {
  try { const r = await fetch(url); if (r.ok) process.exit(0); } catch (e) { /* not yet */ }
  if (Date.now() > end) process.exit(1);
  setTimeout(poll, 100);
})();' "$1" "${2:-15}"
}

# Stops the server started in the background as $pid, and removes the
# folder $tmp of tw_serve.
tw_stop_server() {
    if [ -n "${pid:-}" ]; then
        kill "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        pid=""
    fi
    if [ -n "${tmp:-}" ]; then
        rm -rf "$tmp"
        tmp=""
    fi
}

# Starts the real server (trap tw_stop_server on EXIT first): ROOT is the
# checkout, LOG its output file, then more serve options. Its database is
# a new file in $tmp, or TW_SERVE_DB when set (a PostgreSQL URI, say:
# the browser tests against PostgreSQL).
tw_serve() {
    serve_root=$1
    serve_log=$2
    shift 2
    tmp=$(mktemp -d)
    port=$(tw_free_port) || fail "could not pick a port"
    "$serve_root/build/trickwood" serve --host 127.0.0.1 --port "$port" --db "${TW_SERVE_DB:-$tmp/serve.db}" "$@" >"$serve_log" 2>&1 &
    pid=$!
    tw_wait_for "http://127.0.0.1:$port/api/history" || fail "the server did not start, see $serve_log"
}

# What the browser tests need, checked or installed; stops with the
# caller's fail() when something is missing. Sets $chromium. Arguments:
# the folder of tests/e2e, the artifacts folder (for logs), the tag of
# the messages.
tw_browser_ready() {
    chromium=${TW_CHROMIUM:-/usr/bin/chromium}
    [ -x "$chromium" ] || chromium=$(command -v chromium 2>/dev/null || true)
    [ -n "$chromium" ] && [ -x "$chromium" ] || fail "Chromium not found: install Debian's chromium package (make deps)"
    command -v node >/dev/null 2>&1 || fail "node not found: install nodejs (make deps)"
    if [ ! -f "$1/node_modules/playwright-core/package.json" ]; then
        command -v npm >/dev/null 2>&1 || fail "npm not found: install npm (make deps)"
        echo "$3: installing npm packages (npm ci)"
        (cd "$1" && npm ci --no-audit --no-fund --loglevel=error) >"$2/npm.log" 2>&1 ||
            fail "npm ci failed, see $2/npm.log"
    fi
}

# Builds build/trickwood when missing (logs in $2/build.log).
tw_native_ready() {
    if [ ! -x "$1/build/trickwood" ] || [ ! -s "$1/build/trickwood" ]; then
        (cd "$1" && make --no-print-directory build/trickwood) >"$2/build.log" 2>&1 ||
            fail "could not build build/trickwood, see $2/build.log"
    fi
}
