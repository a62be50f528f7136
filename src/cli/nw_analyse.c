/* Hints during a For Northwood! game and `trickwood analyse RECORD`, which
 * walks a game and names the decisions that cost the most chance of
 * hitting the visited fief's target. Both use the strong bot's estimates,
 * made from the player's view only (never the deck order). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/nw_cli.h"
#include "trickwood/nw_bots.h"

#define T(id) tw_nw_cli_text(cli->lang, (id))

#define DEFAULT_SAMPLES 60
#define DEFAULT_TOP 5
#define NOTABLE_COST 0.05 /* differences below this are noise */

const tw_msg tw_nw_cli_analyse_help = {{
    "  analyse RECORD [OPTIONS]       name the decisions of a For Northwood! game that cost the most\n"
    "      --samples N                search effort, 50 deals a unit (default 60: the hint's and the strong bot's)\n"
    "      --top N                    how many decisions to list (default 5)\n",
    "  analyse ENREGISTREMENT [OPTIONS] montrer les décisions d'une partie des Fiefs de Norbois ! qui ont coûté le plus\n"
    "      --samples N                effort de recherche, 50 donnes par unité (60 par défaut : celui du conseil et du robot fort)\n"
    "      --top N                    nombre de décisions à montrer (5 par défaut)\n",
}};

/* Rounds a probability to a whole percentage. */
static int percent(double p)
{
    return (int)(p * 100.0 + 0.5);
}

/* A number of the hint's JSON, -1 when absent or null. */
static double hint_number(json_t *hint, const char *key)
{
    json_t *v = json_object_get(hint, key);
    return json_is_number(v) ? json_number_value(v) : -1;
}

/* Prints a hint for the state's next decision: the strong bot's move, its
 * chances with their margins, and one line on what the chances mean. */
void tw_nw_cli_hint(tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog, json_t *hint)
{
    tw_nw_action action = 0;
    double p_target = hint_number(hint, "p_target"), p_medal = hint_number(hint, "p_medal");
    double margin = hint_number(hint, "margin"), margin_medal = hint_number(hint, "margin_medal");
    const char *text = json_string_value(json_object_get(hint, "action"));
    if (!text || tw_nw_action_parse(text, &action) != 0)
        return;
    char label[384];
    tw_nw_cli_label(cli, state, catalog, action, label, sizeof label);
    tw_cli_printf(cli, T(NW_T_H_ACTION), label);
    if (state->phase == TW_NW_PHASE_CHOOSE_FIEF && p_target >= 0)
        tw_cli_printf(cli, T(NW_T_H_FIEF_ODDS), percent(p_target), percent(margin));
    else if (p_target >= 0)
        tw_cli_printf(cli, T(NW_T_H_VISIT_ODDS), state->visiting, percent(p_target), percent(margin));
    if (p_medal >= 0)
        tw_cli_printf(cli, T(NW_T_H_MEDAL_ODDS), tw_nw_cli_text(cli->lang, NW_T_MEDAL_NONE + state->medal),
                      tw_nw_medal_threshold(state->medal), percent(p_medal), percent(margin_medal));
    const char *meaning = json_string_value(
        json_object_get(json_object_get(hint, "meaning"), cli->lang == TW_LANG_FR ? "fr" : "en"));
    if (meaning)
        tw_cli_printf(cli, "  (%s)\n", meaning);
}

/* One examined decision. */
typedef struct {
    int step;
    tw_nw_state before;
    tw_nw_action chosen, better;
    double p_chosen, p_better;           /* chances of the visit's target */
    double m_chosen, m_better;           /* their margins */
    double medal_chosen, medal_better;   /* at the fief choice: chances of the medal */
    double cost;                         /* what the choice gave up */
} finding;

/* Keeps the top findings sorted by cost, most costly first. */
static void keep(finding *top, int *count, int max, const finding *f)
{
    double cost = f->cost;
    int at = *count;
    while (at > 0 && top[at - 1].cost < cost)
        at--;
    if (at >= max)
        return;
    int last = *count < max ? *count : max - 1;
    memmove(&top[at + 1], &top[at], (size_t)(last - at) * sizeof *top);
    top[at] = *f;
    if (*count < max)
        (*count)++;
}

/* Parses a positive whole number option value. */
static int positive(const char *text, int max)
{
    char *end;
    long v = strtol(text, &end, 10);
    return (*text && !*end && v > 0 && v <= max) ? (int)v : -1;
}

