/* For Northwood! game flow: setup, visits, dialogues, legal actions and
 * apply. Abilities are interpreted in nw_ability.c. */
#include <stdio.h>
#include <string.h>

#include "nw_internal.h"

const uint8_t tw_nw_stars[TW_NW_FIEFS] = {4, 3, 2, 1, 1, 2, 3, 4};
#define TOTAL_STARS 20 /* the sum of tw_nw_stars */

/* Stars needed for each medal. */
int tw_nw_medal_threshold(tw_nw_medal medal)
{
    switch (medal) {
    case TW_NW_MEDAL_BRONZE: return 16;
    case TW_NW_MEDAL_SILVER: return 18;
    case TW_NW_MEDAL_GOLD: return 20;
    default: return 0;
    }
}

/* Highest medal a star total reaches. */
tw_nw_medal tw_nw_medal_for(int stars)
{
    if (stars >= 20)
        return TW_NW_MEDAL_GOLD;
    if (stars >= 18)
        return TW_NW_MEDAL_SILVER;
    if (stars >= 16)
        return TW_NW_MEDAL_BRONZE;
    return TW_NW_MEDAL_NONE;
}

/* Records an event if there is room. */
void nw_emit_to(tw_nw_events *events, uint8_t type, uint8_t card, uint8_t from, uint8_t to,
                uint8_t a, uint8_t b, uint8_t c)
{
    tw_event_record(events->items, &events->count, TW_NW_MAX_EVENTS, &events->overflow, type, card, from, to, a, b, c);
}

/* The deck in card order, before a shuffle. */
static const uint8_t card_order[TW_NW_CARDS] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                                11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                                22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

/* Puts a challenge's fixed cards where it wants them in a shuffled deck
 * (bottom-first): its hand cards among the eight dealt next, its first
 * deck cards right under them, top first; the other cards keep their
 * shuffled order. */
static void arrange_fixed_cards(uint8_t deck[TW_NW_CARDS], const tw_nw_fixed *fx)
{
    uint32_t fixed = 0;
    for (int i = 0; i < fx->hand_n; i++)
        fixed |= 1u << (fx->hand[i] - 1);
    for (int i = 0; i < fx->deck_top_n; i++)
        fixed |= 1u << (fx->deck_top[i] - 1);
    uint8_t rest[TW_NW_CARDS];
    int nrest = 0;
    for (int i = 0; i < TW_NW_CARDS; i++)
        if (!(fixed >> deck[i] & 1))
            rest[nrest++] = deck[i];
    int fill = TW_NW_HAND_SIZE - fx->hand_n; /* the top cards of the rest fill the hand */
    int n = 0;
    for (int i = 0; i < nrest - fill; i++)
        deck[n++] = rest[i];
    for (int i = fx->deck_top_n - 1; i >= 0; i--)
        deck[n++] = (uint8_t)(fx->deck_top[i] - 1);
    for (int i = nrest - fill; i < nrest; i++)
        deck[n++] = rest[i];
    for (int i = 0; i < fx->hand_n; i++)
        deck[n++] = (uint8_t)(fx->hand[i] - 1);
}

/* Gathers every dialogue card into the deck, shuffles and deals 8. The
 * first deal of a challenge (fixed not NULL) arranges its fixed cards
 * before dealing. */
static void reshuffle_and_deal(tw_nw_state *s, tw_nw_events *events, const tw_nw_fixed *fixed)
{
    if (events) {
        for (uint32_t hand = s->hand; hand; hand &= hand - 1)
            nw_emit_to(events, TW_NW_EV_MOVE, (uint8_t)nw_lowest(hand), TW_NW_PILE_HAND, TW_NW_PILE_DECK, 0, 0, 0);
        for (int i = 0; i < s->discard_n; i++)
            nw_emit_to(events, TW_NW_EV_MOVE, s->discard[i], TW_NW_PILE_DISCARD, TW_NW_PILE_DECK, 0, 0, 0);
        for (int i = 0; i < s->score_n; i++)
            nw_emit_to(events, TW_NW_EV_MOVE, s->score[i], TW_NW_PILE_SCORE, TW_NW_PILE_DECK, 0, 0, 0);
    }
    memcpy(s->deck, card_order, sizeof card_order);
    s->discard_n = 0;
    s->score_n = 0;
    tw_rng_shuffle_u8(&s->rng, s->deck, TW_NW_CARDS);
    if (fixed && (fixed->hand_n || fixed->deck_top_n))
        arrange_fixed_cards(s->deck, fixed);
    nw_emit(events, TW_NW_EV_SHUFFLE, TW_NW_NO_CARD, 0, 0, 0, 0, 0);
    /* deal from the top, as nw_move_top would, one card at a time */
    uint32_t hand = 0;
    for (int i = TW_NW_CARDS - 1; i >= TW_NW_CARDS - TW_NW_HAND_SIZE; i--) {
        hand |= 1u << s->deck[i];
        nw_emit(events, TW_NW_EV_MOVE, s->deck[i], TW_NW_PILE_DECK, TW_NW_PILE_HAND, 0, 0, 0);
    }
    s->hand = hand;
    s->deck_n = TW_NW_CARDS - TW_NW_HAND_SIZE;
    s->deck_known = 0;
}

/* Fills a character in play from a catalog entry. */
void tw_nw_character_from_catalog(tw_nw_character *ch, const tw_nw_catalog *catalog, int index)
{
    const tw_nw_catalog_entry *e = &catalog->entries[index];
    memset(ch, 0, sizeof *ch);
    ch->catalog_index = (uint16_t)index;
    ch->suit = e->suit;
    ch->nsteps = e->nsteps;
    memcpy(ch->steps, e->steps, sizeof ch->steps);
}

/* Whether a step list is safe to run: a bad pile would lose cards, a bad
 * suit would shift out of range, a repeat or a skip past the end would run
 * off the program. The file loader checks the same; this guards catalogs
 * and positions built in code. Each step is checked against its kind's
 * fields (tw_nw_step_kinds): the values each can run (`sound`; numbers and
 * value lists are safe whatever they hold, a suit reference may be any
 * suit, "trump" or "named"), and spans inside the list. */
int nw_steps_sound(const tw_nw_step *steps, int nsteps)
{
    if (nsteps < 0 || nsteps > TW_NW_MAX_PROGRAM)
        return 0;
    for (int i = 0; i < nsteps; i++) {
        const tw_nw_step *st = &steps[i];
        const tw_nw_step_kind *kind = tw_nw_step_kind_of(st->op);
        if (!kind)
            return 0;
        const uint8_t bytes[3] = {st->a, st->b, st->c};
        for (const tw_nw_step_field *f = kind->fields; f < kind->fields + TW_NW_STEP_FIELDS && f->key; f++) {
            unsigned v = bytes[f->at];
            if (f->sound && (v > 7 || !((f->sound >> v) & 1)))
                return 0;
            if (f->type == TW_NW_FIELD_SPAN && (v < 1 || i + (int)v >= nsteps))
                return 0;
        }
        if ((kind->traits & TW_NW_STEP_DISTINCT) && st->a == st->b)
            return 0;
    }
    return 1;
}

