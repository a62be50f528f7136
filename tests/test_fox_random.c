/* Seeded random play of The Fox in the Forest Duet: after every action
 * the invariants hold (30 cards each in exactly one zone, gems on board +
 * collected = gems placed, ...), every listed action applies, sampled
 * unlisted actions are refused without change, card-move events rebuild
 * the zones, the record notation round-trips, and records replay. */
#include <string.h>

#include "test.h"
#include "test_fox_fixture.h"

#define GAMES 10000

/* Zone of every card according to the events seen so far. */
typedef struct {
    uint8_t zone[TW_FOX_CARDS];
} zone_map;

/* Applies the card moves of a batch of events; returns 0 when a move
 * starts from a zone the card is not in. */
static int follow_events(zone_map *z, const tw_fox_events *ev)
{
    for (int i = 0; i < ev->count; i++) {
        const tw_fox_event *e = &ev->items[i];
        if (e->type != TW_FOX_EV_MOVE)
            continue;
        if (e->card >= TW_FOX_CARDS || z->zone[e->card] != e->from)
            return 0;
        z->zone[e->card] = e->to;
    }
    return !ev->overflow;
}

/* Whether the event-built zones agree with the state. */
static int zones_match(const zone_map *z, const tw_fox_state *s)
{
    for (int c = 0; c < TW_FOX_CARDS; c++) {
        uint32_t bit = 1u << c;
        int zone = (s->hand[0] & bit)       ? TW_FOX_ZONE_HAND0
                   : (s->hand[1] & bit)     ? TW_FOX_ZONE_HAND1
                   : (s->deck & bit)        ? TW_FOX_ZONE_DECK
                   : (s->set_aside & bit)   ? TW_FOX_ZONE_ASIDE
                   : s->decree == c         ? TW_FOX_ZONE_DECREE
                                            : TW_FOX_ZONE_TRICK;
        if (z->zone[c] != zone)
            return 0;
    }
    return 1;
}

/* A cheap sensible policy so that games also reach later rounds and wins:
 * the winner's choices and the follower's card avoid running off the path
 * and prefer collecting; everything else is random. */
static tw_fox_action steer(const tw_fox_state *s, const tw_fox_action *list, int n, tw_rng *rng)
{
    int best = (int)tw_rng_below(rng, (uint32_t)n), best_score = -1000;
    if (s->phase != TW_FOX_PHASE_PLAY && s->phase != TW_FOX_PHASE_IGNORE && s->phase != TW_FOX_PHASE_DIRECTION)
        return list[best];
    if (s->phase == TW_FOX_PHASE_PLAY && s->trick_n == 0)
        return list[best];
    for (int i = 0; i < n; i++) {
        tw_fox_state t = *s;
        if (tw_fox_apply(&t, list[i], NULL) != TW_OK)
            continue;
        int score = (int)tw_rng_below(rng, 3);
        if (tw_fox_is_won(&t))
            score += 100;
        else if (tw_fox_is_over(&t))
            score -= 100;
        score += 10 * (t.path.gems_collected - s->path.gems_collected);
        score -= 8 * (s->path.forest_left - t.path.forest_left);
        if (score > best_score) {
            best_score = score;
            best = i;
        }
    }
    return list[best];
}

/* Tries a few random actions that are not in the legal list; each must be
 * refused and leave the state as it was. */
static int refuse_unlisted(const tw_fox_state *s, const tw_fox_action *list, int n, tw_rng *rng)
{
    for (int k = 0; k < 3; k++) {
        tw_fox_action a = TW_FOX_ACTION(tw_rng_below(rng, 10), tw_rng_below(rng, 34));
        int listed = 0;
        for (int i = 0; i < n; i++)
            listed |= list[i] == a;
        if (listed)
            continue;
        tw_fox_state t = *s;
        if (tw_fox_is_legal(&t, a) || tw_fox_apply(&t, a, NULL) == TW_OK || memcmp(&t, s, sizeof t) != 0)
            return 0;
    }
    return 1;
}

