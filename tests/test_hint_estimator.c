/* The one estimator behind every chance shown (docs/bots-northwood.md,
 * docs/bots.md): the same figure for the same position in the terminal,
 * the web API and analyse; the hint's move is the strong bot's; and
 * between two decisions with nothing learnt in between the chance of the
 * move played does not drop by more than its margin. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_harness.h"
#include "nw_fixture.h"
#include "test.h"
#include "test_fox_fixture.h"
#include "test_server_client.h"
#include "trickwood/fox_bots.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_files.h"

/* Reads "NN% ± M" after marker in text: the percentage, and the margin in
 * *margin; -1 when the marker is not there. */
static int shown_percent(const char *text, const char *marker, int *margin)
{
    char line[256];
    if (!tw_test_line_after(text, marker, line, sizeof line))
        return -1;
    const char *pm = strstr(line, "± ");
    *margin = pm ? atoi(pm + strlen("± ")) : -1;
    return atoi(line);
}

/* The percentage a figure is shown as. */
static int as_percent(double p)
{
    return (int)(p * 100.0 + 0.5);
}

TEST(hint_same_figure_in_terminal_web_api_and_analyse)
{
    /* the web API's hint at the first decision of seed 11 (bronze) */
    tw_ts_server server;
    REQUIRE(tw_ts_start(&server, tw_test_tmp("estimator.db"), NULL) == 0);
    json_t *created = NULL, *hint = NULL;
    int status = tw_ts_json(&server, "POST", "/api/games", NULL,
                            "{\"game\":\"northwood\",\"medal\":\"bronze\",\"seed\":11}", &created);
    REQUIRE(status == 201);
    char path[200];
    snprintf(path, sizeof path, "/api/games/%s/hint", json_string_value(json_object_get(created, "id")));
    CHECK_INT(tw_ts_json(&server, "GET", path, json_string_value(json_object_get(created, "token")), NULL, &hint),
              200);
    tw_ts_stop(&server);
    json_decref(created);
    REQUIRE(hint);
    double p_web = json_number_value(json_object_get(hint, "p_target"));
    double margin_web = json_number_value(json_object_get(hint, "margin"));
    double medal_web = json_number_value(json_object_get(hint, "p_medal"));
    CHECK(json_is_string(json_object_get(json_object_get(hint, "meaning"), "fr")));
    tw_nw_action web_action = 0;
    CHECK(tw_nw_action_parse(json_string_value(json_object_get(hint, "action")), &web_action) == 0);
    json_decref(hint);

    /* the terminal's hint on the same deal shows the same figures */
    const char *args[] = {"northwood", "--seed", "11", "--save", tw_test_tmp("estimator-save.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("hint\nquit\n", args);
    CHECK_INT(r.code, 0);
    int margin = -1, medal_margin = -1;
    int shown = shown_percent(r.out, "Estimated chance of hitting that fief's target with this hand: ", &margin);
    int medal = shown_percent(r.out, "Estimated chance of reaching the bronze medal (16 stars): ", &medal_margin);
    CHECK_INT(shown, as_percent(p_web));
    CHECK_INT(margin, as_percent(margin_web));
    CHECK_INT(medal, as_percent(medal_web));
    CHECK_CONTAINS(r.out, "strong bot would");
    tw_test_cli_free(&r);

    /* analyse's estimator on the same view: the same move and chance,
     * whatever bot (and seed) it is handed */
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 11, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
    tw_nw_view view;
    tw_nw_view_of(&s, &view);
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    double p[TW_NW_MAX_ACTIONS], m[TW_NW_MAX_ACTIONS];
    int n = tw_nw_view_legal_actions(&view, acts);
    tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, 12345);
    REQUIRE(bot);
    int best = tw_nw_estimate_actions(bot, &view, acts, n, 60, p, m);
    CHECK_INT(acts[best], web_action);
    CHECK(fabs(p[best] - p_web) < 1e-6);
    CHECK(fabs(m[best] - margin_web) < 1e-6);
    tw_nw_bot_free(bot);
}

TEST(hint_following_it_is_not_listed_by_analyse)
{
    /* a game played by the hint's moves (the "hint" bot) up to a point:
     * analyse names none of its decisions, since each is the strong
     * bot's move it compares with */
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 5, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
    tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_HINT, 1);
    tw_nw_record *rec = calloc(1, sizeof *rec);
    REQUIRE(bot && rec);
    REQUIRE(tw_nw_record_init(rec, fx_catalog(), fx_catalog()->count, &cfg) == TW_OK);
    for (int step = 0; step < 25 && !tw_nw_is_over(&s); step++) {
        tw_nw_action a = tw_nw_bot_choose(bot, &s);
        REQUIRE(tw_nw_record_push(rec, a) == TW_OK);
        REQUIRE(tw_nw_apply(&s, a, NULL) == TW_OK);
    }
    tw_nw_bot_free(bot);
    const char *record = tw_test_tmp("hinted-record.json");
    REQUIRE(tw_nw_record_save(rec, record) == TW_OK);
    tw_nw_record_free(rec);
    free(rec);
    const char *args[] = {"analyse", record, NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "No decision stands out");
    tw_test_cli_free(&r);
}

