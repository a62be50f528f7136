/* For Northwood! random play: thousands of seeded games (full deals from
 * all 24 characters, intro games, all three medals, "finish" offered in a
 * part of them) with checks after every action: the engine's invariants,
 * an independent count of the 32 cards, the score, every listed action
 * legal and applying on a copy, an action of every unlisted kind refused
 * without any change, the view's legal actions, the scoring rule against
 * the events, "finish" ending a visit as tw_nw_visit_decided predicted,
 * and determinism of whole games. The run must activate every crown
 * ability at least once. */
#include <stdlib.h>
#include <string.h>

#include "nw_fixture.h"
#include "test.h"

/* Games: one in INTRO_EVERY is an intro game, the others full deals
 * (10,000 of 12,500; under AddressSanitizer 480 of 600, to keep the
 * suite quick there). */
#if TW_TEST_ASAN
#define GAMES 600
#else
#define GAMES 12500
#endif
#define INTRO_EVERY 5
#define FINISH_EVERY 250    /* one game in this many offers "finish" (config offer_finish): its proof is a search */
#define LAST_KIND 15        /* action kinds tried: 0..15 (14 is "finish"; 0 and 15 are no kind) */
#define FULL_SWEEP_EVERY 200/* games whose states try every kind x arg 0..40 */
#define REPLAY_EVERY 50     /* games replayed to check determinism */
#define CHILD_CHECK_EVERY 4  /* games whose every child state is checked */
#define MAX_GAME_ACTIONS 1500

/* What the run saw, to make sure the games cover the rules. */
typedef struct {
    long actions;
    long kinds[LAST_KIND + 1];
    long crown_uses[TW_NW_MAX_CATALOG]; /* activations by catalog index */
    long finish_offered;                /* states that listed "finish" */
    long finished_hit, finished_miss;   /* "finish" applied, by predicted outcome */
    long unlisted;
    long friendly_visits;
    long lost_visits;
    long stopped;
    long full_games;
    long wins;
    long scored;
} coverage;

/* Fails with the game, step and a message; returns 0. */
static int bad(int game, int step, const char *what, const tw_nw_state *s)
{
    tw_test_fail(__FILE__, __LINE__, "game %d step %d: %s (phase %d, legal: %s)", game, step, what, s->phase,
                 fx_legal(s));
    return 0;
}

/* Independent check that each of the 32 cards is in exactly one zone:
 * walks hand, deck, discard and score, refusing any card seen twice. */
static int cards_accounted(const tw_nw_state *s)
{
    if (s->deck_n > TW_NW_CARDS || s->discard_n > TW_NW_CARDS || s->score_n > TW_NW_CARDS)
        return 0;
    uint32_t seen = s->hand;
    int total = tw_popcount32(s->hand);
    const uint8_t *piles[3] = {s->deck, s->discard, s->score};
    const int sizes[3] = {s->deck_n, s->discard_n, s->score_n};
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < sizes[p]; i++) {
            int c = piles[p][i];
            if (c >= TW_NW_CARDS || (seen & (1u << c)))
                return 0;
            seen |= 1u << c;
            total++;
        }
    return total == TW_NW_CARDS && seen == 0xFFFFFFFFu;
}

/* Whether a friendly present ruler and a free slot exist. */
static int can_substitute(const tw_nw_state *s)
{
    int ruler = 0, slot = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        ruler |= s->fiefs[f].status == TW_NW_FIEF_FRIENDLY && s->fiefs[f].ruler_present && s->fiefs[f].sub_slot < 0;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        slot |= s->slots[i].sub_fief < 0;
    return ruler && slot;
}

/* The goal, counted here apart from the engine: out of reach from what
 * the player sees (the medal's stars, an outer fief lost under the expert
 * rule, fewer than three fiefs left for the hidden stars). */
