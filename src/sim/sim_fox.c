/* What a Fox in the Forest Duet simulation tallies (the play loop is
 * sim_play.c): wins and scores, how games ended by round, gems. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "trickwood/fox_bots.h"

extern const tw_game tw_game_fox;

/* One game's outcome. */
typedef struct {
    uint8_t end;          /* tw_fox_end */
    uint8_t round;
    uint8_t score;
    uint8_t gems;         /* collected */
    uint8_t gems_placed;
    uint8_t forest_left;
} fox_result;

/* Whether a seat's bot searches. */
static int fox_slow(const tw_sim_options *opt)
{
    int slow = 0;
    for (int seat = 0; seat < 2; seat++) {
        int kind = tw_fox_bot_kind_from_name(opt->bots[seat]);
        slow |= kind == TW_FOX_BOT_STRONG || kind == TW_FOX_BOT_OPEN_HANDS || kind == TW_FOX_BOT_HINT;
    }
    return slow;
}

/* The level and the first dealer. */
static json_t *fox_config(const tw_sim_options *opt, int dealer)
{
    return json_pack("{s:i, s:i}", "level", opt->level, "dealer", dealer);
}

/* Starts a match on the --board file, or on the level's board. */
static tw_match *fox_start(const tw_sim_options *opt, json_t *config, uint64_t seed, tw_diag *diag)
{
    if (opt->own_board && opt->board)
        return tw_game_fox.start_on_board(config, opt->board, opt->board->id, seed, diag);
    return tw_game_fox.start(config, seed, diag);
}

/* The searching bots' effort (0 keeps a bot's own). */
static void fox_tune(tw_game_bot *bot, const tw_sim_options *opt)
{
    if (tw_game_bot_engine(bot)) /* 0 keeps a bot's own effort */
        tw_fox_bot_set_effort(tw_game_bot_engine(bot), opt->nodes, opt->samples, opt->nodes);
}

/* How the match ended. */
static void fox_finish(void *out, const tw_match *m)
{
    fox_result *r = out;
    const tw_fox_state *s = m->game->state(m);
    r->end = s->end;
    r->round = s->round;
    int score = tw_fox_score(s);
    r->score = (uint8_t)(score > TW_SIM_FOX_MAX_SCORE ? TW_SIM_FOX_MAX_SCORE : score);
    r->gems = s->path.gems_collected;
    r->gems_placed = s->path.gems_placed;
    r->forest_left = s->path.forest_left;
}

/* Adds one game to the tallies. */
static void fox_add(tw_sim_totals *totals, const tw_sim_head *head, const void *in)
{
    (void)head;
    const fox_result *r = in;
    tw_sim_fox_tally *t = &totals->fox;
    int round = r->round >= 1 && r->round <= 3 ? r->round : 3;
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
}

/* The CSV header. */
static void fox_csv_header(const tw_sim_common *common, const tw_sim_options *opt)
{
    (void)opt;
    if (common->csv)
        fputs("game,seed,dealer,won,end,round,score,gems_collected,gems_placed,forest_left,decisions\n", common->csv);
}

/* One game's CSV row. */
static void fox_csv_rows(const tw_sim_common *common, const tw_sim_options *opt, long long game,
                         const tw_sim_head *head, const void *in)
{
    (void)opt;
    const fox_result *r = in;
    if (common->csv)
        fprintf(common->csv, "%lld,%llu,%d,%d,%s,%d,%d,%d,%d,%d,%u\n", game, (unsigned long long)head->seed,
                head->dealer, r->end == TW_FOX_END_WON, tw_fox_end_key(r->end), r->round, r->score, r->gems,
                r->gems_placed, r->forest_left, (unsigned)head->decisions);
}

/* The board's name. */
static const char *board_name(const tw_sim_options *opt)
{
    return opt->board ? opt->board->id : tw_fox_level(opt->level)->board_file;
}

