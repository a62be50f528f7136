/* Narration: what the events of one action did, in a few lines, as one
 * seat may see them (a hidden card is never named): cards played, ability
 * choices, trick winners, token moves, forest tokens, gems, and the ends
 * of rounds and of the game. */
#include <stdio.h>
#include <string.h>

#include "play/fox/fox_cli.h"

#define T(id) tw_fox_cli_text(cli->lang, (id))

/* What the narration remembers while it walks through a batch. */
typedef struct {
    int trick[2];     /* the cards of the trick in progress */
    int decree;       /* a decree turned up by a new deal, not told yet */
    int reset;        /* the token ran off the path: its next move is the reset */
    int gems;         /* gems on the board so far */
    int forest_left;  /* forest tokens in the supply so far */
    int chooser;      /* the seat that chose the end of a forest token, -1: none */
    char added[128];  /* spaces that got a (+) gem, not told yet */
} narration;

/* Tells the (+) gems gathered so far, in one line. */
static void flush_added(tw_cli *cli, narration *n)
{
    if (!n->added[0])
        return;
    tw_cli_printf(cli, T(FX_T_N_GEMS_ADDED), n->added);
    n->added[0] = '\0';
}

/* "5D" or "5D and 5S": the trick cards named by an ignore mask. */
static void ignored_cards(const tw_cli *cli, const narration *n, int mask, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < 2; i++) {
        if (!(mask & (1 << i)))
            continue;
        char card[48];
        tw_fox_cli_card(cli, n->trick[i], card, sizeof card);
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", len ? T(FX_T_AND) : "", card);
    }
}

/* Tells a card move when it means something to the players: a decree
 * turned up, a decree swap, a Gift changing hands. */
static void narrate_move(tw_cli *cli, const tw_fox_look *look, const tw_fox_state *before, narration *n,
                         const tw_fox_event *ev)
{
    char who[64], card[48], old[48];
    int from_hand = ev->from == TW_FOX_ZONE_HAND0 || ev->from == TW_FOX_ZONE_HAND1;
    int to_hand = ev->to == TW_FOX_ZONE_HAND0 || ev->to == TW_FOX_ZONE_HAND1;
    if (ev->from == TW_FOX_ZONE_DECK && ev->to == TW_FOX_ZONE_DECREE) {
        n->decree = ev->card;
        return;
    }
    tw_fox_cli_card(cli, ev->card, card, sizeof card);
    if (from_hand && ev->to == TW_FOX_ZONE_DECREE) {
        int seat = ev->from - TW_FOX_ZONE_HAND0;
        const char *trump = tw_fox_suit_name(TW_FOX_SUIT(ev->card), cli->lang);
        tw_fox_cli_card(cli, before->decree, old, sizeof old);
        if (seat == look->viewer) {
            tw_cli_printf(cli, T(FX_T_N_EXCHANGE_YOU), card, old, trump);
        } else {
            tw_fox_cli_name(cli, look, seat, TW_FOX_SUBJECT, -1, who, sizeof who);
            tw_cli_printf(cli, T(FX_T_N_EXCHANGE_OTHER), who, card, old, trump);
        }
        return;
    }
    if (from_hand && to_hand && ev->card != TW_FOX_NO_CARD) {
        int seat = ev->to - TW_FOX_ZONE_HAND0;
        if (seat == look->viewer) {
            tw_cli_printf(cli, T(FX_T_N_RECEIVE_YOU), card);
        } else {
            tw_fox_cli_name(cli, look, seat, TW_FOX_SUBJECT, -1, who, sizeof who);
            tw_cli_printf(cli, T(FX_T_N_RECEIVE_OTHER), who, card);
        }
    }
}

/* Tells a choice made by a seat: one message for "you", one for others. */
static void say_choice(tw_cli *cli, const tw_fox_look *look, int seat, tw_fox_text_id you, tw_fox_text_id other,
                       const char *arg)
{
    if (seat == look->viewer) {
        tw_cli_printf(cli, T(you), arg);
        return;
    }
    char who[64];
    tw_fox_cli_name(cli, look, seat, TW_FOX_SUBJECT, -1, who, sizeof who);
    tw_cli_printf(cli, T(other), who, arg);
}

/* Tells the end of the game. */
static void narrate_game_end(tw_cli *cli, int end)
{
    if (end == TW_FOX_END_WON)
        tw_cli_printf(cli, "%s", T(FX_T_N_GAME_WON));
    else if (end == TW_FOX_END_LOST_PATH)
        tw_cli_printf(cli, "%s", T(FX_T_N_GAME_LOST_PATH));
    else
        tw_cli_printf(cli, "%s", T(FX_T_N_GAME_LOST_TIME));
}

