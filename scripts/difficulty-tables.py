#!/usr/bin/env python3
"""Difficulty tables: for every setup a player can choose, the strong bot's
win rate while aiming for that setup's goal, with its Wilson 95% interval,
beside the bound of a player who sees every card (For Northwood!'s
clairvoyant bot, the Duet's open-hands bot), from seeded `trickwood sim`
runs that anyone can repeat.

    scripts/difficulty-tables.py [--games N] [--fox-games N] [--seed S]
                                 [--jobs J] [--only northwood|fox]
                                 [--setup intro|full] [--json OUT] [--markdown OUT]
    scripts/difficulty-tables.py --combine PART.json... [--json OUT] [--markdown OUT]

Writes the table as JSON (web/difficulty.json by default: the start page
reads it), as Markdown (docs/difficulty.md) and, for a whole table, its
short form into the README (between its markers). Each row carries the exact
command that played its games. Parts of the table can be run apart (on
several machines: --only, --setup, each to its own --json) and put
together with --combine, which plays nothing."""
import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def northwood_setups():
    """Every For Northwood! goal a player can choose: the deal, then the
    medal (or the hidden stars), with and without the expert rule."""
    for setup in ("intro", "full"):
        for expert in (False, True):
            for medal in ("bronze", "silver", "gold"):
                yield {"game": "northwood", "setup": setup, "variant": "medals", "medal": medal, "expert": expert}
            yield {"game": "northwood", "setup": setup, "variant": "hidden-stars", "medal": None, "expert": expert}


def fox_setups():
    """The Duet's levels (level 1 plays side A of the board, 2 and 3 side B)."""
    for level in (1, 2, 3):
        yield {"game": "fox", "level": level, "side": "A" if level == 1 else "B"}


def command_of(row, bot, games, seed, jobs):
    """The sim command line that plays a row's games with one bot."""
    cmd = ["trickwood", "sim", row["game"], "--bot", bot, "--games", str(games), "--seed", str(seed)]
    if row["game"] == "northwood":
        cmd += ["--" + row["setup"]]
        if row["variant"] == "hidden-stars":
            cmd += ["--variant", "hidden-stars"]
        else:
            cmd += ["--medal", row["medal"]]
        if row["expert"]:
            cmd += ["--expert"]
    else:
        cmd += ["--level", str(row["level"])]
    return cmd + ["--jobs", str(jobs), "--json", "--quiet"]


