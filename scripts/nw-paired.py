#!/usr/bin/env python3
"""Paired comparison of For Northwood! bots run on the same games.

Usage: python3 scripts/nw-paired.py BASE OTHER...

Each name stands for two files: NAME.csv, the rows of
`trickwood sim northwood --csv` (one per game), and NAME.time, the
output of `/usr/bin/time -f "%U %e"` around that run (user CPU seconds
first). Runs compared must share --games, --seed and the deal, so that
row k of each is the same deal (checked by the seed column). Prints, for
each run, the CPU per game and per decision, games per CPU second, the
bronze/silver/gold rates with 95% Wilson intervals and the mean stars;
then, for each OTHER against BASE, the games only one of them won (bronze
and gold) with the paired z (McNemar's, (b - c) / sqrt(b + c)), and the
mean difference of stars a game with its standard error."""
import csv
import math
import sys

MEDALS = (("bronze", 16), ("silver", 18), ("gold", 20))


def wilson(k, n, z=1.96):
    """The 95% Wilson interval of k successes in n, in percent."""
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return 100 * (c - h), 100 * (c + h)


def load(name):
    """The run's rows by game number, and its user CPU seconds."""
    try:
        with open(name + ".csv", newline="") as f:
            rows = {int(r["game"]): r for r in csv.DictReader(f)}
        with open(name + ".time") as f:
            cpu = float(f.read().split()[0])
    except (OSError, ValueError, KeyError, IndexError) as e:
        sys.exit("nw-paired: cannot read run %s: %s" % (name, e))
    if not rows:
        sys.exit("nw-paired: %s.csv has no games" % name)
    return rows, cpu


def summary(name, rows, cpu):
    """One line of a run's figures."""
    n = len(rows)
    decisions = sum(int(r["decisions"]) for r in rows.values())
    out = [name, "games %d" % n, "CPU %.3f s a game" % (cpu / n), "%.2f ms a decision" % (1000 * cpu / decisions),
           "%.2f games per CPU second" % (n / cpu)]
    for medal, stars in MEDALS:
        k = sum(int(r["stars"]) >= stars for r in rows.values())
        lo, hi = wilson(k, n)
        out.append("%s %.1f%% [%.1f, %.1f] (%d)" % (medal, 100 * k / n, lo, hi, k))
    out.append("mean stars %.2f" % (sum(int(r["stars"]) for r in rows.values()) / n))
    return " | ".join(out)


def paired(base_name, base, name, rows):
    """The paired comparison lines of a run against the base run."""
    if set(rows) != set(base) or any(rows[g]["seed"] != base[g]["seed"] for g in base):
        sys.exit("nw-paired: %s and %s are not the same games" % (name, base_name))
    lines = []
    for medal, stars in (MEDALS[0], MEDALS[2]):
        b = sum(int(rows[g]["stars"]) >= stars > int(base[g]["stars"]) for g in base)
        c = sum(int(base[g]["stars"]) >= stars > int(rows[g]["stars"]) for g in base)
        z = (b - c) / math.sqrt(b + c) if b + c else 0.0
        lines.append("%s vs %s, %s: won only by %s %d, only by %s %d, paired z %.2f" %
                     (name, base_name, medal, name, b, base_name, c, z))
    diffs = [int(rows[g]["stars"]) - int(base[g]["stars"]) for g in base]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
    lines.append("%s vs %s, stars: %+.2f a game, standard error %.2f" %
                 (name, base_name, mean, sd / math.sqrt(len(diffs))))
    return lines


def main(argv):
    """Reads the runs named on the command line and prints the comparison."""
    if len(argv) < 2:
        sys.exit(__doc__)
    runs = [(name,) + load(name) for name in argv]
    for name, rows, cpu in runs:
        print(summary(name, rows, cpu))
    base_name, base, _ = runs[0]
    for name, rows, _ in runs[1:]:
        for line in paired(base_name, base, name, rows):
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