/* `trickwood analyse RECORD [--samples N] [--top N]`. */
int tw_cli_analyse(tw_cli *cli, int argc, char **argv)
{
    const char *usage = "analyse RECORD [--samples N] [--top N]";
    const char *path = NULL;
    int samples = DEFAULT_SAMPLES, top_n = DEFAULT_TOP;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc) {
            if ((samples = positive(argv[++i], 10000)) < 0)
                return tw_cli_usage_error(cli, usage, "--samples takes a whole number from 1 to 10000");
        } else if (strcmp(argv[i], "--top") == 0 && i + 1 < argc) {
            if ((top_n = positive(argv[++i], 100)) < 0)
                return tw_cli_usage_error(cli, usage, "--top takes a whole number from 1 to 100");
        } else if (argv[i][0] == '-') {
            return tw_cli_usage_error(cli, usage, "unknown option %s", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return tw_cli_usage_error(cli, usage, "only one record file, please");
        }
    }
    if (!path)
        return tw_cli_usage_error(cli, usage, "which record? give its file");
    tw_nw_record *rec = calloc(1, sizeof *rec);
    finding *top = calloc((size_t)top_n + 1, sizeof *top);
    tw_nw_bot *bot = NULL;
    int code = TW_EXIT_OK;
    tw_diag diag;
    if (!rec || !top) {
        code = TW_EXIT_FAIL;
        goto done;
    }
    if (tw_nw_record_load(rec, path, &diag) != TW_OK) {
        char msg[800];
        tw_diag_format(&diag, msg, sizeof msg);
        tw_cli_errorf(cli, "%s", msg);
        code = TW_EXIT_FAIL;
        goto done;
    }
    tw_nw_state state;
    if (tw_nw_new(&state, &rec->catalog, &rec->config, NULL) != TW_OK) {
        code = TW_EXIT_FAIL;
        goto done;
    }
    int found = 0, examined = 0;
    for (int i = 0; i < rec->count; i++) {
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        double p[TW_NW_MAX_ACTIONS];
        int n = tw_nw_legal_actions(&state, acts);
        int chosen = -1;
        for (int k = 0; k < n; k++)
            if (acts[k] == rec->actions[i])
                chosen = k;
        /* Stopping is only offered once the medal is out of reach, and it
         * gives up the fiefs' targets by design: it is not judged. */
        int judged = n > 1 && chosen >= 0 && state.phase != TW_NW_PHASE_SUBSTITUTES &&
                     TW_NW_ACTION_KIND(acts[chosen]) != TW_NW_ACT_STOP;
        if (judged) {
            /* a fresh bot per decision keeps every estimate reproducible */
            tw_nw_bot_free(bot);
            bot = tw_nw_bot_new(TW_NW_BOT_STRONG, tw_mix64(rec->config.seed + 7919u * (uint64_t)i));
            if (!bot) {
                code = TW_EXIT_FAIL;
                goto done;
            }
            tw_nw_view view;
            tw_nw_view_of(&state, &view);
            double m[TW_NW_MAX_ACTIONS];
            int best = tw_nw_estimate_actions(bot, &view, acts, n, samples, p, m);
            examined++;
            finding f = {i + 1, state, acts[chosen], acts[best], p[chosen], p[best], m[chosen], m[best], 0, 0, 0};
            /* a fief is judged by the medal (an easy target is not a better
             * choice), a move in a visit by its target */
            double spread = m[best] + m[chosen];
            if (state.phase == TW_NW_PHASE_CHOOSE_FIEF) {
                f.medal_chosen = tw_nw_medal_chance(&view, acts[chosen], p[chosen]);
                f.medal_better = tw_nw_medal_chance(&view, acts[best], p[best]);
                f.cost = f.medal_better - f.medal_chosen;
                spread = fabs(tw_nw_medal_chance(&view, acts[best], 1) - tw_nw_medal_chance(&view, acts[best], 0)) *
                             m[best] +
                         fabs(tw_nw_medal_chance(&view, acts[chosen], 1) - tw_nw_medal_chance(&view, acts[chosen], 0)) *
                             m[chosen];
            } else {
                f.cost = p[best] - p[chosen];
            }
            if (best != chosen && f.cost >= NOTABLE_COST && f.cost > spread)
                keep(top, &found, top_n, &f);
        }
        if (tw_nw_apply(&state, rec->actions[i], NULL) != TW_OK) {
            code = TW_EXIT_FAIL;
            goto done;
        }
    }
    tw_cli_printf(cli, T(NW_T_A_TITLE), path, examined, samples * 50);
    if (!tw_nw_is_over(&state))
        tw_cli_printf(cli, "%s", T(NW_T_A_NOT_OVER));
    for (int k = 0; k < found; k++) {
        const finding *f = &top[k];
        char chosen_label[384], better_label[384];
        tw_nw_cli_label(cli, &f->before, &rec->catalog, f->chosen, chosen_label, sizeof chosen_label);
        tw_nw_cli_label(cli, &f->before, &rec->catalog, f->better, better_label, sizeof better_label);
        if (f->before.phase == TW_NW_PHASE_CHOOSE_FIEF)
            tw_cli_printf(cli, T(NW_T_A_ITEM_FIEF), k + 1, f->step, chosen_label, percent(f->p_chosen),
                          percent(f->m_chosen), percent(f->medal_chosen), better_label, percent(f->p_better),
                          percent(f->m_better), percent(f->medal_better));
        else
            tw_cli_printf(cli, T(NW_T_A_ITEM), k + 1, f->step, f->before.visiting, f->before.score_n,
                          f->before.visiting, chosen_label, percent(f->p_chosen), percent(f->m_chosen), better_label,
                          percent(f->p_better), percent(f->m_better));
    }
    if (!found)
        tw_cli_printf(cli, T(NW_T_A_NONE), percent(NOTABLE_COST));
    if (tw_nw_is_over(&state)) {
        int stars = tw_nw_stars_won(&state);
        tw_cli_printf(cli, T(NW_T_A_RESULT), stars, tw_nw_cli_text(cli->lang, NW_T_MEDAL_NONE + tw_nw_medal_for(stars)));
    }
done:
    tw_nw_bot_free(bot);
    if (rec)
        tw_nw_record_free(rec);
    free(rec);
    free(top);
    return code;
}
