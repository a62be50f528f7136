/* The Fox in the Forest Duet in the simulation (the play loop is
 * sim_play.c): its options on the command line, and what it tallies:
 * wins and scores, how games ended by round, gems. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim_fox.h"
#include "trickwood/fox_bots.h"
#include "trickwood/fox_files.h"

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

/* The game's own options of a run. */
static tw_sim_fox_options *fox_opt(const tw_sim_options *opt)
{
    return opt->game;
}

/* Whether a seat's bot searches. */
static int fox_slow(const tw_sim_options *opt)
{
    int slow = 0;
    for (int seat = 0; seat < 2; seat++) {
        int kind = tw_fox_bot_kind_from_name(opt->bots[seat]);
        slow |= kind == TW_FOX_BOT_STRONG || kind == TW_FOX_BOT_OPEN_HANDS || kind == TW_FOX_BOT_HINT ||
                kind == TW_FOX_BOT_PARTNER;
    }
    return slow;
}

/* The level and the first dealer. */
static json_t *fox_config(const tw_sim_options *opt, int dealer)
{
    return json_pack("{s:i, s:i}", "level", fox_opt(opt)->level, "dealer", dealer);
}

/* Starts a match on the --board file, or on the level's board. */
static tw_match *fox_start(const tw_sim_options *opt, json_t *config, uint64_t seed, tw_diag *diag)
{
    const tw_sim_fox_options *fx = fox_opt(opt);
    if (fx->own_board && fx->board)
        return tw_game_fox.start_on_board(config, fx->board, fx->board->id, seed, diag);
    return tw_game_fox.start(config, seed, diag);
}

/* The searching bots' effort (0 keeps a bot's own). */
static void fox_tune(tw_game_bot *bot, const tw_sim_options *opt)
{
    const tw_sim_fox_options *fx = fox_opt(opt);
    if (tw_game_bot_engine(bot)) /* 0 keeps a bot's own effort */
        tw_fox_bot_set_effort(tw_game_bot_engine(bot), fx->nodes, fx->samples, fx->nodes);
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
    tw_sim_fox_tally *t = totals->tally;
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
    const tw_sim_fox_options *fx = fox_opt(opt);
    return fx->board ? fx->board->id : tw_fox_level(fx->level)->board_file;
}

/* The summary as one JSON object. */
static json_t *fox_json(const tw_sim_common *common, const tw_sim_options *opt, const tw_sim_totals *totals)
{
    const tw_sim_fox_tally *t = totals->tally;
    json_t *o = json_pack("{s:s, s:[s, s], s:i, s:s, s:I, s:I}", "game", "fox", "bots", opt->bots[0], opt->bots[1],
                          "level", fox_opt(opt)->level, "board", board_name(opt), "seed", (json_int_t)common->seed,
                          "games", (json_int_t)totals->games);
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
    const tw_sim_fox_options *fx = fox_opt(opt);
    const tw_sim_fox_tally *t = totals->tally;
    fprintf(out, "Fox in the Forest Duet - %lld games at level %d on %s, bots %s (seat 0) and %s (seat 1), seed %llu\n",
            totals->games, fx->level, board_name(opt), opt->bots[0], opt->bots[1], (unsigned long long)common->seed);
    fprintf(out, "\n             wins  win rate  95%% interval (Wilson)\n");
    fprintf(out, "level %d ", fx->level);
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
    {"wins", offsetof(tw_sim_fox_tally, wins), 1},
    {"score", offsetof(tw_sim_fox_tally, score), 3},
    {"score_histogram", offsetof(tw_sim_fox_tally, score_hist), TW_SIM_FOX_MAX_SCORE + 1},
    {"won_in_round", offsetof(tw_sim_fox_tally, won_in_round[1]), TW_FOX_ROUNDS},
    {"lost_path_in_round", offsetof(tw_sim_fox_tally, lost_path_in_round[1]), TW_FOX_ROUNDS},
    {"lost_time", offsetof(tw_sim_fox_tally, lost_time), 1},
    {"gems", offsetof(tw_sim_fox_tally, gems), 3},
    {NULL, 0, 0},
};

/* The options that decide the games. */
static void fox_options_json(json_t *o, const tw_sim_options *opt)
{
    const tw_sim_fox_options *fx = fox_opt(opt);
    json_object_set_new(o, "bots", json_pack("[s, s]", opt->bots[0], opt->bots[1]));
    json_object_set_new(o, "level", json_integer(fx->level));
    json_object_set_new(o, "board", json_string(board_name(opt)));
    json_object_set_new(o, "samples", json_integer(fx->samples));
    json_object_set_new(o, "nodes", json_integer(fx->nodes));
}

