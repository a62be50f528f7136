/* For Northwood! character catalog: the default characters and their
 * steps, writing entries back to JSON, and bad character files reported
 * with file, line and field. */
#include <stdlib.h>

#include "test.h"
#include "trickwood/nw_files.h"

/* Loads the default catalog into cat; fails the test on error. */
static int load_default(tw_nw_catalog *cat)
{
    tw_diag d;
    if (tw_nw_catalog_load_default(cat, &d) == TW_OK)
        return 1;
    char msg[700];
    tw_diag_format(&d, msg, sizeof msg);
    tw_test_fail(__FILE__, __LINE__, "%s", msg);
    return 0;
}

/* The catalog entry with this id, or NULL. */
static const tw_nw_catalog_entry *entry(const tw_nw_catalog *cat, const char *id)
{
    int i = tw_nw_catalog_find(cat, id);
    return i < 0 ? NULL : &cat->entries[i];
}

/* Whether a step has exactly these values. */
static int step_is(const tw_nw_step *st, int op, int a, int b, int c)
{
    return st->op == op && st->a == a && st->b == b && st->c == c;
}

/* Line (1-based) of the first occurrence of needle in text; -1 if absent. */
static int line_of(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    if (!at)
        return -1;
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

TEST(nw_catalog_default_characters)
{
    static tw_nw_catalog cat;
    REQUIRE(load_default(&cat));
    CHECK_INT(cat.count, 24);
    int allies = 0, rulers = 0;
    for (int suit = 0; suit < TW_NW_SUITS; suit++)
        CHECK_INT(tw_nw_catalog_suit_count(&cat, suit), 6);
    static const char *const crown_ranks[] = {"prince-of-", "lady-of-", "baron-of-"};
    for (int i = 0; i < cat.count; i++) {
        const tw_nw_catalog_entry *e = &cat.entries[i];
        allies += e->intro_role == TW_NW_INTRO_ALLY;
        rulers += e->intro_role == TW_NW_INTRO_RULER;
        CHECK(e->name[0][0] && e->name[1][0] && e->text[0][0] && e->text[1][0]);
        CHECK(e->nsteps >= 1);
        int crown_rank = 0;
        for (int r = 0; r < 3; r++)
            crown_rank |= strncmp(e->id, crown_ranks[r], strlen(crown_ranks[r])) == 0;
        /* The 12 intro characters come first, then the 12 crown ones. */
        CHECK_INT(e->crown, i >= 12);
        CHECK_INT(e->crown, crown_rank);
        /* Crown titles are unknown: none is shown. */
        if (e->crown)
            CHECK(!e->title[0][0] && !e->title[1][0]);
        /* Jacks are the intro allies, queens and kings the intro rulers. */
        CHECK_INT(e->intro_role, e->crown ? TW_NW_INTRO_NONE
                                          : strncmp(e->id, "jack", 4) == 0 ? TW_NW_INTRO_ALLY : TW_NW_INTRO_RULER);
    }
    CHECK_INT(allies, 4);
    CHECK_INT(rulers, 8);

    const tw_nw_catalog_entry *e = entry(&cat, "jack-of-claws");
    REQUIRE(e);
    CHECK_INT(e->suit, TW_NW_CLAWS);
    CHECK_INT(e->nsteps, 1);
    CHECK(step_is(&e->steps[0], TW_NW_OP_DRAW_UP_TO, 0, 0, 8));
    CHECK_STR(e->name[1], "Valet des Griffes");

    e = entry(&cat, "jack-of-eyes"); /* "draw" is move_top deck -> hand */
    REQUIRE(e);
    CHECK_INT(e->nsteps, 2);
    CHECK(step_is(&e->steps[0], TW_NW_OP_MOVE_TOP, TW_NW_PILE_DECK, TW_NW_PILE_HAND, 2));
    CHECK(step_is(&e->steps[1], TW_NW_OP_CHOOSE_MOVE, 0, TW_NW_PILE_DISCARD, 2));

    e = entry(&cat, "jack-of-flowers");
    REQUIRE(e);
    CHECK(step_is(&e->steps[0], TW_NW_OP_MOVE_SUIT, TW_NW_SUITREF_TRUMP, TW_NW_PILE_DISCARD, 0));

    e = entry(&cat, "jack-of-leaves");
    REQUIRE(e);
    CHECK(step_is(&e->steps[0], TW_NW_OP_SWAP_RULER, 0, 0, 2));

    e = entry(&cat, "queen-of-claws");
    REQUIRE(e);
    CHECK_INT(e->nsteps, 3);
    CHECK(step_is(&e->steps[0], TW_NW_OP_MOVE_TOP, TW_NW_PILE_DECK, TW_NW_PILE_HAND, 1));
    CHECK(step_is(&e->steps[1], TW_NW_OP_MOVE_TOP, TW_NW_PILE_DISCARD, TW_NW_PILE_HAND, 1));
    CHECK(step_is(&e->steps[2], TW_NW_OP_MOVE_TOP, TW_NW_PILE_SCORE, TW_NW_PILE_HAND, 1));
    CHECK_STR(e->title[0], "as far as I recall");

    e = entry(&cat, "king-of-flowers");
    REQUIRE(e);
    CHECK(step_is(&e->steps[0], TW_NW_OP_MOVE_PAIR_SUM, 0, TW_NW_PILE_DISCARD, 9));

    e = entry(&cat, "queen-of-flowers");
    REQUIRE(e);
    CHECK(step_is(&e->steps[0], TW_NW_OP_MOVE_TOP, TW_NW_PILE_SCORE, TW_NW_PILE_DECK, 1));

    e = entry(&cat, "queen-of-leaves");
    REQUIRE(e);
    CHECK(step_is(&e->steps[0], TW_NW_OP_COPY_RULER, 0, 0, 0));

    e = entry(&cat, "king-of-leaves");
    REQUIRE(e);
    CHECK_INT(e->nsteps, 2);
    CHECK(step_is(&e->steps[0], TW_NW_OP_PEEK, 0, 0, 1));
    CHECK(step_is(&e->steps[1], TW_NW_OP_EXCHANGE_TOP, 0, 0, 0));

    e = entry(&cat, "king-of-eyes");
    REQUIRE(e);
    CHECK_INT(e->nsteps, 3);
    CHECK(step_is(&e->steps[0], TW_NW_OP_NAME_SUIT, 0, 0, 0));
    CHECK(step_is(&e->steps[1], TW_NW_OP_MOVE_TOP, TW_NW_PILE_DECK, TW_NW_PILE_HAND, 2));
    CHECK(step_is(&e->steps[2], TW_NW_OP_MOVE_SUIT, TW_NW_SUITREF_NAMED, TW_NW_PILE_DISCARD, 0));

    e = entry(&cat, "king-of-claws");
    REQUIRE(e);
    CHECK(step_is(&e->steps[0], TW_NW_OP_MOVE_HIGHEST, 0, TW_NW_PILE_SCORE, 0));
    e = entry(&cat, "queen-of-eyes");
    REQUIRE(e);
    CHECK(step_is(&e->steps[0], TW_NW_OP_PEEK, 0, 0, 3));
    CHECK(tw_nw_catalog_find(&cat, "jack-of-hearts") == -1);
}

TEST(nw_catalog_written_back_reads_the_same)
{
    static tw_nw_catalog cat, back;
    REQUIRE(load_default(&cat));
    tw_buf json = {0};
    REQUIRE(tw_nw_catalog_to_json(&cat, 0, &json) == TW_OK);
    back.count = 0;
    tw_diag d;
    tw_error err = tw_nw_catalog_add_text(&back, json.data, "written.json", &d);
    if (err != TW_OK) {
        char msg[700];
        tw_diag_format(&d, msg, sizeof msg);
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
    }
    REQUIRE(back.count == cat.count);
    for (int i = 0; i < cat.count; i++) {
        const tw_nw_catalog_entry *a = &cat.entries[i], *b = &back.entries[i];
        CHECK_STR(b->id, a->id);
        CHECK_INT(b->suit, a->suit);
        CHECK_INT(b->intro_role, a->intro_role);
        CHECK_INT(b->crown, a->crown);
        CHECK_INT(b->nsteps, a->nsteps);
        CHECK(memcmp(a->steps, b->steps, sizeof a->steps) == 0);
        for (int l = 0; l < 2; l++) {
            CHECK_STR(b->name[l], a->name[l]);
            CHECK_STR(b->title[l], a->title[l]);
            CHECK_STR(b->text[l], a->text[l]);
        }
    }
    /* Only the entries from an index on. */
    tw_buf tail = {0};
    REQUIRE(tw_nw_catalog_to_json(&cat, 10, &tail) == TW_OK);
    CHECK(strstr(tail.data, "\"king-of-eyes\"") != NULL);
    CHECK(strstr(tail.data, "\"jack-of-claws\"") == NULL);
    CHECK(tw_nw_catalog_to_json(&cat, 25, &tail) == TW_ERR_ARG);
    tw_buf empty = {0};
    REQUIRE(tw_nw_catalog_to_json(&cat, 24, &empty) == TW_OK);
    back.count = 0;
    CHECK(tw_nw_catalog_add_text(&back, empty.data, "empty.json", &d) == TW_OK);
    CHECK_INT(back.count, 0);
    /* Quotes and control characters in texts survive. */
    tw_nw_catalog_entry odd = cat.entries[0];
    snprintf(odd.id, sizeof odd.id, "odd-one");
    snprintf(odd.name[0], sizeof odd.name[0], "A \"quoted\" \\ name\tx");
    tw_buf one = {0};
    tw_buf_printf(&one, "{\"format\": \"trickwood-characters\", \"version\": 1, \"characters\": [");
    REQUIRE(tw_nw_catalog_entry_to_json(&odd, "", &one) == 0);
    tw_buf_printf(&one, "]}");
    back.count = 0;
    REQUIRE(tw_nw_catalog_add_text(&back, one.data, "odd.json", &d) == TW_OK);
    CHECK_STR(back.entries[0].name[0], odd.name[0]);
    odd.steps[0].op = 99;
    CHECK(tw_nw_catalog_entry_to_json(&odd, "", &one) == -1);
    tw_buf_free(&one);
    tw_buf_free(&empty);
    tw_buf_free(&tail);
    tw_buf_free(&json);
}

/* One good character, to be broken in many ways. */
static const char GOOD[] =
    "{\n"
    "  \"format\": \"trickwood-characters\",\n"
    "  \"version\": 1,\n"
    "  \"characters\": [\n"
    "    {\n"
    "      \"id\": \"test-badger\", \"suit\": \"claws\", \"crown\": true,\n"
    "      \"name\": {\"en\": \"Badger\", \"fr\": \"Blaireau\"},\n"
    "      \"text\": {\"en\": \"Draw 1, then discard 1.\", \"fr\": \"Piochez 1, puis d\\u00e9faussez 1.\"},\n"
    "      \"steps\": [\n"
    "        {\"op\": \"draw\", \"count\": 1},\n"
    "        {\"op\": \"choose_move\", \"to\": \"discard\", \"count\": 1}\n"
    "      ]\n"
    "    }\n"
    "  ]\n"
    "}\n";

/* Adds GOOD with one replacement to a copy of the default catalog and
 * checks the file, field and line of the error, and that the catalog is
 * unchanged. */
static void expect_bad(const char *old, const char *with, const char *field, int line, const char *words, int at)
{
    static tw_nw_catalog cat;
    if (!load_default(&cat))
        return;
    const char *pos = strstr(GOOD, old);
    if (!pos) {
        tw_test_fail(__FILE__, at, "'%s' not in the sample", old);
        return;
    }
    char text[2048];
    snprintf(text, sizeof text, "%.*s%s%s", (int)(pos - GOOD), GOOD, with, pos + strlen(old));
    const char *path = tw_test_tmp("bad-characters.json");
    if (tw_write_file_atomic(path, text, strlen(text)) != TW_OK) {
        tw_test_fail(__FILE__, at, "cannot write %s", path);
        return;
    }
    tw_diag d;
    tw_error err = tw_nw_catalog_add_file(&cat, path, &d);
    char msg[700];
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_ERR_PARSE || strcmp(d.file, path) != 0 || strcmp(d.field, field) != 0 || d.line != line ||
        (words && !strstr(d.message, words)))
        tw_test_fail(__FILE__, at, "expected field '%s' line %d%s%s, got: %s", field, line, words ? " saying " : "",
                     words ? words : "", msg);
    if (cat.count != 24)
        tw_test_fail(__FILE__, at, "the catalog changed on error (%d characters)", cat.count);
}

