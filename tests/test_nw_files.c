/* For Northwood! files: game records, event logs and position files.
 * Round trips on seeded random games, and one test per kind of bad input
 * checking the reported line and field against the text itself. */
#include <dirent.h>
#include <jansson.h>
#include <stdlib.h>

#include "test.h"
#include "trickwood/nw_files.h"

/* ---- Helpers ------------------------------------------------------------ */

static tw_nw_catalog default_cat;

/* The default catalog, loaded once. */
static const tw_nw_catalog *catalog(void)
{
    if (!default_cat.count) {
        tw_diag d;
        if (tw_nw_catalog_load_default(&default_cat, &d) != TW_OK) {
            char msg[600];
            tw_diag_format(&d, msg, sizeof msg);
            tw_test_fail(__FILE__, __LINE__, "%s", msg);
        }
    }
    return &default_cat;
}

/* Picks a random legal action, mostly avoiding "stop" so that games last. */
static tw_nw_action random_action(const tw_nw_state *s, tw_rng *rng)
{
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    int n = tw_nw_legal_actions(s, acts);
    tw_nw_action a = acts[tw_rng_below(rng, (uint32_t)n)];
    if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP && n > 1 && tw_rng_below(rng, 8) != 0)
        a = acts[tw_rng_below(rng, (uint32_t)(n - 1))]; /* stop is always listed last */
    return a;
}

/* Whether two characters in play are the same. */
static int same_character(const tw_nw_character *a, const tw_nw_character *b)
{
    return a->catalog_index == b->catalog_index && a->suit == b->suit && a->nsteps == b->nsteps &&
           memcmp(a->steps, b->steps, sizeof a->steps) == 0;
}

/* Names the first field where two states differ, or NULL when equal. Only
 * meaningful entries are compared (not stale bytes above a pile's top). */
static const char *state_diff(const tw_nw_state *a, const tw_nw_state *b)
{
    if (a->rng.state != b->rng.state || a->rng.inc != b->rng.inc)
        return "rng";
    if (a->setup != b->setup || a->medal != b->medal)
        return "setup or medal";
    if (a->phase != b->phase)
        return "phase";
    if (a->visiting != b->visiting || a->stopped != b->stopped || a->ability_this_dialogue != b->ability_this_dialogue)
        return "visiting, stopped or ability_this_dialogue";
    if (a->offer_finish != b->offer_finish)
        return "offer_finish";
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        const tw_nw_fief *x = &a->fiefs[f], *y = &b->fiefs[f];
        if (!same_character(&x->ruler, &y->ruler) || x->status != y->status || x->ruler_present != y->ruler_present ||
            x->sub_slot != y->sub_slot)
            return "fiefs";
    }
    for (int i = 0; i < TW_NW_SLOTS; i++) {
        const tw_nw_slot *x = &a->slots[i], *y = &b->slots[i];
        if (!same_character(&x->ally, &y->ally) || x->sub_fief != y->sub_fief || x->exhausted != y->exhausted)
            return "slots";
    }
    if (a->deck_n != b->deck_n || memcmp(a->deck, b->deck, a->deck_n) != 0 || a->deck_known != b->deck_known)
        return "deck";
    if (a->hand != b->hand)
        return "hand";
    if (a->discard_n != b->discard_n || memcmp(a->discard, b->discard, a->discard_n) != 0)
        return "discard";
    if (a->score_n != b->score_n || memcmp(a->score, b->score, a->score_n) != 0)
        return "score";
    const tw_nw_run *r = &a->run, *t = &b->run;
    if (r->active != t->active || r->slot != t->slot || r->pc != t->pc || r->len != t->len || r->choice != t->choice ||
        r->left != t->left || r->first_pick != t->first_pick || r->named_suit != t->named_suit ||
        r->step_started != t->step_started || r->pending != t->pending)
        return "run";
    if (r->may_pass != t->may_pass || r->memo != t->memo || r->repeat_left != t->repeat_left ||
        r->repeat_start != t->repeat_start || r->repeat_end != t->repeat_end || r->triggered != t->triggered)
        return "run (crown members)";
    if (memcmp(r->program, t->program, (size_t)r->len * sizeof r->program[0]) != 0)
        return "run.program";
    const tw_nw_trigger *x = &a->trigger, *y = &b->trigger;
    if (x->active != y->active || x->slot != y->slot || x->len != y->len ||
        memcmp(x->steps, y->steps, (size_t)x->len * sizeof x->steps[0]) != 0)
        return "trigger";
    return NULL;
}

/* Plays a seeded random game into rec (already initialised), up to
 * max_actions actions; returns the final state in out. */
static void play_into(tw_nw_record *rec, uint64_t pick_seed, int max_actions, tw_nw_state *out)
{
    tw_rng pick;
    tw_rng_seed(&pick, pick_seed);
    tw_nw_state s;
    if (tw_nw_new(&s, &rec->catalog, &rec->config, NULL) != TW_OK) {
        tw_test_fail(__FILE__, __LINE__, "setup failed");
        return;
    }
    for (int i = 0; i < max_actions && !tw_nw_is_over(&s); i++) {
        tw_nw_action a = random_action(&s, &pick);
        if (tw_nw_apply(&s, a, NULL) != TW_OK || tw_nw_record_push(rec, a) != TW_OK) {
            tw_test_fail(__FILE__, __LINE__, "apply failed");
            return;
        }
    }
    *out = s;
}

/* Line (1-based) where needle first occurs in text; -1 when absent. */
static int line_of(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    if (!at)
        return -1;
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

/* A copy of text with the first occurrence of old replaced (caller
 * frees); NULL when old does not occur. */
static char *replace_once(const char *text, const char *old, const char *with)
{
    const char *at = strstr(text, old);
    if (!at)
        return NULL;
    size_t head = (size_t)(at - text), n = strlen(text) - strlen(old) + strlen(with) + 1;
    char *out = malloc(n);
    if (!out)
        return NULL;
    memcpy(out, text, head);
    snprintf(out + head, n - head, "%s%s", with, at + strlen(old));
    return out;
}

/* A copy of text with line number `line` replaced by with (caller frees). */
static char *replace_line(const char *text, int line, const char *with)
{
    const char *start = text;
    for (int l = 1; l < line && start; l++) {
        start = strchr(start, '\n');
        if (start)
            start++;
    }
    if (!start)
        return NULL;
    const char *end = strchr(start, '\n');
    if (!end)
        end = start + strlen(start);
    size_t n = strlen(text) + strlen(with) + 1;
    char *out = malloc(n);
    if (!out)
        return NULL;
    memcpy(out, text, (size_t)(start - text));
    snprintf(out + (start - text), n - (size_t)(start - text), "%s%s", with, end);
    return out;
}

/* Checks that a load failed at the expected field and line. */
#define CHECK_DIAG(err, diag, want_field, want_line)                                           \
    do {                                                                                       \
        char msg_[700];                                                                        \
        tw_diag_format(&(diag), msg_, sizeof msg_);                                            \
        if ((err) != TW_ERR_PARSE)                                                             \
            tw_test_fail(__FILE__, __LINE__, "expected a parse error, got %d (%s)", (int)(err), msg_); \
        CHECK_STR((diag).field, want_field);                                                   \
        CHECK_INT((diag).line, want_line);                                                     \
        CHECK((diag).message[0] != '\0');                                                      \
    } while (0)

/* A finished (or max_actions long) random game as a record and its JSON. */
static void make_record(tw_nw_record *rec, tw_nw_setup setup, uint64_t seed, int max_actions, tw_buf *json,
                        tw_nw_state *final)
{
    tw_nw_config cfg = {setup, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
    if (tw_nw_record_init(rec, catalog(), catalog()->count, &cfg) != TW_OK) {
        tw_test_fail(__FILE__, __LINE__, "record init failed");
        return;
    }
    play_into(rec, seed * 7 + 1, max_actions, final);
    if (json && tw_nw_record_to_json(rec, json) != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "record to_json failed");
}

/* ---- Records ------------------------------------------------------------ */

TEST(nw_files_record_round_trip)
{
    /* data/characters.json: the 12 intro characters, then the 12 crown
     * ones; the full deal uses all 24. */
    REQUIRE(catalog()->count == 24);
    for (int g = 0; g < 40; g++) {
        tw_nw_record rec, back;
        tw_nw_state played, replayed;
        tw_nw_config cfg = {g % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, (tw_nw_medal)(1 + g % 3),
                            g == 5 ? TW_MAX_SEED : (uint64_t)g * 1000003u, 0,
                            g % 4 == 3 ? TW_NW_VARIANT_HIDDEN_STARS : TW_NW_VARIANT_MEDALS, g % 3 == 1};
        REQUIRE(tw_nw_record_init(&rec, catalog(), catalog()->count, &cfg) == TW_OK);
        play_into(&rec, (uint64_t)g + 500, 1000, &played);
        REQUIRE(tw_nw_is_over(&played));
        const char *path = tw_test_tmp("round.json");
        REQUIRE(tw_nw_record_save(&rec, path) == TW_OK);
        tw_diag d;
        tw_error err = tw_nw_record_load(&back, path, &d);
        if (err != TW_OK) {
            char msg[700];
            tw_diag_format(&d, msg, sizeof msg);
            tw_test_fail(__FILE__, __LINE__, "game %d: %s", g, msg);
            tw_nw_record_free(&rec);
            return;
        }
        CHECK_INT(back.count, rec.count);
        CHECK(memcmp(back.actions, rec.actions, (size_t)rec.count * sizeof rec.actions[0]) == 0);
        CHECK_INT(back.config.seed, cfg.seed);
        CHECK_INT(back.config.setup, cfg.setup);
        CHECK_INT(back.config.medal, cfg.medal);
        /* No character beyond the default file: all 24 are defaults. */
        CHECK_INT(back.extra_from, 24);
        CHECK_INT(back.catalog.count, 24);
        REQUIRE(tw_nw_record_replay(&back, -1, &replayed, NULL) == TW_OK);
        const char *diff = state_diff(&played, &replayed);
        if (diff)
            tw_test_fail(__FILE__, __LINE__, "game %d: replayed state differs in %s", g, diff);
        /* Writing the loaded record again gives the same bytes. */
        tw_buf a = {0}, b = {0};
        CHECK(tw_nw_record_to_json(&rec, &a) == TW_OK);
        CHECK(tw_nw_record_to_json(&back, &b) == TW_OK);
        CHECK(a.data && b.data && strcmp(a.data, b.data) == 0);
        CHECK_CONTAINS(a.data, "\"result\"");
        CHECK_CONTAINS(a.data, "\"default_characters\": 24,");
        CHECK(strstr(a.data, "\"finish\"") == NULL); /* offer_finish 0: left out */
        tw_buf_free(&a);
        tw_buf_free(&b);
        tw_nw_record_free(&rec);
        tw_nw_record_free(&back);
    }
}

TEST(nw_files_record_replay_prefixes)
{
    /* Replaying the first k actions gives the state after k actions. */
    tw_nw_record rec;
    tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_SILVER, 77, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_record_init(&rec, catalog(), catalog()->count, &cfg) == TW_OK);
    tw_nw_state s, r;
    REQUIRE(tw_nw_new(&s, catalog(), &cfg, NULL) == TW_OK);
    tw_rng pick;
    tw_rng_seed(&pick, 3);
    int k = 0;
    while (!tw_nw_is_over(&s)) {
        REQUIRE(tw_nw_record_replay(&rec, k, &r, NULL) == TW_OK);
        const char *diff = state_diff(&s, &r);
        if (diff) {
            tw_test_fail(__FILE__, __LINE__, "after %d actions the replay differs in %s", k, diff);
            break;
        }
        tw_nw_action a = random_action(&s, &pick);
        REQUIRE(tw_nw_apply(&s, a, NULL) == TW_OK);
        REQUIRE(tw_nw_record_push(&rec, a) == TW_OK);
        k++;
    }
    CHECK(k > 10);
    CHECK(tw_nw_record_replay(&rec, rec.count + 1, &r, NULL) == TW_ERR_ARG);
    /* An unfinished record has no result and loads back. */
    rec.count = k / 2;
    tw_buf json = {0};
    REQUIRE(tw_nw_record_to_json(&rec, &json) == TW_OK);
    CHECK(strstr(json.data, "\"result\"") == NULL);
    tw_nw_record back;
    tw_diag d;
    REQUIRE(tw_nw_record_from_text(&back, json.data, "half.json", &d) == TW_OK);
    CHECK_INT(back.count, k / 2);
    tw_nw_record_free(&back);
    tw_buf_free(&json);
    tw_nw_record_free(&rec);
}

TEST(nw_files_record_init_checks)
{
    tw_nw_record rec;
    int all = catalog()->count;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, TW_MAX_SEED + 1, 0, TW_NW_VARIANT_MEDALS, 0};
    CHECK(tw_nw_record_init(&rec, catalog(), all, &cfg) == TW_ERR_ARG);
    cfg.seed = 1;
    cfg.medal = TW_NW_MEDAL_NONE;
    CHECK(tw_nw_record_init(&rec, catalog(), all, &cfg) == TW_ERR_ARG);
    cfg.medal = TW_NW_MEDAL_GOLD;
    CHECK(tw_nw_record_init(&rec, catalog(), all + 1, &cfg) == TW_ERR_ARG); /* past the catalog's end */
    CHECK(tw_nw_record_init(&rec, catalog(), -1, &cfg) == TW_ERR_ARG);
    CHECK(tw_nw_record_init(&rec, catalog(), all, &cfg) == TW_OK);
    /* An illegal action pushed by a caller is caught by replay. */
    REQUIRE(tw_nw_record_push(&rec, TW_NW_ACTION(TW_NW_ACT_RESPOND, 3)) == TW_OK);
    tw_nw_state s;
    tw_diag d;
    tw_diag_init(&d, "memory");
    CHECK(tw_nw_record_replay(&rec, -1, &s, &d) == TW_ERR_ILLEGAL);
    CHECK_STR(d.field, "actions[0]");
    CHECK_CONTAINS(d.message, "'respond 4C' is not legal here");
    CHECK_CONTAINS(d.message, "choose_fief");
    tw_buf json = {0};
    CHECK(tw_nw_record_to_json(&rec, &json) == TW_ERR_ILLEGAL);
    tw_buf_free(&json);
    tw_nw_record_free(&rec);
}

