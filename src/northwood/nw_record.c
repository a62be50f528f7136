/* Game records: the configuration, seed, user-added characters and action
 * list of a For Northwood! game (see docs/formats.md, "Game records").
 * Loading checks every field, then replays every action, so a record that
 * loads is a record that rebuilds its game. This file also writes catalog
 * entries back to the character file schema, which records embed. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nw_io.h"
#include "trickwood/notes.h"

static const char *const SETUP_KEYS[] = {"intro", "full"};
static const char *const INTRO_KEYS[] = {"none", "ally", "ruler"};

/* ---- Writing JSON ------------------------------------------------------ */

/* Name of a step's suit reference: a suit, "trump" or "named". */
static const char *suitref_key(int ref)
{
    if (ref == TW_NW_SUITREF_TRUMP)
        return "trump";
    if (ref == TW_NW_SUITREF_NAMED)
        return "named";
    return tw_nw_suit_key(ref);
}

/* The name a pile or suit field of a step writes, or NULL when the value
 * has none (other fields always have one: "" then). */
static const char *field_name(const tw_nw_step_field *f, int value)
{
    if (f->type == TW_NW_FIELD_PILE)
        return tw_nw_pile_key(value);
    if (f->type == TW_NW_FIELD_SUITREF)
        return suitref_key(value);
    if (f->type == TW_NW_FIELD_PARITY)
        return value ? "odd" : "even";
    return "";
}

/* Appends one step object, its fields as its kind's row lists them;
 * returns -1 (having checked before writing any field) for a value with
 * no name. */
static int step_to_json(const tw_nw_step *st, tw_buf *buf)
{
    const tw_nw_step_kind *kind = tw_nw_step_kind_of(st->op);
    if (!kind)
        return -1;
    tw_buf_printf(buf, "{\"op\": \"%s\"", kind->key);
    for (int i = 0; i < TW_NW_STEP_FIELDS && kind->fields[i].key; i++)
        if (!field_name(&kind->fields[i], tw_nw_step_at(st, kind->fields[i].at)))
            return -1;
    for (int i = 0; i < TW_NW_STEP_FIELDS && kind->fields[i].key; i++) {
        const tw_nw_step_field *f = &kind->fields[i];
        int value = tw_nw_step_at(st, f->at);
        tw_buf_printf(buf, ", \"%s\": ", f->key);
        if (f->type == TW_NW_FIELD_VALUES) {
            const char *sep = "";
            tw_buf_append(buf, "[", 1);
            for (int v = 1; v <= TW_NW_VALUES; v++)
                if (value & (1 << (v - 1))) {
                    tw_buf_printf(buf, "%s%d", sep, v);
                    sep = ", ";
                }
            tw_buf_append(buf, "]", 1);
        } else if (f->type == TW_NW_FIELD_INT || f->type == TW_NW_FIELD_SPAN) {
            tw_buf_printf(buf, "%d", value);
        } else {
            tw_buf_printf(buf, "\"%s\"", field_name(f, value));
        }
    }
    tw_buf_append(buf, "}", 1);
    return 0;
}

/* Appends a list of steps as a JSON array. */
int tw_nw_steps_to_json(const tw_nw_step *steps, int n, tw_buf *buf)
{
    tw_buf_append(buf, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            tw_buf_append(buf, ", ", 2);
        if (step_to_json(&steps[i], buf) < 0)
            return -1;
    }
    tw_buf_append(buf, "]", 1);
    return 0;
}

/* Appends a {"en": ..., "fr": ...} text pair. */
static void put_text_pair(tw_buf *buf, const char *key, const char *en, const char *fr)
{
    tw_buf_printf(buf, "\"%s\": {\"en\": ", key);
    tw_json_put_string(buf, en);
    tw_buf_append(buf, ", \"fr\": ", 8);
    tw_json_put_string(buf, fr);
    tw_buf_append(buf, "}", 1);
}

