/* The tutorials' scripts (web/tutorial/northwood.json, fox.json) against the engines: the
 * seed still deals what each step teaches, every expected action is legal
 * where the step stands, every other legal action has an explanation in
 * both languages, and a bad script is refused with its file, line and
 * field. The seeds come from scripts/tutorial-nw-seed.c and
 * scripts/tutorial-fox-seed.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_harness.h"
#include "play/tutorial.h"
#include "test.h"
#include "trickwood/foxduet.h"
#include "trickwood/northwood.h"

/* What a game's check of a step gets: the match before the step's first
 * expected action and after it. */
typedef void (*step_check)(const tw_tut_step *s, const tw_match *before, const tw_match *after, int index);

/* Lets the script's partner bot play until seat 0 is to act. */
static void partner_plays(const tw_tutorial *t, tw_match *m)
{
    while (!tw_match_is_over(m) && t->game->to_act(m) == 1) {
        tw_game_action a;
        REQUIRE(tw_match_bot_action(m, t->partner, t->seed, &a) == TW_OK);
        REQUIRE(t->game->apply(m, a, NULL) == TW_OK);
    }
}

/* Whether an action (notation) is in the match's legal list. */
static int is_legal(const tw_match *m, const char *text)
{
    tw_game_action legal[256], a;
    int n = m->game->legal(m, legal);
    if (m->game->parse(m, text, &a) != 0)
        return 0;
    for (int i = 0; i < n; i++)
        if (legal[i] == a)
            return 1;
    return 0;
}

/* Walks a script: each step where it says, its actions legal, an
 * explanation for every other legal action; check sees each step, and
 * done (may be NULL) the game once the partner played after the last. */
static void walk(const char *name, step_check check, void (*done)(const tw_match *m))
{
    char path[1024];
    tw_diag diag;
    tw_tutorial_path(name, path, sizeof path);
    tw_tutorial *t = tw_tutorial_load(path, &diag);
    if (!t) {
        char why[600];
        tw_diag_format(&diag, why, sizeof why);
        tw_test_fail(__FILE__, __LINE__, "%s", why);
        return;
    }
    tw_match *m = tw_tutorial_start(t, &diag);
    REQUIRE(m);
    for (int i = 0; i < t->nsteps; i++) {
        const tw_tut_step *s = &t->steps[i];
        partner_plays(t, m);
        if (m->count != s->at || t->game->to_act(m) != 0) {
            tw_test_fail(__FILE__, __LINE__, "%s step %d: at %d, the game has %d actions", name, i, s->at, m->count);
            break;
        }
        for (int k = 0; k < s->ndo; k++)
            if (!is_legal(m, s->expect[k]))
                tw_test_fail(__FILE__, __LINE__, "%s step %d: '%s' is not legal", name, i, s->expect[k]);
        for (int k = 0; k < s->nwhy; k++) /* an explanation of an action that cannot be chosen is a typo */
            if (!is_legal(m, s->why[k].action) || tw_tutorial_expects(s, s->why[k].action))
                tw_test_fail(__FILE__, __LINE__, "%s step %d: 'why' of '%s', not a wrong legal action", name, i,
                             s->why[k].action);
        tw_game_action legal[256];
        int n = t->game->legal(m, legal);
        for (int k = 0; k < n; k++) {
            char text[64];
            t->game->format(m, legal[k], text, sizeof text);
            if (!tw_tutorial_expects(s, text) && (!*tw_tutorial_why(s, text, 0) || !*tw_tutorial_why(s, text, 1)))
                tw_test_fail(__FILE__, __LINE__, "%s step %d: no explanation for '%s'", name, i, text);
        }
        tw_match *before = t->game->clone(m);
        char why[256];
        REQUIRE(before && tw_match_act_text(m, s->expect[0], NULL, why, sizeof why) == TW_OK);
        check(s, before, m, i);
        t->game->free(before);
    }
    partner_plays(t, m);
    if (done)
        done(m);
    t->game->free(m);
    tw_tutorial_free(t);
}

/* ---- For Northwood! ---- */

static int nw_suit(int card) { return card / 8; }
static int nw_value(int card) { return card % 8 + 1; }

/* Whether answering card to the state's statement scores. */
static int nw_scores(const tw_nw_state *s, int card)
{
    int st = s->statement;
    if (nw_suit(card) == nw_suit(st))
        return nw_value(card) > nw_value(st);
    return nw_suit(card) == tw_nw_trump(s) && nw_suit(st) != tw_nw_trump(s);
}

