/* The Fox in the Forest Duet files: boards, records, event logs and
 * positions, with their errors naming file, line and field. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "test_fox_fixture.h"
#include "trickwood/fox_bots.h"

/* ---- Boards ------------------------------------------------------------- */

/* Checks a board's squares and (+) marks, spaces -5 to 5, and that it has
 * no diamonds when `diamonds` is 0. */
static void check_layout(const tw_fox_board *b, const int squares[TW_FOX_SPACES], const int plus[TW_FOX_SPACES],
                         int diamonds)
{
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        CHECK_INT(b->squares[i], squares[i]);
        CHECK_INT(b->plus[i], plus[i]);
        if (!diamonds)
            CHECK_INT(b->diamonds[i], 0);
    }
}

/* Side A as DATA.md gives it from one public implementation of the game,
 * and the project's earlier reconstruction that old records still use. */
static const int SIDE_A_SQUARES[TW_FOX_SPACES] = {1, 1, 2, 1, 1, 0, 1, 1, 2, 1, 1};
static const int SIDE_A_PLUS[TW_FOX_SPACES] = {0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0};
static const int OLD_SIDE_A_SQUARES[TW_FOX_SPACES] = {2, 1, 1, 1, 1, 0, 1, 1, 1, 1, 2};
static const int OLD_SIDE_A_PLUS[TW_FOX_SPACES] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0};

TEST(fox_files_default_boards_say_where_they_come_from)
{
    tw_fox_board a, b, old;
    tw_diag d;
    REQUIRE(tw_fox_board_load(&a, tw_test_data("boards/side-a.json"), &d) == TW_OK);
    REQUIRE(tw_fox_board_load(&b, tw_test_data("boards/side-b.json"), &d) == TW_OK);
    REQUIRE(tw_fox_board_load(&old, tw_test_data("boards/" TW_FOX_OLD_SIDE_A_FILE), &d) == TW_OK);
    /* Side A follows a public source: not a reconstruction, and its note
     * says where the layout comes from, in both languages. */
    check_layout(&a, SIDE_A_SQUARES, SIDE_A_PLUS, 0);
    CHECK(!a.reconstructed);
    CHECK_CONTAINS(tw_fox_board_notice(&a, TW_LANG_EN), "public web implementation");
    CHECK_CONTAINS(tw_fox_board_notice(&a, TW_LANG_EN), "not been checked against a printed board");
    CHECK_CONTAINS(tw_fox_board_notice(&a, TW_LANG_FR), "adaptation web publique");
    /* The notes are shown in the browser too: the terminal's --board hint
     * is the terminal's own (test_cli_fox.c), never in a board's note. */
    const tw_fox_board *all[3] = {&a, &b, &old};
    for (int i = 0; i < 3; i++) {
        CHECK(!strstr(tw_fox_board_notice(all[i], TW_LANG_EN), "--board"));
        CHECK(!strstr(tw_fox_board_notice(all[i], TW_LANG_FR), "--board"));
    }
    CHECK(!strstr(tw_fox_board_notice(&a, TW_LANG_EN), "reconstruction"));
    /* Side B and the old side A stay reconstructions and say so. */
    const tw_fox_board *recon[2] = {&b, &old};
    for (int i = 0; i < 2; i++) {
        CHECK(recon[i]->reconstructed);
        CHECK_CONTAINS(tw_fox_board_notice(recon[i], TW_LANG_EN), "reconstruction");
        CHECK_CONTAINS(tw_fox_board_notice(recon[i], TW_LANG_FR), "reconstitution");
    }
    check_layout(&old, OLD_SIDE_A_SQUARES, OLD_SIDE_A_PLUS, 0);
    int plus_b = 0;
    for (int k = 0; k < TW_FOX_SPACES; k++)
        plus_b += b.plus[k];
    CHECK_INT(plus_b, 3);
    /* The rulebook's totals: 12 gems on side A (both layouts), 13 and 16
     * on side B. */
    CHECK_INT(tw_fox_board_start_gems(&a, 1), 12);
    CHECK_INT(tw_fox_board_start_gems(&old, 1), 12);
    CHECK_INT(tw_fox_board_start_gems(fox_board(1), 1), 12);
    CHECK_INT(tw_fox_board_start_gems(fox_board(2), 2), 13);
    CHECK_INT(tw_fox_board_start_gems(fox_board(3), 3), 16);
    CHECK(memcmp(fox_board(1), &a, sizeof a) == 0);
    CHECK_STR(fox_board(3)->id, "side-b");
    /* A board without a note has nothing to show. */
    tw_fox_board plain = a;
    plain.note[0][0] = plain.note[1][0] = '\0';
    CHECK_STR(tw_fox_board_notice(&plain, TW_LANG_EN), "");
    CHECK_STR(tw_fox_board_notice(&plain, TW_LANG_FR), "");
}

