/* The Fox in the Forest Duet in the terminal: its table for the play loop,
 * resume and replay written once for every game (play/session.h), and who
 * plays, for `resume` and for `trickwood fox` (fox_command.c, which starts
 * a game from its options: level, board, who plays). One person plays
 * with the built-in partner (a bot of the game, deciding from its own
 * view), or two people share the screen (hotseat). Each
 * screen is drawn for one seat from what that seat may see; the other
 * seat's hand is never printed while a game is played (replays, made
 * after the fact, show both hands).
 *
 * Who plays is saved in the record's "players" member. Earlier versions
 * kept it in a side file beside the autosave (foxduet-save.players.json):
 * a save without "players" is resumed with that file's players, and the
 * file is removed once the save holds them. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/fox/fox_cli.h"
#include "play/play.h"
#include "term/prompt.h"
#include "trickwood/fox_bots.h"
#include "trickwood/json_util.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))
#define G(id) tw_text(cli->lang, (id))

/* Which bots of the registry may be the partner: those that decide from
 * their own view only (open-hands reads both hands: it may not). */
static int partner_kind(const char *name)
{
    int kind = tw_fox_bot_kind_from_name(name);
    return kind == TW_FOX_BOT_OPEN_HANDS ? -1 : kind;
}

/* The game's part of a session: the record (board, configuration, who
 * plays; its actions are the match's, copied in to save) and the players
 * file of earlier versions. */
typedef struct {
    tw_fox_record rec;
    tw_fox_cli_options options;   /* resume: who plays from now on */
    char players_path[TW_CLI_PATH]; /* an earlier version's players file; empty once removed */
    int from_file;                /* who plays came from that file */
    int drawn_trick;              /* the round and trick of the last screen drawn (trick_key), 0 before */
} fox_data;

/* The game's data of a session. */
static fox_data *data_of(const tw_cli_session *ss)
{
    return (fox_data *)ss->data;
}

/* The record behind a session. */
tw_fox_record *tw_fox_cli_record(const tw_cli_session *ss)
{
    return &data_of(ss)->rec;
}

/* The engine's state of a match. */
static const tw_fox_state *state_of(const tw_match *m)
{
    return (const tw_fox_state *)m->game->state(m);
}

/* Who is looking: a seat (or everyone, -1, as in a replay), and whether
 * the other seat is a person at the same screen. */
static tw_fox_look look_of(const tw_cli_session *ss, int seat)
{
    tw_fox_look look = {seat, seat < 0 || tw_cli_hotseat(ss)};
    return look;
}

/* The players file that earlier versions wrote beside a save: "x.json"
 * gives "x.players.json". */
static void players_path_for(const char *save, char *out, size_t size)
{
    size_t len = strlen(save);
    if (len > 5 && strcmp(save + len - 5, ".json") == 0)
        len -= 5;
    snprintf(out, size, "%.*s.players.json", (int)len, save);
}

/* A players file of an earlier version beside a new game's save is
 * stale: the first save removes it. */
void tw_fox_cli_players_file_stale(tw_cli_session *ss)
{
    fox_data *d = data_of(ss);
    players_path_for(ss->save_path, d->players_path, sizeof d->players_path);
}

/* Reads an earlier version's players file; a missing file leaves p as it
 * is. *found tells whether the file was there. */
static tw_error players_file_load(tw_fox_players *p, const char *path, int *found, tw_diag *diag)
{
    tw_diag_init(diag, path);
    *found = access(path, F_OK) == 0;
    if (!*found)
        return TW_OK;
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return TW_ERR_IO;
    json_t *root = NULL;
    tw_error err = tw_jr_parse(text, diag, &root);
    tw_jr jr = {text, diag, 0};
    static const char *const keys[] = {"format", "version", "hotseat", "seat", "partner", NULL};
    int hotseat = 0;
    long long seat = 1;
    char partner[32] = "rule";
    if (!err)
        err = tw_jr_header(&jr, root, "trickwood-fox-players", 1);
    if (!err)
        err = tw_jr_object(&jr, root, "", keys);
    if (!err)
        err = tw_jr_bool(&jr, root, "", "hotseat", 0, 0, &hotseat);
    if (!err)
        err = tw_jr_int(&jr, root, "", "seat", 1, 2, 0, 1, &seat);
    if (!err)
        err = tw_jr_string(&jr, root, "", "partner", 0, partner, sizeof partner);
    if (!err && partner_kind(partner) < 0)
        err = tw_jr_fail(&jr, "partner", "must name a built-in partner such as \"rule\" or \"random\"");
    if (!err) {
        p->hotseat = hotseat;
        p->seat = (int)seat - 1;
        snprintf(p->partner, sizeof p->partner, "%s", partner);
    }
    json_decref(root);
    free(text);
    return err;
}

