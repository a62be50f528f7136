/* For Northwood! in the simulation (the play loop is sim_play.c): its
 * options on the command line, and what it tallies: stars and medals,
 * fiefs by target, and the characters CSV. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_nw.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_challenge.h"

extern const tw_game tw_game_northwood;

/* One game's outcome, as the reducer and the CSVs need it. */
typedef struct {
    uint8_t stars;
    uint8_t stopped;
    uint8_t won;      /* the goal of the variant played was reached */
    uint8_t status[TW_NW_FIEFS]; /* tw_nw_fief_status by target */
    /* the characters: starting allies by slot, rulers by fief at the end
     * (rulers only move between neutral fiefs, so a decided fief keeps
     * its ruler), and how their abilities were used */
    uint16_t ally[TW_NW_SLOTS];
    uint16_t ally_uses[TW_NW_SLOTS];    /* activations as an ally */
    uint16_t ruler[TW_NW_FIEFS];
    uint8_t substituted[TW_NW_FIEFS];   /* the ruler was brought in as a substitute */
    uint16_t sub_uses[TW_NW_FIEFS];     /* activations while substituting */
    uint32_t unsettled;                 /* the clairvoyant bot's questions cut off by its budget */
} nw_result;

/* The engine's state behind a match. */
static const tw_nw_state *state_of(const tw_match *m)
{
    return m->game->state(m);
}

/* The game's own options of a run. */
static tw_sim_nw_options *nw_opt(const tw_sim_options *opt)
{
    return opt->game;
}

/* Whether the bot searches. */
static int nw_slow(const tw_sim_options *opt)
{
    int kind = tw_nw_bot_kind_from_name(opt->bots[0]);
    return kind == TW_NW_BOT_STRONG || kind == TW_NW_BOT_CLAIRVOYANT || kind == TW_NW_BOT_HINT ||
           kind == TW_NW_BOT_SOLVE || kind == TW_NW_BOT_SOLVE_LIGHT;
}

/* The deal, the medal and the variant; the player is never offered to
 * finish early. */
static json_t *nw_config(const tw_sim_options *opt, int dealer)
{
    const tw_sim_nw_options *nw = nw_opt(opt);
    (void)dealer;
    json_t *config = json_pack("{s:s, s:s, s:b, s:s, s:b}", "setup", nw->setup == TW_NW_SETUP_FULL ? "full" : "intro",
                               "medal", tw_nw_medal_key(nw->medal), "finish", 0, "variant",
                               tw_nw_variant_key(nw->variant), "expert", nw->expert != 0);
    if (config && nw->challenge_text) /* its own copy: games may run on several threads */
        json_object_set_new(config, "challenge", json_loads(nw->challenge_text, 0, NULL));
    return config;
}

/* The search effort of the strong and solve bots. */
static void nw_tune(tw_game_bot *bot, const tw_sim_options *opt)
{
    const tw_sim_nw_options *nw = nw_opt(opt);
    if ((nw->iterations > 0 || nw->rollouts > 0) && tw_game_bot_engine(bot))
        tw_nw_bot_set_effort(tw_game_bot_engine(bot), nw->iterations, nw->rollouts);
    if ((nw->orders > 0 || nw->nodes > 0) && tw_game_bot_engine(bot))
        tw_nw_bot_set_orders(tw_game_bot_engine(bot), nw->orders, nw->nodes);
}

/* The starting allies. */
static void nw_begin(void *out, const tw_match *m)
{
    nw_result *r = out;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        r->ally[slot] = state_of(m)->slots[slot].ally.catalog_index;
}

/* Counts what an action about to be applied does with the characters: a
 * ruler brought in as a substitute, an ability activated by an ally or by
 * a substitute. */
static void nw_observe(void *out, const tw_match *m, tw_game_action a)
{
    nw_result *r = out;
    int arg = TW_NW_ACTION_ARG(a);
    if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_SUBSTITUTE && arg / TW_NW_SLOTS < TW_NW_FIEFS) {
        r->substituted[arg / TW_NW_SLOTS] = 1;
    } else if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_ACTIVATE && arg < TW_NW_SLOTS) {
        int fief = state_of(m)->slots[arg].sub_fief;
        if (fief >= 0)
            r->sub_uses[fief]++;
        else
            r->ally_uses[arg]++;
    }
}

