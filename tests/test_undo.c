/* Undo behind the game interface (tw_match_undo_depth, tw_match_undo):
 * never past an action that showed a hidden card (checked against the
 * event log lines each action wrote), in the situations a player meets
 * (just after a statement, after a draw or a peek, at a fief choice after
 * a visit ended), and a game that was undone and played on has the
 * record of the moves that stand, which rebuilds the same game. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "trickwood/game.h"
#include "trickwood/northwood.h"

/* Whether one event log line shows a card that was hidden: in For
 * Northwood!, a card leaving the deck or a peek; in the Duet, any card
 * moving except a finished trick going aside. */
static int line_shows(const tw_game *game, json_t *line)
{
    const char *type = json_string_value(json_object_get(line, "type"));
    const char *from = json_string_value(json_object_get(line, "from"));
    const char *to = json_string_value(json_object_get(line, "to"));
    if (!type)
        return 0;
    if (strcmp(game->key, "northwood") == 0)
        return (strcmp(type, "move") == 0 && from && strcmp(from, "deck") == 0) || strcmp(type, "peek") == 0;
    return strcmp(type, "move") == 0 && !(from && to && strcmp(from, "trick") == 0 && strcmp(to, "aside") == 0);
}

/* Whether the event log lines of one action show a hidden card. */
static int lines_show(const tw_game *game, const tw_buf *lines)
{
    int shown = 0;
    const char *p = lines->data;
    while (p && *p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        json_t *line = json_loadb(p, len, 0, NULL);
        shown |= line && line_shows(game, line);
        json_decref(line);
        p = end ? end + 1 : NULL;
    }
    return shown;
}

/* The record of a match as text (the caller frees it). */
static char *record_text(const tw_match *m)
{
    tw_buf buf = {0};
    if (m->game->record_json(m, &buf) != TW_OK) {
        tw_buf_free(&buf);
        return NULL;
    }
    return buf.data;
}

/* Plays one game at random. At every decision: the depth of an undo is
 * the run of trailing actions whose log lines show no hidden card, back
 * to a decision of a seat; the undone match has the view that seat had
 * then; playing the taken-back actions again gives the same record.
 * Now and then the game is undone and goes on with another action.
 * Returns how many undos were checked. */
static int play_with_undos(const tw_game *game, uint64_t seed, tw_rng *rng)
{
    tw_diag d;
    tw_match *m = game->start(NULL, seed, &d);
    if (!m) {
        tw_test_fail(__FILE__, __LINE__, "%s would not start", game->key);
        return 0;
    }
    int cap = 4096, checked = 0;
    int *shown = calloc((size_t)cap, sizeof *shown);
    int *seat = calloc((size_t)cap, sizeof *seat);
    json_t **views = calloc((size_t)cap, sizeof *views);
    while (!tw_match_is_over(m) && m->count < cap - 1) {
        int n = m->count, to_act = game->to_act(m);
        json_decref(views[n]);
        views[n] = game->view_json(m, to_act);
        seat[n] = to_act;
        /* The expected depth, from the log lines written as played. */
        int expect = 0;
        for (int i = n - 1; i >= 0 && !shown[i]; i--)
            if (seat[i] == 0) {
                expect = n - i;
                break;
            }
        int depth = tw_match_undo_depth(m, 1u);
        CHECK_INT(depth, expect);
        if (depth > 0) {
            tw_match *back = tw_match_undo(m, depth);
            CHECK(back != NULL);
            if (!back)
                break;
            CHECK_INT(back->count, n - depth);
            json_t *view = game->view_json(back, 0);
            CHECK(json_equal(view, views[n - depth])); /* nothing seen that was not seen then */
            json_decref(view);
            for (int i = n - depth; i < n; i++)
                CHECK(game->apply(back, m->actions[i], NULL) == TW_OK);
            char *a = record_text(m), *b = record_text(back);
            CHECK(a && b && strcmp(a, b) == 0);
            free(a);
            free(b);
            game->free(back);
            checked++;
            if (tw_rng_below(rng, 3) == 0) { /* take it back and go on */
                back = tw_match_undo(m, depth);
                if (!back)
                    break;
                game->free(m);
                m = back;
                continue;
            }
        }
        tw_game_action acts[TW_GAME_MAX_ACTIONS];
        int count = game->legal(m, acts);
        tw_buf lines = {0};
        CHECK(game->apply(m, acts[tw_rng_below(rng, (uint32_t)count)], &lines) == TW_OK);
        shown[n] = lines_show(game, &lines);
        tw_buf_free(&lines);
    }
    CHECK_INT(tw_match_undo_depth(m, 1u), 0); /* a finished game stands */
    /* The record of what stands rebuilds the game as it was played. */
    char *text = record_text(m);
    tw_match *again = text ? game->from_record(text, "undo", &d) : NULL;
    CHECK(again != NULL);
    if (again) {
        json_t *a = game->view_json(m, 0), *b = game->view_json(again, 0);
        CHECK(json_equal(a, b));
        CHECK_INT(again->count, m->count);
        json_decref(a);
        json_decref(b);
        game->free(again);
    }
    free(text);
    for (int i = 0; i < cap; i++)
        json_decref(views[i]);
    free(views);
    free(seat);
    free(shown);
    game->free(m);
    return checked;
}

