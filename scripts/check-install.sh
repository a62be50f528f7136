#!/bin/sh
# Checks `make install` and `make uninstall` (docs/install.md): installs
# into a temporary DESTDIR, then plays a game with the installed program
# from another folder and checks that it read the installed data (a
# character renamed in the installed copy shows on its screen), then
# uninstalls. Prints "N passed, N failed" like the other test runners.
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
check "the web app is installed" test -r "$share/web/index.html" -a -r "$share/web/js/app.js"
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
make --no-print-directory -s uninstall DESTDIR="$tmp/root" PREFIX=/usr >>"$tmp/install.log" 2>&1
check "make uninstall removes it all" test ! -e "$tmp/root/usr/bin/trickwood" -a ! -e "$share" -a ! -e "$tmp/root/usr/share/man/man1/trickwood.1"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