/* Whether a catalog entry is safe to play: a real suit and sound steps. */
static int entry_sound(const tw_nw_catalog_entry *e)
{
    return e->suit < TW_NW_SUITS && e->nsteps <= TW_NW_MAX_STEPS && nw_steps_sound(e->steps, e->nsteps);
}

/* Whether every character dealt into the game (the four allies and the
 * eight rulers) is safe to play. Only these are checked: the characters
 * set aside never enter the game, and the check of the whole catalog at
 * every new game showed in profiles as 1.5% to 2.5% of a random intro
 * game (docs/benchmarks.md, "Fourth pass"). */
static int characters_sound(const tw_nw_state *s, const tw_nw_catalog *catalog)
{
    for (int i = 0; i < TW_NW_SLOTS; i++)
        if (!entry_sound(&catalog->entries[s->slots[i].ally.catalog_index]))
            return 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (!entry_sound(&catalog->entries[s->fiefs[f].ruler.catalog_index]))
            return 0;
    return 1;
}

/* Intro setup: the first intro ally of each suit, the intro rulers
 * shuffled onto the fiefs. */
static tw_error setup_intro(tw_nw_state *s, const tw_nw_catalog *catalog)
{
    int allies = 0;
    uint8_t rulers[TW_NW_MAX_CATALOG];
    int nrulers = 0;
    for (int suit = 0; suit < TW_NW_SUITS; suit++)
        for (int i = 0; i < catalog->count; i++) {
            const tw_nw_catalog_entry *e = &catalog->entries[i];
            if (e->suit == suit && e->intro_role == TW_NW_INTRO_ALLY) {
                tw_nw_character_from_catalog(&s->slots[allies++].ally, catalog, i);
                break;
            }
        }
    for (int i = 0; i < catalog->count; i++)
        if (catalog->entries[i].intro_role == TW_NW_INTRO_RULER)
            rulers[nrulers++] = (uint8_t)i;
    /* the first eight intro rulers in catalog order: the defaults come
     * first, so a user file marking more rulers does not change the intro */
    if (allies != TW_NW_SLOTS || nrulers < TW_NW_FIEFS)
        return TW_ERR_ARG;
    nrulers = TW_NW_FIEFS;
    tw_rng_shuffle_u8(&s->rng, rulers, (size_t)nrulers);
    for (int f = 0; f < TW_NW_FIEFS; f++)
        tw_nw_character_from_catalog(&s->fiefs[f].ruler, catalog, rulers[f]);
    return TW_OK;
}

/* Full setup: deal the catalog's characters one at a time; the first of each
 * suit becomes an ally, the second and third rule the leftmost empty fief,
 * later ones are set aside. */
static tw_error setup_full(tw_nw_state *s, const tw_nw_catalog *catalog)
{
    uint8_t order[TW_NW_MAX_CATALOG];
    for (int i = 0; i < catalog->count; i++)
        order[i] = (uint8_t)i;
    tw_rng_shuffle_u8(&s->rng, order, (size_t)catalog->count);
    int seen[TW_NW_SUITS] = {0, 0, 0, 0};
    int allies = 0, rulers = 0;
    for (int k = 0; k < catalog->count && (allies < TW_NW_SLOTS || rulers < TW_NW_FIEFS); k++) {
        int index = order[k];
        int suit = catalog->entries[index].suit;
        if (suit >= TW_NW_SUITS) /* an entry built in code with a bad suit */
            return TW_ERR_ARG;
        int nth = ++seen[suit];
        if (nth == 1)
            tw_nw_character_from_catalog(&s->slots[allies++].ally, catalog, index);
        else if (nth <= 3)
            tw_nw_character_from_catalog(&s->fiefs[rulers++].ruler, catalog, index);
    }
    if (allies != TW_NW_SLOTS || rulers != TW_NW_FIEFS)
        return TW_ERR_ARG;
    return TW_OK;
}

/* Whether catalog entry `index` may be dealt as an ally (ally 1) or a
 * ruler (ally 0) in this setup: in an intro game only the introductory
 * set's allies and rulers. */
static int may_deal_as(const tw_nw_catalog *catalog, int setup, int index, int ally)
{
    if (setup == TW_NW_SETUP_FULL)
        return 1;
    return catalog->entries[index].intro_role == (ally ? TW_NW_INTRO_ALLY : TW_NW_INTRO_RULER);
}

/* Writes a reason into why (when not NULL) and returns 0. */
static int refuse(char *why, size_t size, const char *text, const char *id)
{
    if (why && size)
        snprintf(why, size, text, id);
    return 0;
}

int tw_nw_fixed_setup_ok(const tw_nw_catalog *catalog, const tw_nw_config *config, const tw_nw_fixed *fx,
                         char *why, size_t size)
{
    uint64_t used = 0;
    int ally_suits = 0, ruler_suits[TW_NW_SUITS] = {0, 0, 0, 0};
    const uint8_t *lists[3] = {fx->allies, fx->rulers, fx->aside};
    const int counts[3] = {TW_NW_SLOTS, TW_NW_FIEFS, fx->aside_n};
    for (int l = 0; l < 3; l++)
        for (int i = 0; i < counts[l]; i++) {
            if (!lists[l][i])
                continue;
            int index = lists[l][i] - 1;
            if (index >= catalog->count)
                return refuse(why, size, "a character outside the catalog%s", "");
            const char *id = catalog->entries[index].id;
            int suit = catalog->entries[index].suit;
            if (used >> index & 1)
                return refuse(why, size, "%s is placed twice (a character is dealt once at most)", id);
            used |= 1ull << index;
            if (l == 2)
                continue;
            if (!may_deal_as(catalog, config->setup, index, l == 0))
                return refuse(why, size,
                              l == 0 ? "%s is not an ally of the introductory game (choose the full deal)"
                                     : "%s is not a ruler of the introductory game (choose the full deal)",
                              id);
            if (l == 0 && (ally_suits >> suit & 1))
                return refuse(why, size, "%s is a second ally of its suit (the allies are one of each suit)", id);
            if (l == 0)
                ally_suits |= 1 << suit;
            else if (++ruler_suits[suit] > 2)
                return refuse(why, size, "%s is a third ruler of its suit (two of each suit at most)", id);
        }
    uint32_t cards = 0;
    for (int i = 0; i < fx->hand_n + fx->deck_top_n; i++) {
        int card = (i < fx->hand_n ? fx->hand[i] : fx->deck_top[i - fx->hand_n]) - 1;
        if (card < 0 || card >= TW_NW_CARDS)
            return refuse(why, size, "a dialogue card out of range%s", "");
        if (cards >> card & 1) {
            char code[4];
            tw_nw_card_code(card, code);
            return refuse(why, size, "the card %s is placed twice", code);
        }
        cards |= 1u << card;
    }
    if (fx->max_allies > TW_NW_SLOTS)
        return refuse(why, size, "at most 4 allies can be used%s", "");
    /* enough characters left for the places that are dealt */
    for (int suit = 0; suit < TW_NW_SUITS; suit++) {
        int free_allies = 0, free_rulers = 0;
        for (int i = 0; i < catalog->count; i++)
            if (catalog->entries[i].suit == suit && !(used >> i & 1)) {
                free_allies += may_deal_as(catalog, config->setup, i, 1);
                free_rulers += may_deal_as(catalog, config->setup, i, 0);
            }
        if (!(ally_suits >> suit & 1) && free_allies < 1)
            return refuse(why, size, "no %s character is left to deal as an ally", tw_nw_suit_key(suit));
        if (free_rulers + ruler_suits[suit] < 2 && config->setup == TW_NW_SETUP_INTRO)
            return refuse(why, size, "too few %s rulers are left to deal", tw_nw_suit_key(suit));
    }
    return 1;
}

