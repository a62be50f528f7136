/* The game interface (trickwood/game.h): both games played through the
 * table alone, with one loop written once: random legal play with the
 * engines' invariants after every action, refusals with the engine's
 * reason and nothing changed, records that rebuild the match, bots by
 * name, and configuration errors that name the field. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "trickwood/fox_files.h"
#include "trickwood/foxduet.h"
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
    if (strcmp(game->key, "fox") == 0) {
        /* the rounds, the first one too, tell every forest token placed */
        const tw_fox_state *fs = game->state(m);
        CHECK_INT((int)json_array_size(json_object_get(result, "rounds")), fs->round);
        long long placed = 0;
        size_t i;
        json_t *round;
        json_array_foreach(json_object_get(result, "rounds"), i, round)
            placed += json_integer_value(json_object_get(round, "forest"));
        CHECK_INT((int)placed, fs->path.forest_start - fs->path.forest_left);
    }
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
        json_t *hint = game->hint_json(m);
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

/* The first card code of the Duet that a JSON list of codes lacks, or
 * NULL. */
static const char *fox_card_missing(json_t *list)
{
    static char code[4];
    for (int c = 0; c < TW_FOX_CARDS; c++) {
        tw_fox_card_code(c, code);
        int found = 0;
        for (size_t i = 0; i < json_array_size(list) && !found; i++)
            found = strcmp(json_string_value(json_array_get(list, i)), code) == 0;
        if (!found)
            return code;
    }
    return NULL;
}

/* Whether a JSON list of texts holds text. */
static int json_lists(json_t *list, const char *text)
{
    for (size_t i = 0; i < json_array_size(list); i++)
        if (strcmp(json_string_value(json_array_get(list, i)), text) == 0)
            return 1;
    return 0;
}

/* The legal actions of a match as a JSON list of texts. */
static json_t *legal_texts(const tw_match *m)
{
    tw_game_action actions[TW_GAME_MAX_ACTIONS];
    int n = m->game->legal(m, actions);
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        char text[48];
        m->game->format(m, actions[i], text, (int)sizeof text);
        json_array_append_new(list, json_string(text));
    }
    return list;
}

/* The Duet's refusals say why through the table (the web server's 422
 * replies): not an action, the phase waits for something else, the card
 * is not in the hand, the led suit must be followed. */
TEST(game_fox_reasons_say_why)
{
    const tw_game *game = tw_game_find("fox");
    json_t *config = json_pack("{s:i, s:i}", "level", 1, "dealer", 0);
    tw_diag d;
    tw_match *m = game->start(config, 9, &d);
    json_decref(config);
    REQUIRE(m);
    char why[512], text[32];
    game->reason(m, "dance", why, sizeof why);
    CHECK_CONTAINS(why, "is not an action");
    CHECK_CONTAINS(why, "legal now: play ");
    game->reason(m, "forest left", why, sizeof why);
    CHECK_CONTAINS(why, "waits for a card to play");
    json_t *view = game->view_json(m, game->to_act(m));
    const char *missing = fox_card_missing(json_object_get(view, "hand"));
    REQUIRE(missing);
    snprintf(text, sizeof text, "play %s", missing);
    json_decref(view);
    game->reason(m, text, why, sizeof why);
    CHECK_CONTAINS(why, "is not in your hand");
    /* Lead, then find a follower's card that breaks the suit rule. */
    tw_game_action actions[TW_GAME_MAX_ACTIONS];
    int found = 0;
    for (int tries = 0; tries < 40 && !found; tries++) {
        tw_match *t = game->clone(m);
        REQUIRE(t);
        int n = game->legal(t, actions);
        CHECK_INT(game->apply(t, actions[tries % n], NULL), TW_OK);
        json_t *v = game->view_json(t, game->to_act(t));
        json_t *legal = legal_texts(t);
        json_t *hand = json_object_get(v, "hand");
        if (strcmp(json_string_value(json_object_get(v, "phase")), "play") == 0 &&
            json_array_size(json_object_get(v, "trick")) == 1)
            for (size_t i = 0; i < json_array_size(hand) && !found; i++) {
                snprintf(text, sizeof text, "play %s", json_string_value(json_array_get(hand, i)));
                if (json_lists(legal, text))
                    continue;
                game->reason(t, text, why, sizeof why);
                CHECK_CONTAINS(why, "you must follow the led suit");
                found = 1;
            }
        json_decref(legal);
        json_decref(v);
        game->free(t);
    }
    CHECK(found);
    game->free(m);
}

/* The web forms: each game is found by its record name, a new game's
 * configuration from default options starts a match whose configuration
 * says the same, the Duet's first dealer follows from the seed, and a
 * restart deals the same game again. */
