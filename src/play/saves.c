/* Saved games in the terminal: every game started keeps its own save, a
 * file of the folder of saves (the save folder's "saves") named after the
 * game, its setup, its seed and when it started, so that no new game
 * replaces another. A finished game's save moves to "saves/finished".
 * `trickwood saves` lists them (newest first, in words or as JSON),
 * `resume` without a file asks which one to take up, and a new game given
 * an explicit --save FILE that holds an unfinished game asks first. The
 * one autosave per game of earlier versions (northwood-save.json,
 * foxduet-save.json) moves into the folder the first time it is looked
 * at. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "play/games.h"
#include "play/saves.h"
#include "term/prompt.h"
#include "trickwood/paths.h"

#define G(id) tw_text(cli->lang, (id))

static const char *const WORDS_YES[] = {"yes", "y", "oui", "o", NULL};
static const char *const WORDS_QUIT[] = {"quit", "q", "exit", "quitter", NULL};

const tw_msg tw_cli_saves_help = {{
    "  saves [--json] [--finished]    the saved games, newest first: game, setup, seed, when last\n"
    "                                 played, how far, file (--finished: the finished ones)\n"
    "      --delete N                 delete game N of the list (after asking)\n",
    "  saves [--json] [--finished]    les parties enregistrées, la plus récente d'abord : jeu, mise en\n"
    "                                 place, graine, dernière partie jouée, avancement, fichier\n"
    "                                 (--finished : les parties terminées)\n"
    "      --delete N                 supprimer la partie N de la liste (après confirmation)\n",
}};

/* One saved game as listed. */
typedef struct {
    char path[TW_CLI_PATH];
    const tw_cli_ui *ui;
    struct timespec modified;
    unsigned long long seed;
    int finished;
    tw_cli_about about;
} save_entry;

/* A list of saved games, and the game files of the folder that could not
 * be read (each "FILE:LINE: field 'x': why", as its loader says). */
typedef struct {
    save_entry *items;
    int count;
    json_t *unreadable; /* array of {file, reason} */
} save_list;

/* Frees what an entry holds. */
static void entry_free(save_entry *e)
{
    json_decref(e->about.setup_json);
    json_decref(e->about.progress_json);
    e->about.setup_json = e->about.progress_json = NULL;
}

/* Reads a save into an entry: its game, when it was written, its setup
 * and how far it went. Returns 0, or -1 when it is no game of this
 * program or does not load, with why in reason. */
static int entry_load(tw_cli *cli, const char *path, save_entry *e, char *reason, size_t reason_size)
{
    struct stat st;
    memset(e, 0, sizeof *e);
    reason[0] = '\0';
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(reason, reason_size, "%s: %s", path, G(TW_T_SAVE_NOT_FILE));
        return -1;
    }
    e->ui = tw_cli_ui_of_file(path);
    if (!e->ui) {
        tw_diag diag;
        tw_diag_init(&diag, path);
        char *text = tw_read_file(path, NULL, &diag);
        json_error_t error;
        json_t *root = text ? json_loads(text, 0, &error) : NULL;
        if (!text)
            tw_diag_format(&diag, reason, reason_size);
        else if (!root)
            snprintf(reason, reason_size, "%s:%d: %s", path, error.line, error.text);
        else
            snprintf(reason, reason_size, "%s: %s", path, G(TW_T_SAVE_NO_GAME));
        json_decref(root);
        free(text);
        return -1;
    }
    snprintf(e->path, sizeof e->path, "%s", path);
    e->modified = st.st_mtim;
    tw_cli_session *ss = tw_cli_session_new(cli, e->ui);
    if (!ss)
        return -1;
    tw_diag diag;
    snprintf(ss->save_path, sizeof ss->save_path, "%s", path);
    tw_diag_init(&diag, path);
    int ok = e->ui->load(ss, path, 0, &diag) == 0 && tw_cli_session_start(ss, &diag) == 0;
    if (!ok)
        tw_diag_format(&diag, reason, reason_size);
    if (ok) {
        e->seed = (unsigned long long)ss->seed;
        e->finished = tw_match_is_over(ss->match);
        e->ui->describe(ss, &e->about);
    }
    tw_cli_session_free(ss);
    return ok ? 0 : -1;
}