#define EXPECT_BAD(old, with, field, line, words) expect_bad(old, with, field, line, words, __LINE__)

/* A user's file may replace a default character: same place, new data,
 * marked as the user's. */
TEST(nw_catalog_user_file_replaces_a_default)
{
    static tw_nw_catalog cat;
    REQUIRE(load_default(&cat));
    int at = tw_nw_catalog_find(&cat, "prince-of-eyes");
    REQUIRE(at >= 0);
    CHECK(cat.from_user == 0);
    static const char *text =
        "{\"format\": \"trickwood-characters\", \"version\": 1, \"characters\": [\n"
        "  {\"id\": \"prince-of-eyes\", \"suit\": \"eyes\", \"crown\": true,\n"
        "   \"name\": {\"en\": \"House Prince\", \"fr\": \"Prince maison\"},\n"
        "   \"text\": {\"en\": \"Draw 3 cards.\", \"fr\": \"Piochez 3 cartes.\"},\n"
        "   \"steps\": [{\"op\": \"draw\", \"count\": 3}]}]}\n";
    tw_diag d;
    REQUIRE(tw_nw_catalog_add_text(&cat, text, "house.json", &d) == TW_OK);
    CHECK_INT(cat.count, 24);
    CHECK_INT(tw_nw_catalog_find(&cat, "prince-of-eyes"), at);
    CHECK_STR(cat.entries[at].name[0], "House Prince");
    CHECK_INT(cat.entries[at].nsteps, 1);
    CHECK(cat.from_user == 1ull << at);
}

