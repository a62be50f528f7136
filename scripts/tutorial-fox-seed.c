/* Finds the seed of the Duet's tutorial (web/tutorial/fox.json): a level 1
 * deal, the partner played by the rule bot, where the person leads the
 * first trick and can win every trick of the lessons (so the partner only
 * ever follows, and the rule bot's follow is the same whatever its seed:
 * the server, the static site and the terminal seed their bots each their
 * own way), and where those tricks show, in a few tricks: the Foxes (an
 * odd card's ability: the decree swapped), a gem collected and the token
 * walking off the path (a forest token). Prints the person's actions of
 * the first candidate seeds.
 *
 *   make build/release/trickwood
 *   cc -O2 -Iinclude -Isrc -o /tmp/tutorial-fox-seed scripts/tutorial-fox-seed.c \
 *       build/release/libtrickwood.a -ljansson -lm -lpthread
 *   /tmp/tutorial-fox-seed 3000
 *
 * The test tutorial_fox_script (tests/test_tutorial.c) checks that the
 * seed kept in the script still shows each lesson. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/foxduet.h"
#include "trickwood/game.h"

#define MAX_TRICKS 6
#define MAX_PLAN 24

static const tw_game *fox;
static tw_game_action plan[MAX_PLAN];
static int plan_n;

/* What the lessons need, as bits. */
enum { GEM = 1, FOREST = 2, FOXES = 4, ALL = 7 };

/* Lets the rule bot play seat 1 while it is to act; 0 when its choice
 * depends on its seed or it wins a trick. */
static int partner_follows(tw_match *m)
{
    while (!tw_match_is_over(m) && fox->to_act(m) == 1) {
        tw_game_action a, b;
        if (tw_match_bot_action(m, "rule", 1, &a) != TW_OK || tw_match_bot_action(m, "rule", 99, &b) != TW_OK ||
            a != b)
            return 0;
        const tw_fox_state *s = fox->state(m);
        if (s->phase == TW_FOX_PHASE_PLAY && s->trick_n == 0)
            return 0; /* the partner leads: it won a trick */
        if (fox->apply(m, a, NULL) != TW_OK)
            return 0;
    }
    return 1;
}

/* Depth first over the person's actions: every finished trick won by
 * seat 0, the lessons gathered in seen. */
static int search(tw_match *m, int seen)
{
    const tw_fox_state *s = fox->state(m);
    if (s->tricks_done > 0 && s->last_winner != 0)
        return 0;
    if (seen == ALL && s->phase == TW_FOX_PHASE_PLAY && s->trick_n == 0)
        return 1;
    if (s->tricks_done >= MAX_TRICKS || plan_n >= MAX_PLAN || tw_match_is_over(m) || s->round != 1)
        return 0;
    tw_game_action legal[64];
    int n = fox->legal(m, legal);
    for (int i = 0; i < n; i++) {
        tw_match *next = fox->clone(m);
        if (!next)
            return 0;
        plan[plan_n++] = legal[i];
        int got = seen;
        if (fox->apply(next, legal[i], NULL) == TW_OK && partner_follows(next)) {
            const tw_fox_state *a = fox->state(next);
            if (a->path.gems_collected > s->path.gems_collected)
                got |= GEM;
            if (a->path.forest_left < s->path.forest_left)
                got |= FOREST;
            if (s->phase == TW_FOX_PHASE_FOX_EXCHANGE && TW_FOX_ACTION_KIND(legal[i]) == TW_FOX_ACT_EXCHANGE)
                got |= FOXES;
            if (search(next, got)) {
                fox->free(next);
                return 1;
            }
        }
        plan_n--;
        fox->free(next);
    }
    return 0;
}

int main(int argc, char **argv)
{
    long long last = argc > 1 ? atoll(argv[1]) : 3000;
    fox = tw_game_find("fox");
    int found = 0;
    for (long long seed = 1; seed <= last && found < 5; seed++) {
        json_t *options = json_pack("{s:i}", "level", 1);
        json_t *config = fox->new_config(options, (uint64_t)seed);
        tw_diag diag;
        tw_match *m = fox->start(config, (uint64_t)seed, &diag);
        json_decref(options);
        json_decref(config);
        if (!m)
            return 1;
        plan_n = 0;
        if (fox->to_act(m) == 0 && search(m, 0)) {
            printf("seed %lld:", seed);
            for (int i = 0; i < plan_n; i++) {
                char text[32];
                fox->format(m, plan[i], text, sizeof text);
                printf("%s %s", i ? "," : "", text);
            }
            printf("\n");
            found++;
        }
        fox->free(m);
    }
    return found ? 0 : 1;
}
