/* Fuzz target: For Northwood! game records (tw_nw_record_from_text). A
 * record that loads must write back (tw_nw_record_to_json) to text that
 * loads again with as many actions. */
#include "fuzz.h"
#include "trickwood/nw_files.h"

static tw_nw_record rec;
static tw_nw_record back;

/* Loads the input as a record file. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tw_diag d;
    char *text = fuzz_text(data, size);
    if (tw_nw_record_from_text(&rec, text, "fuzz.json", &d) == TW_OK) {
        tw_buf buf = {0};
        if (tw_nw_record_to_json(&rec, &buf) != TW_OK || !buf.data)
            fuzz_fail("a loaded record cannot be written", NULL);
        if (tw_nw_record_from_text(&back, buf.data, "written.json", &d) != TW_OK)
            fuzz_fail("a loaded record does not load again once written", &d);
        if (back.count != rec.count)
            fuzz_fail("a written record lost actions", NULL);
        tw_nw_record_free(&back);
        tw_buf_free(&buf);
        tw_nw_record_free(&rec);
    }
    free(text);
    return 0;
}
