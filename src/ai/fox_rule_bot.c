/* The rule-based Fox in the Forest Duet partner. Everything it decides
 * comes from one seat's view. Its core is a landing value: how good it is
 * for the team that the token ends a trick on a given space (a gem, a
 * forest token spent, the game lost or won, gems within reach later). The
 * trick winner's choices (Gazelle, Musician) pick the best landing; a
 * follower plays the card whose trick lands best; a leader averages, over
 * deals of the partner's hand consistent with the view, the best landing
 * the partner can then reach. Small tie-breaks keep useful cards (trumps,
 * extremes, 0-footprint cards) in hand. */
#include <math.h>
#include <string.h>

#include "trickwood/fox_bots.h"

#define SAMPLES 12
#define WIN_VALUE 1000.0
#define LOSS_VALUE (-1000.0)

/* Value of where the gems lie relative to the token: gems within one
 * trick's reach count, the nearer the more; hugging an end is risky. */
static double path_potential(const tw_fox_path *p)
{
    int left = TW_FOX_MIN_SPACE + p->covered[0], right = TW_FOX_MAX_SPACE - p->covered[1];
    int t = p->token;
    double sum = 0;
    for (int j = left; j <= right; j++) {
        int g = p->gems[TW_FOX_SPACE_INDEX(j)];
        if (!g)
            continue;
        int d = j > t ? j - t : t - j;
        double w = d == 0 ? 0.5 : d <= 3 ? 0.35 : d <= 6 ? 0.2 : 0.05;
        sum += w * (1.0 + 0.25 * ((g > 3 ? 3 : g) - 1));
    }
    int edge = t - left < right - t ? t - left : right - t;
    if (edge <= 1)
        sum -= 0.15;
    return sum;
}

/* Value for the team of moving the token steps toward a seat's end. */
static double landing_value(const tw_fox_state *s, int toward, int steps)
{
    tw_fox_move_preview m;
    tw_fox_preview_move(s, toward, steps, &m);
    if (m.lost)
        return LOSS_VALUE;
    if (m.wins)
        return WIN_VALUE;
    double v = 0;
    if (m.collects)
        v += 1.0;
    if (m.off_path)
        v -= 1.5 + 3.0 / (m.after.forest_left + 1);
    v += 0.3 * path_potential(&m.after);
    return v;
}

/* The trick winner's best choice for a complete trick in s (trump and
 * leader as in s): returns its value and the ignore mask and direction
 * that reach it. */
static double best_resolution(const tw_fox_state *s, int led, int fol, int *best_mask, int *best_dir)
{
    tw_fox_state t = *s;
    t.trick[0] = (uint8_t)led;
    t.trick[1] = (uint8_t)fol;
    t.trick_n = 2;
    int winner = tw_fox_trick_winner(&t);
    int gazelles = (TW_FOX_RANK(led) == TW_FOX_GAZELLE) + (TW_FOX_RANK(fol) == TW_FOX_GAZELLE);
    int musician = TW_FOX_RANK(led) == TW_FOX_MUSICIAN || TW_FOX_RANK(fol) == TW_FOX_MUSICIAN;
    double best = -1e9;
    for (int mask = 0; mask <= 3; mask++) {
        if (tw_popcount32((uint32_t)mask) > gazelles)
            continue;
        int steps = ((mask & 1) ? 0 : tw_fox_card_footprints(led)) + ((mask & 2) ? 0 : tw_fox_card_footprints(fol));
        for (int dir = 0; dir < (musician && steps > 0 ? 2 : 1); dir++) {
            int toward = dir == TW_FOX_TOWARD_WINNER ? winner : 1 - winner;
            double v = landing_value(s, toward, steps);
            if (v > best + 1e-9) {
                best = v;
                if (best_mask)
                    *best_mask = mask;
                if (best_dir)
                    *best_dir = dir;
            }
        }
    }
    return best;
}

/* How much a card is worth keeping: trumps win tricks when needed, very
 * high and very low cards let a player choose to win or lose, cards with
 * no footprints collect without moving, some abilities give choices. */
static double keep_value(int card, int trump)
{
    int rank = TW_FOX_RANK(card);
    double v = fabs(rank - 5.5) * 0.2;
    if (TW_FOX_SUIT(card) == trump)
        v += 0.6 + 0.05 * rank;
    if (tw_fox_card_footprints(card) == 0)
        v += 0.3;
    if (rank == TW_FOX_MUSICIAN)
        v += 0.3;
    else if (rank == TW_FOX_GAZELLE)
        v += 0.2;
    else if (rank == TW_FOX_ROYAL_HEIR)
        v += 0.1;
    return v;
}

/* Sum of keep values of a hand. */
static double hand_value(uint32_t hand, int trump)
{
    double v = 0;
    for (int c = 0; c < TW_FOX_CARDS; c++)
        if (hand & (1u << c))
            v += keep_value(c, trump);
    return v;
}

