/* Undo in the terminal games and moving around in terminal replays,
 * driven through the program with piped input: what undo takes back and
 * refuses, the save and the event log afterwards, and replay jumps (back,
 * step N, visit N; round N, trick N) landing on the step the record says. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_harness.h"
#include "test.h"
#include "trickwood/foxduet.h"
#include "trickwood/game.h"

/* The record notation of choice `choice` (1-based) in match m. */
static void choice_text(const tw_match *m, int choice, char *out, int size)
{
    tw_game_action acts[TW_GAME_MAX_ACTIONS];
    int n = m->game->legal(m, acts);
    out[0] = '\0';
    if (choice >= 1 && choice <= n)
        m->game->format(m, acts[choice - 1], out, size);
}

/* Applies choice `choice` (1-based) to m. */
static void choose(tw_match *m, int choice)
{
    tw_game_action acts[TW_GAME_MAX_ACTIONS];
    int n = m->game->legal(m, acts);
    if (choice >= 1 && choice <= n)
        m->game->apply(m, acts[choice - 1], NULL);
}

/* The "actions" of a saved record as one text, ", " between them. */
static void saved_actions(const char *path, char *out, size_t size)
{
    json_t *root = json_load_file(path, 0, NULL);
    json_t *actions = json_object_get(root, "actions");
    out[0] = '\0';
    for (size_t i = 0; i < json_array_size(actions); i++) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", i ? ", " : "", json_string_value(json_array_get(actions, i)));
    }
    json_decref(root);
}

