/* For Northwood! decisions in words: the question asked now, a readable
 * label for each legal action, and the reading of an answer (number,
 * command word, record notation) with a reason when it is refused. */
#include <stdio.h>
#include <string.h>

#include "play/northwood/nw_cli.h"
#include "term/prompt.h"

#define T(id) tw_nw_cli_text(cli->lang, (id))

static const char *const SUIT_WORDS_FR[TW_NW_SUITS] = {"griffes", "fleurs", "feuilles", "yeux"};
static const char *const WORDS_CONTINUE[] = {"continue", "continuer", "draw", "piocher", "more", "encore", NULL};
static const char *const WORDS_STOP_DRAWING[] = {"stop", "arreter", "arrêter", NULL};
static const char *const WORDS_PASS[] = {"pass", "passer", "no", "non", "none", "aucun", NULL};
static const char *const WORDS_FINISH[] = {"finish", "terminer", "finir", NULL};

/* French words of the record notation, and the French suit letters of
 * cards (G Griffes, Y Yeux; F and L are the same in both languages). */
static const tw_prompt_alias FRENCH_WORDS[] = {
    {"visiter", "visit"}, {"remplacer", "substitute"}, {"substituer", "substitute"}, {"commencer", "begin"},
    {"activer", "activate"}, {"utiliser", "activate"}, {"poursuivre", "proceed"}, {"répondre", "respond"},
    {"repondre", "respond"}, {"choisir", "pick"}, {"prendre", "pick"}, {"nommer", "name"}, {"allié", "ally"},
    {"allie", "ally"}, {"continuer", "continue"}, {"passer", "pass"}, {"terminer", "finish"}, {"finir", "finish"},
    {"arrêter", "stop"}, {"arreter", "stop"}, {"griffes", "claws"}, {"fleurs", "flowers"}, {"feuilles", "leaves"},
    {"yeux", "eyes"}, {NULL, NULL},
};
static const char FRENCH_LETTERS[] = "gcye";

/* Whether the answer to a statement wins a point. */
int tw_nw_cli_response_scores(const tw_nw_state *state, int card)
{
    int statement = tw_nw_statement(state);
    if (statement == TW_NW_NO_CARD)
        return 0;
    return tw_nw_answer_scores(card, statement, tw_nw_trump(state));
}

/* The step a running ability waits on. */
static const tw_nw_step *current_step(const tw_nw_state *s)
{
    return &s->run.program[s->run.pc < TW_NW_MAX_PROGRAM ? s->run.pc : 0];
}

/* The name of a pile as a destination. */
static const char *pile_name(const tw_cli *cli, int pile)
{
    return T((tw_nw_text_id)(NW_T_PILE_HAND + (pile & 3)));
}

/* Whether the running program is inside a repeated body (Prince of Eyes). */
static int in_repeat(const tw_nw_state *s)
{
    return s->run.repeat_end > 0 && s->run.pc >= s->run.repeat_start && s->run.pc < s->run.repeat_end;
}