/* Cards a follower holding hand may play to a led card. */
static uint32_t follow_options(uint32_t hand, int led)
{
    if (TW_FOX_RANK(led) == TW_FOX_ROYAL_HEIR)
        return hand;
    uint32_t follow = hand & TW_FOX_SUIT_MASK(TW_FOX_SUIT(led));
    return follow ? follow : hand;
}

/* Best trick value a follower holding hand can reach against a led card. */
static double best_reply_value(const tw_fox_state *s, uint32_t hand, int led)
{
    uint32_t options = follow_options(hand, led);
    double best = -1e9;
    for (int c = 0; c < TW_FOX_CARDS; c++)
        if (options & (1u << c)) {
            double v = best_resolution(s, led, c, NULL, NULL) - 0.05 * keep_value(c, tw_fox_trump(s));
            if (v > best)
                best = v;
        }
    return best;
}

/* Deals of the partner's hand consistent with the view. */
typedef struct {
    int n;
    uint32_t partner_hand[SAMPLES];
} samples;

/* Draws the partner-hand samples from the view. */
static void draw_samples(const tw_fox_view *view, tw_rng *rng, samples *out)
{
    out->n = SAMPLES;
    for (int i = 0; i < SAMPLES; i++) {
        tw_fox_state full;
        uint64_t seed = ((uint64_t)tw_rng_next(rng) << 32) | tw_rng_next(rng);
        tw_fox_determinize(view, seed, &full);
        out->partner_hand[i] = full.hand[1 - view->seat];
    }
}

/* Expected value of leading a card (with the trump of s): the partner's
 * best reply averaged over the samples. */
static double lead_value(const tw_fox_state *s, const samples *smp, int card)
{
    double sum = 0;
    for (int i = 0; i < smp->n; i++)
        sum += smp->partner_hand[i] ? best_reply_value(s, smp->partner_hand[i], card)
                                    : best_resolution(s, card, card, NULL, NULL);
    return sum / smp->n;
}

/* Value of the trick in progress from the bot's seat: complete, the bot
 * to follow, or the partner to follow. */
static double pending_trick_value(const tw_fox_state *s, int seat, const samples *smp)
{
    if (s->trick_n == 2)
        return best_resolution(s, s->trick[0], s->trick[1], NULL, NULL);
    if (s->trick_n == 1) {
        if (tw_fox_trick_seat(s, 1) == seat)
            return best_reply_value(s, s->hand[seat], s->trick[0]);
        return lead_value(s, smp, s->trick[0]);
    }
    return 0;
}

/* Chooses a card to play. */
static tw_fox_action choose_play(const tw_fox_view *view, tw_rng *rng)
{
    const tw_fox_state *s = &view->visible;
    int seat = view->seat, trump = tw_fox_trump(s);
    uint32_t options = tw_fox_playable(s, seat);
    samples smp;
    if (s->trick_n == 0)
        draw_samples(view, rng, &smp);
    double best = -1e18;
    int best_card = tw_lowest_bit32(options);
    for (int c = 0; c < TW_FOX_CARDS; c++) {
        if (!(options & (1u << c)))
            continue;
        double v;
        if (s->trick_n == 1)
            v = best_resolution(s, s->trick[0], c, NULL, NULL);
        else
            v = lead_value(s, &smp, c);
        v -= 0.05 * keep_value(c, trump);
        if (v > best) {
            best = v;
            best_card = c;
        }
    }
    return TW_FOX_ACTION(TW_FOX_ACT_PLAY, best_card);
}

/* Keeps the decree or swaps a hand card for it: the trick in progress
 * (trump may change who wins) and the hand left both count. */
static tw_fox_action choose_exchange(const tw_fox_view *view, tw_rng *rng)
{
    const tw_fox_state *s = &view->visible;
    int seat = view->seat;
    samples smp;
    smp.n = 0;
    if (s->trick_n == 1 && tw_fox_trick_seat(s, 1) != seat)
        draw_samples(view, rng, &smp);
    double keep = pending_trick_value(s, seat, &smp) + 0.3 * hand_value(s->hand[seat], tw_fox_trump(s));
    double best = keep + 0.05;
    tw_fox_action choice = TW_FOX_ACTION(TW_FOX_ACT_KEEP, 0);
    for (int c = 0; c < TW_FOX_CARDS; c++) {
        if (!(s->hand[seat] & (1u << c)))
            continue;
        tw_fox_state t = *s;
        t.hand[seat] = (t.hand[seat] & ~(1u << c)) | (1u << s->decree);
        t.decree = (uint8_t)c;
        double v = pending_trick_value(&t, seat, &smp) + 0.3 * hand_value(t.hand[seat], tw_fox_trump(&t));
        if (v > best) {
            best = v;
            choice = TW_FOX_ACTION(TW_FOX_ACT_EXCHANGE, c);
        }
    }
    return choice;
}