def run(binary, cmd):
    """Runs one sim command with the given binary; its JSON summary."""
    out = subprocess.run([binary] + cmd[1:], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def measure(binary, row, bot, games, seed, jobs):
    """One bot's figures on a row: wins, games, rate and interval."""
    cmd = command_of(row, bot, games, seed, jobs)
    summary = run(binary, cmd)
    low, high = summary["win_rate_ci95"]
    return {"bot": bot, "games": summary["games"], "wins": summary["wins"], "win_rate": summary["win_rate"],
            "ci95": [low, high], "command": " ".join(cmd[:-4] + ["--json"])}


def percent(x):
    """A rate as a whole percentage, or with one decimal below 10% and
    above 99% (so that only no game lost reads 100%)."""
    return ("%.1f%%" % (100 * x)) if 0 < x < 0.1 or 0.99 < x < 1 else ("%.0f%%" % (100 * x))


def goal_words(row):
    """A row's goal in words, for the Markdown table."""
    if row["game"] == "fox":
        return "level %d (side %s)" % (row["level"], row["side"])
    goal = "hidden stars" if row["variant"] == "hidden-stars" else row["medal"]
    return "%s, %s%s" % (row["setup"], goal, " + expert" if row["expert"] else "")


def markdown(rows, meta):
    """The table as Markdown, with how it was made."""
    lines = ["# Difficulty tables", "",
             "How often the strong bot wins each setup a player can choose, while aiming for that setup's own goal",
             "(For Northwood!'s bot chooses its fiefs and stops by the chance of the goal it plays for), beside the",
             "bound of a player who sees every card (the clairvoyant bot; the Duet's open-hands bot, both seats).",
             "Intervals are Wilson 95%. Every row's command replays its games exactly (same seed, same games).",
             "", "Made by `scripts/difficulty-tables.py --games %d --fox-games %d --seed %d` on %s." %
             (meta["games"], meta["fox_games"], meta["seed"], meta["date"]), "",
             "| setup | strong bot | 95% interval | bound (sees every card) | games | command |",
             "|---|---:|---|---:|---:|---|"]
    for row in rows:
        s, b = row["strong"], row["bound"]
        lines.append("| %s | %s | %s to %s | %s | %d | `%s` |" % (
            goal_words(row), percent(s["win_rate"]), percent(s["ci95"][0]), percent(s["ci95"][1]),
            percent(b["win_rate"]), s["games"], s["command"]))
    lines += ["", "Under the expert rule silver and gold change little: the outer fiefs hold 3 or 4 stars each, so",
              "missing any of them already rules out 18 stars. Bronze and the hidden stars are the goals it makes",
              "harder.", ""]
    return "\n".join(lines)


README_START = "<!-- difficulty: written by scripts/difficulty-tables.py -->"
README_END = "<!-- /difficulty -->"


def bound_words(rows):
    """What the bound rows say, in short: all won, or their range."""
    rates = [r["bound"]["win_rate"] for r in rows]
    if min(rates) == 1:
        return "a player who sees every card won every one of them"
    return "a player who sees every card wins %s to %s" % (percent(min(rates)), percent(max(rates)))


def readme_block(rows, meta):
    """The README's short form: the strong bot's rate for each medal and
    variant, without and with the expert rule, and each Duet level."""
    def rate(**want):
        for row in rows:
            if all(row.get(k) == v for k, v in want.items()):
                return percent(row["strong"]["win_rate"])
        return "?"
    lines = [README_START,
             "How often the strong bot wins each setup, aiming for its goal (%d games a setup; %s;" %
             (meta["games"], bound_words(rows)),
             "intervals, commands and the Duet's %d games a level in [docs/difficulty.md](docs/difficulty.md)):" %
             meta["fox_games"], "",
             "| For Northwood! | bronze | silver | gold | hidden stars |", "|---|---:|---:|---:|---:|"]
    for setup in ("intro", "full"):
        for expert in (False, True):
            cells = [rate(game="northwood", setup=setup, variant="medals", medal=m, expert=expert)
                     for m in ("bronze", "silver", "gold")]
            cells.append(rate(game="northwood", setup=setup, variant="hidden-stars", expert=expert))
            name = ("intro deal" if setup == "intro" else "full deal") + (", expert rule" if expert else "")
            lines.append("| %s | %s |" % (name, " | ".join(cells)))
    lines += ["", "The Duet: level 1 %s, level 2 %s, level 3 %s." % tuple(rate(game="fox", level=n) for n in (1, 2, 3)),
              README_END]
    return "\n".join(lines)


def update_readme(path, block):
    """Puts block between the README's markers (nothing when it has none)."""
    text = open(path, encoding="utf-8").read()
    if README_START not in text or README_END not in text:
        return
    head, rest = text.split(README_START, 1)
    tail = rest.split(README_END, 1)[1]
    write_atomically(path, head + block + tail)


def write_atomically(path, text):
    """Writes text to path through a temporary file and a rename."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".difficulty-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="For Northwood! games per row (default 200)")
    ap.add_argument("--fox-games", type=int, default=1000, help="Duet games per row (default 1000)")
    ap.add_argument("--seed", type=int, default=7100000, help="seed of every run (default 7100000)")
    ap.add_argument("--jobs", type=int, default=1, help="sim threads (the results do not depend on it)")
    ap.add_argument("--only", choices=("northwood", "fox"))
    ap.add_argument("--setup", choices=("intro", "full"), help="For Northwood!'s rows of one deal only")
    ap.add_argument("--combine", nargs="+", metavar="PART", help="put together the rows of earlier runs' JSON files")
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "trickwood"))
    ap.add_argument("--json", default=os.path.join(ROOT, "web", "difficulty.json"))
    ap.add_argument("--markdown", default=os.path.join(ROOT, "docs", "difficulty.md"))
    ap.add_argument("--readme", default=os.path.join(ROOT, "README.md"),
                    help="the README whose short table is rewritten (between its markers)")
    ap.add_argument("--date", default=None, help="the date written in the table (default: today)")
    args = ap.parse_args()
    if args.combine:
        parts = [json.load(open(path, encoding="utf-8")) for path in args.combine]
        meta = parts[0]["made_by"]
        for part in parts[1:]:
            if (part["made_by"]["seed"], part["made_by"]["date"]) != (meta["seed"], meta["date"]):
                sys.exit("difficulty-tables: the parts come from different runs (seed or date)")
        order = [goal_words(r) for r in list(northwood_setups()) + list(fox_setups())]
        rows = sorted((r for p in parts for r in p["rows"]), key=lambda r: order.index(goal_words(r)))
        write_atomically(args.json, json.dumps({"made_by": meta, "rows": rows}, indent=1) + "\n")
        write_atomically(args.markdown, markdown(rows, meta))
        update_readme(args.readme, readme_block(rows, meta))
        return
    if not os.access(args.binary, os.X_OK):
        sys.exit("difficulty-tables: %s is not built (make build/trickwood)" % args.binary)
    meta = {"games": args.games, "fox_games": args.fox_games, "seed": args.seed,
            "date": args.date or datetime.date.today().isoformat()}
    rows = []
    setups = []
    if args.only in (None, "northwood"):
        setups += [(r, "strong", "clairvoyant", args.games) for r in northwood_setups()
                   if args.setup in (None, r["setup"])]
    if args.only in (None, "fox"):
        setups += [(r, "strong", "open-hands", args.fox_games) for r in fox_setups()]
    for row, bot, bound, games in setups:
        row = dict(row)
        row["strong"] = measure(args.binary, row, bot, games, args.seed, args.jobs)
        row["bound"] = measure(args.binary, row, bound, games, args.seed, args.jobs)
        print("%-32s strong %6s [%s, %s]  bound %s" % (goal_words(row), percent(row["strong"]["win_rate"]),
              percent(row["strong"]["ci95"][0]), percent(row["strong"]["ci95"][1]),
              percent(row["bound"]["win_rate"])), flush=True)
        rows.append(row)
    write_atomically(args.json, json.dumps({"made_by": meta, "rows": rows}, indent=1) + "\n")
    write_atomically(args.markdown, markdown(rows, meta))
    if args.only is None and args.setup is None:
        update_readme(args.readme, readme_block(rows, meta))


if __name__ == "__main__":
    main()
