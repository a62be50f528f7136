/* Event logs: every event of a For Northwood! game as one JSON object per
 * line (see docs/formats.md, "Event logs"). A log is rebuilt from a record
 * by replaying it, so it never needs to be read back by the program. */
#include <stdio.h>

#include "trickwood/nw_files.h"

static const char *const EVENT_KEYS[] = {NULL, "move", "shuffle", "visit", "substitute", "ability",
                                         "statement", "response", "visit_end", "ruler_swap", "name_suit",
                                         "peek", "removed", "game_end", "ability_end", "visit_move", "ready",
                                         "trigger", "decided", "stars"};
static const char *const TRIGGER_STAGES[] = {"armed", "fires", "lost"};

/* Names an event type. */
const char *tw_nw_event_key(int type)
{
    if (type < 1 || type >= (int)(sizeof EVENT_KEYS / sizeof EVENT_KEYS[0]))
        return NULL;
    return EVENT_KEYS[type];
}

/* Appends ,"key":"7E" (or null when there is no card). */
static void put_card(tw_buf *buf, const char *key, int card)
{
    char code[4];
    if (card < 0 || card >= TW_NW_CARDS) {
        tw_buf_printf(buf, ",\"%s\":null", key);
        return;
    }
    tw_nw_card_code(card, code);
    tw_buf_printf(buf, ",\"%s\":\"%s\"", key, code);
}

/* Appends ,"key":"name" for a table key (null when out of range). */
static void put_key(tw_buf *buf, const char *key, const char *name)
{
    if (name)
        tw_buf_printf(buf, ",\"%s\":\"%s\"", key, name);
    else
        tw_buf_printf(buf, ",\"%s\":null", key);
}

/* Appends ,"key":true or false. */
static void put_bool(tw_buf *buf, const char *key, int value)
{
    tw_buf_printf(buf, ",\"%s\":%s", key, value ? "true" : "false");
}

/* Appends the fields a type of event carries, with readable names. */
static void put_fields(const tw_nw_event *ev, tw_buf *buf)
{
    switch (ev->type) {
    case TW_NW_EV_MOVE:
        put_card(buf, "card", ev->card);
        put_key(buf, "from", tw_nw_pile_key(ev->from));
        put_key(buf, "to", tw_nw_pile_key(ev->to));
        break;
    case TW_NW_EV_VISIT:
    case TW_NW_EV_REMOVED:
        tw_buf_printf(buf, ",\"fief\":%d", ev->a);
        break;
    case TW_NW_EV_SUBSTITUTE:
        tw_buf_printf(buf, ",\"fief\":%d,\"slot\":%d", ev->a, ev->b);
        break;
    case TW_NW_EV_ABILITY:
    case TW_NW_EV_ABILITY_END:
        tw_buf_printf(buf, ",\"slot\":%d", ev->a);
        break;
    case TW_NW_EV_STATEMENT:
        put_card(buf, "card", ev->card);
        break;
    case TW_NW_EV_RESPONSE:
        put_card(buf, "card", ev->card);
        put_bool(buf, "scored", ev->a);
        break;
    case TW_NW_EV_VISIT_END:
        tw_buf_printf(buf, ",\"fief\":%d", ev->a);
        put_bool(buf, "friendly", ev->b);
        tw_buf_printf(buf, ",\"score\":%d", ev->c);
        break;
    case TW_NW_EV_RULER_SWAP:
        tw_buf_printf(buf, ",\"fief\":%d,\"other\":%d", ev->a, ev->b);
        break;
    case TW_NW_EV_NAME_SUIT:
        put_key(buf, "suit", tw_nw_suit_key(ev->a));
        break;
    case TW_NW_EV_PEEK:
        put_card(buf, "card", ev->card);
        tw_buf_printf(buf, ",\"depth\":%d", ev->a);
        break;
    case TW_NW_EV_GAME_END:
        tw_buf_printf(buf, ",\"stars\":%d", ev->a);
        put_bool(buf, "stopped", ev->b);
        break;
    case TW_NW_EV_VISIT_MOVE:
        tw_buf_printf(buf, ",\"from\":%d,\"to\":%d", ev->a, ev->b);
        break;
    case TW_NW_EV_READY:
        tw_buf_printf(buf, ",\"slot\":%d", ev->a);
        break;
    case TW_NW_EV_TRIGGER:
        tw_buf_printf(buf, ",\"slot\":%d", ev->a);
        put_key(buf, "stage", ev->b < 3 ? TRIGGER_STAGES[ev->b] : NULL);
        break;
    case TW_NW_EV_DECIDED:
        tw_buf_printf(buf, ",\"fief\":%d", ev->a);
        put_bool(buf, "hit", ev->b);
        break;
    case TW_NW_EV_STARS: {
        tw_buf_printf(buf, ",\"fiefs\":[");
        for (int f = 0, n = 0; f < TW_NW_FIEFS; f++)
            if (ev->a >> f & 1)
                tw_buf_printf(buf, "%s%d", n++ ? "," : "", f);
        tw_buf_printf(buf, "],\"friendly\":%d", ev->b);
        break;
    }
    default: /* shuffle carries nothing */
        break;
    }
}

