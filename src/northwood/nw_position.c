/* Position files: any For Northwood! state as JSON (see docs/formats.md,
 * "Position files"). Characters are named by catalog id; loading checks
 * every field, then that the whole state is one the game can be in. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nw_io.h"

static const char *const SETUP_KEYS[] = {"intro", "full"};
static const char *const MEDAL_AIMS[] = {NULL, "bronze", "silver", "gold"};

/* ---- Writing ---------------------------------------------------------- */

/* Appends a list of card codes. */
static void put_cards(tw_buf *buf, const uint8_t *cards, int n)
{
    char code[4];
    tw_buf_append(buf, "[", 1);
    for (int i = 0; i < n; i++) {
        tw_nw_card_code(cards[i], code);
        tw_buf_printf(buf, "%s\"%s\"", i ? ", " : "", code);
    }
    tw_buf_append(buf, "]", 1);
}

/* Appends the members of a bit set: card codes, suit names or numbers. */
static void put_set(tw_buf *buf, uint32_t set, int choice)
{
    char code[4];
    int first = 1;
    tw_buf_append(buf, "[", 1);
    for (int i = 0; i < 32; i++) {
        if (!(set & (1u << i)))
            continue;
        tw_buf_printf(buf, "%s", first ? "" : ", ");
        first = 0;
        if (choice == TW_NW_CHOICE_CARD) {
            tw_nw_card_code(i, code);
            tw_buf_printf(buf, "\"%s\"", code);
        } else if (choice == TW_NW_CHOICE_SUIT) {
            tw_buf_printf(buf, "\"%s\"", i < TW_NW_SUITS ? tw_nw_suit_key(i) : "?");
        } else {
            tw_buf_printf(buf, "%d", i);
        }
    }
    tw_buf_append(buf, "]", 1);
}

/* Whether a character in play is exactly its catalog entry, so that the
 * id alone brings it back. */
static int character_matches(const tw_nw_character *ch, const tw_nw_catalog *catalog)
{
    if (ch->catalog_index >= catalog->count)
        return 0;
    const tw_nw_catalog_entry *e = &catalog->entries[ch->catalog_index];
    return ch->suit == e->suit && ch->nsteps == e->nsteps &&
           memcmp(ch->steps, e->steps, (size_t)e->nsteps * sizeof e->steps[0]) == 0;
}

/* Appends an int, or null when negative. */
static void put_int_or_null(tw_buf *buf, int value)
{
    if (value < 0)
        tw_buf_printf(buf, "null");
    else
        tw_buf_printf(buf, "%d", value);
}

/* Appends the "ability" member: the running ability's interpreter. */
static int put_ability(tw_buf *buf, const tw_nw_run *run)
{
    char code[4];
    tw_buf_printf(buf, "  \"ability\": {\n    \"slot\": %d, \"pc\": %d,\n    \"program\": ", run->slot, run->pc);
    if (tw_nw_steps_to_json(run->program, run->len, buf) < 0)
        return -1;
    tw_buf_printf(buf, ",\n    \"choice\": \"%s\", \"left\": %d, \"first_pick\": ", tw_nw_choice_key(run->choice),
                  run->left);
    if (run->first_pick < TW_NW_CARDS) {
        tw_nw_card_code(run->first_pick, code);
        tw_buf_printf(buf, "\"%s\"", code);
    } else {
        tw_buf_printf(buf, "null");
    }
    if (run->named_suit < TW_NW_SUITS)
        tw_buf_printf(buf, ", \"named_suit\": \"%s\"", tw_nw_suit_key(run->named_suit));
    else
        tw_buf_printf(buf, ", \"named_suit\": null");
    tw_buf_printf(buf, ", \"step_started\": %s,\n", run->step_started ? "true" : "false");
    tw_buf_printf(buf,
                  "    \"may_pass\": %s, \"memo\": %d, \"repeat_left\": %d, \"repeat_start\": %d, "
                  "\"repeat_end\": %d, \"triggered\": %s,\n    \"pending\": ",
                  run->may_pass ? "true" : "false", run->memo, run->repeat_left, run->repeat_start, run->repeat_end,
                  run->triggered ? "true" : "false");
    put_set(buf, run->pending, run->choice);
    tw_buf_printf(buf, "\n  },\n");
    return 0;
}

/* Appends the "trigger" member: the delayed trigger armed for the next
 * response (written only while one is armed). */
static int put_trigger(tw_buf *buf, const tw_nw_trigger *trigger)
{
    tw_buf_printf(buf, "  \"trigger\": {\"slot\": %d, \"steps\": ", trigger->slot);
    if (tw_nw_steps_to_json(trigger->steps, trigger->len, buf) < 0)
        return -1;
    tw_buf_printf(buf, "},\n");
    return 0;
}

