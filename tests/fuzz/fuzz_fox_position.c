/* Fuzz target: Fox in the Forest Duet position files
 * (tw_fox_position_from_text). A position that loads must pass the
 * engine's invariants and write back to text that loads again. */
#include "fuzz.h"
#include "trickwood/fox_files.h"

/* Loads the input as a position file. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tw_diag d;
    tw_fox_state s, again;
    char *text = fuzz_text(data, size);
    if (tw_fox_position_from_text(&s, text, "fuzz.json", &d) == TW_OK) {
        const char *why = NULL;
        if (!tw_fox_check_invariants(&s, &why))
            fuzz_fail(why ? why : "the invariants fail", NULL);
        tw_buf buf = {0};
        if (tw_fox_position_to_json(&s, &buf) != TW_OK || !buf.data)
            fuzz_fail("a loaded position cannot be written", NULL);
        if (tw_fox_position_from_text(&again, buf.data, "written.json", &d) != TW_OK)
            fuzz_fail("a loaded position does not load again once written", &d);
        tw_buf_free(&buf);
    }
    free(text);
    return 0;
}