/* Writes a catalog entry in the character file schema. */
int tw_nw_catalog_entry_to_json(const tw_nw_catalog_entry *e, const char *indent, tw_buf *buf)
{
    const char *suit = tw_nw_suit_key(e->suit);
    if (!suit || e->intro_role > TW_NW_INTRO_RULER || e->nsteps > TW_NW_MAX_STEPS)
        return -1;
    tw_buf_printf(buf, "{\n%s  \"id\": ", indent);
    tw_json_put_string(buf, e->id);
    tw_buf_printf(buf, ", \"suit\": \"%s\", \"crown\": %s, \"intro\": \"%s\",\n%s  ", suit,
                  e->crown ? "true" : "false", INTRO_KEYS[e->intro_role], indent);
    put_text_pair(buf, "name", e->name[0], e->name[1]);
    if (e->title[0][0] || e->title[1][0]) {
        tw_buf_printf(buf, ",\n%s  ", indent);
        put_text_pair(buf, "title", e->title[0], e->title[1]);
    }
    tw_buf_printf(buf, ",\n%s  ", indent);
    put_text_pair(buf, "text", e->text[0], e->text[1]);
    tw_buf_printf(buf, ",\n%s  \"steps\": ", indent);
    if (tw_nw_steps_to_json(e->steps, e->nsteps, buf) < 0)
        return -1;
    tw_buf_printf(buf, "\n%s}", indent);
    return 0;
}

/* Writes a character file with the entries from index "from" on. */
tw_error tw_nw_catalog_to_json(const tw_nw_catalog *catalog, int from, tw_buf *buf)
{
    if (from < 0 || from > catalog->count)
        return TW_ERR_ARG;
    tw_buf_printf(buf, "{\n  \"format\": \"trickwood-characters\",\n  \"version\": 1,\n  \"characters\": [");
    for (int i = from; i < catalog->count; i++) {
        tw_buf_printf(buf, "%s\n    ", i > from ? "," : "");
        if (tw_nw_catalog_entry_to_json(&catalog->entries[i], "    ", buf) < 0)
            return TW_ERR_ARG;
    }
    tw_buf_printf(buf, "%s]\n}\n", catalog->count > from ? "\n  " : "");
    return buf->failed ? TW_ERR_NOMEM : TW_OK;
}

/* ---- Explaining illegal actions --------------------------------------- */

/* Describes where the game stands, for messages about illegal actions. */
static void describe_phase(const tw_nw_state *s, char *out, size_t size)
{
    static const char *const wants[] = {"something", "a card", "a suit", "a fief", "an ally slot",
                                        "the player to go on or stop"};
    char card[4];
    switch (s->phase) {
    case TW_NW_PHASE_CHOOSE_FIEF:
        snprintf(out, size, "phase 'choose_fief', choosing the next fief to visit");
        break;
    case TW_NW_PHASE_SUBSTITUTES:
        snprintf(out, size, "phase 'substitutes', bringing in friendly rulers before visiting fief %d", s->visiting);
        break;
    case TW_NW_PHASE_BEFORE_STATEMENT:
        snprintf(out, size, "phase 'before_statement', before the ruler of fief %d speaks", s->visiting);
        break;
    case TW_NW_PHASE_RESPONSE:
        tw_nw_card_code(tw_nw_statement(s), card);
        snprintf(out, size, "phase 'response', answering the statement %s", card);
        break;
    case TW_NW_PHASE_ABILITY:
        snprintf(out, size, "phase 'ability', an ability waiting for %s",
                 wants[s->run.choice <= TW_NW_CHOICE_CONTINUE ? s->run.choice : 0]);
        break;
    default:
        snprintf(out, size, "phase 'game_over'");
        break;
    }
}

/* The action notation the current phase takes, for messages. */
static const char *expected_actions(const tw_nw_state *s)
{
    switch (s->phase) {
    case TW_NW_PHASE_CHOOSE_FIEF: return "'visit <fief>'";
    case TW_NW_PHASE_SUBSTITUTES: return "'substitute <fief> <slot>' or 'begin'";
    case TW_NW_PHASE_BEFORE_STATEMENT: return "'activate <slot>' or 'proceed'";
    case TW_NW_PHASE_RESPONSE: return "'respond <card>'";
    case TW_NW_PHASE_ABILITY:
        if (s->run.choice == TW_NW_CHOICE_SUIT)
            return "'name <suit>'";
        if (s->run.choice == TW_NW_CHOICE_FIEF)
            return "'fief <fief>'";
        if (s->run.choice == TW_NW_CHOICE_SLOT)
            return "'ally <slot>'";
        if (s->run.choice == TW_NW_CHOICE_CONTINUE)
            return "'continue' or 'pass'";
        return s->run.may_pass ? "'pick <card>' or 'pass'" : "'pick <card>'";
    default: return "nothing";
    }
}

