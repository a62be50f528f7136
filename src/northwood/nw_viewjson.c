/* The player's view of a For Northwood! game as a JSON object, for the web
 * API (fields in docs/web-api.md). It reads only a tw_nw_view, whose
 * unseen deck cards are already TW_NW_NO_CARD, and writes only the known
 * deck positions: the deck order and the RNG never reach the output. */
#include <jansson.h>

#include "trickwood/nw_files.h"

/* A card code as a JSON text. */
static json_t *card_json(int card)
{
    char code[4];
    tw_nw_card_code(card, code);
    return json_string(code);
}

/* {"en": ..., "fr": ...} from two texts. */
static json_t *text_pair(const char *en, const char *fr)
{
    return json_pack("{s:s, s:s}", "en", en, "fr", fr);
}

/* A catalog entry as players read it: id, suit, whether it is a crown
 * card and both languages' name, title and text. */
static json_t *entry_json(const tw_nw_catalog_entry *e, int suit)
{
    return json_pack("{s:s, s:s?, s:b, s:o, s:o, s:o}", "id", e->id, "suit", tw_nw_suit_key(suit), "crown",
                     e->crown != 0, "name", text_pair(e->name[TW_LANG_EN], e->name[TW_LANG_FR]), "title",
                     text_pair(e->title[TW_LANG_EN], e->title[TW_LANG_FR]), "text",
                     text_pair(e->text[TW_LANG_EN], e->text[TW_LANG_FR]));
}

/* A character in play: catalog id, suit, whether it is a crown card and
 * both languages' texts. NULL when the catalog does not hold it (the view
 * cannot be shown). */
static json_t *character_json(const tw_nw_character *ch, const tw_nw_catalog *catalog)
{
    if (ch->catalog_index >= catalog->count)
        return NULL;
    return entry_json(&catalog->entries[ch->catalog_index], ch->suit);
}

json_t *tw_nw_catalog_cards_json(const tw_nw_catalog *catalog)
{
    static const char *const INTRO[] = {NULL, "ally", "ruler"};
    json_t *list = json_array();
    for (int i = 0; list && i < catalog->count; i++) {
        const tw_nw_catalog_entry *e = &catalog->entries[i];
        json_t *card = entry_json(e, e->suit);
        if (card && e->intro_role < 3 && INTRO[e->intro_role])
            json_object_set_new(card, "intro", json_string(INTRO[e->intro_role]));
        if (!card || json_array_append_new(list, card) != 0) {
            json_decref(list);
            return NULL;
        }
    }
    return list;
}

/* A list of cards from a set, in card order (suit, then value). */
static json_t *card_set_json(uint32_t set)
{
    json_t *list = json_array();
    for (int card = 0; card < TW_NW_CARDS; card++)
        if (set & (1u << card))
            json_array_append_new(list, card_json(card));
    return list;
}

/* A pile, bottom first. */
static json_t *pile_json(const uint8_t *cards, int n)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(list, card_json(cards[i]));
    return list;
}

/* The eight fiefs: target, stars, status, ruler (null once removed) and
 * the ally slot its ruler covers this visit (null when none). */
static json_t *fiefs_json(const tw_nw_state *v, const tw_nw_catalog *catalog, int *ok)
{
    json_t *list = json_array();
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        const tw_nw_fief *fief = &v->fiefs[f];
        json_t *ruler = json_null();
        if (fief->ruler_present) {
            json_decref(ruler);
            ruler = character_json(&fief->ruler, catalog);
            if (!ruler) {
                *ok = 0;
                ruler = json_null();
            }
        }
        json_t *sub = fief->sub_slot >= 0 ? json_integer(fief->sub_slot) : json_null();
        json_array_append_new(list, json_pack("{s:i, s:i, s:i, s:s?, s:o, s:o}", "index", f, "target", f, "stars",
                                              tw_nw_stars[f], "status", tw_nw_status_key(fief->status), "ruler",
                                              ruler, "substitute_slot", sub));
    }
    return list;
}

/* The visited ruler when ch copies it (an ability that runs the visited
 * ruler's, as the Queen of Leaves does), or NULL. */
static json_t *copied_ruler_json(const tw_nw_state *v, const tw_nw_character *ch, const tw_nw_catalog *catalog)
{
    if (v->visiting < 0 || v->visiting >= TW_NW_FIEFS)
        return NULL;
    for (int i = 0; i < ch->nsteps && i < TW_NW_MAX_STEPS; i++)
        if (tw_nw_step_has(ch->steps[i].op, TW_NW_STEP_COPIES))
            return character_json(&v->fiefs[v->visiting].ruler, catalog);
    return NULL;
}

/* The four ally slots: the ally, the substitute standing in (if any),
 * whether the ability was used this visit, whose ability it offers and,
 * for a copier during a visit, the ruler whose ability it would copy. */
