/* `trickwood sim` and `trickwood bench` through tw_cli_main(), the
 * simulation runner on its own, Wilson intervals and tallies. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "term/cli.h"
#include "sim/sim.h"
#include "cli_harness.h"
#include "test.h"
#include "trickwood/fox_bots.h"
#include "trickwood/fox_files.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_files.h"
#include "trickwood/stats.h"

/* What one run of the program gave. */
typedef tw_test_cli_result run_result;

/* Runs `trickwood ARGS...` (NULL-terminated) with no input. */
static run_result run_cli(const char *const *args)
{
    return tw_test_cli_run("", args);
}

/* Frees the captured output. */
static void run_free(run_result *r)
{
    tw_test_cli_free(r);
}

/* Parses the output as one JSON object (NULL and a failure if it is not). */
static json_t *parse_json(const char *text)
{
    json_error_t error;
    json_t *root = json_loads(text ? text : "", 0, &error);
    if (!root || !json_is_object(root)) {
        tw_test_fail(__FILE__, __LINE__, "not a JSON object: %s (%s)", error.text, text ? text : "(null)");
        json_decref(root);
        return NULL;
    }
    return root;
}

/* Number of lines in a text. */
static int count_lines(const char *text)
{
    int n = 0;
    for (; text && *text; text++)
        n += *text == '\n';
    return n;
}

/* ---- Statistics --------------------------------------------------------------- */

TEST(sim_wilson_known_values)
{
    double lo, hi;
    tw_wilson_interval(50, 100, TW_Z95, &lo, &hi);
    CHECK(fabs(lo - 0.4038) < 0.0005);
    CHECK(fabs(hi - 0.5962) < 0.0005);
    /* none out of 10: [0, z^2 / (n + z^2)] */
    tw_wilson_interval(0, 10, TW_Z95, &lo, &hi);
    CHECK(lo == 0.0);
    CHECK(fabs(hi - 0.2775) < 0.0005);
    /* all out of 10: the mirror image */
    tw_wilson_interval(10, 10, TW_Z95, &lo, &hi);
    CHECK(hi == 1.0);
    CHECK(fabs(lo - 0.7225) < 0.0005);
    /* 1 out of 1000 (a rare event; the normal interval would go below 0) */
    tw_wilson_interval(1, 1000, TW_Z95, &lo, &hi);
    CHECK(fabs(lo - 0.000177) < 0.00001);
    CHECK(fabs(hi - 0.005639) < 0.00001);
    tw_wilson_interval(0, 0, TW_Z95, &lo, &hi);
    CHECK(lo == 0.0 && hi == 1.0);
}

TEST(sim_tally_mean_and_sd)
{
    static const int values[] = {2, 4, 4, 4, 5, 5, 7, 9};
    tw_tally a = {0, 0, 0}, b = {0, 0, 0}, all = {0, 0, 0};
    for (int i = 0; i < 8; i++) {
        tw_tally_add(i < 3 ? &a : &b, values[i]);
        tw_tally_add(&all, values[i]);
    }
    CHECK(fabs(tw_tally_mean(&all) - 5.0) < 1e-12);
    CHECK(fabs(tw_tally_sd(&all) - sqrt(32.0 / 7.0)) < 1e-12);
    tw_tally_merge(&b, &a);
    CHECK_INT(b.count, 8);
    CHECK_INT(b.sum, all.sum);
    CHECK_INT(b.sum_sq, all.sum_sq);
    tw_tally one = {0, 0, 0};
    tw_tally_add(&one, 3);
    CHECK(tw_tally_sd(&one) == 0.0);
}

TEST(sim_parse_count)
{
    long long v = 0;
    CHECK_INT(tw_sim_parse_count("250", 1, 1000, &v), 0);
    CHECK_INT(v, 250);
    CHECK_INT(tw_sim_parse_count("10k", 1, 1000000, &v), 0);
    CHECK_INT(v, 10000);
    CHECK_INT(tw_sim_parse_count("2M", 1, 10000000, &v), 0);
    CHECK_INT(v, 2000000);
    CHECK_INT(tw_sim_parse_count("0", 1, 10, &v), -1);
    CHECK_INT(tw_sim_parse_count("11", 1, 10, &v), -1);
    CHECK_INT(tw_sim_parse_count("-3", 0, 10, &v), -1);
    CHECK_INT(tw_sim_parse_count("3x", 0, 10, &v), -1);
    CHECK_INT(tw_sim_parse_count("", 0, 10, &v), -1);
    CHECK_INT(tw_sim_parse_count("99999999999999999999999", 0, 1000, &v), -1);
}

