/* One history for the terminal and the browser (its service:
 * src/history/): a game finished at this terminal is added to the
 * database `trickwood serve` uses by default (the user's data folder,
 * trickwood.db), and `trickwood history` lists
 * every finished game with its totals (per game and per setup) and the
 * command that deals one again.
 *
 * Writing beside a running server: the server holds the lock file
 * trickwood.db.lock (one server per database), not the database itself;
 * the terminal opens the database without that lock and adds a finished
 * game in one short SQLite transaction (WAL mode, a busy timeout of 5
 * seconds), which the server's own short transactions never block for
 * long. When the database cannot be written, nothing is lost: the game's
 * save stays in saves/finished, and every `trickwood history` first adds
 * the finished saves the database does not have yet (each is named by
 * its file, "terminal:PATH", and kept once). docs/terminal.md says the
 * same for players. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "history/history.h"
#include "play/games.h"
#include "play/history_cli.h"
#include "play/saves.h"
#include "trickwood/paths.h"

#define LATEST 20 /* games listed in words (--json lists every one) */

const tw_msg tw_cli_history_help = {{
    "  history [--json] [--game G]    your finished games, from the terminal and the browser: totals per\n"
    "                                 game and setup, then the latest games (G: northwood or foxduet)\n"
    "      --again N                  play game N of the list again: the same setup and seed\n"
    "      --db FILE                  the history's database (default: the one trickwood serve uses)\n",
    "  history [--json] [--game G]    vos parties terminées, au terminal et dans le navigateur : totaux par\n"
    "                                 jeu et par mise en place, puis les dernières parties (G : northwood ou foxduet)\n"
    "      --again N                  rejouer la partie N de la liste : même mise en place, même graine\n"
    "      --db FICHIER               la base de l'historique (par défaut : celle de trickwood serve)\n",
}};

typedef enum {
    HT_ADDED,
    HT_NOT_ADDED,
    HT_AGAIN,
    HT_TITLE,
    HT_EMPTY,
    HT_TALLY,
    HT_WON_BY,
    HT_REACHED,
    HT_OF,
    HT_LATEST,
    HT_ITEM,
    HT_WON,
    HT_LOST,
    HT_TERMINAL,
    HT_BROWSER,
    HT_AGAIN_HOW,
    HT_AGAIN_RANGE,
    HT_AGAIN_NONE,
    HT_AGAIN_START,
    HT_NO_DB,
    HT_BAD_GAME,
    HT_IMPORT_FAILED,
    HT_COUNT
} history_text_id;

/* The messages of the history, in English and French. */
static const tw_msg texts[HT_COUNT] = {
    [HT_ADDED] = {{"Added to your history (see it with: %s history, or in the browser with %s serve).\n",
                   "Ajoutée à votre historique (à voir avec : %s history, ou dans le navigateur avec %s serve).\n"}},
    [HT_NOT_ADDED] = {{"This game could not be added to your history yet (%s). Its save stays in %s; the next "
                       "%s history adds it.\n",
                       "Cette partie n'a pas encore pu être ajoutée à votre historique (%s). Sa sauvegarde reste "
                       "dans %s ; le prochain %s history l'ajoutera.\n"}},
    [HT_AGAIN] = {{"Play this deal again: %s\n", "Rejouer cette donne : %s\n"}},
    [HT_TITLE] = {{"Your history (%s)\n", "Votre historique (%s)\n"}},
    [HT_EMPTY] = {{"No finished game yet.\n", "Aucune partie terminée pour l'instant.\n"}},
    [HT_TALLY] = {{"%s%s: %d played, %d won (%d%%), best %d, average %s; wins in a row: %d now, %d at best\n",
                   "%s%s : jouées %d, gagnées %d (%d %%), meilleur %d, moyenne %s ; victoires d'affilée : %d en "
                   "cours, %d au mieux\n"}},
    [HT_WON_BY] = {{"  Won: %s\n", "  Gagnées : %s\n"}},
    [HT_REACHED] = {{"  Medals reached: %s\n", "  Médailles obtenues : %s\n"}},
    [HT_OF] = {{"%s (%d of %d)", "%s (%d sur %d)"}},
    [HT_LATEST] = {{"\nLatest games, newest first:\n", "\nDernières parties, la plus récente d'abord :\n"}},
    [HT_ITEM] = {{"%3d. %s  %s, %s: %s, %s (%s)\n", "%3d. %s  %s, %s : %s, %s (%s)\n"}},
    [HT_WON] = {{"won", "gagnée"}},
    [HT_LOST] = {{"lost", "perdue"}},
    [HT_TERMINAL] = {{"terminal", "terminal"}},
    [HT_BROWSER] = {{"browser", "navigateur"}},
    [HT_AGAIN_HOW] = {{"Play one of them again: %s history --again N\n",
                       "Pour en rejouer une : %s history --again N\n"}},
    [HT_AGAIN_RANGE] = {{"--again takes a game number from 1 to %d, not '%s'",
                         "--again attend un numéro de partie de 1 à %d, pas « %s »"}},
    [HT_AGAIN_NONE] = {{"game %d was played with your own characters or board: start it again with the same files "
                        "and --seed %llu",
                        "la partie %d a été jouée avec vos propres personnages ou plateau : relancez-la avec les "
                        "mêmes fichiers et --seed %llu"}},
    [HT_AGAIN_START] = {{"Dealing game %d again: %s\n", "Nouvelle donne de la partie %d : %s\n"}},
    [HT_NO_DB] = {{"no folder for the history: set HOME or give --db FILE",
                   "pas de dossier pour l'historique : définissez HOME ou indiquez --db FICHIER"}},
    [HT_BAD_GAME] = {{"--game takes northwood or foxduet, not '%s'", "--game attend northwood ou foxduet, pas « %s »"}},
    [HT_IMPORT_FAILED] = {{"a finished game could not be added to the history: %s\n",
                           "une partie terminée n'a pas pu être ajoutée à l'historique : %s\n"}},
};

