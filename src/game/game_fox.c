/* The Fox in the Forest Duet behind the game interface (trickwood/game.h):
 * a match holds its board, its configuration and the engine's state. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"
#include "trickwood/fox_bots.h"
#include "trickwood/fox_files.h"
#include "trickwood/foxduet.h"

typedef struct {
    tw_match base;
    tw_fox_config config;
    char board_ref[256]; /* the board's file name, or "" when embedded */
    int seq;             /* event log lines written so far */
    tw_fox_state state;
    tw_fox_board board;
} fox_match;

extern const tw_game tw_game_fox;

/* The Duet match behind a generic one. */
static fox_match *of(tw_match *m) { return (fox_match *)m; }
static const fox_match *cof(const tw_match *m) { return (const fox_match *)m; }

/* Reads {"level", "dealer"} into a configuration; both optional (level 1,
 * seat 0 deals), no other member allowed. */
static int read_config(json_t *config, tw_fox_config *out, tw_diag *diag)
{
    out->level = 1;
    out->dealer = 0;
    if (!config)
        return 0;
    if (!json_is_object(config)) {
        tw_diag_set(diag, 0, "config", "must be an object with \"level\" and \"dealer\"");
        return -1;
    }
    const char *key;
    json_t *value;
    json_object_foreach(config, key, value) {
        long long v = json_is_integer(value) ? json_integer_value(value) : -1;
        if (strcmp(key, "level") == 0 && v >= 1 && v <= 3) {
            out->level = (int)v;
        } else if (strcmp(key, "dealer") == 0 && (v == 0 || v == 1)) {
            out->dealer = (int)v;
        } else {
            return tw_game_config_error(diag, key,
                                        strcmp(key, "level") == 0    ? "must be 1, 2 or 3"
                                        : strcmp(key, "dealer") == 0 ? "must be 0 or 1"
                                                                     : "unknown member (allowed: level, dealer)");
        }
    }
    return 0;
}

/* The default board of each level, read once for every match of the
 * process. */
static tw_fox_board level_boards[TW_FOX_LEVELS + 1];
static tw_error level_errors[TW_FOX_LEVELS + 1];
static tw_diag level_diags[TW_FOX_LEVELS + 1];
static pthread_once_t boards_once = PTHREAD_ONCE_INIT;

/* Reads every level's board (once, under boards_once). */
static void load_level_boards(void)
{
    for (int level = 1; level <= TW_FOX_LEVELS; level++) {
        tw_diag_init(&level_diags[level], tw_fox_level(level)->board_file);
        level_errors[level] = tw_fox_board_load_level(&level_boards[level], level, &level_diags[level]);
    }
}

/* Copies the level's default board into out; -1 (diag set) when it
 * cannot be read. */
static int level_board(int level, tw_fox_board *out, tw_diag *diag)
{
    pthread_once(&boards_once, load_level_boards);
    if (level_errors[level] != TW_OK) {
        if (diag)
            *diag = level_diags[level];
        return -1;
    }
    *out = level_boards[level];
    return 0;
}

/* Deals a started match's first round with the seed; frees it and
 * returns NULL (diag set) when the seed or the board will not do. */
static tw_match *fox_deal(fox_match *m, uint64_t seed, tw_diag *diag)
{
    m->config.seed = seed;
    if (seed > TW_MAX_SEED || tw_fox_new(&m->state, &m->board, &m->config, NULL) != TW_OK) {
        tw_diag_set(diag, 0, seed > TW_MAX_SEED ? "seed" : "config.level",
                    seed > TW_MAX_SEED ? "must be at most 2^53-1" : "the board cannot be played at this level");
        free(m);
        return NULL;
    }
    return &m->base;
}

/* Starts a match on the level's default board. */
static tw_match *fox_start(json_t *config, uint64_t seed, tw_diag *diag)
{
    fox_match *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->base.game = &tw_game_fox;
    if (read_config(config, &m->config, diag) != 0 ||
        level_board(m->config.level, &m->board, diag) != 0) {
        free(m);
        return NULL;
    }
    snprintf(m->board_ref, sizeof m->board_ref, "%s", tw_fox_level(m->config.level)->board_file);
    return fox_deal(m, seed, diag);
}

/* Starts a match on a board of the caller's. */
static tw_match *fox_start_on_board(json_t *config, const void *board, const char *board_ref, uint64_t seed,
                                    tw_diag *diag)
{
    fox_match *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->base.game = &tw_game_fox;
    if (read_config(config, &m->config, diag) != 0) {
        free(m);
        return NULL;
    }
    m->board = *(const tw_fox_board *)board;
    snprintf(m->board_ref, sizeof m->board_ref, "%s", board_ref ? board_ref : "");
    return fox_deal(m, seed, diag);
}