/* Puts a challenge's fixed characters in place after the usual deal:
 * fixed allies in the first slots, fixed rulers on their fiefs; a dealt
 * character that is now placed elsewhere, set aside, or of a suit taken
 * is replaced by one of the characters left, in an order shuffled by a
 * generator of the seed's own (the usual deal's cards stay as they were).
 * Returns 0 when nothing is left to deal (checked beforehand). */
static int fixed_characters(tw_nw_state *s, const tw_nw_catalog *catalog, const tw_nw_config *config,
                            const tw_nw_fixed *fx)
{
    uint64_t fixed = 0;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        if (fx->allies[i])
            fixed |= 1ull << (fx->allies[i] - 1);
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (fx->rulers[f])
            fixed |= 1ull << (fx->rulers[f] - 1);
    for (int i = 0; i < fx->aside_n; i++)
        fixed |= 1ull << (fx->aside[i] - 1);
    if (!fixed)
        return 1;
    tw_rng rng;
    tw_rng_seed(&rng, tw_mix64(config->seed ^ 0x6368616c6c656e67ULL));
    uint8_t pool[TW_NW_MAX_CATALOG];
    for (int i = 0; i < catalog->count; i++)
        pool[i] = (uint8_t)i;
    tw_rng_shuffle_u8(&rng, pool, (size_t)catalog->count);
    uint64_t taken = fixed;
    /* allies: the fixed ones first, then the dealt ones whose suit is free */
    int dealt_allies[TW_NW_SLOTS], suits = 0, n = 0;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        dealt_allies[i] = s->slots[i].ally.catalog_index;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        if (fx->allies[i]) {
            tw_nw_character_from_catalog(&s->slots[n++].ally, catalog, fx->allies[i] - 1);
            suits |= 1 << catalog->entries[fx->allies[i] - 1].suit;
        }
    for (int i = 0; i < TW_NW_SLOTS && n < TW_NW_SLOTS; i++) {
        int index = dealt_allies[i], suit = catalog->entries[index].suit;
        if (!(fixed >> index & 1) && !(suits >> suit & 1)) {
            tw_nw_character_from_catalog(&s->slots[n++].ally, catalog, index);
            suits |= 1 << suit;
            taken |= 1ull << index;
        }
    }
    for (int k = 0; k < catalog->count && n < TW_NW_SLOTS; k++) {
        int index = pool[k], suit = catalog->entries[index].suit;
        if (!(taken >> index & 1) && !(suits >> suit & 1) && may_deal_as(catalog, s->setup, index, 1)) {
            tw_nw_character_from_catalog(&s->slots[n++].ally, catalog, index);
            suits |= 1 << suit;
            taken |= 1ull << index;
        }
    }
    if (n != TW_NW_SLOTS)
        return 0;
    /* rulers: fixed ones on their fiefs; a dealt one stays if free */
    int per_suit[TW_NW_SUITS] = {0, 0, 0, 0};
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (fx->rulers[f]) {
            tw_nw_character_from_catalog(&s->fiefs[f].ruler, catalog, fx->rulers[f] - 1);
            per_suit[catalog->entries[fx->rulers[f] - 1].suit]++;
        }
    int open = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        if (fx->rulers[f])
            continue;
        int index = s->fiefs[f].ruler.catalog_index, suit = catalog->entries[index].suit;
        if (!(taken >> index & 1) && per_suit[suit] < 2) {
            per_suit[suit]++;
            taken |= 1ull << index;
        } else {
            open |= 1 << f;
        }
    }
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        if (!(open >> f & 1))
            continue;
        int k = 0;
        for (; k < catalog->count; k++) {
            int index = pool[k], suit = catalog->entries[index].suit;
            if (!(taken >> index & 1) && per_suit[suit] < 2 && may_deal_as(catalog, s->setup, index, 0)) {
                tw_nw_character_from_catalog(&s->fiefs[f].ruler, catalog, index);
                per_suit[suit]++;
                taken |= 1ull << index;
                break;
            }
        }
        if (k == catalog->count)
            return 0;
    }
    return 1;
}

/* Creates a new game. */
tw_error tw_nw_new(tw_nw_state *state, const tw_nw_catalog *catalog, const tw_nw_config *config,
                   tw_nw_events *events)
{
    return tw_nw_new_fixed(state, catalog, config, NULL, events);
}

