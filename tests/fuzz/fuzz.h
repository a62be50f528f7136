/* Shared helpers of the libFuzzer targets in tests/fuzz/ (docs/server.md,
 * "Fuzzing"). Each target is one file with LLVMFuzzerTestOneInput; a
 * failed check calls fuzz_fail, which aborts so libFuzzer saves the input. */
#ifndef TRICKWOOD_FUZZ_H
#define TRICKWOOD_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trickwood/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated copy of the fuzzer's bytes (the loaders take C text).
 * The caller frees it. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* Reports a broken property (with the loader's diagnostic when given) and
 * aborts: libFuzzer then keeps the input as a crash. */
static inline void fuzz_fail(const char *what, const tw_diag *diag)
{
    char msg[700] = "";
    if (diag)
        tw_diag_format(diag, msg, sizeof msg);
    fprintf(stderr, "fuzz: %s %s\n", what, msg);
    abort();
}

#endif