/* Serialises a state. */
tw_error tw_nw_position_to_json(const tw_nw_state *s, const tw_nw_catalog *catalog, tw_buf *buf)
{
    if (!tw_nw_check_invariants(s, NULL) || s->setup > TW_NW_SETUP_FULL || !tw_nw_medal_key(s->medal) ||
        s->medal == TW_NW_MEDAL_NONE)
        return TW_ERR_ARG;
    if (s->phase == TW_NW_PHASE_ABILITY &&
        (s->run.len == 0 || s->run.len > TW_NW_MAX_PROGRAM || s->run.choice == TW_NW_CHOICE_NONE ||
         s->run.choice > TW_NW_CHOICE_CONTINUE || s->run.slot >= TW_NW_SLOTS))
        return TW_ERR_ARG;
    if (s->trigger.active && (s->trigger.len > TW_NW_MAX_PROGRAM || s->trigger.slot >= TW_NW_SLOTS))
        return TW_ERR_ARG;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (!character_matches(&s->fiefs[f].ruler, catalog))
            return TW_ERR_ARG;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        if (!character_matches(&s->slots[i].ally, catalog))
            return TW_ERR_ARG;
    tw_buf_printf(buf, "{\n  \"format\": \"trickwood-position\",\n  \"version\": 1,\n  \"game\": \"northwood\",\n");
    tw_buf_printf(buf, "  \"setup\": \"%s\",\n  \"medal\": \"%s\",\n  \"phase\": \"%s\",\n  \"visiting\": ",
                  SETUP_KEYS[s->setup], tw_nw_medal_key(s->medal), tw_nw_phase_key(s->phase));
    put_int_or_null(buf, s->visiting);
    /* the variants are written only when chosen: a base game's file stays as it was */
    if (s->variant != TW_NW_VARIANT_MEDALS)
        tw_buf_printf(buf, ",\n  \"variant\": \"%s\"", tw_nw_variant_key(s->variant));
    if (s->expert)
        tw_buf_printf(buf, ",\n  \"expert\": true");
    if (s->star_fiefs) {
        tw_buf_printf(buf, ",\n  \"star_fiefs\": [");
        for (int f = 0, n = 0; f < TW_NW_FIEFS; f++)
            if (s->star_fiefs >> f & 1)
                tw_buf_printf(buf, "%s%d", n++ ? ", " : "", f);
        tw_buf_printf(buf, "]");
    }
    if (s->no_substitutes || s->max_allies || s->must_win) {
        tw_buf_printf(buf, ",\n  \"limits\": {\"no_substitutes\": %s, \"max_allies\": %d, \"allies_used\": [",
                      s->no_substitutes ? "true" : "false", s->max_allies);
        for (int i = 0, n = 0; i < TW_NW_SLOTS; i++)
            if (s->allies_used >> i & 1)
                tw_buf_printf(buf, "%s%d", n++ ? ", " : "", i);
        tw_buf_printf(buf, "], \"must_win\": [");
        for (int f = 0, n = 0; f < TW_NW_FIEFS; f++)
            if (s->must_win >> f & 1)
                tw_buf_printf(buf, "%s%d", n++ ? ", " : "", f);
        tw_buf_printf(buf, "]}");
    }
    tw_buf_printf(buf, ",\n  \"stopped\": %s,\n  \"ability_this_dialogue\": %s,\n  \"finish\": %s,\n  \"fiefs\": [\n",
                  s->stopped ? "true" : "false", s->ability_this_dialogue ? "true" : "false",
                  s->offer_finish ? "true" : "false");
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        const tw_nw_fief *fi = &s->fiefs[f];
        tw_buf_printf(buf, "    {\"ruler\": ");
        tw_json_put_string(buf, catalog->entries[fi->ruler.catalog_index].id);
        tw_buf_printf(buf, ", \"status\": \"%s\", \"ruler_present\": %s, \"substitute_slot\": ",
                      tw_nw_status_key(fi->status), fi->ruler_present ? "true" : "false");
        put_int_or_null(buf, fi->sub_slot);
        tw_buf_printf(buf, "}%s\n", f + 1 < TW_NW_FIEFS ? "," : "");
    }
    tw_buf_printf(buf, "  ],\n  \"slots\": [\n");
    for (int i = 0; i < TW_NW_SLOTS; i++) {
        const tw_nw_slot *sl = &s->slots[i];
        tw_buf_printf(buf, "    {\"ally\": ");
        tw_json_put_string(buf, catalog->entries[sl->ally.catalog_index].id);
        tw_buf_printf(buf, ", \"substitute_fief\": ");
        put_int_or_null(buf, sl->sub_fief);
        tw_buf_printf(buf, ", \"exhausted\": %s}%s\n", sl->exhausted ? "true" : "false", i + 1 < TW_NW_SLOTS ? "," : "");
    }
    tw_buf_printf(buf, "  ],\n  \"deck\": ");
    put_cards(buf, s->deck, s->deck_n);
    tw_buf_printf(buf, ",\n  \"deck_known\": ");
    put_set(buf, s->deck_known, TW_NW_CHOICE_FIEF);
    tw_buf_printf(buf, ",\n  \"hand\": ");
    put_set(buf, s->hand, TW_NW_CHOICE_CARD);
    tw_buf_printf(buf, ",\n  \"discard\": ");
    put_cards(buf, s->discard, s->discard_n);
    tw_buf_printf(buf, ",\n  \"score\": ");
    put_cards(buf, s->score, s->score_n);
    tw_buf_printf(buf, ",\n");
    if (s->trigger.active && put_trigger(buf, &s->trigger) < 0)
        return TW_ERR_ARG;
    if (s->phase == TW_NW_PHASE_ABILITY && put_ability(buf, &s->run) < 0)
        return TW_ERR_ARG;
    tw_buf_printf(buf, "  \"rng\": {\"state\": \"%016llx\", \"inc\": \"%016llx\"}\n}\n",
                  (unsigned long long)s->rng.state, (unsigned long long)s->rng.inc);
    return buf->failed ? TW_ERR_NOMEM : TW_OK;
}

/* Writes a position file atomically. */
tw_error tw_nw_position_save(const tw_nw_state *state, const tw_nw_catalog *catalog, const char *path)
{
    tw_buf buf = {0};
    tw_error err = tw_nw_position_to_json(state, catalog, &buf);
    if (err == TW_OK)
        err = tw_write_file_atomic(path, buf.data, buf.len);
    tw_buf_free(&buf);
    return err;
}

/* ---- Reading helpers -------------------------------------------------- */

/* Reads an optional fief or slot number in [0, hi], or null for none (-1).
 * A missing member keeps *out. */
static tw_error get_index_or_null(tw_jr *jr, json_t *obj, const char *path, const char *key, int hi, int *out)
{
    json_t *v;
    tw_error err = tw_jr_member(jr, obj, path, key, 0, &v);
    if (err || !v)
        return err;
    if (json_is_null(v)) {
        *out = -1;
        return TW_OK;
    }
    char field[128];
    tw_jr_path(field, sizeof field, path, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > hi)
        return tw_jr_fail(jr, field, "must be a whole number from 0 to %d or null", hi);
    *out = (int)json_integer_value(v);
    return TW_OK;
}

/* Reads a true/false member into a byte; a missing optional member keeps
 * *out. */
static tw_error get_flag(tw_jr *jr, json_t *obj, const char *path, const char *key, int required, uint8_t *out)
{
    int value;
    tw_error err = tw_jr_bool(jr, obj, path, key, required, *out, &value);
    if (err == TW_OK)
        *out = (uint8_t)value;
    return err;
}

/* Parses a card code value at field. */
static tw_error get_card(tw_jr *jr, json_t *v, const char *field, int *out)
{
    *out = json_is_string(v) ? tw_nw_card_parse(json_string_value(v)) : -1;
    if (*out < 0)
        return tw_jr_fail(jr, field,
                          "must be a card code: a value 1 to 8 and a suit letter C, F, L or E, such as \"7E\"");
    return TW_OK;
}

/* ---- Reading the parts of a position ---------------------------------- */