/* Creates a new game with a challenge's fixed setup (or none). */
tw_error tw_nw_new_fixed(tw_nw_state *state, const tw_nw_catalog *catalog, const tw_nw_config *config,
                         const tw_nw_fixed *fixed, tw_nw_events *events)
{
    static const tw_nw_fixed none;
    const tw_nw_fixed *fx = fixed ? fixed : &none;
    if (!catalog || !config || catalog->count < 0 || catalog->count > TW_NW_MAX_CATALOG)
        return TW_ERR_ARG;
    if (config->medal < TW_NW_MEDAL_BRONZE || config->medal > TW_NW_MEDAL_GOLD)
        return TW_ERR_ARG;
    if (config->setup != TW_NW_SETUP_INTRO && config->setup != TW_NW_SETUP_FULL)
        return TW_ERR_ARG;
    if (config->variant != TW_NW_VARIANT_MEDALS && config->variant != TW_NW_VARIANT_HIDDEN_STARS)
        return TW_ERR_ARG;
    tw_nw_state s;
    memset(&s, 0, sizeof s);
    tw_rng_seed(&s.rng, config->seed);
    s.setup = (uint8_t)config->setup;
    s.medal = (uint8_t)config->medal;
    s.offer_finish = config->offer_finish ? 1 : 0;
    s.variant = (uint8_t)config->variant;
    s.expert = config->expert ? 1 : 0;
    if (s.variant == TW_NW_VARIANT_HIDDEN_STARS)
        s.star_fiefs = tw_nw_deal_star_fiefs(config->seed);
    s.visiting = -1;
    s.statement = TW_NW_NO_CARD;
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        s.fiefs[f].ruler_present = 1;
        s.fiefs[f].sub_slot = -1;
    }
    for (int i = 0; i < TW_NW_SLOTS; i++)
        s.slots[i].sub_fief = -1;
    nw_run_clear(&s.run);
    tw_error err = config->setup == TW_NW_SETUP_FULL ? setup_full(&s, catalog) : setup_intro(&s, catalog);
    if (err != TW_OK)
        return err;
    if (fixed && (!tw_nw_fixed_setup_ok(catalog, config, fx, NULL, 0) || !fixed_characters(&s, catalog, config, fx)))
        return TW_ERR_ARG;
    if (!characters_sound(&s, catalog))
        return TW_ERR_ARG;
    reshuffle_and_deal(&s, events, fx);
    s.no_substitutes = fx->no_substitutes ? 1 : 0;
    s.max_allies = fx->max_allies;
    s.must_win = fx->must_win;
    s.phase = TW_NW_PHASE_CHOOSE_FIEF;
    *state = s;
    return TW_OK;
}

/* ---- Queries -------------------------------------------------------- */

int tw_nw_trump(const tw_nw_state *state)
{
    return state->visiting < 0 ? -1 : state->fiefs[state->visiting].ruler.suit;
}

int tw_nw_score(const tw_nw_state *state)
{
    return state->score_n;
}

int tw_nw_stars_won(const tw_nw_state *state)
{
    int stars = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (state->fiefs[f].status == TW_NW_FIEF_FRIENDLY)
            stars += tw_nw_stars[f];
    return stars;
}

int tw_nw_stars_possible(const tw_nw_state *state)
{
    int stars = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (state->fiefs[f].status != TW_NW_FIEF_LOST)
            stars += tw_nw_stars[f];
    return stars;
}

/* Stars of the lost fiefs, counted from their statuses. */
static int count_stars_lost(const tw_nw_state *s)
{
    int stars = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (s->fiefs[f].status == TW_NW_FIEF_LOST)
            stars += tw_nw_stars[f];
    return stars;
}

/* The fiefs whose status is `status`, one bit per fief. */
static unsigned fiefs_with(const tw_nw_state *s, int status)
{
    unsigned bits = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (s->fiefs[f].status == status)
            bits |= 1u << f;
    return bits;
}

int tw_nw_goal_met(const tw_nw_state *state)
{
    unsigned friendly = fiefs_with(state, TW_NW_FIEF_FRIENDLY);
    if ((friendly & state->must_win) != state->must_win)
        return 0;
    if (state->expert && (friendly & TW_NW_OUTER_FIEFS) != TW_NW_OUTER_FIEFS)
        return 0;
    if (state->variant == TW_NW_VARIANT_HIDDEN_STARS)
        return state->star_fiefs != 0 && (friendly & state->star_fiefs) == state->star_fiefs;
    return tw_nw_stars_won(state) >= tw_nw_medal_threshold(state->medal);
}

int tw_nw_goal_out_of_reach(const tw_nw_state *state)
{
    unsigned lost = fiefs_with(state, TW_NW_FIEF_LOST);
    if (lost & state->must_win)
        return 1;
    if (state->expert && (lost & TW_NW_OUTER_FIEFS))
        return 1;
    if (state->variant == TW_NW_VARIANT_HIDDEN_STARS) /* where the stars lie is not seen */
        return TW_NW_FIEFS - tw_popcount32(lost) < TW_NW_HIDDEN_STARS;
    return TOTAL_STARS - count_stars_lost(state) < tw_nw_medal_threshold((tw_nw_medal)state->medal);
}

uint8_t tw_nw_deal_star_fiefs(uint64_t seed)
{
    tw_rng rng;
    tw_rng_seed(&rng, tw_mix64(seed ^ 0x68696464656e2a2aULL)); /* a stream apart from the cards' */
    uint8_t fiefs[TW_NW_FIEFS];
    for (int f = 0; f < TW_NW_FIEFS; f++)
        fiefs[f] = (uint8_t)f;
    tw_rng_shuffle_u8(&rng, fiefs, TW_NW_FIEFS);
    uint8_t bits = 0;
    for (int i = 0; i < TW_NW_HIDDEN_STARS; i++)
        bits |= (uint8_t)(1u << fiefs[i]);
    return bits;
}

int tw_nw_is_won(const tw_nw_state *state)
{
    return tw_nw_is_over(state) && tw_nw_goal_met(state);
}

const tw_nw_character *tw_nw_slot_character(const tw_nw_state *state, int slot)
{
    const tw_nw_slot *sl = &state->slots[slot];
    return sl->sub_fief >= 0 ? &state->fiefs[sl->sub_fief].ruler : &sl->ally;
}

int tw_nw_hand_count(const tw_nw_state *state)
{
    return nw_count(state->hand);
}

int tw_nw_statement(const tw_nw_state *state)
{
    if (state->phase != TW_NW_PHASE_RESPONSE || !state->discard_n)
        return TW_NW_NO_CARD;
    return state->discard[state->discard_n - 1];
}

/* Hand cards the player may answer the statement with. The statement is
 * the one the state keeps (see tw_nw_state): reading it through the
 * discard pile's count would make every list wait on the last answer. */
static inline uint32_t legal_responses(const tw_nw_state *s)
{
    if (s->phase != TW_NW_PHASE_RESPONSE || s->statement >= TW_NW_CARDS)
        return 0;
    return tw_nw_answers_allowed(s->hand, s->statement);
}

/* The statement the state should keep: the top of the discard pile in
 * the response phase, else none. */
static int statement_kept(const tw_nw_state *s)
{
    return s->phase == TW_NW_PHASE_RESPONSE && s->discard_n ? s->discard[s->discard_n - 1] : TW_NW_NO_CARD;
}

/* Sets the values the engine keeps (lost stars, statement) from the rest
 * of the state. */
void tw_nw_recount(tw_nw_state *state)
{
    state->stars_lost = (uint8_t)count_stars_lost(state);
    state->goal_lost = (uint8_t)tw_nw_goal_out_of_reach(state);
    state->statement = (uint8_t)statement_kept(state);
}

/* Whether the player may end the game now: the goal is out of reach and
 * no ability is half-way. Asked on every action list, so it reads the
 * flag the state keeps rather than the eight fiefs. */
static inline int may_stop(const tw_nw_state *s)
{
    if (s->phase == TW_NW_PHASE_GAME_OVER || s->phase == TW_NW_PHASE_ABILITY)
        return 0;
    return s->goal_lost;
}

