#!/bin/sh
# Turns the rows of `trickwood sim northwood --characters-csv FILE` into
# the character table of docs/characters.md (Markdown on stdout).
#
#   sh scripts/nw-characters-table.sh FILE
#
# For each character, out of all games: how often it is a starting ally,
# a ruler, the ruler of a fief made friendly, a substitute whose ability
# was used; then how many times a game its ability was used when it was an
# ally (once per visit at most: up to 8), how
# often its fief was won when it ruled one, and the bronze and gold rates
# of the games where it is a starting ally (95% Wilson interval for
# bronze). Counts are in brackets.
set -e
if [ $# -ne 1 ] || [ ! -r "$1" ]; then
    echo "usage: sh scripts/nw-characters-table.sh CHARACTERS.csv" >&2
    exit 2
fi
awk -F, '
# percentage with one decimal, "-" when nothing to divide by
function pct(k, n) { return n > 0 ? sprintf("%.1f%%", 100 * k / n) : "-" }
# 95% Wilson interval of k successes out of n, as "[lo, hi]" in percent
function wilson(k, n,    z, p, d, c, h) {
    if (n == 0) return ""
    z = 1.959964; p = k / n; d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return sprintf(" [%.1f, %.1f]", 100 * (c - h < 0 ? 0 : c - h), 100 * (c + h > 1 ? 1 : c + h))
}
# sort key: suit, then rank (intro ranks first, then the crown ones)
function key(id, suit,    r, s) {
    s = index("claws flowers leaves eyes", suit)
    split("jack queen king prince lady baron", ranks, " ")
    for (r = 1; r <= 6; r++) if (index(id, ranks[r] "-") == 1) break
    return sprintf("%02d%d %s", s, r, id)
}
NR == 1 { next }
{
    game = $1; id = $3; role = $6
    if (!(game in seen)) { seen[game] = 1; games++; if ($12 >= 16) bronze_all++; if ($12 >= 20) gold_all++ }
    if (!(id in suit)) { suit[id] = $4; crown[id] = $5; order[key(id, $4)] = id }
    if (role == "ally") {
        ally[id]++; ally_uses[id] += $11
        if ($12 >= 16) bronze[id]++
        if ($12 >= 20) gold[id]++
    } else {
        ruler[id]++; if ($8 == 1) won[id]++
        if ($9 == 1) subbed[id]++
        if ($10 > 0) sub_used[id]++
    }
}
END {
    printf "%d games; bronze in %s, gold in %s of all of them.\n\n", games, pct(bronze_all, games), pct(gold_all, games)
    print "| character | crown | starting ally | uses per game as an ally | ruler | ruler won (fief friendly) | won when ruler | substitute used | bronze when a starting ally | gold when a starting ally |"
    print "|---|---|---|---|---|---|---|---|---|---|"
    n = 0
    for (k in order) keys[++n] = k
    # insertion sort (awk has no portable sort)
    for (i = 2; i <= n; i++) { v = keys[i]; for (j = i - 1; j >= 1 && keys[j] > v; j--) keys[j + 1] = keys[j]; keys[j + 1] = v }
    for (i = 1; i <= n; i++) {
        id = order[keys[i]]
        printf "| %s | %s | %s (%d) | %s | %s (%d) | %s (%d) | %s | %s (%d) | %s%s (%d) | %s (%d) |\n", id, crown[id] ? "yes" : "",
            pct(ally[id], games), ally[id], ally[id] ? sprintf("%.2f", ally_uses[id] / ally[id]) : "-",
            pct(ruler[id], games), ruler[id], pct(won[id], games), won[id], pct(won[id], ruler[id]),
            pct(sub_used[id], games), sub_used[id],
            pct(bronze[id], ally[id]), wilson(bronze[id], ally[id]), bronze[id], pct(gold[id], ally[id]), gold[id]
    }
}' "$1"