/* Whether entry a was written after entry b (newest first). */
static int newer_first(const void *pa, const void *pb)
{
    const save_entry *a = pa, *b = pb;
    if (a->modified.tv_sec != b->modified.tv_sec)
        return a->modified.tv_sec > b->modified.tv_sec ? -1 : 1;
    if (a->modified.tv_nsec != b->modified.tv_nsec)
        return a->modified.tv_nsec > b->modified.tv_nsec ? -1 : 1;
    return strcmp(b->path, a->path);
}

/* Frees a list. */
static void list_free(save_list *list)
{
    for (int i = 0; i < list->count; i++)
        entry_free(&list->items[i]);
    free(list->items);
    list->items = NULL;
    list->count = 0;
    json_decref(list->unreadable);
    list->unreadable = NULL;
}

/* Whether a file name is that of a game file (".json", not a players
 * file of an earlier version beside a save). */
int tw_cli_saves_game_file(const char *name)
{
    size_t len = strlen(name);
    return name[0] != '.' && len > 5 && strcmp(name + len - 5, ".json") == 0 &&
           (len < 13 || strcmp(name + len - 13, ".players.json") != 0);
}

/* Lists the games of a folder whose finished state is finished, newest
 * first. Returns 0, or -1 when out of memory. */
static int list_folder(tw_cli *cli, const char *dir, int finished, save_list *list)
{
    list->items = NULL;
    list->count = 0;
    list->unreadable = json_array();
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int cap = 0, err = 0;
    struct dirent *de;
    while (!err && (de = readdir(d)) != NULL) {
        char path[TW_CLI_PATH];
        if (!tw_cli_saves_game_file(de->d_name) || snprintf(path, sizeof path, "%s/%s", dir, de->d_name) >= (int)sizeof path)
            continue;
        if (list->count == cap) {
            save_entry *grown = realloc(list->items, sizeof *grown * (size_t)(cap ? cap * 2 : 16));
            if (!grown) {
                err = -1;
                break;
            }
            list->items = grown;
            cap = cap ? cap * 2 : 16;
        }
        save_entry *e = &list->items[list->count];
        char reason[600];
        int loaded = entry_load(cli, path, e, reason, sizeof reason) == 0;
        if (!loaded && list->unreadable)
            json_array_append_new(list->unreadable, json_pack("{s:s, s:s}", "file", path, "reason", reason));
        if (!loaded || e->finished != finished)
            entry_free(e);
        else
            list->count++;
    }
    closedir(d);
    if (list->count > 1)
        qsort(list->items, (size_t)list->count, sizeof list->items[0], newer_first);
    return err;
}

/* ---- Naming and moving saves ---------------------------------------------- */

/* The stem of a save's name: game, setup, seed and a time. */
static void name_stem(const tw_cli_ui *ui, const tw_cli_about *about, unsigned long long seed, time_t when, char *out,
                      size_t size)
{
    struct tm tm;
    char stamp[32] = "0";
    if (localtime_r(&when, &tm))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(out, size, "%s-%s-seed%llu-%s", ui->file_game, about->key, seed, stamp);
}

/* The candidate n (0: the plain name) for a stem in a folder. */
static int candidate(const char *dir, const char *stem, int n, char *out, size_t size)
{
    int len = n ? snprintf(out, size, "%s/%s-%d.json", dir, stem, n + 1) : snprintf(out, size, "%s/%s.json", dir, stem);
    return len > 0 && (size_t)len < size ? 0 : -1;
}

/* Moves a file to a name of dir made from stem that no file has, without
 * ever replacing one (a hard link, then the old name removed; a rename
 * where links are not allowed). Returns 0 with the new path in out. */
static int move_unique(const char *from, const char *dir, const char *stem, char *out, size_t size)
{
    for (int n = 0; n < 100; n++) {
        if (candidate(dir, stem, n, out, size) != 0)
            return -1;
        if (link(from, out) == 0)
            return unlink(from) == 0 || errno == ENOENT ? 0 : -1;
        if (errno == EEXIST)
            continue;
        if (access(out, F_OK) == 0)
            continue;
        return rename(from, out);
    }
    return -1;
}

/* Names the save of a new game: the first free name, made by creating
 * the file (empty until the first save, a moment later). */
