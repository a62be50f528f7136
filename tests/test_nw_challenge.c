/* For Northwood! challenges (docs/formats.md, "Challenges"): every
 * shipped challenge loads; bad files are refused with their field and
 * line; the fixed setup is dealt exactly; the limits make the forbidden
 * actions illegal and the fiefs to win decide the win, from built
 * positions; records carry the challenge and replay it; a terminal game
 * of a challenge is played to its end. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli_harness.h"
#include "nw_fixture.h"
#include "test.h"
#include "trickwood/nw_challenge.h"
#include "trickwood/nw_files.h"

/* A challenge file's text: the header, an id, names and texts, then the
 * members given (a JSON fragment starting with a comma, or ""). */
static char *challenge_text(const char *setup, const char *more)
{
    static char text[4096];
    snprintf(text, sizeof text,
             "{\n  \"format\": \"trickwood-challenge\",\n  \"version\": 1,\n  \"game\": \"northwood\",\n"
             "  \"id\": \"test\",\n  \"name\": {\"en\": \"Test\", \"fr\": \"Essai\"},\n"
             "  \"text\": {\"en\": \"A test.\", \"fr\": \"Un essai.\"},\n  \"setup\": \"%s\",\n"
             "  \"goal\": {\"medal\": \"bronze\"}%s\n}\n",
             setup, more);
    return text;
}

/* Loads challenge text; returns the loader's answer, diag filled. */
static tw_error load(const char *more, tw_nw_challenge *ch, tw_diag *diag)
{
    return tw_nw_challenge_from_text(ch, fx_catalog(), challenge_text("intro", more), "c.json", diag);
}

/* Checks that a fragment is refused at field on line, with words in
 * the message. */
static void refused(const char *more, const char *field, int line, const char *words)
{
    tw_nw_challenge ch;
    tw_diag diag;
    CHECK(load(more, &ch, &diag) != TW_OK);
    CHECK_STR(diag.field, field);
    CHECK_INT(diag.line, line);
    CHECK_CONTAINS(diag.message, words);
    CHECK_STR(diag.file, "c.json");
}

TEST(nw_challenge_every_shipped_one_loads_and_deals)
{
    static char paths[TW_NW_MAX_CHALLENGES][512];
    int n = tw_nw_challenge_paths(paths, TW_NW_MAX_CHALLENGES);
    CHECK_INT(n, 16);
    for (int i = 0; i < n; i++) {
        tw_nw_challenge ch;
        tw_diag diag;
        tw_error err = tw_nw_challenge_load(&ch, fx_catalog(), paths[i], &diag);
        if (err != TW_OK) {
            char why[600];
            tw_diag_format(&diag, why, sizeof why);
            CHECK_STR(why, "");
            continue;
        }
        CHECK(ch.name[0][0] && ch.name[1][0] && ch.text[0][0] && ch.text[1][0]);
        tw_nw_config config;
        tw_nw_state s;
        tw_nw_challenge_config(&ch, 7, 0, &config);
        CHECK_INT(tw_nw_new_fixed(&s, fx_catalog(), &config, &ch.fixed, NULL), TW_OK);
        CHECK(FX_SOUND(&s));
        /* found again by its number and by its id */
        char number[8];
        snprintf(number, sizeof number, "%d", i + 1);
        tw_nw_challenge again;
        CHECK_INT(tw_nw_challenge_find(&again, fx_catalog(), number, &diag), TW_OK);
        CHECK_STR(again.id, ch.id);
        CHECK_INT(tw_nw_challenge_find(&again, fx_catalog(), ch.id, &diag), TW_OK);
    }
}

