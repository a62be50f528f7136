/* `trickwood tutorial [northwood|fox]`: the game's own terminal command
 * (`northwood`, `fox`) on the deal of the tutorial's script, with the
 * coach of the play loop: before each decision of the lessons it says
 * what to do and why, and a legal action that is not the lesson's is
 * explained and asked again. After the last step the game goes on as any
 * other (saved, resumed and kept in the history alike). */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "play/fox/fox_cli.h"
#include "play/northwood/nw_cli.h"
#include "play/session.h"
#include "play/tutorial.h"
#include "term/term.h"
#include "term/text.h"
#include "trickwood/paths.h"

const tw_msg tw_cli_tutorial_help = {
    {"  tutorial [northwood|fox]       learn a game on a guided first deal, then play it out\n",
     "  tutorial [northwood|fox]       apprendre un jeu sur une première donne guidée, puis la finir\n"}};

/* The coach's own words (the lessons are in the scripts). */
enum { TU_UNKNOWN, TU_HELP_MORE, TU_BAD_SCRIPT, TU_STEP, TU_NOT_THIS, TU_OVER, TU_OFFER, TU_RESUMED, TU_COUNT };
static const tw_msg TU_TEXTS[TU_COUNT] = {
    [TU_UNKNOWN] = {{"tutorial: no tutorial for '%s' (northwood or fox)\n",
                     "tutorial : pas de tutoriel pour « %s » (northwood ou fox)\n"}},
    [TU_HELP_MORE] = {{"                                 (default: northwood) then the game's options of display and\n"
                        "                                 files (--lang, --compact, --width, --record, --events)\n",
                        "                                 (par défaut : northwood) puis les options d'affichage et de\n"
                        "                                 fichiers du jeu (--lang, --compact, --width, --record, --events)\n"}},
    [TU_BAD_SCRIPT] = {{"tutorial: %s\n", "tutoriel : %s\n"}},
    [TU_STEP] = {{"%s, step %d of %d:", "%s, étape %d sur %d :"}},
    [TU_NOT_THIS] = {{"Not this one (%s): %s", "Pas celle-ci (%s) : %s"}},
    [TU_OVER] = {{"%s: the lessons are over.", "%s : les leçons sont finies."}},
    [TU_OFFER] = {{"First game of Trickwood here? `trickwood tutorial %s` teaches the game on a guided first deal.\n",
                   "Première partie de Trickwood ici ? `trickwood tutorial %s` apprend le jeu sur une première "
                   "donne guidée.\n"}},
    [TU_RESUMED] = {{"%s: saved at step %d of %d, the lessons go on from there.\n",
                     "%s : partie enregistrée à l'étape %d sur %d, les leçons reprennent là.\n"}},
};
#define TU(id) tw_msg_get(&TU_TEXTS[id], cli->lang)

/* The games that have a tutorial: the name typed, its command. */
static const struct {
    const char *name;
    int (*command)(tw_cli *cli, int argc, char **argv);
} TUTORIAL_GAMES[] = {{"northwood", tw_cli_northwood}, {"fox", tw_cli_fox}};

int tw_cli_tutorial(tw_cli *cli, int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(tw_msg_get(&tw_cli_tutorial_help, cli->lang), cli->out);
            fputs(TU(TU_HELP_MORE), cli->out);
            return TW_EXIT_OK;
        }
    int first = argc > 1 && argv[1][0] != '-' ? 1 : 0;
    const char *name = first ? argv[1] : "northwood";
    int which = -1;
    for (int i = 0; i < (int)(sizeof TUTORIAL_GAMES / sizeof TUTORIAL_GAMES[0]); i++)
        if (strcmp(name, TUTORIAL_GAMES[i].name) == 0)
            which = i;
    if (which < 0) {
        tw_cli_errorf(cli, TU(TU_UNKNOWN), name);
        return TW_EXIT_USAGE;
    }
    char path[1024], why[600];
    tw_diag diag;
    tw_tutorial_path(name, path, sizeof path);
    tw_tutorial *t = tw_tutorial_load(path, &diag);
    if (!t) {
        tw_diag_format(&diag, why, sizeof why);
        tw_cli_errorf(cli, TU(TU_BAD_SCRIPT), why);
        return TW_EXIT_FAIL;
    }
    /* the game's command: its name, the script's options and seed, then
     * the options typed after the game's name (display, files) */
    char seed[32];
    char *args[64];
    int n = 0;
    args[n++] = (char *)name;
    for (int i = 0; i < t->nargs; i++)
        args[n++] = t->args[i];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)t->seed);
    args[n++] = "--seed";
    args[n++] = seed;
    for (int i = 1 + first; i < argc && n < 63; i++)
        args[n++] = argv[i];
    args[n] = NULL;
    tw_cli_next_coach = t;
    int code = TUTORIAL_GAMES[which].command(cli, n, args);
    tw_cli_next_coach = NULL;
    tw_tutorial_free(t);
    return code;
}

/* A coach's paragraph: its heading in bold, then its text. */
static void coach_print(tw_cli *cli, const char *heading, const char *text)
{
    tw_cli_printf(cli, "\n%s%s%s %s\n", tw_term_style(&cli->term, TW_STYLE_BOLD), heading,
                  tw_term_style(&cli->term, TW_STYLE_RESET), text);
}

