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