TEST(sim_game_seeds)
{
    /* distinct per game, the same for the same (seed, game), within 53 bits */
    uint64_t seen[64];
    for (int i = 0; i < 64; i++) {
        seen[i] = tw_sim_game_seed(5, i);
        CHECK(seen[i] < (1ULL << 53));
        CHECK(seen[i] == tw_sim_game_seed(5, i));
        for (int j = 0; j < i; j++)
            CHECK(seen[i] != seen[j]);
    }
    CHECK(tw_sim_game_seed(5, 0) != tw_sim_game_seed(6, 0));
    CHECK(tw_sim_bot_seed(seen[0], 0) != tw_sim_bot_seed(seen[0], 1));
    CHECK(tw_sim_bot_seed(seen[0], 0) != seen[0]);
}

/* ---- The runner ---------------------------------------------------------------- */

/* A fake game: its result is a value computed from its index; the
 * reducer checks that games arrive in order. */
typedef struct {
    long long next;        /* game the reducer expects */
    long long out_of_order;
    long long sum;
    long long fail_at;     /* game whose play fails, or -1 */
} fake_run;

static int fake_play(void *ctx, void *scratch, long long game, void *result)
{
    fake_run *run = ctx;
    (void)scratch;
    *(long long *)result = game * 3 + 1;
    return game == run->fail_at ? -1 : 0;
}

static void fake_reduce(void *ctx, long long game, const void *result)
{
    fake_run *run = ctx;
    if (game != run->next || *(const long long *)result != game * 3 + 1)
        run->out_of_order++;
    run->next = game + 1;
    run->sum += *(const long long *)result;
}

TEST(sim_runner_reduces_in_order)
{
    for (int jobs = 1; jobs <= 4; jobs++) {
        fake_run run = {0, 0, 0, -1};
        tw_sim_spec spec = {.games = 1000, .jobs = jobs, .chunk = 7, .result_size = sizeof(long long),
                            .ctx = &run, .play = fake_play, .reduce = fake_reduce};
        CHECK_INT(tw_sim_run(&spec, NULL), 0);
        CHECK_INT(run.next, 1000);
        CHECK_INT(run.out_of_order, 0);
        CHECK_INT(run.sum, 3LL * 999 * 1000 / 2 + 1000);
    }
}

TEST(sim_runner_failure_and_deadline)
{
    fake_run run = {0, 0, 0, 357};
    tw_sim_spec spec = {.games = 1000, .jobs = 3, .chunk = 10, .result_size = sizeof(long long), .ctx = &run,
                        .play = fake_play, .reduce = fake_reduce};
    CHECK_INT(tw_sim_run(&spec, NULL), -1);
    CHECK(run.next <= 350); /* the chunk holding game 357 is never reduced */
    CHECK_INT(run.out_of_order, 0);

    /* a deadline already passed: nothing is handed out, no error */
    fake_run late = {0, 0, 0, -1};
    spec.ctx = &late;
    spec.deadline = tw_sim_now() - 1;
    CHECK_INT(tw_sim_run(&spec, NULL), 0);
    CHECK_INT(late.next, 0);
}

/* ---- sim northwood -------------------------------------------------------------- */

TEST(sim_nw_json_keys_and_values)
{
    const char *args[] = {"sim", "northwood", "--bot", "greedy", "--games", "300", "--seed", "3", "--jobs", "2",
                          "--json", NULL};
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    json_t *root = parse_json(r.out);
    if (root) {
        long long games = json_integer_value(json_object_get(root, "games"));
        long long wins = json_integer_value(json_object_get(root, "wins"));
        double rate = json_real_value(json_object_get(root, "win_rate"));
        json_t *ci = json_object_get(root, "win_rate_ci95");
        double mean = json_real_value(json_object_get(root, "mean_score"));
        CHECK_INT(games, 300);
        CHECK(wins >= 0 && wins <= games);
        CHECK(fabs(rate - (double)wins / (double)games) < 1e-12);
        CHECK(json_is_array(ci) && json_array_size(ci) == 2);
        double lo = json_real_value(json_array_get(ci, 0)), hi = json_real_value(json_array_get(ci, 1));
        CHECK(lo >= 0 && lo <= rate && rate <= hi && hi <= 1 && hi > lo);
        CHECK(mean > 0 && mean < 20);
        CHECK_STR(json_string_value(json_object_get(root, "medal")), "bronze");
        /* the histogram counts every game once and gives the mean back */
        json_t *hist = json_object_get(root, "score_histogram");
        CHECK_INT(json_array_size(hist), 21);
        long long total = 0, weighted = 0;
        for (size_t s = 0; s < json_array_size(hist); s++) {
            total += json_integer_value(json_array_get(hist, s));
            weighted += (long long)s * json_integer_value(json_array_get(hist, s));
        }
        CHECK_INT(total, games);
        CHECK(fabs((double)weighted / (double)games - mean) < 1e-9);
        /* bronze wins are the games with 16 stars or more */
        long long at_least_16 = 0;
        for (size_t s = 16; s < json_array_size(hist); s++)
            at_least_16 += json_integer_value(json_array_get(hist, s));
        CHECK_INT(wins, at_least_16);
        json_t *gold = json_object_get(json_object_get(root, "medals"), "gold");
        CHECK(json_integer_value(json_object_get(gold, "wins")) <= wins);
        json_t *targets = json_object_get(root, "targets");
        CHECK_INT(json_array_size(targets), 8);
        long long stars_from_targets = 0;
        for (size_t f = 0; f < json_array_size(targets); f++) {
            json_t *t = json_array_get(targets, f);
            CHECK(json_integer_value(json_object_get(t, "friendly")) <= json_integer_value(json_object_get(t, "visited")));
            stars_from_targets += json_integer_value(json_object_get(t, "friendly")) * tw_nw_stars[f];
        }
        CHECK_INT(stars_from_targets, weighted);
        CHECK(json_real_value(json_object_get(root, "decisions_per_game")) > 8);
        /* no timing in the JSON: it would break byte-identical output */
        CHECK(!strstr(r.out, "elapsed") && !strstr(r.out, "ms_per"));
        json_decref(root);
    }
    run_free(&r);
}