/* Removes the players file of earlier versions beside the save, once the
 * save holds the players (a file left by an older game there is stale
 * too). Tried once per session; a missing file is fine. */
static void fox_saved(tw_cli_session *ss)
{
    fox_data *d = data_of(ss);
    if (!d->players_path[0])
        return;
    (void)unlink(d->players_path);
    d->players_path[0] = '\0';
}

/* Checks who plays in a loaded record (its reader checked the values):
 * the partner must be one this program lets play. */
static tw_error check_partner(const tw_fox_players *p, const char *file, tw_diag *diag)
{
    tw_diag_init(diag, file);
    if (partner_kind(p->partner) < 0)
        return tw_diag_set(diag, 0, "players.partner", "\"%s\" is not a built-in partner of this program",
                           p->partner);
    return TW_OK;
}

/* Applies the --hotseat, --seat and --partner options of `resume`: --seat
 * or --partner without --hotseat means a game with the built-in partner. */
static void change_players(tw_fox_players *p, const tw_fox_cli_options *o)
{
    if (o->hotseat_given)
        p->hotseat = 1;
    if (o->seat_given)
        p->seat = o->players.seat;
    if (o->partner_given)
        snprintf(p->partner, sizeof p->partner, "%s", o->players.partner);
    if ((o->seat_given || o->partner_given) && !o->hotseat_given)
        p->hotseat = 0;
}

/* Who plays (checked), kept in the record with the partner's own name
 * (every save carries it), sets the session's seats. */
void tw_fox_cli_set_players(tw_cli_session *ss)
{
    tw_fox_players *p = &data_of(ss)->rec.players;
    snprintf(p->partner, sizeof p->partner, "%s", tw_fox_bot_kind_name((tw_fox_bot_kind)partner_kind(p->partner)));
    data_of(ss)->rec.has_players = 1;
    for (int seat = 0; seat < 2; seat++)
        ss->person[seat] = p->hotseat || seat == p->seat;
    ss->partner = p->partner;
}

/* ---- Files ---------------------------------------------------------------- */

/* Frees what the data holds. */
static void fox_data_free(void *data)
{
    tw_fox_record_free(&((fox_data *)data)->rec);
}

/* The record the match is made from. */
static tw_error fox_data_record(tw_cli_session *ss, tw_buf *buf)
{
    return tw_fox_record_to_json(&data_of(ss)->rec, buf);
}

/* The record as saved: the match's actions, with who plays. */
static tw_error fox_record_text(tw_cli_session *ss, tw_buf *buf)
{
    tw_fox_record *rec = &data_of(ss)->rec;
    rec->count = 0;
    tw_error err = TW_OK;
    for (int i = 0; !err && i < ss->match->count; i++)
        err = tw_fox_record_push(rec, ss->match->actions[i]);
    return err ? err : fox_data_record(ss, buf);
}

/* Who plays a resumed game: the record's players; for a save without them
 * (an earlier version's), the players file beside it, else the defaults
 * (player 1 with the rule partner); then the options of `resume`. */
