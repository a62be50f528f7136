/* `bench --parts calibration`: plays seeded games following the hints'
 * own moves, keeps every chance a hint showed with what then happened,
 * and compares them bin by bin (docs/benchmarks.md). It also fits the
 * calibration maps the estimators use (for the For Northwood! target and
 * the Duet by level, points of the search value against the frequency; for
 * the medal, logit of the value to logit of the frequency), the way their
 * constants were set. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_calibration.h"
#include "trickwood/fox_bots.h"
#include "trickwood/fox_files.h"
#include "trickwood/nw_bots.h"
#include "trickwood/nw_files.h"

#define BINS 10
#define FIT_BINS 20 /* bins of the search value for the target's map */
#define MIN_BIN 200 /* outcomes a bin needs to count in calibration_max_error */
#define UNRESOLVED 255

/* What a chance was about. */
enum { CAL_TARGET = 0, CAL_MEDAL = 1, CAL_WIN = 2, CAL_KINDS = 3 };

static const char *const KIND_KEYS[CAL_KINDS] = {"northwood_target", "northwood_medal", "fox_win"};
static const char *const KIND_NAMES[CAL_KINDS] = {"For Northwood!, this visit's target",
                                                   "For Northwood!, the game's goal (the chosen medal or variant)", "The Duet, winning the game"};

/* One chance shown, the search value behind it, whether it came true,
 * and which outcome it was about (a visit for the target, a game for the
 * medal and the Duet: every chance of one outcome shares it). */
typedef struct {
    float p, raw;
    uint32_t outcome;
    uint8_t kind, level, hit;
} cal_point;

/* A growing list of chances. */
typedef struct {
    cal_point *v;
    size_t n, cap;
} cal_list;

/* Adds a chance (still unresolved) about an outcome; 0 when out of memory. */
static int cal_push(cal_list *l, double p, double raw, int kind, int level, uint32_t outcome)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        cal_point *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return 0;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = (cal_point){(float)p, (float)raw, outcome, (uint8_t)kind, (uint8_t)level, UNRESOLVED};
    return 1;
}

/* Marks the chances of a kind from index `from` on with the outcome. */
static void cal_resolve(cal_list *l, size_t from, int kind, int hit)
{
    for (size_t i = from; i < l->n; i++)
        if (l->v[i].kind == kind && l->v[i].hit == UNRESOLVED)
            l->v[i].hit = (uint8_t)hit;
}

/* One thread's share of the games. */
typedef struct {
    const tw_nw_catalog *catalog;
    const tw_fox_board *boards; /* one per level */
    uint64_t seed;
    int games, jobs, worker;
    unsigned which; /* TW_CAL_NORTHWOOD, TW_CAL_FOX */
    tw_bench_cal_goal goal;   /* what the Northwood games aim for */
    cal_list out;
    int medals;               /* Northwood games that reached the goal */
    int fox_won[TW_FOX_LEVELS], fox_played[TW_FOX_LEVELS];
    int failed;
} cal_job;

/* The undecided fiefs, as a bit set. */
static unsigned neutral_set(const tw_nw_state *s)
{
    unsigned open = 0;
    for (int f = 0; f < TW_NW_FIEFS; f++)
        if (s->fiefs[f].status == TW_NW_FIEF_NEUTRAL)
            open |= 1u << f;
    return open;
}

/* Plays one For Northwood! game by the hints (game number g of the run);
 * 0 on failure. */