TEST(game_web_configurations_and_restart)
{
    int dealers[2] = {0, 0};
    for (int i = 0; i < tw_game_count; i++) {
        const tw_game *game = tw_games[i];
        CHECK(tw_game_find_record_name(game->record_name) == game);
        CHECK(game->options != NULL && game->options[0].key != NULL);
        CHECK((game->partner_bots != NULL) == (game->seats > 1));
        for (uint64_t seed = 1; seed <= 8; seed++) {
            json_t *options = json_object();
            json_t *config = game->new_config(options, seed);
            REQUIRE(config);
            tw_diag d;
            tw_match *m = game->start(config, seed, &d);
            REQUIRE(m);
            json_t *said = game->config_json(m);
            const char *key;
            json_t *value;
            json_object_foreach(config, key, value) {
                CHECK(json_equal(value, json_object_get(said, key)));
            }
            if (json_object_get(config, "dealer"))
                dealers[json_integer_value(json_object_get(config, "dealer")) & 1]++;
            /* Restarted after a few actions: the same deal, no action. */
            tw_game_action legal[TW_GAME_MAX_ACTIONS];
            json_t *first = game->view_json(m, 0);
            for (int k = 0; k < 5 && game->legal(m, legal) > 0; k++)
                CHECK_INT(game->apply(m, legal[0], NULL), TW_OK);
            tw_match *again = game->restart(m);
            REQUIRE(again);
            CHECK_INT(again->count, 0);
            json_t *view = game->view_json(again, 0);
            CHECK(json_equal(first, view));
            json_decref(view);
            json_decref(first);
            game->free(again);
            json_decref(said);
            json_decref(config);
            json_decref(options);
            game->free(m);
        }
    }
    CHECK(dealers[0] > 0 && dealers[1] > 0);
    /* A chosen option is kept. */
    json_t *options = json_pack("{s:i}", "level", 3);
    json_t *config = tw_game_find("fox")->new_config(options, 5);
    CHECK_INT(json_integer_value(json_object_get(config, "level")), 3);
    json_decref(config);
    json_decref(options);
    CHECK(tw_game_find_record_name("fox") == NULL);
}

/* Stored configurations keep their meaning: a level-1 Duet game stored
 * without "board" was played on the old side A, and its record names that
 * board; a named board, or another level, stays as it is. */
TEST(game_stored_configurations)
{
    const tw_game *fox = tw_game_find("fox");
    json_t *old = json_pack("{s:i, s:i}", "level", 1, "dealer", 1);
    json_t *config = fox->stored_config(old);
    CHECK_STR(json_string_value(json_object_get(config, "board")), TW_FOX_OLD_SIDE_A_FILE);
    CHECK(json_object_get(old, "board") == NULL); /* the stored object is left alone */
    tw_diag d;
    tw_match *m = fox->start(config, 3, &d);
    REQUIRE(m);
    json_t *view = fox->view_json(m, 0);
    CHECK_STR(json_string_value(json_object_get(json_object_get(view, "board"), "id")), "side-a-reconstruction-2026");
    json_decref(view);
    tw_buf rec = {0};
    REQUIRE(fox->record_json(m, &rec) == TW_OK);
    CHECK_CONTAINS(rec.data, TW_FOX_OLD_SIDE_A_FILE);
    tw_buf_free(&rec);
    fox->free(m);
    json_decref(config);
    json_decref(old);
    json_t *level2 = json_pack("{s:i, s:i}", "level", 2, "dealer", 0);
    config = fox->stored_config(level2);
    CHECK(json_equal(config, level2));
    json_decref(config);
    json_decref(level2);
    /* Only the level's board, or the old side A at level 1, is taken. */
    json_t *bad = json_pack("{s:i, s:s}", "level", 2, "board", TW_FOX_OLD_SIDE_A_FILE);
    CHECK(fox->start(bad, 1, &d) == NULL);
    CHECK_STR(d.field, "config.board");
    json_decref(bad);
    const tw_game *nw = tw_game_find("northwood");
    json_t *stored = json_pack("{s:s, s:s}", "setup", "full", "medal", "gold");
    config = nw->stored_config(stored);
    CHECK(json_equal(config, stored));
    json_decref(config);
    json_decref(stored);
}

/* The first event line of lines as an object. */
static json_t *first_line(const tw_buf *lines)
{
    if (!lines->data)
        return NULL;
    return json_loadb(lines->data, strcspn(lines->data, "\n"), 0, NULL);
}

/* What each seat may see of the Duet's Gift: the partner's first pick is
 * hidden (in the log and in the events, action text included) until the
 * second pick is made; the picker sees it. Events are numbered from the
 * number given. */
