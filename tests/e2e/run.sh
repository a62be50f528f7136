#!/bin/sh
# Runs the browser end-to-end tests: installs the npm packages when missing
# (npm ci), finds Debian's Chromium, starts the real `trickwood serve` on a
# free loopback port with a temporary database, runs tests/e2e/e2e.mjs,
# stops the server and keeps screenshots in build/e2e-artifacts/. The last
# line printed is "N passed, N failed". Extra argument: a test name part.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/tests/lib.sh"
art="$root/build/e2e-artifacts"
mkdir -p "$art"
rm -f "$art"/*.png

fail() {
    echo "e2e: $1"
    echo "0 passed, 1 failed"
    exit 1
}

chromium=${TW_CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || chromium=$(command -v chromium 2>/dev/null || true)
[ -n "$chromium" ] && [ -x "$chromium" ] || fail "Chromium not found: install Debian's chromium package (make deps)"
command -v node >/dev/null 2>&1 || fail "node not found: install nodejs (make deps)"

if [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
    command -v npm >/dev/null 2>&1 || fail "npm not found: install npm (make deps)"
    echo "e2e: installing npm packages (npm ci)"
    (cd "$here" && npm ci --no-audit --no-fund --loglevel=error) >"$art/npm.log" 2>&1 ||
        fail "npm ci failed, see $art/npm.log"
fi

if [ ! -x "$root/build/trickwood" ] || [ ! -s "$root/build/trickwood" ]; then
    (cd "$root" && make --no-print-directory build/trickwood) >"$art/build.log" 2>&1 ||
        fail "could not build build/trickwood, see $art/build.log"
fi

tmp=$(mktemp -d)
pid=""
cleanup() {
    tw_stop_server
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# A free port on the loopback interface, picked by the kernel.
port=$(tw_free_port) ||
    fail "could not pick a port"

"$root/build/trickwood" serve --host 127.0.0.1 --port "$port" --db "$tmp/e2e.db" --web "$root/web" >"$art/server.log" 2>&1 &
pid=$!

# Waits (at most 15 s) until the server answers.
tw_wait_for "http://127.0.0.1:$port/api/history" || fail "the server did not start, see $art/server.log"

TW_BASE_URL="http://127.0.0.1:$port" TW_CHROMIUM="$chromium" TW_ARTIFACTS="$art" \
    node "$here/e2e.mjs" "${1:-}"
code=$?
exit $code
