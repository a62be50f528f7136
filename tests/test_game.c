/* The game interface (trickwood/game.h): both games played through the
 * table alone, with one loop written once: random legal play with the
 * engines' invariants after every action, refusals with the engine's
 * reason and nothing changed, records that rebuild the match, bots by
 * name, and configuration errors that name the field. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "trickwood/game.h"

/* Whether an action is in a list. */
static int listed(const tw_game_action *list, int n, tw_game_action action)
{
    for (int i = 0; i < n; i++)
        if (list[i] == action)
            return 1;
    return 0;
}

/* Plays one match at random through the interface; returns the number of
 * actions, or -1 after a failure. */
static int play_randomly(const tw_game *game, json_t *config, uint64_t seed, tw_rng *rng)
{
    tw_diag d;
    tw_match *m = game->start(config, seed, &d);
    if (!m) {
        tw_test_fail(__FILE__, __LINE__, "%s would not start: %s", game->key, d.message);
        return -1;
    }
    tw_game_action before[TW_GAME_MAX_ACTIONS];
    int nbefore = 0;
    tw_buf lines = {0};
    while (!tw_match_is_over(m) && m->count < 2000) {
        tw_game_action now[TW_GAME_MAX_ACTIONS];
        int n = game->legal(m, now);
        if (n <= 0 || n > TW_GAME_MAX_ACTIONS) {
            tw_test_fail(__FILE__, __LINE__, "%s: %d legal actions while not over", game->key, n);
            break;
        }
        /* An action legal a moment ago but not now is refused with a
         * reason, and the match does not change. */
        for (int i = 0; i < nbefore; i++) {
            if (listed(now, n, before[i]))
                continue;
            char text[48], why[512];
            game->format(m, before[i], text, sizeof text);
            int count = m->count;
            json_t *view = game->view_json(m, game->to_act(m));
            if (tw_match_act_text(m, text, NULL, why, sizeof why) == TW_OK) {
                /* the same text can name a legal action of another kind */
                tw_test_fail(__FILE__, __LINE__, "%s: '%s' accepted though not listed", game->key, text);
            } else {
                CHECK(why[0] != '\0');
                CHECK(strstr(why, "legal now: ") != NULL);
                CHECK_INT(m->count, count);
                json_t *again = game->view_json(m, game->to_act(m));
                CHECK(json_equal(view, again));
                json_decref(again);
            }
            json_decref(view);
            break;
        }
        tw_game_action pick = now[tw_rng_below(rng, (uint32_t)n)];
        char text[48], why[512];
        game->format(m, pick, text, sizeof text);
        CHECK_INT(tw_match_act_text(m, text, &lines, why, sizeof why), TW_OK);
        const char *broken = NULL;
        if (!game->check(m, &broken)) {
            tw_test_fail(__FILE__, __LINE__, "%s seed %llu: %s", game->key, (unsigned long long)seed, broken);
            break;
        }
        memcpy(before, now, sizeof now);
        nbefore = n;
    }
    CHECK(lines.len > 0 && lines.data[lines.len - 1] == '\n'); /* the event log, one JSON object a line */
    json_t *result = game->result_json(m);
    CHECK(result != NULL && json_is_boolean(json_object_get(result, "won")));
    json_decref(result);
    /* The record rebuilds the same match. */
    tw_buf rec = {0};
    CHECK(game->record_json(m, &rec) == TW_OK);
    tw_match *back = rec.data ? game->from_record(rec.data, "record.json", &d) : NULL;
    if (!back) {
        tw_test_fail(__FILE__, __LINE__, "%s record does not load: %s", game->key, d.message);
    } else {
        CHECK_INT(back->count, m->count);
        CHECK(memcmp(back->actions, m->actions, (size_t)m->count * sizeof m->actions[0]) == 0);
        for (int seat = 0; seat < game->seats; seat++) {
            json_t *a = game->view_json(m, seat), *b = game->view_json(back, seat);
            CHECK(json_equal(a, b));
            json_decref(a);
            json_decref(b);
        }
        game->free(back);
    }
    int count = m->count;
    tw_buf_free(&rec);
    tw_buf_free(&lines);
    game->free(m);
    return count;
}

TEST(game_both_games_play_through_the_interface)
{
    tw_rng rng;
    tw_rng_seed(&rng, 12);
    CHECK_INT(tw_game_count, 2);
    json_t *nw_full = json_pack("{s:s, s:s}", "setup", "full", "medal", "silver");
    json_t *fox_l3 = json_pack("{s:i}", "level", 3);
    for (int g = 0; g < 40; g++) {
        CHECK(play_randomly(tw_game_find("northwood"), g % 2 ? nw_full : NULL, 100u + (uint64_t)g, &rng) > 0);
        CHECK(play_randomly(tw_game_find("fox"), g % 2 ? fox_l3 : NULL, 200u + (uint64_t)g, &rng) > 0);
    }
    json_decref(nw_full);
    json_decref(fox_l3);
}

