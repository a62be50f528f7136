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

pid=""
tmp=""
trap tw_stop_server EXIT
trap 'exit 1' INT TERM
tw_serve "$root" "$log/server.log" --hint-rate 0 --hint-rate-seat 0 --create-rate 0

node "$here/same-results.mjs" "http://127.0.0.1:$port"