/* Runs sim with the given options plus --jobs J and returns stdout. */
static char *sim_output(const char *const *base, const char *jobs)
{
    const char *args[32];
    int n = 0;
    for (; base[n] && n < 28; n++)
        args[n] = base[n];
    args[n++] = "--jobs";
    args[n++] = jobs;
    args[n] = NULL;
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    free(r.err);
    return r.out;
}

TEST(sim_same_seed_same_output_whatever_the_jobs)
{
    const char *const nw_json[] = {"sim", "northwood", "--bot", "random", "--games", "500", "--seed", "11", "--json",
                                   NULL};
    const char *const nw_csv[] = {"sim", "northwood", "--bot", "greedy", "--full", "--games", "300", "--seed", "11",
                                  "--csv", NULL};
    const char *const fox_csv[] = {"sim", "fox", "--bots", "rule,random", "--games", "120", "--seed", "11", "--csv",
                                   NULL};
    const char *const fox_json[] = {"sim", "fox", "--bot", "random", "--level", "3", "--games", "300", "--json", NULL};
    const char *const *cases[] = {nw_json, nw_csv, fox_csv, fox_json};
    for (int c = 0; c < 4; c++) {
        char *one = sim_output(cases[c], "1");
        char *two = sim_output(cases[c], "2");
        char *three = sim_output(cases[c], "3");
        CHECK(one && two && three && one[0]);
        if (one && two && three) {
            if (strcmp(one, two) != 0 || strcmp(one, three) != 0)
                tw_test_fail(__FILE__, __LINE__, "case %d: output differs with the number of jobs", c);
        }
        free(one);
        free(two);
        free(three);
    }
    /* and another seed gives other games (the comparison above is not empty) */
    const char *const other[] = {"sim", "northwood", "--bot", "greedy", "--full", "--games", "300", "--seed", "12",
                                 "--csv", NULL};
    char *a = sim_output(nw_csv, "2"), *b = sim_output(other, "2");
    CHECK(a && b && strcmp(a, b) != 0);
    free(a);
    free(b);
}

TEST(sim_nw_csv_rows_replay)
{
    static tw_nw_catalog catalog;
    tw_diag diag;
    REQUIRE(tw_nw_catalog_load_default(&catalog, &diag) == TW_OK);
    const char *args[] = {"sim", "northwood", "--bot", "greedy", "--games", "40", "--seed", "9", "--csv", NULL};
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    CHECK_INT(count_lines(r.out), 41);
    CHECK(r.out && strncmp(r.out, "game,seed,stars,medal,won,stopped,decisions,target0,", 52) == 0);
    /* every row is its game in order, and its seed replays to its stars */
    const char *line = r.out ? strchr(r.out, '\n') : NULL;
    for (int g = 0; line && line[1]; g++) {
        line++;
        long long index = -1;
        unsigned long long seed = 0;
        int stars = -1;
        if (sscanf(line, "%lld,%llu,%d,", &index, &seed, &stars) != 3) {
            tw_test_fail(__FILE__, __LINE__, "bad row %d", g);
            break;
        }
        CHECK_INT(index, g);
        CHECK(seed == tw_sim_game_seed(9, g));
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, &catalog, &cfg, NULL) == TW_OK);
        tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_GREEDY, tw_sim_bot_seed(seed, 0));
        REQUIRE(bot);
        for (int d = 0; d < 5000 && !tw_nw_is_over(&s); d++)
            tw_nw_apply(&s, tw_nw_bot_choose(bot, &s), NULL);
        tw_nw_bot_free(bot);
        CHECK_INT(tw_nw_stars_won(&s), stars);
        line = strchr(line, '\n');
    }
    run_free(&r);
}

/* The whole number in column col (from 0) of a CSV line. */
static int csv_int(const char *line, int col)
{
    for (int k = 0; k < col && line; k++) {
        line = strchr(line, ',');
        line = line ? line + 1 : NULL;
    }
    return line ? atoi(line) : -1;
}

