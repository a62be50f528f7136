/* Reading the tutorials' scripts (tutorial.h) and finding their steps. */
#include "play/tutorial.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trickwood/json_util.h"

void tw_tutorial_path(const char *name, char *out, size_t size)
{
    /* a data folder of its own ($TRICKWOOD_DATA) may hold the scripts
     * in tutorial/; else the web app's folder beside it holds them (a
     * checkout, or the program installed under a prefix) */
    snprintf(out, size, "%s/tutorial/%s.json", tw_data_dir(), name);
    if (access(out, R_OK) == 0)
        return;
    snprintf(out, size, "%s/../web/tutorial/%s.json", tw_data_dir(), name);
}

/* Reads a text pair that must be there in both languages. */
static tw_error read_text(tw_jr *jr, json_t *obj, const char *path, const char *key, int required,
                          tw_tut_text *out)
{
    tw_error err = tw_jr_text_pair(jr, obj, path, key, required, out->text[0], out->text[1], TW_TUT_TEXT);
    if (err == TW_OK && required && (!out->text[0][0] || !out->text[1][0])) {
        char at[128];
        tw_jr_path(at, sizeof at, path, key);
        return tw_jr_fail(jr, at, "needs a text in English and in French");
    }
    return err;
}

/* Reads the "why" object of a step: {action: {"en", "fr"}}. */
static tw_error read_whys(tw_jr *jr, json_t *obj, const char *path, tw_tut_step *s)
{
    json_t *whys = json_object_get(obj, "why");
    char at[128];
    tw_jr_path(at, sizeof at, path, "why");
    if (!whys)
        return TW_OK;
    if (!json_is_object(whys))
        return tw_jr_fail(jr, at, "must be an object of actions and their texts");
    const char *action;
    json_t *value;
    json_object_foreach(whys, action, value) {
        (void)value;
        if (s->nwhy >= TW_TUT_WHY)
            return tw_jr_fail(jr, at, "at most %d actions", TW_TUT_WHY);
        tw_tut_why *w = &s->why[s->nwhy++];
        if (strlen(action) >= sizeof w->action)
            return tw_jr_fail(jr, at, "action '%s' is too long", action);
        snprintf(w->action, sizeof w->action, "%s", action);
        tw_error err = read_text(jr, whys, at, action, 1, &w->text);
        if (err != TW_OK)
            return err;
    }
    return TW_OK;
}

/* Reads one step; its "at" must come after the previous step's. */
static tw_error read_step(tw_jr *jr, json_t *obj, const char *path, int after, tw_tut_step *s)
{
    static const char *const keys[] = {"at", "do", "teach", "say", "wrong", "why", NULL};
    long long at = 0;
    tw_error err = tw_jr_object(jr, obj, path, keys);
    if (err == TW_OK)
        err = tw_jr_int(jr, obj, path, "at", after + 1, 100000, 1, 0, &at);
    if (err != TW_OK)
        return err;
    s->at = (int)at;
    json_t *expect = json_object_get(obj, "do");
    char field[128];
    tw_jr_path(field, sizeof field, path, "do");
    if (!json_is_array(expect) || json_array_size(expect) < 1 || json_array_size(expect) > TW_TUT_DO)
        return tw_jr_fail(jr, field, "must list 1 to %d actions", TW_TUT_DO);
    for (size_t i = 0; i < json_array_size(expect); i++) {
        const char *a = json_string_value(json_array_get(expect, i));
        if (!a || strlen(a) >= sizeof s->expect[0]) {
            char item[160];
            tw_jr_index(item, sizeof item, field, i);
            return tw_jr_fail(jr, item, "must be an action in the record notation");
        }
        snprintf(s->expect[s->ndo++], sizeof s->expect[0], "%s", a);
    }
    err = tw_jr_string(jr, obj, path, "teach", 0, s->teach, sizeof s->teach);
    if (err == TW_OK)
        err = read_text(jr, obj, path, "say", 1, &s->say);
    if (err == TW_OK)
        err = read_text(jr, obj, path, "wrong", 1, &s->wrong);
    if (err == TW_OK)
        err = read_whys(jr, obj, path, s);
    return err;
}