static tw_error resume_players(tw_cli_session *ss, const char *path, tw_diag *diag)
{
    fox_data *d = data_of(ss);
    tw_fox_players *p = &d->rec.players;
    players_path_for(path, d->players_path, sizeof d->players_path);
    if (!d->rec.has_players)
        *p = (tw_fox_players){0, 0, "rule"};
    tw_error err = d->rec.has_players ? check_partner(p, path, diag)
                                      : players_file_load(p, d->players_path, &d->from_file, diag);
    if (!err) {
        change_players(p, &d->options);
        tw_fox_cli_set_players(ss);
    }
    return err;
}

/* Reads a save or record; for a resumed game, who plays. */
static int fox_load(tw_cli_session *ss, const char *path, int resume, tw_diag *diag)
{
    tw_fox_record *rec = &data_of(ss)->rec;
    if (tw_fox_record_load(rec, path, diag) != TW_OK || (resume && resume_players(ss, path, diag) != TW_OK))
        return -1;
    ss->seed = rec->config.seed;
    return 0;
}

/* ---- Screens and words ---------------------------------------------------- */

/* Which trick of the game a state is at: its round and the tricks done. */
static int trick_key(const tw_fox_state *s)
{
    return s->round * 16 + s->tricks_done;
}

void tw_fox_cli_set_strict(tw_cli_session *ss, int on)
{
    data_of(ss)->options.strict_look_back = on;
}

/* Before the news: under the strict look-back rule, once the trick of
 * the last screen is over, the screen and the scrollback are cleared
 * (the news then tells how that trick ended, and nothing before it). */
static void fox_news_begin(tw_cli_session *ss, int seat)
{
    (void)seat;
    const fox_data *d = data_of(ss);
    if (d->options.strict_look_back && d->drawn_trick > 0 && d->drawn_trick != trick_key(state_of(ss->match)))
        tw_cli_clear_screen(ss->cli);
}

/* The screen of a seat. */
static void fox_draw(tw_cli_session *ss, int seat, int show_hand)
{
    data_of(ss)->drawn_trick = trick_key(state_of(ss->match));
    tw_fox_look look = look_of(ss, seat);
    tw_fox_cli_draw(ss->cli, state_of(ss->match), &data_of(ss)->rec.board, ss->seed, &look, show_hand);
}

/* The question of the seat to act. */
static void fox_question(tw_cli_session *ss, int seat, char *out, size_t size)
{
    tw_fox_look look = look_of(ss, seat);
    tw_fox_cli_question(ss->cli, &look, state_of(ss->match), out, size);
}

/* An action in words. */
static void fox_label(tw_cli_session *ss, int seat, tw_game_action action, char *out, size_t size)
{
    tw_fox_look look = look_of(ss, seat);
    tw_fox_cli_label(ss->cli, &look, state_of(ss->match), action, out, size);
}

/* `cards`: the abilities of the odd ranks. */
static void fox_cards(tw_cli_session *ss)
{
    tw_cli_printf(ss->cli, "%s", tw_fox_cli_text(ss->cli->lang, FX_T_CARDS_TITLE));
    tw_fox_cli_abilities(ss->cli);
}

/* The board's name and note. */
static void fox_board(tw_cli_session *ss)
{
    tw_fox_cli_board_note(ss->cli, &data_of(ss)->rec.board);
}

/* The strong bot's advice for the seat to act, worked out from that
 * seat's view only (never the partner's hand or the deck). */
static void fox_hint(tw_cli_session *ss, int seat, json_t *hint)
{
    tw_cli *cli = ss->cli;
    tw_game_action action = 0;
    json_t *p_win = json_object_get(hint, "p_win");
    const char *text = json_string_value(json_object_get(hint, "action"));
    if (!text || ss->ui->game->parse(ss->match, text, &action) != 0)
        return;
    char label[512];
    fox_label(ss, seat, action, label, sizeof label);
    tw_cli_printf(cli, T(FX_T_H_ACTION), label);
    json_t *margin = json_object_get(hint, "margin");
    tw_cli_printf(cli, T(FX_T_H_ODDS), (int)((json_is_number(p_win) ? json_number_value(p_win) : -1) * 100.0 + 0.5),
                  (int)((json_is_number(margin) ? json_number_value(margin) : 0) * 100.0 + 0.5),
                  (int)json_integer_value(json_object_get(hint, "samples")));
    const char *meaning = json_string_value(
        json_object_get(json_object_get(hint, "meaning"), cli->lang == TW_LANG_FR ? "fr" : "en"));
    if (meaning)
        tw_cli_printf(cli, "  (%s)\n", meaning);
}