/* Replays a sim CSV's rows (game index and seed first, the score in
 * column score_col and the decisions in decisions_col) with the engines'
 * own bots: play(seed) gives the game's score and decisions. */
static void check_rows_replay(const char *csv, int score_col, int decisions_col, uint64_t run_seed,
                              void (*play)(uint64_t seed, int out[2]))
{
    const char *line = csv ? strchr(csv, '\n') : NULL;
    for (int g = 0; line && line[1]; g++) {
        line++;
        long long index = -1;
        unsigned long long seed = 0;
        REQUIRE(sscanf(line, "%lld,%llu,", &index, &seed) == 2);
        CHECK_INT(index, g);
        CHECK(seed == tw_sim_game_seed(run_seed, g));
        int got[2];
        play(seed, got);
        CHECK_INT(csv_int(line, score_col), got[0]);
        CHECK_INT(csv_int(line, decisions_col), got[1]);
        line = strchr(line, '\n');
    }
}

/* A random For Northwood! game with the engine's random bot: stars, decisions. */
static void nw_random_game(uint64_t seed, int out[2])
{
    static tw_nw_catalog catalog;
    tw_diag diag;
    REQUIRE(catalog.count > 0 || tw_nw_catalog_load_default(&catalog, &diag) == TW_OK);
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, &catalog, &cfg, NULL) == TW_OK);
    tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_RANDOM, tw_sim_bot_seed(seed, 0));
    REQUIRE(bot);
    out[1] = 0;
    for (; out[1] < 5000 && !tw_nw_is_over(&s); out[1]++)
        tw_nw_apply(&s, tw_nw_bot_choose(bot, &s), NULL);
    tw_nw_bot_free(bot);
    out[0] = tw_nw_stars_won(&s);
}

/* A random Duet game at level 1 with the engine's random bots, the first
 * dealer from the seed as sim has it: score, decisions. */
static void fox_random_game(uint64_t seed, int out[2])
{
    static tw_fox_board board;
    tw_diag diag;
    REQUIRE(board.id[0] || tw_fox_board_load_level(&board, 1, &diag) == TW_OK);
    tw_fox_state s;
    tw_fox_config cfg = {1, (int)(tw_mix64(seed) & 1), seed};
    REQUIRE(tw_fox_new(&s, &board, &cfg, NULL) == TW_OK);
    tw_fox_bot *bots[2] = {tw_fox_bot_new(TW_FOX_BOT_RANDOM, tw_sim_bot_seed(seed, 0)),
                           tw_fox_bot_new(TW_FOX_BOT_RANDOM, tw_sim_bot_seed(seed, 1))};
    REQUIRE(bots[0] && bots[1]);
    out[1] = 0;
    tw_fox_action a;
    for (; out[1] < 2000 && !tw_fox_is_over(&s); out[1]++)
        if (tw_fox_bot_choose(bots[tw_fox_to_act(&s)], &s, &a) != TW_OK || tw_fox_apply(&s, a, NULL) != TW_OK)
            break;
    tw_fox_bot_free(bots[0]);
    tw_fox_bot_free(bots[1]);
    out[0] = tw_fox_score(&s);
}

TEST(sim_random_bots_play_the_engines_games)
{
    /* the game interface's random bots pick among the legal actions
     * without making a view: the same picks as the engines' random bots
     * (which look at the view), so the same games */
    const char *nw[] = {"sim", "northwood", "--bot", "random", "--full", "--games", "60", "--seed", "4", "--csv", NULL};
    run_result r = run_cli(nw);
    CHECK_INT(r.code, 0);
    CHECK_INT(count_lines(r.out), 61);
    check_rows_replay(r.out, 2, 6, 4, nw_random_game); /* game,seed,stars,medal,won,stopped,decisions,... */
    run_free(&r);
    const char *fox[] = {"sim", "fox", "--bot", "random", "--games", "60", "--seed", "4", "--csv", NULL};
    r = run_cli(fox);
    CHECK_INT(r.code, 0);
    CHECK_INT(count_lines(r.out), 61);
    check_rows_replay(r.out, 6, 10, 4, fox_random_game); /* game,seed,dealer,won,end,round,score,...,decisions */
    run_free(&r);
}

TEST(sim_nw_text_summary)
{
    const char *args[] = {"sim", "northwood", "--bot", "random", "--games", "200", "--medal", "silver", NULL};
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "200 intro games, bot random, aiming for silver");
    CHECK_CONTAINS(r.out, "bronze");
    CHECK_CONTAINS(r.out, "gold");
    CHECK_CONTAINS(r.out, "Fiefs by target");
    CHECK_CONTAINS(r.out, "ms of CPU per decision");
    /* not a terminal: no progress bar */
    CHECK_STR(r.err, "");
    run_free(&r);
}

