/* The game registry and what is written once for every game over the
 * table in trickwood/game.h: applying an action given as text, with the
 * engine's reason when it is refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"

extern const tw_game tw_game_northwood;
extern const tw_game tw_game_fox;

const tw_game *const tw_games[] = {&tw_game_northwood, &tw_game_fox};
const int tw_game_count = (int)(sizeof tw_games / sizeof tw_games[0]);

/* Finds a game by key. */
const tw_game *tw_game_find(const char *key)
{
    for (int i = 0; key && i < tw_game_count; i++)
        if (strcmp(tw_games[i]->key, key) == 0)
            return tw_games[i];
    return NULL;
}

/* Finds a game by its name in records and the web API. */
const tw_game *tw_game_find_record_name(const char *name)
{
    for (int i = 0; name && i < tw_game_count; i++)
        if (strcmp(tw_games[i]->record_name, name) == 0)
            return tw_games[i];
    return NULL;
}

/* Remembers an applied action, growing the list as needed (the games'
 * own loops store without a call while the list has room:
 * tw_game_remember). */
tw_error tw_match_push(tw_match *m, tw_game_action action)
{
    return tw_actions_push(&m->actions, &m->count, &m->cap, action);
}

/* Sets a diagnostic about one member of a configuration. */
int tw_game_config_error(tw_diag *diag, const char *key, const char *message)
{
    char field[80];
    snprintf(field, sizeof field, "config.%.60s", key);
    tw_diag_set(diag, 0, field, "%s", message);
    return -1;
}

/* Frees a match whose engine part holds no pointer (both games'). */
void tw_game_free_match(tw_match *m)
{
    if (!m)
        return;
    free(m->actions);
    free(m);
}

/* Gives a copied match its own action list. */
tw_match *tw_game_clone_actions(tw_match *copy, const tw_match *gm)
{
    copy->actions = NULL;
    copy->count = copy->cap = 0;
    for (int i = 0; i < gm->count; i++)
        if (tw_match_push(copy, gm->actions[i]) != TW_OK) {
            free(copy->actions);
            free(copy);
            return NULL;
        }
    return copy;
}

/* One action from a bot made for this decision only. */
tw_error tw_match_bot_action(const tw_match *m, const char *name, uint64_t seed, tw_game_action *out)
{
    tw_game_bot *bot = m->game->bot_new(name, seed);
    if (!bot) {
        for (int i = 0; m->game->bot_names[i]; i++)
            if (strcmp(m->game->bot_names[i], name) == 0)
                return TW_ERR_NOMEM;
        return TW_ERR_ARG;
    }
    tw_error err = m->game->bot_choose(bot, m, out);
    m->game->bot_free(bot);
    return err;
}

/* Replays a record's actions into a freshly started match through the
 * table's apply; returns the match, or frees it and returns NULL (with
 * the failing action in diag) when one is refused. */
tw_match *tw_game_replay(tw_match *m, const tw_game_action *actions, int count, tw_diag *diag)
{
    for (int i = 0; m && i < count; i++)
        if (m->game->apply(m, actions[i], NULL) != TW_OK) {
            char field[32];
            snprintf(field, sizeof field, "actions[%d]", i);
            tw_diag_set(diag, 0, field, "the action does not replay");
            m->game->free(m);
            return NULL;
        }
    return m;
}

/* Marks for a match with no action yet. */
void tw_undo_marks_clear(tw_undo_marks *u)
{
    u->count = 0;
    u->last_reveal = 0;
    for (int s = 0; s < TW_UNDO_SEATS; s++)
        u->last_decision[s] = -1;
}

/* Accounts for one more action: a card shown forgets every decision
 * before it; a decision of a seat is remembered. */
void tw_undo_marks_add(tw_undo_marks *u, int seat, int shown)
{
    if (u->count < 0)
        return;
    if (shown != 0) {
        u->last_reveal = u->count + 1;
        for (int s = 0; s < TW_UNDO_SEATS; s++)
            u->last_decision[s] = -1;
    } else if (seat >= 0 && seat < TW_UNDO_SEATS) {
        u->last_decision[seat] = u->count;
    }
    u->count++;
}

/* Works the marks out by playing the actions again from the start,
 * noting who took each one and which showed a hidden card. */
tw_error tw_undo_marks_build(tw_undo_marks *u, const tw_match *m)
{
    tw_undo_marks_clear(u);
    tw_match *copy = m->game->apply_reveals ? m->game->restart(m) : NULL;
    if (!copy) {
        u->count = -1;
        return m->game->apply_reveals ? TW_ERR_NOMEM : TW_ERR_ARG;
    }
    for (int i = 0; i < m->count; i++) {
        int seat = m->game->to_act(copy);
        tw_undo_marks_add(u, seat, m->game->apply_reveals(copy, m->actions[i]));
    }
    m->game->free(copy);
    return TW_OK;
}

/* Accounts for one action applied to before that showed a hidden card or
 * not (the caller learnt which while applying it). */