/* What nw_observe counts goes only into the characters CSV. */
static int nw_observing(const tw_sim_options *opt)
{
    return nw_opt(opt)->characters != NULL;
}

/* The stars, the fiefs and their rulers at the end. */
static void nw_finish(void *out, const tw_match *m)
{
    nw_result *r = out;
    const tw_nw_state *s = state_of(m);
    r->stars = (uint8_t)tw_nw_stars_won(s);
    r->stopped = s->stopped;
    r->won = (uint8_t)tw_nw_is_won(s);
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        r->status[f] = s->fiefs[f].status;
        r->ruler[f] = s->fiefs[f].ruler.catalog_index;
    }
}

/* The clairvoyant bot's questions that its budget cut off. */
static void nw_bot_done(void *out, tw_game_bot *bot)
{
    nw_result *r = out;
    tw_nw_bot *engine = tw_game_bot_engine(bot);
    if (engine)
        r->unsettled += (uint32_t)tw_nw_bot_unsettled(engine);
}

/* Adds one game to the tallies. */
static void nw_add(tw_sim_totals *totals, const tw_sim_head *head, const void *in)
{
    (void)head;
    const nw_result *r = in;
    tw_sim_nw_tally *t = totals->tally;
    for (int m = TW_NW_MEDAL_BRONZE; m <= TW_NW_MEDAL_GOLD; m++)
        if (r->stars >= tw_nw_medal_threshold((tw_nw_medal)m))
            t->wins[m]++;
    t->goal_wins += r->won;
    tw_tally_add(&t->stars, r->stars);
    t->stars_hist[r->stars <= TW_SIM_NW_MAX_STARS ? r->stars : TW_SIM_NW_MAX_STARS]++;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        t->friendly[f] += r->status[f] == TW_NW_FIEF_FRIENDLY;
        t->visited[f] += r->status[f] != TW_NW_FIEF_NEUTRAL;
    }
    t->stopped += r->stopped;
    t->unsettled += r->unsettled;
}

/* The CSV headers. */
static void nw_csv_header(const tw_sim_common *common, const tw_sim_options *opt)
{
    const tw_sim_nw_options *nw = nw_opt(opt);
    if (common->csv) {
        fputs("game,seed,stars,medal,won,stopped,decisions", common->csv);
        for (int f = 0; f < TW_NW_FIEFS; f++)
            fprintf(common->csv, ",target%d", f);
        fputc('\n', common->csv);
    }
    if (nw->characters)
        fputs("game,seed,character,suit,crown,role,fief,friendly,substituted,sub_uses,ally_uses,stars,medal\n",
              nw->characters);
}

/* Writes one character row of a game (characters CSV). */
static void character_row(FILE *out, const tw_nw_catalog *catalog, long long game, uint64_t seed,
                          const nw_result *r, int index, const char *role, int fief, int friendly, int substituted,
                          int sub_uses, int ally_uses)
{
    const char *id = index < catalog->count ? catalog->entries[index].id : "?";
    int suit = index < catalog->count ? catalog->entries[index].suit : -1;
    int crown = index < catalog->count ? catalog->entries[index].crown : 0;
    const char *suit_key = tw_nw_suit_key(suit);
    fprintf(out, "%lld,%llu,%s,%s,%d,%s,%d,%d,%d,%d,%d,%d,%s\n", game, (unsigned long long)seed, id,
            suit_key ? suit_key : "?", crown, role, fief, friendly, substituted, sub_uses, ally_uses, r->stars,
            tw_nw_medal_key(tw_nw_medal_for(r->stars)));
}

/* Writes one game's CSV row and, with --characters-csv, its four starting
 * allies then its eight rulers by fief. */
