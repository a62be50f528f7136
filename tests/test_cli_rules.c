/* The rules shipped with the program (data/rules/, read by `trickwood
 * rules` and by the web's Rules panel through GET /api/rules/GAME): every
 * section of each game's text and every card of its data are printed in
 * both languages, in lines that fit 80 columns; an unknown game is refused
 * naming the games; at a game's prompt, rules lists the sections, rules N
 * prints one and rules cards lists the session's own characters (a
 * replaced one with its own text); the markup subset prints as it should;
 * the web's JSON holds both languages and every card, and the server
 * answers it (GET /api/rules/GAME), an unknown game with 404. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_harness.h"
#include "play/rules.h"
#include "term/term.h"
#include "test.h"
#include "test_server_client.h"
#include "trickwood/foxduet.h"
#include "trickwood/game.h"
#include "trickwood/nw_files.h"

/* Copies text with every run of spaces and newlines made one space, so
 * that a text wrapped over several lines can be looked for (free it). */
static char *one_line(const char *text)
{
    char *out = malloc(strlen(text) + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        int space = *p == ' ' || *p == '\n';
        if (space && (n == 0 || out[n - 1] == ' '))
            continue;
        out[n++] = space ? ' ' : *p;
    }
    out[n] = '\0';
    return out;
}

/* Checks that flat (a one_line text) holds needle, once flattened. */
static void check_holds(const char *flat, const char *needle, const char *file, int line)
{
    char *want = one_line(needle);
    if (!want || !strstr(flat, want))
        tw_test_fail(file, line, "the output does not hold \"%s\"", needle);
    free(want);
}
#define CHECK_HOLDS(flat, needle) check_holds((flat), (needle), __FILE__, __LINE__)

/* Checks that no line of text is wider than 80 columns. */
static void check_fits_80(const char *text, const char *file, int line)
{
    char buf[1024];
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), p);
        if (tw_term_width(buf) > 80)
            tw_test_fail(file, line, "a line is wider than 80 columns: %s", buf);
        p += n;
        if (*p)
            p++;
    }
}
#define CHECK_FITS_80(text) check_fits_80((text), __FILE__, __LINE__)

/* Runs `trickwood rules ARGS...` with no input; its output. */
static tw_test_cli_result run_rules(const char *game, const char *lang, int cards)
{
    const char *args[] = {"rules", game, "--lang", lang, cards ? "--cards" : NULL, NULL};
    return tw_test_cli_run("", args);
}

/* Checks that `rules GAME` prints the title and every "## " section title
 * of the game's text in a language, and fits 80 columns. */
static void check_sections(const char *game, tw_lang lang)
{
    const tw_game *g = tw_game_find(game);
    CHECK(g != NULL);
    if (!g)
        return;
    tw_diag diag;
    char *text = tw_game_rules_text(g, lang, &diag);
    CHECK(text != NULL);
    tw_test_cli_result r = run_rules(game, lang == TW_LANG_FR ? "fr" : "en", 0);
    CHECK_INT(r.code, 0);
    CHECK_FITS_80(r.out);
    char *flat = one_line(r.out);
    int sections = 0;
    for (const char *p = text; text && (p = strstr(p, "\n## ")) != NULL; p += 4) {
        char title[200];
        size_t n = strcspn(p + 4, "\n");
        snprintf(title, sizeof title, "%.*s", (int)n, p + 4);
        CHECK_HOLDS(flat, title);
        sections++;
    }
    CHECK(sections >= 8);
    CHECK(strstr(r.out, "**") == NULL); /* the markup never shows */
    free(flat);
    free(text);
    tw_test_cli_free(&r);
}

TEST(cli_rules_prints_every_section_in_both_languages)
{
    check_sections("northwood", TW_LANG_EN);
    check_sections("northwood", TW_LANG_FR);
    check_sections("fox", TW_LANG_EN);
    check_sections("fox", TW_LANG_FR);
    tw_test_cli_result r = run_rules("northwood", "fr", 0);
    CHECK_CONTAINS(r.out, "Les règles des Fiefs de Norbois !");
    CHECK_CONTAINS(r.out, "4 + 3 + 2 + 1 + 2 + 4 = 16"); /* the rulebook's example */
    tw_test_cli_free(&r);
}

