/* For Northwood! challenge files: reading (every field checked, an
 * impossible setup refused with why), writing (inside game records) and
 * finding the shipped ones in data/challenges/. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/nw_challenge.h"
#include "trickwood/nw_files.h"

#define CHALLENGE_FORMAT "trickwood-challenge"

/* Fetches the optional list obj[key] at path into *list (NULL when
 * absent), checking that it is a list of at most max items (exactly max
 * when exact); field gets its path, what names the items for the
 * message. */
static tw_error optional_list(tw_jr *jr, json_t *obj, const char *path, const char *key, int max, int exact,
                              const char *what, char *field, size_t size, json_t **list)
{
    tw_error err;
    tw_jr_path(field, size, path, key);
    if ((err = tw_jr_member(jr, obj, path, key, 0, list)) || !*list)
        return err;
    size_t n = json_is_array(*list) ? json_array_size(*list) : (size_t)-1;
    if (n == (size_t)-1 || n > (size_t)max || (exact && n != (size_t)max))
        return tw_jr_fail(jr, field, "must be a list of %s%d %s", exact ? "" : "at most ", max, what);
    return TW_OK;
}

/* Reads a list of character ids at path.key into entries (catalog index
 * + 1; null leaves 0 when nulls are allowed). At most max entries, exactly
 * max when exact. Sets *n to the list's length. */
static tw_error read_characters(tw_jr *jr, json_t *obj, const char *path, const char *key,
                                const tw_nw_catalog *catalog, int max, int exact, int nulls, uint8_t *entries, int *n)
{
    char field[96], item[112];
    json_t *list;
    tw_error err;
    *n = 0;
    if ((err = optional_list(jr, obj, path, key, max, exact,
                             nulls ? "character ids (null: dealt as usual)" : "character ids", field, sizeof field,
                             &list)) || !list)
        return err;
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *v = json_array_get(list, i);
        tw_jr_index(item, sizeof item, field, i);
        if (json_is_null(v) && nulls)
            continue;
        if (!json_is_string(v))
            return tw_jr_fail(jr, item, nulls ? "must be a character id (such as \"jack-of-claws\") or null"
                                              : "must be a character id (such as \"jack-of-claws\")");
        int index = tw_nw_catalog_find(catalog, json_string_value(v));
        if (index < 0)
            return tw_jr_fail(jr, item, "no character has the id \"%s\" (see data/characters.json)",
                              json_string_value(v));
        entries[i] = (uint8_t)(index + 1);
    }
    *n = (int)json_array_size(list);
    return TW_OK;
}

/* Reads a list of dialogue card codes ("7E") at path.key into cards
 * (card + 1), at most max. */
static tw_error read_cards(tw_jr *jr, json_t *obj, const char *path, const char *key, int max, uint8_t *cards,
                           uint8_t *n)
{
    char field[96], item[112];
    json_t *list;
    tw_error err;
    *n = 0;
    if ((err = optional_list(jr, obj, path, key, max, 0, "dialogue cards (such as \"7E\")", field, sizeof field,
                             &list)) || !list)
        return err;
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *v = json_array_get(list, i);
        tw_jr_index(item, sizeof item, field, i);
        int card = json_is_string(v) ? tw_nw_card_parse(json_string_value(v)) : -1;
        if (card < 0)
            return tw_jr_fail(jr, item, "must be a dialogue card: a value 1 to 8 and a suit letter C, F, L or E "
                                        "(such as \"7E\")");
        cards[i] = (uint8_t)(card + 1);
    }
    *n = (uint8_t)json_array_size(list);
    return TW_OK;
}

/* Fetches obj[key] (at path) as an object holding only the allowed keys
 * into *out (NULL when absent and not required); field gets its path.
 * shape is said when it is not an object. */
static tw_error member_object(tw_jr *jr, json_t *obj, const char *path, const char *key, int required,
                              const char *const *allowed, const char *shape, char *field, size_t size, json_t **out)
{
    tw_error err;
    *out = NULL;
    tw_jr_path(field, size, path, key);
    if ((err = tw_jr_member(jr, obj, path, key, required, out)) || !*out)
        return err;
    if (!json_is_object(*out))
        return tw_jr_fail(jr, field, "must be an object %s", shape);
    return tw_jr_object(jr, *out, field, allowed);
}