/* The lesson each tagged step of For Northwood! gives holds on the deal. */
static void nw_check(const tw_tut_step *step, const tw_match *before, const tw_match *after, int index)
{
    const tw_nw_state *s = before->game->state(before), *next = after->game->state(after);
    tw_nw_action a;
    REQUIRE(tw_nw_action_parse(step->expect[0], &a) == TW_OK);
    int kind = TW_NW_ACTION_KIND(a), arg = TW_NW_ACTION_ARG(a);
    const char *teach = step->teach;
    int ok = 1;
    if (strcmp(teach, "statement") == 0) {
        ok = kind == TW_NW_ACT_PROCEED && next->phase == TW_NW_PHASE_RESPONSE;
    } else if (strcmp(teach, "follow") == 0) {
        /* following suit: the answer's suit is the statement's (not trump),
         * scores nothing, and a card of that suit in hand would score */
        int higher = 0;
        for (int c = nw_suit(s->statement) * 8; c < nw_suit(s->statement) * 8 + 8; c++)
            higher |= (s->hand >> c & 1) && nw_scores(s, c);
        ok = kind == TW_NW_ACT_RESPOND && nw_suit(s->statement) != tw_nw_trump(s) &&
             nw_suit(arg) == nw_suit(s->statement) && !nw_scores(s, arg) && higher;
    } else if (strcmp(teach, "trump") == 0) {
        /* no card of the statement's suit in hand: a trump scores */
        int lacks = (s->hand >> (nw_suit(s->statement) * 8) & 0xFF) == 0;
        ok = kind == TW_NW_ACT_RESPOND && lacks && nw_suit(arg) == tw_nw_trump(s) &&
             tw_nw_score(next) == tw_nw_score(s) + 1;
    } else if (strcmp(teach, "ability") == 0) {
        /* the ally's ability changes the hand */
        ok = kind == TW_NW_ACT_ACTIVATE && next->slots[arg].exhausted && next->hand != s->hand;
    } else if (strcmp(teach, "target") == 0) {
        ok = kind == TW_NW_ACT_VISIT;
    } else if (strcmp(teach, "decided") == 0) {
        int hit = 0;
        ok = tw_nw_visit_decided(s, &hit) && hit;
    } else if (strcmp(teach, "medal") == 0) {
        /* the first visit ended on its target: a friendly fief, its stars won */
        ok = kind == TW_NW_ACT_VISIT && tw_nw_stars_won(s) > 0;
    } else if (strcmp(teach, "substitute") == 0) {
        ok = kind == TW_NW_ACT_SUBSTITUTE && next->slots[arg % TW_NW_SLOTS].sub_fief == arg / TW_NW_SLOTS;
    } else if (strcmp(teach, "substitute_used") == 0) {
        ok = kind == TW_NW_ACT_ACTIVATE && s->slots[arg].sub_fief >= 0 && tw_nw_score(next) > tw_nw_score(s);
    } else if (teach[0]) {
        ok = 0;
    }
    if (!ok)
        tw_test_fail(__FILE__, __LINE__, "northwood step %d (%s): the deal does not show '%s'", index,
                     step->expect[0], teach);
}

TEST(tutorial_nw_script_fits_the_seeded_deal)
{
    walk("northwood", nw_check, NULL);
}

/* ---- The Duet ---- */

/* The lesson each tagged step of the Duet gives holds on the deal. */
static void fox_check(const tw_tut_step *step, const tw_match *before, const tw_match *after, int index)
{
    const tw_fox_state *s = before->game->state(before), *next = after->game->state(after);
    const char *teach = step->teach;
    int ok = 1;
    if (strcmp(teach, "lead") == 0)
        ok = s->phase == TW_FOX_PHASE_PLAY && s->trick_n == 0 && s->leader == 0 && s->round == 1;
    else if (strcmp(teach, "gift") == 0)
        ok = s->phase == TW_FOX_PHASE_GIFT_SECOND && s->trick_n == 2 && s->trick[1] % 10 == 6; /* the partner's 7 */
    else if (strcmp(teach, "gem") == 0)
        ok = s->path.gems_collected == 1 && s->last_winner == 0 && next->trick_n == 1;
    else if (strcmp(teach, "foxes") == 0)
        ok = next->phase == TW_FOX_PHASE_FOX_TARGET && next->trick[0] % 10 == 2 && s->path.gems_collected == 2 &&
             s->path.token == -5;
    else if (strcmp(teach, "foxes_target") == 0)
        ok = s->phase == TW_FOX_PHASE_FOX_TARGET && next->phase == TW_FOX_PHASE_FOX_EXCHANGE;
    else if (strcmp(teach, "decree") == 0)
        ok = next->decree != s->decree && tw_fox_trump(next) != tw_fox_trump(s) &&
             tw_fox_trump(next) == s->trick[0] / 10;
    else if (teach[0])
        ok = 0;
    if (!ok)
        tw_test_fail(__FILE__, __LINE__, "fox step %d (%s): the deal does not show '%s'", index, step->expect[0],
                     teach);
}