TEST(sim_nw_every_bot_plays_legally)
{
    /* the run stops with an error when a bot picks an illegal action, so
     * an exit code of 0 means every decision was legal */
    const char *const bots[] = {"random", "greedy", "clairvoyant"};
    const char *const games[] = {"60", "60", "2"};
    for (int i = 0; i < 3; i++) {
        const char *args[] = {"sim", "northwood", "--bot", bots[i], "--games", games[i], "--full", "--json", NULL};
        run_result r = run_cli(args);
        CHECK_INT(r.code, 0);
        CHECK_STR(r.err, "");
        run_free(&r);
    }
    /* the strong bot with a small search effort, so that the test stays quick */
    const char *strong[] = {"sim", "northwood", "--bot", "strong", "--iterations", "3", "--rollouts", "1",
                            "--games", "1", "--jobs", "1", "--json", NULL};
    run_result r = run_cli(strong);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "\"bot\": \"strong\"");
    run_free(&r);
}

TEST(sim_nw_clairvoyant_counts_unsettled_questions)
{
    /* The clairvoyant run reports how many of its solver questions the
     * budget cut off: the sum over the same games played here with the
     * same seeds; other bots' runs have no such member. */
    const char *args[] = {"sim", "northwood", "--bot", "clairvoyant", "--full", "--games", "3", "--seed", "4",
                          "--jobs", "1", "--json", NULL};
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    json_error_t jerr;
    json_t *o = json_loads(r.out, 0, &jerr);
    REQUIRE(o);
    json_t *unsettled = json_object_get(o, "unsettled");
    REQUIRE(json_is_integer(unsettled));
    static tw_nw_catalog catalog;
    tw_diag diag;
    REQUIRE(tw_nw_catalog_load_default(&catalog, &diag) == TW_OK);
    long long expected = 0;
    for (long long g = 0; g < 3; g++) {
        uint64_t seed = tw_sim_game_seed(4, g);
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_new(&s, &catalog, &cfg, NULL) == TW_OK);
        tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_CLAIRVOYANT, tw_sim_bot_seed(seed, 0));
        REQUIRE(bot);
        while (!tw_nw_is_over(&s))
            REQUIRE(tw_nw_apply(&s, tw_nw_bot_choose(bot, &s), NULL) == TW_OK);
        expected += tw_nw_bot_unsettled(bot);
        tw_nw_bot_free(bot);
    }
    CHECK_INT(json_integer_value(unsettled), expected);
    json_decref(o);
    run_free(&r);
    const char *greedy[] = {"sim", "northwood", "--bot", "greedy", "--games", "3", "--json", NULL};
    r = run_cli(greedy);
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "unsettled") == NULL);
    run_free(&r);
}

TEST(sim_nw_characters_csv)
{
    /* --characters-csv: per game, its four starting allies then its eight
     * rulers by fief, as a new game with the row's seed deals them; the
     * friendly rulers' stars add up to the game's stars */
    static tw_nw_catalog catalog;
    tw_diag diag;
    REQUIRE(tw_nw_catalog_load_default(&catalog, &diag) == TW_OK);
    const char *path = tw_test_tmp("characters.csv");
    const char *args[] = {"sim", "northwood", "--bot", "greedy", "--full", "--games", "30", "--seed", "5",
                          "--characters-csv", path, "--json", NULL};
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "\"games\": 30");
    run_free(&r);
    FILE *f = fopen(path, "r");
    REQUIRE(f);
    char line[512];
    REQUIRE(fgets(line, sizeof line, f));
    CHECK_STR(line, "game,seed,character,suit,crown,role,fief,friendly,substituted,sub_uses,ally_uses,stars,medal\n");
    int rows = 0, stars_sum = 0;
    tw_nw_state s;
    while (fgets(line, sizeof line, f)) {
        long long game;
        unsigned long long seed;
        char id[64], suit[16], role[16];
        int crown, fief, friendly, substituted, sub_uses, ally_uses, stars;
        if (sscanf(line, "%lld,%llu,%63[^,],%15[^,],%d,%15[^,],%d,%d,%d,%d,%d,%d,", &game, &seed, id, suit, &crown, role,
                   &fief, &friendly, &substituted, &sub_uses, &ally_uses, &stars) != 12) {
            tw_test_fail(__FILE__, __LINE__, "bad row %d: %s", rows, line);
            break;
        }
        int k = rows % 12;
        CHECK_INT(game, rows / 12);
        CHECK(seed == tw_sim_game_seed(5, game));
        if (k == 0) {
            tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
            REQUIRE(tw_nw_new(&s, &catalog, &cfg, NULL) == TW_OK);
            stars_sum = 0;
        }
        int index = tw_nw_catalog_find(&catalog, id);
        REQUIRE(index >= 0);
        CHECK_INT(crown, catalog.entries[index].crown);
        CHECK_STR(suit, tw_nw_suit_key(catalog.entries[index].suit));
        CHECK_INT(ally_uses, 0); /* greedy uses no ability */
        if (k < TW_NW_SLOTS) {
            CHECK_STR(role, "ally");
            CHECK_INT(s.slots[k].ally.catalog_index, index);
        } else {
            CHECK_STR(role, "ruler");
            CHECK_INT(fief, k - TW_NW_SLOTS);
            CHECK_INT(s.fiefs[fief].ruler.catalog_index, index); /* greedy swaps no ruler */
            stars_sum += friendly ? tw_nw_stars[fief] : 0;
            if (k == 11)
                CHECK_INT(stars_sum, stars);
        }
        rows++;
    }
    fclose(f);
    CHECK_INT(rows, 30 * 12);
    /* not for sim fox */
    const char *fox[] = {"sim", "fox", "--characters-csv", path, NULL};
    r = run_cli(fox);
    CHECK_INT(r.code, 2);
    run_free(&r);
}

