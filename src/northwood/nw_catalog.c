/* Loads character files: each character's texts and its ability as a list
 * of effect steps (see docs/formats.md, "Character files"). */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trickwood/nw_files.h"

/* Context for reporting errors with a line number. */
typedef struct {
    const char *text;
    tw_diag *diag;
} loader;

/* Reports an error about the value at path. */
static tw_error fail_at(loader *ld, const char *path, const char *fmt, const char *detail)
{
    char message[256];
    snprintf(message, sizeof message, fmt, detail ? detail : "");
    return tw_diag_set(ld->diag, tw_json_locate_line(ld->text, path), path, "%s", message);
}

/* Checks that an object has only the listed keys. */
static tw_error only_keys(loader *ld, json_t *obj, const char *path, const char *const *allowed)
{
    const char *key;
    json_t *value;
    json_object_foreach(obj, key, value) {
        int ok = 0;
        for (int i = 0; allowed[i]; i++)
            if (strcmp(allowed[i], key) == 0)
                ok = 1;
        if (!ok) {
            char sub[256];
            snprintf(sub, sizeof sub, "%s.%s", path, key);
            return fail_at(ld, sub, "unknown field '%s'", key);
        }
    }
    return TW_OK;
}

/* Reads an integer field in [lo, hi]. */
static tw_error int_field(loader *ld, json_t *obj, const char *path, const char *key, int lo, int hi, int *out)
{
    char sub[256];
    snprintf(sub, sizeof sub, "%s.%s", path, key);
    json_t *v = json_object_get(obj, key);
    if (!v)
        return fail_at(ld, path, "missing field '%s'", key);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        char range[64];
        snprintf(range, sizeof range, "%d to %d", lo, hi);
        return fail_at(ld, sub, "must be a whole number from %s", range);
    }
    *out = (int)json_integer_value(v);
    return TW_OK;
}

/* Reads a pile name field; allow_hand says whether "hand" is accepted. */
static tw_error pile_field(loader *ld, json_t *obj, const char *path, const char *key, int allow_hand, int *out)
{
    char sub[256];
    snprintf(sub, sizeof sub, "%s.%s", path, key);
    json_t *v = json_object_get(obj, key);
    if (!v)
        return fail_at(ld, path, "missing field '%s'", key);
    int pile = json_is_string(v) ? tw_nw_pile_from_key(json_string_value(v)) : -1;
    if (pile < 0 || (pile == TW_NW_PILE_HAND && !allow_hand))
        return fail_at(ld, sub, "must be one of %s",
                       allow_hand ? "\"hand\", \"deck\", \"discard\", \"score\"" : "\"deck\", \"discard\", \"score\"");
    *out = pile;
    return TW_OK;
}