TEST(nw_hint_move_is_the_strong_bots)
{
    int compared = 0;
    for (int g = 0; g < 2; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 40 + (uint64_t)g, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
        tw_nw_bot *hinter = tw_nw_bot_new(TW_NW_BOT_STRONG, 3);
        REQUIRE(hinter);
        for (int step = 0; step < 60 && !tw_nw_is_over(&s); step++) {
            tw_nw_view view;
            tw_nw_view_of(&s, &view);
            tw_nw_hint h = tw_nw_hint_for(hinter, &view);
            /* a strong bot starting from this view with the view's seed */
            tw_nw_bot *strong = tw_nw_bot_new(TW_NW_BOT_STRONG, tw_nw_view_seed(&view));
            REQUIRE(strong);
            CHECK_INT(tw_nw_bot_choose_from_view(strong, &view), h.action);
            tw_nw_bot_free(strong);
            compared++;
            REQUIRE(tw_nw_apply(&s, h.action, NULL) == TW_OK);
        }
        tw_nw_bot_free(hinter);
    }
    CHECK(compared >= 60);
}

/* Whether the visit is still going and no card became known: nothing was
 * learnt between the two states (the test's own reading of the views). */
static int nw_nothing_learnt(const tw_nw_state *before, const tw_nw_state *after)
{
    tw_nw_view a, b;
    tw_nw_view_of(before, &a);
    tw_nw_view_of(after, &b);
    int going = after->visiting >= 0 && after->phase != TW_NW_PHASE_GAME_OVER;
    return going && (tw_nw_view_unseen(&a) & ~tw_nw_view_unseen(&b)) == 0;
}

TEST(nw_chance_holds_when_nothing_is_learnt)
{
    /* seeded games played by the hints: whenever the move taught nothing
     * (a fief chosen, a substitute, an ally readied before a statement...),
     * the next hint's chance is at least the last one minus its margin */
    int pairs = 0, fief_pairs = 0, checked = 0;
    for (int g = 0; g < (TW_TEST_ASAN ? 2 : 6); g++) {
        tw_nw_state s;
        tw_nw_config cfg = {g % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 300 + (uint64_t)g, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
        tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, 1);
        REQUIRE(bot);
        tw_nw_hint last = {0, -1, 0, -1, 0, -1, -1, 0};
        tw_nw_state before = s;
        int have_last = 0;
        while (!tw_nw_is_over(&s)) {
            tw_nw_view view;
            tw_nw_view_of(&s, &view);
            tw_nw_hint h = tw_nw_hint_for(bot, &view);
            checked++;
            if (have_last && nw_nothing_learnt(&before, &s) && last.p_target >= 0) {
                pairs++;
                fief_pairs += before.phase == TW_NW_PHASE_CHOOSE_FIEF;
                if (!(h.p_target >= last.p_target - last.margin_target - 1e-9))
                    tw_test_fail(__FILE__, __LINE__, "seed %d: %.3f ± %.3f then %.3f with nothing learnt", 300 + g,
                                 last.p_target, last.margin_target, h.p_target);
                if (!(h.p_medal >= last.p_medal - last.margin_medal - 1e-9))
                    tw_test_fail(__FILE__, __LINE__, "seed %d: medal %.3f ± %.3f then %.3f with nothing learnt",
                                 300 + g, last.p_medal, last.margin_medal, h.p_medal);
            }
            before = s;
            last = h;
            have_last = 1;
            REQUIRE(tw_nw_apply(&s, h.action, NULL) == TW_OK);
        }
        tw_nw_bot_free(bot);
    }
    CHECK(pairs >= 20);
    CHECK(fief_pairs >= 5);
    CHECK(checked > pairs);
}