static int goal_out_of_reach_ref(const tw_nw_state *s)
{
    static const int stars[TW_NW_FIEFS] = {4, 3, 2, 1, 1, 2, 3, 4};
    static const int need[4] = {0, 16, 18, 20};
    int lost = 0, lost_stars = 0, outer_lost = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        if (s->fiefs[f].status != TW_NW_FIEF_LOST)
            continue;
        lost++;
        lost_stars += stars[f];
        outer_lost |= f <= 1 || f >= 6;
    }
    if (s->expert && outer_lost)
        return 1;
    if (s->variant == TW_NW_VARIANT_HIDDEN_STARS)
        return lost > TW_NW_FIEFS - 3;
    return 20 - lost_stars < need[s->medal & 3];
}

/* Whether an ended game met its goal, counted here apart from the engine. */
static int goal_met_ref(const tw_nw_state *s)
{
    static const int stars[TW_NW_FIEFS] = {4, 3, 2, 1, 1, 2, 3, 4};
    static const int need[4] = {0, 16, 18, 20};
    int won = 0, outer = 0, found = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        if (s->fiefs[f].status != TW_NW_FIEF_FRIENDLY)
            continue;
        won += stars[f];
        outer += f <= 1 || f >= 6;
        found += (s->star_fiefs >> f) & 1;
    }
    if (s->expert && outer != 4)
        return 0;
    return s->variant == TW_NW_VARIANT_HIDDEN_STARS ? found == 3 : won >= need[s->medal & 3];
}

/* Checks the phase against the design's rules. */
static int phase_sound(const tw_nw_state *s, const char **why)
{
    int ready = 0, visited = 0;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        ready |= !s->slots[i].exhausted;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        visited += s->fiefs[f].status != TW_NW_FIEF_NEUTRAL;
    *why = NULL;
    switch (s->phase) {
    case TW_NW_PHASE_CHOOSE_FIEF:
        if (tw_nw_hand_count(s) != 8 || s->deck_n != 24 || visited == 8)
            *why = "between visits: hand 8, deck 24, a fief left";
        break;
    case TW_NW_PHASE_SUBSTITUTES:
        if (!can_substitute(s))
            *why = "substitutes phase with nothing to substitute";
        break;
    case TW_NW_PHASE_BEFORE_STATEMENT:
        if (!ready || !s->hand || !s->deck_n)
            *why = "before_statement without a ready ally, a hand or a deck";
        break;
    case TW_NW_PHASE_RESPONSE:
        if (tw_nw_statement(s) == TW_NW_NO_CARD || !s->hand)
            *why = "response without a statement or a hand";
        break;
    case TW_NW_PHASE_ABILITY:
        if (!s->run.active || s->run.choice == TW_NW_CHOICE_NONE)
            *why = "ability phase without a choice";
        else if (s->run.choice != TW_NW_CHOICE_SUIT && s->run.choice != TW_NW_CHOICE_CONTINUE &&
                 tw_popcount32(s->run.pending) + s->run.may_pass < 2)
            *why = "a choice with fewer than two options was not made automatically";
        else if (s->run.choice == TW_NW_CHOICE_CONTINUE && !s->run.may_pass)
            *why = "a continue choice that cannot be declined";
        break;
    case TW_NW_PHASE_GAME_OVER:
        if (visited != 8 && !s->stopped)
            *why = "game over before all visits without a stop";
        break;
    default:
        *why = "unknown phase";
    }
    if (!*why && s->phase != TW_NW_PHASE_GAME_OVER) {
        int stop = tw_nw_is_legal(s, TW_NW_ACTION(TW_NW_ACT_STOP, 0));
        int out = goal_out_of_reach_ref(s) && s->phase != TW_NW_PHASE_ABILITY;
        if (stop != out)
            *why = "stop offered when it should not be, or missing";
    }
    return *why == NULL;
}

/* Checks the events of one action against the rules: a response scores
 * exactly when it should, a visit ends friendly exactly on its target. */
