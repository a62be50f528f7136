/* The crown characters of For Northwood! in the terminal, driven through
 * tw_cli_main(): whole full-deal games with crown allies in English and
 * French, each question the crown abilities ask, the delayed Baron of Eyes,
 * and "finish" for a decided visit.
 *
 * The answers are worked out beforehand with the engine itself: a policy
 * picks legal actions, and the terminal is then fed their record notation
 * ("activate 2", "continue", "ally 1", "finish"...). The game being
 * deterministic, the terminal reaches the very same states. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/northwood/nw_cli.h"
#include "cli_harness.h"
#include "test.h"
#include "trickwood/nw_files.h"

#define MAX_PLAN 2000

/* Actions worked out for one game, from its seed. */
typedef struct {
    uint64_t seed;
    int count;
    tw_nw_action actions[MAX_PLAN];
} plan;

/* The default characters (all 24), loaded once. */
static const tw_nw_catalog *catalog(void)
{
    static tw_nw_catalog cat;
    tw_diag diag;
    if (!cat.count && tw_nw_catalog_load_default(&cat, &diag) != TW_OK)
        return NULL;
    return &cat;
}

/* Starts the full deal of a seed as the terminal does (finish offered
 * when offer_finish). */
static int start_full(uint64_t seed, int offer_finish, tw_nw_state *s)
{
    tw_nw_config config = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, seed, offer_finish, TW_NW_VARIANT_MEDALS, 0};
    return catalog() && tw_nw_new(s, catalog(), &config, NULL) == TW_OK ? 0 : -1;
}

/* Whether the slot's ally is a crown card. */
static int crown_ally(const tw_nw_state *s, int slot)
{
    return catalog()->entries[s->slots[slot].ally.catalog_index].crown;
}

/* Number of crown allies dealt. */
static int crown_allies(const tw_nw_state *s)
{
    int n = 0;
    for (int slot = 0; slot < TW_NW_SLOTS; slot++)
        n += crown_ally(s, slot);
    return n;
}

/* The terminal's input for a plan: one notation per line, then tail. */
static char *plan_input(const plan *p, const char *tail)
{
    size_t size = (size_t)p->count * 24 + strlen(tail) + 1;
    char *text = malloc(size);
    if (!text)
        return NULL;
    size_t len = 0;
    for (int i = 0; i < p->count; i++) {
        char notation[32];
        tw_nw_action_format(p->actions[i], notation, sizeof notation);
        len += (size_t)snprintf(text + len, size - len, "%s\n", notation);
    }
    snprintf(text + len, size - len, "%s", tail);
    return text;
}

/* Runs `northwood --full` on a plan's seed with its actions, then tail. */
static tw_test_cli_result run_plan(const plan *p, const char *lang, const char *save, const char *tail)
{
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)p->seed);
    char *input = plan_input(p, tail);
    const char *args[] = {"northwood", "--full", "--seed", seed, "--lang", lang, "--save", save, NULL};
    unlink(save); /* a new game there each time, not asked to replace the last one */
    tw_test_cli_result r = tw_test_cli_run(input ? input : "", args);
    free(input);
    return r;
}

/* The action the whole-game policy takes: a ready crown ally first, then
 * any action that plays on (the first listed); "finish" as soon as it is
 * offered; "stop" only when nothing else is possible. */
static tw_nw_action crown_policy(const tw_nw_state *s)
{
    tw_nw_action actions[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, actions);
    for (int i = 0; i < n; i++)
        if (TW_NW_ACTION_KIND(actions[i]) == TW_NW_ACT_FINISH)
            return actions[i];
    for (int i = 0; i < n; i++)
        if (TW_NW_ACTION_KIND(actions[i]) == TW_NW_ACT_ACTIVATE && crown_ally(s, TW_NW_ACTION_ARG(actions[i])) &&
            s->slots[TW_NW_ACTION_ARG(actions[i])].sub_fief < 0)
            return actions[i];
    for (int i = 0; i < n; i++)
        if (TW_NW_ACTION_KIND(actions[i]) != TW_NW_ACT_STOP)
            return actions[i];
    return actions[0];
}

