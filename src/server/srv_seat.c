/* A game's seats: new join codes, the seat a token opens and the seat to
 * act (game ids and seat tokens are the history's: tw_history_new_id,
 * tw_history_new_token, the keys of its rows). Below the endpoints and
 * the analysis, which use them; it uses only the utilities (srv_util.c),
 * the kernel's random source and the game table. */
#include <string.h>

#include "server/server.h"
#include "trickwood/system.h"

static const char CODE_ALPHABET[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
#define CODE_LENGTH 8

/* A new join code (8 characters, no look-alike letters). 0, or -1
 * without a random source. */
int tw_srv_new_join_code(char out[32])
{
    return tw_random_text(out, CODE_LENGTH, CODE_ALPHABET);
}

/* The seat a token opens (0 or 1), or -1: compared in constant time. */
int tw_srv_seat_of(const tw_srv_game *g, const char *token)
{
    if (!token || !*token)
        return -1;
    for (int seat = 0; seat < 2; seat++)
        if (g->token[seat][0] && tw_srv_token_equal(g->token[seat], token))
            return seat;
    return -1;
}

/* The seat to act (-1 when the game is over). */
int tw_srv_game_to_act(const tw_srv_game *g)
{
    return g->game->to_act(g->match);
}
