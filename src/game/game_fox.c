/* The Fox in the Forest Duet behind the game interface (trickwood/game.h):
 * a match holds its board, its configuration and the engine's state; the
 * view's last finished trick (the state keeps no cards of finished
 * tricks) is found from the match's actions when a view asks for it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"
#include "trickwood/fox_bots.h"
#include "trickwood/fox_files.h"
#include "trickwood/foxduet.h"

/* The search table of an analysis (the hint's effort sets the rest). */
#define ANALYSE_TABLE_BITS 14

/* The last finished trick of the round, and the cards of the trick in
 * progress as they were played. */
typedef struct {
    int valid;
    int seat[2], card[2];
    int winner;
    int cur_seat[2], cur_card[2];
} last_trick;

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

/* Reads {"level", "dealer", "board"} into a configuration and the board's
 * file name (board_ref); every member optional (level 1, seat 0 deals, the
 * level's board), none other allowed. "board" names the level's board
 * file, or at level 1 the old side A that old games were played on. */
static int read_config(json_t *config, tw_fox_config *out, char *board_ref, size_t size, tw_diag *diag)
{
    out->level = 1;
    out->dealer = 0;
    const char *board = NULL;
    if (config && !json_is_object(config)) {
        tw_diag_set(diag, 0, "config", "must be an object with \"level\", \"dealer\" and \"board\"");
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
        } else if (strcmp(key, "board") == 0 && json_is_string(value)) {
            board = json_string_value(value);
        } else {
            return tw_game_config_error(diag, key,
                                        strcmp(key, "level") == 0    ? "must be 1, 2 or 3"
                                        : strcmp(key, "dealer") == 0 ? "must be 0 or 1"
                                        : strcmp(key, "board") == 0  ? "must be a board file name"
                                                                     : "unknown member (allowed: level, dealer, board)");
        }
    }
    const char *level_file = tw_fox_level(out->level)->board_file;
    if (board && strcmp(board, level_file) != 0 && (out->level != 1 || strcmp(board, TW_FOX_OLD_SIDE_A_FILE) != 0)) {
        tw_diag_set(diag, 0, "config.board", "must be the level's board file");
        return -1;
    }
    const char *ref = board ? board : level_file;
    size_t n = strlen(ref) < size ? strlen(ref) : size - 1; /* not snprintf: matches start often */
    memcpy(board_ref, ref, n);
    board_ref[n] = '\0';
    return 0;
}

/* The default board of each level, and in slot 0 the old side A (level-1
 * games stored before side A followed a public source), read once for
 * every match of the process. */
static tw_fox_board level_boards[TW_FOX_LEVELS + 1];
static tw_error level_errors[TW_FOX_LEVELS + 1];
static tw_diag level_diags[TW_FOX_LEVELS + 1];
static pthread_once_t boards_once = PTHREAD_ONCE_INIT;

/* Reads every level's board and the old side A (once, under boards_once). */
static void load_level_boards(void)
{
    for (int level = 1; level <= TW_FOX_LEVELS; level++) {
        tw_diag_init(&level_diags[level], tw_fox_level(level)->board_file);
        level_errors[level] = tw_fox_board_load_level(&level_boards[level], level, &level_diags[level]);
    }
    char path[1200];
    tw_fox_board_default_path(TW_FOX_OLD_SIDE_A_FILE, path, sizeof path);
    tw_diag_init(&level_diags[0], TW_FOX_OLD_SIDE_A_FILE);
    level_errors[0] = tw_fox_board_load(&level_boards[0], path, &level_diags[0]);
}

/* Copies the board named board_ref (read_config checked it) into out;
 * -1 (diag set) when it cannot be read. */
