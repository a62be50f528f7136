/* `trickwood sim --shard K/N` and `trickwood sim-merge`: shards added up
 * give exactly the whole run's JSON (and their CSV rows the whole run's
 * rows), and merge refuses files that are not the shards of one run,
 * naming the file and the member at fault. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"
#include "cli_harness.h"
#include "test.h"

/* Runs `trickwood ARGS...` and returns its output (NULL and a failure when
 * it does not exit with code 0). */
static char *output_of(const char *const *args)
{
    tw_test_cli_result r = tw_test_cli_run("", args);
    if (r.code != 0) {
        tw_test_fail(__FILE__, __LINE__, "%s %s exited with %d: %s", args[0], args[1], r.code, r.err ? r.err : "");
        free(r.out);
        r.out = NULL;
    }
    free(r.err);
    return r.out;
}

/* Writes text to a scratch file named name; returns its path (copied into
 * out). */
static const char *write_scratch(const char *name, const char *text, char *out, size_t size)
{
    snprintf(out, size, "%s", tw_test_tmp(name));
    FILE *f = fopen(out, "w");
    if (!f || fputs(text ? text : "", f) < 0)
        tw_test_fail(__FILE__, __LINE__, "cannot write %s", out);
    if (f)
        fclose(f);
    return out;
}

/* The arguments of a run: base (NULL-terminated) followed by extra ones. */
static void with_args(const char **args, int max, const char *const *base, const char *a, const char *b,
                      const char *c)
{
    int n = 0;
    for (; base[n] && n < max - 4; n++)
        args[n] = base[n];
    args[n++] = a;
    args[n++] = b;
    args[n++] = c;
    args[n] = NULL;
}

/* Plays base as n shards (--json) into scratch files prefix1..prefixN and
 * fills paths (each PATH_MAX-ish); 0 when every shard ran. */
static int play_shards(const char *const *base, int n, const char *prefix, char paths[][512])
{
    for (int k = 1; k <= n; k++) {
        char shard[16], name[64];
        snprintf(shard, sizeof shard, "%d/%d", k, n);
        snprintf(name, sizeof name, "%s%d.json", prefix, k);
        const char *args[40];
        with_args(args, 40, base, "--shard", shard, "--json");
        char *out = output_of(args);
        if (!out)
            return -1;
        write_scratch(name, out, paths[k - 1], sizeof paths[k - 1]);
        free(out);
    }
    return 0;
}

/* Runs sim-merge on the given files; returns its result. */
static tw_test_cli_result merge(char paths[][512], int n)
{
    const char *args[16] = {"sim-merge"};
    for (int i = 0; i < n && i < 14; i++)
        args[1 + i] = paths[i];
    args[1 + (n < 14 ? n : 14)] = NULL;
    return tw_test_cli_run("", args);
}

