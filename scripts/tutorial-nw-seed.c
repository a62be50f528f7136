/* Finds the seed of For Northwood!'s tutorial (web/tutorial/northwood.json):
 * an introductory deal (bronze) whose first visit, to the fief of target 1,
 * shows each thing the tutorial teaches in order, and prints the scripted
 * actions of the first candidate seeds.
 *
 *   make build/release/trickwood
 *   cc -O2 -Iinclude -o /tmp/tutorial-nw-seed scripts/tutorial-nw-seed.c \
 *       build/release/libtrickwood.a -ljansson -lm
 *   /tmp/tutorial-nw-seed 20000
 *
 * What the first visit must show:
 *   dialogue 1: a statement off trump that the hand can follow both lower
 *     (no point: the expected answer) and higher (the wrong one, a point);
 *   dialogue 2: a statement off trump in a suit the hand lacks, with a
 *     trump in hand: the trump answer scores the visit's one point;
 *   dialogue 3: at least one trump left, so Jack of Flowers (the ally
 *     used) discards them and the hand shrinks;
 *   the rest: a way never to score again, so the visit ends on its target.
 * The second visit brings the ruler just won in as a substitute; its
 * ability (King of Claws: the highest cards go to the score pile) is used
 * before the first statement. The test tutorial_nw_script (tests/
 * test_tutorial.c) checks that the seed kept in the script still does so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/northwood.h"
#include "trickwood/nw_files.h"

#define MAX_PLAN 64

/* The plan found so far: actions in order. */
static tw_nw_action plan[MAX_PLAN];
static int plan_n;

static int suit_of(int card) { return card / 8; }
static int value_of(int card) { return card % 8 + 1; }

/* Whether answering card to the statement scores. */
static int scores(const tw_nw_state *s, int card)
{
    int st = s->statement, trump = tw_nw_trump(s);
    if (suit_of(card) == suit_of(st))
        return value_of(card) > value_of(st);
    return suit_of(card) == trump && suit_of(st) != trump;
}

/* Applies and remembers an action; 0 when refused. */
static int step(tw_nw_state *s, tw_nw_action a)
{
    if (plan_n >= MAX_PLAN || tw_nw_apply(s, a, NULL) != TW_OK)
        return 0;
    plan[plan_n++] = a;
    return 1;
}

/* Plays the rest of the visit without ever scoring: proceed, then the
 * lowest answer that does not score (depth first over the answers). */
static int never_score(tw_nw_state s, int fief)
{
    int mark = plan_n;
    if (s.visiting != fief)
        return s.fiefs[fief].status == TW_NW_FIEF_FRIENDLY;
    if (s.phase == TW_NW_PHASE_BEFORE_STATEMENT)
        return step(&s, TW_NW_ACTION(TW_NW_ACT_PROCEED, 0)) && never_score(s, fief) ? 1 : (plan_n = mark, 0);
    if (s.phase != TW_NW_PHASE_RESPONSE)
        return 0;
    tw_nw_action legal[64];
    int n = tw_nw_legal_actions(&s, legal);
    for (int i = 0; i < n; i++) {
        if (TW_NW_ACTION_KIND(legal[i]) != TW_NW_ACT_RESPOND || scores(&s, TW_NW_ACTION_ARG(legal[i])))
            continue;
        tw_nw_state next = s;
        if (step(&next, legal[i]) && never_score(next, fief))
            return 1;
        plan_n = mark;
    }
    return 0;
}

/* The hand's cards of a suit. */
static int hand_in_suit(const tw_nw_state *s, int suit)
{
    return __builtin_popcount(s->hand >> (suit * 8) & 0xFF);
}

/* Whether the seed's deal shows the first visit's lessons; leaves the
 * plan of both visits in plan[]. */
static int seed_fits(const tw_nw_catalog *catalog, uint64_t seed)
{
    tw_nw_config cfg = {.setup = TW_NW_SETUP_INTRO, .medal = TW_NW_MEDAL_BRONZE, .seed = seed};
    tw_nw_state s;
    plan_n = 0;
    if (tw_nw_new(&s, catalog, &cfg, NULL) != TW_OK)
        return 0;
    const int fief = 1;
    /* the ruler won is brought back as King of Claws */
    if (strcmp(catalog->entries[s.fiefs[fief].ruler.catalog_index].id, "king-of-claws") != 0)
        return 0;
    if (!step(&s, TW_NW_ACTION(TW_NW_ACT_VISIT, fief)) || !step(&s, TW_NW_ACTION(TW_NW_ACT_PROCEED, 0)))
        return 0;
    int trump = tw_nw_trump(&s), st = s.statement;
    /* dialogue 1: follow suit, lower and higher both possible */
    if (suit_of(st) == trump)
        return 0;
    int lower = -1, higher = 0;
    for (int c = suit_of(st) * 8; c < suit_of(st) * 8 + 8; c++)
        if (s.hand >> c & 1) {
            if (value_of(c) < value_of(st))
                lower = c; /* the highest lower card */
            else
                higher = 1;
        }
    if (lower < 0 || !higher || !step(&s, TW_NW_ACTION(TW_NW_ACT_RESPOND, lower)))
        return 0;
    /* dialogue 2: void in the suit, a trump scores */
    if (!step(&s, TW_NW_ACTION(TW_NW_ACT_PROCEED, 0)))
        return 0;
    st = s.statement;
    if (suit_of(st) == trump || hand_in_suit(&s, suit_of(st)) != 0 || hand_in_suit(&s, trump) < 2)
        return 0;
    int low_trump = -1;
    for (int c = trump * 8; c < trump * 8 + 8 && low_trump < 0; c++)
        if (s.hand >> c & 1)
            low_trump = c;
    if (!step(&s, TW_NW_ACTION(TW_NW_ACT_RESPOND, low_trump)) || tw_nw_score(&s) != 1)
        return 0;
    /* dialogue 3: Jack of Flowers (slot 1) discards the trumps left */
    if (!step(&s, TW_NW_ACTION(TW_NW_ACT_ACTIVATE, 1)) || hand_in_suit(&s, trump) != 0)
        return 0;
    if (!never_score(s, fief))
        return 0;
    return 1;
}

/* Prints the plan in the record notation. */
static void print_plan(void)
{
    for (int i = 0; i < plan_n; i++) {
        char text[32];
        tw_nw_action_format(plan[i], text, sizeof text);
        printf("%s%s", i ? ", " : "", text);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    long long last = argc > 1 ? atoll(argv[1]) : 10000;
    tw_nw_catalog catalog;
    tw_diag diag;
    if (tw_nw_catalog_load_default(&catalog, &diag) != TW_OK) {
        fprintf(stderr, "tutorial-nw-seed: %s\n", diag.message);
        return 1;
    }
    int found = 0;
    for (long long seed = 1; seed <= last && found < 10; seed++)
        if (seed_fits(&catalog, (uint64_t)seed)) {
            printf("seed %lld (%d actions): ", seed, plan_n);
            print_plan();
            found++;
        }
    return found ? 0 : 1;
}
