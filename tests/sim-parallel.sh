#!/bin/sh
# A sharded simulation through GNU parallel over several local job slots
# (docs/simulation.md): each shard is a separate `trickwood sim --shard
# K/N --json` process, sim-merge adds them up, and the result must be the
# whole run's JSON byte for byte. Run by `make test` with the program's
# path (default build/trickwood); prints "N passed, N failed".
set -u
bin=${1:-build/trickwood}
pass=0
fail=0

# Counts one check: $1 is 0 when it held, $2 says what it was.
check() {
    if [ "$1" -eq 0 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $2"
    fi
}

if ! parallel --version 2>/dev/null | grep -q "GNU parallel"; then
    echo "FAIL: GNU parallel is missing (Debian package parallel: sh scripts/install-deps.sh --test)"
    echo "0 passed, 1 failed"
    exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for run in "northwood --bot greedy --games 3000 --seed 9" "fox --bots rule,random --level 2 --games 2000 --seed 9"; do
    game=${run%% *}
    "$bin" sim $run --jobs 1 --quiet --json >"$dir/whole.json"
    check $? "$game: the whole run"
    # 7 shards on 3 local job slots, then the same through parallel's
    # remote-login machinery on the local machine (":"), 2 slots
    for how in "-j 3" "--sshlogin 2/:"; do
        rm -f "$dir"/shard-*.json "$dir/merged.json"
        seq 1 7 | parallel --will-cite --halt now,fail=1 $how \
            "$bin sim $run --jobs 1 --quiet --json --shard {}/7 > $dir/shard-{}.json"
        check $? "$game: parallel $how ran the shards"
        "$bin" sim-merge "$dir"/shard-*.json >"$dir/merged.json"
        check $? "$game: sim-merge after parallel $how"
        cmp -s "$dir/whole.json" "$dir/merged.json"
        check $? "$game: merged shards (parallel $how) equal the whole run's JSON"
    done
    # a shard left out is refused
    rm -f "$dir/shard-4.json"
    "$bin" sim-merge "$dir"/shard-*.json >"$dir/merged.json" 2>"$dir/err.txt"
    [ $? -eq 1 ] && grep -q "shard 4/7 is missing" "$dir/err.txt"
    check $? "$game: sim-merge refuses a missing shard"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
