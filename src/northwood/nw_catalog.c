/* Loads character files: each character's texts and its ability as a list
 * of effect steps (see docs/formats.md, "Character files"). */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nw_io.h"

/* Suit references of steps and suits of characters, by value: the four
 * suits, then TW_NW_SUITREF_TRUMP and TW_NW_SUITREF_NAMED. */
static const char *const SUIT_REFS[] = {"claws", "flowers", "leaves", "eyes", "trump", "named"};

/* Reads a values field of a step: a non-empty list of distinct card
 * values 1..8, kept as a mask (bit v-1 for value v). */
static tw_error values_field(tw_jr *jr, json_t *obj, const char *path, const char *key, int *mask)
{
    json_t *list;
    char sub[256];
    tw_error err = tw_jr_member(jr, obj, path, key, 1, &list);
    if (err)
        return err;
    tw_jr_path(sub, sizeof sub, path, key);
    if (!json_is_array(list) || json_array_size(list) == 0)
        return tw_jr_fail(jr, sub, "must be a non-empty list of card values 1 to 8");
    *mask = 0;
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *v = json_array_get(list, i);
        char item[280];
        tw_jr_index(item, sizeof item, sub, i);
        if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > TW_NW_VALUES)
            return tw_jr_fail(jr, item, "must be a card value from 1 to 8");
        int bit = 1 << (json_integer_value(v) - 1);
        if (*mask & bit)
            return tw_jr_fail(jr, item, "repeats the value %d", (int)json_integer_value(v));
        *mask |= bit;
    }
    return TW_OK;
}

/* The field of a kind kept in byte at (0 a, 1 b, 2 c); the row of a
 * DISTINCT kind has fields at 0 and 1. */
static const tw_nw_step_field *field_at(const tw_nw_step_kind *kind, int at)
{
    for (int i = 0; i < TW_NW_STEP_FIELDS && kind->fields[i].key; i++)
        if (kind->fields[i].at == at)
            return &kind->fields[i];
    return &kind->fields[0];
}

/* Reads one field of a step, as its row describes it (tw_nw_step_field). */
static tw_error field_read(tw_jr *jr, json_t *obj, const char *path, const tw_nw_step_field *f, int *value)
{
    static const char *const piles[] = {"hand", "deck", "discard", "score"};
    static const char *const parities[] = {"even", "odd"};
    switch (f->type) {
    case TW_NW_FIELD_PILE: {
        const char *names[4];
        for (int p = 0; p < 4; p++)
            names[p] = (f->piles >> p) & 1 ? piles[p] : NULL;
        return tw_jr_choice(jr, obj, path, f->key, names, 4, 1, 0, value);
    }
    case TW_NW_FIELD_SUITREF:
        return tw_jr_choice(jr, obj, path, f->key, SUIT_REFS, f->hi, 1, 0, value);
    case TW_NW_FIELD_PARITY:
        return tw_jr_choice(jr, obj, path, f->key, parities, 2, 1, 0, value);
    case TW_NW_FIELD_VALUES:
        return values_field(jr, obj, path, f->key, value);
    default: { /* TW_NW_FIELD_INT, TW_NW_FIELD_SPAN */
        long long n = 0;
        tw_error err = tw_jr_int(jr, obj, path, f->key, f->lo, f->hi, !f->optional, f->fallback, &n);
        *value = (int)n;
        return err;
    }
    }
}

/* Parses one effect step object (see nw_io.h): the fields its kind's row
 * lists, the piles first (as the reader always has), then the others in
 * file order. "draw" is a short form of move_top from the deck to the
 * hand. */