/* Writes a character file with one extra character per suit (made-up
 * cards a user might add after the 24 default ones) and returns its path. */
static const char *extra_characters_file(void)
{
    static const char text[] =
        "{\"format\": \"trickwood-characters\", \"version\": 1, \"characters\": [\n"
        "  {\"id\": \"test-owl\", \"suit\": \"claws\", \"crown\": true,\n"
        "   \"name\": {\"en\": \"Owl \\\"the wise\\\"\", \"fr\": \"Hibou \\u00e9rudit\"},\n"
        "   \"text\": {\"en\": \"Peek at 2, then discard 1.\", \"fr\": \"Regardez 2 cartes, d\\u00e9faussez-en 1.\"},\n"
        "   \"steps\": [{\"op\": \"peek\", \"count\": 2}, {\"op\": \"choose_move\", \"to\": \"discard\", \"count\": 1}]},\n"
        "  {\"id\": \"test-rose\", \"suit\": \"flowers\", \"crown\": true,\n"
        "   \"name\": {\"en\": \"Rose\", \"fr\": \"Rose\"}, \"title\": {\"en\": \"thorny\", \"fr\": \"piquante\"},\n"
        "   \"text\": {\"en\": \"Score your cards of the trump suit.\", \"fr\": \"Marquez vos atouts.\"},\n"
        "   \"steps\": [{\"op\": \"move_suit\", \"suit\": \"trump\", \"to\": \"score\"}]},\n"
        "  {\"id\": \"test-oak\", \"suit\": \"leaves\", \"crown\": true,\n"
        "   \"name\": {\"en\": \"Oak\", \"fr\": \"Ch\\u00eane\"},\n"
        "   \"text\": {\"en\": \"Take the top discard, then put a card on the deck.\", \"fr\": \"Reprenez la d\\u00e9fausse, puis posez une carte sur le deck.\"},\n"
        "   \"steps\": [{\"op\": \"move_top\", \"from\": \"discard\", \"to\": \"hand\"}, {\"op\": \"choose_move\", \"to\": \"deck\", \"count\": 1}]},\n"
        "  {\"id\": \"test-moth\", \"suit\": \"eyes\", \"crown\": true,\n"
        "   \"name\": {\"en\": \"Moth\", \"fr\": \"Papillon\"},\n"
        "   \"text\": {\"en\": \"Swap rulers up to 3 away, then draw 1.\", \"fr\": \"\\u00c9changez un Chef \\u00e0 3 places au plus, puis piochez 1.\"},\n"
        "   \"steps\": [{\"op\": \"swap_ruler\", \"distance\": 3}, {\"op\": \"draw\", \"count\": 1}]}\n"
        "]}\n";
    const char *path = tw_test_tmp("extra-characters.json");
    if (tw_write_file_atomic(path, text, strlen(text)) != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "cannot write %s", path);
    return path;
}

/* Whether two catalog entries hold the same character. */
static int same_entry(const tw_nw_catalog_entry *a, const tw_nw_catalog_entry *b)
{
    for (int l = 0; l < 2; l++)
        if (strcmp(a->name[l], b->name[l]) || strcmp(a->title[l], b->title[l]) || strcmp(a->text[l], b->text[l]))
            return 0;
    return strcmp(a->id, b->id) == 0 && a->suit == b->suit && a->intro_role == b->intro_role && a->crown == b->crown &&
           a->nsteps == b->nsteps && memcmp(a->steps, b->steps, sizeof a->steps) == 0;
}

TEST(nw_files_record_with_user_characters)
{
    static tw_nw_catalog cat;
    cat = *catalog();
    tw_diag d;
    REQUIRE(tw_nw_catalog_add_file(&cat, extra_characters_file(), &d) == TW_OK);
    int defaults = catalog()->count; /* the user's four come after the 24 default characters */
    REQUIRE(cat.count == defaults + 4);
    int used_extra = 0;
    for (int g = 0; g < 12; g++) {
        static tw_nw_record rec, back;
        tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, (uint64_t)g + 40, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_record_init(&rec, &cat, defaults, &cfg) == TW_OK);
        tw_nw_state played, replayed;
        play_into(&rec, (uint64_t)g, 1000, &played);
        for (int f = 0; f < TW_NW_FIEFS; f++)
            used_extra |= played.fiefs[f].ruler.catalog_index >= defaults;
        for (int i = 0; i < TW_NW_SLOTS; i++)
            used_extra |= played.slots[i].ally.catalog_index >= defaults;
        const char *path = tw_test_tmp("with-extra.json");
        REQUIRE(tw_nw_record_save(&rec, path) == TW_OK);
        tw_error err = tw_nw_record_load(&back, path, &d);
        if (err != TW_OK) {
            char msg[700];
            tw_diag_format(&d, msg, sizeof msg);
            tw_test_fail(__FILE__, __LINE__, "%s", msg);
            tw_nw_record_free(&rec);
            return;
        }
        CHECK_INT(back.catalog.count, defaults + 4);
        CHECK_INT(back.extra_from, defaults);
        for (int i = 0; i < defaults + 4; i++)
            CHECK(same_entry(&back.catalog.entries[i], &cat.entries[i]));
        REQUIRE(tw_nw_record_replay(&back, -1, &replayed, NULL) == TW_OK);
        const char *diff = state_diff(&played, &replayed);
        if (diff)
            tw_test_fail(__FILE__, __LINE__, "game %d: replay differs in %s", g, diff);
        tw_nw_record_free(&rec);
        tw_nw_record_free(&back);
    }
    CHECK(used_extra);
}

TEST(nw_files_old_record_deals_from_the_intro_characters)
{
    /* A record as written before the crown characters joined
     * data/characters.json: a full deal, no "default_characters". It dealt
     * from the 12 characters the file held then, which are still its first
     * 12, so it must replay the same game. */
    static const char text[] =
        "{\n"
        "  \"format\": \"trickwood-record\",\n"
        "  \"version\": 1,\n"
        "  \"game\": \"northwood\",\n"
        "  \"config\": {\"setup\": \"full\", \"medal\": \"silver\"},\n"
        "  \"seed\": 2024,\n"
        "  \"actions\": [\n"
        "    \"visit 4\",\n"
        "    \"activate 0\",\n"
        "    \"fief 3\",\n"
        "    \"respond 6F\",\n"
        "    \"activate 3\",\n"
        "    \"respond 8C\",\n"
        "    \"activate 2\",\n"
        "    \"pick 2E\",\n"
        "    \"respond 2L\",\n"
        "    \"activate 1\",\n"
        "    \"respond 8E\",\n"
        "    \"respond 1L\",\n"
        "    \"respond 6E\",\n"
        "    \"respond 2C\"\n"
        "  ]\n"
        "}\n";
    static tw_nw_record rec, again;
    static tw_nw_catalog intro;
    tw_diag d;
    char msg[700];
    tw_error err = tw_nw_record_from_text(&rec, text, "old.json", &d);
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
    REQUIRE(err == TW_OK);
    CHECK_INT(rec.count, 14);
    CHECK_INT(rec.catalog.count, 12);
    CHECK_INT(rec.extra_from, 12);
    for (int i = 0; i < rec.catalog.count; i++)
        CHECK(!rec.catalog.entries[i].crown);
    /* The same game dealt by hand from the first 12 default characters. */
    intro = *catalog();
    intro.count = 12;
    tw_nw_state want, got;
    tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_SILVER, 2024, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&want, &intro, &cfg, NULL) == TW_OK);
    const char *acts[] = {"visit 4", "activate 0", "fief 3", "respond 6F", "activate 3", "respond 8C", "activate 2",
                          "pick 2E", "respond 2L", "activate 1", "respond 8E", "respond 1L", "respond 6E",
                          "respond 2C"};
    for (int i = 0; i < 14; i++) {
        tw_nw_action a;
        REQUIRE(tw_nw_action_parse(acts[i], &a) == 0);
        REQUIRE(tw_nw_apply(&want, a, NULL) == TW_OK);
    }
    REQUIRE(tw_nw_record_replay(&rec, -1, &got, NULL) == TW_OK);
    const char *diff = state_diff(&want, &got);
    if (diff)
        tw_test_fail(__FILE__, __LINE__, "the old record replays differently: %s", diff);
    /* The deal: Jack of Leaves in slot 0 swapped the rulers of fiefs 4 and 3. */
    CHECK_STR(intro.entries[got.slots[0].ally.catalog_index].id, "jack-of-leaves");
    CHECK_STR(intro.entries[got.fiefs[4].ruler.catalog_index].id, "jack-of-eyes");
    /* Dealing from all 24 gives another game: the member matters. */
    tw_nw_state full;
    REQUIRE(tw_nw_new(&full, catalog(), &cfg, NULL) == TW_OK);
    int same = 1;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        same &= full.fiefs[f].ruler.catalog_index == want.fiefs[f].ruler.catalog_index;
    CHECK(!same);
    /* Written again, the record says how many characters it dealt from,
     * and loads to the same game. */
    tw_buf json = {0};
    REQUIRE(tw_nw_record_to_json(&rec, &json) == TW_OK);
    CHECK_CONTAINS(json.data, "\"default_characters\": 12,");
    CHECK(strstr(json.data, "\"characters\": [") == NULL);
    REQUIRE(tw_nw_record_from_text(&again, json.data, "again.json", &d) == TW_OK);
    REQUIRE(tw_nw_record_replay(&again, -1, &got, NULL) == TW_OK);
    CHECK(state_diff(&want, &got) == NULL);
    tw_buf_free(&json);
    tw_nw_record_free(&again);
    tw_nw_record_free(&rec);
}

TEST(nw_files_record_default_characters_and_finish)
{
    tw_nw_record rec, back;
    tw_nw_state fin;
    tw_buf json = {0};
    tw_diag d;
    make_record(&rec, TW_NW_SETUP_FULL, 14, 40, &json, &fin);
    tw_nw_record_free(&rec);
    REQUIRE(json.data);
    const char *text = json.data;
    int line = line_of(text, "\"default_characters\"");
    CHECK_INT(line, line_of(text, "\"seed\"") + 1);
    const char *bad_values[] = {"25", "-1", "\"24\"", "12.5", "null"};
    for (int i = 0; i < 5; i++) {
        char with[64];
        snprintf(with, sizeof with, "\"default_characters\": %s,", bad_values[i]);
        char *bad = replace_once(text, "\"default_characters\": 24,", with);
        REQUIRE(bad);
        CHECK_DIAG(tw_nw_record_from_text(&back, bad, "dc.json", &d), d, "default_characters", line);
        CHECK_CONTAINS(d.message, "from 0 to 24");
        free(bad);
    }
    /* Fewer default characters than the full deal needs. */
    char *bad = replace_once(text, "\"default_characters\": 24,", "\"default_characters\": 6,");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "dc.json", &d), d, "config.setup", line_of(text, "\"config\""));
    CHECK_CONTAINS(d.message, "cannot fill the full setup");
    free(bad);
    /* config.finish: true/false only. */
    bad = replace_once(text, "\"medal\": \"bronze\"}", "\"medal\": \"bronze\", \"finish\": \"yes\"}");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "fin.json", &d), d, "config.finish", line_of(text, "\"config\""));
    CHECK_CONTAINS(d.message, "true or false");
    free(bad);
    /* "finish": false is the default and loads. */
    char *ok = replace_once(text, "\"medal\": \"bronze\"}", "\"medal\": \"bronze\", \"finish\": false}");
    REQUIRE(ok && tw_nw_record_from_text(&back, ok, "fin.json", &d) == TW_OK);
    CHECK_INT(back.config.offer_finish, 0);
    tw_nw_record_free(&back);
    free(ok);
    tw_buf_free(&json);
}