/* Plays a whole game with crown_policy; 0 when it ended. */
static int plan_whole_game(uint64_t seed, plan *p)
{
    tw_nw_state s;
    p->seed = seed;
    p->count = 0;
    if (start_full(seed, 1, &s) != 0)
        return -1;
    while (!tw_nw_is_over(&s) && p->count < MAX_PLAN) {
        tw_nw_action a = crown_policy(&s);
        if (tw_nw_apply(&s, a, NULL) != TW_OK)
            return -1;
        p->actions[p->count++] = a;
    }
    return tw_nw_is_over(&s) ? 0 : -1;
}

/* Loads a saved record; returns 0 and fills rec and state. */
static int load_record(const char *path, tw_nw_record *rec, tw_nw_state *state)
{
    tw_diag diag;
    if (tw_nw_record_load(rec, path, &diag) != TW_OK)
        return -1;
    if (tw_nw_record_replay(rec, -1, state, NULL) != TW_OK) {
        tw_nw_record_free(rec);
        return -1;
    }
    return 0;
}

/* Counts the occurrences of needle in text. */
static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text ? strstr(text, needle) : NULL; p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The first seed from 1 whose full deal gives at least three crown allies. */
static uint64_t crown_seed(void)
{
    for (uint64_t seed = 1; seed < 200; seed++) {
        tw_nw_state s;
        if (start_full(seed, 0, &s) == 0 && crown_allies(&s) >= 3)
            return seed;
    }
    return 0;
}

/* Plays a whole full-deal game with crown allies in one language and
 * checks its screens, its end and its record. */
static void whole_crown_game(const char *lang, const char *save, const char *const *expect, int nexpect)
{
    uint64_t seed = crown_seed();
    REQUIRE(seed != 0);
    plan *p = calloc(1, sizeof *p);
    REQUIRE(p != NULL);
    if (plan_whole_game(seed, p) != 0) {
        free(p);
        REQUIRE(!"the policy plays the game to its end");
    }
    tw_test_cli_result r = run_plan(p, lang, save, "");
    CHECK_INT(r.code, 0);
    for (int i = 0; i < nexpect; i++)
        CHECK_CONTAINS(r.out, expect[i]);
    CHECK(count_of(r.out, "\xe2\x99\x9b") > 10); /* the crown mark */
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state end;
    if (rec && load_record(save, rec, &end) == 0) {
        CHECK(tw_nw_is_over(&end));
        CHECK(rec->config.offer_finish);
        CHECK_INT(rec->config.setup, TW_NW_SETUP_FULL);
        CHECK_INT(rec->count, p->count);
        CHECK(rec->count == p->count && memcmp(rec->actions, p->actions, (size_t)p->count * sizeof p->actions[0]) == 0);
        tw_nw_record_free(rec);
    } else {
        CHECK(!"the saved record loads");
    }
    free(rec);
    tw_test_cli_free(&r);
    free(p);
}

TEST(cli_nw_crown_whole_game_english)
{
    setenv("XDG_DATA_HOME", tw_test_tmp("xdg"), 1);
    static const char *const expect[] = {
        "Full deal: it uses the 24 characters the engine knows (Claws 6, Flowers 6, Leaves 6, Eyes 6)",
        "(crown)", "marks a crown card", "You call on", "Stars won:", "is kept and marked as finished",
    };
    whole_crown_game("en", tw_test_tmp("crown-en.json"), expect, (int)(sizeof expect / sizeof expect[0]));
}

TEST(cli_nw_crown_whole_game_french)
{
    setenv("XDG_DATA_HOME", tw_test_tmp("xdg"), 1);
    static const char *const expect[] = {
        "Donne complète : elle utilise les 24 personnages connus (Griffes 6, Fleurs 6, Feuilles 6, Yeux 6)",
        "(couronne)", "signale une carte couronne", "Vous faites appel ", "Étoiles gagnées :",
        "est conservée et marquée comme terminée",
    };
    whole_crown_game("fr", tw_test_tmp("crown-fr.json"), expect, (int)(sizeof expect / sizeof expect[0]));
}