TEST(nw_challenge_bad_files_name_their_field_and_line)
{
    refused(",\n  \"rulers\": [null, null, \"queen-of-nowhere\", null, null, null, null, null]", "rulers[2]", 10,
            "no character has the id \"queen-of-nowhere\"");
    refused(",\n  \"rulers\": [null, null]", "rulers", 10, "must be a list of 8 character ids");
    refused(",\n  \"hand\": [\"7E\", \"9E\"]", "hand[1]", 10, "must be a dialogue card");
    refused(",\n  \"hand\": [\"7E\"],\n  \"deck_top\": [\"7E\"]", "", 1, "the card 7E is placed twice");
    refused(",\n  \"allies\": [\"jack-of-claws\"],\n  \"aside\": [\"jack-of-claws\"]", "", 1,
            "jack-of-claws is placed twice");
    refused(",\n  \"allies\": [\"jack-of-claws\", \"queen-of-claws\"]", "", 1, "is not an ally of the introductory game");
    refused(",\n  \"limits\": {\"max_allies\": 5}", "limits.max_allies", 10, "");
    refused(",\n  \"limits\": {\"no_subs\": true}", "limits.no_subs", 10, "unknown");
    refused(",\n  \"colour\": 3", "colour", 10, "unknown");
    tw_nw_challenge ch;
    tw_diag diag;
    /* a syntax error: jansson's line */
    CHECK(tw_nw_challenge_from_text(&ch, fx_catalog(), "{\n  \"id\": \"x\",\n  oops\n}\n", "c.json", &diag) != TW_OK);
    CHECK_INT(diag.line, 3);
    /* the full deal: a third ruler of a suit, a second ally of a suit */
    const char *third = ",\n  \"rulers\": [\"queen-of-claws\", \"king-of-claws\", \"lady-of-claws\", null, null, null, null, null]";
    CHECK(tw_nw_challenge_from_text(&ch, fx_catalog(), challenge_text("full", third), "c.json", &diag) != TW_OK);
    CHECK_CONTAINS(diag.message, "lady-of-claws is a third ruler of its suit");
    const char *twice = ",\n  \"allies\": [\"baron-of-claws\", \"lady-of-claws\"]";
    CHECK(tw_nw_challenge_from_text(&ch, fx_catalog(), challenge_text("full", twice), "c.json", &diag) != TW_OK);
    CHECK_CONTAINS(diag.message, "lady-of-claws is a second ally of its suit");
}

TEST(nw_challenge_fixed_setup_is_dealt_exactly)
{
    tw_nw_challenge ch;
    tw_diag diag;
    const char *more = ",\n  \"allies\": [\"baron-of-claws\", null, \"lady-of-eyes\"],\n"
                       "  \"rulers\": [\"king-of-leaves\", null, null, null, null, null, null, \"prince-of-flowers\"],\n"
                       "  \"aside\": [\"baron-of-eyes\", \"queen-of-claws\"],\n"
                       "  \"hand\": [\"8C\", \"1E\", \"5L\"],\n  \"deck_top\": [\"2F\", \"3F\"]";
    REQUIRE(tw_nw_challenge_from_text(&ch, fx_catalog(), challenge_text("full", more), "c.json", &diag) == TW_OK);
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tw_nw_config config;
        tw_nw_state s;
        tw_nw_challenge_config(&ch, seed, 0, &config);
        REQUIRE(tw_nw_new_fixed(&s, fx_catalog(), &config, &ch.fixed, NULL) == TW_OK);
        REQUIRE(FX_SOUND(&s));
        CHECK_STR(fx_id(&s.slots[0].ally), "baron-of-claws");
        CHECK_STR(fx_id(&s.slots[1].ally), "lady-of-eyes");
        CHECK_STR(fx_id(&s.fiefs[0].ruler), "king-of-leaves");
        CHECK_STR(fx_id(&s.fiefs[7].ruler), "prince-of-flowers");
        int suits = 0, per_suit[4] = {0, 0, 0, 0};
        for (int i = 0; i < TW_NW_SLOTS; i++)
            suits |= 1 << s.slots[i].ally.suit;
        CHECK_INT(suits, 0xF); /* one ally of each suit */
        for (int f = 0; f < TW_NW_FIEFS; f++) {
            per_suit[s.fiefs[f].ruler.suit]++;
            CHECK(strcmp(fx_id(&s.fiefs[f].ruler), "baron-of-eyes") != 0);
            CHECK(strcmp(fx_id(&s.fiefs[f].ruler), "queen-of-claws") != 0);
        }
        for (int suit = 0; suit < 4; suit++)
            CHECK_INT(per_suit[suit], 2);
        CHECK((s.hand & fx_mask("8C 1E 5L")) == fx_mask("8C 1E 5L"));
        CHECK_INT(tw_nw_hand_count(&s), 8);
        CHECK_INT(s.deck[s.deck_n - 1], fx_card("2F"));
        CHECK_INT(s.deck[s.deck_n - 2], fx_card("3F"));
    }
}

