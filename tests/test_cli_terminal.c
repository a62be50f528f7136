/* The terminal's small things, in both games and both languages: counts
 * in the singular and the plural, Enter for a single choice, the trick a
 * finished Duet names, the partner's forest side, the hint in the help,
 * the command the messages name, resume's usage checked before it asks,
 * and lines wrapped at word boundaries. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "term/cli.h"
#include "play/fox/fox_cli.h"
#include "term/term.h"
#include "term/text.h"
#include "cli_harness.h"
#include "test.h"
#include "trickwood/fox_files.h"
#include "trickwood/nw_files.h"
#include <jansson.h>

TEST(cli_terminal_counts_singular_and_plural)
{
    char out[64];
    CHECK_STR(tw_text_count(TW_LANG_EN, 1, TW_T_CARDS_ONE, out, sizeof out), "1 card");
    CHECK_STR(tw_text_count(TW_LANG_EN, 0, TW_T_CARDS_ONE, out, sizeof out), "0 cards");
    CHECK_STR(tw_text_count(TW_LANG_EN, 7, TW_T_CARDS_ONE, out, sizeof out), "7 cards");
    CHECK_STR(tw_text_count(TW_LANG_FR, 1, TW_T_CARDS_ONE, out, sizeof out), "1 carte");
    CHECK_STR(tw_text_count(TW_LANG_FR, 2, TW_T_CARDS_ONE, out, sizeof out), "2 cartes");
    CHECK_STR(tw_text_count(TW_LANG_EN, 1, TW_T_STARS_ONE, out, sizeof out), "1 star");
    CHECK_STR(tw_text_count(TW_LANG_FR, 4, TW_T_STARS_ONE, out, sizeof out), "4 étoiles");
    CHECK_STR(tw_fox_cli_count(&(tw_cli){.lang = TW_LANG_EN}, 1, FX_T_GEMS_ONE, out, sizeof out), "1 gem");
    CHECK_STR(tw_fox_cli_count(&(tw_cli){.lang = TW_LANG_FR}, 3, FX_T_TOKENS_ONE, out, sizeof out), "3 jetons forêt");
    /* French counts 0 as singular, English as plural */
    CHECK_STR(tw_text_count(TW_LANG_FR, 0, TW_T_CARDS_ONE, out, sizeof out), "0 carte");
    CHECK_STR(tw_fox_cli_count(&(tw_cli){.lang = TW_LANG_FR}, 0, FX_T_GEMS_ONE, out, sizeof out), "0 gemme");
    CHECK_STR(tw_fox_cli_count(&(tw_cli){.lang = TW_LANG_EN}, 0, FX_T_GEMS_ONE, out, sizeof out), "0 gems");
    CHECK_INT(tw_lang_singular(TW_LANG_FR, -1), 1);
    CHECK_INT(tw_lang_singular(TW_LANG_FR, 2), 0);
    CHECK_INT(tw_lang_singular(TW_LANG_EN, 0), 0);
}

/* Plays a whole game answering 1 and returns its output (free it). */
static char *whole_game(const char *const *args)
{
    char *input = tw_test_repeat_lines("1", 3000);
    if (!input)
        return NULL;
    tw_test_cli_result r = tw_test_cli_run(input, args);
    free(input);
    CHECK_INT(r.code, 0);
    free(r.err);
    return r.out;
}

TEST(cli_terminal_plurals_in_games)
{
    tw_test_scratch_xdg("xdg-terminal");
    /* a fief worth one star, won: "+1 star" */
    int found = 0;
    for (int seed = 1; seed <= 40 && !found; seed++) {
        char text[16];
        snprintf(text, sizeof text, "%d", seed);
        const char *args[] = {"northwood", "--seed", text, "--lang", "en", "--ascii", NULL};
        char *out = whole_game(args);
        REQUIRE(out != NULL);
        CHECK(!strstr(out, "+1 stars"));
        CHECK(!strstr(out, " 1 cards"));
        found = strstr(out, "is now friendly: +1 star.") != NULL;
        free(out);
    }
    CHECK(found);
    /* the Duet: the partner's hand comes down to one card */
    const char *fox[] = {"fox", "--seed", "5", "--lang", "en", "--ascii", NULL};
    char *out = whole_game(fox);
    REQUIRE(out != NULL);
    CHECK_CONTAINS(out, "Your partner holds 1 card.");
    CHECK(!strstr(out, " 1 cards") && !strstr(out, "(1 cards"));
    free(out);
    const char *fox_fr[] = {"fox", "--seed", "5", "--lang", "fr", "--ascii", NULL};
    out = whole_game(fox_fr);
    REQUIRE(out != NULL);
    CHECK_CONTAINS(out, "Votre partenaire a 1 carte en main.");
    CHECK(!strstr(out, " 1 cartes") && !strstr(out, "(1 cartes"));
    free(out);
}

