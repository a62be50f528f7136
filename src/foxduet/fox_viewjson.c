/* One seat's view of a Fox in the Forest Duet game as a JSON object, for
 * the web API (fields in docs/web-api.md). It reads only a tw_fox_view:
 * the partner's hand there holds just the cards the seat knows, the deck
 * is empty, the partner's secret Gift pick is hidden and the RNG cleared.
 * The cards of earlier tricks (set_aside) are left out on purpose: both
 * players saw them played, but a player is not meant to look back at them. */
#include <jansson.h>

#include "trickwood/fox_files.h"

/* A card code as a JSON text, or null for no card. */
static json_t *card_json(int card)
{
    if (card < 0 || card >= TW_FOX_CARDS)
        return json_null();
    char code[4];
    tw_fox_card_code(card, code);
    return json_string(code);
}

/* A list of cards from a set, in card order (doves, roses, stars; rank). */
static json_t *card_set_json(uint32_t set)
{
    json_t *list = json_array();
    for (int card = 0; card < TW_FOX_CARDS; card++)
        if (set & (1u << card))
            json_array_append_new(list, card_json(card));
    return list;
}

/* Suit keys of a bit set of suits. */
static json_t *suit_set_json(unsigned suits)
{
    json_t *list = json_array();
    for (int s = 0; s < TW_FOX_SUITS; s++)
        if (suits & (1u << s))
            json_array_append_new(list, json_string(tw_fox_suit_key(s)));
    return list;
}

/* {"en": ..., "fr": ...} from two texts. */
static json_t *text_pair(const char *en, const char *fr)
{
    return json_pack("{s:s, s:s}", "en", en, "fr", fr);
}

/* The end that covers a space with a forest token, or NULL. */
static const char *covered_by(const tw_fox_path *p, int index)
{
    if (index < p->covered[0])
        return "left";
    if (index >= TW_FOX_SPACES - p->covered[1])
        return "right";
    return NULL;
}

/* The board: its names and notice, every space with its gems, marks and
 * forest cover, the team token and the gem counts. */
static json_t *board_json(const tw_fox_state *v, const tw_fox_board *board)
{
    const tw_fox_path *p = &v->path;
    json_t *spaces = json_array();
    for (int i = 0; i < TW_FOX_SPACES; i++)
        json_array_append_new(spaces, json_pack("{s:i, s:i, s:i, s:b, s:b, s:s?}", "space", TW_FOX_INDEX_SPACE(i),
                                                "gems", p->gems[i], "squares", board->squares[i], "plus",
                                                p->plus[i] != 0, "diamond", board->diamonds[i] != 0, "covered",
                                                covered_by(p, i)));
    json_t *obj = json_pack("{s:s, s:o, s:b, s:o, s:o}", "id", board->id, "name",
                            text_pair(board->name[TW_LANG_EN], board->name[TW_LANG_FR]), "reconstructed",
                            board->reconstructed != 0, "note",
                            text_pair(board->note[TW_LANG_EN], board->note[TW_LANG_FR]), "spaces", spaces);
    if (!obj)
        return NULL;
    json_object_set_new(obj, "token", json_integer(p->token));
    json_object_set_new(obj, "forest_left", json_integer(p->forest_left));
    json_object_set_new(obj, "forest_start", json_integer(p->forest_start));
    json_object_set_new(obj, "gems_on_board", json_integer(tw_fox_gems_on_board(v)));
    json_object_set_new(obj, "gems_collected", json_integer(p->gems_collected));
    return obj;
}

/* The cards of the trick in progress, each with the seat that played it. */
static json_t *trick_json(const tw_fox_state *v)
{
    json_t *list = json_array();
    for (int i = 0; i < v->trick_n && i < 2; i++)
        json_array_append_new(list,
                              json_pack("{s:i, s:o}", "seat", tw_fox_trick_seat(v, i), "card", card_json(v->trick[i])));
    return list;
}

/* The legal actions of the view's seat in the record notation. */
static json_t *options_json(const tw_fox_view *view)
{
    tw_fox_action actions[TW_FOX_MAX_ACTIONS];
    int n = tw_fox_view_legal_actions(view, actions);
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        char text[48];
        tw_fox_action_format(&view->visible, actions[i], text, (int)sizeof text);
        json_array_append_new(list, json_string(text));
    }
    return list;
}

/* A pending ability or forest choice: its kind (the phase key), the seat
 * deciding, the options of the view's seat (empty when the other seat
 * decides) and what the choice is about. null in the play phase and once
 * the game is over. */
