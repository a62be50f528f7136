/* A whole game through the shared library's C API (docs/python.md, "C"):
 *
 *   cc random_game.c $(pkg-config --cflags --libs trickwood) -o random_game
 *   ./random_game [GAME [SEED [BOT [OPTIONS]]]]
 *
 * plays GAME ("northwood" or "fox", default northwood) dealt from SEED
 * (default 1) with BOT (default "random", its own choices from SEED too)
 * in every seat, and prints each action in the record notation, one a
 * line, then "returns R..." and "won W". The Python tests compare these
 * lines with the same game played through the Python package. */
#include <stdio.h>
#include <stdlib.h>
#include <trickwood/libtrickwood.h>

/* Prints why a call failed and returns 1. */
static int failed(const char *what)
{
    fprintf(stderr, "random_game: %s: %s\n", what, twl_last_error());
    return 1;
}

/* Plays the game the arguments name and prints its actions and result. */
int main(int argc, char **argv)
{
    const char *key = argc > 1 ? argv[1] : "northwood";
    unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    const char *bot_name = argc > 3 ? argv[3] : "random";
    const char *options = argc > 4 ? argv[4] : NULL;
    twl_game *game;
    twl_state *state;
    twl_bot *bot;
    if (twl_game_new(key, options, &game) != TWL_OK)
        return failed("game");
    if (twl_state_new(game, seed, &state) != TWL_OK)
        return failed("deal");
    if (twl_bot_new(game, bot_name, seed, &bot) != TWL_OK)
        return failed("bot");
    while (!twl_state_is_terminal(state)) {
        int action;
        char text[64];
        if (twl_bot_choose(bot, state, &action) != TWL_OK)
            return failed("bot");
        twl_state_action_to_string(state, action, text, sizeof text);
        if (twl_state_apply(state, action) != TWL_OK)
            return failed("apply");
        printf("%d %s\n", action, text);
    }
    double returns[2];
    twl_state_returns(state, returns, 2);
    printf("returns");
    for (int i = 0; i < twl_game_num_players(game); i++)
        printf(" %g", returns[i]);
    printf("\nwon %d\n", twl_state_is_won(state));
    twl_bot_free(bot);
    twl_state_free(state);
    twl_game_free(game);
    return 0;
}
