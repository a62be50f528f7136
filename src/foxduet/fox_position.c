/* Position files: any state of a game (mid-trick, waiting for an ability
 * choice, between rounds, over) as JSON, with the RNG so that play goes on
 * exactly as it would have. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fox_io.h"

/* A list of suit keys for a bit set of suits. */
static json_t *suits_json(int bits)
{
    json_t *list = json_array();
    for (int s = 0; s < TW_FOX_SUITS; s++)
        if (bits & (1 << s))
            json_array_append_new(list, json_string(tw_fox_suit_key(s)));
    return list;
}

/* A JSON list of two values. */
static json_t *pair_json(json_t *a, json_t *b)
{
    json_t *list = json_array();
    json_array_append_new(list, a);
    json_array_append_new(list, b);
    return list;
}

/* 64 bits as 16 hexadecimal digits (JSON numbers cannot hold them exactly). */
static json_t *hex64_json(uint64_t x)
{
    char text[24];
    snprintf(text, sizeof text, "%016" PRIx64, x);
    return json_string(text);
}

tw_error tw_fox_position_to_json(const tw_fox_state *s, tw_buf *buf)
{
    json_t *root = json_object();
    json_object_set_new(root, "format", json_string("trickwood-position"));
    json_object_set_new(root, "version", json_integer(1));
    json_object_set_new(root, "game", json_string("foxduet"));
    json_object_set_new(root, "level", json_integer(s->level));
    json_t *rng = json_object();
    json_object_set_new(rng, "state", hex64_json(s->rng.state));
    json_object_set_new(rng, "inc", hex64_json(s->rng.inc));
    json_object_set_new(root, "rng", rng);
    json_object_set_new(root, "round", json_integer(s->round));
    json_object_set_new(root, "dealer", json_integer(s->dealer));
    json_object_set_new(root, "leader", json_integer(s->leader));
    json_object_set_new(root, "tricks_done", json_integer(s->tricks_done));
    json_object_set_new(root, "phase", json_string(tw_fox_phase_key(s->phase)));
    json_object_set_new(root, "actor", json_integer(s->actor));
    json_object_set_new(root, "hands", pair_json(fox_cards_json(s->hand[0]), fox_cards_json(s->hand[1])));
    json_object_set_new(root, "deck", fox_cards_json(s->deck));
    json_object_set_new(root, "decree", fox_card_json(s->decree));
    json_t *trick = json_array();
    for (int i = 0; i < s->trick_n; i++)
        json_array_append_new(trick, fox_card_json(s->trick[i]));
    json_object_set_new(root, "trick", trick);
    json_object_set_new(root, "set_aside", fox_cards_json(s->set_aside));
    json_object_set_new(root, "known", pair_json(fox_cards_json(s->known[0]), fox_cards_json(s->known[1])));
    json_object_set_new(root, "void_suits", pair_json(suits_json(s->void_suits[0]), suits_json(s->void_suits[1])));
    json_object_set_new(root, "fox_seat", json_integer(s->fox_seat));
    json_object_set_new(root, "gift_seat", json_integer(s->gift_seat));
    json_object_set_new(root, "gift_picks", pair_json(fox_card_json(s->gift_pick[0]), fox_card_json(s->gift_pick[1])));
    json_object_set_new(root, "winner", json_integer(s->winner));
    json_object_set_new(root, "ignore_mask", json_integer(s->ignore_mask));
    json_object_set_new(root, "toward", json_integer(s->toward));
    json_object_set_new(root, "last_winner", json_integer(s->last_winner));
    json_object_set_new(root, "end", json_string(tw_fox_end_key(s->end)));
    const tw_fox_path *p = &s->path;
    json_t *path = json_object();
    json_object_set_new(path, "token", json_integer(p->token));
    json_object_set_new(path, "covered", pair_json(json_integer(p->covered[0]), json_integer(p->covered[1])));
    json_object_set_new(path, "forest_left", json_integer(p->forest_left));
    json_object_set_new(path, "forest_start", json_integer(p->forest_start));
    json_t *gems = json_array(), *plus = json_array();
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        json_array_append_new(gems, json_integer(p->gems[i]));
        json_array_append_new(plus, json_boolean(p->plus[i]));
    }
    json_object_set_new(path, "gems", gems);
    json_object_set_new(path, "plus", plus);
    json_object_set_new(path, "gems_placed", json_integer(p->gems_placed));
    json_object_set_new(path, "gems_collected", json_integer(p->gems_collected));
    json_object_set_new(root, "path", path);
    tw_error err = tw_json_dump_to(root, buf);
    json_decref(root);
    return err;
}