/* The number of "Your choice" prompts before the first one with a single
 * choice in out, or -1 when there is none. */
static int answers_before_single(const char *out)
{
    const char *single = strstr(out, "Your choice (1, or Enter)?");
    if (!single)
        return -1;
    int n = 0;
    for (const char *p = out; (p = strstr(p, "Your choice (")) != NULL && p < single; p++)
        n++;
    return n;
}

TEST(cli_terminal_enter_takes_a_single_choice)
{
    tw_test_scratch_xdg("xdg-terminal");
    char save_one[512], save_enter[512];
    snprintf(save_one, sizeof save_one, "%s", tw_test_tmp("single-one.json"));
    snprintf(save_enter, sizeof save_enter, "%s", tw_test_tmp("single-enter.json"));
    const char *first[] = {"fox", "--seed", "5", "--lang", "en", "--ascii", NULL};
    char *out = whole_game(first);
    REQUIRE(out != NULL);
    int before = answers_before_single(out);
    free(out);
    REQUIRE(before >= 0);
    /* the same answers, then 1 or Enter at the single choice: the same game */
    size_t size = (size_t)before * 2 + 16;
    char *ones = malloc(size), *enter = malloc(size);
    REQUIRE(ones && enter);
    char *lines = tw_test_repeat_lines("1", before);
    snprintf(ones, size, "%s1\nquit\n", before ? lines : "");
    snprintf(enter, size, "%s\nquit\n", before ? lines : "");
    free(lines);
    unlink(save_one);
    unlink(save_enter);
    const char *a[] = {"fox", "--seed", "5", "--lang", "en", "--ascii", "--save", save_one, NULL};
    const char *b[] = {"fox", "--seed", "5", "--lang", "en", "--ascii", "--save", save_enter, NULL};
    tw_test_cli_result r1 = tw_test_cli_run(ones, a), r2 = tw_test_cli_run(enter, b);
    CHECK_INT(r2.code, 0);
    REQUIRE(r2.out != NULL);
    CHECK(!strstr(r2.out, "answer with a number"));
    char *t1 = tw_read_file(save_one, NULL, NULL), *t2 = tw_read_file(save_enter, NULL, NULL);
    REQUIRE(t1 && t2);
    /* the records differ only by their file names and times: compare actions */
    const char *x = strstr(t1, "\"actions\""), *y = strstr(t2, "\"actions\"");
    REQUIRE(x && y);
    CHECK(strncmp(x, y, strcspn(x, "]")) == 0);
    free(t1);
    free(t2);
    free(ones);
    free(enter);
    tw_test_cli_free(&r1);
    tw_test_cli_free(&r2);
    /* with several choices, Enter is still refused */
    const char *c[] = {"northwood", "--seed", "5", "--lang", "en", NULL};
    tw_test_cli_result r3 = tw_test_cli_run("\nquit\n", c);
    CHECK_CONTAINS(r3.out, "answer with a number from 1 to");
    tw_test_cli_free(&r3);
}

