/* Game records: board, configuration, seed, who plays (optional) and the
 * list of actions in their text notation; loading replays and checks
 * every action. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fox_io.h"
#include "trickwood/notes.h"

tw_error tw_fox_record_init(tw_fox_record *rec, const tw_fox_board *board, const char *board_ref,
                            const tw_fox_config *config)
{
    memset(rec, 0, sizeof *rec);
    if (!board || !config || config->seed > TW_FOX_MAX_SEED)
        return TW_ERR_ARG;
    rec->board = *board;
    rec->config = *config;
    snprintf(rec->board_ref, sizeof rec->board_ref, "%s", board_ref ? board_ref : "");
    return TW_OK;
}

tw_error tw_fox_record_push(tw_fox_record *rec, tw_fox_action action)
{
    return tw_actions_push(&rec->actions, &rec->count, &rec->cap, action);
}

void tw_fox_record_free(tw_fox_record *rec)
{
    free(rec->actions);
    rec->actions = NULL;
    rec->count = rec->cap = 0;
}

tw_error tw_fox_record_replay(const tw_fox_record *rec, int n, tw_fox_state *out, tw_diag *diag)
{
    tw_fox_state s;
    tw_error err = tw_fox_new(&s, &rec->board, &rec->config, NULL);
    if (err) {
        if (diag)
            tw_diag_set(diag, 0, "config", "the board and configuration cannot start a game");
        return err;
    }
    if (n < 0 || n > rec->count)
        n = rec->count;
    for (int i = 0; i < n; i++) {
        err = tw_fox_apply(&s, rec->actions[i], NULL);
        if (err) {
            if (diag) {
                char field[32], text[48];
                snprintf(field, sizeof field, "actions[%d]", i);
                tw_fox_action_format(&s, rec->actions[i], text, sizeof text);
                tw_diag_set(diag, 0, field, "action \"%s\" is not legal here (%s)", text, tw_error_name(err));
            }
            return TW_ERR_MISMATCH;
        }
    }
    *out = s;
    return TW_OK;
}

/* The built-in partners a record's players may name: the bots that decide
 * from their own view (tw_fox_bot_kind_from_name's names but open-hands). */
static const char *const partner_names[] = {"rule", "random", "strong", NULL};

int tw_fox_players_partner_ok(const char *partner)
{
    for (int i = 0; partner_names[i]; i++)
        if (strcmp(partner, partner_names[i]) == 0)
            return 1;
    return 0;
}

/* The players object of a record, or NULL when the players are not valid. */
static json_t *players_json(const tw_fox_players *p)
{
    if ((p->seat != 0 && p->seat != 1) || !tw_fox_players_partner_ok(p->partner))
        return NULL;
    json_t *o = json_object();
    json_object_set_new(o, "hotseat", json_boolean(p->hotseat));
    json_object_set_new(o, "seat", json_integer(p->seat));
    json_object_set_new(o, "partner", json_string(p->partner));
    return o;
}

/* The result object of an ended game. */
static json_t *result_json(const tw_fox_state *s)
{
    json_t *r = json_object();
    json_object_set_new(r, "end", json_string(tw_fox_end_key(s->end)));
    json_object_set_new(r, "won", json_boolean(tw_fox_is_won(s)));
    json_object_set_new(r, "score", json_integer(tw_fox_score(s)));
    json_object_set_new(r, "round", json_integer(s->round));
    json_object_set_new(r, "gems_left", json_integer(tw_fox_gems_on_board(s)));
    return r;
}

tw_error tw_fox_record_to_json(const tw_fox_record *rec, tw_buf *buf)
{
    tw_fox_state s;
    if (tw_fox_new(&s, &rec->board, &rec->config, NULL) != TW_OK)
        return TW_ERR_ARG;
    json_t *root = json_object();
    json_object_set_new(root, "format", json_string("trickwood-record"));
    json_object_set_new(root, "version", json_integer(TW_FOX_RECORD_VERSION));
    json_object_set_new(root, "game", json_string("foxduet"));
    json_t *config = json_object();
    json_object_set_new(config, "level", json_integer(rec->config.level));
    json_object_set_new(config, "dealer", json_integer(rec->config.dealer));
    if (rec->board_ref[0])
        json_object_set_new(config, "board", json_string(rec->board_ref));
    else
        json_object_set_new(config, "board", fox_board_json(&rec->board));
    json_object_set_new(root, "config", config);
    json_object_set_new(root, "seed", json_integer((json_int_t)rec->config.seed));
    tw_error err = TW_OK;
    if (rec->has_players) {
        json_t *players = players_json(&rec->players);
        if (players)
            json_object_set_new(root, "players", players);
        else
            err = TW_ERR_ARG;
    }
    json_t *actions = json_array();
    for (int i = 0; i < rec->count && !err; i++) {
        char text[48];
        tw_fox_action_format(&s, rec->actions[i], text, sizeof text);
        json_array_append_new(actions, json_string(text));
        if (tw_fox_apply(&s, rec->actions[i], NULL) != TW_OK)
            err = TW_ERR_MISMATCH;
    }
    json_object_set_new(root, "actions", actions);
    if (!err && tw_fox_is_over(&s))
        json_object_set_new(root, "result", result_json(&s));
    if (!err)
        err = tw_json_dump_to(root, buf);
    json_decref(root);
    return err;
}