/* The question of a card choice, by the step that asks it. */
static void card_question(const tw_cli *cli, const tw_nw_state *s, const char *name, char *out, size_t size)
{
    const tw_nw_step *st = current_step(s);
    char card[48];
    switch (st->op) {
    case TW_NW_OP_CHOOSE_MOVE:
        if (s->run.triggered)
            snprintf(out, size, T(NW_T_Q_TRIGGER_ODD), name, s->run.memo);
        else if (in_repeat(s) && s->run.repeat_left)
            snprintf(out, size, T(NW_T_Q_REPEAT_MORE), name, s->run.repeat_left);
        else if (in_repeat(s))
            snprintf(out, size, T(NW_T_Q_REPEAT_LAST), name);
        else
            snprintf(out, size, T(NW_T_Q_CHOOSE_MOVE), name, pile_name(cli, st->b), s->run.left);
        break;
    case TW_NW_OP_MOVE_SUIT:
    case TW_NW_OP_MOVE_HIGHEST:
        snprintf(out, size, T(NW_T_Q_MOVE_ORDER), name, pile_name(cli, st->b));
        break;
    case TW_NW_OP_MOVE_PAIR_SUM:
        if (s->run.first_pick == TW_NW_NO_CARD) {
            snprintf(out, size, T(NW_T_Q_PAIR_FIRST), name, st->c);
        } else {
            tw_nw_cli_card(cli, s->run.first_pick, card, sizeof card);
            snprintf(out, size, T(NW_T_Q_PAIR_SECOND), name, card);
        }
        break;
    case TW_NW_OP_EXCHANGE_TOP: {
        int top = s->deck_n - 1;
        snprintf(card, sizeof card, "?");
        if (top >= 0 && (s->deck_known & (1u << top)))
            tw_nw_cli_card(cli, s->deck[top], card, sizeof card);
        snprintf(out, size, T(NW_T_Q_EXCHANGE), name, card);
        break;
    }
    case TW_NW_OP_MOVE_LOWEST: {
        int value = s->run.pending ? TW_NW_VALUE(tw_lowest_bit32(s->run.pending)) : 0;
        char draw[64];
        snprintf(out, size, T(NW_T_Q_LOWEST), name, value, tw_text_count(cli->lang, value, TW_T_CARDS_ONE, draw, sizeof draw));
        break;
    }
    case TW_NW_OP_SEARCH_VALUE: snprintf(out, size, T(NW_T_Q_SEARCH), name); break;
    case TW_NW_OP_MOVE_DUPLICATES: snprintf(out, size, T(NW_T_Q_DUPLICATES), name); break;
    case TW_NW_OP_MOVE_HAND_COUNT_VALUE: {
        int held = tw_nw_hand_count(s);
        char count[64];
        snprintf(out, size, T(NW_T_Q_HAND_COUNT), name, tw_text_count(cli->lang, held, TW_T_CARDS_ONE, count, sizeof count),
                 held);
        break;
    }
    case TW_NW_OP_MOVE_VALUES: snprintf(out, size, T(NW_T_Q_VALUES), name); break;
    case TW_NW_OP_MOVE_SUM: snprintf(out, size, T(NW_T_Q_SUM), name, s->run.memo); break;
    case TW_NW_OP_SWAP_TOP:
        tw_nw_cli_card(cli, tw_nw_pile_top(s, st->a), card, sizeof card);
        snprintf(out, size, T(NW_T_Q_SWAP_TOP), name, pile_name(cli, st->a), card);
        break;
    default: snprintf(out, size, T(NW_T_Q_GENERIC), name); break;
    }
}

/* The question of an ability waiting for a choice. */
static void ability_question(const tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog, char *out,
                             size_t size)
{
    char name[320];
    tw_nw_cli_acting_name(cli, s, catalog, s->run.slot, name, sizeof name);
    switch (s->run.choice) {
    case TW_NW_CHOICE_SUIT: snprintf(out, size, T(NW_T_Q_NAME_SUIT), name); break;
    case TW_NW_CHOICE_FIEF:
        snprintf(out, size, T(current_step(s)->op == TW_NW_OP_MOVE_VISIT ? NW_T_Q_MOVE_VISIT : NW_T_Q_SWAP), name);
        break;
    case TW_NW_CHOICE_SLOT: snprintf(out, size, T(NW_T_Q_READY), name); break;
    case TW_NW_CHOICE_CONTINUE: {
        int trump = tw_nw_trump(s);
        char suit[64];
        snprintf(suit, sizeof suit, "%s %s", tw_nw_cli_suit_symbol(cli, trump), tw_nw_cli_suit_name(cli, trump));
        snprintf(out, size, T(NW_T_Q_CONTINUE), name, suit);
        break;
    }
    case TW_NW_CHOICE_CARD: card_question(cli, s, name, out, size); break;
    default: snprintf(out, size, T(NW_T_Q_GENERIC), name); break;
    }
}

/* What the player is asked now. */
void tw_nw_cli_question(const tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog, char *out,
                        size_t size)
{
    char card[48];
    switch (state->phase) {
    case TW_NW_PHASE_CHOOSE_FIEF: snprintf(out, size, "%s", T(NW_T_Q_CHOOSE_FIEF)); break;
    case TW_NW_PHASE_SUBSTITUTES: snprintf(out, size, "%s", T(NW_T_Q_SUBSTITUTES)); break;
    case TW_NW_PHASE_BEFORE_STATEMENT: snprintf(out, size, "%s", T(NW_T_Q_BEFORE)); break;
    case TW_NW_PHASE_RESPONSE:
        tw_nw_cli_card(cli, tw_nw_statement(state), card, sizeof card);
        snprintf(out, size, T(cli->compact ? NW_T_Q_RESPONSE_SHORT : NW_T_Q_RESPONSE), card);
        break;
    case TW_NW_PHASE_ABILITY: ability_question(cli, state, catalog, out, size); break;
    default: out[0] = '\0'; break;
    }
}

