/* The For Northwood! terminal game driven through tw_cli_main() with
 * in-memory input and output: whole games, bad input, saving and resuming,
 * records, replays, event logs, languages, colours and symbols. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "term/cli.h"
#include "play/northwood/nw_cli.h"
#include "trickwood/paths.h"
#include "term/prompt.h"
#include "cli_harness.h"
#include "test.h"
#include "trickwood/nw_files.h"

/* Loads a record file and rebuilds its game; returns 0 on success. */
static int load_game(const char *path, tw_nw_record *rec, tw_nw_state *state)
{
    tw_diag diag;
    tw_error load = tw_nw_record_load(rec, path, &diag), replay = TW_ERR_ARG;
    if (load == TW_OK && (replay = tw_nw_record_replay(rec, -1, state, NULL)) != TW_OK)
        tw_nw_record_free(rec);
    return tw_test_file_loaded(path, load, &diag, replay);
}

/* Plays a whole game answering 1 everywhere and checks its end. Returns
 * the stars of the saved game, or -1. */
static int play_all_ones(const char *lang, const char *setup, const char *seed, const char *save, tw_test_cli_result *r)
{
    char *input = tw_test_repeat_lines("1", 1500);
    const char *args[] = {"northwood", setup, "--seed", seed, "--lang", lang, "--save", save, NULL};
    *r = tw_test_cli_run(input, args);
    free(input);
    CHECK_INT(r->code, 0);
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state state;
    int stars = -1;
    if (rec && load_game(save, rec, &state) == 0) {
        CHECK(tw_nw_is_over(&state));
        stars = tw_nw_stars_won(&state);
        tw_nw_record_free(rec);
    }
    free(rec);
    return stars;
}

TEST(cli_nw_intro_game_english)
{
    tw_test_scratch_xdg("xdg");
    tw_test_cli_result r;
    int stars = play_all_ones("en", "--intro", "11", tw_test_tmp("intro-en.json"), &r);
    REQUIRE(r.out != NULL);
    CHECK_CONTAINS(r.out, "New game, seed 11");
    CHECK_CONTAINS(r.out, "Which fief do you visit?");
    CHECK_CONTAINS(r.out, "Your hand (8):");
    CHECK_CONTAINS(r.out, "The ruler says");
    CHECK_CONTAINS(r.out, "End of the visit to fief 0");
    CHECK_CONTAINS(r.out, "Medal reached:");
    char line[64];
    snprintf(line, sizeof line, "Stars won: %d of 20.", stars);
    CHECK(stars >= 0);
    CHECK_CONTAINS(r.out, line);
    CHECK(!strstr(r.out, "Quel fief"));
    CHECK_CONTAINS(r.out, "is kept and marked as finished");
    tw_test_cli_free(&r);
}

TEST(cli_nw_intro_game_french)
{
    tw_test_scratch_xdg("xdg");
    tw_test_cli_result r;
    int stars = play_all_ones("fr", "--intro", "11", tw_test_tmp("intro-fr.json"), &r);
    REQUIRE(r.out != NULL);
    CHECK_CONTAINS(r.out, "Nouvelle partie, graine 11");
    CHECK_CONTAINS(r.out, "Quel fief visitez-vous ?");
    CHECK_CONTAINS(r.out, "Votre main (8) :");
    CHECK_CONTAINS(r.out, "Valet des Griffes");
    CHECK_CONTAINS(r.out, "Fin de la visite du fief 0");
    CHECK_CONTAINS(r.out, "Médaille obtenue :");
    char line[80];
    snprintf(line, sizeof line, "Étoiles gagnées : %d sur 20.", stars);
    CHECK_CONTAINS(r.out, line);
    CHECK(!strstr(r.out, "Which fief"));
    CHECK(!strstr(r.out, "Your hand"));
    tw_test_cli_free(&r);
    /* the same answers give the same game in either language */
    tw_test_cli_result en;
    CHECK_INT(play_all_ones("en", "--intro", "11", tw_test_tmp("intro-en2.json"), &en), stars);
    tw_test_cli_free(&en);
}

TEST(cli_nw_full_game)
{
    tw_test_scratch_xdg("xdg");
    tw_test_cli_result r;
    int stars = play_all_ones("en", "--full", "5", tw_test_tmp("full.json"), &r);
    REQUIRE(r.out != NULL);
    CHECK(stars >= 0);
    CHECK_CONTAINS(r.out, "Full deal: it uses the 24 characters the engine knows (Claws 6, Flowers 6, Leaves 6, Eyes 6)");
    CHECK(!strstr(r.out, "Missing"));
    CHECK(!strstr(r.out, "not in our data"));
    CHECK_CONTAINS(r.out, "full deal");
    CHECK_CONTAINS(r.out, "Stars won:");
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state state;
    REQUIRE(rec != NULL);
    if (load_game(tw_test_tmp("full.json"), rec, &state) == 0) {
        CHECK_INT(rec->config.setup, TW_NW_SETUP_FULL);
        tw_nw_record_free(rec);
    }
    free(rec);
    tw_test_cli_free(&r);
}

