/* The words of `trickwood analyse RECORD` for a Duet game (analyse.c
 * walks the game with the library's analysis): each costly decision is
 * judged from the view of the seat that made it, as the chance that the
 * team wins the game. */
#include "play/fox/fox_cli.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))

/* Rounds a probability to a whole percentage. */
static int percent(double p)
{
    return (int)(p * 100.0 + 0.5);
}

/* `analyse`: the heading, with what the percentages mean. */
void tw_fox_cli_analyse_title(tw_cli_session *ss, const char *path, int examined, int samples)
{
    tw_cli *cli = ss->cli;
    tw_cli_printf(cli, T(FX_T_A_TITLE), path, examined, samples);
    if (!tw_match_is_over(ss->match))
        tw_cli_printf(cli, "%s", T(FX_T_A_NOT_OVER));
}

/* `analyse`: one costly decision, the choice made and the better one
 * with their chances (ss->match is the position before it). */
void tw_fox_cli_analyse_item(tw_cli_session *ss, int rank, const tw_game_decision *d)
{
    tw_cli *cli = ss->cli;
    const tw_fox_state *before = ss->ui->game->state(ss->match);
    char chosen[384], better[384];
    ss->ui->label(ss, d->seat, d->played, chosen, sizeof chosen);
    ss->ui->label(ss, d->seat, d->best, better, sizeof better);
    int trick = before->tricks_done < TW_FOX_TRICKS ? before->tricks_done + 1 : TW_FOX_TRICKS;
    tw_cli_printf(cli, T(FX_T_A_ITEM), rank, d->step + 1, before->round, trick, d->seat + 1, chosen,
                  percent(d->c_played.p), percent(d->c_played.margin), better, percent(d->c_best.p),
                  percent(d->c_best.margin));
}

/* `analyse`: the end, "nothing stands out" when nothing was listed, and
 * the result of a finished game. */
void tw_fox_cli_analyse_end(tw_cli_session *ss, int found)
{
    tw_cli *cli = ss->cli;
    if (!found)
        tw_cli_printf(cli, T(FX_T_A_NONE), percent(TW_GAME_NOTABLE_COST));
    if (tw_match_is_over(ss->match))
        tw_fox_cli_result(ss);
}
