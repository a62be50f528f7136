#!/bin/sh
# Runs each test part given (a test binary or script that ends with its own
# "N passed, N failed" line), then prints the combined "N passed, N failed";
# each part's own summary line carries its wall-clock time in seconds.
#
#   tests/run.sh [-j N] PART... [--then PART...]...
#
# -j N runs up to N parts at once (default 1); "--then" waits until every
# part before it has ended before starting the next ones (for parts that
# want the machine to themselves, such as the browser tests). Each part's
# output is printed whole, in the order given, once it has ended.
jobs=1
if [ "${1:-}" = "-j" ]; then
    jobs=$2
    shift 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total_pass=0
total_fail=0
status=0
started_n=0 # parts started
shown_n=0   # parts whose output was printed

# Starts part number $1 ($2 is its command) in the background.
start_part() {
    (
        begun=$(date +%s)
        "$2" >"$work/$1.out" 2>&1
        echo "$? $(($(date +%s) - begun))" >"$work/$1.end"
    ) &
    echo $! >"$work/$1.pid"
}

# Waits for the oldest part not yet shown, then prints it and adds its counts.
show_next() {
    shown_n=$((shown_n + 1))
    i=$shown_n
    wait "$(cat "$work/$i.pid")"
    part=$(cat "$work/$i.name")
    read -r code took <"$work/$i.end"
    echo "== $part"
    grep -v '^[0-9]* passed, [0-9]* failed$' "$work/$i.out"
    line=$(grep '^[0-9]* passed, [0-9]* failed$' "$work/$i.out" | tail -n 1)
    if [ -z "$line" ]; then
        echo "$part ended without a summary (exit $code)"
        total_fail=$((total_fail + 1))
        status=1
        return
    fi
    echo "   $line ($took s)"
    p=${line%% passed*}
    f=${line#*, }
    f=${f%% failed*}
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    [ "$code" -ne 0 ] && status=1
}

for bin in "$@"; do
    if [ "$bin" = "--then" ]; then
        while [ "$shown_n" -lt "$started_n" ]; do show_next; done
        continue
    fi
    while [ $((started_n - shown_n)) -ge "$jobs" ]; do show_next; done
    started_n=$((started_n + 1))
    echo "$bin" >"$work/$started_n.name"
    start_part "$started_n" "$bin"
done
while [ "$shown_n" -lt "$started_n" ]; do show_next; done
echo "$total_pass passed, $total_fail failed"
exit $status
