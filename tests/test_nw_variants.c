/* For Northwood!'s variants from built positions (docs/rules-notes.md,
 * "Variants"): the hidden stars (three fiefs dealt by the seed carry a
 * star the player cannot see; the game is won when all three are
 * friendly) and the expert rule (the four outer fiefs must be won too),
 * with either scoring: setup, view, determinize, goal, "stop", the stars
 * turned over at the end, and records and positions. */
#include <stdlib.h>
#include <string.h>

#include "nw_fixture.h"
#include "test.h"
#include "trickwood/nw_files.h"

/* A quiet position of a variant: fx_blank with the scoring set, the
 * hidden stars on `stars` (a bit per fief). */
static void variant_blank(tw_nw_state *s, int variant, int expert, unsigned stars)
{
    fx_blank(s, NULL);
    s->variant = (uint8_t)variant;
    s->expert = (uint8_t)expert;
    s->star_fiefs = (uint8_t)stars;
    tw_nw_recount(s);
}

/* Sets every fief but 3 from a text of eight letters (F friendly, L lost,
 * N neutral; fief 3's letter is ignored), then plays fief 3 as the last
 * visit: its target is 3, the score pile holds 3 cards and the one card
 * in hand (1C) cannot beat the statement (8C), so the visit ends friendly
 * and the game is over. Events of the last answer go to ev. */
static void last_visit(tw_nw_state *s, const char *statuses, tw_nw_events *ev)
{
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (f != 3)
            fx_status(s, f, statuses[f] == 'F' ? TW_NW_FIEF_FRIENDLY
                            : statuses[f] == 'L' ? TW_NW_FIEF_LOST : TW_NW_FIEF_NEUTRAL);
    REQUIRE(fx_cards(s, "1C", "", "8C", "2F 3F 4F", TW_NW_PILE_DISCARD));
    fx_visit(s, 3, TW_NW_PHASE_RESPONSE);
    REQUIRE(FX_SOUND(s));
    ev->count = ev->overflow = 0;
    REQUIRE(FX_RUN_EV(s, "respond 1C", ev));
}

TEST(nw_variant_hidden_stars_are_dealt_by_the_seed_and_change_no_card)
{
    unsigned seen = 0;
    for (uint64_t seed = 1; seed <= 60; seed++)
        for (int setup = 0; setup < 2; setup++) {
            tw_nw_config base = {(tw_nw_setup)setup, TW_NW_MEDAL_BRONZE, seed, 0, TW_NW_VARIANT_MEDALS, 0};
            tw_nw_config hidden = base;
            hidden.variant = TW_NW_VARIANT_HIDDEN_STARS;
            hidden.expert = 1;
            tw_nw_state a, b;
            REQUIRE(tw_nw_new(&a, fx_catalog(), &base, NULL) == TW_OK);
            REQUIRE(tw_nw_new(&b, fx_catalog(), &hidden, NULL) == TW_OK);
            CHECK_INT(a.star_fiefs, 0);
            CHECK_INT(tw_popcount32(b.star_fiefs), 3);
            CHECK_INT(b.star_fiefs, tw_nw_deal_star_fiefs(seed));
            CHECK_INT(b.variant, TW_NW_VARIANT_HIDDEN_STARS);
            CHECK_INT(b.expert, 1);
            /* the same cards and characters whichever the scoring */
            CHECK(memcmp(a.deck, b.deck, sizeof a.deck) == 0);
            CHECK(a.hand == b.hand);
            for (int f = 0; f < TW_NW_FIEFS; f++)
                CHECK_INT(a.fiefs[f].ruler.catalog_index, b.fiefs[f].ruler.catalog_index);
            seen |= b.star_fiefs;
        }
    CHECK_INT(seen, 0xFF); /* every fief carries a star in some deal */
    /* an unknown variant is refused */
    tw_nw_config bad = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, 1, 0, (tw_nw_variant)2, 0};
    tw_nw_state s;
    CHECK_INT(tw_nw_new(&s, fx_catalog(), &bad, NULL), TW_ERR_ARG);
}