TEST(cli_terminal_trick_number_after_the_end)
{
    tw_fox_state s;
    memset(&s, 0, sizeof s);
    s.phase = TW_FOX_PHASE_PLAY;
    s.tricks_done = 9;
    CHECK_INT(tw_fox_cli_trick_number(&s), 10);
    s.tricks_done = 10;
    CHECK_INT(tw_fox_cli_trick_number(&s), 11);
    s.phase = TW_FOX_PHASE_GAME_OVER; /* lost on trick 10 */
    CHECK_INT(tw_fox_cli_trick_number(&s), 10);
    s.tricks_done = 11;
    CHECK_INT(tw_fox_cli_trick_number(&s), 11);
    s.phase = TW_FOX_PHASE_FOREST;
    CHECK_INT(tw_fox_cli_trick_number(&s), 11);
    /* whole games: the last screen names the number of tricks played */
    tw_test_scratch_xdg("xdg-terminal");
    for (int seed = 1; seed <= 6; seed++) {
        char text[16], save[512];
        snprintf(text, sizeof text, "%d", seed);
        snprintf(save, sizeof save, "%s", tw_test_tmp("trick-number.json"));
        unlink(save);
        const char *args[] = {"fox", "--seed", text, "--lang", "en", "--ascii", "--save", save, NULL};
        char *out = whole_game(args);
        REQUIRE(out != NULL);
        const char *last = out, *p = out;
        while ((p = strstr(p + 1, "| trick ")) != NULL)
            last = p;
        tw_fox_record rec;
        tw_diag diag;
        tw_fox_state end;
        REQUIRE(tw_fox_record_load(&rec, save, &diag) == TW_OK);
        CHECK(tw_fox_record_replay(&rec, -1, &end, NULL) == TW_OK);
        tw_fox_record_free(&rec);
        CHECK_INT(end.phase, TW_FOX_PHASE_GAME_OVER);
        CHECK_INT(atoi(last + strlen("| trick ")), end.tricks_done);
        free(out);
    }
}

TEST(cli_terminal_partner_tells_its_forest_side)
{
    tw_test_scratch_xdg("xdg-terminal");
    const char *en[] = {"fox", "--seed", "5", "--lang", "en", "--ascii", NULL};
    char *out = whole_game(en);
    REQUIRE(out != NULL);
    CHECK_CONTAINS(out, "Your partner chose the end toward you for the forest token.");
    free(out);
    const char *fr[] = {"fox", "--seed", "5", "--lang", "fr", "--ascii", NULL};
    out = whole_game(fr);
    REQUIRE(out != NULL);
    CHECK_CONTAINS(out, "Votre partenaire a choisi l'extrémité vers vous pour le jeton forêt.");
    free(out);
    /* and the player's own choice is told too */
    const char *seat2[] = {"fox", "--seed", "1", "--seat", "2", "--lang", "en", "--ascii", NULL};
    out = whole_game(seat2);
    REQUIRE(out != NULL);
    CHECK_CONTAINS(out, "You put the forest token at the end toward");
    free(out);
}

TEST(cli_terminal_hint_in_the_help)
{
    tw_test_scratch_xdg("xdg-terminal");
    static const struct {
        const char *game, *lang, *text;
    } cases[] = {
        {"northwood", "en", "hint gives the strong bot's advice"},
        {"northwood", "fr", "indice donne le conseil du robot fort"},
        {"fox", "en", "hint gives the strong partner's advice"},
        {"fox", "fr", "indice donne le conseil du partenaire fort"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *args[] = {cases[i].game, "--seed", "3", "--lang", cases[i].lang, NULL};
        tw_test_cli_result r = tw_test_cli_run(strcmp(cases[i].lang, "fr") ? "help\nquit\n" : "aide\nquitter\n", args);
        CHECK_INT(r.code, 0);
        CHECK_CONTAINS(r.out, cases[i].text);
        tw_test_cli_free(&r);
    }
}

TEST(cli_terminal_program_name)
{
    char name[512], dir[512], file[600];
    tw_cli_program_name("trickwood", "/usr/bin", name, sizeof name);
    CHECK_STR(name, "trickwood");
    snprintf(dir, sizeof dir, "%s", tw_test_tmp("bin"));
    mkdir(dir, 0755);
    snprintf(file, sizeof file, "%s/trickwood", dir);
    FILE *f = fopen(file, "w");
    REQUIRE(f != NULL);
    fclose(f);
    tw_cli_program_name(file, "/nowhere:/usr/bin", name, sizeof name);
    CHECK_STR(name, file); /* a checkout: the path that works */
    char path[1200];
    snprintf(path, sizeof path, "/nowhere:%s:/usr/bin", dir);
    tw_cli_program_name(file, path, name, sizeof name);
    CHECK_STR(name, "trickwood"); /* installed: on the PATH */
    /* the messages name it */
    tw_test_scratch_xdg("xdg-terminal");
    char *argv[] = {file, "northwood", "--seed", "4", "--lang", "en", NULL};
    char *out = NULL, *err = NULL;
    size_t out_len = 0, err_len = 0;
    FILE *in = fmemopen((void *)"quit\n", 5, "r");
    FILE *o = open_memstream(&out, &out_len), *e = open_memstream(&err, &err_len);
    REQUIRE(in && o && e);
    char *old = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
    setenv("PATH", "/nowhere", 1);
    CHECK_INT(tw_cli_main(6, argv, in, o, e), 0);
    if (old)
        setenv("PATH", old, 1);
    free(old);
    fclose(in);
    fclose(o);
    fclose(e);
    char expect[800];
    snprintf(expect, sizeof expect, "Continue it with: %s resume ", file);
    CHECK_CONTAINS(out, expect);
    free(out);
    free(err);
}

TEST(cli_terminal_resume_usage_before_asking)
{
    tw_test_scratch_xdg("xdg-terminal-resume");
    const char *one[] = {"northwood", "--seed", "1", NULL};
    const char *two[] = {"fox", "--seed", "2", NULL};
    tw_test_cli_result r = tw_test_cli_run("quit\n", one);
    tw_test_cli_free(&r);
    r = tw_test_cli_run("quit\n", two);
    tw_test_cli_free(&r);
    const char *bogus[] = {"resume", "--bogus", NULL};
    r = tw_test_cli_run("1\nquit\n", bogus);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "unknown option '--bogus'");
    CHECK(!strstr(r.out, "Which game"));
    tw_test_cli_free(&r);
    const char *missing[] = {"resume", "--seat", NULL};
    r = tw_test_cli_run("1\nquit\n", missing);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "option --seat needs a value");
    tw_test_cli_free(&r);
    /* the layout options are checked too */
    const char *narrow[] = {"northwood", "--width", "10", NULL};
    r = tw_test_cli_run("", narrow);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "--width takes a number of columns from 40 to 1000, not '10'");
    tw_test_cli_free(&r);
    const char *width_resume[] = {"resume", "--width", NULL};
    r = tw_test_cli_run("1\nquit\n", width_resume);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "option --width needs a value");
    tw_test_cli_free(&r);
    /* good options still reach the question */
    const char *good[] = {"resume", "--hotseat", "--lang", "en", "--compact", "--width", "90", NULL};
    r = tw_test_cli_run("quit\n", good);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Which game");
    tw_test_cli_free(&r);
}

