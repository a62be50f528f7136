/* Key tables: the names files use for enumerations (suits, piles, phases,
 * events...), looked up both ways for both games. */
#include <string.h>

#include "trickwood/core.h"

/* The key of a value, or NULL when out of range. */
const char *tw_key_of(const char *const *keys, int count, int value)
{
    return value >= 0 && value < count ? keys[value] : NULL;
}

/* The value of a key, or -1 when absent (NULL entries never match). */
int tw_key_find(const char *const *keys, int count, const char *key)
{
    if (!key)
        return -1;
    for (int i = 0; i < count; i++)
        if (keys[i] && strcmp(keys[i], key) == 0)
            return i;
    return -1;
}