/* may_stop out of line: stop actions are rare in apply, and keeping the
 * check apart keeps legal_now small enough to inline there. */
static NW_COLD int stop_allowed(const tw_nw_state *s)
{
    return may_stop(s);
}

/* Whether "finish" is legal: the game offers it and the visit is decided. */
static NW_COLD int finish_allowed(const tw_nw_state *s)
{
    int hit;
    return s->offer_finish && tw_nw_visit_decided(s, &hit);
}

/* Slots a challenge's "at most N allies" limit leaves usable: all while
 * fewer than N allies have used their ability, then those that did and
 * the slots a substitute covers (a substitute is not an ally). */
static NW_COLD uint32_t allowed_slots(const tw_nw_state *s)
{
    if (tw_popcount32(s->allies_used) < s->max_allies)
        return 0xFu;
    uint32_t ok = s->allies_used;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        if (s->slots[i].sub_fief >= 0)
            ok |= 1u << i;
    return ok;
}

/* Slots whose ability is ready (not exhausted) and allowed by the
 * challenge's limit, one bit per slot. */
static inline uint32_t ready_slots(const tw_nw_state *s)
{
    uint32_t ready = (uint32_t)(s->slots[0].exhausted == 0) | (uint32_t)(s->slots[1].exhausted == 0) << 1 |
                     (uint32_t)(s->slots[2].exhausted == 0) << 2 | (uint32_t)(s->slots[3].exhausted == 0) << 3;
    return s->max_allies ? ready & allowed_slots(s) : ready;
}

/* Whether a friendly ruler is free to substitute and a slot is free. */
static int substitution_possible(const tw_nw_state *s)
{
    if (s->no_substitutes)
        return 0;
    int free_slot = 0, free_ruler = 0;
    for (int i = 0; i < TW_NW_SLOTS; i++)
        if (s->slots[i].sub_fief < 0)
            free_slot = 1;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (s->fiefs[f].status == TW_NW_FIEF_FRIENDLY && s->fiefs[f].ruler_present && s->fiefs[f].sub_slot < 0)
            free_ruler = 1;
    return free_slot && free_ruler;
}

/* Direct legality check, without building the whole list; inline, so
 * that apply checks without a call. It switches on the action's kind, as
 * apply does next: the compiler then goes from each check straight to
 * its action. A game that is over takes no action (every test fails:
 * no phase matches, and stop and finish are refused there). */
static NW_INLINE int legal_now(const tw_nw_state *state, tw_nw_action action)
{
    int kind = TW_NW_ACTION_KIND(action);
    int arg = TW_NW_ACTION_ARG(action);
    int phase = state->phase;
    const tw_nw_run *run = &state->run;
    switch (kind) {
    case TW_NW_ACT_RESPOND:
        return phase == TW_NW_PHASE_RESPONSE && arg < TW_NW_CARDS && (legal_responses(state) & (1u << arg));
    case TW_NW_ACT_PROCEED:
        return phase == TW_NW_PHASE_BEFORE_STATEMENT && arg == 0;
    case TW_NW_ACT_ACTIVATE:
        return phase == TW_NW_PHASE_BEFORE_STATEMENT && arg < TW_NW_SLOTS && (ready_slots(state) >> arg & 1);
    case TW_NW_ACT_VISIT:
        return phase == TW_NW_PHASE_CHOOSE_FIEF && arg < TW_NW_FIEFS && state->fiefs[arg].status == TW_NW_FIEF_NEUTRAL;
    case TW_NW_ACT_BEGIN:
        return phase == TW_NW_PHASE_SUBSTITUTES && arg == 0;
    case TW_NW_ACT_SUBSTITUTE: {
        int fief = arg / TW_NW_SLOTS, slot = arg % TW_NW_SLOTS;
        if (phase != TW_NW_PHASE_SUBSTITUTES || fief >= TW_NW_FIEFS || state->no_substitutes)
            return 0;
        const tw_nw_fief *f = &state->fiefs[fief];
        return f->status == TW_NW_FIEF_FRIENDLY && f->ruler_present && f->sub_slot < 0 &&
               state->slots[slot].sub_fief < 0;
    }
    case TW_NW_ACT_PICK_CARD:
        return phase == TW_NW_PHASE_ABILITY && run->choice == TW_NW_CHOICE_CARD && arg < TW_NW_CARDS &&
               (run->pending & (1u << arg));
    case TW_NW_ACT_PICK_SLOT:
        return phase == TW_NW_PHASE_ABILITY && run->choice == TW_NW_CHOICE_SLOT && arg < TW_NW_SLOTS &&
               (run->pending & (1u << arg));
    case TW_NW_ACT_PICK_FIEF:
        return phase == TW_NW_PHASE_ABILITY && run->choice == TW_NW_CHOICE_FIEF && arg < TW_NW_FIEFS &&
               (run->pending & (1u << arg));
    case TW_NW_ACT_NAME_SUIT:
        return phase == TW_NW_PHASE_ABILITY && run->choice == TW_NW_CHOICE_SUIT && arg < TW_NW_SUITS;
    case TW_NW_ACT_CONTINUE:
        return phase == TW_NW_PHASE_ABILITY && run->choice == TW_NW_CHOICE_CONTINUE && arg == 0;
    case TW_NW_ACT_PASS:
        return phase == TW_NW_PHASE_ABILITY && arg == 0 && run->may_pass;
    case TW_NW_ACT_STOP:
        return arg == 0 && stop_allowed(state);
    case TW_NW_ACT_FINISH:
        return arg == 0 && finish_allowed(state);
    default:
        return 0;
    }
}

/* Tells whether one action is legal now. */
int tw_nw_is_legal(const tw_nw_state *state, tw_nw_action action)
{
    return legal_now(state, action);
}

/* Writes one action per set bit of a mask at the start of a list, in
 * bit order, and returns their count. The first eight (a hand holds
 * eight cards or fewer but after a few abilities) are written in eight
 * fixed places, each the lowest bit left or a scratch entry once none is
 * left; the count is the mask's bit count, found beside them. A loop
 * that stopped after the last bit would end at a random count, a branch
 * the processor mostly guesses wrong, and the count that the caller's
 * pick waits for would come out of that loop. May write up to 8 entries
 * past the count it returns. */
static NW_INLINE int add_mask(tw_nw_action *out, int kind, uint32_t mask)
{
    int count = nw_count(mask);
    for (int k = 0; k < 8; k++) {
        /* the top bit stands in for "none left": written, never counted */
        out[k] = TW_NW_ACTION(kind, nw_lowest(mask | 0x80000000u));
        mask &= mask - 1;
    }
    for (int k = 8; mask; k++) {
        out[k] = TW_NW_ACTION(kind, nw_lowest(mask));
        mask &= mask - 1;
    }
    return count;
}