TEST(nw_catalog_good_sample_loads)
{
    static tw_nw_catalog cat;
    REQUIRE(load_default(&cat));
    tw_diag d;
    REQUIRE(tw_nw_catalog_add_text(&cat, GOOD, "good.json", &d) == TW_OK);
    CHECK_INT(cat.count, 25);
    const tw_nw_catalog_entry *e = entry(&cat, "test-badger");
    REQUIRE(e);
    CHECK(e->crown);
    CHECK_INT(e->intro_role, TW_NW_INTRO_NONE);
    CHECK(step_is(&e->steps[0], TW_NW_OP_MOVE_TOP, TW_NW_PILE_DECK, TW_NW_PILE_HAND, 1));
    CHECK_STR(e->text[1], "Piochez 1, puis d\xc3\xa9" "faussez 1.");
    CHECK_STR(e->title[0], "");
}

TEST(nw_catalog_bad_files)
{
    /* Invalid JSON: the error is where the parser stops. */
    EXPECT_BAD("\"crown\": true,", "\"crown\": true", "", 7, "not valid JSON");
    EXPECT_BAD("\"version\": 1,", "\"version\": 1,,", "", 3, "not valid JSON");
    EXPECT_BAD("\"characters\": [", "\"characters\": [[", "", 15, "not valid JSON");
    /* A file that cannot be read. */
    static tw_nw_catalog cat;
    REQUIRE(load_default(&cat));
    tw_diag d;
    /* Not an object at the top. */
    CHECK(tw_nw_catalog_add_text(&cat, "\n[1, 2]\n", "list.json", &d) == TW_ERR_PARSE);
    CHECK_STR(d.file, "list.json");
    CHECK_INT(d.line, 2);
    CHECK_CONTAINS(d.message, "one JSON object");
    CHECK(tw_nw_catalog_add_file(&cat, tw_test_tmp("missing-file.json"), &d) == TW_ERR_IO);
    CHECK_CONTAINS(d.file, "missing-file.json");
    CHECK_CONTAINS(d.message, "cannot open");
    CHECK_INT(cat.count, 24);
}

