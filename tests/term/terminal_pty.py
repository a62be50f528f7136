#!/usr/bin/env python3
"""The terminal program on a real terminal (a pseudo-terminal), where piped
input cannot show what a player sees (the program only wraps and holds
its output for a terminal): `trickwood replay` shows each step and its
prompt before it waits for Enter; Ctrl-C during a game says that the game
is saved and how to continue it, as the end of input does; the first game
ever offers the tutorial; `trickwood rules` comes a screenful at a time on
an 80x24 terminal; `fox --strict-look-back` clears the screen and the
scrollback as a trick ends.

    python3 tests/term/terminal_pty.py build/trickwood RECORD...

(the records of both games in data/examples/ when none is given).

Prints one line per check and ends with "N passed, N failed"."""

import fcntl
import os
import pty
import select
import shutil
import struct
import sys
import tempfile
import termios
import time


def read_until(fd, needle, seconds):
    """Reads the terminal's output until `needle` appears or `seconds` pass;
    returns everything read (decoded)."""
    out = b""
    end = time.monotonic() + seconds
    while needle.encode() not in out:
        left = end - time.monotonic()
        if left <= 0:
            break
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out.decode("utf-8", "replace")


def replay_checks(exe, record, check):
    """Runs `exe replay record` on a 120x40 pseudo-terminal and checks that
    each step shows before the program waits."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.environ.pop("NO_COLOR", None)
        os.execv(exe, [exe, "replay", record, "--lang", "en"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    name = os.path.basename(record)
    first = read_until(fd, "Enter", 10)
    check("Step 1 " in first, name + ": the first step is on the screen before any key (saw %d characters)" % len(first))
    check("Enter" in first, name + ": the prompt waits on the screen for Enter")
    os.write(fd, b"\r")
    second = read_until(fd, "Step 2 ", 10)
    check("Step 2 " in second, name + ": Enter shows the second step at once")
    os.write(fd, b"q\r")
    read_until(fd, "\x00never", 5)
    _, status = os.waitpid(pid, 0)
    check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, name + ": q ends the replay (exit status %s)" % status)
    os.close(fd)


def interrupt_checks(exe, game, save, check):
    """Starts a new game on a pseudo-terminal, presses Ctrl-C at its first
    question, and checks what the program says and that it saved."""
    if os.path.exists(save):
        os.unlink(save)
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.execv(exe, [exe, game, "--seed", "3", "--lang", "en", "--save", save])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    first = read_until(fd, "Your choice", 10)
    check("Your choice" in first, game + ": the first question is asked")
    os.write(fd, b"\x03")
    said = read_until(fd, "resume", 10)
    check("Interrupted (Ctrl-C): the game is saved in" in said, game + ": Ctrl-C says the game is saved: " + " / ".join(said.strip().splitlines()[-2:]))
    check("Continue it with:" in said and "resume" in said, game + ": and how to continue it")
    read_until(fd, "\x00never", 3)
    _, status = os.waitpid(pid, 0)
    check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, game + ": the program ends normally (status %s)" % status)
    check(os.path.exists(save), game + ": the save file is there")
    os.close(fd)


def strict_checks(exe, save, data_home, check):
    """Plays the first tricks of a Duet with --strict-look-back on a
    pseudo-terminal: the screen and the scrollback are cleared (ESC [3J)
    as a trick ends, and what follows the last clearing tells nothing of
    the first trick."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.environ["XDG_DATA_HOME"] = data_home
        os.execv(exe, [exe, "fox", "--seed", "3", "--lang", "en", "--save", save, "--strict-look-back"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    seen = ""
    for _ in range(12):
        seen += read_until(fd, "Your choice", 10)
        if "trick 3 of 11" in seen.split("\x1b[3J")[-1]:
            break
        os.write(fd, b"1\r")
    last = seen.split("\x1b[3J")[-1]
    check(seen.count("\x1b[3J") >= 2, "strict look-back: the screen and scrollback are cleared as tricks end (%d times)" % seen.count("\x1b[3J"))
    check("trick 3 of 11" in last and "trick 1 with" not in last and "wins trick 2" in last,
          "strict look-back: after the last clearing, the end of trick 2 only, nothing of trick 1")
    os.write(fd, b"quit\r")
    read_until(fd, "resume", 5)
    os.waitpid(pid, 0)
    os.close(fd)


def first_run_checks(exe, data_home, check):
    """A new game on a pseudo-terminal with no game ever saved offers the
    tutorial in one line; the next game, with the first one saved, does
    not."""
    for first in (True, False):
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["TERM"] = "xterm"
            os.environ["XDG_DATA_HOME"] = data_home
            os.execv(exe, [exe, "northwood", "--seed", "3", "--lang", "en"])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        seen = read_until(fd, "Your choice", 10)
        offered = "trickwood tutorial northwood" in seen
        check(offered == first, "first run: the tutorial is %s" % ("offered" if first else "not offered again"))
        os.write(fd, b"quit\r")
        read_until(fd, "\x00never", 3)
        os.waitpid(pid, 0)
        os.close(fd)
def rules_checks(exe, check):
    """Runs `exe rules northwood` on an 80x24 pseudo-terminal and checks
    that it stops after a screenful, that Enter shows the next one, that q
    stops it, and that no line is wider than 80 columns."""
    import re
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.execv(exe, [exe, "rules", "northwood", "--lang", "en"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    first = read_until(fd, "-- Enter: more", 10)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", first).replace("\r", "")
    lines = plain.split("\n")
    check("The rules of For Northwood!" in plain and "-- Enter: more" in plain, "rules: the first screenful, then the pager's prompt")
    check(len(lines) <= 24, "rules: the first screenful fits 24 rows (%d lines)" % len(lines))
    check(all(len(x) <= 80 for x in lines), "rules: no line is wider than 80 columns")
    os.write(fd, b"\r")
    second = read_until(fd, "-- Enter: more", 10)
    check(second.count("-- Enter: more") == 1 and len(second) > 200, "rules: Enter shows the next screenful")
    os.write(fd, b"q\r")
    read_until(fd, "\x00never", 3)
    _, status = os.waitpid(pid, 0)
    check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "rules: q stops it (exit status %s)" % status)
    os.close(fd)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    examples = os.path.join(here, "..", "..", "data", "examples")
    exe = sys.argv[1]
    records = sys.argv[2:] or [os.path.join(examples, "northwood-record.json"),
                               os.path.join(examples, "foxduet-record-v1-side-a.json")]
    counts = {"passed": 0, "failed": 0}

    def check(cond, what):
        print(("ok   " if cond else "FAIL ") + what)
        counts["passed" if cond else "failed"] += 1

    for record in records:
        replay_checks(exe, record, check)
    rules_checks(exe, check)
    scratch = tempfile.mkdtemp(prefix="tw-pty-")
    try:
        for game in ("northwood", "fox"):
            interrupt_checks(exe, game, os.path.join(scratch, game + ".json"), check)
        first_run_checks(exe, os.path.join(scratch, "data"), check)
        strict_checks(exe, os.path.join(scratch, "strict.json"), os.path.join(scratch, "data"), check)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("%d passed, %d failed" % (counts["passed"], counts["failed"]))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