/* Label of a card picked by an ability, by the step that asks for it. */
static void pick_label(const tw_cli *cli, const tw_nw_state *s, int card, char *out, size_t size)
{
    char text[48], other[48];
    tw_nw_cli_card(cli, card, text, sizeof text);
    const tw_nw_step *st = current_step(s);
    switch (st->op) {
    case TW_NW_OP_EXCHANGE_TOP: snprintf(out, size, T(NW_T_L_EXCHANGE), text); break;
    case TW_NW_OP_MOVE_LOWEST:
        snprintf(out, size, T(NW_T_L_LOWEST), text,
                 tw_text_count(cli->lang, TW_NW_VALUE(card), TW_T_CARDS_ONE, other, sizeof other));
        break;
    case TW_NW_OP_SEARCH_VALUE: snprintf(out, size, T(NW_T_L_SEARCH), TW_NW_VALUE(card), text); break;
    case TW_NW_OP_SWAP_TOP:
        tw_nw_cli_card(cli, tw_nw_pile_top(s, st->a), other, sizeof other);
        snprintf(out, size, T(NW_T_L_SWAP_TOP), text, other);
        break;
    default:
        if (st->b == TW_NW_PILE_DISCARD)
            snprintf(out, size, T(NW_T_L_DISCARD), text);
        else
            snprintf(out, size, T(NW_T_L_PICK_TO), text, pile_name(cli, st->b));
        break;
    }
}

/* Label of a fief picked by an ability: Jack of Leaves brings its ruler,
 * Prince of Leaves moves the visit there. */
static void fief_label(const tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog, int fief, char *out,
                       size_t size)
{
    char ruler[160];
    const tw_nw_character *ch = &s->fiefs[fief % TW_NW_FIEFS].ruler;
    tw_nw_cli_character(cli, catalog, ch, ruler, sizeof ruler);
    if (current_step(s)->op == TW_NW_OP_MOVE_VISIT)
        snprintf(out, size, T(fief < s->visiting ? NW_T_L_MOVE_LEFT : NW_T_L_MOVE_RIGHT), fief, fief, ruler,
                 tw_nw_cli_suit_name(cli, ch->suit));
    else
        snprintf(out, size, T(NW_T_L_SWAP), fief, ruler, tw_nw_cli_suit_name(cli, ch->suit));
}

/* Label of "pass", by what is declined. */
static void pass_label(const tw_cli *cli, const tw_nw_state *s, char *out, size_t size)
{
    if (s->run.choice == TW_NW_CHOICE_CONTINUE)
        snprintf(out, size, "%s", T(NW_T_L_STOP_DRAWING));
    else if (current_step(s)->op == TW_NW_OP_SWAP_TOP)
        snprintf(out, size, "%s", T(NW_T_L_PASS_SWAP));
    else
        snprintf(out, size, "%s", T(NW_T_L_PASS));
}

/* Label of an ability's use: its text, or the copied ruler's and text.
 * The compact layout names the character only (its ability is a `cards`
 * away), so that a question fits 24 rows. */
static void activate_label(const tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog, int slot,
                           char *out, size_t size)
{
    char name[160], other[160];
    const tw_nw_character *ch = tw_nw_slot_character(s, slot % TW_NW_SLOTS);
    const tw_nw_character *copied = tw_nw_cli_copied_ruler(s, ch);
    tw_nw_cli_character(cli, catalog, ch, name, sizeof name);
    if (cli->compact && copied) {
        tw_nw_cli_character(cli, catalog, copied, other, sizeof other);
        snprintf(out, size, T(NW_T_L_ACTIVATE_COPY_SHORT), name, other);
    } else if (cli->compact) {
        snprintf(out, size, T(NW_T_L_ACTIVATE_SHORT), name);
    } else if (copied) {
        tw_nw_cli_character(cli, catalog, copied, other, sizeof other);
        snprintf(out, size, T(NW_T_L_ACTIVATE_COPY), name, other, tw_nw_cli_ability_text(cli, catalog, copied));
    } else {
        snprintf(out, size, T(NW_T_L_ACTIVATE), name, tw_nw_cli_ability_text(cli, catalog, ch));
    }
}