static int events_sound(const tw_nw_state *before, tw_nw_action action, const tw_nw_events *ev, coverage *cov,
                        const char **why)
{
    *why = NULL;
    int visiting = before->visiting; /* follows the moves of the visit */
    if (ev->overflow) {
        *why = "event buffer overflow";
        return 0;
    }
    for (int i = 0; i < ev->count; i++) {
        const tw_nw_event *e = &ev->items[i];
        if (e->type == TW_NW_EV_RESPONSE) {
            int st = tw_nw_statement(before), trump = tw_nw_trump(before), r = e->card;
            int should = (TW_NW_SUIT(r) == TW_NW_SUIT(st) && TW_NW_VALUE(r) > TW_NW_VALUE(st)) ||
                         (TW_NW_SUIT(st) != trump && TW_NW_SUIT(r) == trump);
            if (r != TW_NW_ACTION_ARG(action) || e->a != should) {
                *why = "response scored against the rules";
                return 0;
            }
            cov->scored += should;
        }
        if (e->type == TW_NW_EV_VISIT_MOVE) {
            if (e->a != visiting) {
                *why = "a visit moved from a fief that was not visited";
                return 0;
            }
            visiting = e->b;
        }
        if (e->type == TW_NW_EV_VISIT_END) {
            /* a finished visit ends on its decided outcome (checked by
             * the caller), any other one on its score */
            int finished = TW_NW_ACTION_KIND(action) == TW_NW_ACT_FINISH;
            if (e->a != visiting || (!finished && e->b != (e->c == e->a))) {
                *why = "visit end disagrees with its score";
                return 0;
            }
            if (e->b)
                cov->friendly_visits++;
            else
                cov->lost_visits++;
        }
    }
    return 1;
}

/* Tries an action that is not listed: it must be refused and change
 * nothing. */
static int refused_cleanly(const tw_nw_state *s, tw_nw_action action)
{
    tw_nw_state copy;
    memcpy(&copy, s, sizeof copy);
    if (tw_nw_is_legal(s, action))
        return 0;
    if (tw_nw_apply(&copy, action, NULL) == TW_OK)
        return 0;
    return memcmp(&copy, s, sizeof copy) == 0;
}

/* Whether action is in the list. */
static int listed(const tw_nw_action *acts, int n, tw_nw_action action)
{
    for (int i = 0; i < n; i++)
        if (acts[i] == action)
            return 1;
    return 0;
}

