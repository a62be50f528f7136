/* A seat's own Fox event log never names the card its partner picked for
 * a Gift. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "trickwood/fox_files.h"

/* The first line of a JSON-lines log whose step is `step`, or NULL. */
static const char *step_line(const char *log, int step)
{
    char key[32];
    snprintf(key, sizeof key, "\"step\":%d,", step);
    for (const char *p = log; p && *p;) {
        const char *end = strchr(p, '\n');
        const char *at = strstr(p, key);
        if (at && (!end || at < end))
            return p;
        p = end ? end + 1 : NULL;
    }
    return NULL;
}

/* Whether the line starting at line holds needle before its end. */
static int line_has(const char *line, const char *needle)
{
    const char *end = strchr(line, '\n');
    const char *at = strstr(line, needle);
    return at && (!end || at < end);
}

TEST(fox_seat_event_log_hides_the_partners_gift_pick)
{
    static tw_fox_board board;
    tw_diag diag;
    REQUIRE(tw_fox_board_load_level(&board, 1, &diag) == TW_OK);
    int checked = 0;
    for (uint64_t seed = 1; seed < 400 && checked < 5; seed++) {
        tw_fox_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.level = 1;
        cfg.dealer = 0;
        cfg.seed = seed;
        tw_fox_record rec;
        REQUIRE(tw_fox_record_init(&rec, &board, "side-a.json", &cfg) == TW_OK);
        tw_fox_state s;
        REQUIRE(tw_fox_new(&s, &board, &cfg, NULL) == TW_OK);
        tw_rng rng;
        tw_rng_seed(&rng, seed);
        int gift_by = -1, gift_step = -1, step = 0;
        char gift_text[48] = "";
        while (!tw_fox_is_over(&s)) {
            tw_fox_action acts[TW_FOX_MAX_ACTIONS];
            int n = tw_fox_legal_actions(&s, acts);
            tw_fox_action a = acts[tw_rng_below(&rng, (uint32_t)n)];
            if (gift_by < 0 && TW_FOX_ACTION_KIND(a) == TW_FOX_ACT_GIFT) {
                gift_by = tw_fox_to_act(&s);
                gift_step = step;
                tw_fox_action_format(&s, a, gift_text, sizeof gift_text);
            }
            step++;
            REQUIRE(tw_fox_apply(&s, a, NULL) == TW_OK);
            REQUIRE(tw_fox_record_push(&rec, a) == TW_OK);
        }
        if (gift_by >= 0) {
            tw_buf mine = {0}, theirs = {0};
            REQUIRE(tw_fox_record_event_log(&rec, gift_by, &mine) == TW_OK);
            REQUIRE(tw_fox_record_event_log(&rec, 1 - gift_by, &theirs) == TW_OK);
            char expected[64];
            snprintf(expected, sizeof expected, "\"action\":\"%s\"", gift_text);
            const char *in_mine = step_line(mine.data, gift_step), *in_theirs = step_line(theirs.data, gift_step);
            REQUIRE(in_mine && in_theirs);
            CHECK(line_has(in_mine, expected));            /* the picker's own log names the card */
            CHECK(!line_has(in_theirs, expected));         /* the partner's log does not */
            CHECK(line_has(in_theirs, "\"action\":\"gift\"")); /* it only says a Gift pick was made */
            tw_buf_free(&mine);
            tw_buf_free(&theirs);
            checked++;
        }
        tw_fox_record_free(&rec);
    }
    CHECK_INT(checked, 5);
}