#define H(id) tw_msg_get(&texts[id], cli->lang)

/* The history's database: --db (a file, or a postgresql:// URI), else
 * the server's default. 0, or -1. */
static int history_db(const char *given, char *out, size_t size)
{
    if (given) {
        snprintf(out, size, "%s", given);
        if (!tw_sql_is_uri(out))
            tw_path_make_parent(out); /* a failure shows when opening */
        return 0;
    }
    return tw_path_save_file("trickwood.db", 1, out, size);
}

/* The command that deals a listed game again ("" when the terminal's
 * own characters or board were used). */
static void again_command(json_t *item, char *out, size_t size)
{
    const tw_cli_ui *ui = tw_cli_ui_of_game(json_string_value(json_object_get(item, "game")));
    json_t *again = json_object_get(item, "again");
    out[0] = '\0';
    if (!ui || !ui->again_args || !json_is_object(again))
        return;
    char args[200];
    ui->again_args(again, args, sizeof args);
    snprintf(out, size, "%s %s --seed %lld", ui->game->key, args,
             (long long)json_integer_value(json_object_get(again, "seed")));
}

/* The whole command that deals a history item again, with the program as
 * it was run ("trickwood" when installed, the path from a checkout); empty
 * when there is none. */
static void again_line(const tw_cli *cli, json_t *item, char *out, size_t size)
{
    char rest[300];
    again_command(item, rest, sizeof rest);
    if (rest[0])
        snprintf(out, size, "%s %s", tw_cli_prog(cli), rest);
    else
        out[0] = '\0';
}

/* The source of a save: "terminal:" and its full path. */
static void save_source(const char *path, char *out, size_t size)
{
    char real[PATH_MAX];
    snprintf(out, size, "terminal:%s", realpath(path, real) ? real : path);
}

/* Who held the other seat of a session, as the server says it: "none"
 * (one seat), "human" (two people at this screen) or the bot's name. */
static const char *session_partner(tw_cli_session *ss)
{
    if (ss->ui->game->seats < 2)
        return "none";
    return tw_cli_hotseat(ss) || !ss->partner ? "human" : ss->partner;
}

/* The configuration the history keeps of a session's game, with its
 * "partner" for a game of two seats (as the server's). */
static json_t *session_config(tw_cli_session *ss)
{
    const tw_game *game = ss->ui->game;
    json_t *config = ss->ui->history_config ? ss->ui->history_config(ss) : game->config_json(ss->match);
    if (config && game->seats > 1)
        json_object_set_new(config, "partner", json_string(session_partner(ss)));
    return config;
}

/* Adds a finished session to the history at db (when: its end, NULL:
 * now). 1 added, 0 there already, -1 with a message in err. */
static int add_session(tw_cli_session *ss, const char *db, const char *when, char *err, size_t err_size)
{
    json_t *config = session_config(ss);
    const char *partner = session_partner(ss);
    char source[TW_CLI_PATH + 16];
    save_source(ss->save_path, source, sizeof source);
    int added = config ? tw_history_add(db, ss->match, config, ss->seed, partner, source, when, err, err_size)
                       : -1;
    if (!config)
        snprintf(err, err_size, "out of memory");
    json_decref(config);
    return added;
}

