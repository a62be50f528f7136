#!/bin/sh
# Checks `make install` and `make uninstall` (docs/install.md): installs
# into a temporary DESTDIR, then plays a game with the installed program
# from another folder and checks that it read the installed data (a
# character renamed in the installed copy shows on its screen), then
# uninstalls; then installs into a temporary prefix, builds a C program
# out of the tree with pkg-config against the installed shared library,
# imports the installed Python package, and uninstalls. Prints
# "N passed, N failed" like the other test runners.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() { # check NAME COMMAND...: runs the command, counts the result
    name=$1
    shift
    if "$@" >/dev/null 2>&1; then
        echo "ok   install: $name"
        passed=$((passed + 1))
    else
        echo "FAIL install: $name"
        failed=$((failed + 1))
    fi
}
make --no-print-directory -s install DESTDIR="$tmp/root" PREFIX=/usr >"$tmp/install.log" 2>&1
check "make install succeeds" test $? -eq 0
share="$tmp/root/usr/share/trickwood"
check "the program is installed" test -x "$tmp/root/usr/bin/trickwood"
check "the characters and boards are installed" test -r "$share/data/characters.json" -a -r "$share/data/boards/side-a.json"
check "the rules are installed" test -r "$share/data/rules/northwood.en.md" -a -r "$share/data/rules/fox.fr.md"
check "the web app is installed" test -r "$share/web/index.html" -a -r "$share/web/js/app.js"
check "the tutorials' scripts are installed" test -r "$share/web/tutorial/northwood.json"
check "the manual page is installed" test -r "$tmp/root/usr/share/man/man1/trickwood.1"
# the installed copy's data, told apart from the checkout's
sed 's/"Jack of Claws"/"Jack of Claws (installed copy)"/' "$share/data/characters.json" >"$tmp/c.json" &&
    mv "$tmp/c.json" "$share/data/characters.json"
mkdir -p "$tmp/home" "$tmp/elsewhere"
(cd "$tmp/elsewhere" && printf 'quit\n' | env -u TRICKWOOD_DATA HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data" \
    "$tmp/root/usr/bin/trickwood" northwood --seed 3 --lang en --no-color >"$tmp/play.out" 2>&1)
check "a game is played and saved with the installed program" test $? -eq 0
check "the installed program reads the installed data" grep -q "Jack of Claws (installed copy)" "$tmp/play.out"
check "the game's save is in the user's folder" sh -c "ls '$tmp/home/data/trickwood/saves/'*.json"
(cd "$tmp/elsewhere" && env -u TRICKWOOD_DATA "$tmp/root/usr/bin/trickwood" rules fox --lang fr >"$tmp/rules.out" 2>&1)
check "the installed program reads the installed rules" grep -q "Renard des Bois" "$tmp/rules.out"
lib="$tmp/root/usr/lib"
check "the shared library is installed with its soname links" \
    test -x "$lib/libtrickwood.so.1.0.0" -a -L "$lib/libtrickwood.so.1" -a -L "$lib/libtrickwood.so"
check "the static library is installed beside it" test -r "$lib/libtrickwood.a"
check "the pkg-config file names the prefix" grep -q '^prefix=/usr$' "$lib/pkgconfig/trickwood.pc"
check "the headers are installed" test -r "$tmp/root/usr/include/trickwood/libtrickwood.h"
check "the Python package is installed" test -r "$share/python/trickwood/__init__.py"
make --no-print-directory -s uninstall DESTDIR="$tmp/root" PREFIX=/usr >>"$tmp/install.log" 2>&1
check "make uninstall removes it all" test ! -e "$tmp/root/usr/bin/trickwood" -a ! -e "$share" -a ! -e "$tmp/root/usr/share/man/man1/trickwood.1"
check "make uninstall removes the libraries and headers" \
    test ! -e "$lib/libtrickwood.so.1" -a ! -e "$lib/libtrickwood.a" -a ! -e "$lib/pkgconfig/trickwood.pc" \
    -a ! -e "$tmp/root/usr/include/trickwood"
# An installed copy in a temporary prefix (no DESTDIR: the library's data
# folder is the prefix's), then a program built out of the tree with
# pkg-config against it, and the Python package imported from it.
prefix="$tmp/prefix"
make --no-print-directory -s install PREFIX="$prefix" >>"$tmp/install.log" 2>&1
check "make install into a temporary prefix succeeds" test $? -eq 0
mkdir -p "$tmp/outside"
cp examples/random_game.c "$tmp/outside/"
(cd "$tmp/outside" && PKG_CONFIG_PATH="$prefix/lib/pkgconfig" sh -c \
    'cc -std=c11 -Wall -Wextra -Werror random_game.c $(pkg-config --cflags --libs trickwood) -o random_game')
check "a C program builds out of the tree with pkg-config --cflags --libs trickwood" test -x "$tmp/outside/random_game"
(cd "$tmp/outside" && env -u TRICKWOOD_DATA LD_LIBRARY_PATH="$prefix/lib" ./random_game fox 3 rule '{"level":2}' >"$tmp/c.out" 2>&1)
check "it runs on the installed library and data" grep -q '^won [01]$' "$tmp/c.out"
check "it loads the installed library" sh -c "cd '$tmp/outside' && LD_LIBRARY_PATH='$prefix/lib' ldd ./random_game | grep -q '$prefix/lib/libtrickwood.so.1'"
python=""
for p in ${PYTHON:-} /usr/bin/python3 python3; do
    "$p" -c "import numpy" >/dev/null 2>&1 && { python=$p; break; }
done
(cd "$tmp/outside" && env -u TRICKWOOD_DATA -u TRICKWOOD_LIB PYTHONPATH="$prefix/share/trickwood/python" "${python:-python3}" -c '
import sys, trickwood
assert trickwood.LIBRARY_PATH == sys.argv[1] + "/lib/libtrickwood.so.1", trickwood.LIBRARY_PATH
assert trickwood.data_dir() == sys.argv[1] + "/share/trickwood/data", trickwood.data_dir()
s = trickwood.load_game("northwood", setup="full").new_initial_state(seed=1)
while not s.is_terminal():
    s.apply_action(s.legal_actions()[0])
print("returns", s.returns())
' "$prefix" >"$tmp/py.out" 2>&1)
check "the installed Python package imports and plays on the installed library" grep -q '^returns' "$tmp/py.out"
c_episode=$(grep -v '^returns\|^won' "$tmp/c.out" | cut -d' ' -f1 | tr '\n' ' ')
py_episode=$(cd "$tmp/outside" && PYTHONPATH="$prefix/share/trickwood/python" "${python:-python3}" -c '
import trickwood
g = trickwood.load_game("fox", level=2)
s, b = g.new_initial_state(seed=3), trickwood.Bot(g, "rule", 3)
out = []
while not s.is_terminal():
    a = b.step(s)
    out.append(str(a))
    s.apply_action(a)
print(" ".join(out) + " ")
' 2>&1)
check "the installed C and Python give the same episode for a seed" test -n "$c_episode" -a "$c_episode" = "$py_episode"
make --no-print-directory -s uninstall PREFIX="$prefix" >>"$tmp/install.log" 2>&1
check "make uninstall from the prefix removes the library" test ! -e "$prefix/lib/libtrickwood.so.1"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