/* Reads a list of distinct numbers below limit at path into a bit mask. */
static tw_error read_bits(tw_jr *jr, json_t *obj, const char *path, const char *key, int limit, uint8_t *out)
{
    char field[64], item[80];
    tw_jr_path(field, sizeof field, path, key);
    json_t *list = json_object_get(obj, key);
    *out = 0;
    if (!list)
        return TW_OK;
    if (!json_is_array(list))
        return tw_jr_fail(jr, field, "must be a list of numbers from 0 to %d", limit - 1);
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *v = json_array_get(list, i);
        tw_jr_index(item, sizeof item, field, i);
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= limit ||
            (*out >> json_integer_value(v) & 1))
            return tw_jr_fail(jr, item, "must be a number from 0 to %d, not named before", limit - 1);
        *out |= (uint8_t)(1u << json_integer_value(v));
    }
    return TW_OK;
}

/* Reads a challenge's "limits" (optional): no substitutes, at most N
 * allies used and those used so far, the fiefs that must be won. */
static tw_error read_limits(tw_jr *jr, json_t *root, tw_nw_state *s)
{
    static const char *const keys[] = {"no_substitutes", "max_allies", "allies_used", "must_win", NULL};
    json_t *limits = json_object_get(root, "limits");
    long long max_allies;
    tw_error err;
    if (!limits)
        return TW_OK;
    if (!json_is_object(limits))
        return tw_jr_fail(jr, "limits", "must be an object (docs/formats.md)");
    if ((err = tw_jr_object(jr, limits, "limits", keys)) ||
        (err = get_flag(jr, limits, "limits", "no_substitutes", 0, &s->no_substitutes)) ||
        (err = tw_jr_int(jr, limits, "limits", "max_allies", 0, TW_NW_SLOTS, 0, 0, &max_allies)) ||
        (err = read_bits(jr, limits, "limits", "allies_used", TW_NW_SLOTS, &s->allies_used)) ||
        (err = read_bits(jr, limits, "limits", "must_win", TW_NW_FIEFS, &s->must_win)))
        return err;
    s->max_allies = (uint8_t)max_allies;
    if (s->max_allies && tw_popcount32(s->allies_used) > s->max_allies)
        return tw_jr_fail(jr, "limits.allies_used", "names more allies than max_allies allows");
    return TW_OK;
}

/* Reads the scoring: "variant" and "expert" (both optional) and, in the
 * hidden-stars variant, "star_fiefs": the three fiefs that carry a star,
 * which a position may leave out when they are not known (a player's
 * view: search then deals them at random). */
static tw_error read_variant(tw_jr *jr, json_t *root, tw_nw_state *s)
{
    static const char *const variants[] = {"medals", "hidden-stars"};
    int variant;
    tw_error err;
    if ((err = tw_jr_choice(jr, root, "", "variant", variants, 2, 0, 0, &variant)) ||
        (err = get_flag(jr, root, "", "expert", 0, &s->expert)))
        return err;
    s->variant = (uint8_t)variant;
    json_t *list = json_object_get(root, "star_fiefs");
    if (!list)
        return TW_OK;
    if (variant != TW_NW_VARIANT_HIDDEN_STARS)
        return tw_jr_fail(jr, "star_fiefs", "only a game of the \"hidden-stars\" variant has hidden stars");
    if (!json_is_array(list) || json_array_size(list) != TW_NW_HIDDEN_STARS)
        return tw_jr_fail(jr, "star_fiefs", "must be a list of the 3 fiefs (0 to 7) that carry a hidden star");
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *v = json_array_get(list, i);
        char field[32];
        tw_jr_index(field, sizeof field, "star_fiefs", i);
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= TW_NW_FIEFS)
            return tw_jr_fail(jr, field, "must be a fief number from 0 to 7");
        if (s->star_fiefs >> json_integer_value(v) & 1)
            return tw_jr_fail(jr, field, "names fief %lld a second time", (long long)json_integer_value(v));
        s->star_fiefs |= (uint8_t)(1u << json_integer_value(v));
    }
    return TW_OK;
}

/* Reads a character id member and looks it up in the catalog. */
static tw_error get_character(tw_jr *jr, const tw_nw_catalog *catalog, json_t *obj, const char *path,
                              const char *key, tw_nw_character *ch)
{
    json_t *v;
    tw_error err = tw_jr_member(jr, obj, path, key, 1, &v);
    if (err)
        return err;
    char field[128];
    tw_jr_path(field, sizeof field, path, key);
    if (!json_is_string(v))
        return tw_jr_fail(jr, field, "must be a character id such as \"queen-of-claws\"");
    int index = tw_nw_catalog_find(catalog, json_string_value(v));
    if (index < 0)
        return tw_jr_fail(jr, field, "unknown character '%.60s' (not in the catalog; add its character file)",
                          json_string_value(v));
    tw_nw_character_from_catalog(ch, catalog, index);
    return TW_OK;
}

/* Fetches a required list member with at most max items (exactly max
 * when exact). */
static tw_error get_list(tw_jr *jr, json_t *obj, const char *key, size_t max, int exact, json_t **out)
{
    tw_error err = tw_jr_member(jr, obj, "", key, 1, out);
    if (err)
        return err;
    if (!json_is_array(*out) || json_array_size(*out) > max || (exact && json_array_size(*out) != max))
        return tw_jr_fail(jr, key, "must be a list of %s%zu items", exact ? "exactly " : "at most ", max);
    return TW_OK;
}

/* Reads the eight fiefs. */
static tw_error read_fiefs(tw_jr *jr, const tw_nw_catalog *catalog, json_t *root, tw_nw_state *s)
{
    static const char *const keys[] = {"ruler", "status", "ruler_present", "substitute_slot", NULL};
    static const char *const statuses[] = {"neutral", "friendly", "lost"};
    json_t *list;
    tw_error err = get_list(jr, root, "fiefs", TW_NW_FIEFS, 1, &list);
    for (int f = 0; !err && f < TW_NW_FIEFS; f++) {
        json_t *obj = json_array_get(list, (size_t)f);
        tw_nw_fief *fi = &s->fiefs[f];
        char path[32];
        int status, sub = -1;
        tw_jr_index(path, sizeof path, "fiefs", (size_t)f);
        if (!json_is_object(obj))
            return tw_jr_fail(jr, path, "a fief must be an object with \"ruler\" and \"status\"");
        if ((err = tw_jr_object(jr, obj, path, keys)) ||
            (err = get_character(jr, catalog, obj, path, "ruler", &fi->ruler)) ||
            (err = tw_jr_choice(jr, obj, path, "status", statuses, 3, 1, 0, &status)))
            return err;
        fi->status = (uint8_t)status;
        fi->ruler_present = status != TW_NW_FIEF_LOST;
        if ((err = get_flag(jr, obj, path, "ruler_present", 0, &fi->ruler_present)) ||
            (err = get_index_or_null(jr, obj, path, "substitute_slot", TW_NW_SLOTS - 1, &sub)))
            return err;
        fi->sub_slot = (int8_t)sub;
    }
    tw_nw_recount(s);
    return err;
}

