#!/bin/sh
# Rates the shipped For Northwood! challenges: for each one, the strong
# bot's win rate over GAMES seeded games (the goal of the challenge, with
# its Wilson 95% interval) and the clairvoyant bound (the bot that sees
# the deck) over BOUND games, one tab-separated line per challenge:
#   number id strong_wins games low high clairvoyant_wins bound_games
# Usage: scripts/rate-challenges.sh [GAMES [BOUND [SEED [FIRST [LAST]]]]]
# (defaults: 2000 games, 200 bound games, seed 1, challenges 1 to 16).
# Runs niced; the program is ./build/trickwood unless TRICKWOOD is set.
set -eu
games=${1:-2000}
bound=${2:-200}
seed=${3:-1}
first=${4:-1}
last=${5:-16}
tw=${TRICKWOOD:-./build/trickwood}
# the first "wins" of a summary is the goal's; its interval follows
field() { sed -n "s/^  \"$1\": \\([0-9.e-]*\\),*$/\\1/p" | head -n 1; }
ci() { tr -d ' \n' | sed -n 's/"win_rate_ci95":\[\([0-9.e-]*\),\([0-9.e-]*\)\]/\n\1\t\2\n/p' | sed -n 2p; }
n=$first
while [ "$n" -le "$last" ]; do
    strong=$(nice -n 10 "$tw" sim northwood --challenge "$n" --bot strong --games "$games" --seed "$seed" --quiet --json)
    clair=$(nice -n 10 "$tw" sim northwood --challenge "$n" --bot clairvoyant --games "$bound" --seed "$seed" --quiet --json)
    id=$(printf '%s\n' "$strong" | sed -n 's/^  "challenge": "\(.*\)",*$/\1/p')
    printf '%d\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$id" "$(printf '%s\n' "$strong" | field wins)" "$games" \
        "$(printf '%s\n' "$strong" | ci)" "$(printf '%s\n' "$clair" | field wins)" "$bound"
    n=$((n + 1))
done
