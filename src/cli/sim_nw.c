/* For Northwood! bulk simulation: one bot plays games with seeds derived
 * from the run's seed; totals are reduced in game order (sim_run.c). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli/sim.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_files.h"

/* Far more decisions than any game takes: a bot that goes past it loops. */
#define MAX_DECISIONS 5000

/* One game's outcome, as the reducer and the CSVs need it. */
typedef struct {
    uint64_t seed;
    double seconds;
    uint32_t decisions;
    uint8_t stars;
    uint8_t stopped;
    uint8_t status[TW_NW_FIEFS]; /* tw_nw_fief_status by target */
    /* the characters: starting allies by slot, rulers by fief at the end
     * (rulers only move between neutral fiefs, so a decided fief keeps
     * its ruler), and how their abilities were used */
    uint16_t ally[TW_NW_SLOTS];
    uint16_t ally_uses[TW_NW_SLOTS];    /* activations as an ally */
    uint16_t ruler[TW_NW_FIEFS];
    uint8_t substituted[TW_NW_FIEFS];   /* the ruler was brought in as a substitute */
    uint16_t sub_uses[TW_NW_FIEFS];     /* activations while substituting */
} nw_result;

/* The run: settings, the catalog and the totals being reduced. */
typedef struct {
    const tw_sim_common *common;
    const tw_sim_nw_options *opt;
    tw_nw_catalog *catalog;
    tw_sim_nw_totals *totals;
    pthread_mutex_t error_lock;
} nw_run;

/* Records the first (lowest) failing game with its reason. */
static void fail_game(nw_run *run, long long game, const char *why)
{
    tw_sim_note_failure(&run->error_lock, &run->totals->failed_game, run->totals->error, sizeof run->totals->error,
                        game, why);
}

/* Counts what an action about to be applied does with the characters: a
 * ruler brought in as a substitute, an ability activated by an ally or by
 * a substitute. */
static void note_characters(nw_result *r, const tw_nw_state *s, tw_nw_action a)
{
    int arg = TW_NW_ACTION_ARG(a);
    if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_SUBSTITUTE && arg / TW_NW_SLOTS < TW_NW_FIEFS) {
        r->substituted[arg / TW_NW_SLOTS] = 1;
    } else if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_ACTIVATE && arg < TW_NW_SLOTS) {
        int fief = s->slots[arg].sub_fief;
        if (fief >= 0)
            r->sub_uses[fief]++;
        else
            r->ally_uses[arg]++;
    }
}

/* Writes one character row of a game (characters CSV). */
static void character_row(FILE *out, const tw_nw_catalog *catalog, long long game, const nw_result *r, int index,
                          const char *role, int fief, int friendly, int substituted, int sub_uses, int ally_uses)
{
    const char *id = index < catalog->count ? catalog->entries[index].id : "?";
    int suit = index < catalog->count ? catalog->entries[index].suit : -1;
    int crown = index < catalog->count ? catalog->entries[index].crown : 0;
    const char *suit_key = tw_nw_suit_key(suit);
    fprintf(out, "%lld,%llu,%s,%s,%d,%s,%d,%d,%d,%d,%d,%d,%s\n", game, (unsigned long long)r->seed, id,
            suit_key ? suit_key : "?", crown, role, fief, friendly, substituted, sub_uses, ally_uses, r->stars,
            tw_nw_medal_key(tw_nw_medal_for(r->stars)));
}

/* Writes the characters CSV rows of one game: its four starting allies,
 * then its eight rulers by fief. */
static void character_rows(FILE *out, const tw_nw_catalog *catalog, long long game, const nw_result *r)
{
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        character_row(out, catalog, game, r, r->ally[slot], "ally", -1, 0, 0, 0, r->ally_uses[slot]);
    for (int f = 0; f < TW_NW_FIEFS; f++)
        character_row(out, catalog, game, r, r->ruler[f], "ruler", f, r->status[f] == TW_NW_FIEF_FRIENDLY,
                      r->substituted[f], r->sub_uses[f], 0);
}

/* Plays one game with a fresh bot seeded from the game seed, so the game
 * is the same whichever worker plays it. */
