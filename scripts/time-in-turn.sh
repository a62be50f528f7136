#!/bin/sh
# Times two commands in turn and prints their CPU time ratio.
#
#   scripts/time-in-turn.sh [-n RUNS] 'BASE COMMAND' 'NEW COMMAND'
#
# Runs BASE then NEW, RUNS times each (default 9), alternating so that a
# change in the machine's speed falls on both. Each run's CPU time is
# user + system seconds of the command and its children (from
# /usr/bin/time). Prints min / median / max CPU seconds of each and
# NEW/BASE: the ratio of the medians, with the range of the ratios of
# each pair of runs. Below 1 means NEW takes less CPU. Standard output of
# the commands is discarded; a command that fails stops the script.
set -eu

runs=9
if [ "${1:-}" = "-n" ]; then
    runs=$2
    shift 2
fi
if [ $# -ne 2 ]; then
    echo "usage: $0 [-n RUNS] 'BASE COMMAND' 'NEW COMMAND'" >&2
    exit 2
fi
case $runs in
    ''|*[!0-9]*|0) echo "$0: -n wants a positive whole number, not '$runs'" >&2; exit 2 ;;
esac
if [ ! -x /usr/bin/time ]; then
    echo "$0: needs /usr/bin/time (Debian package 'time')" >&2
    exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs one command once and appends its CPU seconds to the file named.
cpu_of() {
    if ! /usr/bin/time -f '%U %S' -o "$tmp/t" sh -c "$1" >/dev/null; then
        echo "$0: command failed: $1" >&2
        exit 1
    fi
    awk '{ printf "%.4f\n", $1 + $2 }' "$tmp/t" >>"$2"
}

i=0
while [ "$i" -lt "$runs" ]; do
    cpu_of "$1" "$tmp/base"
    cpu_of "$2" "$tmp/new"
    i=$((i + 1))
done

paste "$tmp/base" "$tmp/new" | awk -v runs="$runs" '
    function median(a, n,   i, j, t) {
        for (i = 2; i <= n; i++)
            for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
        b[NR] = $1; n[NR] = $2; r[NR] = ($1 > 0) ? $2 / $1 : 0
        bs[NR] = $1; ns[NR] = $2; rs[NR] = r[NR]
    }
    END {
        mb = median(bs, NR); mn = median(ns, NR); median(rs, NR)
        printf "base: %d runs, CPU s min %.3f median %.3f max %.3f\n", runs, bs[1], mb, bs[NR]
        printf "new:  %d runs, CPU s min %.3f median %.3f max %.3f\n", runs, ns[1], mn, ns[NR]
        printf "NEW/BASE %.3f (pairs %.3f to %.3f)\n", (mb > 0 ? mn / mb : 0), rs[1], rs[NR]
    }'
