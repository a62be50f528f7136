/* For Northwood! in the simulation (sim_nw.c): its options, its tallies
 * and its help lines, for the list of games (sim_games.c) and for bench. */
#ifndef TRICKWOOD_SIM_SIM_NW_H
#define TRICKWOOD_SIM_SIM_NW_H

#include <stdio.h>

#include "sim/sim.h"
#include "trickwood/nw_files.h"
#include "trickwood/northwood.h"

extern const tw_sim_kind tw_sim_northwood;

/* The game's own options (tw_sim_options.game). */
typedef struct {
    int setup;            /* tw_nw_setup */
    int medal;            /* tw_nw_medal the games aim for (and win_rate is about, with the medals) */
    int variant;          /* tw_nw_variant: the medals or the hidden stars */
    int expert;           /* the expert rule: the outer fiefs must be won too */
    int iterations;       /* the strong bot's effort (0: its defaults) */
    int rollouts;
    int orders;           /* the solve bots' deck orders per decision at most (0: their defaults) */
    long long nodes;      /* and their solver nodes per question (0: their defaults) */
    const char *characters_path;  /* --characters-csv FILE, or NULL */
    const char *challenge_path;   /* --challenge N|ID|FILE, or NULL */
    char *challenge_text;         /* that challenge's file (every game parses its own copy) */
    char challenge_id[48];
    FILE *characters;     /* one row per character dealt in each game, or NULL */
    tw_nw_catalog *catalog; /* the characters' names for those rows (owned) */
} tw_sim_nw_options;

#define TW_SIM_NW_MAX_STARS 20

/* For Northwood! tallies (tw_sim_totals.tally). */
typedef struct {
    long long wins[4];                          /* by medal 1..3: stars reached its threshold */
    long long goal_wins;                        /* games won: the goal of the variant played (win_rate) */
    tw_tally stars;
    long long stars_hist[TW_SIM_NW_MAX_STARS + 1];
    long long friendly[8];                      /* by target: the fief ended friendly */
    long long visited[8];                       /* by target: the fief was visited */
    long long stopped;                          /* games the bot ended early */
    long long unsettled;                        /* clairvoyant: solver questions cut off by its budget */
} tw_sim_nw_tally;

/* Its lines of the help of sim. */
#define TW_SIM_NW_HELP_EN                                                                \
    "    northwood: --bot random|greedy|strong|clairvoyant|hint|solve|solve-light\n"    \
    "               (default: greedy),\n"                                              \
    "               --intro | --full, --medal bronze|silver|gold (default: bronze),\n"  \
    "               --variant medals|hidden-stars (default: medals), --expert,\n"       \
    "               --iterations N, --rollouts N (search effort of the strong bot),\n"  \
    "               --orders N, --nodes N (deck orders per decision, 1 to 64, and\n"    \
    "               solver nodes per question of the solve bots),\n"                   \
    "               --characters-csv FILE (one row per character dealt in each game),\n"  \
    "               --challenge N|ID|FILE (a challenge: its setup, goal and limits)\n"
#define TW_SIM_NW_HELP_FR                                                                        \
    "    northwood : --bot random|greedy|strong|clairvoyant|hint|solve|solve-light\n"         \
    "                (par défaut : greedy),\n"                                                \
    "                --intro | --full, --medal bronze|silver|gold (par défaut : bronze),\n"     \
    "                --variant medals|hidden-stars (par défaut : medals), --expert,\n"          \
    "                --iterations N, --rollouts N (effort de recherche du robot strong),\n"     \
    "                --orders N, --nodes N (ordres du paquet par décision, 1 à 64, et\n"      \
    "                nœuds du solveur par question des robots solve),\n"                      \
    "                --characters-csv FICHIER (une ligne par personnage distribué dans chaque partie),\n" \
    "                --challenge N|ID|FICHIER (un défi : sa donne, son but et ses limites)\n"

#endif
