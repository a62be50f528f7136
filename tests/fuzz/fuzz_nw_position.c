/* Fuzz target: For Northwood! position files (tw_nw_position_from_text,
 * default catalog). A position that loads must pass the engine's
 * invariants and write back to text that loads again. */
#include "fuzz.h"
#include "trickwood/nw_files.h"

static tw_nw_catalog cat;

/* Loads the input as a position file. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tw_diag d;
    if (!cat.count && tw_nw_catalog_load_default(&cat, &d) != TW_OK)
        fuzz_fail("the default catalog does not load", &d);
    char *text = fuzz_text(data, size);
    tw_nw_state s, again;
    if (tw_nw_position_from_text(&s, &cat, text, "fuzz.json", &d) == TW_OK) {
        const char *why = NULL;
        if (!tw_nw_check_invariants(&s, &why))
            fuzz_fail(why ? why : "the invariants fail", NULL);
        tw_buf buf = {0};
        if (tw_nw_position_to_json(&s, &cat, &buf) != TW_OK || !buf.data)
            fuzz_fail("a loaded position cannot be written", NULL);
        if (tw_nw_position_from_text(&again, &cat, buf.data, "written.json", &d) != TW_OK)
            fuzz_fail("a loaded position does not load again once written", &d);
        tw_buf_free(&buf);
    }
    free(text);
    return 0;
}