/* Rebuilds a match from a record: its board and configuration, then
 * every action. */
static tw_match *fox_from_record(const char *text, const char *name, tw_diag *diag)
{
    tw_fox_record *rec = calloc(1, sizeof *rec);
    fox_match *m = calloc(1, sizeof *m);
    tw_match *result = NULL;
    if (rec && m && tw_fox_record_from_text(rec, text, name, diag) == TW_OK) {
        m->base.game = &tw_game_fox;
        m->config = rec->config;
        m->board = rec->board;
        snprintf(m->board_ref, sizeof m->board_ref, "%s", rec->board_ref);
        if (tw_fox_new(&m->state, &m->board, &m->config, NULL) == TW_OK)
            result = tw_game_replay(&m->base, rec->actions, rec->count, diag);
        else
            free(m);
        m = NULL;
        tw_fox_record_free(rec);
    }
    free(rec);
    free(m);
    return result;
}

/* The seat to act, or -1 when over. */
static int fox_to_act(const tw_match *m)
{
    return tw_fox_to_act(&cof(m)->state);
}

/* The legal actions now. */
static int fox_legal(const tw_match *m, tw_game_action *out)
{
    return tw_fox_legal_actions(&cof(m)->state, out);
}

/* Applies a legal action and writes its events (every card shown). The
 * engine leaves the state as it was when it refuses an action, so the
 * match applies in place; the action is remembered first and forgotten
 * again when refused. Its text is made only for the events: simulations
 * apply millions of actions. */
static tw_error fox_apply(tw_match *gm, tw_game_action action, tw_buf *lines)
{
    fox_match *m = of(gm);
    tw_fox_events *events = lines ? calloc(1, sizeof *events) : NULL;
    if (lines && !events)
        return TW_ERR_NOMEM;
    char text[48] = "";
    if (lines)
        tw_fox_action_format(&m->state, action, text, (int)sizeof text);
    tw_error err = tw_match_push(gm, action);
    if (err == TW_OK && (err = tw_fox_apply(&m->state, action, events)) != TW_OK)
        gm->count--;
    if (err == TW_OK && lines)
        tw_fox_events_to_jsonl(events, gm->count - 1, text, -1, &m->seq, lines);
    free(events);
    return err;
}

/* The engine's reason for one action. */
static void fox_engine_reason(const tw_match *m, tw_game_action action, char *out, size_t size)
{
    tw_fox_illegal_reason(&cof(m)->state, action, out, size);
}

/* Why a text is refused now. */
static void fox_reason(const tw_match *m, const char *text, char *out, size_t size)
{
    tw_game_reason(m, text, "'play 7R', 'fox self', 'gift 5S', 'ignore none', 'direction toward-winner' or 'forest left'",
                   fox_engine_reason, out, size);
}

/* The record notation of an action. */
static void fox_format(const tw_match *m, tw_game_action action, char *out, int size)
{
    tw_fox_action_format(&cof(m)->state, action, out, size);
}

/* Parses the record notation. */
static int fox_parse(const tw_match *m, const char *text, tw_game_action *out)
{
    return tw_fox_action_parse(&cof(m)->state, text, out);
}

/* A seat's view as JSON. */
static json_t *fox_view_json(const tw_match *m, int seat)
{
    tw_fox_view view;
    tw_fox_view_of(&cof(m)->state, seat, &view);
    return tw_fox_view_json(&view, &cof(m)->board);
}

/* The result once over. */
static json_t *fox_result_json(const tw_match *m)
{
    const tw_fox_state *s = &cof(m)->state;
    if (!tw_fox_is_over(s))
        return NULL;
    return json_pack("{s:b, s:s, s:i, s:i, s:i}", "won", tw_fox_is_won(s), "end", tw_fox_end_key(s->end), "score",
                     tw_fox_score(s), "round", s->round, "gems_left", tw_fox_gems_on_board(s));
}

/* The configuration as JSON. */
static json_t *fox_config_json(const tw_match *m)
{
    const fox_match *f = cof(m);
    return json_pack("{s:i, s:i, s:s}", "level", f->config.level, "dealer", f->config.dealer, "board", f->board_ref);
}