/* Builds the state after some actions of seed 31, intro, bronze. */
static int state_after(const tw_nw_action *actions, int n, tw_nw_state *state)
{
    static tw_nw_catalog catalog;
    tw_diag diag;
    if (!catalog.count && tw_nw_catalog_load_default(&catalog, &diag) != TW_OK)
        return -1;
    tw_nw_config config = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 31, 0, TW_NW_VARIANT_MEDALS, 0};
    if (tw_nw_new(state, &catalog, &config, NULL) != TW_OK)
        return -1;
    for (int i = 0; i < n; i++)
        if (tw_nw_apply(state, actions[i], NULL) != TW_OK)
            return -1;
    return 0;
}

TEST(cli_nw_invalid_input_reprompts)
{
    tw_test_scratch_xdg("xdg");
    /* Find the first statement after "visit 3" + "proceed", a card not in
     * hand and, when there is one, a held card that does not follow suit. */
    tw_nw_action first[2] = {TW_NW_ACTION(TW_NW_ACT_VISIT, 3), TW_NW_ACTION(TW_NW_ACT_PROCEED, 0)};
    tw_nw_state s;
    REQUIRE(state_after(first, 2, &s) == 0);
    REQUIRE(s.phase == TW_NW_PHASE_RESPONSE);
    int statement = tw_nw_statement(&s);
    int missing = -1, off_suit = -1;
    uint32_t suit_mask = 0xFFu << (TW_NW_SUIT(statement) * 8);
    for (int c = 0; c < TW_NW_CARDS; c++) {
        if (!(s.hand & (1u << c)) && missing < 0)
            missing = c;
        if ((s.hand & (1u << c)) && !(suit_mask & (1u << c)) && (s.hand & suit_mask) && off_suit < 0)
            off_suit = c;
    }
    char missing_code[4], off_code[4] = "";
    tw_nw_card_code(missing, missing_code);
    if (off_suit >= 0)
        tw_nw_card_code(off_suit, off_code);

    char *ones = tw_test_repeat_lines("1", 1500);
    REQUIRE(ones != NULL);
    char *input = malloc(strlen(ones) + 200);
    REQUIRE(input != NULL);
    snprintf(input, strlen(ones) + 200, "99\n123456789012345678901234567890\nxyzzy\n\nstop\nhelp\nvisit 3\npiles\n1\n%s\n%s\n%s", missing_code,
             off_suit >= 0 ? off_code : "1", ones);
    const char *save = tw_test_tmp("invalid.json");
    const char *args[] = {"northwood", "--seed", "31", "--lang", "en", "--save", save, NULL};
    tw_test_cli_result r = tw_test_cli_run(input, args);
    free(input);
    free(ones);
    REQUIRE(r.out != NULL);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "99 is not a choice: answer 1 to 8");
    CHECK_CONTAINS(r.out, "123456789012345678901234567890 is not a choice: answer 1 to 8"); /* echoed as typed */
    CHECK_CONTAINS(r.out, "'xyzzy' is not understood: answer 1 to 8, or type help");
    CHECK_CONTAINS(r.out, "answer with a number from 1 to 8");
    CHECK_CONTAINS(r.out, "you may stop only once the medal you aim for is out of reach");
    CHECK_CONTAINS(r.out, "HOW TO PLAY FOR NORTHWOOD!");
    CHECK_CONTAINS(r.out, "Open piles, from bottom to top:");
    char expect[64];
    snprintf(expect, sizeof expect, "%s is not in your hand", missing_code);
    CHECK_CONTAINS(r.out, expect);
    if (off_suit >= 0) {
        snprintf(expect, sizeof expect, "you must follow suit: you hold a %s card",
                 tw_nw_cli_text(TW_LANG_EN, (tw_nw_text_id)(NW_T_SUIT_CLAWS + TW_NW_SUIT(statement))));
        CHECK_CONTAINS(r.out, expect);
    }
    CHECK_CONTAINS(r.out, "Stars won:");
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state end;
    REQUIRE(rec != NULL);
    if (load_game(save, rec, &end) == 0) {
        CHECK(tw_nw_is_over(&end));
        REQUIRE(rec->count > 2);
        CHECK_INT(rec->actions[0], TW_NW_ACTION(TW_NW_ACT_VISIT, 3)); /* the word "visit 3" was taken */
        CHECK_INT(rec->actions[1], TW_NW_ACTION(TW_NW_ACT_PROCEED, 0));
        tw_nw_record_free(rec);
    }
    free(rec);
    tw_test_cli_free(&r);
}

TEST(cli_nw_card_words_answer)
{
    tw_test_scratch_xdg("xdg");
    tw_nw_action first[2] = {TW_NW_ACTION(TW_NW_ACT_VISIT, 0), TW_NW_ACTION(TW_NW_ACT_PROCEED, 0)};
    tw_nw_state s;
    REQUIRE(state_after(first, 2, &s) == 0);
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(&s, acts);
    REQUIRE(n > 0);
    int card = TW_NW_ACTION_ARG(acts[n - 1] == TW_NW_ACTION(TW_NW_ACT_STOP, 0) ? acts[0] : acts[n - 1]);
    char code[4];
    tw_nw_card_code(card, code);
    code[1] = (char)(code[1] - 'A' + 'a'); /* lower case is fine too */
    char input[64];
    snprintf(input, sizeof input, "visit 0\nproceed\n%s\n", code);
    const char *save = tw_test_tmp("words.json");
    const char *args[] = {"northwood", "--seed", "31", "--lang", "en", "--save", save, NULL};
    tw_test_cli_result r = tw_test_cli_run(input, args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "End of input: the game is saved in");
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state end;
    REQUIRE(rec != NULL);
    if (load_game(save, rec, &end) == 0) {
        CHECK_INT(rec->count, 3);
        if (rec->count == 3)
            CHECK_INT(rec->actions[2], TW_NW_ACTION(TW_NW_ACT_RESPOND, card));
        tw_nw_record_free(rec);
    }
    free(rec);
    tw_test_cli_free(&r);
}