/* ---- Each question of the crown abilities ------------------------------ */

/* A situation to reach and what the terminal must then show. */
typedef struct {
    const char *what;
    int (*reached)(const tw_nw_state *s);
    /* texts expected in English, then in French: the question, a choice,
     * and what the first choice did (NULL when unused) */
    const char *en[3];
    const char *fr[3];
} situation;

/* The step the running ability waits on. */
static const tw_nw_step *step_of(const tw_nw_state *s)
{
    return &s->run.program[s->run.pc < TW_NW_MAX_PROGRAM ? s->run.pc : 0];
}

/* Whether the game waits on a card choice of a step. */
static int card_choice(const tw_nw_state *s, int op)
{
    return s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_CARD && step_of(s)->op == op;
}

/* Prince of Claws: draw another card or stop. */
static int at_continue(const tw_nw_state *s)
{
    return s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_CONTINUE;
}
/* Lady of Claws: which of the lowest cards. */
static int at_lowest(const tw_nw_state *s)
{
    return card_choice(s, TW_NW_OP_MOVE_LOWEST);
}
/* Baron of Claws: which value to search for. */
static int at_search(const tw_nw_state *s)
{
    return card_choice(s, TW_NW_OP_SEARCH_VALUE);
}
/* Prince of Flowers: which duplicate next. */
static int at_duplicates(const tw_nw_state *s)
{
    return card_choice(s, TW_NW_OP_MOVE_DUPLICATES);
}
/* Lady of Flowers: which card of the hand's count. */
static int at_hand_count(const tw_nw_state *s)
{
    return card_choice(s, TW_NW_OP_MOVE_HAND_COUNT_VALUE);
}
/* Baron of Flowers: which 1, 2 or 3 next. */
static int at_values(const tw_nw_state *s)
{
    return card_choice(s, TW_NW_OP_MOVE_VALUES);
}
/* Lady of Eyes: cards adding up to the drawn total. */
static int at_sum(const tw_nw_state *s)
{
    return card_choice(s, TW_NW_OP_MOVE_SUM);
}
/* Baron of Leaves: swap with a pile's top, or pass. */
static int at_swap_top(const tw_nw_state *s)
{
    return card_choice(s, TW_NW_OP_SWAP_TOP);
}
/* Prince of Eyes: a discard with more rounds to come. */
static int at_repeat(const tw_nw_state *s)
{
    return card_choice(s, TW_NW_OP_CHOOSE_MOVE) && !s->run.triggered && s->run.repeat_end > 0 &&
           s->run.pc >= s->run.repeat_start && s->run.pc < s->run.repeat_end && s->run.repeat_left > 0;
}
/* Baron of Eyes: the discard after an odd answer. */
static int at_trigger_odd(const tw_nw_state *s)
{
    return card_choice(s, TW_NW_OP_CHOOSE_MOVE) && s->run.triggered;
}
/* Prince of Leaves: which way the visit moves. */
static int at_move_visit(const tw_nw_state *s)
{
    return s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_FIEF &&
           step_of(s)->op == TW_NW_OP_MOVE_VISIT;
}
/* Lady of Leaves: which used ally gets ready again. */
static int at_ready(const tw_nw_state *s)
{
    return s->phase == TW_NW_PHASE_ABILITY && s->run.choice == TW_NW_CHOICE_SLOT;
}
/* Baron of Eyes armed: an answer is awaited. */
static int at_armed(const tw_nw_state *s)
{
    return s->phase == TW_NW_PHASE_RESPONSE && s->trigger.active;
}