static void nw_csv_rows(const tw_sim_common *common, const tw_sim_options *opt, long long game,
                        const tw_sim_head *head, const void *in)
{
    const tw_sim_nw_options *nw = nw_opt(opt);
    const nw_result *r = in;
    FILE *csv = common->csv;
    if (csv) {
        fprintf(csv, "%lld,%llu,%d,%s,%d,%d,%u", game, (unsigned long long)head->seed, r->stars,
                tw_nw_medal_key(tw_nw_medal_for(r->stars)), r->won, r->stopped, (unsigned)head->decisions);
        for (int f = 0; f < TW_NW_FIEFS; f++)
            fprintf(csv, ",%s", tw_nw_status_key(r->status[f]));
        fputc('\n', csv);
    }
    FILE *out = nw->characters;
    if (!out || !nw->catalog)
        return;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        character_row(out, nw->catalog, game, head->seed, r, r->ally[slot], "ally", -1, 0, 0, 0, r->ally_uses[slot]);
    for (int f = 0; f < TW_NW_FIEFS; f++)
        character_row(out, nw->catalog, game, head->seed, r, r->ruler[f], "ruler", f,
                      r->status[f] == TW_NW_FIEF_FRIENDLY, r->substituted[f], r->sub_uses[f], 0);
}

/* The fiefs by target as JSON. */
static json_t *targets_json(const tw_sim_totals *totals)
{
    const tw_sim_nw_tally *t = totals->tally;
    json_t *targets = json_array();
    for (int f = 0; f < TW_NW_FIEFS; f++)
        json_array_append_new(targets, json_pack("{s:i, s:i, s:I, s:I, s:f, s:f}", "target", f, "stars",
                                                 tw_nw_stars[f], "visited", (json_int_t)t->visited[f], "friendly",
                                                 (json_int_t)t->friendly[f], "friendly_rate",
                                                 tw_sim_share(t->friendly[f], totals->games), "friendly_per_visit",
                                                 tw_sim_share(t->friendly[f], t->visited[f])));
    return targets;
}

/* The summary as one JSON object. */
static json_t *nw_json(const tw_sim_common *common, const tw_sim_options *opt, const tw_sim_totals *totals)
{
    const tw_sim_nw_options *nw = nw_opt(opt);
    const tw_sim_nw_tally *t = totals->tally;
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:I, s:I}", "game", "northwood", "bot", opt->bots[0], "setup",
                          nw->setup == TW_NW_SETUP_FULL ? "full" : "intro", "medal", tw_nw_medal_key(nw->medal),
                          "seed", (json_int_t)common->seed, "games", (json_int_t)totals->games);
    if (nw->variant != TW_NW_VARIANT_MEDALS) /* the base game's output stays as it was */
        json_object_set_new(o, "variant", json_string(tw_nw_variant_key(nw->variant)));
    if (nw->expert)
        json_object_set_new(o, "expert", json_true());
    if (nw->challenge_id[0])
        json_object_set_new(o, "challenge", json_string(nw->challenge_id));
    tw_sim_json_rate(o, t->goal_wins, totals->games);
    json_object_set_new(o, "mean_score", json_real(tw_tally_mean(&t->stars)));
    json_object_set_new(o, "score_sd", json_real(tw_tally_sd(&t->stars)));
    json_t *medals = json_object();
    for (int m = TW_NW_MEDAL_BRONZE; m <= TW_NW_MEDAL_GOLD; m++) {
        json_t *one = json_pack("{s:i}", "stars", tw_nw_medal_threshold((tw_nw_medal)m));
        tw_sim_json_rate(one, t->wins[m], totals->games);
        json_object_set_new(medals, tw_nw_medal_key(m), one);
    }
    json_object_set_new(o, "medals", medals);
    json_t *hist = json_array();
    for (int s = 0; s <= TW_SIM_NW_MAX_STARS; s++)
        json_array_append_new(hist, json_integer(t->stars_hist[s]));
    json_object_set_new(o, "score_histogram", hist);
    json_object_set_new(o, "targets", targets_json(totals));
    json_object_set_new(o, "stopped", json_integer(t->stopped));
    if (strcmp(opt->bots[0], "clairvoyant") == 0)
        json_object_set_new(o, "unsettled", json_integer(t->unsettled));
    json_object_set_new(o, "decisions_per_game", json_real(tw_tally_mean(&totals->decisions)));
    return o;
}

