/* Regression tests of crown abilities found while playing them in the
 * terminal. */
#include "nw_fixture.h"
#include "test.h"

/* ---- Baron of Eyes: the drawn card does not count ------------------------ */

TEST(nw_crown_baron_of_eyes_even_answer_then_odd_draw)
{
    /* The draw after an even answer remembers the drawn card's value; an
     * odd drawn card must not bring the odd answer's discard as well. */
    tw_nw_state s;
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "baron-of-eyes");
    fx_cards(&s, "2C 3C 5L", "1E 4E 5E 7E", "", "", TW_NW_PILE_DISCARD);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    FX_SOUND(&s);
    REQUIRE(FX_RUN(&s, "activate 0; respond 2C"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "3C 5L 5E");
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
    /* and an odd answer discards without drawing */
    fx_blank(&s, NULL);
    fx_ally(&s, 0, "baron-of-eyes");
    fx_cards(&s, "2C 3C 5L", "1E 4E 6E 7E", "", "", TW_NW_PILE_DISCARD);
    fx_visit(&s, 3, TW_NW_PHASE_BEFORE_STATEMENT);
    REQUIRE(FX_RUN(&s, "activate 0; respond 3C; pick 5L"));
    CHECK_STR(fx_pile(&s, TW_NW_PILE_HAND), "2C");
    CHECK_INT(s.phase, TW_NW_PHASE_BEFORE_STATEMENT);
}