/* The summary as one JSON object. */
static json_t *fox_json(const tw_sim_common *common, const tw_sim_options *opt, const tw_sim_totals *totals)
{
    const tw_sim_fox_tally *t = &totals->fox;
    json_t *o = json_pack("{s:s, s:[s, s], s:i, s:s, s:I, s:I}", "game", "fox", "bots", opt->bots[0], opt->bots[1],
                          "level", opt->level, "board", board_name(opt), "seed", (json_int_t)common->seed, "games",
                          (json_int_t)totals->games);
    tw_sim_json_rate(o, t->wins, totals->games);
    json_object_set_new(o, "mean_score", json_real(tw_tally_mean(&t->score)));
    json_object_set_new(o, "score_sd", json_real(tw_tally_sd(&t->score)));
    json_object_set_new(o, "mean_score_when_won", json_real(t->wins ? (double)t->score.sum / (double)t->wins : 0));
    int top = 0;
    for (int s = 0; s <= TW_SIM_FOX_MAX_SCORE; s++)
        if (t->score_hist[s])
            top = s;
    json_t *hist = json_array();
    for (int s = 0; s <= top; s++)
        json_array_append_new(hist, json_integer(t->score_hist[s]));
    json_object_set_new(o, "score_histogram", hist);
    json_t *rounds = json_array();
    for (int r = 1; r <= TW_FOX_ROUNDS; r++)
        json_array_append_new(rounds, json_pack("{s:i, s:I, s:I}", "round", r, "wins", (json_int_t)t->won_in_round[r],
                                                "lost_off_path", (json_int_t)t->lost_path_in_round[r]));
    json_object_set_new(o, "rounds", rounds);
    json_object_set_new(o, "lost_time", json_integer(t->lost_time));
    json_object_set_new(o, "mean_gems_collected", json_real(tw_tally_mean(&t->gems)));
    json_object_set_new(o, "decisions_per_game", json_real(tw_tally_mean(&totals->decisions)));
    return o;
}

/* The scores for people: lost games, then won scores in bands of 5. */
static void score_bars(FILE *out, const tw_sim_fox_tally *t, long long games)
{
    long long bands[TW_SIM_FOX_MAX_SCORE / 5 + 2] = {0};
    long long top = t->score_hist[0];
    for (int s = 1; s <= TW_SIM_FOX_MAX_SCORE; s++)
        bands[s / 5] += t->score_hist[s];
    for (int b = 0; b <= TW_SIM_FOX_MAX_SCORE / 5; b++)
        if (bands[b] > top)
            top = bands[b];
    tw_sim_text_bar(out, "lost", t->score_hist[0], games, top);
    for (int b = 0; b <= TW_SIM_FOX_MAX_SCORE / 5; b++) {
        if (!bands[b])
            continue;
        char label[16];
        snprintf(label, sizeof label, "%d-%d", b * 5, b * 5 + 4);
        tw_sim_text_bar(out, label, bands[b], games, top);
    }
}

/* The summary for people. */
static void fox_text(FILE *out, const tw_sim_common *common, const tw_sim_options *opt, const tw_sim_totals *totals)
{
    const tw_sim_fox_tally *t = &totals->fox;
    fprintf(out, "Fox in the Forest Duet - %lld games at level %d on %s, bots %s (seat 0) and %s (seat 1), seed %llu\n",
            totals->games, opt->level, board_name(opt), opt->bots[0], opt->bots[1], (unsigned long long)common->seed);
    fprintf(out, "\n             wins  win rate  95%% interval (Wilson)\n");
    fprintf(out, "level %d ", opt->level);
    tw_sim_text_rate(out, t->wins, totals->games);
    fprintf(out, "\nScore (0 when lost): mean %.3f, standard deviation %.3f; mean of won games %.3f\n",
            tw_tally_mean(&t->score), tw_tally_sd(&t->score), t->wins ? (double)t->score.sum / (double)t->wins : 0.0);
    score_bars(out, t, totals->games);
    fprintf(out, "\nBy round     won  lost off the path\n");
    for (int r = 1; r <= TW_FOX_ROUNDS; r++)
        fprintf(out, "  round %d %7lld  %17lld\n", r, t->won_in_round[r], t->lost_path_in_round[r]);
    fprintf(out, "Lost on time (gems left after round 3): %lld\n", t->lost_time);
    fprintf(out, "Gems collected per game: %.2f\n", tw_tally_mean(&t->gems));
    tw_sim_text_timing(out, totals, common->jobs);
}