TEST(fox_files_board_round_trip)
{
    tw_buf buf = {0};
    REQUIRE(tw_fox_board_to_json(fox_board(3), &buf) == TW_OK);
    tw_fox_board b;
    tw_diag d;
    CHECK_INT(tw_fox_board_from_text(&b, buf.data, "mem", &d), TW_OK);
    CHECK(memcmp(&b, fox_board(3), sizeof b) == 0);
    tw_buf_free(&buf);
}

/* A board text with one space per line: the header takes lines 1-6 and
 * space i (-5..5) sits on line 7 + i + 5. `tweak` replaces the line of one
 * space (space_line >= 0) or adds a header line. */
static void board_text(char *out, size_t size, int space_line, const char *tweak, const char *header)
{
    size_t n = (size_t)snprintf(out, size,
                                "{\n  \"format\": \"trickwood-board\",\n  \"version\": 1,\n  \"id\": \"test\",\n"
                                "  \"name\": {\"en\": \"Test\", \"fr\": \"Essai\"},%s\n  \"spaces\": [\n",
                                header ? header : "");
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        char line[160];
        if (i == space_line)
            snprintf(line, sizeof line, "    %s", tweak);
        else
            snprintf(line, sizeof line, "    {\"space\": %d, \"squares\": 1, \"plus\": false}", i - 5);
        n += (size_t)snprintf(out + n, size - n, "%s%s\n", line, i + 1 < TW_FOX_SPACES ? "," : "");
    }
    snprintf(out + n, size - n, "  ]\n}\n");
}

/* Loads a board text and checks the error's line, field and message. */
static void expect_board_error(const char *text, int line, const char *field, const char *message)
{
    tw_fox_board b;
    tw_diag d;
    CHECK(tw_fox_board_from_text(&b, text, "bad-board.json", &d) != TW_OK);
    CHECK_STR(d.file, "bad-board.json");
    CHECK_INT(d.line, line);
    CHECK_STR(d.field, field);
    CHECK_CONTAINS(d.message, message);
}

TEST(fox_files_bad_boards_name_line_and_field)
{
    char text[4096];
    board_text(text, sizeof text, -1, NULL, NULL);
    tw_fox_board b;
    tw_diag d;
    REQUIRE(tw_fox_board_from_text(&b, text, "good.json", &d) == TW_OK);
    CHECK_INT(b.squares[0], 1);
    CHECK_INT(tw_fox_board_start_gems(&b, 1), 11);
    board_text(text, sizeof text, 3, "{\"space\": -2, \"squares\": -1}", NULL);
    expect_board_error(text, 10, "spaces[3].squares", "0 to 9");
    board_text(text, sizeof text, 4, "{\"space\": -2, \"squares\": 1}", NULL);
    expect_board_error(text, 11, "spaces[4].space", "listed twice");
    board_text(text, sizeof text, 2, "{\"space\": -3, \"squares\": 1, \"colour\": \"red\"}", NULL);
    expect_board_error(text, 9, "spaces[2].colour", "unknown field");
    board_text(text, sizeof text, 0, "{\"space\": -5, \"squares\": 1, \"plus\": \"yes\"}", NULL);
    expect_board_error(text, 7, "spaces[0].plus", "true or false");
    board_text(text, sizeof text, 5, "{\"space\": 9, \"squares\": 1}", NULL);
    expect_board_error(text, 12, "spaces[5].space", "-5 to 5");
    board_text(text, sizeof text, 1, "{\"squares\": 1}", NULL);
    expect_board_error(text, 8, "spaces[1]", "missing field 'space'");
    board_text(text, sizeof text, -1, NULL, "\n  \"reconstructed\": true,");
    expect_board_error(text, 1, "", "missing field 'note'");
    board_text(text, sizeof text, 6, "{\"space\": 1, \"squares\": 1} oops", NULL);
    expect_board_error(text, 13, "", "not valid JSON");
    expect_board_error("{\"format\": \"trickwood-record\", \"version\": 1}", 1, "format", "trickwood-board");
    expect_board_error("[1, 2]", 1, "", "one JSON object");
    expect_board_error("{\n\"format\": \"trickwood-board\",\n\"version\": 1,\n\"id\": \"x\",\n"
                       "\"name\": {\"en\": \"X\", \"fr\": \"X\"},\n\"spaces\": [\n{\"space\": 0, \"squares\": 1}\n]\n}",
                       6, "spaces", "11 path spaces");
    /* A board with no gem squares cannot be played. */
    char empty[4096];
    size_t n = (size_t)snprintf(empty, sizeof empty,
                                "{\"format\": \"trickwood-board\", \"version\": 1, \"id\": \"e\",\n"
                                "\"name\": {\"en\": \"E\", \"fr\": \"E\"}, \"spaces\": [\n");
    for (int i = 0; i < TW_FOX_SPACES; i++)
        n += (size_t)snprintf(empty + n, sizeof empty - n, "{\"space\": %d, \"squares\": 0, \"diamonds\": 1}%s\n",
                              i - 5, i + 1 < TW_FOX_SPACES ? "," : "");
    snprintf(empty + n, sizeof empty - n, "]}\n");
    expect_board_error(empty, 2, "spaces", "at least one gem square");
}