TEST(cli_nw_eof_then_resume_same_game)
{
    tw_test_scratch_xdg("xdg");
    tw_test_cli_result whole;
    int stars = play_all_ones("en", "--intro", "21", tw_test_tmp("whole.json"), &whole);
    tw_test_cli_free(&whole);
    REQUIRE(stars >= 0);

    const char *save = tw_test_tmp("part.json");
    char *first = tw_test_repeat_lines("1", 40);
    const char *args[] = {"northwood", "--seed", "21", "--lang", "en", "--save", save, NULL};
    tw_test_cli_result r = tw_test_cli_run(first, args);
    free(first);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "End of input: the game is saved in");
    CHECK_CONTAINS(r.out, "trickwood resume");
    CHECK(!strstr(r.out, "Stars won:"));
    tw_test_cli_free(&r);

    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state mid;
    REQUIRE(rec != NULL);
    if (load_game(save, rec, &mid) == 0) {
        CHECK_INT(rec->count, 40);
        CHECK(!tw_nw_is_over(&mid));
        tw_nw_record_free(rec);
    }

    char *rest = tw_test_repeat_lines("1", 1500);
    const char *resume_args[] = {"resume", save, "--lang", "en", NULL};
    r = tw_test_cli_run(rest, resume_args);
    free(rest);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Resuming the game saved in");
    CHECK_CONTAINS(r.out, "(40 actions already played)");
    char line[64];
    snprintf(line, sizeof line, "Stars won: %d of 20.", stars);
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);

    tw_nw_record *whole_rec = calloc(1, sizeof *whole_rec);
    tw_nw_state a, b;
    REQUIRE(whole_rec != NULL);
    if (load_game(save, rec, &b) == 0 && load_game(tw_test_tmp("whole.json"), whole_rec, &a) == 0) {
        CHECK(tw_nw_is_over(&b));
        CHECK_INT(tw_nw_stars_won(&b), stars);
        CHECK_INT(rec->count, whole_rec->count);
        CHECK(rec->count == whole_rec->count &&
              memcmp(rec->actions, whole_rec->actions, (size_t)rec->count * sizeof rec->actions[0]) == 0);
        tw_nw_record_free(rec);
        tw_nw_record_free(whole_rec);
    }
    free(rec);
    free(whole_rec);

    /* resuming the finished game shows its result and says so */
    const char *again[] = {"resume", save, "--lang", "en", NULL};
    r = tw_test_cli_run("", again);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "This game is finished");
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);
}