int tw_cli_saves_name(tw_cli_session *ss)
{
    char dir[TW_CLI_PATH], stem[256];
    if (tw_path_saves_dir(0, 1, dir, sizeof dir) != 0)
        return -1;
    tw_cli_about about;
    memset(&about, 0, sizeof about);
    ss->ui->describe(ss, &about);
    json_decref(about.setup_json);
    json_decref(about.progress_json);
    name_stem(ss->ui, &about, (unsigned long long)ss->seed, time(NULL), stem, sizeof stem);
    for (int n = 0; n < 100; n++) {
        if (candidate(dir, stem, n, ss->save_path, sizeof ss->save_path) != 0)
            return -1;
        int fd = open(ss->save_path, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0)
            return close(fd);
        if (errno != EEXIST)
            return -1;
    }
    return -1;
}

/* A finished game saved in the folder of saves moves to "finished". */
void tw_cli_saves_finished(tw_cli_session *ss)
{
    char dir[TW_CLI_PATH], done[TW_CLI_PATH], moved[TW_CLI_PATH], stem[TW_CLI_PATH];
    if (tw_path_saves_dir(0, 0, dir, sizeof dir) != 0)
        return;
    size_t len = strlen(dir);
    if (strncmp(ss->save_path, dir, len) != 0 || ss->save_path[len] != '/')
        return;
    const char *name = ss->save_path + len + 1;
    if (strchr(name, '/') || !tw_cli_saves_game_file(name) || tw_path_saves_dir(1, 1, done, sizeof done) != 0)
        return;
    snprintf(stem, sizeof stem, "%.*s", (int)(strlen(name) - 5), name);
    if (move_unique(ss->save_path, done, stem, moved, sizeof moved) == 0)
        snprintf(ss->save_path, sizeof ss->save_path, "%s", moved);
}

/* Moves the autosave of an earlier version of one game into the folder
 * of saves (its players file too, beside it under the new name). A file
 * that does not load stays where it is. */
static void migrate_one(tw_cli *cli, const tw_cli_ui *ui, int quiet)
{
    char old[TW_CLI_PATH], dir[TW_CLI_PATH], stem[256], moved[TW_CLI_PATH];
    save_entry e;
    char reason[600];
    if (tw_path_save_file(ui->save_name, 0, old, sizeof old) != 0 || access(old, F_OK) != 0 ||
        entry_load(cli, old, &e, reason, sizeof reason) != 0)
        return;
    name_stem(e.ui, &e.about, e.seed, e.modified.tv_sec, stem, sizeof stem);
    if (tw_path_saves_dir(e.finished, 1, dir, sizeof dir) == 0 && move_unique(old, dir, stem, moved, sizeof moved) == 0) {
        char side_old[TW_CLI_PATH + 16], side_new[TW_CLI_PATH + 16];
        snprintf(side_old, sizeof side_old, "%.*s.players.json", (int)(strlen(old) - 5), old);
        snprintf(side_new, sizeof side_new, "%.*s.players.json", (int)(strlen(moved) - 5), moved);
        if (access(side_old, F_OK) == 0 && access(side_new, F_OK) != 0)
            (void)rename(side_old, side_new);
        if (!quiet)
            tw_cli_printf(cli, G(TW_T_MIGRATED), old, moved);
    }
    entry_free(&e);
}

/* Creates the folder of saves and moves earlier autosaves into it. */
int tw_cli_saves_prepare(tw_cli *cli, int quiet)
{
    char dir[TW_CLI_PATH];
    if (tw_path_saves_dir(0, 1, dir, sizeof dir) != 0)
        return -1;
    for (int g = 0; g < tw_cli_game_count; g++)
        migrate_one(cli, tw_cli_games[g], quiet);
    return 0;
}

/* ---- Listing -------------------------------------------------------------- */

/* A game's name in the player's language. */
static const char *game_name(const tw_cli *cli, const tw_cli_ui *ui)
{
    return tw_msg_get(&ui->texts[ui->msg[TW_CLI_M_GAME_NAME]], cli->lang);
}

/* Prints one entry in words (number n). */
static void print_entry(tw_cli *cli, const save_entry *e, int n)
{
    struct tm tm;
    char when[32] = "?";
    time_t t = e->modified.tv_sec;
    if (localtime_r(&t, &tm))
        strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
    tw_cli_printf(cli, G(TW_T_SAVES_ITEM), n, game_name(cli, e->ui), e->about.setup, e->seed, when, e->about.progress, e->path);
}

/* Says which game files of the folder could not be read, and why. */
static void print_unreadable(tw_cli *cli, const save_list *list)
{
    size_t n = json_array_size(list->unreadable);
    if (!n)
        return;
    tw_cli_printf(cli, G(TW_T_SAVES_UNREADABLE), (int)n);
    for (size_t i = 0; i < n; i++)
        tw_cli_printf(cli, "  %s\n", json_string_value(json_object_get(json_array_get(list->unreadable, i), "reason")));
}