static int nw_game(cal_job *job, uint64_t seed, uint32_t g)
{
    tw_nw_state s;
    tw_nw_config cfg = {TW_NW_SETUP_INTRO, (tw_nw_medal)job->goal.medal, seed, 0, (tw_nw_variant)job->goal.variant,
                        job->goal.expert};
    tw_nw_bot *bot = tw_nw_bot_new(TW_NW_BOT_STRONG, seed);
    tw_nw_view *view = malloc(sizeof *view);
    int ok = bot && view && tw_nw_new(&s, job->catalog, &cfg, NULL) == TW_OK;
    size_t game_start = job->out.n, visit_start = job->out.n;
    uint32_t visit = 0; /* visits ended so far */
    while (ok && !tw_nw_is_over(&s)) {
        tw_nw_action acts[TW_NW_MAX_ACTIONS];
        int n = tw_nw_legal_actions(&s, acts);
        tw_nw_action a = acts[0];
        if (n > 1) {
            tw_nw_view_of(&s, view);
            tw_nw_hint h = tw_nw_hint_for(bot, view);
            a = h.action;
            if (h.p_target >= 0)
                ok = ok && cal_push(&job->out, h.p_target, h.raw_target, CAL_TARGET, 0, g * TW_NW_FIEFS + visit);
            ok = ok && cal_push(&job->out, h.p_medal, h.raw_medal, CAL_MEDAL, 0, g);
        }
        unsigned open = neutral_set(&s);
        ok = ok && tw_nw_apply(&s, a, NULL) == TW_OK;
        unsigned ended = open & ~neutral_set(&s);
        if (ok && ended) {
            int f = tw_lowest_bit32(ended);
            cal_resolve(&job->out, visit_start, CAL_TARGET, s.fiefs[f].status == TW_NW_FIEF_FRIENDLY);
            visit_start = job->out.n;
            visit++;
        }
    }
    if (ok) {
        int reached = tw_nw_is_won(&s);
        cal_resolve(&job->out, game_start, CAL_MEDAL, reached);
        job->medals += reached;
    }
    free(view);
    tw_nw_bot_free(bot);
    return ok;
}

/* Plays one Duet game by the hints (both seats; game number g of the
 * run); 0 on failure. */
static int fox_game(cal_job *job, uint64_t seed, int level, uint32_t g)
{
    tw_fox_state s;
    tw_fox_config cfg = {level, (int)(seed & 1), seed};
    tw_fox_bot *bot = tw_fox_bot_new(TW_FOX_BOT_STRONG, seed);
    int ok = bot && tw_fox_new(&s, &job->boards[level - 1], &cfg, NULL) == TW_OK;
    size_t game_start = job->out.n;
    while (ok && !tw_fox_is_over(&s)) {
        int seat = tw_fox_to_act(&s);
        tw_fox_action acts[TW_FOX_MAX_ACTIONS];
        int n = tw_fox_legal_actions(&s, acts);
        tw_fox_action a = acts[0];
        if (n > 1) {
            tw_fox_view view;
            tw_fox_view_of(&s, seat, &view);
            tw_fox_hint h = tw_fox_hint_for(bot, &view);
            a = h.action;
            ok = ok && cal_push(&job->out, h.p_win, h.raw, CAL_WIN, level, g);
        }
        ok = ok && tw_fox_apply(&s, a, NULL) == TW_OK;
    }
    if (ok) {
        cal_resolve(&job->out, game_start, CAL_WIN, tw_fox_is_won(&s));
        job->fox_won[level - 1] += tw_fox_is_won(&s);
        job->fox_played[level - 1]++;
    }
    tw_fox_bot_free(bot);
    return ok;
}

/* A thread: the games whose number is the worker's modulo jobs. */
static void *cal_worker(void *arg)
{
    cal_job *job = arg;
    for (int g = job->worker; g < job->games && !job->failed; g += job->jobs) {
        uint64_t seed = job->seed + (uint64_t)g;
        if (((job->which & TW_CAL_NORTHWOOD) && !nw_game(job, seed, (uint32_t)g)) ||
            ((job->which & TW_CAL_FOX) && !fox_game(job, seed, 1 + g % 3, (uint32_t)g)))
            job->failed = 1;
    }
    return NULL;
}

/* Per bin: chances, their sum, how many came true, and how many distinct
 * outcomes they were about. */
typedef struct {
    long long n, hits, outcomes;
    double sum;
} cal_bin;