/* Says how to deal the session's game again. */
static void say_again(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    const tw_game *game = ss->ui->game;
    json_t *item = json_pack("{s:s, s:o?, s:o?, s:I}", "game", game->record_name, "config", session_config(ss), "result",
                             game->result_json(ss->match), "seed", (json_int_t)ss->seed);
    json_t *again = item ? tw_history_again(item, NULL, 0) : NULL;
    char command[900] = "";
    if (again) {
        json_object_set_new(item, "again", again);
        again_line(cli, item, command, sizeof command);
    }
    if (command[0])
        tw_cli_printf(cli, H(HT_AGAIN), command);
    json_decref(item);
}

void tw_cli_history_finished(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    char db[TW_CLI_PATH], err[600];
    snprintf(err, sizeof err, "%s", H(HT_NO_DB));
    int added = history_db(NULL, db, sizeof db) == 0 ? add_session(ss, db, NULL, err, sizeof err) : -1;
    if (added >= 0)
        tw_cli_printf(cli, H(HT_ADDED), tw_cli_prog(cli), tw_cli_prog(cli));
    else
        tw_cli_printf(cli, H(HT_NOT_ADDED), err, ss->save_path, tw_cli_prog(cli));
    say_again(ss);
}

/* ---- Finished saves not in the database yet ------------------------------- */

/* Adds one finished save when it is not there yet (known: the sources
 * stored). Quiet about files that are no finished game. */
static void import_one(tw_cli *cli, const char *db, const char *path, json_t *known)
{
    char source[TW_CLI_PATH + 16], when[32] = "", err[600];
    save_source(path, source, sizeof source);
    const tw_cli_ui *ui = tw_cli_ui_of_file(path);
    struct stat st;
    if (json_object_get(known, source) || !ui || stat(path, &st) != 0)
        return;
    struct tm tm;
    if (gmtime_r(&st.st_mtime, &tm))
        strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    tw_cli_session *ss = tw_cli_session_new(cli, ui);
    tw_diag diag;
    if (ss) {
        snprintf(ss->save_path, sizeof ss->save_path, "%s", path);
        /* Loaded as a resume would: who played comes with it. */
        if (ui->load(ss, path, 1, &diag) == 0 && tw_cli_session_start(ss, &diag) == 0 &&
            tw_match_is_over(ss->match)) {
            if (add_session(ss, db, when, err, sizeof err) < 0)
                fprintf(cli->err, H(HT_IMPORT_FAILED), err);
        }
    }
    tw_cli_session_free(ss);
}

/* Adds the finished saves the database does not have yet. */
void tw_cli_history_import(tw_cli *cli, const char *db)
{
    char dir[TW_CLI_PATH], err[600];
    tw_history_db store;
    if (tw_history_db_open(&store, db, -1, err, sizeof err) != 0)
        return;
    json_t *known = tw_history_sources(&store);
    tw_history_db_close(&store);
    DIR *d = known && tw_path_saves_dir(1, 0, dir, sizeof dir) == 0 ? opendir(dir) : NULL;
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL) {
        char path[TW_CLI_PATH];
        if (tw_cli_saves_game_file(de->d_name) &&
            snprintf(path, sizeof path, "%s/%s", dir, de->d_name) < (int)sizeof path)
            import_one(cli, db, path, known);
    }
    if (d)
        closedir(d);
    json_decref(known);
}

/* ---- Printing -------------------------------------------------------------- */

/* Prints one line of counts (label: a game or a setup). */
static void print_tally(tw_cli *cli, const char *indent, const char *label, json_t *t)
{
    double rate = json_real_value(json_object_get(t, "win_rate"));
    json_t *streak = json_object_get(t, "streak");
    char average[32] = "-";
    json_t *mean = json_object_get(t, "average");
    if (json_is_number(mean))
        tw_term_decimal1(cli->lang, json_number_value(mean), average, sizeof average);
    tw_cli_printf(cli, H(HT_TALLY), indent, label, (int)json_integer_value(json_object_get(t, "played")),
                  (int)json_integer_value(json_object_get(t, "won")), (int)(rate * 100 + 0.5),
                  (int)json_integer_value(json_object_get(t, "best")),
                  average,
                  (int)json_integer_value(json_object_get(streak, "current")),
                  (int)json_integer_value(json_object_get(streak, "best")));
}