TEST(fox_files_bad_board_file_is_named)
{
    const char *path = tw_test_tmp("broken-board.json");
    char text[4096];
    board_text(text, sizeof text, 3, "{\"space\": -2, \"squares\": 12}", NULL);
    REQUIRE(tw_write_file_atomic(path, text, strlen(text)) == TW_OK);
    tw_fox_board b;
    memset(&b, 0x5A, sizeof b);
    tw_fox_board before = b;
    tw_diag d;
    CHECK_INT(tw_fox_board_load(&b, path, &d), TW_ERR_PARSE);
    CHECK(memcmp(&b, &before, sizeof b) == 0); /* nothing half-loaded */
    char msg[800];
    tw_diag_format(&d, msg, sizeof msg);
    CHECK_CONTAINS(msg, "broken-board.json:10: field 'spaces[3].squares'");
    CHECK_INT(tw_fox_board_load(&b, tw_test_tmp("missing.json"), &d), TW_ERR_IO);
    CHECK_CONTAINS(d.file, "missing.json");
    CHECK_CONTAINS(d.message, "cannot open");
}

/* ---- Records ------------------------------------------------------------ */

/* Plays a game with the rule bot and records it (max_actions < 0: to the
 * end). */
static int record_game(tw_fox_record *rec, int level, uint64_t seed, const char *board_ref, int max_actions,
                       tw_fox_state *final)
{
    tw_fox_config cfg = {level, 1, seed};
    if (tw_fox_record_init(rec, fox_board(level), board_ref, &cfg) != TW_OK)
        return 0;
    tw_fox_state s;
    if (tw_fox_new(&s, fox_board(level), &cfg, NULL) != TW_OK)
        return 0;
    while (!tw_fox_is_over(&s) && (max_actions < 0 || rec->count < max_actions)) {
        tw_fox_view v;
        tw_fox_view_of(&s, tw_fox_to_act(&s), &v);
        tw_fox_action a;
        if (tw_fox_rule_bot_choose(&v, seed + (uint64_t)rec->count, &a) != TW_OK || tw_fox_apply(&s, a, NULL) != TW_OK ||
            tw_fox_record_push(rec, a) != TW_OK)
            return 0;
    }
    *final = s;
    return 1;
}

TEST(fox_files_record_round_trip_and_replay)
{
    for (int k = 0; k < 2; k++) {
        tw_fox_record rec;
        tw_fox_state final;
        REQUIRE(record_game(&rec, 1 + k * 2, 77 + (uint64_t)k, k == 0 ? "side-a.json" : NULL, -1, &final));
        const char *path = tw_test_tmp(k == 0 ? "game-a.json" : "game-b.json");
        REQUIRE(tw_fox_record_save(&rec, path) == TW_OK);
        tw_fox_record back;
        tw_diag d;
        tw_error err = tw_fox_record_load(&back, path, &d);
        if (err) {
            char msg[800];
            tw_diag_format(&d, msg, sizeof msg);
            tw_test_fail(__FILE__, __LINE__, "%s", msg);
            tw_fox_record_free(&rec);
            return;
        }
        CHECK_INT(back.count, rec.count);
        CHECK(memcmp(back.actions, rec.actions, (size_t)rec.count * sizeof rec.actions[0]) == 0);
        CHECK(memcmp(&back.board, &rec.board, sizeof rec.board) == 0);
        CHECK_INT(back.config.level, rec.config.level);
        CHECK_INT(back.config.dealer, 1);
        CHECK(back.config.seed == rec.config.seed);
        tw_fox_state replayed;
        CHECK_INT(tw_fox_record_replay(&back, -1, &replayed, &d), TW_OK);
        CHECK(memcmp(&replayed, &final, sizeof final) == 0);
        /* Writing the loaded record again gives the same text. */
        tw_buf a = {0}, b = {0};
        REQUIRE(tw_fox_record_to_json(&rec, &a) == TW_OK);
        REQUIRE(tw_fox_record_to_json(&back, &b) == TW_OK);
        CHECK_STR(a.data, b.data);
        CHECK_CONTAINS(a.data, "\"version\": 2");
        CHECK_CONTAINS(a.data, "\"game\": \"foxduet\"");
        CHECK_CONTAINS(a.data, "\"result\"");
        CHECK_CONTAINS(a.data, k == 0 ? "\"board\": \"side-a.json\"" : "\"reconstructed\": true");
        tw_buf_free(&a);
        tw_buf_free(&b);
        tw_fox_record_free(&rec);
        tw_fox_record_free(&back);
    }
}

