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

tw_browser_ready "$here" "$art" e2e
tw_native_ready "$root" "$art"

pid=""
tmp=""
trap tw_stop_server EXIT
trap 'exit 1' INT TERM
tw_serve "$root" "$art/server.log" --web "$root/web"

TW_BASE_URL="http://127.0.0.1:$port" TW_CHROMIUM="$chromium" TW_ARTIFACTS="$art" \
    node "$here/e2e.mjs" "${1:-}"
code=$?
exit $code
