/* For Northwood! games on the server with the crown characters: a full
 * deal is dealt from all 24 characters, the view marks crown cards, the
 * game offers "finish" for a decided visit (people play on the server),
 * and its record says so. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "test_server_client.h"

/* An integer member of an object (-1 when absent). */
static int int_member(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    return json_is_integer(v) ? (int)json_integer_value(v) : -1;
}

/* Whether a JSON list of texts holds one. */
static int list_has(json_t *list, const char *text)
{
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) {
        if (json_is_string(v) && strcmp(json_string_value(v), text) == 0)
            return 1;
    }
    return 0;
}

/* Posts an action at a version; returns the status. */
static int post(const tw_ts_server *s, const char *id, const char *token, const char *action, int version)
{
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    json_t *body = json_pack("{s:s, s:i}", "action", action, "version", version);
    char *text = json_dumps(body, JSON_COMPACT);
    json_t *out = NULL;
    int status = tw_ts_json(s, "POST", path, token, text, &out);
    free(text);
    json_decref(body);
    json_decref(out);
    return status;
}

TEST(server_nw_full_deal_crown_and_finish)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_test_tmp("crown.db"), NULL) == 0);
    json_t *created = NULL;
    int status = tw_ts_json(&s, "POST", "/api/games", NULL, "{\"game\":\"northwood\",\"setup\":\"full\",\"seed\":7}",
                            &created);
    CHECK_INT(status, 201);
    char id[32] = "", token[64] = "";
    if (created) {
        snprintf(id, sizeof id, "%s", json_string_value(json_object_get(created, "id")));
        snprintf(token, sizeof token, "%s", json_string_value(json_object_get(created, "token")));
    }
    json_decref(created);
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/state", id);
    int crowns = 0, finished = 0, version = 0, over = 0;
    for (int step = 0; step < 1500 && !over; step++) {
        json_t *state = NULL;
        if (tw_ts_json(&s, "GET", path, token, NULL, &state) != 200) {
            json_decref(state);
            CHECK(!"the state is served");
            break;
        }
        json_t *view = json_object_get(state, "view");
        if (step == 0) {
            CHECK(json_is_true(json_object_get(view, "offer_finish")));
            size_t i;
            json_t *slot;
            json_array_foreach(json_object_get(view, "slots"), i, slot) {
                crowns += json_is_true(json_object_get(json_object_get(slot, "ally"), "crown"));
            }
        }
        over = json_is_true(json_object_get(state, "over"));
        json_t *legal = json_object_get(state, "legal");
        const char *action = NULL;
        if (list_has(legal, "finish")) {
            /* offered exactly when the view says the visit is decided */
            CHECK(json_is_object(json_object_get(view, "decided")));
            action = "finish";
            finished++;
        } else if (json_array_size(legal)) {
            CHECK(json_is_null(json_object_get(view, "decided")));
            action = json_string_value(json_array_get(legal, 0));
            if (strcmp(action, "stop") == 0 && json_array_size(legal) > 1)
                action = json_string_value(json_array_get(legal, 1));
        }
        version = int_member(state, "version");
        char chosen[64] = "";
        if (action)
            snprintf(chosen, sizeof chosen, "%s", action);
        json_decref(state);
        if (!over && chosen[0])
            CHECK_INT(post(&s, id, token, chosen, version), 200);
    }
    CHECK(over);
    CHECK(crowns >= 3); /* seed 7 deals crown allies */
    CHECK(finished > 0);
    snprintf(path, sizeof path, "/api/history/%s", id);
    json_t *hist = NULL;
    CHECK_INT(tw_ts_json(&s, "GET", path, NULL, NULL, &hist), 200);
    json_t *record = json_object_get(hist, "record");
    CHECK(json_is_true(json_object_get(json_object_get(record, "config"), "finish")));
    CHECK(list_has(json_object_get(record, "actions"), "finish"));
    json_decref(hist);
    CHECK_INT(tw_ts_stop(&s), 0);
}