/* The phase (and ability choice) in which an action kind can be legal. */
static int kind_fits_phase(const tw_nw_state *s, int kind)
{
    switch (kind) {
    case TW_NW_ACT_VISIT: return s->phase == TW_NW_PHASE_CHOOSE_FIEF;
    case TW_NW_ACT_SUBSTITUTE:
    case TW_NW_ACT_BEGIN: return s->phase == TW_NW_PHASE_SUBSTITUTES;
    case TW_NW_ACT_ACTIVATE:
    case TW_NW_ACT_PROCEED: return s->phase == TW_NW_PHASE_BEFORE_STATEMENT;
    case TW_NW_ACT_RESPOND: return s->phase == TW_NW_PHASE_RESPONSE;
    case TW_NW_ACT_PICK_CARD: return s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_CARD;
    case TW_NW_ACT_NAME_SUIT: return s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_SUIT;
    case TW_NW_ACT_PICK_FIEF: return s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_FIEF;
    case TW_NW_ACT_PICK_SLOT: return s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_SLOT;
    case TW_NW_ACT_CONTINUE: return s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_CONTINUE;
    case TW_NW_ACT_PASS: return s->phase == TW_NW_PHASE_ABILITY && s->run.may_pass;
    default: return 0;
    }
}

/* Lists the cards (or fiefs) of a set, comma separated. */
static void list_set(uint32_t set, int cards, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < 32 && len + 8 < size; i++) {
        if (!(set & (1u << i)))
            continue;
        char item[8];
        if (cards)
            tw_nw_card_code(i, item);
        else
            snprintf(item, sizeof item, "%d", i);
        len += (size_t)snprintf(out + len, size - len, "%s%s", len ? ", " : "", item);
    }
}

/* Why "stop" is refused outside an ability: the goal is still in reach,
 * said with the figures of the game's own goal. */
static void stop_refusal(const tw_nw_state *s, char *out, size_t size)
{
    const char *outer = s->expert ? " and the four outer fiefs can all still be won" : "";
    int open = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        open += s->fiefs[f].status != TW_NW_FIEF_LOST;
    if (s->variant == TW_NW_VARIANT_HIDDEN_STARS)
        snprintf(out, size, "the game may only be stopped once its goal is out of reach (%d fiefs could still hold "
                 "the three hidden stars%s)", open, outer);
    else
        snprintf(out, size, "the game may only be stopped once its goal is out of reach (the %s medal needs %d "
                 "stars, %d still possible%s)", tw_nw_medal_key(s->medal),
                 tw_nw_medal_threshold((tw_nw_medal)s->medal), tw_nw_stars_possible(s), outer);
}

/* Why an action of the right kind for the phase is still refused. */
static void specific_reason(const tw_nw_state *s, tw_nw_action action, char *out, size_t size)
{
    int arg = TW_NW_ACTION_ARG(action);
    char card[4], list[128];
    switch (TW_NW_ACTION_KIND(action)) {
    case TW_NW_ACT_VISIT:
        if (arg >= TW_NW_FIEFS)
            snprintf(out, size, "there is no fief %d (fiefs are 0 to 7)", arg);
        else
            snprintf(out, size, "fief %d was already visited (%s)", arg, tw_nw_status_key(s->fiefs[arg].status));
        return;
    case TW_NW_ACT_SUBSTITUTE: {
        int fief = arg / TW_NW_SLOTS, slot = arg % TW_NW_SLOTS;
        if (fief >= TW_NW_FIEFS)
            snprintf(out, size, "there is no fief %d (fiefs are 0 to 7)", fief);
        else if (s->fiefs[fief].status != TW_NW_FIEF_FRIENDLY)
            snprintf(out, size, "fief %d is not friendly, so its ruler cannot help", fief);
        else if (!s->fiefs[fief].ruler_present)
            snprintf(out, size, "the ruler of fief %d has left the game", fief);
        else if (s->fiefs[fief].sub_slot >= 0)
            snprintf(out, size, "the ruler of fief %d already stands in for slot %d", fief, s->fiefs[fief].sub_slot);
        else
            snprintf(out, size, "slot %d already has a substitute (the ruler of fief %d)", slot,
                     s->slots[slot].sub_fief);
        return;
    }
    case TW_NW_ACT_ACTIVATE:
        if (arg >= TW_NW_SLOTS)
            snprintf(out, size, "there is no slot %d (slots are 0 to 3)", arg);
        else
            snprintf(out, size, "the ability in slot %d was already used this visit", arg);
        return;
    case TW_NW_ACT_RESPOND:
        tw_nw_card_code(arg, card);
        if (arg >= TW_NW_CARDS || !(s->hand & (1u << arg)))
            snprintf(out, size, "%s is not in the hand", card);
        else
            snprintf(out, size, "the player must follow suit (%s)",
                     tw_nw_suit_key(TW_NW_SUIT(tw_nw_statement(s))));
        return;
    case TW_NW_ACT_PICK_CARD:
        tw_nw_card_code(arg, card);
        list_set(s->run.pending, 1, list, sizeof list);
        snprintf(out, size, "%s cannot be picked now (choices: %s)", card, list);
        return;
    case TW_NW_ACT_PICK_FIEF:
        list_set(s->run.pending, 0, list, sizeof list);
        snprintf(out, size, "fief %d cannot be picked now (choices: %s)", arg, list);
        return;
    case TW_NW_ACT_PICK_SLOT:
        list_set(s->run.pending, 0, list, sizeof list);
        snprintf(out, size, "the ally in slot %d cannot be made ready (choices: %s; another exhausted ally)", arg,
                 list);
        return;
    default:
        snprintf(out, size, "this action is malformed");
        return;
    }
}

