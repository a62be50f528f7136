/* Shards of a simulation and `trickwood sim-merge`.
 *
 * `sim ... --shard K/N` plays the K-th of N contiguous ranges of the
 * run's games (the same games, with the same seeds, as the whole run
 * plays). Its --json summary also records the shard, the build, the
 * options that decide the games and the exact counts behind every
 * figure; sim-merge checks that a set of such files are the N shards of
 * one run and adds their counts up into the summary the whole run gives,
 * through the same code that prints it. */
#include <jansson.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"
#include "trickwood/io.h"

/* Shards of a run at most (far more than any scheduler's job array). */
#define MAX_SHARDS 1000000

const tw_msg tw_cli_sim_merge_help = {{
    "  sim-merge FILE...              add up the --json outputs of sim --shard K/N (every shard of one run)\n"
    "                                 into the JSON summary the whole run gives\n",
    "  sim-merge FICHIER...           additionner les sorties --json de sim --shard K/N (toutes les parts\n"
    "                                 d'une même série) en le résumé JSON que donne la série entière\n",
}};

/* Messages of sim-merge. */
typedef enum {
    M_NEED_FILES = 0,
    M_READ,
    M_NOT_JSON,
    M_FIELD,
    M_DIFFERS,
    M_DUPLICATE,
    M_MISSING,
    M_COUNT
} merge_text_id;

static const tw_msg merge_text[M_COUNT] = {
    [M_NEED_FILES] = {{"sim-merge needs the files written by sim --shard K/N --json",
                       "sim-merge attend les fichiers écrits par sim --shard K/N --json"}},
    [M_READ] = {{"cannot read %s: %s", "impossible de lire %s : %s"}},
    [M_NOT_JSON] = {{"%s is not JSON (line %d: %s)", "%s n'est pas du JSON (ligne %d : %s)"}},
    [M_FIELD] = {{"%s: %s is missing or not valid (is it the --json output of sim --shard K/N?)",
                  "%s : %s manque ou n'est pas valable (est-ce la sortie --json de sim --shard K/N ?)"}},
    [M_DIFFERS] = {{"%s: %s differs from %s's: the files are not shards of one run",
                    "%s : %s diffère de celui de %s : les fichiers ne sont pas des parts d'une même série"}},
    [M_DUPLICATE] = {{"%s: shard %d/%d is also in %s", "%s : la part %d/%d est aussi dans %s"}},
    [M_MISSING] = {{"shard %d/%d is missing (%d of %d given)", "la part %d/%d manque (%d sur %d données)"}},
};

/* A sim-merge message in the player's language. */
static const char *mt(const tw_cli *cli, merge_text_id id)
{
    return tw_msg_get(&merge_text[id], cli->lang);
}

/* The counts every game has, before the game's own (tw_sim_kind.fields). */
static const tw_sim_field common_fields[] = {
    {"games", offsetof(tw_sim_totals, games), 1},
    {"decisions", offsetof(tw_sim_totals, decisions), 3},
    {NULL, 0, 0},
};

/* Parses "K/N". */
int tw_sim_shard_parse(const char *text, tw_sim_shard *shard)
{
    const char *slash = text ? strchr(text, '/') : NULL;
    char k[16];
    long long index, count;
    if (!slash || slash == text || (size_t)(slash - text) >= sizeof k)
        return -1;
    memcpy(k, text, (size_t)(slash - text));
    k[slash - text] = '\0';
    if (tw_sim_parse_count(k, 1, MAX_SHARDS, &index) != 0 || tw_sim_parse_count(slash + 1, 1, MAX_SHARDS, &count) != 0 ||
        index > count)
        return -1;
    shard->index = (int)index;
    shard->count = (int)count;
    return 0;
}

/* Shard K of N plays games [total (K-1) / N, total K / N): contiguous
 * ranges whose sizes differ by one at most. total <= 10^12 and N <= 10^6,
 * so the products fit in 63 bits. */
void tw_sim_shard_range(const tw_sim_shard *shard, long long *first, long long *games)
{
    long long begin = shard->total * (shard->index - 1) / shard->count;
    long long end = shard->total * shard->index / shard->count;
    *first = begin;
    *games = end - begin;
}