TEST(fox_hint_move_is_the_strong_bots_and_holds_when_nothing_is_learnt)
{
    int compared = 0, pairs = 0;
    for (int g = 0; g < (TW_TEST_ASAN ? 1 : 3); g++) {
        tw_fox_state s;
        tw_fox_config cfg = {1 + g % 3, g & 1, 70 + (uint64_t)g};
        REQUIRE(tw_fox_new(&s, fox_board(cfg.level), &cfg, NULL) == TW_OK);
        tw_fox_bot *hinter = tw_fox_bot_new(TW_FOX_BOT_STRONG, 9);
        tw_fox_bot *hint_bot = tw_fox_bot_new(TW_FOX_BOT_HINT, 4);
        tw_fox_search *search = tw_fox_search_new(14);
        REQUIRE(hinter && hint_bot && search);
        tw_fox_hint last = {TW_FOX_NO_ACTION, -1, 0, 0, 0};
        int last_seat = -1;
        uint32_t last_unseen = 0;
        while (!tw_fox_is_over(&s)) {
            int seat = tw_fox_to_act(&s);
            tw_fox_view view;
            tw_fox_view_of(&s, seat, &view);
            tw_fox_hint h = tw_fox_hint_for(hinter, &view);
            /* the strong bot's own estimate, its deals seeded by the view */
            tw_fox_action acts[TW_FOX_MAX_ACTIONS], chosen;
            double p[TW_FOX_MAX_ACTIONS];
            int n = tw_fox_view_legal_actions(&view, acts);
            if (n > 1) {
                int best = tw_fox_estimate_actions(search, &view, tw_fox_view_seed(&view), 16, 1000, acts, n, p);
                CHECK_INT(acts[best], h.action);
                compared++;
            }
            REQUIRE(tw_fox_bot_choose_from_view(hint_bot, &view, &chosen) == TW_OK);
            CHECK_INT(chosen, h.action);
            uint32_t unseen = tw_fox_view_unseen(&view);
            if (seat == last_seat && unseen == last_unseen && last.p_win >= 0) {
                pairs++;
                if (!(h.p_win >= last.p_win - last.margin - 1e-9))
                    tw_test_fail(__FILE__, __LINE__, "%.3f ± %.3f then %.3f with nothing learnt", last.p_win,
                                 last.margin, h.p_win);
            }
            last = h;
            last_seat = seat;
            last_unseen = unseen;
            REQUIRE(tw_fox_apply(&s, h.action, NULL) == TW_OK);
        }
        tw_fox_search_free(search);
        tw_fox_bot_free(hinter);
        tw_fox_bot_free(hint_bot);
    }
    CHECK(compared >= 30);
    (void)pairs; /* the Duet rarely lets a seat act twice without news */
}