TEST(fox_files_unfinished_record_has_no_result)
{
    tw_fox_record rec;
    tw_fox_state s;
    REQUIRE(record_game(&rec, 2, 5, NULL, 9, &s));
    tw_buf buf = {0};
    REQUIRE(tw_fox_record_to_json(&rec, &buf) == TW_OK);
    CHECK(!strstr(buf.data, "\"result\""));
    tw_fox_record back;
    tw_diag d;
    CHECK_INT(tw_fox_record_from_text(&back, buf.data, "mem", &d), TW_OK);
    tw_fox_state mid;
    CHECK_INT(tw_fox_record_replay(&back, 4, &mid, &d), TW_OK);
    CHECK(!tw_fox_is_over(&mid));
    tw_fox_record_free(&back);
    tw_fox_record_free(&rec);
    tw_buf_free(&buf);
}

/* Loads a record text and checks the error's field, line and message. */
static void expect_record_error(const char *text, const char *field, int line, const char *message)
{
    tw_fox_record rec;
    tw_diag d;
    CHECK(tw_fox_record_from_text(&rec, text, "bad-record.json", &d) != TW_OK);
    CHECK_STR(d.field, field);
    if (line)
        CHECK_INT(d.line, line);
    CHECK_CONTAINS(d.message, message);
    CHECK(rec.actions == NULL);
}