/* The first slot a friendly ruler may stand in for: its substitute label
 * carries the ruler's ability, the others do not repeat it. */
static int first_free_slot(const tw_nw_state *s)
{
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        if (s->slots[slot].sub_fief < 0)
            return slot;
    return -1;
}

/* The character whose ability the label of an action carries, or NULL. */
static const tw_nw_character *label_character(const tw_nw_state *s, tw_nw_action action)
{
    int arg = TW_NW_ACTION_ARG(action);
    switch ((tw_nw_action_kind)TW_NW_ACTION_KIND(action)) {
    case TW_NW_ACT_SUBSTITUTE:
        return arg % TW_NW_SLOTS == first_free_slot(s) ? &s->fiefs[(arg / TW_NW_SLOTS) % TW_NW_FIEFS].ruler : NULL;
    case TW_NW_ACT_ACTIVATE: {
        const tw_nw_character *ch = tw_nw_slot_character(s, arg % TW_NW_SLOTS);
        const tw_nw_character *copied = tw_nw_cli_copied_ruler(s, ch);
        return copied ? copied : ch;
    }
    case TW_NW_ACT_PICK_SLOT: return tw_nw_slot_character(s, arg % TW_NW_SLOTS);
    default: return NULL;
    }
}

int tw_nw_cli_ability_line(const tw_cli *cli, const tw_nw_state *s, const tw_nw_catalog *catalog,
                           tw_nw_action action, char *out, size_t size)
{
    if (TW_NW_ACTION_KIND(action) != TW_NW_ACT_ACTIVATE)
        return 0; /* the other labels keep their ability's text */
    const tw_nw_character *ch = label_character(s, action);
    char name[160];
    tw_nw_cli_character(cli, catalog, ch, name, sizeof name);
    snprintf(out, size, "%s: %s", name, tw_nw_cli_ability_text(cli, catalog, ch));
    return 1;
}

/* Whether the labels of the decision now carry ch's ability. */
int tw_nw_cli_label_shows(const tw_nw_state *state, const tw_nw_character *ch)
{
    tw_nw_action actions[TW_NW_MAX_ACTIONS];
    int n = tw_nw_is_over(state) ? 0 : tw_nw_legal_actions(state, actions);
    for (int i = 0; i < n; i++) {
        const tw_nw_character *shown = label_character(state, actions[i]);
        if (shown && shown->catalog_index == ch->catalog_index)
            return 1;
    }
    return 0;
}

/* Label of an answer: whether it scores, and what an armed delayed
 * ability (Baron of Eyes) does after it. */
static void respond_label(const tw_cli *cli, const tw_nw_state *s, int card, char *out, size_t size)
{
    char text[48];
    tw_nw_cli_card(cli, card, text, sizeof text);
    snprintf(out, size, T(tw_nw_cli_response_scores(s, card) ? NW_T_L_RESPOND_SCORES : NW_T_L_RESPOND_NO), text);
    if (s->trigger.active) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s", T(TW_NW_VALUE(card) & 1 ? NW_T_L_THEN_DISCARD : NW_T_L_THEN_DRAW));
    }
}

