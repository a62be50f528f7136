#!/bin/sh
# Runs each test binary given, then prints the combined "N passed, N failed";
# each part's own summary line carries its wall-clock time in seconds.
total_pass=0
total_fail=0
status=0
for bin in "$@"; do
    echo "== $bin"
    started=$(date +%s)
    out=$("$bin" 2>&1)
    code=$?
    took=$(( $(date +%s) - started ))
    printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
    line=$(printf '%s\n' "$out" | grep '^[0-9]* passed, [0-9]* failed$' | tail -n 1)
    if [ -z "$line" ]; then
        echo "$bin ended without a summary (exit $code)"
        total_fail=$((total_fail + 1))
        status=1
        continue
    fi
    echo "   $line ($took s)"
    p=${line%% passed*}
    f=${line#*, }
    f=${f%% failed*}
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    [ "$code" -ne 0 ] && status=1
done
echo "$total_pass passed, $total_fail failed"
exit $status