static json_t *pending_json(const tw_fox_view *view)
{
    const tw_fox_state *v = &view->visible;
    if (v->phase == TW_FOX_PHASE_PLAY || v->phase == TW_FOX_PHASE_GAME_OVER)
        return json_null();
    json_t *obj = json_pack("{s:s?, s:i, s:o}", "kind", tw_fox_phase_key(v->phase), "seat", tw_fox_to_act(v),
                            "options", options_json(view));
    if (!obj)
        return NULL;
    switch (v->phase) {
    case TW_FOX_PHASE_FOX_TARGET:
    case TW_FOX_PHASE_FOX_EXCHANGE:
        json_object_set_new(obj, "fox_seat", json_integer(v->fox_seat));
        break;
    case TW_FOX_PHASE_GIFT_FIRST:
    case TW_FOX_PHASE_GIFT_SECOND:
        json_object_set_new(obj, "gift_seat", json_integer(v->gift_seat));
        json_object_set_new(obj, "my_pick", card_json(v->gift_pick[view->seat]));
        break;
    case TW_FOX_PHASE_IGNORE:
    case TW_FOX_PHASE_DIRECTION:
        json_object_set_new(obj, "winner", json_integer(v->winner));
        json_object_set_new(obj, "steps", json_integer(tw_fox_trick_steps(v)));
        break;
    default:
        break;
    }
    return obj;
}

/* Builds the view object; NULL when memory ran out. */
json_t *tw_fox_view_json(const tw_fox_view *view, const tw_fox_board *board)
{
    const tw_fox_state *v = &view->visible;
    int seat = view->seat & 1, partner = 1 - seat;
    int to_act = tw_fox_to_act(v);
    int over = tw_fox_is_over(v);
    int in_hands = tw_fox_hand_count(v, 0) + tw_fox_hand_count(v, 1);
    int deck_count = TW_FOX_CARDS - in_hands - tw_popcount32(v->set_aside) - v->trick_n - 1;
    int trick_number = v->tricks_done + 1 > TW_FOX_TRICKS ? TW_FOX_TRICKS : v->tricks_done + 1;
    json_t *obj = json_object();
    json_object_set_new(obj, "seat", json_integer(seat));
    json_object_set_new(obj, "level", json_integer(v->level));
    json_object_set_new(obj, "round", json_integer(v->round));
    json_object_set_new(obj, "trick_number", json_integer(trick_number));
    json_object_set_new(obj, "tricks_done", json_integer(v->tricks_done));
    json_object_set_new(obj, "phase", json_string(tw_fox_phase_key(v->phase)));
    json_object_set_new(obj, "to_act", to_act >= 0 ? json_integer(to_act) : json_null());
    json_object_set_new(obj, "dealer", json_integer(v->dealer));
    json_object_set_new(obj, "leader", json_integer(v->leader));
    json_object_set_new(obj, "board", board_json(v, board));
    json_object_set_new(obj, "decree", card_json(v->decree));
    json_object_set_new(obj, "trump", json_string(tw_fox_suit_key(tw_fox_trump(v))));
    json_object_set_new(obj, "hand", card_set_json(v->hand[seat]));
    json_object_set_new(obj, "partner_hand_count", json_integer(tw_fox_hand_count(v, partner)));
    json_object_set_new(obj, "partner_known", card_set_json(v->known[partner] & v->hand[partner]));
    json_object_set_new(obj, "partner_void", suit_set_json(v->void_suits[partner]));
    json_object_set_new(obj, "deck_count", json_integer(deck_count < 0 ? 0 : deck_count));
    json_object_set_new(obj, "trick", trick_json(v));
    json_object_set_new(obj, "pending", pending_json(view));
    json_object_set_new(obj, "over", json_boolean(over));
    json_object_set_new(obj, "won", json_boolean(tw_fox_is_won(v)));
    json_object_set_new(obj, "end", json_string(tw_fox_end_key(v->end)));
    json_object_set_new(obj, "score", json_integer(tw_fox_score(v)));
    if (json_object_size(obj) != 23) {
        json_decref(obj);
        return NULL;
    }
    return obj;
}

/* The ten ranks of the deck for the rules' card list: each rank's
 * footprints and, for the odd ranks, its ability's name and text in both
 * languages (the engine's own texts, fox_text.c); NULL when memory ran
 * out. */
json_t *tw_fox_cards_json(void)
{
    json_t *list = json_array();
    for (int rank = 1; list && rank <= TW_FOX_RANKS; rank++) {
        json_t *card = json_pack("{s:i, s:i}", "rank", rank, "footprints", tw_fox_footprints[rank - 1]);
        if (card && rank % 2 == 1)
            json_object_set_new(card, "ability",
                                json_pack("{s:o, s:o}", "name",
                                          text_pair(tw_fox_ability_name(rank, TW_LANG_EN),
                                                    tw_fox_ability_name(rank, TW_LANG_FR)),
                                          "text",
                                          text_pair(tw_fox_ability_text(rank, TW_LANG_EN),
                                                    tw_fox_ability_text(rank, TW_LANG_FR))));
        if (!card || json_array_append_new(list, card) != 0) {
            json_decref(list);
            return NULL;
        }
    }
    return list;
}
