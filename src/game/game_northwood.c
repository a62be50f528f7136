/* For Northwood! behind the game interface (trickwood/game.h): a match
 * holds the characters it was dealt from, its configuration and the
 * engine's state. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"
#include "trickwood/northwood.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_files.h"

typedef struct {
    tw_match base;
    tw_nw_config config;
    int defaults;  /* characters of data/characters.json the match dealt from */
    int seq;       /* event log lines written so far */
    tw_nw_state state;
    const tw_nw_catalog *catalog; /* the shared default one, or own */
    tw_nw_catalog *own;           /* a record's characters; NULL for the defaults */
    int has_challenge;            /* a challenge's game: its setup and limits */
    tw_nw_challenge challenge;
} nw_match;

/* The fixed setup a match's game starts from (NULL: none). */
static const tw_nw_fixed *fixed_of(const nw_match *m)
{
    return m->has_challenge ? &m->challenge.fixed : NULL;
}

/* data/characters.json, read once for every match of the process. */
static tw_nw_catalog default_catalog;
static tw_error default_error;
static tw_diag default_diag;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;

/* Reads the default characters (once, under default_once). */
static void load_default_catalog(void)
{
    tw_diag_init(&default_diag, "characters.json");
    default_error = tw_nw_catalog_load_default(&default_catalog, &default_diag);
}

/* The default characters, or NULL (diag set) when they cannot be read. */
static const tw_nw_catalog *shared_catalog(tw_diag *diag)
{
    pthread_once(&default_once, load_default_catalog);
    if (default_error == TW_OK)
        return &default_catalog;
    if (diag)
        *diag = default_diag;
    return NULL;
}

extern const tw_game tw_game_northwood;

/* The characters of a match's catalog (a record's own ones included), or
 * of the default one when m is NULL, for the rules' card list. */
static json_t *nw_cards_json(const tw_match *m, tw_diag *diag)
{
    const tw_nw_catalog *catalog = m ? ((const nw_match *)m)->catalog : shared_catalog(diag);
    return catalog ? tw_nw_catalog_cards_json(catalog) : NULL;
}

/* Builds the list of the shipped challenges, each as the start page
 * lists it: its number (what a create request's "challenge" takes), id,
 * name and text in both languages, goal, limits and the rating its file
 * records. Reads every file of the folder. */
static json_t *build_challenges_list(const tw_nw_catalog *catalog, tw_diag *diag)
{
    static const char *const medals[] = {"none", "bronze", "silver", "gold"};
    char (*paths)[512] = calloc(TW_NW_MAX_CHALLENGES, sizeof *paths);
    tw_nw_challenge *ch = malloc(sizeof *ch);
    json_t *list = json_array();
    int n = paths ? tw_nw_challenge_paths(paths, TW_NW_MAX_CHALLENGES) : -1;
    for (int i = 0; list && ch && i < n; i++) {
        if (tw_nw_challenge_load(ch, catalog, paths[i], diag) != TW_OK) {
            json_decref(list);
            list = NULL;
            break;
        }
        json_t *must = json_array();
        for (int f = 0; f < TW_NW_FIEFS; f++)
            if (ch->fixed.must_win >> f & 1)
                json_array_append_new(must, json_integer(f));
        json_t *file = json_load_file(paths[i], 0, NULL);
        json_t *rating = json_object_get(file, "rating");
        json_array_append_new(
            list, json_pack("{s:i, s:s, s:{s:s, s:s}, s:{s:s, s:s}, s:s, s:s, s:s, s:b, s:o, s:b, s:i, s:O}", "number",
                            i + 1, "id", ch->id, "name", "en", ch->name[0], "fr", ch->name[1], "text", "en",
                            ch->text[0], "fr", ch->text[1], "setup", ch->setup == TW_NW_SETUP_FULL ? "full" : "intro",
                            "medal", medals[ch->medal <= TW_NW_MEDAL_GOLD ? ch->medal : 0], "variant",
                            ch->variant == TW_NW_VARIANT_HIDDEN_STARS ? "hidden-stars" : "medals", "expert",
                            ch->expert != 0, "must_win", must, "no_substitutes", ch->fixed.no_substitutes != 0,
                            "max_allies", ch->fixed.max_allies, "rating", rating ? rating : json_null()));
        json_decref(file);
    }
    if (n < 0 && list) {
        json_decref(list);
        list = NULL;
        if (diag)
            tw_diag_set(diag, 0, "challenges", "the folder of challenges cannot be read");
    }
    free(paths);
    free(ch);
    return list;
}

/* The shipped challenges' list, built once per data folder (the files are
 * read at the first request, not at each one) and kept under its lock. */
static pthread_mutex_t challenges_lock = PTHREAD_MUTEX_INITIALIZER;
static json_t *challenges_list;
static char challenges_dir[512];

/* The kept list of the shipped challenges, built when missing or when the
 * data folder changed; the caller holds challenges_lock. NULL with diag
 * set when the catalog or a file cannot be read. */