/* Tells a seat what an action (or the deal) did, as it may see it. */
static void fox_narrate(tw_cli_session *ss, int seat, const tw_match *before, int action)
{
    fox_data *d = data_of(ss);
    tw_fox_look look = look_of(ss, seat);
    tw_fox_state *after = malloc(sizeof *after);
    tw_fox_events *events = calloc(1, sizeof *events);
    tw_error err = TW_ERR_NOMEM;
    if (after && events && action == TW_CLI_DEAL)
        err = tw_fox_new(after, &d->rec.board, &d->rec.config, events);
    else if (after && events) {
        *after = *state_of(before);
        err = tw_fox_apply(after, (tw_fox_action)action, events);
    }
    if (err == TW_OK)
        tw_fox_cli_narrate(ss->cli, &look, action == TW_CLI_DEAL ? after : state_of(before), after, events);
    free(after);
    free(events);
}

/* Before the first step of a replay: the board and the deal. */
static void fox_replay_intro(tw_cli_session *ss)
{
    fox_board(ss);
    fox_narrate(ss, -1, ss->match, TW_CLI_DEAL);
}

/* The line of a replay step, with the seat that acts. */
static void fox_replay_step(tw_cli_session *ss, int step, int steps, const char *label, const char *notation)
{
    tw_cli *cli = ss->cli;
    char who[64];
    snprintf(who, sizeof who, T(FX_T_PLAYER_N), tw_fox_to_act(state_of(ss->match)) + 1);
    tw_cli_printf(cli, T(FX_T_REPLAY_STEP), step, steps, who, label, notation);
}

/* A replay's jump: "round N" is the first step of round N, "trick N" the
 * first step of trick N of the round shown at step (both found by
 * playing the record again from start). */
static int fox_replay_jump(tw_cli_session *ss, const tw_match *start, const tw_game_action *actions, int count,
                           int step, const char *word, long n)
{
    static const char *const rounds[] = {"round", "manche", NULL};
    static const char *const tricks[] = {"trick", "pli", NULL};
    int by_round = tw_prompt_word(word, rounds);
    if (!by_round && !tw_prompt_word(word, tricks))
        return -2;
    const tw_game *game = ss->ui->game;
    int round = (int)n;
    if (!by_round) { /* the round shown at step */
        tw_match *m = game->clone(start);
        for (int i = 0; m && i < step - 1; i++)
            game->apply(m, actions[i], NULL);
        round = m ? state_of(m)->round : 0;
        game->free(m);
    }
    tw_match *m = game->clone(start);
    int found = -1;
    for (int i = 0; m && n >= 1 && i < count && found < 0; i++) {
        const tw_fox_state *s = state_of(m);
        if (s->round == round && (by_round || s->tricks_done == n - 1))
            found = i + 1;
        else if (game->apply(m, actions[i], NULL) != TW_OK)
            break;
    }
    game->free(m);
    return found;
}

/* The game for the list of saves: the level; the round and the trick
 * being played. */
static void fox_describe(tw_cli_session *ss, tw_cli_about *about)
{
    tw_cli *cli = ss->cli;
    const tw_fox_state *state = state_of(ss->match);
    int trick = tw_fox_cli_trick_number(state);
    snprintf(about->key, sizeof about->key, "level%d", state->level);
    snprintf(about->setup, sizeof about->setup, T(FX_T_ABOUT_SETUP), state->level);
    if (tw_match_is_over(ss->match))
        snprintf(about->progress, sizeof about->progress, T(FX_T_ABOUT_OVER), state->round);
    else
        snprintf(about->progress, sizeof about->progress, T(FX_T_ABOUT_PROGRESS), state->round, trick);
    about->setup_json = json_pack("{s:i}", "level", state->level);
    about->progress_json = json_pack("{s:i, s:i, s:i}", "round", state->round, "trick", trick, "gems",
                                     state->path.gems_collected);
}