/* Prints a list in words under its title. */
static void print_list(tw_cli *cli, const save_list *list, const char *dir, int finished)
{
    tw_cli_printf(cli, G(finished ? TW_T_FINISHED_TITLE : TW_T_SAVES_TITLE), dir);
    if (!list->count)
        tw_cli_printf(cli, "%s", G(TW_T_SAVES_NONE));
    for (int i = 0; i < list->count; i++)
        print_entry(cli, &list->items[i], i + 1);
    print_unreadable(cli, list);
}

/* Prints a list as JSON. */
static int print_json(tw_cli *cli, const save_list *list, const char *dir, int finished)
{
    json_t *saves = json_array();
    for (int i = 0; saves && i < list->count; i++) {
        const save_entry *e = &list->items[i];
        struct tm tm;
        char when[32] = "";
        time_t t = e->modified.tv_sec;
        if (gmtime_r(&t, &tm))
            strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
        json_array_append_new(saves, json_pack("{s:s, s:O?, s:I, s:s, s:O?, s:b, s:s}", "game", e->ui->file_game,
                                               "setup", e->about.setup_json, "seed", (json_int_t)e->seed,
                                               "last_played", when, "progress", e->about.progress_json, "finished",
                                               e->finished, "file", e->path));
    }
    return tw_cli_print_json(cli, json_pack("{s:s, s:i, s:s, s:b, s:o?, s:O?}", "format", "trickwood-saves", "version", 1,
                                            "folder", dir, "finished", finished, "saves", saves, "unreadable",
                                            list->unreadable));
}

/* Asks a question and reads one line into line (echoed when the input is
 * not a terminal). Returns 0 at the end of the input. */
static int ask_line(tw_cli *cli, const char *question, char *line, size_t size)
{
    tw_prompt_ask(cli->out, &cli->term, question);
    tw_cli_flush(cli);
    if (!tw_prompt_read(cli->in, line, size)) {
        fputc('\n', cli->out);
        return 0;
    }
    if (!isatty(fileno(cli->in)))
        tw_cli_printf(cli, "%s\n", line);
    return 1;
}

/* The options of `saves`. */
typedef struct {
    int json, finished;
    const char *delete; /* --delete N: the number in the list */
} saves_options;

/* The --json, --finished and --delete N options of `saves`. */
static int saves_option(tw_cli *cli, void *ctx, const char *usage, int argc, char **argv, int *i)
{
    saves_options *o = ctx;
    if (strcmp(argv[*i], "--json") == 0 || strcmp(argv[*i], "--finished") == 0) {
        *(argv[*i][2] == 'j' ? &o->json : &o->finished) = 1;
        return 1;
    }
    int got = tw_cli_opt_value(argc, argv, i, "--delete", &o->delete);
    return got < 0 ? -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--delete") : got;
}

/* `saves --delete N`: shows game N of the list and deletes its file (and
 * a players file of an earlier version beside it) once the player says
 * yes. */
static int delete_entry(tw_cli *cli, const save_list *list, const char *number)
{
    long value = 0;
    int index = tw_prompt_number(number, list->count, &value);
    if (index < 0) {
        tw_cli_errorf(cli, G(TW_T_DELETE_RANGE), list->count, number);
        return TW_EXIT_USAGE;
    }
    const save_entry *e = &list->items[index];
    char question[256], line[TW_PROMPT_LINE];
    print_entry(cli, e, index + 1);
    snprintf(question, sizeof question, "%s%s", G(TW_T_DELETE_ASK), G(TW_T_YES_NO));
    if (!ask_line(cli, question, line, sizeof line) || !tw_prompt_word(line, WORDS_YES)) {
        tw_cli_printf(cli, "%s", G(TW_T_DELETE_KEPT));
        return TW_EXIT_OK;
    }
    char side[TW_CLI_PATH + 16];
    snprintf(side, sizeof side, "%.*s.players.json", (int)(strlen(e->path) - 5), e->path);
    if (unlink(e->path) != 0) {
        tw_cli_errorf(cli, G(TW_T_SAVE_FAILED), e->path);
        return TW_EXIT_FAIL;
    }
    (void)unlink(side);
    tw_cli_printf(cli, G(TW_T_DELETED), e->path);
    return TW_EXIT_OK;
}