TEST(nw_challenge_no_substitutes_makes_them_illegal)
{
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_status(&s, 0, TW_NW_FIEF_FRIENDLY);
    tw_nw_recount(&s);
    tw_nw_state free_game = s;
    REQUIRE(FX_RUN(&free_game, "visit 1"));
    CHECK_INT(free_game.phase, TW_NW_PHASE_SUBSTITUTES); /* the friendly ruler could come */
    s.no_substitutes = 1;
    REQUIRE(FX_SOUND(&s));
    REQUIRE(FX_RUN(&s, "visit 1"));
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT); /* the phase is skipped */
    /* and from a built substitutes phase, the action itself is refused */
    fx_blank(&s, NULL);
    fx_status(&s, 0, TW_NW_FIEF_FRIENDLY);
    fx_visit(&s, 1, TW_NW_PHASE_SUBSTITUTES);
    s.no_substitutes = 1;
    CHECK(!tw_nw_is_legal(&s, TW_NW_ACTION(TW_NW_ACT_SUBSTITUTE, 0 * TW_NW_SLOTS + 2)));
    CHECK_STR(fx_legal(&s), "begin");
}

TEST(nw_challenge_at_most_n_allies_used)
{
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_status(&s, 0, TW_NW_FIEF_FRIENDLY);
    fx_visit(&s, 1, TW_NW_PHASE_BEFORE_STATEMENT);
    s.max_allies = 1;
    REQUIRE(FX_SOUND(&s));
    CHECK_CONTAINS(fx_legal(&s), "activate 3");
    s.allies_used = 1u << 3; /* the Jack of Eyes used its ability on an earlier visit */
    REQUIRE(FX_SOUND(&s));
    CHECK(tw_nw_is_legal(&s, TW_NW_ACTION(TW_NW_ACT_ACTIVATE, 3)));
    for (int slot = 0; slot < 3; slot++)
        CHECK(!tw_nw_is_legal(&s, TW_NW_ACTION(TW_NW_ACT_ACTIVATE, slot)));
    CHECK(!strstr(fx_legal(&s), "activate 0"));
    /* a substitute is not an ally: its slot stays usable */
    fx_sub(&s, 0, 1);
    CHECK(tw_nw_is_legal(&s, TW_NW_ACTION(TW_NW_ACT_ACTIVATE, 1)));
    /* activating marks the ally used */
    fx_blank(&s, NULL);
    fx_visit(&s, 1, TW_NW_PHASE_BEFORE_STATEMENT);
    s.max_allies = 2;
    REQUIRE(FX_SOUND(&s));
    tw_nw_state t = s;
    tw_nw_apply(&t, TW_NW_ACTION(TW_NW_ACT_ACTIVATE, 2), NULL);
    CHECK_INT(t.allies_used, 1u << 2);
}

TEST(nw_challenge_fiefs_to_win_decide_the_win)
{
    tw_nw_state s;
    fx_blank(&s, NULL);
    for (int f = 0; f < TW_NW_FIEFS; f++)
        fx_status(&s, f, f == 7 ? TW_NW_FIEF_LOST : TW_NW_FIEF_FRIENDLY); /* 16 stars: bronze */
    tw_nw_recount(&s);
    CHECK(tw_nw_goal_met(&s));
    s.must_win = 1u << 7;
    tw_nw_recount(&s);
    CHECK(!tw_nw_goal_met(&s));
    CHECK(tw_nw_goal_out_of_reach(&s)); /* so the player may stop */
    s.must_win = 1u << 0;
    tw_nw_recount(&s);
    CHECK(tw_nw_goal_met(&s));
    CHECK(!tw_nw_goal_out_of_reach(&s));
}