/* Replaces the first occurrence of from by to (into out). */
static void replace(char *out, size_t size, const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    if (!at) {
        snprintf(out, size, "%s", text);
        tw_test_fail(__FILE__, __LINE__, "'%s' not found", from);
        return;
    }
    snprintf(out, size, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

TEST(fox_files_bad_records_are_refused)
{
    tw_fox_record rec;
    tw_fox_state final;
    REQUIRE(record_game(&rec, 1, 99, "side-a.json", -1, &final));
    tw_buf buf = {0};
    REQUIRE(tw_fox_record_to_json(&rec, &buf) == TW_OK);
    char after_end[32];
    snprintf(after_end, sizeof after_end, "actions[%d]", rec.count);
    tw_fox_record_free(&rec);
    size_t size = buf.len + 256;
    char *bad = malloc(size);
    REQUIRE(bad);
    char first[64];
    const char *a0 = strstr(buf.data, "\"actions\": [\n    \"");
    REQUIRE(a0);
    a0 += strlen("\"actions\": [\n    \"");
    snprintf(first, sizeof first, "\"%.*s\"", (int)(strchr(a0, '"') - a0), a0);
    replace(bad, size, buf.data, first, "\"forest left\"");
    expect_record_error(bad, "actions[0]", tw_json_locate_line(buf.data, "actions[0]"), "not legal here");
    replace(bad, size, buf.data, first, "\"dance 7R\"");
    expect_record_error(bad, "actions[0]", 0, "record notation");
    replace(bad, size, buf.data, "\"foxduet\"", "\"northwood\"");
    expect_record_error(bad, "game", 4, "foxduet");
    replace(bad, size, buf.data, "\"seed\": 99", "\"seed\": -4");
    expect_record_error(bad, "seed", 0, "whole number");
    replace(bad, size, buf.data, "\"side-a.json\"", "\"no-such-board.json\"");
    expect_record_error(bad, "config.board", 0, "no-such-board.json");
    replace(bad, size, buf.data, "\"level\": 1", "\"level\": 5");
    expect_record_error(bad, "config.level", 6, "1 to 3");
    char score[32];
    snprintf(score, sizeof score, "\"score\": %d", tw_fox_score(&final));
    replace(bad, size, buf.data, score, "\"score\": 999");
    expect_record_error(bad, "result.score", 0, "replayed game");
    replace(bad, size, buf.data, "\"trickwood-record\"", "\"trickwood-position\"");
    expect_record_error(bad, "format", 2, "trickwood-record");
    expect_record_error("{\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"foxduet\",\n"
                        "\"config\": {\"level\": 1}, \"seed\": 3, \"actions\": [], \"colour\": 1}",
                        "colour", 2, "unknown field");
    /* A record whose game continues after it ended. */
    size_t cut = (size_t)(strstr(buf.data, "\n  ],") - buf.data);
    snprintf(bad, size, "%.*s,\n    \"keep\"%s", (int)cut, buf.data, buf.data + cut);
    expect_record_error(bad, after_end, 0, "already over");
    free(bad);
    tw_buf_free(&buf);
}

/* Loads a record text, reporting the error when it is refused. */
static int load_record_text(tw_fox_record *rec, const char *text, const char *name)
{
    tw_diag d;
    if (tw_fox_record_from_text(rec, text, name, &d) == TW_OK)
        return 1;
    char msg[800];
    tw_diag_format(&d, msg, sizeof msg);
    tw_test_fail(__FILE__, __LINE__, "%s", msg);
    return 0;
}

/* data/examples/foxduet-record-v1-side-a.json was written by the program
 * before side A followed a public source (record version 1, board
 * "side-a.json"): the rule bot in both seats, seed 9, won in round 2 with
 * 26 points after 71 actions, as its "result" says. It must still replay
 * to that result, on the old side A. */
TEST(fox_files_version_1_record_replays_on_the_old_side_a)
{
    tw_diag d;
    char *text = tw_read_file(tw_test_data("examples/foxduet-record-v1-side-a.json"), NULL, &d);
    REQUIRE(text);
    CHECK_CONTAINS(text, "\"version\": 1");
    CHECK_CONTAINS(text, "\"board\": \"side-a.json\"");
    tw_fox_record rec;
    if (!load_record_text(&rec, text, "v1.json")) {
        free(text);
        return;
    }
    CHECK_STR(rec.board_ref, TW_FOX_OLD_SIDE_A_FILE);
    check_layout(&rec.board, OLD_SIDE_A_SQUARES, OLD_SIDE_A_PLUS, 0);
    CHECK_INT(rec.count, 71);
    tw_fox_state s;
    CHECK_INT(tw_fox_record_replay(&rec, -1, &s, &d), TW_OK);
    CHECK(tw_fox_is_won(&s));
    CHECK_INT(s.round, 2);
    CHECK_INT(tw_fox_score(&s), 26);
    /* Saved again, it is a version 2 record that names the old board file
     * and replays the same. */
    tw_buf again = {0};
    REQUIRE(tw_fox_record_to_json(&rec, &again) == TW_OK);
    CHECK_CONTAINS(again.data, "\"version\": 2");
    CHECK_CONTAINS(again.data, "\"board\": \"" TW_FOX_OLD_SIDE_A_FILE "\"");
    tw_fox_record back;
    if (load_record_text(&back, again.data, "v2.json")) {
        tw_fox_state s2;
        CHECK_INT(tw_fox_record_replay(&back, -1, &s2, &d), TW_OK);
        CHECK(memcmp(&s, &s2, sizeof s) == 0);
        tw_fox_record_free(&back);
    }
    tw_buf_free(&again);
    /* The same actions on today's side A (a version 2 record naming
     * "side-a.json") do not give that game: the reader refuses them. */
    size_t size = strlen(text) + 1;
    char *v2 = malloc(size);
    REQUIRE(v2);
    replace(v2, size, text, "\"version\": 1", "\"version\": 2");
    CHECK(tw_fox_record_from_text(&back, v2, "v2.json", &d) != TW_OK);
    free(v2);
    free(text);
    tw_fox_record_free(&rec);
}

TEST(fox_files_record_versions_pick_the_side_a_of_their_time)
{
    static const char *const texts[4] = {
        "{\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"foxduet\",\n"
        " \"config\": {\"level\": 1}, \"seed\": 5, \"actions\": []}",
        "{\"format\": \"trickwood-record\", \"version\": 2, \"game\": \"foxduet\",\n"
        " \"config\": {\"level\": 1}, \"seed\": 5, \"actions\": []}",
        "{\"format\": \"trickwood-record\", \"version\": 2, \"game\": \"foxduet\",\n"
        " \"config\": {\"level\": 1, \"board\": \"side-a.json\"}, \"seed\": 5, \"actions\": []}",
        "{\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"foxduet\",\n"
        " \"config\": {\"level\": 2, \"board\": \"side-b.json\"}, \"seed\": 5, \"actions\": []}",
    };
    static const char *const refs[4] = {TW_FOX_OLD_SIDE_A_FILE, "side-a.json", "side-a.json", "side-b.json"};
    for (int i = 0; i < 4; i++) {
        tw_fox_record rec;
        if (!load_record_text(&rec, texts[i], "versions.json"))
            continue;
        CHECK_STR(rec.board_ref, refs[i]);
        if (i == 0)
            check_layout(&rec.board, OLD_SIDE_A_SQUARES, OLD_SIDE_A_PLUS, 0);
        else if (i < 3)
            check_layout(&rec.board, SIDE_A_SQUARES, SIDE_A_PLUS, 0);
        else
            CHECK(memcmp(&rec.board, fox_board(2), sizeof rec.board) == 0);
        tw_fox_record_free(&rec);
    }
    expect_record_error("{\"format\": \"trickwood-record\",\n\"version\": 3, \"game\": \"foxduet\",\n"
                        "\"config\": {\"level\": 1}, \"seed\": 3, \"actions\": []}",
                        "version", 2, "must be 2");
}

TEST(fox_files_record_with_minimal_fields)
{
    const char *text = "{\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"foxduet\",\n"
                       " \"config\": {\"level\": 2}, \"seed\": 12, \"actions\": []}";
    tw_fox_record rec;
    tw_diag d;
    REQUIRE(tw_fox_record_from_text(&rec, text, "min.json", &d) == TW_OK);
    CHECK_STR(rec.board_ref, "side-b.json");
    CHECK_INT(rec.config.dealer, 0);
    tw_fox_state s, direct;
    CHECK_INT(tw_fox_record_replay(&rec, -1, &s, &d), TW_OK);
    tw_fox_config cfg = {2, 0, 12};
    REQUIRE(tw_fox_new(&direct, fox_board(2), &cfg, NULL) == TW_OK);
    CHECK(memcmp(&s, &direct, sizeof s) == 0);
    tw_fox_record_free(&rec);
}

TEST(fox_files_record_players_round_trip)
{
    tw_fox_record rec;
    tw_fox_state mid;
    REQUIRE(record_game(&rec, 2, 31, "side-b.json", 12, &mid));
    tw_buf plain = {0}, text = {0}, again = {0};
    REQUIRE(tw_fox_record_to_json(&rec, &plain) == TW_OK);
    CHECK(!strstr(plain.data, "\"players\""));
    rec.has_players = 1;
    rec.players.hotseat = 1;
    rec.players.seat = 1;
    snprintf(rec.players.partner, sizeof rec.players.partner, "strong");
    REQUIRE(tw_fox_record_to_json(&rec, &text) == TW_OK);
    CHECK_CONTAINS(text.data,
                   "\"players\": {\n    \"hotseat\": true,\n    \"seat\": 1,\n    \"partner\": \"strong\"\n  }");
    tw_fox_record back;
    tw_diag d;
    REQUIRE(tw_fox_record_from_text(&back, text.data, "players.json", &d) == TW_OK);
    CHECK_INT(back.has_players, 1);
    CHECK_INT(back.players.hotseat, 1);
    CHECK_INT(back.players.seat, 1);
    CHECK_STR(back.players.partner, "strong");
    CHECK_INT(back.count, rec.count);
    REQUIRE(tw_fox_record_to_json(&back, &again) == TW_OK);
    CHECK_STR(again.data, text.data);
    tw_fox_record_free(&back);
    /* a record without the member loads without players and stays so */
    REQUIRE(tw_fox_record_from_text(&back, plain.data, "plain.json", &d) == TW_OK);
    CHECK_INT(back.has_players, 0);
    tw_fox_record_free(&back);
    /* the writer refuses players that no reader would take */
    tw_buf refused = {0};
    rec.players.seat = 2;
    CHECK_INT(tw_fox_record_to_json(&rec, &refused), TW_ERR_ARG);
    rec.players.seat = 0;
    snprintf(rec.players.partner, sizeof rec.players.partner, "open-hands");
    CHECK_INT(tw_fox_record_to_json(&rec, &refused), TW_ERR_ARG);
    tw_buf_free(&refused);
    tw_buf_free(&plain);
    tw_buf_free(&text);
    tw_buf_free(&again);
    tw_fox_record_free(&rec);
}

TEST(fox_files_record_players_defaults_and_partner_names)
{
    const char *text = "{\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"foxduet\",\n"
                       " \"config\": {\"level\": 1}, \"seed\": 3, \"players\": {}, \"actions\": []}";
    tw_fox_record rec;
    tw_diag d;
    REQUIRE(tw_fox_record_from_text(&rec, text, "empty-players.json", &d) == TW_OK);
    CHECK_INT(rec.has_players, 1);
    CHECK_INT(rec.players.hotseat, 0);
    CHECK_INT(rec.players.seat, 0);
    CHECK_STR(rec.players.partner, "rule");
    tw_fox_record_free(&rec);
    /* the partners a record may name are the bots that use their own view */
    for (int kind = 0; kind < TW_FOX_BOT_KINDS; kind++)
        CHECK_INT(tw_fox_players_partner_ok(tw_fox_bot_kind_name((tw_fox_bot_kind)kind)),
                  kind != TW_FOX_BOT_OPEN_HANDS);
    CHECK_INT(tw_fox_players_partner_ok(""), 0);
}

/* Loads a record whose players object is `players` (written from line 3
 * on) and checks the error's field, line and message. */
static void expect_players_error(const char *players, const char *field, int line, const char *message)
{
    char text[512];
    snprintf(text, sizeof text,
             "{\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"foxduet\",\n"
             " \"config\": {\"level\": 1}, \"seed\": 3,\n"
             " \"players\": %s,\n"
             " \"actions\": []}\n",
             players);
    expect_record_error(text, field, line, message);
}

TEST(fox_files_bad_players_are_refused)
{
    expect_players_error("{\"hotseat\": false,\n  \"seat\": 2,\n  \"partner\": \"rule\"}", "players.seat", 4,
                         "from 0 to 1");
    expect_players_error("{\"hotseat\": false,\n  \"seat\": 0,\n  \"partner\": \"open-hands\"}", "players.partner", 5,
                         "built-in partner");
    expect_players_error("{\"seat\": 0,\n  \"partner\": 7}", "players.partner", 4, "double quotes");
    expect_players_error("{\"seat\": 1,\n  \"hotseat\": \"yes\"}", "players.hotseat", 4, "true or false");
    expect_players_error("{\"seat\": 1,\n  \"colour\": \"red\"}", "players.colour", 4, "unknown field");
    expect_players_error("[\"rule\"]", "players", 3, "must be an object");
}

/* ---- Event logs --------------------------------------------------------- */

TEST(fox_files_event_log_lines)
{
    tw_fox_record rec;
    tw_fox_state final;
    REQUIRE(record_game(&rec, 1, 3, NULL, -1, &final));
    tw_buf full = {0}, seat0 = {0};
    REQUIRE(tw_fox_record_event_log(&rec, -1, &full) == TW_OK);
    REQUIRE(tw_fox_record_event_log(&rec, 0, &seat0) == TW_OK);
    int lines = 0, moves = 0, hidden = 0, last_seq = -1, ended = 0;
    for (char *line = full.data; line && *line;) {
        char *nl = strchr(line, '\n');
        REQUIRE(nl);
        json_error_t jerr;
        json_t *obj = json_loadb(line, (size_t)(nl - line), 0, &jerr);
        REQUIRE(obj);
        CHECK_INT(json_integer_value(json_object_get(obj, "seq")), last_seq + 1);
        last_seq = (int)json_integer_value(json_object_get(obj, "seq"));
        const char *type = json_string_value(json_object_get(obj, "type"));
        REQUIRE(type);
        if (strcmp(type, "move") == 0) {
            moves++;
            CHECK(json_is_string(json_object_get(obj, "card")));
        }
        ended += strcmp(type, "game_end") == 0;
        json_decref(obj);
        lines++;
        line = nl + 1;
    }
    CHECK(lines > 50);
    CHECK(moves > 44);
    CHECK_INT(ended, 1);
    for (const char *p = seat0.data; (p = strstr(p, "\"card\":null")); p++)
        hidden++;
    CHECK(hidden >= 11); /* at least the first deal to seat 1 */
    CHECK(!strstr(full.data, "\"card\":null"));
    const char *path = tw_test_tmp("events.jsonl");
    REQUIRE(tw_fox_event_log_save(&rec, path) == TW_OK);
    size_t len;
    tw_diag d;
    char *saved = tw_read_file(path, &len, &d);
    REQUIRE(saved);
    CHECK_STR(saved, full.data);
    free(saved);
    tw_buf_free(&full);
    tw_buf_free(&seat0);
    tw_fox_record_free(&rec);
}

/* ---- Positions ---------------------------------------------------------- */

TEST(fox_files_positions_round_trip_in_every_phase)
{
    int seen[TW_FOX_PHASE_GAME_OVER + 1] = {0};
    tw_rng rng;
    tw_rng_seed(&rng, 8);
    for (int g = 0; g < 300; g++) {
        tw_fox_state s;
        tw_fox_config cfg = {1 + g % 3, g & 1, 1000 + (uint64_t)g};
        REQUIRE(tw_fox_new(&s, fox_board(cfg.level), &cfg, NULL) == TW_OK);
        for (;;) {
            if (!seen[s.phase] || tw_rng_below(&rng, 40) == 0) {
                seen[s.phase]++;
                tw_buf buf = {0};
                REQUIRE(tw_fox_position_to_json(&s, &buf) == TW_OK);
                tw_fox_state back;
                tw_diag d;
                tw_error err = tw_fox_position_from_text(&back, buf.data, "pos.json", &d);
                if (err) {
                    char msg[800];
                    tw_diag_format(&d, msg, sizeof msg);
                    tw_test_fail(__FILE__, __LINE__, "%s", msg);
                    tw_buf_free(&buf);
                    return;
                }
                CHECK(memcmp(&back, &s, sizeof s) == 0);
                tw_buf_free(&buf);
            }
            if (tw_fox_is_over(&s))
                break;
            tw_fox_action a[TW_FOX_MAX_ACTIONS];
            int n = tw_fox_legal_actions(&s, a);
            REQUIRE(tw_fox_apply(&s, a[tw_rng_below(&rng, (uint32_t)n)], NULL) == TW_OK);
        }
    }
    for (int p = 0; p <= TW_FOX_PHASE_GAME_OVER; p++)
        CHECK(seen[p] > 0);
    /* Save and load through a file. */
    tw_fox_state s, back;
    tw_fox_config cfg = {3, 0, 5};
    REQUIRE(tw_fox_new(&s, fox_board(3), &cfg, NULL) == TW_OK);
    const char *path = tw_test_tmp("pos.json");
    REQUIRE(tw_fox_position_save(&s, path) == TW_OK);
    tw_diag d;
    CHECK_INT(tw_fox_position_load(&back, path, &d), TW_OK);
    CHECK(memcmp(&back, &s, sizeof s) == 0);
}

/* A hand-written position with only the required fields: seat 1 follows
 * 4D in the ninth trick. */
static const char *const MINIMAL_POSITION =
    "{\n"
    "  \"format\": \"trickwood-position\", \"version\": 1, \"game\": \"foxduet\",\n"
    "  \"level\": 1, \"round\": 2, \"dealer\": 1, \"leader\": 0, \"tricks_done\": 8,\n"
    "  \"phase\": \"play\",\n"
    "  \"hands\": [[\"2R\", \"6S\"], [\"8D\", \"2S\", \"10R\"]],\n"
    "  \"trick\": [\"4D\"],\n"
    "  \"deck\": [\"1D\", \"2D\", \"3D\", \"5D\", \"6D\", \"7D\", \"9D\"],\n"
    "  \"decree\": \"10S\",\n"
    "  \"set_aside\": [\"10D\", \"1R\", \"3R\", \"4R\", \"5R\", \"6R\", \"7R\", \"8R\", \"9R\", \"1S\", \"3S\", \"4S\",\n"
    "                \"5S\", \"7S\", \"8S\", \"9S\"],\n"
    "  \"path\": {\"token\": 1, \"covered\": [1, 0], \"forest_left\": 3, \"forest_start\": 4,\n"
    "           \"gems\": [0, 2, 0, 1, 1, 0, 0, 1, 0, 1, 1],\n"
    "           \"plus\": [false, true, false, true, true, false, true, false, true, false, false],\n"
    "           \"gems_placed\": 17, \"gems_collected\": 10}\n"
    "}\n";

TEST(fox_files_minimal_position_loads_and_plays)
{
    tw_fox_state s;
    tw_diag d;
    tw_error err = tw_fox_position_from_text(&s, MINIMAL_POSITION, "min.json", &d);
    if (err) {
        char msg[800];
        tw_diag_format(&d, msg, sizeof msg);
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
        return;
    }
    CHECK_INT(tw_fox_to_act(&s), 1);
    CHECK(fox_is_listed(&s, "play 8D"));
    CHECK(!fox_is_listed(&s, "play 2S"));
    CHECK_INT(fox_do(&s, "play 8D", NULL), TW_OK); /* 8D wins: 1 + 2 toward +5 */
    CHECK_INT(s.path.token, 4);
    CHECK_INT(s.path.gems[TW_FOX_SPACE_INDEX(4)], 0); /* its one gem collected */
    CHECK_INT(s.path.gems_collected, 11);
    fox_sound(&s);
}

/* Loads a position text and checks the error's field and message. */
static void expect_position_error(const char *text, const char *field, const char *message)
{
    tw_fox_state s;
    tw_diag d;
    CHECK(tw_fox_position_from_text(&s, text, "bad-pos.json", &d) != TW_OK);
    CHECK_STR(d.field, field);
    CHECK_CONTAINS(d.message, message);
    CHECK(d.line > 0);
}

TEST(fox_files_bad_positions_are_refused)
{
    char bad[4096];
    replace(bad, sizeof bad, MINIMAL_POSITION, "\"1D\", \"2D\"", "\"1D\", \"2R\"");
    expect_position_error(bad, "hands", "two zones");
    replace(bad, sizeof bad, MINIMAL_POSITION, "\"3D\", \"5D\"", "\"3D\", \"11D\"");
    expect_position_error(bad, "deck[3]", "card code");
    replace(bad, sizeof bad, MINIMAL_POSITION, "\"play\"", "\"dance\"");
    expect_position_error(bad, "phase", "unknown phase");
    replace(bad, sizeof bad, MINIMAL_POSITION, "\"gems_collected\": 10", "\"gems_collected\": 9");
    expect_position_error(bad, "path", "gems");
    replace(bad, sizeof bad, MINIMAL_POSITION, "\"token\": 1", "\"token\": -5");
    expect_position_error(bad, "path", "token");
    replace(bad, sizeof bad, MINIMAL_POSITION, "\"tricks_done\": 8", "\"tricks_done\": 7");
    expect_position_error(bad, "hands", "");
    replace(bad, sizeof bad, MINIMAL_POSITION, "\"covered\": [1, 0]", "\"covered\": [1]");
    expect_position_error(bad, "path.covered", "two entries");
    replace(bad, sizeof bad, MINIMAL_POSITION, "\"phase\": \"play\"", "\"phase\": \"ignore\"");
    expect_position_error(bad, "phase", "inconsistent");
    replace(bad, sizeof bad, MINIMAL_POSITION, "\"foxduet\"", "\"northwood\"");
    expect_position_error(bad, "game", "foxduet");
}