/* ---- sim fox ------------------------------------------------------------------------ */

TEST(sim_fox_rule_and_random_bots)
{
    const char *args[] = {"sim", "fox", "--bots", "rule,random", "--games", "60", "--level", "2", "--json", NULL};
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    json_t *root = parse_json(r.out);
    if (root) {
        json_t *bots = json_object_get(root, "bots");
        CHECK_STR(json_string_value(json_array_get(bots, 0)), "rule");
        CHECK_STR(json_string_value(json_array_get(bots, 1)), "random");
        CHECK_INT(json_integer_value(json_object_get(root, "level")), 2);
        long long games = json_integer_value(json_object_get(root, "games"));
        long long wins = json_integer_value(json_object_get(root, "wins"));
        CHECK_INT(games, 60);
        /* every game is a win in some round, a fall off the path or out of time */
        long long by_round = json_integer_value(json_object_get(root, "lost_time"));
        long long won_by_round = 0;
        json_t *rounds = json_object_get(root, "rounds");
        CHECK_INT(json_array_size(rounds), 3);
        for (size_t i = 0; i < json_array_size(rounds); i++) {
            json_t *one = json_array_get(rounds, i);
            won_by_round += json_integer_value(json_object_get(one, "wins"));
            by_round += json_integer_value(json_object_get(one, "wins")) +
                        json_integer_value(json_object_get(one, "lost_off_path"));
        }
        CHECK_INT(by_round, games);
        CHECK_INT(won_by_round, wins);
        json_t *ci = json_object_get(root, "win_rate_ci95");
        CHECK_INT(json_array_size(ci), 2);
        CHECK(json_is_number(json_object_get(root, "mean_score")));
        json_decref(root);
    }
    run_free(&r);
}

TEST(sim_fox_csv_and_searching_bots)
{
    const char *args[] = {"sim", "fox", "--bot", "rule", "--games", "25", "--csv", NULL};
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    CHECK_INT(count_lines(r.out), 26);
    CHECK(r.out && strncmp(r.out, "game,seed,dealer,won,end,round,score,", 37) == 0);
    run_free(&r);
    /* the searching bots play legal games too (a couple of games each) */
    const char *const pairs[] = {"rule,strong", "open-hands,rule"};
    for (int i = 0; i < 2; i++) {
        const char *search[] = {"sim", "fox", "--bots", pairs[i], "--games", "1", "--json", NULL};
        run_result s = run_cli(search);
        CHECK_INT(s.code, 0);
        CHECK_STR(s.err, "");
        run_free(&s);
    }
}

/* Runs two CSV simulations that differ only in effort: both succeed with
 * `lines` lines (header and rows), and their games differ. */
static void check_runs_differ(const char **tiny, const char **some, int lines)
{
    run_result a = run_cli(tiny), b = run_cli(some);
    CHECK_INT(a.code, 0);
    CHECK_INT(b.code, 0);
    CHECK_INT(count_lines(a.out), lines);
    CHECK(a.out && b.out && strcmp(a.out, b.out) != 0);
    run_free(&a);
    run_free(&b);
}

TEST(sim_fox_search_effort_options)
{
    /* the effort reaches the bots: a one-node, one-deal search plays other
     * games than a real one on the same seeds */
    const char *tiny[] = {"sim", "fox", "--bot", "strong", "--samples", "1", "--nodes", "1", "--games", "3",
                          "--jobs", "1", "--csv", NULL};
    const char *some[] = {"sim", "fox", "--bot", "strong", "--samples", "4", "--nodes", "200", "--games", "3",
                          "--jobs", "1", "--csv", NULL};
    check_runs_differ(tiny, some, 4);
    /* open-hands takes --nodes too */
    const char *open[] = {"sim", "fox", "--bot", "open-hands", "--nodes", "50", "--games", "2", "--json", NULL};
    run_result c = run_cli(open);
    CHECK_INT(c.code, 0);
    CHECK_CONTAINS(c.out, "\"games\": 2");
    run_free(&c);
}

