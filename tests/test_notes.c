/* Notes on the steps of a record (trickwood/notes.h): the "notes" member
 * read and refused with file, line and field in both games' records; the
 * terminal's replay adding, removing and showing them in the file; the
 * server keeping them on import and setting them on a finished game; and
 * a replay worked out from a record sent whole (a shared link). */
#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_harness.h"
#include "test.h"
#include "test_server_client.h"
#include "trickwood/game.h"
#include "trickwood/notes.h"

/* An example record of data/ with a "notes" member of this JSON text set
 * (NULL: left as it is), as text (free it). */
static char *record_with_notes(const char *example, const char *notes)
{
    tw_diag d;
    char *text = tw_read_file(tw_test_data(example), NULL, &d);
    json_t *root = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    if (notes)
        json_object_set_new(root, "notes", json_loads(notes, JSON_DECODE_ANY, NULL));
    char *out = root ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
    json_decref(root);
    return out;
}

/* Loads a record text as a match of its game: NULL with diag set when
 * it is refused. */
static tw_match *load_text(const char *text, tw_diag *diag)
{
    json_t *root = json_loads(text, 0, NULL);
    const tw_game *game = tw_game_find_record_name(json_string_value(json_object_get(root, "game")));
    json_decref(root);
    tw_diag_init(diag, "r.json");
    return game ? game->from_record(text, "r.json", diag) : NULL;
}

/* Whether a record with these notes is refused at field, with a message
 * holding why, on a line of its own. */
static void check_refused(const char *example, const char *notes, const char *field, const char *why)
{
    char *text = record_with_notes(example, notes);
    tw_diag diag;
    tw_match *m = text ? load_text(text, &diag) : NULL;
    CHECK(m == NULL);
    if (m)
        m->game->free(m);
    else {
        CHECK_STR(diag.field, field);
        CHECK_CONTAINS(diag.message, why);
        CHECK(diag.line > 1);
    }
    free(text);
}

static const char *const EXAMPLES[] = {"examples/northwood-record.json", "examples/foxduet-record-v1-side-a.json"};

/* Both games' records take notes on steps 0 to the last action, in order,
 * and keep them (a record without notes still loads: the examples); a
 * bad note is refused at its own field. */
TEST(notes_in_records_of_both_games)
{
    for (int g = 0; g < 2; g++) {
        char *text = record_with_notes(EXAMPLES[g], "[{\"step\": 0, \"text\": \"the deal\"},"
                                                    " {\"step\": 5, \"text\": \"à voir : pourquoi ?\"}]");
        tw_diag diag;
        tw_match *m = text ? load_text(text, &diag) : NULL;
        REQUIRE(m != NULL);
        json_t *notes = tw_notes_of_record(text);
        CHECK_STR(tw_notes_at(notes, 5), "à voir : pourquoi ?");
        CHECK(tw_notes_at(notes, 1) == NULL);
        /* written after the rest of the record, the notes read back the same */
        tw_buf buf = {0};
        CHECK_INT(m->game->record_json(m, &buf), TW_OK);
        CHECK_INT(tw_notes_append(&buf, notes), TW_OK);
        tw_match *again = load_text(buf.data, &diag);
        CHECK(again != NULL);
        json_t *read = tw_notes_of_record(buf.data);
        CHECK(json_equal(read, notes));
        char last[64];
        snprintf(last, sizeof last, "[{\"step\": %d, \"text\": \"the end\"}]", m->count);
        free(text);
        text = record_with_notes(EXAMPLES[g], last);
        tw_match *end = load_text(text, &diag);
        CHECK(end != NULL);
        snprintf(last, sizeof last, "[{\"step\": %d, \"text\": \"after the end\"}]", m->count + 1);
        check_refused(EXAMPLES[g], last, "notes[0].step", "");
        if (end)
            end->game->free(end);
        if (again)
            again->game->free(again);
        json_decref(read);
        json_decref(notes);
        tw_buf_free(&buf);
        m->game->free(m);
        free(text);
        check_refused(EXAMPLES[g], "[{\"step\": 4, \"text\": \"a\"}, {\"step\": 4, \"text\": \"b\"}]", "notes[1].step",
                      "must come after the step of the note before (4)");
        check_refused(EXAMPLES[g], "[{\"step\": 1, \"text\": \"\"}]", "notes[0].text", "must not be empty");
        check_refused(EXAMPLES[g], "[{\"step\": 1, \"text\": \"two\\nlines\"}]", "notes[0].text", "one line");
        check_refused(EXAMPLES[g], "[{\"step\": 1, \"text\": \"x\", \"by\": \"me\"}]", "notes[0].by", "step");
        check_refused(EXAMPLES[g], "{\"step\": 1}", "notes", "must be a list");
    }
    /* the limit counts characters, not bytes: 280 accented letters pass, 281 do not */
    char text[1200] = "";
    for (int i = 0; i < TW_NOTE_MAX_CHARS; i++)
        strcat(text, "é");
    CHECK_INT(tw_note_check(text), TW_NOTE_OK);
    strcat(text, "e");
    CHECK_INT(tw_note_check(text), TW_NOTE_TOO_LONG);
    CHECK_INT(tw_note_check("\xc2\x9b" "2J"), TW_NOTE_CONTROL); /* a C1 control (CSI) */
}