static json_t *kept_challenges_list(tw_diag *diag)
{
    const char *dir = tw_data_dir();
    if (challenges_list && strcmp(challenges_dir, dir) == 0)
        return challenges_list;
    const tw_nw_catalog *catalog = shared_catalog(diag);
    json_t *list = catalog ? build_challenges_list(catalog, diag) : NULL;
    if (list) {
        json_decref(challenges_list);
        challenges_list = list;
        snprintf(challenges_dir, sizeof challenges_dir, "%s", dir);
    }
    return list;
}

/* The shipped challenges as the start page lists them (see
 * build_challenges_list): a copy of the kept list, the caller's to free. */
static json_t *nw_challenges_json(tw_diag *diag)
{
    pthread_mutex_lock(&challenges_lock);
    json_t *list = kept_challenges_list(diag);
    json_t *copy = list ? json_deep_copy(list) : NULL;
    pthread_mutex_unlock(&challenges_lock);
    return copy;
}

/* The start page's entry (see build_challenges_list) of the shipped
 * challenge a configuration names, by its number (a JSON integer) or its
 * id (a string): a copy, the caller's to free, or NULL when none is. */
static json_t *shipped_challenge(json_t *which)
{
    json_t *found = NULL;
    pthread_mutex_lock(&challenges_lock);
    json_t *list = kept_challenges_list(NULL);
    size_t i;
    json_t *item;
    json_array_foreach(list, i, item) {
        const char *id = json_string_value(json_object_get(item, "id"));
        if (!found && ((json_is_integer(which) && json_integer_value(which) == (json_int_t)i + 1) ||
                       (json_is_string(which) && id && strcmp(id, json_string_value(which)) == 0)))
            found = json_deep_copy(item);
    }
    pthread_mutex_unlock(&challenges_lock);
    return found;
}

/* The Northwood match behind a generic one. */
static nw_match *of(tw_match *m) { return (nw_match *)m; }
static const nw_match *cof(const tw_match *m) { return (const nw_match *)m; }

/* Reads {"setup", "medal", "finish", "variant", "expert"} into a
 * configuration; every member optional (intro, bronze, finish offered,
 * the medals, no expert rule), none other allowed. */
static int read_config(json_t *config, tw_nw_config *out, tw_diag *diag)
{
    out->setup = TW_NW_SETUP_INTRO;
    out->medal = TW_NW_MEDAL_BRONZE;
    out->offer_finish = 1;
    out->variant = TW_NW_VARIANT_MEDALS;
    out->expert = 0;
    if (!config)
        return 0;
    if (!json_is_object(config)) {
        tw_diag_set(diag, 0, "config", "must be an object with \"setup\", \"medal\" and \"finish\"");
        return -1;
    }
    const char *key;
    json_t *value;
    json_object_foreach(config, key, value) {
        if (strcmp(key, "setup") == 0) {
            const char *v = json_string_value(value);
            if (!v || (strcmp(v, "intro") != 0 && strcmp(v, "full") != 0))
                return tw_game_config_error(diag, key, "must be \"intro\" or \"full\"");
            out->setup = strcmp(v, "full") == 0 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO;
        } else if (strcmp(key, "medal") == 0) {
            int medal = json_is_string(value) ? tw_nw_medal_from_key(json_string_value(value)) : -1;
            if (medal < TW_NW_MEDAL_BRONZE)
                return tw_game_config_error(diag, key, "must be \"bronze\", \"silver\" or \"gold\"");
            out->medal = (tw_nw_medal)medal;
        } else if (strcmp(key, "finish") == 0) {
            if (!json_is_boolean(value))
                return tw_game_config_error(diag, key, "must be true or false");
            out->offer_finish = json_is_true(value);
        } else if (strcmp(key, "variant") == 0) {
            int variant = json_is_string(value) ? tw_nw_variant_from_key(json_string_value(value)) : -1;
            if (variant < 0)
                return tw_game_config_error(diag, key, "must be \"medals\" or \"hidden-stars\"");
            out->variant = (tw_nw_variant)variant;
        } else if (strcmp(key, "expert") == 0) {
            if (!json_is_boolean(value))
                return tw_game_config_error(diag, key, "must be true or false");
            out->expert = json_is_true(value);
        } else if (strcmp(key, "challenge") != 0) { /* read by read_challenge */
            return tw_game_config_error(diag, key,
                                        "unknown member (allowed: setup, medal, finish, variant, expert, challenge)");
        }
    }
    return 0;
}

/* Reads config "challenge" when present: a shipped challenge's number
 * (1, 2...; 0 is none) or id, or a challenge object (docs/formats.md);
 * its setup and goal then replace those of the configuration. Returns 0,
 * or -1 with diag set. */