TEST(game_bots_by_name_and_bad_configurations)
{
    for (int i = 0; i < tw_game_count; i++) {
        const tw_game *game = tw_games[i];
        CHECK(tw_game_find(game->key) == game);
        tw_diag d;
        tw_match *m = game->start(NULL, 7, &d);
        REQUIRE(m);
        /* The random and the rule-following bots answer with a legal move. */
        static const char *const bots[] = {"random", "greedy", "rule"};
        int answered = 0;
        for (int b = 0; b < 3; b++) {
            tw_game_action a;
            if (tw_match_bot_action(m, bots[b], 1, &a) != TW_OK)
                continue;
            tw_game_action legal[TW_GAME_MAX_ACTIONS];
            CHECK(listed(legal, game->legal(m, legal), a));
            answered++;
        }
        CHECK_INT(answered, 2); /* random, and the game's rule bot */
        tw_game_action a;
        CHECK_INT(tw_match_bot_action(m, "no-such-bot", 1, &a), TW_ERR_ARG);
        /* Not an action at all: the reason says so and shows the notation. */
        char why[512];
        CHECK_INT(tw_match_act_text(m, "dance", NULL, why, sizeof why), TW_ERR_ILLEGAL);
        CHECK_CONTAINS(why, "is not an action");
        CHECK_CONTAINS(why, "legal now: ");
        game->free(m);
        /* A bad member is named. */
        json_t *bad = json_pack("{s:s}", "colour", "red");
        CHECK(game->start(bad, 1, &d) == NULL);
        CHECK_STR(d.field, "config.colour");
        json_decref(bad);
    }
    tw_diag d;
    json_t *level = json_pack("{s:i}", "level", 4);
    CHECK(tw_game_find("fox")->start(level, 1, &d) == NULL);
    CHECK_STR(d.field, "config.level");
    json_decref(level);
    json_t *medal = json_pack("{s:s}", "medal", "platinum");
    CHECK(tw_game_find("northwood")->start(medal, 1, &d) == NULL);
    CHECK_STR(d.field, "config.medal");
    json_decref(medal);
    CHECK(tw_game_find("chess") == NULL);
}

TEST(game_held_bots_clones_and_hints)
{
    for (int i = 0; i < tw_game_count; i++) {
        const tw_game *game = tw_games[i];
        tw_diag d;
        tw_match *m = game->start(NULL, 11, &d);
        REQUIRE(m);
        /* Every named bot is made, and an unknown name is refused. */
        for (int b = 0; game->bot_names[b]; b++) {
            tw_game_bot *bot = game->bot_new(game->bot_names[b], 3);
            CHECK(bot != NULL);
            game->bot_free(bot);
        }
        CHECK(game->bot_new("no-such-bot", 3) == NULL);
        /* A held random bot plays a few legal moves in a row. */
        tw_game_bot *bot = game->bot_new("random", 5);
        REQUIRE(bot);
        for (int k = 0; k < 6 && !tw_match_is_over(m); k++) {
            tw_game_action a, legal[TW_GAME_MAX_ACTIONS];
            CHECK_INT(game->bot_choose(bot, m, &a), TW_OK);
            CHECK(listed(legal, game->legal(m, legal), a));
            CHECK_INT(game->apply(m, a, NULL), TW_OK);
        }
        game->bot_free(bot);
        /* A clone has the same actions and view, and moves on its own. */
        tw_match *copy = game->clone(m);
        REQUIRE(copy);
        CHECK_INT(copy->count, m->count);
        json_t *v1 = game->view_json(m, 0), *v2 = game->view_json(copy, 0);
        CHECK(json_equal(v1, v2));
        json_decref(v1);
        json_decref(v2);
        tw_game_action legal[TW_GAME_MAX_ACTIONS];
        REQUIRE(game->legal(copy, legal) > 0);
        CHECK_INT(game->apply(copy, legal[0], NULL), TW_OK);
        CHECK_INT(copy->count, m->count + 1);
        /* The hint names a legal action in the record notation. */
        json_t *hint = game->hint_json(m, 9);
        REQUIRE(hint);
        tw_game_action hinted;
        CHECK_INT(game->parse(m, json_string_value(json_object_get(hint, "action")), &hinted), 0);
        CHECK(listed(legal, game->legal(m, legal), hinted));
        CHECK(json_integer_value(json_object_get(hint, "samples")) > 0);
        json_decref(hint);
        /* A match rebuilt from its record clones too, and the clone
         * outlives the original. */
        tw_buf rec = {0};
        REQUIRE(game->record_json(m, &rec) == TW_OK);
        tw_match *rebuilt = game->from_record(rec.data, "clone.json", &d);
        REQUIRE(rebuilt);
        tw_match *copy2 = game->clone(rebuilt);
        REQUIRE(copy2);
        game->free(rebuilt);
        CHECK_INT(copy2->count, m->count);
        json_t *v3 = game->view_json(copy2, 0), *v4 = game->view_json(m, 0);
        CHECK(json_equal(v3, v4));
        json_decref(v3);
        json_decref(v4);
        game->free(copy2);
        tw_buf_free(&rec);
        game->free(copy);
        game->free(m);
    }
}