TEST(nw_variant_view_hides_the_stars_and_determinize_deals_them)
{
    tw_nw_state s, other;
    variant_blank(&s, TW_NW_VARIANT_HIDDEN_STARS, 0, 0x13); /* fiefs 0, 1, 4 */
    variant_blank(&other, TW_NW_VARIANT_HIDDEN_STARS, 0, 0xE0); /* fiefs 5, 6, 7 */
    tw_nw_view view, other_view;
    tw_nw_view_of(&s, &view);
    tw_nw_view_of(&other, &other_view);
    CHECK_INT(view.visible.star_fiefs, 0);
    CHECK(memcmp(&view, &other_view, sizeof view) == 0); /* nothing tells the two apart */
    unsigned seen = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tw_nw_state d;
        tw_nw_determinize(&view, seed, &d);
        CHECK_INT(tw_popcount32(d.star_fiefs), 3);
        CHECK(FX_SOUND(&d));
        seen |= d.star_fiefs;
    }
    CHECK_INT(seen, 0xFF);
    /* a game of the medals has no stars to deal */
    tw_nw_state m;
    variant_blank(&m, TW_NW_VARIANT_MEDALS, 1, 0);
    tw_nw_view mv;
    tw_nw_view_of(&m, &mv);
    tw_nw_state d;
    tw_nw_determinize(&mv, 3, &d);
    CHECK_INT(d.star_fiefs, 0);
}

TEST(nw_variant_hidden_stars_win_when_every_star_is_friendly)
{
    tw_nw_events ev;
    tw_nw_state s;
    /* stars on 1, 3 and 6; fief 0 lost does not matter without the expert rule */
    variant_blank(&s, TW_NW_VARIANT_HIDDEN_STARS, 0, 0x4A);
    last_visit(&s, "LFLxLLFL", &ev);
    CHECK(tw_nw_is_over(&s));
    CHECK(tw_nw_is_won(&s));
    CHECK_INT(tw_nw_stars_won(&s), 3 + 1 + 3); /* the medal stars are counted but decide nothing */
    int at = fx_find_event(&ev, TW_NW_EV_STARS, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 0x4A);
    CHECK_INT(ev.items[at].b, 3);
    CHECK(at < fx_find_event(&ev, TW_NW_EV_GAME_END, 0)); /* turned over, then the game ends */
    tw_nw_view view;
    tw_nw_view_of(&s, &view);
    CHECK_INT(view.visible.star_fiefs, 0x4A); /* the end shows them */
    /* one star on a lost fief: lost, even with seven fiefs friendly */
    variant_blank(&s, TW_NW_VARIANT_HIDDEN_STARS, 0, 0x4A);
    last_visit(&s, "FFFxFFLF", &ev);
    CHECK(tw_nw_is_over(&s));
    CHECK(!tw_nw_is_won(&s));
    at = fx_find_event(&ev, TW_NW_EV_STARS, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].b, 2);
    /* the medals' events are unchanged: no stars to turn over */
    variant_blank(&s, TW_NW_VARIANT_MEDALS, 0, 0);
    last_visit(&s, "FFFxFFFF", &ev);
    CHECK(tw_nw_is_won(&s));
    CHECK_INT(fx_find_event(&ev, TW_NW_EV_STARS, 0), -1);
}

TEST(nw_variant_expert_rule_needs_the_outer_fiefs)
{
    tw_nw_events ev;
    tw_nw_state s;
    /* medals, bronze: 0, 1, 2, 6, 7 and 3 give 4+3+2+3+4+1 = 17 stars with every outer fief */
    variant_blank(&s, TW_NW_VARIANT_MEDALS, 1, 0);
    last_visit(&s, "FFFxLLFF", &ev);
    CHECK(tw_nw_is_won(&s));
    /* 1 to 7 give 3+2+1+1+2+3+4 = 16 stars, bronze, but fief 0 is lost */
    variant_blank(&s, TW_NW_VARIANT_MEDALS, 1, 0);
    fx_status(&s, 0, TW_NW_FIEF_LOST);
    CHECK(FX_SOUND(&s));
    last_visit(&s, "LFFxFFFF", &ev);
    CHECK(tw_nw_is_over(&s));
    CHECK_INT(tw_nw_stars_won(&s), 16);
    CHECK(!tw_nw_is_won(&s));
    variant_blank(&s, TW_NW_VARIANT_MEDALS, 0, 0); /* the same game without the rule is won */
    last_visit(&s, "LFFxFFFF", &ev);
    CHECK(tw_nw_is_won(&s));
    /* hidden stars with the expert rule: stars on 1, 2, 3 friendly, fief 7 lost */
    variant_blank(&s, TW_NW_VARIANT_HIDDEN_STARS, 1, 0x0E);
    last_visit(&s, "FFFxFFFL", &ev);
    CHECK(!tw_nw_is_won(&s));
    variant_blank(&s, TW_NW_VARIANT_HIDDEN_STARS, 1, 0x0E);
    last_visit(&s, "FFFxLLFF", &ev);
    CHECK(tw_nw_is_won(&s));
}

