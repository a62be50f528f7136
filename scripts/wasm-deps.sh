#!/bin/sh
# Builds the two C libraries the WebAssembly engine links, jansson and
# SQLite, from Debian's own source packages (`apt-get source`, from the
# same registry as the binary packages), compiled with Debian's emcc.
# Output in OUT (default build/wasm/deps): include/ and lib/ with
# libjansson.a and libsqlite3.a. Run by `make site`; installs emscripten
# and what unpacking needs when missing, and adds a deb-src entry for
# Debian's sources when there is none (both need root or sudo).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/wasm/deps}
src="$out/src"
mkdir -p "$src" "$out/include" "$out/lib"

SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO=sudo; fi

# emcc, dpkg-source (dpkg-dev) and tclsh (SQLite writes its single-file
# source with a Tcl script).
missing=""
for p in emscripten dpkg-dev tcl xz-utils; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "wasm-deps: installing$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi

# Debian's source packages need a deb-src line beside the deb ones.
fetch() {
    (cd "$src" && apt-get source -qq --download-only "$1") 2>"$src/apt-$1.log"
}
need_source() {
    ls "$src"/"$1"_*.dsc >/dev/null 2>&1 && return 0
    if ! fetch "$1"; then
        if ! grep -rqs '^Types: deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
            echo "wasm-deps: adding a deb-src entry (/etc/apt/sources.list.d/trickwood-src.sources)"
            suites=$(. /etc/os-release && echo "$VERSION_CODENAME $VERSION_CODENAME-updates")
            printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
                "$suites" | $SUDO tee /etc/apt/sources.list.d/trickwood-src.sources >/dev/null
            $SUDO apt-get update -qq
        fi
        fetch "$1" || { cat "$src/apt-$1.log" >&2; echo "wasm-deps: apt-get source $1 failed" >&2; exit 1; }
    fi
}

# Unpacks a fetched source package once (dpkg-source applies Debian's
# patches) into $src/NAME.
unpack() {
    [ -d "$src/$1" ] && return 0
    dsc=$(ls "$src"/"$1"_*.dsc | head -n 1)
    rm -rf "$src/$1.tmp"
    (cd "$src" && dpkg-source --no-check -x "$dsc" "$1.tmp" >/dev/null)
    mv "$src/$1.tmp" "$src/$1"
}

export NODE_PATH=/usr/share/nodejs
CFLAGS="-O2"

if [ ! -f "$out/lib/libjansson.a" ]; then
    need_source jansson
    unpack jansson
    j="$src/jansson/src"
    # jansson_config.h is what its configure writes; these are the
    # values it finds for emcc (C99, long long, no locale).
    sed -e 's/@json_inline@/inline/' -e 's/@json_have_long_long@/1/' -e 's/@json_have_localeconv@/0/' \
        -e 's/@json_have_atomic_builtins@/1/' -e 's/@json_have_sync_builtins@/1/' \
        "$j/jansson_config.h.in" >"$out/include/jansson_config.h"
    cp "$j/jansson.h" "$out/include/"
    # And jansson_private_config.h, what its configure finds there.
    cat >"$out/include/jansson_private_config.h" <<'EOF'
#define HAVE_ENDIAN_H 1
#define HAVE_FCNTL_H 1
#define HAVE_SCHED_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_PARAM_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_CLOSE 1
#define HAVE_GETPID 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_OPEN 1
#define HAVE_READ 1
#define HAVE_SCHED_YIELD 1
#define HAVE_SYNC_BUILTINS 1
#define HAVE_ATOMIC_BUILTINS 1
#define HAVE_INT32_T 1
#define HAVE_UINT32_T 1
#define HAVE_UINT16_T 1
#define HAVE_UINT8_T 1
#define HAVE_SSIZE_T 1
#define USE_URANDOM 1
#define INITIAL_HASHTABLE_ORDER 3
EOF
    mkdir -p "$out/obj/jansson"
    for f in "$j"/*.c; do
        emcc $CFLAGS -DHAVE_CONFIG_H=1 -I"$out/include" -I"$j" -c "$f" -o "$out/obj/jansson/$(basename "$f" .c).o"
    done
    emar rcs "$out/lib/libjansson.a.tmp" "$out"/obj/jansson/*.o
    mv "$out/lib/libjansson.a.tmp" "$out/lib/libjansson.a"
    echo "wasm-deps: jansson built"
fi

if [ ! -f "$out/lib/libsqlite3.a" ]; then
    need_source sqlite3
    unpack sqlite3
    s="$src/sqlite3"
    if [ ! -f "$s/bld/sqlite3.c" ]; then
        mkdir -p "$s/bld"
        (cd "$s/bld" && ../configure --disable-tcl >configure.log 2>&1 && make sqlite3.c >make.log 2>&1) ||
            { echo "wasm-deps: SQLite's single-file source could not be made, see $s/bld" >&2; exit 1; }
    fi
    cp "$s/bld/sqlite3.h" "$out/include/"
    mkdir -p "$out/obj/sqlite3"
    # One thread, no extensions, no write-ahead log (it needs shared
    # memory, which a browser's worker has not): a rollback journal.
    emcc $CFLAGS -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_OMIT_WAL -DSQLITE_DEFAULT_MEMSTATUS=0 \
        -DSQLITE_DQS=0 -c "$s/bld/sqlite3.c" -o "$out/obj/sqlite3/sqlite3.o"
    emar rcs "$out/lib/libsqlite3.a.tmp" "$out/obj/sqlite3/sqlite3.o"
    mv "$out/lib/libsqlite3.a.tmp" "$out/lib/libsqlite3.a"
    echo "wasm-deps: SQLite built"
fi
