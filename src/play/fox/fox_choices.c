/* Fox in the Forest Duet decisions in words: the question asked of the
 * seat to act, a readable label for each legal action (with where the
 * team token would land), and the reading of an answer (number, command
 * word, record notation or bare card) with a reason when it is refused. */
#include <stdio.h>
#include <string.h>

#include "play/fox/fox_cli.h"
#include "term/prompt.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))

static const char *const WORDS_KEEP[] = {"keep", "garder", NULL};
static const char *const WORDS_SELF[] = {"self", "me", "moi", NULL};
static const char *const WORDS_PARTNER[] = {"partner", "partenaire", NULL};
static const char *const WORDS_LEFT[] = {"left", "gauche", NULL};
static const char *const WORDS_RIGHT[] = {"right", "droite", NULL};
static const char *const WORDS_NONE[] = {"none", "aucune", NULL};

/* French words of the record notation, and the French suit letters of
 * cards (C Colombes, E Étoiles; R is the same in both languages). */
static const tw_prompt_alias FRENCH_WORDS[] = {
    {"jouer", "play"}, {"renard", "fox"}, {"soi", "self"}, {"moi", "self"}, {"partenaire", "partner"},
    {"garder", "keep"}, {"échanger", "exchange"}, {"echanger", "exchange"}, {"donner", "gift"},
    {"ignorer", "ignore"}, {"aucune", "none"}, {"aucun", "none"}, {"les-deux", "both"},
    {"vers-gagnant", "toward-winner"}, {"vers-partenaire", "toward-partner"}, {"forêt", "forest"},
    {"foret", "forest"}, {"gauche", "left"}, {"droite", "right"}, {NULL, NULL},
};
static const char FRENCH_LETTERS[] = "cdes";

/* Whether a Musician is in the trick. */
static int musician_in_trick(const tw_fox_state *s)
{
    for (int i = 0; i < s->trick_n && i < 2; i++)
        if (TW_FOX_RANK(s->trick[i]) == TW_FOX_MUSICIAN)
            return 1;
    return 0;
}

/* What moving steps spaces toward a seat would do, as a label ending. */
static void outcome(const tw_cli *cli, const tw_fox_state *s, int toward, int steps, char *out, size_t size)
{
    tw_fox_move_preview p;
    tw_fox_preview_move(s, toward, steps, &p);
    if (p.lost)
        snprintf(out, size, "%s", T(FX_T_O_LOST));
    else if (p.off_path)
        snprintf(out, size, "%s", T(FX_T_O_OFF));
    else if (p.wins)
        snprintf(out, size, "%s", T(FX_T_O_WIN));
    else if (p.collects)
        snprintf(out, size, T(FX_T_O_COLLECT), p.space);
    else
        snprintf(out, size, T(FX_T_O_LAND), p.space);
}

