/* Hints during a For Northwood! game and the words of `trickwood analyse
 * RECORD` for it (analyse.c walks the game with the library's analysis
 * and names the decisions that cost the most chance of hitting the
 * visited fief's target). Both use the strong bot's estimates, made from
 * the player's view only (never the deck order). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "play/northwood/nw_cli.h"
#include "trickwood/nw_bots.h"

#define T(id) tw_nw_cli_text(cli->lang, (id))


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
    if (p_medal >= 0 && state->variant == TW_NW_VARIANT_MEDALS && !state->expert) {
        tw_cli_printf(cli, T(NW_T_H_MEDAL_ODDS), tw_nw_cli_text(cli->lang, NW_T_MEDAL_NONE + state->medal),
                      tw_nw_medal_threshold(state->medal), percent(p_medal), percent(margin_medal));
    } else if (p_medal >= 0) {
        char goal[160];
        tw_nw_cli_state_goal(cli, state, 0, goal, sizeof goal);
        tw_cli_printf(cli, T(NW_T_H_GOAL_ODDS), goal, percent(p_medal), percent(margin_medal));
    }
    const char *meaning = json_string_value(
        json_object_get(json_object_get(hint, "meaning"), cli->lang == TW_LANG_FR ? "fr" : "en"));
    if (meaning)
        tw_cli_printf(cli, "  (%s)\n", meaning);
}

/* `analyse`: the heading, with what the percentages mean. */
void tw_nw_cli_analyse_title(tw_cli_session *ss, const char *path, int examined, int samples)
{
    tw_cli *cli = ss->cli;
    tw_cli_printf(cli, T(NW_T_A_TITLE), path, examined, samples * 50);
    if (!tw_match_is_over(ss->match))
        tw_cli_printf(cli, "%s", T(NW_T_A_NOT_OVER));
}

/* `analyse`: one costly decision, the choice made and the better one
 * with their chances (ss->match is the position before it). */
void tw_nw_cli_analyse_item(tw_cli_session *ss, int rank, const tw_game_decision *d)
{
    tw_cli *cli = ss->cli;
    const tw_nw_state *before = ss->ui->game->state(ss->match);
    char chosen[384], better[384];
    ss->ui->label(ss, 0, d->played, chosen, sizeof chosen);
    ss->ui->label(ss, 0, d->best, better, sizeof better);
    const tw_game_chance *p = &d->c_played, *b = &d->c_best;
    if (before->phase == TW_NW_PHASE_CHOOSE_FIEF) /* judged by the medal */
        tw_cli_printf(cli, T(NW_T_A_ITEM_FIEF), rank, d->step + 1, chosen, percent(p->p), percent(p->margin),
                      percent(p->value), better, percent(b->p), percent(b->margin), percent(b->value));
    else
        tw_cli_printf(cli, T(NW_T_A_ITEM), rank, d->step + 1, before->visiting, before->score_n, before->visiting,
                      chosen, percent(p->p), percent(p->margin), better, percent(b->p), percent(b->margin));
}

/* `analyse`: the end, "nothing stands out" when nothing was listed, and
 * the result of a finished game. */
void tw_nw_cli_analyse_end(tw_cli_session *ss, int found)
{
    tw_cli *cli = ss->cli;
    const tw_nw_state *state = ss->ui->game->state(ss->match);
    if (!found)
        tw_cli_printf(cli, T(NW_T_A_NONE), percent(TW_GAME_NOTABLE_COST));
    if (tw_nw_is_over(state)) {
        int stars = tw_nw_stars_won(state);
        char count[64];
        tw_text_count(cli->lang, stars, TW_T_STARS_ONE, count, sizeof count);
        tw_cli_printf(cli, T(NW_T_A_RESULT), count, tw_nw_cli_text(cli->lang, NW_T_MEDAL_NONE + tw_nw_medal_for(stars)));
    }
}