static int nw_play(void *ctx, void *scratch, long long game, void *out)
{
    (void)scratch;
    nw_run *run = ctx;
    const tw_sim_nw_options *opt = run->opt;
    nw_result *r = out;
    r->seed = tw_sim_game_seed(run->common->seed, game);
    tw_nw_config cfg = {(tw_nw_setup)opt->setup, (tw_nw_medal)opt->medal, r->seed, 0};
    tw_nw_state s;
    if (tw_nw_new(&s, run->catalog, &cfg, NULL) != TW_OK) {
        fail_game(run, game, "the catalog cannot deal this setup");
        return -1;
    }
    tw_nw_bot *bot = tw_nw_bot_new((tw_nw_bot_kind)opt->bot, tw_sim_bot_seed(r->seed, 0));
    if (!bot) {
        fail_game(run, game, "out of memory for the bot");
        return -1;
    }
    if (opt->iterations > 0 || opt->rollouts > 0)
        tw_nw_bot_set_effort(bot, opt->iterations, opt->rollouts);
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        r->ally[slot] = s.slots[slot].ally.catalog_index;
    double start = tw_sim_thread_cpu();
    int status = 0;
    while (!tw_nw_is_over(&s)) {
        tw_nw_action a = tw_nw_bot_choose(bot, &s);
        note_characters(r, &s, a);
        if (tw_nw_apply(&s, a, NULL) != TW_OK) {
            char text[48], why[96];
            tw_nw_action_format(a, text, sizeof text);
            snprintf(why, sizeof why, "the bot chose an illegal action (%s)", text);
            fail_game(run, game, why);
            status = -1;
            break;
        }
        if (++r->decisions > MAX_DECISIONS) {
            fail_game(run, game, "the game did not end");
            status = -1;
            break;
        }
    }
    r->seconds = tw_sim_thread_cpu() - start;
    tw_nw_bot_free(bot);
    r->stars = (uint8_t)tw_nw_stars_won(&s);
    r->stopped = s.stopped;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        r->status[f] = s.fiefs[f].status;
        r->ruler[f] = s.fiefs[f].ruler.catalog_index;
    }
    return status;
}

/* Adds one game to the totals and writes its CSV row. */
static void nw_reduce(void *ctx, long long game, const void *in)
{
    nw_run *run = ctx;
    const nw_result *r = in;
    tw_sim_nw_totals *t = run->totals;
    t->games++;
    for (int m = TW_NW_MEDAL_BRONZE; m <= TW_NW_MEDAL_GOLD; m++)
        if (r->stars >= tw_nw_medal_threshold((tw_nw_medal)m))
            t->wins[m]++;
    tw_tally_add(&t->stars, r->stars);
    t->stars_hist[r->stars <= TW_SIM_NW_MAX_STARS ? r->stars : TW_SIM_NW_MAX_STARS]++;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        t->friendly[f] += r->status[f] == TW_NW_FIEF_FRIENDLY;
        t->visited[f] += r->status[f] != TW_NW_FIEF_NEUTRAL;
    }
    t->stopped += r->stopped;
    tw_tally_add(&t->decisions, r->decisions);
    t->game_seconds += r->seconds;
    FILE *csv = run->common->csv;
    if (csv) {
        fprintf(csv, "%lld,%llu,%d,%s,%d,%d,%u", game, (unsigned long long)r->seed, r->stars,
                tw_nw_medal_key(tw_nw_medal_for(r->stars)), r->stars >= tw_nw_medal_threshold((tw_nw_medal)run->opt->medal),
                r->stopped, (unsigned)r->decisions);
        for (int f = 0; f < TW_NW_FIEFS; f++)
            fprintf(csv, ",%s", tw_nw_status_key(r->status[f]));
        fputc('\n', csv);
    }
    if (run->opt->characters)
        character_rows(run->opt->characters, run->catalog, game, r);
}

/* Loads the catalog, writes the CSV header and runs the games. */
int tw_sim_nw_run(const tw_sim_common *common, const tw_sim_nw_options *opt, tw_sim_nw_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    totals->failed_game = -1;
    nw_run run;
    memset(&run, 0, sizeof run);
    run.common = common;
    run.opt = opt;
    run.totals = totals;
    run.catalog = malloc(sizeof *run.catalog);
    if (!run.catalog) {
        snprintf(totals->error, sizeof totals->error, "out of memory");
        return -1;
    }
    tw_diag diag;
    if (tw_nw_catalog_load_default(run.catalog, &diag) != TW_OK) {
        char text[600];
        tw_diag_format(&diag, text, sizeof text);
        snprintf(totals->error, sizeof totals->error, "%.150s", text);
        free(run.catalog);
        return -1;
    }
    if (common->csv) {
        fputs("game,seed,stars,medal,won,stopped,decisions", common->csv);
        for (int f = 0; f < TW_NW_FIEFS; f++)
            fprintf(common->csv, ",target%d", f);
        fputc('\n', common->csv);
    }
    if (opt->characters)
        fputs("game,seed,character,suit,crown,role,fief,friendly,substituted,sub_uses,ally_uses,stars,medal\n",
              opt->characters);
    pthread_mutex_init(&run.error_lock, NULL);
    int slow = opt->bot == TW_NW_BOT_STRONG || opt->bot == TW_NW_BOT_CLAIRVOYANT;
    int status = tw_sim_run_games(common, slow, sizeof(nw_result), &run, nw_play, nw_reduce, &totals->elapsed,
                                  totals->error, sizeof totals->error);
    pthread_mutex_destroy(&run.error_lock);
    free(run.catalog);
    return status;
}