static const situation SITUATIONS[] = {
    {"Prince of Claws: draw another card or stop", at_continue,
     {"Draw another card, or stop here?", "2. Stop drawing", "moves: the deck -> your hand."},
     {"Piocher une autre carte, ou s'arrêter là ?", "Arrêter de piocher", "passe : la pioche -> votre main."}},
    {"Lady of Claws: which lowest card", at_lowest,
     {"which of your lowest cards (value", "then draw", "moves: your hand -> the discard pile."},
     {"laquelle de vos cartes les plus faibles", "puis piocher", "passe : votre main -> la défausse."}},
    {"Baron of Claws: which value", at_search,
     {"which value do you search the deck for?", "Search the deck for every", "The deck is shuffled."},
     {"quelle valeur cherchez-vous dans la pioche ?", "Chercher tous les", "La pioche est mélangée."}},
    {"Prince of Flowers: which duplicate", at_duplicates,
     {"which duplicate do you discard next? One card of each value stays", "1. Discard ", NULL},
     {"quel double défaussez-vous maintenant ?", "1. Défausser ", NULL}},
    {"Lady of Flowers: which card of the hand's count", at_hand_count,
     {"cards: which card of value", "1. Discard ", NULL}, {"cartes en main : quelle carte de valeur", "1. Défausser ", NULL}},
    {"Baron of Flowers: order", at_values,
     {"every 1, 2 and 3 in your hand is discarded; which one goes next?", "1. Discard ", NULL},
     {"tous vos 1, 2 et 3 sont défaussés ; lequel part maintenant ?", "1. Défausser ", NULL}},
    {"Prince of Eyes: discard then draw, rounds left", at_repeat,
     {"discard a card, then you draw one (rounds left after this one:", "1. Discard ", NULL},
     {"défaussez une carte, puis vous en piochez une (tours restants après celui-ci :", "1. Défausser ", NULL}},
    {"Lady of Eyes: cards adding up to the total", at_sum,
     {"still to reach. Which card next?", "1. Discard ", NULL}, {"il reste", "Quelle carte maintenant ?", NULL}},
    {"Baron of Eyes: armed", at_armed,
     {"waits for your next answer: if its value is even you draw a card", "then you ", " acts: your answer "},
     {"attend votre prochaine réponse : si sa valeur est paire", "vous ", " agit : votre réponse "}},
    {"Baron of Eyes: fires on an odd answer", at_trigger_odd,
     {"your answer was odd (", "is odd, you discard a card.", NULL},
     {"votre réponse était impaire (", "est impaire, vous défaussez une carte.", NULL}},
    {"Prince of Leaves: which direction", at_move_visit,
     {"which way does the visit move?", ": move the visit to fief", "The visit moves from fief"},
     {"de quel côté la visite part-elle ?", " : la visite passe au fief", "La visite passe du fief"}},
    {"Lady of Leaves: which ally to ready", at_ready,
     {"which used ally becomes ready again?", "ready again:", "is ready again."},
     {"quel allié déjà utilisé redevient prêt ?", "d'agir de nouveau :", "peut de nouveau agir."}},
    {"Baron of Leaves: swap or pass", at_swap_top,
     {"swap a hand card of the same value with it, or pass?", "Pass: no swap", NULL},
     {"l'échanger contre une carte de votre main de même valeur, ou passer ?", "Passer : pas d'échange", NULL}},
};

/* Random play (abilities used often) from the full deal of seed, over the
 * first visits, until reached() holds; fills p with the actions that lead
 * there. Returns 0 when reached. */
static int plan_until(uint64_t seed, int (*reached)(const tw_nw_state *s), plan *p)
{
    tw_nw_state s;
    tw_rng rng;
    tw_rng_seed(&rng, seed * 7919u + 17u);
    p->seed = seed;
    p->count = 0;
    if (start_full(seed, 0, &s) != 0)
        return -1;
    int visits = 0;
    while (!tw_nw_is_over(&s) && p->count < 300 && visits < 3) {
        if (reached(&s))
            return 0;
        tw_nw_action actions[TW_NW_MAX_ACTIONS];
        int n = tw_nw_legal_actions(&s, actions);
        tw_nw_action a = actions[tw_rng_below(&rng, (uint32_t)n)];
        if (s.phase == TW_NW_PHASE_BEFORE_STATEMENT && n > 1 && tw_rng_below(&rng, 4) != 0)
            a = actions[1 + tw_rng_below(&rng, (uint32_t)(n - 1))]; /* mostly an ability */
        if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP)
            a = actions[0];
        if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_VISIT)
            visits++;
        if (tw_nw_apply(&s, a, NULL) != TW_OK)
            return -1;
        p->actions[p->count++] = a;
    }
    return -1;
}