/* Whether "stop" is listed. */
static int stop_offered(const tw_nw_state *s)
{
    return tw_nw_is_legal(s, TW_NW_ACTION(TW_NW_ACT_STOP, 0));
}

TEST(nw_variant_stop_once_the_goal_is_seen_out_of_reach)
{
    tw_nw_state s;
    /* hidden stars: five fiefs lost leave three that may hold all the stars */
    variant_blank(&s, TW_NW_VARIANT_HIDDEN_STARS, 0, 0xE0);
    for (int f = 0; f < 5; f++) /* the stars lie on 5, 6, 7: still winnable */
        fx_status(&s, f, TW_NW_FIEF_LOST);
    CHECK(!stop_offered(&s));
    char why[256];
    tw_nw_illegal_reason(&s, TW_NW_ACTION(TW_NW_ACT_STOP, 0), why, sizeof why);
    CHECK_CONTAINS(why, "3 fiefs could still hold the three hidden stars");
    fx_status(&s, 5, TW_NW_FIEF_LOST);
    CHECK(stop_offered(&s));
    /* a star already lost is not seen: the player may not stop */
    variant_blank(&s, TW_NW_VARIANT_HIDDEN_STARS, 0, 0x07);
    fx_status(&s, 0, TW_NW_FIEF_LOST);
    CHECK(!stop_offered(&s));
    /* the expert rule: one outer fief lost ends every hope, whichever the scoring */
    static const int outer[4] = {0, 1, 6, 7};
    for (int variant = 0; variant < 2; variant++)
        for (int i = 0; i < 4; i++) {
            variant_blank(&s, variant, 1, variant ? 0x38 : 0);
            fx_status(&s, 3, TW_NW_FIEF_LOST);
            CHECK(!stop_offered(&s));
            fx_status(&s, outer[i], TW_NW_FIEF_LOST);
            CHECK(stop_offered(&s));
        }
    /* the medals without the rule: as before, bronze stays in reach after fief 7 */
    variant_blank(&s, TW_NW_VARIANT_MEDALS, 0, 0);
    fx_status(&s, 7, TW_NW_FIEF_LOST);
    CHECK(!stop_offered(&s));
    /* stopping a hidden-stars game turns the stars over too */
    variant_blank(&s, TW_NW_VARIANT_HIDDEN_STARS, 1, 0x38);
    fx_status(&s, 6, TW_NW_FIEF_LOST);
    tw_nw_events ev = {0};
    REQUIRE(FX_RUN_EV(&s, "stop", &ev));
    CHECK(tw_nw_is_over(&s) && s.stopped && !tw_nw_is_won(&s));
    int at = fx_find_event(&ev, TW_NW_EV_STARS, 0);
    REQUIRE(at >= 0);
    CHECK_INT(ev.items[at].a, 0x38);
    CHECK_INT(ev.items[at].b, 0);
}

/* Loads a record from text and returns the error's field ("" when it
 * loads). */
static const char *record_error(const char *text)
{
    static char field[128];
    tw_nw_record rec;
    tw_diag d;
    field[0] = '\0';
    if (tw_nw_record_from_text(&rec, text, "variant.json", &d) == TW_OK)
        tw_nw_record_free(&rec);
    else
        snprintf(field, sizeof field, "%s", d.field);
    return field;
}

