/* Hints in the For Northwood! terminal game and `trickwood analyse`. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_harness.h"
#include "trickwood/io.h"
#include "test.h"

TEST(cli_nw_hint_recommends_a_listed_choice)
{
    const char *args[] = {"northwood", "--seed", "21", "--save", tw_test_tmp("hint-save.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("hint\nquit\n", args);
    CHECK_INT(r.code, 0);
    char label[512];
    REQUIRE(tw_test_line_after(r.out, "Hint: ", label, sizeof label));
    /* the recommended action is one of the numbered choices */
    char listed[600];
    snprintf(listed, sizeof listed, ". %s\n", label);
    CHECK_CONTAINS(r.out, listed);
    CHECK_CONTAINS(r.out, "Estimated chance of hitting that fief's target");
    CHECK_CONTAINS(r.out, "bronze medal (16 stars)");
    /* the same game gives the same hint */
    unlink(args[4]); /* started again, not asked to replace the first */
    tw_test_cli_result again = tw_test_cli_run("hint\nquit\n", args);
    char label2[512];
    REQUIRE(tw_test_line_after(again.out, "Hint: ", label2, sizeof label2));
    CHECK_STR(label2, label);
    tw_test_cli_free(&r);
    tw_test_cli_free(&again);
}

TEST(cli_nw_hint_in_french_during_a_visit)
{
    const char *args[] = {"northwood", "--seed", "21", "--lang", "fr", "--save", tw_test_tmp("hint-fr.json"), NULL};
    tw_test_cli_result r = tw_test_cli_run("1\nindice\nquitter\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Conseil : ");
    CHECK_CONTAINS(r.out, "Chance estimée de finir cette visite sur sa cible");
    tw_test_cli_free(&r);
}

/* Reads the two percentages of the first finding. */
static int first_finding(const char *out, int *chosen, int *better)
{
    const char *at = strstr(out, "you chose");
    if (!at)
        return 0;
    const char *p1 = strstr(at, "%)");
    if (!p1)
        return 0;
    const char *q = p1;
    while (q > at && q[-1] >= '0' && q[-1] <= '9')
        q--;
    *chosen = atoi(q);
    const char *b = strstr(p1, "A better choice was");
    const char *p2 = b ? strstr(b, "%)") : NULL;
    if (!p2)
        return 0;
    q = p2;
    while (q > b && q[-1] >= '0' && q[-1] <= '9')
        q--;
    *better = atoi(q);
    return 1;
}

TEST(cli_nw_analyse_names_costly_decisions)
{
    const char *record = tw_test_tmp("analyse-record.json");
    const char *play[] = {"northwood", "--seed", "11", "--save", record, NULL};
    char input[2000] = "";
    for (int i = 0; i < 400; i++)
        strcat(input, "1\n");
    tw_test_cli_result game = tw_test_cli_run(input, play);
    CHECK_INT(game.code, 0);
    tw_test_cli_free(&game);
    const char *args[] = {"analyse", record, "--samples", "30", "--top", "3", NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Analysis of");
    CHECK_CONTAINS(r.out, "Result: ");
    int chosen = -1, better = -1;
    REQUIRE(first_finding(r.out, &chosen, &better));
    CHECK(better > chosen);
    CHECK(strstr(r.out, "\n4. ") == NULL); /* --top 3 */
    tw_test_cli_result again = tw_test_cli_run("", args);
    CHECK_STR(again.out, r.out);
    tw_test_cli_free(&r);
    tw_test_cli_free(&again);
}

TEST(cli_nw_analyse_does_not_judge_stopping)
{
    /* The example record ends with "stop" once bronze is out of reach:
     * that choice gives up the fiefs by design and is not listed. */
    const char *record = tw_test_data("examples/northwood-record.json");
    size_t size = 0;
    tw_diag d;
    char *text = tw_read_file(record, &size, &d);
    REQUIRE(text);
    CHECK(strstr(text, "\"stop\"") != NULL); /* the record really stops */
    free(text);
    const char *args[] = {"analyse", record, "--samples", "20", "--top", "10", NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "A better choice was");
    CHECK(strstr(r.out, "Stop the game") == NULL);
    tw_test_cli_free(&r);
}

TEST(cli_nw_analyse_refuses_bad_input)
{
    const char *bad = tw_test_tmp("analyse-bad.json");
    FILE *f = fopen(bad, "w");
    REQUIRE(f);
    fputs("{\n  \"format\": \"trickwood-record\",\n  \"version\": 7\n}\n", f);
    fclose(f);
    const char *args[] = {"analyse", bad, NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK(r.code != 0);
    CHECK_CONTAINS(r.err, "analyse-bad.json:");
    tw_test_cli_free(&r);
    const char *none[] = {"analyse", NULL};
    r = tw_test_cli_run("", none);
    CHECK_INT(r.code, 2);
    tw_test_cli_free(&r);
    const char *opt[] = {"analyse", bad, "--samples", "0", NULL};
    r = tw_test_cli_run("", opt);
    CHECK_INT(r.code, 2);
    tw_test_cli_free(&r);
}
