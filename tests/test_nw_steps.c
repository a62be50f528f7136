/* For Northwood! step kinds: the table of kinds (one row per operation) is
 * complete and consistent, and every kind written back from its row reads
 * back the same, runs as sound, and refuses values its fields do not
 * allow. */
#include <stdio.h>
#include <stdlib.h>

#include "northwood/nw_internal.h"
#include "test.h"
#include "trickwood/nw_files.h"

/* A value a field allows, the highest where there is a choice; for a
 * DISTINCT kind's second pile, one that differs from avoid. */
static int sample_value(const tw_nw_step_field *f, int avoid)
{
    switch (f->type) {
    case TW_NW_FIELD_PILE:
        for (int p = TW_NW_PILE_SCORE; p >= 0; p--)
            if (((f->piles >> p) & 1) && p != avoid)
                return p;
        return -1;
    case TW_NW_FIELD_SUITREF:
        return f->hi - 1;
    case TW_NW_FIELD_VALUES:
        return 0x81; /* values 1 and 8 */
    case TW_NW_FIELD_PARITY:
        return 1;
    default: /* INT, SPAN */
        return f->hi;
    }
}

/* Builds a step of a kind with a sample value in each field; a span gets
 * its steps after it (peeks) in steps[1..], and *n the list's length. */
static void sample_steps(int op, tw_nw_step *steps, int *n)
{
    const tw_nw_step_kind *kind = tw_nw_step_kind_of(op);
    uint8_t bytes[3] = {0, 0, 0};
    int span = 0;
    for (int i = 0; i < TW_NW_STEP_FIELDS && kind->fields[i].key; i++) {
        const tw_nw_step_field *f = &kind->fields[i];
        int avoid = (kind->traits & TW_NW_STEP_DISTINCT) && f->at == 1 ? bytes[0] : -1;
        bytes[f->at] = (uint8_t)sample_value(f, avoid);
        if (f->type == TW_NW_FIELD_SPAN)
            span = bytes[f->at];
    }
    steps[0] = (tw_nw_step){(uint8_t)op, bytes[0], bytes[1], bytes[2]};
    for (int i = 1; i <= span; i++)
        steps[i] = (tw_nw_step){TW_NW_OP_PEEK, 0, 0, 1};
    *n = 1 + span;
}

/* Reads a character file text with one character whose steps are given
 * as JSON; returns the error and fills *entry on success. */
static tw_error read_steps(const char *steps_json, tw_nw_catalog_entry *entry, tw_diag *d)
{
    static tw_nw_catalog cat;
    char text[2048];
    snprintf(text, sizeof text,
             "{\"format\": \"trickwood-characters\", \"version\": 1, \"characters\": [\n"
             "  {\"id\": \"kind-test\", \"suit\": \"eyes\", \"name\": {\"en\": \"X\", \"fr\": \"X\"},\n"
             "   \"text\": {\"en\": \"t\", \"fr\": \"t\"},\n   \"steps\": %s}\n]}\n",
             steps_json);
    cat.count = 0;
    tw_error err = tw_nw_catalog_add_text(&cat, text, "kinds.json", d);
    if (!err)
        *entry = cat.entries[0];
    return err;
}

TEST(nw_step_kinds_rows_are_complete)
{
    CHECK(tw_nw_step_kind_of(0) == NULL);
    CHECK(tw_nw_step_kind_of(TW_NW_OP_LAST + 1) == NULL);
    CHECK(tw_nw_step_kinds[0].key == NULL);
    for (int op = 1; op <= TW_NW_OP_LAST; op++) {
        const tw_nw_step_kind *kind = tw_nw_step_kind_of(op);
        REQUIRE(kind != NULL && kind->key != NULL);
        CHECK_INT(tw_nw_op_from_key(kind->key), op);
        CHECK_STR(tw_nw_op_key(op), kind->key);
        CHECK(kind->begin && kind->needs && kind->choose);
        for (int other = 1; other < op; other++)
            CHECK(strcmp(tw_nw_step_kinds[other].key, kind->key) != 0);
        /* fields: listed first, each in its own byte, none named "op" */
        unsigned bytes = 0;
        int ended = 0;
        for (int i = 0; i < TW_NW_STEP_FIELDS; i++) {
            const tw_nw_step_field *f = &kind->fields[i];
            if (!f->key) {
                ended = 1;
                continue;
            }
            CHECK(!ended);
            CHECK(f->at < 3 && !((bytes >> f->at) & 1));
            bytes |= 1u << f->at;
            CHECK(strcmp(f->key, "op") != 0);
            CHECK(f->type >= TW_NW_FIELD_PILE && f->type <= TW_NW_FIELD_SPAN);
            if (f->type == TW_NW_FIELD_INT || f->type == TW_NW_FIELD_SPAN)
                CHECK(f->lo <= f->hi && (!f->optional || (f->fallback >= f->lo && f->fallback <= f->hi)));
            if (f->type == TW_NW_FIELD_PILE)
                CHECK(f->piles != 0 && f->piles <= 0xF && f->sound == f->piles);
        }
        /* traits that only make sense with a choice, or with two piles */
        if (kind->traits & TW_NW_STEP_MAY_PASS)
            CHECK(kind->choice != TW_NW_CHOICE_NONE);
        if (kind->traits & (TW_NW_STEP_PICKS_WHICH | TW_NW_STEP_PICKS_ORDER))
            CHECK(kind->choice == TW_NW_CHOICE_CARD && kind->moves == TW_NW_MOVES_HAND);
        if (kind->traits & TW_NW_STEP_DISTINCT)
            CHECK((bytes & 3u) == 3u);
        if (kind->moves == TW_NW_MOVES_TOP || kind->moves == TW_NW_MOVES_HAND)
            CHECK((bytes >> 1) & 1); /* pile b, where the cards go */
    }
}