TEST(nw_variant_records_and_positions_keep_the_variant)
{
    /* a record of each scoring: written only when chosen, read back */
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_SILVER, 12, 0, TW_NW_VARIANT_HIDDEN_STARS, 1};
    tw_nw_record rec, back;
    REQUIRE(tw_nw_record_init(&rec, fx_catalog(), fx_catalog()->count, &cfg) == TW_OK);
    tw_buf buf = {0};
    REQUIRE(tw_nw_record_to_json(&rec, &buf) == TW_OK);
    CHECK_CONTAINS(buf.data, "\"variant\": \"hidden-stars\", \"expert\": true}");
    tw_diag d;
    REQUIRE(tw_nw_record_from_text(&back, buf.data, "r.json", &d) == TW_OK);
    CHECK_INT(back.config.variant, TW_NW_VARIANT_HIDDEN_STARS);
    CHECK_INT(back.config.expert, 1);
    tw_nw_state replayed;
    REQUIRE(tw_nw_record_replay(&back, -1, &replayed, NULL) == TW_OK);
    CHECK_INT(replayed.star_fiefs, tw_nw_deal_star_fiefs(12));
    tw_nw_record_free(&back);
    tw_nw_record_free(&rec);
    tw_buf_free(&buf);
    cfg.variant = TW_NW_VARIANT_MEDALS;
    cfg.expert = 0;
    REQUIRE(tw_nw_record_init(&rec, fx_catalog(), fx_catalog()->count, &cfg) == TW_OK);
    REQUIRE(tw_nw_record_to_json(&rec, &buf) == TW_OK);
    CHECK(strstr(buf.data, "variant") == NULL && strstr(buf.data, "expert") == NULL);
    tw_nw_record_free(&rec);
    tw_buf_free(&buf);
    /* bad variant fields are named */
    const char *head = "{\"format\": \"trickwood-record\", \"version\": 1, \"game\": \"northwood\", \"seed\": 1, "
                       "\"actions\": [], \"config\": {\"setup\": \"intro\", \"medal\": \"bronze\", ";
    char text[512];
    snprintf(text, sizeof text, "%s\"variant\": \"hidden\"}}", head);
    CHECK_STR(record_error(text), "config.variant");
    snprintf(text, sizeof text, "%s\"expert\": 1}}", head);
    CHECK_STR(record_error(text), "config.expert");
    snprintf(text, sizeof text, "%s\"variant\": \"hidden-stars\"}}", head);
    CHECK_STR(record_error(text), "");

    /* positions: the variant, the rule and the stars round-trip */
    tw_nw_state s, loaded;
    variant_blank(&s, TW_NW_VARIANT_HIDDEN_STARS, 1, 0x86);
    REQUIRE(tw_nw_position_to_json(&s, fx_catalog(), &buf) == TW_OK);
    CHECK_CONTAINS(buf.data, "\"star_fiefs\": [1, 2, 7]");
    REQUIRE(tw_nw_position_from_text(&loaded, fx_catalog(), buf.data, "p.json", &d) == TW_OK);
    CHECK_INT(loaded.variant, TW_NW_VARIANT_HIDDEN_STARS);
    CHECK_INT(loaded.expert, 1);
    CHECK_INT(loaded.star_fiefs, 0x86);
    /* and their errors name the field */
    static const struct {
        const char *replace, *with, *field;
    } bad[] = {
        {"[1, 2, 7]", "[1, 2]", "star_fiefs"},
        {"[1, 2, 7]", "[1, 2, 2]", "star_fiefs[2]"},
        {"[1, 2, 7]", "[1, 2, 8]", "star_fiefs[2]"},
        {"\"hidden-stars\"", "\"medals\"", "star_fiefs"},
        {"\"hidden-stars\"", "\"stars\"", "variant"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char edited[16384];
        const char *at = strstr(buf.data, bad[i].replace);
        REQUIRE(at && buf.len < sizeof edited - 32);
        snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - buf.data), buf.data, bad[i].with,
                 at + strlen(bad[i].replace));
        CHECK_INT(tw_nw_position_from_text(&loaded, fx_catalog(), edited, "p.json", &d), TW_ERR_PARSE);
        CHECK_STR(d.field, bad[i].field);
    }
    tw_buf_free(&buf);
}