/* Parses one effect step object. */
static tw_error parse_step(loader *ld, json_t *obj, const char *path, tw_nw_step *step)
{
    if (!json_is_object(obj))
        return fail_at(ld, path, "a step must be an object with an \"op\" field%s", "");
    json_t *opv = json_object_get(obj, "op");
    if (!opv)
        return fail_at(ld, path, "missing field 'op'%s", "");
    if (!json_is_string(opv)) {
        char opath[256];
        snprintf(opath, sizeof opath, "%s.op", path);
        return fail_at(ld, opath, "must be the name of an operation%s", "");
    }
    const char *opname = json_string_value(opv);
    char sub[256];
    snprintf(sub, sizeof sub, "%s.op", path);
    memset(step, 0, sizeof *step);
    tw_error err = TW_OK;
    int a = 0, b = 0, c = 0;
    if (strcmp(opname, "draw") == 0) {
        static const char *const keys[] = {"op", "count", NULL};
        if ((err = only_keys(ld, obj, path, keys)) || (err = int_field(ld, obj, path, "count", 1, 32, &c)))
            return err;
        step->op = TW_NW_OP_MOVE_TOP;
        step->a = TW_NW_PILE_DECK;
        step->b = TW_NW_PILE_HAND;
        step->c = (uint8_t)c;
        return TW_OK;
    }
    int op = tw_nw_op_from_key(opname);
    step->op = (uint8_t)op;
    switch (op) {
    case TW_NW_OP_MOVE_TOP: {
        static const char *const keys[] = {"op", "from", "to", "count", NULL};
        if ((err = only_keys(ld, obj, path, keys)) || (err = pile_field(ld, obj, path, "from", 0, &a)) ||
            (err = pile_field(ld, obj, path, "to", 1, &b)))
            return err;
        if (json_object_get(obj, "count")) {
            if ((err = int_field(ld, obj, path, "count", 1, 32, &c)))
                return err;
        } else {
            c = 1;
        }
        if (a == b) {
            snprintf(sub, sizeof sub, "%s.to", path);
            return fail_at(ld, sub, "must differ from 'from'%s", "");
        }
        break;
    }
    case TW_NW_OP_DRAW_UP_TO: {
        static const char *const keys[] = {"op", "count", NULL};
        if ((err = only_keys(ld, obj, path, keys)) || (err = int_field(ld, obj, path, "count", 1, 32, &c)))
            return err;
        break;
    }
    case TW_NW_OP_CHOOSE_MOVE: {
        static const char *const keys[] = {"op", "to", "count", NULL};
        if ((err = only_keys(ld, obj, path, keys)) || (err = pile_field(ld, obj, path, "to", 0, &b)) ||
            (err = int_field(ld, obj, path, "count", 1, 32, &c)))
            return err;
        break;
    }
    case TW_NW_OP_MOVE_SUIT: {
        static const char *const keys[] = {"op", "suit", "to", NULL};
        if ((err = only_keys(ld, obj, path, keys)) || (err = pile_field(ld, obj, path, "to", 0, &b)))
            return err;
        json_t *sv = json_object_get(obj, "suit");
        snprintf(sub, sizeof sub, "%s.suit", path);
        if (!sv)
            return fail_at(ld, path, "missing field '%s'", "suit");
        const char *sname = json_is_string(sv) ? json_string_value(sv) : "";
        if (strcmp(sname, "trump") == 0)
            a = TW_NW_SUITREF_TRUMP;
        else if (strcmp(sname, "named") == 0)
            a = TW_NW_SUITREF_NAMED;
        else if ((a = tw_nw_suit_from_key(sname)) < 0)
            return fail_at(ld, sub, "must be a suit (\"claws\", \"flowers\", \"leaves\", \"eyes\"), \"trump\" or \"named\"%s", "");
        break;
    }
    case TW_NW_OP_MOVE_HIGHEST: {
        static const char *const keys[] = {"op", "to", NULL};
        if ((err = only_keys(ld, obj, path, keys)) || (err = pile_field(ld, obj, path, "to", 0, &b)))
            return err;
        break;
    }
    case TW_NW_OP_MOVE_PAIR_SUM: {
        static const char *const keys[] = {"op", "sum", "to", NULL};
        if ((err = only_keys(ld, obj, path, keys)) || (err = pile_field(ld, obj, path, "to", 0, &b)) ||
            (err = int_field(ld, obj, path, "sum", 2, 16, &c)))
            return err;
        break;
    }
    case TW_NW_OP_PEEK: {
        static const char *const keys[] = {"op", "count", NULL};
        if ((err = only_keys(ld, obj, path, keys)) || (err = int_field(ld, obj, path, "count", 1, 32, &c)))
            return err;
        break;
    }
    case TW_NW_OP_SWAP_RULER: {
        static const char *const keys[] = {"op", "distance", NULL};
        if ((err = only_keys(ld, obj, path, keys)) || (err = int_field(ld, obj, path, "distance", 1, 7, &c)))
            return err;
        break;
    }
    case TW_NW_OP_NAME_SUIT:
    case TW_NW_OP_EXCHANGE_TOP:
    case TW_NW_OP_COPY_RULER: {
        static const char *const keys[] = {"op", NULL};
        if ((err = only_keys(ld, obj, path, keys)))
            return err;
        break;
    }
    default:
        return fail_at(ld, sub, "unknown operation '%s' (see docs/formats.md for the list)", opname);
    }
    step->a = (uint8_t)a;
    step->b = (uint8_t)b;
    step->c = (uint8_t)c;
    return TW_OK;
}