static json_t *slots_json(const tw_nw_state *v, const tw_nw_catalog *catalog, int *ok)
{
    json_t *list = json_array();
    for (int s = 0; s < TW_NW_SLOTS; s++) {
        const tw_nw_slot *slot = &v->slots[s];
        json_t *ally = character_json(&slot->ally, catalog);
        json_t *active = character_json(tw_nw_slot_character(v, s), catalog);
        json_t *sub = json_null();
        if (slot->sub_fief >= 0 && slot->sub_fief < TW_NW_FIEFS) {
            json_t *ch = character_json(&v->fiefs[slot->sub_fief].ruler, catalog);
            json_decref(sub);
            sub = ch ? json_pack("{s:i, s:o}", "fief", slot->sub_fief, "character", ch) : NULL;
        }
        if (!ally || !active || !sub) {
            *ok = 0;
            json_decref(ally);
            json_decref(active);
            json_decref(sub);
            continue;
        }
        json_t *copies = copied_ruler_json(v, tw_nw_slot_character(v, s), catalog);
        json_array_append_new(list, json_pack("{s:i, s:o, s:o, s:b, s:o, s:o}", "slot", s, "ally", ally, "substitute",
                                              sub, "exhausted", slot->exhausted != 0, "active", active, "copies",
                                              copies ? copies : json_null()));
    }
    return list;
}

/* The deck positions the player knows, counted from the top (0 = top). */
static json_t *deck_known_json(const tw_nw_state *v)
{
    json_t *list = json_array();
    for (int i = v->deck_n - 1; i >= 0; i--) {
        if (!(v->deck_known & (1u << i)) || v->deck[i] >= TW_NW_CARDS)
            continue;
        json_array_append_new(list, json_pack("{s:i, s:o}", "from_top", v->deck_n - 1 - i, "card",
                                              card_json(v->deck[i])));
    }
    return list;
}

/* The numbers of the bits set in a mask below limit (fiefs or slots). */
static json_t *numbers_json(uint32_t set, int limit)
{
    json_t *list = json_array();
    for (int i = 0; i < limit; i++)
        if (set & (1u << i))
            json_array_append_new(list, json_integer(i));
    return list;
}

/* What a running ability waits for: the slot, its character, the kind of
 * choice and the candidates (cards, suits, fiefs or ally slots; none for
 * "continue"), whether it may be passed and whether it is a delayed
 * trigger running after a response; the step asking (its op key), the
 * remembered value, the runs of a repeated body still to come after this
 * one (null outside one) and the pile a swap_top step swaps with. null
 * outside the ability phase. */
static json_t *ability_json(const tw_nw_state *v, const tw_nw_catalog *catalog, int *ok)
{
    if (v->phase != TW_NW_PHASE_ABILITY || !v->run.active || v->run.slot >= TW_NW_SLOTS)
        return json_null();
    json_t *pending;
    if (v->run.choice == TW_NW_CHOICE_CARD) {
        pending = card_set_json(v->run.pending & v->hand);
    } else if (v->run.choice == TW_NW_CHOICE_SUIT) {
        pending = json_array();
        for (int s = 0; s < TW_NW_SUITS; s++)
            json_array_append_new(pending, json_string(tw_nw_suit_key(s)));
    } else if (v->run.choice == TW_NW_CHOICE_FIEF) {
        pending = numbers_json(v->run.pending, TW_NW_FIEFS);
    } else if (v->run.choice == TW_NW_CHOICE_SLOT) {
        pending = numbers_json(v->run.pending, TW_NW_SLOTS);
    } else {
        pending = json_array(); /* continue: go on or pass, nothing to pick */
    }
    json_t *ch = character_json(tw_nw_slot_character(v, v->run.slot), catalog);
    if (!ch) {
        *ok = 0;
        json_decref(pending);
        return json_null();
    }
    json_t *named = v->run.named_suit < TW_NW_SUITS ? json_string(tw_nw_suit_key(v->run.named_suit)) : json_null();
    const tw_nw_step *st = &v->run.program[v->run.pc < TW_NW_MAX_PROGRAM ? v->run.pc : 0];
    int in_repeat = v->run.repeat_end > 0 && v->run.pc >= v->run.repeat_start && v->run.pc < v->run.repeat_end;
    json_t *repeat_left = in_repeat ? json_integer(v->run.repeat_left) : json_null();
    const tw_nw_step_kind *kind = tw_nw_step_kind_of(st->op);
    json_t *swap_with = kind && kind->moves == TW_NW_MOVES_SWAP_PILE ? json_string(tw_nw_pile_key(st->a)) : json_null();
    return json_pack("{s:i, s:o, s:s?, s:o, s:i, s:o, s:b, s:b, s:s?, s:i, s:o, s:o}", "slot", v->run.slot,
                     "character", ch, "choice", tw_nw_choice_key(v->run.choice), "pending", pending, "left",
                     v->run.left, "named_suit", named, "may_pass", v->run.may_pass != 0, "triggered",
                     v->run.triggered != 0, "step", tw_nw_op_key(st->op), "memo", v->run.memo, "repeat_left",
                     repeat_left, "swap_with", swap_with);
}