/* Gives the card least worth keeping. */
static tw_fox_action choose_gift(const tw_fox_state *s, int seat)
{
    int trump = tw_fox_trump(s);
    int best_card = -1;
    double best = 1e18;
    for (int c = 0; c < TW_FOX_CARDS; c++)
        if (s->hand[seat] & (1u << c)) {
            double v = keep_value(c, trump);
            if (v < best) {
                best = v;
                best_card = c;
            }
        }
    return TW_FOX_ACTION(TW_FOX_ACT_GIFT, best_card);
}

/* The end-of-round forest token goes to the end farther from the team
 * token (the near end is where the token may run off); on a tie, to the
 * end whose last space holds fewer gems. */
static tw_fox_action choose_forest(const tw_fox_state *s)
{
    int left = tw_fox_last_space(s, TW_FOX_END_LEFT), right = tw_fox_last_space(s, TW_FOX_END_RIGHT);
    int dl = s->path.token - left, dr = right - s->path.token;
    int end;
    if (dl != dr)
        end = dl > dr ? TW_FOX_END_LEFT : TW_FOX_END_RIGHT;
    else
        end = s->path.gems[TW_FOX_SPACE_INDEX(left)] <= s->path.gems[TW_FOX_SPACE_INDEX(right)] ? TW_FOX_END_LEFT
                                                                                              : TW_FOX_END_RIGHT;
    return TW_FOX_ACTION(TW_FOX_ACT_FOREST, end);
}

/* Chooses the winner's direction once the ignore mask is fixed. */
static tw_fox_action choose_direction(const tw_fox_state *s)
{
    int steps = tw_fox_trick_steps(s);
    double toward_winner = landing_value(s, s->winner, steps);
    double toward_partner = landing_value(s, 1 - s->winner, steps);
    return TW_FOX_ACTION(TW_FOX_ACT_DIRECTION,
                         toward_partner > toward_winner ? TW_FOX_TOWARD_PARTNER : TW_FOX_TOWARD_WINNER);
}

tw_error tw_fox_rule_bot_choose(const tw_fox_view *view, uint64_t seed, tw_fox_action *out)
{
    const tw_fox_state *s = &view->visible;
    int seat = view->seat;
    if (tw_fox_to_act(s) != seat)
        return TW_ERR_PHASE;
    tw_rng rng;
    tw_rng_seed(&rng, seed);
    tw_fox_action a;
    int mask = 0, dir = 0;
    switch (s->phase) {
    case TW_FOX_PHASE_PLAY:
        a = choose_play(view, &rng);
        break;
    case TW_FOX_PHASE_FOX_TARGET:
        a = TW_FOX_ACTION(TW_FOX_ACT_FOX, tw_fox_hand_count(s, seat) > 0 ? 0 : 1);
        break;
    case TW_FOX_PHASE_FOX_EXCHANGE:
        a = choose_exchange(view, &rng);
        break;
    case TW_FOX_PHASE_GIFT_FIRST:
    case TW_FOX_PHASE_GIFT_SECOND:
        a = choose_gift(s, seat);
        break;
    case TW_FOX_PHASE_IGNORE:
        best_resolution(s, s->trick[0], s->trick[1], &mask, &dir);
        a = TW_FOX_ACTION(TW_FOX_ACT_IGNORE, mask);
        break;
    case TW_FOX_PHASE_DIRECTION:
        a = choose_direction(s);
        break;
    case TW_FOX_PHASE_FOREST:
        a = choose_forest(s);
        break;
    default:
        return TW_ERR_PHASE;
    }
    if (!tw_fox_is_legal(s, a)) {
        /* Never expected; fall back on the first legal action. */
        tw_fox_action list[TW_FOX_MAX_ACTIONS];
        if (tw_fox_legal_actions(s, list) == 0)
            return TW_ERR_PHASE;
        a = list[0];
    }
    *out = a;
    return TW_OK;
}

tw_error tw_fox_rule_bot_play(const tw_fox_board *board, const tw_fox_config *config, uint64_t bot_seed,
                              tw_fox_state *final)
{
    tw_fox_state s;
    tw_error err = tw_fox_new(&s, board, config, NULL);
    if (err)
        return err;
    uint64_t step = 0;
    while (!tw_fox_is_over(&s)) {
        tw_fox_view view;
        tw_fox_view_of(&s, tw_fox_to_act(&s), &view);
        tw_fox_action a;
        if (tw_fox_rule_bot_choose(&view, tw_mix64(bot_seed + step++), &a) != TW_OK ||
            tw_fox_apply(&s, a, NULL) != TW_OK)
            break; /* cannot happen with a sound state */
    }
    *final = s;
    return TW_OK;
}
