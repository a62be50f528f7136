#!/bin/sh
# Browser end-to-end tests against PostgreSQL: starts a throwaway cluster
# (tests/pg/cluster.sh), runs tests/e2e/run.sh with the server's --db set
# to it (TW_SERVE_DB) for the whole games of both tables (a Northwood
# game with hint and log, a Duet game played by two browser windows),
# stops the cluster. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/pg/cluster.sh
pg_cluster_for_test "tests/pg/e2e" || exit 1
pass=0
fail=0
status=0
for name in "northwood: a full game" "fox duet: two browser windows"; do
    out=$(TW_SERVE_DB=$PG_URI sh tests/e2e/run.sh "$name" 2>&1)
    code=$?
    echo "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
    line=$(echo "$out" | grep '^[0-9]* passed, [0-9]* failed$' | tail -n 1)
    p=${line%% passed*}
    f=${line#*, }
    f=${f%% failed*}
    [ -z "$line" ] && p=0 && f=1
    pass=$((pass + p))
    fail=$((fail + f))
    [ "$code" -ne 0 ] && status=1
done
echo "$pass passed, $fail failed"
exit $status
