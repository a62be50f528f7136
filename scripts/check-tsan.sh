#!/bin/sh
# Runs the server tests under ThreadSanitizer: build/tsan/run-tests and
# every server it starts (build/tsan/trickwood) are TSan builds. Reports
# go to build/tsan/reports/; any report counts as one more failed test.
# The last line is "N passed, N failed", as tests/run.sh expects.
cd "$(dirname "$0")/.." || exit 2
reports="$(pwd)/build/tsan/reports"
rm -rf "$reports" && mkdir -p "$reports"
# Every test that starts a server, but the two that analyse whole games
# (server_analysis_*): under TSan each takes minutes, and the analysis
# runs on the same worker pool as hints and bots, whose threads the hint
# and flood tests (server_limits_*, server_hardening_*) exercise here. The
# release and ASan runs keep every test. The test client waits up to 10
# minutes for a reply here (60 s elsewhere).
tests=$(grep -ho 'TEST([a-z0-9_]*server[a-z0-9_]*' tests/*.c | sed 's/^TEST(//' | grep -v '^server_analysis_' | sort -u)
out=$(TW_TS_REPLY_TIMEOUT_MS=600000 TSAN_OPTIONS="log_path=$reports/race second_deadlock_stack=1" build/tsan/run-tests $tests 2>&1)
code=$?
printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
line=$(printf '%s\n' "$out" | grep '^[0-9]* passed, [0-9]* failed$' | tail -n 1)
if [ -z "$line" ]; then
    echo "build/tsan/run-tests ended without a summary (exit $code)"
    echo "0 passed, 1 failed"
    exit 1
fi
passed=${line%% passed*}
failed=${line#*, }
failed=${failed%% failed*}
if ls "$reports"/race* >/dev/null 2>&1; then
    cat "$reports"/race*
    echo "FAIL ThreadSanitizer reported races (build/tsan/reports/)"
    failed=$((failed + 1))
else
    echo "ThreadSanitizer: no race in the server tests"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
