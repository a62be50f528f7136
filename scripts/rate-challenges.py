#!/usr/bin/env python3
"""Rates the shipped For Northwood! challenges (docs/challenges.md).

For each challenge: the strong bot's wins over GAMES seeded games aiming
for the challenge's goal (with the Wilson 95% interval `sim` gives), the
clairvoyant bound (the bot that sees the deck) over BOUND games, and a
check: the strong bot's wins over the run's first CHECK games, which
python/tests/test_challenges.py plays again to see that the rating was
made by the program as it is. Prints one line per challenge; with
--write, stores each rating in its file (data/challenges/*.json) and the
table in docs/challenges.md, each written atomically.

    scripts/rate-challenges.py --games 2000 --bound 200 --seed 1 --write
    scripts/rate-challenges.py --games 60 --bound 30 --only 15      # one line, nothing written

The program is ./build/trickwood unless TRICKWOOD is set; runs are niced.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

TREE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECK_GAMES = 4
FULL_GAMES = 2000  # the rating the issue asks for; fewer games are marked as a short run
TABLE_START = "<!-- ratings: written by scripts/rate-challenges.py -->"
TABLE_END = "<!-- end of ratings -->"


def challenge_files():
    """The shipped challenges' files, in number order (as the program lists them)."""
    return sorted(glob.glob(os.path.join(TREE, "data", "challenges", "*.json")))


def sim_command(number, bot, games, seed, jobs):
    """The `trickwood sim` command line of one run (without the program)."""
    return ["sim", "northwood", "--challenge", str(number), "--bot", bot, "--games", str(games), "--seed", str(seed),
            "--jobs", str(jobs), "--quiet", "--json"]


def run_sim(binary, args):
    """Runs sim (niced) and returns its JSON summary."""
    out = subprocess.run(["nice", "-n", "10", binary] + args, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def command_words(games, bound, seed, number):
    """The command that makes one challenge's rating again."""
    return f"scripts/rate-challenges.py --games {games} --bound {bound} --seed {seed} --only {number}"


def rate(binary, number, games, bound, seed, jobs):
    """The rating of challenge `number` (1-based): {"id", "rating"}."""
    strong = run_sim(binary, sim_command(number, "strong", games, seed, jobs))
    clair = run_sim(binary, sim_command(number, "clairvoyant", bound, seed, jobs))
    check = run_sim(binary, sim_command(number, "strong", min(CHECK_GAMES, games), seed, 1))
    low, high = strong["win_rate_ci95"]
    rating = {"games": games, "wins": strong["wins"], "rate": round(strong["win_rate"], 4), "low": round(low, 4),
              "high": round(high, 4), "bound_games": bound, "bound_wins": clair["wins"], "seed": seed,
              "check_games": min(CHECK_GAMES, games), "check_wins": check["wins"],
              "command": command_words(games, bound, seed, number)}
    if games < FULL_GAMES:
        rating["note"] = f"a short run of {games} games, pending the {FULL_GAMES:,}-game rating"
    return {"id": strong["challenge"], "rating": rating}


def write_atomically(path, text):
    """Writes text to path through a temporary file and a rename."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def store_rating(path, rating):
    """Replaces the "rating" member of a challenge file, the rest kept as it is."""
    data = json.load(open(path, encoding="utf-8"))
    data["rating"] = rating
    write_atomically(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def percent(x):
    """A rate as the docs show it: 83.3%."""
    return f"{100 * x:.1f}%"


def table(rows):
    """The docs' table of every challenge's rating (rows: (number, file data))."""
    lines = [TABLE_START, "",
             "| # | id | name | strong bot wins | rate | 95% interval | clairvoyant wins | command |",
             "|---|---|---|---|---|---|---|---|"]
    for number, data in rows:
        r = data["rating"]
        lines.append(f"| {number} | `{data['id']}` | {data['name']['en']} | {r['wins']} / {r['games']} | "
                     f"{percent(r['rate'])} | {percent(r['low'])} to {percent(r['high'])} | "
                     f"{r['bound_wins']} / {r['bound_games']} | `{r['command']}` |")
    lines += ["", TABLE_END]
    return "\n".join(lines)


def update_docs(path, block):
    """Puts the table between its markers in docs/challenges.md."""
    text = open(path, encoding="utf-8").read()
    start, end = text.index(TABLE_START), text.index(TABLE_END) + len(TABLE_END)
    write_atomically(path, text[:start] + block + text[end:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="strong-bot games per challenge (default 2000)")
    parser.add_argument("--bound", type=int, default=200, help="clairvoyant games per challenge (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every run (default 1)")
    parser.add_argument("--only", type=int, action="append", help="only this challenge number (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="threads of each run (the results do not depend on it)")
    parser.add_argument("--write", action="store_true", help="store the ratings in the files and docs/challenges.md")
    args = parser.parse_args()
    binary = os.environ.get("TRICKWOOD", os.path.join(TREE, "build", "trickwood"))
    files = challenge_files()
    numbers = args.only or list(range(1, len(files) + 1))
    for n in numbers:
        if not 1 <= n <= len(files):
            sys.exit(f"rate-challenges: --only takes 1 to {len(files)}, not {n}")
    for n in numbers:
        made = rate(binary, n, args.games, args.bound, args.seed, args.jobs)
        r = made["rating"]
        print(f"{n}\t{made['id']}\t{r['wins']}/{r['games']}\t{percent(r['rate'])}\t[{percent(r['low'])}, "
              f"{percent(r['high'])}]\tbound {r['bound_wins']}/{r['bound_games']}\tcheck {r['check_wins']}/"
              f"{r['check_games']}", flush=True)
        if args.write:
            store_rating(files[n - 1], r)
    if args.write:
        rows = [(i + 1, json.load(open(f, encoding="utf-8"))) for i, f in enumerate(files)]
        update_docs(os.path.join(TREE, "docs", "challenges.md"), table(rows))


if __name__ == "__main__":
    main()