TEST(cli_terminal_wrap_at_word_boundaries)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    REQUIRE(f != NULL);
    const char *in = "short line\n  3. a numbered choice whose words go on well past the width : here\nprompt? ";
    tw_term_wrap_block(f, in, strlen(in), 30);
    fclose(f);
    CHECK_STR(text, "short line\n"
                    "  3. a numbered choice whose\n"
                    "     words go on well past the\n"
                    "     width : here\n"
                    "prompt? ");
    free(text);
}

/* ---- French input --------------------------------------------------------- */

/* The actions of a saved record, as a JSON array (decref it), or NULL. */
static json_t *record_actions(const char *path)
{
    json_error_t error;
    json_t *root = json_load_file(path, 0, &error);
    json_t *actions = root ? json_incref(json_object_get(root, "actions")) : NULL;
    json_decref(root);
    return actions;
}

/* Rewrites one action of the record notation word by word with words
 * (pairs: English, French) and the card letters (pairs of letters). */
static void to_french(const char *action, const char *const *words, const char *letters, char *out, size_t size)
{
    char copy[128];
    snprintf(copy, sizeof copy, "%s", action);
    out[0] = '\0';
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char word[64];
        snprintf(word, sizeof word, "%s", w);
        size_t len = strlen(word);
        if (len >= 2 && word[0] >= '0' && word[0] <= '9')
            for (size_t i = 0; letters[i] && letters[i + 1]; i += 2)
                if (word[len - 1] == letters[i]) {
                    word[len - 1] = letters[i + 1];
                    break;
                }
        for (int i = 0; words[i]; i += 2)
            if (strcmp(word, words[i]) == 0) {
                snprintf(word, sizeof word, "%s", words[i + 1]);
                break;
            }
        size_t at = strlen(out);
        snprintf(out + at, size - at, "%s%s", at ? " " : "", word);
    }
}

/* Whether two saves hold the same actions. */
static int same_actions(const char *a, const char *b)
{
    json_t *x = record_actions(a), *y = record_actions(b);
    int same = x && y && json_equal(x, y);
    json_decref(x);
    json_decref(y);
    return same;
}

/* Answers that wander through the choices (the 2nd, 1st, 3rd...): a game
 * with substitutes and abilities, not only the first choices. */