TEST(nw_files_record_with_finish_round_trip)
{
    /* A game that offers "finish" (config "finish": true), finished early
     * in its last visit; the intro setup and the last visit keep the proof
     * small (no shuffle can follow the visit). */
    static tw_nw_record rec, back;
    int finished = 0;
    for (uint64_t seed = 1; seed < 40 && !finished; seed++) {
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, seed, 1, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_record_init(&rec, catalog(), catalog()->count, &cfg) == TW_OK);
        tw_nw_state s;
        REQUIRE(tw_nw_new(&s, catalog(), &cfg, NULL) == TW_OK);
        tw_rng pick;
        tw_rng_seed(&pick, seed);
        while (!tw_nw_is_over(&s)) {
            int visited = 0;
            for (int f = 0; f < TW_NW_FIEFS; f++)
                visited += s.fiefs[f].status != TW_NW_FIEF_NEUTRAL;
            tw_nw_action a = 0;
            if (visited == TW_NW_FIEFS - 1 && tw_nw_hand_count(&s) <= 2) {
                tw_nw_action acts[TW_NW_MAX_ACTIONS];
                int n = tw_nw_legal_actions(&s, acts); /* asks whether the visit is decided */
                for (int i = 0; i < n; i++)
                    if (TW_NW_ACTION_KIND(acts[i]) == TW_NW_ACT_FINISH)
                        a = acts[i];
            }
            if (!a) { /* play on, listing without the proof */
                tw_nw_state quiet = s;
                quiet.offer_finish = 0;
                do
                    a = random_action(&quiet, &pick);
                while (TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP);
            }
            finished |= TW_NW_ACTION_KIND(a) == TW_NW_ACT_FINISH;
            REQUIRE(tw_nw_apply(&s, a, NULL) == TW_OK);
            REQUIRE(tw_nw_record_push(&rec, a) == TW_OK);
        }
        if (!finished)
            tw_nw_record_free(&rec);
    }
    REQUIRE(finished);
    tw_buf json = {0}, again = {0}, log = {0};
    REQUIRE(tw_nw_record_to_json(&rec, &json) == TW_OK);
    CHECK_CONTAINS(json.data, "\"config\": {\"setup\": \"intro\", \"medal\": \"bronze\", \"finish\": true},");
    CHECK_CONTAINS(json.data, "    \"finish\"\n  ],");
    tw_diag d;
    tw_error err = tw_nw_record_from_text(&back, json.data, "finish.json", &d);
    char msg[700];
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
    REQUIRE(err == TW_OK);
    CHECK_INT(back.config.offer_finish, 1);
    REQUIRE(tw_nw_record_to_json(&back, &again) == TW_OK);
    CHECK_STR(again.data, json.data);
    REQUIRE(tw_nw_record_event_log(&back, &log) == TW_OK);
    CHECK_CONTAINS(log.data, "\"action\":\"finish\",\"type\":\"decided\",\"fief\":");
    /* Without the offer the same actions do not replay: "finish" is
     * refused with a reason. */
    back.config.offer_finish = 0;
    tw_nw_state s;
    tw_diag_init(&d, "memory");
    CHECK(tw_nw_record_replay(&back, -1, &s, &d) == TW_ERR_ILLEGAL);
    CHECK_CONTAINS(d.message, "'finish' is not legal here: this game does not offer 'finish'");
    tw_buf_free(&log);
    tw_buf_free(&again);
    tw_buf_free(&json);
    tw_nw_record_free(&back);
    tw_nw_record_free(&rec);
}

TEST(nw_files_bad_record_json_and_header)
{
    tw_nw_record rec;
    tw_nw_state fin;
    tw_buf json = {0};
    tw_diag d;
    make_record(&rec, TW_NW_SETUP_INTRO, 11, 1000, &json, &fin);
    REQUIRE(json.data);
    tw_nw_record_free(&rec);
    const char *text = json.data;

    /* Invalid JSON: a missing comma on line 4. */
    char *bad = replace_once(text, "\"northwood\",", "\"northwood\"");
    REQUIRE(bad);
    CHECK_DIAG(tw_nw_record_from_text(&rec, bad, "bad.json", &d), d, "", line_of(text, "\"config\""));
    CHECK_STR(d.file, "bad.json");
    CHECK_CONTAINS(d.message, "not valid JSON");
    free(bad);

    bad = replace_once(text, "trickwood-record", "trickwood-recrd");
    CHECK_DIAG(tw_nw_record_from_text(&rec, bad, "bad.json", &d), d, "format", line_of(text, "\"format\""));
    free(bad);

    bad = replace_once(text, "\"version\": 1", "\"version\": 2");
    CHECK_DIAG(tw_nw_record_from_text(&rec, bad, "bad.json", &d), d, "version", line_of(text, "\"version\""));
    free(bad);

    bad = replace_once(text, "\"game\": \"northwood\"", "\"game\": \"fox\"");
    CHECK_DIAG(tw_nw_record_from_text(&rec, bad, "bad.json", &d), d, "game", line_of(text, "\"game\""));
    free(bad);

    bad = replace_once(text, "  \"seed\"", "  \"sede\": 4,\n  \"seed\"");
    CHECK_DIAG(tw_nw_record_from_text(&rec, bad, "bad.json", &d), d, "sede", line_of(text, "\"seed\""));
    CHECK_CONTAINS(d.message, "unknown field");
    free(bad);

    bad = replace_once(text, "\"medal\": \"bronze\"}", "\"medal\": \"bronze\", \"speed\": 2}");
    CHECK_DIAG(tw_nw_record_from_text(&rec, bad, "bad.json", &d), d, "config.speed", line_of(text, "\"config\""));
    free(bad);

    bad = replace_once(text, "\"medal\": \"bronze\"}", "\"medal\": \"none\"}");
    CHECK_DIAG(tw_nw_record_from_text(&rec, bad, "bad.json", &d), d, "config.medal", line_of(text, "\"config\""));
    free(bad);

    bad = replace_once(text, "\"setup\": \"intro\", ", "");
    CHECK_DIAG(tw_nw_record_from_text(&rec, bad, "bad.json", &d), d, "config.setup", line_of(text, "\"config\""));
    CHECK_CONTAINS(d.message, "missing");
    free(bad);

    /* An unknown member next to the actions. */
    bad = replace_once(text, "  \"actions\": [", "  \"actions\": [\"visit 2\"], \"old\": [");
    CHECK_DIAG(tw_nw_record_from_text(&rec, bad, "bad.json", &d), d, "old", line_of(text, "\"actions\""));
    free(bad);
    tw_buf_free(&json);
}

TEST(nw_files_bad_record_seed)
{
    tw_nw_record rec;
    tw_nw_state fin;
    tw_buf json = {0};
    tw_diag d;
    make_record(&rec, TW_NW_SETUP_INTRO, 12, 30, &json, &fin);
    tw_nw_record_free(&rec);
    REQUIRE(json.data);
    const char *seeds[] = {"9007199254740992", "-1", "1.5", "\"12\"", "18446744073709551615"};
    for (int i = 0; i < 5; i++) {
        char with[64];
        snprintf(with, sizeof with, "\"seed\": %s,", seeds[i]);
        char *bad = replace_once(json.data, "\"seed\": 12,", with);
        REQUIRE(bad);
        tw_error err = tw_nw_record_from_text(&rec, bad, "seed.json", &d);
        if (i == 4) {
            /* Beyond 64 bits jansson refuses the number itself. */
            CHECK(err == TW_ERR_PARSE);
            CHECK_INT(d.line, line_of(json.data, "\"seed\""));
        } else {
            CHECK_DIAG(err, d, "seed", line_of(json.data, "\"seed\""));
            CHECK_CONTAINS(d.message, "9007199254740991");
        }
        free(bad);
    }
    /* The largest seed is accepted. */
    char *ok = replace_once(json.data, "\"seed\": 12,", "\"seed\": 9007199254740991,");
    REQUIRE(ok);
    char *cut = strstr(ok, "\"actions\": [");
    REQUIRE(cut);
    snprintf(cut, strlen(cut) + 1, "\"actions\": []\n}\n");
    tw_error err = tw_nw_record_from_text(&rec, ok, "max.json", &d);
    CHECK(err == TW_OK);
    if (err == TW_OK) {
        CHECK(rec.config.seed == TW_MAX_SEED);
        tw_nw_record_free(&rec);
    }
    free(ok);
    tw_buf_free(&json);
}

TEST(nw_files_bad_record_actions)
{
    tw_nw_record rec, back;
    tw_nw_state fin;
    tw_buf json = {0};
    tw_diag d;
    make_record(&rec, TW_NW_SETUP_FULL, 21, 1000, &json, &fin);
    REQUIRE(json.data && rec.count > 20);
    const char *text = json.data;
    int first = line_of(text, "\"actions\"") + 1; /* one action per line */

    /* Unknown action text. */
    char *bad = replace_line(text, first + 3, "    \"jump 3\",");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "acts.json", &d), d, "actions[3]", first + 3);
    CHECK_CONTAINS(d.message, "'jump 3' is not an action");
    free(bad);

    bad = replace_line(text, first + 2, "    17,");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "acts.json", &d), d, "actions[2]", first + 2);
    free(bad);

    /* A legal-looking action in the wrong phase. */
    bad = replace_line(text, first, "    \"begin\",");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "acts.json", &d), d, "actions[0]", first);
    CHECK_CONTAINS(d.message, "'begin' is not legal here");
    CHECK_CONTAINS(d.message, "choose_fief");
    free(bad);

    /* Not following suit: find a response where the hand holds a card of
     * another suit while it could follow. */
    tw_nw_state s;
    int found = -1, wrong = -1;
    for (int k = 0; k < rec.count && found < 0; k++) {
        REQUIRE(tw_nw_record_replay(&rec, k, &s, NULL) == TW_OK);
        if (s.phase != TW_NW_PHASE_RESPONSE)
            continue;
        int suit = TW_NW_SUIT(tw_nw_statement(&s));
        uint32_t follow = s.hand & (0xFFu << (suit * 8));
        if (follow && (s.hand & ~follow)) {
            found = k;
            wrong = tw_lowest_bit32(s.hand & ~follow);
        }
    }
    REQUIRE(found >= 0);
    char code[4], line[64], want[64];
    tw_nw_card_code(wrong, code);
    snprintf(line, sizeof line, "    \"respond %s\",", code);
    bad = replace_line(text, first + found, line);
    char field[32];
    snprintf(field, sizeof field, "actions[%d]", found);
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "acts.json", &d), d, field, first + found);
    snprintf(want, sizeof want, "'respond %s' is not legal here", code);
    CHECK_CONTAINS(d.message, want);
    CHECK_CONTAINS(d.message, "must follow suit");
    CHECK_CONTAINS(d.message, "response");
    free(bad);

    /* An action after the end of the game. */
    bad = replace_once(text, "\n  ],\n  \"result\"", ",\n    \"visit 0\"\n  ],\n  \"result\"");
    REQUIRE(bad);
    snprintf(field, sizeof field, "actions[%d]", rec.count);
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "acts.json", &d), d, field, line_of(bad, "\"visit 0\"\n"));
    CHECK_CONTAINS(d.message, "over");
    free(bad);

    /* Missing action list. */
    bad = replace_once(text, "\"actions\"", "\"actionz\"");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "acts.json", &d), d, "actionz", first - 1);
    free(bad);
    tw_nw_record_free(&rec);
    tw_buf_free(&json);
}

TEST(nw_files_bad_record_result)
{
    tw_nw_record rec, back;
    tw_nw_state fin;
    tw_buf json = {0};
    tw_diag d;
    make_record(&rec, TW_NW_SETUP_INTRO, 31, 1000, &json, &fin);
    REQUIRE(json.data && tw_nw_is_over(&fin));
    const char *text = json.data;
    int result_line = line_of(text, "\"result\"");
    char old[64], with[64];
    int stars = tw_nw_stars_won(&fin);
    snprintf(old, sizeof old, "\"stars\": %d,", stars);
    snprintf(with, sizeof with, "\"stars\": %d,", stars + 1);
    char *bad = replace_once(text, old, with);
    REQUIRE(bad);
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "res.json", &d), d, "result.stars", result_line);
    CHECK_CONTAINS(d.message, "replaying");
    free(bad);

    const char *won = tw_nw_is_won(&fin) ? "\"won\": true" : "\"won\": false";
    bad = replace_once(text, won, tw_nw_is_won(&fin) ? "\"won\": false" : "\"won\": true");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "res.json", &d), d, "result.won", result_line);
    free(bad);

    bad = replace_once(text, "\"stopped\": ", "\"stoped\": ");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "res.json", &d), d, "result.stoped", result_line);
    free(bad);

    /* A result on an unfinished game. */
    rec.count = 5;
    tw_buf part = {0};
    REQUIRE(tw_nw_record_to_json(&rec, &part) == TW_OK);
    bad = replace_once(part.data, "\n}\n", ",\n  \"result\": {\"stars\": 0, \"medal\": \"none\", \"won\": false, \"stopped\": false}\n}\n");
    REQUIRE(bad);
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "res.json", &d), d, "result", line_of(bad, "\"result\""));
    CHECK_CONTAINS(d.message, "not over");
    free(bad);
    tw_buf_free(&part);
    tw_nw_record_free(&rec);
    tw_buf_free(&json);
}

TEST(nw_files_bad_record_characters)
{
    static tw_nw_catalog cat;
    cat = *catalog();
    tw_diag d;
    REQUIRE(tw_nw_catalog_add_file(&cat, extra_characters_file(), &d) == TW_OK);
    static tw_nw_record rec, back;
    tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_GOLD, 5, 0, TW_NW_VARIANT_MEDALS, 0};
    /* The four test characters are the record's own, characters[0..3]. */
    REQUIRE(tw_nw_record_init(&rec, &cat, catalog()->count, &cfg) == TW_OK);
    tw_nw_state fin;
    play_into(&rec, 9, 1000, &fin);
    tw_buf json = {0};
    REQUIRE(tw_nw_record_to_json(&rec, &json) == TW_OK);
    const char *text = json.data;
    CHECK_CONTAINS(text, "\"characters\"");

    /* Unknown op inside an embedded character: line of that op. */
    char *bad = replace_once(text, "{\"op\": \"peek\"", "{\"op\": \"peep\"");
    REQUIRE(bad);
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "chars.json", &d), d, "characters[0].steps[0].op",
               line_of(text, "{\"op\": \"peek\""));
    CHECK_CONTAINS(d.message, "unknown operation");
    CHECK_STR(d.file, "chars.json");
    free(bad);

    /* The same id twice in the record's characters. */
    bad = replace_once(text, "\"id\": \"test-rose\"", "\"id\": \"test-owl\"");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "chars.json", &d), d, "characters[1].id",
               line_of(text, "\"id\": \"test-rose\""));
    CHECK_CONTAINS(d.message, "already defined");
    free(bad);
    /* An id a default character uses replaces that default: a different
     * deal, on which the record's actions no longer replay. */
    bad = replace_once(text, "\"id\": \"test-rose\"", "\"id\": \"jack-of-claws\"");
    CHECK(tw_nw_record_from_text(&back, bad, "chars.json", &d) != TW_OK);
    CHECK(strncmp(d.field, "actions[", 8) == 0);
    CHECK_CONTAINS(d.message, "not legal");
    free(bad);

    bad = replace_once(text, "\"suit\": \"leaves\"", "\"suit\": \"acorns\"");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "chars.json", &d), d, "characters[2].suit",
               line_of(text, "\"suit\": \"leaves\""));
    free(bad);

    bad = replace_once(text, "\"to\": \"discard\", \"count\": 1}", "\"to\": \"hand\", \"count\": 1}");
    CHECK_DIAG(tw_nw_record_from_text(&back, bad, "chars.json", &d), d, "characters[0].steps[1].to",
               line_of(text, "{\"op\": \"peek\""));
    free(bad);
    tw_nw_record_free(&rec);
    tw_buf_free(&json);
}