/* The version and an FNV-1a hash of the program file (/proc/self/exe):
 * shards are only added up when one program played them all. */
const char *tw_sim_build(void)
{
    static char build[64];
    if (build[0])
        return build;
    FILE *in = fopen("/proc/self/exe", "rb");
    uint64_t hash = 0xcbf29ce484222325ULL;
    unsigned char chunk[65536];
    size_t n;
    while (in && (n = fread(chunk, 1, sizeof chunk, in)) > 0)
        for (size_t i = 0; i < n; i++)
            hash = (hash ^ chunk[i]) * 0x100000001b3ULL;
    if (in)
        fclose(in);
    snprintf(build, sizeof build, "trickwood %s, program %016llx", TW_VERSION, in ? (unsigned long long)hash : 0ULL);
    return build;
}

/* Where field f's counts are from base: the totals for the counts every
 * game has, the game's tallies for its own. */
static long long *field_counts(const void *base, const tw_sim_field *f)
{
    return (long long *)((unsigned char *)base + f->offset);
}

/* Adds the fields' counts (from base) as arrays to o. */
static void fields_json(json_t *o, const tw_sim_field *fields, const void *base)
{
    for (const tw_sim_field *f = fields; f->name; f++) {
        json_t *counts = json_array();
        const long long *v = field_counts(base, f);
        for (int i = 0; i < f->count; i++)
            json_array_append_new(counts, json_integer(v[i]));
        json_object_set_new(o, f->name, counts);
    }
}

/* The members that decide a run's games: the game, the seed, the games
 * of the whole run and the game's own options. */
static json_t *run_options_json(const tw_sim_kind *kind, const tw_sim_common *common, const tw_sim_options *opt,
                                long long total)
{
    json_t *o = json_pack("{s:s, s:I, s:I}", "game", kind->game->key, "seed", (json_int_t)common->seed, "games",
                          (json_int_t)total);
    kind->options_json(o, opt);
    return o;
}

/* Adds the shard, the build, the options and the exact counts. */
void tw_sim_shard_json(json_t *o, const tw_sim_kind *kind, const tw_sim_common *common, const tw_sim_options *opt,
                       const tw_sim_shard *shard, const tw_sim_totals *t)
{
    long long first, games;
    tw_sim_shard_range(shard, &first, &games);
    json_object_set_new(o, "shard", json_pack("{s:i, s:i, s:I, s:I}", "index", shard->index, "count", shard->count,
                                              "first_game", (json_int_t)first, "games", (json_int_t)games));
    json_object_set_new(o, "build", json_string(tw_sim_build()));
    json_object_set_new(o, "options", run_options_json(kind, common, opt, shard->total));
    json_t *tallies = json_object();
    fields_json(tallies, common_fields, t);
    fields_json(tallies, kind->fields, t->tally);
    json_object_set_new(o, "tallies", tallies);
}

/* ---- sim-merge ------------------------------------------------------------ */

/* One shard file as read: its parsed JSON and what it says. */
typedef struct {
    const char *path;
    json_t *root;
    const tw_sim_kind *kind;
    tw_sim_shard shard;
    long long first, games;
} shard_file;

/* A whole number member of obj in [lo, hi] into *out; 0, or -1. */
static int int_member(json_t *obj, const char *key, long long lo, long long hi, long long *out)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return -1;
    *out = json_integer_value(v);
    return 0;
}

/* Reads and checks the parts of one file that sim-merge relies on; 0, or
 * -1 with the member at fault in why. */