/* Reads the four ally slots. */
static tw_error read_slots(tw_jr *jr, const tw_nw_catalog *catalog, json_t *root, tw_nw_state *s)
{
    static const char *const keys[] = {"ally", "substitute_fief", "exhausted", NULL};
    json_t *list;
    tw_error err = get_list(jr, root, "slots", TW_NW_SLOTS, 1, &list);
    for (int i = 0; !err && i < TW_NW_SLOTS; i++) {
        json_t *obj = json_array_get(list, (size_t)i);
        tw_nw_slot *sl = &s->slots[i];
        char path[32];
        int sub = -1;
        tw_jr_index(path, sizeof path, "slots", (size_t)i);
        if (!json_is_object(obj))
            return tw_jr_fail(jr, path, "a slot must be an object with an \"ally\"");
        if ((err = tw_jr_object(jr, obj, path, keys)) ||
            (err = get_character(jr, catalog, obj, path, "ally", &sl->ally)) ||
            (err = get_index_or_null(jr, obj, path, "substitute_fief", TW_NW_FIEFS - 1, &sub)) ||
            (err = get_flag(jr, obj, path, "exhausted", 0, &sl->exhausted)))
            return err;
        sl->sub_fief = (int8_t)sub;
    }
    return err;
}

/* Checks that no character is in play twice. */
static tw_error check_unique_characters(tw_jr *jr, const tw_nw_catalog *catalog, const tw_nw_state *s)
{
    const tw_nw_character *chars[TW_NW_FIEFS + TW_NW_SLOTS];
    for (int f = 0; f < TW_NW_FIEFS; f++)
        chars[f] = &s->fiefs[f].ruler;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        chars[TW_NW_FIEFS + i] = &s->slots[i].ally;
    for (int j = 1; j < TW_NW_FIEFS + TW_NW_SLOTS; j++)
        for (int i = 0; i < j; i++)
            if (chars[i]->catalog_index == chars[j]->catalog_index) {
                char field[32], first[32];
                if (j < TW_NW_FIEFS)
                    snprintf(field, sizeof field, "fiefs[%d].ruler", j);
                else
                    snprintf(field, sizeof field, "slots[%d].ally", j - TW_NW_FIEFS);
                if (i < TW_NW_FIEFS)
                    snprintf(first, sizeof first, "fiefs[%d].ruler", i);
                else
                    snprintf(first, sizeof first, "slots[%d].ally", i - TW_NW_FIEFS);
                return tw_jr_fail(jr, field, "character '%s' is already in play as %s",
                                  catalog->entries[chars[j]->catalog_index].id, first);
            }
    return TW_OK;
}

/* Where each card was found, to report a card given twice. */
typedef struct {
    uint32_t seen;
    char where[TW_NW_CARDS][24];
} card_places;

/* Reads one card zone. For the hand, cards are set as bits; for piles
 * they are stored bottom first in out. */
static tw_error read_zone(tw_jr *jr, json_t *root, const char *key, card_places *places, uint8_t *out, int *n,
                          uint32_t *bits)
{
    json_t *list;
    tw_error err = get_list(jr, root, key, TW_NW_CARDS, 0, &list);
    if (err)
        return err;
    for (size_t i = 0; i < json_array_size(list); i++) {
        char field[32], code[4];
        int card;
        tw_jr_index(field, sizeof field, key, i);
        if ((err = get_card(jr, json_array_get(list, i), field, &card)))
            return err;
        tw_nw_card_code(card, code);
        if (places->seen & (1u << card))
            return tw_jr_fail(jr, field, "card %s is already in %s; each card is in exactly one place", code,
                              places->where[card]);
        places->seen |= 1u << card;
        snprintf(places->where[card], sizeof places->where[card], "%s", field);
        if (out)
            out[i] = (uint8_t)card;
        if (bits)
            *bits |= 1u << card;
    }
    if (n)
        *n = (int)json_array_size(list);
    return TW_OK;
}

/* Reads the deck, its known positions, the hand and the two piles. */
static tw_error read_cards(tw_jr *jr, json_t *root, tw_nw_state *s)
{
    card_places places;
    int deck_n = 0, discard_n = 0, score_n = 0;
    tw_error err;
    memset(&places, 0, sizeof places);
    if ((err = read_zone(jr, root, "deck", &places, s->deck, &deck_n, NULL)) ||
        (err = read_zone(jr, root, "hand", &places, NULL, NULL, &s->hand)) ||
        (err = read_zone(jr, root, "discard", &places, s->discard, &discard_n, NULL)) ||
        (err = read_zone(jr, root, "score", &places, s->score, &score_n, NULL)))
        return err;
    s->deck_n = (uint8_t)deck_n;
    s->discard_n = (uint8_t)discard_n;
    s->score_n = (uint8_t)score_n;
    if (places.seen != 0xFFFFFFFFu) {
        char code[4];
        tw_nw_card_code(tw_lowest_bit32(~places.seen), code);
        return tw_jr_fail(jr, "deck",
                          "card %s is in none of deck, hand, discard and score; all 32 cards must be placed", code);
    }
    json_t *known = json_object_get(root, "deck_known");
    if (!known)
        return TW_OK;
    if (!json_is_array(known))
        return tw_jr_fail(jr, "deck_known", "must be a list of deck positions (0 is the bottom card)");
    for (size_t i = 0; i < json_array_size(known); i++) {
        json_t *v = json_array_get(known, i);
        char field[32];
        tw_jr_index(field, sizeof field, "deck_known", i);
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= deck_n)
            return tw_jr_fail(jr, field, "must be a deck position from 0 (bottom) to %d (top)", deck_n - 1);
        s->deck_known |= 1u << json_integer_value(v);
    }
    return TW_OK;
}