/* Reads "goal": the medal, the variant, the expert rule and the fiefs
 * that must be won. */
static tw_error read_goal(tw_jr *jr, json_t *obj, const char *path, tw_nw_challenge *out)
{
    static const char *const keys[] = {"medal", "variant", "expert", "fiefs", NULL};
    static const char *const medals[] = {NULL, "bronze", "silver", "gold"};
    static const char *const variants[] = {"medals", "hidden-stars"};
    char field[96], item[112];
    json_t *goal, *fiefs;
    int medal, variant;
    tw_error err;
    if ((err = member_object(jr, obj, path, "goal", 1, keys, "such as {\"medal\": \"silver\"}", field, sizeof field,
                             &goal)) ||
        (err = tw_jr_choice(jr, goal, field, "medal", medals, 4, 0, TW_NW_MEDAL_BRONZE, &medal)) ||
        (err = tw_jr_choice(jr, goal, field, "variant", variants, 2, 0, 0, &variant)) ||
        (err = tw_jr_bool(jr, goal, field, "expert", 0, 0, &out->expert)) ||
        (err = tw_jr_member(jr, goal, field, "fiefs", 0, &fiefs)))
        return err;
    out->medal = (tw_nw_medal)medal;
    out->variant = (tw_nw_variant)variant;
    if (!fiefs)
        return TW_OK;
    tw_jr_path(field, sizeof field, field, "fiefs");
    if (!json_is_array(fiefs) || json_array_size(fiefs) > TW_NW_FIEFS)
        return tw_jr_fail(jr, field, "must be a list of fiefs (0 to 7) that must be won");
    for (size_t i = 0; i < json_array_size(fiefs); i++) {
        json_t *v = json_array_get(fiefs, i);
        tw_jr_index(item, sizeof item, field, i);
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= TW_NW_FIEFS)
            return tw_jr_fail(jr, item, "must be a fief number from 0 to 7");
        if (out->fixed.must_win >> json_integer_value(v) & 1)
            return tw_jr_fail(jr, item, "names fief %lld a second time", (long long)json_integer_value(v));
        out->fixed.must_win |= (uint8_t)(1u << json_integer_value(v));
    }
    return TW_OK;
}

/* Reads "limits": no substitutes, at most N allies used. */
static tw_error read_limits(tw_jr *jr, json_t *obj, const char *path, tw_nw_challenge *out)
{
    static const char *const keys[] = {"no_substitutes", "max_allies", NULL};
    char field[96];
    json_t *limits;
    int no_subs;
    long long max_allies;
    tw_error err;
    if ((err = member_object(jr, obj, path, "limits", 0, keys, "such as {\"no_substitutes\": true, \"max_allies\": 2}",
                             field, sizeof field, &limits)) || !limits)
        return err;
    if ((err = tw_jr_bool(jr, limits, field, "no_substitutes", 0, 0, &no_subs)) ||
        (err = tw_jr_int(jr, limits, field, "max_allies", 1, TW_NW_SLOTS, 0, 0, &max_allies)))
        return err;
    out->fixed.no_substitutes = (uint8_t)no_subs;
    out->fixed.max_allies = (uint8_t)max_allies;
    return TW_OK;
}

/* Reads "rating" (written by scripts/rate-challenges.py): checked for its
 * shape only, as the program shows it and never plays by it. */
static tw_error read_rating(tw_jr *jr, json_t *obj, const char *path)
{
    static const char *const keys[] = {"games", "wins", "rate", "low", "high", "bound_games", "bound_wins",
                                       "seed", "check_games", "check_wins", "command", "note", NULL};
    char field[96];
    json_t *rating;
    long long n;
    tw_error err;
    if ((err = member_object(jr, obj, path, "rating", 0, keys, "(see docs/formats.md)", field, sizeof field,
                             &rating)) || !rating)
        return err;
    if ((err = tw_jr_int(jr, rating, field, "games", 1, 100000000, 1, 0, &n)) ||
        (err = tw_jr_int(jr, rating, field, "wins", 0, n, 1, 0, &n)))
        return err;
    return TW_OK;
}

