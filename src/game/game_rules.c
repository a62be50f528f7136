/* The rules of every game as players read them, written once over the
 * game table: the text shipped in the data folder (data/rules/KEY.LANG.md,
 * in the markup subset of docs/rules-text.md) and the game's card list
 * (tw_game.cards_json), for the terminal's `rules` and the web's Rules
 * panel (GET /api/rules/GAME, answered by the server and by the engine in
 * the page alike). */
#include <stdio.h>
#include <stdlib.h>

#include "trickwood/game.h"

#define LANGS 2 /* English and French, by tw_lang */

static const char *const LANG_KEYS[LANGS] = {"en", "fr"};

/* Reads data/rules/KEY.LANG.md from the data folder. */
char *tw_game_rules_text(const tw_game *g, tw_lang lang, tw_diag *diag)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/rules/%s.%s.md", tw_data_dir(), g->key, LANG_KEYS[lang == TW_LANG_FR]);
    tw_diag_init(diag, path);
    return tw_read_file(path, NULL, diag);
}

/* The rules of a game in both languages, with its card list. */
json_t *tw_game_rules_json(const tw_game *g, const tw_match *m, tw_diag *diag)
{
    json_t *text = json_object();
    for (int lang = 0; text && lang < LANGS; lang++) {
        char *body = tw_game_rules_text(g, (tw_lang)lang, diag);
        if (!body) {
            json_decref(text);
            return NULL;
        }
        json_object_set_new(text, LANG_KEYS[lang], json_string(body));
        free(body);
    }
    json_t *cards = g->cards_json ? g->cards_json(m, diag) : json_array();
    if (!text || !cards) {
        json_decref(text);
        json_decref(cards);
        return NULL;
    }
    return json_pack("{s:s, s:{s:s, s:s}, s:o, s:o}", "game", g->key, "title", "en", g->title[TW_LANG_EN], "fr",
                     g->title[TW_LANG_FR], "text", text, "cards", cards);
}