static int level_board(int level, const char *board_ref, tw_fox_board *out, tw_diag *diag)
{
    pthread_once(&boards_once, load_level_boards);
    int slot = strcmp(board_ref, TW_FOX_OLD_SIDE_A_FILE) == 0 ? 0 : level;
    if (level_errors[slot] != TW_OK) {
        if (diag)
            *diag = level_diags[slot];
        return -1;
    }
    *out = level_boards[slot];
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

/* Starts a match on the level's board (or the one the configuration names). */
static tw_match *fox_start(json_t *config, uint64_t seed, tw_diag *diag)
{
    fox_match *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->base.game = &tw_game_fox;
    if (read_config(config, &m->config, m->board_ref, sizeof m->board_ref, diag) != 0 ||
        level_board(m->config.level, m->board_ref, &m->board, diag) != 0) {
        free(m);
        return NULL;
    }
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
    if (read_config(config, &m->config, m->board_ref, sizeof m->board_ref, diag) != 0) {
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

/* Follows plays and trick wins in the events of one action. */
static void track_trick(last_trick *lt, const tw_fox_events *events)
{
    for (int i = 0; i < events->count; i++) {
        const tw_fox_event *ev = &events->items[i];
        if (ev->type == TW_FOX_EV_PLAY && ev->b <= 1) {
            lt->cur_seat[ev->b] = ev->a;
            lt->cur_card[ev->b] = ev->card;
        } else if (ev->type == TW_FOX_EV_TRICK_WON) {
            lt->valid = 1;
            lt->winner = ev->a;
            for (int k = 0; k < 2; k++) {
                lt->seat[k] = lt->cur_seat[k];
                lt->card[k] = lt->cur_card[k];
            }
        } else if (ev->type == TW_FOX_EV_ROUND_START) {
            lt->valid = 0;
        }
    }
}

/* The last finished trick of the round. A match does not follow it as
 * actions are applied (simulations apply millions of them and never
 * look): a view finds it by playing the match's actions again from its
 * deal, following their events. */
static last_trick find_last_trick(const fox_match *m)
{
    last_trick lt;
    memset(&lt, 0, sizeof lt);
    tw_fox_state s;
    if (tw_fox_new(&s, &m->board, &m->config, NULL) != TW_OK)
        return lt;
    for (int i = 0; i < m->base.count; i++) {
        tw_fox_events events;
        events.count = events.overflow = 0;
        if (tw_fox_apply(&s, m->base.actions[i], &events) != TW_OK)
            break;
        track_trick(&lt, &events);
    }
    return lt;
}

/* {"cards": [{seat, card}, {seat, card}], "winner": seat} or null. */
static json_t *last_trick_json(const last_trick *lt)
{
    if (!lt->valid)
        return json_null();
    json_t *cards = json_array();
    for (int k = 0; k < 2; k++) {
        char code[4];
        tw_fox_card_code(lt->card[k], code);
        json_array_append_new(cards, json_pack("{s:i, s:s}", "seat", lt->seat[k], "card", code));
    }
    return json_pack("{s:o, s:i}", "cards", cards, "winner", lt->winner);
}

static int fox_action_hidden(const tw_match *gm, int index, int seat);

/* Whether an action's events showed a card to a seat that could not see
 * it: any card moving, except the cards of a finished trick going aside
 * (both seats saw them played). Events beyond the buffer count as shown. */
static int fox_events_show_card(const tw_fox_events *events)
{
    int shown = events->overflow;
    for (int i = 0; i < events->count; i++) {
        const tw_fox_event *e = &events->items[i];
        shown |= e->type == TW_FOX_EV_MOVE && !(e->from == TW_FOX_ZONE_TRICK && e->to == TW_FOX_ZONE_ASIDE);
    }
    return shown;
}

/* Applies a legal action and writes the events as seat may see them (-1:
 * every card shown); with shown, tells whether it showed a hidden card.
 * The engine leaves the state as it was when it refuses an action, so the
 * match applies in place; the action is remembered first and forgotten
 * again when refused. Events and the action's text are made only when
 * asked for: simulations apply millions of actions. */
static tw_error fox_apply_seen(tw_match *gm, tw_game_action action, int seat, int *seq, tw_buf *lines, int *shown)
{
    fox_match *m = of(gm);
    tw_fox_events events;
    events.count = events.overflow = 0;
    char text[48] = "";
    if (lines)
        tw_fox_action_format(&m->state, action, text, (int)sizeof text);
    tw_error err = tw_game_remember(gm, action);
    if (err == TW_OK && (err = tw_fox_apply(&m->state, action, lines || shown ? &events : NULL)) != TW_OK)
        gm->count--;
    if (err == TW_OK && lines)
        tw_fox_events_to_jsonl(&events, gm->count - 1, fox_action_hidden(gm, gm->count - 1, seat) ? NULL : text, seat,
                               seq, lines);
    if (err == TW_OK && shown)
        *shown = fox_events_show_card(&events);
    return err;
}

/* Applies a legal action and writes its events (every card shown). */
static tw_error fox_apply(tw_match *gm, tw_game_action action, tw_buf *lines)
{
    return fox_apply_seen(gm, action, -1, &of(gm)->seq, lines, NULL);
}

/* Applies an action and tells whether it showed a hidden card (see
 * fox_events_show_card). */
static int fox_apply_reveals(tw_match *gm, tw_game_action action)
{
    int shown = -1;
    return fox_apply_seen(gm, action, -1, NULL, NULL, &shown) == TW_OK ? shown : -1;
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
    json_t *obj = tw_fox_view_json(&view, &cof(m)->board);
    last_trick lt = find_last_trick(cof(m));
    if (obj)
        json_object_set_new(obj, "last_trick", last_trick_json(&lt));
    return obj;
}

/* Each round of a finished game, in order: its number, the gems the team
 * collected in it, the tricks each seat won, the times the token went off
 * an end of the path, and the forest tokens placed in it or at its end
 * (one each time the token went off while one was left). Rebuilt
 * by playing the match's actions again from its start with events. NULL
 * when out of memory. */
static json_t *fox_rounds_json(const tw_match *gm)
{
    tw_match *start = tw_match_undo(gm, gm->count);
    tw_fox_events *events = calloc(1, sizeof *events);
    json_t *rounds = json_array();
    if (!start || !events || !rounds) {
        if (start)
            start->game->free(start);
        free(events);
        json_decref(rounds);
        return NULL;
    }
    tw_fox_state s = of(start)->state;
    start->game->free(start);
    /* the deal starts round 1 itself: no action's events tell it */
    int round = s.round, gems = 0, tricks[2] = {0, 0}, off_path = 0, forest = 0;
    json_t *ended = NULL; /* the round just ended: a forest token placed after it is its own */
    for (int i = 0; i < gm->count; i++) {
        events->count = 0;
        if (tw_fox_apply(&s, (tw_fox_action)gm->actions[i], events) != TW_OK)
            break; /* cannot happen: the match applied it */
        for (int e = 0; e < events->count; e++) {
            const tw_fox_event *ev = &events->items[e];
            if (ev->type == TW_FOX_EV_ROUND_START) {
                round = ev->a;
                gems = off_path = forest = tricks[0] = tricks[1] = 0;
                ended = NULL;
            } else if (ev->type == TW_FOX_EV_FOREST) {
                if (round > 0)
                    forest++;
                else if (ended)
                    json_object_set_new(ended, "forest",
                                        json_integer(json_integer_value(json_object_get(ended, "forest")) + 1));
            } else if (ev->type == TW_FOX_EV_TRICK_WON && ev->a < 2) {
                tricks[ev->a]++;
            } else if (ev->type == TW_FOX_EV_GEM_COLLECT) {
                gems++;
            } else if (ev->type == TW_FOX_EV_OFF_PATH) {
                off_path++;
            } else if (ev->type == TW_FOX_EV_ROUND_END || ev->type == TW_FOX_EV_GAME_END) {
                if (round > 0) {
                    ended = json_pack("{s:i, s:i, s:[i, i], s:i, s:i}", "round", round, "gems", gems, "tricks",
                                      tricks[0], tricks[1], "off_path", off_path, "forest", forest);
                    json_array_append_new(rounds, ended);
                }
                round = 0; /* the game's end after a round's end adds nothing */
            }
        }
    }
    free(events);
    return rounds;
}

static json_t *fox_result_json(const tw_match *m)
{
    const tw_fox_state *s = &cof(m)->state;
    if (!tw_fox_is_over(s))
        return NULL;
    json_t *result = json_pack("{s:s, s:b, s:i, s:i, s:i}", "end", tw_fox_end_key(s->end), "won", tw_fox_is_won(s),
                               "score", tw_fox_score(s), "round", s->round, "gems_left", tw_fox_gems_on_board(s));
    json_t *rounds = result ? fox_rounds_json(m) : NULL;
    if (rounds)
        json_object_set_new(result, "rounds", rounds);
    return result;
}

/* The configuration as JSON. */
static json_t *fox_config_json(const tw_match *m)
{
    const fox_match *f = cof(m);
    return json_pack("{s:i, s:i, s:s}", "level", f->config.level, "dealer", f->config.dealer, "board", f->board_ref);
}

/* Writes the match as a record (record_json) or as its event log. */
static tw_error fox_write(const tw_match *gm, int event_log, tw_buf *buf)
{
    const fox_match *m = cof(gm);
    tw_fox_record *rec = calloc(1, sizeof *rec);
    if (!rec)
        return TW_ERR_NOMEM;
    tw_error err = tw_fox_record_init(rec, &m->board, m->board_ref, &m->config);
    for (int i = 0; err == TW_OK && i < gm->count; i++)
        err = tw_fox_record_push(rec, gm->actions[i]);
    if (err == TW_OK)
        err = event_log ? tw_fox_record_event_log(rec, -1, buf) : tw_fox_record_to_json(rec, buf);
    tw_fox_record_free(rec);
    free(rec);
    return err;
}

/* The game record. */
static tw_error fox_record_json(const tw_match *gm, tw_buf *buf)
{
    return fox_write(gm, 0, buf);
}

/* The event log (every card shown). */
static tw_error fox_event_log(const tw_match *gm, tw_buf *buf)
{
    return fox_write(gm, 1, buf);
}

/* The bot names, the strongest that plays from a view first. */
static const char *const fox_bot_names[] = {"strong", "rule", "random", "open-hands", "hint", "partner-model", "noisy", NULL};

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

/* The bot's action for the seat to act (while the game goes on):
 * tw_fox_bot_choose decides from the seat's view (the open-hands bot, an
 * upper bound for study, sees both hands). The random bot needs only the
 * legal actions, the same in the view as in the state: it picks among
 * them as the engine's does. */
static tw_error fox_bot_decide(tw_game_bot *bot, const tw_fox_state *s, tw_game_action *out)
{
    if (bot->engine)
        return tw_fox_bot_choose(bot->engine, s, out);
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_legal_actions(s, list);
    if (n == 0)
        return TW_ERR_PHASE;
    *out = list[tw_rng_below(&bot->rng, (uint32_t)n)];
    return TW_OK;
}

/* The held bot's action for the seat to act. */
static tw_error fox_bot_choose(tw_game_bot *bot, const tw_match *m, tw_game_action *out)
{
    if (tw_fox_to_act(&cof(m)->state) < 0)
        return TW_ERR_GAME_OVER;
    return fox_bot_decide(bot, &cof(m)->state, out);
}

/* Plays on with the held bots in the engine's own loop: fox_bot_decide
 * for the seat to act, then the action remembered and applied as
 * fox_apply does. */
static tw_error fox_bot_play(tw_match *gm, tw_game_bot *const *bots, int max_actions,
                             void (*observe)(void *ctx, const tw_match *m, tw_game_action action), void *ctx,
                             int *applied, tw_game_action *refused)
{
    tw_fox_state *s = &of(gm)->state;
    tw_error err = TW_OK;
    int done = 0, seat;
    while (done < max_actions && (seat = tw_fox_to_act(s)) >= 0) {
        tw_game_action a = 0;
        if ((err = fox_bot_decide(bots[seat], s, &a)) == TW_OK && observe)
            observe(ctx, gm, a);
        if (err == TW_OK && (err = tw_game_remember(gm, a)) == TW_OK && (err = tw_fox_apply(s, a, NULL)) != TW_OK)
            gm->count--;
        if (err != TW_OK) {
            *refused = a;
            break;
        }
        done++;
    }
    *applied = done;
    return err;
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

/* The strong bot's hint for the seat to act, from its view: the strong
 * bot's move, the chance that the team wins the game, its margin and what
 * the chance means. */
static json_t *fox_hint_json(const tw_match *m)
{
    const tw_fox_state *s = &cof(m)->state;
    int seat = tw_fox_to_act(s);
    if (seat < 0)
        return NULL;
    tw_fox_bot *bot = tw_fox_bot_new(TW_FOX_BOT_STRONG, 0); /* the hint seeds its search from the view */
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
    return json_pack("{s:s, s:o, s:f, s:i, s:{s:s, s:s}}", "action", text, "p_win",
                     hint.p_win < 0 ? json_null() : json_real(hint.p_win), "margin", hint.margin, "samples",
                     hint.samples, "meaning", "en",
                     "Chance that the team wins the game if both go on playing as the strong bot would, "
                     "estimated from what this seat can see; ± covers only the sampling of the cards it cannot see, "
                     "not the estimate's own error (a few points in our checks).",
                     "fr",
                     "Chance que l'équipe gagne la partie si les deux continuent comme le jouerait le robot fort, "
                     "estimée d'après ce que ce siège voit ; ± ne couvre que le tirage des cartes qu'il ne voit pas, "
                     "pas l'erreur propre de l'estimation (quelques points dans nos vérifications).");
}

/* The analysis of one decision: the hint's estimator
 * (tw_fox_estimate_chances at the hint's effort) from the acting seat's
 * view: the strong bot's move and its chance of winning with its margin,
 * exactly as a hint gives them, then the played action's alone (the
 * estimator seeds its deals from the view, so each action's figure is
 * the one it has in any list). Other actions get 0. samples sets the
 * deals for the chances (the hint's when it is the game's
 * analyse_samples). */
static int fox_estimate(const tw_match *m, tw_game_action played, int samples, tw_game_action *actions,
                        tw_game_chance *chances, int *best)
{
    const tw_fox_state *s = &cof(m)->state;
    int seat = tw_fox_to_act(s);
    if (seat < 0)
        return 0;
    tw_fox_view view;
    tw_fox_view_of(s, seat, &view);
    tw_fox_action list[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_view_legal_actions(&view, list);
    if (n < 2)
        return 0;
    tw_fox_search *search = tw_fox_search_new(ANALYSE_TABLE_BITS);
    if (!search)
        return 0;
    tw_fox_effort effort = tw_fox_hint_effort();
    effort.chance_samples = samples;
    double p[TW_FOX_MAX_ACTIONS], margin[TW_FOX_MAX_ACTIONS];
    *best = tw_fox_estimate_chances(search, &view, &effort, list, n, 0, p, margin, NULL);
    for (int i = 0; i < n; i++) {
        actions[i] = list[i];
        tw_game_chance c = {p[i], margin[i], p[i], margin[i]};
        chances[i] = c;
    }
    for (int i = 0; i < n; i++)
        if (list[i] == played && i != *best) {
            double pp, mp;
            tw_fox_estimate_chances(search, &view, &effort, &list[i], 1, 0, &pp, &mp, NULL);
            tw_game_chance c = {pp, mp, pp, mp};
            chances[i] = c;
        }
    tw_fox_search_free(search);
    return n;
}

/* Where the seat to act stands: the round and the trick (1-based). */
static json_t *fox_where_json(const tw_match *m)
{
    const tw_fox_state *s = &cof(m)->state;
    return json_pack("{s:i, s:i}", "round", (int)s->round, "trick",
                     s->tricks_done < TW_FOX_TRICKS ? (int)s->tricks_done + 1 : TW_FOX_TRICKS);
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

/* The configuration of a new game: the level chosen, the first dealer
 * drawn from the seed (as the terminal game does) and the level's board. */
static json_t *fox_new_config(json_t *options, uint64_t seed)
{
    json_t *level = json_object_get(options, "level");
    int l = json_is_integer(level) ? (int)json_integer_value(level) : 1;
    if (l < 1 || l > TW_FOX_LEVELS)
        l = 1;
    return json_pack("{s:i, s:i, s:s}", "level", l, "dealer", (int)(tw_mix64(seed ^ 0xDEA1ULL) & 1), "board",
                     tw_fox_level(l)->board_file);
}

/* A stored configuration in today's form: a level-1 game stored without
 * "board" (before side A followed a public source) was played on the old
 * side A. */
static json_t *fox_stored_config(json_t *stored)
{
    json_t *config = json_is_object(stored) ? json_copy(stored) : json_incref(stored);
    json_t *level = json_object_get(config, "level");
    if (json_is_object(config) && !json_object_get(config, "board") &&
        (!level || (json_is_integer(level) && json_integer_value(level) == 1)))
        json_object_set_new(config, "board", json_string(TW_FOX_OLD_SIDE_A_FILE));
    return config;
}

static const char *const fox_partner_bots[] = {"rule", "strong", "random", NULL};

/* The facts of a finished game for the history: the level (and the
 * board when it is not the level's), the score. Played again on the web
 * on the level's own board only, with the same partner bot, or as a table
 * for two people when two people played it. */
static int fox_history_facts(json_t *config, json_t *result, tw_game_facts *out)
{
    json_t *level = json_object_get(config, "level");
    const char *board = json_string_value(json_object_get(config, "board"));
    const char *partner = json_string_value(json_object_get(config, "partner"));
    json_t *score = json_object_get(result, "score");
    memset(out, 0, sizeof *out);
    if (!json_is_integer(level) || json_integer_value(level) < 1 || json_integer_value(level) > TW_FOX_LEVELS ||
        !json_is_integer(score))
        return -1;
    int l = (int)json_integer_value(level);
    int own_board = board && strcmp(board, tw_fox_level(l)->board_file) == 0;
    if (own_board)
        snprintf(out->setup, sizeof out->setup, "level%d", l);
    else
        snprintf(out->setup, sizeof out->setup, "level%d-%.40s", l, board && *board ? board : "own-board");
    snprintf(out->group, sizeof out->group, "%d", l);
    out->score = (int)json_integer_value(score);
    out->won = json_is_true(json_object_get(result, "won"));
    if (!own_board)
        return 0;
    out->again = json_pack("{s:i}", "level", l);
    if (out->again && partner && (strcmp(partner, "human") == 0 || strcmp(partner, "open") == 0))
        json_object_set_new(out->again, "partner", json_string("human")); /* a table for two people again */
    for (int i = 0; out->again && partner && fox_partner_bots[i]; i++)
        if (strcmp(partner, fox_partner_bots[i]) == 0)
            json_object_set_new(out->again, "partner", json_string(partner));
    return 0;
}

/* Whether seat may not see action index yet: the partner's Gift pick
 * while the second pick is awaited (the cards have not moved). */
static int fox_action_hidden(const tw_match *gm, int index, int seat)
{
    const tw_fox_state *s = &cof(gm)->state;
    return seat >= 0 && index == gm->count - 1 && s->phase == TW_FOX_PHASE_GIFT_SECOND && seat != s->gift_seat &&
           TW_FOX_ACTION_KIND(gm->actions[index]) == TW_FOX_ACT_GIFT;
}

/* A card list of a set. */
static json_t *card_list(uint32_t set)
{
    json_t *list = json_array();
    for (int c = 0; c < TW_FOX_CARDS; c++)
        if (set & (1u << c)) {
            char code[4];
            tw_fox_card_code(c, code);
            json_array_append_new(list, json_string(code));
        }
    return list;
}

/* For a finished game's replay: seat 0's view plus both hands and the
 * face-down deck. */
static json_t *fox_open_view_json(const tw_match *m)
{
    const tw_fox_state *s = &cof(m)->state;
    json_t *v = fox_view_json(m, 0);
    if (v) {
        json_object_set_new(v, "hands", json_pack("[o, o]", card_list(s->hand[0]), card_list(s->hand[1])));
        json_object_set_new(v, "deck", card_list(s->deck));
    }
    return v;
}

/* Deals the match again in place on the same board and configuration
 * with another seed (the seed checked as fox_deal does). */
static tw_error fox_redeal(tw_match *gm, uint64_t seed)
{
    fox_match *m = of(gm);
    tw_fox_config config = m->config;
    config.seed = seed;
    tw_error err = seed > TW_MAX_SEED ? TW_ERR_ARG : tw_fox_new(&m->state, &m->board, &config, NULL);
    if (err == TW_OK) {
        m->config = config;
        gm->count = 0;
        m->seq = 0;
    }
    return err;
}

/* A new match on the same board, configuration and seed. */
static tw_match *fox_restart(const tw_match *gm)
{
    fox_match *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->base.game = gm->game;
    m->config = cof(gm)->config;
    m->board = cof(gm)->board;
    snprintf(m->board_ref, sizeof m->board_ref, "%s", cof(gm)->board_ref);
    if (fox_redeal(&m->base, m->config.seed) != TW_OK) {
        free(m);
        return NULL;
    }
    return &m->base;
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

/* The options of a new game, and the bots that may be the partner. */
static const tw_game_option fox_options[] = {{"level", NULL, 1, TW_FOX_LEVELS, 0, 0},
                                             {NULL, NULL, 0, 0, 0, 0}};

/* The deck's ranks with their footprints and abilities (the same for
 * every match), for the rules' card list. */
static json_t *fox_cards_json(const tw_match *m, tw_diag *diag)
{
    (void)m;
    (void)diag;
    return tw_fox_cards_json();
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
    .record_name = "foxduet",
    .options = fox_options,
    .partner_bots = fox_partner_bots,
    .new_config = fox_new_config,
    .stored_config = fox_stored_config,
    .apply_seen = fox_apply_seen,
    .action_hidden = fox_action_hidden,
    .open_view_json = fox_open_view_json,
    .restart = fox_restart,
    .history_facts = fox_history_facts,
    .estimate = fox_estimate,
    .chance_of = "win",
    .analyse_samples = 128, /* the hint's: tw_fox_hint_effort().chance_samples */
    .where_json = fox_where_json,
    .state = fox_state,
    .apply_reveals = fox_apply_reveals,
    .event_log = fox_event_log,
    .start_on_board = fox_start_on_board,
    .bot_play = fox_bot_play,
    .redeal = fox_redeal,
    .bot_reseed = tw_game_bot_reseed,
    .cards_json = fox_cards_json,
};