static char *wandering_answers(int n)
{
    char *text = malloc((size_t)n * 3 + 1);
    if (!text)
        return NULL;
    static const char cycle[] = "2131";
    for (int i = 0; i < n; i++) {
        text[i * 2] = cycle[i % 4];
        text[i * 2 + 1] = '\n';
    }
    text[n * 2] = '\0';
    return text;
}

TEST(cli_terminal_french_words_northwood)
{
    tw_test_scratch_xdg("xdg-terminal");
    char english[512], french[512], mixed[512];
    snprintf(english, sizeof english, "%s", tw_test_tmp("fr-words-en.json"));
    snprintf(french, sizeof french, "%s", tw_test_tmp("fr-words-fr.json"));
    snprintf(mixed, sizeof mixed, "%s", tw_test_tmp("fr-words-mixed.json"));
    unlink(english);
    unlink(french);
    unlink(mixed);
    char *answers = wandering_answers(400);
    REQUIRE(answers != NULL);
    const char *a[] = {"northwood", "--full", "--seed", "7", "--lang", "en", "--save", english, NULL};
    tw_test_cli_result r = tw_test_cli_run(answers, a);
    free(answers);
    tw_test_cli_free(&r);
    json_t *actions = record_actions(english);
    REQUIRE(actions != NULL && json_array_size(actions) > 20);
    static const char *const words[] = {
        "visit", "visiter", "substitute", "remplacer", "begin", "commencer", "activate", "activer",
        "proceed", "poursuivre", "respond", "répondre", "pick", "choisir", "name", "nommer", "ally", "allié",
        "continue", "continuer", "pass", "passer", "finish", "terminer", "stop", "arrêter", "claws", "griffes",
        "flowers", "fleurs", "leaves", "feuilles", "eyes", "yeux", NULL,
    };
    size_t n = json_array_size(actions), size = n * 64 + 16;
    char *typed = malloc(size), *kept = malloc(size);
    REQUIRE(typed && kept);
    typed[0] = kept[0] = '\0';
    int verbs = 0, cards = 0;
    for (size_t i = 0; i < n; i++) {
        const char *action = json_string_value(json_array_get(actions, i));
        char line[128];
        to_french(action, words, "CGEY", line, sizeof line);
        verbs += strcmp(line, action) != 0;
        if (strncmp(line, "répondre ", 9) == 0 && i % 2) /* a bare card every other time */
            memmove(line, line + 9, strlen(line + 9) + 1);
        cards += strchr(line, 'G') || strchr(line, 'Y');
        size_t at = strlen(typed);
        snprintf(typed + at, size - at, "%s\n", line);
        at = strlen(kept);
        snprintf(kept + at, size - at, "%s\n", action);
    }
    CHECK(verbs > 10 && cards > 3);
    const char *b[] = {"northwood", "--full", "--seed", "7", "--lang", "fr", "--save", french, NULL};
    r = tw_test_cli_run(typed, b);
    CHECK(!strstr(r.out, "n'est pas compris"));
    tw_test_cli_free(&r);
    CHECK(same_actions(english, french));
    /* the English notation keeps working in a French game */
    const char *c[] = {"northwood", "--full", "--seed", "7", "--lang", "fr", "--save", mixed, NULL};
    r = tw_test_cli_run(kept, c);
    tw_test_cli_free(&r);
    CHECK(same_actions(english, mixed));
    free(typed);
    free(kept);
    json_decref(actions);
    /* the French letters are shown: on the screen and in the help */
    const char *d[] = {"northwood", "--seed", "7", "--lang", "fr", "--ascii", NULL};
    r = tw_test_cli_run("aide\nquitter\n", d);
    CHECK_CONTAINS(r.out, "une carte comme 7Y (lettres G\n  Griffes, F Fleurs, L Feuilles, Y Yeux");
    CHECK_CONTAINS(r.out, "une carte comme 7Y (G F L Y)");
    CHECK_CONTAINS(r.out, "Reine des Griffes G");
    CHECK_CONTAINS(r.out, "Roi des Yeux Y");
    tw_test_cli_free(&r);
}