/* The delayed trigger armed by an ability (Baron of Eyes): the slot, its
 * character and what it waits for (the next response). null when none. */
static json_t *trigger_json(const tw_nw_state *v, const tw_nw_catalog *catalog, int *ok)
{
    if (!v->trigger.active || v->trigger.slot >= TW_NW_SLOTS)
        return json_null();
    json_t *ch = character_json(tw_nw_slot_character(v, v->trigger.slot), catalog);
    if (!ch) {
        *ok = 0;
        return json_null();
    }
    return json_pack("{s:i, s:o, s:s}", "slot", v->trigger.slot, "character", ch, "waits_for", "response");
}

/* Whether the visit under way is decided, asked only when the game offers
 * "finish" (the proof may take some milliseconds): {"hit": true/false}
 * when it is, else null. The proof reads only what the view shows. */
static json_t *decided_json(const tw_nw_state *v)
{
    int hit = 0;
    if (!v->offer_finish || !tw_nw_visit_decided(v, &hit))
        return json_null();
    return json_pack("{s:b}", "hit", hit);
}

/* Builds the view object; NULL when a character is missing from the
 * catalog or memory ran out. */
json_t *tw_nw_view_json(const tw_nw_view *view, const tw_nw_catalog *catalog)
{
    const tw_nw_state *v = &view->visible;
    int ok = 1;
    int trump = tw_nw_trump(v);
    int statement = tw_nw_statement(v);
    int stars = tw_nw_stars_won(v);
    json_t *obj = json_object();
    json_object_set_new(obj, "phase", json_string(tw_nw_phase_key(v->phase)));
    json_object_set_new(obj, "setup", json_string(v->setup == TW_NW_SETUP_FULL ? "full" : "intro"));
    json_object_set_new(obj, "medal", json_string(tw_nw_medal_key(v->medal)));
    json_object_set_new(obj, "visiting", v->visiting >= 0 ? json_integer(v->visiting) : json_null());
    json_object_set_new(obj, "trump", trump >= 0 ? json_string(tw_nw_suit_key(trump)) : json_null());
    json_object_set_new(obj, "stars_won", json_integer(stars));
    json_object_set_new(obj, "stars_possible", json_integer(tw_nw_stars_possible(v)));
    json_object_set_new(obj, "medal_reached", json_string(tw_nw_medal_key(tw_nw_medal_for(stars))));
    json_object_set_new(obj, "over", json_boolean(tw_nw_is_over(v)));
    json_object_set_new(obj, "won", json_boolean(tw_nw_is_over(v) && tw_nw_is_won(v)));
    json_object_set_new(obj, "stopped", json_boolean(v->stopped));
    json_object_set_new(obj, "fiefs", fiefs_json(v, catalog, &ok));
    json_object_set_new(obj, "slots", slots_json(v, catalog, &ok));
    json_object_set_new(obj, "hand", card_set_json(v->hand));
    json_object_set_new(obj, "deck_count", json_integer(v->deck_n));
    json_object_set_new(obj, "deck_known", deck_known_json(v));
    json_object_set_new(obj, "discard", pile_json(v->discard, v->discard_n));
    json_object_set_new(obj, "score", pile_json(v->score, v->score_n));
    json_object_set_new(obj, "statement", statement != TW_NW_NO_CARD ? card_json(statement) : json_null());
    json_object_set_new(obj, "ability", ability_json(v, catalog, &ok));
    json_object_set_new(obj, "trigger", trigger_json(v, catalog, &ok));
    json_object_set_new(obj, "offer_finish", json_boolean(v->offer_finish));
    json_object_set_new(obj, "decided", decided_json(v));
    json_object_set_new(obj, "variant", json_string(tw_nw_variant_key(v->variant)));
    json_object_set_new(obj, "expert", json_boolean(v->expert));
    /* the hidden stars: null until the game is over (a view carries none before) */
    json_t *stars_at = json_null();
    if (v->variant == TW_NW_VARIANT_HIDDEN_STARS && tw_nw_is_over(v)) {
        stars_at = json_array();
        for (int f = 0; f < TW_NW_FIEFS; f++)
            if (v->star_fiefs >> f & 1)
                json_array_append_new(stars_at, json_integer(f));
    }
    json_object_set_new(obj, "star_fiefs", stars_at);
    if (!ok || json_object_size(obj) != 26 || json_array_size(json_object_get(obj, "fiefs")) != TW_NW_FIEFS ||
        json_array_size(json_object_get(obj, "slots")) != TW_NW_SLOTS) {
        json_decref(obj);
        return NULL;
    }
    return obj;
}
