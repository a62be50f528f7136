#!/bin/sh
# Checks that build/shared/libtrickwood.so exports exactly the public API:
# the functions declared TWL_API in include/trickwood/libtrickwood.h, each
# with the version TRICKWOOD_1, and nothing else; and that its soname is
# libtrickwood.so.1. Prints "N passed, N failed" like the other runners.
lib=${1:-build/shared/libtrickwood.so}
header=include/trickwood/libtrickwood.h
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() { # check NAME COMMAND...: runs the command, counts the result
    name=$1
    shift
    if "$@" >"$tmp/out" 2>&1; then
        echo "ok   symbols: $name"
        passed=$((passed + 1))
    else
        echo "FAIL symbols: $name"
        sed 's/^/     /' "$tmp/out"
        failed=$((failed + 1))
    fi
}
# the declarations: TWL_API, the return type, then the name and "("
sed -n 's/^TWL_API[^(]*[ *]\(twl_[a-z0-9_]*\)(.*/\1/p' "$header" | sort >"$tmp/declared"
nm -D --defined-only "$lib" | awk '$2 != "A" { print $3 }' >"$tmp/raw"
sed 's/@.*//' "$tmp/raw" | sort >"$tmp/exported"
check "the header declares the API (at least 40 functions)" test "$(wc -l <"$tmp/declared")" -ge 40
check "the library exports every declared function and nothing else" diff "$tmp/declared" "$tmp/exported"
check "every exported symbol has the version TRICKWOOD_1" sh -c "! grep -v '@@TRICKWOOD_1\$' '$tmp/raw'"
check "the soname is libtrickwood.so.1" sh -c "objdump -p '$lib' | grep -q 'SONAME *libtrickwood.so.1\$'"
# an internal function of the engines is in the archive but not exported
check "the engines' functions stay hidden (tw_nw_apply)" sh -c "! nm -D '$lib' | grep -q ' tw_nw_apply\$'"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