TEST(nw_files_illegal_reasons)
{
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 4, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, catalog(), &cfg, NULL) == TW_OK);
    char why[256];
    tw_nw_illegal_reason(&s, TW_NW_ACTION(TW_NW_ACT_VISIT, 2), why, sizeof why);
    CHECK_STR(why, "");
    REQUIRE(tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_VISIT, 2), NULL) == TW_OK);
    REQUIRE(tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_ACTIVATE, 0), NULL) == TW_OK);
    tw_nw_illegal_reason(&s, TW_NW_ACTION(TW_NW_ACT_VISIT, 2), why, sizeof why);
    CHECK_CONTAINS(why, "phase");
    if (s.phase == TW_NW_PHASE_RESPONSE) {
        tw_nw_illegal_reason(&s, TW_NW_ACTION(TW_NW_ACT_STOP, 0), why, sizeof why);
        CHECK_CONTAINS(why, "out of reach");
        /* A card outside the hand. */
        int card = 0;
        while (s.hand & (1u << card))
            card++;
        tw_nw_illegal_reason(&s, TW_NW_ACTION(TW_NW_ACT_RESPOND, card), why, sizeof why);
        CHECK_CONTAINS(why, "is not in the hand");
    }
}

/* ---- Event logs --------------------------------------------------------- */

/* Card tracker used to replay an event log: where every card is, with the
 * order of each pile (deck entries may be unknown, -1, after a shuffle). */
typedef struct {
    int zone[TW_NW_CARDS];
    int pile[4][TW_NW_CARDS];
    int n[4];
} tracker;

/* Removes a card from a tracked pile; from_top says it must be on top (or
 * an unknown deck card, which is then this card). Returns 0 on mismatch. */
static int tracker_take(tracker *t, int pile, int card, int from_top)
{
    if (pile == TW_NW_PILE_HAND)
        return 1;
    int *items = t->pile[pile];
    int n = t->n[pile];
    if (from_top) {
        if (n == 0 || (items[n - 1] != card && items[n - 1] != -1))
            return 0;
        t->n[pile]--;
        return 1;
    }
    for (int i = 0; i < n; i++)
        if (items[i] == card) {
            memmove(&items[i], &items[i + 1], (size_t)(n - i - 1) * sizeof items[0]);
            t->n[pile]--;
            return 1;
        }
    return 0;
}

/* Takes a card that a deck search moved to the hand: from its known place,
 * or from an unknown one (a shuffle follows at once). Returns 0 when the
 * tracked deck holds neither. */
static int tracker_take_searched(tracker *t, int card)
{
    int *items = t->pile[TW_NW_PILE_DECK];
    int n = t->n[TW_NW_PILE_DECK], at = -1;
    for (int i = 0; i < n && at < 0; i++)
        if (items[i] == card)
            at = i;
    for (int i = n - 1; i >= 0 && at < 0; i--)
        if (items[i] == -1)
            at = i;
    if (at < 0)
        return 0;
    memmove(&items[at], &items[at + 1], (size_t)(n - at - 1) * sizeof items[0]);
    t->n[TW_NW_PILE_DECK]--;
    return 1;
}

/* How many events each action of a record makes (sizes[0] for the setup,
 * sizes[i + 1] for action i), by replaying it. */
static int *batch_sizes(const tw_nw_record *rec)
{
    static tw_nw_events ev;
    int *sizes = calloc((size_t)rec->count + 1, sizeof *sizes);
    tw_nw_state s;
    ev.count = ev.overflow = 0;
    if (!sizes || tw_nw_new(&s, &rec->catalog, &rec->config, &ev) != TW_OK) {
        free(sizes);
        return NULL;
    }
    sizes[0] = ev.count;
    for (int i = 0; i < rec->count; i++) {
        ev.count = 0;
        if (tw_nw_apply(&s, rec->actions[i], &ev) != TW_OK) {
            free(sizes);
            return NULL;
        }
        sizes[i + 1] = ev.count;
    }
    return sizes;
}

/* Bit of *seen (check_log_against_state) for a deck search's moves. */
#define SEEN_SEARCH (1u << 31)

/* Replays the "move", "shuffle" and "peek" lines of a log and compares the
 * result with the final state; counts the move lines. Each action's lines
 * must name it (the setup's: null), in the record's order. Adds to *seen
 * a bit per event type met (1 << type) and SEEN_SEARCH. */
static void check_log_against_state(const char *log, const tw_nw_state *final, const tw_nw_record *rec,
                                    int expected_moves, uint32_t *seen)
{
    tracker t;
    memset(&t, 0, sizeof t);
    for (int c = 0; c < TW_NW_CARDS; c++) { /* before the setup, every card is in the deck */
        t.zone[c] = TW_NW_PILE_DECK;
        t.pile[TW_NW_PILE_DECK][c] = -1;
    }
    t.n[TW_NW_PILE_DECK] = TW_NW_CARDS;
    int *sizes = batch_sizes(rec);
    REQUIRE(sizes);
    int moves = 0, seq = 0, gathering = 0, in_visit = 0, searching = 0, batch = 0, left = sizes[0];
    int last_searched = -1; /* the card of the search's move before */
    const char *line = log;
    while (*line) {
        const char *end = strchr(line, '\n');
        REQUIRE(end);
        json_error_t jerr;
        json_t *ev = json_loadb(line, (size_t)(end - line), 0, &jerr);
        if (!ev) {
            tw_test_fail(__FILE__, __LINE__, "line %d is not JSON: %s", seq, jerr.text);
            free(sizes);
            return;
        }
        CHECK_INT(json_integer_value(json_object_get(ev, "seq")), seq);
        while (left == 0 && batch < rec->count) /* actions without events ("begin") write no line */
            left = sizes[++batch];
        if (left == 0) {
            tw_test_fail(__FILE__, __LINE__, "seq %d: more lines than the record's events", seq);
            json_decref(ev);
            break;
        }
        left--;
        json_t *act = json_object_get(ev, "action");
        if (batch == 0) {
            CHECK(json_is_null(act));
        } else {
            char want[32];
            tw_nw_action_format(rec->actions[batch - 1], want, sizeof want);
            CHECK_STR(json_string_value(act), want);
        }
        const char *type = json_string_value(json_object_get(ev, "type"));
        if (!type) {
            tw_test_fail(__FILE__, __LINE__, "seq %d has no type", seq);
            json_decref(ev);
            break;
        }
        if (searching && strcmp(type, "shuffle") != 0 && strcmp(type, "move") != 0)
            tw_test_fail(__FILE__, __LINE__, "seq %d: a deck search's moves are not followed by a shuffle", seq);
        if (strcmp(type, "move") == 0) {
            int card = tw_nw_card_parse(json_string_value(json_object_get(ev, "card")));
            int from = tw_nw_pile_from_key(json_string_value(json_object_get(ev, "from")));
            int to = tw_nw_pile_from_key(json_string_value(json_object_get(ev, "to")));
            REQUIRE(card >= 0 && from >= 0 && to >= 0 && from != to);
            CHECK_INT(json_object_size(ev), 6);
            if (t.zone[card] != from)
                tw_test_fail(__FILE__, __LINE__, "seq %d: card moves from %s but is in %s", seq,
                             tw_nw_pile_key(from), tw_nw_pile_key(t.zone[card]));
            /* Gathering at the end of a visit takes cards from anywhere, and
             * so does a deck search (the deck is shuffled right after); every
             * other move takes the top card of its pile. */
            int taken = tracker_take(&t, from, card, !gathering);
            if (!taken && !gathering && from == TW_NW_PILE_DECK && to == TW_NW_PILE_HAND) {
                taken = tracker_take_searched(&t, card);
                if (searching && card < last_searched) /* a search's moves come in card order */
                    tw_test_fail(__FILE__, __LINE__, "seq %d: a deck search's moves are not in card order", seq);
                searching = taken;
                last_searched = card;
                *seen |= SEEN_SEARCH;
            } else if (searching && !(from == TW_NW_PILE_DECK && to == TW_NW_PILE_HAND)) {
                tw_test_fail(__FILE__, __LINE__, "seq %d: a deck search's moves are not followed by a shuffle", seq);
            }
            if (!taken)
                tw_test_fail(__FILE__, __LINE__, "seq %d: %s is not where the log says", seq,
                             json_string_value(json_object_get(ev, "card")));
            t.zone[card] = to;
            if (to != TW_NW_PILE_HAND)
                t.pile[to][t.n[to]++] = card;
            moves++;
        } else if (strcmp(type, "shuffle") == 0) {
            /* Setup and between visits the deck holds every card; in a visit
             * only a deck search shuffles, what is left of the deck. */
            if (!in_visit || gathering)
                CHECK_INT(t.n[TW_NW_PILE_DECK], TW_NW_CARDS);
            for (int i = 0; i < t.n[TW_NW_PILE_DECK]; i++)
                t.pile[TW_NW_PILE_DECK][i] = -1;
            if (gathering)
                in_visit = 0;
            gathering = 0;
            searching = 0;
        } else if (strcmp(type, "visit") == 0) {
            in_visit = 1;
        } else if (strcmp(type, "visit_end") == 0) {
            gathering = 1;
        } else if (strcmp(type, "peek") == 0) {
            int card = tw_nw_card_parse(json_string_value(json_object_get(ev, "card")));
            int depth = (int)json_integer_value(json_object_get(ev, "depth"));
            int pos = t.n[TW_NW_PILE_DECK] - 1 - depth;
            REQUIRE(card >= 0 && pos >= 0);
            CHECK(t.zone[card] == TW_NW_PILE_DECK);
            CHECK(t.pile[TW_NW_PILE_DECK][pos] == -1 || t.pile[TW_NW_PILE_DECK][pos] == card);
            t.pile[TW_NW_PILE_DECK][pos] = card;
        } else {
            int known = 0;
            for (int k = 1; k <= TW_NW_EV_DECIDED; k++)
                if (strcmp(type, tw_nw_event_key(k)) == 0)
                    known = k;
            CHECK(known);
            *seen |= 1u << known;
        }
        json_decref(ev);
        seq++;
        line = end + 1;
    }
    while (left == 0 && batch < rec->count)
        left = sizes[++batch];
    CHECK_INT(left, 0);
    CHECK_INT(batch, rec->count);
    free(sizes);
    CHECK_INT(moves, expected_moves);
    /* Every card ends where the game left it; piles in the same order. */
    uint32_t hand = 0;
    for (int c = 0; c < TW_NW_CARDS; c++)
        if (t.zone[c] == TW_NW_PILE_HAND)
            hand |= 1u << c;
    CHECK(hand == final->hand);
    CHECK_INT(t.n[TW_NW_PILE_DISCARD], final->discard_n);
    CHECK_INT(t.n[TW_NW_PILE_SCORE], final->score_n);
    CHECK_INT(t.n[TW_NW_PILE_DECK], final->deck_n);
    for (int i = 0; i < final->discard_n && i < t.n[TW_NW_PILE_DISCARD]; i++)
        CHECK_INT(t.pile[TW_NW_PILE_DISCARD][i], final->discard[i]);
    for (int i = 0; i < final->score_n && i < t.n[TW_NW_PILE_SCORE]; i++)
        CHECK_INT(t.pile[TW_NW_PILE_SCORE][i], final->score[i]);
    for (int i = 0; i < final->deck_n && i < t.n[TW_NW_PILE_DECK]; i++) {
        int c = t.pile[TW_NW_PILE_DECK][i];
        CHECK(c == -1 || c == final->deck[i]);
        CHECK(t.zone[final->deck[i]] == TW_NW_PILE_DECK);
    }
}

/* Counts the card moves in a batch of events. */
static int count_moves(const tw_nw_events *ev)
{
    int n = 0;
    for (int i = 0; i < ev->count; i++)
        n += ev->items[i].type == TW_NW_EV_MOVE;
    return n;
}