tw_error tw_fox_position_save(const tw_fox_state *state, const char *path)
{
    tw_buf buf = {0};
    tw_error err = tw_fox_position_to_json(state, &buf);
    if (!err)
        err = tw_write_file_atomic(path, buf.data, buf.len);
    tw_buf_free(&buf);
    return err;
}

/* ---- Reading ------------------------------------------------------------ */

/* Reads obj[key] as a list of exactly two values and returns them. */
static tw_error pair_field(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, json_t **a,
                           json_t **b)
{
    char sub[256];
    tw_jr_path(sub, sizeof sub, path, key);
    json_t *v = json_object_get(obj, key);
    *a = *b = NULL;
    if (!v) {
        if (required)
            return tw_jr_fail(jr, path, "missing field '%s'", key);
        return TW_OK;
    }
    if (!json_is_array(v) || json_array_size(v) != 2)
        return tw_jr_fail(jr, sub, "must be a list of two entries, one per seat");
    *a = json_array_get(v, 0);
    *b = json_array_get(v, 1);
    return TW_OK;
}

/* Reads a card set for each seat from a two-entry list. */
static tw_error seat_cards(tw_jr *jr, json_t *obj, const char *key, int required, uint32_t out[2])
{
    json_t *v[2];
    tw_error err = pair_field(jr, obj, "", key, required, &v[0], &v[1]);
    out[0] = out[1] = 0;
    for (int i = 0; !err && i < 2 && v[i]; i++) {
        char sub[64];
        tw_jr_index(sub, sizeof sub, key, (size_t)i);
        err = fox_cards_parse_json(jr, v[i], sub, &out[i]);
    }
    return err;
}

/* Reads the suit lists of "void_suits". */
static tw_error void_field(tw_jr *jr, json_t *root, tw_fox_state *s)
{
    json_t *v[2];
    tw_error err = pair_field(jr, root, "", "void_suits", 0, &v[0], &v[1]);
    for (int seat = 0; !err && seat < 2 && v[seat]; seat++) {
        char sub[64];
        tw_jr_index(sub, sizeof sub, "void_suits", (size_t)seat);
        if (!json_is_array(v[seat]))
            return tw_jr_fail(jr, sub, "must be a list of suits (\"doves\", \"roses\", \"stars\")");
        for (size_t i = 0; i < json_array_size(v[seat]); i++) {
            json_t *item = json_array_get(v[seat], i);
            int suit = json_is_string(item) ? tw_fox_suit_from_key(json_string_value(item)) : -1;
            if (suit < 0) {
                char isub[80];
                tw_jr_index(isub, sizeof isub, sub, i);
                return tw_jr_fail(jr, isub, "must be \"doves\", \"roses\" or \"stars\"");
            }
            s->void_suits[seat] |= (uint8_t)(1u << suit);
        }
    }
    return err;
}

