#!/bin/sh
# The store and history tests against PostgreSQL: starts a throwaway
# cluster (tests/pg/cluster.sh) in a temporary folder, runs the tests
# that store games, actions, undos, archives, analyses, notes and the
# history with TW_TEST_PG set (each test's database becomes a fresh
# schema of its own: tw_ts_fresh_db), stops the cluster. Ends with the
# runner's "N passed, N failed". Run from the top of the tree after
# `make build/release/run-tests build/trickwood`; BIN may name another
# test program. Without PostgreSQL installed, fails with a message
# (scripts/install-deps.sh --test installs it).
set -u
cd "$(dirname "$0")/../.." || exit 1
BIN=${BIN:-build/release/run-tests}
. tests/pg/cluster.sh
pg_cluster_for_test "tests/pg" || exit 1
# The tests whose servers keep games in the database given them.
TW_TEST_PG=$PG_URI TMPDIR=$work "$BIN" server_nw_whole_game_history_replay server_fox_two_players_stream_history \
    server_fox_bot_partner server_restart server_old_level server_archive server_undo server_analysis \
    server_bad_requests history_import notes_on_server notes_set_at_once \
    server_hardening_archived_games_are_deleted