/* The summary for people. */
static void nw_text(FILE *out, const tw_sim_common *common, const tw_sim_options *opt, const tw_sim_totals *totals)
{
    const tw_sim_nw_options *nw = nw_opt(opt);
    const tw_sim_nw_tally *t = totals->tally;
    const char *aim = nw->variant == TW_NW_VARIANT_HIDDEN_STARS ? "the hidden stars" : tw_nw_medal_key(nw->medal);
    fprintf(out, "For Northwood! - %lld %s games, bot %s, aiming for %s%s, seed %llu\n", totals->games,
            nw->setup == TW_NW_SETUP_FULL ? "full-deal" : "intro", opt->bots[0], aim,
            nw->expert ? " under the expert rule" : "", (unsigned long long)common->seed);
    if (nw->challenge_id[0])
        fprintf(out, "Challenge: %s (its setup, goal and limits)\n", nw->challenge_id);
    if (nw->variant != TW_NW_VARIANT_MEDALS || nw->expert || nw->challenge_id[0]) {
        fprintf(out, "\nGoal: %s%s\n            wins  win rate  95%% interval (Wilson)\n%-11s", aim,
                nw->expert ? " and the four outer fiefs" : "", "  goal");
        tw_sim_text_rate(out, t->goal_wins, totals->games);
    }
    fprintf(out, "\nMedal    stars     wins  win rate  95%% interval (Wilson)\n");
    for (int m = TW_NW_MEDAL_BRONZE; m <= TW_NW_MEDAL_GOLD; m++) {
        fprintf(out, "%-6s %c %5d ", tw_nw_medal_key(m), m == nw->medal && nw->variant == TW_NW_VARIANT_MEDALS ? '*' : ' ',
                tw_nw_medal_threshold((tw_nw_medal)m));
        tw_sim_text_rate(out, t->wins[m], totals->games);
    }
    fprintf(out, "\nStars: mean %.3f, standard deviation %.3f\n", tw_tally_mean(&t->stars), tw_tally_sd(&t->stars));
    long long top = 0;
    for (int s = 0; s <= TW_SIM_NW_MAX_STARS; s++)
        if (t->stars_hist[s] > top)
            top = t->stars_hist[s];
    for (int s = 0; s <= TW_SIM_NW_MAX_STARS; s++) {
        char label[16];
        snprintf(label, sizeof label, "%d", s);
        tw_sim_text_bar(out, label, t->stars_hist[s], totals->games, top);
    }
    fprintf(out, "\nFiefs by target: how often each ended friendly\n");
    fprintf(out, "  target stars  friendly/games  friendly/visits\n");
    for (int f = 0; f < TW_NW_FIEFS; f++)
        fprintf(out, "  %6d %5d  %13.2f%%  %14.2f%%\n", f, tw_nw_stars[f], tw_sim_percent(t->friendly[f], totals->games),
                tw_sim_percent(t->friendly[f], t->visited[f]));
    fprintf(out, "\nGames ended early by the bot: %lld\n", t->stopped);
    if (strcmp(opt->bots[0], "clairvoyant") == 0)
        fprintf(out, "Solver questions cut off by the budget (not answered exactly): %lld\n", t->unsettled);
    tw_sim_text_timing(out, totals, common->jobs);
}