/* Reads "path". */
static tw_error path_field(tw_jr *jr, json_t *root, tw_fox_state *s)
{
    static const char *const keys[] = {"token", "covered", "forest_left", "forest_start", "gems", "plus",
                                       "gems_placed", "gems_collected", NULL};
    json_t *p = json_object_get(root, "path");
    if (!p)
        return tw_jr_fail(jr, "", "missing field 'path'");
    tw_error err;
    long long token, forest_left, forest_start, placed, collected;
    if ((err = tw_jr_object(jr, p, "path", keys)) ||
        (err = tw_jr_int(jr, p, "path", "token", TW_FOX_MIN_SPACE, TW_FOX_MAX_SPACE, 1, 0, &token)) ||
        (err = tw_jr_int(jr, p, "path", "forest_left", 0, 8, 1, 0, &forest_left)) ||
        (err = tw_jr_int(jr, p, "path", "forest_start", 0, 8, 1, 0, &forest_start)) ||
        (err = tw_jr_int(jr, p, "path", "gems_placed", 0, 255, 1, 0, &placed)) ||
        (err = tw_jr_int(jr, p, "path", "gems_collected", 0, 255, 1, 0, &collected)))
        return err;
    s->path.token = (int8_t)token;
    s->path.forest_left = (uint8_t)forest_left;
    s->path.forest_start = (uint8_t)forest_start;
    s->path.gems_placed = (uint8_t)placed;
    s->path.gems_collected = (uint8_t)collected;
    json_t *c[2];
    if ((err = pair_field(jr, p, "path", "covered", 1, &c[0], &c[1])))
        return err;
    for (int e = 0; e < 2; e++) {
        char sub[64];
        tw_jr_index(sub, sizeof sub, "path.covered", (size_t)e);
        if (!json_is_integer(c[e]) || json_integer_value(c[e]) < 0 || json_integer_value(c[e]) > 5)
            return tw_jr_fail(jr, sub, "must be a whole number from 0 to 5");
        s->path.covered[e] = (uint8_t)json_integer_value(c[e]);
    }
    const char *lists[2] = {"gems", "plus"};
    for (int l = 0; l < 2; l++) {
        char sub[64];
        tw_jr_path(sub, sizeof sub, "path", lists[l]);
        json_t *list = json_object_get(p, lists[l]);
        if (!list)
            return tw_jr_fail(jr, "path", "missing field '%s'", lists[l]);
        if (!json_is_array(list) || json_array_size(list) != TW_FOX_SPACES)
            return tw_jr_fail(jr, sub, "must be a list of 11 entries, spaces -5 to 5");
        for (size_t i = 0; i < TW_FOX_SPACES; i++) {
            json_t *item = json_array_get(list, i);
            char isub[80];
            tw_jr_index(isub, sizeof isub, sub, i);
            if (l == 0) {
                if (!json_is_integer(item) || json_integer_value(item) < 0 || json_integer_value(item) > 99)
                    return tw_jr_fail(jr, isub, "must be a whole number from 0 to 99");
                s->path.gems[i] = (uint8_t)json_integer_value(item);
            } else {
                if (!json_is_boolean(item))
                    return tw_jr_fail(jr, isub, "must be true or false");
                s->path.plus[i] = (uint8_t)json_is_true(item);
            }
        }
    }
    return TW_OK;
}

/* Reads an optional seat field (0 or 1) with a default. */
static tw_error seat_field(tw_jr *jr, json_t *root, const char *key, int fallback, uint8_t *out)
{
    long long v;
    tw_error err = tw_jr_int(jr, root, "", key, 0, 1, 0, fallback, &v);
    if (!err)
        *out = (uint8_t)v;
    return err;
}

/* Names the field most likely at fault for an invariant failure. */
static const char *field_for_reason(const char *why)
{
    if (strstr(why, "gem") || strstr(why, "forest") || strstr(why, "token") || strstr(why, "covered") ||
        strstr(why, "plus"))
        return "path";
    if (strstr(why, "Gift"))
        return "gift_picks";
    if (strstr(why, "known") || strstr(why, "lacks"))
        return "known";
    if (strstr(why, "phase") || strstr(why, "Foxes") || strstr(why, "choice") || strstr(why, "result"))
        return "phase";
    return "hands";
}

