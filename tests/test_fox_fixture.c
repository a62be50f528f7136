/* Fox in the Forest Duet test fixtures (see test_fox_fixture.h). */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "test_fox_fixture.h"

int fox_card(const char *code)
{
    int c = tw_fox_card_parse(code);
    if (c < 0) {
        tw_test_fail(__FILE__, __LINE__, "fixture: '%s' is not a card", code);
        return 0;
    }
    return c;
}

uint32_t fox_cards(const char *list)
{
    uint32_t set = 0;
    if (!list)
        return 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        set |= 1u << fox_card(tok);
    return set;
}

const tw_fox_board *fox_board(int level)
{
    static tw_fox_board boards[TW_FOX_LEVELS];
    static int loaded[TW_FOX_LEVELS];
    if (level < 1 || level > TW_FOX_LEVELS)
        level = 1;
    if (!loaded[level - 1]) {
        tw_diag d;
        if (tw_fox_board_load_level(&boards[level - 1], level, &d) != TW_OK) {
            char msg[700];
            tw_diag_format(&d, msg, sizeof msg);
            tw_test_fail(__FILE__, __LINE__, "fixture: %s", msg);
        }
        loaded[level - 1] = 1;
    }
    return &boards[level - 1];
}

int fox_build(tw_fox_state *s, const fox_setup *f)
{
    int level = f->level ? f->level : 1;
    tw_fox_config cfg = {level, f->dealer, 1};
    if (tw_fox_new(s, fox_board(level), &cfg, NULL) != TW_OK) {
        tw_test_fail(__FILE__, __LINE__, "fixture: cannot start a game");
        return 0;
    }
    s->round = (uint8_t)(f->round ? f->round : 1);
    s->dealer = (uint8_t)f->dealer;
    s->leader = (uint8_t)f->leader;
    s->hand[0] = fox_cards(f->hands[0]);
    s->hand[1] = fox_cards(f->hands[1]);
    s->decree = (uint8_t)fox_card(f->decree);
    s->trick_n = 0;
    s->trick[0] = s->trick[1] = TW_FOX_NO_CARD;
    if (f->trick) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", f->trick);
        for (char *tok = strtok(buf, " "); tok && s->trick_n < 2; tok = strtok(NULL, " "))
            s->trick[s->trick_n++] = (uint8_t)fox_card(tok);
    }
    uint32_t used = s->hand[0] | s->hand[1] | (1u << s->decree);
    for (int i = 0; i < s->trick_n; i++)
        used |= 1u << s->trick[i];
    int leader_cards = tw_popcount32(s->hand[s->leader]) + (s->trick_n >= 1);
    s->tricks_done = (uint8_t)(TW_FOX_HAND_SIZE - leader_cards);
    if (f->deck) {
        s->deck = fox_cards(f->deck);
    } else {
        s->deck = 0;
        for (int c = 0; c < TW_FOX_CARDS && tw_popcount32(s->deck) < TW_FOX_DECK_SIZE; c++)
            if (!(used & (1u << c)))
                s->deck |= 1u << c;
    }
    s->set_aside = TW_FOX_ALL_CARDS & ~(used | s->deck);
    s->known[0] = s->known[1] = 0;
    s->void_suits[0] = s->void_suits[1] = 0;
    s->phase = TW_FOX_PHASE_PLAY;
    const char *why = NULL;
    if (!tw_fox_check_invariants(s, &why)) {
        tw_test_fail(__FILE__, __LINE__, "fixture: inconsistent setup: %s", why);
        return 0;
    }
    return 1;
}

void fox_set_gems(tw_fox_state *s, const char *counts)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", counts);
    int i = 0;
    for (char *tok = strtok(buf, " "); tok && i < TW_FOX_SPACES; tok = strtok(NULL, " "))
        s->path.gems[i++] = (uint8_t)atoi(tok);
    if (i != TW_FOX_SPACES)
        tw_test_fail(__FILE__, __LINE__, "fixture: 11 gem counts expected in \"%s\"", counts);
    s->path.gems_placed = (uint8_t)(tw_fox_gems_on_board(s) + s->path.gems_collected);
}

void fox_set_forest(tw_fox_state *s, int covered_left, int covered_right, int forest_left)
{
    s->path.covered[0] = (uint8_t)covered_left;
    s->path.covered[1] = (uint8_t)covered_right;
    s->path.forest_left = (uint8_t)forest_left;
    s->path.forest_start = (uint8_t)(forest_left + covered_left + covered_right);
}

int fox_do(tw_fox_state *s, const char *action, tw_fox_events *events)
{
    tw_fox_action a;
    if (tw_fox_action_parse(s, action, &a) != 0) {
        tw_test_fail(__FILE__, __LINE__, "fixture: '%s' is not an action", action);
        return -1;
    }
    if (events)
        events->count = events->overflow = 0;
    return tw_fox_apply(s, a, events);
}

int fox_sound(const tw_fox_state *s)
{
    const char *why = NULL;
    if (!tw_fox_check_invariants(s, &why)) {
        tw_test_fail(__FILE__, __LINE__, "invariant broken: %s", why);
        return 0;
    }
    return 1;
}

int fox_count_events(const tw_fox_events *events, int type)
{
    int n = 0;
    for (int i = 0; i < events->count; i++)
        if (events->items[i].type == type)
            n++;
    return n;
}

const tw_fox_event *fox_find_event(const tw_fox_events *events, int type)
{
    for (int i = 0; i < events->count; i++)
        if (events->items[i].type == type)
            return &events->items[i];
    return NULL;
}

int fox_is_listed(const tw_fox_state *s, const char *action)
{
    tw_fox_action a, list[TW_FOX_MAX_ACTIONS];
    if (tw_fox_action_parse(s, action, &a) != 0)
        return 0;
    int n = tw_fox_legal_actions(s, list);
    for (int i = 0; i < n; i++)
        if (list[i] == a)
            return 1;
    return 0;
}