/* The exact counts a shard writes (sim_shard.c). */
static const tw_sim_field nw_fields[] = {
    {"wins_by_medal", offsetof(tw_sim_nw_tally, wins[TW_NW_MEDAL_BRONZE]), 3},
    {"goal_wins", offsetof(tw_sim_nw_tally, goal_wins), 1},
    {"stars", offsetof(tw_sim_nw_tally, stars), 3},
    {"stars_histogram", offsetof(tw_sim_nw_tally, stars_hist), TW_SIM_NW_MAX_STARS + 1},
    {"friendly", offsetof(tw_sim_nw_tally, friendly), TW_NW_FIEFS},
    {"visited", offsetof(tw_sim_nw_tally, visited), TW_NW_FIEFS},
    {"stopped", offsetof(tw_sim_nw_tally, stopped), 1},
    {"unsettled", offsetof(tw_sim_nw_tally, unsettled), 1},
    {NULL, 0, 0},
};

/* The options that decide the games. */
static void nw_options_json(json_t *o, const tw_sim_options *opt)
{
    const tw_sim_nw_options *nw = nw_opt(opt);
    json_object_set_new(o, "bot", json_string(opt->bots[0]));
    json_object_set_new(o, "setup", json_string(nw->setup == TW_NW_SETUP_FULL ? "full" : "intro"));
    json_object_set_new(o, "medal", json_string(tw_nw_medal_key(nw->medal)));
    if (nw->variant != TW_NW_VARIANT_MEDALS)
        json_object_set_new(o, "variant", json_string(tw_nw_variant_key(nw->variant)));
    if (nw->expert)
        json_object_set_new(o, "expert", json_true());
    if (nw->challenge_id[0])
        json_object_set_new(o, "challenge", json_string(nw->challenge_id));
    json_object_set_new(o, "iterations", json_integer(nw->iterations));
    json_object_set_new(o, "rollouts", json_integer(nw->rollouts));
    if (nw->orders > 0)
        json_object_set_new(o, "orders", json_integer(nw->orders));
    if (nw->nodes > 0)
        json_object_set_new(o, "nodes", json_integer(nw->nodes));
}

/* Reads them back (sim-merge). */
static int nw_options_read(json_t *o, tw_sim_options *opt, char *why, size_t size)
{
    tw_sim_nw_options *nw = nw_opt(opt);
    const char *bot = json_string_value(json_object_get(o, "bot"));
    const char *setup = json_string_value(json_object_get(o, "setup"));
    const char *medal = json_string_value(json_object_get(o, "medal"));
    opt->bots[0] = opt->bots[1] = tw_sim_bot_name(&tw_sim_northwood, bot);
    nw->medal = medal ? tw_nw_medal_from_key(medal) : -1;
    const char *variant = json_string_value(json_object_get(o, "variant"));
    nw->variant = variant ? tw_nw_variant_from_key(variant) : TW_NW_VARIANT_MEDALS;
    nw->expert = json_is_true(json_object_get(o, "expert"));
    const char *challenge = json_string_value(json_object_get(o, "challenge"));
    snprintf(nw->challenge_id, sizeof nw->challenge_id, "%s", challenge ? challenge : "");
    const char *bad = !opt->bots[0] ? "bot"
                      : !setup || (strcmp(setup, "intro") != 0 && strcmp(setup, "full") != 0) ? "setup"
                      : nw->medal < TW_NW_MEDAL_BRONZE ? "medal"
                      : nw->variant < 0                ? "variant"
                                                        : NULL;
    if (bad) {
        snprintf(why, size, "options.%s", bad);
        return -1;
    }
    nw->setup = strcmp(setup, "full") == 0 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO;
    return 0;
}

/* ---- The command line ------------------------------------------------------ */

/* Messages of sim northwood. */
static const tw_msg nw_text_bad_bot = {
    {"unknown For Northwood! bot '%s' (random, greedy, strong, clairvoyant, hint, solve or solve-light)",
     "robot inconnu pour Norbois « %s » (random, greedy, strong, clairvoyant, hint, solve ou solve-light)"}};
static const tw_msg nw_text_bad_orders = {{"--orders takes 1 to 64, not '%s'", "--orders attend 1 à 64, pas « %s »"}};
static const tw_msg nw_text_bad_medal = {{"--medal takes bronze, silver or gold, not '%s'",
                                          "--medal attend bronze, silver ou gold, pas « %s »"}};