TEST(nw_challenge_position_and_record_carry_it)
{
    tw_nw_challenge ch;
    tw_diag found;
    REQUIRE(tw_nw_challenge_find(&ch, fx_catalog(), "gold-alone", &found) == TW_OK);
    tw_nw_config config;
    tw_nw_challenge_config(&ch, 11, 0, &config);
    tw_nw_record *rec = calloc(1, sizeof *rec), *back = calloc(1, sizeof *back);
    REQUIRE(rec && back);
    REQUIRE(tw_nw_record_init(rec, fx_catalog(), fx_catalog()->count, &config) == TW_OK);
    tw_nw_record_set_challenge(rec, &ch);
    tw_nw_state s;
    REQUIRE(tw_nw_record_replay(rec, 0, &s, NULL) == TW_OK);
    CHECK_INT(s.no_substitutes, 1);
    CHECK_INT(s.max_allies, 1);
    /* a few actions, then the file and back */
    for (int i = 0; i < 12 && !tw_nw_is_over(&s); i++) {
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        int n = tw_nw_legal_actions(&s, acts);
        REQUIRE(n > 0);
        tw_nw_record_push(rec, acts[n - 1]);
        tw_nw_apply(&s, acts[n - 1], NULL);
    }
    tw_buf buf = {0};
    REQUIRE(tw_nw_record_to_json(rec, &buf) == TW_OK);
    CHECK_CONTAINS(buf.data, "\"id\": \"gold-alone\"");
    tw_diag diag;
    REQUIRE(tw_nw_record_from_text(back, buf.data, "r.json", &diag) == TW_OK);
    CHECK_INT(back->has_challenge, 1);
    CHECK_STR(back->challenge.id, "gold-alone");
    CHECK_INT(back->count, rec->count);
    tw_nw_state t;
    REQUIRE(tw_nw_record_replay(back, -1, &t, NULL) == TW_OK);
    CHECK(memcmp(&s, &t, sizeof s) == 0);
    /* a position keeps the limits */
    tw_buf pos = {0};
    REQUIRE(tw_nw_position_to_json(&s, fx_catalog(), &pos) == TW_OK);
    tw_nw_state u;
    REQUIRE(tw_nw_position_from_text(&u, fx_catalog(), pos.data, "p.json", &diag) == TW_OK);
    CHECK_INT(u.no_substitutes, 1);
    CHECK_INT(u.max_allies, 1);
    CHECK_INT(u.allies_used, s.allies_used);
    tw_buf_free(&buf);
    tw_buf_free(&pos);
    tw_nw_record_free(rec);
    tw_nw_record_free(back);
    free(rec);
    free(back);
}

TEST(nw_challenge_terminal_game_to_the_end)
{
    tw_test_scratch_xdg("nw-challenge");
    const char *save = tw_test_tmp("nw-challenge-save.json");
    char *input = tw_test_repeat_lines("1", 1500);
    const char *args[] = {"northwood", "--challenge", "lone-hands", "--seed", "5", "--save", save, NULL};
    tw_test_cli_result r = tw_test_cli_run(input, args);
    free(input);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Challenge lone-hands: Lone hands");
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state end;
    tw_diag diag;
    REQUIRE(rec != NULL);
    if (tw_nw_record_load(rec, save, &diag) == TW_OK) {
        CHECK_INT(rec->has_challenge, 1);
        CHECK_STR(rec->challenge.id, "lone-hands");
        CHECK_INT(tw_nw_record_replay(rec, -1, &end, NULL), TW_OK);
        CHECK(tw_nw_is_over(&end));
        tw_nw_record_free(rec);
    } else {
        CHECK_STR(diag.message, "");
    }
    free(rec);
    tw_test_cli_free(&r);
    /* the list shows it played */
    const char *list[] = {"challenges", NULL};
    r = tw_test_cli_run("", list);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, ". Lone hands (lone-hands)");
    CHECK_CONTAINS(r.out, "played once, ");
    CHECK_CONTAINS(r.out, "the strong bot wins ");
    tw_test_cli_free(&r);
    /* in French, with the French decimal mark */
    const char *fr[] = {"challenges", "--lang", "fr", NULL};
    r = tw_test_cli_run("", fr);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "joué une fois, ");
    /* the first challenge's rating, as its file records it */
    static char paths[TW_NW_MAX_CHALLENGES][512];
    REQUIRE(tw_nw_challenge_paths(paths, TW_NW_MAX_CHALLENGES) > 0);
    json_t *file = json_load_file(paths[0], 0, NULL);
    json_t *rating = json_object_get(file, "rating");
    long long games = json_integer_value(json_object_get(rating, "games"));
    long long wins = json_integer_value(json_object_get(rating, "wins"));
    REQUIRE(games > 0);
    long tenths = (long)(1000.0 * (double)wins / (double)games + 0.5);
    char line[96];
    snprintf(line, sizeof line, "le robot fort gagne %lld sur %lld (%ld,%ld %%)", wins, games, tenths / 10, tenths % 10);
    json_decref(file);
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);
}