static int read_shard(shard_file *f, char *why, size_t size)
{
    json_t *shard = json_object_get(f->root, "shard");
    json_t *options = json_object_get(f->root, "options");
    long long index = 0, count = 0, first = 0, games = 0, total = 0, seed = 0;
    const char *bad = NULL;
    if (!json_is_object(f->root))
        bad = "the top level (an object)";
    else if (!json_is_object(options) || !(f->kind = tw_sim_kind_of(json_string_value(json_object_get(options, "game")))))
        bad = "options.game";
    else if (int_member(options, "seed", 0, (long long)TW_MAX_SEED, &seed) != 0)
        bad = "options.seed";
    else if (int_member(options, "games", 0, 1000000000000LL, &total) != 0)
        bad = "options.games";
    else if (!json_is_object(shard) || int_member(shard, "count", 1, MAX_SHARDS, &count) != 0)
        bad = "shard.count";
    else if (int_member(shard, "index", 1, count, &index) != 0)
        bad = "shard.index";
    else if (!json_is_string(json_object_get(f->root, "build")))
        bad = "build";
    if (!bad) {
        f->shard = (tw_sim_shard){(int)index, (int)count, total};
        tw_sim_shard_range(&f->shard, &f->first, &f->games);
        if (int_member(shard, "first_game", f->first, f->first, &first) != 0)
            bad = "shard.first_game";
        else if (int_member(shard, "games", f->games, f->games, &games) != 0)
            bad = "shard.games";
    }
    if (bad)
        snprintf(why, size, "%s", bad);
    return bad ? -1 : 0;
}

/* Adds one file's counts of the given fields to the counts from base;
 * 0, or -1 with the member at fault in why. */
static int add_fields(const tw_sim_field *fields, json_t *tallies, void *base, char *why, size_t size)
{
    for (const tw_sim_field *f = fields; f->name; f++) {
        json_t *counts = json_object_get(tallies, f->name);
        long long *into = field_counts(base, f);
        int ok = json_is_array(counts) && json_array_size(counts) == (size_t)f->count;
        for (int i = 0; ok && i < f->count; i++) {
            json_t *v = json_array_get(counts, (size_t)i);
            ok = json_is_integer(v) && json_integer_value(v) >= 0 &&
                 !__builtin_add_overflow(into[i], (long long)json_integer_value(v), &into[i]);
        }
        if (!ok) {
            snprintf(why, size, "tallies.%s", f->name);
            return -1;
        }
    }
    return 0;
}

/* The first member of a that b lacks or has with another value ("" when
 * the objects are equal), as "options.NAME". */
static void first_difference(json_t *a, json_t *b, char *out, size_t size)
{
    const char *key;
    json_t *value;
    out[0] = '\0';
    json_object_foreach(a, key, value) {
        if (!json_equal(value, json_object_get(b, key))) {
            snprintf(out, size, "options.%s", key);
            return;
        }
    }
    json_object_foreach(b, key, value) {
        if (!json_object_get(a, key)) {
            snprintf(out, size, "options.%s", key);
            return;
        }
    }
}

/* Reads a file as JSON; NULL after a printed error. */
static json_t *load_file(tw_cli *cli, const char *path)
{
    tw_diag diag;
    tw_diag_init(&diag, path);
    size_t len = 0;
    char *text = tw_read_file(path, &len, &diag);
    if (!text) {
        tw_cli_errorf(cli, mt(cli, M_READ), path, diag.message);
        return NULL;
    }
    json_error_t error;
    json_t *root = json_loadb(text, len, 0, &error);
    free(text);
    if (!root)
        tw_cli_errorf(cli, mt(cli, M_NOT_JSON), path, error.line, error.text);
    return root;
}

/* Checks file f against the first one (ref, NULL for the first) and adds
 * its counts; 0, or -1 after a printed error. (*owner)[k] is the file that
 * holds shard k (the table is made for the first file). */