/* Tells one event. */
static void narrate_event(tw_cli *cli, const tw_fox_look *look, const tw_fox_state *before, narration *n,
                          const tw_fox_event *ev)
{
    char who[64], whom[64], text[256];
    switch (ev->type) {
    case TW_FOX_EV_MOVE: narrate_move(cli, look, before, n, ev); break;
    case TW_FOX_EV_ROUND_START:
        tw_fox_cli_name(cli, look, ev->b, TW_FOX_OBJECT, -1, who, sizeof who);
        tw_fox_cli_name(cli, look, ev->c, TW_FOX_OBJECT, -1, whom, sizeof whom);
        tw_cli_printf(cli, T(FX_T_N_ROUND_START), ev->a, who, whom);
        if (n->decree >= 0 && n->decree < TW_FOX_CARDS) {
            tw_fox_cli_card_long(cli, n->decree, text, sizeof text);
            tw_cli_printf(cli, T(FX_T_N_DECREE), text, tw_fox_suit_name(TW_FOX_SUIT(n->decree), cli->lang));
        }
        n->decree = -1;
        n->trick[0] = n->trick[1] = TW_FOX_NO_CARD;
        break;
    case TW_FOX_EV_PLAY:
        n->trick[ev->b & 1] = ev->card;
        tw_fox_cli_card_long(cli, ev->card, text, sizeof text);
        say_choice(cli, look, ev->a, FX_T_N_PLAY_YOU, FX_T_N_PLAY_OTHER, text);
        break;
    case TW_FOX_EV_FOX_TARGET:
        tw_fox_cli_name(cli, look, ev->b, TW_FOX_DATIVE, ev->a, whom, sizeof whom);
        say_choice(cli, look, ev->a, FX_T_N_FOX_YOU, FX_T_N_FOX_OTHER, whom);
        break;
    case TW_FOX_EV_KEEP:
        if (ev->a == look->viewer) {
            tw_cli_printf(cli, "%s", T(FX_T_N_KEEP_YOU));
        } else {
            tw_fox_cli_name(cli, look, ev->a, TW_FOX_SUBJECT, -1, who, sizeof who);
            tw_cli_printf(cli, T(FX_T_N_KEEP_OTHER), who);
        }
        break;
    case TW_FOX_EV_GIFT_PICK:
        tw_fox_cli_card(cli, ev->card, text, sizeof text);
        if (ev->a == look->viewer) {
            tw_cli_printf(cli, T(FX_T_N_GIFT_PICK_YOU), text);
        } else {
            tw_fox_cli_name(cli, look, ev->a, TW_FOX_SUBJECT, -1, who, sizeof who);
            if (ev->card == TW_FOX_NO_CARD)
                tw_cli_printf(cli, T(FX_T_N_GIFT_PICK_OTHER), who);
            else
                tw_cli_printf(cli, T(FX_T_N_GIFT_PICK_SEEN), who, text);
        }
        break;
    case TW_FOX_EV_TRICK_WON:
        tw_fox_cli_card(cli, ev->card, text, sizeof text);
        if (ev->a == look->viewer) {
            tw_cli_printf(cli, T(FX_T_N_WON_YOU), ev->b, text);
        } else {
            tw_fox_cli_name(cli, look, ev->a, TW_FOX_SUBJECT, -1, who, sizeof who);
            tw_cli_printf(cli, T(FX_T_N_WON_OTHER), who, ev->b, text);
        }
        break;
    case TW_FOX_EV_IGNORE:
        if (ev->b == 0) {
            if (ev->a == look->viewer) {
                tw_cli_printf(cli, "%s", T(FX_T_N_IGNORE_NONE_YOU));
            } else {
                tw_fox_cli_name(cli, look, ev->a, TW_FOX_SUBJECT, -1, who, sizeof who);
                tw_cli_printf(cli, T(FX_T_N_IGNORE_NONE_OTHER), who);
            }
            break;
        }
        ignored_cards(cli, n, ev->b, text, sizeof text);
        say_choice(cli, look, ev->a, FX_T_N_IGNORE_YOU, FX_T_N_IGNORE_OTHER, text);
        break;
    case TW_FOX_EV_DIRECTION:
        tw_fox_cli_name(cli, look, ev->b, TW_FOX_OBJECT, ev->a, whom, sizeof whom);
        say_choice(cli, look, ev->a, FX_T_N_DIRECTION_YOU, FX_T_N_DIRECTION_OTHER, whom);
        break;
    case TW_FOX_EV_TOKEN: {
        int from = TW_FOX_INDEX_SPACE(ev->a), to = TW_FOX_INDEX_SPACE(ev->b);
        if (n->reset) {
            n->reset = 0;
            tw_cli_printf(cli, "%s", T(FX_T_N_RESET));
        } else if (ev->c == 0) {
            tw_cli_printf(cli, T(FX_T_N_TOKEN_STAYS), to);
        } else {
            char steps[48];
            tw_fox_cli_spaces(cli, ev->c, steps, sizeof steps);
            tw_fox_cli_name(cli, look, to < from ? 0 : 1, TW_FOX_OBJECT, -1, whom, sizeof whom);
            tw_cli_printf(cli, T(FX_T_N_TOKEN), steps, whom, from, to);
        }
        break;
    }
    case TW_FOX_EV_OFF_PATH:
        n->reset = 1;
        tw_fox_cli_name(cli, look, ev->a, TW_FOX_OBJECT, -1, whom, sizeof whom);
        tw_cli_printf(cli, T(FX_T_N_OFF_PATH), whom);
        break;
    case TW_FOX_EV_FOREST:
        if (n->chooser >= 0) { /* the end-of-round choice: who chose which end */
            tw_fox_cli_name(cli, look, ev->a ? 1 : 0, TW_FOX_OBJECT, n->chooser, whom, sizeof whom);
            say_choice(cli, look, n->chooser, FX_T_N_FOREST_SIDE_YOU, FX_T_N_FOREST_SIDE_OTHER, whom);
            n->chooser = -1;
        }
        n->forest_left = ev->c;
        tw_cli_printf(cli, T(FX_T_N_FOREST), TW_FOX_INDEX_SPACE(ev->b), ev->c);
        break;
    case TW_FOX_EV_GEM_SLIDE:
        tw_cli_printf(cli, T(FX_T_N_SLIDE), TW_FOX_INDEX_SPACE(ev->a), TW_FOX_INDEX_SPACE(ev->b), ev->c);
        break;
    case TW_FOX_EV_GEM_COLLECT:
        n->gems = ev->b;
        tw_cli_printf(cli, T(FX_T_N_COLLECT), TW_FOX_INDEX_SPACE(ev->a), ev->b);
        break;
    case TW_FOX_EV_GEM_ADD: {
        n->gems++;
        size_t len = strlen(n->added);
        snprintf(n->added + len, sizeof n->added - len, "%s%d", len ? ", " : "", TW_FOX_INDEX_SPACE(ev->b));
        break;
    }
    case TW_FOX_EV_ROUND_END: {
        char gems[64], tokens[64];
        tw_cli_printf(cli, T(FX_T_N_ROUND_END), ev->a, tw_fox_cli_count(cli, n->gems, FX_T_GEMS_ONE, gems, sizeof gems),
                      tw_fox_cli_count(cli, n->forest_left, FX_T_TOKENS_ONE, tokens, sizeof tokens));
        break;
    }
    case TW_FOX_EV_GAME_END: narrate_game_end(cli, ev->a); break;
    default: break;
    }
}

/* Tells what one action did. */
void tw_fox_cli_narrate(tw_cli *cli, const tw_fox_look *look, const tw_fox_state *before,
                        const tw_fox_state *after, const tw_fox_events *events)
{
    (void)after;
    narration n;
    memset(&n, 0, sizeof n);
    n.trick[0] = before->trick_n > 0 ? before->trick[0] : TW_FOX_NO_CARD;
    n.trick[1] = before->trick_n > 1 ? before->trick[1] : TW_FOX_NO_CARD;
    n.decree = -1;
    n.gems = tw_fox_gems_on_board(before);
    n.forest_left = before->path.forest_left;
    n.chooser = before->phase == TW_FOX_PHASE_FOREST ? tw_fox_to_act(before) : -1;
    for (int i = 0; i < events->count; i++) {
        tw_fox_event ev = events->items[i];
        if (look->viewer >= 0)
            tw_fox_event_for_seat(&events->items[i], look->viewer, &ev);
        if (ev.type != TW_FOX_EV_GEM_ADD)
            flush_added(cli, &n);
        narrate_event(cli, look, before, &n, &ev);
    }
    flush_added(cli, &n);
}