TEST(nw_files_event_log_replays_every_move)
{
    /* The crown characters' events and a deck search (Baron of Claws)
     * must show up in the full games. */
    const uint32_t wanted = 1u << TW_NW_EV_VISIT_MOVE | 1u << TW_NW_EV_READY | 1u << TW_NW_EV_TRIGGER | SEEN_SEARCH;
    uint32_t seen = 0;
    for (int g = 0; g < 16 || ((seen & wanted) != wanted && g < 200); g++) {
        static tw_nw_record rec;
        tw_nw_config cfg = {g % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, (uint64_t)g + 900, 0, TW_NW_VARIANT_MEDALS, 0};
        REQUIRE(tw_nw_record_init(&rec, catalog(), catalog()->count, &cfg) == TW_OK);
        tw_nw_state s;
        tw_nw_events ev;
        ev.count = ev.overflow = 0;
        REQUIRE(tw_nw_new(&s, catalog(), &cfg, &ev) == TW_OK);
        int moves = count_moves(&ev);
        tw_rng pick;
        tw_rng_seed(&pick, (uint64_t)g);
        /* Half the games stop mid-visit, so the piles are not empty. */
        int limit = g % 4 == 3 ? 25 : 1000;
        for (int i = 0; i < limit && !tw_nw_is_over(&s); i++) {
            tw_nw_action a = random_action(&s, &pick);
            ev.count = 0;
            REQUIRE(tw_nw_apply(&s, a, &ev) == TW_OK);
            CHECK(!ev.overflow);
            moves += count_moves(&ev);
            REQUIRE(tw_nw_record_push(&rec, a) == TW_OK);
        }
        tw_buf log = {0};
        REQUIRE(tw_nw_record_event_log(&rec, &log) == TW_OK);
        REQUIRE(log.data);
        CHECK(moves > 40);
        check_log_against_state(log.data, &s, &rec, moves, &seen);
        if (g == 0) {
            const char *path = tw_test_tmp("events.jsonl");
            REQUIRE(tw_nw_event_log_save(&rec, path) == TW_OK);
            tw_diag d;
            char *back = tw_read_file(path, NULL, &d);
            CHECK(back && strcmp(back, log.data) == 0);
            free(back);
            CHECK_CONTAINS(log.data, "{\"seq\":0,\"action\":null,\"type\":\"shuffle\"}\n");
            CHECK_CONTAINS(log.data, "\"type\":\"visit\",\"fief\":");
        }
        tw_buf_free(&log);
        tw_nw_record_free(&rec);
    }
    CHECK_INT(seen & wanted, wanted);
}

TEST(nw_files_event_lines_by_type)
{
    tw_nw_events ev;
    memset(&ev, 0, sizeof ev);
    tw_nw_event items[] = {
        {TW_NW_EV_MOVE, TW_NW_CARD(TW_NW_EYES, 7), TW_NW_PILE_DECK, TW_NW_PILE_HAND, 0, 0, 0},
        {TW_NW_EV_VISIT_END, TW_NW_NO_CARD, 0, 0, 3, 1, 3},
        {TW_NW_EV_RESPONSE, TW_NW_CARD(TW_NW_CLAWS, 2), 0, 0, 1, 0, 0},
        {TW_NW_EV_RULER_SWAP, TW_NW_NO_CARD, 0, 0, 4, 6, 0},
        {TW_NW_EV_NAME_SUIT, TW_NW_NO_CARD, 0, 0, TW_NW_LEAVES, 0, 0},
        {TW_NW_EV_PEEK, TW_NW_CARD(TW_NW_FLOWERS, 1), 0, 0, 2, 0, 0},
        {TW_NW_EV_GAME_END, TW_NW_NO_CARD, 0, 0, 17, 1, 0},
        {TW_NW_EV_SUBSTITUTE, TW_NW_NO_CARD, 0, 0, 5, 2, 0},
        {TW_NW_EV_VISIT_MOVE, TW_NW_NO_CARD, 0, 0, 3, 5, 0},
        {TW_NW_EV_READY, TW_NW_NO_CARD, 0, 0, 1, 0, 0},
        {TW_NW_EV_TRIGGER, TW_NW_NO_CARD, 0, 0, 2, 0, 0},
        {TW_NW_EV_TRIGGER, TW_NW_NO_CARD, 0, 0, 2, 1, 0},
        {TW_NW_EV_TRIGGER, TW_NW_NO_CARD, 0, 0, 3, 2, 0},
        {TW_NW_EV_DECIDED, TW_NW_NO_CARD, 0, 0, 6, 1, 0},
        {TW_NW_EV_DECIDED, TW_NW_NO_CARD, 0, 0, 0, 0, 0},
    };
    ev.count = (int)(sizeof items / sizeof items[0]);
    memcpy(ev.items, items, sizeof items);
    tw_buf buf = {0};
    int seq = 10;
    tw_nw_events_to_jsonl(&ev, TW_NW_ACTION(TW_NW_ACT_RESPOND, TW_NW_CARD(TW_NW_CLAWS, 2)), &seq, &buf);
    CHECK_INT(seq, 25);
    REQUIRE(buf.data);
    CHECK_CONTAINS(buf.data, "{\"seq\":10,\"action\":\"respond 2C\",\"type\":\"move\",\"card\":\"7E\",\"from\":\"deck\",\"to\":\"hand\"}\n");
    CHECK_CONTAINS(buf.data, "\"type\":\"visit_end\",\"fief\":3,\"friendly\":true,\"score\":3}");
    CHECK_CONTAINS(buf.data, "\"type\":\"response\",\"card\":\"2C\",\"scored\":true}");
    CHECK_CONTAINS(buf.data, "\"type\":\"ruler_swap\",\"fief\":4,\"other\":6}");
    CHECK_CONTAINS(buf.data, "\"type\":\"name_suit\",\"suit\":\"leaves\"}");
    CHECK_CONTAINS(buf.data, "\"type\":\"peek\",\"card\":\"1F\",\"depth\":2}");
    CHECK_CONTAINS(buf.data, "\"type\":\"game_end\",\"stars\":17,\"stopped\":true}");
    CHECK_CONTAINS(buf.data, "{\"seq\":17,\"action\":\"respond 2C\",\"type\":\"substitute\",\"fief\":5,\"slot\":2}\n");
    CHECK_CONTAINS(buf.data, "{\"seq\":18,\"action\":\"respond 2C\",\"type\":\"visit_move\",\"from\":3,\"to\":5}\n");
    CHECK_CONTAINS(buf.data, "\"type\":\"ready\",\"slot\":1}\n");
    CHECK_CONTAINS(buf.data, "\"type\":\"trigger\",\"slot\":2,\"stage\":\"armed\"}\n");
    CHECK_CONTAINS(buf.data, "\"type\":\"trigger\",\"slot\":2,\"stage\":\"fires\"}\n");
    CHECK_CONTAINS(buf.data, "\"type\":\"trigger\",\"slot\":3,\"stage\":\"lost\"}\n");
    CHECK_CONTAINS(buf.data, "\"type\":\"decided\",\"fief\":6,\"hit\":true}\n");
    CHECK_CONTAINS(buf.data, "{\"seq\":24,\"action\":\"respond 2C\",\"type\":\"decided\",\"fief\":0,\"hit\":false}\n");
    tw_buf_free(&buf);
    CHECK(tw_nw_event_key(0) == NULL);
    CHECK_STR(tw_nw_event_key(TW_NW_EV_STARS), "stars");
    CHECK(tw_nw_event_key(TW_NW_EV_STARS + 1) == NULL);
    CHECK_STR(tw_nw_event_key(TW_NW_EV_ABILITY_END), "ability_end");
    CHECK_STR(tw_nw_event_key(TW_NW_EV_VISIT_MOVE), "visit_move");
    CHECK_STR(tw_nw_event_key(TW_NW_EV_DECIDED), "decided");
}

/* ---- Positions ---------------------------------------------------------- */

enum {
    KIND_CHOOSE, KIND_SUBSTITUTES, KIND_BEFORE, KIND_RESPONSE, KIND_PICK_CARD, KIND_NAME_SUIT, KIND_PICK_FIEF,
    KIND_OVER, KIND_STOPPED, KIND_PAIR_SECOND, KIND_NAMED_CARD,
    /* what the crown characters bring */
    KIND_ALLY, KIND_CONTINUE, KIND_MAY_PASS, KIND_MOVE_VISIT, KIND_MOVED, KIND_TRIGGER, KIND_TRIGGERED, KIND_REPEAT,
    KIND_MEMO, KIND_SEARCHED, KIND_COUNT
};

static const char *const KIND_NAMES[KIND_COUNT] = {
    "choose_fief", "substitutes", "before_statement", "response", "ability/card", "ability/suit", "ability/fief",
    "game_over", "game_over (stopped)", "ability/second card of a pair", "ability/card of the named suit",
    "ability/ally", "ability/continue", "ability/card that may be passed", "ability/fief to move the visit to",
    "a visit moved to another fief", "a trigger armed for the next response", "ability/a trigger after a response",
    "ability/a repeated body", "ability/cards adding up to a remembered value", "a deck searched and shuffled"};

/* What happened earlier in the game that a position must carry. */
typedef struct {
    int visit_fief; /* the fief chosen by the last "visit" */
    int searched;   /* a deck search happened in this visit */
} history;

/* The kinds of position a state is, one bit per kind. */
static uint32_t kinds_of(const tw_nw_state *s, const history *h)
{
    uint32_t kinds = 0;
    int in_visit = s->phase != TW_NW_PHASE_CHOOSE_FIEF && s->phase != TW_NW_PHASE_GAME_OVER;
    if (in_visit && s->visiting != h->visit_fief)
        kinds |= 1u << KIND_MOVED;
    if (in_visit && h->searched)
        kinds |= 1u << KIND_SEARCHED;
    if (s->trigger.active)
        kinds |= 1u << KIND_TRIGGER;
    switch (s->phase) {
    case TW_NW_PHASE_CHOOSE_FIEF: return kinds | 1u << KIND_CHOOSE;
    case TW_NW_PHASE_SUBSTITUTES: return kinds | 1u << KIND_SUBSTITUTES;
    case TW_NW_PHASE_BEFORE_STATEMENT: return kinds | 1u << KIND_BEFORE;
    case TW_NW_PHASE_RESPONSE: return kinds | 1u << KIND_RESPONSE;
    case TW_NW_PHASE_GAME_OVER: return kinds | 1u << (s->stopped ? KIND_STOPPED : KIND_OVER);
    default: break;
    }
    int op = s->run.program[s->run.pc].op;
    if (s->run.triggered)
        kinds |= 1u << KIND_TRIGGERED;
    if (s->run.repeat_left)
        kinds |= 1u << KIND_REPEAT;
    if (op == TW_NW_OP_MOVE_SUM)
        kinds |= 1u << KIND_MEMO;
    if (s->run.choice == TW_NW_CHOICE_SUIT)
        return kinds | 1u << KIND_NAME_SUIT;
    if (s->run.choice == TW_NW_CHOICE_FIEF)
        return kinds | 1u << (op == TW_NW_OP_MOVE_VISIT ? KIND_MOVE_VISIT : KIND_PICK_FIEF);
    if (s->run.choice == TW_NW_CHOICE_SLOT)
        return kinds | 1u << KIND_ALLY;
    if (s->run.choice == TW_NW_CHOICE_CONTINUE)
        return kinds | 1u << KIND_CONTINUE;
    if (s->run.may_pass)
        return kinds | 1u << KIND_MAY_PASS;
    if (s->run.first_pick != TW_NW_NO_CARD)
        return kinds | 1u << KIND_PAIR_SECOND;
    if (s->run.named_suit != TW_NW_NO_CARD)
        return kinds | 1u << KIND_NAMED_CARD;
    return kinds | 1u << KIND_PICK_CARD;
}

/* Applies an action and keeps the history up to date. */
static void apply_tracked(tw_nw_state *s, tw_nw_action a, history *h)
{
    static tw_nw_events ev;
    ev.count = ev.overflow = 0;
    tw_nw_apply(s, a, &ev);
    if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_VISIT) {
        h->visit_fief = TW_NW_ACTION_ARG(a);
        h->searched = 0;
    }
    /* A shuffle before any visit end is a deck search; after one, it is
     * the next visit's deal. */
    int ended = 0;
    for (int i = 0; i < ev.count; i++) {
        if (ev.items[i].type == TW_NW_EV_VISIT_END) {
            ended = 1;
            h->searched = 0;
        } else if (ev.items[i].type == TW_NW_EV_SHUFFLE && !ended) {
            h->searched = 1;
        }
    }
}

/* Finds one state of every kind by playing seeded random games. */
static int collect_positions(tw_nw_state found[KIND_COUNT], int have[KIND_COUNT])
{
    memset(have, 0, KIND_COUNT * sizeof have[0]);
    int missing = KIND_COUNT;
    tw_rng pick;
    tw_rng_seed(&pick, 2024);
    for (int g = 0; g < 3000 && missing; g++) {
        tw_nw_state s;
        history h = {-1, 0};
        tw_nw_config cfg = {g % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, (uint64_t)g, 0, TW_NW_VARIANT_MEDALS, 0};
        if (tw_nw_new(&s, catalog(), &cfg, NULL) != TW_OK)
            return 0;
        for (;;) {
            uint32_t kinds = kinds_of(&s, &h);
            for (int k = 0; k < KIND_COUNT; k++)
                if ((kinds & (1u << k)) && !have[k]) {
                    found[k] = s;
                    have[k] = 1;
                    missing--;
                }
            if (tw_nw_is_over(&s))
                break;
            apply_tracked(&s, random_action(&s, &pick), &h);
        }
    }
    return KIND_COUNT - missing;
}

/* Plays the same random actions from two states and checks they stay
 * equal to the end of the game (the RNG and the ability state matter). */
