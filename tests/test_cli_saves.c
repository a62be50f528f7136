/* Saved games in the terminal: every game keeps its own save, `saves`
 * lists them, `resume` asks which, finished games and the autosaves of
 * earlier versions are kept, and --save does not replace an unfinished
 * game without asking. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli_harness.h"
#include "test.h"
#include "trickwood/io.h"

#define PATH 700

/* Points the save folder at a new scratch folder; dir gets its
 * trickwood folder. */
static void fresh_xdg(const char *name, char *dir, size_t size)
{
    const char *xdg = tw_test_tmp(name);
    setenv("XDG_DATA_HOME", xdg, 1);
    snprintf(dir, size, "%s/trickwood", xdg);
}

/* Runs the program and keeps the path after marker in its output (the
 * rest of that line). Returns the exit code. */
static int run_saved(const char *input, const char *const *args, const char *marker, char *path, size_t size)
{
    tw_test_cli_result r = tw_test_cli_run(input, args);
    path[0] = '\0';
    if (!r.out || !tw_test_line_after(r.out, marker, path, size))
        tw_test_fail(__FILE__, __LINE__, "no \"%s\" in the output of %s: %s", marker, args[0], r.out ? r.out : "");
    int code = r.code;
    tw_test_cli_free(&r);
    return code;
}

/* Sets a file's modification time (seconds since the epoch). */
static void set_mtime(const char *path, long seconds)
{
    struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    CHECK_INT(utimensat(AT_FDCWD, path, times, 0), 0);
}

/* The text of a file (free it), or NULL. */
static char *slurp(const char *path)
{
    return tw_read_file(path, NULL, NULL);
}

/* Checks that a file still holds text. */
static void check_same_file(const char *path, const char *text)
{
    char *now = slurp(path);
    CHECK(now && text && strcmp(now, text) == 0);
    free(now);
}

/* The case: a silver game with a few moves, quit, then a new game
 * on another seed. Both stay; resume asks and takes the silver one back
 * with its moves. */
