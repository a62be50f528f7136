# Shell helpers of the test scripts that start a server (tests/e2e/run.sh,
# tests/e2e/run-site.sh, tests/wasm/run.sh). Source it, then call:
#   tw_free_port            prints a free loopback port, picked by the kernel
#   tw_wait_for URL [SECS]  waits until URL answers 200 (default 15 s); 0 or 1
#   tw_stop_server          stops the process whose pid is in $pid (if any)

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

# Stops the server started in the background as $pid.
tw_stop_server() {
    if [ -n "${pid:-}" ]; then
        kill "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        pid=""
    fi
}