/* `trickwood saves [--json] [--finished] [--delete N]`. */
int tw_cli_saves(tw_cli *cli, int argc, char **argv)
{
    saves_options o = {0, 0, NULL};
    const tw_cli_args args = {.usage = tw_msg_get(&tw_cli_saves_help, cli->lang), .option = saves_option, .ctx = &o};
    int code = tw_cli_read_args(cli, &args, argc, argv);
    if (code)
        return code;
    tw_cli_setup_term(cli);
    char dir[TW_CLI_PATH];
    if (tw_cli_saves_prepare(cli, o.json) != 0 || tw_path_saves_dir(o.finished, 0, dir, sizeof dir) != 0) {
        tw_cli_errorf(cli, "%s", G(TW_T_NO_SAVE_DIR));
        return TW_EXIT_FAIL;
    }
    save_list list;
    if (list_folder(cli, dir, o.finished, &list) != 0) {
        list_free(&list);
        return TW_EXIT_FAIL;
    }
    if (o.delete)
        code = delete_entry(cli, &list, o.delete);
    else if (o.json)
        code = print_json(cli, &list, dir, o.finished);
    else {
        print_list(cli, &list, dir, o.finished);
        if (list.count && !o.finished)
            tw_cli_printf(cli, G(TW_T_SAVES_HOW), tw_cli_prog(cli), tw_cli_prog(cli));
    }
    list_free(&list);
    return code;
}

/* ---- Asking ---------------------------------------------------------------- */

/* `resume` without a file: one save, or the player's pick. */
int tw_cli_saves_choose(tw_cli *cli, char *out, size_t size)
{
    char dir[TW_CLI_PATH];
    save_list list;
    if (tw_cli_saves_prepare(cli, 0) != 0 || tw_path_saves_dir(0, 0, dir, sizeof dir) != 0) {
        tw_cli_errorf(cli, "%s", G(TW_T_NO_SAVE_DIR));
        return TW_EXIT_FAIL;
    }
    if (list_folder(cli, dir, 0, &list) != 0 || list.count == 0) {
        if (list.count == 0) {
            tw_cli_errorf(cli, G(TW_T_NO_SAVES), dir, tw_cli_prog(cli), tw_cli_prog(cli));
            print_unreadable(cli, &list);
        }
        list_free(&list);
        return TW_EXIT_FAIL;
    }
    if (list.count == 1)
        print_unreadable(cli, &list); /* the one game goes on at once: say what was left out */
    int pick = 0, code = 0;
    if (list.count > 1) {
        print_list(cli, &list, dir, 0);
        char question[128], line[TW_PROMPT_LINE];
        snprintf(question, sizeof question, G(TW_T_PICK_SAVE), list.count);
        for (;;) {
            long value = 0;
            if (!ask_line(cli, question, line, sizeof line)) {
                tw_cli_printf(cli, G(TW_T_PICK_NEWEST), list.items[0].path);
                break;
            }
            if (tw_prompt_word(line, WORDS_QUIT)) {
                code = -1;
                break;
            }
            int index = line[0] ? tw_prompt_number(line, list.count, &value) : 0;
            if (index >= 0) {
                pick = index;
                break;
            }
            tw_cli_printf(cli, G(TW_T_PICK_AGAIN), list.count);
        }
    }
    if (!code)
        snprintf(out, size, "%s", list.items[pick].path);
    list_free(&list);
    return code;
}

/* Asks before a new game replaces an unfinished one. */
int tw_cli_saves_guard(tw_cli *cli, const char *path)
{
    save_entry e;
    char reason[600];
    if (access(path, F_OK) != 0 || entry_load(cli, path, &e, reason, sizeof reason) != 0)
        return 0;
    int unfinished = !e.finished, yes = 0;
    if (unfinished) {
        char about[TW_CLI_PATH + 640], question[sizeof about + 32], line[TW_PROMPT_LINE];
        snprintf(about, sizeof about, G(TW_T_REPLACE_ASK), path, game_name(cli, e.ui), e.about.setup, e.seed,
                 e.about.progress);
        snprintf(question, sizeof question, "%s%s", about, G(TW_T_YES_NO));
        yes = ask_line(cli, question, line, sizeof line) && tw_prompt_word(line, WORDS_YES);
        if (!yes)
            tw_cli_errorf(cli, G(TW_T_REPLACE_REFUSED), path, tw_cli_prog(cli), path);
    }
    entry_free(&e);
    return unfinished && !yes ? TW_EXIT_FAIL : 0;
}