/* Appends one action per set bit of mask among the `count` bits from
 * `first`, in bit order. Every step writes its action and counts it only
 * when its bit is set: a fixed number of steps, where a loop that stopped
 * after the last set bit would end at a random count, a branch the
 * processor mostly guesses wrong. Inline, so that the compiler unrolls
 * the steps of each call's constant width. May write up to `count`
 * entries past the count it returns (the list has room for
 * TW_NW_MAX_ACTIONS). */
static NW_INLINE int add_window(tw_nw_action *out, int n, int kind, uint32_t mask, int first, int count)
{
    for (int bit = first; bit < first + count; bit++) {
        out[n] = TW_NW_ACTION(kind, bit);
        n += (int)((mask >> bit) & 1);
    }
    return n;
}

/* The unvisited fiefs, one bit per fief. */
static uint32_t neutral_fiefs(const tw_nw_state *s)
{
    uint32_t mask = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        mask |= (uint32_t)(s->fiefs[f].status == TW_NW_FIEF_NEUTRAL) << f;
    return mask;
}

/* Lists the legal actions in a fixed order. */
int tw_nw_legal_actions(const tw_nw_state *state, tw_nw_action *actions)
{
    int n = 0;
    switch (state->phase) {
    case TW_NW_PHASE_CHOOSE_FIEF:
        n = add_window(actions, n, TW_NW_ACT_VISIT, neutral_fiefs(state), 0, TW_NW_FIEFS);
        break;
    case TW_NW_PHASE_SUBSTITUTES:
        actions[n++] = TW_NW_ACTION(TW_NW_ACT_BEGIN, 0);
        if (state->no_substitutes) /* a challenge's limit: only "begin" */
            break;
        for (int f = 0; f < TW_NW_FIEFS; f++) {
            const tw_nw_fief *fi = &state->fiefs[f];
            if (fi->status != TW_NW_FIEF_FRIENDLY || !fi->ruler_present || fi->sub_slot >= 0)
                continue;
            for (int slot = 0; slot < TW_NW_SLOTS; slot++)
                if (state->slots[slot].sub_fief < 0)
                    actions[n++] = TW_NW_ACTION(TW_NW_ACT_SUBSTITUTE, f * TW_NW_SLOTS + slot);
        }
        break;
    case TW_NW_PHASE_BEFORE_STATEMENT:
        actions[n++] = TW_NW_ACTION(TW_NW_ACT_PROCEED, 0);
        n = add_window(actions, n, TW_NW_ACT_ACTIVATE, ready_slots(state), 0, TW_NW_SLOTS);
        break;
    case TW_NW_PHASE_RESPONSE:
        n = add_mask(actions, TW_NW_ACT_RESPOND, legal_responses(state));
        break;
    case TW_NW_PHASE_ABILITY: {
        /* a card, suit, fief or slot: one list of picks from a mask (the
         * four suits, or the candidates the ability keeps) */
        static const uint8_t pick_kind[TW_NW_CHOICE_SLOT + 1] = {
            0, TW_NW_ACT_PICK_CARD, TW_NW_ACT_NAME_SUIT, TW_NW_ACT_PICK_FIEF, TW_NW_ACT_PICK_SLOT};
        int choice = state->run.choice;
        if (choice >= TW_NW_CHOICE_CARD && choice <= TW_NW_CHOICE_SLOT)
            n = add_mask(actions, pick_kind[choice], choice == TW_NW_CHOICE_SUIT ? 0xFu : state->run.pending);
        else if (choice == TW_NW_CHOICE_CONTINUE)
            actions[n++] = TW_NW_ACTION(TW_NW_ACT_CONTINUE, 0);
        if (state->run.may_pass)
            actions[n++] = TW_NW_ACTION(TW_NW_ACT_PASS, 0);
        break;
    }
    default:
        break;
    }
    /* written always, counted when allowed: no branch on the game's fortunes */
    actions[n] = TW_NW_ACTION(TW_NW_ACT_STOP, 0);
    n += may_stop(state);
    if (state->offer_finish && finish_allowed(state))
        actions[n++] = TW_NW_ACTION(TW_NW_ACT_FINISH, 0);
    return n;
}

/* ---- Flow ------------------------------------------------------------- */

/* Ends the game and reports the result. */
static void end_game(tw_nw_state *s, int stopped, tw_nw_events *events)
{
    if (s->trigger.active) { /* stopped with a delayed effect armed: it is lost */
        nw_emit(events, TW_NW_EV_TRIGGER, TW_NW_NO_CARD, 0, 0, s->trigger.slot, 2, 0);
        memset(&s->trigger, 0, sizeof s->trigger);
    }
    s->phase = TW_NW_PHASE_GAME_OVER;
    s->statement = TW_NW_NO_CARD; /* the game may stop before an answer */
    s->stopped = (uint8_t)stopped;
    if (s->variant == TW_NW_VARIANT_HIDDEN_STARS) /* the fiefs are turned over */
        nw_emit(events, TW_NW_EV_STARS, TW_NW_NO_CARD, 0, 0, s->star_fiefs,
                (uint8_t)tw_popcount32(s->star_fiefs & fiefs_with(s, TW_NW_FIEF_FRIENDLY)), 0);
    nw_emit(events, TW_NW_EV_GAME_END, TW_NW_NO_CARD, 0, 0, (uint8_t)tw_nw_stars_won(s), (uint8_t)stopped, 0);
}

/* Reveals the ruler's statement from the top of the deck. */
static void reveal_statement(tw_nw_state *s, tw_nw_events *events)
{
    int card = nw_move_top(s, TW_NW_PILE_DECK, TW_NW_PILE_DISCARD, events);
    nw_emit(events, TW_NW_EV_STATEMENT, (uint8_t)card, 0, 0, 0, 0, 0);
    s->phase = TW_NW_PHASE_RESPONSE;
    s->statement = (uint8_t)card;
}

/* Starts a dialogue: offer abilities if any ally is ready, else reveal. */
static void start_dialogue(tw_nw_state *s, tw_nw_events *events)
{
    s->ability_this_dialogue = 0;
    if (ready_slots(s))
        s->phase = TW_NW_PHASE_BEFORE_STATEMENT;
    else
        reveal_statement(s, events);
}

/* Ends the visit: friendly or lost, substitutes leave the game, allies are
 * reset, and the next visit is dealt (or the game ends). friendly is 1 or
 * 0 for a visit the player finished early (decided), -1 to compare the
 * score with the target. */