/* Reads the "pending" list of a running ability. */
static tw_error read_pending(tw_jr *jr, json_t *ability, tw_nw_run *run)
{
    json_t *list;
    tw_error err = tw_jr_member(jr, ability, "ability", "pending", 1, &list);
    if (err)
        return err;
    if (!json_is_array(list) || json_array_size(list) > TW_NW_CARDS)
        return tw_jr_fail(jr, "ability.pending",
                          "must be a list of the cards, suits, fiefs or ally slots that can be picked");
    if (run->choice == TW_NW_CHOICE_CONTINUE && json_array_size(list) > 0)
        return tw_jr_fail(jr, "ability.pending",
                          "must be [] for choice \"continue\": the player goes on or passes, nothing is picked");
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *v = json_array_get(list, i);
        char field[40];
        int item = -1;
        tw_jr_index(field, sizeof field, "ability.pending", i);
        if (run->choice == TW_NW_CHOICE_CARD) {
            if ((err = get_card(jr, v, field, &item)))
                return err;
        } else if (run->choice == TW_NW_CHOICE_SUIT) {
            item = json_is_string(v) ? tw_nw_suit_from_key(json_string_value(v)) : -1;
            if (item < 0)
                return tw_jr_fail(jr, field, "must be a suit: \"claws\", \"flowers\", \"leaves\" or \"eyes\"");
        } else if (run->choice == TW_NW_CHOICE_SLOT) {
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= TW_NW_SLOTS)
                return tw_jr_fail(jr, field, "must be an ally slot from 0 to 3");
            item = (int)json_integer_value(v);
        } else {
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= TW_NW_FIEFS)
                return tw_jr_fail(jr, field, "must be a fief from 0 to 7");
            item = (int)json_integer_value(v);
        }
        run->pending |= 1u << item;
    }
    return TW_OK;
}

/* Whether the player may decline the choice of a step with "pass": the
 * engine offers it while these steps wait (run.may_pass). */
static int op_may_pass(int op)
{
    return tw_nw_step_has(op, TW_NW_STEP_MAY_PASS);
}

/* Names the steps whose choice may be passed, for messages: "a and b". */
static void may_pass_names(char *out, size_t size)
{
    int n = 0, total = 0;
    for (int op = 1; op <= TW_NW_OP_LAST; op++)
        total += op_may_pass(op);
    out[0] = 0;
    for (int op = 1; op <= TW_NW_OP_LAST; op++) {
        if (!op_may_pass(op))
            continue;
        size_t used = strlen(out);
        const char *sep = n == 0 ? "" : n == total - 1 ? " and " : ", ";
        snprintf(out + used, size - used, "%s%s", sep, tw_nw_op_key(op));
        n++;
    }
}

/* The highest remembered value: the values of all 32 cards added up. */
#define MAX_MEMO (TW_NW_SUITS * TW_NW_VALUES * (TW_NW_VALUES + 1) / 2)

/* Reads the optional members of a running ability that the crown
 * characters brought (may_pass, memo, repeat_*, triggered). Positions
 * written before them leave them out: the defaults are the values the
 * engine has for an ability without those steps. */
static tw_error read_run_extras(tw_jr *jr, json_t *ability, tw_nw_run *run)
{
    long long memo, repeat_left, repeat_start, repeat_end;
    tw_error err;
    run->may_pass = (uint8_t)op_may_pass(run->program[run->pc].op);
    if ((err = get_flag(jr, ability, "ability", "may_pass", 0, &run->may_pass)) ||
        (err = tw_jr_int(jr, ability, "ability", "memo", 0, MAX_MEMO, 0, 0, &memo)) ||
        (err = tw_jr_int(jr, ability, "ability", "repeat_left", 0, TW_NW_SLOTS - 1, 0, 0, &repeat_left)) ||
        (err = tw_jr_int(jr, ability, "ability", "repeat_start", 0, run->len, 0, 0, &repeat_start)) ||
        (err = tw_jr_int(jr, ability, "ability", "repeat_end", 0, run->len, 0, 0, &repeat_end)) ||
        (err = get_flag(jr, ability, "ability", "triggered", 0, &run->triggered)))
        return err;
    run->memo = (uint8_t)memo;
    run->repeat_left = (uint8_t)repeat_left;
    run->repeat_start = (uint8_t)repeat_start;
    run->repeat_end = (uint8_t)repeat_end;
    if (repeat_end < repeat_start)
        return tw_jr_fail(jr, "ability.repeat_end", "must not be below repeat_start (%lld)", repeat_start);
    return TW_OK;
}

/* Reads the running ability (phase "ability" only). */
static tw_error read_ability(tw_jr *jr, json_t *root, tw_nw_state *s)
{
    static const char *const keys[] = {"slot", "pc", "program", "choice", "left", "first_pick",
                                       "named_suit", "step_started", "may_pass", "memo", "repeat_left",
                                       "repeat_start", "repeat_end", "triggered", "pending", NULL};
    static const char *const choices[] = {NULL, "card", "suit", "fief", "ally", "continue"};
    json_t *ability = json_object_get(root, "ability"), *v;
    tw_nw_run *run = &s->run;
    tw_error err;
    long long slot, pc, left;
    int choice, value;
    if (s->phase != TW_NW_PHASE_ABILITY) {
        if (ability)
            return tw_jr_fail(jr, "ability", "only allowed when the phase is \"ability\"");
        return TW_OK;
    }
    if ((err = tw_jr_member(jr, root, "", "ability", 1, &ability)))
        return err;
    if (!json_is_object(ability))
        return tw_jr_fail(jr, "ability", "must be an object describing the running ability");
    if ((err = tw_jr_object(jr, ability, "ability", keys)) ||
        (err = tw_jr_int(jr, ability, "ability", "slot", 0, TW_NW_SLOTS - 1, 1, 0, &slot)) ||
        (err = tw_jr_member(jr, ability, "ability", "program", 1, &v)))
        return err;
    if (!json_is_array(v) || json_array_size(v) < 1 || json_array_size(v) > TW_NW_MAX_PROGRAM)
        return tw_jr_fail(jr, "ability.program", "must be a list of 1 to %d steps", TW_NW_MAX_PROGRAM);
    run->len = (uint8_t)json_array_size(v);
    for (size_t i = 0; i < json_array_size(v); i++) {
        char path[40];
        tw_jr_index(path, sizeof path, "ability.program", i);
        if ((err = nw_step_parse(jr, json_array_get(v, i), path, &run->program[i])))
            return err;
    }
    if ((err = tw_jr_int(jr, ability, "ability", "pc", 0, run->len - 1, 1, 0, &pc)) ||
        (err = tw_jr_choice(jr, ability, "ability", "choice", choices, 6, 1, 0, &choice)) ||
        (err = tw_jr_int(jr, ability, "ability", "left", 0, TW_NW_CARDS, 1, 0, &left)) ||
        (err = get_flag(jr, ability, "ability", "step_started", 1, &run->step_started)) ||
        (err = tw_jr_member(jr, ability, "ability", "first_pick", 1, &v)))
        return err;
    run->active = 1;
    run->slot = (uint8_t)slot;
    run->pc = (uint8_t)pc;
    run->choice = (uint8_t)choice;
    run->left = (uint8_t)left;
    if (!json_is_null(v)) {
        if ((err = get_card(jr, v, "ability.first_pick", &value)))
            return err;
        run->first_pick = (uint8_t)value;
    }
    if ((err = tw_jr_member(jr, ability, "ability", "named_suit", 1, &v)))
        return err;
    if (!json_is_null(v)) {
        value = json_is_string(v) ? tw_nw_suit_from_key(json_string_value(v)) : -1;
        if (value < 0)
            return tw_jr_fail(jr, "ability.named_suit",
                              "must be a suit (\"claws\", \"flowers\", \"leaves\", \"eyes\") or null");
        run->named_suit = (uint8_t)value;
    }
    if ((err = read_run_extras(jr, ability, run)))
        return err;
    return read_pending(jr, ability, run);
}

