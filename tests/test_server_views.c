/* In-process tests of what the server is built from: the view JSON of
 * both games over many random states (every field, and no card the seat
 * cannot locate), the static path rules and the serve command's texts in
 * both languages (the refusal reasons are the games': tests/test_game.c). */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "server/server.h"
#include "trickwood/fox_files.h"
#include "trickwood/nw_files.h"
#include "test.h"

/* Calls fn(word) for every word of every string in a JSON value. */
static void each_word(json_t *v, void (*fn)(const char *word, size_t len, void *ctx), void *ctx)
{
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        while (*s) {
            size_t len = strcspn(s, " ");
            if (len)
                fn(s, len, ctx);
            s += len;
            while (*s == ' ')
                s++;
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *item;
        json_array_foreach(v, i, item) each_word(item, fn, ctx);
    } else if (json_is_object(v)) {
        const char *key;
        json_t *item;
        json_object_foreach(v, key, item) each_word(item, fn, ctx);
    }
}

/* What a word check needs: the game, the cards that must not appear. */
typedef struct {
    int fox;
    uint32_t hidden;
    int leaks;
} word_check;

/* Counts a word that names a hidden card. */
static void check_word(const char *word, size_t len, void *ctx_)
{
    word_check *ctx = ctx_;
    char code[8];
    if (len < 2 || len > 3)
        return;
    memcpy(code, word, len);
    code[len] = '\0';
    if (code[len - 1] < 'A' || code[len - 1] > 'Z')
        return;
    int card = ctx->fox ? tw_fox_card_parse(code) : tw_nw_card_parse(code);
    if (card >= 0 && (ctx->hidden & (1u << card)))
        ctx->leaks++;
}

/* Card codes of a JSON list as a set. */
static uint32_t nw_set_of(json_t *list)
{
    uint32_t set = 0;
    size_t i;
    json_t *c;
    json_array_foreach(list, i, c) {
        int card = tw_nw_card_parse(json_string_value(c));
        if (card >= 0)
            set |= 1u << card;
    }
    return set;
}

