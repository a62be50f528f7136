/* Event logs: one JSON object per line for every event of a game, with
 * every card that moved spelled out (or, for one seat, what it may see). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fox_io.h"

/* Adds a space field (indexes in events become spaces -5..5). */
static void set_space(json_t *obj, const char *key, int index)
{
    json_object_set_new(obj, key, json_integer(TW_FOX_INDEX_SPACE(index)));
}

/* Adds the fields of one event. */
static void event_fields(json_t *obj, const tw_fox_event *ev)
{
    switch (ev->type) {
    case TW_FOX_EV_MOVE:
        json_object_set_new(obj, "card", fox_card_json(ev->card));
        json_object_set_new(obj, "from", json_string(tw_fox_zone_key(ev->from)));
        json_object_set_new(obj, "to", json_string(tw_fox_zone_key(ev->to)));
        break;
    case TW_FOX_EV_SHUFFLE:
    case TW_FOX_EV_ROUND_END:
        json_object_set_new(obj, "round", json_integer(ev->a));
        break;
    case TW_FOX_EV_ROUND_START:
        json_object_set_new(obj, "round", json_integer(ev->a));
        json_object_set_new(obj, "dealer", json_integer(ev->b));
        json_object_set_new(obj, "leader", json_integer(ev->c));
        break;
    case TW_FOX_EV_PLAY:
        json_object_set_new(obj, "seat", json_integer(ev->a));
        json_object_set_new(obj, "card", fox_card_json(ev->card));
        json_object_set_new(obj, "led", json_boolean(ev->b == 0));
        break;
    case TW_FOX_EV_FOX_TARGET:
        json_object_set_new(obj, "seat", json_integer(ev->a));
        json_object_set_new(obj, "target", json_integer(ev->b));
        break;
    case TW_FOX_EV_KEEP:
        json_object_set_new(obj, "seat", json_integer(ev->a));
        break;
    case TW_FOX_EV_GIFT_PICK:
        json_object_set_new(obj, "seat", json_integer(ev->a));
        json_object_set_new(obj, "card", fox_card_json(ev->card));
        break;
    case TW_FOX_EV_TRICK_WON:
        json_object_set_new(obj, "seat", json_integer(ev->a));
        json_object_set_new(obj, "trick", json_integer(ev->b));
        json_object_set_new(obj, "card", fox_card_json(ev->card));
        break;
    case TW_FOX_EV_IGNORE:
        json_object_set_new(obj, "seat", json_integer(ev->a));
        json_object_set_new(obj, "led", json_boolean(ev->b & 1));
        json_object_set_new(obj, "followed", json_boolean(ev->b & 2));
        break;
    case TW_FOX_EV_DIRECTION:
        json_object_set_new(obj, "seat", json_integer(ev->a));
        json_object_set_new(obj, "toward", json_integer(ev->b));
        break;
    case TW_FOX_EV_TOKEN:
        set_space(obj, "from", ev->a);
        set_space(obj, "to", ev->b);
        json_object_set_new(obj, "steps", json_integer(ev->c));
        break;
    case TW_FOX_EV_OFF_PATH:
        json_object_set_new(obj, "end", json_string(ev->a == TW_FOX_END_LEFT ? "left" : "right"));
        set_space(obj, "from", ev->b);
        json_object_set_new(obj, "steps", json_integer(ev->c));
        break;
    case TW_FOX_EV_FOREST:
        json_object_set_new(obj, "end", json_string(ev->a == TW_FOX_END_LEFT ? "left" : "right"));
        set_space(obj, "space", ev->b);
        json_object_set_new(obj, "forest_left", json_integer(ev->c));
        break;
    case TW_FOX_EV_GEM_SLIDE:
        set_space(obj, "from", ev->a);
        set_space(obj, "to", ev->b);
        json_object_set_new(obj, "count", json_integer(ev->c));
        break;
    case TW_FOX_EV_GEM_ADD:
        set_space(obj, "slot", ev->a);
        set_space(obj, "to", ev->b);
        break;
    case TW_FOX_EV_GEM_COLLECT:
        set_space(obj, "space", ev->a);
        json_object_set_new(obj, "left", json_integer(ev->b));
        break;
    case TW_FOX_EV_GAME_END:
        json_object_set_new(obj, "end", json_string(tw_fox_end_key(ev->a)));
        json_object_set_new(obj, "score", json_integer(ev->b));
        json_object_set_new(obj, "round", json_integer(ev->c));
        break;
    default:
        break;
    }
}

void tw_fox_events_to_jsonl(const tw_fox_events *events, int step, const char *action_text, int seat, int *seq,
                            tw_buf *buf)
{
    for (int i = 0; i < events->count; i++) {
        tw_fox_event ev = events->items[i];
        if (seat == 0 || seat == 1)
            tw_fox_event_for_seat(&events->items[i], seat, &ev);
        json_t *obj = json_object();
        json_object_set_new(obj, "seq", json_integer((*seq)++));
        json_object_set_new(obj, "step", json_integer(step));
        json_object_set_new(obj, "action", action_text ? json_string(action_text) : json_null());
        const char *key = tw_fox_event_key(ev.type);
        json_object_set_new(obj, "type", json_string(key ? key : "unknown"));
        event_fields(obj, &ev);
        char *line = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
        if (line) {
            tw_buf_printf(buf, "%s\n", line);
            free(line);
        } else {
            buf->failed = 1;
        }
        json_decref(obj);
    }
}

tw_error tw_fox_record_event_log(const tw_fox_record *rec, int seat, tw_buf *buf)
{
    tw_fox_state s;
    tw_fox_events *events = malloc(sizeof *events);
    if (!events)
        return TW_ERR_NOMEM;
    events->count = events->overflow = 0;
    tw_error err = tw_fox_new(&s, &rec->board, &rec->config, events);
    int seq = 0;
    if (!err)
        tw_fox_events_to_jsonl(events, -1, NULL, seat, &seq, buf);
    for (int i = 0; i < rec->count && !err; i++) {
        char text[48];
        tw_fox_action_format(&s, rec->actions[i], text, sizeof text);
        /* a seat's own log must not name the card the partner picked for a
         * Gift: that pick is secret until the exchange, whose moves the
         * seat then sees for the card it receives */
        if ((seat == 0 || seat == 1) && tw_fox_to_act(&s) != seat &&
            TW_FOX_ACTION_KIND(rec->actions[i]) == TW_FOX_ACT_GIFT)
            snprintf(text, sizeof text, "gift");
        events->count = events->overflow = 0;
        if (tw_fox_apply(&s, rec->actions[i], events) != TW_OK)
            err = TW_ERR_MISMATCH;
        else
            tw_fox_events_to_jsonl(events, i, text, seat, &seq, buf);
    }
    free(events);
    if (!err && buf->failed)
        err = TW_ERR_NOMEM;
    return err;
}

tw_error tw_fox_event_log_save(const tw_fox_record *rec, const char *path)
{
    tw_buf buf = {0};
    tw_error err = tw_fox_record_event_log(rec, -1, &buf);
    if (!err)
        err = tw_write_file_atomic(path, buf.data ? buf.data : "", buf.len);
    tw_buf_free(&buf);
    return err;
}
