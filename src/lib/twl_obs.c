/* The observation tensors of the shared library (docs/python.md,
 * "Observation tensor"): a fixed-size array of floats per game, written
 * from the seat's view only (tw_nw_view_of, tw_fox_view_of), so that no
 * hidden card can reach it. Each field is a list of 0/1 flags (one-hot or
 * a set) or, where the name says count, a plain number. */
#include <string.h>

#include "trickwood/foxduet.h"
#include "trickwood/northwood.h"
#include "twl_internal.h"

typedef struct {
    const char *name;
    int size;
} field;

/* For Northwood!, in order. */
static const field nw_fields[] = {
    {"hand", TW_NW_CARDS},
    {"discard", TW_NW_CARDS},
    {"score_pile", TW_NW_CARDS},
    {"deck_known", TW_NW_CARDS},
    {"unseen", TW_NW_CARDS},
    {"statement", TW_NW_CARDS},
    {"trump", TW_NW_SUITS},
    {"phase", 6},
    {"visiting", TW_NW_FIEFS},
    {"fief_status", TW_NW_FIEFS * 3},
    {"fief_ruler_suit", TW_NW_FIEFS * TW_NW_SUITS},
    {"fief_ruler", TW_NW_FIEFS * TW_NW_MAX_CATALOG},
    {"slot_ally", TW_NW_SLOTS * TW_NW_MAX_CATALOG},
    {"slot_suit", TW_NW_SLOTS * TW_NW_SUITS},
    {"slot_exhausted", TW_NW_SLOTS},
    {"slot_substitute", TW_NW_SLOTS},
    {"ability_choice", 6},
    {"ability_pending", 32},
    {"ability_may_pass", 1},
    {"trigger_armed", 1},
    {"medal", 3},
    {"setup_full", 1},
    {"counts", 6},
    {"variant", 2},
    {"expert", 1},
    {"star_fiefs", TW_NW_FIEFS},
    {NULL, 0}};

/* The Duet, for one seat ("own" is the seat, "partner" the other; path
 * spaces are listed from the seat's own end to the partner's). */
static const field fox_fields[] = {
    {"hand", TW_FOX_CARDS},
    {"partner_known", TW_FOX_CARDS},
    {"unseen", TW_FOX_CARDS},
    {"played_this_round", TW_FOX_CARDS},
    {"decree", TW_FOX_CARDS},
    {"trick_led", TW_FOX_CARDS},
    {"trick_followed", TW_FOX_CARDS},
    {"gift_pick", TW_FOX_CARDS},
    {"trump", TW_FOX_SUITS},
    {"own_void", TW_FOX_SUITS},
    {"partner_void", TW_FOX_SUITS},
    {"phase", 9},
    {"seat_flags", 5},
    {"level", TW_FOX_LEVELS},
    {"round", TW_FOX_ROUNDS},
    {"token", TW_FOX_SPACES},
    {"gems", TW_FOX_SPACES},
    {"plus", TW_FOX_SPACES},
    {"ignore", 2},
    {"counts", 8},
    {NULL, 0}};

/* The fields of a game. */
static const field *fields_of(const twl_game *game)
{
    return game->kind == TWL_NORTHWOOD ? nw_fields : fox_fields;
}

/* The observation size of a game. */
int twl_game_observation_size(const twl_game *game)
{
    if (!game)
        return -1;
    int n = 0;
    for (const field *f = fields_of(game); f->name; f++)
        n += f->size;
    return n;
}

/* Field i of the observation. */
int twl_game_observation_field(const twl_game *game, int i, const char **name, int *offset, int *size)
{
    if (!game)
        return twl_fail(TW_ERR_ARG, "twl_game_observation_field: the game is NULL");
    int at = 0, k = 0;
    for (const field *f = fields_of(game); f->name; f++, k++) {
        if (k == i) {
            if (name)
                *name = f->name;
            if (offset)
                *offset = at;
            if (size)
                *size = f->size;
            return twl_ok();
        }
        at += f->size;
    }
    return twl_fail(TW_ERR_ARG, "observation field %d does not exist (%d fields)", i, k);
}

/* Sets the flag of each card of a set. */
static void flags(float *out, uint32_t set, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = (float)((set >> i) & 1u);
}