/* A readable description of an action. */
void tw_nw_cli_label(const tw_cli *cli, const tw_nw_state *state, const tw_nw_catalog *catalog,
                     tw_nw_action action, char *out, size_t size)
{
    int arg = TW_NW_ACTION_ARG(action);
    char a[160], b[160], c[48];
    switch ((tw_nw_action_kind)TW_NW_ACTION_KIND(action)) {
    case TW_NW_ACT_VISIT:
        tw_nw_cli_fief_stars(cli, state, arg % TW_NW_FIEFS, c, sizeof c);
        tw_nw_cli_character(cli, catalog, &state->fiefs[arg % TW_NW_FIEFS].ruler, a, sizeof a);
        snprintf(out, size, T(NW_T_L_VISIT), arg, arg, c, a);
        break;
    case TW_NW_ACT_SUBSTITUTE: {
        int fief = (arg / TW_NW_SLOTS) % TW_NW_FIEFS, slot = arg % TW_NW_SLOTS;
        const tw_nw_character *ruler = &state->fiefs[fief].ruler;
        tw_nw_cli_character(cli, catalog, ruler, a, sizeof a);
        tw_nw_cli_character(cli, catalog, &state->slots[slot].ally, b, sizeof b);
        if (slot == first_free_slot(state)) /* the ruler's ability, once */
            snprintf(out, size, T(NW_T_L_SUBSTITUTE), a, fief, b, slot, tw_nw_cli_ability_text(cli, catalog, ruler));
        else
            snprintf(out, size, T(NW_T_L_SUBSTITUTE_AGAIN), a, fief, b, slot);
        break;
    }
    case TW_NW_ACT_BEGIN: snprintf(out, size, "%s", T(NW_T_L_BEGIN)); break;
    case TW_NW_ACT_PROCEED: snprintf(out, size, "%s", T(NW_T_L_PROCEED)); break;
    case TW_NW_ACT_ACTIVATE: activate_label(cli, state, catalog, arg, out, size); break;
    case TW_NW_ACT_RESPOND: respond_label(cli, state, arg, out, size); break;
    case TW_NW_ACT_PICK_CARD: pick_label(cli, state, arg, out, size); break;
    case TW_NW_ACT_NAME_SUIT:
        snprintf(out, size, T(NW_T_L_NAME), tw_nw_cli_suit_symbol(cli, arg), tw_nw_cli_suit_name(cli, arg));
        break;
    case TW_NW_ACT_PICK_FIEF: fief_label(cli, state, catalog, arg, out, size); break;
    case TW_NW_ACT_STOP:
        tw_nw_cli_state_goal(cli, state, 1, a, sizeof a);
        snprintf(out, size, T(NW_T_L_STOP), a);
        break;
    case TW_NW_ACT_PICK_SLOT: {
        const tw_nw_character *ch = tw_nw_slot_character(state, arg % TW_NW_SLOTS);
        tw_nw_cli_character(cli, catalog, ch, a, sizeof a);
        snprintf(out, size, T(NW_T_L_READY), a, arg, tw_nw_cli_ability_text(cli, catalog, ch));
        tw_nw_cli_french_articles(cli, out, size);
        break;
    }
    case TW_NW_ACT_CONTINUE: snprintf(out, size, "%s", T(NW_T_L_CONTINUE)); break;
    case TW_NW_ACT_PASS: pass_label(cli, state, out, size); break;
    case TW_NW_ACT_FINISH: {
        int hit = 0;
        tw_nw_visit_decided(state, &hit);
        snprintf(out, size, "%s", T(hit ? NW_T_L_FINISH_HIT : NW_T_L_FINISH_MISS));
        break;
    }
    default: snprintf(out, size, "?"); break;
    }
}

/* Reads a bare word as an action of the current decision: a card code
 * answers a statement or an ability's card choice, a suit name answers a
 * suit choice, "continue"/"stop" answer "draw another card?", "pass"
 * declines an optional choice and "finish" (also in French) ends a decided
 * visit. Returns 0 on success. */
static int bare_word_action(const tw_nw_state *s, const char *word, tw_nw_action *out)
{
    int asking = s->phase == TW_NW_PHASE_ABILITY;
    if (asking && s->run.choice == TW_NW_CHOICE_CONTINUE && tw_prompt_word(word, WORDS_CONTINUE)) {
        *out = TW_NW_ACTION(TW_NW_ACT_CONTINUE, 0);
        return 0;
    }
    if (asking && s->run.choice == TW_NW_CHOICE_CONTINUE && tw_prompt_word(word, WORDS_STOP_DRAWING)) {
        *out = TW_NW_ACTION(TW_NW_ACT_PASS, 0);
        return 0;
    }
    if (tw_prompt_word(word, WORDS_PASS)) {
        *out = TW_NW_ACTION(TW_NW_ACT_PASS, 0);
        return 0;
    }
    if (tw_prompt_word(word, WORDS_FINISH)) {
        *out = TW_NW_ACTION(TW_NW_ACT_FINISH, 0);
        return 0;
    }
    int card = tw_nw_card_parse(word);
    if (card >= 0 && s->phase == TW_NW_PHASE_RESPONSE) {
        *out = TW_NW_ACTION(TW_NW_ACT_RESPOND, card);
        return 0;
    }
    if (card >= 0 && s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_CARD) {
        *out = TW_NW_ACTION(TW_NW_ACT_PICK_CARD, card);
        return 0;
    }
    if (s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_SUIT) {
        for (int suit = 0; suit < TW_NW_SUITS; suit++)
            if (strcmp(word, tw_nw_suit_key(suit)) == 0 || strcmp(word, SUIT_WORDS_FR[suit]) == 0) {
                *out = TW_NW_ACTION(TW_NW_ACT_NAME_SUIT, suit);
                return 0;
            }
    }
    return -1;
}