TEST(game_fox_gift_hidden_from_the_partner)
{
    const tw_game *game = tw_game_find("fox");
    tw_rng rng;
    tw_rng_seed(&rng, 5);
    int gifts = 0;
    for (uint64_t seed = 1; seed < 60 && gifts < 4; seed++) {
        tw_diag d;
        tw_match *m = game->start(NULL, seed, &d);
        REQUIRE(m);
        while (!tw_match_is_over(m)) {
            tw_game_action legal[TW_GAME_MAX_ACTIONS];
            int n = game->legal(m, legal);
            tw_game_action a = legal[tw_rng_below(&rng, (uint32_t)n)];
            int actor = game->to_act(m), other = 1 - actor;
            char text[48];
            game->format(m, a, text, (int)sizeof text);
            tw_match *seen[2] = {game->clone(m), game->clone(m)};
            tw_buf lines[2] = {{0}, {0}};
            REQUIRE(seen[0] && seen[1]);
            int seq[2] = {7, 0};
            CHECK_INT(game->apply_seen(seen[0], a, actor, &seq[0], &lines[0], NULL), TW_OK);
            CHECK_INT(game->apply_seen(seen[1], a, other, &seq[1], &lines[1], NULL), TW_OK);
            json_t *one = first_line(&lines[0]), *two = first_line(&lines[1]);
            CHECK_INT(json_integer_value(json_object_get(one, "seq")), 7);
            CHECK_INT(json_integer_value(json_object_get(two, "seq")), 0);
            int index = m->count;
            CHECK(!game->action_hidden(seen[0], index, actor));
            CHECK_STR(json_string_value(json_object_get(one, "action")), text);
            if (game->action_hidden(seen[0], index, other)) {
                gifts++;
                CHECK(strncmp(text, "gift ", 5) == 0);
                CHECK(json_is_null(json_object_get(two, "action")));
                char quoted[16];
                snprintf(quoted, sizeof quoted, "\"%s\"", text + 5);
                CHECK(strstr(lines[1].data, quoted) == NULL); /* the card is not shown either */
                /* The second pick shows both. */
                tw_game_action next[TW_GAME_MAX_ACTIONS];
                REQUIRE(game->legal(seen[0], next) > 0);
                CHECK_INT(game->apply(seen[0], next[0], NULL), TW_OK);
                CHECK(!game->action_hidden(seen[0], index, other));
            } else {
                CHECK_STR(json_string_value(json_object_get(two, "action")), text);
            }
            json_decref(one);
            json_decref(two);
            for (int k = 0; k < 2; k++) {
                game->free(seen[k]);
                tw_buf_free(&lines[k]);
            }
            CHECK_INT(game->apply(m, a, NULL), TW_OK);
        }
        game->free(m);
    }
    CHECK(gifts > 0);
}

/* The replay of a finished game shows every card: the Duet both hands and
 * the deck, For Northwood! every deck position; and the Duet's view keeps
 * the last finished trick. */
TEST(game_open_views_and_last_trick)
{
    tw_rng rng;
    tw_rng_seed(&rng, 3);
    for (int i = 0; i < tw_game_count; i++) {
        const tw_game *game = tw_games[i];
        tw_diag d;
        tw_match *m = game->start(NULL, 21, &d);
        REQUIRE(m);
        int tricks = 0;
        while (!tw_match_is_over(m) && m->count < 12) {
            tw_game_action legal[TW_GAME_MAX_ACTIONS];
            int n = game->legal(m, legal);
            CHECK_INT(game->apply(m, legal[tw_rng_below(&rng, (uint32_t)n)], NULL), TW_OK);
            json_t *view = game->view_json(m, 0);
            json_t *lt = json_object_get(view, "last_trick");
            if (json_is_object(lt)) {
                tricks++;
                CHECK_INT((int)json_array_size(json_object_get(lt, "cards")), 2);
            }
            json_decref(view);
        }
        json_t *open = game->open_view_json(m);
        REQUIRE(open);
        if (game->seats > 1) {
            CHECK(tricks > 0);
            json_t *hands = json_object_get(open, "hands");
            CHECK_INT((int)json_array_size(hands), 2);
            json_t *view = game->view_json(m, 0);
            CHECK(json_equal(json_array_get(hands, 0), json_object_get(view, "hand")));
            json_decref(view);
            CHECK_INT((int)json_array_size(json_object_get(open, "deck")),
                      (int)json_integer_value(json_object_get(open, "deck_count")));
        } else {
            CHECK_INT((int)json_array_size(json_object_get(open, "deck_known")),
                      (int)json_integer_value(json_object_get(open, "deck_count")));
        }
        json_decref(open);
        game->free(m);
    }
}