/* Sets one flag when index is in range. */
static void one_hot(float *out, int index, int n)
{
    if (index >= 0 && index < n)
        out[index] = 1.0f;
}

/* The set of cards of a pile. */
static uint32_t pile_set(const uint8_t *cards, int n)
{
    uint32_t set = 0;
    for (int i = 0; i < n; i++)
        if (cards[i] < TW_NW_CARDS)
            set |= 1u << cards[i];
    return set;
}

/* For Northwood!'s observation, from the player's view. */
static void observe_nw(const tw_nw_state *state, float *out)
{
    tw_nw_view view;
    tw_nw_view_of(state, &view);
    const tw_nw_state *s = &view.visible;
    float *o = out;
    flags(o, s->hand, 32), o += 32;
    flags(o, pile_set(s->discard, s->discard_n), 32), o += 32;
    flags(o, pile_set(s->score, s->score_n), 32), o += 32;
    uint32_t known = 0;
    for (int i = 0; i < s->deck_n; i++)
        if (((s->deck_known >> i) & 1u) && s->deck[i] < TW_NW_CARDS)
            known |= 1u << s->deck[i];
    flags(o, known, 32), o += 32;
    flags(o, tw_nw_view_unseen(&view), 32), o += 32;
    one_hot(o, s->phase == TW_NW_PHASE_RESPONSE ? tw_nw_statement(s) : -1, 32), o += 32;
    one_hot(o, tw_nw_trump(s), 4), o += 4;
    one_hot(o, s->phase, 6), o += 6;
    one_hot(o, s->visiting, 8), o += 8;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        one_hot(o + f * 3, s->fiefs[f].status, 3);
    o += TW_NW_FIEFS * 3;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (s->fiefs[f].ruler_present)
            one_hot(o + f * 4, s->fiefs[f].ruler.suit, 4);
    o += TW_NW_FIEFS * 4;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (s->fiefs[f].ruler_present)
            one_hot(o + f * TW_NW_MAX_CATALOG, s->fiefs[f].ruler.catalog_index, TW_NW_MAX_CATALOG);
    o += TW_NW_FIEFS * TW_NW_MAX_CATALOG;
    for (int k = 0; k < TW_NW_SLOTS; k++)
        one_hot(o + k * TW_NW_MAX_CATALOG, s->slots[k].ally.catalog_index, TW_NW_MAX_CATALOG);
    o += TW_NW_SLOTS * TW_NW_MAX_CATALOG;
    for (int k = 0; k < TW_NW_SLOTS; k++)
        one_hot(o + k * 4, s->slots[k].ally.suit, 4);
    o += TW_NW_SLOTS * 4;
    for (int k = 0; k < TW_NW_SLOTS; k++)
        o[k] = s->slots[k].exhausted ? 1.0f : 0.0f;
    o += TW_NW_SLOTS;
    for (int k = 0; k < TW_NW_SLOTS; k++)
        o[k] = s->slots[k].sub_fief >= 0 ? 1.0f : 0.0f;
    o += TW_NW_SLOTS;
    int choosing = s->phase == TW_NW_PHASE_ABILITY && s->run.active;
    one_hot(o, choosing ? s->run.choice : 0, 6), o += 6;
    flags(o, choosing ? s->run.pending : 0, 32), o += 32;
    *o++ = choosing && s->run.may_pass ? 1.0f : 0.0f;
    *o++ = s->trigger.active ? 1.0f : 0.0f;
    one_hot(o, s->medal - 1, 3), o += 3;
    *o++ = s->setup == TW_NW_SETUP_FULL ? 1.0f : 0.0f;
    *o++ = (float)tw_nw_stars_won(s);
    *o++ = (float)tw_nw_stars_possible(s);
    *o++ = (float)s->score_n;
    *o++ = (float)s->deck_n;
    *o++ = (float)tw_nw_hand_count(s);
    *o++ = (float)s->discard_n;
    one_hot(o, s->variant, 2), o += 2;
    *o++ = s->expert ? 1.0f : 0.0f;
    /* the view carries the hidden stars only once the game is over */
    for (int f = 0; f < TW_NW_FIEFS; f++)
        o[f] = (s->star_fiefs >> f) & 1u ? 1.0f : 0.0f;
}

