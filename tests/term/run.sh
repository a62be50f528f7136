#!/bin/sh
# Terminal tests that need a real terminal (a pseudo-terminal): `replay`
# shows each step before it waits, Ctrl-C during a game says it is saved
# (tests/term/terminal_pty.py). The last line
# printed is "N passed, N failed".
root=$(cd "$(dirname "$0")/../.." && pwd)
exec python3 "$root/tests/term/terminal_pty.py" "$root/build/trickwood"