TEST(sim_nw_solve_effort_options)
{
    /* the orders and the budget reach the solve bots: one order with a
     * 1-node budget (every question runs out) plays other games than 8
     * orders with a real budget on the same seeds */
    const char *tiny[] = {"sim", "northwood", "--bot", "solve-light", "--orders", "1", "--nodes", "1", "--iterations",
                          "20", "--rollouts", "4", "--games", "2", "--jobs", "1", "--csv", NULL};
    const char *some[] = {"sim", "northwood", "--bot", "solve-light", "--orders", "8", "--iterations", "20",
                          "--rollouts", "4", "--games", "2", "--jobs", "1", "--csv", NULL};
    check_runs_differ(tiny, some, 3);
    const char *json[] = {"sim", "northwood", "--bot", "solve", "--orders", "4", "--nodes", "20000", "--iterations",
                          "20", "--rollouts", "4", "--games", "1", "--jobs", "1", "--json", NULL};
    run_result c = run_cli(json);
    CHECK_INT(c.code, 0);
    CHECK_CONTAINS(c.out, "\"bot\": \"solve\"");
    run_free(&c);
}

TEST(sim_fox_board_option)
{
    const char *ok[] = {"sim", "fox", "--board", tw_test_data("boards/side-b.json"), "--level", "3", "--games", "10",
                        "--bot", "random", "--json", NULL};
    run_result r = run_cli(ok);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "\"board\": \"side-b\"");
    run_free(&r);
    const char *missing[] = {"sim", "fox", "--board", tw_test_tmp("no-such-board.json"), "--games", "10", NULL};
    r = run_cli(missing);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.err, "no-such-board.json");
    run_free(&r);
}

/* ---- Bad options ------------------------------------------------------------------------ */

TEST(sim_bad_options_exit_2)
{
    static const struct {
        const char *args[8];
        const char *message;
    } cases[] = {
        {{"sim", NULL}, "needs a game"},
        {{"sim", "chess", NULL}, "unknown game 'chess'"},
        {{"sim", "northwood", "--bot", "clever", NULL}, "unknown For Northwood! bot 'clever'"},
        {{"sim", "fox", "--bot", "greedy", NULL}, "unknown Fox Duet bot 'greedy'"},
        {{"sim", "fox", "--bots", "rule", NULL}, "--bots takes two bot names"},
        {{"sim", "fox", "--bots", "rule,rule,rule", NULL}, "--bots takes two bot names"},
        {{"sim", "northwood", "--games", "0", NULL}, "--games takes a whole number"},
        {{"sim", "northwood", "--games", "many", NULL}, "--games takes a whole number"},
        {{"sim", "northwood", "--jobs", "0", NULL}, "--jobs takes a whole number"},
        {{"sim", "northwood", "--seed", "-4", NULL}, "--seed takes a whole number"},
        {{"sim", "northwood", "--seed", NULL}, "--seed needs a value"},
        {{"sim", "northwood", "--json", "--csv", NULL}, "--json and --csv"},
        {{"sim", "northwood", "--medal", "platinum", NULL}, "--medal takes bronze, silver or gold"},
        {{"sim", "northwood", "--medal", "none", NULL}, "--medal takes bronze, silver or gold"},
        {{"sim", "fox", "--level", "4", NULL}, "--level takes 1, 2 or 3"},
        {{"sim", "northwood", "--level", "2", NULL}, "option --level is not for sim northwood"},
        {{"sim", "fox", "--full", NULL}, "option --full is not for sim fox"},
        {{"sim", "northwood", "--bots", "a,b", NULL}, "option --bots is not for sim northwood"},
        {{"sim", "northwood", "--samples", "8", NULL}, "option --samples is not for sim northwood"},
        {{"sim", "fox", "--iterations", "8", NULL}, "option --iterations is not for sim fox"},
        {{"sim", "fox", "--nodes", "0", NULL}, "--nodes takes a whole number"},
        {{"sim", "northwood", "--orders", "65", NULL}, "--orders takes 1 to 64"},
        {{"sim", "northwood", "--orders", "0", NULL}, "--orders takes a whole number"},
        {{"sim", "fox", "--orders", "8", NULL}, "option --orders is not for sim fox"},
        {{"sim", "northwood", "--fast", NULL}, "unknown option '--fast'"},
        {{"sim", "northwood", "extra", NULL}, "unexpected argument 'extra'"},
        {{"bench", "--parts", "everything", NULL}, "--parts takes names among"},
        {{"bench", "--seconds", "soon", NULL}, "--seconds takes a number"},
        {{"bench", "--bots", "greedy,wizard", NULL}, "'wizard' is not a bot"},
        {{"bench", "--games", NULL}, "--games needs a value"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_result r = run_cli(cases[i].args);
        if (r.code != 2)
            tw_test_fail(__FILE__, __LINE__, "case %zu: exit %d, expected 2", i, r.code);
        if (!r.err || !strstr(r.err, cases[i].message))
            tw_test_fail(__FILE__, __LINE__, "case %zu: message \"%s\" lacks \"%s\"", i, r.err ? r.err : "",
                         cases[i].message);
        CHECK_STR(r.out, "");
        run_free(&r);
    }
    /* the French messages exist too */
    const char *fr[] = {"sim", "northwood", "--bot", "clever", "--lang", "fr", NULL};
    run_result r = run_cli(fr);
    CHECK_INT(r.code, 2);
    run_free(&r);
    const char *fr2[] = {"sim", "chess", "--lang", "fr", NULL};
    r = run_cli(fr2);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "jeu inconnu");
    run_free(&r);
}