tw_error tw_nw_challenge_read(tw_jr *jr, json_t *obj, const char *path, const tw_nw_catalog *catalog,
                              tw_nw_challenge *out)
{
    static const char *const keys[] = {"format", "version", "game", "id", "name", "text", "setup",
                                       "goal", "allies", "rulers", "aside", "hand", "deck_top",
                                       "limits", "rating", NULL};
    static const char *const setups[] = {"intro", "full"};
    tw_nw_challenge ch;
    int setup, n;
    tw_error err;
    memset(&ch, 0, sizeof ch);
    if (!json_is_object(obj))
        return tw_jr_fail(jr, path, "must be a challenge object (docs/formats.md, \"Challenges\")");
    if (!*path && (err = tw_jr_header(jr, obj, CHALLENGE_FORMAT, 1)))
        return err;
    json_t *game = json_object_get(obj, "game");
    char field[96];
    tw_jr_path(field, sizeof field, path, "game");
    if (game && (!json_is_string(game) || strcmp(json_string_value(game), "northwood") != 0))
        return tw_jr_fail(jr, field, "must be \"northwood\" (challenges are For Northwood! games)");
    if ((err = tw_jr_object(jr, obj, path, keys)) ||
        (err = tw_jr_string(jr, obj, path, "id", 1, ch.id, sizeof ch.id)) ||
        (err = tw_jr_text_pair(jr, obj, path, "name", 1, ch.name[0], ch.name[1], sizeof ch.name[0])) ||
        (err = tw_jr_text_pair(jr, obj, path, "text", 1, ch.text[0], ch.text[1], sizeof ch.text[0])) ||
        (err = tw_jr_choice(jr, obj, path, "setup", setups, 2, 1, 0, &setup)) ||
        (err = read_goal(jr, obj, path, &ch)) ||
        (err = read_characters(jr, obj, path, "allies", catalog, TW_NW_SLOTS, 0, 1, ch.fixed.allies, &n)) ||
        (err = read_characters(jr, obj, path, "rulers", catalog, TW_NW_FIEFS, 1, 1, ch.fixed.rulers, &n)) ||
        (err = read_characters(jr, obj, path, "aside", catalog, TW_NW_MAX_CATALOG, 0, 0, ch.fixed.aside, &n)))
        return err;
    ch.fixed.aside_n = (uint8_t)n;
    if ((err = read_cards(jr, obj, path, "hand", TW_NW_HAND_SIZE, ch.fixed.hand, &ch.fixed.hand_n)) ||
        (err = read_cards(jr, obj, path, "deck_top", TW_NW_CARDS - TW_NW_HAND_SIZE, ch.fixed.deck_top,
                          &ch.fixed.deck_top_n)) ||
        (err = read_limits(jr, obj, path, &ch)) || (err = read_rating(jr, obj, path)))
        return err;
    for (const char *p = ch.id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-')) {
            tw_jr_path(field, sizeof field, path, "id");
            return tw_jr_fail(jr, field, "must be lowercase letters, digits and '-' (such as \"edge-of-the-map\")");
        }
    ch.setup = (tw_nw_setup)setup;
    tw_nw_config config;
    tw_nw_challenge_config(&ch, 0, 0, &config);
    char why[200];
    if (!tw_nw_fixed_setup_ok(catalog, &config, &ch.fixed, why, sizeof why))
        return tw_jr_fail(jr, path, "this setup cannot be dealt: %s", why);
    *out = ch;
    return TW_OK;
}

tw_error tw_nw_challenge_from_text(tw_nw_challenge *out, const tw_nw_catalog *catalog, const char *text,
                                   const char *name, tw_diag *diag)
{
    json_t *root;
    tw_diag_init(diag, name);
    tw_error err = tw_jr_parse(text, diag, &root);
    if (err)
        return err;
    tw_jr jr = {text, diag, 1};
    err = tw_nw_challenge_read(&jr, root, "", catalog, out);
    json_decref(root);
    return err;
}

