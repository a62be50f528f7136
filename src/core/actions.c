/* Growing lists of actions (records and matches of both games keep every
 * action in order; actions are 16-bit numbers in both engines). */
#include <stdlib.h>

#include "trickwood/core.h"

/* Appends an action, doubling the list when full (64 to start). */
tw_error tw_actions_push(uint16_t **items, int *count, int *cap, uint16_t action)
{
    if (*count == *cap) {
        int bigger = *cap ? *cap * 2 : 64;
        uint16_t *grown = realloc(*items, (size_t)bigger * sizeof *grown);
        if (!grown)
            return TW_ERR_NOMEM;
        *items = grown;
        *cap = bigger;
    }
    (*items)[(*count)++] = action;
    return TW_OK;
}

/* Reports a broken invariant: sets the reason (when why is not NULL) and
 * returns 0, so that checks read "return tw_broken(why, ...)". */
int tw_broken(const char **why, const char *reason)
{
    if (why)
        *why = reason;
    return 0;
}