/* The Duet's observation for seat, from its view. */
static void observe_fox(const tw_fox_state *state, int seat, float *out)
{
    tw_fox_view view;
    tw_fox_view_of(state, seat, &view);
    const tw_fox_state *s = &view.visible;
    int partner = 1 - seat;
    float *o = out;
    flags(o, s->hand[seat], 30), o += 30;
    flags(o, s->known[partner] & s->hand[partner], 30), o += 30;
    flags(o, tw_fox_view_unseen(&view), 30), o += 30;
    flags(o, s->set_aside, 30), o += 30;
    int over = tw_fox_is_over(s);
    one_hot(o, over ? -1 : s->decree, 30), o += 30;
    one_hot(o, !over && s->trick_n >= 1 ? s->trick[0] : -1, 30), o += 30;
    one_hot(o, !over && s->trick_n >= 2 ? s->trick[1] : -1, 30), o += 30;
    int picking = s->phase == TW_FOX_PHASE_GIFT_SECOND || s->phase == TW_FOX_PHASE_GIFT_FIRST;
    one_hot(o, picking ? s->gift_pick[seat] : -1, 30), o += 30;
    one_hot(o, over ? -1 : tw_fox_trump(s), 3), o += 3;
    flags(o, s->void_suits[seat], 3), o += 3;
    flags(o, s->void_suits[partner], 3), o += 3;
    one_hot(o, s->phase, 9), o += 9;
    int to_act = tw_fox_to_act(s);
    *o++ = to_act == seat ? 1.0f : 0.0f;
    *o++ = s->leader == seat ? 1.0f : 0.0f;
    *o++ = s->dealer == seat ? 1.0f : 0.0f;
    int resolving = s->phase == TW_FOX_PHASE_IGNORE || s->phase == TW_FOX_PHASE_DIRECTION;
    *o++ = resolving && s->winner == seat ? 1.0f : 0.0f;
    *o++ = s->last_winner == seat && (s->tricks_done > 0 || s->round > 1) ? 1.0f : 0.0f;
    one_hot(o, s->level - 1, 3), o += 3;
    one_hot(o, s->round - 1, 3), o += 3;
    /* spaces from the seat's own end: seat 0 sits at -5, seat 1 at +5 */
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        int index = seat == 0 ? i : TW_FOX_SPACES - 1 - i;
        o[i] = TW_FOX_SPACE_INDEX(s->path.token) == index ? 1.0f : 0.0f;
        o[TW_FOX_SPACES + i] = (float)s->path.gems[index];
        o[2 * TW_FOX_SPACES + i] = (float)s->path.plus[index];
    }
    o += 3 * TW_FOX_SPACES;
    *o++ = resolving && (s->ignore_mask & 1) ? 1.0f : 0.0f;
    *o++ = resolving && (s->ignore_mask & 2) ? 1.0f : 0.0f;
    *o++ = (float)s->tricks_done;
    *o++ = (float)s->path.covered[seat];
    *o++ = (float)s->path.covered[partner];
    *o++ = (float)s->path.forest_left;
    *o++ = (float)s->path.gems_collected;
    *o++ = (float)tw_fox_gems_on_board(s);
    *o++ = (float)tw_fox_hand_count(s, seat);
    *o++ = (float)tw_fox_hand_count(s, partner);
}

/* Writes the observation of seat into out. */
void twl_observe(const twl_game *game, const tw_match *m, int seat, float *out)
{
    memset(out, 0, (size_t)twl_game_observation_size(game) * sizeof *out);
    const void *s = game->table->state(m);
    if (game->kind == TWL_NORTHWOOD)
        observe_nw(s, out);
    else
        observe_fox(s, seat, out);
}

/* The observation tensor of seat. */
int twl_state_observation(const twl_state *state, int seat, float *out, int size)
{
    int err = twl_check_state(state, "twl_state_observation");
    if (err || (err = twl_check_seat(state, seat)))
        return err;
    int want = twl_game_observation_size(state->game);
    if (!out || size != want)
        return twl_fail(TW_ERR_ARG, "twl_state_observation: the tensor must hold %d floats (%d given)", want,
                        out ? size : 0);
    twl_observe(state->game, state->match, seat, out);
    return twl_ok();
}