tw_error tw_fox_record_save(const tw_fox_record *rec, const char *path)
{
    tw_buf buf = {0};
    tw_error err = tw_fox_record_to_json(rec, &buf);
    if (!err)
        err = tw_write_file_atomic(path, buf.data, buf.len);
    tw_buf_free(&buf);
    return err;
}

/* Reads config.board: a board file name (resolved under data/boards/ when
 * it has no '/') or an embedded board object. In a version 1 record the
 * name "side-a.json" (also the default of level 1) meant the layout that
 * side A had then, now kept in TW_FOX_OLD_SIDE_A_FILE. */
static tw_error parse_board_field(tw_jr *jr, json_t *config, int version, tw_fox_record *rec)
{
    json_t *b = json_object_get(config, "board");
    int level = rec->config.level;
    if (!b) {
        const tw_fox_level_info *info = tw_fox_level(level);
        snprintf(rec->board_ref, sizeof rec->board_ref, "%s", info->board_file);
    } else if (json_is_string(b)) {
        if (json_string_length(b) == 0 || json_string_length(b) >= sizeof rec->board_ref)
            return tw_jr_fail(jr, "config.board", "must be a board file name or a board object");
        snprintf(rec->board_ref, sizeof rec->board_ref, "%s", json_string_value(b));
    } else if (json_is_object(b)) {
        rec->board_ref[0] = '\0';
        return fox_board_parse(jr, b, "config.board", 0, &rec->board);
    } else {
        return tw_jr_fail(jr, "config.board", "must be a board file name or a board object");
    }
    if (version == 1 && strcmp(rec->board_ref, "side-a.json") == 0)
        snprintf(rec->board_ref, sizeof rec->board_ref, "%s", TW_FOX_OLD_SIDE_A_FILE);
    char path[1200];
    if (strchr(rec->board_ref, '/'))
        snprintf(path, sizeof path, "%s", rec->board_ref);
    else
        tw_fox_board_default_path(rec->board_ref, path, sizeof path);
    tw_diag inner;
    tw_diag_init(&inner, path);
    if (tw_fox_board_load(&rec->board, path, &inner) != TW_OK) {
        char msg[700];
        tw_diag_format(&inner, msg, sizeof msg);
        return tw_jr_fail(jr, b ? "config.board" : "config", "the board file cannot be used: %s", msg);
    }
    return TW_OK;
}

/* Checks a stored result against the replayed game. */
static tw_error check_result(tw_jr *jr, json_t *result, const tw_fox_state *s)
{
    static const char *const keys[] = {"end", "won", "score", "round", "gems_left", NULL};
    tw_error err = tw_jr_object(jr, result, "result", keys);
    if (err)
        return err;
    if (!tw_fox_is_over(s))
        return tw_jr_fail(jr, "result", "the record has a result but its actions do not end the game");
    char end[32];
    long long score;
    if ((err = tw_jr_string(jr, result, "result", "end", 1, end, sizeof end)) ||
        (err = tw_jr_int(jr, result, "result", "score", 0, 1000, 0, tw_fox_score(s), &score)))
        return err;
    if (strcmp(end, tw_fox_end_key(s->end)) != 0)
        return tw_jr_fail(jr, "result.end", "says \"%s\" but the replayed game ended \"%s\"", end,
                          tw_fox_end_key(s->end));
    if (score != tw_fox_score(s))
        return tw_jr_fail(jr, "result.score", "says %lld but the replayed game scores %d", score, tw_fox_score(s));
    return TW_OK;
}

/* Reads the optional "players" object: who plays each seat. Missing
 * members take the defaults: not hotseat, seat 0, the rule partner. */
static tw_error parse_players(tw_jr *jr, json_t *obj, tw_fox_record *rec)
{
    static const char *const keys[] = {"hotseat", "seat", "partner", NULL};
    tw_fox_players p;
    memset(&p, 0, sizeof p);
    long long seat;
    tw_error err;
    if ((err = tw_jr_object(jr, obj, "players", keys)) ||
        (err = tw_jr_bool(jr, obj, "players", "hotseat", 0, 0, &p.hotseat)) ||
        (err = tw_jr_int(jr, obj, "players", "seat", 0, 1, 0, 0, &seat)) ||
        (err = tw_jr_string(jr, obj, "players", "partner", 0, p.partner, sizeof p.partner)))
        return err;
    if (!json_object_get(obj, "partner"))
        snprintf(p.partner, sizeof p.partner, "rule");
    if (!tw_fox_players_partner_ok(p.partner))
        return tw_jr_fail(jr, "players.partner", "must name a built-in partner: \"rule\", \"random\" or \"strong\"");
    p.seat = (int)seat;
    rec->players = p;
    rec->has_players = 1;
    return TW_OK;
}

