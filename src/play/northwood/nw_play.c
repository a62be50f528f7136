/* For Northwood! in the terminal: its table for the play loop, resume and
 * replay written once for every game (play/session.h); `trickwood
 * northwood`, which starts a game from its options, is nw_command.c.
 * One person plays the one seat; "finish" is offered once a visit is
 * decided; a hint comes with the chances of the visit and the medal. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "play/northwood/nw_cli.h"
#include "term/prompt.h"

#define T(id) tw_nw_cli_text(cli->lang, (id))

/* The game's part of a session: the record it was started or loaded
 * from (its configuration, seed and characters, for the screens). */
typedef struct {
    tw_nw_record rec;
} nw_data;

/* The game's data of a session. */
static nw_data *data_of(const tw_cli_session *ss)
{
    return (nw_data *)ss->data;
}

/* The record behind a session. */
tw_nw_record *tw_nw_cli_record(const tw_cli_session *ss)
{
    return &data_of(ss)->rec;
}

/* The engine's state of a match. */
static const tw_nw_state *state_of(const tw_match *m)
{
    return (const tw_nw_state *)m->game->state(m);
}

/* ---- Files ---------------------------------------------------------------- */

/* Frees what the data holds. */
static void nw_data_free(void *data)
{
    tw_nw_record_free(&((nw_data *)data)->rec);
}

/* Reads a save or record. A resumed game offers "finish" as a new one
 * does (a person plays on). */
static int nw_load(tw_cli_session *ss, const char *path, int resume, tw_diag *diag)
{
    tw_nw_record *rec = &data_of(ss)->rec;
    if (tw_nw_record_load(rec, path, diag) != TW_OK)
        return -1;
    rec->config.offer_finish |= resume;
    ss->seed = rec->config.seed;
    return 0;
}

/* The record the match is made from. */
static tw_error nw_data_record(tw_cli_session *ss, tw_buf *buf)
{
    return tw_nw_record_to_json(&data_of(ss)->rec, buf);
}

/* ---- Screens and words ---------------------------------------------------- */

/* The screen (one seat: the same for everyone). */
static void nw_draw(tw_cli_session *ss, int seat, int show_hand)
{
    (void)seat;
    (void)show_hand;
    tw_nw_cli_draw(ss->cli, state_of(ss->match), &data_of(ss)->rec.catalog, ss->seed);
}

/* The question, after saying when the visit is decided. */
static void nw_question(tw_cli_session *ss, int seat, char *out, size_t size)
{
    (void)seat;
    const tw_nw_state *state = state_of(ss->match);
    tw_game_action actions[TW_GAME_MAX_ACTIONS];
    int count = ss->ui->game->legal(ss->match, actions);
    for (int i = 0; i < count; i++)
        if (TW_NW_ACTION_KIND(actions[i]) == TW_NW_ACT_FINISH)
            tw_nw_cli_decided(ss->cli, state);
    tw_nw_cli_question(ss->cli, state, &data_of(ss)->rec.catalog, out, size);
}

/* An action in words. */
static void nw_label(tw_cli_session *ss, int seat, tw_game_action action, char *out, size_t size)
{
    (void)seat;
    tw_nw_cli_label(ss->cli, state_of(ss->match), &data_of(ss)->rec.catalog, action, out, size);
}

/* The one-line ability text of an action, for the compact layout. */
static int nw_ability_line(tw_cli_session *ss, int seat, tw_game_action action, char *out, size_t size)
{
    (void)seat;
    return tw_nw_cli_ability_line(ss->cli, state_of(ss->match), &data_of(ss)->rec.catalog, action, out, size);
}

/* The hint, with the chances of the visit and the medal. */
static void nw_hint(tw_cli_session *ss, int seat, json_t *hint)
{
    (void)seat;
    tw_nw_cli_hint(ss->cli, state_of(ss->match), &data_of(ss)->rec.catalog, hint);
}

/* Tells what an action did (the deal is not told). */
static void nw_narrate(tw_cli_session *ss, int seat, const tw_match *before, int action)
{
    (void)seat;
    tw_nw_state *after = malloc(sizeof *after);
    tw_nw_events *events = calloc(1, sizeof *events);
    if (after && events && action != TW_CLI_DEAL) {
        *after = *state_of(before);
        if (tw_nw_apply(after, (tw_nw_action)action, events) == TW_OK)
            tw_nw_cli_narrate(ss->cli, state_of(before), after, &data_of(ss)->rec.catalog, events);
    }
    free(after);
    free(events);
}

/* The line of a replay step. */
static void nw_replay_step(tw_cli_session *ss, int step, int steps, const char *label, const char *notation)
{
    tw_cli *cli = ss->cli;
    tw_cli_printf(cli, T(NW_T_REPLAY_STEP), step, steps, label, notation);
}

/* A replay's jump: "visit N" is the step of the Nth visit's choice of
 * fief (the record's Nth "visit" action). */
