#!/bin/sh
# Runs every fuzz target (build/fuzz/fuzz_*, see tests/fuzz/) for SECONDS
# each (first argument, default 4), starting from its seed corpus
# tests/fuzz/corpus/<target>/. New inputs go to build/fuzz/corpus/<target>/,
# a crashing input to build/fuzz/crashes/<target>-*. A target that crashes,
# leaks, times out or fails a check counts as a failed test; the last line
# is "N passed, N failed", as tests/run.sh expects.
cd "$(dirname "$0")/../.." || exit 2
seconds=${1:-4}
passed=0
failed=0
mkdir -p build/fuzz/crashes
for bin in build/fuzz/fuzz_*; do
    [ -x "$bin" ] || continue
    name=$(basename "$bin")
    target=${name#fuzz_}
    seeds="tests/fuzz/corpus/$target"
    work="build/fuzz/corpus/$target"
    mkdir -p "$work"
    log="build/fuzz/$name.log"
    if "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="build/fuzz/crashes/$target-" "$work" "$seeds" >"$log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
        echo "ok $target: ${runs:-?} inputs in ${seconds} s, no crash"
        passed=$((passed + 1))
    else
        echo "FAIL $target crashed (log build/fuzz/$name.log, input build/fuzz/crashes/$target-*):"
        grep -E '^(fuzz:|==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -n 5
        failed=$((failed + 1))
    fi
done
if [ $((passed + failed)) -eq 0 ]; then
    echo "no fuzz target built (make fuzz-build)"
    failed=1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
