/* The hidden-card watch of the server tests: every reply a seat got is
 * kept, and once the game is over its record is replayed with the engine
 * to know where every card was at every version. A card code in a reply
 * is a leak when the seat could not locate that card at that moment
 * (tw_nw_view_unseen / tw_fox_view_unseen of the true state). */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "test_server_client.h"
#include "trickwood/fox_files.h"
#include "trickwood/nw_files.h"

#define MAX_WATCHED 4096

typedef struct {
    int seat;
    int from;     /* action replies: the version the action was sent at; -1 for states */
    json_t *reply;
} watched;

struct tw_ts_watch {
    int fox;
    int count;
    watched items[MAX_WATCHED];
};

tw_ts_watch *tw_ts_watch_new(int fox)
{
    tw_ts_watch *w = calloc(1, sizeof *w);
    if (w)
        w->fox = fox;
    return w;
}

/* Keeps a reply. */
static void keep(tw_ts_watch *w, int seat, int from, json_t *reply)
{
    if (!w || !reply || w->count == MAX_WATCHED)
        return;
    w->items[w->count].seat = seat;
    w->items[w->count].from = from;
    w->items[w->count].reply = json_incref(reply);
    w->count++;
}

void tw_ts_watch_state(tw_ts_watch *w, int seat, json_t *reply)
{
    keep(w, seat, -1, reply);
}

void tw_ts_watch_action(tw_ts_watch *w, int seat, int from, json_t *reply)
{
    keep(w, seat, from, reply);
}

void tw_ts_watch_free(tw_ts_watch *w)
{
    if (!w)
        return;
    for (int i = 0; i < w->count; i++)
        json_decref(w->items[i].reply);
    free(w);
}

/* What the check needs: the cards each seat can locate at each version,
 * the action texts, who took them and the phase after each. */
typedef struct {
    int fox;
    int count;         /* actions */
    uint32_t *known;   /* [version * 2 + seat] */
    char (*text)[48];  /* [action] */
    int *actor;        /* [action] */
    int *gift_pending; /* [version]: a first Gift pick waits for the second */
    int *kind;         /* [action]: action kind */
} timeline;

/* The card a word names in this game, or -1. Only the upper-case codes
 * the server writes count. */
static int word_card(const timeline *t, const char *word, size_t len)
{
    char code[8];
    if (len < 2 || len > 3)
        return -1;
    memcpy(code, word, len);
    code[len] = '\0';
    char last = code[len - 1];
    if (last < 'A' || last > 'Z')
        return -1;
    return t->fox ? tw_fox_card_parse(code) : tw_nw_card_parse(code);
}

/* Checks every card code in the strings of v against the allowed set. */
static void check_cards(const timeline *t, json_t *v, uint32_t allowed, const char *where, int *bad)
{
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        while (*s) {
            size_t len = strcspn(s, " ");
            int card = word_card(t, s, len);
            if (card >= 0 && !(allowed & (1u << card))) {
                if (*bad < 5)
                    tw_test_fail(__FILE__, __LINE__, "%s shows %.*s, which the seat cannot know there", where,
                                 (int)len, s);
                (*bad)++;
            }
            s += len;
            while (*s == ' ')
                s++;
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *item;
        json_array_foreach(v, i, item) check_cards(t, item, allowed, where, bad);
    } else if (json_is_object(v)) {
        const char *key;
        json_t *item;
        json_object_foreach(v, key, item) check_cards(t, item, allowed, where, bad);
    }
}

/* Cards seat can locate at a version. */
static uint32_t known_at(const timeline *t, int version, int seat)
{
    return t->known[version * 2 + (seat & 1)];
}

/* Checks log entries (state "log" or action "applied") as of version v. */
static void check_entries(const timeline *t, json_t *entries, int seat, int v, int *bad)
{
    size_t n;
    json_t *e;
    json_array_foreach(entries, n, e) {
        int version = (int)json_integer_value(json_object_get(e, "version"));
        int i = version - 1;
        if (i < 0 || i >= t->count || i >= v) {
            tw_test_fail(__FILE__, __LINE__, "log entry with version %d outside 1..%d", version, v);
            (*bad)++;
            continue;
        }
        json_t *action = json_object_get(e, "action");
        int hidden = t->fox && i == v - 1 && t->gift_pending[v] && t->actor[i] != seat &&
                     t->kind[i] == TW_FOX_ACT_GIFT;
        CHECK_INT(json_integer_value(json_object_get(e, "seat")), t->actor[i]);
        if (hidden) {
            if (!json_is_null(action)) {
                tw_test_fail(__FILE__, __LINE__, "the partner's pending Gift pick is shown: %s",
                             json_string_value(action));
                (*bad)++;
            }
            continue;
        }
        if (!json_is_string(action) || strcmp(json_string_value(action), t->text[i]) != 0) {
            tw_test_fail(__FILE__, __LINE__, "log entry %d is \"%s\", expected \"%s\"", i,
                         json_string_value(action) ? json_string_value(action) : "null", t->text[i]);
            (*bad)++;
        }
        /* What the entry names was known when it was taken, or became
         * known since (a Gift received after the partner picked first). */
        uint32_t allowed = 0;
        for (int k = i; k <= v; k++)
            allowed |= known_at(t, k, seat);
        check_cards(t, action, allowed, "a log entry", bad);
    }
}