TEST(cli_nw_quit_saves_and_default_path)
{
    const char *xdg = tw_test_tmp("xdg-quit");
    setenv("XDG_DATA_HOME", xdg, 1);
    const char *args[] = {"northwood", "--seed", "4", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("1\n1\nquit\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "The game is saved in");
    char path[600], folder[600];
    snprintf(folder, sizeof folder, "%s/trickwood/saves/northwood-intro-bronze-seed4-", xdg);
    REQUIRE(tw_test_line_after(r.out, "The game is saved in ", path, sizeof path));
    CHECK(strncmp(path, folder, strlen(folder)) == 0);
    CHECK(access(path, R_OK) == 0);
    tw_test_cli_free(&r);
    /* resume without a file takes the default save */
    const char *resume_args[] = {"resume", "--lang", "en", NULL};
    r = tw_test_cli_run("quit\n", resume_args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "(2 actions already played)");
    tw_test_cli_free(&r);
    /* no save there: a clear refusal */
    setenv("XDG_DATA_HOME", tw_test_tmp("xdg-empty"), 1);
    r = tw_test_cli_run("", resume_args);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.err, "no saved game in");
    tw_test_cli_free(&r);
}

TEST(cli_nw_record_replays_to_same_result)
{
    tw_test_scratch_xdg("xdg");
    const char *record = tw_test_tmp("rec.json");
    const char *events = tw_test_tmp("events.jsonl");
    char *input = tw_test_repeat_lines("2\n1", 1500); /* abilities now and then; 1 where 2 is no choice */
    const char *args[] = {"northwood", "--seed", "8", "--lang", "en", "--save", tw_test_tmp("rec-save.json"),
                          "--record", record, "--events", events, NULL};
    tw_test_cli_result game = tw_test_cli_run(input, args);
    free(input);
    CHECK_INT(game.code, 0);
    REQUIRE(game.out != NULL);
    const char *result = strstr(game.out, "Stars won:");
    REQUIRE(result != NULL);
    char line[64];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(result, "\n"), result);
    CHECK_CONTAINS(game.out, "Game record: ");
    CHECK_CONTAINS(game.out, record);
    CHECK_CONTAINS(game.out, "You call on"); /* "2" picked abilities */

    const char *replay_args[] = {"replay", record, "--auto", "--lang", "en", NULL};
    tw_test_cli_result rep = tw_test_cli_run("", replay_args);
    CHECK_INT(rep.code, 0);
    CHECK_CONTAINS(rep.out, line);
    CHECK_CONTAINS(rep.out, "Step 1 of ");
    CHECK_CONTAINS(rep.out, "[visit ");
    CHECK_CONTAINS(rep.out, "End of the record.");
    CHECK(!strstr(rep.out, "Enter: next step"));
    tw_test_cli_free(&rep);

    /* stepping with piped Enter presses, then the input ends: runs on */
    const char *step_args[] = {"replay", record, "--lang", "en", NULL};
    rep = tw_test_cli_run("\n\n\n", step_args);
    CHECK_INT(rep.code, 0);
    CHECK_CONTAINS(rep.out, "Enter: next step");
    CHECK_CONTAINS(rep.out, line);
    tw_test_cli_free(&rep);

    /* q stops */
    rep = tw_test_cli_run("\nq\n", step_args);
    CHECK_INT(rep.code, 0);
    CHECK_CONTAINS(rep.out, "Replay stopped at step 2 of");
    CHECK(!strstr(rep.out, line));
    tw_test_cli_free(&rep);

    /* the event log matches the record's own log, line by line JSON */
    tw_diag diag;
    size_t len = 0;
    char *text = tw_read_file(events, &len, &diag);
    REQUIRE(text != NULL);
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state end;
    if (rec && load_game(record, rec, &end) == 0) {
        tw_buf expected = {0};
        CHECK_INT(tw_nw_record_event_log(rec, &expected), TW_OK);
        CHECK(expected.data && strcmp(expected.data, text) == 0);
        tw_buf_free(&expected);
        tw_nw_record_free(rec);
    }
    free(rec);
    int lines = 0, bad = 0;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        json_error_t jerr;
        json_t *v = json_loadb(p, n, 0, &jerr);
        if (!v || !json_is_object(v))
            bad++;
        json_decref(v);
        lines++;
        p += n + (nl ? 1 : 0);
    }
    CHECK(lines > 100);
    CHECK_INT(bad, 0);
    free(text);
    tw_test_cli_free(&game);
}

TEST(cli_nw_bad_characters_file)
{
    tw_test_scratch_xdg("xdg");
    const char *bad = tw_test_tmp("bad-characters.json");
    const char *text = "{\n  \"format\": \"trickwood-characters\",\n  \"version\": 1,\n  \"characters\": [\n"
                       "    {\"id\": \"odd\", \"suit\": \"paws\"}\n  ]\n}\n";
    REQUIRE(tw_write_file_atomic(bad, text, strlen(text)) == TW_OK);
    const char *args[] = {"northwood", "--characters", bad, "--lang", "en", "--save", tw_test_tmp("never.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("1\n", args);
    CHECK(r.code != 0);
    char where[600];
    snprintf(where, sizeof where, "%s:5:", bad);
    CHECK_CONTAINS(r.err, where);
    CHECK_CONTAINS(r.err, "characters[0].suit");
    CHECK(!strstr(r.out, "New game"));
    CHECK(access(tw_test_tmp("never.json"), F_OK) != 0);
    tw_test_cli_free(&r);
}

TEST(cli_nw_bad_options)
{
    tw_test_scratch_xdg("xdg");
    const char *medal[] = {"northwood", "--medal", "platinum", NULL};
    tw_test_cli_result r = tw_test_cli_run("", medal);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "--medal takes bronze, silver or gold, not 'platinum'");
    CHECK_CONTAINS(r.err, "Usage:");
    tw_test_cli_free(&r);
    const char *seed[] = {"northwood", "--seed", "9007199254740992", NULL};
    r = tw_test_cli_run("", seed);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "--seed takes a whole number");
    tw_test_cli_free(&r);
    const char *missing[] = {"northwood", "--seed", NULL};
    r = tw_test_cli_run("", missing);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "option --seed needs a value");
    tw_test_cli_free(&r);
    const char *unknown[] = {"northwood", "--fast", NULL};
    r = tw_test_cli_run("", unknown);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "unknown option '--fast'");
    tw_test_cli_free(&r);
    const char *lang[] = {"northwood", "--lang", "de", NULL};
    r = tw_test_cli_run("", lang);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "--lang takes en or fr");
    tw_test_cli_free(&r);
    const char *command[] = {"dance", "--lang", "fr", NULL};
    r = tw_test_cli_run("", command);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "commande inconnue « dance »");
    tw_test_cli_free(&r);
    const char *replay[] = {"replay", NULL};
    r = tw_test_cli_run("", replay);
    CHECK_INT(r.code, 2);
    tw_test_cli_free(&r);
    const char *broken[] = {"replay", tw_test_tmp("no-such-record.json"), NULL};
    r = tw_test_cli_run("", broken);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.err, "no-such-record.json");
    tw_test_cli_free(&r);
}