TEST(cli_saves_new_game_keeps_the_other)
{
    char dir[PATH], silver[PATH], other[PATH], line[PATH + 100];
    fresh_xdg("xdg-saves-issue", dir, sizeof dir);
    const char *first[] = {"northwood", "--full", "--medal", "silver", "--seed", "42", "--lang", "en", NULL};
    CHECK_INT(run_saved("1\n1\nquit\n", first, "The game is saved in ", silver, sizeof silver), 0);
    const char *second[] = {"northwood", "--seed", "5", "--lang", "en", NULL};
    CHECK_INT(run_saved("1\nquit\n", second, "The game is saved in ", other, sizeof other), 0);
    CHECK(strcmp(silver, other) != 0);
    CHECK_CONTAINS(silver, "/trickwood/saves/northwood-full-silver-seed42-");
    CHECK_CONTAINS(other, "/trickwood/saves/northwood-intro-bronze-seed5-");
    set_mtime(silver, 1900000000L);
    set_mtime(other, 2000000000L);
    char *kept = slurp(silver);
    REQUIRE(kept != NULL);
    CHECK_CONTAINS(kept, "\"seed\": 42");

    /* both listed, newest first */
    const char *saves[] = {"saves", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", saves);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "  1. For Northwood! | introductory deal, aiming for bronze | seed 5\n");
    CHECK_CONTAINS(r.out, "  2. For Northwood! | full deal, aiming for silver | seed 42\n");
    CHECK_CONTAINS(r.out, "visit 1 of 8, 0 stars won");
    CHECK_CONTAINS(r.out, silver);
    CHECK_CONTAINS(r.out, other);
    tw_test_cli_free(&r);

    /* resume asks; 2 is the silver game, its two moves intact */
    const char *resume[] = {"resume", "--lang", "en", NULL};
    r = tw_test_cli_run("2\nquit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Which game (1-2, Enter: the newest)? 2\n");
    snprintf(line, sizeof line, "Resuming the game saved in %s (2 actions already played)", silver);
    CHECK_CONTAINS(r.out, line);
    CHECK_CONTAINS(r.out, "seed 42 | full deal | aiming for silver");
    tw_test_cli_free(&r);
    check_same_file(silver, kept);
    free(kept);
}

/* The same for the Duet. */
TEST(cli_saves_duet_keeps_the_other)
{
    char dir[PATH], first_path[PATH], second_path[PATH], line[PATH + 100];
    fresh_xdg("xdg-saves-duet", dir, sizeof dir);
    const char *first[] = {"fox", "--level", "2", "--seed", "42", "--lang", "en", NULL};
    CHECK_INT(run_saved("1\nquit\n", first, "The game is saved in ", first_path, sizeof first_path), 0);
    const char *second[] = {"fox", "--seed", "5", "--lang", "en", NULL};
    CHECK_INT(run_saved("1\nquit\n", second, "The game is saved in ", second_path, sizeof second_path), 0);
    CHECK_CONTAINS(first_path, "/trickwood/saves/foxduet-level2-seed42-");
    CHECK_CONTAINS(second_path, "/trickwood/saves/foxduet-level1-seed5-");
    set_mtime(first_path, 1900000000L);
    set_mtime(second_path, 2000000000L);
    char *kept = slurp(first_path);
    REQUIRE(kept != NULL);

    const char *saves[] = {"saves", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", saves);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "  1. The Fox in the Forest Duet | level 1 | seed 5\n");
    CHECK_CONTAINS(r.out, "  2. The Fox in the Forest Duet | level 2 | seed 42\n");
    CHECK_CONTAINS(r.out, "round 1, trick ");
    tw_test_cli_free(&r);

    const char *resume[] = {"resume", "--lang", "en", NULL};
    r = tw_test_cli_run("2\nquit\n", resume);
    CHECK_INT(r.code, 0);
    snprintf(line, sizeof line, "Resuming the game saved in %s", first_path);
    CHECK_CONTAINS(r.out, line);
    CHECK_CONTAINS(r.out, "level 2");
    tw_test_cli_free(&r);
    check_same_file(first_path, kept);
    free(kept);
}

/* With one save, resume takes it without asking; with several and no
 * answer (the input ends), the newest, saying so; a wrong answer is asked
 * again; quit leaves. */
TEST(cli_saves_resume_without_an_answer)
{
    char dir[PATH], a[PATH], b[PATH], line[PATH + 100];
    fresh_xdg("xdg-saves-newest", dir, sizeof dir);
    const char *one[] = {"northwood", "--seed", "7", "--lang", "en", NULL};
    CHECK_INT(run_saved("1\nquit\n", one, "The game is saved in ", a, sizeof a), 0);
    const char *resume[] = {"resume", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", resume);
    CHECK_INT(r.code, 0);
    CHECK(!strstr(r.out, "Which game"));
    snprintf(line, sizeof line, "Resuming the game saved in %s", a);
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);

    const char *two[] = {"fox", "--seed", "7", "--lang", "en", NULL};
    CHECK_INT(run_saved("1\nquit\n", two, "The game is saved in ", b, sizeof b), 0);
    set_mtime(a, 1900000000L);
    set_mtime(b, 2000000000L);
    r = tw_test_cli_run("", resume);
    CHECK_INT(r.code, 0);
    snprintf(line, sizeof line, "No answer: resuming the newest game, %s", b);
    CHECK_CONTAINS(r.out, line);
    snprintf(line, sizeof line, "Resuming the game saved in %s", b);
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);

    set_mtime(a, 1900000000L); /* resuming saved b again: the order as before */
    set_mtime(b, 2000000000L);
    r = tw_test_cli_run("9\nxyz\n2\nquit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "answer 1 to 2, Enter for the newest, or quit");
    snprintf(line, sizeof line, "Resuming the game saved in %s", a);
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);

    r = tw_test_cli_run("quit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK(!strstr(r.out, "Resuming"));
    tw_test_cli_free(&r);
}

/* `saves` in French, as JSON, and the finished ones. */
TEST(cli_saves_french_and_json)
{
    char dir[PATH], a[PATH], b[PATH];
    fresh_xdg("xdg-saves-json", dir, sizeof dir);
    const char *one[] = {"northwood", "--full", "--medal", "gold", "--seed", "11", "--lang", "fr", NULL};
    CHECK_INT(run_saved("1\n1\nquitter\n", one, "La partie est enregistrée dans ", a, sizeof a), 0);
    const char *two[] = {"fox", "--level", "3", "--seed", "12", "--lang", "fr", NULL};
    CHECK_INT(run_saved("1\nquitter\n", two, "La partie est enregistrée dans ", b, sizeof b), 0);
    set_mtime(a, 2000000000L);
    set_mtime(b, 1900000000L);

    const char *fr[] = {"saves", "--lang", "fr", NULL};
    tw_test_cli_result r = tw_test_cli_run("", fr);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Parties enregistrées, la plus récente d'abord");
    CHECK_CONTAINS(r.out, "  1. Les Fiefs de Norbois ! | donne complète, but : or | graine 11\n");
    CHECK_CONTAINS(r.out, "visite 1 sur 8, 0 étoile gagnée");
    CHECK_CONTAINS(r.out, "  2. Le Renard des Bois : Duo | niveau 3 | graine 12\n");
    CHECK_CONTAINS(r.out, "manche 1, pli ");
    CHECK_CONTAINS(r.out, "trickwood resume (qui demande laquelle)");
    tw_test_cli_free(&r);

    const char *js[] = {"saves", "--json", NULL};
    r = tw_test_cli_run("", js);
    CHECK_INT(r.code, 0);
    json_error_t error;
    json_t *root = json_loads(r.out ? r.out : "", 0, &error);
    REQUIRE(root != NULL);
    CHECK_STR(json_string_value(json_object_get(root, "format")), "trickwood-saves");
    json_t *list = json_object_get(root, "saves");
    CHECK_INT(json_array_size(list), 2);
    json_t *nw = json_array_get(list, 0), *fox = json_array_get(list, 1);
    CHECK_STR(json_string_value(json_object_get(nw, "game")), "northwood");
    CHECK_INT(json_integer_value(json_object_get(nw, "seed")), 11);
    CHECK_STR(json_string_value(json_object_get(json_object_get(nw, "setup"), "deal")), "full");
    CHECK_STR(json_string_value(json_object_get(json_object_get(nw, "setup"), "medal")), "gold");
    CHECK_INT(json_integer_value(json_object_get(json_object_get(nw, "progress"), "visit")), 1);
    CHECK_STR(json_string_value(json_object_get(nw, "file")), a);
    CHECK_STR(json_string_value(json_object_get(nw, "last_played")), "2033-05-18T03:33:20Z");
    CHECK_STR(json_string_value(json_object_get(fox, "game")), "foxduet");
    CHECK_INT(json_integer_value(json_object_get(json_object_get(fox, "setup"), "level")), 3);
    CHECK_INT(json_integer_value(json_object_get(json_object_get(fox, "progress"), "round")), 1);
    CHECK(json_is_false(json_object_get(fox, "finished")));
    json_decref(root);
    tw_test_cli_free(&r);

    /* an empty folder: an empty list, and resume explains */
    fresh_xdg("xdg-saves-none", dir, sizeof dir);
    r = tw_test_cli_run("", js);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "\"saves\": []");
    tw_test_cli_free(&r);
    const char *en[] = {"saves", "--lang", "en", NULL};
    r = tw_test_cli_run("", en);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "No game here yet.");
    tw_test_cli_free(&r);
}

