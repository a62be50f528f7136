/* For Northwood! without abilities, by a bare loop and by the engine, on
 * the same deals (bench_plain.h). */
#include "bench/bench_plain.h"

#include <string.h>

#include "bench/bench_lean.h"

/* Prepares a side: the suits of the first eight intro rulers in catalog
 * order, the list the engine's intro setup shuffles onto the fiefs
 * (shuffling their suits moves them the same way). */
int tw_bench_plain_init(tw_bench_plain *p, const tw_nw_catalog *catalog, uint64_t seed)
{
    memset(p, 0, sizeof *p);
    p->catalog = catalog;
    p->seed = seed;
    tw_rng_seed(&p->pick, seed);
    int n = 0;
    for (int i = 0; i < catalog->count && n < TW_NW_FIEFS; i++)
        if (catalog->entries[i].intro_role == TW_NW_INTRO_RULER)
            p->ruler_suits[n++] = catalog->entries[i].suit;
    return n == TW_NW_FIEFS ? 0 : -1;
}

/* The seed of game g, as bench's other random-play loops give it. */
static uint64_t game_seed(const tw_bench_plain *p, long long g)
{
    return tw_mix64(p->seed + (uint64_t)g);
}

/* Adds one finished game to the totals. */
static void add_game(tw_bench_plain_totals *t, long long g, int stars, unsigned friendly)
{
    t->games++;
    t->stars += stars;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        t->friendly[f] += (friendly >> f) & 1;
    t->check += tw_mix64((uint64_t)g << 8 | friendly);
}

/* The set bit of a mask that comes `index`-th from the lowest. */
static int nth_bit(uint32_t mask, uint32_t index)
{
    for (; index; index--)
        mask &= mask - 1;
    return __builtin_ctz(mask);
}

/* The bare loop. Per game: seed the generator, shuffle the rulers' suits;
 * per visit: pick an unvisited fief, shuffle the 32 cards, deal the top 8
 * into a bitmask hand, then answer the statements from the top of the
 * deck until the hand is empty (24 cards in the deck: the hand empties
 * first), each answer picked at random among the legal ones. */
void tw_bench_plain_reference(tw_bench_plain *p, long long first, int count, tw_bench_plain_totals *t)
{
    for (long long g = first; g < first + count; g++) {
        tw_rng rng;
        tw_rng_seed(&rng, game_seed(p, g));
        uint8_t suits[TW_NW_FIEFS];
        memcpy(suits, p->ruler_suits, sizeof suits);
        tw_rng_shuffle_u8(&rng, suits, TW_NW_FIEFS);
        uint32_t unvisited = 0xFF;
        unsigned friendly = 0;
        int stars = 0;
        for (int visit = 0; visit < TW_NW_FIEFS; visit++) {
            int fief = nth_bit(unvisited, tw_rng_below(&p->pick, (uint32_t)tw_bits32(unvisited)));
            unvisited &= ~(1u << fief);
            uint8_t deck[TW_NW_CARDS];
            memcpy(deck, tw_bench_card_order, sizeof deck);
            tw_rng_shuffle_u8(&rng, deck, TW_NW_CARDS);
            uint32_t hand = 0;
            for (int i = TW_NW_CARDS - TW_NW_HAND_SIZE; i < TW_NW_CARDS; i++)
                hand |= 1u << deck[i];
            int top = TW_NW_CARDS - TW_NW_HAND_SIZE, score = 0, trump = suits[fief];
            while (hand) {
                int statement = deck[--top];
                uint32_t allowed = tw_nw_answers_allowed(hand, statement);
                int card = nth_bit(allowed, tw_rng_below(&p->pick, (uint32_t)tw_bits32(allowed)));
                score += tw_nw_answer_scores(card, statement, trump);
                hand &= ~(1u << card);
            }
            t->picks += 1 + TW_NW_HAND_SIZE;
            if (score == fief) {
                friendly |= 1u << fief;
                stars += tw_nw_stars[fief];
            }
        }
        add_game(t, g, stars, friendly);
    }
}

/* The engine loop: the same player through the public API. A stop, when
 * the list offers it, is always its last action (no "finish" is offered:
 * the configuration asks for none), so the pick leaves it out. */
int tw_bench_plain_engine(tw_bench_plain *p, long long first, int count, tw_bench_plain_totals *t)
{
    for (long long g = first; g < first + count; g++) {
        tw_nw_state s;
        tw_nw_config cfg = {TW_NW_SETUP_INTRO, TW_NW_MEDAL_BRONZE, game_seed(p, g), 0, TW_NW_VARIANT_MEDALS, 0};
        if (tw_nw_new(&s, p->catalog, &cfg, NULL) != TW_OK)
            return -1;
        while (!tw_nw_is_over(&s)) {
            tw_nw_action a;
            if (s.phase == TW_NW_PHASE_BEFORE_STATEMENT) {
                a = TW_NW_ACTION(TW_NW_ACT_PROCEED, 0);
            } else if (s.phase == TW_NW_PHASE_SUBSTITUTES) {
                a = TW_NW_ACTION(TW_NW_ACT_BEGIN, 0);
            } else {
                tw_nw_action acts[TW_NW_MAX_ACTIONS];
                int n = tw_nw_legal_actions(&s, acts);
                if (n > 1 && TW_NW_ACTION_KIND(acts[n - 1]) == TW_NW_ACT_STOP)
                    n--;
                a = acts[tw_rng_below(&p->pick, (uint32_t)n)];
                t->picks++;
            }
            if (tw_nw_apply(&s, a, NULL) != TW_OK)
                return -1;
        }
        unsigned friendly = 0;
        for (int f = 0; f < TW_NW_FIEFS; f++)
            if (s.fiefs[f].status == TW_NW_FIEF_FRIENDLY)
                friendly |= 1u << f;
        add_game(t, g, tw_nw_stars_won(&s), friendly);
    }
    return 0;
}

/* The lean engine's loop (bench_lean.h): the same player as the engine's
 * loop, through the lean engine's list and apply. Written out beside the
 * engine's loop rather than shared through pointers to functions: each
 * loop makes direct calls, as a program calling the library does, so
 * that neither side pays for an indirect call the other would not. */
int tw_bench_plain_lean(tw_bench_plain *p, long long first, int count, tw_bench_plain_totals *t)
{
    for (long long g = first; g < first + count; g++) {
        tw_bench_lean s;
        tw_bench_lean_new(&s, game_seed(p, g), p->ruler_suits);
        while (s.phase != TW_NW_PHASE_GAME_OVER) {
            tw_nw_action a;
            if (s.phase == TW_NW_PHASE_BEFORE_STATEMENT) {
                a = TW_NW_ACTION(TW_NW_ACT_PROCEED, 0);
            } else {
                tw_nw_action acts[TW_NW_MAX_ACTIONS];
                int n = tw_bench_lean_list(&s, acts);
                if (n > 1 && TW_NW_ACTION_KIND(acts[n - 1]) == TW_NW_ACT_STOP)
                    n--;
                a = acts[tw_rng_below(&p->pick, (uint32_t)n)];
                t->picks++;
            }
            if (tw_bench_lean_apply(&s, a) != 0)
                return -1;
        }
        int stars = 0;
        for (int f = 0; f < TW_NW_FIEFS; f++)
            stars += ((s.friendly >> f) & 1) * tw_nw_stars[f];
        add_game(t, g, stars, s.friendly);
    }
    return 0;
}