TEST(nw_step_kinds_write_and_read_back)
{
    for (int op = 1; op <= TW_NW_OP_LAST; op++) {
        tw_nw_step steps[TW_NW_MAX_STEPS];
        int n;
        sample_steps(op, steps, &n);
        CHECK(nw_steps_sound(steps, n));
        tw_buf json = {0};
        REQUIRE(tw_nw_steps_to_json(steps, n, &json) == 0);
        tw_nw_catalog_entry e;
        tw_diag d;
        tw_error err = read_steps(json.data, &e, &d);
        if (err) {
            char msg[700];
            tw_diag_format(&d, msg, sizeof msg);
            tw_test_fail(__FILE__, __LINE__, "%s: %s", tw_nw_op_key(op), msg);
        } else {
            CHECK_INT(e.nsteps, n);
            CHECK(memcmp(e.steps, steps, (size_t)n * sizeof steps[0]) == 0);
        }
        tw_buf_free(&json);
    }
}

TEST(nw_step_kinds_refuse_what_their_fields_do_not_allow)
{
    for (int op = 1; op <= TW_NW_OP_LAST; op++) {
        const tw_nw_step_kind *kind = tw_nw_step_kind_of(op);
        for (int i = 0; i < TW_NW_STEP_FIELDS && kind->fields[i].key; i++) {
            const tw_nw_step_field *f = &kind->fields[i];
            if (f->type != TW_NW_FIELD_PILE && f->type != TW_NW_FIELD_PARITY && f->type != TW_NW_FIELD_SPAN)
                continue;
            tw_nw_step steps[TW_NW_MAX_STEPS];
            int n;
            sample_steps(op, steps, &n);
            int bad = f->type == TW_NW_FIELD_PARITY ? 2 : f->type == TW_NW_FIELD_SPAN ? n : 0;
            if (f->type == TW_NW_FIELD_PILE) /* the first pile it may not name, or past the piles */
                for (bad = 0; bad <= TW_NW_PILE_SCORE && ((f->piles >> bad) & 1); bad++)
                    ;
            uint8_t *byte = f->at == 0 ? &steps[0].a : f->at == 1 ? &steps[0].b : &steps[0].c;
            *byte = (uint8_t)bad;
            CHECK(!nw_steps_sound(steps, n));
            /* the same value in a file: refused at the field, by name */
            if (f->type == TW_NW_FIELD_PILE && bad <= TW_NW_PILE_SCORE) {
                tw_buf json = {0};
                REQUIRE(tw_nw_steps_to_json(steps, n, &json) == 0);
                tw_nw_catalog_entry e;
                tw_diag d;
                CHECK_INT(read_steps(json.data, &e, &d), TW_ERR_PARSE);
                char field[64];
                snprintf(field, sizeof field, "characters[0].steps[0].%s", f->key);
                CHECK_STR(d.field, field);
                CHECK_INT(d.line, 4);
                tw_buf_free(&json);
            }
        }
    }
    /* a kind that names no operation is not sound, nor written */
    tw_nw_step none = {0, 0, 0, 0};
    CHECK(!nw_steps_sound(&none, 1));
    tw_buf json = {0};
    CHECK(tw_nw_steps_to_json(&none, 1, &json) == -1);
    tw_buf_free(&json);
}