/* A finished game's record stays, in the folder of finished games, where
 * the end screen says; a new game does not touch it. */
TEST(cli_saves_finished_record_kept)
{
    char dir[PATH], started[PATH], record[PATH], line[PATH + 100];
    fresh_xdg("xdg-saves-finished", dir, sizeof dir);
    char *input = tw_test_repeat_lines("1", 1500);
    REQUIRE(input != NULL);
    const char *game[] = {"northwood", "--seed", "3", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run(input, game);
    free(input);
    CHECK_INT(r.code, 0);
    REQUIRE(r.out && tw_test_line_after(r.out, "Autosave: ", started, sizeof started));
    REQUIRE(tw_test_line_after(r.out, "The save ", record, sizeof record));
    char *cut = strstr(record, " is kept");
    REQUIRE(cut != NULL);
    *cut = '\0';
    snprintf(line, sizeof line, "Game record: %s (watch it again: trickwood replay %s)", record, record);
    CHECK_CONTAINS(r.out, line);
    CHECK_CONTAINS(record, "/trickwood/saves/finished/northwood-intro-bronze-seed3-");
    tw_test_cli_free(&r);
    CHECK(access(started, F_OK) != 0);
    char *text = slurp(record);
    REQUIRE(text != NULL);
    CHECK_CONTAINS(text, "\"result\"");

    /* a new game on the same seed leaves it alone */
    CHECK_INT(run_saved("1\nquit\n", game, "The game is saved in ", started, sizeof started), 0);
    check_same_file(record, text);
    free(text);
    const char *finished[] = {"saves", "--finished", "--lang", "en", NULL};
    r = tw_test_cli_run("", finished);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Finished games, newest first");
    CHECK_CONTAINS(r.out, record);
    CHECK_CONTAINS(r.out, "finished, ");
    CHECK(!strstr(r.out, started));
    tw_test_cli_free(&r);
    const char *saves[] = {"saves", "--lang", "en", NULL};
    r = tw_test_cli_run("", saves);
    CHECK_CONTAINS(r.out, started);
    CHECK(!strstr(r.out, record));
    tw_test_cli_free(&r);
    const char *replay[] = {"replay", record, "--auto", "--lang", "en", NULL};
    r = tw_test_cli_run("", replay);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "End of the record.");
    tw_test_cli_free(&r);
}