/* Runs all per-state checks; returns 0 after reporting a failure. */
static int check_state(const tw_nw_state *s, int game, int step, int sweep, tw_rng *pick, coverage *cov)
{
    const char *why = NULL;
    if (!tw_nw_check_invariants(s, &why))
        return bad(game, step, why, s);
    if (!cards_accounted(s))
        return bad(game, step, "the 32 cards are not each in exactly one zone", s);
    if (tw_nw_score(s) != s->score_n)
        return bad(game, step, "score differs from the score pile size", s);
    if (!phase_sound(s, &why))
        return bad(game, step, why, s);
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    if (n < 0 || n > TW_NW_MAX_ACTIONS)
        return bad(game, step, "legal action count out of range", s);
    if ((n == 0) != (s->phase == TW_NW_PHASE_GAME_OVER))
        return bad(game, step, "no legal action outside the game's end", s);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (acts[i] == acts[j])
                return bad(game, step, "an action is listed twice", s);
    if (tw_nw_is_over(s) && tw_nw_is_won(s) != goal_met_ref(s))
        return bad(game, step, "the game's result disagrees with its goal", s);
    /* The view lists the same actions, and hides the stars until the end. */
    tw_nw_view view;
    tw_nw_view_of(s, &view);
    if (view.visible.star_fiefs != (tw_nw_is_over(s) ? s->star_fiefs : 0))
        return bad(game, step, "the view shows the hidden stars before the end (or not at the end)", s);
    tw_nw_action vacts[TW_NW_MAX_ACTIONS];
    int vn = tw_nw_view_legal_actions(&view, vacts);
    if (vn != n || memcmp(vacts, acts, (size_t)n * sizeof acts[0]) != 0)
        return bad(game, step, "the view's legal actions differ", s);
    /* Every listed action applies on a copy and keeps the state sound. */
    for (int i = 0; i < n; i++) {
        tw_nw_state copy;
        memcpy(&copy, s, sizeof copy);
        if (!tw_nw_is_legal(s, acts[i]))
            return bad(game, step, "a listed action is not legal by tw_nw_is_legal", s);
        tw_nw_events ev;
        ev.count = 0;
        ev.overflow = 0;
        if (tw_nw_apply(&copy, acts[i], &ev) != TW_OK)
            return bad(game, step, "a listed action was refused", s);
        /* The chosen child is checked as the next state anyway; the others
         * are checked in one game of CHILD_CHECK_EVERY (time under ASan). */
        if (game % CHILD_CHECK_EVERY == 0 && !tw_nw_check_invariants(&copy, &why))
            return bad(game, step, why, s);
        if (!events_sound(s, acts[i], &ev, cov, &why))
            return bad(game, step, why, s);
    }
    /* Unlisted actions are refused and change nothing. */
    if (sweep) {
        for (int kind = 0; kind <= LAST_KIND; kind++)
            for (int arg = 0; arg <= 40; arg++) {
                tw_nw_action a = TW_NW_ACTION(kind, arg);
                if (listed(acts, n, a))
                    continue;
                cov->unlisted++;
                if (!refused_cleanly(s, a))
                    return bad(game, step, "an unlisted action was accepted or changed the state", s);
            }
        for (int kind = 0; kind <= LAST_KIND; kind++) {
            cov->unlisted++;
            if (!refused_cleanly(s, TW_NW_ACTION(kind, 255)))
                return bad(game, step, "an unlisted action (arg 255) was accepted", s);
        }
    } else {
        /* one action of every kind (a random argument) and one random
         * 16-bit action: never legal; every eighth state also checks that
         * applying it is refused and changes nothing (time under ASan) */
        for (int kind = 0; kind <= LAST_KIND + 1; kind++) {
            tw_nw_action a = kind <= LAST_KIND ? TW_NW_ACTION(kind, tw_rng_below(pick, 48))
                                               : (tw_nw_action)tw_rng_below(pick, 1u << 16);
            if (listed(acts, n, a))
                continue;
            cov->unlisted++;
            if (step % 8 == 0 ? !refused_cleanly(s, a) : tw_nw_is_legal(s, a))
                return bad(game, step, "an unlisted action was accepted or changed the state", s);
        }
    }
    return 1;
}

/* Picks an action; "stop" only now and then so that most games go on,
 * and "finish", when offered, one time in three. */
static tw_nw_action choose(const tw_nw_state *s, tw_rng *pick, coverage *cov)
{
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    if (listed(acts, n, TW_NW_ACTION(TW_NW_ACT_FINISH, 0))) {
        if (cov)
            cov->finish_offered++;
        if (tw_rng_below(pick, 3) == 0)
            return TW_NW_ACTION(TW_NW_ACT_FINISH, 0);
        n--; /* "finish" is listed last: otherwise play on */
    }
    tw_nw_action a = acts[tw_rng_below(pick, (uint32_t)n)];
    if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP && n > 1 && tw_rng_below(pick, 64) != 0)
        a = acts[tw_rng_below(pick, (uint32_t)(n - 1))];
    return a;
}