TEST(sim_shards_merge_into_the_whole_run)
{
    const char *const nw_greedy[] = {"sim", "northwood", "--bot", "greedy", "--games", "700", "--seed", "21", "--quiet",
                                     NULL};
    const char *const nw_random[] = {"sim", "northwood", "--bot", "random", "--full", "--medal", "gold", "--games",
                                     "500", "--seed", "8", "--quiet", NULL};
    const char *const fox_rule[] = {"sim", "fox", "--bots", "rule,random", "--level", "2", "--games", "400", "--seed",
                                    "5", "--quiet", NULL};
    const char *const fox_random[] = {"sim", "fox", "--bot", "random", "--level", "3", "--games", "900", "--quiet",
                                      NULL};
    const char *const nw_clairvoyant[] = {"sim", "northwood", "--bot", "clairvoyant", "--games", "5", "--quiet", NULL};
    const char *const nw_challenge[] = {"sim", "northwood", "--bot", "greedy", "--challenge", "4", "--games", "90",
                                        "--seed", "3", "--quiet", NULL};
    const char *const nw_variant[] = {"sim", "northwood", "--bot", "greedy", "--variant", "hidden-stars", "--expert",
                                      "--games", "90", "--seed", "6", "--quiet", NULL};
    const char *const *cases[] = {nw_greedy, nw_random, fox_rule, fox_random, nw_clairvoyant, nw_challenge, nw_variant};
    static const int counts[] = {1, 2, 3, 7};
    for (int c = 0; c < 7; c++) {
        const char *args[40];
        with_args(args, 40, cases[c], "--json", NULL, NULL);
        char *whole = output_of(args);
        REQUIRE(whole);
        for (int i = 0; i < 4; i++) {
            int n = counts[i];
            if (c == 4 && n > 3)
                continue; /* the clairvoyant bot is slow: 5 games, fewer shards */
            char paths[7][512];
            REQUIRE(play_shards(cases[c], n, "shard", paths) == 0);
            tw_test_cli_result r = merge(paths, n);
            CHECK_INT(r.code, 0);
            if (!r.out || strcmp(r.out, whole) != 0)
                tw_test_fail(__FILE__, __LINE__, "case %d, %d shards: merged JSON differs from the whole run's:\n%s",
                             c, n, r.out ? r.out : "(none)");
            tw_test_cli_free(&r);
            /* the same files in another order merge the same */
            if (n == 3) {
                char swapped[3][512];
                memcpy(swapped[0], paths[2], 512);
                memcpy(swapped[1], paths[0], 512);
                memcpy(swapped[2], paths[1], 512);
                r = merge(swapped, 3);
                CHECK(r.code == 0 && r.out && strcmp(r.out, whole) == 0);
                tw_test_cli_free(&r);
            }
        }
        free(whole);
    }
}

TEST(sim_shard_csv_rows_are_the_whole_runs)
{
    /* CSV rows carry the game numbers of the whole run: the shards' rows,
     * headers dropped, are the whole run's rows */
    const char *const base[] = {"sim", "fox", "--bot", "random", "--games", "50", "--seed", "3", "--csv", NULL};
    char *whole = output_of(base);
    REQUIRE(whole);
    size_t len = 0;
    char joined[16384] = "";
    for (int k = 1; k <= 3; k++) {
        char shard[8];
        snprintf(shard, sizeof shard, "%d/3", k);
        const char *args[20];
        with_args(args, 20, base, "--shard", shard, "--quiet");
        char *out = output_of(args);
        REQUIRE(out);
        const char *rows = strchr(out, '\n');
        if (k == 1)
            rows = out; /* keep the header once */
        else if (rows)
            rows++;
        if (rows && len + strlen(rows) < sizeof joined) {
            memcpy(joined + len, rows, strlen(rows) + 1);
            len += strlen(rows);
        }
        free(out);
    }
    CHECK_STR(joined, whole);
    free(whole);
}

/* Rewrites one member of a shard file: parses it, lets edit change it and
 * writes the result to a scratch file; returns its path in out. */
static const char *edited(const char *path, const char *name, void (*edit)(json_t *root), char *out, size_t size)
{
    json_t *root = json_load_file(path, 0, NULL);
    if (!root) {
        tw_test_fail(__FILE__, __LINE__, "cannot read %s", path);
        return path;
    }
    edit(root);
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    write_scratch(name, text, out, size);
    free(text);
    json_decref(root);
    return out;
}