TEST(cli_rules_cards_list_every_character_of_the_catalog)
{
    tw_nw_catalog catalog;
    tw_diag diag;
    tw_diag_init(&diag, "characters.json");
    CHECK_INT(tw_nw_catalog_load_default(&catalog, &diag), TW_OK);
    CHECK_INT(catalog.count, 24);
    for (int lang = 0; lang < 2; lang++) {
        tw_test_cli_result r = run_rules("northwood", lang ? "fr" : "en", 1);
        CHECK_INT(r.code, 0);
        CHECK_FITS_80(r.out);
        char *flat = one_line(r.out);
        for (int i = 0; i < catalog.count; i++) {
            CHECK_HOLDS(flat, catalog.entries[i].name[lang]);
            CHECK_HOLDS(flat, catalog.entries[i].text[lang]);
            if (catalog.entries[i].title[lang][0])
                CHECK_HOLDS(flat, catalog.entries[i].title[lang]);
        }
        free(flat);
        tw_test_cli_free(&r);
    }
}

TEST(cli_rules_cards_list_every_ability_of_the_duet)
{
    for (int lang = 0; lang < 2; lang++) {
        tw_test_cli_result r = run_rules("fox", lang ? "fr" : "en", 1);
        CHECK_INT(r.code, 0);
        CHECK_FITS_80(r.out);
        char *flat = one_line(r.out);
        for (int rank = 1; rank <= TW_FOX_RANKS; rank += 2) {
            CHECK_HOLDS(flat, tw_fox_ability_name(rank, (tw_lang)lang));
            CHECK_HOLDS(flat, tw_fox_ability_text(rank, (tw_lang)lang));
        }
        CHECK_HOLDS(flat, lang ? "Rang 10 (3 empreintes)" : "Rank 10 (3 footprints)");
        free(flat);
        tw_test_cli_free(&r);
    }
}

TEST(cli_rules_refuses_an_unknown_game_naming_the_games)
{
    const char *args[] = {"rules", "chess", NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "'chess' is not a game of this program");
    CHECK_CONTAINS(r.err, "northwood (For Northwood!)");
    CHECK_CONTAINS(r.err, "fox (The Fox in the Forest Duet)");
    CHECK_STR(r.out, "");
    tw_test_cli_free(&r);
    const char *fr[] = {"rules", "chess", "--lang", "fr", NULL};
    r = tw_test_cli_run("", fr);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "« chess » n'est pas un jeu de ce programme");
    tw_test_cli_free(&r);
    const char *none[] = {"rules", NULL};
    r = tw_test_cli_run("", none);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "rules fox --cards");
    tw_test_cli_free(&r);
}

TEST(cli_rules_at_the_prompt_and_with_own_characters)
{
    tw_test_scratch_xdg("xdg-rules");
    const char *path = tw_test_tmp("rules-characters.json");
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fputs("{\"format\": \"trickwood-characters\", \"version\": 1, \"characters\": [{\"id\": \"jack-of-claws\", "
          "\"suit\": \"claws\", \"intro\": \"ally\", \"name\": {\"en\": \"Jack of Claws\", \"fr\": \"Valet des "
          "Griffes\"}, \"text\": {\"en\": \"Our own Jack draws up to seven.\", \"fr\": \"Notre Valet pioche "
          "jusqu'à sept.\"}, \"steps\": [{\"op\": \"draw_up_to\", \"count\": 7}]}]}\n",
          f);
    fclose(f);
    const char *args[] = {"northwood", "--seed", "3", "--characters", path, "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("rules\nrules 6\nrules cards\nrules 42\nhelp\nquit\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "The rules, section by section");
    CHECK_CONTAINS(r.out, " 6. Dialogues");
    CHECK_CONTAINS(r.out, "Dialogues\n---------\n"); /* rules 6 */
    CHECK_CONTAINS(r.out, "Our own Jack draws up to seven."); /* the session's own text */
    CHECK(strstr(r.out, "Draw cards until you have 8 in hand.") == NULL);
    CHECK_CONTAINS(r.out, "There is no section 42: the rules have sections 1 to 11");
    CHECK_CONTAINS(r.out, "rules shows the full rules, a section at a time"); /* help names it */
    tw_test_cli_free(&r);
    const char *fox[] = {"fox", "--seed", "5", "--lang", "fr", NULL};
    r = tw_test_cli_run("règles\nrègles cartes\nquit\n", fox);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Les règles, partie par partie");
    CHECK_CONTAINS(r.out, "Rang 9 (0 empreinte) : Prince/Princesse");
    tw_test_cli_free(&r);
}

/* Prints a rules text (section: as tw_cli_rules_print) into a string. */
static char *printed(const char *text, int section, int width, int *sections)
{
    char *out = NULL;
    size_t len = 0;
    tw_cli cli = {.lang = TW_LANG_EN};
    cli.out = open_memstream(&out, &len);
    if (!cli.out)
        return NULL;
    *sections = tw_cli_rules_print(&cli, text, section, width);
    fclose(cli.out);
    return out;
}