/* Reads the root object of a script into t. */
static tw_error read_script(tw_jr *jr, json_t *root, tw_tutorial *t)
{
    static const char *const keys[] = {"game",  "options", "terminal", "seed", "seed_from", "partner",
                                       "title", "intro",   "end",      "steps", NULL};
    char game[32];
    long long seed = 0;
    tw_error err = tw_jr_object(jr, root, "", keys);
    if (err == TW_OK)
        err = tw_jr_string(jr, root, "", "game", 1, game, sizeof game);
    if (err == TW_OK && !(t->game = tw_game_find_record_name(game)))
        err = tw_jr_fail(jr, "game", "unknown game '%s'", game);
    if (err == TW_OK)
        err = tw_jr_int(jr, root, "", "seed", 0, TW_MAX_SEED, 1, 0, &seed);
    if (err == TW_OK)
        err = tw_jr_string(jr, root, "", "partner", 0, t->partner, sizeof t->partner);
    if (err == TW_OK && !json_is_object(json_object_get(root, "options")))
        err = tw_jr_fail(jr, "options", "must be the game's create options (an object)");
    if (err == TW_OK)
        err = read_text(jr, root, "", "title", 1, &t->title);
    if (err == TW_OK)
        err = read_text(jr, root, "", "intro", 1, &t->intro);
    if (err == TW_OK)
        err = read_text(jr, root, "", "end", 1, &t->end);
    if (err != TW_OK)
        return err;
    json_t *args = json_object_get(root, "terminal");
    if (!json_is_array(args) || json_array_size(args) > sizeof t->args / sizeof t->args[0])
        return tw_jr_fail(jr, "terminal", "must list the terminal command's options (at most %d)",
                          (int)(sizeof t->args / sizeof t->args[0]));
    for (size_t i = 0; i < json_array_size(args); i++) {
        const char *a = json_string_value(json_array_get(args, i));
        if (!a || strlen(a) >= sizeof t->args[0]) {
            char item[32];
            tw_jr_index(item, sizeof item, "terminal", i);
            return tw_jr_fail(jr, item, "must be a short option text");
        }
        snprintf(t->args[t->nargs++], sizeof t->args[0], "%s", a);
    }
    t->seed = (uint64_t)seed;
    t->options = json_incref(json_object_get(root, "options"));
    json_t *steps = json_object_get(root, "steps");
    if (!json_is_array(steps) || json_array_size(steps) < 1 || json_array_size(steps) > TW_TUT_STEPS)
        return tw_jr_fail(jr, "steps", "must list 1 to %d steps", TW_TUT_STEPS);
    for (size_t i = 0; i < json_array_size(steps); i++) {
        char path[32];
        tw_jr_index(path, sizeof path, "steps", i);
        err = read_step(jr, json_array_get(steps, i), path, i ? t->steps[i - 1].at : -1, &t->steps[i]);
        if (err != TW_OK)
            return err;
        t->nsteps++;
    }
    return TW_OK;
}

tw_tutorial *tw_tutorial_load(const char *path, tw_diag *diag)
{
    tw_diag_init(diag, path);
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return NULL;
    tw_tutorial *t = calloc(1, sizeof *t);
    json_t *root = NULL;
    tw_jr jr = {text, diag, 0};
    tw_error err = t ? tw_jr_parse(text, diag, &root) : TW_ERR_NOMEM;
    if (err == TW_OK)
        err = read_script(&jr, root, t);
    if (err == TW_ERR_NOMEM)
        tw_diag_set(diag, 0, "", "out of memory");
    json_decref(root);
    free(text);
    if (err != TW_OK) {
        tw_tutorial_free(t);
        return NULL;
    }
    return t;
}

void tw_tutorial_free(tw_tutorial *t)
{
    if (!t)
        return;
    json_decref(t->options);
    free(t);
}

tw_match *tw_tutorial_start(const tw_tutorial *t, tw_diag *diag)
{
    json_t *config = t->game->new_config(t->options, t->seed);
    tw_match *m = config ? t->game->start(config, t->seed, diag) : NULL;
    json_decref(config);
    return m;
}

const tw_tut_step *tw_tutorial_step_at(const tw_tutorial *t, int count)
{
    for (int i = 0; i < t->nsteps; i++)
        if (t->steps[i].at == count)
            return &t->steps[i];
    return NULL;
}

int tw_tutorial_expects(const tw_tut_step *s, const char *action)
{
    for (int i = 0; i < s->ndo; i++)
        if (strcmp(s->expect[i], action) == 0)
            return 1;
    return 0;
}

const char *tw_tutorial_why(const tw_tut_step *s, const char *action, int lang)
{
    int l = lang == 1 ? 1 : 0;
    for (int i = 0; i < s->nwhy; i++)
        if (strcmp(s->why[i].action, action) == 0)
            return s->why[i].text.text[l];
    return s->wrong.text[l];
}

int tw_tutorial_step_number(const tw_tutorial *t, const tw_tut_step *s)
{
    return s >= t->steps && s < t->steps + t->nsteps ? (int)(s - t->steps) + 1 : 0;
}