/* Says who plays. */
void tw_fox_cli_show_players(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    const tw_fox_players *p = &data_of(ss)->rec.players;
    if (p->hotseat) {
        tw_cli_printf(cli, "%s", T(FX_T_SEATS_HOTSEAT));
        return;
    }
    int kind = tw_fox_bot_kind_from_name(p->partner);
    const char *name = kind == TW_FOX_BOT_RULE     ? T(FX_T_PARTNER_RULE)
                       : kind == TW_FOX_BOT_RANDOM ? T(FX_T_PARTNER_RANDOM)
                       : kind == TW_FOX_BOT_STRONG ? T(FX_T_PARTNER_STRONG)
                                                   : p->partner;
    tw_cli_printf(cli, T(FX_T_SEATS_PARTNER), p->seat + 1, 2 - p->seat, name);
}

/* Parses "1" or "2" (seat) or "1".."3" (level); -1 otherwise. */
int tw_fox_cli_parse_small(const char *text, int max)
{
    if (text[0] < '1' || text[0] > '0' + max || text[1])
        return -1;
    return text[0] - '0';
}

/* Reads the options shared by `fox` and `resume`. Returns 1 when argv[*i]
 * was one of them, 0 when not, or an exit code (negated) on a bad value. */
int tw_fox_cli_players_option(tw_cli *cli, void *ctx, const char *usage, int argc, char **argv, int *i)
{
    tw_fox_cli_options *o = ctx;
    const char *v = NULL;
    int got;
    if (strcmp(argv[*i], "--strict-look-back") == 0) {
        o->strict_look_back = 1;
        return 1;
    }
    if (strcmp(argv[*i], "--hotseat") == 0) {
        o->players.hotseat = 1;
        o->hotseat_given = 1;
        return 1;
    }
    if ((got = tw_cli_opt_value(argc, argv, i, "--seat", &v)) != 0) {
        if (got < 0)
            return -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--seat");
        int seat = tw_fox_cli_parse_small(v, 2);
        if (seat < 0)
            return -tw_cli_usage_error(cli, usage, T(FX_T_BAD_SEAT), v);
        o->players.seat = seat - 1;
        o->seat_given = 1;
        return 1;
    }
    if ((got = tw_cli_opt_value(argc, argv, i, "--partner", &v)) != 0) {
        if (got < 0)
            return -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--partner");
        if (partner_kind(v) < 0)
            return -tw_cli_usage_error(cli, usage, T(FX_T_BAD_PARTNER), v);
        snprintf(o->players.partner, sizeof o->players.partner, "%s", v);
        o->partner_given = 1;
        return 1;
    }
    return 0;
}

/* What a resumed game says: where who plays came from, who plays, the
 * board. */
static void fox_resumed(tw_cli_session *ss)
{
    tw_cli *cli = ss->cli;
    if (data_of(ss)->from_file)
        tw_cli_printf(cli, T(FX_T_PLAYERS_FILE_USED), data_of(ss)->players_path);
    tw_fox_cli_show_players(ss);
    fox_board(ss);
}

/* The --hotseat, --seat and --partner options of `resume`. */
static int fox_resume_option(tw_cli *cli, void *data, const char *usage, int argc, char **argv, int *i)
{
    return tw_fox_cli_players_option(cli, &((fox_data *)data)->options, usage, argc, argv, i);
}

/* ---- The history ---------------------------------------------------------- */

/* The options of `fox` from the web's create options: two people
 * ("human") play at this screen. */
static void fox_again_args(json_t *again, char *out, size_t size)
{
    const char *partner = json_string_value(json_object_get(again, "partner"));
    int n = snprintf(out, size, "--level %d", (int)json_integer_value(json_object_get(again, "level")));
    if (!partner || n <= 0 || (size_t)n >= size)
        return;
    if (strcmp(partner, "human") == 0)
        snprintf(out + n, size - (size_t)n, " --hotseat");
    else
        snprintf(out + n, size - (size_t)n, " --partner %s", partner);
}