/* Reads the delayed trigger armed for the next response ("trigger",
 * optional; only during a visit, after the first dialogue began). */
static tw_error read_trigger(tw_jr *jr, json_t *root, tw_nw_state *s)
{
    static const char *const keys[] = {"slot", "steps", NULL};
    json_t *trigger = json_object_get(root, "trigger"), *steps;
    tw_nw_trigger *t = &s->trigger;
    long long slot;
    tw_error err;
    if (!trigger || json_is_null(trigger))
        return TW_OK;
    if (s->phase != TW_NW_PHASE_BEFORE_STATEMENT && s->phase != TW_NW_PHASE_RESPONSE &&
        s->phase != TW_NW_PHASE_ABILITY)
        return tw_jr_fail(jr, "trigger",
                          "only allowed during a visit's dialogues (phase \"before_statement\", \"response\" or "
                          "\"ability\"): a trigger waits for the next response and is lost when the visit ends");
    if (!json_is_object(trigger))
        return tw_jr_fail(jr, "trigger", "must be an object with \"slot\" and \"steps\", or null");
    if ((err = tw_jr_object(jr, trigger, "trigger", keys)) ||
        (err = tw_jr_int(jr, trigger, "trigger", "slot", 0, TW_NW_SLOTS - 1, 1, 0, &slot)) ||
        (err = tw_jr_member(jr, trigger, "trigger", "steps", 1, &steps)))
        return err;
    if (!json_is_array(steps) || json_array_size(steps) > TW_NW_MAX_PROGRAM)
        return tw_jr_fail(jr, "trigger.steps", "must be a list of 0 to %d steps", TW_NW_MAX_PROGRAM);
    t->active = 1;
    t->slot = (uint8_t)slot;
    t->len = (uint8_t)json_array_size(steps);
    for (size_t i = 0; i < json_array_size(steps); i++) {
        char path[40];
        tw_jr_index(path, sizeof path, "trigger.steps", i);
        if ((err = nw_step_parse(jr, json_array_get(steps, i), path, &t->steps[i])))
            return err;
    }
    return TW_OK;
}

/* Reads "rng" (exact generator state) or else "seed". */
static tw_error read_rng(tw_jr *jr, json_t *root, tw_nw_state *s)
{
    static const char *const keys[] = {"state", "inc", NULL};
    json_t *rng = json_object_get(root, "rng"), *seed = json_object_get(root, "seed");
    tw_error err;
    if (rng && seed)
        return tw_jr_fail(jr, "seed", "give either \"rng\" or \"seed\", not both");
    if (!rng) {
        long long value;
        if ((err = tw_jr_int(jr, root, "", "seed", 0, (long long)TW_MAX_SEED, 0, 0, &value)))
            return err;
        tw_rng_seed(&s->rng, (uint64_t)value);
        return TW_OK;
    }
    if (!json_is_object(rng))
        return tw_jr_fail(jr, "rng", "must be an object with \"state\" and \"inc\" in hexadecimal");
    uint64_t values[2];
    if ((err = tw_jr_object(jr, rng, "rng", keys)) || (err = tw_jr_hex64(jr, rng, "rng", "state", &values[0])) ||
        (err = tw_jr_hex64(jr, rng, "rng", "inc", &values[1])))
        return err;
    if (!(values[1] & 1))
        return tw_jr_fail(jr, "rng.inc", "must be odd (a PCG32 stream increment)");
    s->rng.state = values[0];
    s->rng.inc = values[1];
    return TW_OK;
}

/* ---- Coherence -------------------------------------------------------- */

/* Whether the engine would be waiting for substitutes: a friendly ruler
 * is free and a slot is free. */
static int can_substitute(const tw_nw_state *s)
{
    int free_slot = 0, free_ruler = 0;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        free_slot |= s->slots[i].sub_fief < 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        free_ruler |= s->fiefs[f].status == TW_NW_FIEF_FRIENDLY && s->fiefs[f].ruler_present && s->fiefs[f].sub_slot < 0;
    return free_slot && free_ruler;
}

/* Checks fiefs and slots against each other. */
static tw_error check_characters(tw_jr *jr, const tw_nw_state *s)
{
    char field[48];
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        const tw_nw_fief *fi = &s->fiefs[f];
        snprintf(field, sizeof field, "fiefs[%d].ruler_present", f);
        if (fi->status == TW_NW_FIEF_LOST && fi->ruler_present)
            return tw_jr_fail(jr, field, "the ruler of a lost fief has left the game; must be false");
        if (fi->status == TW_NW_FIEF_NEUTRAL && !fi->ruler_present)
            return tw_jr_fail(jr, field, "an unvisited fief still has its ruler; must be true");
        snprintf(field, sizeof field, "fiefs[%d].substitute_slot", f);
        if (fi->sub_slot >= 0 && (fi->status != TW_NW_FIEF_FRIENDLY || !fi->ruler_present))
            return tw_jr_fail(jr, field,
                              "only the ruler of a friendly fief, still in the game, can stand in for an ally");
        if (fi->sub_slot >= 0 && s->slots[fi->sub_slot].sub_fief != f)
            return tw_jr_fail(jr, field, "slots[%d].substitute_fief must then be %d", fi->sub_slot, f);
    }
    for (int i = 0; i < TW_NW_SLOTS; i++) {
        int f = s->slots[i].sub_fief;
        snprintf(field, sizeof field, "slots[%d].substitute_fief", i);
        if (f >= 0 && s->fiefs[f].sub_slot != i)
            return tw_jr_fail(jr, field, "fiefs[%d].substitute_slot must then be %d", f, i);
        snprintf(field, sizeof field, "slots[%d]", i);
        if (s->visiting < 0 && (f >= 0 || s->slots[i].exhausted))
            return tw_jr_fail(jr, field, "between visits no ruler stands in and no ability is used up");
    }
    return TW_OK;
}