TEST(cli_undo_takes_back_until_a_card_is_shown)
{
    tw_test_scratch_xdg("xdg-undo");
    const char *save = tw_test_tmp("undo-save.json"), *events = tw_test_tmp("undo-events.jsonl");
    /* seed 7: four ready allies, so choosing a fief shows no card yet */
    const char *args[] = {"northwood", "--seed", "7", "--lang", "en", "--save", save, "--events", events, NULL};
    tw_test_cli_result r = tw_test_cli_run("undo\n1\nundo\n2\n1\nundo\nq\n", args);
    CHECK_INT(r.code, 0);
    REQUIRE(r.out != NULL);

    /* What the same choices give, played through the game's table. */
    json_t *config = json_pack("{s:s, s:s}", "setup", "intro", "medal", "bronze");
    tw_match *m = tw_game_find("northwood")->start(config, 7, NULL);
    json_decref(config);
    REQUIRE(m);
    char first[48], second[48], proceed[48], expect[160], line[200];
    choice_text(m, 1, first, sizeof first);
    choice_text(m, 2, second, sizeof second);
    choose(m, 2);
    choice_text(m, 1, proceed, sizeof proceed);
    m->game->free(m);

    /* nothing before the first decision; the fief choice comes back; the
     * statement then stands */
    const char *none = strstr(r.out, "Nothing to take back");
    REQUIRE(none != NULL);
    snprintf(line, sizeof line, "Taken back: %s\n", first);
    const char *taken = strstr(r.out, line);
    CHECK(taken != NULL && taken > none);
    CHECK(taken && strstr(taken, "Nothing to take back"));
    CHECK_CONTAINS(r.out, "undo");
    tw_test_cli_free(&r);

    /* the save holds the moves that stand; the event log says what was taken back */
    char actions[400];
    saved_actions(save, actions, sizeof actions);
    snprintf(expect, sizeof expect, "%s, %s", second, proceed);
    CHECK_STR(actions, expect);
    char *log = tw_read_file(events, NULL, NULL);
    REQUIRE(log != NULL);
    snprintf(line, sizeof line, "\"type\":\"undo\",\"actions\":[\"%s\"]", first);
    CHECK_CONTAINS(log, line);
    CHECK_CONTAINS(log, "\"seq\":0,");
    free(log);

    /* the save resumes as played */
    const char *resume[] = {"resume", save, "--lang", "en", NULL};
    r = tw_test_cli_run("q\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "2 actions");
    tw_test_cli_free(&r);
}

TEST(cli_undo_french_word_and_the_duet)
{
    tw_test_scratch_xdg("xdg-undo2");
    const char *args[] = {"northwood", "--seed", "7", "--lang", "fr", "--save", tw_test_tmp("undo-fr.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("1\nannuler\nq\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Annulé : ");
    CHECK_CONTAINS(r.out, "annuler");
    tw_test_cli_free(&r);
    /* the Duet's deal shows the hands: nothing to take back at the start */
    const char *fox[] = {"fox", "--seed", "3", "--lang", "en", "--save", tw_test_tmp("undo-fox.json"), NULL};
    r = tw_test_cli_run("undo\nq\n", fox);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Nothing to take back");
    tw_test_cli_free(&r);
}

/* The number of the step shown last ("Step N of") in a replay's output. */
static int last_step(const char *out)
{
    int step = -1;
    for (const char *p = out; p && (p = strstr(p, "Step ")) != NULL; p += 5)
        sscanf(p, "Step %d of", &step);
    return step;
}

/* Runs a replay of record with input; returns the last step shown. */
static int replay_to(const char *record, const char *input)
{
    const char *args[] = {"replay", record, "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run(input, args);
    CHECK_INT(r.code, 0);
    int step = r.out ? last_step(r.out) : -1;
    tw_test_cli_free(&r);
    return step;
}

/* Plays a whole game of a game command (taking the first choice each
 * time) with a seed, saved in a scratch record; returns its path. */
static const char *played_record(const char *command, const char *seed, const char *name)
{
    tw_test_scratch_xdg(name);
    const char *record = tw_test_tmp(name);
    char *input = tw_test_repeat_lines("1", 1500);
    const char *args[] = {command, "--seed", seed, "--lang", "en", "--save", record, NULL};
    tw_test_cli_result r = tw_test_cli_run(input, args);
    free(input);
    CHECK_INT(r.code, 0);
    tw_test_cli_free(&r);
    return record;
}

TEST(cli_replay_jumps_to_visits_and_steps)
{
    const char *record = played_record("northwood", "8", "jump-nw.json");
    tw_test_cli_result r;
    /* the steps of the record's visits, read from the file */
    json_t *root = json_load_file(record, 0, NULL);
    json_t *actions = json_object_get(root, "actions");
    int visit_step[9] = {0}, visits = 0;
    for (size_t i = 0; i < json_array_size(actions) && visits < 8; i++)
        if (strncmp(json_string_value(json_array_get(actions, i)), "visit ", 6) == 0)
            visit_step[++visits] = (int)i + 1;
    int count = (int)json_array_size(actions);
    json_decref(root);
    REQUIRE(visits == 8 && count > 20);

    CHECK_INT(replay_to(record, "visit 3\nq\n"), visit_step[3]);
    CHECK_INT(replay_to(record, "visite 8\nq\n"), visit_step[8]);
    CHECK_INT(replay_to(record, "visit 3\nb\nq\n"), visit_step[3] - 1);
    CHECK_INT(replay_to(record, "step 12\nback\nq\n"), 11);
    CHECK_INT(replay_to(record, "\n\nb\nq\n"), 2);
    CHECK_INT(replay_to(record, "b\nq\n"), 1);
    char line[32];
    snprintf(line, sizeof line, "step %d\nq\n", count);
    CHECK_INT(replay_to(record, line), count); /* the last step, then the end */

    const char *step_args[] = {"replay", record, "--lang", "en", NULL};
    r = tw_test_cli_run("visit 9\nstep 0\nzzz\nhelp\nq\n", step_args);
    CHECK_CONTAINS(r.out, "'visit 9': this record has no such step");
    CHECK_CONTAINS(r.out, "'step 0': this record has no such step");
    CHECK_CONTAINS(r.out, "'zzz' is not a replay command");
    CHECK_CONTAINS(r.out, "trick N");
    CHECK_CONTAINS(r.out, "Replay stopped at step 1 of");
    tw_test_cli_free(&r);
}

TEST(cli_replay_jumps_to_rounds_and_tricks)
{
    const char *record = played_record("fox", "11", "jump-fox.json");
    /* Where each round and each trick of round 1 and 2 begins, from the
     * engine's state as the record is played again. */
    char *text = tw_read_file(record, NULL, NULL);
    REQUIRE(text != NULL);
    const tw_game *game = tw_game_find("fox");
    tw_match *full = game->from_record(text, "jump-fox.json", NULL);
    free(text);
    REQUIRE(full);
    tw_match *m = tw_match_undo(full, full->count);
    REQUIRE(m);
    int round_step[4] = {0}, trick_step[4][TW_FOX_TRICKS + 2] = {{0}};
    for (int i = 0; i < full->count; i++) {
        const tw_fox_state *s = game->state(m);
        if (!round_step[s->round])
            round_step[s->round] = i + 1;
        if (!trick_step[s->round][s->tricks_done + 1])
            trick_step[s->round][s->tricks_done + 1] = i + 1;
        game->apply(m, full->actions[i], NULL);
    }
    game->free(m);
    game->free(full);
    REQUIRE(round_step[2] > 0);
    CHECK_INT(replay_to(record, "round 2\nq\n"), round_step[2]);
    CHECK_INT(replay_to(record, "manche 1\nq\n"), 1);
    CHECK_INT(replay_to(record, "trick 5\nq\n"), trick_step[1][5]);
    CHECK_INT(replay_to(record, "round 2\npli 3\nq\n"), trick_step[2][3]);
    CHECK_INT(replay_to(record, "round 2\ntrick 4\nb\nq\n"), trick_step[2][4] - 1);
    if (!round_step[3])
        CHECK_INT(replay_to(record, "round 3\nq\n"), 1); /* no round 3: stays at step 1 */
}
