/* The games of `sim` and `sim-merge`: the one list (a game is its line
 * here and its lines of the help below; its tallies and options are its
 * own sim_<game>.c), finding a game by its key, and the help of sim. */
#include <string.h>

#include "sim/sim.h"
#include "sim/sim_fox.h"
#include "sim/sim_nw.h"

/* The games, in the order of the help. */
const tw_sim_kind *const tw_sim_kinds[] = {&tw_sim_northwood, &tw_sim_fox};
const int tw_sim_kind_count = (int)(sizeof tw_sim_kinds / sizeof tw_sim_kinds[0]);

const tw_msg tw_cli_sim_help = {{
    "  sim northwood|fox [OPTIONS]    play many games with bots and summarise them\n" TW_SIM_HELP_EN
        TW_SIM_NW_HELP_EN TW_SIM_FOX_HELP_EN,
    "  sim northwood|fox [OPTIONS]    jouer de nombreuses parties avec des robots et les résumer\n" TW_SIM_HELP_FR
        TW_SIM_NW_HELP_FR TW_SIM_FOX_HELP_FR,
}};

/* The game of a key, from the list. */
const tw_sim_kind *tw_sim_kind_of(const char *key)
{
    for (int k = 0; key && k < tw_sim_kind_count; k++)
        if (strcmp(key, tw_sim_kinds[k]->game->key) == 0)
            return tw_sim_kinds[k];
    return NULL;
}