tw_error tw_undo_marks_note(tw_undo_marks *u, const tw_match *before, int shown)
{
    if (u->count != before->count || shown < 0) {
        u->count = -1;
        return TW_ERR_ARG;
    }
    tw_undo_marks_add(u, before->game->to_act(before), shown);
    return TW_OK;
}

/* The depth from the marks: every action since the last decision of a
 * seat in seats, when it came after the last card shown. */
int tw_undo_marks_depth(const tw_undo_marks *u, const tw_match *m, unsigned seats)
{
    if (u->count != m->count)
        return -1;
    if (tw_match_is_over(m) || !m->game->apply_reveals)
        return 0;
    int last = -1;
    for (int s = 0; s < TW_UNDO_SEATS; s++)
        if ((seats >> s & 1u) && u->last_decision[s] > last)
            last = u->last_decision[s];
    return last >= 0 && last >= u->last_reveal ? m->count - last : 0;
}

/* How many of the last actions an undo takes back (trickwood/game.h):
 * the marks worked out from the start. */
int tw_match_undo_depth(const tw_match *m, unsigned seats)
{
    tw_undo_marks u;
    if (tw_match_is_over(m) || tw_undo_marks_build(&u, m) != TW_OK)
        return 0;
    return tw_undo_marks_depth(&u, m, seats);
}

/* A new match without the last n actions, rebuilt from the start. */
tw_match *tw_match_undo(const tw_match *m, int n)
{
    if (n < 1 || n > m->count)
        return NULL;
    tw_diag diag;
    tw_diag_init(&diag, "undo");
    tw_match *copy = m->game->restart(m);
    return copy ? tw_game_replay(copy, m->actions, m->count - n, &diag) : NULL;
}

/* Whether the match is over. */
int tw_match_is_over(const tw_match *m)
{
    return m->game->to_act(m) < 0;
}

/* Applies an action given in the record notation. */
tw_error tw_match_act_text(tw_match *m, const char *text, tw_buf *lines, char *why, size_t size)
{
    tw_game_action action;
    if (size)
        why[0] = '\0';
    if (m->game->parse(m, text, &action) == 0 && m->game->apply(m, action, lines) == TW_OK)
        return TW_OK;
    m->game->reason(m, text, why, size);
    return TW_ERR_ILLEGAL;
}

/* Appends "; legal now: a, b" to a reason (shared by the games' reason
 * functions through game_internal.h). */
void tw_game_append_legal(const tw_match *m, char *out, size_t size)
{
    tw_game_action actions[TW_GAME_MAX_ACTIONS];
    int n = m->game->legal(m, actions);
    for (int i = 0; i < n; i++) {
        char text[48];
        m->game->format(m, actions[i], text, (int)sizeof text);
        size_t len = strlen(out);
        if (len + 1 >= size)
            return;
        snprintf(out + len, size - len, "%s%s", i ? ", " : "; legal now: ", text);
    }
}

/* The reason for a refused text: not an action at all, or the engine's
 * explanation of why this action is refused now. */
void tw_game_reason(const tw_match *m, const char *text, const char *example,
                    void (*engine_reason)(const tw_match *, tw_game_action, char *, size_t), char *out, size_t size)
{
    tw_game_action action;
    if (size == 0)
        return;
    out[0] = '\0';
    if (m->game->to_act(m) < 0) {
        snprintf(out, size, "the game is over");
        return;
    }
    if (m->game->parse(m, text, &action) != 0)
        snprintf(out, size, "'%.64s' is not an action: use the record notation, for example %s", text, example);
    else
        engine_reason(m, action, out, size);
    if (out[0])
        tw_game_append_legal(m, out, size);
}

/* Makes a held bot: the random kind's generator, or the engine's bot. */
tw_game_bot *tw_game_bot_make(int kind, int random_kind, uint64_t seed, void *(*engine_new)(int kind, uint64_t seed))
{
    tw_game_bot *bot = kind < 0 ? NULL : calloc(1, sizeof *bot);
    if (!bot)
        return NULL;
    tw_rng_seed(&bot->rng, seed);
    if (kind != random_kind && !(bot->engine = engine_new(kind, seed))) {
        free(bot);
        return NULL;
    }
    return bot;
}

/* Reseeds a held bot that holds only its generator. */
tw_error tw_game_bot_reseed(tw_game_bot *bot, uint64_t seed)
{
    if (!bot || bot->engine)
        return TW_ERR_ARG;
    tw_rng_seed(&bot->rng, seed);
    return TW_OK;
}

/* Frees a held bot. */
void tw_game_bot_release(tw_game_bot *bot, void (*engine_free)(void *engine))
{
    if (!bot)
        return;
    if (bot->engine)
        engine_free(bot->engine);
    free(bot);
}

/* The engine's bot behind a held one. */
void *tw_game_bot_engine(tw_game_bot *bot)
{
    return bot ? bot->engine : NULL;
}