static int nw_replay_jump(tw_cli_session *ss, const tw_match *start, const tw_game_action *actions, int count, int step,
                          const char *word, long n)
{
    static const char *const words[] = {"visit", "visite", NULL};
    (void)ss, (void)start, (void)step;
    if (!tw_prompt_word(word, words))
        return -2;
    for (int i = 0, visits = 0; n >= 1 && i < count; i++)
        if (TW_NW_ACTION_KIND(actions[i]) == TW_NW_ACT_VISIT && ++visits == n)
            return i + 1;
    return -1;
}

/* The game for the list of saves: the deal and the medal aimed for; the
 * visit being played (or the next one) and the stars won. */
static void nw_describe(tw_cli_session *ss, tw_cli_about *about)
{
    tw_cli *cli = ss->cli;
    const tw_nw_state *state = state_of(ss->match);
    const char *deal = state->setup == TW_NW_SETUP_FULL ? "full" : "intro";
    const char *medal = tw_nw_medal_key(state->medal);
    int visit = 1, stars = tw_nw_stars_won(state);
    for (int f = 0; f < TW_NW_FIEFS; f++)
        visit += state->fiefs[f].status != TW_NW_FIEF_NEUTRAL && visit < TW_NW_FIEFS;
    int hidden = state->variant == TW_NW_VARIANT_HIDDEN_STARS;
    snprintf(about->key, sizeof about->key, "%s-%s%s", deal, hidden ? tw_nw_variant_key(state->variant) : medal,
             state->expert ? "-expert" : "");
    char goal[160];
    if (hidden || state->expert)
        tw_nw_cli_state_goal(cli, state, 0, goal, sizeof goal);
    else /* the medal alone, in the words the saves list has always used */
        snprintf(goal, sizeof goal, "%s", T((tw_nw_text_id)(NW_T_MEDAL_NONE + state->medal % 4)));
    snprintf(about->setup, sizeof about->setup, T(NW_T_ABOUT_SETUP),
             T(state->setup == TW_NW_SETUP_FULL ? NW_T_SETUP_FULL : NW_T_SETUP_INTRO), goal);
    char won[64];
    tw_msg_count(&tw_nw_cli_table[NW_T_STARS_WON_ONE], cli->lang, stars, won, sizeof won);
    if (tw_match_is_over(ss->match))
        snprintf(about->progress, sizeof about->progress, T(NW_T_ABOUT_OVER), won);
    else
        snprintf(about->progress, sizeof about->progress, T(NW_T_ABOUT_PROGRESS), visit, TW_NW_FIEFS, won);
    about->setup_json = json_pack("{s:s, s:s}", "deal", deal, "medal", medal);
    if (about->setup_json && hidden)
        json_object_set_new(about->setup_json, "variant", json_string(tw_nw_variant_key(state->variant)));
    if (about->setup_json && state->expert)
        json_object_set_new(about->setup_json, "expert", json_true());
    about->progress_json = json_pack("{s:i, s:i, s:i}", "visit", visit, "visits", TW_NW_FIEFS, "stars", stars);
}

/* `cards`: the characters on the table and their abilities. */
static void nw_cards(tw_cli_session *ss)
{
    tw_nw_cli_cards(ss->cli, state_of(ss->match), &data_of(ss)->rec.catalog);
}

/* ---- The history ---------------------------------------------------------- */

/* What the history keeps of the configuration: the setup and the medal
 * aimed for, and how many characters the player's own files added. */
static json_t *nw_history_config(tw_cli_session *ss)
{
    const tw_nw_record *rec = &data_of(ss)->rec;
    json_t *config = json_pack("{s:s, s:s}", "setup", rec->config.setup == TW_NW_SETUP_FULL ? "full" : "intro",
                               "medal", tw_nw_medal_key(rec->config.medal));
    if (config && rec->extra_from < rec->catalog.count)
        json_object_set_new(config, "characters", json_integer(rec->catalog.count - rec->extra_from));
    if (config && rec->config.variant != TW_NW_VARIANT_MEDALS)
        json_object_set_new(config, "variant", json_string(tw_nw_variant_key(rec->config.variant)));
    if (config && rec->config.expert)
        json_object_set_new(config, "expert", json_true());
    if (config && rec->has_challenge) /* the best per challenge is read from here (`challenges`) */
        json_object_set_new(config, "challenge", json_string(rec->challenge.id));
    return config;
}

/* The options of `northwood` from the web's create options. */
static void nw_again_args(json_t *again, char *out, size_t size)
{
    const char *setup = json_string_value(json_object_get(again, "setup"));
    const char *medal = json_string_value(json_object_get(again, "medal"));
    const char *variant = json_string_value(json_object_get(again, "variant"));
    const char *challenge = json_string_value(json_object_get(again, "challenge"));
    if (challenge) { /* the challenge brings its setup and goal */
        snprintf(out, size, "--challenge %s", challenge);
        return;
    }
    snprintf(out, size, "--%s --medal %s%s%s%s", setup && strcmp(setup, "full") == 0 ? "full" : "intro",
             medal ? medal : "bronze", variant ? " --variant " : "", variant ? variant : "",
             json_is_true(json_object_get(again, "expert")) ? " --expert" : "");
}