static void end_visit_as(tw_nw_state *s, int friendly, tw_nw_events *events)
{
    int fief = s->visiting;
    int score = s->score_n;
    s->statement = TW_NW_NO_CARD; /* a decided visit may end before an answer */
    if (friendly < 0)
        friendly = score == fief;
    if (s->trigger.active) {
        nw_emit(events, TW_NW_EV_TRIGGER, TW_NW_NO_CARD, 0, 0, s->trigger.slot, 2, 0);
        memset(&s->trigger, 0, sizeof s->trigger);
    }
    tw_nw_fief *f = &s->fiefs[fief];
    f->status = (uint8_t)(friendly ? TW_NW_FIEF_FRIENDLY : TW_NW_FIEF_LOST);
    nw_emit(events, TW_NW_EV_VISIT_END, TW_NW_NO_CARD, 0, 0, (uint8_t)fief, (uint8_t)friendly, (uint8_t)score);
    if (!friendly) {
        f->ruler_present = 0;
        s->stars_lost = (uint8_t)(s->stars_lost + tw_nw_stars[fief]);
        s->goal_lost = (uint8_t)tw_nw_goal_out_of_reach(s);
        nw_emit(events, TW_NW_EV_REMOVED, TW_NW_NO_CARD, 0, 0, (uint8_t)fief, 0, 0);
    }
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        tw_nw_slot *sl = &s->slots[slot];
        if (sl->sub_fief >= 0) {
            s->fiefs[sl->sub_fief].ruler_present = 0;
            s->fiefs[sl->sub_fief].sub_slot = -1;
            nw_emit(events, TW_NW_EV_REMOVED, TW_NW_NO_CARD, 0, 0, (uint8_t)sl->sub_fief, 0, 0);
            sl->sub_fief = -1;
        }
        sl->exhausted = 0;
    }
    s->visiting = -1;
    s->ability_this_dialogue = 0;
    int visited = 0;
    for (int i = 0; i < TW_NW_FIEFS; i++)
        if (s->fiefs[i].status != TW_NW_FIEF_NEUTRAL)
            visited++;
    if (visited == TW_NW_FIEFS) {
        end_game(s, 0, events);
        return;
    }
    reshuffle_and_deal(s, events, NULL);
    s->phase = TW_NW_PHASE_CHOOSE_FIEF;
}

/* Ends the visit on its score. */
static void end_visit(tw_nw_state *s, tw_nw_events *events)
{
    end_visit_as(s, -1, events);
}

/* After a dialogue or an ability: the visit ends if hand or deck is empty. */
static int visit_should_end(const tw_nw_state *s)
{
    return (s->hand == 0) | (s->deck_n == 0); /* one branch for the caller, not two */
}

void nw_after_ability(tw_nw_state *s, tw_nw_events *events)
{
    if (visit_should_end(s))
        end_visit(s, events);
    else
        reveal_statement(s, events);
}

void nw_after_trigger(tw_nw_state *s, tw_nw_events *events)
{
    if (visit_should_end(s))
        end_visit(s, events);
    else
        start_dialogue(s, events);
}

/* Scores (or not) the response and moves it to the right pile. The pile
 * is picked without a branch: whether a random answer scores is a coin
 * the processor cannot guess. The card is written on top of both piles
 * and counted on one (the entry past the other's count is scratch):
 * picking a pile through a table of pointers made every response wait
 * on a chain of loads. Both piles have room, the card was in the hand. */
static void respond(tw_nw_state *s, int card, tw_nw_events *events)
{
    int statement = s->statement; /* kept: see tw_nw_state */
    int trump = tw_nw_trump(s);
    s->statement = TW_NW_NO_CARD;
    int scores = tw_nw_answer_scores(card, statement, trump);
    s->hand &= ~(1u << card);
    s->discard[s->discard_n] = (uint8_t)card;
    s->score[s->score_n] = (uint8_t)card;
    s->discard_n = (uint8_t)(s->discard_n + (scores ^ 1));
    s->score_n = (uint8_t)(s->score_n + scores);
    nw_emit(events, TW_NW_EV_MOVE, (uint8_t)card, TW_NW_PILE_HAND,
            (uint8_t)(scores ? TW_NW_PILE_SCORE : TW_NW_PILE_DISCARD), 0, 0, 0);
    nw_emit(events, TW_NW_EV_RESPONSE, (uint8_t)card, 0, 0, (uint8_t)scores, 0, 0);
    if (s->trigger.active)
        nw_trigger_fire(s, card, events); /* the trigger checks the visit's end itself */
    else if (visit_should_end(s))
        end_visit(s, events);
    else
        start_dialogue(s, events);
}

/* Carries out an action that apply found legal: the check is done, so
 * nothing here tests legality again. */
static tw_error apply_legal(tw_nw_state *state, tw_nw_action action, tw_nw_events *events)
{
    int arg = TW_NW_ACTION_ARG(action);
    switch (TW_NW_ACTION_KIND(action)) {
    case TW_NW_ACT_VISIT:
        state->visiting = (int8_t)arg;
        nw_emit(events, TW_NW_EV_VISIT, TW_NW_NO_CARD, 0, 0, (uint8_t)arg, 0, 0);
        if (substitution_possible(state))
            state->phase = TW_NW_PHASE_SUBSTITUTES;
        else
            start_dialogue(state, events);
        break;
    case TW_NW_ACT_SUBSTITUTE: {
        int fief = arg / TW_NW_SLOTS, slot = arg % TW_NW_SLOTS;
        state->fiefs[fief].sub_slot = (int8_t)slot;
        state->slots[slot].sub_fief = (int8_t)fief;
        nw_emit(events, TW_NW_EV_SUBSTITUTE, TW_NW_NO_CARD, 0, 0, (uint8_t)fief, (uint8_t)slot, 0);
        if (!substitution_possible(state))
            start_dialogue(state, events);
        break;
    }
    case TW_NW_ACT_BEGIN:
        start_dialogue(state, events);
        break;
    case TW_NW_ACT_ACTIVATE:
        if (state->slots[arg].sub_fief < 0)
            state->allies_used |= (uint8_t)(1u << arg);
        state->slots[arg].exhausted = 1;
        state->ability_this_dialogue = 1;
        nw_emit(events, TW_NW_EV_ABILITY, TW_NW_NO_CARD, 0, 0, (uint8_t)arg, 0, 0);
        nw_ability_start(state, arg, events);
        break;
    case TW_NW_ACT_PROCEED:
        reveal_statement(state, events);
        break;
    case TW_NW_ACT_RESPOND:
        respond(state, arg, events);
        break;
    case TW_NW_ACT_PICK_CARD:
    case TW_NW_ACT_NAME_SUIT:
    case TW_NW_ACT_PICK_FIEF:
    case TW_NW_ACT_PICK_SLOT:
        nw_ability_choose(state, arg, events);
        break;
    case TW_NW_ACT_CONTINUE:
        nw_ability_choose(state, 1, events);
        break;
    case TW_NW_ACT_PASS:
        nw_ability_choose(state, state->run.choice == TW_NW_CHOICE_CONTINUE ? 0 : TW_NW_NO_CARD, events);
        break;
    case TW_NW_ACT_STOP:
        end_game(state, 1, events);
        break;
    case TW_NW_ACT_FINISH: {
        /* legal only outside a running ability; the answer the legality
         * check computed is cached, so this asks no second search */
        int hit = 0;
        tw_nw_visit_decided(state, &hit);
        nw_emit(events, TW_NW_EV_DECIDED, TW_NW_NO_CARD, 0, 0, (uint8_t)state->visiting, (uint8_t)hit, 0);
        end_visit_as(state, hit, events);
        break;
    }
    default:
        return TW_ERR_ILLEGAL;
    }
    return TW_OK;
}