/* The one autosave per game of earlier versions moves into the folder of
 * saves, is listed and resumes. */
TEST(cli_saves_old_autosave_migrated)
{
    char dir[PATH], old_nw[PATH], old_fox[PATH], moved[PATH], line[PATH + 100];
    fresh_xdg("xdg-saves-old", dir, sizeof dir);
    snprintf(old_nw, sizeof old_nw, "%s/northwood-save.json", dir);
    snprintf(old_fox, sizeof old_fox, "%s/foxduet-save.json", dir);
    const char *nw[] = {"northwood", "--seed", "4", "--lang", "en", "--save", old_nw, NULL};
    tw_test_cli_result r = tw_test_cli_run("1\n1\nquit\n", nw);
    CHECK_INT(r.code, 0);
    tw_test_cli_free(&r);
    const char *fox[] = {"fox", "--seed", "4", "--lang", "en", "--save", old_fox, NULL};
    r = tw_test_cli_run("1\nquit\n", fox);
    CHECK_INT(r.code, 0);
    tw_test_cli_free(&r);
    set_mtime(old_nw, 2000000000L);
    set_mtime(old_fox, 1900000000L);
    char *kept = slurp(old_nw);
    REQUIRE(kept != NULL);

    const char *saves[] = {"saves", "--lang", "en", NULL};
    r = tw_test_cli_run("", saves);
    CHECK_INT(r.code, 0);
    snprintf(line, sizeof line, "The game saved by an earlier version in %s is now ", old_nw);
    REQUIRE(r.out && tw_test_line_after(r.out, line, moved, sizeof moved));
    CHECK_CONTAINS(moved, "/trickwood/saves/northwood-intro-bronze-seed4-2033");
    CHECK_CONTAINS(r.out, "  1. For Northwood! | introductory deal, aiming for bronze | seed 4\n");
    CHECK_CONTAINS(r.out, "  2. The Fox in the Forest Duet | level 1 | seed 4\n");
    tw_test_cli_free(&r);
    CHECK(access(old_nw, F_OK) != 0 && access(old_fox, F_OK) != 0);
    check_same_file(moved, kept);
    free(kept);

    const char *resume[] = {"resume", "--lang", "en", NULL};
    r = tw_test_cli_run("1\nquit\n", resume);
    CHECK_INT(r.code, 0);
    snprintf(line, sizeof line, "Resuming the game saved in %s (2 actions already played)", moved);
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);    /* the old place, as an earlier version printed it, points to the list */
    const char *old_place[] = {"resume", old_nw, "--lang", "en", NULL};
    r = tw_test_cli_run("", old_place);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.err, "The saved games are listed by: trickwood saves");
    tw_test_cli_free(&r);
}