static int read_challenge(json_t *config, const tw_nw_catalog *catalog, nw_match *m, tw_diag *diag)
{
    json_t *value = json_object_get(config, "challenge");
    tw_error err;
    if (!value || (json_is_integer(value) && json_integer_value(value) == 0))
        return 0;
    if (json_is_integer(value) || json_is_string(value)) {
        char which[64];
        if (json_is_integer(value))
            snprintf(which, sizeof which, "%lld", (long long)json_integer_value(value));
        else
            snprintf(which, sizeof which, "%s", json_string_value(value));
        if (strchr(which, '/') || strstr(which, ".json")) /* shipped ones only: never a path */
            return tw_game_config_error(diag, "challenge", "must be a shipped challenge's number or id");
        err = tw_nw_challenge_find(&m->challenge, catalog, which, diag);
    } else if (json_is_object(value)) {
        char *text = json_dumps(value, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        err = text ? tw_nw_challenge_from_text(&m->challenge, catalog, text, "challenge", diag) : TW_ERR_NOMEM;
        free(text);
    } else {
        return tw_game_config_error(diag, "challenge", "must be a challenge's number, id or object");
    }
    if (err != TW_OK)
        return -1;
    m->has_challenge = 1;
    m->config.setup = m->challenge.setup;
    m->config.medal = m->challenge.medal;
    m->config.variant = m->challenge.variant;
    m->config.expert = m->challenge.expert;
    return 0;
}

/* Frees a match and the characters it owns. */
static void nw_free(tw_match *m)
{
    if (m)
        free(of(m)->own);
    tw_game_free_match(m);
}

/* Starts a match on the default characters. */
static tw_match *nw_start(json_t *config, uint64_t seed, tw_diag *diag)
{
    nw_match *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->base.game = &tw_game_northwood;
    if (read_config(config, &m->config, diag) != 0 || !(m->catalog = shared_catalog(diag)) ||
        read_challenge(config, m->catalog, m, diag) != 0) {
        free(m);
        return NULL;
    }
    m->config.seed = seed;
    m->defaults = m->catalog->count;
    if (seed > TW_MAX_SEED || tw_nw_new_fixed(&m->state, m->catalog, &m->config, fixed_of(m), NULL) != TW_OK) {
        tw_diag_set(diag, 0, seed > TW_MAX_SEED ? "seed" : "config.setup",
                    seed > TW_MAX_SEED ? "must be at most 2^53-1" : "the characters cannot fill this setup");
        free(m);
        return NULL;
    }
    return &m->base;
}

/* Rebuilds a match from a record: the record's characters and
 * configuration, then every action. */
static tw_match *nw_from_record(const char *text, const char *name, tw_diag *diag)
{
    tw_nw_record *rec = calloc(1, sizeof *rec);
    nw_match *m = calloc(1, sizeof *m);
    tw_nw_catalog *own = malloc(sizeof *own);
    tw_match *result = NULL;
    if (rec && m && own && tw_nw_record_from_text(rec, text, name, diag) == TW_OK) {
        m->base.game = &tw_game_northwood;
        m->config = rec->config;
        *own = rec->catalog;
        m->catalog = m->own = own;
        own = NULL;
        m->defaults = rec->extra_from;
        m->has_challenge = rec->has_challenge;
        m->challenge = rec->challenge;
        if (tw_nw_new_fixed(&m->state, m->catalog, &m->config, fixed_of(m), NULL) == TW_OK)
            result = tw_game_replay(&m->base, rec->actions, rec->count, diag);
        else
            nw_free(&m->base);
        m = NULL;
        tw_nw_record_free(rec);
    }
    free(rec);
    free(m);
    free(own);
    return result;
}

/* The seat to act: the one player, until the game ends. */
static int nw_to_act(const tw_match *m)
{
    return tw_nw_is_over(&cof(m)->state) ? -1 : 0;
}

/* The legal actions now. */
static int nw_legal(const tw_match *m, tw_game_action *out)
{
    return tw_nw_legal_actions(&cof(m)->state, out);
}

/* Whether an action's events showed a hidden card: a card leaving the
 * deck (dealt, drawn, turned as a statement, even one known from a peek)
 * or a peek. Events beyond the buffer count as shown. */
static int nw_events_show_card(const tw_nw_events *events)
{
    int shown = events->overflow;
    for (int i = 0; i < events->count; i++) {
        const tw_nw_event *e = &events->items[i];
        shown |= (e->type == TW_NW_EV_MOVE && e->from == TW_NW_PILE_DECK) || e->type == TW_NW_EV_PEEK;
    }
    return shown;
}

/* Applies a legal action and writes its events, numbered from *seq on
 * (the one player sees every event of its own game: seat is unused). The
 * engine leaves the state as it was when it refuses an action, so the
 * match applies in place (no copy of the state: simulations apply
 * millions of actions); the action is remembered first and forgotten
 * again when refused. */
static tw_error nw_apply_seen(tw_match *gm, tw_game_action action, int seat, int *seq, tw_buf *lines, int *shown)
{
    (void)seat;
    nw_match *m = of(gm);
    tw_nw_events *events = lines || shown ? calloc(1, sizeof *events) : NULL;
    if ((lines || shown) && !events)
        return TW_ERR_NOMEM;
    tw_error err = tw_game_remember(gm, action);
    if (err == TW_OK && (err = tw_nw_apply(&m->state, action, events)) != TW_OK)
        gm->count--;
    if (err == TW_OK && lines)
        tw_nw_events_to_jsonl(events, action, seq, lines);
    if (err == TW_OK && shown)
        *shown = nw_events_show_card(events);
    free(events);
    return err;
}

/* Applies a legal action and writes its events. */
static tw_error nw_apply(tw_match *gm, tw_game_action action, tw_buf *lines)
{
    return nw_apply_seen(gm, action, 0, &of(gm)->seq, lines, NULL);
}

/* Applies an action and tells whether it showed a hidden card (see
 * nw_events_show_card). */
static int nw_apply_reveals(tw_match *gm, tw_game_action action)
{
    int shown = -1;
    return nw_apply_seen(gm, action, 0, NULL, NULL, &shown) == TW_OK ? shown : -1;
}

/* The engine's reason for one action. */
static void nw_engine_reason(const tw_match *m, tw_game_action action, char *out, size_t size)
{
    tw_nw_illegal_reason(&cof(m)->state, action, out, size);
}

/* Why a text is refused now. */
static void nw_reason(const tw_match *m, const char *text, char *out, size_t size)
{
    tw_game_reason(m, text, "'visit 3', 'activate 0', 'respond 7E', 'pick 2C', 'ally 1' or 'pass'",
                   nw_engine_reason, out, size);
}

/* The record notation of an action. */
static void nw_format(const tw_match *m, tw_game_action action, char *out, int size)
{
    (void)m;
    tw_nw_action_format(action, out, size);
}

/* Parses the record notation. */
static int nw_parse(const tw_match *m, const char *text, tw_game_action *out)
{
    (void)m;
    return tw_nw_action_parse(text, out);
}

/* The player's view as JSON. */
static json_t *nw_view_json(const tw_match *m, int seat)
{
    (void)seat;
    tw_nw_view view;
    tw_nw_view_of(&cof(m)->state, &view);
    return tw_nw_view_json(&view, cof(m)->catalog);
}

/* The character on a slot now, as {id, name: {en, fr}} (an empty id and
 * name when none). */
static json_t *slot_character_json(const nw_match *m, const tw_nw_state *s, int slot)
{
    const tw_nw_character *ch = tw_nw_slot_character(s, slot);
    const tw_nw_catalog_entry *e = ch && ch->catalog_index < m->catalog->count ? &m->catalog->entries[ch->catalog_index] : NULL;
    return json_pack("{s:s, s:{s:s, s:s}}", "id", e ? e->id : "", "name", "en", e ? e->name[TW_LANG_EN] : "", "fr",
                     e && e->name[TW_LANG_FR][0] ? e->name[TW_LANG_FR] : (e ? e->name[TW_LANG_EN] : ""));
}

/* Each visit of a finished game, in the order played: the fief, its
 * target, the score it ended with (finished_early: the player ended a
 * decided visit, whose score is the one when it ended), whether it was
 * made friendly, and the
 * characters whose abilities were used (in order) and the rulers that
 * stood in. Rebuilt by playing the match's actions again from its
 * start with events. Each character is {id, name: {en, fr}}. NULL when
 * out of memory. */
static json_t *nw_visits_json(const tw_match *gm)
{
    const nw_match *m = cof(gm);
    tw_match *start = tw_match_undo(gm, gm->count);
    tw_nw_events *events = calloc(1, sizeof *events);
    json_t *visits = json_array(), *used = json_array(), *subs = json_array();
    if (!start || !events || !visits || !used || !subs) {
        if (start)
            start->game->free(start);
        free(events);
        json_decref(visits);
        json_decref(used);
        json_decref(subs);
        return NULL;
    }
    tw_nw_state s = of(start)->state;
    start->game->free(start);
    for (int i = 0; i < gm->count; i++) {
        tw_nw_action a = (tw_nw_action)gm->actions[i];
        int kind = TW_NW_ACTION_KIND(a), arg = TW_NW_ACTION_ARG(a);
        if (kind == TW_NW_ACT_ACTIVATE)
            json_array_append_new(used, slot_character_json(m, &s, arg));
        events->count = 0;
        if (tw_nw_apply(&s, a, events) != TW_OK)
            break; /* cannot happen: the match applied it */
        int decided = 0; /* the player finished a decided visit: its score is the one when finished */
        for (int e = 0; e < events->count; e++) {
            const tw_nw_event *ev = &events->items[e];
            decided |= ev->type == TW_NW_EV_DECIDED;
            if (ev->type == TW_NW_EV_SUBSTITUTE)
                json_array_append_new(subs, slot_character_json(m, &s, ev->b));
            if (ev->type != TW_NW_EV_VISIT_END)
                continue;
            json_array_append_new(visits, json_pack("{s:i, s:i, s:i, s:b, s:b, s:o, s:o}", "fief", ev->a, "target", ev->a,
                                                    "score", ev->c, "friendly", ev->b != 0, "finished_early", decided,
                                                    "abilities", used, "substitutes", subs));
            used = json_array();
            subs = json_array();
        }
    }
    free(events);
    json_decref(used);
    json_decref(subs);
    return visits;
}

/* The result once over, with each visit (nw_visits_json). */
static json_t *nw_result_json(const tw_match *m)
{
    const tw_nw_state *s = &cof(m)->state;
    if (!tw_nw_is_over(s))
        return NULL;
    int stars = tw_nw_stars_won(s);
    json_t *result = json_pack("{s:i, s:s, s:b, s:b}", "stars", stars, "medal", tw_nw_medal_key(tw_nw_medal_for(stars)),
                               "won", tw_nw_is_won(s), "stopped", s->stopped != 0);
    if (result && s->variant == TW_NW_VARIANT_HIDDEN_STARS) {
        /* the stars turned over: where they were, and how many were won */
        json_t *fiefs = json_array();
        int found = 0;
        for (int f = 0; f < TW_NW_FIEFS; f++)
            if (s->star_fiefs >> f & 1) {
                json_array_append_new(fiefs, json_integer(f));
                found += s->fiefs[f].status == TW_NW_FIEF_FRIENDLY;
            }
        json_object_set_new(result, "star_fiefs", fiefs);
        json_object_set_new(result, "stars_found", json_integer(found));
    }
    json_t *visits = result ? nw_visits_json(m) : NULL;
    if (visits)
        json_object_set_new(result, "visits", visits);
    return result;
}

/* The configuration as JSON. */
static json_t *nw_config_json(const tw_match *m)
{
    const tw_nw_config *c = &cof(m)->config;
    json_t *obj = json_pack("{s:s, s:s, s:b, s:s, s:b}", "setup", c->setup == TW_NW_SETUP_FULL ? "full" : "intro",
                            "medal", tw_nw_medal_key(c->medal), "finish", c->offer_finish != 0, "variant",
                            tw_nw_variant_key(c->variant), "expert", c->expert != 0);
    if (obj && cof(m)->has_challenge)
        json_object_set_new(obj, "challenge", json_string(cof(m)->challenge.id));
    return obj;
}

/* Writes the match as a record (record_json) or as its event log. */
static tw_error nw_write(const tw_match *gm, int event_log, tw_buf *buf)
{
    const nw_match *m = cof(gm);
    tw_nw_record *rec = calloc(1, sizeof *rec);
    if (!rec)
        return TW_ERR_NOMEM;
    tw_error err = tw_nw_record_init(rec, m->catalog, m->defaults, &m->config);
    if (err == TW_OK && m->has_challenge)
        tw_nw_record_set_challenge(rec, &m->challenge);
    for (int i = 0; err == TW_OK && i < gm->count; i++)
        err = tw_nw_record_push(rec, gm->actions[i]);
    if (err == TW_OK)
        err = event_log ? tw_nw_record_event_log(rec, buf) : tw_nw_record_to_json(rec, buf);
    tw_nw_record_free(rec);
    free(rec);
    return err;
}

/* The game record. */
static tw_error nw_record_json(const tw_match *gm, tw_buf *buf)
{
    return nw_write(gm, 0, buf);
}

/* The event log. */
static tw_error nw_event_log(const tw_match *gm, tw_buf *buf)
{
    return nw_write(gm, 1, buf);
}

/* The bot names, the strongest that plays from a view first. */
static const char *const nw_bot_names[] = {"strong", "greedy", "random", "clairvoyant", "hint", "solve", "solve-light", NULL};

/* The engine's bot of a kind (for tw_game_bot_make). */
static void *nw_engine_bot(int kind, uint64_t seed)
{
    return tw_nw_bot_new((tw_nw_bot_kind)kind, seed);
}

/* A named bot. */
static tw_game_bot *nw_bot_new(const char *name, uint64_t seed)
{
    return tw_game_bot_make(tw_nw_bot_kind_from_name(name), TW_NW_BOT_RANDOM, seed, nw_engine_bot);
}

/* The bot's action while the game goes on: tw_nw_bot_choose decides from
 * the player's view for the strong bot, from the state for the
 * clairvoyant one (a bound for study) and for greedy (which reads nothing
 * hidden). The random bot needs only the legal actions, the same in the
 * view as in the state: it picks among them as the engine's does (never
 * stopping while anything else is legal). */
static tw_nw_action nw_bot_decide(tw_game_bot *bot, const tw_nw_state *s)
{
    if (bot->engine)
        return tw_nw_bot_choose(bot->engine, s);
    tw_nw_action acts[TW_NW_MAX_ACTIONS], a;
    int n = tw_nw_legal_actions(s, acts);
    do
        a = acts[tw_rng_below(&bot->rng, (uint32_t)n)];
    while (TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP && n > 1);
    return a;
}

/* The held bot's action while the game goes on. */
static tw_error nw_bot_choose(tw_game_bot *bot, const tw_match *m, tw_game_action *out)
{
    const tw_nw_state *s = &cof(m)->state;
    if (tw_nw_is_over(s))
        return TW_ERR_GAME_OVER;
    *out = nw_bot_decide(bot, s);
    return TW_OK;
}

/* Plays on with the held bot in the engine's own loop: nw_bot_decide,
 * then the action remembered and applied as nw_apply does. */
static tw_error nw_bot_play(tw_match *gm, tw_game_bot *const *bots, int max_actions,
                            void (*observe)(void *ctx, const tw_match *m, tw_game_action action), void *ctx,
                            int *applied, tw_game_action *refused)
{
    tw_nw_state *s = &of(gm)->state;
    tw_error err = TW_OK;
    int done = 0;
    while (done < max_actions && !tw_nw_is_over(s)) {
        tw_nw_action a = nw_bot_decide(bots[0], s);
        if (observe)
            observe(ctx, gm, a);
        if ((err = tw_game_remember(gm, a)) == TW_OK && (err = tw_nw_apply(s, a, NULL)) != TW_OK)
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
static void nw_engine_bot_free(void *bot)
{
    tw_nw_bot_free(bot);
}

/* Frees a bot. */
static void nw_bot_free(tw_game_bot *bot)
{
    tw_game_bot_release(bot, nw_engine_bot_free);
}

/* A probability for JSON: null when unknown (< 0). */
static json_t *probability(double p)
{
    return p < 0 ? json_null() : json_real(p);
}

/* What a For Northwood! hint's chances mean, in one line per language. */
static json_t *nw_hint_meaning(void)
{
    return json_pack("{s:s, s:s}", "en",
                     "Chance of reaching the outcome named if you go on playing as the strong bot would, "
                     "estimated from what you can see; ± covers only the sampling of the cards you cannot see, "
                     "not the estimate's own error (a few points in our checks).",
                     "fr",
                     "Chance d'atteindre le résultat nommé si vous continuez comme le jouerait le robot fort, "
                     "estimée d'après ce que vous voyez ; ± ne couvre que le tirage des cartes que vous ne voyez pas, "
                     "pas l'erreur propre de l'estimation (quelques points dans nos vérifications).");
}

/* The strong bot's hint from the player's view: its move, the chance of
 * hitting this visit's target and of reaching the chosen medal, their
 * margins, and what the chances mean. */
static json_t *nw_hint_json(const tw_match *m)
{
    const tw_nw_state *s = &cof(m)->state;
    if (tw_nw_is_over(s))
        return NULL;
    tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, 0); /* the hint seeds its search from the view */
    tw_nw_view *view = malloc(sizeof *view);
    json_t *out = NULL;
    if (bot && view) {
        tw_nw_view_of(s, view);
        tw_nw_hint hint = tw_nw_hint_for(bot, view);
        char text[48];
        tw_nw_action_format(hint.action, text, (int)sizeof text);
        out = json_pack("{s:s, s:o, s:o, s:o, s:o, s:i, s:o}", "action", text, "p_target", probability(hint.p_target),
                        "margin", probability(hint.p_target < 0 ? -1 : hint.margin_target), "p_medal",
                        probability(hint.p_medal), "margin_medal", json_real(hint.margin_medal), "samples",
                        hint.samples, "meaning", nw_hint_meaning());
    }
    free(view);
    tw_nw_bot_free(bot);
    return out;
}

/* The analysis of one decision: the hint's estimator (tw_nw_estimate_actions)
 * from the player's view, each action's chance of the visit's target with
 * its margin; at the choice of a fief the choice is judged by the medal
 * (tw_nw_medal_chance), its margin the medal's spread over the target's. */
static int nw_estimate(const tw_match *m, tw_game_action played, int samples, tw_game_action *actions,
                       tw_game_chance *chances, int *best)
{
    const tw_nw_state *s = &cof(m)->state;
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    if (n < 2 || s->phase == TW_NW_PHASE_SUBSTITUTES || TW_NW_ACTION_KIND(played) == TW_NW_ACT_STOP)
        return 0;
    tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, 0); /* the estimator seeds its search from the view */
    tw_nw_view *view = malloc(sizeof *view);
    if (bot && view) {
        tw_nw_view_of(s, view);
        double p[TW_NW_MAX_ACTIONS], margin[TW_NW_MAX_ACTIONS];
        *best = tw_nw_estimate_actions(bot, view, acts, n, samples, p, margin);
        for (int i = 0; i < n; i++) {
            actions[i] = acts[i];
            tw_game_chance c = {p[i], margin[i], p[i], margin[i]};
            if (s->phase == TW_NW_PHASE_CHOOSE_FIEF) {
                c.value = tw_nw_medal_chance(view, acts[i], p[i]);
                c.value_margin = fabs(tw_nw_medal_chance(view, acts[i], 1) - tw_nw_medal_chance(view, acts[i], 0)) *
                                 margin[i];
            }
            chances[i] = c;
        }
    } else {
        n = 0;
    }
    free(view);
    tw_nw_bot_free(bot);
    return n;
}

/* Where the player stands: the fief visited (null while choosing one) and
 * the cards in the score pile. */
static json_t *nw_where_json(const tw_match *m)
{
    const tw_nw_state *s = &cof(m)->state;
    return json_pack("{s:o, s:i}", "fief", s->visiting >= 0 ? json_integer(s->visiting) : json_null(), "score",
                     (int)s->score_n);
}

/* A copy of the match. */
static tw_match *nw_clone(const tw_match *gm)
{
    nw_match *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    *m = *cof(gm);
    if (m->own) {
        m->own = malloc(sizeof *m->own);
        if (!m->own) {
            free(m);
            return NULL;
        }
        *m->own = *cof(gm)->own;
        m->catalog = m->own;
    }
    tw_nw_catalog *own = m->own;
    tw_match *copy = tw_game_clone_actions(&m->base, gm);
    if (!copy)
        free(own);
    return copy;
}

/* The configuration of a new game: the setup, medal and variant chosen
 * (a decided visit may always be finished); the variant and the expert
 * rule only when chosen, so that a base game's stays as it was. */
static json_t *nw_new_config(json_t *options, uint64_t seed)
{
    (void)seed;
    const char *setup = json_string_value(json_object_get(options, "setup"));
    const char *medal = json_string_value(json_object_get(options, "medal"));
    const char *variant = json_string_value(json_object_get(options, "variant"));
    json_t *config = json_pack("{s:s, s:s}", "setup", setup ? setup : "intro", "medal", medal ? medal : "bronze");
    if (config && variant && tw_nw_variant_from_key(variant) > TW_NW_VARIANT_MEDALS)
        json_object_set_new(config, "variant", json_string(variant));
    if (config && json_is_true(json_object_get(options, "expert")))
        json_object_set_new(config, "expert", json_true());
    json_t *challenge = json_object_get(options, "challenge");
    if (config && ((json_is_integer(challenge) && json_integer_value(challenge) > 0) || json_is_string(challenge))) {
        /* a shipped challenge is kept by its id, with its own setup and
         * goal, so that the history counts it as what it was; one not
         * found is kept as given, and refused when the game starts */
        json_t *shipped = shipped_challenge(challenge);
        if (shipped) {
            json_object_set(config, "setup", json_object_get(shipped, "setup"));
            json_object_set(config, "medal", json_object_get(shipped, "medal"));
            json_object_del(config, "variant");
            json_object_del(config, "expert");
            if (strcmp(json_string_value(json_object_get(shipped, "variant")), "medals") != 0)
                json_object_set(config, "variant", json_object_get(shipped, "variant"));
            if (json_is_true(json_object_get(shipped, "expert")))
                json_object_set_new(config, "expert", json_true());
            json_object_set(config, "challenge", json_object_get(shipped, "id"));
            json_decref(shipped);
        } else {
            json_object_set(config, "challenge", challenge);
        }
    }
    return config;
}

/* A stored configuration: its form never changed. */
static json_t *nw_stored_config(json_t *stored)
{
    return json_incref(stored);
}

/* The facts of a finished game for the history: the setup and medal
 * aimed for, the stars and the medal reached. Played again on the web
 * only without the terminal's own characters ("characters" counts them). */
static int nw_history_facts(json_t *config, json_t *result, tw_game_facts *out)
{
    const char *setup = json_string_value(json_object_get(config, "setup"));
    const char *medal = json_string_value(json_object_get(config, "medal"));
    json_t *stars = json_object_get(result, "stars");
    const char *reached = json_string_value(json_object_get(result, "medal"));
    memset(out, 0, sizeof *out);
    if (!setup || !medal || !json_is_integer(stars))
        return -1;
    /* the goal names the group: the medal aimed for, or the hidden stars,
     * and "-expert" under the expert rule (games before the variants
     * name neither) */
    const char *variant = json_string_value(json_object_get(config, "variant"));
    int hidden = variant && strcmp(variant, tw_nw_variant_key(TW_NW_VARIANT_HIDDEN_STARS)) == 0;
    int expert = json_is_true(json_object_get(config, "expert"));
    /* a challenge by its id, or by its number in games made before the
     * web kept the id: one lookup says both its id and whether it is
     * shipped (then dealt again by id) */
    json_t *named = json_object_get(config, "challenge");
    json_t *shipped = named ? shipped_challenge(named) : NULL;
    const char *challenge = json_string_value(shipped ? json_object_get(shipped, "id") : named);
    snprintf(out->group, sizeof out->group, "%.20s%s", hidden ? variant : medal, expert ? "-expert" : "");
    if (challenge) /* a challenge's games are a group of their own */
        snprintf(out->group, sizeof out->group, "challenge-%.40s", challenge);
    snprintf(out->setup, sizeof out->setup, "%.20s-%.40s", setup, out->group);
    snprintf(out->reached, sizeof out->reached, "%s", reached ? reached : "none");
    out->score = (int)json_integer_value(stars);
    out->won = json_is_true(json_object_get(result, "won"));
    if (challenge) {
        /* a shipped challenge's game is dealt again by its id (its setup
         * and goal come with it); one read from elsewhere is not offered */
        if (shipped)
            out->again = json_pack("{s:s}", "challenge", challenge);
    } else if (json_integer_value(json_object_get(config, "characters")) == 0) {
        out->again = json_pack("{s:s, s:s}", "setup", setup, "medal", medal);
        if (out->again && hidden)
            json_object_set_new(out->again, "variant", json_string(variant));
        if (out->again && expert)
            json_object_set_new(out->again, "expert", json_true());
    }
    json_decref(shipped); /* challenge pointed into it */
    return 0;
}

/* The one player sees every action it took: none is hidden. */
static int nw_action_hidden(const tw_match *m, int index, int seat)
{
    (void)m;
    (void)index;
    (void)seat;
    return 0;
}

/* For a finished game's replay: the view with every deck card known. */
static json_t *nw_open_view_json(const tw_match *m)
{
    const tw_nw_state *s = &cof(m)->state;
    tw_nw_view *view = malloc(sizeof *view);
    if (!view)
        return NULL;
    view->visible = *s;
    memset(&view->visible.rng, 0, sizeof view->visible.rng);
    view->visible.deck_known = s->deck_n >= 32 ? 0xFFFFFFFFu : (1u << s->deck_n) - 1u;
    json_t *obj = tw_nw_view_json(view, cof(m)->catalog);
    free(view);
    return obj;
}

/* Deals the match again in place on the same characters and
 * configuration with another seed (the seed checked as nw_start does). */
static tw_error nw_redeal(tw_match *gm, uint64_t seed)
{
    nw_match *m = of(gm);
    tw_nw_config config = m->config;
    config.seed = seed;
    tw_error err = seed > TW_MAX_SEED ? TW_ERR_ARG : tw_nw_new_fixed(&m->state, m->catalog, &config, fixed_of(m), NULL);
    if (err == TW_OK) {
        m->config = config;
        gm->count = 0;
        m->seq = 0;
    }
    return err;
}

/* A new match on the same characters, configuration and seed. */
static tw_match *nw_restart(const tw_match *gm)
{
    tw_match *copy = nw_clone(gm);
    if (copy && nw_redeal(copy, cof(gm)->config.seed) != TW_OK) {
        nw_free(copy);
        return NULL;
    }
    return copy;
}

/* Checks the engine's invariants. */
static int nw_check(const tw_match *m, const char **why)
{
    return tw_nw_check_invariants(&cof(m)->state, why);
}

/* The engine's state, for screens. */
static const void *nw_state(const tw_match *m)
{
    return &cof(m)->state;
}

/* The options of a new game. */
static const char *const nw_setups[] = {"intro", "full", NULL};
static const char *const nw_medals[] = {"bronze", "silver", "gold", NULL};
static const char *const nw_variants[] = {"medals", "hidden-stars", NULL};
static const tw_game_option nw_options[] = {{"setup", nw_setups, 0, 0, 0, 0},
                                            {"medal", nw_medals, 0, 0, 0, 0},
                                            {"variant", nw_variants, 0, 0, 0, 0},
                                            {"expert", NULL, 0, 0, 1, 0},
                                            {"challenge", NULL, 0, TW_NW_MAX_CHALLENGES, 0, 1},
                                            {NULL, NULL, 0, 0, 0, 0}};

const tw_game tw_game_northwood = {
    .key = "northwood",
    .title = {"For Northwood!", "For Northwood!"},
    .seats = 1,
    .start = nw_start,
    .from_record = nw_from_record,
    .to_act = nw_to_act,
    .legal = nw_legal,
    .apply = nw_apply,
    .reason = nw_reason,
    .format = nw_format,
    .parse = nw_parse,
    .view_json = nw_view_json,
    .result_json = nw_result_json,
    .config_json = nw_config_json,
    .record_json = nw_record_json,
    .bot_names = nw_bot_names,
    .bot_new = nw_bot_new,
    .bot_choose = nw_bot_choose,
    .bot_free = nw_bot_free,
    .hint_json = nw_hint_json,
    .clone = nw_clone,
    .check = nw_check,
    .free = nw_free,
    .record_name = "northwood",
    .options = nw_options,
    .partner_bots = NULL,
    .new_config = nw_new_config,
    .stored_config = nw_stored_config,
    .apply_seen = nw_apply_seen,
    .action_hidden = nw_action_hidden,
    .open_view_json = nw_open_view_json,
    .restart = nw_restart,
    .history_facts = nw_history_facts,
    .estimate = nw_estimate,
    .chance_of = "target",
    .analyse_samples = 60,
    .where_json = nw_where_json,
    .bot_play = nw_bot_play,
    .redeal = nw_redeal,
    .bot_reseed = tw_game_bot_reseed,
    .state = nw_state,
    .event_log = nw_event_log,
    .apply_reveals = nw_apply_reveals,
    .cards_json = nw_cards_json,
    .challenges_json = nw_challenges_json,
};