TEST(nw_catalog_bad_fields)
{
    int steps_line = line_of(GOOD, "\"steps\"");
    int char_line = line_of(GOOD, "    {\n") + 0;
    /* Missing steps (the text member is the last one then). */
    EXPECT_BAD(",\n      \"steps\": [\n        {\"op\": \"draw\", \"count\": 1},\n"
               "        {\"op\": \"choose_move\", \"to\": \"discard\", \"count\": 1}\n      ]\n",
               "\n", "characters[0]", char_line, "steps");
    /* Unknown op. */
    EXPECT_BAD("{\"op\": \"draw\"", "{\"op\": \"drwa\"", "characters[0].steps[0].op", steps_line + 1,
               "unknown operation");
    /* Bad suit. */
    EXPECT_BAD("\"suit\": \"claws\"", "\"suit\": \"hearts\"", "characters[0].suit", line_of(GOOD, "\"suit\""), NULL);
    EXPECT_BAD("\"suit\": \"claws\"", "\"suit\": 2", "characters[0].suit", line_of(GOOD, "\"suit\""), NULL);
    /* Pile "hand" where only deck, discard or score may go. */
    EXPECT_BAD("\"to\": \"discard\"", "\"to\": \"hand\"", "characters[0].steps[1].to", steps_line + 2, "\"deck\"");
    /* Too many steps (9 more before the two). */
    char nine_only[512] = "\"steps\": [";
    for (int i = 0; i < 9; i++)
        strcat(nine_only, "{\"op\": \"peek\", \"count\": 1}, ");
    EXPECT_BAD("\"steps\": [", nine_only, "characters[0].steps", steps_line, "at most 8");
    /* Unknown field. */
    EXPECT_BAD("\"crown\": true", "\"crown\": true, \"colour\": \"red\"", "characters[0].colour",
               line_of(GOOD, "\"crown\""), "unknown field");
    /* Wrong format and version. */
    EXPECT_BAD("trickwood-characters", "trickwood-record", "format", 2, "trickwood-characters");
    EXPECT_BAD("\"version\": 1", "\"version\": 3", "version", 3, "1");
    /* Out-of-range numbers. */
    EXPECT_BAD("\"count\": 1}\n      ]", "\"count\": 0}\n      ]", "characters[0].steps[1].count", steps_line + 2,
               "1 to 32");
    /* Ids: a duplicate within the file, one the defaults use, a bad one. */
    char two[1024];
    snprintf(two, sizeof two, "{\"id\": \"test-badger\", \"suit\": \"eyes\", \"name\": {\"en\": \"B\", \"fr\": \"B\"}, "
             "\"text\": {\"en\": \"t\", \"fr\": \"t\"}, \"steps\": []},\n    {\n");
    EXPECT_BAD("    {\n", two, "characters[1].id", line_of(GOOD, "\"id\"") + 1, "already defined");
    EXPECT_BAD("\"id\": \"test-badger\"", "\"id\": \"Test Badger\"", "characters[0].id", line_of(GOOD, "\"id\""),
               NULL);
    /* Texts in both languages. */
    EXPECT_BAD("\"fr\": \"Blaireau\"", "\"de\": \"Dachs\"", "characters[0].name.de", line_of(GOOD, "\"name\""),
               "unknown field");
    EXPECT_BAD("\"fr\": \"Blaireau\"", "\"fr\": 5", "characters[0].name.fr", line_of(GOOD, "\"name\""),
               "must be a text");
    EXPECT_BAD("\"crown\": true", "\"crown\": true, \"intro\": \"boss\"", "characters[0].intro",
               line_of(GOOD, "\"crown\""), "\"ally\"");
    EXPECT_BAD("\"crown\": true", "\"crown\": \"yes\"", "characters[0].crown", line_of(GOOD, "\"crown\""), NULL);
    /* A step without its op, and a step that is not an object. */
    EXPECT_BAD("{\"op\": \"draw\", \"count\": 1}", "{\"count\": 1}", "characters[0].steps[0]", steps_line + 1,
               "'op'");
    EXPECT_BAD("{\"op\": \"draw\", \"count\": 1}", "\"draw\"", "characters[0].steps[0]", steps_line + 1, NULL);
    /* move_top may not move a pile onto itself. */
    EXPECT_BAD("{\"op\": \"draw\", \"count\": 1}", "{\"op\": \"move_top\", \"from\": \"deck\", \"to\": \"deck\"}",
               "characters[0].steps[0].to", steps_line + 1, "differ");
}