TEST(cli_terminal_french_words_fox)
{
    tw_test_scratch_xdg("xdg-terminal");
    char english[512], french[512];
    snprintf(english, sizeof english, "%s", tw_test_tmp("fox-fr-words-en.json"));
    snprintf(french, sizeof french, "%s", tw_test_tmp("fox-fr-words-fr.json"));
    unlink(english);
    unlink(french);
    char *answers = wandering_answers(600);
    REQUIRE(answers != NULL);
    const char *a[] = {"fox", "--seed", "8", "--lang", "en", "--save", english, NULL};
    tw_test_cli_result r = tw_test_cli_run(answers, a);
    free(answers);
    tw_test_cli_free(&r);
    tw_fox_record rec;
    tw_diag diag;
    REQUIRE(tw_fox_record_load(&rec, english, &diag) == TW_OK);
    json_t *actions = record_actions(english);
    REQUIRE(actions != NULL);
    static const char *const words[] = {
        "play", "jouer", "fox", "renard", "self", "soi", "partner", "partenaire", "keep", "garder",
        "exchange", "échanger", "gift", "donner", "ignore", "ignorer", "none", "aucune",
        "toward-winner", "vers-gagnant", "toward-partner", "vers-partenaire", "forest", "forêt",
        "left", "gauche", "right", "droite", NULL,
    };
    size_t n = json_array_size(actions), size = n * 64 + 16;
    char *typed = malloc(size);
    REQUIRE(typed != NULL);
    typed[0] = '\0';
    int mine = 0;
    for (size_t i = 0; i < n; i++) {
        tw_fox_state s;
        REQUIRE(tw_fox_record_replay(&rec, (int)i, &s, NULL) == TW_OK);
        if (tw_fox_to_act(&s) != 0) /* the partner's move */
            continue;
        char line[128];
        to_french(json_string_value(json_array_get(actions, i)), words, "DCSE", line, sizeof line);
        size_t at = strlen(typed);
        snprintf(typed + at, size - at, "%s\n", line);
        mine++;
    }
    tw_fox_record_free(&rec);
    CHECK(mine > 10);
    const char *b[] = {"fox", "--seed", "8", "--lang", "fr", "--save", french, NULL};
    r = tw_test_cli_run(typed, b);
    CHECK(!strstr(r.out, "n'est pas compris"));
    tw_test_cli_free(&r);
    CHECK(same_actions(english, french));
    free(typed);
    json_decref(actions);
}

/* ---- The layout at 80 columns ---------------------------------------------- */

/* The first line of text wider than width (display columns), copied into
 * out; 0 when every line fits. */
static int line_too_wide(const char *text, int width, char *out, size_t size)
{
    while (*text) {
        size_t n = strcspn(text, "\n");
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), text);
        if (tw_term_width(line) > width) {
            snprintf(out, size, "%s", line);
            return 1;
        }
        text += n + (text[n] == '\n');
    }
    return 0;
}

/* The tallest screen of a game's output, in rows: from the blank line
 * above a screen's header to the prompt that ends it. */
static int tallest_screen(const char *text)
{
    static const char *const headers[] = {"For Northwood! |", "Les Fiefs de Norbois ! |",
                                          "The Fox in the Forest Duet |", "Le Renard des Bois : Duo |"};
    int row = 0, start = -1, tallest = 0;
    while (*text) {
        size_t n = strcspn(text, "\n");
        row++;
        for (int h = 0; h < 4; h++)
            if (strncmp(text, headers[h], strlen(headers[h])) == 0)
                start = row;
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), text);
        if (start > 0 && (strstr(line, "Your choice (") || strstr(line, "Votre choix ("))) {
            if (row - start + 2 > tallest)
                tallest = row - start + 2;
            start = -1;
        }
        text += n + (text[n] == '\n');
    }
    return tallest;
}

/* Runs a whole game (wandering answers) and checks that no line is wider
 * than 80 columns, and in the compact layout that every screen fits 24
 * rows. Returns the output (free it). */
static char *game_at_80(const char *const *args)
{
    char *answers = wandering_answers(3000);
    if (!answers)
        return NULL;
    tw_test_cli_result r = tw_test_cli_run(answers, args);
    free(answers);
    CHECK_INT(r.code, 0);
    char wide[2048];
    if (r.out && line_too_wide(r.out, 80, wide, sizeof wide))
        tw_test_fail(__FILE__, __LINE__, "%s %s: a line wider than 80 columns: \"%s\"", args[0], args[4], wide);
    /* In both languages every compact screen fits 24 rows. */
    int compact = 0;
    for (int i = 0; args[i]; i++)
        compact |= strcmp(args[i], "--compact") == 0;
    int tallest = r.out ? tallest_screen(r.out) : 0;
    CHECK(tallest > 10); /* screens were found */
    if (compact && tallest > 24)
        tw_test_fail(__FILE__, __LINE__, "%s: a compact screen of %d rows", args[0], tallest);
    CHECK(r.out && (strstr(r.out, "Stars won") || strstr(r.out, "Étoiles gagnées") || strstr(r.out, "Victo") ||
                    strstr(r.out, "Défaite") || strstr(r.out, "Defeat")));
    free(r.err);
    return r.out;
}