/* The exact counts a shard writes (sim_shard.c). */
static const tw_sim_field fox_fields[] = {
    {"wins", offsetof(tw_sim_totals, fox.wins), 1},
    {"score", offsetof(tw_sim_totals, fox.score), 3},
    {"score_histogram", offsetof(tw_sim_totals, fox.score_hist), TW_SIM_FOX_MAX_SCORE + 1},
    {"won_in_round", offsetof(tw_sim_totals, fox.won_in_round[1]), TW_FOX_ROUNDS},
    {"lost_path_in_round", offsetof(tw_sim_totals, fox.lost_path_in_round[1]), TW_FOX_ROUNDS},
    {"lost_time", offsetof(tw_sim_totals, fox.lost_time), 1},
    {"gems", offsetof(tw_sim_totals, fox.gems), 3},
    {NULL, 0, 0},
};

/* The options that decide the games. */
static void fox_options_json(json_t *o, const tw_sim_options *opt)
{
    json_object_set_new(o, "bots", json_pack("[s, s]", opt->bots[0], opt->bots[1]));
    json_object_set_new(o, "level", json_integer(opt->level));
    json_object_set_new(o, "board", json_string(board_name(opt)));
    json_object_set_new(o, "samples", json_integer(opt->samples));
    json_object_set_new(o, "nodes", json_integer(opt->nodes));
}

/* Reads them back (sim-merge). */
static int fox_options_read(json_t *o, tw_sim_options *opt, tw_fox_board *board, char *why, size_t size)
{
    json_t *bots = json_object_get(o, "bots");
    json_t *level = json_object_get(o, "level");
    const char *name = json_string_value(json_object_get(o, "board"));
    for (int seat = 0; seat < 2; seat++) {
        const char *bot = json_string_value(json_array_get(bots, (size_t)seat));
        opt->bots[seat] = NULL;
        for (int i = 0; bot && tw_game_fox.bot_names[i]; i++)
            if (strcmp(bot, tw_game_fox.bot_names[i]) == 0)
                opt->bots[seat] = tw_game_fox.bot_names[i];
    }
    const char *bad = !opt->bots[0] || !opt->bots[1] || json_array_size(bots) != 2 ? "bots"
                      : !json_is_integer(level) || json_integer_value(level) < 1 || json_integer_value(level) > 3
                          ? "level"
                      : !name || strlen(name) >= sizeof board->id ? "board"
                                                                  : NULL;
    if (bad) {
        snprintf(why, size, "options.%s", bad);
        return -1;
    }
    opt->level = (int)json_integer_value(level);
    memset(board, 0, sizeof *board);
    snprintf(board->id, sizeof board->id, "%s", name);
    opt->board = board;
    return 0;
}

const tw_sim_kind tw_sim_fox = {
    .game = &tw_game_fox,
    .result_size = sizeof(fox_result),
    .slow = fox_slow,
    .config = fox_config,
    .start = fox_start,
    .tune = fox_tune,
    .finish = fox_finish,
    .add = fox_add,
    .csv_header = fox_csv_header,
    .csv_rows = fox_csv_rows,
    .json = fox_json,
    .text = fox_text,
    .fields = fox_fields,
    .options_json = fox_options_json,
    .options_read = fox_options_read,
};