/* The terminal's replay: "note TEXT" keeps a note on the step shown in the
 * file, the next replay shows it under that step, "note" alone removes
 * it, a note that is too long is refused in the player's language. */
TEST(notes_in_terminal_replay)
{
    char *text = record_with_notes(EXAMPLES[1], NULL);
    REQUIRE(text != NULL);
    const char *path = tw_test_tmp("noted-fox.json");
    REQUIRE(tw_write_file_atomic(path, text, strlen(text)) == TW_OK);
    free(text);
    const char *args[] = {"replay", path, "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("\nnote   Why not the 7?  \nq\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Note on step 2 saved in ");
    tw_test_cli_free(&r);
    const char *fr[] = {"replay", path, "--auto", "--lang", "fr", NULL};
    r = tw_test_cli_run("", fr);
    CHECK_CONTAINS(r.out, "  Note : Why not the 7?\n");
    const char *at = r.out ? strstr(r.out, "Note : Why") : NULL;
    const char *step2 = r.out ? strstr(r.out, "2 sur") : NULL;
    const char *step3 = r.out ? strstr(r.out, "3 sur") : NULL;
    CHECK(at && step2 && step3 && step2 < at && at < step3);
    tw_test_cli_free(&r);
    char *long_note = malloc(400);
    REQUIRE(long_note != NULL);
    strcpy(long_note, "note ");
    memset(long_note + 5, 'x', 290);
    strcpy(long_note + 295, "\nnote\nq\n");
    const char *fr_step[] = {"replay", path, "--lang", "fr", NULL};
    r = tw_test_cli_run(long_note, fr_step);
    free(long_note);
    CHECK_CONTAINS(r.out, "Une note tient en 280 caractères au plus.");
    CHECK_CONTAINS(r.out, "Note de l'étape 1 retirée de ");
    tw_test_cli_free(&r);
    tw_diag d;
    char *after = tw_read_file(path, NULL, &d);
    json_t *notes = after ? tw_notes_of_record(after) : NULL;
    CHECK_INT((int)json_array_size(notes), 1);
    CHECK_STR(tw_notes_at(notes, 2), "Why not the 7?");
    json_decref(notes);
    free(after);
}

/* A request's reply as JSON, with its status checked. */
static json_t *ask(tw_ts_server *s, const char *method, const char *path, const char *body, int status)
{
    json_t *reply = NULL;
    CHECK_INT(tw_ts_json(s, method, path, NULL, body, &reply), status);
    return reply;
}

/* Imports the first example record with the notes given (JSON text) into
 * the server's history; fills the game's id, its path and its notes' path.
 * Returns the import body {"record", "name"} (the caller frees it), or
 * NULL. */
static json_t *import_noted(tw_ts_server *s, const char *notes, char *id, char *path, char *notes_path)
{
    char *text = record_with_notes(EXAMPLES[0], notes);
    if (!text)
        return NULL;
    json_t *body = json_pack("{s:o, s:s}", "record", json_loads(text, 0, NULL), "name", "r.json");
    free(text);
    char *import = json_dumps(body, JSON_COMPACT);
    json_decref(ask(s, "POST", "/api/history/import", import, 201));
    free(import);
    json_t *list = ask(s, "GET", "/api/history", NULL, 200);
    const char *got = json_string_value(json_object_get(json_array_get(json_object_get(list, "games"), 0), "id"));
    snprintf(id, 32, "%s", got ? got : "");
    json_decref(list);
    snprintf(path, 128, "/api/history/%s", id);
    snprintf(notes_path, 128, "/api/history/%s/notes", id);
    return body;
}

/* The server: an imported record keeps its notes; POST
 * /api/history/ID/notes sets, replaces and removes one (a bad one is
 * refused); POST /api/records/replay gives a step of a record sent whole,
 * and refuses an unfinished game. */
TEST(notes_on_server_and_record_replay)
{
    const char *db = tw_ts_fresh_db(tw_test_tmp("notes.db"));
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, db, NULL) == 0);
    char id[32], path[128], notes_path[128];
    json_t *body = import_noted(&s, "[{\"step\": 3, \"text\": \"kept\"}]", id, path, notes_path);
    REQUIRE(body != NULL && id[0]);
    json_t *game = ask(&s, "GET", path, NULL, 200);
    CHECK_STR(tw_notes_at(json_object_get(json_object_get(game, "record"), "notes"), 3), "kept");
    json_decref(game);
    json_t *reply = ask(&s, "POST", notes_path, "{\"step\": 0, \"text\": \"a new one\"}", 200);
    CHECK_INT((int)json_array_size(json_object_get(reply, "notes")), 2);
    json_decref(reply);
    json_decref(ask(&s, "POST", notes_path, "{\"step\": 3, \"text\": \"\"}", 200));
    game = ask(&s, "GET", path, NULL, 200);
    json_t *kept = json_object_get(json_object_get(game, "record"), "notes");
    CHECK_INT((int)json_array_size(kept), 1);
    CHECK_STR(tw_notes_at(kept, 0), "a new one");
    json_decref(game);
    reply = ask(&s, "POST", notes_path, "{\"step\": 2, \"text\": \"a\\u0007b\"}", 400);
    CHECK_STR(json_string_value(json_object_get(reply, "code")), "bad_note");
    json_decref(reply);
    json_decref(ask(&s, "POST", notes_path, "{\"step\": 9999, \"text\": \"x\"}", 400));
    json_decref(ask(&s, "POST", "/api/history/nosuchgame/notes", "{\"step\": 1, \"text\": \"x\"}", 404));

    /* a record sent whole replays at any step, the same as the history's */
    char *step_body = NULL;
    json_t *sb = json_pack("{s:O, s:i}", "record", json_object_get(body, "record"), "step", 4);
    step_body = json_dumps(sb, JSON_COMPACT);
    json_t *whole = ask(&s, "POST", "/api/records/replay", step_body, 200);
    char replay_path[160];
    snprintf(replay_path, sizeof replay_path, "/api/history/%s/replay?step=4", id);
    json_t *stored = ask(&s, "GET", replay_path, NULL, 200);
    CHECK(json_equal(json_object_get(whole, "view"), json_object_get(stored, "view")));
    CHECK_STR(json_string_value(json_object_get(whole, "action")), json_string_value(json_object_get(stored, "action")));
    json_decref(whole);
    json_decref(stored);
    json_object_set_new(json_object_get(sb, "record"), "actions", json_pack("[s]", "visit 3"));
    json_object_del(json_object_get(sb, "record"), "result");
    json_object_del(json_object_get(sb, "record"), "notes");
    free(step_body);
    step_body = json_dumps(sb, JSON_COMPACT);
    reply = ask(&s, "POST", "/api/records/replay", step_body, 400);
    CHECK_STR(json_string_value(json_object_get(reply, "code")), "not_finished");
    json_decref(reply);
    json_decref(sb);
    free(step_body);
    json_decref(body);
    CHECK_INT(tw_ts_stop(&s), 0);
}