TEST(fox_random_games_keep_every_invariant)
{
    tw_rng rng;
    tw_rng_seed(&rng, 2024);
    long actions = 0, wins = 0, later_rounds = 0, forest_choices = 0;
    long ends[4] = {0, 0, 0, 0};
    static tw_fox_action played[2048];
    for (int g = 0; g < GAMES; g++) {
        int level = 1 + g % 3;
        tw_fox_config cfg = {level, (g / 3) & 1, (uint64_t)g * 7919u};
        tw_fox_state s;
        tw_fox_events ev;
        ev.count = ev.overflow = 0;
        REQUIRE(tw_fox_new(&s, fox_board(level), &cfg, &ev) == TW_OK);
        int check_events = g % 10 == 0, steered = g % 2 == 1;
        zone_map z;
        memset(z.zone, TW_FOX_ZONE_DECK, sizeof z.zone);
        if (check_events && !follow_events(&z, &ev)) {
            tw_test_fail(__FILE__, __LINE__, "game %d: setup events do not match", g);
            return;
        }
        int count = 0;
        while (!tw_fox_is_over(&s)) {
            const char *why = NULL;
            if (!tw_fox_check_invariants(&s, &why)) {
                tw_test_fail(__FILE__, __LINE__, "game %d action %d: %s", g, count, why);
                return;
            }
            tw_fox_action list[TW_FOX_MAX_ACTIONS];
            int n = tw_fox_legal_actions(&s, list);
            REQUIRE(n > 0 && n <= TW_FOX_MAX_ACTIONS);
            if (!refuse_unlisted(&s, list, n, &rng)) {
                tw_test_fail(__FILE__, __LINE__, "game %d action %d: an unlisted action was accepted", g, count);
                return;
            }
            if (g % 50 == 0) {
                /* Every listed action applies. */
                for (int i = 0; i < n; i++) {
                    tw_fox_state t = s;
                    REQUIRE(tw_fox_apply(&t, list[i], NULL) == TW_OK);
                    REQUIRE(tw_fox_check_invariants(&t, &why));
                }
            }
            tw_fox_action a = steered ? steer(&s, list, n, &rng) : list[tw_rng_below(&rng, (uint32_t)n)];
            char text[48];
            tw_fox_action back;
            tw_fox_action_format(&s, a, text, sizeof text);
            if (tw_fox_action_parse(&s, text, &back) != 0 || back != a) {
                tw_test_fail(__FILE__, __LINE__, "game %d: notation \"%s\" does not round-trip", g, text);
                return;
            }
            forest_choices += s.phase == TW_FOX_PHASE_FOREST;
            ev.count = ev.overflow = 0;
            REQUIRE(tw_fox_apply(&s, a, &ev) == TW_OK);
            if (check_events && (!follow_events(&z, &ev) || !zones_match(&z, &s))) {
                tw_test_fail(__FILE__, __LINE__, "game %d action %d: events do not rebuild the zones", g, count);
                return;
            }
            if (count < 2048)
                played[count] = a;
            count++;
            REQUIRE(count < 2048);
        }
        const char *why = NULL;
        if (!tw_fox_check_invariants(&s, &why)) {
            tw_test_fail(__FILE__, __LINE__, "game %d at the end: %s", g, why);
            return;
        }
        if (g % 100 == 0) {
            tw_fox_record rec;
            REQUIRE(tw_fox_record_init(&rec, fox_board(level), NULL, &cfg) == TW_OK);
            for (int i = 0; i < count; i++)
                REQUIRE(tw_fox_record_push(&rec, played[i]) == TW_OK);
            tw_fox_state replayed;
            CHECK_INT(tw_fox_record_replay(&rec, -1, &replayed, NULL), TW_OK);
            CHECK(memcmp(&replayed, &s, sizeof s) == 0);
            tw_fox_record_free(&rec);
        }
        actions += count;
        wins += tw_fox_is_won(&s);
        later_rounds += s.round > 1;
        ends[s.end]++;
    }
    printf("   fox random: %d games, %ld actions, %ld wins, %ld reached round 2+, %ld forest choices, "
           "lost off the path %ld, out of time %ld\n",
           GAMES, actions, wins, later_rounds, forest_choices, ends[TW_FOX_END_LOST_PATH], ends[TW_FOX_END_LOST_TIME]);
    CHECK(wins > 0);
    CHECK(later_rounds > 0);
    CHECK(forest_choices > 0);
    CHECK(ends[TW_FOX_END_LOST_TIME] > 0);
}