/* The level (and a board that is not the level's) in words. */
static void fox_setup_words(tw_cli *cli, json_t *config, char *out, size_t size)
{
    int level = (int)json_integer_value(json_object_get(config, "level"));
    const char *board = json_string_value(json_object_get(config, "board"));
    int n = snprintf(out, size, T(FX_T_ABOUT_SETUP), level);
    if (level >= 1 && level <= TW_FOX_LEVELS && (!board || strcmp(board, tw_fox_level(level)->board_file) != 0) &&
        n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, T(FX_T_HISTORY_BOARD), board && *board ? board : "?");
}

/* A level ("2") in words. */
static void fox_group_words(tw_cli *cli, const char *group, char *out, size_t size)
{
    snprintf(out, size, T(FX_T_ABOUT_SETUP), atoi(group));
}

/* The score and the round the game ended in. */
static void fox_score_words(tw_cli *cli, json_t *result, char *out, size_t size)
{
    snprintf(out, size, T(FX_T_HISTORY_SCORE), (int)json_integer_value(json_object_get(result, "score")),
             (int)json_integer_value(json_object_get(result, "round")));
}

/* The words of the Duet's own command: the board in full. */
static const char *const WORDS_BOARD[] = {"board", "plateau", "b", NULL};

/* The Duet's terminal table. */
const tw_cli_ui tw_fox_cli_ui = {
    .game = &tw_game_fox,
    .file_game = "foxduet",
    .save_name = TW_FOX_CLI_SAVE_NAME,
    .texts = tw_fox_cli_table,
    .msg = {
        [TW_CLI_M_HINT_LINE] = FX_T_HINT,
        [TW_CLI_M_SAVE_AT] = FX_T_SAVE_AT,
        [TW_CLI_M_RECORD_AT] = FX_T_RECORD_AT,
        [TW_CLI_M_FINISHED_SAVED] = FX_T_FINISHED_SAVED,
        [TW_CLI_M_NO_SAVE] = FX_T_NO_SAVE,
        [TW_CLI_M_SINCE] = FX_T_SINCE,
        [TW_CLI_M_HIDE] = FX_T_HIDE,
        [TW_CLI_M_HANDOVER] = FX_T_HANDOVER,
        [TW_CLI_M_REPLAY_TITLE] = FX_T_REPLAY_TITLE,
        [TW_CLI_M_REPLAY_WAIT] = FX_T_REPLAY_WAIT,
        [TW_CLI_M_REPLAY_STOPPED] = FX_T_REPLAY_STOPPED,
        [TW_CLI_M_GAME_NAME] = FX_T_GAME_NAME,
    },
    .wrap_question = 1,
    .tell_deal = 1,
    .extra_words = WORDS_BOARD,
    .data_size = sizeof(fox_data),
    .data_free = fox_data_free,
    .load = fox_load,
    .data_record = fox_data_record,
    .record_text = fox_record_text,
    .describe = fox_describe,
    .saved = fox_saved,
    .resume_option = fox_resume_option,
    .resumed = fox_resumed,
    .draw = fox_draw,
    .question = fox_question,
    .label = fox_label,
    .parse = tw_fox_cli_word_action,
    .refusal = tw_fox_cli_refusal,
    .rules = tw_fox_cli_rules,
    .extra = fox_board,
    .cards = fox_cards,
    .card_list = tw_fox_cli_card_list,
    .hint = fox_hint,
    .narrate = fox_narrate,
    .news_begin = fox_news_begin,
    .result = tw_fox_cli_result,
    .again_args = fox_again_args,
    .setup_words = fox_setup_words,
    .group_words = fox_group_words,
    .score_words = fox_score_words,
    .replay_intro = fox_replay_intro,
    .replay_step = fox_replay_step,
    .replay_jump = fox_replay_jump,
    .analyse_title = tw_fox_cli_analyse_title,
    .analyse_item = tw_fox_cli_analyse_item,
    .analyse_end = tw_fox_cli_analyse_end,
};