/* ---- bench ------------------------------------------------------------------------------ */

TEST(sim_bench_json_quick)
{
    const char *args[] = {"bench", "--json", "--parts", "random,bots,memory", "--seconds", "0.01", "--games", "20",
                          "--bots", "greedy,rule", "--memory-games", "300", NULL};
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    json_t *root = parse_json(r.out);
    if (root) {
        CHECK(json_real_value(json_object_get(root, "northwood_random_games_per_s")) > 0);
        /* the shuffles alone are a floor of the play's cost: far faster than play */
        CHECK(json_real_value(json_object_get(root, "northwood_shuffle_floor_games_per_s")) >
              json_real_value(json_object_get(root, "northwood_random_games_per_s")));
        CHECK(json_real_value(json_object_get(root, "fox_random_games_per_s")) > 0);
        /* the same random games through the game interface, both games */
        json_t *through = json_object_get(root, "random_through_interface");
        CHECK(json_real_value(json_object_get(json_object_get(through, "northwood"), "games_per_cpu_s")) > 0);
        CHECK(json_real_value(json_object_get(json_object_get(through, "fox"), "games_per_cpu_s")) > 0);
        CHECK(json_real_value(json_object_get(json_object_get(through, "northwood"), "decisions_per_game")) > 100);
        json_t *machine = json_object_get(root, "machine");
        CHECK(json_integer_value(json_object_get(machine, "cpus")) >= 1);
        json_t *nw = json_object_get(root, "northwood_bots");
        CHECK_INT(json_array_size(nw), 2); /* greedy, intro and full */
        CHECK_STR(json_string_value(json_object_get(json_array_get(nw, 0), "bot")), "greedy");
        CHECK_INT(json_integer_value(json_object_get(json_array_get(nw, 0), "games")), 20);
        json_t *fox = json_object_get(root, "fox_bots");
        CHECK_INT(json_array_size(fox), 3); /* rule at levels 1-3 */
        json_t *memory = json_object_get(root, "memory");
        CHECK(json_integer_value(json_object_get(memory, "long_peak_kib")) > 0);
        CHECK_INT(json_integer_value(json_object_get(memory, "long_games")), 300);
        json_decref(root);
    }
    run_free(&r);
}

TEST(sim_bench_solver_part)
{
    /* The solver part: four rows per deal (allies ready or spent, with the
     * programme and passes or the plain search), each with its questions
     * and times in order; the same visits give the same yes count with
     * and without the programme when nothing was cut off. */
    const char *args[] = {"bench", "--json", "--parts", "solver", "--visits", "40", "--seed", "3", NULL};
    run_result r = run_cli(args);
    CHECK_INT(r.code, 0);
    json_t *root = parse_json(r.out);
    if (root) {
        json_t *rows = json_object_get(json_object_get(root, "solver"), "rows");
        REQUIRE(json_array_size(rows) == 8);
        for (size_t i = 0; i < 8; i++) {
            json_t *row = json_array_get(rows, i);
            CHECK_INT(json_integer_value(json_object_get(row, "questions")), 40);
            double p50 = json_real_value(json_object_get(row, "p50_ms"));
            double p99 = json_real_value(json_object_get(row, "p99_ms"));
            double max = json_real_value(json_object_get(row, "max_ms"));
            CHECK(p50 >= 0 && p50 <= p99 && p99 <= max);
            if (i % 2 == 1) {
                json_t *fast = json_array_get(rows, i - 1);
                if (json_integer_value(json_object_get(row, "cut_off")) == 0 &&
                    json_integer_value(json_object_get(fast, "cut_off")) == 0)
                    CHECK_INT(json_integer_value(json_object_get(row, "yes")),
                              json_integer_value(json_object_get(fast, "yes")));
            }
        }
        json_decref(root);
    }
    run_free(&r);
}

TEST(sim_progress_line)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    REQUIRE(f);
    tw_sim_draw_progress(f, 250, 1000, 5.0);
    tw_sim_draw_progress(f, 1000, 1000, 20.0);
    fclose(f);
    /* a redrawn line: bar, done/total, share, rate, time left */
    CHECK_CONTAINS(text, "\r[#######.......................] 250/1000  25.0%  50 games/s  ETA 0:15");
    /* the last one says how long it took and ends the line */
    CHECK_CONTAINS(text, "1000/1000 100.0%  50 games/s  took 0:20");
    CHECK(len > 0 && text[len - 1] == '\n');
    free(text);
}
