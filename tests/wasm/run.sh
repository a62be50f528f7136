#!/bin/sh
# Checks the WebAssembly engine against the native build: starts the real
# `trickwood serve` on a free loopback port with a temporary database and
# runs tests/wasm/same-results.mjs, which plays the same games through
# build/wasm/trickwood.js in Node and through the server. Builds both
# when missing. The last line printed is "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/tests/lib.sh"
log="$root/build/wasm-test"
mkdir -p "$log"

fail() {
    echo "wasm: $1"
    echo "0 passed, 1 failed"
    exit 1
}

command -v node >/dev/null 2>&1 || fail "node not found: install nodejs (make deps)"
(cd "$root" && make --no-print-directory build/trickwood build/wasm/trickwood.js) >"$log/build.log" 2>&1 ||
    fail "could not build the native and WebAssembly engines, see $log/build.log"

tmp=$(mktemp -d)
pid=""
cleanup() {
    tw_stop_server
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

port=$(tw_free_port) ||
    fail "could not pick a port"
"$root/build/trickwood" serve --host 127.0.0.1 --port "$port" --db "$tmp/native.db" --hint-rate 0 --create-rate 0 \
    >"$log/server.log" 2>&1 &
pid=$!
tw_wait_for "http://127.0.0.1:$port/api/history" || fail "the server did not start, see $log/server.log"

node "$here/same-results.mjs" "http://127.0.0.1:$port"