/* Compares two 64-bit keys, for qsort. */
static int key_order(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The bin of a chance shown: its tenth. */
static int bin_of(double p)
{
    int k = (int)(p * BINS);
    return k < 0 ? 0 : k >= BINS ? BINS - 1 : k;
}

/* Counts, per bin, the distinct outcomes the resolved chances of a kind
 * were about (bins[k].outcomes); 0 when out of memory. */
static int count_outcomes(const cal_point *v, size_t n, int kind, cal_bin *bins)
{
    uint64_t *keys = malloc((n ? n : 1) * sizeof *keys);
    if (!keys)
        return 0;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (v[i].kind == kind && v[i].hit != UNRESOLVED)
            keys[m++] = (uint64_t)bin_of(v[i].p) << 32 | v[i].outcome;
    qsort(keys, m, sizeof *keys, key_order);
    for (size_t i = 0; i < m; i++)
        if (i == 0 || keys[i] != keys[i - 1])
            bins[keys[i] >> 32].outcomes++;
    free(keys);
    return 1;
}

/* Fits hit ~ logistic(a * logit(raw) + b) by Newton's method over the
 * chances of a kind (the medal's map) whose search value is not sure
 * (strictly between 0 and 1). Returns the number of chances used. */
static long long fit_map(const cal_point *v, size_t n, int kind, double *a, double *b)
{
    *a = 1;
    *b = 0;
    long long used = 0;
    for (int iter = 0; iter < 30; iter++) {
        double g0 = 0, g1 = 0, h00 = 0, h01 = 0, h11 = 0;
        used = 0;
        for (size_t i = 0; i < n; i++) {
            const cal_point *c = &v[i];
            if (c->kind != kind || c->hit == UNRESOLVED || !(c->raw > 0 && c->raw < 1))
                continue;
            double q = c->raw < 0.01 ? 0.01 : c->raw > 0.99 ? 0.99 : c->raw;
            double x = log(q / (1 - q));
            double p = 1 / (1 + exp(-(*a * x + *b)));
            double r = c->hit - p, w = p * (1 - p);
            g0 += r * x;
            g1 += r;
            h00 += w * x * x;
            h01 += w * x;
            h11 += w;
            used++;
        }
        double det = h00 * h11 - h01 * h01;
        if (used < 10 || fabs(det) < 1e-12)
            break;
        *a += (h11 * g0 - h01 * g1) / det;
        *b += (h00 * g1 - h01 * g0) / det;
    }
    return used;
}

/* The table of one kind: prints it and returns it as JSON (NULL when out
 * of memory). *max_error receives the largest gap over bins about at least
 * MIN_BIN distinct outcomes (-1 when none has that many): all the chances
 * of one visit or game share its outcome, so a bin of many chances about
 * a few outcomes says little. *max_by_chances receives the largest gap
 * over bins of at least MIN_BIN chances, whatever they were about. */
static json_t *kind_table(const cal_point *v, size_t n, int kind, FILE *log, double *max_error, double *max_by_chances)
{
    cal_bin bins[BINS];
    memset(bins, 0, sizeof bins);
    for (size_t i = 0; i < n; i++) {
        if (v[i].kind != kind || v[i].hit == UNRESOLVED)
            continue;
        cal_bin *c = &bins[bin_of(v[i].p)];
        c->n++;
        c->sum += v[i].p;
        c->hits += v[i].hit;
    }
    if (!count_outcomes(v, n, kind, bins))
        return NULL;
    json_t *rows = json_array();
    *max_error = *max_by_chances = -1;
    long long total = 0;
    if (log)
        fprintf(log, "\n%s\n  %-9s %9s %9s %10s %10s %8s\n", KIND_NAMES[kind], "bin", "chances",
                kind == CAL_TARGET ? "visits" : "games", "predicted", "observed", "gap");
    for (int k = 0; k < BINS; k++) {
        const cal_bin *c = &bins[k];
        total += c->n;
        if (!c->n)
            continue;
        double pred = c->sum / c->n, obs = (double)c->hits / c->n, gap = fabs(pred - obs);
        if (c->outcomes >= MIN_BIN && gap > *max_error)
            *max_error = gap;
        if (c->n >= MIN_BIN && gap > *max_by_chances)
            *max_by_chances = gap;
        if (log)
            fprintf(log, "  %3d-%3d%%  %9lld %9lld %9.1f%% %9.1f%% %7.1f%s\n", k * 10, k * 10 + 10, c->n, c->outcomes,
                    100 * pred, 100 * obs, 100 * gap, c->outcomes >= MIN_BIN ? "" : "  (few)");
        json_array_append_new(rows, json_pack("{s:i, s:i, s:I, s:I, s:f, s:f}", "from", k * 10, "to", k * 10 + 10,
                                              "count", (json_int_t)c->n, "outcomes", (json_int_t)c->outcomes,
                                              "predicted", pred, "observed", obs));
    }
    if (log)
        fprintf(log,
                "  largest gap over bins about %d %s or more: %s%.1f points (%lld chances; over bins of %d chances or "
                "more: %.1f)\n",
                MIN_BIN, kind == CAL_TARGET ? "visits" : "games", *max_error < 0 ? "none, " : "",
                *max_error < 0 ? 0.0 : 100 * *max_error, total, MIN_BIN,
                *max_by_chances < 0 ? 0.0 : 100 * *max_by_chances);
    return json_pack("{s:I, s:o, s:o, s:o}", "chances", (json_int_t)total, "bins", rows, "max_error",
                     *max_error < 0 ? json_null() : json_real(*max_error), "max_error_by_chances",
                     *max_by_chances < 0 ? json_null() : json_real(*max_by_chances));
}

/* A map of the search value as points: by twentieth of the value
 * (clamped to [0.01, 0.99]; sure values left out) over the chances of a
 * kind (and level, 0 for any), its mean and how often the outcome then
 * came true, neighbouring bins merged while a frequency does not rise (so
 * the map can be inverted). The For Northwood! target's points are
 * CAL_VALUE, CAL_FREQ of nw_bots.c; the Duet's, by level, CALIBRATION
 * of fox_strong.c. `name` labels the printed line. */
static json_t *value_points(const cal_point *v, size_t n, int kind, int level, const char *name, FILE *log)
{
    cal_bin bins[FIT_BINS];
    int kept = 0;
    memset(bins, 0, sizeof bins);
    for (size_t i = 0; i < n; i++) {
        if (v[i].kind != kind || (level && v[i].level != level) || v[i].hit == UNRESOLVED ||
            !(v[i].raw > 0 && v[i].raw < 1))
            continue;
        double q = v[i].raw < 0.01 ? 0.01 : v[i].raw > 0.99 ? 0.99 : v[i].raw;
        int k = (int)(q * FIT_BINS);
        k = k >= FIT_BINS ? FIT_BINS - 1 : k;
        bins[k].n++;
        bins[k].sum += q;
        bins[k].hits += v[i].hit;
    }
    for (int k = 0; k < FIT_BINS; k++) {
        if (!bins[k].n)
            continue;
        bins[kept++] = bins[k];
        /* merge with the previous point while the frequency does not rise
         * (hits / n compared without division) */
        while (kept > 1 && bins[kept - 2].hits * bins[kept - 1].n >= bins[kept - 1].hits * bins[kept - 2].n) {
            bins[kept - 2].n += bins[kept - 1].n;
            bins[kept - 2].sum += bins[kept - 1].sum;
            bins[kept - 2].hits += bins[kept - 1].hits;
            kept--;
        }
    }
    json_t *points = json_array();
    if (log)
        fprintf(log, "  %s, points (search value, frequency, chances) by twentieth of the value, merged while the "
                     "frequency does not rise:\n   ",
                name);
    for (int k = 0; k < kept; k++) {
        double value = bins[k].sum / bins[k].n, freq = (double)bins[k].hits / bins[k].n;
        json_array_append_new(points, json_pack("{s:f, s:f, s:I}", "value", value, "frequency", freq, "chances",
                                                (json_int_t)bins[k].n));
        if (log)
            fprintf(log, " (%.4f, %.4f, %lld)", value, freq, bins[k].n);
    }
    if (log)
        fprintf(log, "\n");
    return points;
}

/* Prints and returns the maps fitted on these games, for the games in
 * `which` (the estimators' constants: CAL_VALUE, CAL_FREQ and the goal
 * maps CAL_GOAL in nw_bots.c; CALIBRATION, by level, in fox_strong.c). */
static json_t *fits(const cal_point *v, size_t n, unsigned which, FILE *log)
{
    double a, b;
    json_t *out = json_object();
    if (log)
        fprintf(log, "\nCalibration maps fitted on these games\n");
    if (which & TW_CAL_NORTHWOOD) {
        json_object_set_new(out, "northwood_target_points",
                            value_points(v, n, CAL_TARGET, 0, "For Northwood! target", log));
        long long used = fit_map(v, n, CAL_MEDAL, &a, &b);
        json_object_set_new(out, "northwood_medal",
                            json_pack("{s:f, s:f, s:I}", "a", a, "b", b, "chances", (json_int_t)used));
        if (log)
            fprintf(log, "  For Northwood! medal (logit of the model to logit of the chance): a %.4f, b %.4f (%lld "
                         "chances)\n",
                    a, b, used);
    }
    for (int level = 1; (which & TW_CAL_FOX) && level <= TW_FOX_LEVELS; level++) {
        char key[32], name[32];
        snprintf(key, sizeof key, "fox_level_%d_points", level);
        snprintf(name, sizeof name, "The Duet, level %d", level);
        json_object_set_new(out, key, value_points(v, n, CAL_WIN, level, name, log));
    }
    return out;
}

json_t *tw_bench_calibration(uint64_t seed, int games, int jobs, unsigned which, const tw_bench_cal_goal *goal,
                             FILE *log)
{
    static const tw_bench_cal_goal BRONZE = {TW_NW_MEDAL_BRONZE, TW_NW_VARIANT_MEDALS, 0};
    if (!goal)
        goal = &BRONZE;
    if (!(which & (TW_CAL_NORTHWOOD | TW_CAL_FOX)))
        which = TW_CAL_NORTHWOOD | TW_CAL_FOX;
    if (jobs < 1)
        jobs = 1;
    if (jobs > 64)
        jobs = 64;
    tw_nw_catalog *catalog = malloc(sizeof *catalog);
    tw_fox_board *boards = malloc(TW_FOX_LEVELS * sizeof *boards);
    cal_job *job = calloc((size_t)jobs, sizeof *job);
    pthread_t threads[64];
    tw_diag diag;
    int ok = catalog && boards && job && tw_nw_catalog_load_default(catalog, &diag) == TW_OK;
    for (int level = 1; ok && level <= TW_FOX_LEVELS; level++)
        ok = tw_fox_board_load_level(&boards[level - 1], level, &diag) == TW_OK;
    int started = 0;
    for (int k = 0; ok && k < jobs; k++) {
        memset(&job[k], 0, sizeof job[k]);
        job[k].catalog = catalog;
        job[k].boards = boards;
        job[k].seed = seed;
        job[k].games = games;
        job[k].jobs = jobs;
        job[k].worker = k;
        job[k].which = which;
        job[k].goal = *goal;
        if (pthread_create(&threads[k], NULL, cal_worker, &job[k]) != 0)
            break;
        started++;
    }
    cal_list all = {NULL, 0, 0};
    int medals = 0, fox_won[TW_FOX_LEVELS] = {0}, fox_played[TW_FOX_LEVELS] = {0};
    for (int k = 0; k < started; k++) {
        pthread_join(threads[k], NULL);
        ok = ok && !job[k].failed;
        medals += job[k].medals;
        for (int l = 0; l < TW_FOX_LEVELS; l++) {
            fox_won[l] += job[k].fox_won[l];
            fox_played[l] += job[k].fox_played[l];
        }
        for (size_t i = 0; ok && i < job[k].out.n; i++) {
            const cal_point *c = &job[k].out.v[i];
            ok = cal_push(&all, c->p, c->raw, c->kind, c->level, c->outcome);
            if (ok)
                all.v[all.n - 1].hit = c->hit;
        }
        free(job[k].out.v);
    }
    ok = ok && started == jobs;
    json_t *out = NULL;
    if (ok) {
        int both = which == (TW_CAL_NORTHWOOD | TW_CAL_FOX);
        if (log)
            fprintf(log, "Calibration: %d games %s following the hints (seeds %llu to %llu), the chances "
                         "the hints showed against what happened\n",
                    games, both ? "of each game" : which & TW_CAL_NORTHWOOD ? "of For Northwood!" : "of the Duet",
                    (unsigned long long)seed, (unsigned long long)(seed + (uint64_t)games - 1));
        out = json_pack("{s:i, s:I}", "games", games, "seed", (json_int_t)seed);
        if (which & TW_CAL_NORTHWOOD) {
            json_object_set_new(out, "northwood_medals", json_integer(medals));
            json_object_set_new(out, "northwood_goal",
                                json_pack("{s:s, s:s, s:b}", "medal", tw_nw_medal_key((tw_nw_medal)goal->medal),
                                          "variant", tw_nw_variant_key((tw_nw_variant)goal->variant), "expert",
                                          goal->expert != 0));
            if (log)
                fprintf(log, "Following the hints: For Northwood! (intro, %s%s) reached its goal in %d of %d games\n",
                        goal->variant == TW_NW_VARIANT_MEDALS ? tw_nw_medal_key((tw_nw_medal)goal->medal)
                                                              : tw_nw_variant_key((tw_nw_variant)goal->variant),
                        goal->expert ? ", expert" : "", medals, games);
        }
        if (which & TW_CAL_FOX) {
            json_t *fox = json_array();
            for (int l = 0; l < TW_FOX_LEVELS; l++)
                json_array_append_new(fox, json_pack("{s:i, s:i, s:i}", "level", l + 1, "games", fox_played[l], "won",
                                                     fox_won[l]));
            json_object_set_new(out, "fox_wins", fox);
            if (log) {
                fprintf(log, "Following the hints: the Duet");
                for (int l = 0; l < TW_FOX_LEVELS; l++)
                    fprintf(log, "%s level %d won %d of %d", l ? ";" : "", l + 1, fox_won[l], fox_played[l]);
                fprintf(log, "\n");
            }
        }
        double worst = -1, worst_by_chances = -1;
        for (int kind = 0; ok && kind < CAL_KINDS; kind++) {
            if (!(which & (kind == CAL_WIN ? TW_CAL_FOX : TW_CAL_NORTHWOOD)))
                continue;
            double e = -1, by_chances = -1;
            json_t *table = kind_table(all.v, all.n, kind, log, &e, &by_chances);
            ok = table != NULL;
            json_object_set_new(out, KIND_KEYS[kind], table ? table : json_null());
            worst = e > worst ? e : worst;
            worst_by_chances = by_chances > worst_by_chances ? by_chances : worst_by_chances;
        }
        json_object_set_new(out, "fitted_maps", fits(all.v, all.n, which, log));
        json_object_set_new(out, "calibration_max_error", worst < 0 ? json_null() : json_real(worst));
        json_object_set_new(out, "calibration_max_error_by_chances",
                            worst_by_chances < 0 ? json_null() : json_real(worst_by_chances));
        if (log)
            fprintf(log,
                    "\ncalibration_max_error (%s, bins about %d visits or games or more): %.3f (target at most 0.05); "
                    "over bins of %d chances or more: %.3f\n",
                    both ? "both games" : which & TW_CAL_NORTHWOOD ? "For Northwood! only" : "the Duet only", MIN_BIN,
                    worst < 0 ? 0.0 : worst, MIN_BIN, worst_by_chances < 0 ? 0.0 : worst_by_chances);
        if (!ok) {
            json_decref(out);
            out = NULL;
        }
    }
    free(all.v);
    free(job);
    free(boards);
    free(catalog);
    return out;
}