tw_error nw_step_parse(tw_jr *jr, json_t *obj, const char *path, tw_nw_step *step)
{
    if (!json_is_object(obj))
        return tw_jr_fail(jr, path, "a step must be an object with an \"op\" field");
    json_t *opv;
    tw_error err = tw_jr_member(jr, obj, path, "op", 1, &opv);
    if (err)
        return err;
    char sub[256];
    tw_jr_path(sub, sizeof sub, path, "op");
    if (!json_is_string(opv))
        return tw_jr_fail(jr, sub, "must be the name of an operation");
    const char *opname = json_string_value(opv);
    memset(step, 0, sizeof *step);
    if (strcmp(opname, "draw") == 0) {
        static const char *const keys[] = {"op", "count", NULL};
        long long c = 0;
        if ((err = tw_jr_object(jr, obj, path, keys)) || (err = tw_jr_int(jr, obj, path, "count", 1, 32, 1, 0, &c)))
            return err;
        step->op = TW_NW_OP_MOVE_TOP;
        step->a = TW_NW_PILE_DECK;
        step->b = TW_NW_PILE_HAND;
        step->c = (uint8_t)c;
        return TW_OK;
    }
    int op = tw_nw_op_from_key(opname);
    const tw_nw_step_kind *kind = tw_nw_step_kind_of(op);
    if (!kind)
        return tw_jr_fail(jr, sub, "unknown operation '%s' (see docs/formats.md for the list)", opname);
    const char *keys[TW_NW_STEP_FIELDS + 2] = {"op"};
    int nkeys = 1;
    for (int i = 0; i < TW_NW_STEP_FIELDS && kind->fields[i].key; i++)
        keys[nkeys++] = kind->fields[i].key;
    keys[nkeys] = NULL;
    if ((err = tw_jr_object(jr, obj, path, keys)))
        return err;
    uint8_t bytes[3] = {0, 0, 0};
    for (int piles_first = 1; piles_first >= 0; piles_first--)
        for (int i = 0; i < TW_NW_STEP_FIELDS && kind->fields[i].key; i++) {
            const tw_nw_step_field *f = &kind->fields[i];
            int value = 0;
            if ((f->type == TW_NW_FIELD_PILE) != piles_first)
                continue;
            if ((err = field_read(jr, obj, path, f, &value)))
                return err;
            bytes[f->at] = (uint8_t)value;
        }
    if ((kind->traits & TW_NW_STEP_DISTINCT) && bytes[0] == bytes[1]) {
        tw_jr_path(sub, sizeof sub, path, field_at(kind, 1)->key);
        return tw_jr_fail(jr, sub, "must differ from '%s'", field_at(kind, 0)->key);
    }
    step->op = (uint8_t)op;
    step->a = bytes[0];
    step->b = bytes[1];
    step->c = bytes[2];
    return TW_OK;
}

/* Reads the "id" field of a character: a short text of lower-case
 * letters, digits, '-' and '_'. */