/* Explains why an action is refused in a state. */
void tw_nw_illegal_reason(const tw_nw_state *s, tw_nw_action action, char *out, size_t size)
{
    char phase[128], reason[160];
    int kind = TW_NW_ACTION_KIND(action);
    if (size == 0)
        return;
    out[0] = '\0';
    if (tw_nw_is_legal(s, action) && s->phase != TW_NW_PHASE_GAME_OVER)
        return;
    describe_phase(s, phase, sizeof phase);
    if (s->phase == TW_NW_PHASE_GAME_OVER) {
        snprintf(out, size, "the game is already over; nothing may follow");
    } else if (kind == TW_NW_ACT_STOP) {
        if (s->phase == TW_NW_PHASE_ABILITY)
            snprintf(out, size, "the game cannot be stopped in the middle of an ability");
        else
            stop_refusal(s, out, size);
    } else if (kind == TW_NW_ACT_FINISH) {
        if (!s->offer_finish)
            snprintf(out, size, "this game does not offer 'finish' (its config has no \"finish\": true)");
        else if (s->phase != TW_NW_PHASE_BEFORE_STATEMENT && s->phase != TW_NW_PHASE_RESPONSE)
            snprintf(out, size, "a visit can be finished only before a statement or while answering one; the game "
                     "is in %s", phase);
        else
            snprintf(out, size, "the visit of fief %d is not decided: its outcome can still change (or could not "
                     "be proved certain)", s->visiting);
    } else if (!kind_fits_phase(s, kind)) {
        snprintf(out, size, "the game is in %s, which takes %s", phase, expected_actions(s));
    } else {
        specific_reason(s, action, reason, sizeof reason);
        snprintf(out, size, "%s; %s", reason, phase);
    }
}

/* ---- Records in memory ------------------------------------------------ */

/* Whether a configuration names a setup, medal, variant and seed the
 * engine knows. */
static int config_sound(const tw_nw_config *config)
{
    return config->seed <= TW_MAX_SEED && (config->setup == TW_NW_SETUP_INTRO || config->setup == TW_NW_SETUP_FULL) &&
           config->medal >= TW_NW_MEDAL_BRONZE && config->medal <= TW_NW_MEDAL_GOLD &&
           (config->variant == TW_NW_VARIANT_MEDALS || config->variant == TW_NW_VARIANT_HIDDEN_STARS);
}

/* Starts an empty record. */
tw_error tw_nw_record_init(tw_nw_record *rec, const tw_nw_catalog *catalog, int extra_from,
                           const tw_nw_config *config)
{
    if (!rec || !catalog || !config || catalog->count < 0 || catalog->count > TW_NW_MAX_CATALOG ||
        extra_from < 0 || extra_from > catalog->count || !config_sound(config))
        return TW_ERR_ARG;
    memset(rec, 0, sizeof *rec);
    rec->config = *config;
    rec->catalog = *catalog;
    rec->extra_from = extra_from;
    return TW_OK;
}

void tw_nw_record_set_challenge(tw_nw_record *rec, const tw_nw_challenge *challenge)
{
    rec->has_challenge = 1;
    rec->challenge = *challenge;
    rec->config.setup = challenge->setup;
    rec->config.medal = challenge->medal;
    rec->config.variant = challenge->variant;
    rec->config.expert = challenge->expert;
}