TEST(undo_never_passes_a_shown_card)
{
    tw_rng rng;
    tw_rng_seed(&rng, 31);
    int games = TW_TEST_ASAN ? 8 : 30, nw = 0, fox = 0;
    for (int g = 0; g < games; g++) {
        nw += play_with_undos(tw_game_find("northwood"), 500u + (uint64_t)g, &rng);
        fox += play_with_undos(tw_game_find("fox"), 600u + (uint64_t)g, &rng);
    }
    CHECK(nw > games); /* undos happen in For Northwood! games... */
    CHECK(fox > 0);    /* ...and, rarely, in the Duet (path choices) */
}

/* The state of a Northwood match. */
static const tw_nw_state *nw_state(const tw_match *m)
{
    return m->game->state(m);
}

/* Plays seeded random Northwood games and calls check at each decision
 * whose last action (with its engine events) matched want; returns how
 * many matched. */
static int nw_situations(int (*want)(const tw_match *m, const tw_nw_events *ev), int games)
{
    const tw_game *game = tw_game_find("northwood");
    tw_rng rng;
    tw_rng_seed(&rng, 77);
    tw_nw_events *ev = calloc(1, sizeof *ev);
    int matched = 0;
    for (int g = 0; g < games; g++) {
        json_t *full = json_pack("{s:s}", "setup", g % 2 ? "full" : "intro");
        tw_match *m = game->start(full, 900u + (uint64_t)g, NULL);
        json_decref(full);
        while (m && !tw_match_is_over(m)) {
            tw_game_action acts[TW_GAME_MAX_ACTIONS];
            int n = game->legal(m, acts);
            tw_game_action a = acts[tw_rng_below(&rng, (uint32_t)n)];
            tw_nw_state s = *nw_state(m);
            ev->count = ev->overflow = 0;
            CHECK(tw_nw_apply(&s, a, ev) == TW_OK);
            CHECK(game->apply(m, a, NULL) == TW_OK);
            if (!tw_match_is_over(m) && want(m, ev)) {
                matched++;
                CHECK_INT(tw_match_undo_depth(m, 1u), 0);
            }
        }
        game->free(m);
    }
    free(ev);
    return matched;
}

/* Whether the events hold one of a type (and, for moves, from the deck to
 * the hand). */
static int has_event(const tw_nw_events *ev, int type)
{
    for (int i = 0; i < ev->count; i++)
        if (ev->items[i].type == type &&
            (type != TW_NW_EV_MOVE || (ev->items[i].from == TW_NW_PILE_DECK && ev->items[i].to == TW_NW_PILE_HAND)))
            return 1;
    return 0;
}

/* Just after a statement was turned. */
static int after_statement(const tw_match *m, const tw_nw_events *ev)
{
    return nw_state(m)->phase == TW_NW_PHASE_RESPONSE && has_event(ev, TW_NW_EV_STATEMENT);
}

/* After an ability drew a card or peeked, in the same visit. */
static int after_draw_or_peek(const tw_match *m, const tw_nw_events *ev)
{
    return nw_state(m)->phase != TW_NW_PHASE_CHOOSE_FIEF && has_event(ev, TW_NW_EV_ABILITY) &&
           (has_event(ev, TW_NW_EV_PEEK) || (has_event(ev, TW_NW_EV_MOVE) && !has_event(ev, TW_NW_EV_VISIT_END)));
}

/* At a fief choice after a visit ended. */
static int after_visit(const tw_match *m, const tw_nw_events *ev)
{
    return nw_state(m)->phase == TW_NW_PHASE_CHOOSE_FIEF && has_event(ev, TW_NW_EV_VISIT_END);
}

TEST(undo_stops_at_statements_draws_peeks_and_new_visits)
{
    int games = TW_TEST_ASAN ? 6 : 20;
    CHECK(nw_situations(after_statement, games) > 0);
    CHECK(nw_situations(after_draw_or_peek, games) > 0);
    CHECK(nw_situations(after_visit, games) > 0);
}

TEST(undo_refuses_what_it_cannot_take_back)
{
    const tw_game *game = tw_game_find("northwood");
    tw_match *m = game->start(NULL, 5, NULL);
    REQUIRE(m);
    CHECK_INT(tw_match_undo_depth(m, 1u), 0); /* nothing played yet: the deal stands */
    CHECK(tw_match_undo(m, 0) == NULL);
    CHECK(tw_match_undo(m, 1) == NULL);
    game->free(m);
}