/* Finds the shortest way, over a few hundred seeds, to a situation. */
static int find_situation(const situation *sit, plan *best)
{
    plan *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    best->count = -1;
    for (uint64_t seed = 1; seed <= 600; seed++)
        if (plan_until(seed, sit->reached, p) == 0 && (best->count < 0 || p->count < best->count))
            *best = *p;
    free(p);
    return best->count >= 0 ? 0 : -1;
}

/* Reaches the situation in the terminal, takes its first choice (so that
 * what it did is told too), then checks the texts of a language. */
static void check_situation(const situation *sit, const plan *p, const char *lang, const char *const *texts)
{
    /* after reaching the situation, take its first legal action too, so
     * that the narration of what it did shows */
    tw_nw_state s;
    REQUIRE(start_full(p->seed, 1, &s) == 0);
    for (int i = 0; i < p->count; i++)
        REQUIRE(tw_nw_apply(&s, p->actions[i], NULL) == TW_OK);
    tw_nw_action actions[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(&s, actions);
    REQUIRE(n > 0);
    char tail[64];
    tw_nw_action_format(actions[0], tail, sizeof tail);
    size_t len = strlen(tail);
    snprintf(tail + len, sizeof tail - len, "\nquit\n");
    tw_test_cli_result r = run_plan(p, lang, tw_test_tmp("situation.json"), tail);
    CHECK_INT(r.code, 0);
    for (int i = 0; i < 3; i++)
        if (texts[i] && (!r.out || !strstr(r.out, texts[i])))
            tw_test_fail(__FILE__, __LINE__, "%s (%s, seed %llu, %d actions): the screen does not show \"%s\"",
                         sit->what, lang, (unsigned long long)p->seed, p->count, texts[i]);

    CHECK_CONTAINS(r.out, strcmp(lang, "fr") == 0 ? "La partie est enregistrée" : "The game is saved");
    if (getenv("TW_TEST_SHOW")) /* to read the screens: TW_TEST_SHOW=1 run-tests cli_nw_crown_questions */
        fprintf(stderr, "==== %s (%s)\n%s\n", sit->what, lang, r.out ? r.out : "");
    tw_test_cli_free(&r);
}

TEST(cli_nw_crown_questions)
{
    setenv("XDG_DATA_HOME", tw_test_tmp("xdg"), 1);
    plan *p = calloc(1, sizeof *p);
    REQUIRE(p != NULL);
    for (size_t i = 0; i < sizeof SITUATIONS / sizeof SITUATIONS[0]; i++) {
        const situation *sit = &SITUATIONS[i];
        if (find_situation(sit, p) != 0) {
            tw_test_fail(__FILE__, __LINE__, "no seed reaches: %s", sit->what);
            continue;
        }
        check_situation(sit, p, "en", sit->en);
        check_situation(sit, p, "fr", sit->fr);
    }
    free(p);
}

/* ---- Finishing a decided visit ---------------------------------------- */

/* Plays the full deal of seed (first action that plays on) until "finish"
 * is offered; fills p with the actions before. Returns 0 when offered. */
static int plan_until_finish(uint64_t seed, plan *p)
{
    tw_nw_state s;
    p->seed = seed;
    p->count = 0;
    if (start_full(seed, 1, &s) != 0)
        return -1;
    while (!tw_nw_is_over(&s) && p->count < 400) {
        tw_nw_action actions[TW_NW_MAX_ACTIONS];
        int n = tw_nw_legal_actions(&s, actions);
        for (int i = 0; i < n; i++)
            if (TW_NW_ACTION_KIND(actions[i]) == TW_NW_ACT_FINISH)
                return 0;
        tw_nw_action a = actions[0];
        if (tw_nw_apply(&s, a, NULL) != TW_OK)
            return -1;
        p->actions[p->count++] = a;
    }
    return -1;
}

/* Offers "finish" in a language, takes it with the word typed, and checks
 * the screen, the narration and the record. */
static void finish_in(const char *lang, const char *word, const char *const *texts)
{
    plan *p = calloc(1, sizeof *p);
    REQUIRE(p != NULL);
    uint64_t seed = crown_seed();
    while (seed < 400 && plan_until_finish(seed, p) != 0)
        seed++;
    if (seed >= 400) {
        free(p);
        REQUIRE(!"a decided visit in the first games");
    }
    tw_nw_state s;
    REQUIRE(start_full(seed, 1, &s) == 0);
    for (int i = 0; i < p->count; i++)
        REQUIRE(tw_nw_apply(&s, p->actions[i], NULL) == TW_OK);
    int hit = -1, fief = s.visiting;
    REQUIRE(tw_nw_visit_decided(&s, &hit));
    tw_nw_action actions[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(&s, actions);
    REQUIRE(n >= 2); /* playing on stays possible */
    char tail[64], ask[64];
    snprintf(tail, sizeof tail, "%s\nquit\n", word);
    tw_test_cli_result r = run_plan(p, lang, tw_test_tmp("finish.json"), tail);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, hit ? texts[0] : texts[1]);
    CHECK_CONTAINS(r.out, hit ? texts[2] : texts[3]);
    CHECK_CONTAINS(r.out, texts[4]);
    snprintf(ask, sizeof ask, strcmp(lang, "fr") == 0 ? "Votre choix (1-%d) ?" : "Your choice (1-%d)?", n);
    CHECK_CONTAINS(r.out, ask);
    tw_nw_record *rec = calloc(1, sizeof *rec);
    tw_nw_state end;
    if (rec && load_record(tw_test_tmp("finish.json"), rec, &end) == 0) {
        CHECK_INT(rec->count, p->count + 1);
        CHECK_INT(rec->actions[rec->count - 1], TW_NW_ACTION(TW_NW_ACT_FINISH, 0));
        CHECK_INT(end.fiefs[fief].status, hit ? TW_NW_FIEF_FRIENDLY : TW_NW_FIEF_LOST);
        tw_nw_record_free(rec);
    } else {
        CHECK(!"the saved record loads");
    }
    free(rec);
    tw_test_cli_free(&r);
    free(p);
}

TEST(cli_nw_finish_offered_and_taken)
{
    setenv("XDG_DATA_HOME", tw_test_tmp("xdg"), 1);
    static const char *const en[] = {
        "This visit is decided: it will hit its target", "This visit is decided: it will miss its target",
        "Finish this visit now: it will hit its target", "Finish this visit now: it will miss its target",
        "You finish the visit to fief",
    };
    finish_in("en", "finish", en);
    static const char *const fr[] = {
        "Cette visite est jouée d'avance : elle atteindra sa cible", "Cette visite est jouée d'avance : elle manquera sa cible",
        "Terminer la visite maintenant : cible atteinte", "Terminer la visite maintenant : cible manquée",
        "Vous terminez la visite du fief",
    };
    finish_in("fr", "terminer", fr);
}

TEST(cli_nw_finish_refused_while_open)
{
    setenv("XDG_DATA_HOME", tw_test_tmp("xdg"), 1);
    const char *args[] = {"northwood", "--full", "--seed", "3", "--lang", "en", "--save", tw_test_tmp("open.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("finish\npass\nquit\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "finish is offered only once the visit's outcome is certain");
    CHECK_CONTAINS(r.out, "'pass' is not possible now");
    CHECK(!strstr(r.out, "This visit is decided"));
    tw_test_cli_free(&r);
}