/* After the lessons: the led trump won, the token walked off the
 * person's end (a forest token) and is back at the centre. */
static void fox_done(const tw_match *m)
{
    const tw_fox_state *s = m->game->state(m);
    CHECK_INT(s->tricks_done, 3);
    CHECK_INT(s->last_winner, 0);
    CHECK_INT(s->path.forest_left, s->path.forest_start - 1);
    CHECK_INT(s->path.token, 0);
    CHECK_INT(s->path.gems_collected, 2);
}

TEST(tutorial_fox_script_fits_the_seeded_deal)
{
    walk("fox", fox_check, fox_done);
}

/* ---- At the terminal ---- */

/* Plays `trickwood tutorial NAME` with a wrong first answer, then every
 * step's action, then quit: each step is said, the wrong answer explained
 * and asked again, and the end of the lessons said. */
static void walk_terminal(const char *name, const char *wrong)
{
    char path[1024];
    tw_diag diag;
    tw_tutorial_path(name, path, sizeof path);
    tw_tutorial *t = tw_tutorial_load(path, &diag);
    REQUIRE(t);
    tw_buf input = {0};
    tw_buf_printf(&input, "%s\n", wrong);
    for (int i = 0; i < t->nsteps; i++)
        tw_buf_printf(&input, "%s\n", t->steps[i].expect[0]);
    tw_buf_printf(&input, "quit\n");
    const char *args[] = {"tutorial", name, "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run(input.data, args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, t->intro.text[0]);
    char line[128];
    for (int i = 0; i < t->nsteps; i++) {
        snprintf(line, sizeof line, "step %d of %d: ", i + 1, t->nsteps);
        CHECK_CONTAINS(r.out, line);
        CHECK_CONTAINS(r.out, t->steps[i].say.text[0]);
    }
    snprintf(line, sizeof line, "Not this one (");
    CHECK_CONTAINS(r.out, line);
    CHECK_CONTAINS(r.out, tw_tutorial_why(&t->steps[0], wrong, 0));
    CHECK_CONTAINS(r.out, "the lessons are over.");
    CHECK_CONTAINS(r.out, t->end.text[0]);
    tw_test_cli_free(&r);
    tw_buf_free(&input);
    tw_tutorial_free(t);
}

TEST(tutorial_cli_nw_walks_the_lessons)
{
    tw_test_scratch_xdg("xdg-tutorial-nw");
    walk_terminal("northwood", "visit 2");
}

TEST(tutorial_cli_fox_walks_the_lessons)
{
    tw_test_scratch_xdg("xdg-tutorial-fox");
    walk_terminal("fox", "play 10R");
}

/* In French, and an unknown game is refused with the games there are. */
TEST(tutorial_cli_french_and_unknown_game)
{
    tw_test_scratch_xdg("xdg-tutorial-fr");
    const char *fr[] = {"tutorial", "--lang", "fr", NULL};
    tw_test_cli_result r = tw_test_cli_run("visit 3\nquit\n", fr);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Tutoriel des Fiefs de Norbois !, étape 1 sur 18 : ");
    CHECK_CONTAINS(r.out, "Pas celle-ci (");
    tw_test_cli_free(&r);
    const char *help[] = {"tutorial", "--help", NULL};
    r = tw_test_cli_run("", help);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "tutorial [northwood|fox]");
    tw_test_cli_free(&r);
    const char *bad[] = {"tutorial", "chess", NULL};
    r = tw_test_cli_run("", bad);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "northwood or fox");
    tw_test_cli_free(&r);
}

