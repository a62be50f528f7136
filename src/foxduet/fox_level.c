/* Difficulty levels: which board side, which gem kinds, how many forest
 * tokens and the base of the victory score. */
#include <stddef.h>

#include "trickwood/foxduet.h"

static const tw_fox_level_info LEVELS[TW_FOX_LEVELS] = {
    {"side-a.json", 0, 4, 10},
    {"side-b.json", 0, 3, 20},
    {"side-b.json", 1, 3, 30},
};

/* The setup of a level, or NULL. */
const tw_fox_level_info *tw_fox_level(int level)
{
    if (level < 1 || level > TW_FOX_LEVELS)
        return NULL;
    return &LEVELS[level - 1];
}

/* Gems a board starts with at a level. */
int tw_fox_board_start_gems(const tw_fox_board *board, int level)
{
    const tw_fox_level_info *info = tw_fox_level(level);
    if (!info || !board)
        return 0;
    int n = 0;
    for (int i = 0; i < TW_FOX_SPACES; i++)
        n += board->squares[i] + (info->diamonds ? board->diamonds[i] : 0);
    return n;
}
