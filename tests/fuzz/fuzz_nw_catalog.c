/* Fuzz target: For Northwood! character files (tw_nw_catalog_add_text),
 * added to the default catalog as --characters does. A file that loads
 * must write back (tw_nw_catalog_to_json) to text that loads again. */
#include "fuzz.h"
#include "trickwood/nw_files.h"

static tw_nw_catalog base;
static tw_nw_catalog cat;
static tw_nw_catalog back;

/* Loads the input as a character file over the default catalog. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tw_diag d;
    if (!base.count && tw_nw_catalog_load_default(&base, &d) != TW_OK)
        fuzz_fail("the default catalog does not load", &d);
    char *text = fuzz_text(data, size);
    cat = base;
    if (tw_nw_catalog_add_text(&cat, text, "fuzz.json", &d) == TW_OK) {
        tw_buf buf = {0};
        if (tw_nw_catalog_to_json(&cat, base.count, &buf) == TW_OK && buf.data) {
            back = base;
            if (tw_nw_catalog_add_text(&back, buf.data, "written.json", &d) != TW_OK)
                fuzz_fail("a loaded character file does not load again once written", &d);
        }
        tw_buf_free(&buf);
    }
    free(text);
    return 0;
}