/* Builds the timeline of a record by replaying it. */
static int build_timeline(timeline *t, int fox, const char *record_text)
{
    tw_diag diag;
    tw_diag_init(&diag, "record");
    memset(t, 0, sizeof *t);
    t->fox = fox;
    if (fox) {
        tw_fox_record *rec = calloc(1, sizeof *rec);
        if (!rec || tw_fox_record_from_text(rec, record_text, "record", &diag) != TW_OK) {
            free(rec);
            return -1;
        }
        t->count = rec->count;
        t->known = calloc((size_t)(rec->count + 1) * 2, sizeof *t->known);
        t->text = calloc((size_t)rec->count + 1, sizeof *t->text);
        t->actor = calloc((size_t)rec->count + 1, sizeof *t->actor);
        t->kind = calloc((size_t)rec->count + 1, sizeof *t->kind);
        t->gift_pending = calloc((size_t)rec->count + 1, sizeof *t->gift_pending);
        tw_fox_state s;
        tw_fox_new(&s, &rec->board, &rec->config, NULL);
        for (int k = 0; k <= rec->count; k++) {
            for (int seat = 0; seat < 2; seat++) {
                tw_fox_view view;
                tw_fox_view_of(&s, seat, &view);
                t->known[k * 2 + seat] = TW_FOX_ALL_CARDS & ~tw_fox_view_unseen(&view);
            }
            t->gift_pending[k] = s.phase == TW_FOX_PHASE_GIFT_SECOND;
            if (k == rec->count)
                break;
            t->actor[k] = tw_fox_to_act(&s);
            t->kind[k] = TW_FOX_ACTION_KIND(rec->actions[k]);
            tw_fox_action_format(&s, rec->actions[k], t->text[k], 48);
            tw_fox_apply(&s, rec->actions[k], NULL);
        }
        tw_fox_record_free(rec);
        free(rec);
        return 0;
    }
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state *s = calloc(1, sizeof *s);
    tw_nw_view *view = calloc(1, sizeof *view);
    if (!rec || !s || !view || tw_nw_record_from_text(rec, record_text, "record", &diag) != TW_OK) {
        free(rec);
        free(s);
        free(view);
        return -1;
    }
    t->count = rec->count;
    t->known = calloc((size_t)(rec->count + 1) * 2, sizeof *t->known);
    t->text = calloc((size_t)rec->count + 1, sizeof *t->text);
    t->actor = calloc((size_t)rec->count + 1, sizeof *t->actor);
    t->kind = calloc((size_t)rec->count + 1, sizeof *t->kind);
    t->gift_pending = calloc((size_t)rec->count + 1, sizeof *t->gift_pending);
    tw_nw_new(s, &rec->catalog, &rec->config, NULL);
    for (int k = 0; k <= rec->count; k++) {
        tw_nw_view_of(s, view);
        t->known[k * 2] = t->known[k * 2 + 1] = ~tw_nw_view_unseen(view);
        if (k == rec->count)
            break;
        tw_nw_action_format(rec->actions[k], t->text[k], 48);
        tw_nw_apply(s, rec->actions[k], NULL);
    }
    tw_nw_record_free(rec);
    free(rec);
    free(s);
    free(view);
    return 0;
}

/* Frees a timeline. */
static void free_timeline(timeline *t)
{
    free(t->known);
    free(t->text);
    free(t->actor);
    free(t->kind);
    free(t->gift_pending);
}

int tw_ts_watch_check(tw_ts_watch *w, const char *record_text)
{
    timeline t;
    if (!w || build_timeline(&t, w->fox, record_text) != 0) {
        tw_test_fail(__FILE__, __LINE__, "the record of the watched game does not replay");
        return 0;
    }
    int bad = 0;
    for (int r = 0; r < w->count && bad < 20; r++) {
        watched *item = &w->items[r];
        json_t *reply = item->reply;
        int v = (int)json_integer_value(json_object_get(reply, "version"));
        if (v < 0 || v > t.count) {
            tw_test_fail(__FILE__, __LINE__, "reply version %d outside 0..%d", v, t.count);
            bad++;
            continue;
        }
        if (item->from < 0) {
            uint32_t allowed = known_at(&t, v, item->seat);
            check_cards(&t, json_object_get(reply, "view"), allowed, "a view", &bad);
            check_cards(&t, json_object_get(reply, "legal"), allowed, "a legal list", &bad);
            check_entries(&t, json_object_get(reply, "log"), item->seat, v, &bad);
            continue;
        }
        check_entries(&t, json_object_get(reply, "applied"), item->seat, v, &bad);
        size_t i;
        json_t *ev;
        json_array_foreach(json_object_get(reply, "events"), i, ev) {
            json_t *step = json_object_get(ev, "step");
            int k = json_is_integer(step) ? (int)json_integer_value(step) : item->from;
            if (k < 0 || k >= t.count) {
                tw_test_fail(__FILE__, __LINE__, "event of step %d outside the game", k);
                bad++;
                continue;
            }
            check_cards(&t, ev, known_at(&t, k, item->seat) | known_at(&t, k + 1, item->seat), "an event", &bad);
        }
    }
    free_timeline(&t);
    return w->count;
}