/* Checks that the phase fits the rest of the state, as the engine would
 * have left it. */
static tw_error check_phase(tw_jr *jr, const tw_nw_state *s)
{
    int hand = tw_popcount32(s->hand), visited = 0, ready = 0;
    const char *phase = tw_nw_phase_key(s->phase);
    for (int f = 0; f < TW_NW_FIEFS; f++)
        visited += s->fiefs[f].status != TW_NW_FIEF_NEUTRAL;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        ready += !s->slots[i].exhausted;
    int in_visit = s->phase != TW_NW_PHASE_CHOOSE_FIEF && s->phase != TW_NW_PHASE_GAME_OVER;
    if (s->phase == TW_NW_PHASE_CHOOSE_FIEF && s->visiting >= 0)
        return tw_jr_fail(jr, "visiting", "must be null between visits (phase \"choose_fief\")");
    if (in_visit && s->visiting < 0)
        return tw_jr_fail(jr, "visiting", "phase \"%s\" happens during a visit: give the fief being visited", phase);
    if (s->visiting >= 0 && s->fiefs[s->visiting].status != TW_NW_FIEF_NEUTRAL)
        return tw_jr_fail(jr, "visiting",
                          "fief %d was already visited, so it cannot be the one being visited", s->visiting);
    if (s->stopped && s->phase != TW_NW_PHASE_GAME_OVER)
        return tw_jr_fail(jr, "stopped", "only a game that is over can have been stopped");
    if (s->visiting < 0 && s->ability_this_dialogue)
        return tw_jr_fail(jr, "ability_this_dialogue", "must be false between visits");
    switch (s->phase) {
    case TW_NW_PHASE_CHOOSE_FIEF:
    case TW_NW_PHASE_SUBSTITUTES:
        if (hand != TW_NW_HAND_SIZE)
            return tw_jr_fail(jr, "hand",
                              "phase \"%s\" comes before the first dialogue: the hand holds 8 cards", phase);
        if (s->discard_n || s->score_n)
            return tw_jr_fail(jr, s->discard_n ? "discard" : "score",
                              "phase \"%s\" comes before the first dialogue: the pile must be empty", phase);
        if (s->phase == TW_NW_PHASE_CHOOSE_FIEF && visited == TW_NW_FIEFS)
            return tw_jr_fail(jr, "phase", "every fief was visited, so the game is over");
        if (s->phase == TW_NW_PHASE_SUBSTITUTES && (ready != TW_NW_SLOTS || s->ability_this_dialogue))
            return tw_jr_fail(jr, "slots", "no ability is used before the visit's first dialogue");
        if (s->phase == TW_NW_PHASE_SUBSTITUTES && !can_substitute(s))
            return tw_jr_fail(jr, "phase",
                              "no friendly ruler can stand in for an ally, so the game would not wait here");
        break;
    case TW_NW_PHASE_BEFORE_STATEMENT:
        if (!hand || !s->deck_n)
            return tw_jr_fail(jr, hand ? "deck" : "hand", "the visit ends as soon as the hand or the deck is empty");
        if (!ready)
            return tw_jr_fail(jr, "slots", "every ability is used up, so the statement would already be revealed");
        if (s->ability_this_dialogue)
            return tw_jr_fail(jr, "ability_this_dialogue",
                              "must be false before the statement (an ability leads straight to the statement)");
        break;
    case TW_NW_PHASE_RESPONSE:
        if (!s->discard_n)
            return tw_jr_fail(jr, "discard", "phase \"response\" answers the statement on top of the discard pile, "
                              "which is empty");
        if (!hand)
            return tw_jr_fail(jr, "hand", "phase \"response\" needs a card in hand to answer with");
        break;
    case TW_NW_PHASE_GAME_OVER:
        if (!s->stopped && (visited != TW_NW_FIEFS || s->visiting >= 0))
            return tw_jr_fail(jr, "phase", "a game that was not stopped ends only when every fief was visited");
        if (s->stopped && !tw_nw_goal_out_of_reach(s))
            return tw_jr_fail(jr, "stopped", "a game is stopped only once its goal is out of reach, and the fiefs "
                              "still in play can reach it");
        break;
    default:
        break;
    }
    return TW_OK;
}

/* Whether a step operation waits for this kind of choice (its row's). */
static int op_takes_choice(int op, int choice)
{
    const tw_nw_step_kind *kind = tw_nw_step_kind_of(op);
    return kind && choice != TW_NW_CHOICE_NONE && kind->choice == choice;
}

/* The nearest unvisited fief on each side of the visited one: where the
 * visit can move (step move_visit). */
static uint32_t move_visit_targets(const tw_nw_state *s)
{
    uint32_t result = 0;
    for (int f = s->visiting + 1; f < TW_NW_FIEFS; f++)
        if (s->fiefs[f].status == TW_NW_FIEF_NEUTRAL) {
            result |= 1u << f;
            break;
        }
    for (int f = s->visiting - 1; f >= 0; f--)
        if (s->fiefs[f].status == TW_NW_FIEF_NEUTRAL) {
            result |= 1u << f;
            break;
        }
    return result;
}

/* Checks what a running ability offers to pick against the state. */
static tw_error check_pending(tw_jr *jr, const tw_nw_state *s)
{
    const tw_nw_run *run = &s->run;
    int op = run->program[run->pc].op;
    if (!run->pending && run->choice != TW_NW_CHOICE_CONTINUE)
        return tw_jr_fail(jr, "ability.pending", "an ability waits only when something can be picked");
    if (run->choice == TW_NW_CHOICE_CARD && (run->pending & ~s->hand))
        return tw_jr_fail(jr, "ability.pending", "the cards that can be picked must be in the hand");
    if (run->choice == TW_NW_CHOICE_FIEF)
        for (int f = 0; f < TW_NW_FIEFS; f++) {
            if (!(run->pending & (1u << f)))
                continue;
            if (f == s->visiting || s->fiefs[f].status != TW_NW_FIEF_NEUTRAL)
                return tw_jr_fail(jr, "ability.pending", "fief %d can't be picked: only other unvisited fiefs can", f);
            if (op == TW_NW_OP_MOVE_VISIT && !(move_visit_targets(s) & (1u << f)))
                return tw_jr_fail(jr, "ability.pending",
                                  "fief %d can't be picked: the visit moves to the nearest unvisited fief on either "
                                  "side of fief %d", f, s->visiting);
        }
    if (run->choice == TW_NW_CHOICE_SLOT)
        for (int i = 0; i < TW_NW_SLOTS; i++)
            if ((run->pending & (1u << i)) && (i == run->slot || !s->slots[i].exhausted))
                return tw_jr_fail(jr, "ability.pending",
                                  "slot %d can't be picked: only another exhausted ally can be made ready", i);
    return TW_OK;
}

