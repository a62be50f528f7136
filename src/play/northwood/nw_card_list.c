/* The rules' card list of For Northwood! at the terminal (`rules
 * northwood --cards`, `rules cards` at the prompt): every character of a
 * catalog, from its JSON (tw_game.cards_json), in four groups: the
 * introductory allies and rulers, the crown characters, and any other
 * character a player's own file added. */
#include <string.h>

#include "play/northwood/nw_cli.h"
#include "play/rules.h"

typedef enum { CL_TITLE, CL_NOTE, CL_ALLIES, CL_RULERS, CL_CROWN, CL_OTHER, CL_NAME, CL_NAME_TITLE, CL_COUNT } card_list_id;

/* The words of the card list, in English and French. */
const tw_msg tw_nw_cli_card_list_texts[CL_COUNT] = {
    [CL_TITLE] = {{"The %d characters of For Northwood!\n", "Les %d personnages des Fiefs de Norbois !\n"}},
    [CL_NOTE] = {{"Each ally's ability may be used once per visit; a friendly ruler can lend you its own as a "
                  "substitute.",
                  "La capacité de chaque allié sert une fois par visite ; un chef rallié peut vous prêter la sienne "
                  "comme remplaçant."}},
    [CL_ALLIES] = {{"Allies of the introductory game", "Alliés du jeu d'initiation"}},
    [CL_RULERS] = {{"Rulers of the introductory game", "Chefs du jeu d'initiation"}},
    [CL_CROWN] = {{"Crown characters %s (full game only)", "Personnages couronne %s (jeu complet seulement)"}},
    [CL_OTHER] = {{"Other characters (from your own files)", "Autres personnages (de vos propres fichiers)"}},
    [CL_NAME] = {{"%s %s (%s)", "%s %s (%s)"}},
    [CL_NAME_TITLE] = {{"%s, \"%s\" %s (%s)", "%s, « %s » %s (%s)"}},
};

const int tw_nw_cli_card_list_text_count = CL_COUNT;

#define C(id) tw_msg_get(&tw_nw_cli_card_list_texts[id], cli->lang)

/* The group of a character of the list (0 to 3, in the order shown). */
static int group_of(json_t *card)
{
    const char *intro = json_string_value(json_object_get(card, "intro"));
    if (intro && strcmp(intro, "ally") == 0)
        return 0;
    if (intro && strcmp(intro, "ruler") == 0)
        return 1;
    return json_is_true(json_object_get(card, "crown")) ? 2 : 3;
}

/* A {"en", "fr"} text in the player's language ("" when missing). */
static const char *in_lang(const tw_cli *cli, json_t *pair)
{
    const char *text = json_string_value(json_object_get(pair, cli->lang == TW_LANG_FR ? "fr" : "en"));
    return text ? text : "";
}

/* Prints every character of the list, by group, with its suit, title and
 * ability. */
void tw_nw_cli_card_list(tw_cli *cli, json_t *cards, int width)
{
    static const card_list_id HEADINGS[4] = {CL_ALLIES, CL_RULERS, CL_CROWN, CL_OTHER};
    tw_cli_printf(cli, C(CL_TITLE), (int)json_array_size(cards));
    tw_term_wrap(cli->out, C(CL_NOTE), 0, width);
    for (int group = 0; group < 4; group++) {
        size_t i;
        json_t *card;
        int listed = 0;
        json_array_foreach(cards, i, card) {
            if (group_of(card) != group)
                continue;
            if (!listed++) {
                char heading[200];
                snprintf(heading, sizeof heading, C(HEADINGS[group]), tw_nw_cli_crown_mark(cli));
                fputc('\n', cli->out);
                fputs(tw_term_style(&cli->term, TW_STYLE_BOLD), cli->out);
                fputs(heading, cli->out);
                fputs(tw_term_style(&cli->term, TW_STYLE_RESET), cli->out);
                fputc('\n', cli->out);
            }
            int suit = tw_nw_suit_from_key(json_string_value(json_object_get(card, "suit")));
            const char *title = in_lang(cli, json_object_get(card, "title"));
            char line[600];
            if (title[0])
                snprintf(line, sizeof line, C(CL_NAME_TITLE), in_lang(cli, json_object_get(card, "name")), title,
                         tw_nw_cli_suit_symbol(cli, suit), tw_nw_cli_suit_name(cli, suit));
            else
                snprintf(line, sizeof line, C(CL_NAME), in_lang(cli, json_object_get(card, "name")),
                         tw_nw_cli_suit_symbol(cli, suit), tw_nw_cli_suit_name(cli, suit));
            tw_term_wrap(cli->out, line, 2, width);
            tw_term_wrap(cli->out, in_lang(cli, json_object_get(card, "text")), 6, width);
        }
    }
}
