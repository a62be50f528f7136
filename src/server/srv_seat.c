/* A game's names and seats: new game ids, seat tokens and join codes,
 * the seat a token opens and the seat to act. Below the endpoints, the
 * analysis and the history's import, which all use them; it uses only
 * the utilities (srv_util.c) and the game table. */
#include <string.h>

#include "server/server.h"

static const char ID_ALPHABET[] = "abcdefghijkmnpqrstuvwxyz23456789";
static const char TOKEN_ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
static const char CODE_ALPHABET[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
#define ID_LENGTH 12
#define TOKEN_LENGTH 32
#define CODE_LENGTH 8

/* A new game id (12 characters). 0, or -1 without a random source. */
int tw_srv_new_id(char out[32])
{
    return tw_srv_random_text(out, ID_LENGTH, ID_ALPHABET);
}

/* A new seat token (32 characters). 0, or -1 without a random source. */
int tw_srv_new_token(char out[64])
{
    return tw_srv_random_text(out, TOKEN_LENGTH, TOKEN_ALPHABET);
}

/* A new join code (8 characters, no look-alike letters). 0, or -1
 * without a random source. */
int tw_srv_new_join_code(char out[32])
{
    return tw_srv_random_text(out, CODE_LENGTH, CODE_ALPHABET);
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