/* Reads a {"en": ..., "fr": ...} text pair into two fixed buffers. */
static tw_error text_pair(loader *ld, json_t *obj, const char *path, const char *key, int required, char out[2][256],
                          size_t cap)
{
    char sub[256];
    snprintf(sub, sizeof sub, "%s.%s", path, key);
    json_t *v = json_object_get(obj, key);
    out[0][0] = out[1][0] = '\0';
    if (!v) {
        if (required)
            return fail_at(ld, path, "missing field '%s'", key);
        return TW_OK;
    }
    static const char *const langs[] = {"en", "fr", NULL};
    if (!json_is_object(v))
        return fail_at(ld, sub, "must be an object with \"en\" and \"fr\" texts%s", "");
    tw_error err = only_keys(ld, v, sub, langs);
    if (err)
        return err;
    for (int l = 0; l < 2; l++) {
        json_t *t = json_object_get(v, langs[l]);
        char lsub[300];
        snprintf(lsub, sizeof lsub, "%s.%s", sub, langs[l]);
        if (!json_is_string(t))
            return fail_at(ld, json_object_get(v, langs[l]) ? lsub : sub, "needs a text in '%s'", langs[l]);
        if (strlen(json_string_value(t)) >= cap)
            return fail_at(ld, lsub, "text is too long%s", "");
        snprintf(out[l], cap, "%s", json_string_value(t));
    }
    return TW_OK;
}