/* Parses and replays the record held in root. */
static tw_error parse_record(tw_jr *jr, json_t *root, tw_fox_record *rec)
{
    static const char *const keys[] = {"format", "version", "game", "config", "seed", "players", "actions", "result",
                                       "notes", NULL};
    static const char *const config_keys[] = {"level", "dealer", "board", NULL};
    /* version 1 records are still read (see parse_board_field) */
    json_t *v = json_is_object(root) ? json_object_get(root, "version") : NULL;
    int version = json_is_integer(v) && json_integer_value(v) == 1 ? 1 : TW_FOX_RECORD_VERSION;
    tw_error err;
    if ((err = tw_jr_header(jr, root, "trickwood-record", version)) || (err = tw_jr_object(jr, root, "", keys)))
        return err;
    char game[32];
    if ((err = tw_jr_string(jr, root, "", "game", 1, game, sizeof game)))
        return err;
    if (strcmp(game, "foxduet") != 0)
        return tw_jr_fail(jr, "game", "must be \"foxduet\" (this is a record of another game)");
    json_t *config = json_object_get(root, "config");
    if (!config)
        return tw_jr_fail(jr, "", "missing field 'config'");
    long long level, dealer, seed;
    if ((err = tw_jr_object(jr, config, "config", config_keys)) ||
        (err = tw_jr_int(jr, config, "config", "level", 1, TW_FOX_LEVELS, 1, 1, &level)) ||
        (err = tw_jr_int(jr, config, "config", "dealer", 0, 1, 0, 0, &dealer)) ||
        (err = tw_jr_int(jr, root, "", "seed", 0, (long long)TW_FOX_MAX_SEED, 1, 0, &seed)))
        return err;
    rec->config.level = (int)level;
    rec->config.dealer = (int)dealer;
    rec->config.seed = (uint64_t)seed;
    if ((err = parse_board_field(jr, config, version, rec)))
        return err;
    json_t *players = json_object_get(root, "players");
    if (players && (err = parse_players(jr, players, rec)))
        return err;
    tw_fox_state s;
    if (tw_fox_new(&s, &rec->board, &rec->config, NULL) != TW_OK)
        return tw_jr_fail(jr, "config", "this board places no gem at level %lld", level);
    json_t *actions = json_object_get(root, "actions");
    if (!actions)
        return tw_jr_fail(jr, "", "missing field 'actions'");
    if (!json_is_array(actions))
        return tw_jr_fail(jr, "actions", "must be a list of actions such as \"play 7R\"");
    for (size_t i = 0; i < json_array_size(actions); i++) {
        char path[64];
        tw_jr_index(path, sizeof path, "actions", i);
        json_t *a = json_array_get(actions, i);
        tw_fox_action action;
        if (!json_is_string(a) || tw_fox_action_parse(&s, json_string_value(a), &action) != 0)
            return tw_jr_fail(jr, path, "not an action in the record notation (e.g. \"play 7R\", \"fox self\", "
                                        "\"gift 5S\", \"ignore none\", \"forest left\")");
        if (tw_fox_is_over(&s))
            return tw_jr_fail(jr, path, "the game is already over before this action");
        int seat = tw_fox_to_act(&s);
        if (tw_fox_apply(&s, action, NULL) != TW_OK)
            return tw_jr_fail(jr, path, "\"%s\" is not legal here (seat %d to act, phase %s)", json_string_value(a),
                              seat, tw_fox_phase_key(s.phase));
        if ((err = tw_fox_record_push(rec, action)))
            return err;
    }
    json_t *result = json_object_get(root, "result");
    if (result && (err = check_result(jr, result, &s)))
        return err;
    return tw_notes_check(jr, root, rec->count);
}

tw_error tw_fox_record_from_text(tw_fox_record *rec, const char *text, const char *name, tw_diag *diag)
{
    tw_diag_init(diag, name);
    memset(rec, 0, sizeof *rec);
    json_t *root;
    tw_error err = tw_jr_parse(text, diag, &root);
    if (err)
        return err;
    tw_jr jr = {text, diag, 0};
    tw_fox_record work;
    memset(&work, 0, sizeof work);
    err = parse_record(&jr, root, &work);
    json_decref(root);
    if (err) {
        tw_fox_record_free(&work);
        return err;
    }
    *rec = work;
    return TW_OK;
}

tw_error tw_fox_record_load(tw_fox_record *rec, const char *path, tw_diag *diag)
{
    tw_diag_init(diag, path);
    memset(rec, 0, sizeof *rec);
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return TW_ERR_IO;
    tw_error err = tw_fox_record_from_text(rec, text, path, diag);
    free(text);
    return err;
}