tw_error tw_nw_challenge_load(tw_nw_challenge *out, const tw_nw_catalog *catalog, const char *path, tw_diag *diag)
{
    tw_diag_init(diag, path);
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return TW_ERR_IO;
    tw_error err = tw_nw_challenge_from_text(out, catalog, text, path, diag);
    free(text);
    return err;
}

/* Appends a list of character entries (index + 1, 0 as null). */
static void put_characters(tw_buf *buf, const tw_nw_catalog *catalog, const uint8_t *entries, int n)
{
    tw_buf_printf(buf, "[");
    for (int i = 0; i < n; i++) {
        tw_buf_printf(buf, "%s", i ? ", " : "");
        if (entries[i])
            tw_json_put_string(buf, catalog->entries[entries[i] - 1].id);
        else
            tw_buf_printf(buf, "null");
    }
    tw_buf_printf(buf, "]");
}

/* Appends a list of cards (card + 1). */
static void put_cards(tw_buf *buf, const uint8_t *cards, int n)
{
    tw_buf_printf(buf, "[");
    for (int i = 0; i < n; i++) {
        char code[4];
        tw_nw_card_code(cards[i] - 1, code);
        tw_buf_printf(buf, "%s\"%s\"", i ? ", " : "", code);
    }
    tw_buf_printf(buf, "]");
}

/* Whether any entry of a list is set. */
static int any_set(const uint8_t *entries, int n)
{
    for (int i = 0; i < n; i++)
        if (entries[i])
            return 1;
    return 0;
}

void tw_nw_challenge_to_json(const tw_nw_challenge *ch, const tw_nw_catalog *catalog, const char *indent,
                             tw_buf *buf)
{
    const tw_nw_fixed *fx = &ch->fixed;
    tw_buf_printf(buf, "{\n%s  \"id\": ", indent);
    tw_json_put_string(buf, ch->id);
    const char *keys[2] = {"name", "text"};
    for (int k = 0; k < 2; k++) {
        tw_buf_printf(buf, ",\n%s  \"%s\": {\"en\": ", indent, keys[k]);
        tw_json_put_string(buf, k ? ch->text[0] : ch->name[0]);
        tw_buf_printf(buf, ", \"fr\": ");
        tw_json_put_string(buf, k ? ch->text[1] : ch->name[1]);
        tw_buf_printf(buf, "}");
    }
    tw_buf_printf(buf, ",\n%s  \"setup\": \"%s\",\n%s  \"goal\": {\"medal\": \"%s\", \"variant\": \"%s\", \"expert\": %s",
                  indent, ch->setup == TW_NW_SETUP_FULL ? "full" : "intro", indent, tw_nw_medal_key(ch->medal),
                  tw_nw_variant_key(ch->variant), ch->expert ? "true" : "false");
    if (fx->must_win) {
        tw_buf_printf(buf, ", \"fiefs\": [");
        for (int f = 0, n = 0; f < TW_NW_FIEFS; f++)
            if (fx->must_win >> f & 1)
                tw_buf_printf(buf, "%s%d", n++ ? ", " : "", f);
        tw_buf_printf(buf, "]");
    }
    tw_buf_printf(buf, "}");
    if (any_set(fx->allies, TW_NW_SLOTS)) {
        tw_buf_printf(buf, ",\n%s  \"allies\": ", indent);
        put_characters(buf, catalog, fx->allies, TW_NW_SLOTS);
    }
    if (any_set(fx->rulers, TW_NW_FIEFS)) {
        tw_buf_printf(buf, ",\n%s  \"rulers\": ", indent);
        put_characters(buf, catalog, fx->rulers, TW_NW_FIEFS);
    }
    if (fx->aside_n) {
        tw_buf_printf(buf, ",\n%s  \"aside\": ", indent);
        put_characters(buf, catalog, fx->aside, fx->aside_n);
    }
    if (fx->hand_n) {
        tw_buf_printf(buf, ",\n%s  \"hand\": ", indent);
        put_cards(buf, fx->hand, fx->hand_n);
    }
    if (fx->deck_top_n) {
        tw_buf_printf(buf, ",\n%s  \"deck_top\": ", indent);
        put_cards(buf, fx->deck_top, fx->deck_top_n);
    }
    if (fx->no_substitutes || fx->max_allies) {
        tw_buf_printf(buf, ",\n%s  \"limits\": {\"no_substitutes\": %s", indent, fx->no_substitutes ? "true" : "false");
        if (fx->max_allies)
            tw_buf_printf(buf, ", \"max_allies\": %d", fx->max_allies);
        tw_buf_printf(buf, "}");
    }
    tw_buf_printf(buf, "\n%s}", indent);
}