static const tw_msg nw_text_bad_variant = {{"--variant takes medals or hidden-stars, not '%s'",
                                            "--variant attend medals ou hidden-stars, pas « %s »"}};
static const tw_msg nw_text_no_catalog = {{"the simulation stopped: %s", "la simulation s'est arrêtée : %s"}};
static const tw_msg nw_text_characters_file = {{"cannot write the characters file %s",
                                                "impossible d'écrire le fichier de personnages %s"}};

/* Its own options, by index (nw_set_option). */
enum { O_INTRO, O_FULL, O_MEDAL, O_CHARACTERS, O_ITERATIONS, O_ROLLOUTS, O_VARIANT, O_EXPERT, O_CHALLENGE, O_ORDERS, O_NODES };
static const tw_sim_option nw_options[] = {
    [O_INTRO] = {"--intro", TW_SIM_FLAG},
    [O_FULL] = {"--full", TW_SIM_FLAG},
    [O_MEDAL] = {"--medal", TW_SIM_TEXT},
    [O_CHARACTERS] = {"--characters-csv", TW_SIM_TEXT},
    [O_ITERATIONS] = {"--iterations", TW_SIM_NUMBER},
    [O_ROLLOUTS] = {"--rollouts", TW_SIM_NUMBER},
    [O_VARIANT] = {"--variant", TW_SIM_TEXT},
    [O_EXPERT] = {"--expert", TW_SIM_FLAG},
    [O_CHALLENGE] = {"--challenge", TW_SIM_TEXT},
    [O_ORDERS] = {"--orders", TW_SIM_NUMBER},
    [O_NODES] = {"--nodes", TW_SIM_NUMBER},
    {NULL, TW_SIM_FLAG},
};

/* The intro deal, aiming for bronze. */
static void nw_defaults(tw_sim_options *opt)
{
    tw_sim_nw_options *nw = nw_opt(opt);
    nw->setup = TW_NW_SETUP_INTRO;
    nw->medal = TW_NW_MEDAL_BRONZE;
}

/* Stores one of its options. */
static int nw_set_option(tw_cli *cli, const char *usage, tw_sim_options *opt, int k, const char *v, long long number)
{
    tw_sim_nw_options *nw = nw_opt(opt);
    int medal = k == O_MEDAL ? tw_nw_medal_from_key(v) : 0;
    switch (k) {
    case O_INTRO:
    case O_FULL:
        nw->setup = k == O_FULL ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO;
        break;
    case O_MEDAL:
        if (medal < TW_NW_MEDAL_BRONZE)
            return tw_cli_usage_error(cli, usage, tw_msg_get(&nw_text_bad_medal, cli->lang), v);
        nw->medal = medal;
        break;
    case O_CHARACTERS:
        nw->characters_path = v;
        break;
    case O_ITERATIONS:
        nw->iterations = (int)number;
        break;
    case O_VARIANT:
        nw->variant = tw_nw_variant_from_key(v);
        if (nw->variant < 0)
            return tw_cli_usage_error(cli, usage, tw_msg_get(&nw_text_bad_variant, cli->lang), v);
        break;
    case O_EXPERT:
        nw->expert = 1;
        break;
    case O_CHALLENGE:
        nw->challenge_path = v;
        break;
    case O_ORDERS:
        if (number < 1 || number > 64)
            return tw_cli_usage_error(cli, usage, tw_msg_get(&nw_text_bad_orders, cli->lang), v);
        nw->orders = (int)number;
        break;
    case O_NODES:
        nw->nodes = number;
        break;
    default:
        nw->rollouts = (int)number;
        break;
    }
    return 0;
}

/* With --challenge: reads the challenge (checked whole), takes its setup
 * and goal, and keeps its text for every game's configuration. 0, or
 * prints the problem and returns -1. */