/* A character file text with one character; fields is spliced in. */
static void one_character(char *out, size_t size, const char *id, const char *extra, const char *steps)
{
    snprintf(out, size,
             "{\"format\": \"trickwood-characters\", \"version\": 1, \"characters\": [\n"
             "  {\"id\": \"%s\", \"suit\": \"eyes\",%s\n"
             "   \"name\": {\"en\": \"X\", \"fr\": \"X\"}, \"text\": {\"en\": \"t\", \"fr\": \"t\"},\n"
             "   \"steps\": %s}\n]}\n",
             id, extra, steps);
}

TEST(nw_catalog_duplicate_field_is_refused)
{
    static tw_nw_catalog cat;
    char text[1024];
    one_character(text, sizeof text, "crown-x", " \"suit\": \"claws\",", "[{\"op\": \"peek\", \"count\": 1}]");
    tw_diag d;
    int before = cat.count;
    CHECK_INT(tw_nw_catalog_add_text(&cat, text, "dup.json", &d), TW_ERR_PARSE);
    CHECK_INT(cat.count, before);
    CHECK_INT(d.line, 2);
    CHECK_CONTAINS(d.message, "duplicate");
}

TEST(nw_catalog_op_that_is_not_text_names_the_op_field)
{
    static tw_nw_catalog cat;
    char text[1024];
    one_character(text, sizeof text, "crown-y", "", "[\n{\"op\": 7}]");
    tw_diag d;
    CHECK_INT(tw_nw_catalog_add_text(&cat, text, "op.json", &d), TW_ERR_PARSE);
    CHECK_STR(d.field, "characters[0].steps[0].op");
    CHECK_INT(d.line, 5);
    CHECK_CONTAINS(d.message, "operation");
}

TEST(nw_catalog_extra_intro_ruler_keeps_the_intro_deal)
{
    static tw_nw_catalog base, more;
    REQUIRE(load_default(&base));
    more = base;
    char text[1024];
    one_character(text, sizeof text, "crown-z", " \"intro\": \"ruler\",", "[{\"op\": \"peek\", \"count\": 2}]");
    tw_diag d;
    REQUIRE(tw_nw_catalog_add_text(&more, text, "extra.json", &d) == TW_OK);
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 42, 0, TW_NW_VARIANT_MEDALS, 0};
    tw_nw_state a, b;
    REQUIRE(tw_nw_new(&a, &base, &cfg, NULL) == TW_OK);
    REQUIRE(tw_nw_new(&b, &more, &cfg, NULL) == TW_OK);
    for (int f = 0; f < TW_NW_FIEFS; f++)
        CHECK_INT(b.fiefs[f].ruler.catalog_index, a.fiefs[f].ruler.catalog_index);
    CHECK_INT(b.hand, a.hand);
}