void tw_nw_challenge_config(const tw_nw_challenge *ch, uint64_t seed, int offer_finish, tw_nw_config *out)
{
    memset(out, 0, sizeof *out);
    out->setup = ch->setup;
    out->medal = ch->medal;
    out->seed = seed;
    out->offer_finish = offer_finish;
    out->variant = ch->variant;
    out->expert = ch->expert;
}

/* Orders paths by name (qsort). */
static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int tw_nw_challenge_paths(char (*paths)[512], int max)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/challenges", tw_data_dir());
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0 && e->d_name[0] != '.')
            snprintf(paths[n++], 512, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(paths, (size_t)n, sizeof paths[0], by_name);
    return n;
}

tw_error tw_nw_challenge_find(tw_nw_challenge *out, const tw_nw_catalog *catalog, const char *which, tw_diag *diag)
{
    size_t len = strlen(which);
    if (strchr(which, '/') || (len > 5 && strcmp(which + len - 5, ".json") == 0))
        return tw_nw_challenge_load(out, catalog, which, diag);
    /* the paths on the heap, not in a static buffer: the server's workers
     * look challenges up at once */
    char (*paths)[512] = calloc(TW_NW_MAX_CHALLENGES, sizeof *paths);
    tw_nw_challenge *ch = malloc(sizeof *ch);
    if (!paths || !ch) {
        free(paths);
        free(ch);
        return TW_ERR_NOMEM;
    }
    int n = tw_nw_challenge_paths(paths, TW_NW_MAX_CHALLENGES);
    char *end;
    long number = strtol(which, &end, 10);
    tw_error err = TW_ERR_ARG;
    if (*which && !*end) {
        if (number >= 1 && number <= n)
            err = tw_nw_challenge_load(out, catalog, paths[number - 1], diag);
    } else {
        for (int i = 0; err != TW_OK && i < n; i++)
            if (tw_nw_challenge_load(ch, catalog, paths[i], diag) == TW_OK && strcmp(ch->id, which) == 0) {
                *out = *ch;
                err = TW_OK;
            }
    }
    free(paths);
    free(ch);
    if (err == TW_OK || (*which && !*end && number >= 1 && number <= n))
        return err; /* found, or the numbered file's own error */
    tw_diag_init(diag, which);
    tw_diag_set(diag, 0, "challenge", "no shipped challenge is named \"%s\" (%d are shipped: give 1 to %d, an id, "
                                      "or a file's path)", which, n < 0 ? 0 : n, n < 0 ? 0 : n);
    return TW_ERR_ARG;
}

json_t *tw_nw_challenge_to_object(const tw_nw_challenge *ch, const tw_nw_catalog *catalog)
{
    tw_buf buf = {0};
    tw_buf_printf(&buf, "{\"format\": \"%s\", \"version\": 1, \"game\": \"northwood\", \"challenge\": ", CHALLENGE_FORMAT);
    tw_nw_challenge_to_json(ch, catalog, "", &buf);
    tw_buf_printf(&buf, "}");
    json_t *wrap = buf.failed ? NULL : json_loads(buf.data, 0, NULL);
    tw_buf_free(&buf);
    json_t *obj = json_incref(json_object_get(wrap, "challenge"));
    json_decref(wrap);
    if (obj) {
        json_object_set_new(obj, "format", json_string(CHALLENGE_FORMAT));
        json_object_set_new(obj, "version", json_integer(1));
        json_object_set_new(obj, "game", json_string("northwood"));
    }
    return obj;
}
