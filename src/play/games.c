/* The terminal games (games.h): the one list that resume, replay,
 * analyse, the saves and the history read. A game is one line here, its
 * terminal table (tw_cli_ui) beside its screens in play/<game>/. */
#include <jansson.h>
#include <string.h>

#include "play/games.h"

/* The games' terminal tables (play/<game>/), the first being the fallback. */
extern const tw_cli_ui tw_nw_cli_ui;
extern const tw_cli_ui tw_fox_cli_ui;
const tw_cli_ui *const tw_cli_games[] = {&tw_nw_cli_ui, &tw_fox_cli_ui};
const int tw_cli_game_count = (int)(sizeof tw_cli_games / sizeof tw_cli_games[0]);

/* The table of the game a file holds, from its "game" field. */
const tw_cli_ui *tw_cli_ui_of_file(const char *path)
{
    json_error_t error;
    json_t *root = json_load_file(path, 0, &error);
    const tw_cli_ui *ui = tw_cli_ui_of_file_game(root ? json_string_value(json_object_get(root, "game")) : NULL);
    json_decref(root);
    return ui;
}

/* The terminal table of a game by the name its files give it in their
 * "game" field ("northwood", "foxduet"), or NULL. */
const tw_cli_ui *tw_cli_ui_of_file_game(const char *file_game)
{
    for (int g = 0; file_game && g < tw_cli_game_count; g++)
        if (strcmp(file_game, tw_cli_games[g]->file_game) == 0)
            return tw_cli_games[g];
    return NULL;
}

/* The terminal table of a game by its record name, or NULL. */
const tw_cli_ui *tw_cli_ui_of_game(const char *record_name)
{
    for (int g = 0; record_name && g < tw_cli_game_count; g++)
        if (strcmp(tw_cli_games[g]->game->record_name, record_name) == 0)
            return tw_cli_games[g];
    return NULL;
}