/* Plays one game from a configuration; records the actions when asked. */
static int play(int game, const tw_nw_config *cfg, uint64_t pick_seed, int check, tw_nw_action *record,
                int *count, tw_nw_state *final, coverage *cov)
{
    tw_nw_state s;
    if (tw_nw_new(&s, fx_catalog(), cfg, NULL) != TW_OK) {
        tw_test_fail(__FILE__, __LINE__, "game %d: tw_nw_new failed", game);
        return 0;
    }
    tw_rng pick, probe; /* choices; samples of unlisted actions */
    tw_rng_seed(&pick, pick_seed);
    tw_rng_seed(&probe, pick_seed ^ 0x9E3779B97F4A7C15ull);
    int step = 0;
    while (!tw_nw_is_over(&s)) {
        if (step >= MAX_GAME_ACTIONS) {
            tw_test_fail(__FILE__, __LINE__, "game %d does not end", game);
            return 0;
        }
        if (check && !check_state(&s, game, step, game % FULL_SWEEP_EVERY == 0, &probe, cov))
            return 0;
        tw_nw_action a = choose(&s, &pick, cov);
        if (record)
            record[step] = a;
        if (cov) {
            cov->actions++;
            cov->kinds[TW_NW_ACTION_KIND(a) & LAST_KIND]++;
            if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_ACTIVATE) {
                int index = tw_nw_slot_character(&s, TW_NW_ACTION_ARG(a))->catalog_index;
                if (index < fx_catalog()->count && fx_catalog()->entries[index].crown)
                    cov->crown_uses[index]++;
            }
        }
        int fief = s.visiting, predicted = -1;
        if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_FINISH && !tw_nw_visit_decided(&s, &predicted)) {
            tw_test_fail(__FILE__, __LINE__, "game %d step %d: finish offered on a visit that is not decided", game,
                         step);
            return 0;
        }
        if (tw_nw_apply(&s, a, NULL) != TW_OK) {
            tw_test_fail(__FILE__, __LINE__, "game %d step %d: chosen action refused", game, step);
            return 0;
        }
        if (predicted >= 0) {
            /* the visit ended at once, friendly exactly when it was sure
             * to hit */
            int want = predicted ? TW_NW_FIEF_FRIENDLY : TW_NW_FIEF_LOST;
            if (s.visiting == fief || s.fiefs[fief].status != want) {
                tw_test_fail(__FILE__, __LINE__, "game %d step %d: finish did not end the visit as predicted (%d)",
                             game, step, predicted);
                return 0;
            }
            if (cov) {
                cov->finished_hit += predicted;
                cov->finished_miss += !predicted;
            }
        }
        step++;
    }
    if (check && !check_state(&s, game, step, 1, &probe, cov))
        return 0;
    if (cov) {
        cov->stopped += s.stopped;
        cov->full_games += !s.stopped;
        cov->wins += tw_nw_is_won(&s);
    }
    if (count)
        *count = step;
    if (final)
        memcpy(final, &s, sizeof s);
    return 1;
}

/* Replays recorded actions from the same configuration. */
static int replay(const tw_nw_config *cfg, const tw_nw_action *record, int count, tw_nw_state *out)
{
    if (tw_nw_new(out, fx_catalog(), cfg, NULL) != TW_OK)
        return 0;
    for (int i = 0; i < count; i++)
        if (tw_nw_apply(out, record[i], NULL) != TW_OK)
            return 0;
    return 1;
}