/* One writer of notes for notes_set_at_once_are_all_kept: sets a note on
 * each of its steps, keeps the replies' statuses. */
typedef struct {
    tw_ts_server *server;
    const char *path;
    int first_step;
    int statuses[8];
} note_writer;

static void *write_notes(void *arg)
{
    note_writer *w = arg;
    for (int i = 0; i < 8; i++) {
        char body[64];
        snprintf(body, sizeof body, "{\"step\": %d, \"text\": \"note %d\"}", w->first_step + i, w->first_step + i);
        json_t *reply = NULL;
        w->statuses[i] = tw_ts_json(w->server, "POST", w->path, NULL, body, &reply);
        json_decref(reply);
    }
    return NULL;
}

/* Two players noting steps of one finished game at the same moment: every
 * note is kept (each change is stored only over the record it was made
 * from, and made again from the newer one otherwise). */
TEST(notes_set_at_once_are_all_kept)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("notes-race.db")), NULL) == 0);
    char id[32], path[128], notes_path[128];
    json_t *body = import_noted(&s, "[]", id, path, notes_path);
    REQUIRE(body != NULL && id[0]);
    note_writer w[2] = {{&s, notes_path, 1, {0}}, {&s, notes_path, 9, {0}}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, write_notes, &w[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 8; k++)
            CHECK_INT(w[i].statuses[k], 200);
    json_t *game = ask(&s, "GET", path, NULL, 200);
    json_t *kept = json_object_get(json_object_get(game, "record"), "notes");
    CHECK_INT((int)json_array_size(kept), 16);
    json_decref(game);
    json_decref(body);
    CHECK_INT(tw_ts_stop(&s), 0);
}
