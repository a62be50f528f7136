/* Fox in the Forest Duet bulk simulation: a bot in each seat, each
 * deciding from its own view (except the open-hands bot, by design);
 * totals are reduced in game order (sim_run.c). */
#include <pthread.h>
#include <string.h>

#include "cli/sim.h"
#include "trickwood/fox_bots.h"

/* Far more decisions than any game takes: a bot that goes past it loops. */
#define MAX_DECISIONS 2000

/* One game's outcome. */
typedef struct {
    uint64_t seed;
    double seconds;
    uint32_t decisions;
    uint8_t dealer;
    uint8_t end;          /* tw_fox_end */
    uint8_t round;
    uint8_t score;
    uint8_t gems;         /* collected */
    uint8_t gems_placed;
    uint8_t forest_left;
} fox_result;

/* The run. */
typedef struct {
    const tw_sim_common *common;
    const tw_sim_fox_options *opt;
    tw_sim_fox_totals *totals;
    pthread_mutex_t error_lock;
} fox_run;

/* Records the first (lowest) failing game with its reason. */
static void fail_game(fox_run *run, long long game, const char *why)
{
    tw_sim_note_failure(&run->error_lock, &run->totals->failed_game, run->totals->error, sizeof run->totals->error,
                        game, why);
}

/* Plays one game with fresh bots seeded from the game seed. The first
 * dealer comes from the seed too, so both seats deal first equally often. */
static int fox_play(void *ctx, void *scratch, long long game, void *out)
{
    (void)scratch;
    fox_run *run = ctx;
    const tw_sim_fox_options *opt = run->opt;
    fox_result *r = out;
    r->seed = tw_sim_game_seed(run->common->seed, game);
    r->dealer = (uint8_t)(tw_mix64(r->seed) & 1);
    tw_fox_config cfg = {opt->level, r->dealer, r->seed};
    tw_fox_state s;
    if (tw_fox_new(&s, opt->board, &cfg, NULL) != TW_OK) {
        fail_game(run, game, "the board cannot start a game at this level");
        return -1;
    }
    tw_fox_bot *bots[2];
    for (int seat = 0; seat < 2; seat++) {
        bots[seat] = tw_fox_bot_new((tw_fox_bot_kind)opt->bots[seat], tw_sim_bot_seed(r->seed, seat));
        if (bots[seat]) /* 0 keeps a bot's own effort */
            tw_fox_bot_set_effort(bots[seat], opt->nodes, opt->samples, opt->nodes);
    }
    int status = 0;
    if (!bots[0] || !bots[1]) {
        fail_game(run, game, "out of memory for the bots");
        status = -1;
    }
    double start = tw_sim_thread_cpu();
    while (status == 0 && !tw_fox_is_over(&s)) {
        int seat = tw_fox_to_act(&s);
        tw_fox_action a = TW_FOX_NO_ACTION;
        if (seat < 0 || tw_fox_bot_choose(bots[seat], &s, &a) != TW_OK || tw_fox_apply(&s, a, NULL) != TW_OK) {
            char text[48], why[96];
            tw_fox_action_format(&s, a, text, sizeof text);
            snprintf(why, sizeof why, "the bot in seat %d chose an illegal action (%s)", seat, text);
            fail_game(run, game, why);
            status = -1;
            break;
        }
        if (++r->decisions > MAX_DECISIONS) {
            fail_game(run, game, "the game did not end");
            status = -1;
        }
    }
    r->seconds = tw_sim_thread_cpu() - start;
    tw_fox_bot_free(bots[0]);
    tw_fox_bot_free(bots[1]);
    r->end = s.end;
    r->round = s.round;
    int score = tw_fox_score(&s);
    r->score = (uint8_t)(score > TW_SIM_FOX_MAX_SCORE ? TW_SIM_FOX_MAX_SCORE : score);
    r->gems = s.path.gems_collected;
    r->gems_placed = s.path.gems_placed;
    r->forest_left = s.path.forest_left;
    return status;
}

/* Adds one game to the totals and writes its CSV row. */
static void fox_reduce(void *ctx, long long game, const void *in)
{
    fox_run *run = ctx;
    const fox_result *r = in;
    tw_sim_fox_totals *t = run->totals;
    int round = r->round >= 1 && r->round <= 3 ? r->round : 3;
    t->games++;
    if (r->end == TW_FOX_END_WON) {
        t->wins++;
        t->won_in_round[round]++;
    } else if (r->end == TW_FOX_END_LOST_PATH) {
        t->lost_path_in_round[round]++;
    } else {
        t->lost_time++;
    }
    tw_tally_add(&t->score, r->score);
    t->score_hist[r->score]++;
    tw_tally_add(&t->gems, r->gems);
    tw_tally_add(&t->decisions, r->decisions);
    t->game_seconds += r->seconds;
    FILE *csv = run->common->csv;
    if (csv)
        fprintf(csv, "%lld,%llu,%d,%d,%s,%d,%d,%d,%d,%d,%u\n", game, (unsigned long long)r->seed, r->dealer,
                r->end == TW_FOX_END_WON, tw_fox_end_key(r->end), r->round, r->score, r->gems, r->gems_placed,
                r->forest_left, (unsigned)r->decisions);
}

/* Writes the CSV header and runs the games. */
int tw_sim_fox_run(const tw_sim_common *common, const tw_sim_fox_options *opt, tw_sim_fox_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    totals->failed_game = -1;
    fox_run run;
    memset(&run, 0, sizeof run);
    run.common = common;
    run.opt = opt;
    run.totals = totals;
    if (common->csv)
        fputs("game,seed,dealer,won,end,round,score,gems_collected,gems_placed,forest_left,decisions\n", common->csv);
    pthread_mutex_init(&run.error_lock, NULL);
    int slow = 0;
    for (int seat = 0; seat < 2; seat++)
        slow |= opt->bots[seat] == TW_FOX_BOT_STRONG || opt->bots[seat] == TW_FOX_BOT_OPEN_HANDS;
    int status = tw_sim_run_games(common, slow, sizeof(fox_result), &run, fox_play, fox_reduce, &totals->elapsed,
                                  totals->error, sizeof totals->error);
    pthread_mutex_destroy(&run.error_lock);
    return status;
}