void tw_tutorial_cli_say(tw_cli_session *ss, int seat)
{
    tw_cli *cli = ss->cli;
    const tw_tutorial *t = ss->coach;
    int lang = cli->lang == TW_LANG_FR;
    const tw_tut_step *s = seat == 0 ? tw_tutorial_step_at(t, ss->match->count) : NULL;
    char heading[160];
    if (s == &t->steps[0] && ss->questions == 0)
        coach_print(cli, t->title.text[lang], t->intro.text[lang]);
    if (s) {
        snprintf(heading, sizeof heading, TU(TU_STEP), t->title.text[lang], tw_tutorial_step_number(t, s),
                 t->nsteps);
        coach_print(cli, heading, s->say.text[lang]);
    } else if (!ss->coach_ended && ss->match->count > t->steps[t->nsteps - 1].at) {
        ss->coach_ended = 1;
        snprintf(heading, sizeof heading, TU(TU_OVER), t->title.text[lang]);
        coach_print(cli, heading, t->end.text[lang]);
    }
}

int tw_tutorial_cli_allows(tw_cli_session *ss, int seat, tw_game_action action)
{
    tw_cli *cli = ss->cli;
    const tw_tut_step *s = seat == 0 ? tw_tutorial_step_at(ss->coach, ss->match->count) : NULL;
    char text[64], label[512];
    ss->ui->game->format(ss->match, action, text, sizeof text);
    if (!s || tw_tutorial_expects(s, text))
        return 1;
    ss->ui->label(ss, seat, action, label, sizeof label);
    tw_cli_printf(cli, "  %s", tw_term_style(&cli->term, TW_STYLE_YELLOW));
    tw_cli_printf(cli, TU(TU_NOT_THIS), label, tw_tutorial_why(s, text, cli->lang == TW_LANG_FR));
    tw_cli_printf(cli, "%s\n", tw_term_style(&cli->term, TW_STYLE_RESET));
    return 0;
}

/* Whether a folder holds any entry but the file `mine` (a missing folder
 * holds none). */
static int folder_has_entries(const char *dir, const char *mine)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    const char *slash = strrchr(mine, '/');
    const char *base = slash ? slash + 1 : mine;
    int found = 0;
    while (d && !found && (e = readdir(d)))
        found = strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && strcmp(e->d_name, base) != 0;
    if (d)
        closedir(d);
    return found;
}

void tw_tutorial_cli_offer(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    char db[1024], saves[1024];
    if (ss->coach || !isatty(fileno(cli->in)) || tw_path_save_file("trickwood.db", 0, db, sizeof db) != 0 ||
        access(db, F_OK) == 0 || tw_path_saves_dir(0, 0, saves, sizeof saves) != 0 || folder_has_entries(saves, ss->save_path))
        return;
    for (int i = 0; i < (int)(sizeof TUTORIAL_GAMES / sizeof TUTORIAL_GAMES[0]); i++)
        if (strcmp(TUTORIAL_GAMES[i].name, ss->ui->game->key) == 0)
            tw_cli_printf(cli, TU(TU_OFFER), TUTORIAL_GAMES[i].name);
}

/* Whether every lesson before the match's count was played as its step
 * asked (each replayed to its position to be written in notation). */
static int lessons_followed(const tw_tutorial *t, const tw_match *m)
{
    for (int i = 0; i < t->nsteps && t->steps[i].at < m->count; i++) {
        tw_match *at = tw_match_at_step(m, t->steps[i].at);
        if (!at)
            return 0;
        char text[64];
        m->game->format(at, m->actions[t->steps[i].at], text, sizeof text);
        m->game->free(at);
        if (!tw_tutorial_expects(&t->steps[i], text))
            return 0;
    }
    return 1;
}

struct tw_tutorial *tw_tutorial_cli_resume(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    const char *name = NULL;
    for (int i = 0; i < (int)(sizeof TUTORIAL_GAMES / sizeof TUTORIAL_GAMES[0]); i++)
        if (strcmp(TUTORIAL_GAMES[i].name, ss->ui->game->key) == 0)
            name = TUTORIAL_GAMES[i].name;
    if (!name || tw_match_is_over(ss->match))
        return NULL;
    char path[1024];
    tw_diag diag;
    tw_tutorial_path(name, path, sizeof path);
    tw_tutorial *t = tw_tutorial_load(path, &diag);
    if (!t)
        return NULL; /* no script here: the game goes on as any other */
    const tw_tut_step *s = tw_tutorial_step_at(t, ss->match->count);
    int later = 0; /* the step to come when the decision now is not the person's */
    while (!s && later < t->nsteps && t->steps[later].at < ss->match->count)
        later++;
    if (!s && later < t->nsteps)
        s = &t->steps[later];
    if (!s || t->game != ss->match->game || t->seed != ss->seed || !lessons_followed(t, ss->match)) {
        tw_tutorial_free(t);
        return NULL;
    }
    int lang = cli->lang == TW_LANG_FR;
    tw_cli_printf(cli, TU(TU_RESUMED), t->title.text[lang], tw_tutorial_step_number(t, s), t->nsteps);
    ss->coach = t;
    return t;
}