/* Edits for the refusals below. */
static void other_seed(json_t *root)
{
    json_object_set_new(json_object_get(root, "options"), "seed", json_integer(99));
}
static void other_bot(json_t *root)
{
    json_object_set_new(json_object_get(root, "options"), "bot", json_string("random"));
}
static void other_build(json_t *root)
{
    json_object_set_new(root, "build", json_string("trickwood 0.0.1, program 0000000000000000"));
}
static void other_count(json_t *root)
{
    json_object_set_new(json_object_get(root, "shard"), "count", json_integer(4));
}
static void bad_tallies(json_t *root)
{
    json_object_set_new(json_object_get(root, "tallies"), "stars_histogram", json_string("many"));
}
static void negative_count(json_t *root)
{
    json_array_set_new(json_object_get(json_object_get(root, "tallies"), "friendly"), 2, json_integer(-5));
}
static void wrong_games(json_t *root)
{
    json_array_set_new(json_object_get(json_object_get(root, "tallies"), "games"), 0, json_integer(1));
}
static void moved_range(json_t *root)
{
    json_object_set_new(json_object_get(root, "shard"), "first_game", json_integer(0));
}
static void no_shard(json_t *root)
{
    json_object_del(root, "shard");
}
static void huge_count(json_t *root)
{
    json_array_set_new(json_object_get(json_object_get(root, "tallies"), "decisions"), 2,
                       json_integer(9223372036854775807LL));
}

/* Checks that sim-merge refuses files, naming want_file and want_field. */
static void check_refused(const char *a, const char *b, const char *c, const char *want_file, const char *want_field,
                          int line)
{
    const char *args[] = {"sim-merge", a, b, c, NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    if (r.code != 1 || !r.err || !strstr(r.err, want_file) || !strstr(r.err, want_field) || (r.out && r.out[0]))
        tw_test_fail(__FILE__, line, "expected a refusal naming %s and %s, got exit %d: %s", want_file, want_field,
                     r.code, r.err ? r.err : "");
    tw_test_cli_free(&r);
}

TEST(sim_merge_refuses_files_of_other_runs)
{
    const char *const base[] = {"sim", "northwood", "--bot", "greedy", "--games", "90", "--seed", "2", "--quiet", NULL};
    char p[3][512];
    REQUIRE(play_shards(base, 3, "ref", p) == 0);
    char e[512], bad[512];
    static const struct {
        void (*edit)(json_t *);
        const char *field;
    } edits[] = {{other_seed, "options.seed"},     {other_bot, "options.bot"},
                 {other_build, "build"},           {other_count, "shard"},
                 {bad_tallies, "stars_histogram"}, {negative_count, "tallies.friendly"},
                 {wrong_games, "tallies.games"},   {moved_range, "shard.first_game"},
                 {no_shard, "shard"},              {huge_count, "tallies.decisions"}};
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        edited(p[1], "edited.json", edits[i].edit, e, sizeof e);
        check_refused(p[0], e, p[2], "edited.json", edits[i].field, __LINE__);
    }
    /* tallies that overflow when added up */
    edited(p[0], "huge0.json", huge_count, bad, sizeof bad);
    edited(p[1], "huge1.json", huge_count, e, sizeof e);
    check_refused(bad, e, p[2], "huge", "tallies.decisions", __LINE__);
    /* a shard twice, a shard missing, another game's shard */
    check_refused(p[0], p[1], p[1], p[1], "shard 2/3", __LINE__);
    {
        const char *args[] = {"sim-merge", p[0], p[2], NULL};
        tw_test_cli_result r = tw_test_cli_run("", args);
        CHECK_INT(r.code, 1);
        CHECK(r.err && strstr(r.err, "shard 2/3 is missing"));
        tw_test_cli_free(&r);
    }
    const char *const fox[] = {"sim", "fox", "--bot", "random", "--games", "90", "--seed", "2", "--quiet", NULL};
    char f[3][512];
    REQUIRE(play_shards(fox, 3, "fox", f) == 0);
    check_refused(p[0], f[1], p[2], f[1], "options.game", __LINE__);
    /* not JSON, cut short, not there, an unsharded run's output, an array */
    write_scratch("notjson.json", "stars: 3\n", bad, sizeof bad);
    check_refused(p[0], bad, p[2], "notjson.json", "not JSON", __LINE__);
    write_scratch("cut.json", "{\"game\": \"northwood\", \"shard\": {\"index\": 2", bad, sizeof bad);
    check_refused(p[0], bad, p[2], "cut.json", "not JSON", __LINE__);
    check_refused(p[0], "/nonexistent/shard2.json", p[2], "/nonexistent/shard2.json", "cannot read", __LINE__);
    const char *whole_args[] = {"sim", "northwood", "--bot", "greedy", "--games", "90", "--seed", "2", "--json", NULL};
    char *whole = output_of(whole_args);
    write_scratch("whole.json", whole, bad, sizeof bad);
    free(whole);
    check_refused(p[0], bad, p[2], "whole.json", "options.game", __LINE__);
    write_scratch("array.json", "[1, 2]", bad, sizeof bad);
    check_refused(bad, p[1], p[2], "array.json", "top level", __LINE__);
    /* the files themselves still merge */
    tw_test_cli_result r = merge(p, 3);
    CHECK_INT(r.code, 0);
    tw_test_cli_free(&r);
}

