/* The history's totals and "play this deal again", shared by the web API
 * (GET /api/history/totals, the "again" of each listed game) and the
 * terminal (`trickwood history`). What a game's result means (its score,
 * its setup, the medal reached) comes from the game's table
 * (tw_game.history_facts): nothing here is written for one game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/history.h"

#define TOTALS_RESULTS 40 /* results kept per setup for the charts (the latest) */

/* Counts of a set of games: played, won, scores, streaks. */
typedef struct {
    int played, won, best, sum;
    int run, best_run; /* wins in a row: the current run, the longest */
} tally;

/* Counts one game (taken oldest first). */
static void tally_add(tally *t, const tw_game_facts *f)
{
    if (!t->played || f->score > t->best)
        t->best = f->score;
    t->played++;
    t->won += f->won;
    t->sum += f->score;
    t->run = f->won ? t->run + 1 : 0;
    if (t->run > t->best_run)
        t->best_run = t->run;
}

/* The counts as JSON members of obj. */
static void tally_json(json_t *obj, const tally *t)
{
    json_object_set_new(obj, "played", json_integer(t->played));
    json_object_set_new(obj, "won", json_integer(t->won));
    json_object_set_new(obj, "win_rate", json_real(t->played ? (double)t->won / t->played : 0.0));
    json_object_set_new(obj, "best", t->played ? json_integer(t->best) : json_null());
    json_object_set_new(obj, "average", t->played ? json_real((double)t->sum / t->played) : json_null());
    json_object_set_new(obj, "streak", json_pack("{s:i, s:i}", "current", t->run, "best", t->best_run));
}

/* Adds one to a count member of an object of counts. */
static void count_key(json_t *counts, const char *key, int played, int won)
{
    json_t *c = json_object_get(counts, key);
    if (!c) {
        c = json_pack("{s:i, s:i}", "played", 0, "won", 0);
        json_object_set_new(counts, key, c);
    }
    json_object_set_new(c, "played", json_integer(json_integer_value(json_object_get(c, "played")) + played));
    json_object_set_new(c, "won", json_integer(json_integer_value(json_object_get(c, "won")) + won));
}

/* The facts of a listed game (0), or -1 when its game or result is not
 * known. */
static int item_facts(json_t *item, tw_game_facts *f)
{
    const tw_game *game = tw_game_find_record_name(json_string_value(json_object_get(item, "game")));
    if (!game || !game->history_facts)
        return -1;
    return game->history_facts(json_object_get(item, "config"), json_object_get(item, "result"), f);
}

/* The totals of one game over the listed games (newest first). */
static json_t *game_totals(const tw_game *game, json_t *games)
{
    tally all = {0};
    size_t nsetups = 0, cap = 0;
    tally *setups = NULL;
    json_t *setup_list = json_array(), *groups = json_object(), *reached = json_object();
    for (size_t i = json_array_size(games); i-- > 0;) {
        json_t *item = json_array_get(games, i);
        tw_game_facts f;
        const char *name = json_string_value(json_object_get(item, "game"));
        if (!name || strcmp(name, game->record_name) != 0 || item_facts(item, &f) != 0)
            continue;
        size_t s = 0;
        while (s < nsetups &&
               strcmp(json_string_value(json_object_get(json_array_get(setup_list, s), "setup")), f.setup) != 0)
            s++;
        if (s == nsetups) {
            if (nsetups == cap) {
                tally *grown = realloc(setups, sizeof *grown * (cap ? cap * 2 : 8));
                if (!grown) {
                    json_decref(f.again);
                    continue;
                }
                setups = grown;
                cap = cap ? cap * 2 : 8;
            }
            memset(&setups[nsetups++], 0, sizeof *setups);
            /* A setup counts the games of every partner: its config names none. */
            json_t *config = json_deep_copy(json_object_get(item, "config"));
            json_object_del(config, "partner");
            json_array_append_new(setup_list, json_pack("{s:s, s:s, s:o, s:o, s:[]}", "setup", f.setup, "group",
                                                        f.group, "config", config ? config : json_null(), "again",
                                                        f.again ? f.again : json_null(), "results"));
            f.again = NULL;
        }
        json_decref(f.again);
        tally_add(&all, &f);
        tally_add(&setups[s], &f);
        count_key(groups, f.group, 1, f.won);
        if (f.reached[0])
            count_key(reached, f.reached, 1, f.won);
        json_t *results = json_object_get(json_array_get(setup_list, s), "results");
        json_array_append_new(results, json_pack("{s:O, s:s?, s:i, s:b}", "id", json_object_get(item, "id"),
                                                 "finished_at", json_string_value(json_object_get(item, "finished_at")),
                                                 "score", f.score, "won", f.won));
        if (json_array_size(results) > TOTALS_RESULTS)
            json_array_remove(results, 0);
    }
    for (size_t s = 0; s < nsetups; s++)
        tally_json(json_array_get(setup_list, s), &setups[s]);
    free(setups);
    json_t *out = json_pack("{s:s}", "game", game->record_name);
    tally_json(out, &all);
    json_object_set_new(out, "groups", groups);
    if (json_object_size(reached))
        json_object_set_new(out, "reached", reached);
    else
        json_decref(reached);
    json_object_set_new(out, "setups", setup_list);
    return out;
}

/* The totals of every game (or only one) over the listed games. */
json_t *tw_history_totals(json_t *games, const char *only)
{
    json_t *list = json_array();
    for (int g = 0; g < tw_game_count; g++)
        if (!only || strcmp(only, tw_games[g]->record_name) == 0)
            json_array_append_new(list, game_totals(tw_games[g], games));
    return json_pack("{s:o}", "games", list);
}

/* The request that deals a listed game again, from its game's facts. */
json_t *tw_history_again(json_t *item, char *setup, size_t size)
{
    tw_game_facts f;
    if (setup && size)
        setup[0] = '\0';
    if (item_facts(item, &f) != 0)
        return NULL;
    if (setup)
        snprintf(setup, size, "%s", f.setup);
    if (f.again) {
        json_object_set_new(f.again, "game", json_incref(json_object_get(item, "game")));
        json_object_set_new(f.again, "seed", json_incref(json_object_get(item, "seed")));
    }
    return f.again;
}

/* Adds "setup" and "again" to every listed game. */
void tw_history_annotate(json_t *games)
{
    for (size_t i = 0; i < json_array_size(games); i++) {
        json_t *item = json_array_get(games, i);
        char setup[64];
        json_t *again = tw_history_again(item, setup, sizeof setup);
        if (setup[0])
            json_object_set_new(item, "setup", json_string(setup));
        json_object_set_new(item, "again", again ? again : json_null());
    }
}