const tw_nw_fixed *tw_nw_record_fixed(const tw_nw_record *rec)
{
    return rec->has_challenge ? &rec->challenge.fixed : NULL;
}

/* Appends an action, growing the list as needed. */
tw_error tw_nw_record_push(tw_nw_record *rec, tw_nw_action action)
{
    return tw_actions_push(&rec->actions, &rec->count, &rec->cap, action);
}

/* Frees the action list. */
void tw_nw_record_free(tw_nw_record *rec)
{
    free(rec->actions);
    rec->actions = NULL;
    rec->count = 0;
    rec->cap = 0;
}

/* Replays the first n actions; text (may be NULL) gives line numbers. */
static tw_error replay(const tw_nw_record *rec, int n, tw_nw_state *out, tw_diag *diag, const char *text)
{
    if (n < 0)
        n = rec->count;
    if (n > rec->count)
        return TW_ERR_ARG;
    tw_nw_state s;
    tw_error err = tw_nw_new_fixed(&s, &rec->catalog, &rec->config, tw_nw_record_fixed(rec), NULL);
    if (err != TW_OK) {
        if (diag)
            tw_diag_set(diag, text ? tw_json_locate_line(text, "config.setup") : 0, "config.setup",
                        "the characters cannot fill the %s setup (it needs 4 intro allies and 8 intro "
                        "rulers; the full setup needs 3 characters of each suit)",
                        SETUP_KEYS[rec->config.setup == TW_NW_SETUP_FULL]);
        return err;
    }
    for (int i = 0; i < n; i++) {
        err = tw_nw_apply(&s, rec->actions[i], NULL);
        if (err == TW_OK)
            continue;
        if (diag) {
            char field[32], act[32], why[200];
            snprintf(field, sizeof field, "actions[%d]", i);
            tw_nw_action_format(rec->actions[i], act, sizeof act);
            tw_nw_illegal_reason(&s, rec->actions[i], why, sizeof why);
            tw_diag_set(diag, text ? tw_json_locate_line(text, field) : 0, field, "'%s' is not legal here: %s",
                        act, why);
        }
        return err;
    }
    *out = s;
    return TW_OK;
}

/* Rebuilds the game from the record's first n actions. */
tw_error tw_nw_record_replay(const tw_nw_record *rec, int n, tw_nw_state *out, tw_diag *diag)
{
    return replay(rec, n, out, diag, NULL);
}

/* Serialises the record: one action per line, so that messages about an
 * action point at its own line. */
tw_error tw_nw_record_to_json(const tw_nw_record *rec, tw_buf *buf)
{
    tw_nw_state s;
    tw_error err = replay(rec, -1, &s, NULL, NULL);
    if (err != TW_OK)
        return err == TW_ERR_ARG ? TW_ERR_ARG : TW_ERR_ILLEGAL;
    tw_buf_printf(buf, "{\n  \"format\": \"trickwood-record\",\n  \"version\": 1,\n  \"game\": \"northwood\",\n");
    tw_buf_printf(buf, "  \"config\": {\"setup\": \"%s\", \"medal\": \"%s\"%s",
                  SETUP_KEYS[rec->config.setup == TW_NW_SETUP_FULL], tw_nw_medal_key(rec->config.medal),
                  rec->config.offer_finish ? ", \"finish\": true" : "");
    /* the variants are written only when chosen: a base game's file stays as it was */
    if (rec->config.variant != TW_NW_VARIANT_MEDALS)
        tw_buf_printf(buf, ", \"variant\": \"%s\"", tw_nw_variant_key(rec->config.variant));
    tw_buf_printf(buf, "%s},\n", rec->config.expert ? ", \"expert\": true" : "");
    tw_buf_printf(buf, "  \"seed\": %llu,\n", (unsigned long long)rec->config.seed);
    tw_buf_printf(buf, "  \"default_characters\": %d,\n", rec->extra_from);
    if (rec->has_challenge) {
        tw_buf_printf(buf, "  \"challenge\": ");
        tw_nw_challenge_to_json(&rec->challenge, &rec->catalog, "  ", buf);
        tw_buf_printf(buf, ",\n");
    }
    /* the user's characters: added after the defaults, or replacing one */
    int written = 0;
    for (int i = 0; i < rec->catalog.count; i++) {
        if (i < rec->extra_from && !((rec->catalog.from_user >> i) & 1))
            continue;
        tw_buf_printf(buf, "%s\n    ", written ? "," : "  \"characters\": [");
        if (tw_nw_catalog_entry_to_json(&rec->catalog.entries[i], "    ", buf) < 0)
            return TW_ERR_ARG;
        written++;
    }
    if (written)
        tw_buf_printf(buf, "\n  ],\n");
    tw_buf_printf(buf, "  \"actions\": [");
    for (int i = 0; i < rec->count; i++) {
        char act[32];
        tw_buf_printf(buf, "%s\n    \"%s\"", i ? "," : "", tw_nw_action_format(rec->actions[i], act, sizeof act));
    }
    tw_buf_printf(buf, "%s]", rec->count ? "\n  " : "");
    if (tw_nw_is_over(&s)) {
        int stars = tw_nw_stars_won(&s);
        tw_buf_printf(buf, ",\n  \"result\": {\"stars\": %d, \"medal\": \"%s\", \"won\": %s, \"stopped\": %s}", stars,
                      tw_nw_medal_key(tw_nw_medal_for(stars)), tw_nw_is_won(&s) ? "true" : "false",
                      s.stopped ? "true" : "false");
    }
    tw_buf_printf(buf, "\n}\n");
    return buf->failed ? TW_ERR_NOMEM : TW_OK;
}