TEST(cli_terminal_no_line_wider_than_80)
{
    tw_test_scratch_xdg("xdg-terminal");
    char *old = getenv("LC_ALL") ? strdup(getenv("LC_ALL")) : NULL;
    setenv("LC_ALL", "C.UTF-8", 1); /* the symbols count one column each */
    static const char *const langs[] = {"en", "fr"};
    static const char *const layouts[][2] = {{"--compact", NULL}, {"--width", "80"}};
    for (int l = 0; l < 2; l++)
        for (int k = 0; k < 2; k++) {
            const char *save = tw_test_tmp("w.json");
            unlink(save);
            const char *nw[] = {"northwood", "--full", "--seed", "9", "--lang", langs[l], "--save", save,
                                layouts[k][0], layouts[k][1], NULL};
            free(game_at_80(nw));
            unlink(save);
            const char *fox[] = {"fox", "--level", "3", "--lang", langs[l], "--seed", "9", "--save", save,
                                 layouts[k][0], layouts[k][1], NULL};
            free(game_at_80(fox));
            unlink(save);
        }
    if (old)
        setenv("LC_ALL", old, 1);
    else
        unsetenv("LC_ALL");
    free(old);
}

/* Collapses every run of spaces and line ends into one space, in place. */
static void squeeze(char *text)
{
    char *out = text;
    for (const char *p = text; *p; p++) {
        int space = *p == ' ' || *p == '\n';
        if (space && out > text && out[-1] == ' ')
            continue;
        *out++ = space ? ' ' : *p;
    }
    *out = '\0';
}

