/* The rules' card list of the Duet at the terminal (`rules fox --cards`,
 * `rules cards` at the prompt): the ten ranks of each suit, from their
 * JSON (tw_game.cards_json), with their footprints and, for the odd
 * ranks, the ability in the engine's own words. */
#include "play/fox/fox_cli.h"
#include "play/rules.h"

typedef enum { FL_TITLE, FL_RANK, FL_ABILITY, FL_COUNT } card_list_id;

/* The words of the card list, in English and French. */
const tw_msg tw_fox_cli_card_list_texts[FL_COUNT] = {
    [FL_TITLE] = {{"The 30 cards of the Duet: the ranks 1 to 10 in %s, %s and %s. Footprints move the team "
                   "token; the odd ranks have an ability, which works as soon as the card is played.",
                   "Les 30 cartes du Duo : les rangs 1 à 10 en %s, %s et %s. Les empreintes font avancer le jeton "
                   "d'équipe ; les rangs impairs ont une capacité, qui agit dès que la carte est jouée."}},
    [FL_RANK] = {{"Rank %d (%s)", "Rang %d (%s)"}},
    [FL_ABILITY] = {{"Rank %d (%s): %s", "Rang %d (%s) : %s"}},
};

const int tw_fox_cli_card_list_text_count = FL_COUNT;

#define F(id) tw_msg_get(&tw_fox_cli_card_list_texts[id], cli->lang)

/* Prints the ranks with their footprints and abilities. */
void tw_fox_cli_card_list(tw_cli *cli, json_t *cards, int width)
{
    char line[900], steps[64];
    snprintf(line, sizeof line, F(FL_TITLE), tw_fox_suit_name(0, cli->lang), tw_fox_suit_name(1, cli->lang),
             tw_fox_suit_name(2, cli->lang));
    tw_term_wrap(cli->out, line, 0, width);
    fputc('\n', cli->out);
    size_t i;
    json_t *card;
    json_array_foreach(cards, i, card) {
        int rank = (int)json_integer_value(json_object_get(card, "rank"));
        tw_fox_cli_count(cli, (int)json_integer_value(json_object_get(card, "footprints")), FX_T_FOOTPRINT_ONE, steps,
                         sizeof steps);
        json_t *ability = json_object_get(card, "ability");
        const char *key = cli->lang == TW_LANG_FR ? "fr" : "en";
        if (!ability) {
            snprintf(line, sizeof line, F(FL_RANK), rank, steps);
            tw_term_wrap(cli->out, line, 2, width);
            continue;
        }
        const char *name = json_string_value(json_object_get(json_object_get(ability, "name"), key));
        const char *text = json_string_value(json_object_get(json_object_get(ability, "text"), key));
        snprintf(line, sizeof line, F(FL_ABILITY), rank, steps, name ? name : "");
        fputs(tw_term_style(&cli->term, TW_STYLE_BOLD), cli->out);
        tw_term_wrap(cli->out, line, 2, width);
        fputs(tw_term_style(&cli->term, TW_STYLE_RESET), cli->out);
        tw_term_wrap(cli->out, text ? text : "", 6, width);
    }
}