/* Prints counts per group ("bronze (2 of 3), silver (1 of 2)", or
 * "no medal (3)" without the wins) after fmt. */
static void print_counts(tw_cli *cli, const tw_cli_ui *ui, history_text_id fmt, json_t *counts, int use_won)
{
    char line[600] = "", words[64], part[120];
    const char *key;
    json_t *c;
    if (!json_object_size(counts))
        return;
    json_object_foreach(counts, key, c)
    {
        ui->group_words(cli, key, words, sizeof words);
        int played = (int)json_integer_value(json_object_get(c, "played"));
        if (use_won)
            snprintf(part, sizeof part, H(HT_OF), words, (int)json_integer_value(json_object_get(c, "won")), played);
        else
            snprintf(part, sizeof part, "%s (%d)", words, played);
        size_t len = strlen(line);
        snprintf(line + len, sizeof line - len, "%s%s", len ? ", " : "", part);
    }
    tw_cli_printf(cli, H(fmt), line);
}

/* Prints the totals of every game that has finished games. */
static void print_totals(tw_cli *cli, json_t *totals)
{
    json_t *t;
    size_t i;
    json_array_foreach(json_object_get(totals, "games"), i, t)
    {
        const tw_cli_ui *ui = tw_cli_ui_of_game(json_string_value(json_object_get(t, "game")));
        if (!ui || json_integer_value(json_object_get(t, "played")) == 0)
            continue;
        tw_cli_printf(cli, "\n");
        print_tally(cli, "", tw_msg_get(&ui->texts[ui->msg[TW_CLI_M_GAME_NAME]], cli->lang), t);
        print_counts(cli, ui, HT_WON_BY, json_object_get(t, "groups"), 1);
        print_counts(cli, ui, HT_REACHED, json_object_get(t, "reached"), 0);
        json_t *s;
        size_t k;
        json_array_foreach(json_object_get(t, "setups"), k, s)
        {
            char words[200];
            ui->setup_words(cli, json_object_get(s, "config"), words, sizeof words);
            print_tally(cli, "    ", words, s);
        }
    }
}

/* Prints the latest games, numbered, each with the command that deals it
 * again. */
static void print_latest(tw_cli *cli, json_t *list)
{
    tw_cli_printf(cli, "%s", H(HT_LATEST));
    for (size_t i = 0; i < json_array_size(list) && i < LATEST; i++) {
        json_t *item = json_array_get(list, i);
        const tw_cli_ui *ui = tw_cli_ui_of_game(json_string_value(json_object_get(item, "game")));
        if (!ui)
            continue;
        char when[32], setup[200], score[120], command[300];
        const char *iso = json_string_value(json_object_get(item, "finished_at"));
        snprintf(when, sizeof when, "%.10s %.5s", iso ? iso : "?", iso && strlen(iso) > 11 ? iso + 11 : "");
        ui->setup_words(cli, json_object_get(item, "config"), setup, sizeof setup);
        ui->score_words(cli, json_object_get(item, "result"), score, sizeof score);
        const char *origin = json_string_value(json_object_get(item, "origin"));
        tw_cli_printf(cli, H(HT_ITEM), (int)i + 1, when, tw_msg_get(&ui->texts[ui->msg[TW_CLI_M_GAME_NAME]], cli->lang),
                      setup, H(json_is_true(json_object_get(json_object_get(item, "result"), "won")) ? HT_WON : HT_LOST),
                      score, H(origin && strcmp(origin, "terminal") == 0 ? HT_TERMINAL : HT_BROWSER));
        again_line(cli, item, command, sizeof command);
        if (command[0])
            tw_cli_printf(cli, "       %s\n", command);
    }
    tw_cli_printf(cli, H(HT_AGAIN_HOW), tw_cli_prog(cli));
}

/* Prints the history as JSON (every game, with its "command"). */
static int print_json(tw_cli *cli, const char *db, json_t *list, json_t *totals)
{
    json_t *item;
    size_t i;
    json_array_foreach(list, i, item)
    {
        char command[900];
        again_line(cli, item, command, sizeof command);
        json_object_set_new(item, "command", command[0] ? json_string(command) : json_null());
    }
    return tw_cli_print_json(cli, json_pack("{s:s, s:i, s:s, s:O, s:O}", "format", "trickwood-history", "version", 1,
                                            "db", db, "totals", totals, "games", list));
}

/* ---- The command ----------------------------------------------------------- */

/* The options of `history`. */
typedef struct {
    int json;
    const char *game, *again, *db;
} history_options;