TEST(server_view_json_northwood_random_states)
{
    tw_nw_catalog *catalog = calloc(1, sizeof *catalog);
    tw_nw_state *s = calloc(1, sizeof *s);
    tw_nw_view *view = calloc(1, sizeof *view);
    REQUIRE(catalog && s && view);
    tw_diag diag;
    REQUIRE(tw_nw_catalog_load_default(catalog, &diag) == TW_OK);
    tw_rng rng;
    tw_rng_seed(&rng, 2024);
    int states = 0, leaks = 0, bad = 0, known_seen = 0, abilities = 0;
    for (int game = 0; game < 16; game++) {
        tw_nw_config config = {game % 2 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE,
                               (uint64_t)game * 7 + 1, 0, TW_NW_VARIANT_MEDALS, 0};
        if (tw_nw_new(s, catalog, &config, NULL) != TW_OK)
            continue;
        for (int step = 0; step < 400; step++) {
            tw_nw_view_of(s, view);
            json_t *j = tw_nw_view_json(view, catalog);
            states++;
            if (!j) {
                bad++;
                break;
            }
            word_check wc = {0, tw_nw_view_unseen(view), 0};
            each_word(j, check_word, &wc);
            leaks += wc.leaks;
            json_t *deck_known = json_object_get(j, "deck_known");
            uint32_t known_bits = s->deck_n >= 32 ? s->deck_known : s->deck_known & ((1u << s->deck_n) - 1u);
            if (nw_set_of(json_object_get(j, "hand")) != s->hand ||
                json_integer_value(json_object_get(j, "deck_count")) != s->deck_n ||
                (int)json_array_size(deck_known) != tw_popcount32(known_bits) ||
                json_array_size(json_object_get(j, "fiefs")) != TW_NW_FIEFS ||
                json_array_size(json_object_get(j, "slots")) != TW_NW_SLOTS ||
                (int)json_array_size(json_object_get(j, "discard")) != s->discard_n ||
                (int)json_array_size(json_object_get(j, "score")) != s->score_n)
                bad++;
            known_seen += json_array_size(deck_known) > 0;
            json_t *ability = json_object_get(j, "ability");
            if (s->phase == TW_NW_PHASE_ABILITY) {
                abilities++;
                /* something to pick, except "draw another card or stop", answered with continue/pass */
                if (!json_is_object(ability) || (json_array_size(json_object_get(ability, "pending")) == 0 &&
                                                 s->run.choice != TW_NW_CHOICE_CONTINUE))
                    bad++;
            } else if (!json_is_null(ability)) {
                bad++;
            }
            json_decref(j);
            tw_nw_action actions[TW_NW_MAX_ACTIONS];
            int n = tw_nw_legal_actions(s, actions);
            if (n == 0)
                break;
            tw_nw_apply(s, actions[tw_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    CHECK(states > 500);
    CHECK_INT(leaks, 0);
    CHECK_INT(bad, 0);
    CHECK(known_seen > 0); /* peeks and cards put back on the deck do show */
    CHECK(abilities > 0);
    free(catalog);
    free(s);
    free(view);
}

TEST(server_view_json_fox_random_states_both_seats)
{
    tw_fox_board board;
    tw_diag diag;
    REQUIRE(tw_fox_board_load_level(&board, 3, &diag) == TW_OK);
    tw_rng rng;
    tw_rng_seed(&rng, 77);
    int states = 0, leaks = 0, bad = 0, pendings = 0;
    for (int game = 0; game < 20; game++) {
        tw_fox_config config = {3, game & 1, (uint64_t)game + 100};
        tw_fox_state s;
        REQUIRE(tw_fox_new(&s, &board, &config, NULL) == TW_OK);
        for (int step = 0; step < 300; step++) {
            for (int seat = 0; seat < 2; seat++) {
                tw_fox_view view;
                tw_fox_view_of(&s, seat, &view);
                json_t *j = tw_fox_view_json(&view, &board);
                states++;
                if (!j) {
                    bad++;
                    continue;
                }
                /* The partner's unknown cards and the deck never appear. */
                word_check wc = {1, (s.hand[1 - seat] & ~s.known[1 - seat]) | s.deck, 0};
                each_word(j, check_word, &wc);
                leaks += wc.leaks;
                json_t *pending = json_object_get(j, "pending");
                int to_act = tw_fox_to_act(&s);
                if (json_array_size(json_object_get(j, "hand")) != (size_t)tw_fox_hand_count(&s, seat) ||
                    json_integer_value(json_object_get(j, "partner_hand_count")) != tw_fox_hand_count(&s, 1 - seat) ||
                    json_array_size(json_object_get(json_object_get(j, "board"), "spaces")) != TW_FOX_SPACES ||
                    json_integer_value(json_object_get(j, "deck_count")) != tw_popcount32(s.deck))
                    bad++;
                if (s.phase != TW_FOX_PHASE_PLAY && s.phase != TW_FOX_PHASE_GAME_OVER) {
                    pendings++;
                    size_t options = json_array_size(json_object_get(pending, "options"));
                    if (!json_is_object(pending) || (seat == to_act) != (options > 0))
                        bad++;
                } else if (!json_is_null(pending)) {
                    bad++;
                }
                json_decref(j);
            }
            tw_fox_action actions[TW_FOX_MAX_ACTIONS];
            int n = tw_fox_legal_actions(&s, actions);
            if (n == 0)
                break;
            tw_fox_apply(&s, actions[tw_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    CHECK(states > 1000);
    CHECK(pendings > 30);
    CHECK_INT(leaks, 0);
    CHECK_INT(bad, 0);
}

TEST(server_static_paths_refuse_everything_outside)
{
    tw_srv *srv = calloc(1, sizeof *srv);
    REQUIRE(srv);
    char web[600];
    snprintf(web, sizeof web, "%s", tw_test_tmp("static-web"));
    mkdir(web, 0755);
    char *real = realpath(web, NULL);
    REQUIRE(real);
    snprintf(srv->web_dir, sizeof srv->web_dir, "%s", real);
    free(real);
    char file[700];
    snprintf(file, sizeof file, "%s/index.html", web);
    FILE *f = fopen(file, "w");
    REQUIRE(f);
    fputs("<p>hi</p>\n", f);
    fclose(f);
    snprintf(file, sizeof file, "%s/a.css", web);
    f = fopen(file, "w");
    REQUIRE(f);
    fclose(f);
    char out[2048];
    const char *type = NULL;
    CHECK(tw_srv_static_path(srv, "/", out, sizeof out, &type) == 0);
    CHECK_CONTAINS(type, "text/html");
    CHECK(tw_srv_static_path(srv, "/a.css", out, sizeof out, &type) == 0);
    CHECK_CONTAINS(type, "text/css");
    const char *refused[] = {"/../x", "/./index.html", "/.hidden", "//index.html", "/a b.css", "/a%2e.css",
                             "index.html", "/nope.css", "/a.css/", "/sub/../index.html"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (tw_srv_static_path(srv, refused[i], out, sizeof out, &type) == 0)
            tw_test_fail(__FILE__, __LINE__, "the path %s was allowed", refused[i]);
    srv->web_dir[0] = '\0';
    CHECK(tw_srv_static_path(srv, "/", out, sizeof out, &type) != 0);
    free(srv);
}

TEST(server_texts_in_both_languages)
{
    CHECK_INT(tw_msg_table_check(tw_srv_texts, tw_srv_text_count), -1);
    CHECK(tw_msg_table_check(&tw_srv_serve_help, 1) == -1);
    CHECK_CONTAINS(tw_msg_get(&tw_srv_serve_help, TW_LANG_FR), "--port");
    CHECK_CONTAINS(tw_msg_get(&tw_srv_texts[0], TW_LANG_EN), "Trickwood is serving on http://");
}