/* --save FILE naming an unfinished game asks first: no answer or "no"
 * keeps it (exit 1), "yes" replaces it; a finished game's file or a new
 * name is taken without asking. Two games on the same seed at the same
 * moment get two files. */
TEST(cli_saves_explicit_save_asks_first)
{
    char dir[PATH], a[PATH], b[PATH];
    fresh_xdg("xdg-saves-guard", dir, sizeof dir);
    const char *save = tw_test_tmp("guarded.json");
    char path[PATH];
    snprintf(path, sizeof path, "%s", save);
    const char *first[] = {"northwood", "--seed", "42", "--lang", "en", "--save", path, NULL};
    tw_test_cli_result r = tw_test_cli_run("1\n1\nquit\n", first);
    CHECK_INT(r.code, 0);
    tw_test_cli_free(&r);
    char *kept = slurp(path);
    REQUIRE(kept != NULL);

    const char *second[] = {"northwood", "--seed", "5", "--lang", "en", "--save", path, NULL};
    r = tw_test_cli_run("", second);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.out, "holds an unfinished game (For Northwood!, introductory deal, aiming for bronze, seed 42");
    CHECK_CONTAINS(r.err, "is kept: give another --save FILE, or continue it with trickwood resume");
    tw_test_cli_free(&r);
    check_same_file(path, kept);
    r = tw_test_cli_run("no\n1\nquit\n", second);
    CHECK_INT(r.code, 1);
    tw_test_cli_free(&r);
    check_same_file(path, kept);
    const char *fox[] = {"fox", "--seed", "5", "--lang", "fr", "--save", path, NULL};
    r = tw_test_cli_run("", fox);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.out, "contient une partie en cours (Les Fiefs de Norbois !");
    CHECK_CONTAINS(r.err, "est gardée");
    tw_test_cli_free(&r);
    check_same_file(path, kept);
    free(kept);

    r = tw_test_cli_run("yes\n1\nquit\n", second);
    CHECK_INT(r.code, 0);
    tw_test_cli_free(&r);
    char *now = slurp(path);
    CHECK(now && strstr(now, "\"seed\": 5"));
    free(now);

    const char *same[] = {"northwood", "--seed", "9", "--lang", "en", NULL};
    CHECK_INT(run_saved("quit\n", same, "The game is saved in ", a, sizeof a), 0);
    CHECK_INT(run_saved("quit\n", same, "The game is saved in ", b, sizeof b), 0);
    CHECK(strcmp(a, b) != 0);
    CHECK(access(a, R_OK) == 0 && access(b, R_OK) == 0);
}

/* `saves --delete N` shows game N and deletes it only after a yes. */
TEST(cli_saves_delete_asks_first)
{
    char dir[PATH], a[PATH], b[PATH];
    fresh_xdg("xdg-saves-delete", dir, sizeof dir);
    const char *one[] = {"northwood", "--seed", "1", "--lang", "en", NULL};
    CHECK_INT(run_saved("quit\n", one, "The game is saved in ", a, sizeof a), 0);
    const char *two[] = {"fox", "--seed", "2", "--lang", "en", NULL};
    CHECK_INT(run_saved("quit\n", two, "The game is saved in ", b, sizeof b), 0);
    set_mtime(a, 1900000000L);
    set_mtime(b, 2000000000L);
    const char *del[] = {"saves", "--delete", "2", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", del);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "  2. For Northwood!");
    CHECK_CONTAINS(r.out, "Nothing deleted.");
    tw_test_cli_free(&r);
    CHECK(access(a, F_OK) == 0);
    r = tw_test_cli_run("yes\n", del);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Deleted ");
    CHECK_CONTAINS(r.out, a);
    tw_test_cli_free(&r);
    CHECK(access(a, F_OK) != 0 && access(b, F_OK) == 0);
    r = tw_test_cli_run("yes\n", del);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "--delete takes a number of the list, 1 to 1, not '2'");
    tw_test_cli_free(&r);
    CHECK(access(b, F_OK) == 0);
}