/* Writes the record file atomically. */
tw_error tw_nw_record_save(const tw_nw_record *rec, const char *path)
{
    tw_buf buf = {0};
    tw_error err = tw_nw_record_to_json(rec, &buf);
    if (err == TW_OK)
        err = tw_write_file_atomic(path, buf.data, buf.len);
    tw_buf_free(&buf);
    return err;
}

/* ---- Reading records -------------------------------------------------- */

/* Checks the root object of a record or position file (see nw_io.h). */
tw_error nw_read_header(tw_jr *jr, json_t *root, const char *format, const char *const *allowed)
{
    json_t *game;
    tw_error err;
    if ((err = tw_jr_header(jr, root, format, 1)) || (err = tw_jr_object(jr, root, "", allowed)) ||
        (err = tw_jr_member(jr, root, "", "game", 1, &game)))
        return err;
    if (!json_is_string(game) || strcmp(json_string_value(game), "northwood") != 0)
        return tw_jr_fail(jr, "game", "must be \"northwood\" (a For Northwood! file)");
    return TW_OK;
}

/* Reads "config" and "seed". */
static tw_error read_config(tw_jr *jr, json_t *root, tw_nw_config *config)
{
    static const char *const keys[] = {"setup", "medal", "finish", "variant", "expert", NULL};
    static const char *const medals[] = {NULL, "bronze", "silver", "gold"};
    static const char *const variants[] = {"medals", "hidden-stars"};
    json_t *cfg;
    int setup, medal, finish, variant, expert;
    long long seed;
    tw_error err;
    if ((err = tw_jr_member(jr, root, "", "config", 1, &cfg)))
        return err;
    if (!json_is_object(cfg))
        return tw_jr_fail(jr, "config", "must be an object with \"setup\" and \"medal\"");
    if ((err = tw_jr_object(jr, cfg, "config", keys)) ||
        (err = tw_jr_choice(jr, cfg, "config", "setup", SETUP_KEYS, 2, 1, 0, &setup)) ||
        (err = tw_jr_choice(jr, cfg, "config", "medal", medals, 4, 1, 0, &medal)) ||
        (err = tw_jr_bool(jr, cfg, "config", "finish", 0, 0, &finish)) ||
        (err = tw_jr_choice(jr, cfg, "config", "variant", variants, 2, 0, 0, &variant)) ||
        (err = tw_jr_bool(jr, cfg, "config", "expert", 0, 0, &expert)) ||
        (err = tw_jr_int(jr, root, "", "seed", 0, (long long)TW_MAX_SEED, 1, 0, &seed)))
        return err;
    config->setup = (tw_nw_setup)setup;
    config->medal = (tw_nw_medal)medal;
    config->seed = (uint64_t)seed;
    config->offer_finish = finish;
    config->variant = (tw_nw_variant)variant;
    config->expert = expert;
    return TW_OK;
}