/* What the seat to act is asked now. */
void tw_fox_cli_question(const tw_cli *cli, const tw_fox_look *look, const tw_fox_state *state, char *out,
                         size_t size)
{
    char card[160], who[64];
    int actor = tw_fox_to_act(state);
    switch (state->phase) {
    case TW_FOX_PHASE_PLAY:
        if (state->trick_n == 0) {
            snprintf(out, size, T(FX_T_Q_LEAD), state->tricks_done + 1);
            break;
        }
        tw_fox_cli_card_long(cli, state->trick[0], card, sizeof card);
        if (TW_FOX_RANK(state->trick[0]) == TW_FOX_ROYAL_HEIR)
            snprintf(out, size, T(FX_T_Q_FOLLOW_FREE), card);
        else
            snprintf(out, size, T(FX_T_Q_FOLLOW), card, tw_fox_suit_name(TW_FOX_SUIT(state->trick[0]), cli->lang));
        break;
    case TW_FOX_PHASE_FOX_TARGET:
        tw_fox_cli_card_long(cli, state->decree, card, sizeof card);
        snprintf(out, size, T(FX_T_Q_FOX_TARGET), card);
        break;
    case TW_FOX_PHASE_FOX_EXCHANGE:
        tw_fox_cli_card_long(cli, state->decree, card, sizeof card);
        snprintf(out, size, T(FX_T_Q_FOX_EXCHANGE), card);
        break;
    case TW_FOX_PHASE_GIFT_FIRST:
        tw_fox_cli_name(cli, look, 1 - actor, TW_FOX_OBJECT, -1, who, sizeof who);
        snprintf(out, size, T(FX_T_Q_GIFT_FIRST), who);
        break;
    case TW_FOX_PHASE_GIFT_SECOND:
        tw_fox_cli_name(cli, look, state->gift_seat, TW_FOX_OBJECT, -1, who, sizeof who);
        snprintf(out, size, T(FX_T_Q_GIFT_SECOND), who);
        break;
    case TW_FOX_PHASE_IGNORE: snprintf(out, size, "%s", T(FX_T_Q_IGNORE)); break;
    case TW_FOX_PHASE_DIRECTION: {
        char steps[48];
        tw_fox_cli_spaces(cli, tw_fox_trick_steps(state), steps, sizeof steps);
        snprintf(out, size, T(FX_T_Q_DIRECTION), steps);
        break;
    }
    case TW_FOX_PHASE_FOREST: snprintf(out, size, T(FX_T_Q_FOREST), state->round); break;
    default: out[0] = '\0'; break;
    }
}

/* Label of a card the follower may play: who would take the trick with
 * the trump of now. */
static void play_label(const tw_cli *cli, const tw_fox_look *look, const tw_fox_state *s, int card, char *out,
                       size_t size)
{
    char text[160];
    tw_fox_cli_card_long(cli, card, text, sizeof text);
    if (s->trick_n != 1) {
        snprintf(out, size, T(FX_T_L_PLAY), text);
        return;
    }
    tw_fox_state trial = *s;
    trial.trick[1] = (uint8_t)card;
    trial.trick_n = 2;
    char who[64];
    tw_fox_cli_name(cli, look, tw_fox_trick_winner(&trial), TW_FOX_DATIVE, -1, who, sizeof who);
    snprintf(out, size, T(cli->compact ? FX_T_L_PLAY_TAKES_SHORT : FX_T_L_PLAY_TAKES), text, who);
}

/* Label of a Gazelle choice: how far the token would go and where. */
static void ignore_label(const tw_cli *cli, const tw_fox_state *s, int mask, char *out, size_t size)
{
    int steps = 0;
    for (int i = 0; i < s->trick_n && i < 2; i++)
        if (!(mask & (1 << i)))
            steps += tw_fox_card_footprints(s->trick[i]);
    char spaces[48], tail[256], card[48];
    tw_fox_cli_spaces(cli, steps, spaces, sizeof spaces);
    if (musician_in_trick(s) && steps > 0)
        snprintf(tail, sizeof tail, "%s", T(FX_T_O_DIRECTION_NEXT));
    else
        outcome(cli, s, s->toward, steps, tail, sizeof tail);
    if (mask == 0) {
        snprintf(out, size, T(FX_T_L_IGNORE_NONE), spaces, tail);
    } else if (mask == 3) {
        snprintf(out, size, T(FX_T_L_IGNORE_BOTH), spaces, tail);
    } else {
        tw_fox_cli_card(cli, s->trick[mask == 1 ? 0 : 1], card, sizeof card);
        snprintf(out, size, T(FX_T_L_IGNORE_ONE), card, spaces, tail);
    }
}