TEST(cli_resume_and_replay_of_an_unknown_game_name_both_games)
{
    const char *path = tw_test_tmp("chess-record.json");
    FILE *f = fopen(path, "w");
    REQUIRE(f != NULL);
    fputs("{\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"chess\", \"seed\": 1, \"actions\": []}\n", f);
    fclose(f);
    static const char *const commands[] = {"resume", "replay"};
    for (int c = 0; c < 2; c++) {
        const char *args[] = {commands[c], path, "--lang", "en", NULL};
        tw_test_cli_result r = tw_test_cli_run("", args);
        CHECK_INT(r.code, 1);
        CHECK_CONTAINS(r.err, "field 'game': \"chess\" is not a game this program plays");
        CHECK_CONTAINS(r.err, "\"northwood\" (For Northwood!)");
        CHECK_CONTAINS(r.err, "\"foxduet\" (The Fox in the Forest Duet)");
        tw_test_cli_free(&r);
    }
    const char *fr[] = {"resume", path, "--lang", "fr", NULL};
    tw_test_cli_result r = tw_test_cli_run("", fr);
    CHECK_CONTAINS(r.err, "n'est pas un jeu de ce programme");
    tw_test_cli_free(&r);
}

/* `saves` and `resume` name the files they could not read, with why. */
TEST(cli_saves_list_the_files_they_could_not_read)
{
    char dir[PATH], a[PATH], broken[PATH + 32], chess[PATH + 32];
    fresh_xdg("xdg-saves-unreadable", dir, sizeof dir);
    const char *one[] = {"northwood", "--seed", "7", "--lang", "en", NULL};
    CHECK_INT(run_saved("1\nquit\n", one, "The game is saved in ", a, sizeof a), 0);
    snprintf(broken, sizeof broken, "%s/saves/broken.json", dir);
    snprintf(chess, sizeof chess, "%s/saves/chess.json", dir);
    REQUIRE(tw_write_file_atomic(broken, "not json\n", 9) == TW_OK);
    REQUIRE(tw_write_file_atomic(chess, "{\"game\": \"chess\"}\n", 18) == TW_OK);
    char line[2 * PATH];
    const char *saves[] = {"saves", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", saves);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Files of the folder that could not be read (2):");
    snprintf(line, sizeof line, "%s:1: ", broken);
    CHECK_CONTAINS(r.out, line);
    snprintf(line, sizeof line, "%s: field 'game': names no game of this program", chess);
    CHECK_CONTAINS(r.out, line);
    CHECK_CONTAINS(r.out, a); /* the good save is still listed */
    tw_test_cli_free(&r);
    const char *json[] = {"saves", "--json", NULL};
    r = tw_test_cli_run("", json);
    json_error_t error;
    json_t *root = json_loads(r.out ? r.out : "", 0, &error);
    CHECK(root && json_array_size(json_object_get(root, "unreadable")) == 2);
    CHECK_INT((int)json_array_size(json_object_get(root, "saves")), 1);
    json_decref(root);
    tw_test_cli_free(&r);
    /* resume goes on with the one game, and says what it left out */
    const char *resume[] = {"resume", "--lang", "en", NULL};
    r = tw_test_cli_run("quit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "could not be read (2)");
    snprintf(line, sizeof line, "Resuming the game saved in %s", a);
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);
}