/* Builds the catalog: the first "default_characters" of the default file
 * (records written before the crown characters were in it leave the
 * member out: they dealt from the non-crown ones), plus those in the
 * record. The embedded list goes through the character file loader, whose
 * error paths ("characters[2].steps[0].op") are also paths in the record. */
static tw_error read_characters(tw_jr *jr, json_t *root, tw_nw_record *rec)
{
    tw_diag sub;
    if (tw_nw_catalog_load_default(&rec->catalog, &sub) != TW_OK) {
        *jr->diag = sub;
        return TW_ERR_PARSE;
    }
    int before_crown = 0;
    while (before_crown < rec->catalog.count && !rec->catalog.entries[before_crown].crown)
        before_crown++;
    json_t *given = json_object_get(root, "default_characters");
    long long defaults = before_crown;
    if (given && (!json_is_integer(given) || json_integer_value(given) < 0 ||
                  json_integer_value(given) > rec->catalog.count))
        return tw_jr_fail(jr, "default_characters",
                          "must be a whole number from 0 to %d: how many characters of the default file "
                          "(data/characters.json, %d characters) the game dealt from, counted from its start",
                          rec->catalog.count, rec->catalog.count);
    if (given)
        defaults = json_integer_value(given);
    tw_error err;
    rec->catalog.count = (int)defaults;
    rec->extra_from = rec->catalog.count;
    json_t *list = json_object_get(root, "characters");
    if (!list)
        return TW_OK;
    if (!json_is_array(list))
        return tw_jr_fail(jr, "characters", "must be a list of character objects (or be left out)");
    if (json_array_size(list) == 0)
        return TW_OK;
    char *inner = json_dumps(list, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (!inner)
        return TW_ERR_NOMEM;
    tw_buf wrapper = {0};
    tw_buf_printf(&wrapper, "{\"format\": \"trickwood-characters\", \"version\": 1, \"characters\": %s}", inner);
    free(inner);
    if (wrapper.failed) {
        tw_buf_free(&wrapper);
        return TW_ERR_NOMEM;
    }
    err = tw_nw_catalog_add_text(&rec->catalog, wrapper.data, jr->diag->file, &sub);
    tw_buf_free(&wrapper);
    if (err == TW_OK)
        return TW_OK;
    const char *field = sub.field[0] ? sub.field : "characters";
    int line = tw_json_locate_line(jr->text, field);
    return tw_diag_set(jr->diag, line ? line : tw_json_locate_line(jr->text, "characters"), field, "%s",
                       sub.message);
}

/* Reads the action list into the record. */
static tw_error read_actions(tw_jr *jr, json_t *root, tw_nw_record *rec)
{
    json_t *list;
    tw_error err = tw_jr_member(jr, root, "", "actions", 1, &list);
    if (err)
        return err;
    if (!json_is_array(list))
        return tw_jr_fail(jr, "actions", "must be a list of action texts such as \"visit 3\"");
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *v = json_array_get(list, i);
        char field[32];
        tw_nw_action action;
        tw_jr_index(field, sizeof field, "actions", i);
        if (!json_is_string(v))
            return tw_jr_fail(jr, field, "must be a text such as \"visit 3\" or \"respond 7E\"");
        if (tw_nw_action_parse(json_string_value(v), &action) != 0)
            return tw_jr_fail(jr, field, "'%.40s' is not an action (for example \"visit 3\", \"substitute 2 0\", "
                              "\"begin\", \"activate 1\", \"proceed\", \"respond 7E\", \"pick 3C\", \"name eyes\", "
                              "\"fief 5\", \"ally 2\", \"continue\", \"pass\", \"finish\", \"stop\")",
                              json_string_value(v));
        if ((err = tw_nw_record_push(rec, action)))
            return err;
    }
    return TW_OK;
}

