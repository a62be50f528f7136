/* Hints in The Fox in the Forest Duet terminal game. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_harness.h"
#include "test.h"

TEST(cli_fox_hint_recommends_a_listed_choice_with_odds)
{
    const char *args[] = {"fox", "--seed", "4", "--save", tw_test_tmp("fox-hint.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("hint\nquit\n", args);
    CHECK_INT(r.code, 0);
    char label[512], listed[600], odds[256];
    REQUIRE(tw_test_line_after(r.out, "Hint: ", label, sizeof label));
    snprintf(listed, sizeof listed, ". %s\n", label);
    CHECK_CONTAINS(r.out, listed);
    REQUIRE(tw_test_line_after(r.out, "Estimated chance that the team wins the game: ", odds, sizeof odds));
    int percent = atoi(odds);
    CHECK(percent >= 0 && percent <= 100);
    tw_test_cli_free(&r);
}

TEST(cli_fox_hint_in_french)
{
    const char *args[] = {"fox", "--seed", "4", "--lang", "fr", "--save", tw_test_tmp("fox-hint-fr.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("indice\nquitter\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Conseil : ");
    CHECK_CONTAINS(r.out, "Chance estimée que l'équipe gagne la partie");
    tw_test_cli_free(&r);
}

/* The percentage in "  (N%)" on the line that follows marker (which
 * ends a line) in text, or -1. */
static int percent_after(const char *text, const char *marker)
{
    const char *at = strstr(text, marker);
    const char *line = at ? at + strlen(marker) : NULL;
    const char *open = line ? strstr(line, "  (") : NULL;
    const char *end = line ? strchr(line, '\n') : NULL;
    return open && (!end || open < end) ? atoi(open + 3) : -1;
}

TEST(cli_fox_analyse_names_costly_decisions_in_both_languages)
{
    const char *record = tw_test_tmp("fox-analyse.json");
    const char *play[] = {"fox", "--seed", "5", "--save", record, NULL};
    char input[1600] = "";
    for (int i = 0; i < 400; i++)
        strcat(input, "1\n");
    tw_test_cli_result game = tw_test_cli_run(input, play);
    CHECK_INT(game.code, 0);
    tw_test_cli_free(&game);
    const char *args[] = {"analyse", record, "--samples", "8", "--top", "3", NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Analysis of");
    CHECK_CONTAINS(r.out, "chance of winning the game");
    CHECK_CONTAINS(r.out, "\n1. Step ");
    CHECK(strstr(r.out, "\n4. ") == NULL); /* --top 3 */
    /* the better choice rates higher than the one made */
    int chosen = percent_after(r.out, "chose\n"), better = percent_after(r.out, "A better choice was\n");
    CHECK(chosen >= 0 && better > chosen);
    tw_test_cli_result again = tw_test_cli_run("", args);
    CHECK_STR(again.out, r.out);
    tw_test_cli_free(&again);
    tw_test_cli_free(&r);
    const char *fr[] = {"analyse", record, "--samples", "8", "--top", "1", "--lang", "fr", NULL};
    r = tw_test_cli_run("", fr);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Analyse de");
    CHECK_CONTAINS(r.out, "a choisi");
    CHECK_CONTAINS(r.out, "Un meilleur choix était");
    tw_test_cli_free(&r);
}
