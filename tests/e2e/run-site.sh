#!/bin/sh
# Runs the browser tests of the static site (docs/site.md): builds it when
# build/site/index.html is missing (make site), installs the npm packages
# when missing (npm ci), finds Debian's Chromium, builds build/trickwood
# when missing (the tests replay the browser's records with it), serves
# build/site/ with a plain static file server (python3 -m http.server, no
# Trickwood server) on a free loopback port, runs tests/e2e/site.mjs,
# then the tests of tests/e2e/e2e.mjs that go through the pages alone
# (TW_E2E_SITE=1), stops the server and keeps screenshots and records in
# build/e2e-site-artifacts/. The last line printed is "N passed, N failed"
# over both. Extra argument: a test name part.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/tests/lib.sh"
art="$root/build/e2e-site-artifacts"
mkdir -p "$art"
rm -f "$art"/*.png "$art"/*.json "$art"/*.txt

fail() {
    echo "e2e-site: $1"
    echo "0 passed, 1 failed"
    exit 1
}

tw_browser_ready "$here" "$art" e2e-site
command -v python3 >/dev/null 2>&1 || fail "python3 not found: install python3 (the static file server)"

if [ ! -f "$root/build/site/index.html" ]; then
    echo "e2e-site: building the site (make site)"
    (cd "$root" && make --no-print-directory site) >"$art/site-build.log" 2>&1 ||
        fail "make site failed, see $art/site-build.log"
fi
grep -q 'name="trickwood-backend" content="local"' "$root/build/site/index.html" ||
    fail "build/site/index.html is not the static site's page (run make site)"

tw_native_ready "$root" "$art"

pid=""
tmp=""
trap tw_stop_server EXIT
trap 'exit 1' INT TERM

# A free port on the loopback interface, picked by the kernel.
port=$(tw_free_port) ||
    fail "could not pick a port"

python3 -m http.server "$port" --bind 127.0.0.1 --directory "$root/build/site" >"$art/server.log" 2>&1 &
pid=$!

# Waits (at most 15 s, or until it exits) until the server answers with
# this build's version.json: another program on the port would answer
# something else.
want=$(cat "$root/build/site/version.json")
node -e '
const [url, want, pid] = process.argv.slice(1);
const end = Date.now() + 15000;
(async function poll() {
  try {
    const r = await fetch(url, { cache: "no-store" });
    if (r.ok && JSON.stringify(await r.json()) === JSON.stringify(JSON.parse(want))) process.exit(0);
  } catch (e) { /* not yet */ }
  try { process.kill(Number(pid), 0); } catch (e) { process.exit(1); }
  if (Date.now() > end) process.exit(1);
  setTimeout(poll, 100);
})();' "http://127.0.0.1:$port/version.json" "$want" "$pid" || fail "the static file server did not start, see $art/server.log"

TW_SITE_URL="http://127.0.0.1:$port" TW_CHROMIUM="$chromium" TW_ARTIFACTS="$art" TW_TRICKWOOD="$root/build/trickwood" \
    node "$here/site.mjs" "${1:-}" >"$art/site.out" 2>&1
code=$?
TW_E2E_SITE=1 TW_BASE_URL="http://127.0.0.1:$port" TW_CHROMIUM="$chromium" TW_ARTIFACTS="$art" \
    node "$here/e2e.mjs" "${1:-}" >"$art/pages.out" 2>&1 || code=1
# Both outputs, then their summaries added up.
passed=0
failed=0
for out in "$art/site.out" "$art/pages.out"; do
    grep -v '^[0-9]* passed, [0-9]* failed$' "$out"
    line=$(grep '^[0-9]* passed, [0-9]* failed$' "$out" | tail -n 1)
    [ -n "$line" ] || { echo "$(basename "$out" .out): ended without a summary"; failed=$((failed + 1)); code=1; continue; }
    p=${line%% passed*}
    f=${line#*, }
    passed=$((passed + p))
    failed=$((failed + ${f%% failed*}))
done
echo "$passed passed, $failed failed"
exit $code