/* Compares the "result" object with the replayed game. */
static tw_error check_result(tw_jr *jr, json_t *root, const tw_nw_state *s)
{
    static const char *const keys[] = {"stars", "medal", "won", "stopped", NULL};
    static const char *const medals[] = {"none", "bronze", "silver", "gold"};
    json_t *result = json_object_get(root, "result");
    json_t *v;
    tw_error err;
    if (!result)
        return TW_OK; /* a record may leave the result out */
    if (!tw_nw_is_over(s))
        return tw_jr_fail(jr, "result", "the game is not over after the last action, so there can be no result");
    if (!json_is_object(result))
        return tw_jr_fail(jr, "result", "must be an object with \"stars\", \"medal\", \"won\" and \"stopped\"");
    if ((err = tw_jr_object(jr, result, "result", keys)) || (err = tw_jr_member(jr, result, "result", "stars", 1, &v)))
        return err;
    int stars = tw_nw_stars_won(s), medal;
    if (!json_is_integer(v))
        return tw_jr_fail(jr, "result.stars", "must be a whole number");
    if (json_integer_value(v) != stars)
        return tw_jr_fail(jr, "result.stars", "says %lld stars but replaying the actions gives %d",
                          (long long)json_integer_value(v), stars);
    if ((err = tw_jr_choice(jr, result, "result", "medal", medals, 4, 1, 0, &medal)))
        return err;
    if (medal != (int)tw_nw_medal_for(stars))
        return tw_jr_fail(jr, "result.medal", "says \"%s\" but replaying the actions gives \"%s\"", medals[medal],
                          medals[tw_nw_medal_for(stars)]);
    const char *flags[2] = {"won", "stopped"};
    int actual[2] = {tw_nw_is_won(s), s->stopped != 0};
    for (int i = 0; i < 2; i++) {
        char field[32];
        int said;
        tw_jr_path(field, sizeof field, "result", flags[i]);
        if ((err = tw_jr_bool(jr, result, "result", flags[i], 1, 0, &said)))
            return err;
        if (said != actual[i])
            return tw_jr_fail(jr, field, "says %s but replaying the actions gives %s", said ? "true" : "false",
                              actual[i] ? "true" : "false");
    }
    return TW_OK;
}

/* Reads "challenge" (a challenge's game), whose goal must be the
 * configuration's. */
static tw_error read_challenge(tw_jr *jr, json_t *root, tw_nw_record *rec)
{
    json_t *obj = json_object_get(root, "challenge");
    rec->has_challenge = 0;
    if (!obj)
        return TW_OK;
    tw_error err = tw_nw_challenge_read(jr, obj, "challenge", &rec->catalog, &rec->challenge);
    if (err)
        return err;
    const tw_nw_challenge *ch = &rec->challenge;
    if (ch->setup != rec->config.setup || ch->medal != rec->config.medal || ch->variant != rec->config.variant ||
        ch->expert != rec->config.expert)
        return tw_jr_fail(jr, "config", "disagrees with the challenge's setup and goal (\"challenge\")");
    rec->has_challenge = 1;
    return TW_OK;
}

/* Reads every part of a parsed record into rec and replays it. */
static tw_error read_record(tw_jr *jr, json_t *root, tw_nw_record *rec)
{
    static const char *const keys[] = {"format", "version", "game", "config", "seed", "default_characters",
                                       "characters", "actions", "result", "challenge", "notes", NULL};
    tw_error err;
    if ((err = nw_read_header(jr, root, "trickwood-record", keys)) || (err = read_config(jr, root, &rec->config)) ||
        (err = read_characters(jr, root, rec)) || (err = read_challenge(jr, root, rec)) ||
        (err = read_actions(jr, root, rec)) || (err = tw_notes_check(jr, root, rec->count)))
        return err;
    tw_nw_state s;
    if (replay(rec, -1, &s, jr->diag, jr->text) != TW_OK)
        return TW_ERR_PARSE;
    return check_result(jr, root, &s);
}

/* Loads a record from JSON text. */
tw_error tw_nw_record_from_text(tw_nw_record *rec, const char *text, const char *name, tw_diag *diag)
{
    tw_diag local;
    if (!diag)
        diag = &local;
    tw_diag_init(diag, name);
    json_t *root;
    tw_error err = tw_jr_parse(text, diag, &root);
    if (err)
        return err;
    tw_nw_record *work = calloc(1, sizeof *work);
    if (!work) {
        json_decref(root);
        return TW_ERR_NOMEM;
    }
    tw_jr jr = {text, diag, 1};
    err = read_record(&jr, root, work);
    json_decref(root);
    if (err == TW_OK)
        *rec = *work;
    else
        tw_nw_record_free(work);
    free(work);
    return err;
}

/* Loads a record file. */
tw_error tw_nw_record_load(tw_nw_record *rec, const char *path, tw_diag *diag)
{
    tw_diag local;
    if (!diag)
        diag = &local;
    tw_diag_init(diag, path);
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return TW_ERR_IO;
    tw_error err = tw_nw_record_from_text(rec, text, path, diag);
    free(text);
    return err;
}