/* Label of an end-of-round forest token end. */
static void forest_label(const tw_cli *cli, const tw_fox_look *look, const tw_fox_state *s, int end, char *out,
                         size_t size)
{
    char who[64];
    int last = tw_fox_last_space(s, end);
    tw_fox_cli_name(cli, look, end == TW_FOX_END_LEFT ? 0 : 1, TW_FOX_OBJECT, -1, who, sizeof who);
    if (s->path.token == last)
        snprintf(out, size, T(FX_T_L_FOREST_MOVED), who, last, tw_fox_last_space(s, 1 - end));
    else
        snprintf(out, size, T(FX_T_L_FOREST), last, who);
}

/* A readable description of an action. */
void tw_fox_cli_label(const tw_cli *cli, const tw_fox_look *look, const tw_fox_state *state,
                      tw_fox_action action, char *out, size_t size)
{
    int arg = TW_FOX_ACTION_ARG(action);
    int actor = tw_fox_to_act(state);
    char card[160], who[64], spaces[48], tail[256];
    switch (TW_FOX_ACTION_KIND(action)) {
    case TW_FOX_ACT_PLAY: play_label(cli, look, state, arg, out, size); break;
    case TW_FOX_ACT_FOX:
        if (arg == 0) {
            snprintf(out, size, "%s", T(FX_T_L_FOX_SELF));
        } else {
            tw_fox_cli_name(cli, look, 1 - actor, TW_FOX_OBJECT, -1, who, sizeof who);
            snprintf(out, size, T(FX_T_L_FOX_OTHER), who);
        }
        break;
    case TW_FOX_ACT_KEEP:
        tw_fox_cli_card(cli, state->decree, card, sizeof card);
        snprintf(out, size, T(cli->compact ? FX_T_L_KEEP_SHORT : FX_T_L_KEEP), card,
                 tw_fox_suit_name(tw_fox_trump(state), cli->lang));
        break;
    case TW_FOX_ACT_EXCHANGE: {
        tw_fox_cli_card_long(cli, arg, card, sizeof card);
        int same = TW_FOX_SUIT(arg) == tw_fox_trump(state);
        snprintf(out, size, T(cli->compact ? FX_T_L_EXCHANGE_SHORT : same ? FX_T_L_EXCHANGE_SAME : FX_T_L_EXCHANGE), card,
                 tw_fox_suit_name(TW_FOX_SUIT(arg), cli->lang));
        break;
    }
    case TW_FOX_ACT_GIFT:
        tw_fox_cli_card_long(cli, arg, card, sizeof card);
        snprintf(out, size, T(FX_T_L_GIFT), card);
        break;
    case TW_FOX_ACT_IGNORE: ignore_label(cli, state, arg, out, size); break;
    case TW_FOX_ACT_DIRECTION: {
        int toward = arg == TW_FOX_TOWARD_WINNER ? state->winner : 1 - state->winner;
        int steps = tw_fox_trick_steps(state);
        tw_fox_cli_spaces(cli, steps, spaces, sizeof spaces);
        outcome(cli, state, toward, steps, tail, sizeof tail);
        if (toward == look->viewer) {
            snprintf(out, size, T(FX_T_L_TOWARD_YOU), spaces, tail);
        } else {
            tw_fox_cli_name(cli, look, toward, TW_FOX_OBJECT, -1, who, sizeof who);
            snprintf(out, size, T(FX_T_L_TOWARD_OTHER), who, spaces, tail);
        }
        break;
    }
    case TW_FOX_ACT_FOREST: forest_label(cli, look, state, arg, out, size); break;
    default: snprintf(out, size, "?"); break;
    }
}

/* Reads a bare word as an action of the current decision: a card plays,
 * gives or swaps it; keep, self, partner, left, right and none answer the
 * matching questions. Returns 0 on success. */