static void check_same_future(const tw_nw_state *a, const tw_nw_state *b, uint64_t seed, const char *what)
{
    tw_nw_state x = *a, y = *b;
    tw_rng pick;
    tw_rng_seed(&pick, seed);
    for (int i = 0; i < 500 && !tw_nw_is_over(&x); i++) {
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        int n = tw_nw_legal_actions(&x, acts);
        tw_nw_action act = acts[tw_rng_below(&pick, (uint32_t)n)];
        if (tw_nw_apply(&x, act, NULL) != TW_OK || tw_nw_apply(&y, act, NULL) != TW_OK) {
            tw_test_fail(__FILE__, __LINE__, "%s: apply failed", what);
            return;
        }
        const char *diff = state_diff(&x, &y);
        if (diff) {
            tw_test_fail(__FILE__, __LINE__, "%s: diverged in %s after %d actions", what, diff, i + 1);
            return;
        }
    }
}

TEST(nw_files_position_round_trip_every_phase)
{
    static tw_nw_state found[KIND_COUNT];
    int have[KIND_COUNT];
    int n = collect_positions(found, have);
    for (int k = 0; k < KIND_COUNT; k++)
        if (!have[k])
            tw_test_fail(__FILE__, __LINE__, "no %s position found", KIND_NAMES[k]);
    CHECK_INT(n, KIND_COUNT);
    for (int k = 0; k < KIND_COUNT; k++) {
        if (!have[k])
            continue;
        tw_buf json = {0};
        tw_nw_state back;
        tw_diag d;
        REQUIRE(tw_nw_position_to_json(&found[k], catalog(), &json) == TW_OK);
        tw_error err = tw_nw_position_from_text(&back, catalog(), json.data, KIND_NAMES[k], &d);
        if (err != TW_OK) {
            char msg[700];
            tw_diag_format(&d, msg, sizeof msg);
            tw_test_fail(__FILE__, __LINE__, "%s does not load: %s\n%s", KIND_NAMES[k], msg, json.data);
            tw_buf_free(&json);
            continue;
        }
        const char *diff = state_diff(&found[k], &back);
        if (diff)
            tw_test_fail(__FILE__, __LINE__, "%s: loaded state differs in %s", KIND_NAMES[k], diff);
        CHECK((strstr(json.data, "\"ability\": {") != NULL) == (found[k].phase == TW_NW_PHASE_ABILITY));
        CHECK((strstr(json.data, "\"trigger\": {") != NULL) == (found[k].trigger.active != 0));
        CHECK_CONTAINS(json.data, "\"finish\": false,");
        check_same_future(&found[k], &back, (uint64_t)k, KIND_NAMES[k]);
        /* Saving the loaded state again gives the same text. */
        tw_buf again = {0};
        REQUIRE(tw_nw_position_to_json(&back, catalog(), &again) == TW_OK);
        CHECK(strcmp(again.data, json.data) == 0);
        tw_buf_free(&again);
        tw_buf_free(&json);
    }
    /* Through a file too. */
    const char *path = tw_test_tmp("position.json");
    tw_nw_state back;
    tw_diag d;
    REQUIRE(tw_nw_position_save(&found[KIND_RESPONSE], catalog(), path) == TW_OK);
    REQUIRE(tw_nw_position_load(&back, catalog(), path, &d) == TW_OK);
    CHECK(state_diff(&found[KIND_RESPONSE], &back) == NULL);
    CHECK(tw_nw_position_load(&back, catalog(), tw_test_tmp("no-such-file.json"), &d) == TW_ERR_IO);
    /* A game that offers "finish" keeps offering it. (At its end: the
     * offer is asked of the engine only during a visit.) */
    tw_nw_state offered = found[KIND_OVER];
    offered.offer_finish = 1;
    tw_buf json = {0};
    REQUIRE(tw_nw_position_to_json(&offered, catalog(), &json) == TW_OK);
    CHECK_CONTAINS(json.data, "\"finish\": true,");
    REQUIRE(tw_nw_position_from_text(&back, catalog(), json.data, "finish.json", &d) == TW_OK);
    CHECK_INT(back.offer_finish, 1);
    CHECK(state_diff(&offered, &back) == NULL);
    tw_buf_free(&json);
}

TEST(nw_files_position_refuses_unsound_state)
{
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 8, 0, TW_NW_VARIANT_MEDALS, 0};
    REQUIRE(tw_nw_new(&s, catalog(), &cfg, NULL) == TW_OK);
    tw_buf json = {0};
    s.discard[s.discard_n++] = s.deck[0]; /* a card in two places */
    CHECK(tw_nw_position_to_json(&s, catalog(), &json) == TW_ERR_ARG);
    REQUIRE(tw_nw_new(&s, catalog(), &cfg, NULL) == TW_OK);
    s.fiefs[2].ruler.steps[0].c++; /* no longer its catalog entry */
    CHECK(tw_nw_position_to_json(&s, catalog(), &json) == TW_ERR_ARG);
    tw_buf_free(&json);
}

TEST(nw_files_position_minimal_hand_written)
{
    /* Optional fields left out: seed instead of rng, no deck_known, no
     * ruler_present / substitute_slot / exhausted. */
    const char *text =
        "{\"format\": \"trickwood-position\", \"version\": 1, \"game\": \"northwood\",\n"
        " \"setup\": \"intro\", \"medal\": \"silver\", \"phase\": \"choose_fief\", \"seed\": 5,\n"
        " \"fiefs\": [{\"ruler\": \"queen-of-claws\", \"status\": \"friendly\"},\n"
        "           {\"ruler\": \"king-of-claws\", \"status\": \"lost\"},\n"
        "           {\"ruler\": \"queen-of-flowers\", \"status\": \"neutral\"},\n"
        "           {\"ruler\": \"king-of-flowers\", \"status\": \"neutral\"},\n"
        "           {\"ruler\": \"queen-of-leaves\", \"status\": \"neutral\"},\n"
        "           {\"ruler\": \"king-of-leaves\", \"status\": \"neutral\"},\n"
        "           {\"ruler\": \"queen-of-eyes\", \"status\": \"neutral\"},\n"
        "           {\"ruler\": \"king-of-eyes\", \"status\": \"neutral\"}],\n"
        " \"slots\": [{\"ally\": \"jack-of-claws\"}, {\"ally\": \"jack-of-flowers\"},\n"
        "           {\"ally\": \"jack-of-leaves\"}, {\"ally\": \"jack-of-eyes\"}],\n"
        " \"deck\": [\"1C\",\"2C\",\"3C\",\"4C\",\"5C\",\"6C\",\"7C\",\"8C\",\"1F\",\"2F\",\"3F\",\"4F\",\n"
        "          \"5F\",\"6F\",\"7F\",\"8F\",\"1L\",\"2L\",\"3L\",\"4L\",\"5L\",\"6L\",\"7L\",\"8L\"],\n"
        " \"hand\": [\"1E\",\"2E\",\"3E\",\"4E\",\"5E\",\"6E\",\"7E\",\"8E\"], \"discard\": [], \"score\": []}\n";
    tw_nw_state s;
    tw_diag d;
    tw_error err = tw_nw_position_from_text(&s, catalog(), text, "mini.json", &d);
    if (err != TW_OK) {
        char msg[700];
        tw_diag_format(&d, msg, sizeof msg);
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
        return;
    }
    CHECK_INT(s.medal, TW_NW_MEDAL_SILVER);
    CHECK_INT(s.fiefs[0].ruler_present, 1);
    CHECK_INT(s.fiefs[1].ruler_present, 0);
    CHECK_INT(s.fiefs[5].sub_slot, -1);
    CHECK_INT(s.deck[23], TW_NW_CARD(TW_NW_LEAVES, 8));
    CHECK_INT(s.deck_known, 0);
    CHECK_INT(tw_nw_stars_won(&s), 4);
    tw_rng r;
    tw_rng_seed(&r, 5);
    CHECK(s.rng.state == r.state && s.rng.inc == r.inc);
    /* Visiting fief 2 brings the friendly ruler of fief 0 as a possible
     * substitute, then the statement is the top deck card 8L. */
    REQUIRE(tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_VISIT, 2), NULL) == TW_OK);
    CHECK_INT(s.phase, TW_NW_PHASE_SUBSTITUTES);
    REQUIRE(tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_BEGIN, 0), NULL) == TW_OK);
    REQUIRE(tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_PROCEED, 0), NULL) == TW_OK);
    CHECK_INT(tw_nw_statement(&s), TW_NW_CARD(TW_NW_LEAVES, 8));
}

/* A mid-visit position text (response phase) for the bad-input tests. */
static char *response_position(tw_nw_state *out)
{
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 61, 0, TW_NW_VARIANT_MEDALS, 0};
    if (tw_nw_new(&s, catalog(), &cfg, NULL) != TW_OK)
        return NULL;
    tw_nw_apply(&s, TW_NW_ACTION(TW_NW_ACT_VISIT, 3), NULL);
    while (s.phase != TW_NW_PHASE_RESPONSE) {
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        tw_nw_legal_actions(&s, acts);
        tw_nw_apply(&s, acts[0], NULL); /* begin / proceed */
    }
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    tw_nw_legal_actions(&s, acts);
    tw_nw_apply(&s, acts[0], NULL); /* one response, so the piles hold cards */
    while (s.phase != TW_NW_PHASE_RESPONSE) {
        tw_nw_legal_actions(&s, acts);
        tw_nw_apply(&s, acts[0], NULL);
    }
    tw_buf json = {0};
    if (tw_nw_position_to_json(&s, catalog(), &json) != TW_OK)
        return NULL;
    *out = s;
    return json.data; /* the caller frees */
}

/* Loads a mutated position and checks the reported field and line. */
static void expect_bad_position(const char *text, const char *old, const char *with, const char *field, int line,
                                const char *words, int test_line)
{
    char *bad = replace_once(text, old, with);
    if (!bad) {
        tw_test_fail(__FILE__, test_line, "'%s' not in the position text", old);
        return;
    }
    tw_nw_state s;
    tw_diag d;
    tw_error err = tw_nw_position_from_text(&s, catalog(), bad, "pos.json", &d);
    char msg[700];
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_ERR_PARSE || strcmp(d.field, field) != 0 || d.line != line || (words && !strstr(d.message, words)))
        tw_test_fail(__FILE__, test_line, "expected field '%s' line %d%s%s, got: %s", field, line,
                     words ? " saying " : "", words ? words : "", msg);
    free(bad);
}

#define EXPECT_BAD(text, old, with, field, line, words) \
    expect_bad_position(text, old, with, field, line, words, __LINE__)

/* Like EXPECT_BAD with the whole line `line` of text replaced. */
static void expect_bad_line(const char *text, int line, const char *with, const char *field, const char *words,
                            int test_line)
{
    char *bad = replace_line(text, line, with);
    if (!bad) {
        tw_test_fail(__FILE__, test_line, "no line %d in the position text", line);
        return;
    }
    expect_bad_position(bad, "\"format\"", "\"format\"", field, line, words, test_line);
    free(bad);
}

#define EXPECT_BAD_LINE(text, line, with, field, words) expect_bad_line(text, line, with, field, words, __LINE__)