/* Parses a whole position object. */
static tw_error parse_position(tw_jr *jr, json_t *root, tw_fox_state *out)
{
    static const char *const keys[] = {"format", "version", "game", "level", "rng", "seed", "round", "dealer",
                                       "leader", "tricks_done", "phase", "actor", "hands", "deck", "decree",
                                       "trick", "set_aside", "known", "void_suits", "fox_seat", "gift_seat",
                                       "gift_picks", "winner", "ignore_mask", "toward", "last_winner", "end",
                                       "path", NULL};
    tw_error err;
    tw_fox_state s;
    memset(&s, 0, sizeof s);
    if ((err = tw_jr_header(jr, root, "trickwood-position", 1)) || (err = tw_jr_object(jr, root, "", keys)))
        return err;
    char text[32];
    if ((err = tw_jr_string(jr, root, "", "game", 1, text, sizeof text)))
        return err;
    if (strcmp(text, "foxduet") != 0)
        return tw_jr_fail(jr, "game", "must be \"foxduet\" (this is a position of another game)");
    long long level, round, tricks_done, seed, ignore;
    if ((err = tw_jr_int(jr, root, "", "level", 1, TW_FOX_LEVELS, 1, 1, &level)) ||
        (err = tw_jr_int(jr, root, "", "round", 1, TW_FOX_ROUNDS, 1, 1, &round)) ||
        (err = tw_jr_int(jr, root, "", "tricks_done", 0, TW_FOX_TRICKS, 1, 0, &tricks_done)) ||
        (err = seat_field(jr, root, "dealer", 0, &s.dealer)) ||
        (err = seat_field(jr, root, "leader", 1 - s.dealer, &s.leader)) ||
        (err = tw_jr_int(jr, root, "", "seed", 0, (long long)((1ULL << 53) - 1), 0, 0, &seed)) ||
        (err = tw_jr_int(jr, root, "", "ignore_mask", 0, 3, 0, 0, &ignore)))
        return err;
    s.level = (uint8_t)level;
    s.round = (uint8_t)round;
    s.tricks_done = (uint8_t)tricks_done;
    s.ignore_mask = (uint8_t)ignore;
    json_t *rng = json_object_get(root, "rng");
    if (rng) {
        static const char *const rng_keys[] = {"state", "inc", NULL};
        if ((err = tw_jr_object(jr, rng, "rng", rng_keys)) || (err = tw_jr_hex64(jr, rng, "rng", "state", &s.rng.state)) ||
            (err = tw_jr_hex64(jr, rng, "rng", "inc", &s.rng.inc)))
            return err;
        if (!(s.rng.inc & 1))
            return tw_jr_fail(jr, "rng.inc", "must be odd");
    } else {
        tw_rng_seed(&s.rng, (uint64_t)seed);
    }
    if ((err = tw_jr_string(jr, root, "", "phase", 1, text, sizeof text)))
        return err;
    int phase = tw_fox_phase_from_key(text);
    if (phase < 0)
        return tw_jr_fail(jr, "phase", "unknown phase \"%s\" (play, fox_target, fox_exchange, gift_first, "
                                       "gift_second, ignore, direction, forest, game_over)", text);
    s.phase = (uint8_t)phase;
    if ((err = seat_cards(jr, root, "hands", 1, s.hand)) || (err = seat_cards(jr, root, "known", 0, s.known)))
        return err;
    json_t *deck = json_object_get(root, "deck");
    if (!deck)
        return tw_jr_fail(jr, "", "missing field 'deck'");
    if ((err = fox_cards_parse_json(jr, deck, "deck", &s.deck)))
        return err;
    json_t *aside = json_object_get(root, "set_aside");
    if (aside && (err = fox_cards_parse_json(jr, aside, "set_aside", &s.set_aside)))
        return err;
    json_t *decree = json_object_get(root, "decree");
    int card;
    if (!decree)
        return tw_jr_fail(jr, "", "missing field 'decree'");
    if ((err = fox_card_parse_json(jr, decree, "decree", 0, &card)))
        return err;
    s.decree = (uint8_t)card;
    json_t *trick = json_object_get(root, "trick");
    s.trick[0] = s.trick[1] = TW_FOX_NO_CARD;
    if (trick) {
        if (!json_is_array(trick) || json_array_size(trick) > 2)
            return tw_jr_fail(jr, "trick", "must be a list of at most two cards, the led card first");
        for (size_t i = 0; i < json_array_size(trick); i++) {
            char sub[32];
            tw_jr_index(sub, sizeof sub, "trick", i);
            if ((err = fox_card_parse_json(jr, json_array_get(trick, i), sub, 0, &card)))
                return err;
            s.trick[s.trick_n++] = (uint8_t)card;
        }
    }
    if ((err = void_field(jr, root, &s)) || (err = path_field(jr, root, &s)))
        return err;
    /* Pending choices: defaults follow from the trick and the phase. */
    int last_seat = s.trick_n ? tw_fox_trick_seat(&s, s.trick_n - 1) : 0;
    int winner = s.trick_n == 2 ? tw_fox_trick_winner(&s) : 0;
    if ((err = seat_field(jr, root, "fox_seat", last_seat, &s.fox_seat)) ||
        (err = seat_field(jr, root, "gift_seat", last_seat, &s.gift_seat)) ||
        (err = seat_field(jr, root, "winner", winner, &s.winner)) ||
        (err = seat_field(jr, root, "toward", s.winner, &s.toward)) ||
        (err = seat_field(jr, root, "last_winner", s.leader, &s.last_winner)))
        return err;
    int actor = 0;
    switch (s.phase) {
    case TW_FOX_PHASE_FOX_TARGET: case TW_FOX_PHASE_FOX_EXCHANGE: actor = s.fox_seat; break;
    case TW_FOX_PHASE_GIFT_FIRST: actor = s.gift_seat; break;
    case TW_FOX_PHASE_GIFT_SECOND: actor = 1 - s.gift_seat; break;
    case TW_FOX_PHASE_IGNORE: case TW_FOX_PHASE_DIRECTION: actor = s.winner; break;
    case TW_FOX_PHASE_FOREST: actor = s.last_winner; break;
    default: break;
    }
    if ((err = seat_field(jr, root, "actor", actor, &s.actor)))
        return err;
    s.gift_pick[0] = s.gift_pick[1] = TW_FOX_NO_CARD;
    json_t *picks[2];
    if ((err = pair_field(jr, root, "", "gift_picks", 0, &picks[0], &picks[1])))
        return err;
    for (int i = 0; i < 2 && picks[i]; i++) {
        char sub[32];
        tw_jr_index(sub, sizeof sub, "gift_picks", (size_t)i);
        if ((err = fox_card_parse_json(jr, picks[i], sub, 1, &card)))
            return err;
        s.gift_pick[i] = (uint8_t)card;
    }
    if ((err = tw_jr_string(jr, root, "", "end", 0, text, sizeof text)))
        return err;
    int end = text[0] ? tw_fox_end_from_key(text) : TW_FOX_END_NONE;
    if (end < 0)
        return tw_jr_fail(jr, "end", "must be \"none\", \"won\", \"lost_path\" or \"lost_time\"");
    s.end = (uint8_t)end;
    const char *why = NULL;
    if (!tw_fox_check_invariants(&s, &why)) {
        const char *field = field_for_reason(why);
        return tw_jr_fail(jr, json_object_get(root, field) ? field : "", "inconsistent position: %s", why);
    }
    *out = s;
    return TW_OK;
}

tw_error tw_fox_position_from_text(tw_fox_state *state, const char *text, const char *name, tw_diag *diag)
{
    tw_diag_init(diag, name);
    json_t *root;
    tw_error err = tw_jr_parse(text, diag, &root);
    if (err)
        return err;
    tw_jr jr = {text, diag, 0};
    err = parse_position(&jr, root, state);
    json_decref(root);
    return err;
}

tw_error tw_fox_position_load(tw_fox_state *state, const char *path, tw_diag *diag)
{
    tw_diag_init(diag, path);
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return TW_ERR_IO;
    tw_error err = tw_fox_position_from_text(state, text, path, diag);
    free(text);
    return err;
}