/* Says why a well-formed action is not legal now. */
void tw_nw_cli_refusal(tw_cli_session *ss, tw_game_action action, const char *typed, char *reason, size_t size)
{
    const tw_cli *cli = ss->cli;
    const tw_nw_state *s = tw_cli_state(ss);
    int kind = TW_NW_ACTION_KIND(action), arg = TW_NW_ACTION_ARG(action);
    char card[48];
    if (kind == TW_NW_ACT_STOP) {
        snprintf(reason, size, "%s", T(NW_T_E_STOP));
        return;
    }
    if (kind == TW_NW_ACT_FINISH) {
        snprintf(reason, size, "%s", T(NW_T_E_FINISH));
        return;
    }
    if (kind == TW_NW_ACT_PASS && s->phase == TW_NW_PHASE_ABILITY) {
        snprintf(reason, size, "%s", T(NW_T_E_PASS));
        return;
    }
    if ((kind == TW_NW_ACT_RESPOND && s->phase == TW_NW_PHASE_RESPONSE) ||
        (kind == TW_NW_ACT_PICK_CARD && s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_CARD)) {
        tw_nw_card_code(arg, card);
        if (!(s->hand & (1u << arg))) {
            snprintf(reason, size, T(NW_T_E_NOT_IN_HAND), card);
            return;
        }
        if (kind == TW_NW_ACT_RESPOND) {
            int suit = TW_NW_SUIT(tw_nw_statement(s));
            snprintf(reason, size, T(NW_T_E_FOLLOW), tw_nw_cli_suit_name(cli, suit));
            return;
        }
        snprintf(reason, size, T(NW_T_E_NOT_CANDIDATE), card);
        return;
    }
    if (kind == TW_NW_ACT_VISIT && s->phase == TW_NW_PHASE_CHOOSE_FIEF) {
        snprintf(reason, size, T(NW_T_E_VISITED), arg);
        return;
    }
    if (kind == TW_NW_ACT_ACTIVATE && s->phase == TW_NW_PHASE_BEFORE_STATEMENT) {
        snprintf(reason, size, T(NW_T_E_EXHAUSTED), arg);
        return;
    }
    if ((kind == TW_NW_ACT_PICK_FIEF && s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_FIEF) ||
        (kind == TW_NW_ACT_PICK_SLOT && s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_SLOT)) {
        char what[32];
        tw_nw_action_format(action, what, sizeof what);
        snprintf(reason, size, T(NW_T_E_NOT_CANDIDATE), what);
        return;
    }
    snprintf(reason, size, T(NW_T_E_NOT_NOW), typed);
}

/* Reads a lowercased word as an action: a bare card, suit or answer word
 * of the current decision, or the record notation. */
int tw_nw_cli_word_action(tw_cli_session *ss, const char *typed, tw_game_action *out)
{
    const tw_nw_state *s = tw_cli_state(ss);
    char word[TW_PROMPT_LINE];
    tw_nw_cli_unsymbol(typed, word, sizeof word);
    if (bare_word_action(s, word, out) == 0 || tw_nw_action_parse(word, out) == 0)
        return 0;
    char english[TW_PROMPT_LINE];
    if (!tw_prompt_translate(word, FRENCH_WORDS, FRENCH_LETTERS, english, sizeof english))
        return -1;
    return bare_word_action(s, english, out) == 0 ? 0 : tw_nw_action_parse(english, out);
}