TEST(nw_files_bad_positions)
{
    tw_nw_state s;
    char *text = response_position(&s);
    REQUIRE(text);
    char code[4], deck0[8], hand0[8], first_ruler[80];
    tw_nw_card_code(s.deck[0], code);
    snprintf(deck0, sizeof deck0, "\"%s\"", code);
    tw_nw_card_code(tw_lowest_bit32(s.hand), code);
    snprintf(hand0, sizeof hand0, "\"%s\"", code);
    snprintf(first_ruler, sizeof first_ruler, "\"ruler\": \"%s\"", catalog()->entries[s.fiefs[0].ruler.catalog_index].id);
    int fiefs_line = line_of(text, "\"fiefs\"");
    int hand_line = line_of(text, "\"hand\"");
    int deck_line = line_of(text, "\"deck\"");

    /* Invalid JSON. */
    EXPECT_BAD(text, "\"version\": 1,", "\"version\": 1", "", line_of(text, "\"game\""), "not valid JSON");
    EXPECT_BAD(text, "\"format\": \"trickwood-position\"", "\"format\": \"trickwood-record\"", "format", 2, NULL);
    EXPECT_BAD(text, "\"version\": 1", "\"version\": \"1\"", "version", 3, NULL);
    /* Unknown character id. */
    EXPECT_BAD(text, first_ruler, "\"ruler\": \"nobody\"", "fiefs[0].ruler", fiefs_line + 1, "unknown character");
    /* The same character twice. */
    char twice[80];
    snprintf(twice, sizeof twice, "{\"ally\": \"%s\"", catalog()->entries[s.fiefs[0].ruler.catalog_index].id);
    EXPECT_BAD(text, "{\"ally\": \"jack-of-claws\"", twice, "slots[0].ally", line_of(text, "\"jack-of-claws\""),
               "already in play");
    /* A card twice: the first hand card replaced by the bottom deck card. */
    char dup[64];
    snprintf(dup, sizeof dup, "\"hand\": [%s", deck0);
    char hand_open[64];
    snprintf(hand_open, sizeof hand_open, "\"hand\": [%s", hand0);
    EXPECT_BAD(text, hand_open, dup, "hand[0]", hand_line, "already in deck[0]");
    /* A card missing: the first hand card removed. */
    char removed[64];
    snprintf(removed, sizeof removed, "%s, ", hand_open);
    EXPECT_BAD(text, removed, "\"hand\": [", "deck", deck_line, "none of");
    /* Invalid card code. */
    char deck_open[64], deck_bad[64];
    snprintf(deck_open, sizeof deck_open, "\"deck\": [%s", deck0);
    snprintf(deck_bad, sizeof deck_bad, "\"deck\": [\"9C\"");
    EXPECT_BAD(text, deck_open, deck_bad, "deck[0]", deck_line, "card code");
    snprintf(deck_bad, sizeof deck_bad, "\"deck\": [7");
    EXPECT_BAD(text, deck_open, deck_bad, "deck[0]", deck_line, "card code");
    /* Incoherent phases. */
    EXPECT_BAD(text, "\"phase\": \"response\"", "\"phase\": \"choose_fief\"", "visiting", line_of(text, "\"visiting\""),
               "null between visits");
    EXPECT_BAD(text, "\"phase\": \"response\"", "\"phase\": \"game_over\"", "phase", line_of(text, "\"phase\""),
               "not stopped");
    EXPECT_BAD(text, "\"phase\": \"response\"", "\"phase\": \"ability\"", "ability", 1, "missing");
    EXPECT_BAD(text, "\"stopped\": false", "\"stopped\": true", "stopped", line_of(text, "\"stopped\""), NULL);
    EXPECT_BAD(text, "\"phase\": \"response\"", "\"phase\": \"substitutes\"", "hand", hand_line, "8 cards");
    EXPECT_BAD(text, "\"phase\": \"response\"", "\"phase\": \"pondering\"", "phase", line_of(text, "\"phase\""),
               "\"response\"");
    EXPECT_BAD(text, "  \"rng\"", "  \"ability\": {},\n  \"rng\"", "ability", line_of(text, "\"rng\""),
               "only allowed");
    /* Bad types and shapes. */
    EXPECT_BAD(text, "\"stopped\": false", "\"stopped\": \"no\"", "stopped", line_of(text, "\"stopped\""), "true or false");
    char visiting[32];
    snprintf(visiting, sizeof visiting, "\"visiting\": %d", s.visiting);
    EXPECT_BAD(text, visiting, "\"visiting\": \"3\"", "visiting", line_of(text, "\"visiting\""), "whole number");
    EXPECT_BAD(text, visiting, "\"visiting\": 8", "visiting", line_of(text, "\"visiting\""), "0 to 7");
    EXPECT_BAD(text, "\"fiefs\": [\n", "\"fiefs\": [\n    {\"ruler\": \"x\", \"status\": \"neutral\"},\n", "fiefs",
               fiefs_line, "exactly" /* wording below */);
    EXPECT_BAD(text, "\"status\": \"", "\"colour\": \"red\", \"status\": \"", "fiefs[0].colour", fiefs_line + 1,
               "unknown field");
    EXPECT_BAD(text, "  \"rng\"", "  \"turn\": 3,\n  \"rng\"", "turn", line_of(text, "\"rng\""), "unknown field");
    EXPECT_BAD(text, "\"substitute_slot\": null", "\"substitute_slot\": 9", "fiefs[0].substitute_slot",
               fiefs_line + 1, NULL);
    if (s.deck_known)
        EXPECT_BAD(text, "\"deck_known\": [", "\"deck_known\": [31, ", "deck_known[0]",
                   line_of(text, "\"deck_known\""), "deck position");
    else
        EXPECT_BAD(text, "\"deck_known\": []", "\"deck_known\": [31]", "deck_known[0]",
                   line_of(text, "\"deck_known\""), "deck position");
    free(text);
}

TEST(nw_files_bad_position_rng_and_ability)
{
    static tw_nw_state found[KIND_COUNT];
    int have[KIND_COUNT];
    collect_positions(found, have);
    REQUIRE(have[KIND_PICK_CARD] && have[KIND_PICK_FIEF]);
    tw_buf json = {0};
    REQUIRE(tw_nw_position_to_json(&found[KIND_PICK_FIEF], catalog(), &json) == TW_OK);
    const char *text = json.data;
    int ability_line = line_of(text, "\"ability\": {");
    int rng_line = line_of(text, "\"rng\"");
    char inc[64];
    snprintf(inc, sizeof inc, "\"inc\": \"%016llx\"", (unsigned long long)found[KIND_PICK_FIEF].rng.inc);
    char even[64];
    snprintf(even, sizeof even, "\"inc\": \"%016llx\"", (unsigned long long)found[KIND_PICK_FIEF].rng.inc - 1);
    EXPECT_BAD(text, inc, even, "rng.inc", rng_line, "odd");
    EXPECT_BAD(text, inc, "\"inc\": \"xyz\"", "rng.inc", rng_line, "hexadecimal");
    EXPECT_BAD(text, "  \"rng\"", "  \"seed\": 3,\n  \"rng\"", "seed", rng_line, "not both");
    /* Lines of the ability object: 0 "ability", 1 slot and pc, 2 program,
     * 3 choice to step_started, 4 may_pass to triggered, 5 pending. */
    EXPECT_BAD(text, "\"choice\": \"fief\"", "\"choice\": \"card\"", "ability.pending[0]", ability_line + 5,
               "card code");
    EXPECT_BAD(text, "\"choice\": \"fief\"", "\"choice\": \"dream\"", "ability.choice", ability_line + 3, NULL);
    EXPECT_BAD(text, "{\"op\": \"swap_ruler\"", "{\"op\": \"swap_rulers\"", "ability.program[0].op", ability_line + 2,
               "unknown operation");
    EXPECT_BAD(text, "\"step_started\": true", "\"step_started\": false", "ability.step_started", ability_line + 3,
               NULL);
    char visited[32];
    snprintf(visited, sizeof visited, "\"pending\": [%d, ", found[KIND_PICK_FIEF].visiting);
    EXPECT_BAD(text, "\"pending\": [", visited, "ability.pending", ability_line + 5, "only other unvisited");
    tw_buf_free(&json);

    /* Card choice: a pending card outside the hand. */
    REQUIRE(tw_nw_position_to_json(&found[KIND_PICK_CARD], catalog(), &json) == TW_OK);
    text = json.data;
    ability_line = line_of(text, "\"ability\": {");
    uint32_t outside = ~found[KIND_PICK_CARD].hand;
    char code[4], pend[32];
    tw_nw_card_code(tw_lowest_bit32(outside), code);
    snprintf(pend, sizeof pend, "\"pending\": [\"%s\", ", code);
    EXPECT_BAD(text, "\"pending\": [", pend, "ability.pending", ability_line + 5, "in the hand");
    EXPECT_BAD(text, "\"pc\": ", "\"pc\": 1", "ability.pc", ability_line + 1, NULL);
    tw_buf_free(&json);
}

/* The position text of a state (the caller frees). */
static char *position_text(const tw_nw_state *s)
{
    tw_buf json = {0};
    if (tw_nw_position_to_json(s, catalog(), &json) != TW_OK) {
        tw_buf_free(&json);
        return NULL;
    }
    return json.data;
}

/* A copy of text without the line holding needle (the caller frees). */
static char *without_line(const char *text, const char *needle)
{
    int line = line_of(text, needle);
    char *out = line > 0 ? replace_line(text, line, "") : NULL;
    char *blank = out ? strstr(out, "\n\n") : NULL;
    if (blank)
        memmove(blank, blank + 1, strlen(blank + 1) + 1);
    return out;
}

TEST(nw_files_bad_crown_positions)
{
    static tw_nw_state found[KIND_COUNT];
    int have[KIND_COUNT];
    collect_positions(found, have);
    REQUIRE(have[KIND_ALLY] && have[KIND_CONTINUE] && have[KIND_MAY_PASS] && have[KIND_REPEAT] &&
            have[KIND_TRIGGER] && have[KIND_MOVE_VISIT] && have[KIND_PICK_CARD]);
    char old[64], with[64];

    /* Lady of Leaves waiting for an ally to make ready. */
    const tw_nw_state *ally = &found[KIND_ALLY];
    char *text = position_text(ally);
    REQUIRE(text);
    CHECK_CONTAINS(text, "\"choice\": \"ally\"");
    int ability_line = line_of(text, "\"ability\": {");
    int extras_line = line_of(text, "\"may_pass\"");
    int pending_line = line_of(text, "\"pending\"");
    CHECK_INT(extras_line, ability_line + 4);
    CHECK_INT(pending_line, ability_line + 5);
    EXPECT_BAD(text, "\"pending\": [", "\"pending\": [7, ", "ability.pending[0]", pending_line,
               "ally slot from 0 to 3");
    EXPECT_BAD(text, "\"pending\": [", "\"pending\": [\"7E\", ", "ability.pending[0]", pending_line, "ally slot");
    snprintf(with, sizeof with, "\"pending\": [%d, ", ally->run.slot);
    EXPECT_BAD(text, "\"pending\": [", with, "ability.pending", pending_line, "another exhausted ally");
    EXPECT_BAD(text, "\"choice\": \"ally\"", "\"choice\": \"fief\"", "ability.choice", ability_line + 3,
               "(\"ready_ally\") does not ask for choice \"fief\"");
    EXPECT_BAD_LINE(text, pending_line, "    \"pending\": []", "ability.pending", "only when something can be picked");
    EXPECT_BAD(text, "\"choice\": \"ally\"", "\"choice\": \"slot\"", "ability.choice", ability_line + 3, "\"ally\"");
    EXPECT_BAD(text, "\"may_pass\": false", "\"may_pass\": \"no\"", "ability.may_pass", extras_line, "true or false");
    EXPECT_BAD(text, "\"may_pass\": false", "\"may_pass\": true", "ability.may_pass", extras_line, "must be false");
    snprintf(old, sizeof old, "\"memo\": %d,", ally->run.memo);
    EXPECT_BAD(text, old, "\"memo\": 145,", "ability.memo", extras_line, "0 to 144");
    EXPECT_BAD(text, old, "\"memo\": -1,", "ability.memo", extras_line, "0 to 144");
    EXPECT_BAD(text, "\"repeat_left\": 0", "\"repeat_left\": 4", "ability.repeat_left", extras_line, "0 to 3");
    EXPECT_BAD(text, "\"repeat_left\": 0", "\"repeat_left\": 1", "ability.repeat_start", extras_line,
               "\"repeat\" step");
    snprintf(with, sizeof with, "\"repeat_end\": %d", ally->run.len + 1);
    EXPECT_BAD(text, "\"repeat_end\": 0", with, "ability.repeat_end", extras_line, "whole number from 0 to");
    EXPECT_BAD(text, "\"repeat_start\": 0", "\"repeat_start\": 1", "ability.repeat_end", extras_line,
               "not be below repeat_start");
    EXPECT_BAD(text, "\"triggered\": false", "\"triggered\": 0", "ability.triggered", extras_line, "true or false");
    EXPECT_BAD(text, "\"triggered\": false", "\"triggered\": false, \"trigered\": true", "ability.trigered",
               extras_line, "unknown field");
    EXPECT_BAD(text, "\"finish\": false", "\"finish\": 1", "finish", line_of(text, "\"finish\""), "true or false");
    free(text);

    /* Prince of Claws asking whether to draw on. */
    text = position_text(&found[KIND_CONTINUE]);
    REQUIRE(text);
    CHECK_CONTAINS(text, "\"choice\": \"continue\"");
    CHECK_CONTAINS(text, "\"may_pass\": true");
    CHECK_CONTAINS(text, "\"pending\": []");
    pending_line = line_of(text, "\"pending\"");
    extras_line = line_of(text, "\"may_pass\"");
    EXPECT_BAD(text, "\"pending\": []", "\"pending\": [1]", "ability.pending", pending_line, "must be []");
    EXPECT_BAD(text, "\"may_pass\": true", "\"may_pass\": false", "ability.may_pass", extras_line, "must be true");
    EXPECT_BAD(text, "\"choice\": \"continue\"", "\"choice\": \"ally\"", "ability.choice",
               line_of(text, "\"choice\""), "does not ask for choice \"ally\"");
    free(text);

    /* Baron of Leaves: a card choice that may be passed. */
    text = position_text(&found[KIND_MAY_PASS]);
    REQUIRE(text);
    CHECK_CONTAINS(text, "{\"op\": \"swap_top\"");
    EXPECT_BAD(text, "\"may_pass\": true", "\"may_pass\": false", "ability.may_pass", line_of(text, "\"may_pass\""),
               "swap_top");
    free(text);

    /* Prince of Eyes in the middle of its repeated body. */
    const tw_nw_state *rep = &found[KIND_REPEAT];
    text = position_text(rep);
    REQUIRE(text);
    extras_line = line_of(text, "\"may_pass\"");
    snprintf(old, sizeof old, "\"repeat_end\": %d", rep->run.repeat_end);
    snprintf(with, sizeof with, "\"repeat_end\": %d", rep->run.repeat_end - 1);
    EXPECT_BAD(text, old, with, "ability.repeat_end", extras_line, "repeat_start plus");
    free(text);

    /* Prince of Leaves: only the nearest unvisited fief on either side. */
    const tw_nw_state *mv = &found[KIND_MOVE_VISIT];
    text = position_text(mv);
    REQUIRE(text);
    CHECK_CONTAINS(text, "{\"op\": \"move_visit\"");
    int far = -1;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (f != mv->visiting && mv->fiefs[f].status == TW_NW_FIEF_NEUTRAL && !(mv->run.pending & (1u << f)))
            far = f;
    CHECK(far >= 0); /* the position found has a farther unvisited fief */
    if (far >= 0) {
        snprintf(with, sizeof with, "\"pending\": [%d, ", far);
        EXPECT_BAD(text, "\"pending\": [", with, "ability.pending", line_of(text, "\"pending\""), "nearest");
    }
    free(text);

    /* Baron of Eyes: a trigger armed for the next response. */
    const tw_nw_state *armed = &found[KIND_TRIGGER];
    text = position_text(armed);
    REQUIRE(text);
    int trigger_line = line_of(text, "\"trigger\"");
    CHECK(trigger_line > line_of(text, "\"score\""));
    snprintf(old, sizeof old, "\"trigger\": {\"slot\": %d", armed->trigger.slot);
    EXPECT_BAD(text, old, "\"trigger\": {\"slot\": 4", "trigger.slot", trigger_line, "0 to 3");
    EXPECT_BAD(text, old, "\"trigger\": {\"slt\": 0", "trigger.slt", trigger_line, "unknown field");
    EXPECT_BAD_LINE(text, trigger_line, "  \"trigger\": [],", "trigger", "must be an object");
    EXPECT_BAD(text, "\"steps\": [{\"op\": \"", "\"steps\": [{\"op\": \"x", "trigger.steps[0].op", trigger_line,
               "unknown operation");
    EXPECT_BAD_LINE(text, trigger_line, "  \"trigger\": {\"slot\": 0, \"steps\": 3},", "trigger.steps",
                    "list of 0 to 16");
    snprintf(old, sizeof old, "\"phase\": \"%s\"", tw_nw_phase_key(armed->phase));
    EXPECT_BAD(text, old, "\"phase\": \"game_over\"", "trigger", trigger_line, "only allowed during a visit");
    free(text);
    /* Between visits: the trigger member is refused even when well formed. */
    text = position_text(&found[KIND_CHOOSE]);
    REQUIRE(text);
    EXPECT_BAD(text, "  \"rng\"", "  \"trigger\": {\"slot\": 0, \"steps\": []},\n  \"rng\"", "trigger",
               line_of(text, "\"rng\""), "only allowed during a visit");
    /* null is the same as no trigger. */
    char *ok = replace_once(text, "  \"rng\"", "  \"trigger\": null,\n  \"rng\"");
    tw_nw_state s;
    tw_diag d;
    CHECK(ok && tw_nw_position_from_text(&s, catalog(), ok, "null.json", &d) == TW_OK);
    free(ok);
    free(text);
}

