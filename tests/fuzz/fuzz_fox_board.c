/* Fuzz target: Fox in the Forest Duet board files (tw_fox_board_from_text).
 * A board that loads must write back to text that loads again. */
#include "fuzz.h"
#include "trickwood/fox_files.h"

/* Loads the input as a board file. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tw_diag d;
    tw_fox_board b, again;
    char *text = fuzz_text(data, size);
    if (tw_fox_board_from_text(&b, text, "fuzz.json", &d) == TW_OK) {
        tw_buf buf = {0};
        if (tw_fox_board_to_json(&b, &buf) != TW_OK || !buf.data)
            fuzz_fail("a loaded board cannot be written", NULL);
        if (tw_fox_board_from_text(&again, buf.data, "written.json", &d) != TW_OK)
            fuzz_fail("a loaded board does not load again once written", &d);
        tw_buf_free(&buf);
    }
    free(text);
    return 0;
}
