/* The Fox in the Forest Duet in the simulation (sim_fox.c): its options,
 * its tallies and its help lines, for the list of games (sim_games.c)
 * and for bench. */
#ifndef TRICKWOOD_SIM_SIM_FOX_H
#define TRICKWOOD_SIM_SIM_FOX_H

#include "sim/sim.h"
#include "trickwood/foxduet.h"

extern const tw_sim_kind tw_sim_fox;

/* The game's own options (tw_sim_options.game). */
typedef struct {
    int level;            /* 1..3 */
    const char *board_path; /* --board FILE, or NULL: the level's */
    tw_fox_board loaded;  /* the board loaded (or, read back by sim-merge, its name only) */
    const tw_fox_board *board; /* &loaded once loaded or named; NULL: the level's */
    int own_board;        /* play on board rather than the level's (sim --board) */
    int samples;          /* strong: deals per decision (0: default) */
    long long nodes;      /* strong: nodes per deal; open-hands: nodes per decision (0: default) */
} tw_sim_fox_options;

#define TW_SIM_FOX_MAX_SCORE 99

/* Fox Duet tallies (tw_sim_totals.tally). */
typedef struct {
    long long wins;
    tw_tally score;                             /* 0 for a lost game */
    long long score_hist[TW_SIM_FOX_MAX_SCORE + 1];
    long long won_in_round[4];                  /* by round 1..3 */
    long long lost_path_in_round[4];            /* off the path with no forest token, by round */
    long long lost_time;                        /* gems left after round 3 */
    tw_tally gems;                              /* gems collected per game */
} tw_sim_fox_tally;

/* Its lines of the help of sim. */
#define TW_SIM_FOX_HELP_EN                                                                       \
    "    fox:       --bot random|rule|strong|open-hands|hint (both seats, default: rule)\n"     \
    "               or --bots A,B (seat 0, seat 1), --level 1|2|3 (default: 1), --board FILE,\n" \
    "               --samples N, --nodes N (search effort of strong and open-hands)\n"
#define TW_SIM_FOX_HELP_FR                                                                                \
    "    fox :       --bot random|rule|strong|open-hands|hint (les deux places, par défaut : rule)\n"        \
    "                ou --bots A,B (place 0, place 1), --level 1|2|3 (par défaut : 1), --board FICHIER,\n"  \
    "                --samples N, --nodes N (effort de recherche de strong et open-hands)\n"

#endif