static int load_challenge(tw_cli *cli, tw_sim_nw_options *nw)
{
    tw_diag diag;
    tw_nw_catalog *catalog = malloc(sizeof *catalog);
    tw_nw_challenge *ch = malloc(sizeof *ch);
    int ok = catalog && ch && tw_nw_catalog_load_default(catalog, &diag) == TW_OK &&
             tw_nw_challenge_find(ch, catalog, nw->challenge_path, &diag) == TW_OK;
    if (ok) {
        json_t *obj = tw_nw_challenge_to_object(ch, catalog);
        nw->challenge_text = obj ? json_dumps(obj, JSON_COMPACT) : NULL;
        json_decref(obj);
        ok = nw->challenge_text != NULL;
        nw->setup = ch->setup;
        nw->medal = ch->medal;
        nw->variant = ch->variant;
        nw->expert = ch->expert;
        snprintf(nw->challenge_id, sizeof nw->challenge_id, "%s", ch->id);
    } else {
        char text[700] = "out of memory";
        if (catalog && ch)
            tw_diag_format(&diag, text, sizeof text);
        tw_cli_errorf(cli, tw_msg_get(&nw_text_no_catalog, cli->lang), text);
    }
    free(catalog);
    free(ch);
    return ok ? 0 : -1;
}

/* With --characters-csv: opens the file and loads the characters' names
 * for it; 0, or prints the problem and returns an exit code. */
static int nw_prepare(tw_cli *cli, tw_sim_options *opt)
{
    tw_sim_nw_options *nw = nw_opt(opt);
    if (nw->challenge_path && load_challenge(cli, nw) != 0)
        return TW_EXIT_FAIL;
    if (!nw->characters_path)
        return 0;
    tw_diag diag;
    nw->catalog = malloc(sizeof *nw->catalog);
    if (!nw->catalog || tw_nw_catalog_load_default(nw->catalog, &diag) != TW_OK) {
        char text[700] = "out of memory";
        if (nw->catalog)
            tw_diag_format(&diag, text, sizeof text);
        tw_cli_errorf(cli, tw_msg_get(&nw_text_no_catalog, cli->lang), text);
        free(nw->catalog);
        nw->catalog = NULL;
        return TW_EXIT_FAIL;
    }
    if (!(nw->characters = fopen(nw->characters_path, "w"))) {
        tw_cli_errorf(cli, tw_msg_get(&nw_text_characters_file, cli->lang), nw->characters_path);
        free(nw->catalog);
        nw->catalog = NULL;
        return TW_EXIT_FAIL;
    }
    return 0;
}

/* Closes the characters file (a failed close fails the run) and frees
 * the characters' names. */
static int nw_release(tw_cli *cli, tw_sim_options *opt, int code)
{
    tw_sim_nw_options *nw = nw_opt(opt);
    if (nw->characters && fclose(nw->characters) != 0 && code == 0) {
        tw_cli_errorf(cli, tw_msg_get(&nw_text_characters_file, cli->lang), nw->characters_path);
        code = TW_EXIT_FAIL;
    }
    nw->characters = NULL;
    free(nw->challenge_text);
    nw->challenge_text = NULL;
    free(nw->catalog);
    nw->catalog = NULL;
    return code;
}

const tw_sim_kind tw_sim_northwood = {
    .game = &tw_game_northwood,
    .result_size = sizeof(nw_result),
    .options_size = sizeof(tw_sim_nw_options),
    .tally_size = sizeof(tw_sim_nw_tally),
    .default_bot = "greedy",
    .bad_bot = &nw_text_bad_bot,
    .options = nw_options,
    .defaults = nw_defaults,
    .set_option = nw_set_option,
    .prepare = nw_prepare,
    .release = nw_release,
    .slow = nw_slow,
    .config = nw_config,
    .tune = nw_tune,
    .begin = nw_begin,
    .observe = nw_observe,
    .observing = nw_observing,
    .finish = nw_finish,
    .bot_done = nw_bot_done,
    .add = nw_add,
    .csv_header = nw_csv_header,
    .csv_rows = nw_csv_rows,
    .json = nw_json,
    .text = nw_text,
    .fields = nw_fields,
    .options_json = nw_options_json,
    .options_read = nw_options_read,
};