/* Reads them back (sim-merge). */
static int fox_options_read(json_t *o, tw_sim_options *opt, char *why, size_t size)
{
    tw_sim_fox_options *fx = fox_opt(opt);
    tw_fox_board *board = &fx->loaded;
    json_t *bots = json_object_get(o, "bots");
    json_t *level = json_object_get(o, "level");
    const char *name = json_string_value(json_object_get(o, "board"));
    for (int seat = 0; seat < 2; seat++) {
        const char *bot = json_string_value(json_array_get(bots, (size_t)seat));
        opt->bots[seat] = tw_sim_bot_name(&tw_sim_fox, bot);
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
    fx->level = (int)json_integer_value(level);
    memset(board, 0, sizeof *board);
    snprintf(board->id, sizeof board->id, "%s", name);
    fx->board = board;
    return 0;
}

/* ---- The command line ------------------------------------------------------ */

/* Messages of sim fox. */
static const tw_msg fox_text_bad_bot = {{"unknown Fox Duet bot '%s' (random, rule, strong, open-hands or hint)",
                                         "robot inconnu pour Fox Duo « %s » (random, rule, strong, open-hands ou hint)"}};
static const tw_msg fox_text_bad_bots = {{"--bots takes two bot names separated by a comma, not '%s'",
                                          "--bots attend deux noms de robots séparés par une virgule, pas « %s »"}};
static const tw_msg fox_text_bad_level = {{"--level takes 1, 2 or 3, not '%s'",
                                           "--level attend 1, 2 ou 3, pas « %s »"}};
static const tw_msg fox_text_board = {{"cannot use the board: %s", "plateau inutilisable : %s"}};

/* Its own options, by index (fox_set_option). */
enum { O_BOTS, O_LEVEL, O_BOARD, O_SAMPLES, O_NODES };
static const tw_sim_option fox_options[] = {
    [O_BOTS] = {"--bots", TW_SIM_TEXT},
    [O_LEVEL] = {"--level", TW_SIM_TEXT},
    [O_BOARD] = {"--board", TW_SIM_TEXT},
    [O_SAMPLES] = {"--samples", TW_SIM_NUMBER},
    [O_NODES] = {"--nodes", TW_SIM_NUMBER},
    {NULL, TW_SIM_FLAG},
};

/* Level 1. */
static void fox_defaults(tw_sim_options *opt)
{
    fox_opt(opt)->level = 1;
}

/* Parses "A,B" into two of the game's bot names. */
static int parse_bot_pair(const char *text, const char *bots[2])
{
    const char *comma = strchr(text, ',');
    if (!comma || strchr(comma + 1, ','))
        return -1;
    char first[32];
    size_t n = (size_t)(comma - text);
    if (n == 0 || n >= sizeof first)
        return -1;
    memcpy(first, text, n);
    first[n] = '\0';
    bots[0] = tw_sim_bot_name(&tw_sim_fox, first);
    bots[1] = tw_sim_bot_name(&tw_sim_fox, comma + 1);
    return bots[0] && bots[1] ? 0 : -1;
}

/* Stores one of its options. */
static int fox_set_option(tw_cli *cli, const char *usage, tw_sim_options *opt, int k, const char *v,
                          long long number)
{
    tw_sim_fox_options *fx = fox_opt(opt);
    switch (k) {
    case O_BOTS:
        if (parse_bot_pair(v, opt->bots) < 0)
            return tw_cli_usage_error(cli, usage, tw_msg_get(&fox_text_bad_bots, cli->lang), v);
        break;
    case O_LEVEL:
        if (strlen(v) != 1 || v[0] < '1' || v[0] > '3')
            return tw_cli_usage_error(cli, usage, tw_msg_get(&fox_text_bad_level, cli->lang), v);
        fx->level = v[0] - '0';
        break;
    case O_BOARD:
        fx->board_path = v;
        break;
    case O_SAMPLES:
        fx->samples = (int)number;
        break;
    default:
        fx->nodes = number;
        break;
    }
    return 0;
}

/* Loads the board: the --board file checked against the level, or the
 * level's default board. Returns 0, or prints the problem and returns an
 * exit code. */
static int fox_prepare(tw_cli *cli, tw_sim_options *opt)
{
    tw_sim_fox_options *fx = fox_opt(opt);
    tw_diag diag;
    tw_diag_init(&diag, fx->board_path ? fx->board_path : "");
    tw_error err = fx->board_path ? tw_fox_board_load(&fx->loaded, fx->board_path, &diag)
                                 : tw_fox_board_load_level(&fx->loaded, fx->level, &diag);
    if (err == TW_OK)
        err = tw_fox_board_check_level(&fx->loaded, fx->level, &diag);
    if (err != TW_OK) {
        char text[700];
        tw_diag_format(&diag, text, sizeof text);
        tw_cli_errorf(cli, tw_msg_get(&fox_text_board, cli->lang), text);
        return TW_EXIT_FAIL;
    }
    fx->board = &fx->loaded;
    fx->own_board = fx->board_path != NULL;
    return 0;
}

const tw_sim_kind tw_sim_fox = {
    .game = &tw_game_fox,
    .result_size = sizeof(fox_result),
    .options_size = sizeof(tw_sim_fox_options),
    .tally_size = sizeof(tw_sim_fox_tally),
    .default_bot = "rule",
    .bad_bot = &fox_text_bad_bot,
    .options = fox_options,
    .defaults = fox_defaults,
    .set_option = fox_set_option,
    .prepare = fox_prepare,
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