TEST(cli_help_and_version)
{
    const char *help[] = {"help", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", help);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Usage: trickwood COMMAND");
    CHECK_CONTAINS(r.out, "northwood [OPTIONS]");
    CHECK_CONTAINS(r.out, "resume [FILE]");
    CHECK_CONTAINS(r.out, "replay FILE [--auto]");
    CHECK_CONTAINS(r.out, "--no-color");
    tw_test_cli_free(&r);
    const char *dash[] = {"--help", "--lang", "fr", NULL};
    r = tw_test_cli_run("", dash);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Utilisation : trickwood COMMANDE");
    CHECK_CONTAINS(r.out, "jouer aux Fiefs de Norbois");
    tw_test_cli_free(&r);
    const char *version[] = {"--version", NULL};
    r = tw_test_cli_run("", version);
    CHECK_INT(r.code, 0);
    CHECK_STR(r.out, "trickwood " TW_VERSION "\n");
    tw_test_cli_free(&r);
    const char *none[] = {NULL};
    r = tw_test_cli_run("", none);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "Usage:");
    tw_test_cli_free(&r);
}

/* Sets an environment variable and returns its old value (copied). */
static char *swap_env(const char *name, const char *value)
{
    const char *old = getenv(name);
    char *copy = old ? strdup(old) : NULL;
    if (value)
        setenv(name, value, 1);
    else
        unsetenv(name);
    return copy;
}

/* Puts back a variable saved by swap_env. */
static void restore_env(const char *name, char *old)
{
    if (old)
        setenv(name, old, 1);
    else
        unsetenv(name);
    free(old);
}

/* Whether text holds a byte outside ASCII. */
static int has_non_ascii(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p >= 0x80)
            return 1;
    return 0;
}