/* --json, --game G, --again N and --db FILE. */
static int history_option(tw_cli *cli, void *ctx, const char *usage, int argc, char **argv, int *i)
{
    history_options *o = ctx;
    if (strcmp(argv[*i], "--json") == 0) {
        o->json = 1;
        return 1;
    }
    static const char *const names[] = {"--game", "--again", "--db"};
    const char **slots[] = {&o->game, &o->again, &o->db};
    for (int k = 0; k < 3; k++) {
        int got = tw_cli_opt_value(argc, argv, i, names[k], slots[k]);
        if (got)
            return got < 0 ? -tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), names[k]) : 1;
    }
    return 0;
}

/* `--again N`: starts game N of the list again with its game's command. */
static int play_again(tw_cli *cli, json_t *list, const char *number)
{
    long value = 0;
    int count = (int)json_array_size(list);
    char *end = NULL;
    value = strtol(number, &end, 10);
    if (!*number || *end || value < 1 || value > count) {
        tw_cli_errorf(cli, H(HT_AGAIN_RANGE), count, number);
        return TW_EXIT_USAGE;
    }
    json_t *item = json_array_get(list, (size_t)value - 1);
    char command[300];
    again_command(item, command, sizeof command);
    if (!command[0]) {
        tw_cli_errorf(cli, H(HT_AGAIN_NONE), (int)value, (unsigned long long)json_integer_value(json_object_get(item, "seed")));
        return TW_EXIT_FAIL;
    }
    char line[900];
    again_line(cli, item, line, sizeof line);
    tw_cli_printf(cli, H(HT_AGAIN_START), (int)value, line);
    char *args[24];
    int n = 0;
    for (char *word = strtok(command, " "); word && n < 20; word = strtok(NULL, " "))
        args[n++] = word;
    args[n++] = "--lang";
    args[n++] = cli->lang == TW_LANG_FR ? "fr" : "en";
    args[n] = NULL;
    for (int c = 0; c < cli->command_count; c++)
        if (strcmp(cli->commands[c].name, args[0]) == 0)
            return cli->commands[c].run(cli, n, args);
    return TW_EXIT_FAIL;
}

json_t *tw_cli_history_games(tw_cli *cli, const char *game)
{
    char db[TW_CLI_PATH], err[600];
    tw_history_db store;
    if (history_db(NULL, db, sizeof db) != 0)
        return NULL;
    tw_cli_saves_prepare(cli, 1);
    tw_cli_history_import(cli, db);
    if (tw_history_db_open(&store, db, -1, err, sizeof err) != 0)
        return NULL;
    json_t *list = tw_history_list(&store, game, -1);
    tw_history_db_close(&store);
    return list;
}

int tw_cli_history(tw_cli *cli, int argc, char **argv)
{
    history_options o = {0, NULL, NULL, NULL};
    const tw_cli_args args = {.usage = tw_msg_get(&tw_cli_history_help, cli->lang), .option = history_option, .ctx = &o};
    int code = tw_cli_read_args(cli, &args, argc, argv);
    if (code)
        return code;
    if (o.game && !tw_game_find_record_name(o.game) && !tw_game_find(o.game))
        return tw_cli_usage_error(cli, args.usage, H(HT_BAD_GAME), o.game);
    const char *game = o.game ? (tw_game_find(o.game) ? tw_game_find(o.game)->record_name : o.game) : NULL;
    tw_cli_setup_term(cli);
    char db[TW_CLI_PATH], err[600];
    if (history_db(o.db, db, sizeof db) != 0) {
        tw_cli_errorf(cli, "%s", H(HT_NO_DB));
        return TW_EXIT_FAIL;
    }
    tw_history_db store;
    tw_cli_saves_prepare(cli, 1);
    tw_cli_history_import(cli, db);
    if (tw_history_db_open(&store, db, -1, err, sizeof err) != 0) {
        tw_cli_errorf(cli, "%s", err);
        return TW_EXIT_FAIL;
    }
    json_t *list = tw_history_list(&store, game, -1);
    tw_history_db_close(&store);
    tw_history_annotate(list);
    json_t *totals = tw_history_totals(list, game);
    if (o.again)
        code = play_again(cli, list, o.again);
    else if (o.json)
        code = print_json(cli, db, list, totals);
    else {
        tw_cli_printf(cli, H(HT_TITLE), db);
        if (!json_array_size(list))
            tw_cli_printf(cli, "%s", H(HT_EMPTY));
        else {
            print_totals(cli, totals);
            print_latest(cli, list);
        }
    }
    json_decref(list);
    json_decref(totals);
    return code;
}