/* How many times needle occurs in text. */
static int occurrences(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; *needle && (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* The default characters (free it), or NULL. */
static tw_nw_catalog *default_catalog(void)
{
    tw_nw_catalog *catalog = calloc(1, sizeof *catalog);
    tw_diag diag;
    if (catalog && tw_nw_catalog_load_default(catalog, &diag) != TW_OK) {
        free(catalog);
        return NULL;
    }
    return catalog;
}

/* How many of the characters' ability texts (in language lang) a squeezed
 * text holds; *most gets the most times one of them is there. */
static int abilities_in(const char *text, const tw_nw_catalog *catalog, int lang, int *most)
{
    int found = 0;
    *most = 0;
    for (int i = 0; i < catalog->count; i++) {
        char ability[300];
        snprintf(ability, sizeof ability, "%s", catalog->entries[i].text[lang]);
        squeeze(ability);
        int seen = occurrences(text, ability);
        found += seen > 0;
        if (seen > *most)
            *most = seen;
    }
    return found;
}

TEST(cli_terminal_ability_once_per_screen)
{
    tw_test_scratch_xdg("xdg-terminal");
    tw_nw_catalog *catalog = default_catalog();
    REQUIRE(catalog != NULL);
    static const char *const langs[] = {"en", "fr"};
    for (int k = 0; k < 4; k++) {
        int l = k % 2, compact = k < 2;
        const char *save = tw_test_tmp("once.json");
        unlink(save);
        const char *args[] = {"northwood", "--full", "--seed", "9", "--lang", langs[l], "--ascii", "--save", save,
                              compact ? "--compact" : "--width", compact ? NULL : "80", NULL};
        char *out = game_at_80(args);
        REQUIRE(out != NULL);
        int screens = 0, abilities = 0;
        /* a screen starts with its rule, or in the compact layout its header */
        const char *rule = !compact ? "------------------------------------------------------------------------"
                           : l      ? "Les Fiefs de Norbois ! |"
                                    : "For Northwood! |";
        for (char *at = strstr(out, rule); at; screens++) {
            char *next = strstr(at + strlen(rule), rule);
            size_t n = next ? (size_t)(next - at) : strlen(at);
            char *screen = strndup(at, n);
            REQUIRE(screen != NULL);
            squeeze(screen);
            int most = 0;
            abilities += abilities_in(screen, catalog, l, &most);
            if (most > 1)
                tw_test_fail(__FILE__, __LINE__, "%s: an ability %d times on one screen: %s", langs[l], most, screen);
            free(screen);
            at = next;
        }
        CHECK(screens > 20);
        /* the choices carry them; the compact layout names the character
         * to use and keeps the texts for `cards` and the substitutes */
        CHECK(compact || abilities > 10);
        if (compact) {
            /* a choice to use an ally names it, with no text after it */
            const char *use = l ? ". Utiliser " : ". Use ";
            int uses = 0;
            for (const char *at = strstr(out, use); at; at = strstr(at + 1, use)) {
                const char *end = strchr(at, '\n');
                const char *colon = strchr(at + strlen(use), ':');
                CHECK(!colon || (end && colon > end));
                uses++;
            }
            CHECK(uses > 5);
            /* and one line under the choices keeps the text of the first of them */
            const char *kept = strstr(out, "  > ");
            CHECK(kept != NULL);
            if (kept) {
                const char *end = strchr(kept, '\n');
                const char *colon = strchr(kept + 4, ':');
                int columns = 0;
                for (const char *c = kept; end && c < end; c++)
                    columns += ((unsigned char)*c & 0xC0) != 0x80;
                CHECK(colon && end && colon < end && columns <= 80);
            }
        }
        free(out);
    }
    free(catalog);
}

TEST(cli_terminal_cards_lists_every_ability)
{
    tw_test_scratch_xdg("xdg-terminal");
    tw_nw_catalog *catalog = default_catalog();
    REQUIRE(catalog != NULL);
    static const char *const langs[] = {"en", "fr"};
    for (int l = 0; l < 2; l++) {
        /* before the first visit: the eight rulers and the four allies */
        const char *args[] = {"northwood", "--full", "--seed", "9", "--lang", langs[l], "--ascii", NULL};
        tw_test_cli_result r = tw_test_cli_run(l ? "cartes\nquitter\n" : "cards\nquit\n", args);
        CHECK_INT(r.code, 0);
        REQUIRE(r.out != NULL);
        const char *list = strstr(r.out, l ? "Les personnages en jeu" : "The characters on the table");
        REQUIRE(list != NULL);
        char *text = strdup(list);
        REQUIRE(text != NULL);
        squeeze(text);
        int most = 0;
        CHECK_INT(abilities_in(text, catalog, l, &most), 12);
        CHECK_INT(most, 1);
        CHECK_CONTAINS(text, l ? "Fief 7, chef" : "Fief 7, ruler");
        CHECK_CONTAINS(text, l ? "Place 3," : "Slot 3,");
        free(text);
        tw_test_cli_free(&r);
    }
    free(catalog);
    const char *fox[] = {"fox", "--seed", "9", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("cards\nquit\n", fox);
    CHECK_CONTAINS(r.out, "The abilities of the odd ranks (every suit):\n  1 Musician:");
    CHECK_CONTAINS(r.out, "9 Royal Heir:");
    tw_test_cli_free(&r);
}

/* A save path that holds spaces is written quoted, as a shell takes it
 * back, and never wrapped in its middle, even on a narrow screen: the
 * resume command it tells pastes back whole. */
TEST(cli_a_path_with_spaces_is_quoted_and_kept_on_one_line)
{
    tw_test_scratch_xdg("xdg");
    char folder[512], path[600], quoted[640];
    snprintf(folder, sizeof folder, "%s", tw_test_tmp("a folder with spaces in its name"));
    REQUIRE(mkdir(folder, 0700) == 0 || errno == EEXIST);
    snprintf(path, sizeof path, "%s/my saved game.json", folder);
    snprintf(quoted, sizeof quoted, "'%s'", path);
    const char *args[] = {"northwood", "--seed", "3", "--width", "60", "--save", path, NULL};
    tw_test_cli_result r = tw_test_cli_run("quit\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, quoted); /* one line: no newline inside it */
    /* the line may break before the path (longer than the screen), not in it */
    char resume[700], resume_broken[700];
    snprintf(resume, sizeof resume, "resume %s", quoted);
    snprintf(resume_broken, sizeof resume_broken, "resume\n%s", quoted);
    CHECK(strstr(r.out, resume) || strstr(r.out, resume_broken));
    tw_test_cli_free(&r);
}
