/* The tutorials' scripts (web/tutorial/northwood.json, fox.json), shared
 * by the terminal (`trickwood tutorial`) and the browser (web/js/
 * tutorial.js): a real game dealt from a fixed seed, and for each decision
 * of the person the actions the lesson expects, what to say and why any
 * other legal action is not the lesson's. A step is found by the game's
 * action count ("at"), so undo and resume land on their step. Formats in
 * docs/formats.md ("Tutorial scripts"). */
#ifndef TRICKWOOD_PLAY_TUTORIAL_H
#define TRICKWOOD_PLAY_TUTORIAL_H

#include <jansson.h>
#include <stdint.h>

#include "term/cli.h"
#include "trickwood/game.h"
#include "trickwood/io.h"

#define TW_TUT_TEXT 768
#define TW_TUT_STEPS 48
#define TW_TUT_DO 4
#define TW_TUT_WHY 6

/* A text in both languages, by tw_lang (0 English, 1 French). */
typedef struct {
    char text[2][TW_TUT_TEXT];
} tw_tut_text;

/* The explanation of one wrong action of a step. */
typedef struct {
    char action[32]; /* in the record notation */
    tw_tut_text text;
} tw_tut_why;

/* One decision of the person. */
typedef struct {
    int at;                    /* the game's action count at this decision */
    int ndo;
    char expect[TW_TUT_DO][32]; /* the actions the lesson accepts (notation) */
    char teach[24];            /* what the step shows ("follow", "trump"...; may be empty) */
    tw_tut_text say;           /* what to do and why */
    tw_tut_text wrong;         /* why another legal action is not the lesson's */
    int nwhy;
    tw_tut_why why[TW_TUT_WHY]; /* the same for some actions in particular */
} tw_tut_step;

/* A whole script. */
typedef struct tw_tutorial {
    const tw_game *game;
    json_t *options; /* the web API's create options, without the seed (owned) */
    uint64_t seed;
    char partner[16]; /* the bot that plays seat 1 (two-seat games), else "" */
    int nargs;
    char args[8][24]; /* the terminal command's options for the same deal (without --seed) */
    tw_tut_text title, intro, end;
    int nsteps;
    tw_tut_step steps[TW_TUT_STEPS];
} tw_tutorial;

/* The file of a tutorial ("northwood" or "fox"): tutorial/NAME.json in
 * the data folder ($TRICKWOOD_DATA) when it is there, else
 * web/tutorial/NAME.json beside the data folder (where `serve` finds the
 * web app too); a missing file is named by the reader's error. */
void tw_tutorial_path(const char *name, char *out, size_t size);
/* Reads a script (a new one, free with tw_tutorial_free), or NULL with
 * diag set (file, line, field). */
tw_tutorial *tw_tutorial_load(const char *path, tw_diag *diag);
void tw_tutorial_free(tw_tutorial *t);
/* Deals the script's game (NULL with diag set when the engine refuses). */
tw_match *tw_tutorial_start(const tw_tutorial *t, tw_diag *diag);
/* The step of a game that has applied count actions, or NULL when the
 * script has none there (past its end, or the partner's turn). */
const tw_tut_step *tw_tutorial_step_at(const tw_tutorial *t, int count);
/* Whether an action (notation) is one the step expects. */
int tw_tutorial_expects(const tw_tut_step *s, const char *action);
/* Why an action the step does not expect is not the lesson's, in lang:
 * its own text, else the step's. */
const char *tw_tutorial_why(const tw_tut_step *s, const char *action, int lang);
/* The step's number from 1, or 0 when it is not the script's. */
int tw_tutorial_step_number(const tw_tutorial *t, const tw_tut_step *s);

/* `trickwood tutorial [northwood|fox]` (tutorial_cli.c): the game's own
 * command on the script's deal, with the coach; and its help. */
int tw_cli_tutorial(tw_cli *cli, int argc, char **argv);
extern const tw_msg tw_cli_tutorial_help;
/* The coach at a terminal game (tutorial_cli.c, called by the play loop):
 * says the step of the decision about to be asked (and, once, that the
 * lessons are over); and judges a chosen action: 1 when the lesson takes
 * it, 0 after saying why not. */
struct tw_cli_session;
void tw_tutorial_cli_say(struct tw_cli_session *ss, int seat);
int tw_tutorial_cli_allows(struct tw_cli_session *ss, int seat, tw_game_action action);
/* The first run's offer of the tutorial, before a new game at a real
 * terminal (input from a terminal) when no game was ever saved or
 * finished here (no save, no history database): one line naming the
 * command. */
void tw_tutorial_cli_offer(struct tw_cli_session *ss);
/* A resumed game that is a tutorial's (its game and seed, every lesson
 * played so far one its step took) before the lessons are over: the coach
 * takes it up again at the step it reached, and says so. Returns the
 * script the session's coach then is (free it with tw_tutorial_free after
 * the game), or NULL when the game is not a tutorial's in its lessons. */
struct tw_tutorial *tw_tutorial_cli_resume(struct tw_cli_session *ss);

#endif
