#!/bin/sh
# Installs the Debian packages Trickwood builds with, when any is missing.
# With --test, also what the tests need (Chromium, node and npm for the
# browser tests, GNU parallel for the sharded simulation test, emscripten
# for the static site, numpy and pytest for the Python package, PostgreSQL
# for the store tests against it). Runs
# apt-get as root, or through sudo when available.
set -e
# libpq-dev: the PostgreSQL back end of the store (serve --db postgresql://...)
packages="make gcc clang libjansson-dev libmicrohttpd-dev libsqlite3-dev libpq-dev"
missing=""
for p in $packages; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
# The browser tests (tests/e2e) need Chromium, node and npm.
if [ "${1:-}" = "--test" ]; then
    dpkg -s chromium >/dev/null 2>&1 || missing="$missing chromium"
    command -v node >/dev/null 2>&1 || missing="$missing nodejs"
    command -v npm >/dev/null 2>&1 || missing="$missing npm"
    # The static site (make site, tests/wasm, tests/e2e/run-site.sh):
    # Debian's emcc, what unpacking Debian's source packages needs, Tcl
    # for SQLite's single-file source, Python's plain static file server.
    for p in emscripten dpkg-dev tcl xz-utils python3; do
        dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
    done
    # The Python package's tests (tests/python/run.sh) and the program
    # built with pkg-config against the installed library
    # (scripts/check-install.sh).
    for p in python3-numpy python3-pytest pkg-config; do
        dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
    done
    # The store tests against PostgreSQL (tests/pg/run.sh) start a
    # throwaway cluster with the server package's initdb and pg_ctl.
    dpkg -s postgresql >/dev/null 2>&1 || missing="$missing postgresql"
    # tests/sim-parallel.sh runs simulation shards through GNU parallel.
    dpkg -s parallel >/dev/null 2>&1 || missing="$missing parallel"
    # The fuzz targets (tests/fuzz) need clang's libFuzzer runtime, which
    # Debian ships in libclang-rt-<version>-dev.
    if command -v clang >/dev/null 2>&1; then
        probe=$(mktemp -d)
        printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$probe/f.c"
        if ! clang -fsanitize=fuzzer "$probe/f.c" -o "$probe/f" >/dev/null 2>&1; then
            version=$(clang -dumpversion | cut -d. -f1)
            missing="$missing libclang-rt-$version-dev"
        fi
        rm -rf "$probe"
    fi
fi
[ -z "$missing" ] && exit 0
echo "Installing:$missing"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "Please install as root: apt-get install$missing" >&2
    exit 1
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