TEST(bench_calibration_reports_bins_for_both_games)
{
    const char *args[] = {"bench", "--parts", "calibration", "--games", "1", "--jobs", "1", "--json", NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_INT(r.code, 0);
    json_error_t err;
    json_t *root = json_loads(r.out ? r.out : "", 0, &err);
    REQUIRE(root);
    /* one game of each: no bin is about 200 visits or games, so no error
     * is claimed */
    CHECK(json_is_null(json_object_get(root, "calibration_max_error")));
    CHECK(json_object_get(root, "calibration") != NULL);
    json_t *cal = json_object_get(root, "calibration");
    const char *kinds[] = {"northwood_target", "northwood_medal", "fox_win"};
    for (int k = 0; k < 3; k++) {
        json_t *table = json_object_get(cal, kinds[k]);
        json_t *bins = json_object_get(table, "bins");
        REQUIRE(json_is_array(bins));
        long long total = 0;
        size_t i;
        json_t *bin;
        json_array_foreach(bins, i, bin)
        {
            double predicted = json_number_value(json_object_get(bin, "predicted"));
            double observed = json_number_value(json_object_get(bin, "observed"));
            int from = (int)json_integer_value(json_object_get(bin, "from"));
            CHECK(predicted >= from / 100.0 - 1e-9 && predicted <= from / 100.0 + 0.1 + 1e-9);
            CHECK(observed >= 0 && observed <= 1);
            long long count = json_integer_value(json_object_get(bin, "count"));
            long long outcomes = json_integer_value(json_object_get(bin, "outcomes"));
            /* one game of each: a medal or Duet bin is about that one game,
             * a target bin about some of its eight visits */
            CHECK(outcomes >= 1 && outcomes <= count);
            CHECK(outcomes <= (k == 0 ? 8 : 1));
            total += count;
        }
        CHECK(total > 0);
        CHECK(total == json_integer_value(json_object_get(table, "chances")));
    }
    /* the fitted points maps (the target's, the Duet's level 1: the one
     * game's level) rise in value and strictly in frequency, so each can
     * be inverted */
    json_t *maps = json_object_get(cal, "fitted_maps");
    const char *point_maps[] = {"northwood_target_points", "fox_level_1_points"};
    for (int k = 0; k < 2; k++) {
        json_t *points = json_object_get(maps, point_maps[k]);
        REQUIRE(json_is_array(points));
        CHECK(json_array_size(points) >= 1);
        double last_value = 0, last_freq = -1;
        size_t i;
        json_t *point;
        json_array_foreach(points, i, point)
        {
            double value = json_number_value(json_object_get(point, "value"));
            double freq = json_number_value(json_object_get(point, "frequency"));
            CHECK(value >= 0.01 - 1e-9 && value <= 0.99 + 1e-9 && value > last_value);
            CHECK(freq >= 0 && freq <= 1 && freq > last_freq);
            CHECK(json_integer_value(json_object_get(point, "chances")) > 0);
            last_value = value;
            last_freq = freq;
        }
    }
    json_decref(root);
    tw_test_cli_free(&r);
    const char *bad[] = {"bench", "--parts", "calibrate", NULL};
    tw_test_cli_result b = tw_test_cli_run("", bad);
    CHECK(b.code != 0);
    CHECK_CONTAINS(b.err, "calibration");
    tw_test_cli_free(&b);
}

/* --game plays one game only: its tables and maps, none of the other's. */
TEST(bench_calibration_game_option_plays_one_game)
{
    const char *games[] = {"northwood", "fox"};
    for (int g = 0; g < 2; g++) {
        const char *args[] = {"bench", "--parts", "calibration", "--game", games[g], "--games", "1", "--jobs", "1",
                              "--json", NULL};
        tw_test_cli_result r = tw_test_cli_run("", args);
        CHECK_INT(r.code, 0);
        json_error_t err;
        json_t *root = json_loads(r.out ? r.out : "", 0, &err);
        REQUIRE(root);
        json_t *cal = json_object_get(root, "calibration");
        json_t *maps = json_object_get(cal, "fitted_maps");
        CHECK((json_object_get(cal, "northwood_target") != NULL) == (g == 0));
        CHECK((json_object_get(cal, "northwood_medal") != NULL) == (g == 0));
        CHECK((json_object_get(cal, "northwood_medals") != NULL) == (g == 0));
        CHECK((json_object_get(maps, "northwood_medal") != NULL) == (g == 0));
        CHECK((json_object_get(cal, "fox_win") != NULL) == (g == 1));
        CHECK((json_object_get(cal, "fox_wins") != NULL) == (g == 1));
        CHECK((json_object_get(maps, "fox_level_1_points") != NULL) == (g == 1));
        json_t *played = json_object_get(cal, g ? "fox_win" : "northwood_target");
        CHECK(json_integer_value(json_object_get(played, "chances")) > 0);
        json_decref(root);
        tw_test_cli_free(&r);
    }
    const char *bad[] = {"bench", "--parts", "calibration", "--game", "chess", NULL};
    tw_test_cli_result b = tw_test_cli_run("", bad);
    CHECK(b.code != 0);
    CHECK_CONTAINS(b.err, "chess");
    tw_test_cli_free(&b);
}