/* Applies a legal action: one check (inline), then the action. */
tw_error tw_nw_apply(tw_nw_state *state, tw_nw_action action, tw_nw_events *events)
{
    if (!legal_now(state, action))
        return state->phase == TW_NW_PHASE_GAME_OVER ? TW_ERR_GAME_OVER : TW_ERR_ILLEGAL;
    return apply_legal(state, action, events);
}

/* ---- Invariants ------------------------------------------------------- */

/* Checks that the state is internally consistent. */
int tw_nw_check_invariants(const tw_nw_state *s, const char **why)
{
    uint32_t seen = s->hand;
    int total = tw_popcount32(s->hand);
    const uint8_t *piles[3] = {s->deck, s->discard, s->score};
    const int counts[3] = {s->deck_n, s->discard_n, s->score_n};
    for (int p = 0; p < 3; p++) {
        if (counts[p] > TW_NW_CARDS)
            return tw_broken(why, "pile larger than the deck");
        for (int i = 0; i < counts[p]; i++) {
            int c = piles[p][i];
            if (c >= TW_NW_CARDS)
                return tw_broken(why, "card number out of range");
            if (seen & (1u << c))
                return tw_broken(why, "a card is in two zones");
            seen |= 1u << c;
            total++;
        }
    }
    if (total != TW_NW_CARDS || seen != 0xFFFFFFFFu)
        return tw_broken(why, "not all 32 dialogue cards are accounted for");
    if (s->deck_n < 32 && (s->deck_known >> s->deck_n) != 0)
        return tw_broken(why, "known flag above the top of the deck");
    if (s->phase > TW_NW_PHASE_GAME_OVER)
        return tw_broken(why, "phase out of range");
    if (s->stars_lost != count_stars_lost(s))
        return tw_broken(why, "the kept count of lost stars disagrees with the fiefs");
    if (s->goal_lost != tw_nw_goal_out_of_reach(s))
        return tw_broken(why, "the kept \"goal out of reach\" disagrees with the fiefs");
    if (s->variant > TW_NW_VARIANT_HIDDEN_STARS || s->expert > 1)
        return tw_broken(why, "variant out of range");
    if (s->no_substitutes > 1 || s->max_allies > TW_NW_SLOTS || s->allies_used > 0xF)
        return tw_broken(why, "a challenge's limit out of range");
    if (s->max_allies && tw_popcount32(s->allies_used) > s->max_allies)
        return tw_broken(why, "more allies used than the challenge allows");
    if (s->no_substitutes)
        for (int i = 0; i < TW_NW_SLOTS; i++)
            if (s->slots[i].sub_fief >= 0)
                return tw_broken(why, "a substitute in a game without substitutes");
    if (s->variant == TW_NW_VARIANT_MEDALS ? s->star_fiefs != 0
                                           : s->star_fiefs && tw_popcount32(s->star_fiefs) != TW_NW_HIDDEN_STARS)
        return tw_broken(why, "hidden stars on a number of fiefs other than three");
    if (s->statement != statement_kept(s))
        return tw_broken(why, "the kept statement disagrees with the phase and the discard pile");
    int in_visit = s->phase == TW_NW_PHASE_SUBSTITUTES || s->phase == TW_NW_PHASE_BEFORE_STATEMENT ||
                   s->phase == TW_NW_PHASE_RESPONSE || s->phase == TW_NW_PHASE_ABILITY;
    if (in_visit && (s->visiting < 0 || s->visiting >= TW_NW_FIEFS))
        return tw_broken(why, "a visit phase without a visited fief");
    if (in_visit && s->fiefs[s->visiting].status != TW_NW_FIEF_NEUTRAL)
        return tw_broken(why, "visiting a fief that was already visited");
    if (s->phase == TW_NW_PHASE_CHOOSE_FIEF && (s->visiting != -1 || tw_popcount32(s->hand) != TW_NW_HAND_SIZE ||
                                                s->discard_n || s->score_n))
        return tw_broken(why, "between visits the hand must hold 8 and the piles be empty");
    if (s->phase == TW_NW_PHASE_RESPONSE && (s->discard_n == 0 || s->hand == 0))
        return tw_broken(why, "a response is expected without a statement or a hand");
    if ((s->phase == TW_NW_PHASE_ABILITY) != (s->run.active != 0))
        return tw_broken(why, "ability phase and running ability disagree");
    if (s->run.active && (s->run.len > TW_NW_MAX_PROGRAM || s->run.pc > s->run.len || s->run.slot >= TW_NW_SLOTS))
        return tw_broken(why, "running ability out of range");
    if (s->trigger.active && (!in_visit || s->trigger.len > TW_NW_MAX_PROGRAM || s->trigger.slot >= TW_NW_SLOTS))
        return tw_broken(why, "a delayed trigger outside a visit or out of range");
    for (int slot = 0; slot < TW_NW_SLOTS; slot++) {
        int f = s->slots[slot].sub_fief;
        if (f >= TW_NW_FIEFS || (f >= 0 && (s->fiefs[f].sub_slot != slot || s->fiefs[f].status != TW_NW_FIEF_FRIENDLY ||
                                             !s->fiefs[f].ruler_present)))
            return tw_broken(why, "substitute slot and fief disagree");
    }
    for (int f = 0; f < TW_NW_FIEFS; f++) {
        const tw_nw_fief *fi = &s->fiefs[f];
        if (fi->status > TW_NW_FIEF_LOST)
            return tw_broken(why, "fief status out of range");
        if (fi->sub_slot >= 0 && (fi->sub_slot >= TW_NW_SLOTS || s->slots[fi->sub_slot].sub_fief != f))
            return tw_broken(why, "fief and substitute slot disagree");
        if (fi->status == TW_NW_FIEF_LOST && fi->ruler_present)
            return tw_broken(why, "a lost fief still has its ruler");
        if (fi->status == TW_NW_FIEF_NEUTRAL && !fi->ruler_present)
            return tw_broken(why, "an unvisited fief has no ruler");
        if (fi->ruler.suit >= TW_NW_SUITS || fi->ruler.nsteps > TW_NW_MAX_STEPS)
            return tw_broken(why, "ruler data out of range");
    }
    return 1;
}