/* A bad script is refused with its file, line and field. */
TEST(tutorial_bad_script_names_file_line_field)
{
    char path[] = "/tmp/tw-tutorial-XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    const char *text = "{\"game\": \"northwood\", \"options\": {}, \"terminal\": [], \"seed\": 1,\n"
                       " \"title\": {\"en\": \"T\", \"fr\": \"T\"}, \"intro\": {\"en\": \"I\", \"fr\": \"I\"},\n"
                       " \"end\": {\"en\": \"E\", \"fr\": \"E\"},\n"
                       " \"steps\": [{\"at\": 0, \"do\": [\"visit 1\"],\n"
                       "   \"say\": {\"en\": \"Go\"}, \"wrong\": {\"en\": \"No\", \"fr\": \"Non\"}}]}\n";
    REQUIRE(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    tw_diag diag;
    tw_tutorial *t = tw_tutorial_load(path, &diag);
    CHECK(t == NULL);
    CHECK_INT(diag.line, 5);
    CHECK_STR(diag.field, "steps[0].say");
    tw_tutorial_free(t);
    unlink(path);
}

/* Runs the For Northwood! tutorial's first step with $TRICKWOOD_DATA at
 * data (the program installed elsewhere); returns its result. */
static tw_test_cli_result tutorial_with_data(const char *data)
{
    setenv("TRICKWOOD_DATA", data, 1);
    const char *args[] = {"tutorial", NULL};
    tw_test_cli_result r = tw_test_cli_run("visit 3\nquit\n", args);
    unsetenv("TRICKWOOD_DATA");
    return r;
}

/* The scripts are found through $TRICKWOOD_DATA: in its tutorial/ folder,
 * or in the web app beside it (an installed tree moved elsewhere); when
 * neither holds them, the error names the file looked for. */
TEST(tutorial_found_through_trickwood_data)
{
    tw_test_scratch_xdg("xdg-tutorial-data");
    char root[] = "/tmp/tw-tutdata-XXXXXX";
    REQUIRE(mkdtemp(root) != NULL);
    char cmd[2048], data[600];
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/share/web/tutorial %s/own %s/none && cp -r %s %s/share/data && cp -r %s %s/own/data && "
             "cp -r %s %s/none/data && cp %s/../web/tutorial/*.json %s/share/web/tutorial/ && mkdir -p %s/own/data/tutorial "
             "&& cp %s/../web/tutorial/*.json %s/own/data/tutorial/",
             root, root, root, TW_DATA_DIR, root, TW_DATA_DIR, root, TW_DATA_DIR, root, TW_DATA_DIR, root, root,
             TW_DATA_DIR, root);
    REQUIRE(system(cmd) == 0);
    const char *where[] = {"share/data", "own/data"};
    for (int i = 0; i < 2; i++) {
        snprintf(data, sizeof data, "%s/%s", root, where[i]);
        tw_test_cli_result r = tutorial_with_data(data);
        CHECK_INT(r.code, 0);
        CHECK_CONTAINS(r.out, "For Northwood! tutorial, step 1 of 18: ");
        CHECK_CONTAINS(r.out, "Not this one (");
        tw_test_cli_free(&r);
    }
    snprintf(data, sizeof data, "%s/none/data", root);
    tw_test_cli_result r = tutorial_with_data(data);
    CHECK(r.code != 0);
    CHECK_CONTAINS(r.err, "tutorial: ");
    CHECK_CONTAINS(r.err, "web/tutorial/northwood.json");
    tw_test_cli_free(&r);
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    CHECK(system(cmd) == 0);
}

/* The file a game says it saved to ("Continue it with: PROG resume FILE"). */
static void saved_file(const char *out, char *file, size_t size)
{
    const char *at = strstr(out, " resume ");
    file[0] = '\0';
    if (!at)
        return;
    at += strlen(" resume ");
    size_t n = strcspn(at, "\n");
    snprintf(file, size, "%.*s", (int)n, at);
}

/* A tutorial saved during its lessons and resumed: the coach takes it up
 * at the step reached, says so and still explains a move that is not the
 * lesson's; a game of the same deal whose moves left the lessons is
 * resumed as any other game, without a coach. */
TEST(tutorial_resumed_goes_on_at_its_step)
{
    tw_test_scratch_xdg("xdg-tutorial-resume");
    const char *tut[] = {"tutorial", NULL};
    tw_test_cli_result r = tw_test_cli_run("visit 1\nquit\n", tut);
    CHECK_INT(r.code, 0);
    char file[1024];
    saved_file(r.out, file, sizeof file);
    tw_test_cli_free(&r);
    REQUIRE(file[0] != '\0');
    const char *resume[] = {"resume", file, NULL};
    r = tw_test_cli_run("2\n1\nquit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "For Northwood! tutorial: saved at step 2 of 18, the lessons go on from there.");
    CHECK_CONTAINS(r.out, "For Northwood! tutorial, step 2 of 18: ");
    CHECK_CONTAINS(r.out, "Not this one (");
    CHECK_CONTAINS(r.out, "For Northwood! tutorial, step 3 of 18: ");
    tw_test_cli_free(&r);
    /* the same deal, left off the lessons at once: a game like any other */
    const char *own[] = {"northwood", "--intro", "--medal", "bronze", "--seed", "615", NULL};
    r = tw_test_cli_run("visit 2\nquit\n", own);
    CHECK_INT(r.code, 0);
    saved_file(r.out, file, sizeof file);
    tw_test_cli_free(&r);
    REQUIRE(file[0] != '\0');
    r = tw_test_cli_run("quit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK(strstr(r.out, "the lessons go on") == NULL && strstr(r.out, "tutorial, step") == NULL);
    tw_test_cli_free(&r);
}