/* The game record. */
static tw_error fox_record_json(const tw_match *gm, tw_buf *buf)
{
    const fox_match *m = cof(gm);
    tw_fox_record *rec = calloc(1, sizeof *rec);
    if (!rec)
        return TW_ERR_NOMEM;
    tw_error err = tw_fox_record_init(rec, &m->board, m->board_ref, &m->config);
    for (int i = 0; err == TW_OK && i < gm->count; i++)
        err = tw_fox_record_push(rec, gm->actions[i]);
    if (err == TW_OK)
        err = tw_fox_record_to_json(rec, buf);
    tw_fox_record_free(rec);
    free(rec);
    return err;
}

/* The bot names, the strongest that plays from a view first. */
static const char *const fox_bot_names[] = {"strong", "rule", "random", "open-hands", NULL};

/* The engine's bot of a kind (for tw_game_bot_make). */
static void *fox_engine_bot(int kind, uint64_t seed)
{
    return tw_fox_bot_new((tw_fox_bot_kind)kind, seed);
}

/* A named bot. */
static tw_game_bot *fox_bot_new(const char *name, uint64_t seed)
{
    return tw_game_bot_make(tw_fox_bot_kind_from_name(name), TW_FOX_BOT_RANDOM, seed, fox_engine_bot);
}

/* The bot's action for the seat to act: tw_fox_bot_choose decides from
 * the seat's view (the open-hands bot, an upper bound for study, sees
 * both hands). The random bot needs only the legal actions, the same in
 * the view as in the state: it picks among them as the engine's does. */
static tw_error fox_bot_choose(tw_game_bot *bot, const tw_match *m, tw_game_action *out)
{
    const tw_fox_state *s = &cof(m)->state;
    if (bot->engine)
        return tw_fox_bot_choose(bot->engine, s, out);
    if (tw_fox_to_act(s) < 0)
        return TW_ERR_GAME_OVER;
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_legal_actions(s, list);
    if (n == 0)
        return TW_ERR_PHASE;
    *out = list[tw_rng_below(&bot->rng, (uint32_t)n)];
    return TW_OK;
}

/* Frees the engine's bot (for tw_game_bot_release). */
static void fox_engine_bot_free(void *bot)
{
    tw_fox_bot_free(bot);
}

/* Frees a bot. */
static void fox_bot_free(tw_game_bot *bot)
{
    tw_game_bot_release(bot, fox_engine_bot_free);
}

/* The strong bot's hint for the seat to act, from its view: the action
 * and the chance that the team wins the game. */
static json_t *fox_hint_json(const tw_match *m, uint64_t seed)
{
    const tw_fox_state *s = &cof(m)->state;
    int seat = tw_fox_to_act(s);
    if (seat < 0)
        return NULL;
    tw_fox_bot *bot = tw_fox_bot_new(TW_FOX_BOT_STRONG, seed);
    if (!bot)
        return NULL;
    tw_fox_view view;
    tw_fox_view_of(s, seat, &view);
    tw_fox_hint hint = tw_fox_hint_for(bot, &view);
    tw_fox_bot_free(bot);
    if (hint.action == TW_FOX_NO_ACTION)
        return NULL;
    char text[48];
    tw_fox_action_format(s, hint.action, text, (int)sizeof text);
    return json_pack("{s:s, s:o, s:i}", "action", text, "p_win", hint.p_win < 0 ? json_null() : json_real(hint.p_win),
                     "samples", hint.samples);
}

/* A copy of the match. */
static tw_match *fox_clone(const tw_match *gm)
{
    fox_match *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    *m = *cof(gm);
    return tw_game_clone_actions(&m->base, gm);
}

/* Checks the engine's invariants. */
static int fox_check(const tw_match *m, const char **why)
{
    return tw_fox_check_invariants(&cof(m)->state, why);
}

/* The engine's state, for screens. */
static const void *fox_state(const tw_match *m)
{
    return &cof(m)->state;
}

const tw_game tw_game_fox = {
    .key = "fox",
    .title = {"The Fox in the Forest Duet", "Le Renard des Bois Duo"},
    .seats = 2,
    .start = fox_start,
    .from_record = fox_from_record,
    .to_act = fox_to_act,
    .legal = fox_legal,
    .apply = fox_apply,
    .reason = fox_reason,
    .format = fox_format,
    .parse = fox_parse,
    .view_json = fox_view_json,
    .result_json = fox_result_json,
    .config_json = fox_config_json,
    .record_json = fox_record_json,
    .bot_names = fox_bot_names,
    .bot_new = fox_bot_new,
    .bot_choose = fox_bot_choose,
    .bot_free = fox_bot_free,
    .hint_json = fox_hint_json,
    .clone = fox_clone,
    .check = fox_check,
    .free = tw_game_free_match,
    .state = fox_state,
    .start_on_board = fox_start_on_board,
};