/* Parses one character object into an entry. */
static tw_error parse_character(loader *ld, json_t *obj, const char *path, tw_nw_catalog_entry *e)
{
    static const char *const keys[] = {"id", "suit", "crown", "intro", "name", "title", "text", "steps", NULL};
    if (!json_is_object(obj))
        return fail_at(ld, path, "a character must be an object%s", "");
    tw_error err = only_keys(ld, obj, path, keys);
    if (err)
        return err;
    memset(e, 0, sizeof *e);
    char sub[256];
    json_t *id = json_object_get(obj, "id");
    snprintf(sub, sizeof sub, "%s.id", path);
    if (!id)
        return fail_at(ld, path, "missing field '%s'", "id");
    if (!json_is_string(id) || !json_string_length(id) || json_string_length(id) >= sizeof e->id)
        return fail_at(ld, sub, "must be a non-empty text of at most 47 characters%s", "");
    for (const char *p = json_string_value(id); *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
            return fail_at(ld, sub, "may hold only lower-case letters, digits, '-' and '_'%s", "");
    snprintf(e->id, sizeof e->id, "%s", json_string_value(id));
    json_t *suit = json_object_get(obj, "suit");
    snprintf(sub, sizeof sub, "%s.suit", path);
    if (!suit)
        return fail_at(ld, path, "missing field '%s'", "suit");
    int s = json_is_string(suit) ? tw_nw_suit_from_key(json_string_value(suit)) : -1;
    if (s < 0)
        return fail_at(ld, sub, "must be \"claws\", \"flowers\", \"leaves\" or \"eyes\"%s", "");
    e->suit = (uint8_t)s;
    json_t *crown = json_object_get(obj, "crown");
    snprintf(sub, sizeof sub, "%s.crown", path);
    if (crown && !json_is_boolean(crown))
        return fail_at(ld, sub, "must be true or false%s", "");
    e->crown = crown && json_is_true(crown);
    json_t *intro = json_object_get(obj, "intro");
    snprintf(sub, sizeof sub, "%s.intro", path);
    if (intro) {
        const char *r = json_is_string(intro) ? json_string_value(intro) : "";
        if (strcmp(r, "ally") == 0)
            e->intro_role = TW_NW_INTRO_ALLY;
        else if (strcmp(r, "ruler") == 0)
            e->intro_role = TW_NW_INTRO_RULER;
        else if (strcmp(r, "none") == 0)
            e->intro_role = TW_NW_INTRO_NONE;
        else
            return fail_at(ld, sub, "must be \"ally\", \"ruler\" or \"none\"%s", "");
    }
    char texts[2][256];
    if ((err = text_pair(ld, obj, path, "name", 1, texts, sizeof e->name[0])))
        return err;
    memcpy(e->name[0], texts[0], sizeof e->name[0]);
    memcpy(e->name[1], texts[1], sizeof e->name[1]);
    if ((err = text_pair(ld, obj, path, "title", 0, texts, sizeof e->title[0])))
        return err;
    memcpy(e->title[0], texts[0], sizeof e->title[0]);
    memcpy(e->title[1], texts[1], sizeof e->title[1]);
    if ((err = text_pair(ld, obj, path, "text", 1, texts, sizeof e->text[0])))
        return err;
    memcpy(e->text, texts, sizeof e->text);
    json_t *steps = json_object_get(obj, "steps");
    snprintf(sub, sizeof sub, "%s.steps", path);
    if (!steps)
        return fail_at(ld, path, "missing field '%s'", "steps");
    if (!json_is_array(steps) || json_array_size(steps) > TW_NW_MAX_STEPS)
        return fail_at(ld, sub, "must be a list of at most 8 steps%s", "");
    for (size_t i = 0; i < json_array_size(steps); i++) {
        char spath[256];
        snprintf(spath, sizeof spath, "%s[%zu]", sub, i);
        if ((err = parse_step(ld, json_array_get(steps, i), spath, &e->steps[i])))
            return err;
    }
    e->nsteps = (uint8_t)json_array_size(steps);
    return TW_OK;
}

/* Parses a character file text and appends its characters. */
tw_error tw_nw_catalog_add_text(tw_nw_catalog *catalog, const char *text, const char *name, tw_diag *diag)
{
    tw_diag_init(diag, name);
    json_error_t jerr;
    json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return tw_diag_set(diag, jerr.line, NULL, "not valid JSON: %s", jerr.text);
    loader ld = {text, diag};
    tw_error err = TW_OK;
    tw_nw_catalog *work = malloc(sizeof *work);
    if (!work) {
        json_decref(root);
        return TW_ERR_NOMEM;
    }
    *work = *catalog;
    static const char *const keys[] = {"format", "version", "characters", NULL};
    json_t *format = json_object_get(root, "format");
    json_t *list = json_object_get(root, "characters");
    if (!json_is_object(root))
        err = fail_at(&ld, "", "the file must hold one JSON object%s", "");
    else if ((err = only_keys(&ld, root, "", keys)))
        ;
    else if (!json_is_string(format) || strcmp(json_string_value(format), "trickwood-characters") != 0)
        err = fail_at(&ld, format ? "format" : "", "%s", "field 'format' must be \"trickwood-characters\"");
    else if (!json_is_integer(json_object_get(root, "version")) || json_integer_value(json_object_get(root, "version")) != 1)
        err = fail_at(&ld, json_object_get(root, "version") ? "version" : "", "%s", "field 'version' must be 1");
    else if (!json_is_array(list))
        err = fail_at(&ld, list ? "characters" : "", "%s", "field 'characters' must be a list");
    for (size_t i = 0; !err && i < json_array_size(list); i++) {
        char path[64];
        snprintf(path, sizeof path, "characters[%zu]", i);
        if (work->count >= TW_NW_MAX_CATALOG) {
            err = fail_at(&ld, path, "too many characters (at most %s)", "64");
            break;
        }
        tw_nw_catalog_entry e;
        if ((err = parse_character(&ld, json_array_get(list, i), path, &e)))
            break;
        if (tw_nw_catalog_find(work, e.id) >= 0) {
            char sub[80];
            snprintf(sub, sizeof sub, "%s.id", path);
            err = fail_at(&ld, sub, "character '%s' is already defined", e.id);
            break;
        }
        work->entries[work->count++] = e;
    }
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
    return tw_nw_catalog_add_file(catalog, path, diag);
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
