#!/bin/sh
# Checks the WebAssembly engine against the native build: starts the real
# `trickwood serve` on a free loopback port with a temporary database and
# runs tests/wasm/same-results.mjs, which plays the same games through
# build/wasm/trickwood.js in Node and through the server. Builds both
# when missing. The last line printed is "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
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
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close();});') ||
    fail "could not pick a port"
"$root/build/trickwood" serve --host 127.0.0.1 --port "$port" --db "$tmp/native.db" --hint-rate 0 --create-rate 0 \
    >"$log/server.log" 2>&1 &
pid=$!
node -e '
const url = process.argv[1];
const end = Date.now() + 15000;
(async function poll() {
  try { const r = await fetch(url); if (r.ok) process.exit(0); } catch (e) { /* not yet */ }
  if (Date.now() > end) process.exit(1);
  setTimeout(poll, 100);
})();' "http://127.0.0.1:$port/api/history" || fail "the server did not start, see $log/server.log"

node "$here/same-results.mjs" "http://127.0.0.1:$port"