TEST(nw_files_illegal_reasons_crown)
{
    static tw_nw_state found[KIND_COUNT];
    int have[KIND_COUNT];
    collect_positions(found, have);
    REQUIRE(have[KIND_ALLY] && have[KIND_CONTINUE] && have[KIND_MAY_PASS] && have[KIND_RESPONSE]);
    char why[256];
    const tw_nw_state *ally = &found[KIND_ALLY];
    tw_nw_illegal_reason(ally, TW_NW_ACTION(TW_NW_ACT_PICK_SLOT, ally->run.slot), why, sizeof why);
    CHECK_CONTAINS(why, "cannot be made ready (choices: ");
    CHECK_CONTAINS(why, "an ability waiting for an ally slot");
    tw_nw_illegal_reason(ally, TW_NW_ACTION(TW_NW_ACT_PASS, 0), why, sizeof why);
    CHECK_CONTAINS(why, "which takes 'ally <slot>'");
    tw_nw_illegal_reason(&found[KIND_CONTINUE], TW_NW_ACTION(TW_NW_ACT_PICK_CARD, 0), why, sizeof why);
    CHECK_CONTAINS(why, "the player to go on or stop, which takes 'continue' or 'pass'");
    tw_nw_illegal_reason(&found[KIND_CONTINUE], TW_NW_ACTION(TW_NW_ACT_CONTINUE, 0), why, sizeof why);
    CHECK_STR(why, "");
    tw_nw_illegal_reason(&found[KIND_MAY_PASS], TW_NW_ACTION(TW_NW_ACT_CONTINUE, 0), why, sizeof why);
    CHECK_CONTAINS(why, "which takes 'pick <card>' or 'pass'");
    tw_nw_illegal_reason(&found[KIND_RESPONSE], TW_NW_ACTION(TW_NW_ACT_CONTINUE, 0), why, sizeof why);
    CHECK_CONTAINS(why, "which takes 'respond <card>'");
    tw_nw_illegal_reason(&found[KIND_RESPONSE], TW_NW_ACTION(TW_NW_ACT_FINISH, 0), why, sizeof why);
    CHECK_CONTAINS(why, "does not offer 'finish'");
    tw_nw_state s = found[KIND_ALLY];
    s.offer_finish = 1; /* asked in an ability: refused before any proof */
    tw_nw_illegal_reason(&s, TW_NW_ACTION(TW_NW_ACT_FINISH, 0), why, sizeof why);
    CHECK_CONTAINS(why, "only before a statement or while answering one");
}

TEST(nw_files_positions_without_crown_members)
{
    /* Positions written before the crown characters have none of the new
     * members: they load with the defaults (no offer of "finish", nothing
     * remembered, no repeat, no trigger; may_pass as the step says). */
    static tw_nw_state found[KIND_COUNT];
    int have[KIND_COUNT];
    collect_positions(found, have);
    REQUIRE(have[KIND_PAIR_SECOND] && have[KIND_MAY_PASS] && have[KIND_RESPONSE]);
    const int kinds[] = {KIND_PAIR_SECOND, KIND_MAY_PASS, KIND_RESPONSE};
    for (int i = 0; i < 3; i++) {
        const tw_nw_state *want = &found[kinds[i]];
        char *text = position_text(want);
        REQUIRE(text);
        char *a = without_line(text, "\"finish\"");
        char *b = a && want->phase == TW_NW_PHASE_ABILITY ? without_line(a, "\"may_pass\"") : a;
        REQUIRE(b);
        CHECK(strstr(b, "\"finish\"") == NULL && strstr(b, "\"memo\"") == NULL);
        tw_nw_state s;
        tw_diag d;
        tw_error err = tw_nw_position_from_text(&s, catalog(), b, "old.json", &d);
        char msg[700];
        tw_diag_format(&d, msg, sizeof msg);
        if (err != TW_OK)
            tw_test_fail(__FILE__, __LINE__, "%s: %s", KIND_NAMES[kinds[i]], msg);
        if (err == TW_OK) {
            CHECK_INT(s.offer_finish, 0);
            CHECK_INT(s.run.memo, 0);
            CHECK_INT(s.run.repeat_left, 0);
            CHECK_INT(s.run.triggered, 0);
            CHECK_INT(s.run.may_pass, want->run.may_pass);
            tw_nw_state w = *want;
            w.run.memo = 0; /* the one member the old text cannot give */
            CHECK(state_diff(&w, &s) == NULL);
        }
        if (b != a)
            free(b);
        free(a);
        free(text);
    }
}

/* ---- Example files (docs/formats.md points at them) -------------------- */

TEST(nw_files_examples_are_all_tested)
{
    /* Every For Northwood! example file is one the test below loads. */
    static const char *const tested[] = {"northwood-record.json", "northwood-events.jsonl",
                                         "northwood-position.json", "northwood-crown-record.json",
                                         "northwood-crown-position.json", "northwood-puzzle.json",
                                         "northwood-characters.json"};
    DIR *dir = opendir(tw_test_data("examples"));
    REQUIRE(dir);
    int count = 0;
    for (struct dirent *e = readdir(dir); e; e = readdir(dir)) {
        if (strncmp(e->d_name, "northwood-", 10) != 0)
            continue;
        int known = 0;
        for (size_t i = 0; i < sizeof tested / sizeof tested[0]; i++)
            known |= strcmp(e->d_name, tested[i]) == 0;
        if (!known)
            tw_test_fail(__FILE__, __LINE__, "data/examples/%s is not loaded by nw_files_examples_stay_valid",
                         e->d_name);
        count++;
    }
    closedir(dir);
    CHECK_INT(count, (int)(sizeof tested / sizeof tested[0]));
}

TEST(nw_files_examples_stay_valid)
{
    static tw_nw_record rec;
    tw_diag d;
    char msg[700];
    tw_error err = tw_nw_record_load(&rec, tw_test_data("examples/northwood-record.json"), &d);
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
    REQUIRE(err == TW_OK);
    /* The example event log is the log of the example record. */
    tw_buf log = {0};
    REQUIRE(tw_nw_record_event_log(&rec, &log) == TW_OK);
    char *events = tw_read_file(tw_test_data("examples/northwood-events.jsonl"), NULL, &d);
    CHECK(events && log.data && strcmp(events, log.data) == 0);
    free(events);
    tw_buf_free(&log);
    /* The example position is that game after its first 8 actions. */
    tw_nw_state pos, replayed;
    err = tw_nw_position_load(&pos, &rec.catalog, tw_test_data("examples/northwood-position.json"), &d);
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
    REQUIRE(tw_nw_record_replay(&rec, 8, &replayed, NULL) == TW_OK);
    CHECK(err == TW_OK && state_diff(&pos, &replayed) == NULL);
    CHECK_INT(rec.extra_from, 24); /* written with "default_characters": 24 */
    tw_nw_record_free(&rec);

    /* The crown example: a full game (24 characters), and the position
     * after its first 56 actions. There the Prince of Leaves (slot 1) has
     * moved the visit to fief 7 and the Baron of Eyes (slot 3) has armed
     * its trigger; the only answer to 5C is 2C, an even value, so the
     * trigger draws a card. */
    err = tw_nw_record_load(&rec, tw_test_data("examples/northwood-crown-record.json"), &d);
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
    REQUIRE(err == TW_OK);
    CHECK_INT(rec.config.setup, TW_NW_SETUP_FULL);
    CHECK_INT(rec.catalog.count, 24);
    REQUIRE(tw_nw_record_event_log(&rec, &log) == TW_OK);
    tw_buf_free(&log);
    err = tw_nw_position_load(&pos, &rec.catalog, tw_test_data("examples/northwood-crown-position.json"), &d);
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
    REQUIRE(tw_nw_record_replay(&rec, 56, &replayed, NULL) == TW_OK);
    CHECK(err == TW_OK && state_diff(&pos, &replayed) == NULL);
    tw_nw_record_free(&rec);
    REQUIRE(err == TW_OK);
    CHECK_INT(pos.visiting, 7);
    CHECK_STR(catalog()->entries[pos.slots[1].ally.catalog_index].id, "prince-of-leaves");
    CHECK_STR(catalog()->entries[pos.slots[3].ally.catalog_index].id, "baron-of-eyes");
    CHECK(pos.trigger.active && pos.trigger.slot == 3);
    CHECK_INT(tw_nw_statement(&pos), TW_NW_CARD(TW_NW_CLAWS, 5));
    static tw_nw_events ev;
    ev.count = ev.overflow = 0;
    int hand = tw_nw_hand_count(&pos);
    REQUIRE(tw_nw_apply(&pos, TW_NW_ACTION(TW_NW_ACT_RESPOND, TW_NW_CARD(TW_NW_CLAWS, 2)), &ev) == TW_OK);
    int fired = 0;
    for (int i = 0; i < ev.count; i++)
        fired |= ev.items[i].type == TW_NW_EV_TRIGGER && ev.items[i].a == 3 && ev.items[i].b == 1;
    CHECK(fired);
    CHECK(!pos.trigger.active);
    CHECK_INT(tw_nw_hand_count(&pos), hand); /* one card answered, one drawn */

    /* The hand-written puzzle: answering 8L, only 7L follows suit. */
    err = tw_nw_position_load(&pos, catalog(), tw_test_data("examples/northwood-puzzle.json"), &d);
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
    REQUIRE(err == TW_OK);
    tw_nw_action acts[TW_NW_MAX_ACTIONS];
    CHECK_INT(tw_nw_legal_actions(&pos, acts), 1);
    CHECK_INT(acts[0], TW_NW_ACTION(TW_NW_ACT_RESPOND, TW_NW_CARD(TW_NW_LEAVES, 7)));
    CHECK_INT(pos.deck_known, 3u << 21);

    /* The example characters load and play in full games. */
    static tw_nw_catalog cat;
    cat = *catalog();
    err = tw_nw_catalog_add_file(&cat, tw_test_data("examples/northwood-characters.json"), &d);
    tw_diag_format(&d, msg, sizeof msg);
    if (err != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "%s", msg);
    int defaults = catalog()->count;
    REQUIRE(err == TW_OK && cat.count == defaults + 7); /* seven example characters */
    uint32_t ops_run = 0;
    for (int g = 0; g < 30; g++) {
        /* Without "stop": the engine keeps an armed trigger in a game stopped
         * mid-visit, which its own invariant check refuses (reported). */
        tw_nw_config cfg = {TW_NW_SETUP_FULL, TW_NW_MEDAL_BRONZE, (uint64_t)g, 0, TW_NW_VARIANT_MEDALS, 0};
        tw_nw_state s;
        REQUIRE(tw_nw_new(&s, &cat, &cfg, NULL) == TW_OK);
        tw_rng pick;
        tw_rng_seed(&pick, (uint64_t)g);
        while (!tw_nw_is_over(&s)) {
            tw_nw_action a = random_action(&s, &pick);
            if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_STOP) {
                tw_nw_legal_actions(&s, acts);
                a = acts[0]; /* stop is listed last and never alone */
            }
            if (TW_NW_ACTION_KIND(a) == TW_NW_ACT_ACTIVATE) {
                const tw_nw_character *ch = tw_nw_slot_character(&s, TW_NW_ACTION_ARG(a));
                if (ch->catalog_index >= defaults)
                    for (int i = 0; i < ch->nsteps; i++)
                        ops_run |= 1u << ch->steps[i].op;
            }
            REQUIRE(tw_nw_apply(&s, a, NULL) == TW_OK);
            const char *why;
            if (!tw_nw_check_invariants(&s, &why)) {
                tw_test_fail(__FILE__, __LINE__, "game %d: %s", g, why);
                return;
            }
        }
    }
    CHECK(tw_popcount32(ops_run) >= 8);
}