/* Checks a running ability against the state. */
static tw_error check_ability(tw_jr *jr, const tw_nw_state *s)
{
    const tw_nw_run *run = &s->run;
    if (s->phase != TW_NW_PHASE_ABILITY)
        return TW_OK;
    int op = run->program[run->pc].op;
    /* A delayed trigger runs after the response of a dialogue whose ability
     * armed it; when it re-armed itself the dialogue may have none. */
    if (!run->triggered && !s->slots[run->slot].exhausted)
        return tw_jr_fail(jr, "ability.slot", "the slot whose ability runs must be exhausted (slots[%d].exhausted)",
                          run->slot);
    if (!run->triggered && !s->ability_this_dialogue)
        return tw_jr_fail(jr, "ability_this_dialogue", "must be true while an ability runs");
    if (!op_takes_choice(op, run->choice))
        return tw_jr_fail(jr, "ability.choice", "step %d of the program (\"%s\") does not ask for choice \"%s\"",
                          run->pc, tw_nw_op_key(op), tw_nw_choice_key(run->choice));
    if (!run->step_started)
        return tw_jr_fail(jr, "ability.step_started",
                          "an ability waiting for a choice has started its step; must be true");
    if (run->may_pass != op_may_pass(op)) {
        char names[160];
        may_pass_names(names, sizeof names);
        return tw_jr_fail(jr, "ability.may_pass", "must be %s: only the choices of steps %s may be passed",
                          op_may_pass(op) ? "true" : "false", names);
    }
    if (run->repeat_left) {
        const tw_nw_step *rep = run->repeat_start ? &run->program[run->repeat_start - 1] : NULL;
        if (!rep || !tw_nw_step_has(rep->op, TW_NW_STEP_REPEATS))
            return tw_jr_fail(jr, "ability.repeat_start",
                              "must be the step just after a \"repeat\" step while repeat_left is above 0");
        if (run->repeat_end != run->repeat_start + rep->c)
            return tw_jr_fail(jr, "ability.repeat_end", "must be %d: repeat_start plus the repeat step's body (%d)",
                              run->repeat_start + rep->c, rep->c);
    }
    tw_error err = check_pending(jr, s);
    if (err)
        return err;
    if (run->first_pick != TW_NW_NO_CARD && (s->hand & (1u << run->first_pick)))
        return tw_jr_fail(jr, "ability.first_pick", "the first card of a pair has left the hand already");
    return TW_OK;
}

/* Reads a whole parsed position. */
static tw_error read_position(tw_jr *jr, const tw_nw_catalog *catalog, json_t *root, tw_nw_state *s)
{
    static const char *const keys[] = {"format", "version", "game", "setup", "medal", "phase", "visiting",
                                       "stopped", "ability_this_dialogue", "finish", "fiefs", "slots", "deck",
                                       "deck_known", "hand", "discard", "score", "trigger", "ability", "rng",
                                       "seed", "variant", "expert", "star_fiefs", "limits", NULL};
    const char *phases[6];
    int setup, medal, phase, visiting = -1;
    tw_error err;
    memset(s, 0, sizeof *s);
    s->run.first_pick = TW_NW_NO_CARD;
    s->run.named_suit = TW_NW_NO_CARD;
    for (int i = 0; i < 6; i++)
        phases[i] = tw_nw_phase_key(i);
    if ((err = nw_read_header(jr, root, "trickwood-position", keys)) ||
        (err = tw_jr_choice(jr, root, "", "setup", SETUP_KEYS, 2, 1, 0, &setup)) ||
        (err = tw_jr_choice(jr, root, "", "medal", MEDAL_AIMS, 4, 1, 0, &medal)) ||
        (err = tw_jr_choice(jr, root, "", "phase", phases, 6, 1, 0, &phase)) ||
        (err = get_index_or_null(jr, root, "", "visiting", TW_NW_FIEFS - 1, &visiting)) ||
        (err = get_flag(jr, root, "", "stopped", 0, &s->stopped)) ||
        (err = get_flag(jr, root, "", "ability_this_dialogue", 0, &s->ability_this_dialogue)) ||
        (err = get_flag(jr, root, "", "finish", 0, &s->offer_finish)) || (err = read_variant(jr, root, s)) ||
        (err = read_limits(jr, root, s)))
        return err;
    s->setup = (uint8_t)setup;
    s->medal = (uint8_t)medal;
    s->phase = (uint8_t)phase;
    s->visiting = (int8_t)visiting;
    if ((err = read_fiefs(jr, catalog, root, s)) || (err = read_slots(jr, catalog, root, s)) ||
        (err = check_unique_characters(jr, catalog, s)) || (err = read_cards(jr, root, s)) ||
        (err = read_ability(jr, root, s)) || (err = read_trigger(jr, root, s)) || (err = read_rng(jr, root, s)) ||
        (err = check_characters(jr, s)) || (err = check_phase(jr, s)) || (err = check_ability(jr, s)))
        return err;
    tw_nw_recount(s); /* the values the engine keeps, now that the piles and the phase are read */
    const char *why = NULL;
    if (!tw_nw_check_invariants(s, &why))
        return tw_jr_fail(jr, "", "the position is not sound: %s", why);
    return TW_OK;
}

/* Reads a position from JSON text. */
tw_error tw_nw_position_from_text(tw_nw_state *state, const tw_nw_catalog *catalog, const char *text,
                                  const char *name, tw_diag *diag)
{
    tw_diag local;
    if (!diag)
        diag = &local;
    tw_diag_init(diag, name);
    json_t *root;
    tw_error err = tw_jr_parse(text, diag, &root);
    if (err)
        return err;
    tw_jr jr = {text, diag, 1};
    tw_nw_state s;
    err = read_position(&jr, catalog, root, &s);
    json_decref(root);
    if (err == TW_OK)
        *state = s;
    return err;
}

/* Reads a position file. */
tw_error tw_nw_position_load(tw_nw_state *state, const tw_nw_catalog *catalog, const char *path, tw_diag *diag)
{
    tw_diag local;
    if (!diag)
        diag = &local;
    tw_diag_init(diag, path);
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return TW_ERR_IO;
    tw_error err = tw_nw_position_from_text(state, catalog, text, path, diag);
    free(text);
    return err;
}