TEST(sim_shard_option_checks)
{
    static const char *const bad[] = {"0/3", "4/3", "3", "1/0", "a/b", "1/2000000", "/3", "2/"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *args[] = {"sim", "northwood", "--games", "10", "--shard", bad[i], NULL};
        tw_test_cli_result r = tw_test_cli_run("", args);
        CHECK_INT(r.code, 2);
        CHECK(r.err && strstr(r.err, "--shard"));
        tw_test_cli_free(&r);
    }
    /* more shards than games: some shards are empty, and still add up */
    const char *const base[] = {"sim", "northwood", "--bot", "random", "--games", "2", "--seed", "6", "--quiet", NULL};
    char p[3][512];
    REQUIRE(play_shards(base, 3, "tiny", p) == 0);
    const char *args[40];
    with_args(args, 40, base, "--json", NULL, NULL);
    char *whole = output_of(args);
    tw_test_cli_result r = merge(p, 3);
    CHECK(r.code == 0 && whole && r.out && strcmp(r.out, whole) == 0);
    tw_test_cli_free(&r);
    free(whole);
    /* the text summary says which games the shard played */
    const char *text[] = {"sim", "northwood", "--games", "10", "--shard", "2/2", "--quiet", NULL};
    char *out = output_of(text);
    CHECK(out && strstr(out, "Shard 2/2 of a run of 10 games: games 5 to 9"));
    free(out);
    tw_sim_shard s = {0, 0, 0};
    CHECK_INT(tw_sim_shard_parse("7/7", &s), 0);
    s.total = 1000000000000LL;
    long long first, games;
    tw_sim_shard_range(&s, &first, &games);
    CHECK_INT(first + games, 1000000000000LL); /* the last shard ends the run */
}

TEST(sim_merge_survives_damaged_files)
{
    /* a shard file cut at many places, and with bytes changed: sim-merge
     * either merges or refuses (exit 1), never anything else */
    const char *const base[] = {"sim", "fox", "--bot", "random", "--games", "40", "--seed", "4", "--quiet", NULL};
    char p[2][512];
    REQUIRE(play_shards(base, 2, "dmg", p) == 0);
    FILE *in = fopen(p[1], "r");
    REQUIRE(in);
    char text[8192];
    size_t len = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    text[len] = '\0';
    REQUIRE(len > 100);
    int refused = 0, tries = 0;
    for (size_t cut = 0; cut < len; cut += len / 60 + 1) {
        for (int change = 0; change < 2; change++) {
            char damaged[8192], path[512];
            memcpy(damaged, text, len + 1);
            if (change)
                damaged[cut] = damaged[cut] == '1' ? '9' : '1'; /* a digit, or a stray one */
            else
                damaged[cut] = '\0';
            write_scratch("damaged.json", damaged, path, sizeof path);
            const char *args[] = {"sim-merge", p[0], path, NULL};
            tw_test_cli_result r = tw_test_cli_run("", args);
            CHECK(r.code == 0 || r.code == 1);
            refused += r.code == 1;
            tries++;
            tw_test_cli_free(&r);
        }
    }
    CHECK(refused > tries / 2); /* most damage is caught */
}