/* A medal's name from its key ("" for an unknown one). */
static const char *medal_words(tw_cli *cli, const char *key)
{
    int medal = key ? tw_nw_medal_from_key(key) : -1;
    return medal >= 0 ? T((tw_nw_text_id)(NW_T_MEDAL_NONE + medal % 4)) : "";
}

/* The goal of a configuration in words: the medal alone as before, or
 * the variant's goal. */
static void config_goal_words(tw_cli *cli, json_t *config, char *out, size_t size)
{
    const char *medal = json_string_value(json_object_get(config, "medal"));
    const char *variant = json_string_value(json_object_get(config, "variant"));
    int hidden = variant && tw_nw_variant_from_key(variant) == TW_NW_VARIANT_HIDDEN_STARS;
    int expert = json_is_true(json_object_get(config, "expert"));
    if (!hidden && !expert)
        snprintf(out, size, "%s", medal_words(cli, medal));
    else
        tw_nw_cli_goal_words(cli, hidden, expert, medal ? tw_nw_medal_from_key(medal) : TW_NW_MEDAL_BRONZE, 0, out,
                             size);
}

/* The setup and the goal aimed for in words. */
static void nw_setup_words(tw_cli *cli, json_t *config, char *out, size_t size)
{
    const char *setup = json_string_value(json_object_get(config, "setup"));
    char goal[160];
    config_goal_words(cli, config, goal, sizeof goal);
    snprintf(out, size, T(NW_T_ABOUT_SETUP), T(setup && strcmp(setup, "full") == 0 ? NW_T_SETUP_FULL : NW_T_SETUP_INTRO),
             goal);
}

/* A group key in words: a medal, or "hidden-stars", either followed by
 * "-expert" (nw_history_facts). */
static void nw_group_words(tw_cli *cli, const char *group, char *out, size_t size)
{
    char key[32];
    snprintf(key, sizeof key, "%s", group ? group : "");
    char *suffix = strstr(key, "-expert");
    int expert = suffix && suffix[7] == '\0';
    if (expert)
        *suffix = '\0';
    json_t *config = tw_nw_variant_from_key(key) == TW_NW_VARIANT_HIDDEN_STARS
                         ? json_pack("{s:s, s:b}", "variant", key, "expert", expert)
                         : json_pack("{s:s, s:b}", "medal", key, "expert", expert);
    config_goal_words(cli, config, out, size);
    json_decref(config);
}

/* The stars and the medal reached. */
static void nw_score_words(tw_cli *cli, json_t *result, char *out, size_t size)
{
    snprintf(out, size, T(NW_T_HISTORY_SCORE), (int)json_integer_value(json_object_get(result, "stars")),
             medal_words(cli, json_string_value(json_object_get(result, "medal"))));
}

/* The words of Northwood's own command: the piles in full. */
static const char *const WORDS_PILES[] = {"piles", "pile", "p", NULL};

/* Northwood's terminal table. */
const tw_cli_ui tw_nw_cli_ui = {
    .game = &tw_game_northwood,
    .file_game = "northwood",
    .save_name = "northwood-save.json",
    .texts = tw_nw_cli_table,
    .msg = {
        [TW_CLI_M_HINT_LINE] = NW_T_HINT,
        [TW_CLI_M_SAVE_AT] = NW_T_SAVE_AT,
        [TW_CLI_M_RECORD_AT] = NW_T_RECORD_AT,
        [TW_CLI_M_FINISHED_SAVED] = NW_T_FINISHED_SAVED,
        [TW_CLI_M_NO_SAVE] = NW_T_NO_SAVE,
        [TW_CLI_M_SINCE] = -1,
        [TW_CLI_M_HIDE] = -1,
        [TW_CLI_M_HANDOVER] = -1,
        [TW_CLI_M_REPLAY_TITLE] = NW_T_REPLAY_TITLE,
        [TW_CLI_M_REPLAY_WAIT] = NW_T_REPLAY_WAIT,
        [TW_CLI_M_REPLAY_STOPPED] = NW_T_REPLAY_STOPPED,
        [TW_CLI_M_GAME_NAME] = NW_T_GAME_NAME,
    },
    .extra_words = WORDS_PILES,
    .data_size = sizeof(nw_data),
    .data_free = nw_data_free,
    .load = nw_load,
    .data_record = nw_data_record,
    .describe = nw_describe,
    .draw = nw_draw,
    .question = nw_question,
    .label = nw_label,
    .parse = tw_nw_cli_word_action,
    .refusal = tw_nw_cli_refusal,
    .rules = tw_nw_cli_rules,
    .extra = tw_nw_cli_piles,
    .cards = nw_cards,
    .card_list = tw_nw_cli_card_list,
    .hint = nw_hint,
    .ability_line = nw_ability_line,
    .narrate = nw_narrate,
    .result = tw_nw_cli_result,
    .replay_step = nw_replay_step,
    .history_config = nw_history_config,
    .again_args = nw_again_args,
    .setup_words = nw_setup_words,
    .group_words = nw_group_words,
    .score_words = nw_score_words,
    .replay_jump = nw_replay_jump,
    .analyse_title = tw_nw_cli_analyse_title,
    .analyse_item = tw_nw_cli_analyse_item,
    .analyse_end = tw_nw_cli_analyse_end,
};