static tw_error id_field(tw_jr *jr, json_t *obj, const char *path, char *out, size_t size)
{
    json_t *id;
    char sub[256];
    tw_error err = tw_jr_member(jr, obj, path, "id", 1, &id);
    if (err)
        return err;
    tw_jr_path(sub, sizeof sub, path, "id");
    if (!json_is_string(id) || !json_string_length(id) || json_string_length(id) >= size)
        return tw_jr_fail(jr, sub, "must be a non-empty text of at most %zu characters", size - 1);
    for (const char *p = json_string_value(id); *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
            return tw_jr_fail(jr, sub, "may hold only lower-case letters, digits, '-' and '_'");
    snprintf(out, size, "%s", json_string_value(id));
    return TW_OK;
}

/* Parses one character object into an entry. */
static tw_error parse_character(tw_jr *jr, json_t *obj, const char *path, tw_nw_catalog_entry *e)
{
    static const char *const keys[] = {"id", "suit", "crown", "intro", "name", "title", "text", "steps", NULL};
    static const char *const intro_roles[] = {"none", "ally", "ruler"};
    if (!json_is_object(obj))
        return tw_jr_fail(jr, path, "a character must be an object");
    memset(e, 0, sizeof *e);
    int suit, crown, intro;
    tw_error err;
    if ((err = tw_jr_object(jr, obj, path, keys)) || (err = id_field(jr, obj, path, e->id, sizeof e->id)) ||
        (err = tw_jr_choice(jr, obj, path, "suit", SUIT_REFS, TW_NW_SUITS, 1, 0, &suit)) ||
        (err = tw_jr_bool(jr, obj, path, "crown", 0, 0, &crown)) ||
        (err = tw_jr_choice(jr, obj, path, "intro", intro_roles, 3, 0, TW_NW_INTRO_NONE, &intro)) ||
        (err = tw_jr_text_pair(jr, obj, path, "name", 1, e->name[0], e->name[1], sizeof e->name[0])) ||
        (err = tw_jr_text_pair(jr, obj, path, "title", 0, e->title[0], e->title[1], sizeof e->title[0])) ||
        (err = tw_jr_text_pair(jr, obj, path, "text", 1, e->text[0], e->text[1], sizeof e->text[0])))
        return err;
    e->suit = (uint8_t)suit;
    e->crown = (uint8_t)crown;
    e->intro_role = (uint8_t)intro;
    json_t *steps;
    char sub[256];
    if ((err = tw_jr_member(jr, obj, path, "steps", 1, &steps)))
        return err;
    tw_jr_path(sub, sizeof sub, path, "steps");
    if (!json_is_array(steps) || json_array_size(steps) > TW_NW_MAX_STEPS)
        return tw_jr_fail(jr, sub, "must be a list of at most %d steps", TW_NW_MAX_STEPS);
    for (size_t i = 0; i < json_array_size(steps); i++) {
        char spath[280];
        tw_jr_index(spath, sizeof spath, sub, i);
        if ((err = nw_step_parse(jr, json_array_get(steps, i), spath, &e->steps[i])))
            return err;
    }
    e->nsteps = (uint8_t)json_array_size(steps);
    for (int i = 0; i < e->nsteps; i++) {
        const tw_nw_step *st = &e->steps[i];
        const tw_nw_step_kind *kind = tw_nw_step_kind_of(st->op);
        for (int k = 0; k < TW_NW_STEP_FIELDS && kind->fields[k].key; k++) {
            const tw_nw_step_field *f = &kind->fields[k];
            if (f->type == TW_NW_FIELD_SPAN && i + tw_nw_step_at(st, f->at) >= e->nsteps) {
                char spath[280];
                tw_jr_index(spath, sizeof spath, sub, (size_t)i);
                tw_jr_path(sub, sizeof sub, spath, f->key);
                return tw_jr_fail(jr, sub, "reaches past the last step (%d steps follow this one)",
                                  e->nsteps - i - 1);
            }
        }
    }
    return TW_OK;
}

/* Reads the characters of a parsed character file into work, which
 * already holds the catalog's earlier entries. A character whose id an
 * earlier file defined replaces it in its place; the same id twice in one
 * file is an error. */
static tw_error read_file(tw_jr *jr, json_t *root, tw_nw_catalog *work)
{
    static const char *const keys[] = {"format", "version", "characters", NULL};
    tw_error err;
    if ((err = tw_jr_header(jr, root, "trickwood-characters", 1)) || (err = tw_jr_object(jr, root, "", keys)))
        return err;
    json_t *list = json_object_get(root, "characters");
    if (!json_is_array(list))
        return tw_jr_fail(jr, list ? "characters" : "", "field 'characters' must be a list");
    uint64_t this_file = 0;
    for (size_t i = 0; i < json_array_size(list); i++) {
        char path[64], sub[80];
        tw_jr_index(path, sizeof path, "characters", i);
        tw_nw_catalog_entry e;
        if ((err = parse_character(jr, json_array_get(list, i), path, &e)))
            return err;
        int at = tw_nw_catalog_find(work, e.id);
        if (at >= 0 && (this_file >> at) & 1) {
            tw_jr_path(sub, sizeof sub, path, "id");
            return tw_jr_fail(jr, sub, "character '%s' is already defined in this file", e.id);
        }
        if (at < 0) {
            if (work->count >= TW_NW_MAX_CATALOG)
                return tw_jr_fail(jr, path, "too many characters (at most %d)", TW_NW_MAX_CATALOG);
            at = work->count++;
        }
        work->entries[at] = e;
        this_file |= 1ull << at;
    }
    work->from_user |= this_file;
    return TW_OK;
}

/* Parses a character file text and appends its characters. */
tw_error tw_nw_catalog_add_text(tw_nw_catalog *catalog, const char *text, const char *name, tw_diag *diag)
{
    tw_diag_init(diag, name);
    json_t *root;
    tw_error err = tw_jr_parse(text, diag, &root);
    if (err)
        return err;
    tw_nw_catalog *work = malloc(sizeof *work);
    if (!work) {
        json_decref(root);
        return TW_ERR_NOMEM;
    }
    *work = *catalog;
    tw_jr jr = {text, diag, 0};
    err = read_file(&jr, root, work);
    if (!err)
        *catalog = *work;
    free(work);
    json_decref(root);
    return err;
}

/* Reads a character file and appends its characters. */
tw_error tw_nw_catalog_add_file(tw_nw_catalog *catalog, const char *path, tw_diag *diag)
{
    tw_diag_init(diag, path);
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return TW_ERR_IO;
    tw_error err = tw_nw_catalog_add_text(catalog, text, path, diag);
    free(text);
    return err;
}

/* Loads data/characters.json into an emptied catalog. */
tw_error tw_nw_catalog_load_default(tw_nw_catalog *catalog, tw_diag *diag)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/characters.json", tw_data_dir());
    catalog->count = 0;
    catalog->from_user = 0;
    tw_error err = tw_nw_catalog_add_file(catalog, path, diag);
    catalog->from_user = 0; /* the defaults are not the user's */
    return err;
}

/* Finds a character by id. */
int tw_nw_catalog_find(const tw_nw_catalog *catalog, const char *id)
{
    for (int i = 0; i < catalog->count; i++)
        if (strcmp(catalog->entries[i].id, id) == 0)
            return i;
    return -1;
}

/* Counts the characters of a suit. */
int tw_nw_catalog_suit_count(const tw_nw_catalog *catalog, int suit)
{
    int n = 0;
    for (int i = 0; i < catalog->count; i++)
        if (catalog->entries[i].suit == suit)
            n++;
    return n;
}
