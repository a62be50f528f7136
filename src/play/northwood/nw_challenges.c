/* `trickwood challenges`: the shipped For Northwood! challenges, each
 * with its number, name, goal in short, rating (the strong bot's win rate
 * over the games its file records) and the player's best result in the
 * history. */
#include <stdio.h>
#include <string.h>

#include "history/history.h"
#include "play/history_cli.h"
#include "play/northwood/nw_cli.h"
#include "term/term.h"
#include "trickwood/nw_challenge.h"

const tw_msg tw_nw_cli_challenges_help = {{
    "  challenges                     the For Northwood! challenges, their ratings and your best\n"
    "                                 (play one with `northwood --challenge N`)\n",
    "  challenges                     les défis des Fiefs de Norbois !, leur cote et votre meilleur\n"
    "                                 résultat (en jouer un : `northwood --challenge N`)\n",
}};

static const tw_msg head = {{"For Northwood! challenges (play one with `trickwood northwood --challenge N`):\n",
                             "Défis des Fiefs de Norbois ! (en jouer un : `trickwood northwood --challenge N`) :\n"}};
static const tw_msg rated = {{"the strong bot wins %d of %d (%s%%)%s", "le robot fort gagne %d sur %d (%s %%)%s"}};
static const tw_msg short_run = {{", a short run", ", une courte série"}};
static const tw_msg unrated = {{"not rated yet", "pas encore coté"}};
static const tw_msg best_none = {{"not played", "pas joué"}};
static const tw_msg best_won = {{"won %d of %d", "gagné %d sur %d"}};
static const tw_msg best_lost = {{"played %d, best %d stars", "joué %d, au mieux %d étoiles"}};
static const tw_msg best_lost_once = {{"played once, %d stars", "joué une fois, %d étoiles"}};
static const tw_msg fiefs_words = {{"; fiefs to win:", " ; fiefs à gagner :"}};
static const tw_msg no_subs_words = {{"; no substitutes", " ; sans remplaçants"}};
static const tw_msg allies_words = {{"; at most %d allies used", " ; %d alliés utilisés au plus"}};
static const tw_msg entry = {{"%2d. %s (%s)\n    %s\n    %s; %s\n", "%2d. %s (%s)\n    %s\n    %s ; %s\n"}};
static const tw_msg broken = {{"%2d. (cannot be read: %s)\n", "%2d. (illisible : %s)\n"}};

/* The player's best in the history at one challenge: "won W of N" or the
 * best star total, from the history's totals (a challenge's games are
 * one setup, whose config names the challenge: history_totals.c counts
 * them, for the web's list too). */
static void best_of(tw_cli *cli, json_t *totals, const char *id, char *out, size_t size)
{
    json_t *setups = json_object_get(json_array_get(json_object_get(totals, "games"), 0), "setups");
    json_t *mine = NULL, *s;
    size_t i;
    json_array_foreach(setups, i, s) {
        const char *c = json_string_value(json_object_get(json_object_get(s, "config"), "challenge"));
        if (c && strcmp(c, id) == 0)
            mine = s;
    }
    int played = (int)json_integer_value(json_object_get(mine, "played"));
    int won = (int)json_integer_value(json_object_get(mine, "won"));
    if (!played)
        snprintf(out, size, "%s", tw_msg_get(&best_none, cli->lang));
    else if (won)
        snprintf(out, size, tw_msg_get(&best_won, cli->lang), won, played);
    else if (played == 1)
        snprintf(out, size, tw_msg_get(&best_lost_once, cli->lang), (int)json_integer_value(json_object_get(mine, "best")));
    else
        snprintf(out, size, tw_msg_get(&best_lost, cli->lang), played,
                 (int)json_integer_value(json_object_get(mine, "best")));
}

/* Appends the challenge's fiefs to win and limits, in words, to goal. */
static void limits_of(tw_cli *cli, const tw_nw_challenge *ch, char *goal, size_t size)
{
    size_t len = strlen(goal);
    if (ch->fixed.must_win) {
        len += (size_t)snprintf(goal + len, size - len, "%s", tw_msg_get(&fiefs_words, cli->lang));
        for (int f = 0; f < TW_NW_FIEFS && len < size; f++)
            if (ch->fixed.must_win >> f & 1)
                len += (size_t)snprintf(goal + len, size - len, " %d", f);
    }
    if (ch->fixed.no_substitutes && len < size)
        len += (size_t)snprintf(goal + len, size - len, "%s", tw_msg_get(&no_subs_words, cli->lang));
    if (ch->fixed.max_allies && len < size)
        snprintf(goal + len, size - len, tw_msg_get(&allies_words, cli->lang), ch->fixed.max_allies);
}

/* The rating recorded in a challenge file, in words. */
static void rating_of(tw_cli *cli, const char *path, char *out, size_t size)
{
    json_t *root = json_load_file(path, 0, NULL);
    json_t *r = json_object_get(root, "rating");
    int games = (int)json_integer_value(json_object_get(r, "games"));
    int wins = (int)json_integer_value(json_object_get(r, "wins"));
    char rate[16];
    if (games > 0) {
        tw_term_decimal1(cli->lang, 100.0 * wins / games, rate, sizeof rate);
        snprintf(out, size, tw_msg_get(&rated, cli->lang), wins, games, rate,
                 json_object_get(r, "note") ? tw_msg_get(&short_run, cli->lang) : "");
    }
    else
        snprintf(out, size, "%s", tw_msg_get(&unrated, cli->lang));
    json_decref(root);
}

int tw_cli_challenges(tw_cli *cli, int argc, char **argv)
{
    const tw_cli_args args = {.usage = tw_msg_get(&tw_nw_cli_challenges_help, cli->lang)};
    int code = tw_cli_read_args(cli, &args, argc, argv);
    if (code)
        return code;
    tw_cli_setup_term(cli);
    static char paths[TW_NW_MAX_CHALLENGES][512];
    static tw_nw_catalog catalog;
    static tw_nw_challenge ch;
    tw_diag diag;
    if (tw_nw_catalog_load_default(&catalog, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        return TW_EXIT_FAIL;
    }
    int n = tw_nw_challenge_paths(paths, TW_NW_MAX_CHALLENGES);
    json_t *games = tw_cli_history_games(cli, "northwood");
    json_t *totals = tw_history_totals(games, "northwood");
    int lang = cli->lang == TW_LANG_FR ? 1 : 0;
    tw_cli_printf(cli, "%s", tw_msg_get(&head, cli->lang));
    for (int i = 0; i < n; i++) {
        if (tw_nw_challenge_load(&ch, &catalog, paths[i], &diag) != TW_OK) {
            char why[600];
            tw_diag_format(&diag, why, sizeof why);
            tw_cli_printf(cli, tw_msg_get(&broken, cli->lang), i + 1, why);
            continue;
        }
        char rating[96], best[96], goal[320];
        rating_of(cli, paths[i], rating, sizeof rating);
        best_of(cli, totals, ch.id, best, sizeof best);
        tw_nw_cli_goal_words(cli, ch.variant, ch.expert, ch.medal, 0, goal, sizeof goal);
        limits_of(cli, &ch, goal, sizeof goal);
        tw_cli_printf(cli, tw_msg_get(&entry, cli->lang), i + 1, ch.name[lang], ch.id, goal, rating, best);
    }
    json_decref(totals);
    json_decref(games);
    return TW_EXIT_OK;
}