static int bare_word_action(const tw_fox_state *s, const char *word, tw_fox_action *out)
{
    int card = tw_fox_card_parse(word);
    if (card >= 0) {
        switch (s->phase) {
        case TW_FOX_PHASE_PLAY: *out = TW_FOX_ACTION(TW_FOX_ACT_PLAY, card); return 0;
        case TW_FOX_PHASE_GIFT_FIRST:
        case TW_FOX_PHASE_GIFT_SECOND: *out = TW_FOX_ACTION(TW_FOX_ACT_GIFT, card); return 0;
        case TW_FOX_PHASE_FOX_EXCHANGE: *out = TW_FOX_ACTION(TW_FOX_ACT_EXCHANGE, card); return 0;
        default: return -1;
        }
    }
    if (tw_prompt_word(word, WORDS_KEEP))
        *out = TW_FOX_ACTION(TW_FOX_ACT_KEEP, 0);
    else if (tw_prompt_word(word, WORDS_SELF))
        *out = TW_FOX_ACTION(TW_FOX_ACT_FOX, 0);
    else if (tw_prompt_word(word, WORDS_PARTNER))
        *out = TW_FOX_ACTION(TW_FOX_ACT_FOX, 1);
    else if (tw_prompt_word(word, WORDS_LEFT))
        *out = TW_FOX_ACTION(TW_FOX_ACT_FOREST, TW_FOX_END_LEFT);
    else if (tw_prompt_word(word, WORDS_RIGHT))
        *out = TW_FOX_ACTION(TW_FOX_ACT_FOREST, TW_FOX_END_RIGHT);
    else if (tw_prompt_word(word, WORDS_NONE))
        *out = TW_FOX_ACTION(TW_FOX_ACT_IGNORE, 0);
    else
        return -1;
    return 0;
}

/* Says why a well-formed action is not legal now. */
void tw_fox_cli_refusal(tw_cli_session *ss, tw_game_action action, const char *typed, char *reason, size_t size)
{
    const tw_cli *cli = ss->cli;
    const tw_fox_state *s = tw_cli_state(ss);
    int kind = TW_FOX_ACTION_KIND(action), arg = TW_FOX_ACTION_ARG(action);
    int actor = tw_fox_to_act(s);
    int card_phase = (kind == TW_FOX_ACT_PLAY && s->phase == TW_FOX_PHASE_PLAY) ||
                     (kind == TW_FOX_ACT_GIFT &&
                      (s->phase == TW_FOX_PHASE_GIFT_FIRST || s->phase == TW_FOX_PHASE_GIFT_SECOND)) ||
                     (kind == TW_FOX_ACT_EXCHANGE && s->phase == TW_FOX_PHASE_FOX_EXCHANGE);
    if (card_phase && actor >= 0 && arg < TW_FOX_CARDS) {
        char code[4];
        tw_fox_card_code(arg, code);
        if (!(s->hand[actor] & (1u << arg))) {
            snprintf(reason, size, T(FX_T_E_NOT_IN_HAND), code);
            return;
        }
        if (kind == TW_FOX_ACT_PLAY && s->trick_n == 1) {
            snprintf(reason, size, T(FX_T_E_FOLLOW), tw_fox_suit_name(TW_FOX_SUIT(s->trick[0]), cli->lang));
            return;
        }
    }
    snprintf(reason, size, T(FX_T_E_NOT_NOW), typed);
}

/* Reads a lowercased word as an action: the record notation, or a bare
 * card or answer word of the current decision. */
int tw_fox_cli_word_action(tw_cli_session *ss, const char *typed, tw_game_action *out)
{
    const tw_fox_state *state = tw_cli_state(ss);
    char word[TW_PROMPT_LINE];
    tw_fox_cli_unsymbol(typed, word, sizeof word);
    if (tw_fox_action_parse(state, word, out) == 0 || bare_word_action(state, word, out) == 0)
        return 0;
    char english[TW_PROMPT_LINE];
    if (!tw_prompt_translate(word, FRENCH_WORDS, FRENCH_LETTERS, english, sizeof english))
        return -1;
    return tw_fox_action_parse(state, english, out) == 0 ? 0 : bare_word_action(state, english, out);
}