TEST(cli_nw_symbols_utf8_and_ascii)
{
    tw_test_scratch_xdg("xdg");
    char *old = swap_env("LC_ALL", "en_US.UTF-8");
    const char *args[] = {"northwood", "--seed", "2", "--lang", "en", "--save", tw_test_tmp("sym.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("1\n1\n", args);
    CHECK_CONTAINS(r.out, "\xe2\x98\x85"); /* star */
    CHECK(has_non_ascii(r.out));
    tw_test_cli_free(&r);

    const char *ascii[] = {"northwood", "--seed", "2", "--lang", "en", "--ascii", "--save", tw_test_tmp("sym.json"), NULL};
    unlink(ascii[7]); /* each run starts a new game there */
    r = tw_test_cli_run("1\n1\n", ascii);
    CHECK_INT(r.code, 0);
    CHECK(!has_non_ascii(r.out));
    CHECK_CONTAINS(r.out, "(16*)");
    CHECK_CONTAINS(r.out, "Jack of Claws C");
    tw_test_cli_free(&r);

    /* a locale that is not UTF-8 falls back to ASCII by itself */
    setenv("LC_ALL", "C", 1);
    unlink(args[6]);
    r = tw_test_cli_run("1\n1\n", args);
    CHECK(!has_non_ascii(r.out));
    CHECK_CONTAINS(r.out, "Jack of Eyes E");
    tw_test_cli_free(&r);
    restore_env("LC_ALL", old);
}

TEST(cli_nw_cards_show_the_letter_typed_and_take_their_symbol)
{
    tw_test_scratch_xdg("xdg");
    char *old = swap_env("LC_ALL", "en_US.UTF-8");
    /* Seed 3: fief 3 (target 3), no ability, then the 3 of Leaves answers. */
    const char *args[] = {"northwood", "--seed", "3", "--lang", "en", "--save", tw_test_tmp("letters.json"), NULL};
    const char *answers[] = {"4\n1\n3\xe2\x99\xa3\n", "4\n1\n3l\xe2\x99\xa3\n", "4\n1\n3L\n"};
    for (int i = 0; i < 3; i++) {
        unlink(args[6]);
        tw_test_cli_result r = tw_test_cli_run(answers[i], args);
        CHECK_INT(r.code, 0);
        /* the hand shows each card's letter beside its symbol */
        CHECK_CONTAINS(r.out, "Your hand (8): 1C\xe2\x99\xa0 6C\xe2\x99\xa0");
        /* the symbol typed alone, after its letter, or the letter alone play the card */
        CHECK_CONTAINS(r.out, "score pile (1): top 3L\xe2\x99\xa3");
        CHECK(!strstr(r.out, "is not understood"));
        tw_test_cli_free(&r);
    }
    /* French letters stand beside the symbols too (Claws: G) */
    const char *fr[] = {"northwood", "--seed", "3", "--lang", "fr", "--save", tw_test_tmp("letters.json"), NULL};
    unlink(fr[6]);
    tw_test_cli_result r = tw_test_cli_run("", fr);
    CHECK_CONTAINS(r.out, "1G\xe2\x99\xa0 6G\xe2\x99\xa0");
    tw_test_cli_free(&r);
    restore_env("LC_ALL", old);
}

/* French says "but" for the game's goal and "cible" for a fief's target,
 * as the web app does: "objectif" names neither (a game with a hint and
 * its header, then quit). */
TEST(cli_nw_french_goal_is_but_never_objectif)
{
    tw_test_scratch_xdg("xdg");
    const char *args[] = {"northwood", "--seed", "3", "--lang", "fr", "--ascii", "--save", tw_test_tmp("fr-but.json"), NULL};
    unlink(args[7]);
    tw_test_cli_result r = tw_test_cli_run("4\nconseil\nquit\n", args);
    CHECK_CONTAINS(r.out, "but : bronze");
    CHECK_CONTAINS(r.out, "cible");
    CHECK(!strstr(r.out, "objectif"));
    tw_test_cli_free(&r);
}

TEST(cli_nw_french_contracts_a_and_de_before_a_title)
{
    tw_test_scratch_xdg("xdg");
    /* Seed 3, fief 3, then the Jack of Claws (choice 2) is called on. */
    const char *args[] = {"northwood", "--seed", "3", "--lang", "fr", "--ascii", "--save", tw_test_tmp("fr-au.json"), NULL};
    unlink(args[7]);
    tw_test_cli_result r = tw_test_cli_run("4\n2\n", args);
    CHECK_CONTAINS(r.out, "Vous faites appel au Valet des Griffes");
    CHECK(!strstr(r.out, "\xc3\xa0 Valet"));
    tw_test_cli_free(&r);

    tw_cli fr = {0}, en = {0};
    fr.lang = TW_LANG_FR;
    en.lang = TW_LANG_EN;
    char text[128];
    snprintf(text, sizeof text, "Permettre \xc3\xa0 Reine des Fleurs, avec la capacit\xc3\xa9 de Prince des Yeux");
    tw_nw_cli_french_articles(&fr, text, sizeof text);
    CHECK_STR(text, "Permettre \xc3\xa0 la Reine des Fleurs, avec la capacit\xc3\xa9 du Prince des Yeux");
    tw_nw_cli_french_articles(&fr, text, sizeof text); /* a second pass changes nothing */
    CHECK_STR(text, "Permettre \xc3\xa0 la Reine des Fleurs, avec la capacit\xc3\xa9 du Prince des Yeux");
    snprintf(text, sizeof text, "de Rome \xc3\xa0 Roissy");
    tw_nw_cli_french_articles(&fr, text, sizeof text); /* only the six titles count */
    CHECK_STR(text, "de Rome \xc3\xa0 Roissy");
    snprintf(text, sizeof text, "You call on Prince of Claws");
    tw_nw_cli_french_articles(&en, text, sizeof text);
    CHECK_STR(text, "You call on Prince of Claws");
}

TEST(term_decimal1_rounds_half_up_with_the_language_mark)
{
    char out[32];
    tw_term_decimal1(TW_LANG_EN, 5.25, out, sizeof out);
    CHECK_STR(out, "5.3"); /* the web history shows 5.3 too (decimalOne) */
    tw_term_decimal1(TW_LANG_FR, 5.25, out, sizeof out);
    CHECK_STR(out, "5,3");
    tw_term_decimal1(TW_LANG_EN, 5.0, out, sizeof out);
    CHECK_STR(out, "5.0");
    tw_term_decimal1(TW_LANG_EN, 17.04, out, sizeof out);
    CHECK_STR(out, "17.0");
    tw_term_decimal1(TW_LANG_EN, 0.05, out, sizeof out);
    CHECK_STR(out, "0.1");
    tw_term_decimal1(TW_LANG_EN, 0.0, out, sizeof out);
    CHECK_STR(out, "0.0");
}

TEST(prompt_unsymbol_writes_symbols_as_letters)
{
    static const char *const symbols[] = {"\xe2\x99\xa0", "\xe2\x9c\xbf"};
    char out[64];
    CHECK_INT(tw_prompt_unsymbol("7\xe2\x99\xa0", symbols, "cf", 2, out, sizeof out), 1);
    CHECK_STR(out, "7c");
    CHECK_INT(tw_prompt_unsymbol("respond 12c\xe2\x9c\xbf", symbols, "cf", 2, out, sizeof out), 1);
    CHECK_STR(out, "respond 12c"); /* a symbol right after a letter is dropped */
    CHECK_INT(tw_prompt_unsymbol("hint", symbols, "cf", 2, out, sizeof out), 0);
    CHECK_STR(out, "hint");
    /* a short buffer ends the text without overflowing */
    char small[3];
    tw_prompt_unsymbol("12345", symbols, "cf", 2, small, sizeof small);
    CHECK_STR(small, "12");
}

TEST(cli_nw_no_colour_unless_terminal)
{
    tw_test_scratch_xdg("xdg");
    const char *args[] = {"northwood", "--seed", "2", "--lang", "en", "--save", tw_test_tmp("colour.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("1\n1\n1\n", args);
    CHECK_INT(r.code, 0);
    CHECK(!strstr(r.out, "\033["));
    tw_test_cli_free(&r);
    /* the style switch itself: codes only when colours are on */
    tw_cli cli;
    memset(&cli, 0, sizeof cli);
    char card[48];
    tw_nw_cli_card(&cli, TW_NW_CARD(TW_NW_EYES, 7), card, sizeof card);
    CHECK_STR(card, "7E");
    cli.term.color = 1;
    tw_nw_cli_card(&cli, TW_NW_CARD(TW_NW_EYES, 7), card, sizeof card);
    CHECK_CONTAINS(card, "\033[36m7E");
    /* NO_COLOR and --no-color win even on a terminal; a memory stream is not one */
    char *old = swap_env("NO_COLOR", "1");
    tw_term term;
    tw_term_setup(&term, stdout, 0, 0);
    CHECK_INT(term.color, 0);
    restore_env("NO_COLOR", old);
    tw_term_setup(&term, stdout, 0, 1);
    CHECK_INT(term.color, 0);
    FILE *mem = tmpfile();
    REQUIRE(mem != NULL);
    tw_term_setup(&term, mem, 0, 0);
    CHECK_INT(term.color, 0);
    fclose(mem);
}

TEST(cli_language_from_environment)
{
    char *all = swap_env("LC_ALL", NULL);
    char *messages = swap_env("LC_MESSAGES", NULL);
    char *lang = swap_env("LANG", "fr_FR.UTF-8");
    CHECK_INT(tw_term_env_lang(), TW_LANG_FR);
    const char *help[] = {"help", NULL};
    tw_test_cli_result r = tw_test_cli_run("", help);
    CHECK_CONTAINS(r.out, "Commandes :");
    tw_test_cli_free(&r);
    const char *forced[] = {"help", "--lang", "en", NULL};
    r = tw_test_cli_run("", forced);
    CHECK_CONTAINS(r.out, "Commands:");
    tw_test_cli_free(&r);
    setenv("LC_ALL", "en_GB.UTF-8", 1);
    CHECK_INT(tw_term_env_lang(), TW_LANG_EN);
    restore_env("LANG", lang);
    restore_env("LC_MESSAGES", messages);
    restore_env("LC_ALL", all);
}

TEST(cli_message_tables_complete)
{
    CHECK_INT(tw_msg_table_check(tw_text_table, TW_T_COUNT), -1);
    CHECK_INT(tw_msg_table_check(tw_nw_cli_table, NW_T_COUNT), -1);
    /* the check catches a French text whose conversions differ */
    const tw_msg broken[1] = {{{"%d cards", "%s cartes"}}};
    CHECK_INT(tw_msg_table_check(broken, 1), 0);
    const tw_msg missing[1] = {{{"only English", NULL}}};
    CHECK_INT(tw_msg_table_check(missing, 1), 0);
}

TEST(cli_prompt_reading)
{
    char text[] = "  12 \r\nvisit 3\n\n" "last";
    FILE *in = fmemopen(text, strlen(text), "r");
    REQUIRE(in != NULL);
    char line[TW_PROMPT_LINE];
    CHECK_INT(tw_prompt_read(in, line, sizeof line), 1);
    CHECK_STR(line, "12");
    CHECK_INT(tw_prompt_read(in, line, sizeof line), 1);
    CHECK_STR(line, "visit 3");
    CHECK_INT(tw_prompt_read(in, line, sizeof line), 1);
    CHECK_STR(line, "");
    CHECK_INT(tw_prompt_read(in, line, sizeof line), 1);
    CHECK_STR(line, "last");
    CHECK_INT(tw_prompt_read(in, line, sizeof line), 0);
    fclose(in);
    long value = 0;
    CHECK_INT(tw_prompt_number("3", 5, &value), 2);
    CHECK_INT(tw_prompt_number("0", 5, &value), TW_PROMPT_OUT_OF_RANGE);
    CHECK_INT(tw_prompt_number("6", 5, &value), TW_PROMPT_OUT_OF_RANGE);
    CHECK_INT(value, 6);
    CHECK_INT(tw_prompt_number("7E", 5, NULL), TW_PROMPT_NOT_NUMBER);
    CHECK_INT(tw_prompt_number("", 5, NULL), TW_PROMPT_NOT_NUMBER);
    const char *words[] = {"help", "aide", NULL};
    CHECK(tw_prompt_word("HELP", words));
    CHECK(!tw_prompt_word("helpme", words));
    CHECK_INT(tw_term_width("\xe2\x98\x85\xe2\x98\x85 ab"), 5);
    CHECK_INT(tw_term_width("\033[31m7E\033[0m"), 2);
}

TEST(cli_save_folder_paths)
{
    char *xdg = swap_env("XDG_DATA_HOME", "/tmp/xdg-test-home");
    char path[512];
    CHECK_INT(tw_path_save_file("x.json", 0, path, sizeof path), 0);
    CHECK_STR(path, "/tmp/xdg-test-home/trickwood/x.json");
    char *home = swap_env("HOME", "/home/someone");
    unsetenv("XDG_DATA_HOME");
    CHECK_INT(tw_path_save_dir(path, sizeof path), 0);
    CHECK_STR(path, "/home/someone/.local/share/trickwood");
    restore_env("HOME", home);
    restore_env("XDG_DATA_HOME", xdg);
    char deep[512];
    snprintf(deep, sizeof deep, "%s/a/b/c", tw_test_tmp("dirs"));
    CHECK_INT(tw_path_mkdirs(deep), 0);
    CHECK(access(deep, W_OK) == 0);
}

TEST(cli_term_wrap)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    REQUIRE(out != NULL);
    tw_term_wrap(out, "aaa bbb ccc ddd", 2, 10);
    tw_term_wrap(out, "un deux ; trois", 0, 7);
    fclose(out);
    CHECK_STR(text, "  aaa bbb\n  ccc ddd\nun\ndeux ;\ntrois\n");
    free(text);
}

/* Writes the default characters without the ones listed (NULL-ended) into
 * a scratch data folder; returns the folder or NULL. */
static const char *data_without(const char *const *ids)
{
    json_error_t jerr;
    json_t *root = json_load_file(tw_test_data("characters.json"), 0, &jerr);
    if (!root)
        return NULL;
    json_t *list = json_object_get(root, "characters");
    for (int k = 0; ids[k]; k++)
        for (size_t i = 0; i < json_array_size(list); i++)
            if (strcmp(json_string_value(json_object_get(json_array_get(list, i), "id")), ids[k]) == 0) {
                json_array_remove(list, i);
                break;
            }
    static char dir[512];
    snprintf(dir, sizeof dir, "%s", tw_test_tmp("data-short"));
    char path[600];
    snprintf(path, sizeof path, "%s/characters.json", dir);
    int ok = tw_path_mkdirs(dir) == 0 && json_dump_file(root, path, JSON_INDENT(2)) == 0;
    json_decref(root);
    return ok ? dir : NULL;
}

TEST(cli_nw_full_deal_refused_when_a_suit_is_short)
{
    tw_test_scratch_xdg("xdg");
    static const char *const gone[] = {"queen-of-claws", "prince-of-claws", "lady-of-claws", "baron-of-claws", NULL};
    const char *dir = data_without(gone);
    REQUIRE(dir != NULL);
    char *old = swap_env("TRICKWOOD_DATA", dir);
    const char *full[] = {"northwood", "--full", "--lang", "en", "--save", tw_test_tmp("short.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("1\n", full);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.out, "Claws 2, Flowers 6, Leaves 6, Eyes 6");
    CHECK_CONTAINS(r.err, "the full deal needs at least 3 characters of each suit, and Claws has 2");
    CHECK(!strstr(r.out, "New game"));
    tw_test_cli_free(&r);
    const char *intro[] = {"northwood", "--lang", "en", "--save", tw_test_tmp("short.json"), NULL};
    r = tw_test_cli_run("1\n", intro);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.err, "cannot fill the introductory deal");
    tw_test_cli_free(&r);
    restore_env("TRICKWOOD_DATA", old);
}

TEST(cli_nw_resume_bad_save)
{
    const char *save = tw_test_tmp("broken-save.json");
    const char *text = "{\n  \"format\": \"trickwood-record\",\n  \"version\": 1,\n  \"game\": \"northwood\",\n"
                       "  \"config\": {\"setup\": \"intro\", \"medal\": \"bronze\"},\n  \"seed\": 3,\n"
                       "  \"actions\": [\n    \"visit 9\"\n  ]\n}\n";
    REQUIRE(tw_write_file_atomic(save, text, strlen(text)) == TW_OK);
    const char *args[] = {"resume", save, "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("1\n", args);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.err, save);
    CHECK_CONTAINS(r.err, "actions[0]");
    CHECK(!strstr(r.out, "Resuming"));
    tw_test_cli_free(&r);
}

TEST(cli_nw_variant_game_hides_the_stars_until_the_end)
{
    tw_test_scratch_xdg("xdg");
    const char *save = tw_test_tmp("hidden.json");
    char *input = tw_test_repeat_lines("1", 1500);
    const char *args[] = {"northwood", "--intro", "--seed", "8", "--variant", "hidden-stars", "--expert",
                          "--ascii", "--save", save, NULL};
    tw_test_cli_result r = tw_test_cli_run(input, args);
    free(input);
    CHECK_INT(r.code, 0);
    REQUIRE(r.out != NULL);
    CHECK_CONTAINS(r.out, "aiming for the 3 hidden stars + the outer fiefs 0, 1, 6, 7 | fiefs: 0 friendly, 0 lost");
    CHECK_CONTAINS(r.out, "Visit fief 0 (target 0, ?, ");
    CHECK_CONTAINS(r.out, "Game over. Hidden stars on friendly fiefs: ");
    CHECK(strstr(r.out, "Medal reached:") == NULL); /* the medals decide nothing here */
    /* the saved game keeps the variant, and its stars are where the seed put them */
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state state;
    REQUIRE(rec && load_game(save, rec, &state) == 0);
    CHECK_INT(rec->config.variant, TW_NW_VARIANT_HIDDEN_STARS);
    CHECK_INT(rec->config.expert, 1);
    CHECK(tw_nw_is_over(&state));
    char fiefs[32] = "";
    for (int f = 0, len = 0; f < TW_NW_FIEFS; f++)
        if (tw_nw_deal_star_fiefs(8) >> f & 1)
            len += snprintf(fiefs + len, sizeof fiefs - (size_t)len, "%s%d", len ? ", " : "", f);
    char line[96];
    snprintf(line, sizeof line, "(they were on fiefs %s)", fiefs);
    CHECK_CONTAINS(r.out, line);
    CHECK_CONTAINS(r.out, tw_nw_is_won(&state) ? "+ the outer fiefs 0, 1, 6, 7: won!" : "0, 1, 6, 7: not reached");
    tw_nw_record_free(rec);
    free(rec);
    tw_test_cli_free(&r);
    /* a bad variant is named */
    const char *bad[] = {"northwood", "--variant", "stars", NULL};
    r = tw_test_cli_run("", bad);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "--variant takes medals or hidden-stars, not 'stars'");
    tw_test_cli_free(&r);
}