TEST(nw_random_play_invariants)
{
    /* the full deal deals from all 24 characters, 12 of them crown ones */
    const tw_nw_catalog *catalog = fx_catalog();
    int crown = 0;
    for (int i = 0; i < catalog->count; i++)
        crown += catalog->entries[i].crown;
    REQUIRE(catalog->count == 24 && crown == 12);
    coverage cov;
    memset(&cov, 0, sizeof cov);
    static tw_nw_action record[MAX_GAME_ACTIONS];
    for (int g = 0; g < GAMES; g++) {
        tw_nw_config cfg;
        cfg.setup = g % INTRO_EVERY ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO;
        cfg.medal = (tw_nw_medal)(TW_NW_MEDAL_BRONZE + (g / 2) % 3);
        cfg.seed = tw_mix64((uint64_t)g + 1000);
        cfg.offer_finish = g % FINISH_EVERY == 1;
        cfg.variant = TW_NW_VARIANT_MEDALS; /* the variants have their own run below */
        cfg.expert = 0;
        uint64_t pick_seed = tw_mix64((uint64_t)g * 7 + 3);
        tw_nw_state final;
        int count = 0;
        if (!play(g, &cfg, pick_seed, 1, record, &count, &final, &cov))
            return;
        if (g % REPLAY_EVERY == 0) {
            /* Same seed and choices: the same game, byte for byte. */
            tw_nw_state again;
            int count2 = 0;
            static tw_nw_action record2[MAX_GAME_ACTIONS];
            REQUIRE(play(g, &cfg, pick_seed, 0, record2, &count2, &again, NULL));
            CHECK_INT(count2, count);
            CHECK(memcmp(record, record2, (size_t)count * sizeof record[0]) == 0);
            CHECK(memcmp(&final, &again, sizeof final) == 0);
            tw_nw_state replayed;
            REQUIRE(replay(&cfg, record, count, &replayed));
            CHECK(memcmp(&final, &replayed, sizeof final) == 0);
            /* A different seed gives a different game. */
            tw_nw_config other = cfg;
            other.seed ^= 1;
            tw_nw_state fresh, fresh_other;
            REQUIRE(tw_nw_new(&fresh, fx_catalog(), &cfg, NULL) == TW_OK);
            REQUIRE(tw_nw_new(&fresh_other, fx_catalog(), &other, NULL) == TW_OK);
            CHECK(memcmp(fresh.deck, fresh_other.deck, sizeof fresh.deck) != 0);
        }
    }
    printf("   nw random: %d games (%d full deals), %ld actions, %ld unlisted tried; over all tried actions: visit "
           "ends %ld friendly / %ld lost, %ld scoring responses; %ld stopped, %ld wins; substitutions %ld, "
           "abilities %ld, picks %ld, suits named %ld, fiefs picked %ld, allies readied %ld, continue %ld, pass %ld; "
           "finish offered %ld times, applied %ld (sure hit) + %ld (sure miss)\n",
           GAMES, GAMES - (GAMES + INTRO_EVERY - 1) / INTRO_EVERY, cov.actions, cov.unlisted, cov.friendly_visits,
           cov.lost_visits, cov.scored, cov.stopped, cov.wins, cov.kinds[TW_NW_ACT_SUBSTITUTE],
           cov.kinds[TW_NW_ACT_ACTIVATE], cov.kinds[TW_NW_ACT_PICK_CARD], cov.kinds[TW_NW_ACT_NAME_SUIT],
           cov.kinds[TW_NW_ACT_PICK_FIEF], cov.kinds[TW_NW_ACT_PICK_SLOT], cov.kinds[TW_NW_ACT_CONTINUE],
           cov.kinds[TW_NW_ACT_PASS], cov.finish_offered, cov.finished_hit, cov.finished_miss);
    /* The games reached every kind of decision. */
    for (int kind = TW_NW_ACT_VISIT; kind <= TW_NW_ACT_FINISH; kind++)
        if (!cov.kinds[kind])
            tw_test_fail(__FILE__, __LINE__, "no action of kind %d was played", kind);
    /* Every crown ability was used. */
    printf("   crown abilities activated:");
    for (int i = 0; i < catalog->count; i++) {
        if (!catalog->entries[i].crown)
            continue;
        printf(" %s %ld", catalog->entries[i].id, cov.crown_uses[i]);
        if (cov.crown_uses[i] <= 0)
            tw_test_fail(__FILE__, __LINE__, "the crown ability of %s was never activated", catalog->entries[i].id);
    }
    printf("\n");
    CHECK(cov.finished_hit + cov.finished_miss > 0);
    CHECK(cov.friendly_visits > 0);
    CHECK(cov.stopped > 0 && cov.full_games > 0);
}