static int merge_one(tw_cli *cli, shard_file *f, const shard_file *ref, const char ***owners, tw_sim_totals *t)
{
    char why[96] = "";
    if (read_shard(f, why, sizeof why) != 0) {
        tw_cli_errorf(cli, mt(cli, M_FIELD), f->path, why);
        return -1;
    }
    if (ref) {
        first_difference(json_object_get(ref->root, "options"), json_object_get(f->root, "options"), why, sizeof why);
        if (!why[0] && f->shard.count != ref->shard.count)
            snprintf(why, sizeof why, "shard.count");
        if (!why[0] && !json_equal(json_object_get(f->root, "build"), json_object_get(ref->root, "build")))
            snprintf(why, sizeof why, "build");
        if (why[0]) {
            tw_cli_errorf(cli, mt(cli, M_DIFFERS), f->path, why, ref->path);
            return -1;
        }
    }
    if (!*owners && !(*owners = calloc((size_t)f->shard.count + 1, sizeof **owners)))
        return -1;
    const char **owner = *owners;
    if (owner[f->shard.index]) {
        tw_cli_errorf(cli, mt(cli, M_DUPLICATE), f->path, f->shard.index, f->shard.count, owner[f->shard.index]);
        return -1;
    }
    owner[f->shard.index] = f->path;
    json_t *tallies = json_object_get(f->root, "tallies");
    long long before = t->games;
    if (!t->tally && !(t->tally = calloc(1, f->kind->tally_size)))
        return -1;
    if (add_fields(common_fields, tallies, t, why, sizeof why) != 0 ||
        add_fields(f->kind->fields, tallies, t->tally, why, sizeof why) != 0 ||
        (t->games - before != f->games && snprintf(why, sizeof why, "tallies.games") > 0)) {
        tw_cli_errorf(cli, mt(cli, M_FIELD), f->path, why);
        return -1;
    }
    return 0;
}

/* Prints the merged summary from the first file's options and the
 * added-up counts; 0, or -1 after a printed error. */
static int print_merged(tw_cli *cli, const shard_file *ref, tw_sim_totals *t)
{
    tw_sim_options opt;
    memset(&opt, 0, sizeof opt);
    if (!(opt.game = calloc(1, ref->kind->options_size)))
        return -1;
    char why[96] = "";
    json_t *options = json_object_get(ref->root, "options");
    if (ref->kind->options_read(options, &opt, why, sizeof why) != 0) {
        tw_cli_errorf(cli, mt(cli, M_FIELD), ref->path, why);
        free(opt.game);
        return -1;
    }
    tw_sim_common common;
    memset(&common, 0, sizeof common);
    common.games = ref->shard.total;
    common.seed = (uint64_t)json_integer_value(json_object_get(options, "seed"));
    tw_sim_json_print(cli->out, ref->kind->json(&common, &opt, t));
    free(opt.game);
    return 0;
}

/* `trickwood sim-merge FILE...`. */
int tw_cli_sim_merge(tw_cli *cli, int argc, char **argv)
{
    const char *usage = tw_msg_get(&tw_cli_sim_merge_help, cli->lang);
    int files = 0;
    for (int i = 1; i < argc; i++) {
        int got = tw_cli_display_option(cli, argc, argv, &i);
        if (got < 0)
            return TW_EXIT_USAGE;
        if (got == 0 && argv[i][0] == '-' && argv[i][1] != '\0')
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_UNKNOWN_OPTION), argv[i]);
        if (got == 0)
            argv[1 + files++] = argv[i]; /* the files, in order, at the front */
    }
    if (files == 0)
        return tw_cli_usage_error(cli, usage, "%s", mt(cli, M_NEED_FILES));
    shard_file ref = {0}, cur = {0};
    const char **owner = NULL;
    tw_sim_totals *t = calloc(1, sizeof *t);
    int status = t ? 0 : -1;
    for (int i = 0; i < files && status == 0; i++) {
        shard_file *f = i == 0 ? &ref : &cur;
        json_decref(cur.root);
        memset(f, 0, sizeof *f);
        f->path = argv[1 + i];
        if (!(f->root = load_file(cli, f->path)) || merge_one(cli, f, i ? &ref : NULL, &owner, t) != 0)
            status = -1;
    }
    for (int k = 1; status == 0 && k <= ref.shard.count; k++)
        if (!owner[k]) {
            tw_cli_errorf(cli, mt(cli, M_MISSING), k, ref.shard.count, files, ref.shard.count);
            status = -1;
        }
    if (status == 0)
        status = print_merged(cli, &ref, t);
    json_decref(cur.root);
    json_decref(ref.root);
    free(owner);
    if (t)
        tw_sim_totals_free(t);
    free(t);
    return status == 0 ? TW_EXIT_OK : TW_EXIT_FAIL;
}