/* Appends the line of one event. */
static void put_line(const tw_nw_event *ev, tw_nw_action action, int *seq, tw_buf *buf)
{
    char act[32];
    tw_buf_printf(buf, "{\"seq\":%d", (*seq)++);
    if (action == TW_NW_NO_ACTION)
        tw_buf_printf(buf, ",\"action\":null");
    else
        tw_buf_printf(buf, ",\"action\":\"%s\"", tw_nw_action_format(action, act, sizeof act));
    put_key(buf, "type", tw_nw_event_key(ev->type));
    put_fields(ev, buf);
    tw_buf_printf(buf, "}\n");
}

/* Appends one line per event. The cards a deck search (Baron of Claws)
 * takes come in card order, not in the order they lay in the deck: the
 * engine emits them so (that order is unseen and the log tells nothing
 * about unseen deck cards). */
void tw_nw_events_to_jsonl(const tw_nw_events *events, tw_nw_action action, int *seq, tw_buf *buf)
{
    for (int i = 0; i < events->count; i++)
        put_line(&events->items[i], action, seq, buf);
}

/* Replays the record and writes the events of the setup and of every
 * action. */
tw_error tw_nw_record_event_log(const tw_nw_record *rec, tw_buf *buf)
{
    tw_nw_events local;
    tw_nw_events *ev = &local;
    tw_nw_state s;
    int seq = 0;
    ev->count = 0;
    ev->overflow = 0;
    tw_error err = tw_nw_new_fixed(&s, &rec->catalog, &rec->config, tw_nw_record_fixed(rec), ev);
    if (err != TW_OK)
        return err;
    tw_nw_events_to_jsonl(ev, TW_NW_NO_ACTION, &seq, buf);
    for (int i = 0; i < rec->count && !ev->overflow; i++) {
        ev->count = 0;
        err = tw_nw_apply(&s, rec->actions[i], ev);
        if (err != TW_OK)
            return TW_ERR_ILLEGAL;
        tw_nw_events_to_jsonl(ev, rec->actions[i], &seq, buf);
    }
    if (ev->overflow)
        return TW_ERR_ARG; /* the engine emitted more events than a batch holds */
    return buf->failed ? TW_ERR_NOMEM : TW_OK;
}

/* Writes the event log of a record atomically. */
tw_error tw_nw_event_log_save(const tw_nw_record *rec, const char *path)
{
    tw_buf buf = {0};
    tw_error err = tw_nw_record_event_log(rec, &buf);
    if (err == TW_OK)
        err = tw_write_file_atomic(path, buf.data ? buf.data : "", buf.len);
    tw_buf_free(&buf);
    return err;
}