TEST(cli_rules_markup_prints_as_plain_lines)
{
    const char *text = "# Title\n\nAn **opening**\nparagraph.\n\n## One\n\n1. first item\n   - inner item that is "
                       "long enough to wrap\n2. second\n\n> an example\n> on two lines\n\n## Two\n\n### Sub\n\nText "
                       "with `code`.\n";
    int sections = 0;
    char *all = printed(text, 0, 30, &sections);
    CHECK_INT(sections, 2);
    CHECK_STR(all, "Title\n=====\nAn opening paragraph.\n\nOne\n---\n  1. first item\n     - inner item that is long\n"
                   "       enough to wrap\n  2. second\n\n  | an example on two lines\n\nTwo\n---\n\nSub\n"
                   "Text with code.\n");
    free(all);
    char *two = printed(text, 2, 30, &sections);
    CHECK_STR(two, "\nTwo\n---\n\nSub\nText with code.\n");
    free(two);
}

TEST(cli_rules_texts_have_both_languages_with_the_same_marks)
{
    CHECK_INT(tw_msg_table_check(tw_cli_rules_texts, tw_cli_rules_text_count), -1);
    CHECK_INT(tw_msg_table_check(tw_nw_cli_card_list_texts, tw_nw_cli_card_list_text_count), -1);
    CHECK_INT(tw_msg_table_check(tw_fox_cli_card_list_texts, tw_fox_cli_card_list_text_count), -1);
    CHECK_INT(tw_msg_table_check(&tw_cli_rules_help, 1), -1);
}

TEST(cli_rules_json_holds_both_languages_and_every_card)
{
    tw_diag diag;
    json_t *nw = tw_game_rules_json(tw_game_find("northwood"), NULL, &diag);
    CHECK(nw != NULL);
    CHECK_INT((int)json_array_size(json_object_get(nw, "cards")), 24);
    CHECK_CONTAINS(json_string_value(json_object_get(json_object_get(nw, "text"), "fr")), "## Les dialogues");
    CHECK_STR(json_string_value(json_object_get(json_array_get(json_object_get(nw, "cards"), 0), "intro")), "ally");
    json_decref(nw);
    json_t *fox = tw_game_rules_json(tw_game_find("fox"), NULL, &diag);
    CHECK(fox != NULL);
    json_t *cards = json_object_get(fox, "cards");
    CHECK_INT((int)json_array_size(cards), 10);
    CHECK_INT((int)json_integer_value(json_object_get(json_array_get(cards, 1), "footprints")), 3);
    CHECK(json_object_get(json_array_get(cards, 1), "ability") == NULL);
    CHECK_STR(json_string_value(json_object_get(
                  json_object_get(json_object_get(json_array_get(cards, 6), "ability"), "name"), "fr")),
              "Présent");
    json_decref(fox);
}

TEST(cli_rules_served_by_the_server)
{
    tw_ts_server s;
    REQUIRE(tw_ts_start(&s, tw_ts_fresh_db(tw_test_tmp("rules.db")), NULL) == 0);
    tw_ts_reply r;
    REQUIRE(tw_ts_request(&s, "GET", "/api/rules/fox", NULL, NULL, &r) == 0);
    CHECK_INT(r.status, 200);
    CHECK_INT((int)json_array_size(json_object_get(r.json, "cards")), 10);
    CHECK_CONTAINS(json_string_value(json_object_get(json_object_get(r.json, "text"), "fr")), "## Les niveaux");
    tw_ts_reply_free(&r);
    REQUIRE(tw_ts_request(&s, "GET", "/api/rules/foxduet", NULL, NULL, &r) == 0);
    CHECK_INT(r.status, 200);
    tw_ts_reply_free(&r);
    REQUIRE(tw_ts_request(&s, "GET", "/api/rules/chess", NULL, NULL, &r) == 0);
    CHECK_INT(r.status, 404);
    CHECK_STR(json_string_value(json_object_get(r.json, "error")), "there are rules for \"northwood\" or \"fox\" only");
    tw_ts_reply_free(&r);
    REQUIRE(tw_ts_request(&s, "POST", "/api/rules/fox", NULL, "{}", &r) == 0);
    CHECK_INT(r.status, 405);
    tw_ts_reply_free(&r);
    CHECK_INT(tw_ts_stop(&s), 0);
}