/* Games of the variants: even games use hidden stars, odd ones the medals
 * under the expert rule, and one hidden-stars game in two the expert rule
 * as well (10,000 of each variant; 800 games under AddressSanitizer). Each
 * state gets the checks above (the view hides the stars, "stop" follows
 * the goal, the result is the goal's); each game's end turns the stars
 * over in its events. */
#if TW_TEST_ASAN
#define VARIANT_GAMES 800
#else
#define VARIANT_GAMES 20000
#endif

TEST(nw_random_play_variants)
{
    long hidden = 0, expert = 0, wins = 0, stopped = 0, star_events = 0;
    static coverage cov; /* what the checks count; this run reads none of it */
    for (int g = 0; g < VARIANT_GAMES; g++) {
        tw_nw_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.setup = g % INTRO_EVERY == 1 ? TW_NW_SETUP_INTRO : TW_NW_SETUP_FULL;
        cfg.medal = (tw_nw_medal)(TW_NW_MEDAL_BRONZE + (g / 2) % 3);
        cfg.seed = tw_mix64((uint64_t)g + 77000);
        cfg.variant = g % 2 ? TW_NW_VARIANT_MEDALS : TW_NW_VARIANT_HIDDEN_STARS;
        cfg.expert = g % 2 || g % 4 == 0;
        hidden += cfg.variant == TW_NW_VARIANT_HIDDEN_STARS;
        expert += cfg.expert;
        tw_nw_state s;
        REQUIRE(tw_nw_new(&s, fx_catalog(), &cfg, NULL) == TW_OK);
        if (cfg.variant == TW_NW_VARIANT_HIDDEN_STARS && (tw_popcount32(s.star_fiefs) != 3 ||
                                                          s.star_fiefs != tw_nw_deal_star_fiefs(cfg.seed))) {
            tw_test_fail(__FILE__, __LINE__, "game %d: the hidden stars are not three fiefs dealt by the seed", g);
            return;
        }
        tw_rng pick, probe;
        tw_rng_seed(&pick, tw_mix64((uint64_t)g * 5 + 1));
        tw_rng_seed(&probe, (uint64_t)g);
        for (int step = 0; !tw_nw_is_over(&s); step++) {
            if (step >= MAX_GAME_ACTIONS || !check_state(&s, g, step, 0, &probe, &cov)) {
                if (step >= MAX_GAME_ACTIONS)
                    tw_test_fail(__FILE__, __LINE__, "game %d does not end", g);
                return;
            }
            tw_nw_events ev;
            ev.count = ev.overflow = 0;
            REQUIRE(tw_nw_apply(&s, choose(&s, &pick, NULL), &ev) == TW_OK);
            for (int i = 0; i < ev.count; i++) {
                const tw_nw_event *e = &ev.items[i];
                if (e->type != TW_NW_EV_STARS)
                    continue;
                star_events++;
                int friendly = 0;
                for (int f = 0; f < TW_NW_FIEFS; f++)
                    friendly += (e->a >> f & 1) && s.fiefs[f].status == TW_NW_FIEF_FRIENDLY;
                if (!tw_nw_is_over(&s) || e->a != s.star_fiefs || e->b != friendly) {
                    tw_test_fail(__FILE__, __LINE__, "game %d: the stars were turned over wrongly", g);
                    return;
                }
            }
        }
        if (!check_state(&s, g, -1, 0, &probe, &cov))
            return;
        wins += tw_nw_is_won(&s);
        stopped += s.stopped;
    }
    printf("   nw variants: %d games, %ld hidden stars, %ld expert; %ld stopped, %ld wins; stars turned over %ld "
           "times\n", VARIANT_GAMES, hidden, expert, stopped, wins, star_events);
    CHECK_INT(star_events, hidden); /* every hidden-stars game ends by turning them over */
    CHECK(stopped > 0);
}
