/* Fuzz target: the check of a request head (tw_srv_head_check, which
 * the server's front door runs on every connection's first bytes). The
 * input is the bytes received so far. What must hold: a head accepted
 * ends with its empty line, within the size limit, and holds no NUL or
 * bare LF; a refusal has one of the statuses the front door answers,
 * a code and a message; and a verdict on a prefix never contradicts the
 * whole: a prefix of an accepted head is never refused, and bytes added
 * after a refusal never make it right. */
#include "fuzz.h"
#include "server/server.h"

/* Checks one verdict's own properties. */
static void check_one(const char *data, size_t size, tw_srv_head_verdict v, const tw_srv_head *h)
{
    if (v == TW_SRV_HEAD_OK) {
        if (h->length < 4 || h->length > size || h->length > TW_SRV_HEAD_MAX ||
            memcmp(data + h->length - 4, "\r\n\r\n", 4) != 0)
            fuzz_fail("an accepted head does not end with its empty line within the limit", NULL);
        for (size_t i = 0; i < h->length; i++)
            if (data[i] == '\0' || (data[i] == '\n' && (i == 0 || data[i - 1] != '\r')))
                fuzz_fail("an accepted head holds a NUL or a bare LF", NULL);
    } else if (v == TW_SRV_HEAD_BAD) {
        static const int statuses[] = {400, 411, 413, 414, 431, 505};
        int known = 0;
        for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
            known |= h->status == statuses[i];
        if (!known || !h->code || !h->code[0] || !h->message[0])
            fuzz_fail("a refusal without a known status, a code or a message", NULL);
    } else if (v != TW_SRV_HEAD_MORE) {
        fuzz_fail("an unknown verdict", NULL);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    tw_srv_head whole, part;
    tw_srv_head_verdict v = tw_srv_head_check(text, size, &whole);
    check_one(text, size, v, &whole);
    size_t cut = size / 2;
    tw_srv_head_verdict pv = tw_srv_head_check(text, cut, &part);
    check_one(text, cut, pv, &part);
    if (v == TW_SRV_HEAD_OK && cut < whole.length && pv != TW_SRV_HEAD_MORE)
        fuzz_fail("a prefix of an accepted head was not MORE", NULL);
    if (pv == TW_SRV_HEAD_BAD && v != TW_SRV_HEAD_BAD)
        fuzz_fail("bytes added after a refusal made the head right", NULL);
    return 0;
}
