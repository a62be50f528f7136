/* Many games stepped per call (trickwood/libtrickwood.h, "Many games at
 * once"): the vector environments' entry point, so that a Python call
 * costs once for a whole batch. A finished game is dealt again in place
 * (the table's redeal: no allocation) from the next unused seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "twl_internal.h"

struct twl_vec {
    const twl_game *game;
    int n;
    uint64_t next_seed; /* the seed of the next game dealt */
    twl_state *states;  /* n states, each around its own match */
};

/* n states dealt from seed on. */
int twl_vec_new(const twl_game *game, int n, uint64_t seed, twl_vec **out)
{
    if (!out)
        return twl_fail(TW_ERR_ARG, "twl_vec_new: out is NULL");
    *out = NULL;
    if (!game)
        return twl_fail(TW_ERR_ARG, "twl_vec_new: the game is NULL");
    if (n < 1 || n > 1 << 20)
        return twl_fail(TW_ERR_ARG, "twl_vec_new: %d states (1 to 1048576)", n);
    if (seed > TW_MAX_SEED - (uint64_t)n)
        return twl_fail(TW_ERR_ARG, "seed %llu is out of range (0 to 2^53-1 less the states)",
                        (unsigned long long)seed);
    twl_vec *v = calloc(1, sizeof *v);
    if (!v || !(v->states = calloc((size_t)n, sizeof *v->states))) {
        free(v);
        return twl_fail(TW_ERR_NOMEM, "out of memory");
    }
    v->game = game;
    v->n = n;
    for (int i = 0; i < n; i++) {
        twl_state *s;
        int err = twl_state_new(game, seed + (uint64_t)i, &s);
        if (err) {
            twl_vec_free(v);
            return err;
        }
        v->states[i] = *s;
        free(s);
    }
    v->next_seed = seed + (uint64_t)n;
    *out = v;
    return twl_ok();
}

/* Frees the states. */
void twl_vec_free(twl_vec *vec)
{
    if (!vec)
        return;
    for (int i = 0; i < vec->n; i++)
        if (vec->states[i].match)
            vec->states[i].table->free(vec->states[i].match);
    free(vec->states);
    free(vec);
}

/* How many states. */
int twl_vec_size(const twl_vec *vec)
{
    return vec ? vec->n : -1;
}

/* State i. */
const twl_state *twl_vec_state(const twl_vec *vec, int i)
{
    if (!vec || i < 0 || i >= vec->n) {
        twl_fail(TW_ERR_ARG, "twl_vec_state: no state %d", i);
        return NULL;
    }
    return &vec->states[i];
}

/* Deals state i again from the next seed. */
static int redeal(twl_vec *vec, int i)
{
    uint64_t seed = vec->next_seed++;
    if (seed > TW_MAX_SEED)
        seed %= TW_MAX_SEED;
    tw_error e = vec->game->table->redeal(vec->states[i].match, seed);
    if (e != TW_OK)
        return twl_fail(e, "state %d could not be dealt again: %s", i, tw_error_name(e));
    return TWL_OK;
}

/* Writes the player, observation and mask of state i. */
static void observe_one(const twl_vec *vec, int i, int32_t *players, float *obs, uint8_t *masks)
{
    const tw_match *m = vec->states[i].match;
    int p = vec->game->table->to_act(m);
    if (players)
        players[i] = p;
    if (obs) {
        int size = twl_game_observation_size(vec->game);
        twl_observe(vec->game, m, p < 0 ? 0 : p, obs + (size_t)i * (size_t)size);
    }
    if (masks) {
        uint8_t *mask = masks + (size_t)i * (size_t)vec->game->num_actions;
        memset(mask, 0, (size_t)vec->game->num_actions);
        int32_t acts[TW_GAME_MAX_ACTIONS];
        int n = twl_legal_numbers(m, acts);
        for (int k = 0; k < n; k++)
            mask[acts[k]] = 1;
    }
}

/* Writes every state's player, observation and mask. */
int twl_vec_observe(const twl_vec *vec, int32_t *players, float *obs, uint8_t *masks)
{
    if (!vec)
        return twl_fail(TW_ERR_ARG, "twl_vec_observe: the vector is NULL");
    for (int i = 0; i < vec->n; i++)
        observe_one(vec, i, players, obs, masks);
    return twl_ok();
}

/* Writes every state's legal actions and their counts. */
int twl_vec_legal(const twl_vec *vec, int32_t *actions, int32_t *counts)
{
    if (!vec || !actions || !counts)
        return twl_fail(TW_ERR_ARG, "twl_vec_legal: the vector, the actions or the counts are NULL");
    for (int i = 0; i < vec->n; i++) {
        int32_t *row = actions + (size_t)i * TWL_MAX_LEGAL;
        int n = twl_legal_numbers(vec->states[i].match, row);
        for (int k = n; k < TWL_MAX_LEGAL; k++)
            row[k] = -1;
        counts[i] = n;
    }
    return twl_ok();
}

/* Steps every state with its action. */
int twl_vec_step(twl_vec *vec, const int32_t *actions, double *rewards, uint8_t *dones, int32_t *players,
                 float *obs, uint8_t *masks)
{
    if (!vec || !actions)
        return twl_fail(TW_ERR_ARG, "twl_vec_step: the vector or the actions are NULL");
    for (int i = 0; i < vec->n; i++) {
        tw_match *m = vec->states[i].match;
        int err = twl_apply_number(vec->game, m, actions[i]);
        if (err) {
            char why[1024];
            snprintf(why, sizeof why, "%s", twl_last_error());
            return twl_fail(err, "state %d: %s", i, why);
        }
        int over = tw_match_is_over(m);
        if (rewards)
            rewards[i] = over ? twl_return_of(vec->game, m) : 0;
        if (dones)
            dones[i] = (uint8_t)over;
        if (over && (err = redeal(vec, i)))
            return err;
        observe_one(vec, i, players, obs, masks);
    }
    return twl_ok();
}

/* Plays random legal actions inside C. */
int twl_vec_random_steps(twl_vec *vec, int64_t steps, uint64_t seed, int64_t *episodes)
{
    if (!vec || steps < 0)
        return twl_fail(TW_ERR_ARG, "twl_vec_random_steps: the vector is NULL or the steps negative");
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    int64_t done = 0;
    const tw_game *t = vec->game->table;
    for (int64_t k = 0; k < steps; k++) {
        tw_match *m = vec->states[k % vec->n].match;
        tw_game_action acts[TW_GAME_MAX_ACTIONS];
        int n = t->legal(m, acts);
        tw_error e = t->apply(m, acts[tw_rng_below(&rng, (uint32_t)n)], NULL);
        if (e != TW_OK)
            return twl_fail(e, "a random action was refused: %s", tw_error_name(e));
        if (tw_match_is_over(m)) {
            done++;
            int err = redeal(vec, (int)(k % vec->n));
            if (err)
                return err;
        }
    }
    if (episodes)
        *episodes = done;
    return twl_ok();
}
